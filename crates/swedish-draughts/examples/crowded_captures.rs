//! A hill-climbing search for positions with many captures sharing start and end square:
//! the search behind the bound of the further-capture ids (`learning::EXTRA_ROUTE_IDS`) and
//! behind the crowded positions of `tests/learning.rs`.
//!
//! ```text
//! cargo run --release -p swedish-draughts --example crowded_captures -- SIZE SEED STEPS RESTARTS [pair]
//! ```
//!
//! From random crowded positions (White to move, one to three white pieces and half a side
//! to a full side of black ones, each a dame or a man at random), it changes one piece at a
//! time (moves it, turns it into a dame or a man, or adds a piece) and keeps the change when
//! the score does not drop. The score is the number of further captures (captures beyond the
//! first between the same two squares: ids from `N²` on), or with `pair` the most captures
//! between one pair of squares. Each new best is printed with its position.

use std::collections::HashMap;

use swedish_draughts::game_core::Rng;
use swedish_draughts::{BoardSize, Game, Position};

/// A piece of the search's state: square, White's, dame.
type Piece = (u32, bool, bool);

/// The score of a position: further captures, or the most captures between one pair.
fn score(pos: &Position, pair: bool) -> usize {
    let mut pairs: HashMap<(u8, u8), usize> = HashMap::new();
    for mv in pos.legal_moves() {
        *pairs
            .entry((mv.from().number(), mv.to().number()))
            .or_default() += 1;
    }
    if pair {
        pairs.values().copied().max().unwrap_or(0)
    } else {
        pairs.values().sum::<usize>() - pairs.len()
    }
}

/// The position of the pieces, White to move; `None` when it is no legal position.
fn position(pieces: &[Piece], size: u32) -> Option<Position> {
    let (squares, rank) = if size == 10 { (50, 5) } else { (32, 4) };
    let list = |white: bool| {
        pieces
            .iter()
            .filter(|p| p.1 == white)
            .map(|&(s, w, dame)| {
                // A man cannot stand on its own far rank.
                let far = if w { s <= rank } else { s > squares - rank };
                format!("{}{s}", if dame || far { "K" } else { "" })
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let text = format!("W:W{}:B{}", list(true), list(false));
    Position::parse_position(&text, Some(BoardSize::Side(size))).ok()
}

fn main() {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let number = |i: usize, default: u64| {
        args.get(i)
            .and_then(|a| a.parse::<u64>().ok())
            .unwrap_or(default)
    };
    let size = number(0, 10) as u32;
    let (seed, steps, restarts) = (number(1, 1), number(2, 20_000), number(3, 20));
    let pair = args.get(4).is_some_and(|a| a == "pair");
    let (squares, men) = if size == 10 { (50, 20) } else { (32, 12) };
    let mut rng = Rng::new(seed);
    let mut best = 0;
    for _ in 0..restarts {
        let mut pieces: Vec<Piece> = Vec::new();
        let white = 1 + rng.below(3);
        let black = men / 2 + rng.below(men / 2 + 1);
        while pieces.len() < white + black {
            let s = 1 + rng.below(squares) as u32;
            if pieces.iter().all(|p| p.0 != s) {
                pieces.push((s, pieces.len() < white, rng.below(2) == 0));
            }
        }
        let mut current = position(&pieces, size).map_or(0, |p| score(&p, pair));
        for _ in 0..steps {
            let mut next = pieces.clone();
            let i = rng.below(next.len());
            let s = 1 + rng.below(squares) as u32;
            match rng.below(3) {
                0 if next.iter().all(|p| p.0 != s) => next[i].0 = s,
                1 => next[i].2 = !next[i].2,
                2 if next.iter().all(|p| p.0 != s) => {
                    let w = rng.below(4) == 0;
                    if next.iter().filter(|p| p.1 == w).count() >= men {
                        continue;
                    }
                    next.push((s, w, rng.below(2) == 0));
                }
                _ => continue,
            }
            if let Some(pos) = position(&next, size) {
                let value = score(&pos, pair);
                if value >= current {
                    if value > best {
                        best = value;
                        println!("{value} {pos}");
                    }
                    current = value;
                    pieces = next;
                }
            }
        }
    }
    println!("best {best}");
}
