//! The `show` tool's outcome line for Swedish Draughts' 50-ply rule: 50 plies of dame moves
//! without a capture end in `outcome: draw (…)`, 49 in `outcome: none`. Checked twice: on the
//! path the tool takes (`games::setup`, `GameRecord::new`, `games::outcome_line`), and by
//! running the tool itself (the `show` example that `cargo test` built).

use crate::common;

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

/// Runs `show GAME ARGS --svg FILE` and returns the picture.
fn show_svg(game: &str, args: &[&str]) -> String {
    let file = std::env::temp_dir().join(format!(
        "boardrules-show-{game}-{}-{}.svg",
        std::process::id(),
        args.len()
    ));
    let output = Command::new(common::example("show"))
        .arg(game)
        .args(args)
        .arg("--svg")
        .arg(&file)
        .output()
        .expect("show runs");
    assert!(
        output.status.success(),
        "{game} {args:?}: {}",
        String::from_utf8_lossy(&output.stderr)
    );
    let svg = std::fs::read_to_string(&file).expect("the picture");
    let _ = std::fs::remove_file(&file);
    svg
}

/// The points marked as the ones that won the game (a ring of class `winning`).
fn winning(svg: &str) -> usize {
    svg.matches("class=\"winning\"").count()
}

#[test]
fn the_picture_of_a_mill_marks_its_three_points() {
    // White's mill on the first rank: a1 b1 c1.
    let svg = show_svg("kvarn3", &["--moves", "a1 a3 b1 b3 c1"]);
    assert_eq!(winning(&svg), 3);
    // One move earlier the game goes on: nothing to mark.
    let svg = show_svg("kvarn3", &["--moves", "a1 a3 b1 b3"]);
    assert_eq!(winning(&svg), 0);
}

#[test]
fn the_picture_of_a_won_svendo_game_marks_the_line_of_five() {
    use game_core::{Outcome, Rng};
    // A random game won by a slide (every win in movement is one).
    let (record, texts) = (0..500)
        .find_map(|seed| {
            let mut rng = Rng::new(seed);
            let mut record = GameRecord::new(svendo::Position::start());
            while record.outcome().is_none() && record.moves().len() < 300 {
                let moves = record.legal_moves();
                let &mv = rng.choose(&moves)?;
                record.play(mv).ok()?;
            }
            let won = matches!(record.outcome(), Some(Outcome::Winner { .. }));
            let slid = matches!(record.moves().last(), Some(svendo::Move::Slide { .. }));
            (won && slid).then(|| {
                let texts = record.move_texts();
                (record, texts)
            })
        })
        .expect("a random game won by a slide");
    let last = *record.moves().last().expect("a last move");
    let line = record
        .current()
        .winning_line(last)
        .expect("the line that won");
    // A line is five points, and the slide that won touched it: its target is a base point
    // (rule 1) or its start a check point (rules 2 and 3).
    assert_eq!(line.len(), 5, "{line:?}");
    let svendo::Move::Slide { from, to } = last else {
        unreachable!("a slide")
    };
    assert!(line.contains(&to) || line.contains(&from), "{line:?}");
    let svg = show_svg("svendo", &["--moves", &texts.join(" ")]);
    assert_eq!(winning(&svg), 5);
}

#[test]
fn the_picture_of_a_finished_sundraval_game_carries_its_score_layer() {
    // The 3-a-side board: an opening, keep, then both pass. Both lone stones are dead, and
    // the score layer crosses them out.
    let svg = show_svg(
        "sundraval",
        &["--size", "3", "--moves", "b1+c3 keep pass pass"],
    );
    assert!(svg.contains("class=\"territories\""), "no score layer");
    assert_eq!(svg.matches("class=\"dead\"").count(), 2);
    let going_on = show_svg("sundraval", &["--size", "3", "--moves", "b1+c3 keep"]);
    assert!(!going_on.contains("class=\"territories\""));
}

#[test]
fn cheversi_attacks_are_drawn_on_request_only() {
    let moves = ["--moves", "Kd1 Qd2"];
    assert!(!show_svg("cheversi", &moves).contains("class=\"attack "));
    let with = show_svg("cheversi", &[moves[0], moves[1], "--svg-attacks"]);
    assert!(with.contains("class=\"attack "));
    // A game without attacks refuses the switch.
    let output = Command::new(common::example("show"))
        .args(["kvarn3", "--svg", "/dev/null", "--svg-attacks"])
        .output()
        .expect("show runs");
    assert_eq!(output.status.code(), Some(2));
    assert!(String::from_utf8_lossy(&output.stderr).contains("no attacks"));
}
