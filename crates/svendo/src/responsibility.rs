//! The responsibility rules, made part of move legality (movement phase only).
//!
//! Let P be the player to move, N the next player and R the one after N (the player before P).
//! Two terms of the rules page:
//!
//! - R is *in a winning position* ([`Position::in_winning_position`]) when R has a winning move
//!   now, or some plain move of P would make R win by rule 3 (a stone P may move stands on a
//!   check point of a line R would hold once it leaves: R's *trap* for P).
//! - A plain move of P *lets N win* when it ends the game with N as the winner (P moved off
//!   N's check point: rule 3), or when N has a winning move on the board after it (judged even
//!   when the move ends the game with R as the winner).
//!
//! The rules:
//!
//! - [`must_block_follower`](Position::must_block_follower): when N has a winning move now and
//!   R is in a winning position, P must make a move that does not let N win, if P has one.
//! - [`announced_win`](Position::announced_win): when R has a winning move that P and N cannot
//!   stop (after every plain move of P and every plain reply of N that does not end the game, R
//!   still has a winning move), P may not make a move that lets N win, unless every move of P
//!   does.
//! - A move that wins the game for P is always allowed.
//!
//! Both rules restrict P to the same kind of move (one that does not let N win), so the filter
//! is: when a rule is in force and some but not all of P's moves do not let N win, keep those
//! moves and P's winning moves. A move that hands N the game at once is therefore never a
//! block.
//!
//! Cost: both rules need R to have a winning move or a trap for P, so the common case pays one
//! bit-parallel threat test ([`Position::has_winning_move`]) and a bit-parallel test for lines
//! R holds but for one check point. Only when a rule may apply are P's moves classified; moves
//! that cannot change N's situation (they touch no support of N's winning moves, or nothing of
//! N's threat zone) are not played out. Only when that classification would restrict anything
//! and N does not threaten now does the two-ply unstoppable look-ahead run, and it plays out
//! only the move pairs that touch every support of R's winning moves. The look-ahead uses the
//! plain movement rules, so it never recurses.

use game_core::{Bits, MoveBuffer};

use crate::movegen::{Witnesses, MAX_SLIDES};
use crate::position::{Color, Move, Position, WinRule};
use alloc::vec::Vec;

/// Per-move flags for up to [`MAX_SLIDES`] moves, on the stack.
pub(crate) struct Flags([u64; MAX_SLIDES / 64]);

impl Flags {
    fn new() -> Flags {
        Flags([0; MAX_SLIDES / 64])
    }
    fn set(&mut self, i: usize) {
        self.0[i / 64] |= 1 << (i % 64);
    }
    pub(crate) fn get(&self, i: usize) -> bool {
        self.0[i / 64] & (1 << (i % 64)) != 0
    }
}

/// Which rule restricted the moves of a position.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Responsibility {
    /// No rule restricts the side to move.
    Free,
    /// The next player has a winning move and the player before is in a winning position (a
    /// winning move, or a trap for the side to move): the next player must be blocked.
    BlockFollower,
    /// The player before has a winning move nobody can stop: the side to move must not let the
    /// next player win.
    AnnouncedWin,
}

impl Position {
    /// Whether the block-the-follower rule is in force: N (the next player) has a winning move
    /// now and R (the player before the side to move) is in a winning position.
    pub fn must_block_follower(&self) -> bool {
        !self.is_placement()
            && self.win.is_none()
            && self.has_winning_move(self.to_move.next())
            && self.in_winning_position(self.to_move.prev())
    }

    /// Whether `player` is in a winning position against the side to move: it has a winning
    /// move now, or some plain move of the side to move would make it win by rule 3 (its trap
    /// for the side to move). Meant for R, the player before the side to move.
    pub fn in_winning_position(&self, player: Color) -> bool {
        self.has_winning_move(player) || self.has_trap(player)
    }

