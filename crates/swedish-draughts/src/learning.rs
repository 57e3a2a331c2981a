//! What learning agents need: a fixed action space, tensor observations and the half-turn
//! symmetry with the colours swapped ([`Actions`], [`Observe`], [`Symmetries`] of
//! `game_core`).
//!
//! Everything here is seen *from the player to move* (actions) or *from the observer*
//! (observations): square numbers are turned for Black, `s ↦ N + 1 − s` on a board of `N`
//! squares (50 or 32), so that the player always plays "up the board" from the squares
//! 31–50 (21–32) side, as White does. One network then plays both colours, and the colour
//! swap is invisible to it: a position and its half-turned, colour-swapped image have the
//! same observation and the same action ids (see [Symmetries](#symmetries)).
//!
//! # Action ids
//!
//! `N² + EXTRA` ids (4 548 on 10x10, 3 072 on 8x8; `EXTRA` = [`EXTRA_ROUTE_IDS`]). With
//! `f` and `t` the start and end square as the player to move numbers them (the square
//! number for White, `N + 1 − s` for Black):
//!
//! | ids | move |
//! |---|---|
//! | `(f − 1)·N + (t − 1)` | the move from `f` to `t`: a move without capture, or the *first* capture from `f` to `t` |
//! | `N² + k` | the `k`-th *further* capture of this position (see below) |
//!
//! A move without capture is the only legal move between its two squares, and where
//! captures are legal no move without capture is. Captures, though, can share start and end
//! square and differ in the pieces they take (`33x22x13` and `33x24x13` in
//! `W:W33:B18,19,28,29`; a dame's captures in a crowd of pieces, dozens of them). The rules
//! identify a move by its start, end and captured set, so the ids tell such captures apart:
//! the captures sharing `f` and `t` are ordered by their captured sets (as sets of the
//! mover's square numbers, compared as binary numbers with square 1 the lowest bit); the
//! first takes the id of the pair `(f, t)`, and every other one is a *further* capture. The
//! further captures of the position, ordered by `f`, `t` and captured set, take the ids
//! `N² + 0`, `N² + 1`, …
//!
//! So the legal moves of a position always have distinct ids, provided that it has at most
//! `EXTRA` further captures. That bound is not proven, only tested: it is ten times the most
//! we know of. A hill-climbing search for such positions (crowded boards, mostly dames,
//! changed a piece at a time: `examples/crowded_captures.rs`) found at most 209 further
//! captures on 10x10 and 11 on 8x8 (and 29, resp. 4, captures between one pair of squares);
//! in real games nearly every position has none (two capture routes must close on the same
//! square). The tests check the hill-climbed positions. A position beyond the bound would
//! give its last further captures ids from `num_actions` on: [`Actions::legal_action_mask`]
//! leaves them out, and [`Actions::action_move`] finds them only up to the bound.
//!
//! A policy head is thus an `N × N` grid of (start, end) logits — it factors into a start
//! head and an end head, as for chess — and `EXTRA` logits for the further captures, which a
//! network can learn to score from the observation (the position decides which capture each
//! of them is) or simply leave to the search. In nearly every position the mask of the
//! extra block is all false.
//!
//! Costs: the id of a move without capture is arithmetic; the id of a capture, the move of
//! an id, the mask and [`Actions::legal_actions_into`] run the capture search once where
//! the side to move must capture (otherwise they read the bitboards), and none allocates
//! (the captures are collected on the stack, up to 128 of them; a position with more, if
//! one exists, spills into a vector).
//!
//! # Observation
//!
//! `[6, size, size]` (size 10 or 8) over the whole board as the observer sees it, its own
//! men moving up: row 0 is the rank the observer promotes on and row `size − 1` its own back
//! rank; column 0 is the observer's left. For White that is the board as printed (row 0 holds
//! squares 1–5 of 10x10, `b10` to `j10`); for Black the board is turned by half a turn (row 0
//! holds squares 50–46). The light squares are 0 in every plane.
//!
//! | plane | ones on |
//! |---|---|
//! | 0 | the observer's men |
//! | 1 | the observer's dames |
//! | 2 | the opponent's men |
//! | 3 | the opponent's dames |
//! | 4 | every dark square when the observer is to move |
//! | 5 | every dark square (the board) |
//!
//! The position has no counter that decides a draw: threefold repetition and the 50-ply rule
//! need the game's history, which a [`GameRecord`](crate::GameRecord) keeps (a caller that
//! wants them as inputs adds planes from the record).
//!
//! # Symmetries
//!
//! Two: the identity and the half turn with the colours swapped (symmetry 1). The half turn
//! takes square `s` to `N + 1 − s` (on 10x10 `b10` ↔ `i1`, 1 ↔ 50); with it every piece
//! changes colour and so does the side to move, White's men moving up becoming Black's moving
//! down. It keeps the rules: every rule of the rules page is stated for "the player" with
//! "forward" towards the opponent (men's steps and first jumps, orthogonal jumps forward or
//! sideways, never backwards), or is the same in all directions (dames, the halt rule, the
//! maximum-capture rule, captured pieces blocking), or names the far rank of the player's
//! colour (promotion); White moving first is a fact of the start position, not of a
//! position's rules. The tests check that it maps legal moves to legal moves, commutes with
//! playing them and keeps perft counts. It exchanges the players
//! ([`Symmetries::map_player`]), and since actions and observations are seen from the
//! player, it leaves them unchanged: [`Symmetries::map_cell`] is the identity on the dark
//! squares and [`Symmetries::map_action`] maps every legal id to itself. The mirror images
//! (left–right, top–bottom) are no symmetries: they take the dark corner `a1` to a light
//! square; the mirrors in the diagonals keep the square colours but turn a man's forward
//! into sideways.

