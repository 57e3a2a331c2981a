//! Monte Carlo tree search (UCT, and PUCT for learning agents) for games of two or three
//! players, on per-player rewards.
//!
//! One tree serves both searches, with its [`SelectionPolicy`] as data (as OpenSpiel's MCTS
//! takes a child-selection function and an evaluator): [`Mcts`] descends by UCT and values new
//! leaves with a [`LeafEvaluator`] (a rollout), [`PuctMcts`] descends by PUCT and takes a
//! value and priors from a [`PolicyValue`]; [`SearchTree`] is the PUCT tree driven by its
//! caller one leaf at a time, for programs that value the leaves of many trees in a batch.
//! The files: the tree (`tree.rs`), the policies (`policy.rs`), root parallelism and the
//! search loop (`parallel.rs`), the step-wise API (`batch.rs`), random rollouts
//! (`rollout.rs`), the logarithm table of UCT (`ln_table.rs`).
//!
//! Every node of the tree keeps its visit count and the sum of the
//! [`Rewards`](crate::search::Rewards) of every player over the simulations that passed through
//! it. Selection descends to the child that maximises the reward of the player who *makes* the
//! move into it (the player to move at the parent) plus the policy's exploration term; with
//! three players this is the usual "max^n-style" MCTS, and a draw is worth `1/N` to each of N
//! players ([`Outcome::rewards`](crate::Outcome::rewards)).
//!
//! One iteration (a simulation): select down the tree (replaying the moves from the root, so
//! nodes hold no positions), value the leaf reached (exactly when the game is over there), and
//! add the rewards to every node on the path. UCT makes a node's children (all at once, in a
//! seeded random order) when a simulation comes back to it, and values a new leaf by its
//! evaluator; PUCT values a leaf and makes its children, with the evaluator's priors, at once.
//!
//! - **Proven values.** A position where the game is over (by the rules or by a history draw)
//!   is valued exactly, and its node is *solved*; so is a node with a child that wins for the
//!   player to move there, or whose children are all solved (its value is then the best of
//!   theirs for that player). A simulation that reaches a solved node ends there: it would
//!   learn nothing. The move played from a solved root is the one that proves it, and a move
//!   proven lost is played only when every move is.
//! - **Limits.** [`Limits::iterations`](crate::Limits::iterations),
//!   [`Limits::nodes`](crate::Limits::nodes) (tree nodes created by this search),
//!   [`Limits::depth`](crate::Limits::depth) (the depth of the tree: the search stops once an
//!   iteration has walked a line that many plies deep, and never descends further) and
//!   [`Limits::time`](crate::Limits::time) (read every 8 iterations, like the [`StopFlag`]).
//!   Every search ends, whatever the limit and the position:
//!   - a solved root ends the search unless an iteration limit is set (learning code asks for
//!     a number of simulations and reads their visits: those go straight down the move that
//!     proves the root);
//!   - a tree can stop growing without being solved, when selection keeps choosing nodes whose
//!     value is known (a draw that is better than the alternatives, or a win the opponent
//!     keeps checking): such simulations count toward a node limit as one node each, and a
//!     depth limit also ends once they outnumber the tree's nodes;
//!   - node and depth limits end when the arena is full.
//!
//!   With no limit at all the search runs until the stop flag is raised or the root is solved.
//!   At least one iteration is run, so a legal move is always returned while the game goes on.
//! - **Determinism.** The only randomness is the engine's [`Rng`](crate::Rng), seeded at
//!   creation (and again by [`Engine::new_game`]). With no time limit, the same seed and the
//!   same sequence of searches give the same moves.
//! - **Memory.** A tree is an arena of at most [`MctsConfig::max_nodes`] nodes. When a node
//!   cannot get all its children because the arena is full, it is not expanded: the search goes
//!   on simulating from the leaves it has (so a long search still improves the estimates of the
//!   existing tree, it only stops growing).
//! - **Tree reuse.** When the record of the next search extends the record of the previous one
//!   (same start and draw rules, the old moves a prefix of the new ones), the subtree under the
//!   moves played since is kept and becomes the new tree; otherwise the search starts afresh.
//! - **History draws.** Positions inside the tree are judged as a [`GameRecord`] would judge
//!   them: the tree copies the record's [`DrawTracker`](crate::DrawTracker) and carries it down
//!   every line, so a repetition, the no-progress rule or the move cap inside the tree is a
//!   draw there. Rollouts below the tree see only positions ([`LeafEvaluator`]), not history.
//! - **Result.** The move played is the most visited child of the root (ties: the higher mean
//!   reward, then the earlier child), or the move that proves a solved root. [`SearchInfo`]
//!   reports the iterations (`nodes`), the deepest line walked (`depth`), the mean reward of the
//!   best move for the player to move ([`Score::Reward`](crate::Score::Reward)) and the
//!   principal variation. The result's [`root_distribution`](SearchResult::root_distribution)
//!   holds every root move with its visit count: the policy target of learning code.
//! - **Threads.** With [`MctsConfig::threads`] = k > 1 the search is root-parallel: k
//!   independent trees, each on its own thread (the first on the caller's), each with its own
//!   evaluator ([`LeafEvaluator::fork`]) and its own generator: the first tree's seed is the
//!   engine's seed, tree i's a SplitMix64 scramble of the seed and i. Iteration and node limits
//!   are shared out equally among the trees (so a limit means the same total work at any thread
//!   count, and a limit below k uses fewer trees); depth and time limits and the stop flag
//!   apply to each. At the end the root statistics are merged: visits and rewards of each root
//!   move summed over the trees, the most visited move played (a move a tree proved lost is
//!   left out, and a tree that solved the root decides). Under iteration, node or depth limits
//!   the result does not depend on how the threads were scheduled, so it is deterministic for a
//!   seed at any thread count; with one thread the search is exactly the single-tree search.
//!   Progress reports come from the first tree (its line and score, the iterations of all
//!   trees); the final report is the merged one. Without the `std` feature there are no
//!   threads and the trees are searched one after the other, with the same result.
//!
//! ```
//! use game_core::search::mcts::{Mcts, MctsConfig, RandomRollout};
//! use game_core::{tictactoe::TicTacToe, Engine, Game, GameRecord, Limits};
//!
//! // X has a3 and b3 (the top row); c3 completes it.
//! let pos: TicTacToe = "xx./oo./... x".parse().unwrap();
//! let mut engine = Mcts::new(RandomRollout::new(50), MctsConfig::default(), 7);
//! let best = engine.choose_move(&GameRecord::new(pos), &Limits::iterations(2_000));
//! assert_eq!(best.map(|mv| pos.move_text(mv)).as_deref(), Some("c3"));
//! ```
//!
//! # PUCT: search for learning agents
//!
//! [`PuctMcts`] is the same search with AlphaZero's selection, for agents that learn by
//! self-play: a [`PolicyValue`] evaluator (a policy-value network, or anything else) gives
//! every new node a value for each player and a prior over its legal moves, and selection
//! descends to the child with the greatest `Q + c · P · sqrt(N) / (1 + n)`: `Q` the child's mean
//! reward for the player who makes its move (the parent's own mean for that player while the
//! child is unvisited), `P` its prior, `N` and `n` the parent's and the child's visits, `c`
//! [`MctsConfig::puct_exploration`]. A node is valued and grown in the same iteration (the
//! evaluator is called once per node, not once more for rollouts), so an iteration is one
//! evaluator call. Rewards follow the same convention as UCT's, for two and three players.
//!
//! - **Root noise** ([`MctsConfig::root_noise`], [`RootNoise`]): Dirichlet noise mixed into
//!   the root's priors at the start of each search, drawn by the tree's seeded generator.
//! - **Policy targets:** the result's [`root_distribution`](SearchResult::root_distribution)
//!   holds the visits of the root moves; [`SearchResult::action_policy`] writes them over the
//!   action ids of a game with [`Actions`](crate::Actions), and [`SearchResult::sample_move`]
//!   chooses the move to play by temperature.
//! - **Batches:** [`SearchTree`] is this tree without the evaluator: its caller selects a leaf,
//!   values it (with priors) and completes the simulation, so a program can search many trees
//!   and value their leaves together in one call of a network. [`PuctMcts`] drives the same
//!   tree one leaf at a time: the same seed and simulations give the same result. A root is a
//!   [`GameRecord`] ([`SearchTree::set_root`]) or, for a program that keeps a
//!   [`DrawTracker`](crate::DrawTracker) per game instead, a position with its tracker
//!   ([`SearchTree::set_root_position`]).
//! - **Determinism and threads:** as UCT (one thread: the seed fixes everything; threads:
//!   independent trees, each with a forked evaluator, merged at the root).
//!
//! With the UCT engine ([`Mcts`]) the tree stores no priors; the policy is a value the tree
//! reads at each step of a descent.
//!
//! ```
//! use game_core::search::mcts::{MctsConfig, PuctMcts, RootNoise};
//! use game_core::search::{PolicyValue, Rewards};
//! use game_core::{tictactoe::TicTacToe, Actions, Engine, Game, GameRecord, Limits, Rng};
//! use game_core::StopFlag;
//!
//! /// A stand-in for a network: a flat prior and a value that only knows finished lines.
//! struct Flat;
//!
//! impl PolicyValue<TicTacToe> for Flat {
//!     fn evaluate(&mut self, _: &TicTacToe, _: &[u8], priors: &mut [f32]) -> Rewards {
//!         priors.fill(1.0); // the search normalises them
//!         [0.5, 0.5, 0.0]
//!     }
//! }
//!
//! let config = MctsConfig::default()
//!     .with_puct_exploration(1.5)
//!     .with_root_noise(Some(RootNoise::new(0.3, 0.25)));
//! let mut engine = PuctMcts::new(Flat, config, 7);
//! let mut record = GameRecord::new(TicTacToe::start());
//! let mut rng = Rng::new(7);
//! let mut policies = Vec::new(); // (position, policy target) pairs for training
//! while record.outcome().is_none() {
//!     let result = engine.search(&record, &Limits::iterations(200), &StopFlag::new(), &mut |_| {});
//!     let pos = *record.current();
//!     let mut policy = vec![0.0; pos.num_actions()];
//!     assert!(result.action_policy(&pos, &mut policy));
//!     policies.push((pos, policy));
//!     // Temperature 1 for the first two moves, then the most visited move.
//!     let temperature = if record.moves().len() < 2 { 1.0 } else { 0.0 };
//!     let mv = result.sample_move(temperature, &mut rng).expect("the game goes on");
//!     record.play(mv).unwrap();
//! }
//! assert_eq!(policies.len(), record.moves().len());
//! assert!(policies.iter().all(|(_, p)| (p.iter().sum::<f32>() - 1.0).abs() < 1e-5));
//! ```

