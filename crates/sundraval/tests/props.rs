//! proptest invariants: flood-fill legality equals a naive per-point search; scoring is the
//! same under the twelve symmetries of the hexagon and agrees with a naive scorer; generated
//! moves are accepted and others refused; text and hash round trips; a placement adds exactly
//! one stone; random games end.

use crate::common;

use common::{
    naive_original_winner, naive_score, naive_triangular_winner, Naive, BLACK, EMPTY, WHITE,
};
use game_core::Rng;
use proptest::prelude::*;
use sundraval::{BoardSize, Color, Game, Move, Point, PointSet, Position, ScoringRule};

/// A random board of size `n` from `cells` (one byte per point: mostly empty, black or
/// white), as a naive position; both colours get at least one stone.
fn board(n: i32, cells: &[u8], turn_white: bool, passes: u8) -> Naive {
    let mut naive = Naive::start(n);
    naive.turn = common::NTurn::Play(if turn_white { WHITE } else { BLACK });
    naive.passes = passes;
    for (i, (c, r)) in naive.points().into_iter().enumerate() {
        naive.grid[r as usize][c as usize] = match cells.get(i).copied().unwrap_or(0) % 5 {
            0 | 1 => EMPTY,
            2 | 3 => {
                if cells.get(i).copied().unwrap_or(0) % 2 == 0 {
                    BLACK
                } else {
                    WHITE
                }
            }
            _ => BLACK + (cells.get(i).copied().unwrap_or(0) / 5) % 2,
        };
    }
    let pts = naive.points();
    let has = |naive: &Naive, v: u8| pts.iter().any(|&(c, r)| naive.at(c, r) == v);
    if !has(&naive, BLACK) {
        let (c, r) = pts[0];
        naive.grid[r as usize][c as usize] = BLACK;
    }
    if !has(&naive, WHITE) {
        let (c, r) = pts[pts.len() - 1];
        naive.grid[r as usize][c as usize] = WHITE;
    }
    naive
}

