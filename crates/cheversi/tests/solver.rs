//! The endgame solver against two independent references written here:
//!
//! * a plain minimax (no pruning, no table, no ordering: every line to the end, on the `Game`
//!   trait's moves) that scores the final positions with its own count, written from the rules
//!   page ("one point for each (own piece, empty square it attacks) pair", rays stopping at the
//!   first piece), not with the crate's scoring;
//! * a plain alpha-beta solver (one bound a position in a table keyed by the full Zobrist key,
//!   no MTD(f), no cut-off of the crate's own), with which the crate's search must agree
//!   exactly on the value from positions up to 8 placements from the end.
//!
//! The larger comparisons are `#[ignore]`d (run them with
//! `cargo test -p cheversi --release --test all solver:: -- --ignored`).

use crate::common;

use common::thread_cpu_time;

use std::time::{Duration, Instant};

use cheversi::game_core::{Rng, StopFlag};
use cheversi::{Color, Game, Kind, Piece, Position, SolveError, Solver, Square};

/// One player's score counted square by square from the rules page: for each own piece, the
/// empty squares it attacks (king and knight by their steps; rook, bishop and queen along rays
/// that stop at the first occupied square).
fn rules_score(pos: &Position, color: Color) -> i64 {
    const KING: [(i8, i8); 8] = [
        (1, 0),
        (-1, 0),
        (0, 1),
        (0, -1),
        (1, 1),
        (1, -1),
        (-1, 1),
        (-1, -1),
    ];
    const KNIGHT: [(i8, i8); 8] = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let at = |file: i8, rank: i8| -> Option<Square> {
        if (0..8).contains(&file) && (0..8).contains(&rank) {
            Square::new(file as u8, rank as u8)
        } else {
            None
        }
    };
    let is_empty = |sq: Square| pos.piece_at(sq).is_none();
    let mut total = 0;
    for sq in Square::all() {
        let Some(Piece { color: owner, kind }) = pos.piece_at(sq) else {
            continue;
        };
        if owner != color {
            continue;
        }
        let (file, rank) = (sq.col() as i8, sq.row() as i8);
        let (steps, slides): (&[(i8, i8)], bool) = match kind {
            Kind::King => (&KING, false),
            Kind::Knight => (&KNIGHT, false),
            Kind::Queen => (&KING, true),
            Kind::Rook => (&KING[..4], true),
            Kind::Bishop => (&KING[4..], true),
        };
        for &(df, dr) in steps {
            let (mut f, mut r) = (file + df, rank + dr);
            while let Some(target) = at(f, r) {
                if !is_empty(target) {
                    break;
                }
                total += 1;
                if !slides {
                    break;
                }
                f += df;
                r += dr;
            }
        }
    }
    total
}

/// White's final score minus Black's under best play, by plain minimax.
fn minimax(pos: &Position) -> i64 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return rules_score(pos, Color::White) - rules_score(pos, Color::Black);
    }
    let values = moves.iter().map(|&mv| {
        let mut child = *pos;
        child.play(mv).unwrap();
        minimax(&child)
    });
    match pos.to_move() {
        Color::White => values.max().unwrap(),
        Color::Black => values.min().unwrap(),
    }
}

/// A plain alpha-beta solver: negamax, children ordered by the running score after the
/// placement (the table's move first), a table of one bound per position keyed by the full
/// Zobrist key. Written on the public API only.
mod plain_solver {
    use cheversi::{Game, Kind, Move, Position, Square};

    #[derive(Clone, Copy, Default, PartialEq)]
    enum Bound {
        #[default]
        Empty,
        Exact,
        Lower,
        Upper,
    }

    #[derive(Clone, Copy, Default)]
    struct Entry {
        key: u64,
        value: i32,
        bound: Bound,
        best: Option<Move>,
    }

    pub(crate) struct PlainSolver {
        table: Vec<Entry>,
    }

    fn running_difference(pos: &Position) -> i32 {
        let s = pos.scores();
        let me = pos.side_to_move().index();
        s[me] as i32 - s[1 - me] as i32
    }

    impl PlainSolver {
        pub(crate) fn new(bits: u32) -> Self {
            PlainSolver {
                table: vec![Entry::default(); 1 << bits],
            }
        }

        /// White − Black under best play.
        pub(crate) fn solve(&mut self, pos: &Position) -> i32 {
            let value = self.search(pos, 0, -100_000, 100_000);
            match pos.side_to_move() {
                cheversi::Color::White => value,
                cheversi::Color::Black => -value,
            }
        }