use alloc::vec::Vec;

use game_core::{Actions, Bits, MoveList, Observe, Symmetries};

use crate::board::{shift, Eight, Geometry, Ten, NE, NONE, NW, SE, SW};
use crate::movegen::{self, MaxSink};
use crate::position::{Color, Move, Position};

/// The ids for captures beyond the first between the same two squares (the further
/// captures of a position; see the [module docs](self)).
pub const EXTRA_ROUTE_IDS: usize = 2048;

/// A capture's place in the id order: the (start, end) pair id, the captured set as the
/// mover numbers the squares, and the capture's index in the move list.
type Key = (usize, u64, usize);

impl Position {
    /// The number of squares, `N`.
    fn squares(&self) -> usize {
        usize::from(self.square_count())
    }

    /// The board's padded-layout bit of square number `s` as the player to move numbers it
    /// (1 ..= N).
    fn bit_of_mover_square<G: Geometry>(&self, s: usize) -> u8 {
        let n = usize::from(G::SQUARES);
        let number = if self.side == Color::White {
            s
        } else {
            n + 1 - s
        };
        G::bit_of_square()[number % 51]
    }

    /// The mover's square number (1 ..= N) of a bit of the padded layout; 0 for a bit that is
    /// no square.
    #[inline]
    fn mover_square<G: Geometry>(&self, bit: u8) -> usize {
        let number = usize::from(G::square_of_bit()[usize::from(bit & 63)]);
        if self.side == Color::White || number == 0 {
            number
        } else {
            usize::from(G::SQUARES) + 1 - number
        }
    }

    /// The id of the pair (start, end), bits of the padded layout.
    #[inline]
    fn pair_id<G: Geometry>(&self, from: u8, to: u8) -> usize {
        let n = usize::from(G::SQUARES);
        self.mover_square::<G>(from).saturating_sub(1) * n
            + self.mover_square::<G>(to).saturating_sub(1)
    }

    /// A captured set as the mover numbers its squares: bit `s − 1` for square `s`.
    fn mover_set<G: Geometry>(&self, captured: u64) -> u64 {
        Bits(captured).fold(0, |set, bit| {
            set | 1u64 << (self.mover_square::<G>(bit as u8).saturating_sub(1) & 63)
        })
    }

