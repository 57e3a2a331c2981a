//! The command-line tools driven as other programs drive them: through pipes.
//!
//! The examples are the ones `cargo test` built (see `common`).

use crate::common;

use std::io::Write;
use std::path::PathBuf;
use std::process::{Command, Output, Stdio};

use common::example;

/// Runs example `name` with `args`, feeding `input` on stdin, and returns what it did.
fn run(name: &str, args: &[&str], input: &[u8]) -> Output {
    let mut child = Command::new(example(name))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("the example starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    stdin.write_all(input).expect("the example reads its input");
    drop(stdin);
    child.wait_with_output().expect("the example ends")
}

fn stdout_lines(output: &Output) -> Vec<String> {
    String::from_utf8(output.stdout.clone())
        .expect("UTF-8 output")
        .lines()
        .map(str::to_owned)
        .collect()
}

/// The replies that start with `prefix`.
fn replies<'a>(lines: &'a [String], prefix: &str) -> Vec<&'a str> {
    lines
        .iter()
        .filter(|l| l.starts_with(prefix))
        .map(String::as_str)
        .collect()
}

#[test]
fn ugi_handshake_queries_and_search() {
    let output = run(
        "ugi",
        &["kvarn3"],
        b"ugi\nisready\nuginewgame\nposition startpos moves b2\nquery p1turn\nquery turn\n\
          query gameover\nquery result\ngo nodes 200\nisready\nquit\n",
    );
    assert!(output.status.success());
    let lines = stdout_lines(&output);
    assert!(lines[0].starts_with("id name "), "{lines:?}");
    assert!(lines[1].starts_with("id author "), "{lines:?}");
    let ugiok = lines.iter().position(|l| l == "ugiok").expect("ugiok");
    assert!(lines[2..ugiok]
        .iter()
        .all(|l| l.starts_with("option name ")));
    assert_eq!(
        replies(&lines, "response"),
        [
            "response false",
            "response p2",
            "response false",
            "response none"
        ]
    );
    let best = replies(&lines, "bestmove");
    assert_eq!(best.len(), 1, "{lines:?}");
    // The move is one token, legal after b2: the engine's answer reads back as a move.
    let mv = best[0].strip_prefix("bestmove ").expect("a move");
    let check = run(
        "ugi",
        &["kvarn3"],
        format!("position startpos moves b2 {mv}\nquery p1turn\nquit\n").as_bytes(),
    );
    assert_eq!(
        replies(&stdout_lines(&check), "response"),
        ["response true"]
    );
}

#[test]
fn ugi_answers_bad_input_with_an_error_line_and_keeps_the_position() {
    let mut input = Vec::new();
    input.extend_from_slice(b"position startpos moves b2\n");
    input.extend_from_slice(b"position startpos moves b2 b2\n"); // illegal: b2 is taken
    input.extend_from_slice(b"query p1turn\n"); // still after b2 alone: black to move
    input.extend_from_slice(b"position fen nonsense\n");
    input.extend_from_slice(b"frobnicate\n");
    input.extend_from_slice(b"go depth lots\n");
    input.extend_from_slice(b"setoption name engine value no-such-engine\n");
    input.extend_from_slice(b"query colour\n");
    input.extend_from_slice(&[0xff, 0xfe, b'\n']); // not UTF-8
    input.extend_from_slice(b"query p1turn\nquit\n");
    let output = run("ugi", &["kvarn3"], &input);
    assert!(output.status.success());
    let lines = stdout_lines(&output);
    let errors = replies(&lines, "info string error: ");
    assert_eq!(errors.len(), 7, "{lines:?}");
    assert!(errors[0].contains("move 2"), "{}", errors[0]);
    assert_eq!(
        replies(&lines, "response"),
        ["response false", "response false"]
    );
}

#[test]
fn ugi_stop_ends_an_infinite_search_with_a_move() {
    let output = run(
        "ugi",
        &["kvarn3"],
        b"position startpos\ngo infinite\nisready\nstop\nquery p1turn\nquit\n",
    );
    let lines = stdout_lines(&output);
    assert_eq!(replies(&lines, "bestmove").len(), 1, "{lines:?}");
    assert!(lines.iter().any(|l| l == "readyok"));
}

