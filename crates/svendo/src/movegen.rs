//! Legal move generation: placements, plain slides, and the cheap test of whether a player has
//! a winning move (the threat test the responsibility rules are built on); and why a move is
//! refused (the reason checked play and the move reader give).

use game_core::{Bits, MoveBuffer};

use crate::position::{Color, Move, Position};

/// The five points of the line starting at `p` with index step `step`.
#[inline]
fn line_mask(p: usize, step: usize) -> u64 {
    (0..5).fold(0, |m, k| m | 1 << (p + k * step))
}

/// Winning moves of one player, each as its *support*: the points whose contents the move
/// depends on (its line, the stone that moves, the path it slides along, or for rule 2 one
/// empty point next to the check point). While no move changes a point of a support, that
/// winning move stays available.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Witnesses {
    supports: [u64; Witnesses::CAPACITY],
    len: usize,
}

impl Witnesses {
    /// The most winning moves kept (more are dropped: fewer witnesses only cost speed).
    pub(crate) const CAPACITY: usize = 16;

    pub(crate) fn new() -> Witnesses {
        Witnesses {
            supports: [0; Witnesses::CAPACITY],
            len: 0,
        }
    }

    fn push(&mut self, support: u64) {
        if self.len < Self::CAPACITY && !self.supports[..self.len].contains(&support) {
            self.supports[self.len] = support;
            self.len += 1;
        }
    }

    /// The supports.
    pub(crate) fn supports(&self) -> &[u64] {
        &self.supports[..self.len]
    }
}

/// The most slides one position can have (11 movable stones × 27 destinations on 8 × 8),
/// rounded up to whole 64-bit words for the per-move flags of the responsibility filter.
pub(crate) const MAX_SLIDES: usize = 320;

impl Position {
    /// Fills `moves` with the placements of the side to move (own stones, then the master).
    pub(crate) fn placements_into<B: MoveBuffer<Move>>(&self, moves: &mut B) {
        let geo = self.geo();
        let empty = geo.all & !self.occupied();
        let c = self.to_move.index();
        if self.hand[c] > 0 {
            moves.extend(Bits(empty).map(|p| Move::Place(geo.points[p])));
        }
        if self.master_hand[c] {
            moves.extend(Bits(empty).map(|p| Move::PlaceMaster(geo.points[p])));
        }
    }

    /// Fills `moves` (after clearing it) with the plain slides of the side to move: its own
    /// stones and every master stone, queen-like through empty points. No responsibility rule,
    /// no pass.
    pub(crate) fn plain_slides_into<B: MoveBuffer<Move>>(&self, moves: &mut B) {
        // No `reserve(MAX_SLIDES)`: that bound is far above the slides of a real position
        // (every Svendo position of the random games behind `MOVE_LIST_INLINE` had at most
        // 128 moves), and it would move a `MoveList` to the heap.
        moves.clear();
        let geo = self.geo();
        let occupied = self.occupied();
        for from in Bits(self.movable(self.to_move)) {
            let origin = geo.points[from];
            for to in Bits(geo.slides(from, occupied)) {
                moves.push(Move::Slide {
                    from: origin,
                    to: geo.points[to],
                });
            }
        }
    }

    /// The number of plain slides of the side to move.
    pub(crate) fn count_plain_slides(&self) -> usize {
        let geo = self.geo();
        let occupied = self.occupied();
        Bits(self.movable(self.to_move))
            .map(|from| geo.slides(from, occupied).count_ones() as usize)
            .sum()
    }

    /// Whether `player` has a winning move (rule 1 or 2) here, looked at as if it were its turn,
    /// with the plain movement rules (`has_winning_move` of the responsibility rules).
    ///
    /// Bit-parallel over the line starts of each direction: a line is a candidate when two or
    /// three of its base points hold `player`'s own stones and its check points are empty or
    /// hold one stone the player may move; only candidates are checked exactly.
    #[inline]
    pub fn has_winning_move(&self, player: Color) -> bool {
        self.scan_winning_moves::<false>(player, &mut Witnesses::new())
    }

    /// The winning moves of `player` as [`Witnesses`] (at most [`Witnesses::CAPACITY`]).
    pub(crate) fn winning_witnesses(&self, player: Color) -> Witnesses {
        let mut witnesses = Witnesses::new();
        self.scan_winning_moves::<true>(player, &mut witnesses);
        witnesses
    }

