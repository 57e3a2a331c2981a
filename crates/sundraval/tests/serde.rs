//! serde round trips (feature `serde`): positions travel as their text, moves and colours as
//! plain values, points as their index (checked on the way in).

#![cfg(feature = "serde")]

use sundraval::{BoardSize, Color, Game, Move, Point, Position, ScoringRule, Seat};

#[test]
fn positions_moves_and_colours_round_trip() {
    let mut pos = Position::start_with_size(BoardSize::Side(5)).unwrap();
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

/// Points travel as their layout index `row * 22 + col` (`a1` is 0). Deserialising accepts
/// exactly the points of the largest board (21 rows and 21 columns, `|col − row| ≤ 10`), so
/// no deserialised point or move can address memory outside the board layout; a point that
/// is on the largest board but not on the position's board is refused by the checked play.
#[test]
fn deserialised_points_and_moves_are_on_the_largest_board() {
    let mut accepted = 0;
    for index in 0..=u16::MAX {
        let (col, row) = (u32::from(index % 22), u32::from(index / 22));
        let on_board = col < 21 && row < 21 && col.abs_diff(row) <= 10;
        let json = index.to_string();
        match serde_json::from_str::<Point>(&json) {
            Ok(point) => {
                assert!(on_board, "{index} accepted");
                assert_eq!((point.col(), point.row()), (col, row));
                assert_eq!(serde_json::to_string(&point).unwrap(), json);
                accepted += 1;
            }
            Err(_) => assert!(!on_board, "{index} refused"),
        }
        let place = format!("{{\"Place\":{index}}}");
        assert_eq!(serde_json::from_str::<Move>(&place).is_ok(), on_board);
        let opening = format!("{{\"Opening\":{{\"black\":0,\"white\":{index}}}}}");
        assert_eq!(serde_json::from_str::<Move>(&opening).is_ok(), on_board);
    }
    // 3n(n − 1) + 1 points on 11 a side.
    assert_eq!(accepted, 331);
    for text in ["-1", "65536", "1.5", "\"a1\"", "null"] {
        assert!(serde_json::from_str::<Point>(text).is_err(), "{text}");
    }
    // On 3 a side, k11 (the centre of the largest board) deserialises but is not on the
    // board: the checked play refuses it with an error and leaves the position as it was.
    let mut pos: Position = "1B1/4/2W2/4/3 b W 0".parse().unwrap();
    let before = pos;
    let far: Move = serde_json::from_str(&format!("{{\"Place\":{}}}", 10 * 22 + 10)).unwrap();
    assert!(pos.play(far).is_err());
    assert_eq!(pos, before);
    let same = Move::Opening {
        black: Point::new(0, 0).unwrap(),
        white: Point::new(0, 0).unwrap(),
    };
    let mut start = Position::start_with_size(BoardSize::Side(3)).unwrap();
    assert!(
        start.play(same).is_err(),
        "one point for both opening stones"
    );
}
