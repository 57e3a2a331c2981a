//! Legal moves of both phases, from bitboards, without allocating per move.

use crate::board::{count, has_mill, points, step_count, Point, FIRST_THREE};
use crate::position::{Move, Phase, Position};
use crate::Game;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use game_core::{MoveBuffer, Playout, Rng};

impl Position {
    /// Whether the player to move is left without a legal move in the movement phase
    /// (`no_legal_move_loses`). On this board that happens only when the opponent already has
    /// a mill, so a game's outcome reports the mill; the rule is still applied on its own.
    pub fn is_blocked(&self) -> bool {
        self.phase() == Phase::Movement && self.count_steps() == 0
    }

    /// Clears `moves` and fills it with the legal moves: none once a mill stands
    /// (`mill_wins_at_once`); placements on every empty point while fewer than six stones are
    /// on the board (`place_on_any_empty_point`); otherwise steps of one's own stones to
    /// adjacent empty points (`step_to_adjacent_empty_point`).
    #[inline]
    pub(crate) fn generate_moves<B: MoveBuffer<Move>>(&self, moves: &mut B) {
        moves.clear();
        if self.mill_wins_at_once() {
            return;
        }
        let empty = self.empty_bits();
        let own = self.stone_bits(self.to_move);
        match self.phase() {
            Phase::Placement => {
                moves.reserve(9);
                for to in points(empty) {
                    moves.push(Move::Place(to));
                }
            }
            // The hot case of perft: three stones, at most three empty points. Each stone's
            // targets come from a table, all three slots are written whatever their number,
            // and the whole buffer is copied (a fixed size, so no loop and no memcpy call)
            // before the list is cut to its length: no branch depends on the targets.
            Phase::Movement if count(own) == 3 => {
                let mut buffer = [Move::Place(Point::CENTRE); 12];
                let first = Point::lowest(own);
                let rest = own & (own - 1);
                let second = Point::lowest(rest);
                let third = Point::lowest(rest & (rest - 1));
                let mut n = 0;
                for from in [first, second, third] {
                    let targets = from.neighbour_bits() & empty;
                    let [a, b, c] = FIRST_THREE[targets as usize];
                    // `n` is at most 6 here, so `n & 7` is `n` and the slots stay in bounds.
                    let at = n & 7;
                    buffer[at] = Move::Step { from, to: a };
                    buffer[at + 1] = Move::Step { from, to: b };
                    buffer[at + 2] = Move::Step { from, to: c };
                    // At most three targets: the phase leaves at most three empty points.
                    n += count(targets) as usize;
                }
                moves.extend_from_slice(&buffer[..9]);
                moves.truncate(n);
            }
            // Not three stones of the side to move: only after unchecked illegal moves.
            Phase::Movement => {
                for from in points(own) {
                    for to in points(from.neighbour_bits() & empty) {
                        moves.push(Move::Step { from, to });
                    }
                }
            }
        }
    }

    /// The number of legal moves, by table lookups (no branch: perft calls it on every leaf's
    /// parent, where a mill is too irregular to predict).
    #[inline]
    pub(crate) fn move_count(&self) -> usize {
        let empty = self.empty_bits();
        let placements = count(empty);
        let steps = step_count(self.stone_bits(self.to_move), empty);
        let moves = if placements > 3 { placements } else { steps };
        let over = has_mill(self.stone_bits(self.to_move.other()));
        (moves * u32::from(!over)) as usize
    }

    /// The number of steps the side to move has (ignoring mills).
    #[inline]
    fn count_steps(&self) -> usize {
        step_count(self.stone_bits(self.to_move), self.empty_bits()) as usize
    }

    /// The legal move with index `k` in generation order (the order of
    /// [`legal_moves`](Game::legal_moves)), for `k` below the number of legal moves; found by
    /// counting bits, without a move list.
    #[inline]
    pub fn nth_move(&self, mut k: usize) -> Option<Move> {
        if k >= self.move_count() {
            return None;
        }
        let empty = self.empty_bits();
        match self.phase() {
            Phase::Placement => points(empty).nth(k).map(Move::Place),
            Phase::Movement => {
                for from in points(self.stone_bits(self.to_move)) {
                    let targets = from.neighbour_bits() & empty;
                    let n = count(targets) as usize;
                    if k < n {
                        return points(targets).nth(k).map(|to| Move::Step { from, to });
                    }
                    k -= n;
                }
                None
            }
        }
    }