mod batch;
mod ln_table;
mod parallel;
mod policy;
mod rollout;
mod tree;

use alloc::string::String;

use crate::search::{
    Engine, LeafEvaluator, Limits, PolicyValue, SearchInfo, SearchResult, StopFlag,
};
use crate::{Game, GameRecord};
use parallel::{Core, Priors, Rollouts};

pub use batch::{BatchError, SearchTree};
pub use policy::SelectionPolicy;
pub use rollout::{draw_rewards, RandomRollout};

/// The settings of an [`Mcts`] engine.
///
/// Build one from the default with the `with_…` methods: the type is `#[non_exhaustive]`, so
/// that a setting added later is not a breaking change (the fields stay public to read).
///
/// ```
/// use game_core::search::mcts::{Mcts, MctsConfig, RandomRollout};
/// use game_core::{tictactoe::TicTacToe, Engine, Game, GameRecord, Limits};
///
/// let config = MctsConfig::default()
///     .with_exploration(1.0)
///     .with_max_nodes(50_000)
///     .with_reuse_tree(false)
///     .with_threads(2);
/// assert_eq!((config.max_nodes, config.threads), (50_000, 2));
///
/// let mut engine = Mcts::new(RandomRollout::new(20), config, 3);
/// assert_eq!(engine.config().threads, 2); // the rollout forks: two trees
/// let record = GameRecord::new(TicTacToe::start());
/// assert!(engine.choose_move(&record, &Limits::iterations(400)).is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct MctsConfig {
    /// The UCT exploration constant `c` (rewards are in `0..=1`); `sqrt(2)` by default.
    pub exploration: f64,
    /// The greatest number of nodes a tree may hold (memory: about 48 bytes plus one move per
    /// node, for each thread's tree). One million by default.
    pub max_nodes: usize,
    /// Whether to keep the subtree of the moves played between two searches of one game.
    pub reuse_tree: bool,
    /// The number of trees searched at once, each on its own thread (root parallelism; 0
    /// counts as 1). 1 by default: one tree, on the caller's thread. See the
    /// [module docs](self) ("Threads").
    pub threads: usize,
    /// The PUCT exploration constant `c` of [`PuctMcts`] (the weight of the prior, see the
    /// [module docs](self), "PUCT"); 1.25 by default. UCT ([`Mcts`]) does not read it.
    pub puct_exploration: f64,
    /// Dirichlet noise mixed into the root's priors at the start of every [`PuctMcts`] search
    /// (AlphaZero's self-play exploration); `None` (no noise) by default. UCT does not read it.
    pub root_noise: Option<RootNoise>,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: core::f64::consts::SQRT_2,
            max_nodes: 1_000_000,
            reuse_tree: true,
            threads: 1,
            puct_exploration: 1.25,
            root_noise: None,
        }
    }
}

