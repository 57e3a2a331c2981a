//! The exact endgame solver: the final score difference under best play.
//!
//! A negamax search with alpha-beta pruning on the final score difference (the side to move's
//! score minus the opponent's at the end of the game), children ordered by the running score
//! after the placement (the natural evaluation: it is the final score if nobody placed again)
//! and the best move of a transposition table first. The table stores bounds keyed by the
//! Zobrist key; since every line from a position runs to the end of the game, every stored value
//! is exact for its bound, whatever the path that reached it.
//!
//! # How far from the end it is practical
//! Near the end the branching is small: Black's 8th placement is the king on one of at most 8
//! squares, White's 8th is a single kind, and Black's 7th is forced to the queen. Further back a
//! placement has up to four kinds on some 10–40 squares. Measured on positions of seeded random
//! games (release build, a table of 2^22 entries, a loaded 2-core machine), per position:
//!
//! | placements left | time | positions searched |
//! |---|---|---|
//! | 4 | under 5 ms | 100 – 1,000 |
//! | 6 | 1 – 20 ms | 1,500 – 19,000 |
//! | 7 | 20 – 100 ms | 15,000 – 66,000 |
//! | 8 | 0.1 – 1 s | 78,000 – 480,000 |
//! | 9 | about 3 s | 2 – 3 million |
//! | 10 | 3 – 40 s | 4 – 48 million |
//!
//! So the solver is practical up to 8 placements from the end (the default limit,
//! [`Solver::DEFAULT_MAX_PLACEMENTS_LEFT`]), usable at 9, and slow beyond; raise the limit with
//! [`Solver::with_max_placements_left`] at your own cost.

use core::fmt;

use crate::board::Square;
use crate::movegen::placements;
use crate::position::{Kind, Move, Position};
use crate::score::scores;

/// A position too far from the end for the solver's limit.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct TooFarFromEnd {
    /// The placements left in the position.
    pub placements_left: u8,
    /// The solver's limit.
    pub max_placements_left: u8,
}

impl fmt::Display for TooFarFromEnd {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "{} placements are left; the solver's limit is {}",
            self.placements_left, self.max_placements_left
        )
    }
}

impl std::error::Error for TooFarFromEnd {}

/// The result of solving a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Solution {
    /// White's final score minus Black's under best play by both.
    pub score_difference: i32,
    /// A best placement for the side to move (`None` when the game is over).
    pub best_move: Option<Move>,
    /// The positions searched.
    pub nodes: u64,
}

#[derive(Clone, Copy, Debug, Default)]
struct Entry {
    key: u64,
    value: i16,
    bound: Bound,
    best: Option<Move>,
}

#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
enum Bound {
    #[default]
    Empty,
    Exact,
    Lower,
    Upper,
}

/// An exact endgame solver with its transposition table (reuse it across positions).
#[derive(Debug)]
pub struct Solver {
    table: Vec<Entry>,
    max_left: u8,
    nodes: u64,
    buffers: Vec<Vec<(i32, Move)>>,
    root_best: Option<Move>,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

/// The side to move's running score minus the opponent's.
#[inline]
fn running_difference(pos: &Position) -> i32 {
    let s = scores(pos);
    let me = pos.side_to_move().index();
    s[me] as i32 - s[1 - me] as i32
}

impl Solver {
    /// The default limit on the placements left.
    pub const DEFAULT_MAX_PLACEMENTS_LEFT: u8 = 8;

    /// A solver with a transposition table of 2^18 entries (4 MiB) and the default limit.
    pub fn new() -> Solver {
        Solver::with_table_bits(18)
    }

    /// A solver with a transposition table of 2^`bits` entries (16 bytes each; `bits` is
    /// clamped to 4 … 28).
    pub fn with_table_bits(bits: u32) -> Solver {
        let bits = bits.clamp(4, 28);
        Solver {
            table: vec![Entry::default(); 1 << bits],
            max_left: Self::DEFAULT_MAX_PLACEMENTS_LEFT,
            nodes: 0,
            buffers: Vec::new(),
            root_best: None,
        }
    }

    /// The same solver with another limit on the placements left (up to 16; beyond 8 a solve can
    /// take a long time, see the [module docs](self)).
    pub fn with_max_placements_left(mut self, max: u8) -> Solver {
        self.max_left = max.min(16);
        self
    }

