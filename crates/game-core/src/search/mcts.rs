//! Monte Carlo tree search (UCT, and PUCT for learning agents) for games of two or three
//! players, on per-player rewards.
//!
//! Every node of the tree keeps its visit count and the sum of the [`Rewards`] of every player
//! over the simulations that passed through it. Selection descends to the child that maximises
//! the reward of the player who *makes* the move into it (the player to move at the parent) plus
//! the UCT exploration term `c · sqrt(ln N / n)`; with three players this is the usual
//! "max^n-style" UCT, and a draw is worth `1/N` to each of N players ([`Outcome::rewards`](crate::Outcome::rewards)).
//!
//! One iteration: select down the tree (replaying the moves from the root, so nodes hold no
//! positions), expand the first unvisited child (the children of a node are made all at once,
//! in a seeded random order), value the new leaf with the [`LeafEvaluator`] (or exactly, when
//! the game is over there), and add the rewards to every node on the path.
//!
//! - **Determinism.** The only randomness is the engine's [`Rng`], seeded at creation (and
//!   again by [`Engine::new_game`]). With no time limit, the same seed and the same sequence of
//!   searches give the same moves.
//! - **Limits.** [`Limits::iterations`], [`Limits::nodes`] (tree nodes created by this search),
//!   [`Limits::depth`] (the depth of the tree: the search stops once an iteration has walked a
//!   line that many plies deep, and never descends further) and [`Limits::time`] (read every
//!   8 iterations, like the [`StopFlag`]). A node or depth limit also ends the search when
//!   the tree can grow no more (its arena is full, or every line of it ends in a finished
//!   game), since the limit could then never be reached. With no limit at all the search runs
//!   until the stop flag is raised. At least one iteration is run, so a legal move is always
//!   returned while the game goes on.
//! - **Memory.** A tree is an arena of at most [`MctsConfig::max_nodes`] nodes. When a node
//!   cannot get all its children because the arena is full, it is not expanded: the search goes
//!   on simulating from the leaves it has (so a long search still improves the estimates of the
//!   existing tree, it only stops growing).
//! - **Tree reuse.** When the record of the next search extends the record of the previous one
//!   (same start and draw rules, the old moves a prefix of the new ones), the subtree under the
//!   moves played since is kept and becomes the new tree; otherwise the search starts afresh.
//! - **History draws.** Positions inside the tree are judged as a [`GameRecord`] would judge
//!   them: the record's [`DrawRules`](crate::DrawRules) (repetition, no-progress plies, move cap)
//!   are applied along the path from the game's start, so a repetition inside the tree is a
//!   draw there. Rollouts below the tree see only positions ([`LeafEvaluator`]), not history.
//! - **Result.** The move played is the most visited child of the root (ties: the higher mean
//!   reward, then the earlier child). [`SearchInfo`] reports the iterations (`nodes`), the
//!   deepest line walked (`depth`), the mean reward of the best move for the player to move
//!   ([`Score::Reward`]) and the principal variation by most visits. The result's
//!   [`root_distribution`](SearchResult::root_distribution) holds every root move with its
//!   visit count: the policy target of learning code.
//! - **Threads.** With [`MctsConfig::threads`] = k > 1 the search is root-parallel: k
//!   independent trees, each on its own thread (the first on the caller's), each with its own
//!   leaf evaluator ([`LeafEvaluator::fork`]) and its own generator: the first tree's seed is the engine's seed,
//!   tree i's a SplitMix64 scramble of the seed and i. Iteration and node limits are shared out
//!   equally among the trees (so a limit means the same total work at any thread count, and a
//!   limit below k uses fewer trees); depth and time limits and the stop flag apply to each.
//!   At the end the root statistics are merged: visits and rewards of each root move summed
//!   over the trees, the most visited move played. Under iteration, node or depth limits the
//!   result does not depend on how the threads were scheduled, so it is deterministic for a
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
//! - **Determinism and threads:** as UCT (one thread: the seed fixes everything; threads:
//!   independent trees, each with a forked evaluator, merged at the root).
//!
//! With the UCT engine ([`Mcts`]) none of this costs anything: the mode is chosen at compile
//! time, and the UCT tree stores no priors.
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

use alloc::string::String;
use alloc::vec::Vec;

use crate::search::{
    Engine, LeafEvaluator, Limits, PolicyValue, Rewards, Score, SearchInfo, SearchResult, StopFlag,
    Stopwatch, MAX_PLAYERS,
};
use crate::{random_playout, Game, GameRecord, Rng};

/// Visit counts below this have their logarithm in [`LN_SMALL`].
const LN_TABLE_LEN: usize = 4096;

/// `LN_SMALL[n]` = [`math::ln`](crate::math::ln)`(n)`, built at compile time by the same
/// `const fn` (so the same bits): most nodes of a tree have few visits, and the table spares
/// them the series of the logarithm on every selection (entry 0 is ln 0 = −∞, never read).
static LN_SMALL: [f64; LN_TABLE_LEN] = {
    let mut table = [0.0; LN_TABLE_LEN];
    let mut n = 0;
    while n < LN_TABLE_LEN {
        table[n] = crate::math::ln(n as f64);
        n += 1;
    }
    table
};

/// The natural logarithm of a visit count `n >= 1` (within 1e-15 relative), on every selection
/// step, so quick: from the table below 4096; above, `n = (q + f) · 2^j` with `q` its top 12
/// bits (in the table) and `t = f / q < 1/2048`, so `ln n = j ln 2 + ln q + ln(1 + t)` with
/// five terms of the series of `ln(1 + t)` (the first left out, `t⁶/6`, is below 1e-20).
/// Plain `f64` arithmetic: the same bits with and without `std`, on every target.
#[inline]
fn ln_visits(n: u32) -> f64 {
    if let Some(&ln) = LN_SMALL.get(n as usize) {
        return ln;
    }
    let j = (32 - n.leading_zeros()) - 12;
    let q = n >> j;
    let t = f64::from(n & ((1 << j) - 1)) / f64::from(q << j);
    let ln_1p = t * (1.0 + t * (-0.5 + t * (1.0 / 3.0 + t * (-0.25 + t * 0.2))));
    f64::from(j) * core::f64::consts::LN_2 + LN_SMALL[q as usize] + ln_1p
}

