//! Generic game-tree search on the [`Game`] trait alone, behind one small engine interface.
//!
//! An [`Engine`] chooses a move for a [`GameRecord`] (so it sees the history: repetition and
//! the other record draws) under [`Limits`], reports [`SearchInfo`] as it goes, and stops early
//! when its [`StopFlag`] is raised (the `stop` command of an engine protocol). Tools and users
//! swap engines without knowing which search is inside.
//!
//! Evaluation code for a particular game lives in that game's crate, never here.
//!
//! The searches: [`mcts::Mcts`] (UCT for two or three players, with a [`LeafEvaluator`]) and
//! [`random::RandomEngine`] (a uniformly random legal move, the baseline).

pub mod mcts;
pub mod random;

use alloc::string::String;
use alloc::sync::Arc;
use alloc::vec::Vec;
use core::sync::atomic::{AtomicBool, Ordering};
use core::time::Duration;

use crate::{Game, GameRecord};

pub mod alphabeta;
mod clock;
mod sampling;
mod tt;

pub use alphabeta::{AlphaBeta, AlphaBetaConfig, AlphaBetaError, MAX_EVAL};
pub use clock::Stopwatch;

/// How long a search may run. Every limit that is set applies; the search stops at the first
/// one reached. With no limit at all the search runs until its [`StopFlag`] is raised (or, for
/// a search that can finish, until it has nothing left to search).
///
/// One type serves every engine, so generic code can hand the same limits to any of them.
/// Each limit given alone ends every engine's search; what each counts, engine by engine:
///
/// | limit | alpha-beta ([`AlphaBeta`]) | MCTS ([`mcts::Mcts`]) |
/// |---|---|---|
/// | `depth` | the last iteration of iterative deepening, in plies (single-reply extensions come on top) | the depth of the tree: the search stops once an iteration has walked a line of that many plies from the root, or when the tree can get no deeper |
/// | `nodes` | positions visited (the root, inner positions and the horizon) | tree nodes created by this search (an expansion makes all of a node's children at once, so the count can pass the limit by one node's moves); the search also stops when the tree can grow no more |
/// | `iterations` | leaves valued: positions given a value without searching their moves (a static evaluation at the horizon, a finished game, a draw by history) — the counterpart of an MCTS iteration, which values one leaf | iterations: select, expand, value the new leaf, back up |
/// | `time` | wall clock, read every 1,024 positions | wall clock, read every 8 iterations |
///
/// "The tree can grow no more" (MCTS): its arena is full ([`mcts::MctsConfig::max_nodes`]), or
/// every line of it ends in a finished game. With several threads
/// ([`mcts::MctsConfig::threads`]) node and iteration limits count all trees together (each
/// tree gets an equal share) and a depth limit applies to each tree.
///
/// Engines that need no search meet every limit at once: [`random::RandomEngine`] looks at the
/// root's moves only (it reports depth 0 and 0 nodes), and a solver that reads a precomputed
/// table (Kvarn3's) reports depth 1 (it looks up the root's moves) and the positions it looked
/// up. A solver that searches to the end of the game (Cheversi's, inside its default player)
/// runs only when the limits allow a search to the end; its crate's docs say when.
///
/// A limit of zero is met at once, yet every engine still returns a legal move while the game
/// goes on (MCTS runs at least one iteration; alpha-beta falls back on a legal root move).
/// Only the `std` feature has a clock: without it the time limit is never reached (see
/// [`Stopwatch`]).
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
    /// without it this limit is never reached (see [`Stopwatch`]), and a search ends at its
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

/// A search's opinion of the position, from the point of view of the player to move at the
/// root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Score {
    /// A heuristic value in hundredths of the game's unit (a man in draughts, a point in
    /// Cheversi): positive is good for the player to move.
    Centi(i32),
    /// The player to move wins in this many plies with best play.
    WinIn(u32),
    /// The player to move loses in this many plies with best play.
    LossIn(u32),
    /// An exact draw with best play.
    Draw,
    /// The expected reward of the player to move, from 0 (loss) to 1 (win), as MCTS estimates
    /// it (a draw is worth 1/N to each of N players).
    Reward(f64),
}