    /// The legal captures into `captures` (empty when the side to move has none), found by the
    /// generator's own sink, so in the order of [`Game::legal_moves`](game_core::Game::legal_moves).
    /// The lists here are `MoveList`s: on the stack (no position of a real game has more
    /// captures than they keep inline).
    fn collect_captures<G: Geometry>(&self, captures: &mut MoveList<Move>) {
        let mut sink = MaxSink::new(captures, self.eight);
        if movegen::must_capture::<G>(self) {
            movegen::search_captures::<G, _>(self, &mut sink);
        }
    }

    /// The keys of `moves` (captures), sorted into id order.
    fn sorted_keys<G: Geometry>(&self, moves: &[Move], keys: &mut MoveList<Key>) {
        keys.clear();
        for (index, mv) in moves.iter().enumerate() {
            keys.push((
                self.pair_id::<G>(mv.from, mv.to),
                self.mover_set::<G>(mv.captured),
                index,
            ));
        }
        keys.as_mut_slice().sort_unstable();
    }

    /// Calls `id_of(index, id)` for every capture of `moves` (the legal captures), with its id.
    fn capture_ids<G: Geometry>(&self, moves: &[Move], mut id_of: impl FnMut(usize, usize)) {
        let n = usize::from(G::SQUARES);
        let mut keys = MoveList::new();
        self.sorted_keys::<G>(moves, &mut keys);
        let mut further = 0;
        let mut previous = usize::MAX;
        for &(pair, _, index) in keys.as_slice() {
            if pair == previous {
                id_of(index, n * n + further);
                further += 1;
            } else {
                id_of(index, pair);
                previous = pair;
            }
        }
    }

    /// Calls `emit(id)` for every legal move without capture, in the order of
    /// [`Game::legal_moves`](game_core::Game::legal_moves) (the generator's: men's steps by direction, then each dame's
    /// flights).
    fn quiet_ids<G: Geometry>(&self, mut emit: impl FnMut(usize)) {
        let white = self.side == Color::White;
        let us = if white { self.white } else { self.black };
        let them = if white { self.black } else { self.white };
        let men = us & !self.dames;
        let dames = us & self.dames;
        let empty = G::BOARD & !(us | them);
        let r = G::R as i32;
        let forward = if white { [-(r + 1), -r] } else { [r, r + 1] };
        for d in forward {
            for to in Bits(shift(men, d) & empty) {
                let from = (to as i32 - d) as u8;
                emit(self.pair_id::<G>(from, to as u8));
            }
        }
        let nb = G::neighbours();
        for from in Bits(dames) {
            let from = from as u8;
            for dir in [NW, NE, SW, SE] {
                let mut to = nb[dir][usize::from(from)];
                while to != NONE && empty & (1 << to) != 0 {
                    emit(self.pair_id::<G>(from, to));
                    to = nb[dir][usize::from(to)];
                }
            }
        }
    }

    fn action_id_on<G: Geometry>(&self, mv: Move) -> usize {
        if !mv.is_capture() {
            return self.pair_id::<G>(mv.from, mv.to);
        }
        let mut captures = MoveList::new();
        self.collect_captures::<G>(&mut captures);
        let moves = captures.as_slice();
        let mut found = None;
        if let Some(wanted) = moves.iter().position(|&m| m == mv) {
            self.capture_ids::<G>(moves, |index, id| {
                if index == wanted {
                    found = Some(id);
                }
            });
        }
        // An illegal capture: some id (unspecified by the trait), its pair's.
        found.unwrap_or_else(|| self.pair_id::<G>(mv.from, mv.to))
    }

