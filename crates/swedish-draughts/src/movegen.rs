//! Legal move generation: quiet moves by bitboard shifts, capture sequences by a depth-first
//! search over jumps ([`capture`]), the maximum-capture rule over all pieces, duplicates
//! merged; the counts perft asks for ([`count`]).
//!
//! Every function is generic over the board [`Geometry`], so each size gets code with
//! constant shifts; [`Position`] dispatches once per call.

use game_core::{Bits, MoveBuffer};

use crate::board::{shift, Geometry, NE, NONE, NW, SE, SW};
use crate::position::{Color, Move, Position};

mod capture;
mod count;
mod legality;
mod single_jumps;

use capture::search_captures_view;
pub(crate) use capture::{capture_routes, search_captures, MaxSink, Route, MAX_CHAIN};
pub(crate) use count::{count_moves, count_two_plies};

/// The bitboards of one side's view of a position.
#[derive(Clone, Copy)]
struct View {
    white: bool,
    men: u64,
    dames: u64,
    them: u64,
    empty: u64,
}

#[inline(always)]
fn view<G: Geometry, const WHITE: bool>(pos: &Position) -> View {
    let white = WHITE;
    let (us, them) = if white {
        (pos.white, pos.black)
    } else {
        (pos.black, pos.white)
    };
    View {
        white,
        men: us & !pos.dames,
        dames: us & pos.dames,
        them,
        empty: G::BOARD & !(us | them),
    }
}

/// The shifts of a man's two forward diagonals for the side in `v`.
#[inline(always)]
fn forward_shifts<G: Geometry>(white: bool) -> (i32, i32) {
    let r = G::R as i32;
    if white {
        (-(r + 1), -r)
    } else {
        (r, r + 1)
    }
}

/// The shifts of the four diagonals.
#[inline(always)]
fn diagonal_shifts<G: Geometry>() -> [i32; 4] {
    let r = G::R as i32;
    [-(r + 1), -r, r, r + 1]
}

/// Whether the side to move has an immediate (first-jump) capture, which makes capturing
/// compulsory. A first jump is always diagonal: forward for a man, any diagonal for a dame
/// (`deferred_orthogonal_capture`: no orthogonal jump may start a sequence).
#[inline(always)]
fn has_capture<G: Geometry>(v: &View) -> bool {
    let (a, b) = forward_shifts::<G>(v.white);
    if shift(shift(v.men, a) & v.them, a) & v.empty != 0
        || shift(shift(v.men, b) & v.them, b) & v.empty != 0
    {
        return true;
    }
    if v.dames != 0 {
        for d in diagonal_shifts::<G>() {
            // Fly over empty squares; the first piece met in each ray is a victim candidate.
            let mut ray = shift(v.dames, d);
            let mut met = 0;
            while ray != 0 {
                met |= ray & v.them;
                ray = shift(ray & v.empty, d);
            }
            if shift(met, d) & v.empty != 0 {
                return true;
            }
        }
    }
    false
}

/// The number of quiet (non-capturing) moves.
#[inline(always)]
fn count_quiet<G: Geometry>(v: &View) -> usize {
    let (a, b) = forward_shifts::<G>(v.white);
    let mut n = (shift(v.men, a) & v.empty).count_ones() + (shift(v.men, b) & v.empty).count_ones();
    if v.dames != 0 {
        for d in diagonal_shifts::<G>() {
            let mut ray = shift(v.dames, d) & v.empty;
            while ray != 0 {
                n += ray.count_ones();
                ray = shift(ray, d) & v.empty;
            }
        }
    }
    n as usize
}

#[inline(always)]
fn quiet_moves<G: Geometry>(v: &View, eight: bool, moves: &mut impl MoveBuffer<Move>) {
    let (a, b) = forward_shifts::<G>(v.white);
    for d in [a, b] {
        for to in Bits(shift(v.men, d) & v.empty) {
            let to = to as u8;
            moves.push(Move {
                captured: 0,
                from: (to as i32 - d) as u8,
                to,
                eight,
            });
        }
    }
    let nb = G::neighbours();
    for from in Bits(v.dames) {
        let from = from as u8;
        for dir in [NW, NE, SW, SE] {
            // long dame: any number of empty squares along one diagonal.
            let mut to = nb[dir][from as usize];
            while to != NONE && v.empty & (1 << to) != 0 {
                moves.push(Move {
                    captured: 0,
                    from,
                    to,
                    eight,
                });
                to = nb[dir][to as usize];
            }
        }
    }
}

