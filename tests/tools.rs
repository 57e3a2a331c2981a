//! The command-line examples under hostile conditions: arguments that are not UTF-8, absurd
//! depths, huge arguments, a reader that closes the pipe early and a full disk. Each must end
//! with a message and an exit code, never a panic.
//!
//! The examples are the ones `cargo test` built (see `common`).

use crate::common;

use std::ffi::OsString;
use std::process::{Command, Output, Stdio};

use common::example;

fn run(name: &str, args: &[OsString]) -> Output {
    Command::new(example(name))
        .args(args)
        .stdin(Stdio::null())
        .output()
        .expect("the example runs")
}

fn words(args: &[&str]) -> Vec<OsString> {
    args.iter().map(OsString::from).collect()
}

fn stderr(output: &Output) -> String {
    String::from_utf8_lossy(&output.stderr).into_owned()
}

fn assert_no_panic(output: &Output) {
    let err = stderr(output);
    assert!(!err.contains("panicked"), "the tool panicked: {err}");
}

#[cfg(unix)]
fn not_utf8() -> OsString {
    use std::os::unix::ffi::OsStringExt;
    OsString::from_vec(vec![b'k', 0xff, 0xfe, b'3'])
}

#[cfg(unix)]
#[test]
fn arguments_that_are_not_utf8_get_a_message_and_exit_code_2() {
    for (tool, mut args) in [
        ("perft", vec![]),
        ("show", vec![]),
        ("demo", vec![]),
        ("play", words(&["kvarn3"])),
        ("match", words(&["kvarn3", "--engine"])),
        ("perft", words(&["kvarn3"])),
    ] {
        args.push(not_utf8());
        let output = run(tool, &args);
        assert_no_panic(&output);
        assert_eq!(output.status.code(), Some(2), "{tool}: {}", stderr(&output));
        assert!(
            stderr(&output).contains("is not UTF-8 text"),
            "{tool}: {}",
            stderr(&output)
        );
    }
}

#[test]
fn a_perft_depth_beyond_the_bound_is_refused_at_once() {
    let output = run("perft", &words(&["kvarn3", "99999999"]));
    assert_no_panic(&output);
    assert_eq!(output.status.code(), Some(2));
    assert!(
        stderr(&output).contains("perft depth 99999999 is too deep (at most 64)"),
        "{}",
        stderr(&output)
    );
    assert!(output.stdout.is_empty());
}

#[test]
fn huge_arguments_give_short_messages() {
    // Linux refuses single arguments of 128 KiB and more (MAX_ARG_STRLEN).
    let huge = "x".repeat(120_000);
    for args in [
        vec![huge.as_str(), "2"],
        vec!["kvarn3", huge.as_str()],
        vec!["kvarn3", "2", "--size", huge.as_str()],
        vec!["kvarn3", "2", huge.as_str()],
    ] {
        let output = run("perft", &words(&args));
        assert_no_panic(&output);
        assert_eq!(output.status.code(), Some(2));
        assert!(
            output.stderr.len() < 1000,
            "{} bytes of error",
            output.stderr.len()
        );
    }
    let output = run("demo", &words(&[&huge]));
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stderr.len() < 1000);
}

#[cfg(feature = "kvarn3")]
#[test]
fn huge_move_lists_and_positions_give_short_messages() {
    let huge = "a1-".repeat(40_000);
    let output = run("show", &words(&["kvarn3", "--moves", &huge]));
    assert_no_panic(&output);
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stderr.len() < 1000, "{}", output.stderr.len());
    let output = run("show", &words(&["kvarn3", "--fen", &huge]));
    assert_eq!(output.status.code(), Some(2));
    assert!(output.stderr.len() < 1000, "{}", output.stderr.len());
}

/// Runs `tool`, reads its first line of stdout and closes the pipe; returns that line and the
/// finished process's output.
#[cfg(any(feature = "sundraval", feature = "kvarn3"))]
fn first_line_then_close(tool: &str, args: &[&str]) -> (String, Output) {
    let mut child = Command::new(example(tool))
        .args(args)
        .stdin(Stdio::null())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example runs");
    use std::io::{BufRead, BufReader};
    let mut first = String::new();
    {
        let stdout = child.stdout.take().expect("piped stdout");
        BufReader::new(stdout)
            .read_line(&mut first)
            .expect("a first line");
        // The reader is dropped here: the pipe is closed, as by `| head -1`.
    }
    (first, child.wait_with_output().expect("the example ends"))
}

#[cfg(feature = "sundraval")]
#[test]
fn a_closed_pipe_ends_perft_quietly_with_exit_code_0() {
    // Sundraval's opening has 46,872 moves: the divide is far more than a pipe buffer holds,
    // so the writes after the close must fail.
    let (first, output) = first_line_then_close("perft", &["sundraval", "1", "--divide"]);
    assert!(first.ends_with(": 1\n"), "{first:?}");
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
    assert!(output.stderr.is_empty(), "{}", stderr(&output));
}

#[test]
fn a_closed_pipe_ends_show_and_demo_quietly_with_exit_code_0() {
    for (tool, args) in [("show", &["svendo"][..]), ("demo", &[][..])] {
        // Their output fits a pipe buffer, so close the pipe at once, before the first write.
        let mut child = Command::new(example(tool))
            .args(args)
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("the example runs");
        drop(child.stdout.take());
        let output = child.wait_with_output().expect("the example ends");
        assert_no_panic(&output);
        assert_eq!(output.status.code(), Some(0), "{tool}: {}", stderr(&output));
        assert!(
            !stderr(&output).contains("cannot write"),
            "{tool}: {}",
            stderr(&output)
        );
    }
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_disk_is_a_message_and_exit_code_1() {
    let cases: &[(&str, &[&str])] = &[
        ("show", &["svendo"]),
        ("demo", &[]),
        ("perft", &["tictactoe-free", "1"]),
    ];
    for &(tool, args) in cases {
        let full = std::fs::File::create("/dev/full").expect("/dev/full exists on Linux");
        let output = Command::new(example(tool))
            .args(args)
            .stdin(Stdio::null())
            .stdout(full)
            .output()
            .expect("the example runs");
        assert_no_panic(&output);
        if tool == "perft" {
            // An unknown game fails before any output: a usage error, not a write error.
            assert_eq!(output.status.code(), Some(2));
            continue;
        }
        assert_eq!(output.status.code(), Some(1), "{tool}: {}", stderr(&output));
        assert!(
            stderr(&output).contains("cannot write the output"),
            "{tool}: {}",
            stderr(&output)
        );
    }
}

#[cfg(all(target_os = "linux", feature = "kvarn3"))]
#[test]
fn the_play_example_survives_a_full_disk_and_a_closed_pipe() {
    let full = std::fs::File::create("/dev/full").expect("/dev/full exists on Linux");
    let output = Command::new(example("play"))
        .arg("kvarn3")
        .stdin(Stdio::null())
        .stdout(full)
        .output()
        .expect("the example runs");
    assert_no_panic(&output);
    assert_eq!(output.status.code(), Some(1), "{}", stderr(&output));
    let (first, output) = first_line_then_close("play", &["kvarn3"]);
    assert!(first.starts_with("kvarn3: white you"), "{first:?}");
    assert_no_panic(&output);
    assert_eq!(output.status.code(), Some(0), "{}", stderr(&output));
}