impl MctsConfig {
    /// The same settings with `threads` trees searched at once (0 counts as 1).
    pub fn with_threads(self, threads: usize) -> Self {
        MctsConfig {
            threads: threads.max(1),
            ..self
        }
    }

    /// The same settings with the exploration constant `c`.
    pub fn with_exploration(self, exploration: f64) -> Self {
        MctsConfig {
            exploration,
            ..self
        }
    }

    /// The same settings with trees of at most `max_nodes` nodes.
    pub fn with_max_nodes(self, max_nodes: usize) -> Self {
        MctsConfig { max_nodes, ..self }
    }

    /// The same settings, keeping (or not) the subtree of the moves played between searches.
    pub fn with_reuse_tree(self, reuse_tree: bool) -> Self {
        MctsConfig { reuse_tree, ..self }
    }

    /// The same settings with the PUCT exploration constant `c` ([`PuctMcts`] only).
    pub fn with_puct_exploration(self, puct_exploration: f64) -> Self {
        MctsConfig {
            puct_exploration,
            ..self
        }
    }

    /// The same settings with (or without) Dirichlet noise at the root ([`PuctMcts`] only).
    pub fn with_root_noise(self, root_noise: Option<RootNoise>) -> Self {
        MctsConfig { root_noise, ..self }
    }
}

