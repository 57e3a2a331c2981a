//! The workspace conformance kit on Svendo: random games, text round trips, hashes, refusals,
//! and the perft vector files.

use game_core::testing::Conformance;
use game_core::DrawRules;
use svendo::{BoardSize, Position};

fn pos(text: &str) -> Position {
    text.parse().expect("a valid test position")
}

/// Games per run: `SVENDO_CONFORMANCE_GAMES` raises it for a long run.
fn games(default: usize) -> usize {
    std::env::var("SVENDO_CONFORMANCE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn conformance_default_board() {
    Conformance::<Position>::new()
        .games(games(12))
        .seed(11)
        .max_plies(27 + 400)
        .draw_rules(DrawRules::new(Some(3), None, Some(300)))
        .starts([
            Position::start(),
            pos("WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 0/0/0"),
            pos("6R2M/1W8/3W6/4B3R1/2B4W2/B4M4 w 5/5m/6 0/0/0"),
        ])
        .perft_file(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/svendo.perft"
        ))
        .run();
}

#[test]
fn conformance_other_boards() {
    let starts = [(5, 6), (5, 12), (8, 8), (12, 5), (7, 7)].map(|(width, height)| {
        Position::start_with_size(BoardSize::Rect { width, height }).expect("a supported size")
    });
    Conformance::<Position>::new()
        .games(games(10))
        .seed(5)
        .max_plies(27 + 400)
        .draw_rules(DrawRules::new(Some(3), None, Some(300)))
        .starts(starts)
        .run();
}

#[cfg(feature = "serde")]
#[test]
fn serde_round_trip() {
    use svendo::Game;
    let pos = pos("MM3BBBBB/1R4RRRR/9R/10/3R1RWWWW/BMB1B1WWWW w 0/0/0 3/3/3");
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(
        json,
        "\"MM3BBBBB/1R4RRRR/9R/10/3R1RWWWW/BMB1B1WWWW w 0/0/0 3/3/3\""
    );
    let back: Position = serde_json::from_str(&json).unwrap();
    assert_eq!(back, pos);
    assert!(serde_json::from_str::<Position>("\"10/10 b 8m/8m/8m 0/0/0\"").is_err());
    let mv = pos.legal_moves()[0];
    let back: svendo::Move = serde_json::from_str(&serde_json::to_string(&mv).unwrap()).unwrap();
    assert_eq!(back, mv);
    let color: svendo::Color = serde_json::from_str("\"red\"").unwrap();
    assert_eq!(color, svendo::Color::Red);
}
