//! PUCT driven by its caller, one leaf at a time, so that a program can search many trees and
//! value their leaves in batches (a network evaluating many positions at once), as mctx does.

use alloc::vec::Vec;

use thiserror::Error;

use super::parallel::result;
use super::policy::SelectionPolicy;
use super::tree::{CompleteError, Tree};
use super::MctsConfig;
use crate::search::{Rewards, SearchResult, Stopwatch, MAX_PLAYERS};
use crate::{DrawTracker, Game, GameRecord};

/// Why a [`SearchTree`] refused a call.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum BatchError {
    /// The record's game is over: there is no move to search.
    #[error("the game is over: there is nothing to search")]
    GameOver,
    /// No leaf is waiting for a value (no [`SearchTree::select`] since the last one was
    /// completed, or it ended at a finished game).
    #[error("no leaf is waiting for a value")]
    NoLeaf,
    /// The draw tracker given with a position is at another position (its
    /// [`key`](crate::DrawTracker::key) is not the position's hash key).
    #[error("the draw tracker is at another position than the root")]
    HistoryMismatch,
    /// The priors are not one per legal move of the leaf ([`SearchTree::leaf_moves`]).
    #[error("{got} priors for a leaf with {expected} legal moves")]
    PriorCount {
        /// The leaf's number of legal moves.
        expected: usize,
        /// The number of priors given.
        got: usize,
    },
}

/// One PUCT search tree that its caller drives step by step: [`select`](SearchTree::select)
/// descends to a leaf and hands its position out, the caller values it (with priors over its
/// legal moves), and [`expand_and_backup`](SearchTree::expand_and_backup) grows the leaf and
/// backs the value up. A program with many games keeps one tree per game, selects in all of
/// them, values all the leaves in one batch, and completes them all.
///
/// It is the tree of [`PuctMcts`](super::PuctMcts), which drives it one leaf at a time with its
/// [`PolicyValue`](crate::search::PolicyValue): the same settings ([`MctsConfig`]: the PUCT
/// constant, root noise, arena size, tree reuse), the same seed, the same simulations give the
/// same result. Everything of the tree applies: history draws (the record's
/// [`DrawTracker`](crate::DrawTracker) carried down every line), finished games valued by the
/// rules without asking the caller, proven values (a solved tree,
/// [`is_solved`](SearchTree::is_solved), has nothing more to learn), Dirichlet noise mixed into
/// the root's priors once the root has its children.
///
/// Values follow the convention of every search of the crate: one expected reward per player in
/// `0.0..=1.0`, indexed by [`Game::player_index`], summing to 1 ([`Rewards`]).
///
/// ```
/// use game_core::search::mcts::{MctsConfig, SearchTree};
/// use game_core::{tictactoe::TicTacToe, Game, GameRecord};
///
/// // Two games, one tree each: X to move in one, O in the other.
/// let records = ["xx./oo./... x", "xx./o../... o"].map(|text| {
///     GameRecord::new(text.parse::<TicTacToe>().unwrap())
/// });
/// let mut trees: Vec<SearchTree<TicTacToe>> =
///     (0..2).map(|seed| SearchTree::new(MctsConfig::default(), seed)).collect();
/// for (tree, record) in trees.iter_mut().zip(&records) {
///     tree.set_root(record)?;
/// }
/// for _ in 0..200 {
///     // Select in every tree, collecting the leaves that need a value...
///     let mut batch = Vec::new();
///     for (i, tree) in trees.iter_mut().enumerate() {
///         if let Some(leaf) = tree.select() {
///             batch.push((i, *leaf, tree.leaf_moves().len()));
///         }
///     }
///     // ...value them all at once (here: a uniform prior, no opinion on who wins)...
///     let values: Vec<_> = batch.iter().map(|&(_, _, n)| (vec![1.0; n], [0.5, 0.5, 0.0])).collect();
///     // ...and complete them.
///     for (&(i, _, _), (priors, value)) in batch.iter().zip(values) {
///         trees[i].expand_and_backup(&priors, value)?;
///     }
/// }
/// // X completes the top row; O blocks it.
/// let choice = |i: usize| {
///     let mv = trees[i].result().best_move.expect("the games go on");
///     records[i].current().move_text(mv)
/// };
/// assert_eq!((choice(0).as_str(), choice(1).as_str()), ("c3", "c3"));
/// # Ok::<(), game_core::search::mcts::BatchError>(())
/// ```
#[derive(Debug)]
pub struct SearchTree<G: Game> {
    tree: Tree<G>,
    config: MctsConfig,
    /// The record of the previous search, for tree reuse.
    previous: Option<GameRecord<G>>,
    simulations: u64,
    depth: u32,
    started: Stopwatch,
}

