//! Alpha-beta search for two-player games: negamax with principal-variation search, iterative
//! deepening, a transposition table and move ordering, on the [`Game`] trait alone.
//!
//! # The search
//! - **Negamax with PVS**: the first move of a node is searched with the full window, the
//!   others with a null window around alpha, re-searched with the full window when they beat it.
//! - **Iterative deepening**: depth 1, 2, 3, … until a limit is reached; after each completed
//!   depth the report callback gets the depth, the score, the nodes and the principal variation.
//!   When a limit interrupts a depth, the best move of the last completed depth is played,
//!   unless the interrupted depth had already searched a better one completely.
//! - **Transposition table** keyed by [`Game::hash_key`] ([`AlphaBetaConfig::tt_megabytes`],
//!   allocated once, kept between moves of a game and emptied by [`Engine::new_game`]): depth,
//!   bound type, score (mate scores relative to the stored node) and the best move.
//! - **Move ordering**: the table's move first, then the two killer moves of the ply, then the
//!   rest by the history heuristic (a table indexed by a hash of the move and the side).
//! - **Single-reply extension**: a node with exactly one legal move is searched one ply deeper
//!   (at most [`AlphaBetaConfig::max_extensions`] times on a line). Forced moves — the
//!   compulsory captures of draughts above all — then cost no depth, so the horizon does not fall
//!   in the middle of an exchange, without a quiescence search.
//! - **Limits**: depth ([`Limits::depth`]), nodes ([`Limits::nodes`], every position visited
//!   counts), iterations ([`Limits::iterations`], counted as leaves valued: a static
//!   evaluation at the horizon, a finished game or a draw by history, as an MCTS iteration
//!   values one leaf), wall time ([`Limits::time`], read every 1,024 nodes) and the
//!   [`StopFlag`] (read at the same moments). With no limit the search deepens to
//!   [`AlphaBetaConfig::max_depth`]. The result has no root distribution
//!   ([`SearchResult::root_distribution`] is empty): the search ranks only its best move.
//!
//! # Values
//! The game's [`Evaluator`] values the positions at the horizon, in hundredths of the game's
//! unit, for the player to move; it is clamped to ±[`MAX_EVAL`]. A position whose game is over
//! ([`Game::outcome`]) is a win or a loss at its distance from the root (reported as
//! [`Score::WinIn`] / [`Score::LossIn`], in plies: the faster win and the slower loss are
//! preferred), or a draw worth 0.
//!
//! # History draws
//! The search sees the record's history. A position that occurs **a second time** — earlier on
//! the search path, or in the record since its last progress move ([`Game::is_progress_move`])
//! — is scored as a draw (0): if repeating was good once it is good again, so a repetition that
//! the record would only call a draw at the third occurrence is valued as one at the second.
//! The record's no-progress rule and move cap ([`DrawRules`](crate::DrawRules)) are counted on
//! along the search path and score a draw (0) where the record would declare one. The root
//! position is never scored this way: if the record's game is over there is no move to choose.
//! Values stored in the transposition table do not remember the path that reached them, so
//! with the table on a draw by repetition found on one path can be reused on another (the
//! usual graph-history compromise of game engines); with the table off
//! ([`AlphaBetaConfig::tt_megabytes`] 0) the rule above holds exactly.
//!
//! # Players
//! The search is for two-player games: [`AlphaBeta::new`] refuses a game with another number of
//! players with [`AlphaBetaError::NotTwoPlayers`].
//!
//! # Determinism and allocation
//! Without a time limit the same record, limits and configuration give the same move and the
//! same reports. The per-ply move, ordering and principal-variation buffers are kept in the
//! engine and only grow (when a line deeper than before is searched), so the search does not
//! allocate per node.
//!
//! ```
//! use game_core::search::{AlphaBeta, AlphaBetaConfig, Evaluator};
//! use game_core::tictactoe::TicTacToe;
//! use game_core::{Engine, Game, GameRecord, Limits, Score};
//!
//! /// Tic-tac-toe needs no evaluation: a full-depth search sees every end.
//! struct Zero;
//! impl Evaluator<TicTacToe> for Zero {
//!     fn evaluate(&mut self, _pos: &TicTacToe) -> i32 {
//!         0
//!     }
//! }
//!
//! let mut engine = AlphaBeta::new(Zero, AlphaBetaConfig::default())?;
//! // X on a3 and b2, O on b3 and c3: X to move wins at once on c1.
//! let record = GameRecord::new("xoo/.x./... x".parse::<TicTacToe>()?);
//! let result = engine.search(&record, &Limits::depth(9), &Default::default(), &mut |_| {});
//! assert_eq!(result.info.score, Some(Score::WinIn(1)));
//! assert_eq!(result.best_move.map(|mv| record.current().move_text(mv)), Some("c1".into()));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

