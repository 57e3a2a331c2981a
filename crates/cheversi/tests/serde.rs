//! serde (feature `serde`): positions travel as their position string, moves as kind and
//! square, colours by name; impossible values are refused.
#![cfg(feature = "serde")]

use cheversi::{Color, Game, Kind, Move, Position, Square};

#[test]
fn position_travels_as_its_text() {
    let pos: Position = "8/8/8/8/4K3/3nQ3/4q3/8 w e2".parse().unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, "\"8/8/8/8/4K3/3nQ3/4q3/8 w e2\"");
    let back: Position = serde_json::from_str(&json).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.hash_key(), pos.fresh_hash_key());
    // Text that is no position is refused.
    assert!(serde_json::from_str::<Position>("\"8/8/8/8/8/8/8/8 b -\"").is_err());
}

#[test]
fn moves_and_colours_round_trip() {
    let mv = Move::new(Kind::Queen, "d5".parse().unwrap());
    let json = serde_json::to_string(&mv).unwrap();
    assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv);
    for color in Color::ALL {
        let json = serde_json::to_string(&color).unwrap();
        assert_eq!(serde_json::from_str::<Color>(&json).unwrap(), color);
    }
    // A square index off the board is refused.
    assert!(serde_json::from_str::<Square>("64").is_err());
    assert_eq!(serde_json::from_str::<Square>("63").unwrap(), Square::H8);
}

#[test]
fn every_move_round_trips_and_impossible_ones_are_refused() {
    // Any kind on any square is a move of some position, so every value of `Move` is a valid
    // stored move; a stored move names one of the five kinds and a square 0..=63.
    for kind in Kind::ALL {
        for square in Square::all() {
            let mv = Move::new(kind, square);
            let json = serde_json::to_string(&mv).unwrap();
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv, "{json}");
        }
    }
    let good = serde_json::to_string(&Move::new(Kind::Rook, Square::H8)).unwrap();
    assert!(
        serde_json::from_str::<Move>(&good.replace("63", "64")).is_err(),
        "{good}"
    );
    assert!(
        serde_json::from_str::<Move>(&good.replace("Rook", "Pawn")).is_err(),
        "{good}"
    );
    assert!(serde_json::from_str::<Move>(r#"{"kind":"Rook"}"#).is_err());
}
