//! The engines' property of game-core's kit ([`EngineGames`]): every engine of the game under
//! every kind of limit answers every position of whole seeded games, one engine object a game,
//! under a watchdog. The large budgets are ignored in `cargo test`; run them with
//! `cargo test --release -p sundraval --test all engines:: -- --ignored`.

use game_core::testing::{large_limits, starts_smallest_first, EngineGames};
use game_core::{Engine, RandomEngine};
use sundraval::{Game, Position};

fn random(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(RandomEngine::new(seed))
}

/// Every engine of the crate, and the random one.
fn every_engine() -> EngineGames<Position> {
    EngineGames::new()
        .engine("default", sundraval::default_engine)
        .engine("mcts", sundraval::mcts_engine)
        .engine("alphabeta", sundraval::alphabeta_engine)
        .engine("random", random)
        // The smallest board: the default one has 46,872 opening moves, and a depth limit
        // costs MCTS one iteration per root move.
        .starts(starts_smallest_first(&Position::BOARD_SIZES[1..2]))
}

#[test]
fn every_engine_answers_every_position_under_small_limits_of_every_kind() {
    assert!(every_engine().run() > 0);
}

#[test]
#[ignore = "large budgets: seconds to minutes in release; run with --ignored"]
fn every_engine_answers_every_position_under_large_limits_of_every_kind() {
    assert!(every_engine().limits(large_limits()).games(3).run() > 0);
}
