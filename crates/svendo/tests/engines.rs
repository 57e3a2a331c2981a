//! The engines' property of game-core's kit ([`EngineGames`]): every engine of the game under
//! every kind of limit answers every position of whole seeded games, one engine object a game,
//! under a watchdog. The large budgets are ignored in `cargo test`; run them with
//! `cargo test --release -p svendo --test all engines:: -- --ignored`.

use game_core::testing::{large_limits, starts_smallest_first, EngineGames};
use game_core::{Engine, RandomEngine};
use svendo::{Game, Position};

fn random(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(RandomEngine::new(seed))
}

/// Every engine of the crate, and the random one.
fn every_engine() -> EngineGames<Position> {
    EngineGames::new()
        .engine("default", svendo::default_engine)
        .engine("mcts", svendo::mcts_engine)
        .engine("random", random)
        // Every board, the smallest first: its short games reach wins on the spot, where a
        // tree that follows its visits alone stops growing.
        .starts(starts_smallest_first(Position::BOARD_SIZES))
}

#[test]
fn every_engine_answers_every_position_under_small_limits_of_every_kind() {
    assert!(every_engine().run() > 0);
}

#[test]
#[ignore = "large budgets: seconds to minutes in release; run with --ignored"]
fn every_engine_answers_every_position_under_large_limits_of_every_kind() {
    // 120 plies a game: a game on the 5 x 6 board can last 200, at a search of 20,000 nodes a
    // ply.
    let games = every_engine()
        .limits(large_limits())
        .games(3)
        .max_plies(120);
    assert!(games.run() > 0);
}
