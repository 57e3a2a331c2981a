//! Root parallelism, and the search loop of one tree under its share of the limits: the part
//! of an engine that is the same for UCT and PUCT.
//!
//! k independent trees, each on its own thread (the first on the caller's), each with its own
//! evaluator and generator; the root statistics merged at the end.

use alloc::vec::Vec;

use super::policy::SelectionPolicy;
use super::tree::Tree;
use super::MctsConfig;
use crate::search::{
    LeafEvaluator, Limits, PolicyValue, Rewards, Score, SearchInfo, SearchResult, StopFlag,
    Stopwatch,
};
use crate::{Game, GameRecord, Rng};

/// How often (in iterations) the clock and the stop flag are read.
///
/// Often: one iteration can be slow (a Sundraval opening node expands tens of thousands of
/// children, and its rollouts fill a large board), and every iteration between two checks is
/// time past the limit. A clock read costs tens of nanoseconds, under 1% of the fastest
/// game's iteration.
const CHECK_EVERY: u64 = 8;

/// How often (in iterations) progress is reported.
const REPORT_EVERY: u64 = 1 << 16;

/// What values a tree's leaves: the one thing in which the UCT and the PUCT engines differ.
pub(super) trait LeafValue<G: Game>: Send + Sized {
    /// The selection policy that goes with this evaluator.
    fn policy(config: &MctsConfig) -> SelectionPolicy;
    /// The value of `pos`, a position whose game goes on; under PUCT also one prior per move
    /// of `moves` (the legal moves of `pos`) written into `priors`.
    fn value(&mut self, pos: &G, moves: &[G::Move], priors: &mut [f32], rng: &mut Rng) -> Rewards;
    /// The evaluator of one more tree, when it can fork.
    fn fork(&self) -> Option<Self>;
}

/// UCT's leaf values: a [`LeafEvaluator`] (a rollout or another value-only estimate).
#[derive(Debug)]
pub(super) struct Rollouts<E>(pub(super) E);

impl<G: Game, E: LeafEvaluator<G>> LeafValue<G> for Rollouts<E> {
    fn policy(config: &MctsConfig) -> SelectionPolicy {
        SelectionPolicy::Uct {
            exploration: config.exploration,
        }
    }

    #[inline(always)]
    fn value(&mut self, pos: &G, _: &[G::Move], _: &mut [f32], rng: &mut Rng) -> Rewards {
        self.0.evaluate(pos, rng)
    }

    fn fork(&self) -> Option<Self> {
        self.0.fork().map(Rollouts)
    }
}

/// PUCT's leaf values and priors: a [`PolicyValue`].
#[derive(Debug)]
pub(super) struct Priors<P>(pub(super) P);

impl<G: Game, P: PolicyValue<G>> LeafValue<G> for Priors<P> {
    fn policy(config: &MctsConfig) -> SelectionPolicy {
        SelectionPolicy::Puct {
            exploration: config.puct_exploration,
        }
    }

    fn value(&mut self, pos: &G, moves: &[G::Move], priors: &mut [f32], _: &mut Rng) -> Rewards {
        self.0.evaluate(pos, moves, priors)
    }

    fn fork(&self) -> Option<Self> {
        self.0.fork().map(Priors)
    }
}

/// One tree with the evaluator that values its leaves.
#[derive(Debug)]
pub(super) struct Worker<G: Game, V> {
    pub(super) tree: Tree<G>,
    pub(super) evaluator: V,
}

impl<G: Game, V: LeafValue<G>> Worker<G, V> {
    /// One simulation, the leaf valued by the evaluator; returns the depth of its path.
    #[inline]
    pub(super) fn simulate(&mut self, max_depth: u32) -> u32 {
        let tree = &mut self.tree;
        if tree.select(max_depth) {
            let pos = *tree.leaf_position().expect("select stopped at a leaf");
            if tree.policy.uses_priors() {
                tree.prior_buf.clear();
                tree.prior_buf.resize(tree.moves.len(), 0.0);
            }
            let rewards =
                self.evaluator
                    .value(&pos, &tree.moves, &mut tree.prior_buf, &mut tree.rng);
            tree.complete(rewards)
                .expect("the priors are one per move of the leaf");
        }
        tree.last_depth
    }