    /// Whether some plain move of the side to move would make `player` (another player) win
    /// by rule 3: `player`'s trap for the side to move.
    ///
    /// Bit-parallel over the line starts: only lines whose three base points carry `player`'s
    /// own stones, with one check point empty and the other holding a stone the side to move
    /// may move, are candidates; their moves off that check point are played out (the win is
    /// the first rule that applies, so another rule may take precedence over `player`'s).
    pub fn has_trap(&self, player: Color) -> bool {
        if player == self.to_move || self.win.is_some() {
            return false;
        }
        let geo = self.geo();
        let own = self.own[player.index()];
        let occupied = self.occupied();
        let empty = geo.all & !occupied;
        let movable = self.movable(self.to_move);
        for d in 0..4 {
            let s = geo.shift[d];
            let step = s as usize;
            let held = own & geo.starts[d] & own >> (2 * s) & own >> (4 * s);
            if held == 0 {
                continue;
            }
            let (e1, e3) = (empty >> s, empty >> (3 * s));
            let (m1, m3) = (movable >> s, movable >> (3 * s));
            for (starts, offset) in [(held & m1 & e3, step), (held & e1 & m3, 3 * step)] {
                for p in Bits(starts) {
                    let x = p + offset;
                    for y in Bits(geo.slides(x, occupied)) {
                        let after = self.after(Move::Slide {
                            from: geo.points[x],
                            to: geo.points[y],
                        });
                        if after.win.is_some_and(|w| {
                            w.winner == player && w.rule == WinRule::ForcedOffCheckPoint
                        }) {
                            return true;
                        }
                    }
                }
            }
        }
        false
    }

    /// Whether a responsibility rule may restrict the side to move here: R has a winning move,
    /// or R has a trap for P while N has a winning move. When this is false every plain move
    /// is legal.
    pub(crate) fn responsibility_may_apply(&self) -> bool {
        let (n, r) = (self.to_move.next(), self.to_move.prev());
        self.has_winning_move(r) || (self.has_trap(r) && self.has_winning_move(n))
    }

    /// Whether the announced-win rule is in force: R has a winning move that cannot be stopped
    /// by any plain move of P and plain reply of N (moves that end the game are skipped).
    pub fn announced_win(&self) -> bool {
        if self.is_placement() || self.win.is_some() {
            return false;
        }
        let r = self.to_move.prev();
        self.has_winning_move(r) && self.r_win_unstoppable(r)
    }

    /// The announced-win look-ahead: after every plain move of P and every plain reply of N
    /// (both skipped when they end the game; a player without a plain move passes), R still
    /// has a winning move. Vacuously true when nothing is left to check.
    ///
    /// R's current winning moves are kept as witnesses with their supports: a pair of moves
    /// that touches no point of some witness's support leaves that winning move standing, so
    /// only the pairs that touch every witness are played out and tested.
    fn r_win_unstoppable(&self, r: Color) -> bool {
        let witnesses = self.winning_witnesses(r);
        let geo = self.geo();
        let occupied = self.occupied();
        let n = self.to_move.next();
        let mut untouched = [0u64; Witnesses::CAPACITY];
        let mut any_p_move = false;
        for from in Bits(self.movable(self.to_move)) {
            for to in Bits(geo.slides(from, occupied)) {
                any_p_move = true;
                let after_p = self.after(Move::Slide {
                    from: geo.points[from],
                    to: geo.points[to],
                });
                if after_p.win.is_some() {
                    continue;
                }
                let touched_by_p = 1u64 << from | 1 << to;
                let mut kept = 0;
                for &support in witnesses.supports() {
                    if support & touched_by_p == 0 {
                        untouched[kept] = support;
                        kept += 1;
                    }
                }
                if !after_p.n_replies_keep_r_winning(r, n, &untouched[..kept]) {
                    return false;
                }
            }
        }
        if !any_p_move {
            let after_p = self.after(Move::Pass);
            return after_p.n_replies_keep_r_winning(r, n, witnesses.supports());
        }
        true
    }

    /// Whether after every plain reply of N (the side to move here) that does not end the game,
    /// R has a winning move; `untouched` are supports of R's winning moves still standing here.
    fn n_replies_keep_r_winning(&self, r: Color, n: Color, untouched: &[u64]) -> bool {
        let geo = self.geo();
        let occupied = self.occupied();
        let mut any_reply = false;
        for from in Bits(self.movable(n)) {
            let reach = geo.slides(from, occupied);
            if reach == 0 {
                continue;
            }
            any_reply = true;
            // A reply from `from` to `to` keeps a witness standing unless it touches its
            // support; only the replies that touch every support are played out.
            let mut must_check = reach;
            for &support in untouched {
                if support & (1 << from) == 0 {
                    must_check &= support;
                }
            }
            for to in Bits(must_check) {
                let after_n = self.after(Move::Slide {
                    from: geo.points[from],
                    to: geo.points[to],
                });
                if after_n.win.is_none() && !after_n.has_winning_move(r) {
                    return false;
                }
            }
        }
        if !any_reply {
            let after_n = self.after(Move::Pass);
            return !untouched.is_empty() || after_n.has_winning_move(r);
        }
        true
    }

