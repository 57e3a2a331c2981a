//! The promises every command-line tool keeps (the README's Tools section), each tried on
//! every tool as a user or a tournament manager would meet it:
//!
//! - `--help` or `-h` prints the usage on stdout and exits 0;
//! - a bad argument is one line `error: …` on stderr and exit code 2, decided before any
//!   input is read: a tool that reads stdin exits while its stdin is still open and silent;
//! - a failed read or write (stdin, stdout, a file the tool was asked to write) is one line on
//!   stderr and exit code 1;
//! - the README's command lines name exactly the options each tool's usage names.
//!
//! The examples are the ones `cargo test` built (see `common`); `crowded_captures`, an
//! example of the swedish-draughts package, is checked by that package's tests.

use crate::common;

use std::io::Write;
use std::process::{Command, Output, Stdio};
use std::time::{Duration, Instant};

use common::example;

/// The tools of the root package.
const TOOLS: [&str; 6] = ["perft", "show", "demo", "play", "ugi", "match"];

/// How long a tool may take to refuse its command line. Generous for a debug build on a
/// machine shared with compilers: a working tool refuses in milliseconds, and one that waits
/// for input would wait forever.
const PATIENCE: Duration = Duration::from_secs(30);

/// Runs `tool` with `args` and a stdin that stays open and silent, as a manager's pipe is
/// before its first command; the tool must end by itself within [`PATIENCE`].
fn run_with_open_stdin(tool: &str, args: &[&str]) -> Output {
    let mut child = Command::new(example(tool))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the tool starts");
    // Held open, never written, until the tool has ended.
    let stdin = child.stdin.take();
    let started = Instant::now();
    loop {
        if child.try_wait().expect("the tool's status").is_some() {
            break;
        }
        if started.elapsed() > PATIENCE {
            let _ = child.kill();
            let output = child.wait_with_output().expect("the killed tool");
            panic!(
                "{tool} {args:?} waited for input instead of refusing its command line: {}",
                String::from_utf8_lossy(&output.stdout)
            );
        }
        std::thread::sleep(Duration::from_millis(10));
    }
    drop(stdin);
    child.wait_with_output().expect("the tool's output")
}

/// The lines of stderr.
fn stderr_lines(output: &Output) -> Vec<String> {
    String::from_utf8_lossy(&output.stderr)
        .lines()
        .map(str::to_owned)
        .collect()
}

/// Asserts a bad-argument ending: exit code 2, nothing on stdout, one `error: …` line on
/// stderr that contains `says`.
fn assert_refused(tool: &str, args: &[&str], output: &Output, says: &str) {
    let what = format!("{tool} {args:?}");
    assert_eq!(output.status.code(), Some(2), "{what}: {output:?}");
    assert!(output.stdout.is_empty(), "{what}: {output:?}");
    let lines = stderr_lines(output);
    assert_eq!(lines.len(), 1, "{what}: one line on stderr: {lines:?}");
    assert!(lines[0].starts_with("error: "), "{what}: {lines:?}");
    assert!(
        lines[0].contains(says),
        "{what}: {lines:?} should say {says:?}"
    );
}

#[test]
fn help_prints_the_usage_on_stdout_and_exits_0() {
    for tool in TOOLS {
        for flag in ["--help", "-h"] {
            let output = run_with_open_stdin(tool, &[flag]);
            assert_eq!(output.status.code(), Some(0), "{tool} {flag}: {output:?}");
            let text = String::from_utf8(output.stdout).expect("UTF-8");
            assert!(
                text.starts_with(&format!("usage: {tool} ")),
                "{tool} {flag}: {text}"
            );
            assert!(output.stderr.is_empty(), "{tool} {flag}");
        }
    }
    // Help wins over everything else on the line, a bad argument included.
    for args in [
        &["kvarn3", "--seat", "9", "--help"][..],
        &["chess", "--bogus", "-h"],
    ] {
        let output = run_with_open_stdin("play", args);
        assert_eq!(output.status.code(), Some(0), "{args:?}");
    }
}

