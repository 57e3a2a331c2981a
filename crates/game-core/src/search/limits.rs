//! What bounds a search: the [`Limits`] every engine honours, and the [`StopFlag`] that ends
//! a search from another thread.

use alloc::sync::Arc;
use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;

/// How long a search may run. Every limit that is set applies; the search stops at the first
/// one reached. With no limit at all the search runs until its [`StopFlag`] is raised (or, for
/// a search that can finish, until it has nothing left to search).
///
/// One type serves every engine, so generic code can hand the same limits to any of them.
/// Each limit given alone ends every engine's search; what each counts, engine by engine:
///
/// | limit | alpha-beta ([`AlphaBeta`](super::AlphaBeta)) | MCTS ([`mcts::Mcts`](super::mcts::Mcts)) |
/// |---|---|---|
/// | `depth` | the last iteration of iterative deepening, in plies (single-reply extensions come on top) | the depth of the tree: the search stops once an iteration has walked a line of that many plies from the root, or when the tree can get no deeper (or the iterations that ended at solved nodes outnumber its nodes) |
/// | `nodes` | positions visited (the root, inner positions and the horizon) | tree nodes created by this search (an expansion makes all of a node's children at once, so the count can pass the limit by one node's moves), plus one for each iteration that ended at a node already solved (it adds nothing); the search also stops when the tree can grow no more |
/// | `iterations` | leaves valued: positions given a value without searching their moves (a static evaluation at the horizon, a finished game, a draw by history) — the counterpart of an MCTS iteration, which values one leaf | iterations: select, expand, value the new leaf, back up |
/// | `time` | wall clock, read every 1,024 positions | wall clock, read every 8 iterations |
///
/// "The tree can grow no more" (MCTS): its arena is full
/// ([`mcts::MctsConfig::max_nodes`](super::mcts::MctsConfig::max_nodes)), or its root is solved
/// (its value is proven by finished games; a solved root ends an MCTS search under every limit
/// but an iteration limit, see [`mcts`](super::mcts)). With several threads
/// ([`mcts::MctsConfig::threads`](super::mcts::MctsConfig::threads)) node and iteration limits count all trees together (each
/// tree gets an equal share) and a depth limit applies to each tree.
///
/// Engines that need no search meet every limit at once: [`random::RandomEngine`](super::random::RandomEngine) looks at the
/// root's moves only (it reports depth 0 and 0 nodes), and a solver that reads a precomputed
/// table (Kvarn3's) reports depth 1 (it looks up the root's moves) and the positions it looked
/// up. A solver that searches to the end of the game (Cheversi's, inside its default player)
/// runs only when the limits allow a search to the end; its crate's docs say when.
///
/// A limit of zero is met at once, yet every engine still returns a legal move while the game
/// goes on (MCTS runs at least one iteration; alpha-beta falls back on a legal root move).
/// Only the `std` feature has a clock: without it the time limit is never reached (see
/// [`Stopwatch`](super::Stopwatch)).
///
/// ```
/// use game_core::search::random::RandomEngine;
/// use game_core::{tictactoe::TicTacToe, Engine, Game, GameRecord, Limits};
///
/// // One limit alone, or several at once (the first one reached ends the search).
/// let limits = Limits::nodes(10_000).with_depth(4);
/// assert_eq!((limits.nodes, limits.depth), (Some(10_000), Some(4)));
/// assert!(!limits.is_infinite());
///
/// let record = GameRecord::new(TicTacToe::start());
/// let mut engine = RandomEngine::new(1);
/// assert!(engine.choose_move(&record, &limits).is_some());
/// ```
///
/// The type is `#[non_exhaustive]` (a limit added later is not a breaking change): build one
/// from [`Limits::INFINITE`] or a one-limit constructor and the `with_…` methods; the fields
/// stay public to read and to assign.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Greatest depth in plies (see the table above for each engine).
    pub depth: Option<u32>,
    /// Greatest number of positions visited (alpha-beta) or of tree nodes created (MCTS).
    pub nodes: Option<u64>,
    /// Greatest number of MCTS iterations, or of leaves valued by alpha-beta.
    pub iterations: Option<u64>,
    /// Wall-clock time from the start of the search. Only the `std` feature has a clock:
    /// without it this limit is never reached (see [`Stopwatch`](super::Stopwatch)), and a search ends at its
    /// other limits or its [`StopFlag`].
    pub time: Option<Duration>,
}

