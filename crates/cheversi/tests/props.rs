//! proptest invariants: random games end as the rules say, the score equals a naive recount,
//! generated moves are accepted and others refused, text and hashes round-trip, pieces are
//! conserved.

use cheversi::{Color, Game, Kind, Move, Position, Square};
use proptest::prelude::*;

/// The score counted plainly from the position text: an 8x8 array, each piece's attacked
/// squares walked step by step, one point per (own piece, empty attacked square). The
/// scoreboard's tests (`present.rs`) count with it too.
pub(crate) fn naive_score(pos: &Position, white: bool) -> u32 {
    let text = pos.to_string();
    let mut board = [[None::<(bool, char)>; 8]; 8];
    for (row, rank_text) in text.split(' ').next().unwrap().split('/').enumerate() {
        let mut file = 0;
        for c in rank_text.chars() {
            if let Some(d) = c.to_digit(10) {
                file += d as usize;
            } else {
                board[7 - row][file] = Some((c.is_ascii_uppercase(), c.to_ascii_uppercase()));
                file += 1;
            }
        }
    }
    let inside = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
    let mut total = 0;
    for rank in 0..8i32 {
        for file in 0..8i32 {
            let Some((w, letter)) = board[rank as usize][file as usize] else {
                continue;
            };
            if w != white {
                continue;
            }
            let empty = |f: i32, r: i32| board[r as usize][f as usize].is_none();
            let steps: &[(i32, i32)] = match letter {
                'K' => &[
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                ],
                'N' => &[
                    (1, 2),
                    (2, 1),
                    (2, -1),
                    (1, -2),
                    (-1, -2),
                    (-2, -1),
                    (-2, 1),
                    (-1, 2),
                ],
                _ => &[],
            };
            for &(df, dr) in steps {
                if inside(file + df, rank + dr) && empty(file + df, rank + dr) {
                    total += 1;
                }
            }
            let rays: &[(i32, i32)] = match letter {
                'R' => &[(1, 0), (-1, 0), (0, 1), (0, -1)],
                'B' => &[(1, 1), (1, -1), (-1, 1), (-1, -1)],
                'Q' => &[
                    (1, 0),
                    (-1, 0),
                    (0, 1),
                    (0, -1),
                    (1, 1),
                    (1, -1),
                    (-1, 1),
                    (-1, -1),
                ],
                _ => &[],
            };
            for &(df, dr) in rays {
                let (mut f, mut r) = (file + df, rank + dr);
                while inside(f, r) && empty(f, r) {
                    total += 1;
                    f += df;
                    r += dr;
                }
            }
        }
    }
    total
}

fn pieces_on_board(pos: &Position, color: Color) -> u32 {
    Kind::ALL
        .iter()
        .map(|&k| pos.pieces(color, k).len() as u32)
        .sum()
}

/// Plays the game chosen by `choices` (each picks among the legal moves) to its end, checking
/// the per-position invariants on the way; returns the final position.
fn play_out(choices: &[usize], probes: &[(u8, u8)]) -> Position {
    let mut pos = Position::start();
    let mut i = 0;
    loop {
        // Text and hash round trips.
        let text = pos.to_string();
        let parsed: Position = text.parse().unwrap();
        assert_eq!(parsed, pos);
        assert_eq!(parsed.hash_key(), pos.hash_key());
        assert_eq!(pos.hash_key(), pos.fresh_hash_key());
        // The score equals a naive recount.
        assert_eq!(
            pos.scores(),
            [naive_score(&pos, true), naive_score(&pos, false)],
            "{pos}"
        );
        let moves = pos.legal_moves();
        // A move not generated is refused and leaves the position alone.
        for &(k, s) in probes {
            let mv = Move::new(
                Kind::ALL[usize::from(k) % 5],
                Square::from_index(usize::from(s % 64)).unwrap(),
            );
            let mut copy = pos;
            assert_eq!(copy.play(mv).is_ok(), moves.contains(&mv), "{pos}: {mv}");
            if !moves.contains(&mv) {
                assert_eq!(copy, pos);
            }
        }
        if moves.is_empty() {
            return pos;
        }
        let mv = moves[choices[i % choices.len()] % moves.len()];
        i += 1;
        let mover = pos.to_move();
        let (before, in_hand) = (pieces_on_board(&pos, mover), pos.in_hand_of(mover, mv.kind));
        let hand = pos.in_hand(mover);
        pos.play(mv).unwrap();
        // One piece of the mover's, of the kind placed, left the hand for the board.
        assert_eq!(pieces_on_board(&pos, mover), before + 1);
        assert_eq!(pos.in_hand_of(mover, mv.kind), in_hand - 1);
        assert_eq!(pos.in_hand(mover), hand - 1);
        assert_eq!(pos.piece_count(mover), before + 1);
        assert_eq!(
            pieces_on_board(&pos, mover.other()) + pieces_on_board(&pos, mover),
            u32::from(pos.placements_made())
        );
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn random_games_end_after_sixteen_or_by_no_legal_placement(
        choices in prop::collection::vec(0usize..1000, 1..20),
        probes in prop::collection::vec((0u8..5, 0u8..64), 0..6),
    ) {
        let end = play_out(&choices, &probes);
        let outcome = end.outcome().expect("the game is over");
        if end.placements_made() == 16 {
            prop_assert!(!outcome.reason().rule().expect("own reason").without_placement());
            prop_assert_eq!(pieces_on_board(&end, Color::White), 8);
            prop_assert_eq!(pieces_on_board(&end, Color::Black), 8);
        } else {
            prop_assert!(end.ended_without_placement());
            prop_assert!(outcome.reason().rule().expect("own reason").without_placement());
        }
        let [white, black] = end.scores();
        prop_assert_eq!(outcome.winner(), match white.cmp(&black) {
            std::cmp::Ordering::Greater => Some(Color::White),
            std::cmp::Ordering::Less => Some(Color::Black),
            std::cmp::Ordering::Equal => None,
        });
    }

    #[test]
    fn position_text_never_panics(text in "[1-8KQRBNkqrbn/]{0,40}( [wb-])?( [a-h][1-8]| -)?") {
        if let Ok(pos) = text.parse::<Position>() {
            let again: Position = pos.to_string().parse().unwrap();
            prop_assert_eq!(again, pos);
        }
    }

    #[test]
    fn move_text_never_panics(text in "\\PC{0,6}") {
        let pos = Position::start();
        if let Ok(mv) = pos.parse_move(&text) {
            prop_assert!(pos.is_legal(mv));
            prop_assert_eq!(pos.move_text(mv), text);
        }
    }
}