impl<G: Game> SearchTree<G> {
    /// An empty tree with `config`'s PUCT settings ([`MctsConfig::puct_exploration`],
    /// [`MctsConfig::root_noise`], [`MctsConfig::max_nodes`], [`MctsConfig::reuse_tree`]; it
    /// is one tree, whatever [`MctsConfig::threads`] says), its shuffles and noise drawn from
    /// `seed`.
    pub fn new(config: MctsConfig, seed: u64) -> Self {
        let policy = SelectionPolicy::Puct {
            exploration: config.puct_exploration,
        };
        SearchTree {
            tree: Tree::new(policy, config.max_nodes, config.root_noise, seed),
            config,
            previous: None,
            simulations: 0,
            depth: 0,
            started: Stopwatch::start(),
        }
    }

    /// Starts a search of `record`'s current position. With tree reuse on, when `record`
    /// extends the record of the previous search, the subtree of the moves played since is
    /// kept.
    ///
    /// # Errors
    /// [`BatchError::GameOver`] when the record's game is over (the tree is then empty).
    pub fn set_root(&mut self, record: &GameRecord<G>) -> Result<(), BatchError> {
        self.simulations = 0;
        self.depth = 0;
        self.started = Stopwatch::start();
        if record.outcome().is_some() {
            self.tree.forget();
            self.previous = None;
            return Err(BatchError::GameOver);
        }
        let previous = self.previous.take().filter(|_| self.config.reuse_tree);
        self.tree.prepare(previous.as_ref(), record);
        self.previous = Some(record.clone());
        Ok(())
    }

    /// Starts a search of `pos`, whose game so far has the history draws `draws` (the
    /// tracker that was pushed every move of the game up to `pos`): for a program that keeps a
    /// [`DrawTracker`] per game instead of a [`GameRecord`], as one stepping a batch of games
    /// does. Positions in the tree are judged as with [`set_root`](SearchTree::set_root) on a
    /// record with that tracker; the tree starts afresh (without the moves played, no subtree
    /// of an earlier search can be kept).
    ///
    /// ```
    /// use game_core::search::mcts::{MctsConfig, SearchTree};
    /// use game_core::{tictactoe::TicTacToe, DrawRules, DrawTracker, Game};
    ///
    /// let pos: TicTacToe = "xx./oo./... x".parse().unwrap();
    /// let draws = DrawTracker::new(&pos, DrawRules::THREEFOLD);
    /// let mut tree = SearchTree::new(MctsConfig::default(), 1);
    /// tree.set_root_position(&pos, &draws)?;
    /// while tree.simulations() < 100 {
    ///     if tree.select().is_some() {
    ///         let priors = vec![1.0; tree.leaf_moves().len()];
    ///         tree.expand_and_backup(&priors, [0.5, 0.5, 0.0])?;
    ///     }
    /// }
    /// let best = tree.result().best_move.map(|mv| pos.move_text(mv));
    /// assert_eq!(best.as_deref(), Some("c3"));
    /// # Ok::<(), game_core::search::mcts::BatchError>(())
    /// ```
    ///
    /// # Errors
    /// [`BatchError::GameOver`] when the game is over at `pos` (by the position or by a
    /// history draw of `draws`), [`BatchError::HistoryMismatch`] when `draws` is at another
    /// position; the tree is then empty.
    pub fn set_root_position(&mut self, pos: &G, draws: &DrawTracker) -> Result<(), BatchError> {
        self.simulations = 0;
        self.depth = 0;
        self.started = Stopwatch::start();
        self.previous = None;
        if draws.key() != pos.hash_key() {
            self.tree.forget();
            return Err(BatchError::HistoryMismatch);
        }
        if pos.outcome().is_some() || draws.draw().is_some() {
            self.tree.forget();
            return Err(BatchError::GameOver);
        }
        self.tree.prepare_position(pos, draws);
        Ok(())
    }