    fn action_move_on<G: Geometry>(&self, action: usize) -> Option<Move> {
        let n = usize::from(G::SQUARES);
        if action >= n * n + EXTRA_ROUTE_IDS {
            return None;
        }
        if action < n * n && !movegen::must_capture::<G>(self) {
            let mv = Move {
                captured: 0,
                from: self.bit_of_mover_square::<G>(action / n + 1),
                to: self.bit_of_mover_square::<G>(action % n + 1),
                eight: self.eight,
            };
            return movegen::is_legal_quiet::<G>(self, mv).then_some(mv);
        }
        let mut captures = MoveList::new();
        self.collect_captures::<G>(&mut captures);
        let moves = captures.as_slice();
        let mut found = None;
        self.capture_ids::<G>(moves, |index, id| {
            if id == action {
                found = Some(moves[index]);
            }
        });
        found
    }

    fn legal_actions_on<G: Geometry>(&self, out: &mut Vec<usize>) {
        out.clear();
        if movegen::must_capture::<G>(self) {
            let mut captures = MoveList::new();
            self.collect_captures::<G>(&mut captures);
            let moves = captures.as_slice();
            out.resize(moves.len(), 0);
            self.capture_ids::<G>(moves, |index, id| out[index] = id);
        } else {
            self.quiet_ids::<G>(|id| out.push(id));
        }
    }

    fn mask_on<G: Geometry>(&self, mask: &mut [bool]) {
        if movegen::must_capture::<G>(self) {
            let mut captures = MoveList::new();
            self.collect_captures::<G>(&mut captures);
            self.capture_ids::<G>(captures.as_slice(), |_, id| {
                if let Some(entry) = mask.get_mut(id) {
                    *entry = true;
                }
            });
        } else {
            self.quiet_ids::<G>(|id| mask[id] = true);
        }
    }

    /// Square number `s` turned by half a turn: `N + 1 − s`.
    fn turned_bit<G: Geometry>(bit: u8) -> u8 {
        let number = G::square_of_bit()[usize::from(bit & 63)];
        if number == 0 {
            return bit;
        }
        G::bit_of_square()[usize::from(G::SQUARES + 1 - number)]
    }

    /// A bitboard turned by half a turn.
    fn turned_set<G: Geometry>(set: u64) -> u64 {
        Bits(set).fold(0, |out, bit| out | 1 << Self::turned_bit::<G>(bit as u8))
    }

    fn half_turn<G: Geometry>(&self) -> Position {
        Position::from_parts(
            self.eight,
            Self::turned_set::<G>(self.black),
            Self::turned_set::<G>(self.white),
            Self::turned_set::<G>(self.dames),
            self.side.other(),
        )
    }

    fn half_turn_move<G: Geometry>(mv: Move) -> Move {
        Move {
            captured: Self::turned_set::<G>(mv.captured),
            from: Self::turned_bit::<G>(mv.from),
            to: Self::turned_bit::<G>(mv.to),
            eight: mv.eight,
        }
    }

    fn observe_on<G: Geometry>(&self, observer: Color, out: &mut [f32]) {
        let size = 2 * G::R as usize;
        let cells = size * size;
        assert_eq!(out.len(), 6 * cells, "the observation's length");
        out.fill(0.0);
        let (own, other) = match observer {
            Color::White => (self.white, self.black),
            Color::Black => (self.black, self.white),
        };
        let to_move = self.side == observer;
        let r = G::R as usize;
        for bit in Bits(G::BOARD) {
            let number = usize::from(G::square_of_bit()[bit]);
            // The square as the observer numbers it, then its row and column.
            let s = if observer == Color::White {
                number
            } else {
                usize::from(G::SQUARES) + 1 - number
            };
            let row = (s - 1) / r;
            let col = 2 * ((s - 1) % r) + (row + 1) % 2;
            let cell = row * size + col;
            let at = 1u64 << bit;
            let dame = self.dames & at != 0;
            if own & at != 0 {
                out[usize::from(dame) * cells + cell] = 1.0;
            } else if other & at != 0 {
                out[(2 + usize::from(dame)) * cells + cell] = 1.0;
            }
            if to_move {
                out[4 * cells + cell] = 1.0;
            }
            out[5 * cells + cell] = 1.0;
        }
    }
}

impl Actions for Position {
    /// `N² + EXTRA_ROUTE_IDS`: 4 548 on 10x10, 3 072 on 8x8.
    fn num_actions(&self) -> usize {
        let n = self.squares();
        n * n + EXTRA_ROUTE_IDS
    }

