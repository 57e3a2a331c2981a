//! The `crowded_captures` example keeps the tools' promises: `--help` prints its usage and
//! exits 0 without searching, a bad argument is one line on stderr and exit code 2 before
//! any search, a failed write exit code 1.
//!
//! `cargo test` builds the package's examples before it runs the tests, so the example is
//! run from `target/<profile>/examples/` (`cargo test --test all` alone does not rebuild it:
//! run the whole suite, or `cargo build -p swedish-draughts --examples` first).

use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use swedish_draughts::Game;

/// The example built for this test run.
fn example() -> PathBuf {
    let exe = std::env::current_exe().expect("the test binary's path");
    // target/<profile>/deps/TEST-HASH → target/<profile>/examples/NAME
    let dir = exe
        .parent()
        .and_then(|deps| deps.parent())
        .expect("the test binary lives in target/<profile>/deps");
    let path = dir
        .join("examples")
        .join(format!("crowded_captures{}", std::env::consts::EXE_SUFFIX));
    assert!(
        path.exists(),
        "{} is missing: cargo test builds the examples; run the whole suite",
        path.display()
    );
    path
}

fn run(args: &[&str]) -> Output {
    Command::new(example())
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the example runs")
}

fn stderr_lines(output: &Output) -> Vec<String> {
    String::from_utf8_lossy(&output.stderr)
        .lines()
        .map(str::to_owned)
        .collect()
}

#[test]
fn help_prints_the_usage_and_searches_nothing() {
    for flag in ["--help", "-h"] {
        // With arguments that would start a long search: help comes first.
        let output = run(&["10", "1", "100000000", "1000", flag]);
        assert_eq!(output.status.code(), Some(0), "{output:?}");
        let text = String::from_utf8(output.stdout).expect("UTF-8");
        assert!(text.starts_with("usage: crowded_captures "), "{text}");
        assert!(!text.contains("best"), "{text}");
        assert!(output.stderr.is_empty());
    }
}

#[test]
fn a_bad_argument_is_one_line_and_exit_code_2() {
    for (args, says) in [
        (&["abc", "1", "2", "3"][..], "SIZE is 10 or 8, not \"abc\""),
        (&["9", "1", "2", "3"], "SIZE is 10 or 8"),
        (&["10", "x", "2", "3"], "SEED must be a whole number"),
        (&["10", "1", "-2", "3"], "STEPS must be a whole number"),
        (&["10", "1", "2", "many"], "RESTARTS must be a whole number"),
        (&["10", "1", "2", "3", "pairs"], "can only be pair"),
        (
            &["10", "1", "2", "3", "pair", "more"],
            "at most 5 arguments",
        ),
    ] {
        let output = run(args);
        assert_eq!(output.status.code(), Some(2), "{args:?}: {output:?}");
        assert!(output.stdout.is_empty(), "{args:?}: searched anyway");
        let lines = stderr_lines(&output);
        assert_eq!(lines.len(), 1, "{args:?}: {lines:?}");
        assert!(lines[0].starts_with("error: "), "{lines:?}");
        assert!(lines[0].contains(says), "{lines:?} should say {says:?}");
    }
}

#[test]
fn a_short_search_ends_with_its_best_score() {
    let output = run(&["8", "1", "200", "2", "pair"]);
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    let last = text.lines().last().expect("a last line");
    let best: usize = last
        .strip_prefix("best ")
        .and_then(|n| n.parse().ok())
        .unwrap_or_else(|| panic!("a best score: {last}"));
    // The lines before it: each new best, rising, the last of them the best; each with a
    // position that reads back.
    let found: Vec<usize> = text
        .lines()
        .rev()
        .skip(1)
        .map(|line| {
            let (score, position) = line.split_once(' ').expect("SCORE POSITION");
            swedish_draughts::Position::parse_position(
                position,
                Some(swedish_draughts::BoardSize::Side(8)),
            )
            .unwrap_or_else(|e| panic!("{line}: {e}"));
            score.parse().expect("a score")
        })
        .collect();
    assert!(found.windows(2).all(|w| w[0] > w[1]), "{text}");
    assert_eq!(found.first().copied().unwrap_or(0), best, "{text}");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_exit_code_1() {
    let full = std::fs::File::create("/dev/full").expect("/dev/full exists on Linux");
    let output = Command::new(example())
        .args(["8", "1", "10", "1"])
        .stdout(full)
        .output()
        .expect("the example runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    assert_eq!(stderr_lines(&output).len(), 1);
}