use alloc::string::String;
use alloc::vec::Vec;
use core::marker::PhantomData;
use core::time::Duration;

use thiserror::Error;

use super::tt::{Bound, Table};
use super::{Engine, Evaluator, Limits, Score, SearchInfo, SearchResult, StopFlag, Stopwatch};
use crate::{DrawTracker, Game, GameRecord};

mod negamax;
mod ordering;

/// The internal score of a win at the root (a win `n` plies away is `MATE - n`).
const MATE: i32 = 1_000_000;
/// Scores at or beyond this (in absolute value) are wins or losses, not evaluations.
const MATE_BOUND: i32 = MATE - 10_000;
/// An evaluation is clamped to ±`MAX_EVAL`, far below the win scores.
pub const MAX_EVAL: i32 = 900_000;
/// Larger than any score.
const INFINITY: i32 = MATE + 1;
/// The nodes between two reads of the clock and the stop flag.
const CHECK_INTERVAL: u64 = 1024;
/// The longest search line, in plies (depth plus extensions); deeper nodes are evaluated.
const MAX_PLY: usize = 256;
/// Entries of the history table (a power of two).
const HISTORY_SIZE: usize = 1 << 12;

/// Why an [`AlphaBeta`] engine could not be made.
///
/// ```
/// use game_core::search::{AlphaBeta, AlphaBetaConfig, AlphaBetaError, Evaluator};
/// use game_core::tictactoe::TicTacToe;
///
/// struct Zero;
/// impl Evaluator<TicTacToe> for Zero {
///     fn evaluate(&mut self, _: &TicTacToe) -> i32 {
///         0
///     }
/// }
/// // Tic-tac-toe has two players, so the engine is made; a three-player game gets
/// // `AlphaBetaError::NotTwoPlayers`.
/// assert!(AlphaBeta::new(Zero, AlphaBetaConfig::default()).is_ok());
/// let err = AlphaBetaError::NotTwoPlayers { game: "svendo", players: 3 };
/// assert_eq!(err.to_string(), "alpha-beta search needs a two-player game; svendo has 3 players");
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum AlphaBetaError {
    /// The game does not have exactly two players (negamax needs a zero-sum duel).
    #[error("alpha-beta search needs a two-player game; {game} has {players} players")]
    NotTwoPlayers {
        /// The game's name ([`Game::NAME`]).
        game: &'static str,
        /// Its number of players.
        players: usize,
    },
}

/// The settings of an [`AlphaBeta`] engine.
///
/// Build one from the default with the `with_…` methods: the type is `#[non_exhaustive]`, so
/// that a setting added later is not a breaking change (the fields stay public to read).
///
/// ```
/// use game_core::search::{AlphaBeta, AlphaBetaConfig, Evaluator};
/// use game_core::{tictactoe::TicTacToe, Engine, Game, GameRecord, Limits};
///
/// /// No opinion: alpha-beta then plays on the game's own wins and losses.
/// struct Flat;
/// impl Evaluator<TicTacToe> for Flat {
///     fn evaluate(&mut self, _: &TicTacToe) -> i32 {
///         0
///     }
/// }
///
/// let config = AlphaBetaConfig::default()
///     .with_tt_megabytes(1)
///     .with_max_depth(9)
///     .with_max_extensions(0)
///     .with_name("flat");
/// let mut engine = AlphaBeta::new(Flat, config).expect("tic-tac-toe has two players");
/// assert_eq!(engine.name(), "flat");
///
/// // X has a3 and b3 (the top row); c3 wins at once.
/// let pos: TicTacToe = "xx./oo./... x".parse().unwrap();
/// let best = engine.choose_move(&GameRecord::new(pos), &Limits::depth(3));
/// assert_eq!(best.map(|mv| pos.move_text(mv)).as_deref(), Some("c3"));
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct AlphaBetaConfig {
    /// The transposition table's size in MiB (the largest power of two of buckets that fits).
    /// 0 switches the table off.
    pub tt_megabytes: usize,
    /// The deepest iteration when [`Limits::depth`] does not say (at most 250).
    pub max_depth: u32,
    /// How many single-reply extensions one line may have (0 switches them off).
    pub max_extensions: u32,
    /// The engine's name, as [`Engine::name`] reports it.
    pub name: &'static str,
}

