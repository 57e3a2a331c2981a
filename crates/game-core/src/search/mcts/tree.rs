//! One search tree: an arena of nodes, descended by its [`SelectionPolicy`], valued at its
//! leaves by whoever drives it, with proven values (a solver) so that a tree whose lines end
//! in finished games stops where it is solved.
//!
//! A simulation is two steps, so that a caller can value the leaves of many trees in one batch:
//! [`Tree::select`] descends from the root and stops at a leaf that needs a value (or at a node
//! whose value is known exactly, which it backs up itself), and [`Tree::complete`] takes the
//! leaf's value (and, under PUCT, its priors), grows the leaf and backs the value up.

use alloc::vec::Vec;

use super::policy::{select_puct, select_uct, SelectionPolicy};
use super::rollout::draw_rewards;
use super::RootNoise;
use crate::search::{Rewards, MAX_PLAYERS};
use crate::{DrawTracker, Game, GameRecord, Rng};

/// The index of "no node".
const NONE: u32 = u32::MAX;

/// One node of the tree: the move that leads to it, its statistics and its children (a
/// contiguous block of the arena).
#[derive(Clone, Debug)]
pub(super) struct Node<M> {
    /// The move from the parent (meaningless at the root).
    pub(super) mv: Option<M>,
    /// The first child in the arena (`NONE` before expansion).
    pub(super) first_child: u32,
    /// The number of children (0 before expansion).
    pub(super) child_count: u32,
    /// Simulations through this node.
    pub(super) visits: u32,
    /// The player index of the player who made `mv` (the player to move at the parent).
    pub(super) mover: u8,
    /// Whether the node's value is known exactly: the game is over here, or its children
    /// prove it (one wins for the player to move here, or all are solved). Its mean rewards
    /// are then that value, and a simulation that reaches it ends there.
    pub(super) solved: bool,
    /// Whether the node's children have been made.
    pub(super) expanded: bool,
    /// The sums of the rewards of every player over the simulations through this node.
    pub(super) sums: Rewards,
}

impl<M> Node<M> {
    fn new(mv: Option<M>, mover: u8) -> Self {
        Node {
            mv,
            first_child: NONE,
            child_count: 0,
            visits: 0,
            mover,
            solved: false,
            expanded: false,
            sums: [0.0; MAX_PLAYERS],
        }
    }

    /// The mean reward of player `index` here (0 when unvisited).
    #[inline]
    pub(super) fn mean(&self, index: usize) -> f64 {
        if self.visits == 0 {
            0.0
        } else {
            self.sums[index] / f64::from(self.visits)
        }
    }

    /// The node's children's block of the arena.
    #[inline]
    fn children(&self) -> core::ops::Range<usize> {
        self.first_child as usize..(self.first_child + self.child_count) as usize
    }
}

/// The leaf a selection stopped at, waiting for its value.
#[derive(Clone, Copy, Debug)]
struct Leaf<G> {
    pos: G,
    index: u32,
    /// Whether the value comes with priors that grow the leaf (PUCT, room in the arena, not
    /// at the depth limit).
    grow: bool,
}

/// Why [`Tree::complete`] could not take a value.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(super) enum CompleteError {
    /// No selection is waiting for a value.
    NoLeaf,
    /// The priors are not one per legal move of the leaf.
    PriorCount { expected: usize, got: usize },
}

/// One search tree (see the [module docs](self)).
#[derive(Debug)]
pub(super) struct Tree<G: Game> {
    pub(super) policy: SelectionPolicy,
    max_nodes: usize,
    noise: Option<RootNoise>,
    pub(super) rng: Rng,
    pub(super) nodes: Vec<Node<G::Move>>,
    /// Under PUCT, the prior of each node's move, beside `nodes` (empty under UCT).
    priors: Vec<f32>,
    /// The root's clean priors while this search's noise is mixed into them.
    clean_root: Vec<f32>,
    /// Whether this search's root noise is still to be mixed in (once the root has children).
    noise_pending: bool,
    /// The history draws: the record's at the root, then the moves of the current selection.
    draws: DrawTracker,
    root: Option<G>,
    /// The plies of the record at the root (where the tracker is cut back after a simulation).
    root_plies: usize,
    /// Whether an expansion was refused for lack of room during the current search.
    pub(super) full: bool,
    /// Simulations of this search that ended at a node already solved before them: they add
    /// nothing to the tree, so node and depth limits count them to be sure to end.
    pub(super) stale: u64,
    /// The arena's size when the search began (nodes made by this search are the rest).
    pub(super) nodes_at_start: usize,
    /// The depth of the last simulation's path.
    pub(super) last_depth: u32,
    leaf: Option<Leaf<G>>,
    // Reusable buffers of the hot loop.
    path: Vec<u32>,
    /// The legal moves of the leaf (PUCT) or of the node being grown (UCT).
    pub(super) moves: Vec<G::Move>,
    /// The leaf's priors, as the evaluator wrote them.
    pub(super) prior_buf: Vec<f32>,
    noise_buf: Vec<f64>,
}

