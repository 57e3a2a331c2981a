//! Fuzz target for swedish-draughts: arbitrary bytes as a position string (on the board size
//! chosen by the first byte), as move texts, and as move indices. Nothing may panic, and every
//! position reached must print text that reads back as the same position on the same board,
//! with a hash equal to a fresh one and a move list that agrees with the outcome and the count.
//!
//! Layout of the input: the first byte picks the board (even: 10x10, odd: 8x8); the text up to
//! the next `\n` is tried as a position string (the start is used when it is not one); the
//! following lines, up to a line `#`, are tried as move texts in turn; every byte after that
//! picks a legal move by index.

#![no_main]

use swedish_draughts::{Game, Position};

fn check(pos: &Position) {
    let text = pos.to_string();
    let back = Position::parse_position(&text, Some(pos.size())).expect("own text parses");
    assert_eq!(back, *pos, "{text}");
    assert_eq!(back.to_string(), text);
    assert_eq!(pos.hash_key(), pos.fresh_hash_key(), "{text}");
    let moves = pos.legal_moves();
    assert_eq!(moves.is_empty(), pos.outcome().is_some(), "{text}");
    assert_eq!(
        pos.count_legal_moves(&mut Vec::new()),
        moves.len(),
        "{text}"
    );
    for &mv in moves.iter().take(8) {
        let mt = pos.move_text(mv);
        assert_eq!(pos.parse_move(&mt), Ok(mv), "{text}: {mt}");
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&board, data)) = data.split_first() else {
        return;
    };
    let size = if board % 2 == 0 { 10 } else { 8 };
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let first = lines.next().unwrap_or("");
    let mut pos = match Position::parse_position(first, Some(size)) {
        Ok(pos) => pos,
        Err(err) => {
            assert!(err.offset <= first.len(), "{first:?}: {err}");
            Position::start_with_size(size).expect("both sizes exist")
        }
    };
    check(&pos);
    let mut consumed = first.len() + 1;
    for line in lines.by_ref() {
        consumed += line.len() + 1;
        if line == "#" {
            break;
        }
        if let Ok(mv) = pos.parse_move(line) {
            assert!(pos.is_legal(mv));
            let canonical = pos.move_text(mv);
            assert_eq!(pos.parse_move(&canonical), Ok(mv));
            pos.play(mv).expect("a parsed move is legal");
            check(&pos);
        }
    }
    let mut moves = Vec::new();
    for &byte in data.get(consumed..).unwrap_or(&[]) {
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[byte as usize % moves.len()];
        pos.play(mv).expect("a generated move is legal");
        check(&pos);
    }
});
