//! The solver's values are consistent with the move graph everywhere, and agree with a plain
//! depth-limited search (no tables) on the start and on many positions.

use kvarn3::game_core::Rng;
use kvarn3::{Color, Game, Move, Position, Solver, Value};

fn children(pos: &Position) -> Vec<(Move, Position)> {
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = *pos;
            child.play(mv).expect("generated moves are legal");
            (mv, child)
        })
        .collect()
}

/// Won: a move to a position lost one ply nearer and none to a nearer loss. Lost: only moves
/// to won positions, the farthest one ply nearer; over exactly when there is no move. Draw:
/// no move to a lost position and at least one to a draw.
#[test]
fn values_are_consistent_with_the_moves() {
    let solver = Solver::new();
    let mut seen = 0;
    for (pos, value) in solver.positions() {
        seen += 1;
        assert_eq!(solver.value(&pos), value);
        let kids: Vec<Value> = children(&pos)
            .iter()
            .map(|(_, c)| solver.value(c))
            .collect();
        match value {
            Value::Win(n) => {
                assert!(n >= 1 && n % 2 == 1, "{pos}: win in {n}");
                assert!(
                    kids.contains(&Value::Loss(n - 1)),
                    "{pos}: no move to loss {}",
                    n - 1
                );
                for kid in &kids {
                    if let Value::Loss(m) = *kid {
                        assert!(m >= n - 1, "{pos}: a nearer loss {m} than {n}-1");
                    }
                }
            }
            Value::Loss(0) => {
                assert!(kids.is_empty(), "{pos}: lost at 0 but has moves");
                assert!(pos.outcome().is_some());
            }
            Value::Loss(n) => {
                assert!(n % 2 == 0, "{pos}: loss in {n}");
                assert!(!kids.is_empty());
                assert!(
                    kids.iter().all(|k| k.is_win()),
                    "{pos}: a move escapes the loss"
                );
                let farthest = kids.iter().filter_map(|k| k.plies()).max();
                assert_eq!(farthest, Some(n - 1), "{pos}");
            }
            Value::Draw => {
                assert!(pos.outcome().is_none());
                assert!(
                    !kids.iter().any(|k| k.is_loss()),
                    "{pos}: a drawn position with a winning move"
                );
                assert!(
                    kids.contains(&Value::Draw),
                    "{pos}: a draw with no drawing move"
                );
            }
        }
    }
    assert_eq!(seen, 5_390);
    assert_eq!(solver.legal_positions(), 5_390);
    assert_eq!(solver.reachable_positions(), 5_390);
}

// A plain AND-OR search to a ply limit, independent of the solver's tables.

/// Whether the side to move can force a mill within `plies` plies.
fn wins_within(pos: &Position, plies: u32) -> bool {
    plies >= 1
        && children(pos)
            .iter()
            .any(|(_, child)| loses_within(child, plies - 1))
}

/// Whether the side to move loses (the game is over, or every move lets the opponent win)
/// within `plies` plies.
fn loses_within(pos: &Position, plies: u32) -> bool {
    if pos.outcome().is_some() {
        return true;
    }
    plies >= 2
        && children(pos)
            .iter()
            .all(|(_, child)| wins_within(child, plies - 1))
}

/// The start is a win for White in 9 plies and no fewer: the first stone must go on b2;
/// corners draw, edge midpoints lose in 8.
#[test]
fn the_start_is_a_win_in_nine_plies_with_b2_only() {
    let solver = Solver::shared();
    let start = Position::start();
    assert_eq!(solver.value(&start), Value::Win(9));
    assert!(wins_within(&start, 9));
    assert!(!wins_within(&start, 7));
    let best: Vec<String> = solver
        .best_moves(&start)
        .iter()
        .map(|&m| start.move_text(m))
        .collect();
    assert_eq!(best, ["b2"]);
    for (mv, value) in solver.move_values(&start) {
        let text = start.move_text(mv);
        let expected = match text.as_str() {
            "b2" => Value::Win(9),
            "a1" | "c1" | "a3" | "c3" => Value::Draw,
            _ => Value::Loss(8),
        };
        assert_eq!(value, expected, "{text}");
    }
    // An edge: Black wins within 7 more plies, by the plain search too.
    let mut edge = start;
    edge.play(start.parse_move("b1").expect("legal"))
        .expect("legal");
    assert!(wins_within(&edge, 7));
    assert!(!wins_within(&edge, 5));
}