/// How often (in iterations) the clock and the stop flag are read.
///
/// Often: one iteration can be slow (a Sundraval opening node expands tens of thousands of
/// children, and its rollouts fill a large board), and every iteration between two checks is
/// time past the limit (at 256 a Sundraval engine answered `go movetime 100` up to 255 ms
/// late). A clock read costs tens of nanoseconds, under 1% of the fastest game's iteration.
const CHECK_EVERY: u64 = 8;

/// How often (in iterations) progress is reported.
const REPORT_EVERY: u64 = 1 << 16;

/// The index of "no node".
const NONE: u32 = u32::MAX;

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

/// A leaf evaluation by uniformly random play: random legal moves from the leaf until the game
/// ends or `max_plies` plies have been played; a playout stopped by the ply cap counts as a
/// draw (`1/N` each). Works for every game; games supply better policies in their crates.
#[derive(Clone, Debug)]
pub struct RandomRollout<G: Game> {
    max_plies: u32,
    moves: Vec<G::Move>,
}

impl<G: Game> RandomRollout<G> {
    /// A rollout that plays at most `max_plies` plies.
    pub fn new(max_plies: u32) -> Self {
        RandomRollout {
            max_plies,
            moves: Vec::new(),
        }
    }
}

/// The rewards of a draw among the game's players (`1/N` each).
pub fn draw_rewards<G: Game>() -> Rewards {
    let mut rewards = [0.0; MAX_PLAYERS];
    let share = 1.0 / G::PLAYERS.len() as f64;
    for reward in rewards.iter_mut().take(G::PLAYERS.len()) {
        *reward = share;
    }
    rewards
}

impl<G: Game> LeafEvaluator<G> for RandomRollout<G> {
    fn evaluate(&mut self, pos: &G, rng: &mut Rng) -> Rewards {
        let playout = random_playout(*pos, rng, self.max_plies, &mut self.moves);
        match playout.outcome {
            Some(outcome) => outcome.rewards::<G>(),
            None => draw_rewards::<G>(),
        }
    }

    fn fork(&self) -> Option<Self> {
        Some(Self::new(self.max_plies))
    }
}

/// How a tree values its leaves and chooses among children: UCT with a leaf evaluator
/// ([`Uct`]) or PUCT with a prior and a value ([`Prior`]). `PUCT` is a compile-time switch, so
/// the UCT search compiles to the same loop as before PUCT existed: no prior stored, no branch.
trait Mode<G: Game>: Send + Sized {
    /// Whether the tree keeps priors and selects by PUCT.
    const PUCT: bool;
    /// The value of `pos`, a position whose game goes on; PUCT also writes one prior per move
    /// of `moves` (the legal moves of `pos`, in their generated order) into `priors`.
    fn leaf(&mut self, pos: &G, moves: &[G::Move], priors: &mut [f32], rng: &mut Rng) -> Rewards;
    /// The mode of one more tree, when the evaluator can fork.
    fn fork(&self) -> Option<Self>;
}

/// UCT: leaves valued by a [`LeafEvaluator`].
#[derive(Debug)]
struct Uct<E>(E);

impl<G: Game, E: LeafEvaluator<G>> Mode<G> for Uct<E> {
    const PUCT: bool = false;

    #[inline(always)]
    fn leaf(&mut self, pos: &G, _: &[G::Move], _: &mut [f32], rng: &mut Rng) -> Rewards {
        self.0.evaluate(pos, rng)
    }

    fn fork(&self) -> Option<Self> {
        self.0.fork().map(Uct)
    }
}

/// PUCT: leaves valued, and their moves given priors, by a [`PolicyValue`].
#[derive(Debug)]
struct Prior<P>(P);

impl<G: Game, P: PolicyValue<G>> Mode<G> for Prior<P> {
    const PUCT: bool = true;

    fn leaf(&mut self, pos: &G, moves: &[G::Move], priors: &mut [f32], _: &mut Rng) -> Rewards {
        self.0.evaluate(pos, moves, priors)
    }

    fn fork(&self) -> Option<Self> {
        self.0.fork().map(Prior)
    }
}

/// A uniform number in `(0, 1)` from 53 random bits (never 0, so its logarithm is finite).
fn open_unit(rng: &mut Rng) -> f64 {
    ((rng.next_u64() >> 11) as f64 + 0.5) * (1.0 / 9_007_199_254_740_992.0)
}

/// A standard normal number, by Marsaglia's polar method.
fn normal(rng: &mut Rng) -> f64 {
    loop {
        let u = 2.0 * open_unit(rng) - 1.0;
        let v = 2.0 * open_unit(rng) - 1.0;
        let s = u * u + v * v;
        if s > 0.0 && s < 1.0 {
            return u * crate::math::sqrt(-2.0 * crate::math::ln(s) / s);
        }
    }
}

/// A Gamma(`alpha`, 1) number, by Marsaglia and Tsang's method (for `alpha` below 1, a
/// Gamma(`alpha` + 1) number times `U^(1/alpha)`).
fn gamma(alpha: f64, rng: &mut Rng) -> f64 {
    if alpha < 1.0 {
        let boost = crate::math::exp(crate::math::ln(open_unit(rng)) / alpha);
        return gamma(alpha + 1.0, rng) * boost;
    }
    let d = alpha - 1.0 / 3.0;
    let c = 1.0 / crate::math::sqrt(9.0 * d);
    loop {
        let x = normal(rng);
        let v = 1.0 + c * x;
        if v <= 0.0 {
            continue;
        }
        let v = v * v * v;
        let u = open_unit(rng);
        if crate::math::ln(u) < 0.5 * x * x + d - d * v + d * crate::math::ln(v) {
            return d * v;
        }
    }
}