#[test]
fn ugi_plays_every_game_and_says_none_when_it_is_over() {
    for game in [
        "kvarn3",
        "swedish-draughts",
        "cheversi",
        "sundraval",
        "svendo",
    ] {
        let output = run(
            "ugi",
            &[game],
            b"setoption name engine value random\nposition startpos\ngo nodes 50\nquit\n",
        );
        let lines = stdout_lines(&output);
        let best = replies(&lines, "bestmove ");
        assert_eq!(best.len(), 1, "{game}: {lines:?}");
        assert_ne!(best[0], "bestmove none", "{game}");
    }
    // Kvarn3: White's mill on the first rank ends the game.
    let output = run(
        "ugi",
        &["kvarn3"],
        b"position startpos moves a1 a3 b1 b3 c1\nquery gameover\nquery result\ngo nodes 10\nquit\n",
    );
    let lines = stdout_lines(&output);
    assert_eq!(
        replies(&lines, "response"),
        ["response true", "response p1win"]
    );
    assert_eq!(replies(&lines, "bestmove"), ["bestmove none"]);
}

#[test]
fn play_through_a_pipe_answers_mistakes_and_goes_on() {
    let mut input = Vec::new();
    input.extend_from_slice(b"help\nzz\n");
    input.extend_from_slice(&[0xc3, 0x28, b'\n']); // not UTF-8
    input.extend_from_slice(&vec![b'x'; 10_000]); // absurdly long
    input.extend_from_slice(b"\nb2\nmoves\nundo\nquit\n");
    let output = run(
        "play",
        &["kvarn3", "--engine", "random", "--time", "10"],
        &input,
    );
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(text.contains("hint"), "help lists the commands");
    assert!(text.contains("legal moves include: a1"), "{text}");
    assert!(text.contains("not UTF-8"), "{text}");
    assert!(text.contains("longer than"), "{text}");
    assert!(text.contains("last move: b2 by white"), "{text}");
    assert!(text.contains("legal moves: "), "{text}");
}

#[test]
fn play_with_engines_only_reaches_the_end_of_every_game() {
    for game in [
        "kvarn3",
        "swedish-draughts",
        "cheversi",
        "sundraval",
        "svendo",
    ] {
        let output = run(
            "play",
            &[game, "--seat", "none", "--engine", "random", "--time", "5"],
            b"",
        );
        assert!(output.status.success(), "{game}: {output:?}");
        let lines = stdout_lines(&output);
        let last = lines.last().expect("output");
        assert!(last.starts_with("outcome: "), "{game}: {last}");
        assert_ne!(last, "outcome: none", "{game}");
    }
}

