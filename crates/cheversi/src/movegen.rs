//! Legal placements: every constraint of the rules page, each in a function named after it.
//!
//! A placement is a (kind, square) pair. The rules narrow two things: the kinds the side to
//! move may place, and the squares. All kinds share one set of target squares, except the
//! bishop, whose second copy must stand on the other square colour. So the legal placements of a
//! position are summed up by a [`Placements`] value — a kind mask, a target bitboard and a
//! bishop target bitboard — computed in a few dozen instructions; listing, counting and checking
//! moves all read it.

use crate::board::{
    king_attacks, squares, touching, Bitboard, SquareSet, DARK_SQUARES, LIGHT_SQUARES,
};
use crate::position::{Color, Kind, Move, Position, PLACEMENTS};
use game_core::MoveBuffer;

/// The legal placements of a position, in summary.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Placements {
    /// The kinds that may be placed (bit `Kind::index`).
    kinds: u8,
    /// The squares every allowed kind but the bishop may go to.
    targets: Bitboard,
    /// The squares a bishop may go to.
    bishop_targets: Bitboard,
}

const ALL_KINDS: u8 = 0b1_1111;

impl Placements {
    /// No legal placement.
    const NONE: Placements = Placements {
        kinds: 0,
        targets: 0,
        bishop_targets: 0,
    };

    /// The squares where a `kind` may be placed (empty when the kind may not be placed now).
    #[inline]
    pub fn targets(&self, kind: Kind) -> SquareSet {
        SquareSet(self.target_bits(kind))
    }

    /// [`Placements::targets`] as a raw word, for the hot paths.
    #[inline]
    pub(crate) fn target_bits(&self, kind: Kind) -> Bitboard {
        if self.kinds & kind.mask() == 0 {
            0
        } else if kind == Kind::Bishop {
            self.bishop_targets
        } else {
            self.targets
        }
    }

    /// The kinds that may be placed now (some may still have no square).
    pub fn kinds(&self) -> impl Iterator<Item = Kind> + '_ {
        Kind::ALL
            .into_iter()
            .filter(move |k| self.kinds & k.mask() != 0)
    }

    /// Whether there is at least one legal placement.
    #[inline]
    pub fn any(&self) -> bool {
        let others = self.kinds & !Kind::Bishop.mask();
        (others != 0 && self.targets != 0) || self.target_bits(Kind::Bishop) != 0
    }

    /// The number of legal placements.
    #[inline]
    pub fn count(&self) -> usize {
        let others = (self.kinds & !Kind::Bishop.mask()).count_ones();
        others as usize * self.targets.count_ones() as usize
            + self.target_bits(Kind::Bishop).count_ones() as usize
    }

    /// Whether `mv` is one of the legal placements.
    #[inline]
    pub fn contains(&self, mv: Move) -> bool {
        self.target_bits(mv.kind) & mv.square.bit() != 0
    }

    /// Appends the legal placements to `moves` (a `Vec`, a [`MoveList`](game_core::MoveList)),
    /// kind by kind, squares from `a1` up.
    pub fn append_to<B: MoveBuffer<Move>>(&self, moves: &mut B) {
        for kind in Kind::ALL {
            for square in squares(self.target_bits(kind)) {
                moves.push(Move::new(kind, square));
            }
        }
    }
}

/// Rule 2, *king first*: White's first placement is the king, anywhere on the board. Returns
/// the placements when it applies.
#[inline]
pub(crate) fn king_first(pos: &Position) -> Option<Placements> {
    (pos.placed == 0).then_some(Placements {
        kinds: Kind::King.mask(),
        targets: !0,
        bishop_targets: 0,
    })
}

/// Rule 3, *touching the opponent*: every placement but White's first must touch (be
/// king-adjacent to) a piece of the opposite colour; the squares allowed, before the other
/// rules narrow them.
#[inline]
pub(crate) fn touching_opponent(pos: &Position, mover: Color) -> Bitboard {
    pos.empty_bits() & touching(pos.color_bits(mover.other()))
}

