//! The exact endgame solver: the final score difference under best play (how it searches,
//! and the decisions taken, are on [`Solver`]).

use alloc::vec::Vec;

mod search;
mod table;

use core::fmt;
use core::time::Duration;

use game_core::search::Stopwatch;

use game_core::StopFlag;

use crate::position::{Color, Move, Position};
use search::{greedy_playout, table_key, Child, Search, StopWhen};
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

impl core::error::Error for TooFarFromEnd {}

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

/// Why [`Solver::solve_until`] or [`Solver::solve_within`] gave no answer.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
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

impl core::error::Error for SolveError {}

impl From<TooFarFromEnd> for SolveError {
    fn from(e: TooFarFromEnd) -> Self {
        SolveError::TooFarFromEnd(e)
    }
}

/// An exact endgame solver with its transposition table (reuse it across positions: every
/// stored bound stays true, so later solves profit from earlier ones).
///
/// # How it searches
/// MTD(f) on the final score difference (the side to move's score minus the opponent's at the
/// end of the game): a series of null-window alpha-beta searches around a guess (the running
/// score difference, or the table's value), each proving the value above or below one
/// integer, until the bounds meet. The value is a small integer, and the guess is usually
/// within a point or two, so two or three passes do; they share their work through the
/// transposition table, which keeps both bounds of every position it has seen.
/// Every line from a position runs to the end of the game, so a stored bound is true whatever
/// the path, the window or the solve that found it: a reused [`Solver`] keeps profiting.
///
/// Inside a pass: the table's bounds and move; the table's move searched before
/// the other children are generated; enhanced transposition cutoffs (a child whose stored
/// bound already refutes the window ends the node) from 6 placements left; the children
/// ordered by killers, then by the running score after the placement (from 6 left: after the
/// opponent's greedy reply; from 9 left: after three greedy placements) with a history of
/// cutoffs to break ties; Black's king, the last
/// placement, scored directly with a cutoff at the first reply that reaches the window.
///
/// The table key is the Zobrist key without the square of the last placement whenever that
/// square cannot matter. The rules use it only for the very next placement (the queen call,
/// and Black's king touching White's 8th piece); scores depend on the pieces alone. So the
/// same pieces reached in another order share one entry (measured: a third fewer positions
/// searched at 8 and 9 placements left than with the full key).
///
/// # Decisions where the rules page is silent
/// * The board's symmetries are not used. The rules are symmetric under all 8 symmetries of
///   the square (there are no pawns; the bishop rule only asks for *different* square colours,
///   which every symmetry keeps or swaps as a whole), but a symmetry can only merge two
///   positions of one search when the root itself is symmetric, because every position below
///   holds the root's pieces on their squares. Positions from real games almost never are, so
///   canonical keys (8 hashes per node) would cost on every node for a gain on almost none.
/// * A game that ends early by the no-legal-placement rule is a leaf scored as it stands, as
///   the rules page says.
///
/// # How far from the end it is practical
/// Near the end the branching is small: Black's 8th placement is the king on one of at most 8
/// squares, White's 8th is a single kind, and Black's 7th is forced to the queen. Further back a
/// placement has up to four kinds on some 10–40 squares, so the positions a solve searches
/// grow some five to tenfold with each placement further from the end (the counts and CPU
/// times of seeded games' positions, and the commands that measure them, are in the
/// project's `docs/measurements.md`).
///
/// So the default limit ([`Solver::DEFAULT_MAX_PLACEMENTS_LEFT`]) is 10 placements from the
/// end, the deepest a move's time can hold. 11 and 12 are usable for analysis: raise the limit with
/// [`Solver::with_max_placements_left`] and give a larger table with
/// [`Solver::with_table_bits`]. An engine that must answer in time uses
/// [`Solver::solve_until`] (with `std`) or [`Solver::solve_within`], which give up at a
/// deadline or a [`StopFlag`] and keep what the table learnt. The bench `cargo bench --bench cheversi_solver` measures fixed positions at 8,
/// 10 and 12 placements left.
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
    /// The default limit on the placements left: the deepest whose solves fit in a move's
    /// time (see [`Solver`]).
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
    /// a solve can take a long time, see [`Solver`]).
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
    /// use cheversi::{SolveError, Solver};
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
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn solve_until(
        &mut self,
        pos: &Position,
        deadline: Option<std::time::Instant>,
        stop: Option<&StopFlag>,
    ) -> Result<Solution, SolveError> {
        let time = deadline.map(|d| d.saturating_duration_since(std::time::Instant::now()));
        self.solve_within(pos, time, stop)
    }

    /// [`Solver::solve`], giving up when `time` has passed from now or as soon as `stop` is
    /// raised, like [`Solver::solve_until`]. Only the `std` feature has a clock: without it
    /// `time` is never reached (see [`Stopwatch`]) and only `stop` ends the search early.
    ///
    /// ```
    /// use cheversi::game_core::StopFlag;
    /// use cheversi::{SolveError, Solver};
    /// use cheversi::Position;
    ///
    /// let pos: Position = "1N1K4/1nq5/1rQ5/2nR4/8/8/8/8 w b6".parse()?;
    /// let stop = StopFlag::new();
    /// stop.stop();
    /// let outcome = Solver::new().solve_within(&pos, None, Some(&stop));
    /// assert!(matches!(outcome, Err(SolveError::Stopped { .. })));
    /// # Ok::<(), Box<dyn core::error::Error>>(())
    /// ```
    ///
    /// # Errors
    /// [`SolveError::TooFarFromEnd`] beyond the limit, [`SolveError::Stopped`] when stopped.
    pub fn solve_within(
        &mut self,
        pos: &Position,
        time: Option<Duration>,
        stop: Option<&StopFlag>,
    ) -> Result<Solution, SolveError> {
        self.solve_by(pos, time.map(|t| (Stopwatch::start(), t)), stop, None)
    }

    /// [`Solver::solve`], giving up when `time` says (a running stopwatch and how long it may
    /// run), when `stop` is raised or after `nodes` positions (each looked at every few
    /// thousand positions).
    pub(crate) fn solve_by(
        &mut self,
        pos: &Position,
        time: Option<(Stopwatch, Duration)>,
        stop: Option<&StopFlag>,
        nodes: Option<u64>,
    ) -> Result<Solution, SolveError> {
        self.run(
            pos,
            StopWhen {
                time,
                flag: stop,
                nodes,
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
        self.table.start_solve(left);
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
            _ => greedy_playout(pos),
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