    /// Which responsibility rule restricts the side to move here, if any (it restricts only when
    /// some but not all of P's moves leave N without a winning move).
    pub fn responsibility(&self) -> Responsibility {
        if self.is_placement() || self.win.is_some() {
            return Responsibility::Free;
        }
        let mut moves = Vec::new();
        self.plain_slides_into(&mut moves);
        self.restriction(&moves).0
    }

    /// Decides the restriction for the plain slides `moves` of this movement position; returns
    /// the rule and, when one restricts, the flags of the moves that stay legal.
    pub(crate) fn restriction(&self, moves: &[Move]) -> (Responsibility, Flags) {
        let mut keep = Flags::new();
        let me = self.to_move;
        let (n, r) = (me.next(), me.prev());
        if moves.is_empty() {
            return (Responsibility::Free, keep);
        }
        // Both rules need R to have a winning move, or (block the follower) a trap for P while
        // N threatens: the cheap early exit.
        let n_threatens = if self.has_winning_move(r) {
            self.has_winning_move(n)
        } else if self.has_trap(r) && self.has_winning_move(n) {
            true
        } else {
            return (Responsibility::Free, keep);
        };
        // A move wins for P only if P has a winning move now (rules 1 and 2 are P's own).
        let p_can_win = self.has_winning_move(me);
        // When N threatens now, a move that touches none of the points one of N's winning
        // moves depends on leaves N that winning move: no need to play it out.
        let n_witnesses = if n_threatens {
            self.winning_witnesses(n)
        } else {
            Witnesses::new()
        };
        // When N does not threaten now, only a move that touches N's threat zone can give N a
        // winning move or end the game with N as the winner (its check points are in the zone).
        let n_zone = if n_threatens {
            u64::MAX
        } else {
            self.threat_zone(n)
        };
        let geo = self.geo();
        let mut kept = 0;
        let mut allowed_anyway = 0;
        for (i, &mv) in moves.iter().enumerate() {
            let touched = match mv {
                Move::Slide { from, to } => {
                    1u64 << geo.index_unchecked(from) | 1 << geo.index_unchecked(to)
                }
                _ => u64::MAX,
            };
            if touched & n_zone == 0 {
                // N still has no winning move after this move.
                keep.set(i);
                kept += 1;
                continue;
            }
            let n_keeps_a_win = n_witnesses.supports().iter().any(|&s| s & touched == 0);
            if n_keeps_a_win && !p_can_win {
                continue;
            }
            let after = self.after(mv);
            // A move that ends the game with N as the winner lets N win; otherwise it is judged
            // on the board after the move, even when it ended the game with R as the winner.
            let n_wins_now = after.win.is_some_and(|w| w.winner == n);
            if !n_keeps_a_win && !n_wins_now && !after.has_winning_move(n) {
                keep.set(i);
                kept += 1;
            } else if after.win.is_some_and(|w| w.winner == me) {
                // A move that wins the game for P is always allowed.
                keep.set(i);
                allowed_anyway += 1;
            }
        }
        if kept == 0 || kept + allowed_anyway == moves.len() {
            // No move blocks N (no restriction), or every move is allowed anyway.
            return (Responsibility::Free, keep);
        }
        if n_threatens {
            (Responsibility::BlockFollower, keep)
        } else if self.r_win_unstoppable(r) {
            (Responsibility::AnnouncedWin, keep)
        } else {
            (Responsibility::Free, keep)
        }
    }

    /// Removes from `moves` (the plain slides of this movement position) the moves the
    /// responsibility rules forbid.
    pub(crate) fn apply_responsibility<B: MoveBuffer<Move>>(&self, moves: &mut B) {
        let (rule, keep) = self.restriction(moves);
        if rule == Responsibility::Free {
            return;
        }
        // The kept moves move to the front, in their order.
        let mut kept = 0;
        for i in 0..moves.len() {
            if keep.get(i) {
                moves[kept] = moves[i];
                kept += 1;
            }
        }
        moves.truncate(kept);
    }
}
