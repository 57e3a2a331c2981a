//! serde (feature `serde`): moves are stored by square numbers with their board (a move's
//! text depends on the position, so the form is position-free) and checked when read; a
//! stored move that no position of its board could have is a deserialization error; and no
//! move that can be built — generated or read — makes `play_unchecked` panic. Positions are
//! stored with their board size (the PDN string does not say it), colours and piece kinds by
//! lower-case names, records in game-core's versioned form.
#![cfg(feature = "serde")]

use swedish_draughts::game_core::Rng;
use swedish_draughts::{BoardSize, Color, Game, GameRecord, Kind, Move, Position};

fn read(json: &str) -> Result<Move, serde_json::Error> {
    serde_json::from_str(json)
}

#[test]
fn moves_are_stored_by_square_numbers() {
    let pos = Position::start();
    let mv = pos.parse_move("32-28").expect("legal");
    let json = serde_json::to_string(&mv).expect("serialises");
    assert_eq!(json, r#"{"size":"10","from":32,"to":28,"captured":[]}"#);
    assert_eq!(read(&json).expect("reads back"), mv);

    let pos: Position = "W:W33:B14,23,28".parse().expect("valid");
    let mv = pos.parse_move("33x4").expect("legal");
    let json = serde_json::to_string(&mv).expect("serialises");
    assert_eq!(
        json,
        r#"{"size":"10","from":33,"to":4,"captured":[14,23,28]}"#
    );
    assert_eq!(read(&json).expect("reads back"), mv);

    let small = Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board");
    let mv = small.parse_move("22-18").expect("legal");
    let json = serde_json::to_string(&mv).expect("serialises");
    assert_eq!(json, r#"{"size":"8","from":22,"to":18,"captured":[]}"#);
    let back = read(&json).expect("reads back");
    assert_eq!(back, mv);
    assert!(small.is_legal(back));
    assert!(!Position::start().is_legal(back));
}

#[test]
fn impossible_moves_are_refused() {
    for (json, why) in [
        (
            r#"{"size":"12","from":32,"to":28,"captured":[]}"#,
            "no such board",
        ),
        (
            r#"{"size":"10","from":51,"to":46,"captured":[]}"#,
            "off the board",
        ),
        (r#"{"size":"10","from":0,"to":6,"captured":[]}"#, "square 0"),
        (
            r#"{"size":"8","from":33,"to":29,"captured":[]}"#,
            "off the 8x8 board",
        ),
        (
            r#"{"size":"10","from":33,"to":4,"captured":[14,99]}"#,
            "captured off the board",
        ),
        (
            r#"{"size":"10","from":33,"to":4,"captured":[14,14,28]}"#,
            "captured twice",
        ),
        (
            r#"{"size":"10","from":33,"to":4,"captured":[33,14]}"#,
            "captures its own start",
        ),
        (
            r#"{"size":"10","from":33,"to":4,"captured":[4,14]}"#,
            "captures its end",
        ),
        (
            r#"{"size":"10","from":46,"to":47,"captured":[]}"#,
            "along a rank without capture",
        ),
        (
            r#"{"size":"10","from":32,"to":22,"captured":[]}"#,
            "along a file without capture",
        ),
        (
            r#"{"size":"10","from":32,"to":32,"captured":[]}"#,
            "a move to its own square",
        ),
        (
            r#"{"size":"10","from":1,"to":50,"captured":[2,3,4,5,6,7,8,9,10,11,12,13,14,15,16,17,18,19,20,21,22]}"#,
            "21 pieces",
        ),
        (
            r#"{"size":"8","from":1,"to":32,"captured":[2,3,4,5,6,7,8,9,10,11,12,13,14]}"#,
            "13 pieces on 8x8",
        ),
        (r#"{"size":"10","from":32,"to":28}"#, "missing field"),
        (
            r#"{"captured":0,"from":31,"to":26,"eight":false}"#,
            "the old bit form",
        ),
        ("\"32-28\"", "text"),
    ] {
        assert!(read(json).is_err(), "{why}: {json} was accepted");
    }
    // Where it is legal somewhere, a long diagonal flight or a dame's round trip is a move.
    assert!(read(r#"{"size":"10","from":46,"to":5,"captured":[]}"#).is_ok());
    assert!(read(r#"{"size":"10","from":28,"to":28,"captured":[18,22,23]}"#).is_ok());
}

#[test]
fn positions_colours_and_pieces_are_their_text() {
    let pos = Position::parse_position("B:W15,19,22:B1,K21", Some(BoardSize::Side(8))).unwrap();
    let json = serde_json::to_string(&pos).unwrap();
    assert_eq!(json, r#"{"size":"8","position":"B:W15,19,22:B1,K21"}"#);
    assert_eq!(serde_json::from_str::<Position>(&json).unwrap(), pos);
    let ten = Position::start();
    let back: Position = serde_json::from_str(&serde_json::to_string(&ten).unwrap()).unwrap();
    assert_eq!(back, ten);
    for (color, text) in [(Color::White, r#""white""#), (Color::Black, r#""black""#)] {
        assert_eq!(serde_json::to_string(&color).unwrap(), text);
        assert_eq!(serde_json::from_str::<Color>(text).unwrap(), color);
    }
    for (piece, text) in [(Kind::Man, r#""man""#), (Kind::Dame, r#""dame""#)] {
        assert_eq!(serde_json::to_string(&piece).unwrap(), text);
        assert_eq!(serde_json::from_str::<Kind>(text).unwrap(), piece);
    }
    for junk in [
        r#"{"size":8,"position":"B:W15,19,22:B1,K21"}"#,
        r#"{"size":"8","position":"b:W15,19,22:B1,K21"}"#,
        r#"{"size":"8","position":" B:W15,19,22:B1,K21"}"#,
        r#"{"size":"8","position":"B:W15,19,22:B1,K33"}"#,
        r#"{"size":"10","position":"W:W1:B2"}"#,
        r#"{"size":"12","position":"W:W40:B1"}"#,
        r#"{"size":"10","position":"W:W40:B1","x":1}"#,
        r#""W:W40:B1""#,
        "null",
    ] {
        assert!(serde_json::from_str::<Position>(junk).is_err(), "{junk}");
    }
    for junk in [r#""White""#, r#""W""#, "0"] {
        assert!(serde_json::from_str::<Color>(junk).is_err(), "{junk}");
    }
    for junk in [r#""Man""#, r#""king""#, "1"] {
        assert!(serde_json::from_str::<Kind>(junk).is_err(), "{junk}");
    }
}

#[test]
fn game_records_round_trip() {
    let mut record = GameRecord::new(Position::start_with_size(BoardSize::Side(8)).unwrap());
    for text in ["22-18", "11-15", "18x11"] {
        record.play_text(text).expect(text);
    }
    let json = serde_json::to_string(&record).unwrap();
    assert!(
        json.starts_with(r#"{"format":1,"game":"swedish-draughts","size":"8","start":"W:W21,"#),
        "{json}"
    );
    assert!(
        json.ends_with(r#""moves":["22-18","11-15","18x11"]}"#),
        "{json}"
    );
    let back: GameRecord<Position> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.current(), record.current());
    for (from, to) in [
        (r#""format":1"#, r#""format":2"#),
        (r#""size":"8""#, r#""size":"10""#),
        (r#""18x11""#, r#""21-17""#),
    ] {
        let bad = json.replace(from, to);
        assert!(
            serde_json::from_str::<GameRecord<Position>>(&bad).is_err(),
            "{bad}"
        );
    }
    // The moves are replayed as move text, which is read in either case (game-core's error
    // policy): `18X11` is the capture 18x11, and is written back as `18x11`.
    let typed = json.replace(r#""18x11""#, r#""18X11""#);
    let back: GameRecord<Position> = serde_json::from_str(&typed).expect("reads back");
    assert_eq!(serde_json::to_string(&back).unwrap(), json);
}

/// Positions reached by random play on both boards, with a few dames.
fn positions() -> Vec<Position> {
    let mut out = vec![
        "W:WK28:B18,22,23".parse().expect("valid"),
        "B:W31,32,33,K45:B1,2,3,K10".parse().expect("valid"),
    ];
    let mut rng = Rng::new(5);
    for size in [10, 8] {
        let mut pos = Position::start_with_size(BoardSize::Side(size)).expect("a board");
        for ply in 0..120 {
            let moves = pos.legal_moves();
            let Some(&mv) = rng.choose(&moves) else { break };
            pos.play_unchecked(mv);
            if ply % 20 == 0 {
                out.push(pos);
            }
        }
    }
    out
}

/// Plays `mv` unchecked on `start` again and again; the position must stay one the engine
/// can work with: each side within its start's piece count, the hash right, text that reads
/// back, moves listed and written.
fn play_repeatedly(start: Position, mv: Move, times: usize) {
    let mut pos = start;
    let _ = pos.is_legal(mv);
    let _ = pos.move_chain(mv);
    let mut checked = pos;
    if checked.play(mv).is_err() {
        assert_eq!(checked, pos);
    }
    for _ in 0..times {
        pos.play_unchecked(mv);
        let moves = pos.legal_moves();
        let _ = pos.outcome();
        assert_eq!(pos.hash_key(), pos.fresh_hash_key(), "{pos:?}");
        let full = if pos.point_count() == 32 { 12 } else { 20 };
        for color in [Color::White, Color::Black] {
            assert!(pos.piece_count(color) <= full, "{pos:?}");
        }
        let text = pos.to_string();
        assert!(
            Position::parse_position(&text, pos.board_size()).is_ok(),
            "{text}"
        );
        if let Some(&next) = moves.first() {
            let _ = pos.move_text(next);
        }
    }
}

/// Whatever a stored move says, reading it either fails or gives a move that plays unchecked
/// without a panic on positions of both boards.
#[test]
fn stored_moves_never_make_the_engine_panic() {
    let mut rng = Rng::new(77);
    let starts = positions();
    let mut accepted = 0;
    for _ in 0..3000 {
        let size = if rng.below(2) == 0 { 8 } else { 10 };
        // Mostly squares of the board, sometimes beyond it.
        let square = |rng: &mut Rng| {
            if rng.below(8) == 0 {
                rng.below(61)
            } else {
                1 + rng.below(size * size / 2)
            }
        };
        let (from, to) = (square(&mut rng), square(&mut rng));
        let captured: Vec<usize> = (0..rng.below(5)).map(|_| square(&mut rng)).collect();
        let json = serde_json::json!({"size": size.to_string(), "from": from, "to": to, "captured": captured});
        let Ok(mv) = serde_json::from_value::<Move>(json) else {
            continue;
        };
        accepted += 1;
        assert_eq!(
            read(&serde_json::to_string(&mv).expect("serialises")).ok(),
            Some(mv)
        );
        for &start in &starts {
            play_repeatedly(start, mv, 3);
        }
    }
    // Enough of them are moves for the test to mean something.
    assert!(accepted > 500, "only {accepted} accepted");
}

/// Moves generated in one position, played unchecked in others (of both boards).
#[test]
fn foreign_moves_never_make_the_engine_panic() {
    let starts = positions();
    for &here in &starts {
        for mv in here.legal_moves() {
            for &there in &starts {
                play_repeatedly(there, mv, 4);
            }
        }
    }
}
