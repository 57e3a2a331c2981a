//! A depth limit on the default board: the default engine (MCTS) counts
//! depth as the depth of its tree, and a line two plies deep needs each of the 46,872 opening
//! moves of the default board tried once first, so this runs in release:
//! `cargo test -p sundraval --release --test all limits:: -- --ignored`. Every engine of every game
//! under every limit kind, on small boards, is the root package's `tests/limits.rs`.

use sundraval::game_core::{Game, GameRecord, Limits, StopFlag};
use sundraval::{default_engine, Position};

#[test]
#[ignore = "46,872 opening moves to try: run in release (see the file's docs)"]
fn a_depth_limit_ends_the_default_engine_on_the_default_board() {
    let start = Position::start();
    let record = GameRecord::new(start);
    let mut engine = default_engine(1);
    let result = engine.search(&record, &Limits::depth(2), &StopFlag::new(), &mut |_| {});
    assert!(start.is_legal(result.best_move.expect("a move")));
    assert_eq!(result.info.depth, 2);
    let opening_moves = start.legal_moves().len() as u64;
    assert!(
        result.info.nodes > opening_moves,
        "{} iterations",
        result.info.nodes
    );
}