/// Rule 4, *Black's king last*: Black's king is Black's 8th placement and only then, and it
/// must touch the piece White placed last (White's 8th). Narrows `kinds` and `targets` for
/// Black.
#[inline]
pub(crate) fn black_king_last(pos: &Position, kinds: &mut u8, targets: &mut Bitboard) {
    if pos.placements_of(Color::Black) == 7 {
        *kinds &= Kind::King.mask();
        *targets &= match pos.last {
            Some(last) => king_attacks(last),
            None => 0,
        };
    } else {
        *kinds &= !Kind::King.mask();
    }
}

/// Rule 5, *bishops on opposite colours*: a player's second bishop must stand on the square
/// colour that the first one does not. Returns the squares a bishop of `mover` may use.
#[inline]
pub(crate) fn bishops_on_opposite_colours(pos: &Position, mover: Color) -> Bitboard {
    let bishops = pos.piece_bits(mover, Kind::Bishop);
    if bishops == 0 {
        !0
    } else if bishops & DARK_SQUARES != 0 {
        LIGHT_SQUARES
    } else {
        DARK_SQUARES
    }
}

/// Rule 6, *the queen call*: when a player places the queen while the opponent's queen is in
/// hand, the opponent's very next placement must be the queen. Whether `mover` is called now.
#[inline]
pub(crate) fn queen_call(pos: &Position, mover: Color) -> bool {
    let their_queen = pos.piece_bits(mover.other(), Kind::Queen);
    matches!(pos.last, Some(last) if their_queen & last.bit() != 0)
        && pos.has_in_hand(mover, Kind::Queen)
}

/// Rule 7, *Black's queen by its 7th*: Black's 7th placement must be the queen if Black's
/// queen is still in hand. Whether Black is bound by it now.
#[inline]
pub(crate) fn black_queen_by_seventh(pos: &Position) -> bool {
    pos.placements_of(Color::Black) == 6 && pos.has_in_hand(Color::Black, Kind::Queen)
}

/// Rule 8, *White's 8th leaves a free neighbour*: White's last placement must leave at least
/// one empty square touching it, so that Black's king has somewhere to go. Narrows `targets`
/// for White's 8th placement to the squares with an empty neighbour.
#[inline]
pub(crate) fn white_last_leaves_free_neighbour(pos: &Position, targets: &mut Bitboard) {
    if pos.placements_of(Color::White) == 7 {
        *targets &= touching(pos.empty_bits());
    }
}

/// The legal placements of `pos`: rules 1–8 of the rules page, in order. A finished game (16
/// placements) has none; a game in progress with none ends by the no-legal-placement rule
/// (see [`crate::Position::ended_without_placement`]).
#[inline]
pub(crate) fn placements(pos: &Position) -> Placements {
    if pos.placed >= PLACEMENTS {
        return Placements::NONE;
    }
    if let Some(first) = king_first(pos) {
        return first;
    }
    let mover = pos.side_to_move();
    // Rule 1: the piece must be in hand (and the square empty: `touching_opponent`).
    let mut kinds = 0;
    for kind in Kind::ALL {
        if pos.has_in_hand(mover, kind) {
            kinds |= kind.mask();
        }
    }
    let mut targets = touching_opponent(pos, mover);
    match mover {
        Color::White => white_last_leaves_free_neighbour(pos, &mut targets),
        Color::Black => {
            black_king_last(pos, &mut kinds, &mut targets);
            if black_queen_by_seventh(pos) {
                kinds &= Kind::Queen.mask();
            }
        }
    }
    if queen_call(pos, mover) {
        kinds &= Kind::Queen.mask();
    }
    let bishop_targets = targets & bishops_on_opposite_colours(pos, mover);
    Placements {
        kinds: kinds & ALL_KINDS,
        targets,
        bishop_targets,
    }
}