        fn search(&mut self, pos: &Position, ply: usize, mut alpha: i32, mut beta: i32) -> i32 {
            let plan = pos.placements();
            if !plan.any() {
                return running_difference(pos);
            }
            let key = pos.hash_key();
            let slot = (key as usize) & (self.table.len() - 1);
            let entry = self.table[slot];
            let mut tt_move = None;
            if entry.key == key && entry.bound != Bound::Empty {
                tt_move = entry.best;
                if ply > 0 {
                    match entry.bound {
                        Bound::Exact => return entry.value,
                        Bound::Lower => alpha = alpha.max(entry.value),
                        Bound::Upper => beta = beta.min(entry.value),
                        Bound::Empty => {}
                    }
                    if alpha >= beta {
                        return entry.value;
                    }
                }
            }
            let (alpha_in, beta_in) = (alpha, beta);
            let mut children = Vec::new();
            for kind in Kind::ALL {
                for sq in plan.targets(kind) {
                    let mv = Move::new(kind, sq);
                    let mut child = *pos;
                    child.play_unchecked(mv);
                    let order = if Some(mv) == tt_move {
                        i32::MAX
                    } else {
                        -running_difference(&child)
                    };
                    children.push((order, mv));
                }
            }
            children.sort_by_key(|&(order, mv)| {
                (core::cmp::Reverse(order), mv.kind, Square::index(mv.square))
            });
            let mut best = -100_000;
            let mut best_move = None;
            for &(_, mv) in &children {
                let mut child = *pos;
                child.play_unchecked(mv);
                let value = -self.search(&child, ply + 1, -beta, -alpha);
                if value > best {
                    best = value;
                    best_move = Some(mv);
                }
                alpha = alpha.max(value);
                if alpha >= beta {
                    break;
                }
            }
            let bound = if best <= alpha_in {
                Bound::Upper
            } else if best >= beta_in {
                Bound::Lower
            } else {
                Bound::Exact
            };
            self.table[slot] = Entry {
                key,
                value: best,
                bound,
                best: best_move,
            };
            best
        }
    }
}

use plain_solver::PlainSolver;

/// Positions `left` placements from the end, reached by random play.
fn random_positions(seed: u64, left: u8, count: usize) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    while out.len() < count {
        let mut pos = Position::start();
        while pos.placements_left() > left && pos.outcome().is_none() {
            let moves = pos.legal_moves();
            pos.play(*rng.choose(&moves).unwrap()).unwrap();
        }
        if pos.placements_left() == left {
            out.push(pos);
        }
    }
    out
}

/// Solves `pos`, checks the value against `expected` (White − Black) and that the best move
/// reaches the same value by `value_of`.
fn check(solver: &mut Solver, pos: &Position, expected: i64, value_of: impl Fn(&Position) -> i64) {
    let solution = solver.solve(pos).unwrap();
    assert_eq!(i64::from(solution.score_difference), expected, "{pos}");
    match solution.best_move {
        None => assert!(pos.outcome().is_some(), "{pos}"),
        Some(mv) => {
            let mut child = *pos;
            child.play(mv).unwrap();
            assert_eq!(value_of(&child), expected, "{pos}: best move {mv}");
        }
    }
}

#[test]
fn the_test_scoring_is_the_rules_count() {
    // The seed's picture: White's king e4 and queen e3 attack 20 (piece, empty square) pairs;
    // Black's knight d3 and queen e2 attack 21 (counted by hand in `score.rs`).
    let pos: Position = "8/8/8/8/4K3/3nQ3/4q3/8 w e2".parse().unwrap();
    assert_eq!(rules_score(&pos, Color::White), 20);
    assert_eq!(rules_score(&pos, Color::Black), 21);
}

#[test]
fn solver_equals_plain_minimax_near_the_end() {
    let mut solver = Solver::new();
    for (left, count) in [(0u8, 6), (1, 12), (2, 12), (3, 12), (4, 8), (5, 3)] {
        for pos in random_positions(u64::from(left) + 1, left, count) {
            check(&mut solver, &pos, minimax(&pos), minimax);
        }
    }
}

#[test]
#[ignore = "plain minimax from 6 placements left: a few minutes in release"]
fn solver_equals_plain_minimax_six_from_the_end() {
    let mut solver = Solver::new();
    for pos in random_positions(66, 6, 4) {
        check(&mut solver, &pos, minimax(&pos), minimax);
    }
}