/// AlphaZero's root noise for self-play: at the start of every search the prior `p` of each
/// root move becomes `(1 − fraction) · p + fraction · η`, with `η` drawn from a symmetric
/// Dirichlet distribution of parameter `alpha` over the root's moves by the search's seeded
/// generator (so the same seed gives the same noise). The priors stored in the tree stay
/// clean: the noise of one search is not carried into the next.
///
/// AlphaZero used `alpha` 0.3 for chess, 0.15 for shogi, 0.03 for Go (about 10 divided by the
/// typical number of legal moves) and `fraction` 0.25.
///
/// ```
/// use game_core::search::mcts::{MctsConfig, RootNoise};
///
/// let config = MctsConfig::default().with_root_noise(Some(RootNoise::new(0.3, 0.25)));
/// assert_eq!(config.root_noise.map(|n| n.alpha), Some(0.3));
/// ```
#[derive(Clone, Copy, Debug, PartialEq)]
#[non_exhaustive]
pub struct RootNoise {
    /// The Dirichlet concentration (above 0: small values put the noise on few moves).
    pub alpha: f64,
    /// The weight of the noise, from 0 (none) to 1 (noise only).
    pub fraction: f64,
}

impl RootNoise {
    /// Noise of concentration `alpha` with weight `fraction` (clamped to `0..=1`; an `alpha`
    /// that is not above 0 counts as a tiny positive one).
    pub fn new(alpha: f64, fraction: f64) -> Self {
        RootNoise {
            alpha: if alpha > 0.0 { alpha } else { 1e-3 },
            fraction: if fraction.is_nan() {
                0.0
            } else {
                fraction.clamp(0.0, 1.0)
            },
        }
    }
}

