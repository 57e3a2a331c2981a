//! Fuzz target for svendo on every rectangle it supports (30..=64 points, both sides at least
//! 5): a seed position from a random game on each rectangle (see `boardrules_fuzz` for the
//! input layout; from byte 0x80 the shared driver's raw layout on the default board instead),
//! edited into near-misses, then move texts and move indices, through the shared driver
//! (`game_core::testing::fuzz_game`: text and hash round trips, moves exactly while the game
//! goes on, checked play, refusals); here also: the moves the responsibility rules allow are
//! plain legal moves.

#![no_main]

use boardrules_fuzz::SeedTexts;
use svendo::{Game, Position};

static SEEDS: SeedTexts = SeedTexts::new(boardrules_fuzz::svendo_seed_texts);

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    boardrules_fuzz::fuzz_game_input::<Position>(data, SEEDS.get(), |pos| {
        let mut plain = Vec::new();
        pos.plain_moves_into(&mut plain);
        assert!(pos.legal_moves().iter().all(|m| plain.contains(m)), "{pos}");
    });
});
