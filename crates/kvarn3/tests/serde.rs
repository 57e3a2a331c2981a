//! serde (feature `serde`): positions as their position string, checked when read; points as
//! their names; moves, colours and game records round-trip.
#![cfg(feature = "serde")]

use kvarn3::{Color, Game, GameRecord, Move, Point, Position};

#[test]
fn positions_are_stored_as_their_text() {
    let pos: Position = "W.B/.W./B.. w".parse().expect("valid");
    let json = serde_json::to_string(&pos).expect("serialises");
    assert_eq!(json, "\"W.B/.W./B.. w\"");
    let back: Position = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back, pos);
    assert_eq!(back.hash_key(), pos.hash_key());
    // Text that is no position is refused, with the parse error.
    let err = serde_json::from_str::<Position>("\"WWW/WB./BB. b\"").expect_err("4 white stones");
    assert!(err.to_string().contains("4 stones"), "{err}");
}

#[test]
fn moves_points_and_colours_round_trip() {
    let step = Move::Step {
        from: "a1".parse::<Point>().expect("a point"),
        to: Point::CENTRE,
    };
    let json = serde_json::to_string(&step).expect("serialises");
    assert_eq!(json, r#"{"Step":{"from":"a1","to":"b2"}}"#);
    assert_eq!(serde_json::from_str::<Move>(&json).expect("reads"), step);
    assert!(serde_json::from_str::<Point>("\"d4\"").is_err());
    assert_eq!(
        serde_json::to_string(&Color::Black).expect("ok"),
        "\"black\""
    );
    assert_eq!(
        serde_json::from_str::<Color>("\"white\"").expect("reads"),
        Color::White
    );
}

#[test]
fn game_records_round_trip() {
    let mut record = GameRecord::new(Position::start());
    for text in ["b2", "a1", "c2", "a2"] {
        record.play_text(text).expect(text);
    }
    let json = serde_json::to_string(&record).expect("serialises");
    let back: GameRecord<Position> = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back.current(), record.current());
    assert_eq!(back.move_texts(), record.move_texts());
}

#[test]
fn stored_steps_between_points_that_are_not_adjacent_are_refused() {
    // a1 is joined to a2, b1 and (by the long diagonal) b2; not to c1, a3, c3 or b3.
    for (to, adjacent) in [
        ("a2", true),
        ("b1", true),
        ("b2", true),
        ("c1", false),
        ("a3", false),
        ("c3", false),
        ("b3", false),
        ("a1", false),
    ] {
        let json = format!(r#"{{"Step":{{"from":"a1","to":"{to}"}}}}"#);
        assert_eq!(
            serde_json::from_str::<Move>(&json).is_ok(),
            adjacent,
            "a1-{to}"
        );
    }
    // b1 is not on a diagonal: b1-a2 is no step.
    assert!(serde_json::from_str::<Move>(r#"{"Step":{"from":"b1","to":"a2"}}"#).is_err());
    assert!(serde_json::from_str::<Move>(r#"{"Step":{"from":"b1","to":"b2"}}"#).is_ok());
    for junk in [
        r#"{"Place":"d4"}"#,
        r#"{"Step":{"from":"a1"}}"#,
        r#"{"Jump":"a1"}"#,
        r#""a1""#,
    ] {
        assert!(serde_json::from_str::<Move>(junk).is_err(), "{junk}");
    }
    // A placement on any point is a move of some position: each one round-trips.
    for from in Point::ALL {
        let place = Move::Place(from);
        let json = serde_json::to_string(&place).expect("serialises");
        assert_eq!(serde_json::from_str::<Move>(&json).expect("reads"), place);
    }
}