impl Default for AlphaBetaConfig {
    /// A 16 MiB table, depth up to 64, up to 8 extensions a line, named `alphabeta`.
    fn default() -> Self {
        AlphaBetaConfig {
            tt_megabytes: 16,
            max_depth: 64,
            max_extensions: 8,
            name: "alphabeta",
        }
    }
}

impl AlphaBetaConfig {
    /// The same settings with a transposition table of `megabytes` MiB (0: no table).
    pub const fn with_tt_megabytes(self, megabytes: usize) -> Self {
        AlphaBetaConfig {
            tt_megabytes: megabytes,
            ..self
        }
    }

    /// The same settings with `depth` as the deepest iteration when the limits do not say.
    pub const fn with_max_depth(self, depth: u32) -> Self {
        AlphaBetaConfig {
            max_depth: depth,
            ..self
        }
    }

    /// The same settings with at most `extensions` single-reply extensions a line.
    pub const fn with_max_extensions(self, extensions: u32) -> Self {
        AlphaBetaConfig {
            max_extensions: extensions,
            ..self
        }
    }

    /// The same settings with the engine named `name`.
    pub const fn with_name(self, name: &'static str) -> Self {
        AlphaBetaConfig { name, ..self }
    }
}

/// Negamax alpha-beta with PVS, iterative deepening, a transposition table and move ordering,
/// for any two-player [`Game`] with an [`Evaluator`] (see the [module docs](self)).
pub struct AlphaBeta<G: Game, E: Evaluator<G>> {
    evaluator: E,
    config: AlphaBetaConfig,
    table: Table<G::Move>,
    /// Per-ply move buffers and their ordering scores.
    moves: Vec<Vec<G::Move>>,
    order: Vec<Vec<i32>>,
    /// The triangular principal-variation table: `pv[ply]` is the best line from that ply.
    pv: Vec<Vec<G::Move>>,
    killers: Vec<[Option<G::Move>; 2]>,
    history: Vec<i32>,
    /// The history draws: the record's, then the moves of the search path.
    draws: DrawTracker,
    // The state of one search.
    nodes: u64,
    node_limit: u64,
    /// Leaves valued ([`Limits::iterations`] counts them).
    leaves: u64,
    leaf_limit: u64,
    /// The search's clock and its time limit ([`Limits::time`]).
    stopwatch: Stopwatch,
    time_limit: Option<Duration>,
    stop: StopFlag,
    aborted: bool,
    _game: PhantomData<fn() -> G>,
}

impl<G: Game, E: Evaluator<G>> core::fmt::Debug for AlphaBeta<G, E> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        f.debug_struct("AlphaBeta")
            .field("game", &G::NAME)
            .field("config", &self.config)
            .finish_non_exhaustive()
    }
}

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// An engine for `G` valuing positions with `evaluator`; the transposition table is
    /// allocated here, once.
    ///
    /// # Errors
    /// [`AlphaBetaError::NotTwoPlayers`] when `G` does not have exactly two players.
    pub fn new(evaluator: E, config: AlphaBetaConfig) -> Result<Self, AlphaBetaError> {
        if G::PLAYERS.len() != 2 {
            return Err(AlphaBetaError::NotTwoPlayers {
                game: G::NAME,
                players: G::PLAYERS.len(),
            });
        }
        Ok(AlphaBeta {
            evaluator,
            config,
            table: Table::new(config.tt_megabytes),
            moves: Vec::new(),
            order: Vec::new(),
            pv: Vec::new(),
            killers: Vec::new(),
            history: alloc::vec![0; HISTORY_SIZE],
            draws: DrawTracker::from_key(crate::DrawRules::NONE, 0),
            nodes: 0,
            node_limit: u64::MAX,
            leaves: 0,
            leaf_limit: u64::MAX,
            stopwatch: Stopwatch::start(),
            time_limit: None,
            stop: StopFlag::new(),
            aborted: false,
            _game: PhantomData,
        })
    }

    /// The configuration.
    pub fn config(&self) -> &AlphaBetaConfig {
        &self.config
    }

    /// The evaluator.
    pub fn evaluator(&self) -> &E {
        &self.evaluator
    }

    /// Makes sure the per-ply buffers reach `ply` (they only grow).
    fn reserve_ply(&mut self, ply: usize) {
        while self.moves.len() <= ply + 1 {
            self.moves.push(Vec::new());
            self.order.push(Vec::new());
            self.pv.push(Vec::with_capacity(MAX_PLY));
            self.killers.push([None, None]);
        }
    }

    /// The search's score in the interface's terms.
    fn public_score(score: i32) -> Score {
        if score >= MATE_BOUND {
            Score::WinIn((MATE - score) as u32)
        } else if score <= -MATE_BOUND {
            Score::LossIn((MATE + score) as u32)
        } else {
            Score::Centi(score)
        }
    }
}

