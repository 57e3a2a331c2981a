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

use crate::{Game, GameRecord};

pub mod alphabeta;
mod clock;
mod limits;
mod result;
mod sampling;
mod tt;

pub use alphabeta::{AlphaBeta, AlphaBetaConfig, AlphaBetaError, MAX_EVAL};
pub use clock::Stopwatch;
pub use limits::{Limits, StopFlag};
pub use result::{Score, SearchInfo, SearchResult};

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
