//! serde round trips (feature `serde`): positions travel as their text, moves and colours as
//! plain values, points as their index (checked on the way in).

#![cfg(feature = "serde")]

use sundraval::{Color, Game, Move, Point, Position, ScoringRule, Seat};

#[test]
fn positions_moves_and_colours_round_trip() {
    let mut pos = Position::start_with_size(5).unwrap();
    for text in ["e5+f7", "swap", "d4", "pass"] {
        let mv = pos.parse_move(text).unwrap();
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
        pos.play(mv).unwrap();
    }
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, format!("\"{pos}\""));
    let back: Position = serde_json::from_str(&json).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.hash_key(), pos.hash_key());
    for value in [Color::Black, Color::White] {
        let json = serde_json::to_string(&value).unwrap();
        assert_eq!(serde_json::from_str::<Color>(&json).unwrap(), value);
    }
    for value in [Seat::First, Seat::Second] {
        let json = serde_json::to_string(&value).unwrap();
        assert_eq!(serde_json::from_str::<Seat>(&json).unwrap(), value);
    }
    let rule = serde_json::to_string(&ScoringRule::Triangular).unwrap();
    assert_eq!(
        serde_json::from_str::<ScoringRule>(&rule).unwrap(),
        ScoringRule::Triangular
    );
}

#[test]
fn bad_serialised_values_are_errors() {
    // A position string that is no position, and a point index off every board.
    assert!(serde_json::from_str::<Position>("\"3/4/5/4/3 x B 0\"").is_err());
    assert!(
        serde_json::from_str::<Point>("21").is_err(),
        "column 21 is a guard column"
    );
    assert!(serde_json::from_str::<Point>("9999").is_err());
    assert_eq!(
        serde_json::from_str::<Point>("0").unwrap(),
        Point::new(0, 0).unwrap()
    );
    assert!(serde_json::from_str::<Move>("{\"Place\":30000}").is_err());
}
