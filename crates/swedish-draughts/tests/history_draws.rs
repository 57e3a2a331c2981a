//! The history draws' property of game-core's kit ([`check_history_draws`]): on seeded random
//! games, the game record's verdict, MCTS's and alpha-beta's judgement of the drawing line and
//! a naive count from the rules agree: threefold repetition and the 50-ply rule, on both boards.

use game_core::testing::check_history_draws;
use swedish_draughts::{BoardSize, Game, Position};

#[test]
fn the_record_the_searches_and_a_naive_count_agree_on_repetitions_and_the_fifty_ply_rule() {
    // Random play from the start ends every game by a capture race; two kings a side on each
    // board live long enough for the history to end the game.
    let starts = [("W:WK46,K50:BK1,K5", 10), ("W:WK29,K32:BK1,K4", 8)]
        .map(|(text, size)| Position::parse_position(text, Some(BoardSize::Side(size))).unwrap());
    let counts = check_history_draws(&starts, Position::DRAW_RULES, 40, 7, 3_000);
    assert!(counts.no_progress >= 20, "{counts:?}");
    assert!(
        counts.mcts_judged >= 20 && counts.alphabeta_judged >= 20,
        "{counts:?}"
    );
    // Without the 50-ply rule (a record may switch it off), a king a side repeats.
    let start = Position::parse_position("W:WK32:BK1", Some(BoardSize::Side(8))).unwrap();
    let rules = Position::DRAW_RULES.with_no_progress_plies(None);
    let counts = check_history_draws(&[start], rules, 20, 7, 3_000);
    assert!(counts.repetition >= 10, "{counts:?}");
    assert!(
        counts.mcts_judged >= 10 && counts.alphabeta_judged >= 10,
        "{counts:?}"
    );
}