#[test]
fn a_bad_argument_is_one_line_and_exit_code_2_before_any_input_is_read() {
    let cases: &[(&str, &[&str], &str)] = &[
        // No game, an unknown game, an unknown option, a missing value, an extra argument.
        ("perft", &[], "missing GAME"),
        ("perft", &["kvarn3"], "missing DEPTH"),
        ("perft", &["chess", "1"], "unknown game \"chess\""),
        (
            "perft",
            &["kvarn3", "1", "--bogus"],
            "unknown option \"--bogus\"",
        ),
        ("perft", &["kvarn3", "1", "--fen"], "--fen needs a value"),
        ("perft", &["kvarn3", "x"], "DEPTH must be a number"),
        ("perft", &["kvarn3", "1", "2"], "unexpected \"2\""),
        ("show", &[], "missing GAME"),
        ("show", &["chess"], "unknown game"),
        (
            "show",
            &["kvarn3", "--size", "3"],
            "kvarn3 has no board of size 3",
        ),
        ("show", &["kvarn3", "--moves", "zz"], "move 1 \"zz\""),
        ("show", &["kvarn3", "--fen", "nonsense"], ""),
        ("show", &["kvarn3", "--svg-size", "9"], "need --svg FILE"),
        (
            "show",
            &["kvarn3", "--size", "8", "--size", "8"],
            "given twice",
        ),
        ("demo", &["x"], "SEED must be a number"),
        ("demo", &["1", "2"], "unexpected \"2\""),
        ("demo", &["--bogus"], "unknown option"),
        ("play", &[], "missing GAME"),
        ("play", &["chess"], "unknown game"),
        ("play", &["kvarn3", "--bogus"], "unknown option"),
        ("play", &["kvarn3", "--seat", "3"], "kvarn3 has 2 players"),
        ("play", &["kvarn3", "--seat", "x"], "--seat takes"),
        ("play", &["kvarn3", "--engine", "nope"], "unknown engine"),
        (
            "play",
            &["kvarn3", "--time", "soon"],
            "--time takes a number",
        ),
        ("play", &["kvarn3", "--fen", "nonsense"], ""),
        ("play", &["kvarn3", "--size", "3"], "no board of size 3"),
        ("ugi", &[], "missing GAME"),
        ("ugi", &["chess"], "unknown game \"chess\""),
        ("ugi", &["kvarn3", "--bogus"], "unknown option \"--bogus\""),
        (
            "ugi",
            &["kvarn3", "--size", "3"],
            "kvarn3 has no board of size 3",
        ),
        ("ugi", &["kvarn3", "--size"], "--size needs a value"),
        ("ugi", &["kvarn3", "svendo"], "unexpected \"svendo\""),
        (
            "ugi",
            &["svendo", "--size", "8"],
            "svendo has no board of size 8",
        ),
        ("match", &[], "missing GAME"),
        (
            "match",
            &["kvarn3", "--engine", "random"],
            "two or three engines",
        ),
        (
            "match",
            &["chess", "--engine", "a", "--engine", "b"],
            "unknown game",
        ),
        (
            "match",
            &["kvarn3", "--engine", "random", "--engine", "nope"],
            "unknown engine",
        ),
        (
            "match",
            &[
                "kvarn3", "--engine", "random", "--engine", "random", "--games", "0",
            ],
            "--games must be at least 1",
        ),
        (
            "match",
            &[
                "kvarn3",
                "--engine",
                "random",
                "--engine",
                "random",
                "--threads",
                "0",
            ],
            "--threads must be at least 1",
        ),
        (
            "match",
            &[
                "kvarn3", "--engine", "random", "--engine", "random", "--shard", "3/2",
            ],
            "I must be from 1 to N",
        ),
        (
            "match",
            &[
                "kvarn3", "--engine", "random", "--engine", "random", "--bogus",
            ],
            "unknown option",
        ),
    ];
    for &(tool, args, says) in cases {
        let output = run_with_open_stdin(tool, args);
        assert_refused(tool, args, &output, says);
    }
}

