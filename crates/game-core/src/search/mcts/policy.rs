//! The selection policy: how a tree chooses the child to descend to, as data the tree holds
//! (the counterpart of OpenSpiel's child-selection function).

use super::ln_table::ln_visits;
use super::tree::Node;

/// How a tree descends: which child of a node the next simulation visits.
///
/// Both policies pick the child that maximises a value for the player who *makes* the move
/// into it (the player to move at the parent), on that player's mean reward over the
/// simulations through the child; with three players this is the usual max^n-style MCTS.
/// Ties go to the earlier child (children are shuffled by the tree's seeded generator when
/// they are made).
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum SelectionPolicy {
    /// UCT, for searches that value leaves by rollouts or another value-only estimate:
    /// unvisited children first, then the greatest `Q + c · sqrt(ln N / n)` (`Q` the child's
    /// mean reward, `N` and `n` the parent's and the child's visits, `c` the exploration
    /// constant). The tree keeps no priors, and makes a node's children when a simulation
    /// comes back to it (a new leaf is valued only).
    Uct {
        /// The exploration constant `c` ([`MctsConfig::exploration`](super::MctsConfig::exploration)).
        exploration: f64,
    },
    /// PUCT (AlphaZero's), for searches with a prior over the moves: the greatest
    /// `Q + c · P · sqrt(N) / (1 + n)`, `P` the child's prior and `Q` the parent's own mean for
    /// that player while the child is unvisited. A leaf's priors come with its value, so a node
    /// is valued and given its children in the same simulation.
    Puct {
        /// The exploration constant `c`
        /// ([`MctsConfig::puct_exploration`](super::MctsConfig::puct_exploration)).
        exploration: f64,
    },
}

impl SelectionPolicy {
    /// Whether the tree stores a prior per node (and values and grows a leaf at once).
    #[inline]
    pub fn uses_priors(self) -> bool {
        matches!(self, SelectionPolicy::Puct { .. })
    }
}

/// UCT's choice among `children` of a node with `visits` visits: the index of the first
/// unvisited child, else of the best by UCT.
#[inline]
pub(super) fn select_uct<M>(children: &[Node<M>], visits: u32, exploration: f64) -> usize {
    // Children are tried in their (shuffled) order and never lose a visit, so the visited
    // ones are a prefix: the first unvisited child is found by bisection, not by a scan
    // (Sundraval's opening has tens of thousands of children).
    let tried = children.partition_point(|child| child.visits > 0);
    if tried < children.len() {
        return tried;
    }
    let log_n = ln_visits(visits.max(1));
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
    best
}

/// PUCT's choice among `children` (with their `priors`) of `parent`: the index of the child
/// with the greatest `Q + c · P · sqrt(N) / (1 + n)`.
#[inline]
pub(super) fn select_puct<M>(
    parent: &Node<M>,
    children: &[Node<M>],
    priors: &[f32],
    exploration: f64,
) -> usize {
    let mover = children[0].mover as usize;
    let unvisited = parent.mean(mover);
    let scale = exploration * crate::math::sqrt(f64::from(parent.visits));
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
    best
}