impl<G: Game> Tree<G> {
    /// An empty tree descending by `policy`, of at most `max_nodes` nodes, with `noise` mixed
    /// into the root's priors of every PUCT search, its shuffles and noise drawn from `seed`.
    pub(super) fn new(
        policy: SelectionPolicy,
        max_nodes: usize,
        noise: Option<RootNoise>,
        seed: u64,
    ) -> Self {
        Tree {
            policy,
            max_nodes,
            noise: noise.filter(|_| policy.uses_priors()),
            rng: Rng::new(seed),
            nodes: Vec::new(),
            priors: Vec::new(),
            clean_root: Vec::new(),
            noise_pending: false,
            draws: DrawTracker::from_key(crate::DrawRules::NONE, 0),
            root: None,
            root_plies: 0,
            full: false,
            stale: 0,
            nodes_at_start: 0,
            last_depth: 0,
            leaf: None,
            path: Vec::new(),
            moves: Vec::new(),
            prior_buf: Vec::new(),
            noise_buf: Vec::new(),
        }
    }

    /// Forgets the tree and reseeds the generator (a new game).
    pub(super) fn clear(&mut self, seed: u64) {
        self.nodes.clear();
        self.priors.clear();
        self.clean_root.clear();
        self.leaf = None;
        self.root = None;
        self.rng = Rng::new(seed);
    }

    /// Forgets the tree only.
    pub(super) fn forget(&mut self) {
        self.nodes.clear();
        self.priors.clear();
        self.clean_root.clear();
        self.leaf = None;
    }

    /// Starts a search of `record`'s position: keeps the subtree of the moves played since
    /// `previous` (the record of the previous search) when `record` extends it, else starts a
    /// new tree.
    pub(super) fn prepare(&mut self, previous: Option<&GameRecord<G>>, record: &GameRecord<G>) {
        self.restore_root_priors();
        if !self.keep_subtree(previous, record) {
            self.new_root(record.current());
        }
        self.start_at(record.current(), record.draw_tracker());
    }

    /// Starts a search of `pos`, whose game so far has the history draws `draws`, in a new
    /// tree (without the moves that led there, no subtree can be kept).
    pub(super) fn prepare_position(&mut self, pos: &G, draws: &DrawTracker) {
        self.restore_root_priors();
        self.new_root(pos);
        self.start_at(pos, draws);
    }

    /// Empties the tree down to a root for `pos`.
    fn new_root(&mut self, pos: &G) {
        self.nodes.clear();
        self.priors.clear();
        let mover = G::player_index(pos.to_move()) as u8;
        self.nodes.push(Node::new(None, mover));
        if self.policy.uses_priors() {
            self.priors.push(1.0);
        }
    }

    /// Sets the search's root to `pos` with the history draws `draws` and clears what a search
    /// counts.
    fn start_at(&mut self, pos: &G, draws: &DrawTracker) {
        self.draws.clone_from(draws);
        self.root = Some(*pos);
        self.root_plies = draws.plies();
        self.full = false;
        self.stale = 0;
        self.nodes_at_start = self.nodes.len();
        self.last_depth = 0;
        self.leaf = None;
        self.noise_pending = self.noise.is_some();
    }

