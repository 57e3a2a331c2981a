//! The game-core conformance kit on Cheversi: random games from the start and from a few
//! middle-game positions, the perft vector files.

use cheversi::game_core::testing::Conformance;
use cheversi::{Game, Position};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

#[test]
fn conformance_kit() {
    Conformance::<Position>::new()
        .games(200)
        .seed(0xC4E5)
        .max_plies(16)
        .starts([
            Position::start(),
            pos("2K5/2Qb4/8/8/8/8/8/8 b c7"),
            pos("8/8/8/8/4K3/3nQ3/4q3/8 w e2"),
            pos("8/8/8/2rbnr2/2RBKN2/2nNR3/3bB3/8 b e2"),
            pos("8/8/8/2rbnr2/2RBKN2/2n1R3/2NbBq2/8 w f2"),
            pos("8/8/8/8/8/KQRRB3/nqrrN3/bNnb4 w a1"),
        ])
        .perft_file(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/start.perft"
        ))
        .perft_file(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/constraints.perft"
        ))
        .run();
}

#[test]
fn every_game_of_the_kit_ends_within_sixteen_placements() {
    // The kit's ply limit of 16 with `require_end` on (the default) already checks it; this
    // checks the limit is tight: a full game takes all 16.
    let mut pos = Position::start();
    let mut plies = 0;
    while pos.outcome().is_none() {
        let mv = pos.legal_moves()[0];
        pos.play(mv).unwrap();
        plies += 1;
    }
    assert_eq!(plies, 16);
}