/// Why `mv` is not a legal placement in `pos`, naming the rule, or `None` when it is legal.
pub(crate) fn illegal_reason(pos: &Position, mv: Move) -> Option<&'static str> {
    if placements(pos).contains(mv) {
        return None;
    }
    let mover = pos.side_to_move();
    let bit = mv.square.bit();
    Some(if pos.placed >= PLACEMENTS {
        "the game is over: all 16 pieces are placed"
    } else if pos.occupied_bits() & bit != 0 {
        "the square is taken"
    } else if !pos.has_in_hand(mover, mv.kind) {
        "no such piece is left in hand"
    } else if pos.placed == 0 {
        "White's first placement must be the king"
    } else if mover == Color::Black && mv.kind == Kind::King {
        if pos.placements_of(Color::Black) < 7 {
            "Black's king must be Black's 8th placement"
        } else {
            "Black's king must touch the piece White placed last"
        }
    } else if mover == Color::Black && pos.placements_of(Color::Black) == 7 {
        "Black's 8th placement must be the king"
    } else if queen_call(pos, mover) && mv.kind != Kind::Queen {
        "queen call: the opponent just placed the queen, so the queen must be placed now"
    } else if mover == Color::Black && black_queen_by_seventh(pos) && mv.kind != Kind::Queen {
        "Black's 7th placement must be the queen"
    } else if touching_opponent(pos, mover) & bit == 0 {
        "the piece must touch a piece of the opponent"
    } else if mv.kind == Kind::Bishop && bishops_on_opposite_colours(pos, mover) & bit == 0 {
        "the second bishop must stand on the other square colour"
    } else if mover == Color::White && pos.placements_of(Color::White) == 7 {
        "White's 8th placement must leave an empty square touching it"
    } else {
        "not a legal placement"
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Square;
    use alloc::vec::Vec;

    fn pos(text: &str) -> Position {
        text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
    }

    fn mv(text: &str) -> Move {
        let kind = Kind::from_letter(text.chars().next().unwrap()).unwrap();
        Move::new(kind, text[1..].parse().unwrap())
    }

    fn moves(p: &Position) -> Vec<Move> {
        let mut out = Vec::new();
        placements(p).append_to(&mut out);
        out
    }

    fn sq(text: &str) -> Square {
        text.parse().unwrap()
    }

    #[test]
    fn rule_2_king_first() {
        let p = Position::start();
        let all = moves(&p);
        assert_eq!(all.len(), 64);
        assert!(all.iter().all(|m| m.kind == Kind::King));
        assert_eq!(
            illegal_reason(&p, mv("Qe4")),
            Some("White's first placement must be the king")
        );
        assert_eq!(illegal_reason(&p, mv("Ka1")), None);
    }

    #[test]
    fn rule_3_touching_the_opponent() {
        let p = pos("8/8/8/8/4K3/8/8/8 b e4");
        let all = moves(&p);
        assert_eq!(all.len(), 4 * 8);
        assert!(all
            .iter()
            .all(|m| king_attacks(sq("e4")) & m.square.bit() != 0));
        assert_eq!(
            illegal_reason(&p, mv("Qe6")),
            Some("the piece must touch a piece of the opponent")
        );
        // Touching one's own pieces does not count.
        let p = pos("8/8/8/8/4K3/3nQ3/4q3/8 w e2");
        assert_eq!(
            illegal_reason(&p, mv("Rf4")),
            Some("the piece must touch a piece of the opponent")
        );
        assert_eq!(illegal_reason(&p, mv("Rf3")), None); // touches Black's queen e2
    }

    #[test]
    fn rule_4_black_king_last_touching_whites_last_piece() {
        // Black may not place the king before its 8th placement.
        let p = pos("8/8/8/8/4K3/8/8/8 b e4");
        assert!(moves(&p).iter().all(|m| m.kind != Kind::King));
        assert_eq!(
            illegal_reason(&p, mv("Ke5")),
            Some("Black's king must be Black's 8th placement")
        );
        // Black's 8th: the king only, touching White's queen g3 (placed last).
        let p = pos("8/8/8/2rbnr2/2RBKN2/2nNR1Q1/3bBq2/8 b g3");
        let all = moves(&p);
        assert_eq!(all.len(), 6);
        assert!(all
            .iter()
            .all(|m| m.kind == Kind::King && king_attacks(sq("g3")) & m.square.bit() != 0));
        // b6 touches White's rook c5? No: b4 touches White's rook c4, but not White's last piece.
        assert_eq!(
            illegal_reason(&p, mv("Kb4")),
            Some("Black's king must touch the piece White placed last")
        );
    }

    #[test]
    fn rule_5_bishops_on_opposite_colours() {
        // Black's first bishop d4 is dark: the second goes on light squares only.
        let p = pos("8/8/8/8/3bK3/3BQ3/4q3/8 b d3");
        let bishops: Vec<Move> = moves(&p)
            .into_iter()
            .filter(|m| m.kind == Kind::Bishop)
            .collect();
        assert!(!bishops.is_empty());
        assert!(bishops.iter().all(|m| !m.square.is_dark()));
        assert_eq!(
            illegal_reason(&p, mv("Bf2")),
            Some("the second bishop must stand on the other square colour")
        );
        assert_eq!(illegal_reason(&p, mv("Bf3")), None);
        // White's first bishop d3 is light: the second goes on dark squares only.
        let p = pos("8/8/8/8/3bK3/3BQ3/2n1q3/8 w c2");
        let bishops: Vec<Move> = moves(&p)
            .into_iter()
            .filter(|m| m.kind == Kind::Bishop)
            .collect();
        assert!(!bishops.is_empty());
        assert!(bishops.iter().all(|m| m.square.is_dark()));
        // With no bishop on the board, either colour.
        let p = pos("8/8/8/8/4K3/8/8/8 b e4");
        let colours: Vec<bool> = moves(&p)
            .into_iter()
            .filter(|m| m.kind == Kind::Bishop)
            .map(|m| m.square.is_dark())
            .collect();
        assert!(colours.contains(&true) && colours.contains(&false));
    }

    #[test]
    fn rule_6_queen_call() {
        // White placed the queen c7 while Black's was in hand: Black must answer with it.
        let p = pos("2K5/2Qb4/8/8/8/8/8/8 b c7");
        assert!(queen_call(&p, Color::Black));
        let all = moves(&p);
        assert_eq!(all.len(), 6);
        assert!(all.iter().all(|m| m.kind == Kind::Queen));
        assert_eq!(
            illegal_reason(&p, mv("Rb8")),
            Some("queen call: the opponent just placed the queen, so the queen must be placed now")
        );
        // Black can call White's queen too.
        let p = pos("8/8/8/8/4K3/3q4/8/8 w d3");
        assert!(queen_call(&p, Color::White));
        assert!(moves(&p).iter().all(|m| m.kind == Kind::Queen));
        // Once both queens are down, nobody is called.
        let p = pos("8/8/8/8/4K3/3nQ3/4q3/8 w e2");
        assert!(!queen_call(&p, Color::White));
        let kinds: std::collections::BTreeSet<Kind> = moves(&p).iter().map(|m| m.kind).collect();
        assert_eq!(kinds.len(), 3); // rook, bishop, knight
    }

    #[test]
    fn rule_7_blacks_queen_by_its_seventh() {
        let p = pos("8/8/8/2rbnr2/2RBKN2/2nNR3/3bB3/8 b e2");
        assert!(black_queen_by_seventh(&p));
        assert!(!queen_call(&p, Color::Black));
        let all = moves(&p);
        assert_eq!(all.len(), 12);
        assert!(all.iter().all(|m| m.kind == Kind::Queen));
        // Black's first seven placements cannot include the king (rule 4), so they are exactly
        // the queen, rooks, bishops and knights: rule 7 never refuses anything that rules 1 and
        // 4 allow, and the queen is all that is left here.
        assert_eq!(p.hand_text(Color::Black), "KQ");
        assert_eq!(
            illegal_reason(&p, mv("Kb3")),
            Some("Black's king must be Black's 8th placement")
        );
    }

    #[test]
    fn rule_8_whites_eighth_leaves_a_free_neighbour() {
        // d3 touches Black (c3, d2) but c2 d2 e2 c3 e3 c4 d4 e4 are all taken.
        let p = pos("8/8/8/2rbnr2/2RBKN2/2n1R3/2NbBq2/8 w f2");
        assert_eq!(
            illegal_reason(&p, mv("Qd3")),
            Some("White's 8th placement must leave an empty square touching it")
        );
        assert!(moves(&p).iter().all(|m| m.square != sq("d3")));
        assert_eq!(illegal_reason(&p, mv("Qd1")), None);
    }

    #[test]
    fn no_legal_placement_ends_the_game() {
        for text in [
            "8/8/8/8/8/KQRRB3/nqrrN3/bNnb4 w a1",
            "8/8/8/8/2q5/1rRr4/NRKQn3/1BbNn3 b b1",
        ] {
            let p = pos(text);
            assert!(!placements(&p).any(), "{text}");
            assert_eq!(placements(&p).count(), 0, "{text}");
            assert!(p.ended_without_placement(), "{text}");
        }
        assert!(!Position::start().ended_without_placement());
    }
}
