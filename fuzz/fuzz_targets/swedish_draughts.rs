//! Fuzz target for swedish-draughts: arbitrary bytes as a position string, as move texts and as move
//! indices, through the workspace's shared driver (`game_core::testing::fuzz_game`, which
//! documents the input layout and checks every position reached: text and hash round trips,
//! moves exactly while the game goes on, checked play, refusals). The first byte
//! picks the board (from 128: 10x10 or 8x8).

#![no_main]

use swedish_draughts::Position;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    game_core::testing::fuzz_game::<Position>(data, |_| {});
});