/// What a search reports: after each iteration of deepening, now and then during MCTS, and at
/// the end.
///
/// `#[non_exhaustive]`, so that a field added later is not a breaking change: an engine
/// outside game-core builds its report with [`SearchInfo::new`] (or [`SearchInfo::empty`] and
/// assignments to the public fields).
///
/// ```
/// use core::time::Duration;
/// use game_core::search::{Score, SearchInfo};
///
/// let info = SearchInfo::new(3, 120, Some(Score::Centi(25)), vec!["e2e4"], Duration::ZERO);
/// assert_eq!((info.depth, info.nodes), (3, 120));
/// assert_eq!(info.pv.first(), Some(&"e2e4"));
/// assert_eq!(SearchInfo::<u8>::empty().score, None);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchInfo<M> {
    /// What was searched, in plies: the depth completed (alpha-beta), or the deepest line this
    /// search walked in its tree (MCTS). Never more than [`Limits::depth`] when one is set
    /// (alpha-beta's single-reply extensions are not counted).
    pub depth: u32,
    /// Positions visited (alpha-beta) or iterations run (MCTS).
    pub nodes: u64,
    /// The value of the root position, when the search has one.
    pub score: Option<Score>,
    /// The principal variation: the best move first.
    pub pv: Vec<M>,
    /// Time since the search started (zero without the `std` feature, which has no clock).
    pub elapsed: Duration,
}

impl<M> SearchInfo<M> {
    /// A report of `depth` plies and `nodes` positions or iterations, with the root's `score`,
    /// the principal variation `pv` and the time `elapsed` since the search started (see the
    /// fields for what each engine counts).
    pub fn new(
        depth: u32,
        nodes: u64,
        score: Option<Score>,
        pv: Vec<M>,
        elapsed: Duration,
    ) -> Self {
        SearchInfo {
            depth,
            nodes,
            score,
            pv,
            elapsed,
        }
    }

    /// An empty report (nothing searched yet).
    pub fn empty() -> Self {
        SearchInfo {
            depth: 0,
            nodes: 0,
            score: None,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }
}

/// The answer of a search: the move to play (`None` when the game is over), the final report,
/// and how the search spread its effort over the root's moves.
///
/// ```
/// use game_core::{tictactoe::TicTacToe, Engine, Game, GameRecord, Limits, RandomEngine, StopFlag};
///
/// let record = GameRecord::new(TicTacToe::start());
/// let mut engine = RandomEngine::new(5);
/// let result = engine.search(&record, &Limits::INFINITE, &StopFlag::new(), &mut |_| {});
/// let best = result.best_move.expect("the game goes on");
/// assert!(record.current().is_legal(best));
/// // The random engine weighs each of the nine first moves 1: a uniform distribution.
/// assert_eq!(result.root_distribution.len(), 9);
/// assert!(result.root_probabilities().all(|(_, p)| (p - 1.0 / 9.0).abs() < 1e-12));
/// ```
///
/// `#[non_exhaustive]`: an engine outside game-core builds its answer with
/// [`SearchResult::new`] and [`SearchResult::with_root_distribution`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchResult<M> {
    /// The chosen move, or `None` when the game is over (no legal move).
    pub best_move: Option<M>,
    /// The last report of the search.
    pub info: SearchInfo<M>,
    /// The root's move distribution, for learning code (a policy target) and for bots that
    /// want more than one move: each legal move of the root at most once with a weight, in no
    /// particular order. Divide a weight by the sum of the weights for a probability
    /// ([`SearchResult::root_probabilities`]).
    ///
    /// - MCTS: every root move with its visit count (0 for a move never tried), summed over the
    ///   trees when several threads search;
    /// - [`random::RandomEngine`]: every legal move with weight 1 (its uniform choice);
    /// - a solver that knows every move's value (Kvarn3's): every legal move, 1 for the best
    ///   ones it chooses among and 0 for the others;
    /// - alpha-beta and the solvers that search for one best move: empty (they rank no other
    ///   move; [`SearchResult::best_move`] is their whole answer).
    ///
    /// Empty as well when the game is over.
    pub root_distribution: Vec<(M, u64)>,
}

impl<M> SearchResult<M> {
    /// A result without a root distribution (see [`SearchResult::root_distribution`]).
    pub fn new(best_move: Option<M>, info: SearchInfo<M>) -> Self {
        SearchResult {
            best_move,
            info,
            root_distribution: Vec::new(),
        }
    }

