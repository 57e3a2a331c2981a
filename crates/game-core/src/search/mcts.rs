//! Monte Carlo tree search (UCT) for games of two or three players, on per-player rewards.
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
//! - **Limits.** [`Limits::iterations`], [`Limits::nodes`] (tree nodes created by this search)
//!   and [`Limits::time`] (read every 256 iterations, like the [`StopFlag`]). With no limit at
//!   all the search runs until the stop flag is raised. At least one iteration is run, so a
//!   legal move is always returned while the game goes on.
//! - **Memory.** The tree is an arena of at most [`MctsConfig::max_nodes`] nodes. When a node
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
//!   deepest path of the tree (`depth`), the mean reward of the best move for the player to
//!   move ([`Score::Reward`]) and the principal variation by most visits.
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

use alloc::string::String;
use alloc::vec::Vec;

use crate::search::{
    Engine, LeafEvaluator, Limits, Rewards, Score, SearchInfo, SearchResult, StopFlag, Stopwatch,
    MAX_PLAYERS,
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
const CHECK_EVERY: u64 = 256;

/// How often (in iterations) progress is reported.
const REPORT_EVERY: u64 = 1 << 16;

/// The index of "no node".
const NONE: u32 = u32::MAX;

/// The settings of an [`Mcts`] engine.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct MctsConfig {
    /// The UCT exploration constant `c` (rewards are in `0..=1`); `sqrt(2)` by default.
    pub exploration: f64,
    /// The greatest number of nodes the tree may hold (memory: about 48 bytes plus one move per
    /// node). One million by default.
    pub max_nodes: usize,
    /// Whether to keep the subtree of the moves played between two searches of one game.
    pub reuse_tree: bool,
}