#[test]
fn match_prints_the_tally_and_one_json_line_per_game() {
    let dir = std::env::temp_dir().join(format!("boardrules-match-{}", std::process::id()));
    std::fs::create_dir_all(&dir).expect("a temp dir");
    let whole = dir.join("whole.jsonl");
    let args = |file: &PathBuf, shard: &str| {
        vec![
            "kvarn3".to_owned(),
            "--engine".into(),
            "random".into(),
            "--engine".into(),
            "random".into(),
            "--games".into(),
            "6".into(),
            "--time".into(),
            "0".into(),
            "--seed".into(),
            "7".into(),
            "--shard".into(),
            shard.into(),
            "--results".into(),
            file.display().to_string(),
        ]
    };
    let run_args = |args: Vec<String>| {
        let refs: Vec<&str> = args.iter().map(String::as_str).collect();
        run("match", &refs, b"")
    };
    let output = run_args(args(&whole, "1/1"));
    assert!(output.status.success(), "{output:?}");
    let lines = stdout_lines(&output);
    assert!(
        lines.iter().any(|l| l.starts_with("random#1  p1")),
        "{lines:?}"
    );
    assert!(lines
        .iter()
        .any(|l| l.starts_with("games: 6, average length")));
    assert!(lines
        .iter()
        .any(|l| l.starts_with("elo random#1 - random#2: ")));
    let whole_lines = std::fs::read_to_string(&whole).expect("results");
    assert_eq!(whole_lines.lines().count(), 6);
    // Two shards play the same games as the whole schedule.
    let mut merged = Vec::new();
    for shard in ["1/2", "2/2"] {
        let file = dir.join(format!("shard{}.jsonl", &shard[..1]));
        assert!(run_args(args(&file, shard)).status.success());
        merged.extend(
            std::fs::read_to_string(&file)
                .expect("results")
                .lines()
                .map(str::to_owned),
        );
    }
    let mut whole_sorted: Vec<String> = whole_lines.lines().map(str::to_owned).collect();
    whole_sorted.sort();
    merged.sort();
    assert_eq!(merged, whole_sorted);
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_refuses_bad_options_with_a_message() {
    for args in [
        &["kvarn3", "--engine", "random"][..],
        &["kvarn3", "--engine", "random", "--engine", "nope"],
        &[
            "kvarn3", "--engine", "random", "--engine", "random", "--shard", "3/2",
        ],
        &["chess", "--engine", "random", "--engine", "random"],
    ] {
        let output = run("match", args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        assert!(String::from_utf8_lossy(&output.stderr).starts_with("error: "));
    }
}

#[test]
fn show_svendo_on_an_8x8_board_draws_eight_rows_of_eight() {
    let output = run("show", &["svendo", "--size", "8x8"], b"");
    assert!(output.status.success(), "{output:?}");
    let lines = stdout_lines(&output);
    // The diagram: ranks 8 down to 1, then the files a–h.
    let ranks: Vec<&String> = lines
        .iter()
        .filter(|l| l.trim_start().starts_with(|c: char| c.is_ascii_digit()))
        .collect();
    assert_eq!(ranks.len(), 8, "{lines:?}");
    assert!(ranks[0].trim_start().starts_with("8 "), "{lines:?}");
    for rank in &ranks {
        assert_eq!(rank.matches('.').count(), 8, "{rank}");
    }
    assert!(
        lines.iter().any(|l| l.trim() == "a b c d e f g h"),
        "{lines:?}"
    );
    assert!(lines.contains(&"position: 8/8/8/8/8/8/8/8 b 8m/8m/8m 0/0/0".to_owned()));
    // 64 empty points, an own stone or the master on each.
    assert!(lines.contains(&"legal moves: 128".to_owned()), "{lines:?}");
}

#[test]
fn a_size_the_game_does_not_have_is_refused_with_exit_code_2() {
    for (game, size, says) in [
        (
            "svendo",
            "8",
            "svendo has no board of size 8 (sizes: 10x6, ",
        ),
        (
            "swedish-draughts",
            "8x8",
            "swedish-draughts has no board of size 8x8 (sizes: 10, 8)",
        ),
        ("sundraval", "5x5", "sundraval has no board of size 5x5"),
        (
            "kvarn3",
            "8",
            "kvarn3 has no board of size 8 (it has a single board)",
        ),
    ] {
        let output = run("show", &[game, "--size", size], b"");
        assert_eq!(output.status.code(), Some(2), "{game} {size}: {output:?}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains(says), "{game} {size}: {err}");
        assert!(output.stdout.is_empty(), "{game} {size}");
    }
    for junk in ["8X8", "0", "8x", "eight", "99999999999x5"] {
        let output = run("show", &["svendo", "--size", junk], b"");
        assert_eq!(output.status.code(), Some(2), "{junk}");
        let err = String::from_utf8_lossy(&output.stderr);
        assert!(err.contains("--size takes N or WxH"), "{junk}: {err}");
    }
}

#[test]
fn ugi_plays_svendo_on_the_board_of_size() {
    // h5 is a point of the 8 x 5 board (and of 10 x 6); a6 is on 10 x 6 only.
    let output = run(
        "ugi",
        &["svendo", "--size", "8x5"],
        b"ugi\nisready\nposition startpos\nquery turn\nposition startpos moves h5\nquery turn\n\
          position startpos moves a6\nquit\n",
    );
    assert!(output.status.success(), "{output:?}");
    let lines = stdout_lines(&output);
    assert!(lines.contains(&"readyok".to_owned()), "{lines:?}");
    assert_eq!(replies(&lines, "response"), ["response p1", "response p2"]);
    let errors = replies(&lines, "info string error: ");
    assert_eq!(errors.len(), 1, "{lines:?}");
    assert!(errors[0].contains("a6"), "{}", errors[0]);
}

#[test]
fn perft_counts_the_svendo_start_on_an_8x8_board() {
    // Hand count: 64 empty points, Black places an own stone or the master on any: 128; then
    // White has 63 empty points, two kinds each: 128 · 126.
    for (depth, count) in [("1", "perft 1: 128"), ("2", "perft 2: 16128")] {
        let output = run("perft", &["svendo", depth, "--size", "8x8"], b"");
        assert!(output.status.success(), "{output:?}");
        assert_eq!(stdout_lines(&output), [count]);
    }
}

/// A fresh directory for one test's files.
fn temp_dir(test: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("boardrules-{test}-{}", std::process::id()));
    let _ = std::fs::remove_dir_all(&dir);
    std::fs::create_dir_all(&dir).expect("a temp dir");
    dir
}

fn run_owned(name: &str, args: &[String]) -> Output {
    let refs: Vec<&str> = args.iter().map(String::as_str).collect();
    run(name, &refs, b"")
}

/// `match kvarn3` between two random engines on work budgets, `extra` appended.
fn random_match(extra: &[&str]) -> Vec<String> {
    let mut args: Vec<String> = [
        "kvarn3", "--engine", "random", "--engine", "random", "--time", "0", "--seed", "3",
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    args.extend(extra.iter().map(|s| (*s).to_owned()));
    args
}

#[test]
fn match_never_truncates_an_existing_results_file() {
    let dir = temp_dir("match-append");
    let file = dir.join("results.jsonl");
    std::fs::write(&file, "{\"old\":1}\n").expect("a results file");
    let path = file.display().to_string();
    // Without --append it is refused before any game is played.
    let output = run_owned(
        "match",
        &random_match(&["--games", "1", "--results", &path]),
    );
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    assert!(String::from_utf8_lossy(&output.stderr).contains("--append"));
    assert_eq!(
        std::fs::read_to_string(&file).expect("read"),
        "{\"old\":1}\n"
    );
    // --append adds the new games after the old line.
    let output = run_owned(
        "match",
        &random_match(&["--games", "2", "--results", &path, "--append"]),
    );
    assert!(output.status.success(), "{output:?}");
    let text = std::fs::read_to_string(&file).expect("read");
    let lines: Vec<&str> = text.lines().collect();
    assert_eq!(lines.len(), 3, "{text}");
    assert_eq!(lines[0], "{\"old\":1}");
    assert!(lines[1].starts_with("{\"game\":"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_json_lines_start_where_their_moves_start() {
    let dir = temp_dir("match-start");
    let path = dir.join("r.jsonl").display().to_string();
    let output = run_owned(
        "match",
        &random_match(&["--games", "2", "--openings", "3", "--results", &path]),
    );
    assert!(output.status.success(), "{output:?}");
    for line in std::fs::read_to_string(&path).expect("results").lines() {
        let game: serde_json::Value = serde_json::from_str(line).expect("a JSON line");
        let start: kvarn3::Position = game["start"]
            .as_str()
            .expect("start")
            .parse()
            .expect("start is a position");
        // The game starts from the empty board, the opening's three moves included in moves.
        assert_eq!(start, kvarn3::Position::start(), "{line}");
        assert_eq!(game["opening_plies"], 3, "{line}");
        let mut record = game_core::GameRecord::new(start);
        for mv in game["moves"].as_array().expect("moves") {
            record
                .play_text(mv.as_str().expect("a move text"))
                .unwrap_or_else(|e| panic!("{line}: {e}"));
        }
        assert!(record.outcome().is_some(), "{line}");
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn match_with_absurd_game_counts_plays_only_its_shard() {
    let dir = temp_dir("match-huge");
    for (games, shards) in [
        ("1000000000000", "1000000000000"),
        ("18446744073709551615", "18446744073709551615"),
    ] {
        let path = dir.join(format!("{games}.jsonl")).display().to_string();
        let shard = format!("{shards}/{shards}");
        let output = run_owned(
            "match",
            &random_match(&["--games", games, "--shard", &shard, "--results", &path]),
        );
        assert!(output.status.success(), "{games}: {output:?}");
        let header = stdout_lines(&output).into_iter().next().expect("a header");
        assert!(header.contains(", 1 game (shard "), "{header}");
        let text = std::fs::read_to_string(&path).expect("results");
        assert_eq!(text.lines().count(), 1, "{games}");
        // The last game of the schedule, numbered from 0.
        let last = games.parse::<u64>().expect("a number") - 1;
        assert!(
            text.starts_with(&format!("{{\"game\":{last},")),
            "{games}: {text}"
        );
    }
    let _ = std::fs::remove_dir_all(&dir);
}

#[cfg(target_os = "linux")]
#[test]
fn match_on_a_full_disk_exits_with_the_io_code_not_the_usage_code() {
    let output = run_owned(
        "match",
        &random_match(&["--games", "2", "--results", "/dev/full", "--append"]),
    );
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("/dev/full"), "{err}");
    assert!(!err.contains("panicked"), "{err}");
}

#[test]
fn match_never_prints_an_infinite_or_negative_zero_elo() {
    let dir = temp_dir("match-elo");
    // Kvarn3's solver against random moves: a clean sweep, and an Elo bound instead of +inf.
    let path = dir.join("r.jsonl").display().to_string();
    let args: Vec<String> = [
        "kvarn3",
        "--engine",
        "default",
        "--engine",
        "random",
        "--time",
        "0",
        "--games",
        "2",
        "--openings",
        "0",
        "--results",
        &path,
    ]
    .iter()
    .map(|s| (*s).to_owned())
    .collect();
    let output = run_owned("match", &args);
    assert!(output.status.success(), "{output:?}");
    let lines = stdout_lines(&output);
    let elo = lines
        .iter()
        .find(|l| l.starts_with("elo default - random: "))
        .expect("an Elo line");
    // The seed fixes the games: the solver wins both.
    assert_eq!(
        elo,
        "elo default - random: no estimate (default won all 2 games; 95%: at least -216)"
    );
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_refuses_a_seat_the_game_does_not_have() {
    let output = run("play", &["kvarn3", "--seat", "3"], b"");
    assert_eq!(output.status.code(), Some(2), "{output:?}");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("kvarn3 has 2 players"), "{err}");
    assert!(output.stdout.is_empty());
    // Svendo has a third seat.
    let output = run(
        "play",
        &["svendo", "--seat", "3", "--engine", "random", "--time", "5"],
        b"quit\n",
    );
    assert!(output.status.success(), "{output:?}");
}

#[test]
fn play_starts_from_fen_ends_with_the_reason_and_offers_a_new_game() {
    // Two white stones on the first rank and White to move: b1 closes the mill.
    let output = run(
        "play",
        &["kvarn3", "--seat", "all", "--fen", "BB./.../W.W w"],
        b"b1\nc3\nnew\nmoves\nquit\n",
    );
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(text.contains("outcome: winner white (mill)"), "{text}");
    assert!(text.contains("game over: new, undo"), "{text}");
    // A move after the end is answered, and the game does not go on.
    assert!(text.contains("the game is over: type new"), "{text}");
    // The new game starts from the --fen position again: five empty points.
    assert!(text.contains("a new game"), "{text}");
    assert!(
        text.contains("legal moves: b1 c2 a2 b2 c3") || text.contains("legal moves: b1 "),
        "{text}"
    );
}

#[test]
fn play_saves_and_loads_the_json_game_record() {
    let dir = temp_dir("play-save");
    let file = dir.join("game.json");
    let path = file.display().to_string();
    let output = run(
        "play",
        &["kvarn3", "--seat", "all"],
        format!("b2\na1\nsave {path}\nquit\n").as_bytes(),
    );
    assert!(output.status.success(), "{output:?}");
    let record: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(&file).expect("saved")).expect("JSON");
    assert_eq!(record["game"], "kvarn3");
    assert_eq!(record["moves"], serde_json::json!(["b2", "a1"]));
    // Loaded again, the game goes on from the third ply: a1 is taken, b1 is not.
    let output = run(
        "play",
        &["kvarn3", "--seat", "all"],
        format!("load {path}\na1\nb1\nquit\n").as_bytes(),
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(text.contains("loaded a game of 2 plies"), "{text}");
    assert!(text.contains("last move: b1 by white"), "{text}");
    // A record whose rules say nothing is refused, not read as "no draw rules".
    std::fs::write(
        &file,
        r#"{"format":1,"game":"kvarn3","start":".../.../... w","rules":{},"moves":[]}"#,
    )
    .expect("write");
    let output = run(
        "play",
        &["kvarn3", "--seat", "all"],
        format!("load {path}\nquit\n").as_bytes(),
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(text.contains("missing field `repetitions`"), "{text}");
    assert!(!text.contains("loaded a game"), "{text}");
    let _ = std::fs::remove_dir_all(&dir);
}

#[test]
fn play_says_when_the_pie_swap_changes_your_colour() {
    // The person sits second; the engine opens, the person swaps and plays Black.
    let output = run(
        "play",
        &[
            "sundraval",
            "--size",
            "5",
            "--seat",
            "2",
            "--engine",
            "random",
            "--time",
            "5",
        ],
        b"swap\nquit\n",
    );
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(
        text.contains("the pie swap changed your colour: you (second seat) now play black"),
        "{text}"
    );
}

#[cfg(unix)]
#[test]
fn play_skips_an_endless_line_without_holding_it_in_memory() {
    // 256 MB without a newline, under a 160 MB address-space limit: a reader that kept the
    // line would run out of memory long before its end.
    let script = r#"ulimit -v 163840 && exec "$0" kvarn3 --seat all"#;
    let mut child = Command::new("sh")
        .args(["-c", script])
        .arg(example("play"))
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("sh starts");
    let mut stdin = child.stdin.take().expect("piped stdin");
    let writer = std::thread::spawn(move || {
        let chunk = vec![b'x'; 1 << 20];
        for _ in 0..256 {
            if stdin.write_all(&chunk).is_err() {
                return;
            }
        }
        let _ = stdin.write_all(b"\nb2\nquit\n");
    });
    let output = child.wait_with_output().expect("play ends");
    writer.join().expect("the writer");
    assert!(output.status.success(), "{output:?}");
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(text.contains("longer than 4096 bytes"), "{text}");
    assert!(text.contains("last move: b2 by white"), "{text}");
}

#[test]
fn text_boards_show_the_coordinates_the_notation_uses() {
    // Draughts: the square numbers beside the board; 1 is Black's first square, top left,
    // 50 White's last, bottom right.
    let lines = stdout_lines(&run("show", &["swedish-draughts"], b""));
    assert!(
        lines[0].trim_end().ends_with("1   2   3   4   5"),
        "{lines:?}"
    );
    assert!(
        lines[9].trim_end().ends_with("46  47  48  49  50"),
        "{lines:?}"
    );
    // Sundraval: row 1 at the bottom, over the column letters a, b, c …, and c3 (row 3's
    // third point, the centre column of the 3-a-side board) holds the stone played there.
    let lines = stdout_lines(&run(
        "show",
        &["sundraval", "--size", "3", "--moves", "a1+c3"],
        b"",
    ));
    let row = |n: &str| {
        lines
            .iter()
            .find(|l| l.split_whitespace().next() == Some(n))
            .unwrap_or_else(|| panic!("row {n}: {lines:?}"))
    };
    assert_eq!(row("5").trim_end(), " 5   . . .");
    assert_eq!(row("3").trim_end(), " 3 . . W . .");
    assert_eq!(row("1").trim_end(), " 1   B . . d");
    let below = lines.iter().position(|l| l == row("1")).expect("row 1") + 1;
    assert_eq!(lines[below].trim(), "a b c");
    // Svendo says what M stands for.
    let lines = stdout_lines(&run("show", &["svendo"], b""));
    assert!(
        lines.iter().any(|l| l.contains("M: a green master stone")),
        "{lines:?}"
    );
}

#[test]
fn messages_count_in_words_that_agree_and_name_the_real_reason() {
    let stderr = |args: &[&str]| {
        let output = run("show", args, b"");
        assert_eq!(output.status.code(), Some(2), "{args:?}");
        String::from_utf8(output.stderr).expect("UTF-8")
    };
    // One point, not "1 points".
    let err = stderr(&["kvarn3", "--fen", "W/.../... w"]);
    assert!(err.contains("rank 3 has only 1 point;"), "{err}");
    // A taken point is taken, not "off the board or taken".
    let err = stderr(&["svendo", "--moves", "a1 a1"]);
    assert!(err.contains("the point is taken"), "{err}");
    // A draughts move from an empty square says so, also while a capture is on.
    let err = stderr(&[
        "swedish-draughts",
        "--fen",
        "W:W32,33:B28",
        "--moves",
        "30x19",
    ]);
    assert!(err.contains("square 30 is empty"), "{err}");
    // Sundraval's score lines: one dead stone.
    let output = run(
        "show",
        &[
            "sundraval",
            "--size",
            "3",
            "--moves",
            "b1+c3 keep pass pass",
        ],
        b"",
    );
    let text = String::from_utf8(output.stdout).expect("UTF-8");
    assert!(text.contains("dead 1 (1 stone);"), "{text}");
}

#[test]
fn a_sundraval_result_names_the_seat_and_its_colour() {
    // Random engines on the 3-a-side board (seeded: the same game every run, a win).
    let output = run(
        "play",
        &[
            "sundraval",
            "--size",
            "3",
            "--seat",
            "none",
            "--engine",
            "random",
            "--time",
            "5",
        ],
        b"",
    );
    let lines = stdout_lines(&output);
    let last = lines.last().expect("an outcome");
    let rest = last
        .strip_prefix("outcome: winner ")
        .unwrap_or_else(|| panic!("a win: {last}"));
    let mut words = rest.split_whitespace();
    let seat = words.next().expect("a seat");
    let colour = words.next().expect("a colour");
    assert!(["first", "second"].contains(&seat), "{last}");
    assert!(["(black)", "(white)"].contains(&colour), "{last}");
}

#[cfg(unix)]
#[test]
fn match_keeps_whole_json_lines_when_the_file_cannot_grow() {
    // A file size limit of 512 bytes (ulimit -f counts 512-byte blocks), with SIGXFSZ ignored
    // so that a write past it fails instead of killing the tool: a few lines fit, the one
    // that does not is taken back whole.
    let dir = temp_dir("match-full");
    let path = dir.join("r.jsonl").display().to_string();
    let script = r#"trap '' XFSZ; ulimit -f 1 && exec "$0" "$@""#;
    let output = Command::new("sh")
        .args(["-c", script])
        .arg(example("match"))
        .args(random_match(&["--games", "20", "--results", &path]))
        .output()
        .expect("sh runs");
    assert_eq!(output.status.code(), Some(1), "{output:?}");
    let err = String::from_utf8_lossy(&output.stderr);
    assert!(err.contains("the results file"), "{err}");
    let text = std::fs::read_to_string(&path).expect("the results");
    assert!(
        !text.is_empty() && text.len() <= 512,
        "{} bytes",
        text.len()
    );
    assert!(text.ends_with('\n'), "a cut line: {text}");
    for line in text.lines() {
        serde_json::from_str::<serde_json::Value>(line).expect("whole JSON lines only");
    }
    let _ = std::fs::remove_dir_all(&dir);
}