#[test]
fn a_fresh_solver_and_a_reused_one_agree_with_minimax() {
    // Four placements left: Black's 7th is the queen, so the tree stays small for minimax.
    let mut reused = Solver::with_table_bits(10);
    for pos in random_positions(99, 4, 3) {
        let expected = minimax(&pos);
        assert_eq!(
            i64::from(reused.solve(&pos).unwrap().score_difference),
            expected
        );
        assert_eq!(
            i64::from(cheversi::solve(&pos).unwrap().score_difference),
            expected
        );
        // Solving twice with the table full gives the same answer and a best move.
        let again = reused.solve(&pos).unwrap();
        assert_eq!(i64::from(again.score_difference), expected);
        assert!(again.best_move.is_some());
    }
}

/// The crate's solver and the plain one on `count` positions from each `left`, with one
/// crate solver reused across all of them (its table carries bounds from solve to solve) and a
/// small one (2^12 entries, so that entries are overwritten all the time).
fn agree_with_the_plain_solver(lefts: &[u8], count: usize) {
    let mut plain = PlainSolver::new(18);
    let mut reused = Solver::new();
    let mut small = Solver::with_table_bits(12);
    for &left in lefts {
        for pos in random_positions(1000 + u64::from(left), left, count) {
            let expected = i64::from(plain.solve(&pos));
            let value_of = |p: &Position| i64::from(PlainSolver::new(16).solve(p));
            check(&mut reused, &pos, expected, value_of);
            check(&mut small, &pos, expected, value_of);
        }
    }
}

#[test]
fn the_search_agrees_with_the_plain_solver() {
    agree_with_the_plain_solver(&[4, 5, 6], 6);
}

#[test]
#[ignore = "7 and 8 placements left: a minute or two in release"]
fn the_search_agrees_with_the_plain_solver_up_to_eight_left() {
    agree_with_the_plain_solver(&[7, 8], 12);
}

#[test]
fn positions_reached_in_another_order_solve_alike() {
    // The same pieces, the last placement elsewhere: when the last square cannot matter (no
    // queen call, not Black's king), the values are equal, and the table (which shares their
    // entry) gives each its own correct best move.
    let mut solver = Solver::new();
    let mut seen = 0;
    for pos in random_positions(4242, 5, 40) {
        let last = pos.last_placed().unwrap();
        let text = pos.to_string();
        let fields: Vec<&str> = text.split(' ').collect();
        for other in Square::all() {
            if other == last {
                continue;
            }
            let moved = format!("{} {} {other}", fields[0], fields[1]);
            let Ok(twin) = moved.parse::<Position>() else {
                continue; // the other square holds no piece of the side that just moved
            };
            if twin.legal_moves() != pos.legal_moves() {
                continue; // the last square matters here (a queen call)
            }
            let a = solver.solve(&pos).unwrap();
            let b = solver.solve(&twin).unwrap();
            assert_eq!(a.score_difference, b.score_difference, "{pos} / {twin}");
            assert!(twin.is_legal(b.best_move.unwrap()), "{twin}");
            seen += 1;
            break;
        }
    }
    assert!(seen >= 20, "only {seen} twins");
}

#[test]
fn finished_games_solve_to_their_score_difference() {
    for pos in random_positions(7, 0, 5) {
        let [white, black] = pos.scores();
        let solution = cheversi::solve(&pos).unwrap();
        assert_eq!(solution.score_difference, white as i32 - black as i32);
        assert_eq!(solution.best_move, None);
    }
    // The no-legal-placement ending is a leaf too.
    let pos: Position = "8/8/8/8/8/KQRRB3/nqrrN3/bNnb4 w a1".parse().unwrap();
    assert_eq!(
        i64::from(cheversi::solve(&pos).unwrap().score_difference),
        rules_score(&pos, Color::White) - rules_score(&pos, Color::Black)
    );
}

#[test]
fn the_limit_is_a_typed_error() {
    let err = cheversi::solve(&Position::start()).unwrap_err();
    assert_eq!(err.placements_left, 16);
    assert_eq!(err.max_placements_left, Solver::DEFAULT_MAX_PLACEMENTS_LEFT);
    assert_eq!(Solver::DEFAULT_MAX_PLACEMENTS_LEFT, 10);
    assert!(Solver::new()
        .with_max_placements_left(16)
        .solve(&random_positions(3, 2, 1)[0])
        .is_ok());
    let mut solver = Solver::new().with_max_placements_left(3);
    let pos = &random_positions(3, 4, 1)[0];
    assert_eq!(
        solver.solve_until(pos, None, None),
        Err(SolveError::TooFarFromEnd(cheversi::TooFarFromEnd {
            placements_left: 4,
            max_placements_left: 3
        }))
    );
}