impl Default for MctsConfig {
    fn default() -> Self {
        MctsConfig {
            exploration: core::f64::consts::SQRT_2,
            max_nodes: 1_000_000,
            reuse_tree: true,
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

/// The engine: UCT search with a leaf evaluator `E` (see the [module docs](self)).
#[derive(Debug)]
pub struct Mcts<G: Game, E> {
    evaluator: E,
    config: MctsConfig,
    seed: u64,
    rng: Rng,
    nodes: Vec<Node<G::Move>>,
    /// The record the tree's root stands for (start, rules, moves), for reuse.
    root_record: Option<GameRecord<G>>,
    // Reusable buffers of the hot loop.
    path: Vec<u32>,
    moves: Vec<G::Move>,
    /// Hash keys of the positions since the last progress move, the record's then the path's.
    keys: Vec<u64>,
}

impl<G: Game, E: LeafEvaluator<G>> Mcts<G, E> {
    /// An engine valuing leaves with `evaluator`, seeded with `seed`.
    pub fn new(evaluator: E, config: MctsConfig, seed: u64) -> Self {
        Mcts {
            evaluator,
            config,
            seed,
            rng: Rng::new(seed),
            nodes: Vec::new(),
            root_record: None,
            path: Vec::new(),
            moves: Vec::new(),
            keys: Vec::new(),
        }
    }

    /// The settings.
    pub fn config(&self) -> &MctsConfig {
        &self.config
    }

    /// The number of nodes in the tree now (after a search: the tree kept for the next one).
    pub fn tree_size(&self) -> usize {
        self.nodes.len()
    }

    /// Keeps the subtree for `record` when it extends the previous search's record, else
    /// clears the tree. Returns whether a tree was kept.
    fn prepare_tree(&mut self, record: &GameRecord<G>) -> bool {
        let previous = self.root_record.take();
        let Some(previous) = previous.filter(|_| self.config.reuse_tree) else {
            self.nodes.clear();
            return false;
        };
        let extends = previous.start() == record.start()
            && previous.rules() == record.rules()
            && record.moves().len() >= previous.moves().len()
            && record.moves()[..previous.moves().len()] == *previous.moves();
        if !extends || self.nodes.is_empty() {
            self.nodes.clear();
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
                None => {
                    self.nodes.clear();
                    return false;
                }
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
        let mut nodes = Vec::with_capacity(old.len());
        nodes.push(old[new_root as usize].clone());
        let mut i = 0;
        while i < nodes.len() {
            let (first, count) = (nodes[i].first_child, nodes[i].child_count);
            if count > 0 {
                let new_first = nodes.len() as u32;
                nodes.extend_from_slice(&old[first as usize..(first + count) as usize]);
                nodes[i].first_child = new_first;
            }
            i += 1;
        }
        self.nodes = nodes;
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
    /// arena has room; returns whether it did.
    fn expand(&mut self, index: u32, pos: &G) -> bool {
        pos.legal_moves_into(&mut self.moves);
        // The root is always expanded, so a move can be chosen even with a tiny arena.
        let full = index != 0 && self.nodes.len() + self.moves.len() > self.config.max_nodes;
        if full || self.moves.is_empty() {
            return false;
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
        true
    }

    /// The child of an expanded node to descend to: the first unvisited one, else the best by
    /// UCT for the player who moves there.
    fn select_child(&self, index: u32) -> u32 {
        let node = &self.nodes[index as usize];
        let first = node.first_child as usize;
        let children = &self.nodes[first..first + node.child_count as usize];
        if let Some(i) = children.iter().position(|child| child.visits == 0) {
            return (first + i) as u32;
        }
        let log_n = ln_visits(node.visits.max(1));
        let c = self.config.exploration;
        let mut best = 0;
        let mut best_value = f64::NEG_INFINITY;
        for (i, child) in children.iter().enumerate() {
            let n = f64::from(child.visits);
            let value = child.sums[child.mover as usize] / n + c * crate::math::sqrt(log_n / n);
            if value > best_value {
                best_value = value;
                best = i;
            }
        }
        (first + best) as u32
    }

    /// One iteration from the root `root_pos`; returns the depth of the path.
    fn iterate(&mut self, record: &GameRecord<G>, root_pos: &G, root_state: HistoryState) -> u32 {
        let rules = record.rules();
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
            // A node reached here was valued once already (or is the root): grow it.
            if !node.expanded && !self.expand(index, &pos) {
                break self.evaluator.evaluate(&pos, &mut self.rng);
            }
            let child = self.select_child(index);
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
                let draw = self.history_draw(&rules, &mut state, &before, mv, &pos);
                if let Some(outcome) = outcome {
                    self.nodes[child as usize].terminal = true;
                    break outcome.rewards::<G>();
                }
                if draw {
                    self.nodes[child as usize].terminal = true;
                    break draw_rewards::<G>();
                }
                break self.evaluator.evaluate(&pos, &mut self.rng);
            }
            self.history_draw(&rules, &mut state, &before, mv, &pos);
        };
        self.keys.truncate(keys_at_root);
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits = node.visits.saturating_add(1);
            for (sum, reward) in node.sums.iter_mut().zip(rewards) {
                *sum += reward;
            }
        }
        self.path.len() as u32 - 1
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

    fn info(&self, iterations: u64, depth: u32, started: Stopwatch) -> SearchInfo<G::Move> {
        let mut pv = Vec::new();
        let mut node = 0;
        let mut score = None;
        while let Some(child) = self.best_child(node) {
            let c = &self.nodes[child as usize];
            if c.visits == 0 {
                break;
            }
            if node == 0 {
                score = Some(Score::Reward(c.mean(c.mover as usize)));
            }
            pv.push(c.mv.expect("every child has its move"));
            node = child;
        }
        SearchInfo {
            depth,
            nodes: iterations,
            score,
            pv,
            elapsed: started.elapsed(),
        }
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
        let started = Stopwatch::start();
        if record.outcome().is_some() {
            self.nodes.clear();
            self.root_record = None;
            return SearchResult {
                best_move: None,
                info: SearchInfo::empty(),
            };
        }
        if !self.prepare_tree(record) {
            let mover = G::player_index(record.current().to_move()) as u8;
            self.nodes.push(Node::new(None, mover));
        }
        let root_pos = *record.current();
        let root_state = self.history_from(record);
        let nodes_at_start = self.nodes.len() as u64;
        let mut iterations = 0u64;
        let mut depth = 0;
        loop {
            depth = depth.max(self.iterate(record, &root_pos, root_state));
            iterations += 1;
            if limits.iterations.is_some_and(|n| iterations >= n)
                || limits
                    .nodes
                    .is_some_and(|n| self.nodes.len() as u64 - nodes_at_start >= n)
            {
                break;
            }
            if iterations.is_multiple_of(CHECK_EVERY)
                && (stop.is_stopped() || started.reached(limits.time))
            {
                break;
            }
            if iterations.is_multiple_of(REPORT_EVERY) {
                report(&self.info(iterations, depth, started));
            }
        }
        let info = self.info(iterations, depth, started);
        report(&info);
        self.root_record = Some(record.clone());
        SearchResult {
            best_move: self.best_child(0).and_then(|c| self.nodes[c as usize].mv),
            info,
        }
    }

    fn new_game(&mut self) {
        self.nodes.clear();
        self.root_record = None;
        self.rng = Rng::new(self.seed);
    }
}

#[cfg(test)]
mod tests {
    use super::{ln_visits, LN_TABLE_LEN};

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
