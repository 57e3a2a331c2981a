//! The workspace conformance kit on 10x10, the perft vector files of both sizes, and the same
//! checks by hand on 8x8 (the kit's text round trip reads positions with `FromStr`, which is
//! 10x10 only: the PDN FEN string does not carry the board size).

use std::collections::HashSet;

use swedish_draughts::game_core::testing::{check_perft_file, Conformance};
use swedish_draughts::game_core::Rng;
use swedish_draughts::{BoardSize, Game, GameRecord, Position, DRAW_RULES};

fn data(name: &str) -> String {
    format!("{}/tests/data/{name}", env!("CARGO_MANIFEST_DIR"))
}

#[test]
fn conformance_10x10() {
    let extra = [
        "W:W33,50:B14,23,28,44",
        "W:WK28:B18,22,23",
        "B:W31,32,33,K45:B1,2,3,K10",
        "W:W28,33,34,39,40,43,44,45,49,50:B3,7,8,9,12,13,14,17,18,19,23",
    ];
    Conformance::<Position>::new()
        .starts(
            std::iter::once(Position::start())
                .chain(extra.iter().map(|t| t.parse().expect("valid position"))),
        )
        .games(30)
        .seed(11)
        // No `.draw_rules(…)`: the kit's default is the game's own, `DRAW_RULES`.
        .perft_file(data("swedish_draughts_10.perft"))
        .run();
}

#[test]
fn perft_file_8x8() {
    check_perft_file::<Position>(data("swedish_draughts_8.perft"));
}

/// The kit's per-position checks, with the text read back on the 8x8 board.
fn check_8x8(pos: &Position, elsewhere: &[swedish_draughts::Move]) {
    let moves = pos.legal_moves();
    assert_eq!(pos.outcome().is_some(), moves.is_empty(), "{pos:?}");
    let unique: HashSet<_> = moves.iter().copied().collect();
    assert_eq!(unique.len(), moves.len(), "{pos:?}: duplicates");
    assert_eq!(
        pos.count_legal_moves(&mut Vec::new()),
        moves.len(),
        "{pos:?}"
    );
    let text = pos.to_string();
    let back = Position::parse_position(&text, Some(BoardSize::Side(8))).expect("own text parses");
    assert_eq!(back, *pos);
    assert_eq!(back.to_string(), text);
    assert_eq!(pos.hash_key(), pos.fresh_hash_key(), "{pos:?}");
    for &mv in &moves {
        let mt = pos.move_text(mv);
        assert_eq!(pos.parse_move(&mt), Ok(mv), "{pos:?} {mt}");
        assert!(pos.is_legal(mv));
        let mut checked = *pos;
        checked.play(mv).expect("generated moves are legal");
        let mut fast = *pos;
        fast.play_unchecked(mv);
        assert_eq!(checked, fast);
        assert_eq!(fast.hash_key(), fast.fresh_hash_key(), "{pos:?} after {mt}");
    }
    for &mv in elsewhere.iter().filter(|m| !unique.contains(m)).take(16) {
        assert!(!pos.is_legal(mv), "{pos:?}: {mv:?} accepted");
        let mut copy = *pos;
        assert!(copy.play(mv).is_err());
        assert_eq!(copy, *pos);
    }
}

#[test]
fn conformance_8x8_by_hand() {
    let mut rng = Rng::new(8);
    for _ in 0..30 {
        let mut record =
            GameRecord::new(Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board"));
        assert_eq!(record.rules(), DRAW_RULES);
        let mut seen = Vec::new();
        loop {
            let pos = *record.current();
            check_8x8(&pos, &seen);
            if record.outcome().is_some() {
                break;
            }
            let moves = pos.legal_moves();
            seen.extend(moves.iter().copied().take(8));
            let mv = *rng.choose(&moves).expect("a game in progress has moves");
            record.play(mv).expect("legal");
            assert!(record.moves().len() < 2000, "the draw rules end every game");
        }
    }
}
