//! The workspace's conformance kit on kvarn3, with the perft vectors and extra start positions.

use kvarn3::game_core::testing::Conformance;
use kvarn3::game_core::DrawRules;
use kvarn3::Position;

fn pos(text: &str) -> Position {
    text.parse().expect("a valid position")
}

#[test]
fn conformance_kit() {
    Conformance::<Position>::new()
        .perft_file(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/kvarn3.perft"
        ))
        .starts([
            Position::start(),
            pos("W.B/.W./B.. w"),
            pos("WB./BW./WB. w"),
            pos("BB./.WW/.WB w"),
            pos("WB./BBW/.W. w"),
            pos(".B./WWB/W.. b"),
            pos("WWW/BB./... b"),
        ])
        .games(400)
        .seed(0x4B33)
        .run();
}

/// Without the repetition draw random games can run long; the kit's ply limit cuts them.
#[test]
fn conformance_kit_without_history_draws() {
    Conformance::<Position>::new()
        .draw_rules(DrawRules::NONE)
        .require_end(false)
        .max_plies(200)
        .games(50)
        .seed(7)
        .run();
}