/// The engine: UCT search with a leaf evaluator `E` (see the [module docs](self)).
///
/// ```
/// use game_core::search::mcts::{Mcts, MctsConfig, RandomRollout};
/// use game_core::{tictactoe::TicTacToe, Engine, Game, GameRecord, Limits};
///
/// // O must block at c3, or X completes the top row.
/// let pos: TicTacToe = "xx./o../... o".parse().unwrap();
/// let mut engine = Mcts::new(RandomRollout::new(9), MctsConfig::default(), 1);
/// let best = engine.choose_move(&GameRecord::new(pos), &Limits::iterations(3_000));
/// assert_eq!(best.map(|mv| pos.move_text(mv)).as_deref(), Some("c3"));
/// assert!(engine.tree_size() > 1); // the tree is kept for the next search
/// ```
#[derive(Debug)]
pub struct Mcts<G: Game, E> {
    core: Core<G, Rollouts<E>>,
}

impl<G: Game, E: LeafEvaluator<G>> Mcts<G, E> {
    /// An engine valuing leaves with `evaluator`, seeded with `seed`. With
    /// [`MctsConfig::threads`] above 1 every further tree gets its evaluator from
    /// [`LeafEvaluator::fork`] and a seed derived from `seed` (see the [module docs](self),
    /// "Threads"); an evaluator that cannot fork gets one tree.
    pub fn new(evaluator: E, config: MctsConfig, seed: u64) -> Self {
        Mcts {
            core: Core::new(Rollouts(evaluator), config, seed),
        }
    }

    /// The settings (with the number of trees the engine got in
    /// [`threads`](MctsConfig::threads)).
    pub fn config(&self) -> &MctsConfig {
        &self.core.config
    }

    /// The number of nodes in the first tree now (after a search: the tree kept for the next
    /// one).
    pub fn tree_size(&self) -> usize {
        self.core.workers[0].tree.nodes.len()
    }
}

impl<G: Game, E: LeafEvaluator<G>> Engine<G> for Mcts<G, E> {
    fn name(&self) -> String {
        "mcts".into()
    }

    fn search(
        &mut self,
        record: &GameRecord<G>,
        limits: &Limits,
        stop: &StopFlag,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        self.core.search(record, limits, stop, report)
    }

    fn new_game(&mut self) {
        self.core.new_game();
    }
}