impl<G: Game, E: Evaluator<G>> Engine<G> for AlphaBeta<G, E> {
    fn name(&self) -> String {
        String::from(self.config.name)
    }

    fn search(
        &mut self,
        record: &GameRecord<G>,
        limits: &Limits,
        stop: &StopFlag,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let started = Stopwatch::start();
        let root = *record.current();
        if record.outcome().is_some() {
            return SearchResult::game_over();
        }
        self.draws.clone_from(record.draw_tracker());
        self.table.new_search();
        self.nodes = 0;
        self.node_limit = limits.nodes.unwrap_or(u64::MAX);
        self.leaves = 0;
        self.leaf_limit = limits.iterations.unwrap_or(u64::MAX);
        self.stopwatch = started;
        self.time_limit = limits.time;
        self.stop = stop.clone();
        self.aborted = false;
        for k in &mut self.killers {
            *k = [None, None];
        }
        // Age the history so that old games do not dominate the ordering.
        for h in &mut self.history {
            *h /= 8;
        }
        self.reserve_ply(0);

        let max_depth = limits.depth.unwrap_or(self.config.max_depth).clamp(1, 250);
        let mut root_moves = Vec::new();
        root.legal_moves_into(&mut root_moves);
        let mut best = SearchResult::new(root_moves.first().copied(), SearchInfo::empty());
        for depth in 1..=max_depth {
            let score = self.negamax(&root, depth as i32, 0, -INFINITY, INFINITY, 0);
            if self.aborted {
                // A root move searched completely in the unfinished depth and better than the
                // last completed depth's choice is kept (PVS re-searches it with a full window).
                if let Some(&mv) = self.pv[0].first() {
                    best.best_move = Some(mv);
                }
                break;
            }
            let pv = self.pv[0].clone();
            best = SearchResult::new(
                pv.first().copied().or(best.best_move),
                SearchInfo {
                    depth,
                    nodes: self.nodes,
                    score: Some(Self::public_score(score)),
                    pv,
                    elapsed: started.elapsed(),
                },
            );
            report(&best.info);
            // A proven win or loss within the depth searched cannot change with more depth.
            if score.abs() >= MATE_BOUND && (MATE - score.abs()) as u32 <= depth {
                break;
            }
            if self.nodes >= self.node_limit || self.leaves >= self.leaf_limit {
                break;
            }
        }
        best.info.nodes = self.nodes;
        best.info.elapsed = started.elapsed();
        best
    }

    fn new_game(&mut self) {
        self.table.clear();
        self.history.fill(0);
        for k in &mut self.killers {
            *k = [None, None];
        }
    }
}

/// For the conformance kit: how alpha-beta judges each position of `line`, played from
/// `record`'s current position: whether its search scores the position a draw by history (the
/// record's rules, or a second occurrence: see the module docs). `None` for a game without
/// two players. The history is loaded and carried as [`AlphaBeta`]'s search does it.
#[cfg(feature = "testing")]
pub(crate) fn judge_line<G: Game>(record: &GameRecord<G>, line: &[G::Move]) -> Option<Vec<bool>> {
    struct Zero;
    impl<G: Game> Evaluator<G> for Zero {
        fn evaluate(&mut self, _: &G) -> i32 {
            0
        }
    }
    let config = AlphaBetaConfig::default().with_tt_megabytes(0);
    let mut engine = AlphaBeta::<G, Zero>::new(Zero, config).ok()?;
    engine.draws.clone_from(record.draw_tracker());
    let mut pos = *record.current();
    let mut judged = Vec::with_capacity(line.len());
    for &mv in line {
        let before = pos;
        pos.play_unchecked(mv);
        engine.draws.push(&before, mv, &pos);
        judged.push(engine.draws.draw_or_repeat());
    }
    Some(judged)
}
