//! Every move that can be built — any kind on any square, the whole `Move` type, which is
//! also every move serde can read — played with `play_unchecked` in any position, legal or
//! not, again and again: nothing done with the resulting positions panics.

use cheversi::game_core::Rng;
use cheversi::{Game, Kind, Move, Position, Square};

/// Every value of `Move`: 5 kinds × 64 squares.
fn every_move() -> Vec<Move> {
    Kind::ALL
        .iter()
        .flat_map(|&kind| Square::all().map(move |square| Move::new(kind, square)))
        .collect()
}

/// Everything a user can do with a position.
fn use_position(pos: &Position) {
    let moves = pos.legal_moves();
    assert_eq!(pos.count_legal_moves(&mut Vec::new()), moves.len());
    let _ = (pos.outcome(), pos.scores(), pos.placements().any());
    let _ = (pos.to_string(), pos.diagram(), pos.details());
    let _ = (pos.hash_key(), pos.fresh_hash_key());
    for &mv in moves.iter().take(4) {
        let text = pos.move_text(mv);
        let _ = pos.parse_move(&text);
    }
}

#[test]
fn unchecked_moves_of_every_kind_and_square_never_panic() {
    let all = every_move();
    assert_eq!(all.len(), 5 * 64);
    let mut rng = Rng::new(3);
    // Each move once on the start and on positions from random legal play.
    let mut pos = Position::start();
    for ply in 0..12 {
        for &mv in &all {
            let mut after = pos;
            after.play_unchecked(mv);
            use_position(&after);
        }
        let moves = pos.legal_moves();
        match rng.choose(&moves) {
            Some(&mv) if ply < 11 => pos.play_unchecked(mv),
            _ => break,
        }
    }
    // Long runs of random unchecked moves: more pieces than a side has, pieces on pieces,
    // placements after the end.
    for _ in 0..200 {
        let mut pos = Position::start();
        for _ in 0..40 {
            let &mv = rng.choose(&all).expect("moves");
            pos.play_unchecked(mv);
            use_position(&pos);
        }
    }
}
