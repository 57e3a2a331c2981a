//! The history draws' property of game-core's kit ([`check_history_draws`]): on seeded random
//! games, the game record's verdict, MCTS's and alpha-beta's judgement of the drawing line and
//! a naive count from the rules agree (Kvarn3's history draw is threefold repetition).

use game_core::testing::check_history_draws;
use kvarn3::{Game, Position};

#[test]
fn the_record_the_searches_and_a_naive_count_agree_on_repetitions() {
    let counts = check_history_draws(&[Position::start()], Position::DRAW_RULES, 30, 7, 2_000);
    assert!(counts.repetition >= 10, "{counts:?}");
    assert!(
        counts.mcts_judged >= 5 && counts.alphabeta_judged >= 10,
        "{counts:?}"
    );
}