/// One node of the tree: the move that leads to it, its statistics and its children (a
/// contiguous block of the arena).
#[derive(Clone, Debug)]
struct Node<M> {
    /// The move from the parent (meaningless at the root).
    mv: Option<M>,
    /// The first child in the arena (`NONE` before expansion).
    first_child: u32,
    /// The number of children (0 before expansion and at terminal nodes).
    child_count: u32,
    /// Simulations through this node.
    visits: u32,
    /// The player index of the player who made `mv` (the player to move at the parent).
    mover: u8,
    /// Whether the game is over here (then every evaluation is the same exact value).
    terminal: bool,
    /// Whether the node's children have been made.
    expanded: bool,
    /// Whether the subtree can grow no more: the game is over here, or every child is closed
    /// (or the position has no move to expand). Node and depth limits end a search whose root
    /// is closed, since they could never be reached.
    closed: bool,
    /// The sums of the rewards of every player over the simulations through this node.
    sums: Rewards,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: u8) -> Self {
        Node {
            mv,
            first_child: NONE,
            child_count: 0,
            visits: 0,
            mover,
            terminal: false,
            expanded: false,
            closed: false,
            sums: [0.0; MAX_PLAYERS],
        }
    }

    /// The mean reward of player `index` here (0 when unvisited).
    fn mean(&self, index: usize) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.sums[index] / f64::from(self.visits)
        }
    }
}

/// The history-draw counters of the position at the end of a path: what the
/// [`GameRecord`] would know there.
#[derive(Clone, Copy, Debug)]
struct HistoryState {
    no_progress: u32,
    capped: u32,
    /// Where the keys that can repeat begin (the position after the last progress move).
    rep_start: usize,
}

/// What [`Tree::expand`] did.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Expansion {
    /// The children were made.
    Done,
    /// The arena has no room for them.
    Full,
    /// The position has no legal move (a game that should have ended there).
    NoMoves,
}

/// One search tree with its own leaf evaluator and generator: the whole engine with one
/// thread, one of the independent trees with several.
#[derive(Debug)]
struct Tree<G: Game, S> {
    mode: S,
    rng: Rng,
    nodes: Vec<Node<G::Move>>,
    /// PUCT only (empty for UCT): the prior of each node's move, beside `nodes`.
    priors: Vec<f32>,
    /// PUCT only: the evaluator's priors for the moves of the position being expanded.
    prior_buf: Vec<f32>,
    /// PUCT only: the root's clean priors while the search's noise is mixed into them.
    clean_root: Vec<f32>,
    /// Whether an expansion was refused for lack of room during the current search.
    full: bool,
    // Reusable buffers of the hot loop.
    path: Vec<u32>,
    moves: Vec<G::Move>,
    /// Hash keys of the positions since the last progress move, the record's then the path's.
    keys: Vec<u64>,
}

/// The limits one tree searches under (its share of the engine's [`Limits`]).
#[derive(Clone, Copy, Debug)]
struct Budget {
    iterations: Option<u64>,
    nodes: Option<u64>,
    depth: Option<u32>,
    time: Option<core::time::Duration>,
}

/// What one tree's search did.
#[derive(Clone, Copy, Debug, Default)]
struct TreeRun {
    iterations: u64,
    depth: u32,
}

/// Progress reports of the caller's tree (the first) during a search.
struct Progress<'a, M> {
    report: &'a mut dyn FnMut(&SearchInfo<M>),
    /// Iterations of every tree so far (each adds its own every [`CHECK_EVERY`] iterations).
    #[cfg(feature = "std")]
    total: &'a core::sync::atomic::AtomicU64,
}

