//! The endgame solver against a plain minimax written here (no pruning, no table, no ordering:
//! every line to the end, on the `Game` trait alone).

use cheversi::game_core::Rng;
use cheversi::{Color, Game, Position, Solver};

/// White's final score minus Black's under best play, by plain minimax.
fn minimax(pos: &Position) -> i64 {
    let moves = pos.legal_moves();
    if moves.is_empty() {
        return pos.score(Color::White).unwrap() - pos.score(Color::Black).unwrap();
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

#[test]
fn solver_equals_plain_minimax_near_the_end() {
    let mut solver = Solver::new();
    for left in 0..=3u8 {
        for pos in random_positions(u64::from(left) + 1, left, 12) {
            let expected = minimax(&pos);
            let solution = solver.solve(&pos).unwrap();
            assert_eq!(i64::from(solution.score_difference), expected, "{pos}");
            // The best move reaches the same value.
            match solution.best_move {
                None => assert!(pos.outcome().is_some(), "{pos}"),
                Some(mv) => {
                    let mut child = pos;
                    child.play(mv).unwrap();
                    assert_eq!(minimax(&child), expected, "{pos}: best move {mv}");
                }
            }
        }
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
            i64::from(cheversi::solver::solve(&pos).unwrap().score_difference),
            expected
        );
        // Solving twice with the table full gives the same answer and a best move.
        let again = reused.solve(&pos).unwrap();
        assert_eq!(i64::from(again.score_difference), expected);
        assert!(again.best_move.is_some());
    }
}

#[test]
fn finished_games_solve_to_their_score_difference() {
    for pos in random_positions(7, 0, 5) {
        let [white, black] = pos.scores();
        let solution = cheversi::solver::solve(&pos).unwrap();
        assert_eq!(solution.score_difference, white as i32 - black as i32);
        assert_eq!(solution.best_move, None);
    }
    // The no-legal-placement ending is a leaf too.
    let pos: Position = "8/8/8/8/8/KQRRB3/nqrrN3/bNnb4 w a1".parse().unwrap();
    let [white, black] = pos.scores();
    assert_eq!(
        cheversi::solver::solve(&pos).unwrap().score_difference,
        white as i32 - black as i32
    );
}

#[test]
fn the_limit_is_a_typed_error() {
    let err = cheversi::solver::solve(&Position::start()).unwrap_err();
    assert_eq!(err.placements_left, 16);
    assert_eq!(err.max_placements_left, Solver::DEFAULT_MAX_PLACEMENTS_LEFT);
    assert!(Solver::new()
        .with_max_placements_left(16)
        .solve(&random_positions(3, 2, 1)[0])
        .is_ok());
}