    /// Plays uniformly random legal moves until the game ends or `max_plies` plies have been
    /// played: the same games as [`game_core::random_playout`] with the same generator, by a
    /// specialised loop that picks the move by its index ([`Position::nth_move`]) instead of
    /// listing the moves. Repetition is not tracked; the ply cap keeps games finite.
    pub fn random_playout(&self, rng: &mut Rng, max_plies: u32) -> Playout<Position> {
        let mut pos = *self;
        let mut plies = 0;
        while plies < max_plies {
            let n = pos.move_count();
            if n == 0 {
                break;
            }
            match pos.nth_move(rng.below(n)) {
                Some(mv) => pos.apply(mv),
                None => break,
            }
            plies += 1;
        }
        Playout {
            end: pos,
            plies,
            outcome: pos.outcome(),
        }
    }

    /// Whether `mv` is legal here, checked directly (no move list).
    #[inline]
    pub(crate) fn is_legal_move(&self, mv: Move) -> bool {
        self.illegal_reason(mv).is_none()
    }

    /// Why `mv` is not legal here, in words, or `None` when it is legal.
    pub(crate) fn illegal_reason(&self, mv: Move) -> Option<String> {
        if self.mill_wins_at_once() {
            return Some(format!(
                "the game is over: {} has a mill",
                self.to_move.other()
            ));
        }
        let me = self.to_move;
        let empty = self.empty_bits();
        match (mv, self.phase()) {
            (Move::Place(to), Phase::Placement) => {
                (empty & to.bit() == 0).then(|| format!("{to} is not empty"))
            }
            (Move::Place(to), Phase::Movement) => Some(format!(
                "all six stones are on the board: move a stone to an adjacent empty point, \
                 e.g. {}",
                self.example_step().unwrap_or(format!("a1-b2 (not {to})"))
            )),
            (Move::Step { .. }, Phase::Placement) => Some(format!(
                "the placement phase lasts until all six stones are on the board: place a \
                 stone on an empty point, e.g. {}",
                Point::lowest(empty)
            )),
            (Move::Step { from, to }, Phase::Movement) => {
                if self.stone_bits(me) & from.bit() == 0 {
                    Some(match self.piece_at(from) {
                        Some(color) => format!("{from} holds a {color} stone, not a {me} one"),
                        None => format!("{from} is empty: {me} has no stone there"),
                    })
                } else if from.neighbour_bits() & to.bit() == 0 {
                    Some(format!(
                        "{to} is not adjacent to {from}: stones move one step along a row, a \
                         column or a long diagonal, and never fly"
                    ))
                } else if empty & to.bit() == 0 {
                    Some(format!("{to} is not empty"))
                } else {
                    None
                }
            }
        }
    }

    fn example_step(&self) -> Option<String> {
        let mut moves = Vec::new();
        self.generate_moves(&mut moves);
        moves.first().map(|mv| match *mv {
            Move::Step { from, to } => format!("{from}-{to}"),
            Move::Place(to) => to.to_string(),
        })
    }
}

#[cfg(test)]
mod tests {
    use crate::{Game, Move, Phase, Point, Position};

    fn pos(text: &str) -> Position {
        text.parse().expect("a valid position")
    }

    fn p(name: &str) -> Point {
        Point::parse(name).expect("a point")
    }

    /// Placement: a stone may go on any empty point, in any order.
    #[test]
    fn place_on_any_empty_point() {
        let start = Position::start();
        assert_eq!(start.legal_moves().len(), 9);
        let after = pos("B../.W./... w");
        let moves = after.legal_moves();
        assert_eq!(moves.len(), 7);
        assert!(moves.iter().all(|mv| matches!(mv, Move::Place(_))));
        assert!(!after.is_legal(Move::Place(p("b2"))));
        assert!(!after.is_legal(Move::Place(p("a3"))));
        assert!(after.is_legal(Move::Place(p("c3"))));
    }

    /// Placement goes on until all six stones are down, even with five on the board; no step
    /// is allowed before.
    #[test]
    fn placement_until_all_six_stones_are_down() {
        let five = pos("WB./BW./W.. b");
        assert_eq!(five.phase(), Phase::Placement);
        assert_eq!(five.legal_moves().len(), 4);
        assert!(!five.is_legal(Move::Step {
            from: p("b3"),
            to: p("c3")
        }));
        let six = pos("WB./BW./WB. w");
        assert_eq!(six.phase(), Phase::Movement);
        assert!(six
            .legal_moves()
            .iter()
            .all(|mv| matches!(mv, Move::Step { .. })));
        assert!(!six.is_legal(Move::Place(p("c3"))));
    }