/// The solver's distances against the plain search, on positions of random games.
#[test]
fn distances_agree_with_a_plain_search() {
    let solver = Solver::shared();
    let mut rng = Rng::new(0x5017);
    let mut checked = 0;
    for _ in 0..60 {
        let mut pos = Position::start();
        for _ in 0..4 {
            let moves = pos.legal_moves();
            pos.play(*rng.choose(&moves).expect("moves at the start"))
                .expect("legal");
        }
        for _ in 0..30 {
            if pos.piece_count(Color::White) + pos.piece_count(Color::Black) >= 4 {
                match solver.value(&pos) {
                    Value::Win(n) => {
                        assert!(wins_within(&pos, n), "{pos} win {n}");
                        assert!(n < 2 || !wins_within(&pos, n - 2), "{pos} win {n}");
                    }
                    Value::Loss(n) => {
                        assert!(loses_within(&pos, n), "{pos} loss {n}");
                        assert!(n < 2 || !loses_within(&pos, n - 2), "{pos} loss {n}");
                    }
                    Value::Draw => {
                        assert!(!wins_within(&pos, 11), "{pos} draw");
                        assert!(!loses_within(&pos, 12), "{pos} draw");
                    }
                }
                checked += 1;
            }
            let moves = pos.legal_moves();
            match rng.choose(&moves) {
                Some(&mv) => pos.play(mv).expect("legal"),
                None => break,
            }
        }
    }
    assert!(checked > 300, "{checked}");
}

/// Best play from the start: following the solver's moves keeps the value, and the game
/// ends with White's mill at ply 9 whatever Black chooses among its best moves.
#[test]
fn best_play_realises_the_value() {
    let solver = Solver::shared();
    let mut rng = Rng::new(9);
    for _ in 0..20 {
        let mut pos = Position::start();
        let mut plies = 0;
        while pos.outcome().is_none() {
            let best = solver.best_moves(&pos);
            let value = solver.value(&pos);
            let &mv = rng.choose(&best).expect("a best move");
            pos.play(mv).expect("legal");
            assert_eq!(solver.value(&pos).for_mover(), value);
            plies += 1;
        }
        assert_eq!(plies, 9);
        assert_eq!(
            pos.outcome().and_then(|o| o.winner()),
            Some(kvarn3::Color::White)
        );
    }
}

#[test]
fn values_read_as_words() {
    assert_eq!(Value::Win(1).to_string(), "win in 1 ply");
    assert_eq!(Value::Loss(4).to_string(), "loss in 4 plies");
    assert_eq!(Value::Draw.to_string(), "draw");
    assert!(Value::Win(3).preference() > Value::Win(5).preference());
    assert!(Value::Win(99).preference() > Value::Draw.preference());
    assert!(Value::Loss(8).preference() > Value::Loss(2).preference());
    assert!(Value::Draw.preference() > Value::Loss(100).preference());
}

/// Pins the numbers the crate docs and RULES.md state. They are the solver's own
/// output (its consistency is checked above, and the start's value by the plain search), kept
/// here so the docs cannot drift from the code.
#[test]
fn documented_counts() {
    let solver = Solver::shared();
    let (mut won, mut lost, mut drawn, mut longest) = (0, 0, 0, 0);
    for (_, value) in solver.positions() {
        match value {
            Value::Win(_) => won += 1,
            Value::Loss(_) => lost += 1,
            Value::Draw => drawn += 1,
        }
        longest = longest.max(value.plies().unwrap_or(0));
    }
    assert_eq!((won, lost, drawn), (2_997, 1_185, 1_208));
    assert_eq!(longest, 10);
}

/// An engine on a solver of its own (the `no_std` way: no program-wide `Solver::shared`)
/// plays as the shared one does: from the start b2, the centre, is the only winning first move
/// (the solved value, above), and with the same seed both engines choose the same moves.
#[test]
fn an_engine_on_its_own_solver_plays_like_the_shared_one() {
    use kvarn3::game_core::{Engine, GameRecord, Limits};
    use kvarn3::SolverEngine;
    use std::sync::Arc;

    let solver = Arc::new(Solver::new());
    let mut record = GameRecord::new(Position::start());
    let first = SolverEngine::with_solver(Arc::clone(&solver), 1)
        .choose_move(&record, &Limits::INFINITE)
        .expect("a move");
    assert_eq!(Position::start().move_text(first), "b2");
    let mut own = SolverEngine::with_solver(solver, 5);
    let mut shared = SolverEngine::new(5);
    while record.outcome().is_none() && record.moves().len() < 30 {
        let a = own.choose_move(&record, &Limits::INFINITE);
        let b = shared.choose_move(&record, &Limits::INFINITE);
        assert_eq!(a, b);
        record.play(a.expect("the game goes on")).expect("legal");
    }
}