#[test]
fn match_games_0_is_refused_and_writes_no_file() {
    let dir = temp_dir("games0");
    let path = dir.join("r.jsonl").display().to_string();
    let args = [
        "kvarn3",
        "--engine",
        "random",
        "--engine",
        "random",
        "--games",
        "0",
        "--results",
        &path,
    ];
    let output = run_with_open_stdin("match", &args);
    assert_refused("match", &args, &output, "--games must be at least 1");
    assert!(
        !dir.join("r.jsonl").exists(),
        "a refused match wrote its file"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

/// A fresh directory for one test's files.
fn temp_dir(test: &str) -> std::path::PathBuf {
    let dir =
        std::env::temp_dir().join(format!("boardrules-contract-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

/// Asserts an I/O-failure ending: exit code 1 and one `error: …` line on stderr that contains
/// `says`.
fn assert_io_failure(what: &str, output: &Output, says: &str) {
    assert_eq!(output.status.code(), Some(1), "{what}: {output:?}");
    let lines = stderr_lines(output);
    assert_eq!(lines.len(), 1, "{what}: one line on stderr: {lines:?}");
    assert!(lines[0].starts_with("error: "), "{what}: {lines:?}");
    assert!(
        lines[0].contains(says),
        "{what}: {lines:?} should say {says:?}"
    );
}

#[test]
fn a_file_that_cannot_be_written_is_exit_code_1() {
    let missing = "/nonexistent-boardrules-dir/x.svg";
    let output = run_with_open_stdin("show", &["kvarn3", "--svg", missing]);
    assert_io_failure("show --svg", &output, "cannot write the picture to");
    assert!(
        output.stdout.is_empty(),
        "nothing printed before the failure"
    );
    let output = run_with_open_stdin("play", &["kvarn3", "--svg", missing]);
    assert_io_failure("play --svg", &output, "cannot write the picture to");
    let results = "/nonexistent-boardrules-dir/r.jsonl";
    let args = [
        "kvarn3",
        "--engine",
        "random",
        "--engine",
        "random",
        "--games",
        "1",
        "--results",
        results,
    ];
    let output = run_with_open_stdin("match", &args);
    assert_io_failure("match --results", &output, "the results file");
}

#[cfg(target_os = "linux")]
#[test]
fn a_full_stdout_is_exit_code_1_for_every_tool() {
    let cases: &[(&str, &[&str], &[u8])] = &[
        ("perft", &["kvarn3", "2"], b""),
        ("show", &["svendo"], b""),
        ("demo", &[], b""),
        ("play", &["kvarn3"], b"quit\n"),
        ("ugi", &["kvarn3"], b"ugi\nisready\nquit\n"),
        (
            "match",
            &[
                "kvarn3",
                "--engine",
                "random",
                "--engine",
                "random",
                "--games",
                "1",
                "--time",
                "0",
                "--results",
                "/dev/null",
                "--append",
            ],
            b"",
        ),
    ];
    for &(tool, args, input) in cases {
        let full = std::fs::File::create("/dev/full").expect("/dev/full exists on Linux");
        let mut child = Command::new(example(tool))
            .args(args)
            .stdin(Stdio::piped())
            .stdout(full)
            .stderr(Stdio::piped())
            .spawn()
            .expect("the tool starts");
        let mut stdin = child.stdin.take().expect("piped stdin");
        // A tool that has already failed may have closed its end.
        let _ = stdin.write_all(input);
        drop(stdin);
        let output = child.wait_with_output().expect("the tool ends");
        assert_io_failure(tool, &output, "");
    }
}

#[cfg(unix)]
#[test]
fn a_stdin_that_cannot_be_read_is_exit_code_1() {
    // A directory as stdin: every read fails (EISDIR).
    for (tool, args) in [("play", &["kvarn3"][..]), ("ugi", &["kvarn3"])] {
        let dir = std::fs::File::open("/").expect("the root directory opens");
        let output = Command::new(example(tool))
            .args(args)
            .stdin(dir)
            .output()
            .expect("the tool runs");
        assert_io_failure(tool, &output, "");
    }
}

/// The options (`--word`) in `text`.
fn options_in(text: &str) -> std::collections::BTreeSet<String> {
    text.split(|c: char| !(c.is_ascii_alphanumeric() || c == '-'))
        .filter(|word| word.starts_with("--") && word.len() > 2)
        .map(str::to_owned)
        .collect()
}

#[test]
fn the_readme_command_lines_name_the_options_of_each_tool_usage() {
    let readme = std::fs::read_to_string(concat!(env!("CARGO_MANIFEST_DIR"), "/README.md"))
        .expect("the README");
    // Command lines, joined across `\` continuations.
    let joined = readme.replace("\\\n", " ");
    for tool in TOOLS {
        let marker = format!("--example {tool}");
        let in_readme: std::collections::BTreeSet<String> = joined
            .lines()
            .filter_map(|line| {
                let after = &line[line.find(&marker)? + marker.len()..];
                let whole_name = !after.starts_with(|c: char| c.is_alphanumeric() || c == '_');
                // The command, without a comment after it.
                whole_name.then(|| options_in(after.split('#').next().unwrap_or("")))
            })
            .flatten()
            .collect();
        assert!(
            !in_readme.is_empty() || tool == "demo",
            "{tool}: not in the README"
        );
        let usage = run_with_open_stdin(tool, &["--help"]);
        let usage = String::from_utf8(usage.stdout).expect("UTF-8");
        let mut in_usage = options_in(&usage);
        in_usage.remove("--help");
        assert_eq!(
            in_readme, in_usage,
            "{tool}: the README's command lines and the tool's usage name other options"
        );
    }
}

#[test]
fn match_results_are_in_game_order_whatever_the_threads() {
    let dir = temp_dir("threads");
    // Engines of unequal speed and seeds chosen so that games end out of order on two
    // threads; the file must not show it.
    for (game, engines, seed) in [
        ("kvarn3", ["random", "mcts:2000"], "1"),
        ("kvarn3", ["mcts:300", "random"], "2"),
        ("svendo", ["random", "mcts:200"], "3"),
    ] {
        let file = |threads: &str| dir.join(format!("{game}-{seed}-{threads}.jsonl"));
        for threads in ["1", "2"] {
            let path = file(threads).display().to_string();
            let args = [
                game,
                "--engine",
                engines[0],
                "--engine",
                engines[1],
                "--games",
                "12",
                "--time",
                "0",
                "--openings",
                "2",
                "--seed",
                seed,
                "--threads",
                threads,
                "--results",
                &path,
            ];
            let output = run_with_open_stdin("match", &args);
            assert!(output.status.success(), "{args:?}: {output:?}");
        }
        let one = std::fs::read(file("1")).expect("the one-thread results");
        let two = std::fs::read(file("2")).expect("the two-thread results");
        let text = String::from_utf8(two.clone()).expect("UTF-8");
        for (index, line) in text.lines().enumerate() {
            assert!(
                line.starts_with(&format!("{{\"game\":{index},")),
                "{game} seed {seed}: line {index} is another game: {line}"
            );
        }
        assert_eq!(text.lines().count(), 12);
        assert!(one == two, "{game} seed {seed}: the files differ");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

/// The JSON text of a string as the results file writes it (the few escapes the format has).
fn json_text(text: &str) -> String {
    let mut out = String::from("\"");
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            c if u32::from(c) < 0x20 => out.push_str(&format!("\\u{:04x}", u32::from(c))),
            c => out.push(c),
        }
    }
    out + "\""
}

#[test]
fn a_match_results_line_is_the_documented_text() {
    // Each line rebuilt from its values, in the README's key order and number format: the
    // tool must write exactly that text.
    let dir = temp_dir("line");
    let path = dir.join("r.jsonl").display().to_string();
    let args = [
        "kvarn3",
        "--engine",
        "random",
        "--engine",
        "mcts:50",
        "--games",
        "4",
        "--time",
        "0",
        "--seed",
        "4",
        "--results",
        &path,
    ];
    let output = run_with_open_stdin("match", &args);
    assert!(output.status.success(), "{output:?}");
    let text = std::fs::read_to_string(&path).expect("the results");
    for (index, line) in text.lines().enumerate() {
        let value: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let strings = |key: &str| -> Vec<String> {
            value[key]
                .as_array()
                .expect("a list")
                .iter()
                .map(|s| json_text(s.as_str().expect("a string")))
                .collect()
        };
        let winner = match value["winner"].as_str() {
            Some(seat) => json_text(seat),
            None => "null".to_owned(),
        };
        let expected = format!(
            "{{\"game\":{index},\"opening\":{},\"seats\":[{}],\"start\":{},\"opening_plies\":{},\
             \"moves\":[{}],\"winner\":{winner},\"reason\":{},\"engine_failures\":{}}}",
            index / 2,
            strings("seats").join(","),
            json_text(value["start"].as_str().expect("start")),
            value["opening_plies"].as_u64().expect("a number"),
            strings("moves").join(","),
            json_text(value["reason"].as_str().expect("reason")),
            value["engine_failures"].as_u64().expect("a number"),
        );
        assert_eq!(line, expected);
        let seats = if index % 2 == 0 {
            "[\"random\",\"mcts:50\"]"
        } else {
            "[\"mcts:50\",\"random\"]"
        };
        assert!(line.contains(&format!("\"seats\":{seats}")), "{line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