/// Fills `moves` with the legal moves of `pos`.
#[inline]
pub(crate) fn legal_moves<G: Geometry>(pos: &Position, moves: &mut impl MoveBuffer<Move>) {
    if pos.side == Color::White {
        legal_moves_of::<G, true>(pos, moves);
    } else {
        legal_moves_of::<G, false>(pos, moves);
    }
}

#[inline(always)]
fn legal_moves_of<G: Geometry, const WHITE: bool>(
    pos: &Position,
    moves: &mut impl MoveBuffer<Move>,
) {
    moves.clear();
    let v = view::<G, WHITE>(pos);
    let jumpers = single_jumps::man_jumpers::<G, WHITE>(&v);
    if v.dames == 0 && jumpers == [0, 0] {
        quiet_moves::<G>(&v, pos.eight, moves);
    } else if v.dames == 0 && single_jumps::going_on::<G, WHITE>(&v, jumpers) == [0, 0] {
        // Every capture is one jump: listed from the jumpers, in the search's order.
        let (a, b) = forward_shifts::<G>(WHITE);
        for (by, jumpers) in [(a, jumpers[0]), (b, jumpers[1])] {
            for from in Bits(jumpers) {
                moves.push(Move {
                    captured: shift(1 << from, by),
                    from: from as u8,
                    to: (from as i32 + 2 * by) as u8,
                    eight: pos.eight,
                });
            }
        }
    } else if has_capture::<G>(&v) {
        let mut sink = MaxSink::new(moves, pos.eight);
        search_captures_view::<G, WHITE, _>(&v, G::BOARD & !v.empty, &mut sink);
    } else {
        quiet_moves::<G>(&v, pos.eight, moves);
    }
}

/// Whether the side to move has any legal move.
pub(crate) fn has_moves<G: Geometry>(pos: &Position) -> bool {
    let v = if pos.side == Color::White {
        view::<G, true>(pos)
    } else {
        view::<G, false>(pos)
    };
    has_capture::<G>(&v) || count_quiet::<G>(&v) > 0
}

/// Whether the side to move must capture (it has a first jump somewhere): then its legal
/// moves are the longest capture sequences, else its quiet moves.
pub(crate) fn must_capture<G: Geometry>(pos: &Position) -> bool {
    let v = if pos.side == Color::White {
        view::<G, true>(pos)
    } else {
        view::<G, false>(pos)
    };
    has_capture::<G>(&v)
}

/// Whether a quiet move is legal: no capture anywhere, and the piece can step or fly there.
pub(crate) fn is_legal_quiet<G: Geometry>(pos: &Position, mv: Move) -> bool {
    let v = if pos.side == Color::White {
        view::<G, true>(pos)
    } else {
        view::<G, false>(pos)
    };
    let from = 1u64 << mv.from;
    let to = 1u64 << mv.to;
    if mv.captured != 0 || v.empty & to == 0 || has_capture::<G>(&v) {
        return false;
    }
    let nb = G::neighbours();
    if v.men & from != 0 {
        let dirs = if v.white { [NW, NE] } else { [SW, SE] };
        dirs.iter().any(|&dir| nb[dir][mv.from as usize] == mv.to)
    } else if v.dames & from != 0 {
        [NW, NE, SW, SE].iter().any(|&dir| {
            let mut sq = nb[dir][mv.from as usize];
            while sq != NONE && v.empty & (1 << sq) != 0 {
                if sq == mv.to {
                    return true;
                }
                sq = nb[dir][sq as usize];
            }
            false
        })
    } else {
        false
    }
}

#[cfg(test)]
mod tests {
    //! One test per capture rule of the rules page, each on a hand-built 10x10 position with
    //! the expected moves worked out by hand (square names in the comments: 33 is f4, 28 e5,
    //! 23 f6, 22 d6, 18 e7, 14 h8, 4 h10, 46 a1, 37 c3).

    use crate::{Color, Game, Kind, ParseMoveError, Piece, Position, Square};

    fn square(number: u8) -> Square {
        Square::from_number(number).expect("a square number")
    }