    /// The threat scan behind [`Position::has_winning_move`]. Without `COLLECT` it returns at
    /// the first winning move; with it, it records every winning move's support in `out`.
    #[inline]
    fn scan_winning_moves<const COLLECT: bool>(&self, player: Color, out: &mut Witnesses) -> bool {
        let geo = self.geo();
        let own = self.own[player.index()];
        let occupied = self.occupied();
        let empty = geo.all & !occupied;
        let movable = own | self.masters;
        let mut found = false;
        for d in 0..4 {
            let s = geo.shift[d];
            let step = s as usize;
            let start = geo.starts[d];
            let a0 = own & start;
            let a2 = own >> (2 * s);
            let a4 = own >> (4 * s);
            let e1 = empty >> s;
            let e3 = empty >> (3 * s);
            let m1 = movable >> s;
            let m3 = movable >> (3 * s);
            // Rule 2: three own base points, one check point holding a stone the player may
            // move, the other empty: moving that stone anywhere wins.
            let held = a0 & a2 & a4;
            if held != 0 {
                for (starts, offset) in [(held & m1 & e3, step), (held & e1 & m3, 3 * step)] {
                    for p in Bits(starts) {
                        let exits = geo.neighbours[p + offset] & empty;
                        if exits != 0 {
                            if !COLLECT {
                                return true;
                            }
                            found = true;
                            let line = line_mask(p, step);
                            out.push(line | (exits & exits.wrapping_neg()));
                        }
                    }
                }
            }
            // Rule 1: two own base points, the third empty, the check points empty or one of
            // them holding the stone that will move to the third base point.
            let e0 = empty & start;
            let e2 = empty >> (2 * s);
            let e4 = empty >> (4 * s);
            let two = (a0 & a2 & e4) | (a0 & e2 & a4) | (e0 & a2 & a4);
            if two == 0 {
                continue;
            }
            let candidates = two & ((e1 & e3) | (m1 & e3) | (e1 & m3));
            for p in Bits(candidates) {
                let bases = 1u64 << p | 1 << (p + 2 * step) | 1 << (p + 4 * step);
                let checks = 1u64 << (p + step) | 1 << (p + 3 * step);
                let target = (bases & empty).trailing_zeros() as usize;
                let mut movers = geo.first_stones(target, occupied) & movable & !bases;
                let blocking = checks & occupied;
                if blocking != 0 {
                    movers &= blocking;
                }
                if movers != 0 {
                    if !COLLECT {
                        return true;
                    }
                    found = true;
                    for mover in Bits(movers) {
                        out.push(bases | checks | 1 << mover | geo.between(mover, target));
                    }
                }
            }
        }
        found
    }

    /// The points a move must touch (leave or land on) to give `player` a winning move, when
    /// it has none now: for every line where `player` has at least two own base points, the
    /// line's free base point and check points, the points a stone could slide to that base
    /// point from (up to and including the first stone in each direction), and the
    /// neighbours of the check points (the room a check stone needs to move off). A move that
    /// touches none of these points leaves every such line as it was.
    pub(crate) fn threat_zone(&self, player: Color) -> u64 {
        let geo = self.geo();
        let own = self.own[player.index()];
        let occupied = self.occupied();
        let mut zone = 0;
        for d in 0..4 {
            let s = geo.shift[d];
            let step = s as usize;
            let a0 = own & geo.starts[d];
            let a2 = own >> (2 * s);
            let a4 = own >> (4 * s);
            for p in Bits((a0 & a2) | (a0 & a4) | (a2 & a4)) {
                let bases = 1u64 << p | 1 << (p + 2 * step) | 1 << (p + 4 * step);
                let checks = 1u64 << (p + step) | 1 << (p + 3 * step);
                zone |= checks;
                let free = bases & !own;
                if free == 0 {
                    zone |= geo.neighbours[p + step] | geo.neighbours[p + 3 * step];
                } else {
                    zone |= free;
                    if free & occupied == 0 {
                        let target = free.trailing_zeros() as usize;
                        zone |= geo.slides(target, occupied) | geo.first_stones(target, occupied);
                    }
                }
            }
        }
        zone
    }

    /// Whether any player has a winning move here.
    pub fn anyone_threatens(&self) -> bool {
        Color::ALL.into_iter().any(|c| self.has_winning_move(c))
    }
}

impl Position {
    /// Why `mv` is not legal here, in words, or `None` when it is.
    pub(crate) fn illegal_reason(&self, mv: Move) -> Option<&'static str> {
        if self.is_legal_move(mv) {
            return None;
        }
        Some(if self.win.is_some() {
            "the game is over"
        } else if self.is_plain_legal(mv) {
            "the responsibility rules forbid it"
        } else {
            match mv {
                Move::Place(_) | Move::PlaceMaster(_) if !self.is_placement() => {
                    "every stone has been placed"
                }
                Move::Slide { .. } | Move::Pass if self.is_placement() => {
                    "stones are still being placed"
                }
                Move::Pass => "a player may pass only without a legal move",
                Move::Place(_) if self.hand[self.to_move.index()] == 0 => {
                    "no own stone left in hand"
                }
                Move::PlaceMaster(_) if !self.master_hand[self.to_move.index()] => {
                    "the master stone has been placed already"
                }
                Move::Place(p) | Move::PlaceMaster(p) if self.geo().index(p).is_none() => {
                    "the point is off the board"
                }
                Move::Place(_) | Move::PlaceMaster(_) => "the point is taken",
                Move::Slide { .. } => {
                    "not a slide of an own or master stone along a line through empty points"
                }
            }
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Point;

    #[test]
    fn illegal_moves_say_why_in_checked_play() {
        use game_core::Game;
        let mut pos = Position::default();
        let start = pos.to_string();
        let err = pos.play(Move::Pass).unwrap_err();
        assert_eq!(
            err.to_string(),
            "illegal move pass: stones are still being placed"
        );
        let m13 = Point::new(12, 12);
        assert!(m13.is_none(), "no point beyond the largest board");
        let l12 = Point::new(11, 11).unwrap();
        let err = pos.play(Move::Place(l12)).unwrap_err();
        assert_eq!(err.mv, "l12");
        assert_eq!(err.reason, "the point is off the board");
        assert_eq!(pos.to_string(), start);
        // A point that holds a stone is taken, not off the board.
        let a1 = Point::new(0, 0).unwrap();
        pos.play(Move::Place(a1)).unwrap();
        let err = pos.play(Move::PlaceMaster(a1)).unwrap_err();
        assert_eq!(err.reason, "the point is taken");
    }
}
