//! Fuzz target for kvarn3: arbitrary bytes as a position string, as move texts and as move
//! indices, through the workspace's shared driver (`game_core::testing::fuzz_game`, which
//! documents the input layout and checks every position reached: text and hash round trips,
//! moves exactly while the game goes on, checked play, refusals); here also: the solver
//! says a position is lost in 0 plies exactly when it has no legal move.

#![no_main]

use kvarn3::{Game, Position, Solver, Value};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    game_core::testing::fuzz_game::<Position>(data, |pos| {
        let value = Solver::shared().value(pos);
        assert_eq!(
            value == Value::Loss(0),
            pos.legal_moves().is_empty(),
            "{pos}: {value}"
        );
    });
});
