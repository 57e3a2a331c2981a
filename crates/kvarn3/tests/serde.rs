//! serde (feature `serde`): every value is stored as its notation text and checked when read —
//! positions as their position string, points as their names, moves as their text, colours
//! as their lower-case names, game records in the versioned form of game-core.
#![cfg(feature = "serde")]

use kvarn3::{Color, Game, GameRecord, Move, Point, Position};

fn point(name: &str) -> Point {
    name.parse().expect("a point")
}

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
    for junk in [
        "\" W.B/.W./B.. w\"",
        "\"W.B/.W./B.. w \"",
        "\"w.b/.w./b.. w\"",
        "\"W.B/.W./B.. W\"",
        "\"W.B/.W./B..\"",
        "12",
        "null",
        r#"{"board":1}"#,
    ] {
        assert!(serde_json::from_str::<Position>(junk).is_err(), "{junk}");
    }
}

#[test]
fn moves_points_and_colours_are_their_text() {
    let step = Move::Step {
        from: point("a1"),
        to: Point::CENTRE,
    };
    for (value, text) in [(step, r#""a1-b2""#), (Move::Place(point("c3")), r#""c3""#)] {
        assert_eq!(serde_json::to_string(&value).expect("serialises"), text);
        assert_eq!(serde_json::from_str::<Move>(text).expect("reads"), value);
    }
    assert_eq!(serde_json::to_string(&point("b3")).expect("ok"), r#""b3""#);
    assert_eq!(
        serde_json::from_str::<Point>(r#""b3""#).expect("reads"),
        point("b3")
    );
    for (color, text) in [(Color::White, r#""white""#), (Color::Black, r#""black""#)] {
        assert_eq!(serde_json::to_string(&color).expect("ok"), text);
        assert_eq!(serde_json::from_str::<Color>(text).expect("reads"), color);
    }
    // Every placement round-trips.
    for p in Point::ALL {
        let json = serde_json::to_string(&Move::Place(p)).expect("serialises");
        assert_eq!(
            serde_json::from_str::<Move>(&json).expect("reads"),
            Move::Place(p)
        );
    }
}

#[test]
fn junk_points_colours_and_moves_are_refused() {
    for junk in [
        r#""d4""#, r#""B2""#, r#""a0""#, r#"" b2""#, "4", r#""""#, "null",
    ] {
        assert!(serde_json::from_str::<Point>(junk).is_err(), "{junk}");
    }
    for junk in [
        r#""White""#,
        r#""WHITE""#,
        r#""w""#,
        r#""red""#,
        "0",
        r#"" white""#,
    ] {
        assert!(serde_json::from_str::<Color>(junk).is_err(), "{junk}");
    }
    for junk in [
        r#""d4""#,
        r#""B2""#,
        r#""A1-B2""#,
        r#""a1-B2""#,
        r#""a1-""#,
        r#""a1-b2-c3""#,
        r#""a1 b2""#,
        r#"" b2""#,
        r#"{"Place":"b2"}"#,
        r#"{"Step":{"from":"a1","to":"b2"}}"#,
        "4",
        "null",
    ] {
        assert!(serde_json::from_str::<Move>(junk).is_err(), "{junk}");
    }
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
        let json = format!(r#""a1-{to}""#);
        assert_eq!(
            serde_json::from_str::<Move>(&json).is_ok(),
            adjacent,
            "a1-{to}"
        );
    }
    // b1 is not on a diagonal: b1-a2 is no step, b1-b2 is.
    assert!(serde_json::from_str::<Move>(r#""b1-a2""#).is_err());
    assert!(serde_json::from_str::<Move>(r#""b1-b2""#).is_ok());
}

#[test]
fn game_records_round_trip() {
    let mut record = GameRecord::new(Position::start());
    for text in ["b2", "a1", "c2", "a2"] {
        record.play_text(text).expect(text);
    }
    let json = serde_json::to_string(&record).expect("serialises");
    assert!(
        json.starts_with(r#"{"format":1,"game":"kvarn3","start":".../.../... w""#),
        "{json}"
    );
    assert!(
        json.ends_with(r#""moves":["b2","a1","c2","a2"]}"#),
        "{json}"
    );
    let back: GameRecord<Position> = serde_json::from_str(&json).expect("reads back");
    assert_eq!(back.current(), record.current());
    assert_eq!(back.move_texts(), record.move_texts());
    // Another game's name, an unknown format or an illegal move is refused.
    for (from, to) in [
        (r#""game":"kvarn3""#, r#""game":"svendo""#),
        (r#""format":1"#, r#""format":2"#),
        (r#""moves":["b2","#, r#""moves":["b2","b2","#),
    ] {
        let bad = json.replace(from, to);
        assert!(
            serde_json::from_str::<GameRecord<Position>>(&bad).is_err(),
            "{bad}"
        );
    }
    // The moves are replayed as move text, which is read in either case (game-core's error
    // policy): a move typed `B2` is the move b2, and is written back as `b2`.
    let typed = json.replace(r#""moves":["b2","#, r#""moves":["B2","#);
    let back: GameRecord<Position> = serde_json::from_str(&typed).expect("reads back");
    assert_eq!(back.move_texts(), record.move_texts());
    assert_eq!(serde_json::to_string(&back).expect("serialises"), json);
}

#[test]
fn solver_values_have_lower_case_names() {
    use kvarn3::Value;
    for (value, text) in [
        (Value::Win(3), r#"{"win":3}"#),
        (Value::Loss(0), r#"{"loss":0}"#),
        (Value::Draw, r#""draw""#),
    ] {
        assert_eq!(serde_json::to_string(&value).expect("serialises"), text);
        assert_eq!(serde_json::from_str::<Value>(text).expect("reads"), value);
    }
    for junk in [r#"{"Win":3}"#, r#""Draw""#, r#"{"win":-1}"#, "3"] {
        assert!(serde_json::from_str::<Value>(junk).is_err(), "{junk}");
    }
}