fn to_engine(naive: &Naive) -> Position {
    let text = naive.text();
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The `k`-th of the twelve symmetries of the hexagon (k in 0..12): a rotation by k·60°
/// (k mod 6), reflected when k ≥ 6. Works in cube coordinates around the centre.
fn transform(n: i32, k: usize, c: i32, r: i32) -> (i32, i32) {
    let (x, y) = (c - (n - 1), r - (n - 1));
    let (mut q, mut s, mut t) = (x, -y, y - x);
    if k >= 6 {
        (s, t) = (t, s);
    }
    for _ in 0..k % 6 {
        (q, s, t) = (-s, -t, -q);
    }
    debug_assert_eq!(q + s + t, 0);
    (q + (n - 1), -s + (n - 1))
}

fn transformed(naive: &Naive, k: usize) -> Naive {
    let mut out = naive.clone();
    out.grid = [[EMPTY; 21]; 21];
    for (c, r) in naive.points() {
        let (tc, tr) = transform(naive.n, k, c, r);
        assert!(naive.on_board(tc, tr), "symmetry {k} leaves the board");
        out.grid[tr as usize][tc as usize] = naive.at(c, r);
    }
    out
}

fn point(c: i32, r: i32) -> Point {
    Point::new(c as u8, r as u8).expect("a board point")
}

fn cells_strategy() -> impl Strategy<Value = (i32, Vec<u8>, bool)> {
    (
        3i32..=8,
        prop::collection::vec(any::<u8>(), 169),
        any::<bool>(),
    )
}

proptest! {
    // 96 cases by default; PROPTEST_CASES raises it for a longer run.
    #![proptest_config(ProptestConfig::with_cases(
        std::env::var("PROPTEST_CASES").ok().and_then(|v| v.parse().ok()).unwrap_or(96)
    ))]

    #[test]
    fn flood_fill_legality_equals_naive_search((n, cells, white) in cells_strategy()) {
        let naive = board(n, &cells, white, 0);
        let pos = to_engine(&naive);
        for (color, code) in [(Color::Black, BLACK), (Color::White, WHITE)] {
            let fill = pos.placements(color);
            let search: PointSet = naive
                .points()
                .into_iter()
                .filter(|&(c, r)| naive.can_place(c, r, code))
                .map(|(c, r)| point(c, r))
                .collect();
            prop_assert_eq!(fill, search, "{} {}", naive.text(), color);
        }
        // is_legal (one region's fill) agrees for the side to move.
        let code = if white { WHITE } else { BLACK };
        for (c, r) in naive.points() {
            prop_assert_eq!(
                pos.is_legal(Move::Place(point(c, r))),
                naive.can_place(c, r, code)
            );
        }
    }

    #[test]
    fn scoring_is_invariant_under_the_twelve_symmetries((n, cells, white) in cells_strategy()) {
        let naive = board(n, &cells, white, 2);
        let pos = to_engine(&naive);
        let score = pos.score_breakdown();
        let dead = score.dead_stones();
        let regions = |s: &sundraval::Score| {
            let mut v: Vec<(Option<Color>, usize, usize)> = s
                .regions
                .iter()
                .map(|r| (r.owner, r.size(), r.dead_stones.len()))
                .collect();
            v.sort();
            v
        };
        for k in 0..12 {
            let image = transformed(&naive, k);
            let other = to_engine(&image).score_breakdown();
            // The dead stones map onto the dead stones.
            let mapped: PointSet = dead
                .iter()
                .map(|p| {
                    let (c, r) = transform(n, k, p.col() as i32, p.row() as i32);
                    point(c, r)
                })
                .collect();
            prop_assert_eq!(other.dead_stones(), mapped, "symmetry {}", k);
            // So do the stones the revive step brought back.
            let revived = |s: &sundraval::Score| {
                s.groups
                    .iter()
                    .filter(|g| g.revived_from_step.is_some())
                    .fold(PointSet::EMPTY, |acc, g| acc.union(g.stones))
            };
            let mapped: PointSet = revived(&score)
                .iter()
                .map(|p| {
                    let (c, r) = transform(n, k, p.col() as i32, p.row() as i32);
                    point(c, r)
                })
                .collect();
            prop_assert_eq!(revived(&other), mapped, "symmetry {}", k);
            for color in Color::ALL {
                prop_assert_eq!(other.territory_lists(color), score.territory_lists(color));
                prop_assert_eq!(other.triangular_points(color), score.triangular_points(color));
            }
            prop_assert_eq!(regions(&other), regions(&score));
            for rule in [ScoringRule::Original, ScoringRule::Triangular] {
                prop_assert_eq!(other.decide(rule), score.decide(rule));
            }
        }
    }

    #[test]
    fn scoring_agrees_with_the_naive_scorer(
        (n, cells, white) in cells_strategy(),
        symmetry in 0usize..12,
    ) {
        // The board itself and its image under one of the twelve symmetries.
        let board = board(n, &cells, white, 2);
        for naive in [transformed(&board, symmetry), board] {
            let score = to_engine(&naive).score_breakdown();
            let expected = naive_score(&naive);
            let code = |c: Option<Color>| match c {
                Some(Color::Black) => BLACK,
                Some(Color::White) => WHITE,
                None => 0,
            };
            prop_assert_eq!(code(score.winner(ScoringRule::Original)), naive_original_winner(&expected));
            prop_assert_eq!(
                code(score.winner(ScoringRule::Triangular)),
                naive_triangular_winner(&expected)
            );
            let mut groups: Vec<(u8, Vec<String>, bool, usize)> = score
                .groups
                .iter()
                .map(|g| {
                    let mut names: Vec<String> = g.stones.iter().map(|p| p.to_string()).collect();
                    names.sort();
                    (code(Some(g.color)), names, g.alive, g.count())
                })
                .collect();
            groups.sort();
            let mut want: Vec<(u8, Vec<String>, bool, usize)> = expected
                .groups
                .iter()
                .map(|g| {
                    let mut names: Vec<String> =
                        g.1.iter().map(|&(c, r)| Naive::name(c, r)).collect();
                    names.sort();
                    (g.0, names, g.2, g.3)
                })
                .collect();
            want.sort();
            prop_assert_eq!(groups, want, "{}", naive.text());
        }
    }

    #[test]
    fn moves_text_and_hash_round_trip((n, cells, white) in cells_strategy(), pick in any::<u64>()) {
        let naive = board(n, &cells, white, (pick % 2) as u8);
        let pos = to_engine(&naive);
        let text = pos.to_string();
        prop_assert_eq!(&text, &naive.text());
        let back: Position = text.parse().unwrap();
        prop_assert_eq!(back, pos);
        prop_assert_eq!(pos.hash_key(), pos.fresh_hash_key());
        let moves = pos.legal_moves();
        let stones = |p: &Position| p.stones(Color::Black).len() + p.stones(Color::White).len();
        for &mv in &moves {
            let mut child = pos;
            prop_assert!(child.play(mv).is_ok());
            prop_assert_eq!(child.hash_key(), child.fresh_hash_key());
            // A placement adds exactly one stone; a pass adds none.
            let added = if matches!(mv, Move::Place(_)) { 1 } else { 0 };
            prop_assert_eq!(stones(&child), stones(&pos) + added);
            prop_assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(mv));
        }
        // Every board point that is not generated is refused, and leaves the position as is.
        for (c, r) in naive.points() {
            let mv = Move::Place(point(c, r));
            if !moves.contains(&mv) {
                let mut copy = pos;
                prop_assert!(copy.play(mv).is_err());
                prop_assert_eq!(copy, pos);
            }
        }
    }

    #[test]
    fn random_games_end_with_an_outcome(size in 3u32..=11, seed in any::<u64>()) {
        let mut rng = Rng::new(seed);
        let mut pos = Position::start_with_size(BoardSize::Side(size)).unwrap();
        let mut moves = Vec::new();
        let mut plies = 0;
        while pos.outcome().is_none() {
            pos.legal_moves_into(&mut moves);
            let mv = moves[rng.below(moves.len())];
            pos.play(mv).unwrap();
            plies += 1;
            // Every ply but a pass adds a stone or ends the opening; two passes end the game.
            prop_assert!(plies <= 3 * 400);
        }
        prop_assert!(pos.legal_moves().is_empty());
        prop_assert!(pos.is_over());
    }
}