    /// The same result with `distribution` as its
    /// [`root_distribution`](SearchResult::root_distribution).
    ///
    /// ```
    /// use game_core::search::{SearchInfo, SearchResult};
    ///
    /// let result = SearchResult::new(Some('b'), SearchInfo::empty())
    ///     .with_root_distribution(vec![('a', 1), ('b', 3)]);
    /// let p: Vec<_> = result.root_probabilities().collect();
    /// assert_eq!(p, [(&'a', 0.25), (&'b', 0.75)]);
    /// ```
    pub fn with_root_distribution(self, distribution: Vec<(M, u64)>) -> Self {
        SearchResult {
            root_distribution: distribution,
            ..self
        }
    }

    /// The answer when the game is over: no move, an empty report.
    pub fn game_over() -> Self {
        Self::new(None, SearchInfo::empty())
    }

    /// A move chosen by temperature, for self-play: the move of the root distribution with
    /// weight `w` is drawn with probability proportional to `w^(1/temperature)`, by `rng`
    /// (so a seed fixes the choice). Temperature 1 draws by the visit counts themselves;
    /// toward 0 it approaches the most visited move, and 0 (or less, or NaN) is
    /// [`SearchResult::best_move`] itself. Without a distribution to draw from (empty or all
    /// weights 0: alpha-beta, a finished game) it is `best_move` as well.
    ///
    /// ```
    /// use game_core::search::{SearchInfo, SearchResult};
    /// use game_core::Rng;
    ///
    /// let result = SearchResult::new(Some('b'), SearchInfo::empty())
    ///     .with_root_distribution(vec![('a', 1), ('b', 3), ('c', 0)]);
    /// let mut rng = Rng::new(1);
    /// assert_eq!(result.sample_move(0.0, &mut rng), Some('b'));
    /// // At temperature 1, 'a' comes about a quarter of the time and 'c' never.
    /// let draws: Vec<char> = (0..4000).filter_map(|_| result.sample_move(1.0, &mut rng)).collect();
    /// let a = draws.iter().filter(|&&m| m == 'a').count();
    /// assert!((900..1100).contains(&a), "{a}");
    /// assert!(!draws.contains(&'c'));
    /// ```
    pub fn sample_move(&self, temperature: f64, rng: &mut crate::Rng) -> Option<M>
    where
        M: Copy,
    {
        let most = self.root_distribution.iter().map(|&(_, w)| w).max();
        let Some(most) = most.filter(|&w| w > 0) else {
            return self.best_move;
        };
        if temperature.is_nan() || temperature <= 0.0 {
            return self.best_move;
        }
        // w^(1/T) relative to the greatest weight, so no power overflows: e^((ln w − ln max)/T).
        let ln_most = crate::math::ln(most as f64);
        let weight = |w: u64| {
            if w == 0 {
                0.0
            } else {
                crate::math::exp((crate::math::ln(w as f64) - ln_most) / temperature)
            }
        };
        let total: f64 = self.root_distribution.iter().map(|&(_, w)| weight(w)).sum();
        let mut target = (rng.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0) * total;
        let mut last = None;
        for &(mv, w) in &self.root_distribution {
            let w = weight(w);
            if w > 0.0 {
                last = Some(mv);
                if target < w {
                    return Some(mv);
                }
                target -= w;
            }
        }
        // Rounding left a sliver past the last weight: the last move with weight.
        last
    }