    /// Starts a simulation: descends by PUCT to a leaf and returns its position, whose value
    /// and priors [`expand_and_backup`](SearchTree::expand_and_backup) takes; or `None` when
    /// the simulation ended at a position whose value the tree knows (a finished game, a draw
    /// by history, a solved node: it is backed up already and counts as a simulation), or
    /// before [`set_root`](SearchTree::set_root). Asked again before the leaf is completed, it
    /// returns the same leaf.
    pub fn select(&mut self) -> Option<&G> {
        self.tree.root_position()?;
        if self.tree.leaf_position().is_none() && !self.tree.select(u32::MAX) {
            self.finish_simulation();
            return None;
        }
        self.tree.leaf_position()
    }

    /// The legal moves of the leaf waiting for a value, in the order its priors are read
    /// (empty when no leaf waits).
    pub fn leaf_moves(&self) -> &[G::Move] {
        if self.tree.leaf_position().is_some() {
            &self.tree.moves
        } else {
            &[]
        }
    }

    /// Completes the simulation [`select`](SearchTree::select) started: `priors`, one per move
    /// of [`leaf_moves`](SearchTree::leaf_moves) (need not sum to 1; NaN, negative and infinite
    /// ones count as 0, all 0 as uniform), give the leaf its children, and `values` (one
    /// expected reward per player, [`Rewards`]) is backed up from the leaf to the root.
    ///
    /// # Errors
    /// [`BatchError::NoLeaf`] when no leaf waits, [`BatchError::PriorCount`] when `priors` is
    /// not as long as the leaf's moves (the leaf keeps waiting).
    pub fn expand_and_backup(&mut self, priors: &[f32], values: Rewards) -> Result<(), BatchError> {
        if self.tree.leaf_position().is_none() {
            return Err(BatchError::NoLeaf);
        }
        self.tree.prior_buf.clear();
        self.tree.prior_buf.extend_from_slice(priors);
        match self.tree.complete(values) {
            Ok(()) => {
                self.finish_simulation();
                Ok(())
            }
            Err(CompleteError::NoLeaf) => Err(BatchError::NoLeaf),
            Err(CompleteError::PriorCount { expected, got }) => {
                Err(BatchError::PriorCount { expected, got })
            }
        }
    }

    fn finish_simulation(&mut self) {
        self.simulations += 1;
        self.depth = self.depth.max(self.tree.last_depth);
    }

    /// The simulations completed since [`set_root`](SearchTree::set_root).
    pub fn simulations(&self) -> u64 {
        self.simulations
    }

    /// Whether the root's value is known exactly (every line decided by finished games): more
    /// simulations cannot change the result.
    pub fn is_solved(&self) -> bool {
        self.tree.root_position().is_some() && self.tree.is_solved()
    }

    /// The mean value of the root for every player over the simulations through it (kept ones
    /// included); all 0 before the first.
    pub fn root_value(&self) -> Rewards {
        if self.tree.root_position().is_none() || self.tree.nodes.is_empty() {
            return [0.0; MAX_PLAYERS];
        }
        self.tree.mean_rewards(0)
    }

    /// The nodes in the tree.
    pub fn tree_size(&self) -> usize {
        self.tree.nodes.len()
    }

    /// The result so far, as [`PuctMcts`](super::PuctMcts) would give it: the move to play
    /// (the most visited, or the one that proves a solved root), the report (simulations as
    /// `nodes`, the deepest line, the score, the principal variation) and the visit count of
    /// every root move in [`root_distribution`](SearchResult::root_distribution), from which
    /// [`SearchResult::action_policy`] and [`SearchResult::sample_move`] give a policy target
    /// and a move by temperature. No move before the first simulation.
    pub fn result(&self) -> SearchResult<G::Move> {
        if self.tree.root_position().is_none() || self.tree.nodes.is_empty() {
            return SearchResult::game_over();
        }
        result(&[&self.tree], self.simulations, self.depth, self.started)
    }

    /// The visit count of every root move (see [`SearchTree::result`]).
    pub fn root_distribution(&self) -> Vec<(G::Move, u64)> {
        self.result().root_distribution
    }
}