    /// The legal moves as `from-to` / `fromxto {captured}`, sorted.
    fn moves(text: &str) -> Vec<String> {
        let pos: Position = text.parse().expect("valid position");
        let mut list: Vec<String> = pos.legal_moves().iter().map(|m| format!("{m:?}")).collect();
        list.sort();
        list
    }

    #[test]
    fn man_first_jump_is_diagonal_forward_only() {
        // The black man on 23 stands straight ahead of 33, two ranks up: no immediate
        // orthogonal capture, so White just steps.
        assert_eq!(moves("W:W33:B23"), ["33-28", "33-29"]);
        // A piece diagonally behind cannot be captured either.
        assert_eq!(moves("W:W28:B33"), ["28-22", "28-23"]);
    }

    #[test]
    fn deferred_orthogonal_capture_by_a_man() {
        // 33x22 (over 28), sideways over 23 to 24, forward along the file over 14 to 4.
        assert_eq!(moves("W:W33:B14,23,28"), ["33x4 {14,23,28}"]);
    }

    #[test]
    fn man_captures_westward_later_in_a_sequence() {
        // 34x23 over 29, then west over 22 to 21.
        assert_eq!(moves("W:W34:B22,29"), ["34x21 {22,29}"]);
    }

    #[test]
    fn man_never_captures_backwards() {
        // After 33x22 the man has 27 diagonally behind and 32 straight behind it, with empty
        // squares beyond: neither may be taken.
        assert_eq!(moves("W:W33:B27,28,32"), ["33x22 {28}"]);
    }

    #[test]
    fn man_on_far_rank_mid_sequence_stays_a_man_and_promotes_at_the_end() {
        // 13x2 over 8 reaches the far rank, goes on sideways over 3 to 4. As a man it cannot
        // take 10 (diagonally backwards from 4); as a dame it could. It ends on the far rank
        // and becomes a dame only then.
        let pos: Position = "W:W13:B3,8,10".parse().unwrap();
        assert_eq!(moves("W:W13:B3,8,10"), ["13x4 {3,8}"]);
        let mut after = pos;
        after.play(pos.legal_moves()[0]).unwrap();
        assert_eq!(
            after.piece_at(square(4)),
            Some(Piece::new(Color::White, Kind::Dame))
        );
    }

    #[test]
    fn man_that_does_not_end_on_far_rank_is_not_promoted() {
        let mut pos: Position = "W:W34:B22,29".parse().unwrap();
        pos.play(pos.legal_moves()[0]).unwrap();
        assert_eq!(
            pos.piece_at(square(21)),
            Some(Piece::new(Color::White, Kind::Man))
        );
    }

    #[test]
    fn dame_first_jump_is_diagonal_only() {
        // 18 is straight ahead of the dame on 28 (two ranks up the file): no capture; the
        // dame flies along its four diagonals: 4 + 5 + 4 + 4 squares.
        let list = moves("W:WK28:B18");
        assert_eq!(list.len(), 17);
        assert!(list.iter().all(|m| !m.contains('x')));
    }

    #[test]
    fn deferred_orthogonal_capture_by_a_dame() {
        // 28 over 23 to 19, then west along the rank over 18, halting on 17.
        assert_eq!(moves("W:WK28:B18,23"), ["28x17 {18,23}"]);
    }

    #[test]
    fn halt_rule_on_the_final_jump() {
        // Squares 32, 28, 23, … are empty behind 37, but the last jump halts directly behind.
        assert_eq!(moves("W:WK46:B37"), ["46x32 {37}"]);
    }

    #[test]
    fn intermediate_landings_may_be_far_behind() {
        // Over 37 the dame may land on 28, 23 or 19 to go on against 18 (orthogonally up the
        // file from 28, diagonally from 23, along the rank from 19), each time halting behind.
        assert_eq!(
            moves("W:WK46:B18,37"),
            ["46x12 {18,37}", "46x17 {18,37}", "46x8 {18,37}"]
        );
    }

    #[test]
    fn captured_pieces_stay_and_block() {
        // After taking 23 the dame cannot fly back over it to reach 37 (and vice versa):
        // two single captures, not one double.
        assert_eq!(moves("W:WK28:B23,37"), ["28x19 {23}", "28x41 {37}"]);
    }