impl<G: Game, S: Mode<G>> Tree<G, S> {
    fn new(mode: S, seed: u64) -> Self {
        Tree {
            mode,
            rng: Rng::new(seed),
            nodes: Vec::new(),
            priors: Vec::new(),
            prior_buf: Vec::new(),
            clean_root: Vec::new(),
            full: false,
            path: Vec::new(),
            moves: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// Keeps the subtree for `record` when it extends `previous` (the record of the previous
    /// search), else clears the tree; then makes sure there is a root.
    fn prepare(&mut self, previous: Option<&GameRecord<G>>, record: &GameRecord<G>) {
        if !self.keep_subtree(previous, record) {
            self.nodes.clear();
            let mover = G::player_index(record.current().to_move()) as u8;
            self.nodes.push(Node::new(None, mover));
            if S::PUCT {
                self.priors.clear();
                self.priors.push(1.0);
            }
        }
        self.full = false;
    }

    /// Whether the subtree of `record`'s position was found in the tree (and made the tree).
    fn keep_subtree(&mut self, previous: Option<&GameRecord<G>>, record: &GameRecord<G>) -> bool {
        let Some(previous) = previous else {
            return false;
        };
        let extends = previous.start() == record.start()
            && previous.rules() == record.rules()
            && record.moves().len() >= previous.moves().len()
            && record.moves()[..previous.moves().len()] == *previous.moves();
        if !extends || self.nodes.is_empty() {
            return false;
        }
        let mut node = 0u32;
        for &mv in &record.moves()[previous.moves().len()..] {
            let parent = &self.nodes[node as usize];
            let children = parent.first_child..parent.first_child + parent.child_count;
            match children
                .into_iter()
                .find(|&c| self.nodes[c as usize].mv == Some(mv))
            {
                Some(child) => node = child,
                None => return false,
            }
        }
        if node != 0 {
            self.reroot(node);
        }
        true
    }

    /// Makes `new_root`'s subtree the whole tree (copied breadth first, so the children of a
    /// node stay contiguous).
    fn reroot(&mut self, new_root: u32) {
        let old = core::mem::take(&mut self.nodes);
        let old_priors = core::mem::take(&mut self.priors);
        let mut nodes = Vec::with_capacity(old.len());
        let mut priors = Vec::new();
        nodes.push(old[new_root as usize].clone());
        if S::PUCT {
            priors.reserve(old.len());
            priors.push(old_priors[new_root as usize]);
        }
        let mut i = 0;
        while i < nodes.len() {
            let (first, count) = (nodes[i].first_child, nodes[i].child_count);
            if count > 0 {
                let new_first = nodes.len() as u32;
                let block = first as usize..(first + count) as usize;
                nodes.extend_from_slice(&old[block.clone()]);
                if S::PUCT {
                    priors.extend_from_slice(&old_priors[block]);
                }
                nodes[i].first_child = new_first;
            }
            i += 1;
        }
        self.nodes = nodes;
        self.priors = priors;
    }

    /// The history keys and counters at the record's current position.
    fn history_from(&mut self, record: &GameRecord<G>) -> HistoryState {
        let positions = record.positions();
        let mut state = HistoryState {
            no_progress: 0,
            capped: 0,
            rep_start: 0,
        };
        let mut since_progress = 0;
        for (i, (pos, &mv)) in positions.iter().zip(record.moves()).enumerate() {
            if pos.is_progress_move(mv) {
                state.no_progress = 0;
                since_progress = i + 1;
            } else {
                state.no_progress += 1;
            }
            state.capped += u32::from(pos.counts_toward_cap(mv));
        }
        self.keys.clear();
        if record.rules().repetitions.is_some() {
            self.keys
                .extend(positions[since_progress..].iter().map(Game::hash_key));
        }
        state
    }

    /// Whether the record's draw rules end the game at `pos`, reached by `mv` from `before`
    /// (updates the counters and the key list).
    fn history_draw(
        &mut self,
        rules: &crate::DrawRules,
        state: &mut HistoryState,
        before: &G,
        mv: G::Move,
        pos: &G,
    ) -> bool {
        if before.is_progress_move(mv) {
            state.no_progress = 0;
            state.rep_start = self.keys.len();
        } else {
            state.no_progress += 1;
        }
        state.capped += u32::from(before.counts_toward_cap(mv));
        if let Some(n) = rules.repetitions {
            let key = pos.hash_key();
            let seen = self.keys[state.rep_start..]
                .iter()
                .filter(|&&k| k == key)
                .count() as u32;
            self.keys.push(key);
            if seen + 1 >= n {
                return true;
            }
        }
        rules
            .no_progress_plies
            .is_some_and(|n| state.no_progress >= n)
            || rules.move_cap.is_some_and(|n| state.capped >= n)
    }

    /// Makes the children of `index` (a non-terminal node whose position is `pos`) when the
    /// arena has room.
    fn expand(&mut self, index: u32, pos: &G, max_nodes: usize) -> Expansion {
        pos.legal_moves_into(&mut self.moves);
        if self.moves.is_empty() {
            return Expansion::NoMoves;
        }
        // The root is always expanded, so a move can be chosen even with a tiny arena.
        if index != 0 && self.nodes.len() + self.moves.len() > max_nodes {
            return Expansion::Full;
        }
        // A seeded shuffle, so unvisited children are tried in random order.
        for i in (1..self.moves.len()).rev() {
            let j = self.rng.below(i + 1);
            self.moves.swap(i, j);
        }
        let mover = G::player_index(pos.to_move()) as u8;
        let first = self.nodes.len() as u32;
        self.nodes
            .extend(self.moves.iter().map(|&mv| Node::new(Some(mv), mover)));
        let node = &mut self.nodes[index as usize];
        node.first_child = first;
        node.child_count = self.moves.len() as u32;
        node.expanded = true;
        Expansion::Done
    }

    /// The value of a leaf that is not grown (PUCT: its priors are left unused).
    #[inline(always)]
    fn value_leaf(&mut self, pos: &G) -> Rewards {
        if S::PUCT {
            pos.legal_moves_into(&mut self.moves);
            self.prior_buf.clear();
            self.prior_buf.resize(self.moves.len(), 0.0);
        }
        self.mode
            .leaf(pos, &self.moves, &mut self.prior_buf, &mut self.rng)
    }

    /// PUCT: values the unexpanded node `index` (a non-terminal node whose position is `pos`)
    /// and, when the arena has room, makes its children with the evaluator's priors
    /// (normalised to sum 1; a uniform prior when they give nothing usable).
    fn expand_puct(&mut self, index: u32, pos: &G, max_nodes: usize) -> (Rewards, Expansion) {
        pos.legal_moves_into(&mut self.moves);
        self.prior_buf.clear();
        self.prior_buf.resize(self.moves.len(), 0.0);
        let rewards = self
            .mode
            .leaf(pos, &self.moves, &mut self.prior_buf, &mut self.rng);
        if self.moves.is_empty() {
            return (rewards, Expansion::NoMoves);
        }
        if index != 0 && self.nodes.len() + self.moves.len() > max_nodes {
            return (rewards, Expansion::Full);
        }
        let mut sum = 0.0f64;
        for p in &mut self.prior_buf {
            // NaN, negative and infinite priors count as 0.
            if !(*p >= 0.0 && p.is_finite()) {
                *p = 0.0;
            }
            sum += f64::from(*p);
        }
        if sum > 0.0 && sum.is_finite() {
            for p in &mut self.prior_buf {
                *p = (f64::from(*p) / sum) as f32;
            }
        } else {
            self.prior_buf.fill(1.0 / self.moves.len() as f32);
        }
        // The same seeded shuffle as UCT's, so equal priors are tried in random order.
        for i in (1..self.moves.len()).rev() {
            let j = self.rng.below(i + 1);
            self.moves.swap(i, j);
            self.prior_buf.swap(i, j);
        }
        let mover = G::player_index(pos.to_move()) as u8;
        let first = self.nodes.len() as u32;
        self.nodes
            .extend(self.moves.iter().map(|&mv| Node::new(Some(mv), mover)));
        self.priors.extend_from_slice(&self.prior_buf);
        let node = &mut self.nodes[index as usize];
        node.first_child = first;
        node.child_count = self.moves.len() as u32;
        node.expanded = true;
        (rewards, Expansion::Done)
    }

    /// The child of an expanded node to descend to by PUCT for the player who moves there:
    /// the greatest `Q + c · P · sqrt(N) / (1 + n)`, with `Q` the child's mean reward (the
    /// node's own mean for that player while the child is unvisited), `P` its prior, `N` the
    /// node's visits and `n` the child's; ties go to the earlier child.
    fn select_puct(&self, index: u32, exploration: f64) -> u32 {
        let node = &self.nodes[index as usize];
        let first = node.first_child as usize;
        let count = node.child_count as usize;
        let children = &self.nodes[first..first + count];
        let priors = &self.priors[first..first + count];
        let mover = children[0].mover as usize;
        let unvisited = node.mean(mover);
        let scale = exploration * crate::math::sqrt(f64::from(node.visits));
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        for (i, (child, &prior)) in children.iter().zip(priors).enumerate() {
            let n = f64::from(child.visits);
            let q = if child.visits == 0 {
                unvisited
            } else {
                child.sums[mover] / n
            };
            let value = q + scale * f64::from(prior) / (1.0 + n);
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        (first + best) as u32
    }

    /// PUCT: mixes Dirichlet noise into the priors of the root's children, keeping the clean
    /// ones in `clean_root` for [`Tree::restore_root_priors`].
    fn add_root_noise(&mut self, noise: RootNoise) {
        let root = &self.nodes[0];
        let children = root.first_child as usize..(root.first_child + root.child_count) as usize;
        self.clean_root.clear();
        self.clean_root
            .extend_from_slice(&self.priors[children.clone()]);
        self.prior_buf.clear();
        let mut sum = 0.0;
        for _ in children.clone() {
            let g = gamma(noise.alpha, &mut self.rng);
            self.prior_buf.push(g as f32);
            sum += g;
        }
        let count = children.len() as f64;
        for (p, &g) in self.priors[children].iter_mut().zip(&self.prior_buf) {
            let eta = if sum > 0.0 && sum.is_finite() {
                f64::from(g) / sum
            } else {
                1.0 / count
            };
            *p = ((1.0 - noise.fraction) * f64::from(*p) + noise.fraction * eta) as f32;
        }
    }

    /// PUCT: puts the root's clean priors back after a search with noise.
    fn restore_root_priors(&mut self) {
        if self.clean_root.is_empty() {
            return;
        }
        let first = self.nodes[0].first_child as usize;
        self.priors[first..first + self.clean_root.len()].copy_from_slice(&self.clean_root);
        self.clean_root.clear();
    }

    /// The child of an expanded node to descend to: the first unvisited one, else the best by
    /// UCT for the player who moves there.
    fn select_child(&self, index: u32, exploration: f64) -> u32 {
        let node = &self.nodes[index as usize];
        let first = node.first_child as usize;
        let children = &self.nodes[first..first + node.child_count as usize];
        // Children are tried in their (shuffled) order and never lose a visit, so the visited
        // ones are a prefix: the first unvisited child is found by bisection, not by a scan
        // (Sundraval's opening has tens of thousands of children).
        let tried = children.partition_point(|child| child.visits > 0);
        if tried < children.len() {
            return (first + tried) as u32;
        }
        let log_n = ln_visits(node.visits.max(1));
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        for (i, child) in children.iter().enumerate() {
            let n = f64::from(child.visits);
            let value =
                child.sums[child.mover as usize] / n + exploration * crate::math::sqrt(log_n / n);
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        (first + best) as u32
    }

    /// One iteration from the root `root_pos`, descending at most `max_depth` plies (a node
    /// at that depth is valued, not grown); returns the depth of the path.
    fn iterate(
        &mut self,
        config: &MctsConfig,
        rules: &crate::DrawRules,
        root_pos: &G,
        root_state: HistoryState,
        max_depth: u32,
    ) -> u32 {
        let mut state = root_state;
        let keys_at_root = self.keys.len();
        let mut pos = *root_pos;
        let mut index = 0u32;
        self.path.clear();
        self.path.push(0);
        let rewards = loop {
            let node = &self.nodes[index as usize];
            if node.terminal {
                break self.mean_rewards(index);
            }
            if self.path.len() as u32 > max_depth {
                break self.value_leaf(&pos);
            }
            if !node.expanded && S::PUCT {
                // PUCT values a new node and grows it at once (its priors come with its value).
                let (rewards, expansion) = self.expand_puct(index, &pos, config.max_nodes);
                match expansion {
                    Expansion::Done => {}
                    Expansion::Full => self.full = true,
                    Expansion::NoMoves => self.nodes[index as usize].closed = true,
                }
                break rewards;
            }
            // A node reached here was valued once already (or is the root): grow it.
            if !node.expanded {
                match self.expand(index, &pos, config.max_nodes) {
                    Expansion::Done => {}
                    Expansion::Full => {
                        self.full = true;
                        break self.value_leaf(&pos);
                    }
                    Expansion::NoMoves => {
                        self.nodes[index as usize].closed = true;
                        break self.value_leaf(&pos);
                    }
                }
            }
            let child = if S::PUCT {
                self.select_puct(index, config.puct_exploration)
            } else {
                self.select_child(index, config.exploration)
            };
            let before = pos;
            let mv = self.nodes[child as usize]
                .mv
                .expect("every child has its move");
            pos.play_unchecked(mv);
            index = child;
            self.path.push(child);
            if self.nodes[child as usize].visits == 0 {
                // A new node: is the game over there?
                let outcome = pos.outcome();
                let draw = self.history_draw(rules, &mut state, &before, mv, &pos);
                if let Some(outcome) = outcome {
                    let node = &mut self.nodes[child as usize];
                    node.terminal = true;
                    node.closed = true;
                    break outcome.rewards::<G>();
                }
                if draw {
                    let node = &mut self.nodes[child as usize];
                    node.terminal = true;
                    node.closed = true;
                    break draw_rewards::<G>();
                }
                if S::PUCT {
                    // Valued and grown at the top of the loop.
                    continue;
                }
                break self.value_leaf(&pos);
            }
            self.history_draw(rules, &mut state, &before, mv, &pos);
        };
        self.keys.truncate(keys_at_root);
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits = node.visits.saturating_add(1);
            for (sum, reward) in node.sums.iter_mut().zip(rewards) {
                *sum += reward;
            }
        }
        self.close_path();
        self.path.len() as u32 - 1
    }

    /// After an iteration that ended at a closed node: closes the nodes above it whose
    /// children are now all closed.
    fn close_path(&mut self) {
        let Some((&leaf, above)) = self.path.split_last() else {
            return;
        };
        if !self.nodes[leaf as usize].closed {
            return;
        }
        for &i in above.iter().rev() {
            let node = &self.nodes[i as usize];
            if node.closed {
                return;
            }
            let first = node.first_child as usize;
            let children = &self.nodes[first..first + node.child_count as usize];
            if !children.iter().all(|child| child.closed) {
                return;
            }
            self.nodes[i as usize].closed = true;
        }
    }

    fn mean_rewards(&self, index: u32) -> Rewards {
        let node = &self.nodes[index as usize];
        let mut rewards = [0.0; MAX_PLAYERS];
        for (i, r) in rewards.iter_mut().enumerate() {
            *r = node.mean(i);
        }
        rewards
    }

    /// The most visited child of `index` (ties: higher mean reward for its mover, then the
    /// earlier child).
    fn best_child(&self, index: u32) -> Option<u32> {
        let node = &self.nodes[index as usize];
        if node.child_count == 0 {
            return None;
        }
        let first = node.first_child;
        let mut best = first;
        for c in first + 1..first + node.child_count {
            let (a, b) = (&self.nodes[c as usize], &self.nodes[best as usize]);
            if a.visits > b.visits
                || (a.visits == b.visits && a.mean(a.mover as usize) > b.mean(b.mover as usize))
            {
                best = c;
            }
        }
        Some(best)
    }

    /// The line of most visits from `node` (the node's own move not included), onto `pv`.
    fn extend_pv(&self, mut node: u32, pv: &mut Vec<G::Move>) {
        while let Some(child) = self.best_child(node) {
            let c = &self.nodes[child as usize];
            if c.visits == 0 {
                break;
            }
            pv.push(c.mv.expect("every child has its move"));
            node = child;
        }
    }

    /// A report of this tree alone.
    fn info(&self, iterations: u64, depth: u32, started: Stopwatch) -> SearchInfo<G::Move> {
        let mut pv = Vec::new();
        self.extend_pv(0, &mut pv);
        let score = self
            .best_child(0)
            .map(|c| &self.nodes[c as usize])
            .filter(|c| c.visits > 0)
            .map(|c| Score::Reward(c.mean(c.mover as usize)));
        SearchInfo {
            depth,
            nodes: iterations,
            score,
            pv,
            elapsed: started.elapsed(),
        }
    }

    /// Whether the tree can grow no more in this search (its arena is full or every line
    /// ends in a finished game), so node and depth limits could never be reached.
    fn cannot_grow(&self) -> bool {
        self.full || self.nodes[0].closed
    }

    /// Searches the tree from the record's position until `budget` or `stop` ends it; the
    /// caller's tree reports its progress through `progress`.
    #[allow(clippy::too_many_arguments)]
    fn run(
        &mut self,
        config: &MctsConfig,
        record: &GameRecord<G>,
        budget: Budget,
        stop: &StopFlag,
        started: Stopwatch,
        mut progress: Option<Progress<'_, G::Move>>,
        #[cfg(feature = "std")] total: &core::sync::atomic::AtomicU64,
    ) -> TreeRun {
        let rules = record.rules();
        let root_pos = *record.current();
        let root_state = self.history_from(record);
        let nodes_at_start = self.nodes.len() as u64;
        let max_depth = budget.depth.unwrap_or(u32::MAX).max(1);
        let mut run = TreeRun::default();
        // PUCT's root noise, mixed in once the root has its children (after the first
        // iteration of a fresh tree).
        let mut noise = config.root_noise.filter(|_| S::PUCT);
        loop {
            if let Some(n) = noise.filter(|_| self.nodes[0].expanded) {
                self.add_root_noise(n);
                noise = None;
            }
            let depth = self.iterate(config, &rules, &root_pos, root_state, max_depth);
            run.depth = run.depth.max(depth);
            run.iterations += 1;
            if budget.iterations.is_some_and(|n| run.iterations >= n)
                || budget.nodes.is_some_and(|n| {
                    self.nodes.len() as u64 - nodes_at_start >= n || self.cannot_grow()
                })
                || budget
                    .depth
                    .is_some_and(|d| run.depth >= d || self.cannot_grow())
            {
                break;
            }
            if run.iterations.is_multiple_of(CHECK_EVERY) {
                #[cfg(feature = "std")]
                total.fetch_add(CHECK_EVERY, core::sync::atomic::Ordering::Relaxed);
                if stop.is_stopped() || started.reached(budget.time) {
                    break;
                }
            }
            if run.iterations.is_multiple_of(REPORT_EVERY) {
                if let Some(progress) = progress.as_mut() {
                    #[cfg_attr(not(feature = "std"), allow(unused_mut))]
                    let mut info = self.info(run.iterations, run.depth, started);
                    #[cfg(feature = "std")]
                    {
                        info.nodes = progress
                            .total
                            .load(core::sync::atomic::Ordering::Relaxed)
                            .max(run.iterations);
                    }
                    (progress.report)(&info);
                }
            }
        }
        if S::PUCT {
            self.restore_root_priors();
        }
        run
    }
}

/// The search shared by [`Mcts`] (UCT) and [`PuctMcts`]: its trees, settings and seed.
#[derive(Debug)]
struct Core<G: Game, S> {
    config: MctsConfig,
    seed: u64,
    /// One tree per thread; the first is searched on the caller's thread.
    trees: Vec<Tree<G, S>>,
    /// The record the trees' roots stand for (start, rules, moves), for reuse.
    root_record: Option<GameRecord<G>>,
}

/// The seed of tree `index`: the engine's seed for the first tree (so one thread searches
/// exactly as it always did), a SplitMix64 scramble of the seed and the index for the others.
fn tree_seed(seed: u64, index: usize) -> u64 {
    if index == 0 {
        seed
    } else {
        crate::rng::mix(seed ^ crate::rng::mix(index as u64))
    }
}

/// A quick, fixed hash of a move, to match the root moves of several trees.
fn move_hash<M: core::hash::Hash>(mv: &M) -> u64 {
    struct Fold(u64);
    impl core::hash::Hasher for Fold {
        fn finish(&self) -> u64 {
            crate::rng::mix(self.0)
        }
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x100_0000_01b3);
            }
        }
        fn write_u64(&mut self, i: u64) {
            self.0 = crate::rng::mix(self.0 ^ i);
        }
    }
    let mut hasher = Fold(0xcbf2_9ce4_8422_2325);
    mv.hash(&mut hasher);
    core::hash::Hasher::finish(&hasher)
}