    /// Empties the transposition table (results of earlier solves stay valid, so clearing is
    /// only needed to measure a solve from scratch or to free the table's contents).
    pub fn clear(&mut self) {
        self.table.fill(Entry::default());
    }

    /// The exact final score difference (White − Black) of `pos` under best play, and a best
    /// placement.
    ///
    /// # Errors
    /// [`TooFarFromEnd`] when more placements are left than the solver's limit.
    pub fn solve(&mut self, pos: &Position) -> Result<Solution, TooFarFromEnd> {
        let left = pos.placements_left();
        if left > self.max_left {
            return Err(TooFarFromEnd {
                placements_left: left,
                max_placements_left: self.max_left,
            });
        }
        self.nodes = 0;
        self.root_best = None;
        if self.buffers.len() < usize::from(left) + 1 {
            self.buffers.resize_with(usize::from(left) + 1, Vec::new);
        }
        let value = self.search(pos, 0, -i32::from(i16::MAX), i32::from(i16::MAX));
        let best_move = self.root_best.take();
        let white_minus_black = match pos.side_to_move() {
            crate::Color::White => value,
            crate::Color::Black => -value,
        };
        Ok(Solution {
            score_difference: white_minus_black,
            best_move,
            nodes: self.nodes,
        })
    }

    #[inline]
    fn slot(&self, key: u64) -> usize {
        (key as usize) & (self.table.len() - 1)
    }

    /// Negamax: the final score difference for the side to move, exact within (alpha, beta).
    fn search(&mut self, pos: &Position, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
        self.nodes += 1;
        let plan = placements(pos);
        if !plan.any() {
            return running_difference(pos);
        }
        let slot = self.slot(pos.hash);
        let entry = self.table[slot];
        let mut tt_move = None;
        if entry.key == pos.hash && entry.bound != Bound::Empty {
            tt_move = entry.best;
        }
        // At the root the search always runs, so that the best move is known.
        if entry.key == pos.hash && entry.bound != Bound::Empty && ply > 0 {
            let v = i32::from(entry.value);
            match entry.bound {
                Bound::Exact => return v,
                Bound::Lower => alpha = alpha.max(v),
                Bound::Upper => beta = beta.min(v),
                Bound::Empty => {}
            }
            if alpha >= beta {
                return v;
            }
        }
        let (alpha_in, beta_in) = (alpha, beta);

        // Children, ordered by the running score after the placement (best for us first), the
        // table's move before all.
        let mut children = core::mem::take(&mut self.buffers[ply]);
        children.clear();
        for kind in Kind::ALL {
            let mut targets = plan.targets(kind);
            while targets != 0 {
                let mv = Move::new(kind, Square::lowest(targets));
                targets &= targets - 1;
                let mut child = *pos;
                child.place_unchecked(mv);
                let order = if Some(mv) == tt_move {
                    i32::MAX
                } else {
                    -running_difference(&child)
                };
                children.push((order, mv));
            }
        }
        children.sort_unstable_by_key(|&(order, _)| core::cmp::Reverse(order));

        let last_placement = pos.placements_left() == 1;
        let mut best = -i32::from(i16::MAX);
        let mut best_move = None;
        for &(order, mv) in children.iter() {
            let mut child = *pos;
            child.place_unchecked(mv);
            let value = if last_placement && order != i32::MAX {
                // The child ends the game: its running score is the final one.
                order
            } else {
                -self.search(&child, ply + 1, -beta, -alpha)
            };
            if value > best {
                best = value;
                best_move = Some(mv);
            }
            alpha = alpha.max(value);
            if alpha >= beta {
                break;
            }
        }
        self.buffers[ply] = children;
        if ply == 0 {
            self.root_best = best_move;
        }

        let bound = if best <= alpha_in {
            Bound::Upper
        } else if best >= beta_in {
            Bound::Lower
        } else {
            Bound::Exact
        };
        self.table[slot] = Entry {
            key: pos.hash,
            value: best as i16,
            bound,
            best: best_move,
        };
        best
    }
}

/// The exact final score difference (White − Black) of `pos` under best play, with a fresh
/// [`Solver`] and the default limit of 8 placements left.
///
/// # Errors
/// [`TooFarFromEnd`] when more than 8 placements are left.
pub fn solve(pos: &Position) -> Result<Solution, TooFarFromEnd> {
    Solver::new().solve(pos)
}
