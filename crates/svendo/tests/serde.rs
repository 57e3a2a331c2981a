//! serde (feature `serde`): positions travel as their position string (checked when read),
//! points as their names, moves as their text with checked points and slide shapes, colours
//! as their lower-case names; game records round-trip in game-core's versioned form. Hostile inputs are errors, never
//! panics, and nothing read can make the engine panic later.

#![cfg(feature = "serde")]

use svendo::{Color, Game, GameRecord, Move, Point, Position, Win, WinRule};

fn point(name: &str) -> Point {
    name.parse().expect("a point name")
}

#[test]
fn points_are_stored_as_their_names() {
    for name in ["a1", "c3", "j6", "l12", "e12"] {
        let json = serde_json::to_string(&point(name)).unwrap();
        assert_eq!(json, format!("\"{name}\""));
        assert_eq!(serde_json::from_str::<Point>(&json).unwrap(), point(name));
    }
}

#[test]
fn hostile_points_are_refused() {
    // Beyond the largest board (columns a-l, rows 1-12), malformed, or not a name at all (the
    // old numeric form, which could encode any byte).
    for bad in [
        "\"m1\"",
        "\"a13\"",
        "\"p16\"",
        "\"a0\"",
        "\"a01\"",
        "\"A1\"",
        "\"c3 \"",
        "\"\"",
        "\"c\"",
        "34",
        "255",
        "-1",
        "null",
        "[2,2]",
        "{\"col\":2}",
    ] {
        let err = serde_json::from_str::<Point>(bad);
        assert!(err.is_err(), "{bad} was read as {err:?}");
    }
}

#[test]
fn moves_are_stored_as_their_text() {
    let moves = [
        (Move::Place(point("c3")), "c3"),
        (Move::PlaceMaster(point("j6")), "Mj6"),
        (
            Move::Slide {
                from: point("c3"),
                to: point("c6"),
            },
            "c3-c6",
        ),
        (
            Move::Slide {
                from: point("a1"),
                to: point("f6"),
            },
            "a1-f6",
        ),
        (
            Move::Slide {
                from: point("l1"),
                to: point("a12"),
            },
            "l1-a12",
        ),
        (Move::Pass, "pass"),
    ];
    for (mv, text) in moves {
        let json = serde_json::to_string(&mv).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Move>(&json).unwrap(), mv, "{json}");
    }
}

