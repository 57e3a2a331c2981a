//! The `show` tool's outcome line for Swedish Draughts' 50-ply rule: 50 plies of dame moves
//! without a capture end in `outcome: draw (…)`, 49 in `outcome: none`. Checked twice: on the
//! path the tool takes (`games::setup`, `GameRecord::new`, `games::outcome_line`), and by
//! running the tool itself (the `show` example that `cargo test` built).

mod common;

use std::process::Command;

use boardrules::games::{self, outcome_line};
use game_core::{Game, GameRecord};
use swedish_draughts::Position;

/// Two dames a side, far from each other.
const START: &str = "W:WK46,K50:BK1,K5";

/// `plies` dame moves from `start` that never capture, never let the opponent capture and
/// never repeat a position (depth first, backtracking): only the 50-ply rule can end them.
fn quiet_dame_plies(start: Position, plies: usize) -> Vec<String> {
    fn extend(pos: Position, seen: &mut Vec<u64>, texts: &mut Vec<String>, left: usize) -> bool {
        if left == 0 {
            return true;
        }
        for mv in pos.legal_moves() {
            let mut next = pos;
            next.play_unchecked(mv);
            if pos.is_progress_move(mv)
                || seen.contains(&next.hash_key())
                || next.legal_moves().iter().any(|m| m.is_capture())
            {
                continue;
            }
            seen.push(next.hash_key());
            texts.push(pos.move_text(mv));
            if extend(next, seen, texts, left - 1) {
                return true;
            }
            texts.pop();
        }
        false
    }
    let mut texts = Vec::new();
    assert!(extend(
        start,
        &mut vec![start.hash_key()],
        &mut texts,
        plies
    ));
    texts
}

/// The outcome line as `show` computes it, after `moves`.
fn outcome_after(moves: &[String]) -> String {
    let start: Position = games::setup(Some(START), None).expect("a valid position");
    let mut record = GameRecord::new(start);
    for text in moves {
        record.play_text(text).expect("a legal move");
    }
    outcome_line(record.current(), record.outcome())
}

#[test]
fn fifty_dame_plies_draw_on_the_path_show_takes() {
    let plies = quiet_dame_plies(START.parse().expect("valid"), 50);
    assert_eq!(outcome_after(&plies[..49]), "outcome: none");
    assert_eq!(outcome_after(&plies), "outcome: draw (no-progress rule)");
}

/// The last line `show` prints for these moves.
fn show_outcome(moves: &[String]) -> String {
    let output = Command::new(common::example("show"))
        .arg("swedish-draughts")
        .args(["--fen", START, "--moves", &moves.join(" ")])
        .output()
        .expect("cargo runs");
    let stdout = String::from_utf8_lossy(&output.stdout);
    assert!(
        output.status.success(),
        "show failed: {}{stdout}",
        String::from_utf8_lossy(&output.stderr)
    );
    stdout.lines().last().unwrap_or_default().to_owned()
}

#[test]
fn fifty_dame_plies_draw_in_the_show_tool() {
    let plies = quiet_dame_plies(START.parse().expect("valid"), 50);
    assert_eq!(show_outcome(&plies[..49]), "outcome: none");
    assert_eq!(show_outcome(&plies), "outcome: draw (no-progress rule)");
}
