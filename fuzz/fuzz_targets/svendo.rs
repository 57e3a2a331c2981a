//! Fuzz target for svendo: arbitrary bytes as a position string, as move texts and as move
//! indices, through the workspace's shared driver (`game_core::testing::fuzz_game`, which
//! documents the input layout and checks every position reached: text and hash round trips,
//! moves exactly while the game goes on, checked play, refusals); here also: the moves
//! the responsibility rules allow are plain legal moves.

#![no_main]

use svendo::{Game, Position};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    game_core::testing::fuzz_game::<Position>(data, |pos| {
        let mut plain = Vec::new();
        pos.plain_moves_into(&mut plain);
        assert!(pos.legal_moves().iter().all(|m| plain.contains(m)), "{pos}");
    });
});