    /// Searches from the prepared root until `budget` or `stop` ends it; the caller's tree
    /// reports its progress through `progress`.
    pub(super) fn run(
        &mut self,
        budget: Budget,
        stop: &StopFlag,
        started: Stopwatch,
        mut progress: Option<Progress<'_, G::Move>>,
        #[cfg(feature = "std")] total: &core::sync::atomic::AtomicU64,
    ) -> TreeRun {
        let max_depth = budget.depth.unwrap_or(u32::MAX).max(1);
        let mut run = TreeRun::default();
        loop {
            let depth = self.simulate(max_depth);
            run.depth = run.depth.max(depth);
            run.iterations += 1;
            if self.limit_reached(&budget, &run) {
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
        run
    }

    /// Whether the search ends after `run`: a limit is reached, or the tree is solved (more
    /// search cannot change the choice) and no iteration limit asks for a number of
    /// simulations (learning code reads their visits). Node and depth limits count what
    /// cannot be reached: simulations that ended at a node already solved add nothing to the
    /// tree, so they count toward a node limit as a node each, and a depth limit ends once
    /// they outnumber the tree's nodes; both end when the arena is full.
    #[inline]
    fn limit_reached(&self, budget: &Budget, run: &TreeRun) -> bool {
        let tree = &self.tree;
        (tree.is_solved() && budget.iterations.is_none())
            || budget.iterations.is_some_and(|n| run.iterations >= n)
            || budget.nodes.is_some_and(|n| {
                (tree.nodes.len() - tree.nodes_at_start) as u64 + tree.stale >= n || tree.full
            })
            || budget.depth.is_some_and(|d| {
                run.depth >= d || tree.full || tree.stale > tree.nodes.len() as u64
            })
    }

    /// A report of this tree alone.
    fn info(&self, iterations: u64, depth: u32, started: Stopwatch) -> SearchInfo<G::Move> {
        let tree = &self.tree;
        let mut pv = Vec::new();
        tree.extend_pv(0, &mut pv);
        let score = tree
            .best_child(0)
            .map(|c| &tree.nodes[c as usize])
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
}

/// The limits one tree searches under (its share of the engine's [`Limits`]).
#[derive(Clone, Copy, Debug)]
pub(super) struct Budget {
    iterations: Option<u64>,
    nodes: Option<u64>,
    depth: Option<u32>,
    time: Option<core::time::Duration>,
}

/// What one tree's search did.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct TreeRun {
    iterations: u64,
    depth: u32,
}

/// Progress reports of the caller's tree (the first) during a search.
pub(super) struct Progress<'a, M> {
    report: &'a mut dyn FnMut(&SearchInfo<M>),
    /// Iterations of every tree so far (each adds its own every [`CHECK_EVERY`] iterations).
    #[cfg(feature = "std")]
    total: &'a core::sync::atomic::AtomicU64,
}

/// The search shared by the UCT and PUCT engines: its trees, settings and seed.
#[derive(Debug)]
pub(super) struct Core<G: Game, V> {
    pub(super) config: MctsConfig,
    seed: u64,
    /// One tree per thread; the first is searched on the caller's thread.
    pub(super) workers: Vec<Worker<G, V>>,
    /// The record the trees' roots stand for (start, rules, moves), for reuse.
    root_record: Option<GameRecord<G>>,
}

/// The seed of tree `index`: the engine's seed for the first tree (so one thread searches
/// exactly as the single-tree search), a SplitMix64 scramble of the seed and the index for the
/// others.
pub(super) fn tree_seed(seed: u64, index: usize) -> u64 {
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
    /// Whether some tree proved the move a loss for that player.
    lost: bool,
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

/// The root statistics of `trees` (the first tree's order) and the final result.
pub(super) fn result<G: Game>(
    trees: &[&Tree<G>],
    iterations: u64,
    depth: u32,
    started: Stopwatch,
) -> SearchResult<G::Move> {
    let stats = root_stats(trees);
    // A tree that solved the root knows the move; otherwise the most visited move that no
    // tree proved lost (ties: the higher mean reward, then the earlier move).
    let proven = trees.iter().find(|tree| tree.is_solved()).and_then(|tree| {
        let child = tree.best_child(0)? as usize;
        let node = &tree.nodes[child];
        Some((node.mv?, node.mean(node.mover as usize)))
    });
    let mut best: Option<&RootStat<G::Move>> = None;
    let any_open = stats.iter().any(|s| !s.lost);
    for s in stats.iter().filter(|s| !(any_open && s.lost)) {
        if best.is_none_or(|b| s.visits > b.visits || (s.visits == b.visits && s.mean() > b.mean()))
        {
            best = Some(s);
        }
    }
    let best_move = proven.map(|(mv, _)| mv).or(best.map(|b| b.mv));
    let mut pv = Vec::new();
    let mut score = None;
    if let Some(mv) = best_move {
        let stat = stats.iter().find(|s| s.mv == mv);
        if let Some(stat) = stat.filter(|s| s.visits > 0) {
            score = Some(Score::Reward(
                proven.map_or(stat.mean(), |(_, value)| value),
            ));
            pv.push(mv);
            // The continuation: in the tree with the most visits of the move (the first on a
            // tie).
            let mut line: Option<(&Tree<G>, u32, u32)> = None;
            for tree in trees {
                let child = tree.root_children().find(|&c| tree.nodes[c].mv == Some(mv));
                if let Some(c) = child {
                    let visits = tree.nodes[c].visits;
                    if line.is_none_or(|(_, _, v)| visits > v) {
                        line = Some((tree, c as u32, visits));
                    }
                }
            }
            if let Some((tree, child, _)) = line {
                tree.extend_pv(child, &mut pv);
            }
        }
    }
    SearchResult {
        best_move,
        info: SearchInfo {
            depth,
            nodes: iterations,
            score,
            pv,
            elapsed: started.elapsed(),
        },
        root_distribution: stats.iter().map(|s| (s.mv, s.visits)).collect(),
    }
}

/// The root moves of `trees` with their summed statistics, in the first tree's order.
fn root_stats<G: Game>(trees: &[&Tree<G>]) -> Vec<RootStat<G::Move>> {
    let first = trees[0];
    let mut stats: Vec<RootStat<G::Move>> = first
        .root_children()
        .map(|c| {
            let node = &first.nodes[c];
            RootStat {
                mv: node.mv.expect("every child has its move"),
                visits: u64::from(node.visits),
                reward: node.sums[node.mover as usize],
                lost: first.root_child_is_lost(c),
            }
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
            for c in tree.root_children() {
                let node = &tree.nodes[c];
                let mv = node.mv.expect("every child has its move");
                let h = move_hash(&mv);
                let from = index.partition_point(|&(k, _)| k < h);
                let slot = index[from..]
                    .iter()
                    .take_while(|&&(k, _)| k == h)
                    .map(|&(_, i)| i)
                    .find(|&i| stats[i].mv == mv);
                if let Some(i) = slot {
                    stats[i].visits += u64::from(node.visits);
                    stats[i].reward += node.sums[node.mover as usize];
                    stats[i].lost |= tree.root_child_is_lost(c);
                }
            }
        }
    }
    stats
}

impl<G: Game, V: LeafValue<G>> Core<G, V> {
    /// `threads` trees (as many as the evaluator forks), the first with `evaluator`.
    pub(super) fn new(evaluator: V, config: MctsConfig, seed: u64) -> Self {
        let threads = config.threads.max(1);
        let policy = V::policy(&config);
        let tree = |index| {
            Tree::new(
                policy,
                config.max_nodes,
                config.root_noise,
                tree_seed(seed, index),
            )
        };
        let mut workers = Vec::with_capacity(threads);
        for index in 1..threads {
            match evaluator.fork() {
                Some(fork) => workers.push(Worker {
                    tree: tree(index),
                    evaluator: fork,
                }),
                None => break,
            }
        }
        workers.insert(
            0,
            Worker {
                tree: tree(0),
                evaluator,
            },
        );
        Core {
            config: MctsConfig {
                threads: workers.len(),
                ..config
            },
            seed,
            workers,
            root_record: None,
        }
    }

    /// How many trees a search under `limits` uses: the configured threads, but no more than
    /// an iteration or node limit can give one iteration or node each.
    fn trees_for(&self, limits: &Limits) -> usize {
        let mut trees = self.workers.len() as u64;
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

    pub(super) fn search(
        &mut self,
        record: &GameRecord<G>,
        limits: &Limits,
        stop: &StopFlag,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        let started = Stopwatch::start();
        if record.outcome().is_some() {
            for worker in &mut self.workers {
                worker.tree.forget();
            }
            self.root_record = None;
            return SearchResult::game_over();
        }
        let previous = self.root_record.take().filter(|_| self.config.reuse_tree);
        let count = self.trees_for(limits);
        let mut runs = [TreeRun::default()].repeat(count);
        let (used, unused) = self.workers.split_at_mut(count);
        for worker in used.iter_mut() {
            worker.tree.prepare(previous.as_ref(), record);
        }
        #[cfg(feature = "std")]
        {
            let total = core::sync::atomic::AtomicU64::new(0);
            let (first, rest) = used.split_first_mut().expect("at least one tree");
            let (first_run, rest_runs) = runs.split_first_mut().expect("at least one tree");
            std::thread::scope(|scope| {
                let total = &total;
                let handles: Vec<_> = rest
                    .iter_mut()
                    .enumerate()
                    .map(|(i, worker)| {
                        let budget = Self::budget(limits, i + 1, count);
                        scope.spawn(move || worker.run(budget, stop, started, None, total))
                    })
                    .collect();
                let progress = Progress {
                    report: &mut *report,
                    total,
                };
                *first_run = first.run(
                    Self::budget(limits, 0, count),
                    stop,
                    started,
                    Some(progress),
                    total,
                );
                for (handle, run) in handles.into_iter().zip(rest_runs) {
                    match handle.join() {
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
            for (i, (worker, run)) in used.iter_mut().zip(&mut runs).enumerate() {
                let progress = (i == 0).then_some(Progress {
                    report: &mut *report,
                });
                *run = worker.run(Self::budget(limits, i, count), stop, started, progress);
            }
        }
        // Trees left out of this search (tiny limits) forget their old tree.
        for worker in unused {
            worker.tree.forget();
        }
        let trees: Vec<&Tree<G>> = self.workers[..count].iter().map(|w| &w.tree).collect();
        let iterations = runs.iter().map(|r| r.iterations).sum();
        let depth = runs.iter().map(|r| r.depth).max().unwrap_or(0);
        let result = result(&trees, iterations, depth, started);
        report(&result.info);
        self.root_record = Some(record.clone());
        result
    }

    pub(super) fn new_game(&mut self) {
        for (index, worker) in self.workers.iter_mut().enumerate() {
            worker.tree.clear(tree_seed(self.seed, index));
        }
        self.root_record = None;
    }
}