    /// Whether the subtree of `record`'s position was found in the tree (and made the tree).
    fn keep_subtree(&mut self, previous: Option<&GameRecord<G>>, record: &GameRecord<G>) -> bool {
        let Some(previous) = previous else {
            return false;
        };
        let extends = previous.start() == record.start()
            && previous.rules() == record.rules()
            && record.len() >= previous.len()
            && record.moves()[..previous.len()] == *previous.moves();
        if !extends || self.nodes.is_empty() {
            return false;
        }
        let mut node = 0u32;
        for &mv in &record.moves()[previous.len()..] {
            let children = self.nodes[node as usize].children();
            match children.into_iter().find(|&c| self.nodes[c].mv == Some(mv)) {
                Some(child) => node = child as u32,
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
        let keeps_priors = self.policy.uses_priors();
        let mut nodes = Vec::with_capacity(old.len());
        let mut priors = Vec::new();
        nodes.push(old[new_root as usize].clone());
        if keeps_priors {
            priors.reserve(old.len());
            priors.push(old_priors[new_root as usize]);
        }
        let mut i = 0;
        while i < nodes.len() {
            if nodes[i].child_count > 0 {
                let new_first = nodes.len() as u32;
                let block = nodes[i].children();
                nodes.extend_from_slice(&old[block.clone()]);
                if keeps_priors {
                    priors.extend_from_slice(&old_priors[block]);
                }
                nodes[i].first_child = new_first;
            }
            i += 1;
        }
        self.nodes = nodes;
        self.priors = priors;
    }

    /// Whether the root's value is known exactly: more simulations cannot change the choice.
    #[inline]
    pub(super) fn is_solved(&self) -> bool {
        self.nodes.first().is_some_and(|root| root.solved)
    }

    /// The position of the leaf waiting for a value.
    pub(super) fn leaf_position(&self) -> Option<&G> {
        self.leaf.as_ref().map(|leaf| &leaf.pos)
    }

    /// The position at the root of the current search.
    pub(super) fn root_position(&self) -> Option<&G> {
        self.root.as_ref()
    }

    /// Descends from the root by the policy, at most `max_depth` plies (a node at that depth
    /// is valued, not grown). Returns `true` when it stopped at a leaf that needs a value
    /// ([`Tree::leaf_position`]; under PUCT its legal moves are in `moves`); `false` when the
    /// simulation ended at a node whose value is known exactly (a finished game, a draw by
    /// history, a solved node), already backed up.
    pub(super) fn select(&mut self, max_depth: u32) -> bool {
        debug_assert!(self.leaf.is_none(), "a selection is waiting for its value");
        if self.noise_pending && self.nodes[0].expanded {
            self.noise_pending = false;
            if let Some(noise) = self.noise {
                self.add_root_noise(noise);
            }
        }
        let mut pos = self.root.expect("select runs after prepare");
        let mut index = 0u32;
        self.path.clear();
        self.path.push(0);
        loop {
            let node = &self.nodes[index as usize];
            if node.solved {
                // Nothing new to learn here. A solved root sends the simulation one step down
                // its proof, so that the visits (the policy target of learning code) gather
                // on the move that proves it.
                self.stale += 1;
                if index == 0 {
                    if let Some(child) = self.best_child(0) {
                        index = child;
                        self.path.push(child);
                    }
                }
                let rewards = self.mean_rewards(index);
                self.backup(rewards, false);
                return false;
            }
            let at_limit = self.path.len() as u32 > max_depth;
            if self.policy.uses_priors() && (at_limit || !node.expanded) {
                pos.legal_moves_into(&mut self.moves);
                if self.moves.is_empty() {
                    // A game that should have ended here: a draw.
                    self.solve(index, draw_rewards::<G>());
                    return false;
                }
                let grow = !at_limit
                    && (index == 0 || self.nodes.len() + self.moves.len() <= self.max_nodes);
                self.full |= !at_limit && !grow;
                self.leaf = Some(Leaf { pos, index, grow });
                return true;
            }
            if at_limit {
                self.leaf = Some(Leaf {
                    pos,
                    index,
                    grow: false,
                });
                return true;
            }
            // UCT: a node reached here was valued once already (or is the root): grow it.
            if !node.expanded {
                pos.legal_moves_into(&mut self.moves);
                if self.moves.is_empty() {
                    self.solve(index, draw_rewards::<G>());
                    return false;
                }
                // The root is always grown, so a move can be chosen even with a tiny arena.
                if index != 0 && self.nodes.len() + self.moves.len() > self.max_nodes {
                    self.full = true;
                    self.leaf = Some(Leaf {
                        pos,
                        index,
                        grow: false,
                    });
                    return true;
                }
                self.make_children(index, &pos);
            }
            let node = &self.nodes[index as usize];
            let children = node.children();
            let chosen = match self.policy {
                SelectionPolicy::Uct { exploration } => {
                    select_uct(&self.nodes[children.clone()], node.visits, exploration)
                }
                SelectionPolicy::Puct { exploration } => select_puct(
                    node,
                    &self.nodes[children.clone()],
                    &self.priors[children.clone()],
                    exploration,
                ),
            };
            let child = (children.start + chosen) as u32;
            let before = pos;
            let mv = self.nodes[child as usize]
                .mv
                .expect("every child has its move");
            pos.play_unchecked(mv);
            let draw = self.draws.push(&before, mv, &pos);
            index = child;
            self.path.push(child);
            if self.nodes[child as usize].visits == 0 {
                // A new node: is the game over there?
                let rewards = match pos.outcome() {
                    Some(outcome) => Some(outcome.rewards::<G>()),
                    None => draw.map(|_| draw_rewards::<G>()),
                };
                if let Some(rewards) = rewards {
                    self.solve(child, rewards);
                    return false;
                }
                if !self.policy.uses_priors() {
                    self.leaf = Some(Leaf {
                        pos,
                        index,
                        grow: false,
                    });
                    return true;
                }
                // PUCT: valued and grown at the top of the loop.
            }
        }
    }

    /// Gives the waiting leaf its value `rewards` (one per player) and, when it grows, its
    /// children with the priors in `prior_buf` (one per move in `moves`); backs the value up.
    pub(super) fn complete(&mut self, rewards: Rewards) -> Result<(), CompleteError> {
        let leaf = self.leaf.ok_or(CompleteError::NoLeaf)?;
        if self.policy.uses_priors() && self.prior_buf.len() != self.moves.len() {
            return Err(CompleteError::PriorCount {
                expected: self.moves.len(),
                got: self.prior_buf.len(),
            });
        }
        self.leaf = None;
        if leaf.grow {
            self.grow_with_priors(leaf.index, &leaf.pos);
        }
        self.backup(rewards, false);
        Ok(())
    }

    /// Makes the children of `index` (whose position is `pos`) for the moves in `moves`, in a
    /// seeded random order (so unvisited children, and equal priors, are tried in random order).
    fn make_children(&mut self, index: u32, pos: &G) {
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
    }

    /// PUCT: makes the children of `index` with the priors of `prior_buf` (normalised to sum
    /// 1; NaN, negative and infinite ones count as 0, and a uniform prior when nothing usable
    /// is left), shuffled with their moves.
    fn grow_with_priors(&mut self, index: u32, pos: &G) {
        let mut sum = 0.0f64;
        for p in &mut self.prior_buf {
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
    }

    /// Ends the simulation at node `index` (the end of the path), whose exact value is
    /// `rewards`: the node is solved, its sums made that value times its visits (a node valued
    /// by a rollout before it was found to have no move keeps no trace of it), and the value
    /// backed up.
    fn solve(&mut self, index: u32, rewards: Rewards) {
        let node = &mut self.nodes[index as usize];
        node.solved = true;
        let visits = f64::from(node.visits);
        for (sum, v) in node.sums.iter_mut().zip(rewards) {
            *sum = v * visits;
        }
        self.backup(rewards, true);
    }

    /// Adds `rewards` to every node of the path, then, when the path ended at a node that was
    /// `newly_solved`, proves what it proves above it; cuts the history back to the root.
    fn backup(&mut self, rewards: Rewards, newly_solved: bool) {
        for &i in &self.path {
            let node = &mut self.nodes[i as usize];
            node.visits = node.visits.saturating_add(1);
            for (sum, reward) in node.sums.iter_mut().zip(rewards) {
                *sum += reward;
            }
        }
        if newly_solved {
            self.prove_path();
        }
        self.draws.truncate(self.root_plies);
        self.last_depth = self.path.len() as u32 - 1;
    }

    /// After a simulation that solved the last node of the path: solves the nodes above it
    /// that it proves. A node is solved when one child wins for the player to move there (a
    /// reward of 1: nothing can be better), or when all its children are solved (its value is
    /// then the best of theirs for that player, the max^n rule). A solved node's sums are set
    /// to its exact value times its visits, so its mean is that value from now on.
    fn prove_path(&mut self) {
        for k in (0..self.path.len() - 1).rev() {
            let (parent, child) = (self.path[k] as usize, self.path[k + 1] as usize);
            if self.nodes[parent].solved || !self.nodes[child].solved {
                return;
            }
            let mover = self.nodes[child].mover as usize;
            let proof = if self.nodes[child].mean(mover) >= 1.0 {
                child
            } else {
                let mut best = None;
                for c in self.nodes[parent].children() {
                    let node = &self.nodes[c];
                    if !node.solved {
                        return;
                    }
                    if best.is_none_or(|b: usize| node.mean(mover) > self.nodes[b].mean(mover)) {
                        best = Some(c);
                    }
                }
                match best {
                    Some(best) => best,
                    None => return,
                }
            };
            let value = self.mean_rewards(proof as u32);
            let node = &mut self.nodes[parent];
            let visits = f64::from(node.visits);
            for (sum, v) in node.sums.iter_mut().zip(value) {
                *sum = v * visits;
            }
            node.solved = true;
        }
    }

    /// The mean rewards of every player at node `index`.
    pub(super) fn mean_rewards(&self, index: u32) -> Rewards {
        let node = &self.nodes[index as usize];
        let mut rewards = [0.0; MAX_PLAYERS];
        for (i, r) in rewards.iter_mut().enumerate() {
            *r = node.mean(i);
        }
        rewards
    }

    /// Under PUCT: mixes Dirichlet noise into the priors of the root's children, keeping the
    /// clean ones in `clean_root` for [`Tree::restore_root_priors`].
    fn add_root_noise(&mut self, noise: RootNoise) {
        let children = self.nodes[0].children();
        self.clean_root.clear();
        self.clean_root
            .extend_from_slice(&self.priors[children.clone()]);
        self.noise_buf.clear();
        self.noise_buf.resize(children.len(), 0.0);
        crate::search::sampling::dirichlet(noise.alpha, &mut self.rng, &mut self.noise_buf);
        for (p, &eta) in self.priors[children].iter_mut().zip(&self.noise_buf) {
            *p = ((1.0 - noise.fraction) * f64::from(*p) + noise.fraction * eta) as f32;
        }
    }

    /// Puts the root's clean priors back after a search with noise.
    fn restore_root_priors(&mut self) {
        if self.clean_root.is_empty() || self.nodes.is_empty() {
            self.clean_root.clear();
            return;
        }
        let first = self.nodes[0].first_child as usize;
        self.priors[first..first + self.clean_root.len()].copy_from_slice(&self.clean_root);
        self.clean_root.clear();
    }

    /// Whether child `c` of a node whose mover is `mover` is a proven loss for that player.
    #[inline]
    fn is_proven_loss(&self, c: usize, mover: usize) -> bool {
        let node = &self.nodes[c];
        node.solved && node.mean(mover) <= 0.0
    }

    /// The child of `index` a player should choose: under a solved node the child that proves
    /// it (the most visited of those worth its value), else the most visited child that is not
    /// a proven loss (ties: higher mean reward for its mover, then the earlier child).
    pub(super) fn best_child(&self, index: u32) -> Option<u32> {
        let node = &self.nodes[index as usize];
        if node.child_count == 0 {
            return None;
        }
        let children = node.children();
        let mover = self.nodes[children.start].mover as usize;
        let wanted = node.solved.then(|| node.mean(mover));
        let eligible = |c: usize| match wanted {
            // A solved node's mean is its value up to rounding.
            Some(value) => self.nodes[c].solved && self.nodes[c].mean(mover) >= value - 1e-9,
            None => !self.is_proven_loss(c, mover),
        };
        let mut best: Option<usize> = None;
        for c in children.clone() {
            if !eligible(c) {
                continue;
            }
            let better = best.is_none_or(|b| {
                let (a, b) = (&self.nodes[c], &self.nodes[b]);
                a.visits > b.visits || (a.visits == b.visits && a.mean(mover) > b.mean(mover))
            });
            if better {
                best = Some(c);
            }
        }
        // Every child ruled out (rounding in a solved value): the most visited of all.
        let best = best.or_else(|| {
            children
                .clone()
                .max_by_key(|&c| (self.nodes[c].visits, core::cmp::Reverse(c)))
        });
        best.map(|c| c as u32)
    }

    /// Whether child `c` of the root is a proven loss for the player to move at the root.
    pub(super) fn root_child_is_lost(&self, c: usize) -> bool {
        self.is_proven_loss(c, self.nodes[c].mover as usize)
    }

    /// The line of best children from `node` (the node's own move not included), onto `pv`.
    pub(super) fn extend_pv(&self, mut node: u32, pv: &mut Vec<G::Move>) {
        while let Some(child) = self.best_child(node) {
            let c = &self.nodes[child as usize];
            if c.visits == 0 {
                break;
            }
            pv.push(c.mv.expect("every child has its move"));
            node = child;
        }
    }

    /// The root's children's block of the arena.
    pub(super) fn root_children(&self) -> core::ops::Range<usize> {
        self.nodes[0].children()
    }
}
