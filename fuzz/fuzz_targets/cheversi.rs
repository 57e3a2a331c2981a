//! Fuzz target for cheversi: arbitrary bytes as a position string, as move texts, and as move
//! indices. Nothing may panic, and every position reached must print text that reads back as
//! the same position, with a hash equal to a fresh one, a score equal to the piece-by-piece
//! count, and an outcome exactly when no placement is legal.
//!
//! Layout of the input: the text up to the first `\n` is tried as a position string (the start
//! position is used when it is not one); the following lines, up to a line `#`, are tried as
//! move texts in turn; every byte after that picks a legal move by index (a byte 255 instead
//! tries an arbitrary (kind, square) pair from the next two bytes, which checked play must refuse
//! unless it is legal).

#![no_main]

use cheversi::{score, Color, Game, Kind, Move, Position, Square};

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
    for color in Color::ALL {
        assert_eq!(
            pos.scores()[color.index()],
            score::score_by_pieces(pos, color),
            "{text}"
        );
    }
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
            pos.play(mv).expect("a parsed move is legal");
            check(&pos);
        }
    }
    let bytes = text.as_bytes();
    let mut rest = bytes.get(consumed.min(bytes.len())..).unwrap_or(&[]).iter();
    let mut moves = Vec::new();
    while let Some(&b) = rest.next() {
        if b == 255 {
            let (Some(&kind), Some(&square)) = (rest.next(), rest.next()) else {
                break;
            };
            let mv = Move::new(
                Kind::ALL[usize::from(kind) % 5],
                Square::from_index(square & 63).expect("below 64"),
            );
            let before = pos;
            let legal = pos.is_legal(mv);
            assert_eq!(pos.play(mv).is_ok(), legal);
            if !legal {
                assert_eq!(pos, before);
            }
            check(&pos);
            continue;
        }
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            break;
        }
        pos.play_unchecked(moves[usize::from(b) % moves.len()]);
        check(&pos);
    }
});