#[test]
fn hostile_moves_are_refused() {
    for bad in [
        // Slides no stone can make: staying put, a knight's jump, off every line.
        r#""c3-c3""#,
        r#""c3-d5""#,
        r#""a1-j2""#,
        // Points beyond the largest board.
        r#""c3-c13""#,
        r#""m3-c3""#,
        r#""z9""#,
        r#""Mm1""#,
        // Wrong case, whitespace, other shapes: the old enum form, numbers.
        r#""Pass""#,
        r#""PASS""#,
        r#""C3""#,
        r#""mc3""#,
        r#"" c3""#,
        r#""c3-c6 ""#,
        r#""c3 - c6""#,
        r#"{"Slide":{"from":"c3","to":"c6"}}"#,
        r#"{"Place":"c3"}"#,
        r#"{"PlaceMaster":255}"#,
        r#""""#,
        "42",
        "null",
        "",
    ] {
        let read = serde_json::from_str::<Move>(bad);
        assert!(read.is_err(), "{bad} was read as {read:?}");
    }
    // The error names the impossible slide.
    let err = serde_json::from_str::<Move>(r#""c3-d5""#).unwrap_err();
    assert!(err.to_string().contains("c3-d5 is no slide"), "{err}");
}

#[test]
fn any_move_read_is_safe_to_play_unchecked() {
    // Every move that deserialises, played unchecked on a position of a small board where most
    // of its points are off the board, leaves a position with 27 stones and a right hash.
    let pos: Position = "BRWRB/BRWRW/BWRWR/BMBRW/BMRW1/BMW2 b 0/0/0 0/0/0"
        .parse()
        .unwrap();
    for json in [
        r#""l12-a1""#,
        r#""a1-l12""#,
        r#""e1-e6""#,
        r#""l12""#,
        r#""Me1""#,
        r#""pass""#,
    ] {
        let mv: Move = serde_json::from_str(json).unwrap();
        let mut after = pos;
        after.play_unchecked(mv);
        assert_eq!(after.hash_key(), after.fresh_hash_key(), "{json}");
        let _ = after.legal_moves();
        let _ = after.to_string();
    }
}

#[test]
fn colours_are_stored_as_their_lower_case_names() {
    for (color, name) in [
        (Color::Black, "\"black\""),
        (Color::White, "\"white\""),
        (Color::Red, "\"red\""),
    ] {
        assert_eq!(serde_json::to_string(&color).unwrap(), name);
        assert_eq!(serde_json::from_str::<Color>(name).unwrap(), color);
    }
    for bad in [
        "\"green\"",
        "\"Black\"",
        "\"RED\"",
        "\"b\"",
        "\" red\"",
        "0",
        "3",
        "null",
        "\"\"",
    ] {
        assert!(serde_json::from_str::<Color>(bad).is_err(), "{bad}");
    }
}

#[test]
fn positions_are_stored_as_their_text() {
    for text in [
        "10/10/10/10/10/10 b 8m/8m/8m 0/0/0",
        "6R2M/1W8/3W6/4B3R1/2B4W2/B4M4 w 5/5m/6 0/0/0",
        "8/8/8/8/8/8/8/8 b 8m/8m/8m 0/0/0",
        // A won game keeps its win.
        "MM3BBBBB/1R4RRRR/9R/10/1M1R1RWWWW/B1B1B1WWWW r 0/0/0 3/4/3 b3",
    ] {
        let pos: Position = text.parse().unwrap();
        let json = serde_json::to_string(&pos).unwrap();
        assert_eq!(json, format!("\"{text}\""));
        let back: Position = serde_json::from_str(&json).unwrap();
        assert_eq!(back, pos);
        assert_eq!(back.hash_key(), pos.hash_key());
    }
    let won: Position =
        serde_json::from_str("\"MM3BBBBB/1R4RRRR/9R/10/1M1R1RWWWW/B1B1B1WWWW r 0/0/0 3/4/3 b3\"")
            .unwrap();
    assert_eq!(
        won.win(),
        Some(Win {
            winner: Color::Black,
            rule: WinRule::ForcedOffCheckPoint,
            points: 3
        })
    );
    assert!(won.legal_moves().is_empty());
    let win = won.win().expect("a won game");
    let json = serde_json::to_string(&win).unwrap();
    assert_eq!(
        json,
        r#"{"winner":"black","rule":"forced-off-check-point","points":3}"#
    );
    assert_eq!(serde_json::from_str::<Win>(&json).unwrap(), win);
    for bad in [r#""ForcedOffCheckPoint""#, "3", r#""rule 3""#] {
        assert!(serde_json::from_str::<WinRule>(bad).is_err(), "{bad}");
    }
}

#[test]
fn hostile_positions_are_refused() {
    for bad in [
        // Nine black stones, four master stones, a bad side, a bad size, a win during
        // placement, a win that does not fit the side to move, junk.
        "\"B9/10/10/10/10/10 b 8m/8m/8m 0/0/0\"",
        "\"MMMM6/10/10/10/10/10 b 8/8/8 0/0/0\"",
        "\"10/10/10/10/10/10 x 8m/8m/8m 0/0/0\"",
        "\"4/4/4/4/4/4/4/4 b 8m/8m/8m 0/0/0\"",
        "\"13/13/13/13/13 b 8m/8m/8m 0/0/0\"",
        "\"10/10/10/10/10/10 b 8m/8m/8m 0/0/0 b1\"",
        "\"MM3BBBBB/1R4RRRR/9R/10/1M1R1RWWWW/B1B1B1WWWW r 0/0/0 3/4/3 r1\"",
        "\"\"",
        "\" 10/10/10/10/10/10 b 8m/8m/8m 0/0/0\"",
        "\"10/10/10/10/10/10 B 8m/8m/8m 0/0/0\"",
        "42",
        "null",
        "{\"own\":[1,2,3]}",
    ] {
        let read = serde_json::from_str::<Position>(bad);
        assert!(read.is_err(), "{bad} was read as {read:?}");
    }
    let err =
        serde_json::from_str::<Position>("\"B9/10/10/10/10/10 b 8m/8m/8m 0/0/0\"").unwrap_err();
    assert!(!err.to_string().is_empty());
}

#[test]
fn game_records_round_trip() {
    let mut record = GameRecord::new(Position::start());
    for text in ["c3", "Md4", "e5", "f6"] {
        record.play_text(text).expect(text);
    }
    let json = serde_json::to_string(&record).unwrap();
    assert!(
        json.starts_with(r#"{"format":1,"game":"svendo","size":"10x6","start":"10/10/10/10/10/10 b 8m/8m/8m 0/0/0""#),
        "{json}"
    );
    assert!(
        json.ends_with(r#""moves":["c3","Md4","e5","f6"]}"#),
        "{json}"
    );
    let back: GameRecord<Position> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.current(), record.current());
    assert_eq!(back.move_texts(), record.move_texts());
    for (from, to) in [
        (r#""format":1"#, r#""format":2"#),
        (r#""size":"10x6""#, r#""size":"8x8""#),
        (r#""f6""#, r#""c3""#),
    ] {
        let bad = json.replace(from, to);
        assert!(
            serde_json::from_str::<GameRecord<Position>>(&bad).is_err(),
            "{bad}"
        );
    }
    // The moves are replayed as move text, which is read in either case (game-core's error
    // policy): `md4` is the move Md4, and is written back as `Md4`.
    let typed = json.replace(r#""Md4""#, r#""md4""#);
    let back: GameRecord<Position> = serde_json::from_str(&typed).expect("reads back");
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
}
