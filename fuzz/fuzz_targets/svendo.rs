//! Fuzz target for svendo: arbitrary bytes as a position string, as move texts, and as move
//! indices. Nothing may panic, and every position reached must print text that reads back as
//! the same position, with a hash equal to a fresh one, a legal-move count that agrees with the
//! list, and checked play that agrees with the list.
//!
//! Layout of the input: the text up to the first `\n` is tried as a position string (the start
//! position is used when it is not one); the following lines, up to a line `#`, are tried as
//! move texts in turn; every byte after that picks a legal move by index (at most 200 moves, so
//! a run stays short).

#![no_main]

use svendo::{Game, Position};

fn check(pos: &Position) {
    let text = pos.to_string();
    let back: Position = text.parse().expect("a position's own text parses");
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
        assert!(pos.is_legal(mv), "{text}");
        assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(mv), "{text}");
    }
    let mut plain = Vec::new();
    pos.plain_moves_into(&mut plain);
    assert!(moves.iter().all(|m| plain.contains(m)), "{text}");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let first = lines.next().unwrap_or("");
    let mut pos = match first.parse::<Position>() {
        Ok(pos) => pos,
        Err(err) => {
            assert!(err.offset <= first.len(), "{first:?}: {err}");
            Position::start()
        }
    };
    check(&pos);
    let mut consumed = first.len() + 1;
    for line in lines.by_ref() {
        consumed += line.len() + 1;
        if line == "#" {
            break;
        }
        match pos.parse_move(line) {
            Ok(mv) => {
                assert!(pos.is_legal(mv));
                pos.play(mv).expect("a parsed move is legal");
                check(&pos);
            }
            Err(_) => {
                if let Ok(mv) = Position::parse_move_syntax(line) {
                    // Well-formed text that names no legal move: checked play refuses it too.
                    let mut copy = pos;
                    assert!(copy.play(mv).is_err(), "{pos}: {line}");
                    assert_eq!(copy, pos);
                }
            }
        }
    }
    let mut moves = Vec::new();
    for &byte in text.as_bytes().iter().skip(consumed).take(200) {
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(byte) % moves.len()];
        pos.play(mv).expect("a generated move is legal");
        check(&pos);
    }
});