#[test]
fn a_stopped_solve_says_so_and_leaves_the_table_sound() {
    let pos = random_positions(31, 7, 1)[0];
    let mut solver = Solver::new();
    let flag = StopFlag::new();
    flag.stop();
    assert!(matches!(
        solver.solve_until(&pos, None, Some(&flag)),
        Err(SolveError::Stopped { .. })
    ));
    flag.reset();
    // A deadline already passed stops it too, at the first look at the clock.
    let stopped = solver.solve_until(&pos, Some(Instant::now()), Some(&flag));
    let Err(SolveError::Stopped { nodes }) = stopped else {
        panic!("not stopped: {stopped:?}");
    };
    assert!(nodes <= 5_000, "{nodes} nodes before stopping");
    // What the interrupted searches stored is true: the same solver then gives the value of
    // a fresh one and of the plain solver.
    let deadline = Instant::now() + Duration::from_secs(600);
    let resumed = solver
        .solve_until(&pos, Some(deadline), Some(&flag))
        .unwrap();
    let fresh = Solver::new().solve(&pos).unwrap();
    assert_eq!(resumed.score_difference, fresh.score_difference);
    assert_eq!(resumed.score_difference, PlainSolver::new(18).solve(&pos));
}

/// `solve_within` (the form without `Instant`, for `no_std`) stops on its flag and on a time
/// already spent, and with room to spare gives the value an independent solver gives.
#[test]
fn solve_within_stops_on_the_flag_or_the_time_and_else_solves() {
    let pos = random_positions(33, 7, 1)[0];
    let mut solver = Solver::new();
    let flag = StopFlag::new();
    flag.stop();
    assert!(matches!(
        solver.solve_within(&pos, None, Some(&flag)),
        Err(SolveError::Stopped { .. })
    ));
    flag.reset();
    let stopped = solver.solve_within(&pos, Some(Duration::ZERO), Some(&flag));
    let Err(SolveError::Stopped { nodes }) = stopped else {
        panic!("not stopped: {stopped:?}");
    };
    assert!(nodes <= 5_000, "{nodes} nodes before stopping");
    let solved = solver
        .solve_within(&pos, Some(Duration::from_secs(600)), Some(&flag))
        .unwrap();
    assert_eq!(solved.score_difference, PlainSolver::new(18).solve(&pos));
    let unlimited = Solver::new().solve_within(&pos, None, None).unwrap();
    assert_eq!(unlimited.score_difference, solved.score_difference);
}

#[test]
fn a_solver_debug_prints_its_size_not_its_table() {
    let solver = Solver::new();
    assert_eq!(solver.table_len(), 1 << Solver::DEFAULT_TABLE_BITS);
    let text = format!("{solver:?}");
    assert!(text.len() < 300, "{} characters", text.len());
    assert!(text.contains(&solver.table_len().to_string()), "{text}");
}

/// Solves each position of `CHEVERSI_SOLVE` (position strings, or `moves` followed by the
/// placements from the start, separated by `;`) from an empty
/// table of 2^`CHEVERSI_SOLVE_BITS` entries (default 22) and prints the value, the positions
/// searched and the CPU time of the solve:
///
/// ```text
/// CHEVERSI_SOLVE="8/8/8/8/5q2/4Q3/5r2/4K3 w f4" \
///   cargo test -p cheversi --release --test all solver::measure -- --ignored --nocapture
/// ```
#[test]
#[ignore = "a measurement: give the positions in CHEVERSI_SOLVE (see the doc comment)"]
fn measure_solves() {
    let Ok(list) = std::env::var("CHEVERSI_SOLVE") else {
        return;
    };
    let bits = std::env::var("CHEVERSI_SOLVE_BITS")
        .ok()
        .and_then(|b| b.parse().ok())
        .unwrap_or(22);
    for text in list.split(';').map(str::trim).filter(|t| !t.is_empty()) {
        // A position string, or `moves` and the placements from the start.
        let pos: Position = match text.strip_prefix("moves ") {
            Some(moves) => moves
                .split_whitespace()
                .fold(Position::start(), |mut pos, text| {
                    let mv = pos.parse_move(text).unwrap();
                    pos.play(mv).unwrap();
                    pos
                }),
            None => text.parse().unwrap(),
        };
        let mut solver = Solver::with_table_bits(bits).with_max_placements_left(16);
        let cpu = thread_cpu_time();
        let started = Instant::now();
        let solution = solver.solve(&pos).unwrap();
        let cpu = thread_cpu_time().zip(cpu).map(|(end, start)| end - start);
        println!(
            "{text} ({pos}): left {} value {} nodes {} cpu {:?} wall {:?}",
            pos.placements_left(),
            solution.score_difference,
            solution.nodes,
            cpu,
            started.elapsed()
        );
    }
}
