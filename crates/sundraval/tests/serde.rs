//! serde (feature `serde`): every value travels as its text and is checked when read —
//! positions as their position string, moves as their text (`"e5"`, `"pass"`, `"e5+f7"`,
//! `"keep"`, `"swap"`), points as their names, colours, seats and scoring rules by their
//! lower-case names, game records in game-core's versioned form.

#![cfg(feature = "serde")]

use sundraval::{BoardSize, Color, Game, GameRecord, Move, Point, Position, ScoringRule, Seat};

fn json<T: serde::Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap()
}

#[test]
fn positions_moves_colours_and_seats_are_their_text() {
    let mut pos = Position::start_with_size(BoardSize::Side(5)).unwrap();
    for text in ["e5+f7", "swap", "d4", "pass"] {
        let mv = pos.parse_move(text).unwrap();
        assert_eq!(json(&mv), format!("\"{text}\""));
        assert_eq!(serde_json::from_str::<Move>(&json(&mv)).unwrap(), mv);
        pos.play(mv).unwrap();
    }
    assert_eq!(json(&Move::Keep), r#""keep""#);
    assert_eq!(json(&pos), format!("\"{pos}\""));
    let back: Position = serde_json::from_str(&json(&pos)).unwrap();
    assert_eq!(back, pos);
    assert_eq!(back.hash_key(), pos.hash_key());
    for (value, text) in [(Color::Black, r#""black""#), (Color::White, r#""white""#)] {
        assert_eq!(json(&value), text);
        assert_eq!(serde_json::from_str::<Color>(text).unwrap(), value);
    }
    for (value, text) in [(Seat::First, r#""first""#), (Seat::Second, r#""second""#)] {
        assert_eq!(json(&value), text);
        assert_eq!(serde_json::from_str::<Seat>(text).unwrap(), value);
    }
    for (value, text) in [
        (ScoringRule::Original, r#""original""#),
        (ScoringRule::Triangular, r#""triangular""#),
    ] {
        assert_eq!(json(&value), text);
        assert_eq!(serde_json::from_str::<ScoringRule>(text).unwrap(), value);
    }
}

#[test]
fn junk_is_refused() {
    for junk in [
        r#""3/4/5/4/3 x B 0""#,
        r#"" 3/4/5/4/3 setup B 0""#,
        r#""3/4/5/4/3 SETUP B 0""#,
        "0",
        "null",
    ] {
        assert!(serde_json::from_str::<Position>(junk).is_err(), "{junk}");
    }
    for junk in [
        r#""E5""#,
        r#""PASS""#,
        r#""Pass""#,
        r#""E5+F7""#,
        r#""Keep""#,
        r#""e5+""#,
        r#""v1""#,
        r#""e5 ""#,
        r#"{"Place":70}"#,
        r#""Pass""#,
        "70",
        "null",
    ] {
        assert!(serde_json::from_str::<Move>(junk).is_err(), "{junk}");
    }
    for junk in [r#""Black""#, r#""b""#, r#""B""#, "0"] {
        assert!(serde_json::from_str::<Color>(junk).is_err(), "{junk}");
    }
    for junk in [r#""First""#, r#""1""#, "0"] {
        assert!(serde_json::from_str::<Seat>(junk).is_err(), "{junk}");
    }
    assert!(serde_json::from_str::<ScoringRule>(r#""Original""#).is_err());
}

/// Points travel as their names. Deserialising accepts exactly the points of the largest
/// board (11 a side: 21 rows and 21 columns, `|col − row| ≤ 10`), so no deserialised point or
/// move can address memory outside the board layout; a point that is on the largest board but
/// not on the position's board is refused by the checked play.
#[test]
fn deserialised_points_and_moves_are_on_the_largest_board() {
    let mut accepted = 0;
    for col in 0..26u8 {
        for row in 0..30u8 {
            let name = format!("{}{}", char::from(b'a' + col), row + 1);
            let on_board = col < 21 && row < 21 && col.abs_diff(row) <= 10;
            let text = format!("\"{name}\"");
            match serde_json::from_str::<Point>(&text) {
                Ok(point) => {
                    assert!(on_board, "{name} accepted");
                    assert_eq!((point.col(), point.row()), (col, row));
                    assert_eq!(json(&point), text);
                    accepted += 1;
                }
                Err(_) => assert!(!on_board, "{name} refused"),
            }
            assert_eq!(
                serde_json::from_str::<Move>(&text).is_ok(),
                on_board,
                "{name}"
            );
            let opening = format!("\"a1+{name}\"");
            assert_eq!(
                serde_json::from_str::<Move>(&opening).is_ok(),
                on_board,
                "{name}"
            );
        }
    }
    // 3n(n − 1) + 1 points on 11 a side.
    assert_eq!(accepted, 331);
    for text in ["0", "-1", "\"a01\"", "\"a0\"", "\"A1\"", "\" a1\"", "null"] {
        assert!(serde_json::from_str::<Point>(text).is_err(), "{text}");
    }
    // On 3 a side, k11 (the centre of the largest board) deserialises but is not on the
    // board: the checked play refuses it with an error and leaves the position as it was.
    let mut pos: Position = "1B1/4/2W2/4/3 b W 0".parse().unwrap();
    let before = pos;
    let far: Move = serde_json::from_str(r#""k11""#).unwrap();
    let err = pos.play(far).unwrap_err();
    assert!(err.to_string().contains("not on this board"), "{err}");
    assert_eq!(pos, before);
    let same: Move = serde_json::from_str(r#""a1+a1""#).unwrap();
    let mut start = Position::start_with_size(BoardSize::Side(3)).unwrap();
    assert!(
        start.play(same).is_err(),
        "one point for both opening stones"
    );
}

#[test]
fn game_records_round_trip() {
    let mut record = GameRecord::new(Position::start_with_size(BoardSize::Side(5)).unwrap());
    for text in ["e5+f7", "keep", "d4"] {
        record.play_text(text).expect(text);
    }
    let stored = json(&record);
    assert!(
        stored.starts_with(
            r#"{"format":1,"game":"sundraval","size":"5","start":"5/6/7/8/9/8/7/6/5 setup B 0""#
        ),
        "{stored}"
    );
    assert!(
        stored.ends_with(r#""moves":["e5+f7","keep","d4"]}"#),
        "{stored}"
    );
    let back: GameRecord<Position> = serde_json::from_str(&stored).unwrap();
    assert_eq!(back.current(), record.current());
    for (from, to) in [
        (r#""format":1"#, r#""format":9"#),
        (r#""size":"5""#, r#""size":"6""#),
        (r#""d4""#, r#""e5""#),
    ] {
        let bad = stored.replace(from, to);
        assert!(
            serde_json::from_str::<GameRecord<Position>>(&bad).is_err(),
            "{bad}"
        );
    }
    // The moves are replayed as move text, which is read in either case (game-core's error
    // policy): `KEEP` is the move keep, and is written back as `keep`.
    let typed = stored.replace(r#""keep""#, r#""KEEP""#);
    let back: GameRecord<Position> = serde_json::from_str(&typed).expect("reads back");
    assert_eq!(json(&back), stored);
}