/// One root move's statistics summed over the trees.
#[derive(Clone, Copy, Debug)]
struct RootStat<M> {
    mv: M,
    visits: u64,
    /// The sum of the rewards of the player who makes the move.
    reward: f64,
}

impl<M> RootStat<M> {
    fn mean(&self) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.reward / self.visits as f64
        }
    }
}

impl<G: Game, S: Mode<G>> Core<G, S> {
    fn new(mode: S, config: MctsConfig, seed: u64) -> Self {
        let threads = config.threads.max(1);
        let mut trees = Vec::with_capacity(threads);
        for index in 1..threads {
            match mode.fork() {
                Some(fork) => trees.push(Tree::new(fork, tree_seed(seed, index))),
                None => break,
            }
        }
        trees.insert(0, Tree::new(mode, seed));
        Core {
            config: MctsConfig {
                threads: trees.len(),
                ..config
            },
            seed,
            trees,
            root_record: None,
        }
    }

    /// How many trees a search under `limits` uses: the configured threads, but no more than
    /// an iteration or node limit can give one iteration or node each.
    fn trees_for(&self, limits: &Limits) -> usize {
        let mut trees = self.trees.len() as u64;
        for n in [limits.iterations, limits.nodes].into_iter().flatten() {
            trees = trees.min(n.max(1));
        }
        trees as usize
    }