/// The engine for learning agents: MCTS with PUCT selection, its priors and leaf values from
/// a [`PolicyValue`] evaluator `P` such as a neural network (see the [module docs](self),
/// "PUCT").
///
/// Everything else is [`Mcts`]'s: limits, tree reuse, history draws, threads (each tree
/// forks its own evaluator, [`PolicyValue::fork`]), the result and its
/// [`root_distribution`](SearchResult::root_distribution) of visits, the policy target of
/// self-play ([`SearchResult::action_policy`] gives it over action ids,
/// [`SearchResult::sample_move`] chooses a move by temperature).
///
/// ```
/// use game_core::search::mcts::{MctsConfig, PuctMcts};
/// use game_core::search::{PolicyValue, Rewards};
/// use game_core::{tictactoe::TicTacToe, Engine, Game, GameRecord, Limits};
///
/// /// A "network" that is sure b2 is the move, and has no idea who wins.
/// struct LikesTheCentre;
///
/// impl PolicyValue<TicTacToe> for LikesTheCentre {
///     fn evaluate(&mut self, _: &TicTacToe, moves: &[u8], priors: &mut [f32]) -> Rewards {
///         for (p, &mv) in priors.iter_mut().zip(moves) {
///             *p = if mv == 4 { 0.9 } else { 0.0125 };
///         }
///         [0.5, 0.5, 0.0]
///     }
/// }
///
/// let pos = TicTacToe::start();
/// let mut engine = PuctMcts::new(LikesTheCentre, MctsConfig::default(), 1);
/// let best = engine.choose_move(&GameRecord::new(pos), &Limits::iterations(50));
/// assert_eq!(best.map(|mv| pos.move_text(mv)).as_deref(), Some("b2"));
/// assert_eq!(engine.name(), "puct");
/// ```
#[derive(Debug)]
pub struct PuctMcts<G: Game, P> {
    core: Core<G, Priors<P>>,
}

impl<G: Game, P: PolicyValue<G>> PuctMcts<G, P> {
    /// An engine taking priors and values from `evaluator`, seeded with `seed` (the shuffle
    /// that breaks ties between equal priors, and the root noise of
    /// [`MctsConfig::root_noise`]). With [`MctsConfig::threads`] above 1 every further tree
    /// gets its evaluator from [`PolicyValue::fork`].
    pub fn new(evaluator: P, config: MctsConfig, seed: u64) -> Self {
        PuctMcts {
            core: Core::new(Priors(evaluator), config, seed),
        }
    }

    /// The settings (with the number of trees the engine got in
    /// [`threads`](MctsConfig::threads)).
    pub fn config(&self) -> &MctsConfig {
        &self.core.config
    }

    /// The number of nodes in the first tree now (after a search: the tree kept for the next
    /// one).
    pub fn tree_size(&self) -> usize {
        self.core.workers[0].tree.nodes.len()
    }

    /// The evaluator of the first tree (for example to read a network's call count).
    pub fn evaluator(&self) -> &P {
        &self.core.workers[0].evaluator.0
    }
}

impl<G: Game, P: PolicyValue<G>> Engine<G> for PuctMcts<G, P> {
    fn name(&self) -> String {
        "puct".into()
    }

    fn search(
        &mut self,
        record: &GameRecord<G>,
        limits: &Limits,
        stop: &StopFlag,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        self.core.search(record, limits, stop, report)
    }

    fn new_game(&mut self) {
        self.core.new_game();
    }
}

/// For the conformance kit: how an MCTS tree rooted at `record`'s position judges the position
/// after `mv` (a legal move there): a UCT tree is searched until the root's child for `mv` has
/// been visited, and that child's exact value is returned when the tree found the game over
/// there (by the rules or by a history draw), `None` when it did not, or when the root was
/// solved first (the child then goes unvisited).
#[cfg(feature = "testing")]
pub(crate) fn judge_after<G: Game>(
    record: &GameRecord<G>,
    mv: G::Move,
) -> Option<crate::search::Rewards> {
    let policy = SelectionPolicy::Uct {
        exploration: core::f64::consts::SQRT_2,
    };
    let mut tree = tree::Tree::new(policy, usize::MAX, None, 1);
    tree.prepare(None, record);
    let moves = record.current().legal_moves().len();
    for _ in 0..=moves {
        if tree.select(2) {
            tree.complete(draw_rewards::<G>()).ok()?;
        }
        let child = tree
            .root_children()
            .find(|&c| tree.nodes[c].mv == Some(mv))?;
        if tree.nodes[child].visits > 0 {
            return tree.nodes[child]
                .solved
                .then(|| tree.mean_rewards(child as u32));
        }
    }
    None
}
