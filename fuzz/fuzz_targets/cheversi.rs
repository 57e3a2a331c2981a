//! Fuzz target for cheversi: a seed position of every board (see `boardrules_fuzz` for the
//! input layout; from byte 0x80 the shared driver's raw layout instead) edited into near-misses,
//! then move texts and move indices, through the workspace's shared driver
//! (`game_core::testing::fuzz_game`, which checks every position reached: text and hash round
//! trips, moves exactly while the game goes on, checked play, refusals); here also: the running score equals a piece-by-piece recount.

#![no_main]

use boardrules_fuzz::SeedTexts;
use cheversi::{Color, Position, Square};

static SEEDS: SeedTexts = SeedTexts::new(boardrules_fuzz::seed_texts::<Position>);

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    boardrules_fuzz::fuzz_game_input::<Position>(data, SEEDS.get(), |pos| {
        for color in Color::ALL {
            let by_pieces: u32 = Square::all()
                .filter(|&sq| pos.piece_at(sq).is_some_and(|p| p.color == color))
                .map(|sq| pos.piece_points(sq))
                .sum();
            assert_eq!(pos.scores()[color.index()], by_pieces, "{pos}");
        }
    });
});
