//! Fuzz target for kvarn3: arbitrary bytes as a position string, as move texts, and as move
//! indices. Nothing may panic, and every position reached must print text that reads back as
//! the same position, with a hash equal to a fresh one and solver values consistent with play.
//!
//! Layout of the input: the text up to the first `\n` is tried as a position string (the start
//! position is used when it is not one); the following lines, up to a line `#`, are tried as
//! move texts in turn; every byte after that picks a legal move by index.

#![no_main]

use kvarn3::{Game, Position, Solver};

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
    let value = Solver::shared().value(pos);
    assert_eq!(
        value == kvarn3::Value::Loss(0),
        moves.is_empty(),
        "{text}: {value}"
    );
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
        if let Ok(mv) = pos.parse_move(line) {
            assert!(pos.is_legal(mv));
            assert_eq!(pos.move_text(mv), line);
            let before = pos;
            pos.play(mv).expect("a parsed move is legal");
            assert_eq!(Solver::shared().value(&pos).for_mover(), {
                Solver::shared()
                    .move_values(&before)
                    .into_iter()
                    .find(|&(m, _)| m == mv)
                    .map(|(_, v)| v)
                    .expect("the move is listed")
            });
            check(&pos);
        }
    }
    let mut moves = Vec::new();
    for &byte in data.iter().skip(consumed.min(data.len())) {
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            break;
        }
        let index = usize::from(byte) % moves.len();
        let mv = moves[index];
        assert_eq!(pos.nth_move(index), Some(mv), "{pos}");
        pos.play(mv).expect("a generated move is legal");
        check(&pos);
    }
});
