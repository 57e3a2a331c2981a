//! Legal moves: the opening pairs, `keep`/`swap`, and placements found by bitboard flood fill;
//! and why a move is refused (the reason checked play and the move reader give).

use game_core::{Bits, MoveBuffer};

use crate::board::{point_count, Point, PointSet, ROW_STRIDE};
use crate::position::{Color, Move, Position, Turn};

impl Position {
    /// The points where `color` may place a stone: the empty points whose empty region touches
    /// a stone of the other colour (`placement_rule`), whoever is to move.
    ///
    /// The fill starts from the empty points next to an enemy stone and grows through empty
    /// points: every point it reaches has a path of empty points to an enemy stone.
    #[inline]
    pub fn placements(&self, color: Color) -> PointSet {
        let empty = self.empty();
        let enemy = self.stones[color.other().index()];
        let seed = enemy.dilate().intersection(empty);
        PointSet::fill(seed, &empty)
    }

    /// The placements of the side to move, or the empty set during the opening and after the
    /// game.
    #[inline]
    pub fn legal_placements(&self) -> PointSet {
        match self.turn {
            Turn::Play(color) if !self.is_over() => self.placements(color),
            _ => PointSet::EMPTY,
        }
    }

    /// Whether `point` is a legal placement for the side to move: a board point, empty, whose
    /// empty region reaches an enemy stone. Fills only that point's region.
    pub fn is_legal_placement(&self, point: Point) -> bool {
        let Turn::Play(color) = self.turn else {
            return false;
        };
        if self.is_over() || !self.contains(point) {
            return false;
        }
        let empty = self.empty();
        if !empty.contains(point) {
            return false;
        }
        let mut seed = PointSet::EMPTY;
        seed.insert(point);
        let region = PointSet::fill(seed, &empty);
        region
            .dilate()
            .intersects(self.stones[color.other().index()])
    }

    /// Fills `moves` with the legal moves (see [`game_core::Game::legal_moves_into`]).
    pub(crate) fn generate<B: MoveBuffer<Move>>(&self, moves: &mut B) {
        moves.clear();
        match self.turn {
            Turn::Setup => {
                // pie_rule: every ordered pair of different points, black point first.
                let points = self.points();
                let p = point_count(self.side()) as usize;
                moves.reserve(p * (p - 1));
                for black in points.iter() {
                    for white in points.iter() {
                        if black != white {
                            moves.push(Move::Opening { black, white });
                        }
                    }
                }
            }
            Turn::Choose => {
                moves.push(Move::Keep);
                moves.push(Move::Swap);
            }
            Turn::Play(color) => {
                if self.is_over() {
                    return;
                }
                let placements = self.placements(color);
                // Size the list once, then write the placements in place (no per-push
                // capacity checks), and `pass` last.
                let count = placements.len();
                moves.resize(count + 1, Move::Pass);
                let mut slots = moves.iter_mut();
                for (row, &word) in placements.0.iter().enumerate() {
                    let base = row * ROW_STRIDE as usize;
                    for col in Bits(word) {
                        if let Some(slot) = slots.next() {
                            *slot = Move::Place(Point::at_bit(base + col));
                        }
                    }
                }
                // pass_rule: passing is always allowed (the last slot already holds it).
            }
        }
    }

    /// The number of legal moves, counted without listing them.
    pub(crate) fn count_moves(&self) -> usize {
        match self.turn {
            Turn::Setup => {
                let p = point_count(self.side()) as usize;
                p * (p - 1)
            }
            Turn::Choose => 2,
            Turn::Play(color) if !self.is_over() => self.placements(color).len() + 1,
            Turn::Play(_) => 0,
        }
    }

    /// Whether `mv` is legal here, without generating the other moves.
    pub(crate) fn check_legal(&self, mv: Move) -> bool {
        match (mv, self.turn) {
            (Move::Opening { black, white }, Turn::Setup) => {
                black != white && self.contains(black) && self.contains(white)
            }
            (Move::Keep | Move::Swap, Turn::Choose) => true,
            (Move::Pass, Turn::Play(_)) => !self.is_over(),
            (Move::Place(point), Turn::Play(_)) => self.is_legal_placement(point),
            _ => false,
        }
    }
}

impl Position {
    /// Why `mv` is illegal here, or `None` when it is legal.
    pub(crate) fn illegal_reason(&self, mv: Move) -> Option<&'static str> {
        if self.check_legal(mv) {
            return None;
        }
        Some(match (mv, self.turn) {
            (_, Turn::Play(_)) if self.is_over() => "the game is over",
            (Move::Opening { .. }, Turn::Setup) => {
                "the two opening stones go on two different points of the board"
            }
            (_, Turn::Setup) => "the first player must place the opening stones (e5+f7)",
            (_, Turn::Choose) => "the second player must answer keep or swap",
            (Move::Place(point), Turn::Play(_)) => {
                if !self.contains(point) {
                    "the point is not on this board"
                } else if self.piece_at(point).is_some() {
                    "the point is taken"
                } else {
                    "no path of empty points leads from there to an enemy stone"
                }
            }
            (_, Turn::Play(_)) => "the opening is over",
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn illegal_moves_say_why_in_checked_play() {
        use game_core::Game;
        let mut pos: Position = "1B1/4/2W2/4/3 b W 0".parse().unwrap();
        let b1 = "b1".parse::<Point>().unwrap();
        let err = pos.play(Move::Place(b1)).unwrap_err();
        assert_eq!(err.to_string(), "illegal move b1: the point is taken");
        let err = pos.play(Move::Keep).unwrap_err();
        assert_eq!(err.to_string(), "illegal move keep: the opening is over");
    }
}
