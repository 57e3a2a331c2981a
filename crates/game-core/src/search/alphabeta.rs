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
use core::hash::{Hash, Hasher};
use core::marker::PhantomData;
use core::time::Duration;

use thiserror::Error;

use super::tt::{from_table, to_table, Bound, Table};
use super::{Engine, Evaluator, Limits, Score, SearchInfo, SearchResult, StopFlag, Stopwatch};
use crate::{Game, GameRecord};

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

/// One position of the history the search compares against: the record's positions since its
/// last progress move, then the search path.
#[derive(Clone, Copy, Debug)]
struct Trail {
    /// The position's hash key.
    key: u64,
    /// Plies without a progress move up to this position.
    no_progress: u32,
    /// Plies counting toward the move cap up to this position.
    capped: u32,
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
    /// The record's recent positions, then the search path.
    trail: Vec<Trail>,
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

/// A cheap, fixed hash of a move for the history table: one multiply per word the move's
/// `Hash` writes (bytes one at a time only for byte slices).
struct MoveHasher(u64);

impl MoveHasher {
    const K: u64 = 0x9e37_79b9_7f4a_7c15;

    #[inline(always)]
    fn mix(&mut self, word: u64) {
        self.0 = (self.0 ^ word).wrapping_mul(Self::K).rotate_left(23);
    }
}

impl Hasher for MoveHasher {
    #[inline(always)]
    fn finish(&self) -> u64 {
        self.0
    }
    #[inline(always)]
    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.mix(u64::from(b));
        }
    }
    #[inline(always)]
    fn write_u8(&mut self, i: u8) {
        self.mix(u64::from(i));
    }
    #[inline(always)]
    fn write_u16(&mut self, i: u16) {
        self.mix(u64::from(i));
    }
    #[inline(always)]
    fn write_u32(&mut self, i: u32) {
        self.mix(u64::from(i));
    }
    #[inline(always)]
    fn write_u64(&mut self, i: u64) {
        self.mix(i);
    }
    #[inline(always)]
    fn write_usize(&mut self, i: usize) {
        self.mix(i as u64);
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
            trail: Vec::new(),
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

    #[inline]
    fn history_index(side: usize, mv: &G::Move) -> usize {
        let mut hasher = MoveHasher(side as u64);
        mv.hash(&mut hasher);
        let h = hasher.finish().wrapping_mul(MoveHasher::K);
        (h >> 52) as usize & (HISTORY_SIZE - 1)
    }

    /// Whether a limit or the stop flag ends the search now.
    #[inline]
    fn out_of_budget(&mut self) -> bool {
        if self.aborted {
            return true;
        }
        // The clock and the flag are read only every `CHECK_INTERVAL` nodes (they cost more
        // than a node count).
        self.aborted = self.nodes >= self.node_limit
            || self.leaves >= self.leaf_limit
            || (self.nodes.is_multiple_of(CHECK_INTERVAL)
                && (self.stop.is_stopped() || self.stopwatch.reached(self.time_limit)));
        self.aborted
    }

    /// Whether the position at the top of the trail is a history draw (see the module docs).
    fn is_history_draw(&self, rules: &crate::DrawRules) -> bool {
        let Some((last, earlier)) = self.trail.split_last() else {
            return false;
        };
        if rules
            .no_progress_plies
            .is_some_and(|n| last.no_progress >= n)
            || rules.move_cap.is_some_and(|n| last.capped >= n)
        {
            return true;
        }
        if rules.repetitions.is_none() {
            return false;
        }
        // Only the positions since the last progress move can repeat.
        let window = (last.no_progress as usize).min(earlier.len());
        earlier[earlier.len() - window..]
            .iter()
            .rev()
            .any(|t| t.key == last.key)
    }

    /// The negamax value of `pos` for its player to move, `depth` plies deep.
    #[allow(clippy::too_many_arguments)]
    fn negamax(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        extensions: u32,
        rules: &crate::DrawRules,
    ) -> i32 {
        self.nodes += 1;
        if self.out_of_budget() {
            return 0;
        }
        self.pv[ply].clear();
        if let Some(outcome) = pos.outcome() {
            self.leaves += 1;
            return match outcome.winner() {
                Some(w) if w == pos.to_move() => MATE - ply as i32,
                Some(_) => -(MATE - ply as i32),
                None => 0,
            };
        }
        if ply > 0 && self.is_history_draw(rules) {
            self.leaves += 1;
            return 0;
        }
        if depth <= 0 || ply + 1 >= MAX_PLY {
            self.leaves += 1;
            return self.evaluator.evaluate(pos).clamp(-MAX_EVAL, MAX_EVAL);
        }
        // Mate-distance pruning: no line from here can beat a win found nearer the root.
        let alpha_orig = alpha.max(-(MATE - ply as i32));
        let beta = beta.min(MATE - ply as i32 - 1);
        alpha = alpha_orig;
        if alpha >= beta {
            return alpha;
        }

        let key = pos.hash_key();
        let mut table_move = None;
        if let Some(entry) = self.table.probe(key) {
            table_move = entry.best;
            if ply > 0 && i32::from(entry.depth) >= depth {
                let score = from_table(entry.score, ply, MATE_BOUND);
                let cut = match entry.bound {
                    Bound::Exact => true,
                    Bound::Lower => score >= beta,
                    Bound::Upper => score <= alpha,
                };
                if cut {
                    return score;
                }
            }
        }

        self.reserve_ply(ply);
        let mut moves = core::mem::take(&mut self.moves[ply]);
        let mut order = core::mem::take(&mut self.order[ply]);
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            // A game without moves should have an outcome; treat the contradiction as a draw.
            self.moves[ply] = moves;
            self.order[ply] = order;
            return 0;
        }
        let (depth, extensions) = if moves.len() == 1 && extensions < self.config.max_extensions {
            (depth + 1, extensions + 1)
        } else {
            (depth, extensions)
        };

        let side = G::player_index(pos.to_move());
        let killers = self.killers[ply];
        order.clear();
        for mv in &moves {
            let score = if Some(*mv) == table_move {
                i32::MAX
            } else if Some(*mv) == killers[0] {
                i32::MAX - 2
            } else if Some(*mv) == killers[1] {
                i32::MAX - 3
            } else {
                self.history[Self::history_index(side, mv)]
            };
            order.push(score);
        }

        let mut best_score = -INFINITY;
        let mut best_move = None;
        let last = *self.trail.last().unwrap_or(&Trail {
            key: 0,
            no_progress: 0,
            capped: 0,
        });
        for i in 0..moves.len() {
            // Selection sort step: bring the best-ordered remaining move to `i`.
            let mut pick = i;
            for j in i + 1..moves.len() {
                if order[j] > order[pick] {
                    pick = j;
                }
            }
            moves.swap(i, pick);
            order.swap(i, pick);
            let mv = moves[i];

            let mut child = *pos;
            child.play_unchecked(mv);
            self.trail.push(Trail {
                key: child.hash_key(),
                no_progress: if pos.is_progress_move(mv) {
                    0
                } else {
                    last.no_progress + 1
                },
                capped: last.capped + u32::from(pos.counts_toward_cap(mv)),
            });
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, extensions, rules)
            } else {
                let probe = -self.negamax(
                    &child,
                    depth - 1,
                    ply + 1,
                    -alpha - 1,
                    -alpha,
                    extensions,
                    rules,
                );
                if probe > alpha && probe < beta && !self.aborted {
                    -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, extensions, rules)
                } else {
                    probe
                }
            };
            self.trail.pop();
            if self.aborted {
                self.moves[ply] = moves;
                self.order[ply] = order;
                return 0;
            }
            if score > best_score {
                best_score = score;
                best_move = Some(mv);
                if score > alpha {
                    alpha = score;
                    let (head, tail) = self.pv.split_at_mut(ply + 1);
                    let line = &mut head[ply];
                    line.clear();
                    line.push(mv);
                    line.extend_from_slice(&tail[0]);
                    if alpha >= beta {
                        if Some(mv) != self.killers[ply][0] {
                            self.killers[ply][1] = self.killers[ply][0];
                            self.killers[ply][0] = Some(mv);
                        }
                        let h = &mut self.history[Self::history_index(side, &mv)];
                        *h = h.saturating_add(depth * depth).min(1 << 28);
                        break;
                    }
                }
            }
        }
        self.moves[ply] = moves;
        self.order[ply] = order;

        let bound = if best_score >= beta {
            Bound::Lower
        } else if best_score > alpha_orig {
            Bound::Exact
        } else {
            Bound::Upper
        };
        let stored_move = if bound == Bound::Upper {
            None
        } else {
            best_move
        };
        self.table.store(
            key,
            stored_move,
            to_table(best_score, ply, MATE_BOUND),
            depth.clamp(0, i32::from(i16::MAX)) as i16,
            bound,
        );
        best_score
    }

    /// Fills the trail with the record's positions since its last progress move.
    fn load_history(&mut self, record: &GameRecord<G>) {
        self.trail.clear();
        let positions = record.positions();
        let moves = record.moves();
        // Counts up to each position, from the start.
        let mut no_progress = 0u32;
        let mut capped = 0u32;
        let mut since_progress_start = 0usize;
        let mut counts = Vec::with_capacity(positions.len());
        counts.push((0u32, 0u32));
        for (i, mv) in moves.iter().enumerate() {
            if positions[i].is_progress_move(*mv) {
                no_progress = 0;
                since_progress_start = i + 1;
            } else {
                no_progress += 1;
            }
            capped += u32::from(positions[i].counts_toward_cap(*mv));
            counts.push((no_progress, capped));
        }
        for (pos, &(no_progress, capped)) in
            positions.iter().zip(&counts).skip(since_progress_start)
        {
            self.trail.push(Trail {
                key: pos.hash_key(),
                no_progress,
                capped,
            });
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
        let rules = record.rules();
        self.load_history(record);
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
            let score = self.negamax(&root, depth as i32, 0, -INFINITY, INFINITY, 0, &rules);
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
