//! Game records through serde, for every game on every board it has: a stored record loads
//! back as the same game — the same start (on the same board), the same moves, the same
//! positions — and a record of another game or board is refused.

use game_core::{BoardSize, Game, GameRecord, Rng};

/// Plays up to `plies` random legal moves from `start` (seeded), stores the record as JSON,
/// loads it back and compares; returns the JSON.
fn round_trip<G: Game>(start: G, plies: usize, seed: u64) -> String {
    let mut rng = Rng::new(seed);
    let mut record = GameRecord::new(start);
    for _ in 0..plies {
        let moves = record.legal_moves();
        let Some(&mv) = rng.choose(&moves) else { break };
        record.play(mv).expect("a generated move is legal");
    }
    let json = serde_json::to_string(&record).expect("a record serialises");
    let back: GameRecord<G> =
        serde_json::from_str(&json).unwrap_or_else(|e| panic!("{} {json}: {e}", G::NAME));
    assert_eq!(back.start(), record.start(), "{json}");
    assert_eq!(back.start().board_size(), start.board_size(), "{json}");
    assert_eq!(back.moves(), record.moves(), "{json}");
    assert!(back.positions().eq(record.positions()), "{json}");
    assert_eq!(back.current(), record.current(), "{json}");
    assert_eq!(back.rules(), record.rules(), "{json}");
    assert_eq!(back.outcome(), record.outcome(), "{json}");
    json
}

#[test]
fn swedish_draughts_records_keep_their_board() {
    use swedish_draughts::Position;
    for &size in Position::BOARD_SIZES {
        for seed in 0..4 {
            let start = Position::start_with_size(size).expect("a board of the game");
            let json = round_trip(start, 30 + 10 * seed as usize, seed);
            // The size is stored as its text.
            assert!(json.contains(&format!("\"size\":\"{size}\"")), "{json}");
        }
    }
    // A position string that fits both boards, on each.
    for &size in Position::BOARD_SIZES {
        let start = Position::parse_position("W:W21,K25:B6,K10", Some(size)).expect("valid");
        round_trip(start, 12, 7);
    }
}

#[test]
fn an_8x8_record_never_loads_as_10x10() {
    use swedish_draughts::Position;
    // "22-18" and "11-16" are legal on both boards from the same string: read on the wrong
    // board the record would be another game.
    let start = Position::parse_position("W:W21-32:B1-12", Some(BoardSize::Side(8)))
        .expect("the 8x8 start");
    let mut record = GameRecord::new(start);
    record.play_text("22-18").expect("legal");
    record.play_text("11-16").expect("legal");
    let json = serde_json::to_string(&record).expect("serialises");
    let back: GameRecord<Position> = serde_json::from_str(&json).expect("loads");
    assert_eq!(back.current().board_size(), Some(BoardSize::Side(8)));
    assert!(json.contains(r#""size":"8""#), "{json}");
    let on_ten = json.replace(r#""size":"8""#, r#""size":"10""#);
    let wrong: GameRecord<Position> = serde_json::from_str(&on_ten).expect("a 10x10 game too");
    assert_ne!(
        wrong.current(),
        back.current(),
        "the size is what tells them apart"
    );
    // No 9x9 board, a rectangle, or the old numeric form: all refused on load.
    for wrong in [
        r#""size":"9""#,
        r#""size":"8x8""#,
        r#""size":8"#,
        r#""size":"08 ""#,
    ] {
        let stored = json.replace(r#""size":"8""#, wrong);
        assert!(
            serde_json::from_str::<GameRecord<Position>>(&stored).is_err(),
            "{stored}"
        );
    }
}

#[test]
fn sundraval_records_on_every_size() {
    for n in 3..=11 {
        let size = BoardSize::Side(n);
        let start = sundraval::Position::start_with_size(size).expect("a board of the game");
        let json = round_trip(start, 2 + n as usize * 2, u64::from(n));
        assert!(json.contains(&format!("\"size\":\"{n}\"")), "{json}");
    }
}

#[test]
fn svendo_records_on_several_rectangles() {
    for text in [
        "10/10/10/10/10/10 b 8m/8m/8m 0/0/0",
        "5/5/5/5/5/5 b 8m/8m/8m 0/0/0",
        "8/8/8/8/8/8/8/8 b 8m/8m/8m 0/0/0",
        "12/12/12/12/12 b 8m/8m/8m 0/0/0",
        "7/7/7/7/7/7/7 b 8m/8m/8m 0/0/0",
        "WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 0/0/0",
    ] {
        let start: svendo::Position = text.parse().expect("a valid position");
        let size = start.board_size().expect("Svendo names its board");
        for seed in 0..3 {
            let json = round_trip(start, 20 + 15 * seed as usize, seed);
            assert!(json.contains(&format!("\"size\":\"{size}\"")), "{json}");
        }
    }
}

#[test]
fn a_svendo_record_on_a_rectangle_stores_width_x_height_and_checks_it() {
    let size = BoardSize::Rect {
        width: 8,
        height: 5,
    };
    let start = svendo::Position::start_with_size(size).expect("8x5 is a Svendo board");
    let json = round_trip(start, 10, 3);
    assert!(json.contains(r#""size":"8x5""#), "{json}");
    // The start string is 8 x 5: another size, a bare number or junk is refused on load.
    for wrong in [
        r#""size":"10x6""#,
        r#""size":"5x8""#,
        r#""size":"8""#,
        r#""size":8"#,
    ] {
        let stored = json.replace(r#""size":"8x5""#, wrong);
        assert!(
            serde_json::from_str::<GameRecord<svendo::Position>>(&stored).is_err(),
            "{stored}"
        );
    }
}

#[test]
fn kvarn3_and_cheversi_records() {
    for seed in 0..6 {
        round_trip(kvarn3::Position::start(), 4 + 4 * seed as usize, seed);
        round_trip(cheversi::Position::start(), 3 + 3 * seed as usize, seed);
    }
}

#[test]
fn a_record_of_another_game_is_refused() {
    let kvarn = round_trip(kvarn3::Position::start(), 3, 1);
    assert!(serde_json::from_str::<GameRecord<cheversi::Position>>(&kvarn).is_err());
    let draughts = round_trip(swedish_draughts::Position::start(), 3, 1);
    let err = serde_json::from_str::<GameRecord<sundraval::Position>>(&draughts).unwrap_err();
    assert!(err.to_string().contains("swedish-draughts"), "{err}");
    for junk in ["{}", "[]", "\"W:W31-50:B1-20\"", "null"] {
        assert!(serde_json::from_str::<GameRecord<swedish_draughts::Position>>(junk).is_err());
    }
}