#[test]
fn the_symmetries_are_twelve_different_maps() {
    let n = 4;
    let naive = Naive::start(n);
    let mut images = Vec::new();
    for k in 0..12 {
        let image: Vec<(i32, i32)> = naive
            .points()
            .into_iter()
            .map(|(c, r)| transform(n, k, c, r))
            .collect();
        assert!(image.iter().all(|&(c, r)| naive.on_board(c, r)));
        images.push(image);
    }
    images.sort();
    images.dedup();
    assert_eq!(images.len(), 12);
    // Neighbours stay neighbours.
    for k in 0..12 {
        for (c, r) in naive.points() {
            let (tc, tr) = transform(n, k, c, r);
            let mut mapped: Vec<(i32, i32)> = naive
                .neighbours(c, r)
                .into_iter()
                .map(|(nc, nr)| transform(n, k, nc, nr))
                .collect();
            mapped.sort();
            let mut direct = naive.neighbours(tc, tr);
            direct.sort();
            assert_eq!(mapped, direct);
        }
    }
}

/// `play_unchecked` promises memory safety for any move, legal or not: an illegal one leaves an
/// unspecified position (stones off the board, on taken points, both colours on one point, an
/// opening in the middle of the game …). Nothing done with such a position may panic.
#[test]
fn unchecked_moves_of_any_kind_never_panic() {
    // Every point of the largest board, as the type allows (a move does not know its board).
    let points: Vec<Point> = (0..21u32)
        .flat_map(|row| (0..21u32).map(move |col| (col, row)))
        .filter(|&(col, row)| col.abs_diff(row) <= 10)
        .map(|(col, row)| point(col as i32, row as i32))
        .collect();
    assert_eq!(points.len(), 331);
    let mut rng = Rng::new(0xBAD_5EED);
    let any_move = |rng: &mut Rng| match rng.below(8) {
        0 => Move::Pass,
        1 => Move::Keep,
        2 => Move::Swap,
        3 => Move::Opening {
            black: points[rng.below(points.len())],
            white: points[rng.below(points.len())],
        },
        _ => Move::Place(points[rng.below(points.len())]),
    };
    let mut moves = Vec::new();
    for game in 0..240 {
        let size = 3 + (game % 9) as u32;
        let mut pos = Position::start_with_size(BoardSize::Side(size)).unwrap();
        for _ in 0..14 {
            let mv = any_move(&mut rng);
            pos.play_unchecked(mv);
            pos.legal_moves_into(&mut moves);
            assert_eq!(pos.count_legal_moves(&mut Vec::new()), moves.len());
            for &other in points.iter().take(40) {
                let _ = pos.is_legal(Move::Place(other));
            }
            let _ = (pos.outcome(), pos.outcome_with(ScoringRule::Triangular));
            let _ = (pos.details(), pos.diagram(), pos.to_string());
            let _ = (pos.fresh_hash_key(), pos.to_move(), pos.move_text(mv));
            let _ = pos.to_string().parse::<Position>();
            let mut copy = pos;
            let _ = copy.play(mv);
            let _ = pos.parse_move("a1");
        }
    }
}
