//! The search proper: negamax with principal-variation search, a transposition table, move
//! ordering, single-reply extensions and the history draws of the path.

use super::ordering::history_index;
use super::{AlphaBeta, Bound, CHECK_INTERVAL, INFINITY, MATE, MATE_BOUND, MAX_EVAL, MAX_PLY};
use crate::search::tt::{from_table, to_table};
use crate::search::Evaluator;
use crate::Game;

impl<G: Game, E: Evaluator<G>> AlphaBeta<G, E> {
    /// Whether a limit or the stop flag ends the search now.
    #[inline]
    pub(super) fn out_of_budget(&mut self) -> bool {
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

    /// The negamax value of `pos` for its player to move, `depth` plies deep.
    #[allow(clippy::too_many_arguments)]
    pub(super) fn negamax(
        &mut self,
        pos: &G,
        depth: i32,
        ply: usize,
        mut alpha: i32,
        beta: i32,
        extensions: u32,
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
        // See the module docs: a repetition is scored a draw at its second occurrence.
        if ply > 0 && self.draws.draw_or_repeat() {
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
                self.history[history_index(side, mv)]
            };
            order.push(score);
        }

        let mut best_score = -INFINITY;
        let mut best_move = None;
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
            self.draws.push(pos, mv, &child);
            let score = if i == 0 {
                -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, extensions)
            } else {
                let probe =
                    -self.negamax(&child, depth - 1, ply + 1, -alpha - 1, -alpha, extensions);
                if probe > alpha && probe < beta && !self.aborted {
                    -self.negamax(&child, depth - 1, ply + 1, -beta, -alpha, extensions)
                } else {
                    probe
                }
            };
            self.draws.pop();
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
                        let h = &mut self.history[history_index(side, &mv)];
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
}
