//! The search itself: fail-soft negamax alpha-beta on the final score difference, run with null
//! windows by the MTD(f) driver of [`super::Solver`].
//!
//! At each node: the table's bounds (and best move), then the children with the enhanced
//! transposition cutoff (a child whose stored bound already refutes the window ends the node
//! before anything is searched), then the children in order: the table's move first (searched
//! before the others are even generated), the two killer moves of the ply, then by the side to
//! move's running score difference after the placement (far from the end: after the
//! opponent's greedy best reply too; from 9 placements left after three greedy placements),
//! with a history of cutoffs to break ties. The last
//! placement of the game is not searched as nodes: its children are final positions, scored at
//! once, stopping at the first that reaches the window.

use alloc::vec::Vec;
use core::time::Duration;

use game_core::search::Stopwatch;
use game_core::StopFlag;

use super::table::{Table, INFINITY};
use crate::board::squares;
use crate::movegen::{placements, queen_call};
use crate::position::{Color, Kind, Move, Position};
pub(super) use crate::score::greedy_playout;
use crate::score::{greedy_plies, greedy_reply, running_difference};
use crate::zobrist;

/// Nodes between two looks at the clock and the stop flag.
const STOP_CHECK_INTERVAL: u64 = 1 << 12;

/// Placements left from which a node tries the enhanced transposition cutoff (below, the
/// subtrees are too small to pay for a table probe per child: measured, 4 cost more time than
/// it saved).
const ETC_MIN_LEFT: u8 = 6;

/// Placements left from which the children are ordered by the running score after the
/// placement. Below (White's 8th placement, whose children are Black's king moves), scoring
/// every child only to order them cost more than the ordering saved: the killers and the
/// history order them there.
const SCORE_ORDER_MIN_LEFT: u8 = 3;

/// The table key of a position: its Zobrist key, without the last placed square when that
/// square cannot matter. The square matters only for the legal placements of the very next
/// move (the queen call, and Black's king touching White's 8th): everything after depends on
/// the pieces alone. So positions reached by the same placements in another order share one
/// entry, which multiplies the table's hits.
#[inline]
pub(super) fn table_key(pos: &Position) -> u64 {
    let mover = pos.side_to_move();
    let last_matters =
        (mover == Color::Black && pos.placements_of(Color::Black) == 7) || queen_call(pos, mover);
    if last_matters {
        pos.hash
    } else {
        pos.hash ^ zobrist::last_key(pos.last) ^ zobrist::last_key(None)
    }
}

/// When a search must stop early.
#[derive(Clone, Copy, Debug, Default)]
pub(super) struct StopWhen<'a> {
    /// Stop once the stopwatch has run this long (never without the `std` feature, which
    /// has no clock).
    pub(super) time: Option<(Stopwatch, Duration)>,
    /// Stop when this flag is raised.
    pub(super) flag: Option<&'a StopFlag>,
    /// Stop once this many positions have been searched.
    pub(super) nodes: Option<u64>,
}

impl StopWhen<'_> {
    fn is_due(&self, nodes: u64) -> bool {
        self.nodes.is_some_and(|limit| nodes >= limit)
            || self.flag.is_some_and(StopFlag::is_stopped)
            || self
                .time
                .is_some_and(|(watch, limit)| watch.reached(Some(limit)))
    }
}

/// Placements left from which the children are ordered by the running score after the
/// opponent's greedy best reply (one more ply of scoring, worth it where subtrees are big:
/// measured at 10 placements left, 8–27 % fewer positions from 6 on, more time from 4 on).
const GREEDY_REPLY_ORDER_MIN_LEFT: u8 = 6;

/// Placements left from which the children are ordered by the running score after
/// [`DEEP_ORDER_PLIES`] greedy placements (the opponent's reply, the mover's answer and the
/// opponent's next), one node's few dozen greedy continuations being nothing beside the
/// subtrees there. Measured (positions searched, which do not depend on the machine's load):
/// the bench's three 10-left positions 8.50 million in all with the greedy reply alone, 7.23
/// million with this (2.07 → 1.91, 4.69 → 3.54, 1.73 → 1.79 million); 12 left it is a wash,
/// the bench's first position 441 → 369 million (from 8 left 366, from 7 left 375; 5 plies
/// from 8 left 669) and its second 570 → 655 million. From 8 left it cost the bench's 8-left
/// solves 17 % more positions, so it starts at 9.
const DEEP_ORDER_MIN_LEFT: u8 = 9;