    /// The root distribution over action ids, the policy target of learning code: `policy[id]`
    /// is the share of the root's visits (weights) that went to the move with that id in
    /// `pos` (the root position the search was run on), 0 for every other id. Returns whether
    /// there was a distribution; without one (empty or all weights 0) `policy` is all 0.
    ///
    /// # Panics
    /// When `policy.len()` is not `pos.num_actions()`.
    ///
    /// ```
    /// use game_core::search::mcts::{Mcts, MctsConfig, RandomRollout};
    /// use game_core::{tictactoe::TicTacToe, Actions, Engine, Game, GameRecord, Limits, StopFlag};
    ///
    /// let pos = TicTacToe::start();
    /// let mut engine = Mcts::new(RandomRollout::new(9), MctsConfig::default(), 1);
    /// let result = engine.search(&GameRecord::new(pos), &Limits::iterations(300), &StopFlag::new(), &mut |_| {});
    /// let mut policy = vec![0.0; pos.num_actions()];
    /// assert!(result.action_policy(&pos, &mut policy));
    /// assert!((policy.iter().sum::<f32>() - 1.0).abs() < 1e-6);
    /// ```
    pub fn action_policy<G>(&self, pos: &G, policy: &mut [f32]) -> bool
    where
        G: crate::Actions<Move = M>,
        M: Copy,
    {
        assert_eq!(
            policy.len(),
            pos.num_actions(),
            "the policy has one entry per action id"
        );
        policy.fill(0.0);
        let total: u64 = self.root_distribution.iter().map(|&(_, w)| w).sum();
        if total == 0 {
            return false;
        }
        for &(mv, w) in &self.root_distribution {
            policy[pos.action_id(mv)] = (w as f64 / total as f64) as f32;
        }
        true
    }

    /// The root distribution as probabilities (each weight divided by their sum), in the order
    /// of [`SearchResult::root_distribution`]; nothing when it is empty or all its weights are
    /// 0.
    pub fn root_probabilities(&self) -> impl Iterator<Item = (&M, f64)> + '_ {
        let total: u64 = self.root_distribution.iter().map(|&(_, w)| w).sum();
        self.root_distribution
            .iter()
            .filter(move |_| total > 0)
            .map(move |(mv, w)| (mv, *w as f64 / total as f64))
    }
}

/// A player: chooses a move for the current position of a game record.
///
/// Implementations are deterministic for a given seed and input whenever no time limit is set
/// (wall-clock limits make the amount of search depend on the machine).
///
/// Every search of the workspace is an `Engine`, so code that plays a game takes any of them:
///
/// ```
/// use game_core::{tictactoe::TicTacToe, Engine, Game, GameRecord, Limits};
/// use game_core::{Mcts, MctsConfig, RandomEngine, RandomRollout};
///
/// /// Plays `engines` in turn from the start until the game is over.
/// fn play_out(engines: &mut [Box<dyn Engine<TicTacToe>>]) -> GameRecord<TicTacToe> {
///     let mut record = GameRecord::new(TicTacToe::start());
///     let limits = Limits::iterations(500);
///     for turn in 0.. {
///         let engine = &mut engines[turn % engines.len()];
///         match engine.choose_move(&record, &limits) {
///             Some(mv) => record.play(mv).expect("engines play legal moves"),
///             None => break,
///         }
///     }
///     record
/// }
///
/// let mut engines: Vec<Box<dyn Engine<TicTacToe>>> = vec![
///     Box::new(Mcts::new(RandomRollout::new(50), MctsConfig::default(), 7)),
///     Box::new(RandomEngine::new(7)),
/// ];
/// let record = play_out(&mut engines);
/// assert!(record.outcome().is_some());
/// assert_eq!(engines[1].name(), "random");
/// ```
pub trait Engine<G: Game>: Send {
    /// A short name for people and logs (`alphabeta`, `mcts`, `solver`, …).
    fn name(&self) -> String;

