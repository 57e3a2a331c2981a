//! Fuzz target for cheversi: arbitrary bytes as a position string, as move texts and as move
//! indices, through the workspace's shared driver (`game_core::testing::fuzz_game`, which
//! documents the input layout and checks every position reached: text and hash round trips,
//! moves exactly while the game goes on, checked play, refusals); here also: the
//! running score equals a piece-by-piece recount.

#![no_main]

use cheversi::{score, Color, Position};

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    game_core::testing::fuzz_game::<Position>(data, |pos| {
        for color in Color::ALL {
            assert_eq!(
                pos.scores()[color.index()],
                score::score_by_pieces(pos, color),
                "{pos}"
            );
        }
    });
});