    /// Tree `index`'s share of `limits` among `trees` trees: equal shares of the iterations
    /// and nodes (the first trees get the remainder), the same depth and time.
    fn budget(limits: &Limits, index: usize, trees: usize) -> Budget {
        let share = |n: u64| {
            let (k, i) = (trees as u64, index as u64);
            n / k + u64::from(i < n % k)
        };
        Budget {
            iterations: limits.iterations.map(share),
            nodes: limits.nodes.map(share),
            depth: limits.depth,
            time: limits.time,
        }
    }

    /// The root moves of the first `trees` trees with their summed statistics, in the first
    /// tree's order.
    fn root_stats(&self, trees: &[Tree<G, S>]) -> Vec<RootStat<G::Move>> {
        let first = &trees[0];
        let root = &first.nodes[0];
        let children =
            &first.nodes[root.first_child as usize..(root.first_child + root.child_count) as usize];
        let mut stats: Vec<RootStat<G::Move>> = children
            .iter()
            .map(|c| RootStat {
                mv: c.mv.expect("every child has its move"),
                visits: u64::from(c.visits),
                reward: c.sums[c.mover as usize],
            })
            .collect();
        if trees.len() > 1 {
            // Every tree's root has the same moves (all legal moves), in its own order.
            let mut index: Vec<(u64, usize)> = stats
                .iter()
                .enumerate()
                .map(|(i, s)| (move_hash(&s.mv), i))
                .collect();
            index.sort_unstable();
            for tree in &trees[1..] {
                let root = &tree.nodes[0];
                let start = root.first_child as usize;
                for c in &tree.nodes[start..start + root.child_count as usize] {
                    let mv = c.mv.expect("every child has its move");
                    let h = move_hash(&mv);
                    let from = index.partition_point(|&(k, _)| k < h);
                    let slot = index[from..]
                        .iter()
                        .take_while(|&&(k, _)| k == h)
                        .map(|&(_, i)| i)
                        .find(|&i| stats[i].mv == mv);
                    if let Some(i) = slot {
                        stats[i].visits += u64::from(c.visits);
                        stats[i].reward += c.sums[c.mover as usize];
                    }
                }
            }
        }
        stats
    }

