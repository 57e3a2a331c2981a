//! serde (feature `serde`): every value travels as its text and is checked when read —
//! positions as their position string, moves as `"Ke4"`, squares as `"e4"`, colours and kinds
//! by their lower-case names, game records in game-core's versioned form.
#![cfg(feature = "serde")]

use cheversi::{Color, Game, GameRecord, Kind, Move, Position, Square};

fn square(name: &str) -> Square {
    name.parse().expect("a square")
}

#[test]
fn position_travels_as_its_text() {
    let pos: Position = "8/8/8/8/4K3/3nQ3/4q3/8 w e2".parse().unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, "\"8/8/8/8/4K3/3nQ3/4q3/8 w e2\"");
    let back: Position = serde_json::from_str(&json).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.hash_key(), pos.fresh_hash_key());
    for junk in [
        "\"8/8/8/8/8/8/8/8 b -\"",
        "\" 8/8/8/8/8/8/8/8 w -\"",
        "\"8/8/8/8/8/8/8/8 W -\"",
        "\"8/8/8/8/8/8/8 w -\"",
        "0",
        "null",
        "[\"8/8/8/8/8/8/8/8 w -\"]",
    ] {
        assert!(serde_json::from_str::<Position>(junk).is_err(), "{junk}");
    }
}

#[test]
fn moves_squares_colours_and_kinds_are_their_text() {
    let mv = Move::new(Kind::Queen, square("d5"));
    assert_eq!(serde_json::to_string(&mv).unwrap(), r#""Qd5""#);
    assert_eq!(serde_json::from_str::<Move>(r#""Qd5""#).unwrap(), mv);
    assert_eq!(serde_json::to_string(&Square::H8).unwrap(), r#""h8""#);
    assert_eq!(
        serde_json::from_str::<Square>(r#""a1""#).unwrap(),
        Square::A1
    );
    for (color, text) in [(Color::White, r#""white""#), (Color::Black, r#""black""#)] {
        assert_eq!(serde_json::to_string(&color).unwrap(), text);
        assert_eq!(serde_json::from_str::<Color>(text).unwrap(), color);
    }
    let names = ["king", "queen", "rook", "bishop", "knight"];
    for (kind, name) in Kind::ALL.into_iter().zip(names) {
        let text = format!("\"{name}\"");
        assert_eq!(serde_json::to_string(&kind).unwrap(), text);
        assert_eq!(serde_json::from_str::<Kind>(&text).unwrap(), kind);
    }
    // Any kind on any square is a move of some position: every value round-trips.
    for kind in Kind::ALL {
        for sq in Square::all() {
            let mv = Move::new(kind, sq);
            let json = serde_json::to_string(&mv).unwrap();
            assert_eq!(json, format!("\"{}{sq}\"", kind.letter()));
            assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv, "{json}");
        }
    }
}

#[test]
fn junk_is_refused() {
    for junk in [
        "63", r#""i1""#, r#""A1""#, r#""a9""#, r#""a1 ""#, r#""""#, "null",
    ] {
        assert!(serde_json::from_str::<Square>(junk).is_err(), "{junk}");
    }
    for junk in [r#""White""#, r#""w""#, r#""WHITE""#, "0", r#""red""#] {
        assert!(serde_json::from_str::<Color>(junk).is_err(), "{junk}");
    }
    for junk in [r#""King""#, r#""K""#, r#""pawn""#, "0"] {
        assert!(serde_json::from_str::<Kind>(junk).is_err(), "{junk}");
    }
    for junk in [
        r#""qd5""#,
        r#""QD5""#,
        r#""Pd5""#,
        r#""Qd9""#,
        r#""Q d5""#,
        r#"" Qd5""#,
        r#""d5""#,
        r#"{"kind":"Queen","square":35}"#,
        r#"{"kind":"queen","square":"d5"}"#,
        "35",
    ] {
        assert!(serde_json::from_str::<Move>(junk).is_err(), "{junk}");
    }
}

#[test]
fn game_records_round_trip() {
    let mut record = GameRecord::new(Position::start());
    for text in ["Ke4", "Qd5"] {
        record.play_text(text).expect(text);
    }
    let json = serde_json::to_string(&record).unwrap();
    assert!(
        json.starts_with(r#"{"format":1,"game":"cheversi","start":"8/8/8/8/8/8/8/8 w -""#),
        "{json}"
    );
    assert!(json.ends_with(r#""moves":["Ke4","Qd5"]}"#), "{json}");
    let back: GameRecord<Position> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.current(), record.current());
    for (from, to) in [
        (r#""format":1"#, r#""format":0"#),
        (r#""game":"cheversi""#, r#""game":"kvarn3""#),
        (r#""Qd5""#, r#""Qa1""#),
    ] {
        let bad = json.replace(from, to);
        assert!(
            serde_json::from_str::<GameRecord<Position>>(&bad).is_err(),
            "{bad}"
        );
    }
    // The moves are replayed as move text, which is read in either case (game-core's error
    // policy): `qd5` is the move Qd5, and is written back as `Qd5`.
    let typed = json.replace(r#""Qd5""#, r#""qd5""#);
    let back: GameRecord<Position> = serde_json::from_str(&typed).expect("reads back");
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
}
