//! The engines' property of game-core's kit ([`EngineGames`]): every engine of the game under
//! every kind of limit answers every position of whole seeded games, one engine object a game,
//! under a watchdog. The large budgets are ignored in `cargo test`; run them with
//! `cargo test --release -p cheversi --test all engines:: -- --ignored`.

use cheversi::Position;
use game_core::testing::{large_limits, EngineGames};
use game_core::{Engine, RandomEngine};

fn random(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(RandomEngine::new(seed))
}

/// Every engine of the crate, and the random one.
fn every_engine() -> EngineGames<Position> {
    EngineGames::new()
        .engine("default", cheversi::default_engine)
        .engine("mcts", cheversi::mcts_engine)
        .engine("alphabeta", cheversi::alphabeta_engine)
        .engine("random", random)
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