impl Limits {
    /// No limit: the search runs until it is stopped.
    ///
    /// ```
    /// use game_core::Limits;
    /// assert!(Limits::INFINITE.is_infinite());
    /// assert_eq!(Limits::default(), Limits::INFINITE);
    /// ```
    pub const INFINITE: Limits = Limits {
        depth: None,
        nodes: None,
        iterations: None,
        time: None,
    };

    /// A depth limit only.
    ///
    /// ```
    /// use game_core::Limits;
    /// let limits = Limits::depth(6);
    /// assert_eq!(limits.depth, Some(6));
    /// assert_eq!((limits.nodes, limits.iterations, limits.time), (None, None, None));
    /// ```
    pub const fn depth(plies: u32) -> Self {
        Limits {
            depth: Some(plies),
            ..Self::INFINITE
        }
    }

    /// A node limit only.
    ///
    /// ```
    /// use game_core::Limits;
    /// let limits = Limits::nodes(100_000);
    /// assert_eq!(limits.nodes, Some(100_000));
    /// assert_eq!(limits, Limits::INFINITE.with_nodes(100_000));
    /// ```
    pub const fn nodes(nodes: u64) -> Self {
        Limits {
            nodes: Some(nodes),
            ..Self::INFINITE
        }
    }

    /// An iteration limit only (MCTS iterations, alpha-beta leaves; see [`Limits`]).
    ///
    /// ```
    /// use game_core::Limits;
    /// let limits = Limits::iterations(2_000);
    /// assert_eq!(limits.iterations, Some(2_000));
    /// assert_eq!(limits.depth, None);
    /// ```
    pub const fn iterations(iterations: u64) -> Self {
        Limits {
            iterations: Some(iterations),
            ..Self::INFINITE
        }
    }

    /// A wall-clock limit only (read only with the `std` feature; see [`Limits::time`]).
    ///
    /// ```
    /// use core::time::Duration;
    /// use game_core::Limits;
    /// let limits = Limits::time(Duration::from_millis(100));
    /// assert_eq!(limits.time, Some(Duration::from_millis(100)));
    /// assert_eq!(limits.nodes, None);
    /// ```
    pub const fn time(time: Duration) -> Self {
        Limits {
            time: Some(time),
            ..Self::INFINITE
        }
    }

    /// The same limits with the depth limit set to `plies`.
    ///
    /// ```
    /// use game_core::Limits;
    /// let limits = Limits::iterations(500).with_depth(3);
    /// assert_eq!((limits.iterations, limits.depth), (Some(500), Some(3)));
    /// ```
    pub const fn with_depth(self, plies: u32) -> Self {
        Limits {
            depth: Some(plies),
            ..self
        }
    }

    /// The same limits with the node limit set to `nodes`.
    ///
    /// ```
    /// use game_core::Limits;
    /// assert_eq!(Limits::depth(2).with_nodes(9).nodes, Some(9));
    /// ```
    pub const fn with_nodes(self, nodes: u64) -> Self {
        Limits {
            nodes: Some(nodes),
            ..self
        }
    }

    /// The same limits with the iteration limit set to `iterations`.
    ///
    /// ```
    /// use game_core::Limits;
    /// assert_eq!(Limits::depth(2).with_iterations(50).iterations, Some(50));
    /// ```
    pub const fn with_iterations(self, iterations: u64) -> Self {
        Limits {
            iterations: Some(iterations),
            ..self
        }
    }

    /// The same limits with the wall-clock limit set to `time`.
    ///
    /// ```
    /// use core::time::Duration;
    /// use game_core::Limits;
    /// let limits = Limits::nodes(1_000).with_time(Duration::from_secs(1));
    /// assert_eq!(limits.time, Some(Duration::from_secs(1)));
    /// ```
    pub const fn with_time(self, time: Duration) -> Self {
        Limits {
            time: Some(time),
            ..self
        }
    }

    /// Whether no limit is set.
    ///
    /// ```
    /// use game_core::Limits;
    /// assert!(Limits::INFINITE.is_infinite());
    /// assert!(!Limits::depth(1).is_infinite());
    /// ```
    pub fn is_infinite(&self) -> bool {
        *self == Self::INFINITE
    }
}

/// A flag another thread raises to end a running search at once (it then returns the best move
/// found so far). Cloning shares the flag.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// A new, lowered flag.
    pub fn new() -> Self {
        Self::default()
    }

    /// Asks every search holding this flag to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Lowers the flag again, for the next search.
    pub fn reset(&self) {
        self.0.store(false, Ordering::Relaxed);
    }

    /// Whether the flag is raised.
    pub fn is_stopped(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}