    #[test]
    fn start_square_counts_as_empty_and_equal_routes_are_one_move() {
        // 28x19 (23), west over 18 to 17, then over 22 back onto 28, its own start square;
        // the reverse route 28x17x19x28 takes the same pieces: one move, printed short, with
        // the smallest route as its chain.
        let pos: Position = "W:WK28:B18,22,23".parse().unwrap();
        let list = pos.legal_moves();
        assert_eq!(list.len(), 1);
        assert_eq!(pos.move_text(list[0]), "28x28");
        assert_eq!(pos.move_chain_numbers(list[0]), Some(vec![28, 17, 19, 28]));
        assert_eq!(pos.parse_move("28x19x17x28"), Ok(list[0]));
        assert_eq!(pos.parse_move("28x17x19x28"), Ok(list[0]));
    }

    #[test]
    fn maximum_capture_over_all_pieces() {
        // 50x39 takes one; 33x4 takes three: only the latter is legal.
        assert_eq!(moves("W:W33,50:B14,23,28,44"), ["33x4 {14,23,28}"]);
    }

    #[test]
    fn men_and_dames_count_the_same() {
        // Taking two men beats taking one dame.
        assert_eq!(moves("W:W33,50:B23,28,K44"), ["33x24 {23,28}"]);
    }

    #[test]
    fn captures_sharing_start_and_end_print_full_chains() {
        // 33x22x13 (over 28 and 18) and 33x24x13 (over 29 and 19).
        let pos: Position = "W:W33:B18,19,28,29".parse().unwrap();
        let mut texts: Vec<String> = pos
            .legal_moves()
            .iter()
            .map(|&m| pos.move_text(m))
            .collect();
        texts.sort();
        assert_eq!(texts, ["33x22x13", "33x24x13"]);
        assert_eq!(
            pos.parse_move("33x13"),
            Err(ParseMoveError::ambiguous(
                "33x13",
                vec!["33x22x13".into(), "33x24x13".into()]
            ))
        );
    }

    #[test]
    fn capturing_is_compulsory() {
        // 32-27 would be legal without the capture 33x24 on the board.
        let pos: Position = "W:W32,33:B29".parse().unwrap();
        assert_eq!(moves("W:W32,33:B29"), ["33x24 {29}"]);
        assert!(pos.parse_move("32-27").is_err());
    }

    /// The move lists skip dame states searched before (`SeenStates`); the notation's route
    /// search does not. Both must give the same moves, on dame-rich positions where routes
    /// share states most.
    #[test]
    fn skipping_seen_dame_states_loses_no_move() {
        let mut rng = game_core::Rng::new(9);
        let mut compared = 0;
        for round in 0..300 {
            let mut order: Vec<u32> = (1..=50).collect();
            for i in (1..order.len()).rev() {
                order.swap(i, rng.below(i + 1));
            }
            let white = 1 + round % 4;
            let black = 8 + rng.below(13);
            let w: Vec<String> = order[..white].iter().map(|s| format!("K{s}")).collect();
            let b: Vec<String> = order[white..white + black]
                .iter()
                .map(|&s| {
                    if s > 45 || rng.below(2) == 0 {
                        format!("K{s}")
                    } else {
                        s.to_string()
                    }
                })
                .collect();
            let pos: Position = format!("W:W{}:B{}", w.join(","), b.join(","))
                .parse()
                .expect("valid");
            let mut from_routes: Vec<_> =
                pos.capture_routes().into_iter().map(|(m, _)| m).collect();
            from_routes.sort_by_key(|m| (m.from, m.to, m.captured));
            from_routes.dedup();
            let mut listed = pos.legal_moves();
            if !listed.iter().any(|m| m.is_capture()) {
                continue;
            }
            listed.sort_by_key(|m| (m.from, m.to, m.captured));
            assert_eq!(listed, from_routes, "{pos:?}");
            compared += 1;
        }
        assert!(compared > 100, "only {compared} positions with captures");
    }

    #[test]
    fn black_moves_down_the_board() {
        // Black's man on 18 steps to 22 or 23; with a white man on 23 and 29 empty it must take.
        assert_eq!(moves("B:W31:B18"), ["18-22", "18-23"]);
        assert_eq!(moves("B:W23:B18"), ["18x29 {23}"]);
    }
}