    /// Chooses a move for `record.current()` under `limits`, calling `report` with progress
    /// (each completed depth, or now and then) and stopping early when `stop` is raised.
    fn search(
        &mut self,
        record: &GameRecord<G>,
        limits: &Limits,
        stop: &StopFlag,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move>;

    /// Forgets everything learned about the previous game (transposition tables, trees).
    fn new_game(&mut self) {}

    /// Chooses a move under `limits`, without progress reports or a stop flag.
    fn choose_move(&mut self, record: &GameRecord<G>, limits: &Limits) -> Option<G::Move> {
        self.search(record, limits, &StopFlag::new(), &mut |_| {})
            .best_move
    }
}

/// The most players a game of the workspace has (Svendo's three); the size of [`Rewards`].
pub const MAX_PLAYERS: usize = 3;

/// One reward per player, indexed by [`Game::player_index`]; each in `0.0..=1.0` and summing to
/// 1 over the game's players (a win is 1 for the winner, a draw `1/N` for each of N players).
/// Entries past the game's player count are 0. A finished game's are
/// [`Outcome::rewards`](crate::Outcome::rewards).
pub type Rewards = [f64; MAX_PLAYERS];

/// A game's static evaluation for alpha-beta search (two-player games).
pub trait Evaluator<G: Game>: Send {
    /// The value of `pos` for the player to move there, in hundredths of the game's unit
    /// (positive: good for the player to move). Called only on positions whose game goes on.
    fn evaluate(&mut self, pos: &G) -> i32;
}

/// A prior over the legal moves and a value, for the PUCT search of learning agents
/// ([`mcts::PuctMcts`]): the interface a policy-value network implements (AlphaZero's `(p, v)`).
///
/// The value is in the reward convention of every MCTS of the crate, for two and three players
/// alike: one expected reward per player in `0.0..=1.0`, indexed by [`Game::player_index`],
/// summing to 1 over the players (a win 1, a draw `1/N` each; see [`Rewards`]). A network whose
/// value head gives `v` in `-1..=1` for the player to move in a two-player game returns
/// `(1 + v) / 2` for that player and `(1 − v) / 2` for the other.
///
/// ```
/// use game_core::search::{PolicyValue, Rewards};
/// use game_core::{tictactoe::TicTacToe, Game};
///
/// /// Prefers the centre; no opinion on who wins.
/// struct Centre;
///
/// impl PolicyValue<TicTacToe> for Centre {
///     fn evaluate(&mut self, pos: &TicTacToe, moves: &[u8], priors: &mut [f32]) -> Rewards {
///         for (prior, &mv) in priors.iter_mut().zip(moves) {
///             *prior = if pos.move_text(mv) == "b2" { 0.6 } else { 0.05 };
///         }
///         [0.5, 0.5, 0.0]
///     }
///
///     fn fork(&self) -> Option<Self> {
///         Some(Centre)
///     }
/// }
///
/// let pos = TicTacToe::start();
/// let moves = pos.legal_moves();
/// let mut priors = vec![0.0; moves.len()];
/// assert_eq!(Centre.evaluate(&pos, &moves, &mut priors), [0.5, 0.5, 0.0]);
/// assert!((priors.iter().sum::<f32>() - 1.0).abs() < 1e-6);
/// ```
pub trait PolicyValue<G: Game>: Send {
    /// The expected reward of every player from `pos`, a position whose game goes on, as
    /// [`Rewards`]; and one prior per move of `moves` (the legal moves of `pos`, in
    /// [`Game::legal_moves_into`]'s order) written into `priors`, which is as long as `moves`
    /// and filled with 0 on entry.
    ///
    /// The priors need not sum to 1 (the search divides them by their sum; NaN, negative and
    /// infinite ones count as 0, and all 0 counts as uniform), so the softmax of a network's
    /// masked logits, or the logits' exponentials, can be written as they are. For a game
    /// implementing [`Actions`](crate::Actions), the policy head's output for move `mv` is
    /// at index `pos.action_id(mv)`.
    fn evaluate(&mut self, pos: &G, moves: &[G::Move], priors: &mut [f32]) -> Rewards;

    /// An evaluator for one more tree of a multi-threaded search
    /// ([`MctsConfig::threads`](mcts::MctsConfig::threads)), as [`LeafEvaluator::fork`]:
    /// `None`, the default, when it cannot be copied (the search then uses one tree).
    fn fork(&self) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }
}

/// How MCTS values a new leaf: a rollout (a simulated game to its end) or a direct estimate.
pub trait LeafEvaluator<G: Game>: Send {
    /// The expected reward of every player from `pos` (a position whose game goes on),
    /// as [`Rewards`]. `rng` is the search's seeded generator, so a rollout stays deterministic.
    fn evaluate(&mut self, pos: &G, rng: &mut crate::Rng) -> Rewards;

    /// An evaluator for one more tree of a multi-threaded MCTS
    /// ([`MctsConfig::threads`](mcts::MctsConfig::threads)): a clone, or a fresh evaluator
    /// sharing what can be shared (a cache is better left behind). `None`, the default, when
    /// the evaluator cannot be copied: MCTS then searches one tree whatever the configuration
    /// says ([`Mcts::config`](mcts::Mcts::config) tells the threads it got).
    fn fork(&self) -> Option<Self>
    where
        Self: Sized,
    {
        None
    }
}