/// The greedy placements of the ordering from [`DEEP_ORDER_MIN_LEFT`].
const DEEP_ORDER_PLIES: u32 = 3;

/// The history counts are capped below this, so that they only break ties of the running
/// score.
const HISTORY_LIMIT: u32 = 4096;

/// A child to search: its order key and placement.
pub(super) type Child = (i32, Move);

/// The state of one solve: the table, the per-ply move buffers and the counters.
pub(super) struct Search<'a> {
    pub(super) table: &'a mut Table,
    pub(super) buffers: &'a mut Vec<Vec<Child>>,
    pub(super) stop: StopWhen<'a>,
    pub(super) nodes: u64,
    pub(super) stopped: bool,
    /// The root's best placement from the last pass that failed high (or was exact).
    pub(super) root_best: Option<Move>,
    /// Per ply, the last two placements that caused a cutoff.
    pub(super) killers: [[Option<Move>; 2]; 17],
    /// Per side, kind and square: how much the placement's cutoffs saved (placements left
    /// squared, summed).
    pub(super) history: [[[u32; 64]; 5]; 2],
}

impl Search<'_> {
    /// The final score difference for the side to move of `pos`, fail-soft within
    /// (`alpha`, `beta`): exact when strictly inside, a lower bound at `beta` or above, an upper
    /// bound at `alpha` or below. Meaningless once `self.stopped` is set.
    pub(super) fn search(&mut self, pos: &Position, ply: usize, alpha: i32, beta: i32) -> i32 {
        self.nodes += 1;
        if self.nodes.is_multiple_of(STOP_CHECK_INTERVAL) && self.stop.is_due(self.nodes) {
            self.stopped = true;
        }
        if self.stopped {
            return 0;
        }
        let plan = placements(pos);
        if !plan.any() {
            return running_difference(pos);
        }
        let left = pos.placements_left();
        if left == 1 {
            return self.last_placement(pos, ply, plan, beta);
        }

        let key = table_key(pos);
        let (mut alpha, mut beta) = (alpha, beta);
        let mut tt_move = None;
        if let Some(entry) = self.table.probe(key) {
            tt_move = entry.best();
            // At the root the search always runs, so that the best move is known.
            if ply > 0 {
                let (lower, upper) = (i32::from(entry.lower), i32::from(entry.upper));
                if lower >= beta {
                    return lower;
                }
                if upper <= alpha {
                    return upper;
                }
                alpha = alpha.max(lower);
                beta = beta.min(upper);
            }
        }

        let mut best = -i32::from(INFINITY);
        let mut best_move = None;
        let mut window_alpha = alpha;
        let mover = pos.side_to_move();

        // The table's move first, before any other child is generated or scored: at a node
        // that the table has seen, it usually decides at once.
        let tt_move = tt_move.filter(|&mv| plan.contains(mv));
        if let Some(mv) = tt_move {
            let mut child = *pos;
            child.place_unchecked(mv);
            let value = -self.search(&child, ply + 1, -beta, -window_alpha);
            if self.stopped {
                return 0;
            }
            best = value;
            best_move = Some(mv);
            window_alpha = window_alpha.max(value);
            if value >= beta {
                return self.finish(key, ply, left, (alpha, beta), best, best_move, mover);
            }
        }

        if ply >= self.buffers.len() {
            self.buffers.resize_with(ply + 1, Vec::new);
        }
        let mut children = core::mem::take(&mut self.buffers[ply]);
        children.clear();
        let try_etc = ply > 0 && left >= ETC_MIN_LEFT;
        let killers = self.killers[ply];
        for kind in Kind::ALL {
            for square in squares(plan.target_bits(kind)) {
                let mv = Move::new(kind, square);
                if Some(mv) == tt_move {
                    continue;
                }
                let mut child = *pos;
                child.place_unchecked(mv);
                if try_etc {
                    if let Some(entry) = self.table.probe(table_key(&child)) {
                        let refuted_by = -i32::from(entry.upper);
                        if refuted_by >= beta {
                            self.buffers[ply] = children;
                            return self.finish(
                                key,
                                ply,
                                left,
                                (alpha, beta),
                                refuted_by,
                                Some(mv),
                                mover,
                            );
                        }
                    }
                }
                let order = if Some(mv) == killers[0] {
                    i32::MAX - 1
                } else if Some(mv) == killers[1] {
                    i32::MAX - 2
                } else if left < SCORE_ORDER_MIN_LEFT {
                    self.history(mover, mv).min(HISTORY_LIMIT - 1) as i32
                } else if left >= DEEP_ORDER_MIN_LEFT {
                    -greedy_plies(&child, DEEP_ORDER_PLIES) * HISTORY_LIMIT as i32
                        + self.history(mover, mv).min(HISTORY_LIMIT - 1) as i32
                } else if left >= GREEDY_REPLY_ORDER_MIN_LEFT {
                    -greedy_reply(&child) * HISTORY_LIMIT as i32
                        + self.history(mover, mv).min(HISTORY_LIMIT - 1) as i32
                } else {
                    // The running score first, the history of cutoffs to break ties.
                    -running_difference(&child) * HISTORY_LIMIT as i32
                        + self.history(mover, mv).min(HISTORY_LIMIT - 1) as i32
                };
                children.push((order, mv));
            }
        }
        children.sort_unstable_by_key(|&(order, _)| core::cmp::Reverse(order));

        for &(_, mv) in children.iter() {
            let mut child = *pos;
            child.place_unchecked(mv);
            let value = -self.search(&child, ply + 1, -beta, -window_alpha);
            if self.stopped {
                self.buffers[ply] = children;
                return 0;
            }
            if value > best {
                best = value;
                best_move = Some(mv);
                window_alpha = window_alpha.max(value);
                if value >= beta {
                    break;
                }
            }
        }
        self.buffers[ply] = children;
        self.finish(key, ply, left, (alpha, beta), best, best_move, mover)
    }

    /// The cutoff statistics of `mover`'s placement `mv`.
    #[inline]
    fn history(&self, mover: Color, mv: Move) -> u32 {
        self.history[mover.index()][mv.kind.index()][mv.square.index()]
    }

    /// The end of a node: the killer and history updates of a cutoff, the root's best move, the
    /// table entry; returns `best`.
    #[allow(clippy::too_many_arguments)]
    #[inline]
    fn finish(
        &mut self,
        key: u64,
        ply: usize,
        left: u8,
        (alpha, beta): (i32, i32),
        best: i32,
        best_move: Option<Move>,
        mover: Color,
    ) -> i32 {
        if let (true, Some(mv)) = (best >= beta, best_move) {
            let killers = &mut self.killers[ply];
            if killers[0] != Some(mv) {
                killers[1] = killers[0];
                killers[0] = Some(mv);
            }
            let h = &mut self.history[mover.index()][mv.kind.index()][mv.square.index()];
            *h = h.saturating_add(u32::from(left) * u32::from(left));
        }
        if ply == 0 && best > alpha {
            self.root_best = best_move;
        }
        self.table.store(key, left, alpha, beta, best, best_move);
        best
    }

    /// The last placement of the game (Black's king): every child is a final position, scored
    /// at once; fail-soft, stopping at the first child that reaches `beta`.
    fn last_placement(
        &mut self,
        pos: &Position,
        ply: usize,
        plan: crate::Placements,
        beta: i32,
    ) -> i32 {
        let mut best = -i32::from(INFINITY);
        let mut best_move = None;
        for kind in Kind::ALL {
            for square in squares(plan.target_bits(kind)) {
                let mv = Move::new(kind, square);
                let mut child = *pos;
                child.place_unchecked(mv);
                let value = -running_difference(&child);
                if value > best {
                    best = value;
                    best_move = Some(mv);
                    if value >= beta {
                        break;
                    }
                }
            }
            if best >= beta {
                break;
            }
        }
        if ply == 0 {
            self.root_best = best_move;
        }
        best
    }
}