    /// The final result from the first `trees` trees: the most visited root move over all of
    /// them (ties: the higher mean reward, then the earlier move in the first tree), its
    /// principal variation continued in the tree that visited it most.
    fn result(
        &self,
        trees: &[Tree<G, S>],
        runs: &[TreeRun],
        started: Stopwatch,
    ) -> SearchResult<G::Move> {
        let stats = self.root_stats(trees);
        let mut best: Option<&RootStat<G::Move>> = None;
        for s in &stats {
            if best.is_none_or(|b| {
                s.visits > b.visits || (s.visits == b.visits && s.mean() > b.mean())
            }) {
                best = Some(s);
            }
        }
        let mut pv = Vec::new();
        let mut score = None;
        if let Some(best) = best.filter(|b| b.visits > 0) {
            score = Some(Score::Reward(best.mean()));
            pv.push(best.mv);
            // The continuation: in the tree with the most visits of the move (the first on a tie).
            let mut line = None;
            for tree in trees {
                let root = &tree.nodes[0];
                let child = (root.first_child..root.first_child + root.child_count)
                    .find(|&c| tree.nodes[c as usize].mv == Some(best.mv));
                if let Some(c) = child {
                    let visits = tree.nodes[c as usize].visits;
                    if line.is_none_or(|(_, _, v)| visits > v) {
                        line = Some((tree, c, visits));
                    }
                }
            }
            if let Some((tree, child, _)) = line {
                tree.extend_pv(child, &mut pv);
            }
        }
        SearchResult {
            best_move: best.map(|b| b.mv),
            info: SearchInfo {
                depth: runs.iter().map(|r| r.depth).max().unwrap_or(0),
                nodes: runs.iter().map(|r| r.iterations).sum(),
                score,
                pv,
                elapsed: started.elapsed(),
            },
            root_distribution: stats.iter().map(|s| (s.mv, s.visits)).collect(),
        }
    }
}