    /// Movement: one step along a row, column or long diagonal to an adjacent empty point.
    #[test]
    fn step_to_adjacent_empty_point() {
        // White a3 b2 c1? That is a mill; use a3, c2, b1 instead.
        let position = pos("WB./BBW/.W. w");
        // White: a3, c2, b1. Black: b3, a2, b2. Empty: c3, a1, c1.
        let mut texts: Vec<String> = position
            .legal_moves()
            .iter()
            .map(|&mv| position.move_text(mv))
            .collect();
        texts.sort();
        // a3: neighbours b3 a2 b2, all taken. c2: c3 c1 b2 -> c3, c1. b1: a1 c1 b2 -> a1, c1.
        assert_eq!(texts, ["b1-a1", "b1-c1", "c2-c1", "c2-c3"]);
        assert_eq!(position.move_count(), 4);
    }

    /// No flying and no short diagonals: b1 cannot go to a2 even when it is empty.
    #[test]
    fn no_flying_and_no_short_diagonals() {
        let position = pos("BB./.WW/.WB w");
        // White: b2 c2 b1. Black: a3 b3 c1. Empty: c3 a2 a1.
        assert!(!position.is_legal(Move::Step {
            from: p("b1"),
            to: p("a2")
        }));
        assert!(position.is_legal(Move::Step {
            from: p("b1"),
            to: p("a1")
        }));
        assert!(position.is_legal(Move::Step {
            from: p("b2"),
            to: p("a2")
        }));
        assert!(!position.is_legal(Move::Step {
            from: p("c2"),
            to: p("a2")
        }));
        let reason = position
            .illegal_reason(Move::Step {
                from: p("b1"),
                to: p("a2"),
            })
            .expect("illegal");
        assert!(reason.contains("not adjacent"), "{reason}");
    }

    /// Only one's own stones move.
    /// The specialised playout plays the same games as the generic one with the same seed.
    #[test]
    fn specialised_playout_matches_the_generic_one() {
        let mut buffer = Vec::new();
        for seed in 0..300 {
            let generic = game_core::random_playout(
                Position::start(),
                &mut game_core::Rng::new(seed),
                60,
                &mut buffer,
            );
            let fast = Position::start().random_playout(&mut game_core::Rng::new(seed), 60);
            assert_eq!(fast, generic, "seed {seed}");
        }
        let position = pos("WB./BBW/.W. w");
        let moves = position.legal_moves();
        for (k, &mv) in moves.iter().enumerate() {
            assert_eq!(position.nth_move(k), Some(mv));
        }
        assert_eq!(position.nth_move(moves.len()), None);
    }

    /// `play_unchecked` with illegal moves leaves an unspecified position, but nothing done
    /// with it afterwards may panic (more than three stones, overlapping colours, …).
    #[test]
    fn unchecked_illegal_moves_never_panic() {
        let mut all = Vec::new();
        for from in Point::ALL {
            all.push(Move::Place(from));
            for to in Point::ALL {
                all.push(Move::Step { from, to });
            }
        }
        let mut rng = game_core::Rng::new(11);
        let solver = crate::Solver::shared();
        for _ in 0..400 {
            let mut position = Position::start();
            for _ in 0..12 {
                let &mv = rng.choose(&all).expect("moves");
                position.play_unchecked(mv);
                let moves = position.legal_moves();
                assert_eq!(position.count_legal_moves(&mut Vec::new()), moves.len());
                for (k, &m) in moves.iter().enumerate() {
                    assert_eq!(position.nth_move(k), Some(m));
                }
                let _ = (position.outcome(), position.to_string(), position.diagram());
                let _ = (solver.value(&position), solver.best_moves(&position));
                let _ = position.random_playout(&mut rng, 20);
            }
        }
    }

    #[test]
    fn only_own_stones_move() {
        let position = pos("BB./.WW/.WB w");
        assert!(!position.is_legal(Move::Step {
            from: p("c1"),
            to: p("c3")
        }));
        assert!(!position.is_legal(Move::Step {
            from: p("a1"),
            to: p("a2")
        }));
    }
}
