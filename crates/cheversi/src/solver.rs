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

mod search;
mod table;

use core::fmt;
use std::time::Instant;

use game_core::StopFlag;

use crate::position::{Color, Move, Position};
use search::{running_difference, table_key, Child, Search, StopWhen};
use table::{Table, INFINITY};

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

/// Why [`Solver::solve_until`] gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum SolveError {
    /// The position is beyond the solver's limit.
    TooFarFromEnd(TooFarFromEnd),
    /// The deadline passed or the stop flag was raised before the search finished; what the
    /// table learnt is kept, so a later solve of the same position starts further on.
    Stopped {
        /// The positions searched before stopping.
        nodes: u64,
    },
}

impl fmt::Display for SolveError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            SolveError::TooFarFromEnd(e) => e.fmt(f),
            SolveError::Stopped { nodes } => {
                write!(f, "the solve was stopped after {nodes} positions")
            }
        }
    }
}

impl std::error::Error for SolveError {}

impl From<TooFarFromEnd> for SolveError {
    fn from(e: TooFarFromEnd) -> Self {
        SolveError::TooFarFromEnd(e)
    }
}

/// An exact endgame solver with its transposition table (reuse it across positions: every
/// stored bound stays true, so later solves profit from earlier ones).
#[derive(Debug)]
pub struct Solver {
    table: Table,
    max_left: u8,
    buffers: Vec<Vec<Child>>,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// The default limit on the placements left: a solve from there takes at most about a
    /// second (see the [module docs](self)).
    pub const DEFAULT_MAX_PLACEMENTS_LEFT: u8 = 10;

    /// The table size of [`Solver::new`]: 2^20 entries (16 MiB).
    pub const DEFAULT_TABLE_BITS: u32 = 20;

    /// A solver with a transposition table of 2^[`Self::DEFAULT_TABLE_BITS`] entries and the
    /// default limit.
    pub fn new() -> Solver {
        Solver::with_table_bits(Self::DEFAULT_TABLE_BITS)
    }

    /// A solver with a transposition table of 2^`bits` entries (16 bytes each; `bits` is
    /// clamped to 4 … 28).
    pub fn with_table_bits(bits: u32) -> Solver {
        let bits = bits.clamp(4, 28);
        Solver {
            table: Table::new(bits),
            max_left: Self::DEFAULT_MAX_PLACEMENTS_LEFT,
            buffers: Vec::new(),
        }
    }

    /// The same solver with another limit on the placements left (up to 16; beyond the default
    /// a solve can take a long time, see the [module docs](self)).
    pub fn with_max_placements_left(mut self, max: u8) -> Solver {
        self.max_left = max.min(16);
        self
    }

    /// The number of entries of the transposition table.
    pub fn table_len(&self) -> usize {
        self.table.len()
    }

    /// Empties the transposition table (results of earlier solves stay valid, so clearing is
    /// only needed to measure a solve from scratch or to free the table's contents).
    pub fn clear(&mut self) {
        self.table.clear();
    }

    /// The exact final score difference (White − Black) of `pos` under best play, and a best
    /// placement.
    ///
    /// # Errors
    /// [`TooFarFromEnd`] when more placements are left than the solver's limit.
    pub fn solve(&mut self, pos: &Position) -> Result<Solution, TooFarFromEnd> {
        match self.run(pos, StopWhen::default()) {
            Ok(solution) => Ok(solution),
            Err(SolveError::TooFarFromEnd(e)) => Err(e),
            // Without a deadline or a flag nothing can stop the search.
            Err(SolveError::Stopped { .. }) => unreachable!("a solve without a stop stopped"),
        }
    }

    /// [`Solver::solve`], giving up at `deadline` or as soon as `stop` is raised (each is
    /// looked at every few thousand positions, so the answer comes within a millisecond or
    /// so of either).
    ///
    /// ```
    /// use std::time::{Duration, Instant};
    /// use cheversi::solver::{SolveError, Solver};
    /// use cheversi::game_core::StopFlag;
    /// use cheversi::Position;
    ///
    /// // Eight placements from the end, far too much for a deadline already passed.
    /// let pos: Position = "1N1K4/1nq5/1rQ5/2nR4/8/8/8/8 w b6".parse()?;
    /// let mut solver = Solver::new();
    /// let stop = StopFlag::new();
    /// let outcome = solver.solve_until(&pos, Some(Instant::now()), Some(&stop));
    /// assert!(matches!(outcome, Err(SolveError::Stopped { .. })));
    /// // With time to spare it answers.
    /// let deadline = Instant::now() + Duration::from_secs(60);
    /// let solution = solver.solve_until(&pos, Some(deadline), Some(&stop))?;
    /// assert_eq!(solution.score_difference, -2);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::TooFarFromEnd`] beyond the limit, [`SolveError::Stopped`] when stopped.
    pub fn solve_until(
        &mut self,
        pos: &Position,
        deadline: Option<Instant>,
        stop: Option<&StopFlag>,
    ) -> Result<Solution, SolveError> {
        self.run(
            pos,
            StopWhen {
                deadline,
                flag: stop,
            },
        )
    }

    /// MTD(f): null-window searches around a guess of the value, each moving one bound, until
    /// the bounds meet. The value is a small integer and the table keeps both bounds of every
    /// position, so the passes share nearly all their work.
    fn run(&mut self, pos: &Position, stop: StopWhen<'_>) -> Result<Solution, SolveError> {
        let left = pos.placements_left();
        if left > self.max_left {
            return Err(TooFarFromEnd {
                placements_left: left,
                max_placements_left: self.max_left,
            }
            .into());
        }
        let mut search = Search {
            table: &mut self.table,
            buffers: &mut self.buffers,
            stop,
            nodes: 0,
            stopped: false,
            root_best: None,
            killers: [[None; 2]; 17],
            history: [[[0; 64]; 5]; 2],
        };
        let (mut lower, mut upper) = (-i32::from(INFINITY), i32::from(INFINITY));
        let mut guess = match search.table.probe(table_key(pos)) {
            Some(entry) if entry.lower == entry.upper => i32::from(entry.lower),
            _ => running_difference(pos),
        };
        while lower < upper {
            let beta = if guess == lower { guess + 1 } else { guess };
            guess = search.search(pos, 0, beta - 1, beta);
            if search.stopped {
                return Err(SolveError::Stopped {
                    nodes: search.nodes,
                });
            }
            if guess < beta {
                upper = guess;
            } else {
                lower = guess;
            }
        }
        let white_minus_black = match pos.side_to_move() {
            Color::White => guess,
            Color::Black => -guess,
        };
        Ok(Solution {
            score_difference: white_minus_black,
            best_move: search.root_best,
            nodes: search.nodes,
        })
    }
}

/// The exact final score difference (White − Black) of `pos` under best play, with a fresh
/// [`Solver`] and the default limit ([`Solver::DEFAULT_MAX_PLACEMENTS_LEFT`]).
///
/// # Errors
/// [`TooFarFromEnd`] when more placements are left than the default limit.
pub fn solve(pos: &Position) -> Result<Solution, TooFarFromEnd> {
    Solver::new().solve(pos)
}