    /// Arithmetic for a move without capture; one capture search for a capture.
    fn action_id(&self, mv: Move) -> usize {
        if self.eight {
            self.action_id_on::<Eight>(mv)
        } else {
            self.action_id_on::<Ten>(mv)
        }
    }

    fn action_move(&self, action: usize) -> Option<Move> {
        if self.eight {
            self.action_move_on::<Eight>(action)
        } else {
            self.action_move_on::<Ten>(action)
        }
    }

    fn legal_actions_into(&self, out: &mut Vec<usize>) {
        if self.eight {
            self.legal_actions_on::<Eight>(out);
        } else {
            self.legal_actions_on::<Ten>(out);
        }
    }

    fn legal_action_mask(&self, mask: &mut [bool]) {
        assert_eq!(
            mask.len(),
            self.num_actions(),
            "the mask has one entry per action id"
        );
        mask.fill(false);
        if self.eight {
            self.mask_on::<Eight>(mask);
        } else {
            self.mask_on::<Ten>(mask);
        }
    }
}

impl Observe for Position {
    /// `[6, size, size]`: 6 planes over the 10x10 or 8x8 board.
    fn observation_shape(&self) -> [usize; 3] {
        let size = self.size() as usize;
        [6, size, size]
    }

    fn observe(&self, observer: Color, out: &mut [f32]) {
        if self.eight {
            self.observe_on::<Eight>(observer, out);
        } else {
            self.observe_on::<Ten>(observer, out);
        }
    }
}

impl Symmetries for Position {
    /// Two: the identity and the half turn with the colours swapped.
    fn symmetry_count(&self) -> usize {
        2
    }

    /// Symmetry 1 (any odd number): the half turn with the colours swapped.
    fn map_position(&self, symmetry: usize) -> Position {
        match (symmetry % 2, self.eight) {
            (0, _) => *self,
            (_, true) => self.half_turn::<Eight>(),
            (_, false) => self.half_turn::<Ten>(),
        }
    }

    fn map_move(&self, symmetry: usize, mv: Move) -> Move {
        match (symmetry % 2, self.eight) {
            (0, _) => mv,
            (_, true) => Self::half_turn_move::<Eight>(mv),
            (_, false) => Self::half_turn_move::<Ten>(mv),
        }
    }

    /// The half turn swaps White and Black.
    fn map_player(&self, symmetry: usize, player: Color) -> Color {
        if symmetry.is_multiple_of(2) {
            player
        } else {
            player.other()
        }
    }

    /// The identity on the dark squares (the observation is the observer's view, which the
    /// colour swap does not change); `None` on the light squares.
    fn map_cell(&self, _symmetry: usize, row: usize, column: usize) -> Option<(usize, usize)> {
        let size = self.size() as usize;
        (row < size && column < size && (row + column) % 2 == 1).then_some((row, column))
    }

    /// Every legal id to itself: the ids are the mover's, which the colour swap does not
    /// change.
    fn map_action(&self, _symmetry: usize, action: usize) -> Option<usize> {
        self.action_move(action).map(|_| action)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn observer_rows_and_columns() {
        // White's view of 10x10: square 1 is b10, top row, column 1; square 46 is a1.
        let pos: Position = "W:W46:B1".parse().unwrap();
        let mut obs = [0.0; 600];
        pos.observe(Color::White, &mut obs);
        assert_eq!(obs[2 * 100 + 1], 1.0, "Black's man on 1 (b10)");
        assert_eq!(obs[9 * 10], 1.0, "White's man on 46 (a1)");
        // Black's view, turned: its man on 1 where i1 is printed, White's on 46 where j10 is.
        pos.observe(Color::Black, &mut obs);
        assert_eq!(obs[9 * 10 + 8], 1.0, "Black's own man");
        assert_eq!(
            obs[2 * 100 + 9],
            1.0,
            "White's man on 46, seen from Black: j10"
        );
    }
}