impl<G: Game, S: Mode<G>> Core<G, S> {
    fn search(
        &mut self,
        record: &GameRecord<G>,
        limits: &Limits,
        stop: &StopFlag,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let started = Stopwatch::start();
        if record.outcome().is_some() {
            for tree in &mut self.trees {
                tree.nodes.clear();
            }
            self.root_record = None;
            return SearchResult::game_over();
        }
        let previous = self.root_record.take().filter(|_| self.config.reuse_tree);
        let count = self.trees_for(limits);
        let config = self.config;
        let mut runs = [TreeRun::default()].repeat(count);
        let (used, _) = self.trees.split_at_mut(count);
        for tree in used.iter_mut() {
            tree.prepare(previous.as_ref(), record);
        }
        #[cfg(feature = "std")]
        {
            let total = core::sync::atomic::AtomicU64::new(0);
            let (first, rest) = used.split_first_mut().expect("at least one tree");
            let (first_run, rest_runs) = runs.split_first_mut().expect("at least one tree");
            std::thread::scope(|scope| {
                let total = &total;
                let workers: Vec<_> = rest
                    .iter_mut()
                    .enumerate()
                    .map(|(i, tree)| {
                        let budget = Self::budget(limits, i + 1, count);
                        scope.spawn(move || {
                            tree.run(&config, record, budget, stop, started, None, total)
                        })
                    })
                    .collect();
                let progress = Progress {
                    report: &mut *report,
                    total,
                };
                *first_run = first.run(
                    &config,
                    record,
                    Self::budget(limits, 0, count),
                    stop,
                    started,
                    Some(progress),
                    total,
                );
                for (worker, run) in workers.into_iter().zip(rest_runs) {
                    match worker.join() {
                        Ok(done) => *run = done,
                        Err(panic) => std::panic::resume_unwind(panic),
                    }
                }
            });
        }
        #[cfg(not(feature = "std"))]
        {
            // No threads without an operating system: the trees are searched one after the
            // other, which gives the same result as searching them at once.
            for (i, (tree, run)) in used.iter_mut().zip(&mut runs).enumerate() {
                let progress = (i == 0).then_some(Progress {
                    report: &mut *report,
                });
                *run = tree.run(
                    &config,
                    record,
                    Self::budget(limits, i, count),
                    stop,
                    started,
                    progress,
                );
            }
        }
        // Trees left out of this search (tiny limits) forget their old tree.
        for tree in &mut self.trees[count..] {
            tree.nodes.clear();
        }
        let result = self.result(&self.trees[..count], &runs, started);
        report(&result.info);
        self.root_record = Some(record.clone());
        result
    }

    fn new_game(&mut self) {
        for (index, tree) in self.trees.iter_mut().enumerate() {
            tree.nodes.clear();
            tree.rng = Rng::new(tree_seed(self.seed, index));
        }
        self.root_record = None;
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
    core: Core<G, Uct<E>>,
}

impl<G: Game, E: LeafEvaluator<G>> Mcts<G, E> {
    /// An engine valuing leaves with `evaluator`, seeded with `seed`. With
    /// [`MctsConfig::threads`] above 1 every further tree gets its evaluator from
    /// [`LeafEvaluator::fork`] and a seed derived from `seed` (see the [module docs](self),
    /// "Threads"); an evaluator that cannot fork gets one tree.
    pub fn new(evaluator: E, config: MctsConfig, seed: u64) -> Self {
        Mcts {
            core: Core::new(Uct(evaluator), config, seed),
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
        self.core.trees[0].nodes.len()
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
    core: Core<G, Prior<P>>,
}

impl<G: Game, P: PolicyValue<G>> PuctMcts<G, P> {
    /// An engine taking priors and values from `evaluator`, seeded with `seed` (the shuffle
    /// that breaks ties between equal priors, and the root noise of
    /// [`MctsConfig::root_noise`]). With [`MctsConfig::threads`] above 1 every further tree
    /// gets its evaluator from [`PolicyValue::fork`].
    pub fn new(evaluator: P, config: MctsConfig, seed: u64) -> Self {
        PuctMcts {
            core: Core::new(Prior(evaluator), config, seed),
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
        self.core.trees[0].nodes.len()
    }

    /// The evaluator of the first tree (for example to read a network's call count).
    pub fn evaluator(&self) -> &P {
        &self.core.trees[0].mode.0
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

#[cfg(test)]
mod tests {
    use super::{gamma, ln_visits, LN_TABLE_LEN};

    /// The Gamma sampler of the root noise: the mean and variance of Gamma(a, 1) are both
    /// `a`; 20,000 draws put the sample mean within 5 standard errors.
    #[test]
    fn gamma_draws_have_the_right_mean_and_variance() {
        let mut rng = crate::Rng::new(17);
        for a in [0.03, 0.3, 1.0, 2.5] {
            let n = 20_000;
            let draws: Vec<f64> = (0..n).map(|_| gamma(a, &mut rng)).collect();
            assert!(draws.iter().all(|&g| g >= 0.0 && g.is_finite()));
            let mean = draws.iter().sum::<f64>() / f64::from(n);
            let var = draws.iter().map(|g| (g - mean) * (g - mean)).sum::<f64>() / f64::from(n);
            let se = (a / f64::from(n)).sqrt();
            assert!((mean - a).abs() < 5.0 * se, "Gamma({a}): mean {mean}");
            assert!((var - a).abs() < 0.25 * a, "Gamma({a}): variance {var}");
        }
    }

    /// The logarithm of visit counts: the compile-time table holds the bits of `math::ln`,
    /// and every count, below and above the table's end up to `u32::MAX`, is within 1e-15 of
    /// `f64::ln`.
    #[test]
    #[cfg_attr(
        miri,
        ignore = "thousands of random samples: far too slow under miri; the edge-case tests run there"
    )]
    fn the_logarithm_of_visit_counts_matches_std() {
        for n in 1..LN_TABLE_LEN as u32 {
            let want = crate::math::ln(f64::from(n));
            assert_eq!(ln_visits(n).to_bits(), want.to_bits(), "ln {n}");
        }
        let mut rng = crate::Rng::new(9);
        let counts = (1..200_000)
            .chain((0..32).flat_map(|k| [1_u32 << k, (1_u32 << k).wrapping_sub(1)]))
            .chain((0..200_000).map(|_| (rng.next_u64() as u32) >> (rng.next_u64() % 32)))
            .chain([u32::MAX, u32::MAX - 1])
            .filter(|&n| n > 0);
        for n in counts {
            let want = f64::from(n).ln();
            let error = (ln_visits(n) - want).abs() / want.max(1.0);
            assert!(error <= 1e-15, "ln {n}: {} vs {want}", ln_visits(n));
        }
    }
}
