//! The history draws' property of game-core's kit ([`check_history_draws`]): on seeded random
//! games, the game record's verdict, MCTS's and alpha-beta's judgement of the drawing line and
//! a naive count from the rules agree: a move cap set by the record (slides only count toward it).

use game_core::testing::check_history_draws;
use svendo::{Game, Position};

#[test]
fn the_record_the_searches_and_a_naive_count_agree_on_the_move_cap() {
    let starts = game_core::testing::starts_smallest_first::<Position>(Position::BOARD_SIZES);
    let rules = Position::DRAW_RULES.with_move_cap(Some(40));
    let counts = check_history_draws(&starts, rules, 30, 7, 2_000);
    assert!(counts.move_cap >= 5, "{counts:?}");
    // Svendo has three players: no alpha-beta.
    assert!(
        counts.mcts_judged >= 3 && counts.alphabeta_judged == 0,
        "{counts:?}"
    );
}
