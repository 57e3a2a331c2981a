//! Fuzz target for kvarn3: a seed position of every board (see `boardrules_fuzz` for the
//! input layout; from byte 0x80 the shared driver's raw layout instead) edited into near-misses,
//! then move texts and move indices, through the workspace's shared driver
//! (`game_core::testing::fuzz_game`, which checks every position reached: text and hash round
//! trips, moves exactly while the game goes on, checked play, refusals); here also: the solver says a position is lost in 0 plies exactly when it has no legal move.

#![no_main]

use boardrules_fuzz::SeedTexts;
use kvarn3::{Game, Position, Solver, Value};

static SEEDS: SeedTexts = SeedTexts::new(boardrules_fuzz::seed_texts::<Position>);

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    boardrules_fuzz::fuzz_game_input::<Position>(data, SEEDS.get(), |pos| {
        let value = Solver::shared().value(pos);
        assert_eq!(
            value == Value::Loss(0),
            pos.legal_moves().is_empty(),
            "{pos}: {value}"
        );
    });
});
