//! The `ugi` example driven through pipes the way a tournament manager drives it: one command
//! at a time, the next written the moment the answer arrives, and every answer checked against
//! the rules of the position that was sent.
//!
//! The examples are the ones `cargo test` built (see `common`). The refereed engine-against-
//! engine games at the end are `#[ignore]`d (minutes of wall-clock time); run them with
//!
//! ```text
//! cargo test --release --test all ugi:: -- --ignored --nocapture
//! ```
//!
//! (`UGI_REFEREE_GAMES`, default 2, sets the games per game and time; `UGI_REFEREE_MS`,
//! default `20,100,500`, the times a move; `UGI_REFEREE_ENGINE` another engine program to
//! referee instead of the `ugi` example, such as an older build.)

use crate::common;

use std::io::{BufRead, BufReader, Write};
use std::path::{Path, PathBuf};
use std::process::{Child, ChildStdin, Command, ExitStatus, Stdio};
use std::sync::mpsc::{self, Receiver, RecvTimeoutError};
use std::thread;
use std::time::{Duration, Instant};

use boardrules::games::{self, Describe, GameVisitor};
use game_core::{BoardSize, GameRecord};

use common::example;

/// How long a reply may take before the test calls the engine hung. Generous: a debug build
/// on a machine shared with compilers; a working engine answers `go movetime 1` in
/// milliseconds.
const PATIENCE: Duration = Duration::from_secs(20);

/// The replies that are protocol errors.
const ERROR: &str = "info string error";

/// A running `ugi` process with its pipes, as a manager holds it.
struct Ugi {
    child: Child,
    stdin: ChildStdin,
    /// The engine's output lines, read on a thread of their own so that a silent engine
    /// fails the test instead of hanging it.
    lines: Receiver<String>,
    /// Everything read so far, for failure messages.
    transcript: Vec<String>,
}

impl Ugi {
    /// Starts `ugi GAME [args]`.
    fn start(args: &[&str]) -> Self {
        Self::start_program(&example("ugi"), args)
    }

    /// Starts the UGI engine `program` with `args`.
    fn start_program(program: &Path, args: &[&str]) -> Self {
        let mut child = Command::new(program)
            .args(args)
            .stdin(Stdio::piped())
            .stdout(Stdio::piped())
            .stderr(Stdio::inherit())
            .spawn()
            .expect("the ugi example starts");
        let stdin = child.stdin.take().expect("piped stdin");
        let stdout = child.stdout.take().expect("piped stdout");
        let (sender, lines) = mpsc::channel();
        thread::spawn(move || {
            for line in BufReader::new(stdout).lines() {
                let Ok(line) = line else { return };
                if sender.send(line).is_err() {
                    return;
                }
            }
        });
        Ugi {
            child,
            stdin,
            lines,
            transcript: Vec::new(),
        }
    }

    /// Writes one command.
    fn send(&mut self, command: &str) {
        writeln!(self.stdin, "{command}").expect("the engine reads its input");
        self.stdin.flush().expect("the engine reads its input");
    }

    /// The next line, if one comes within `wait`; `None` also when the engine's output ended.
    fn next_line(&mut self, wait: Duration) -> Option<String> {
        match self.lines.recv_timeout(wait) {
            Ok(line) => {
                self.transcript.push(line.clone());
                Some(line)
            }
            Err(RecvTimeoutError::Timeout | RecvTimeoutError::Disconnected) => None,
        }
    }

    /// The lines up to and including the first that starts with `prefix`.
    fn until(&mut self, prefix: &str) -> Vec<String> {
        let deadline = Instant::now() + PATIENCE;
        let mut lines: Vec<String> = Vec::new();
        loop {
            let wait = deadline.saturating_duration_since(Instant::now());
            let Some(line) = self.next_line(wait) else {
                let errors: Vec<&String> = lines.iter().filter(|l| l.starts_with(ERROR)).collect();
                panic!(
                    "no {prefix:?} within {PATIENCE:?} (errors: {errors:?}); the last lines: {:?}",
                    self.tail()
                );
            };
            let done = line.starts_with(prefix);
            lines.push(line);
            if done {
                return lines;
            }
        }
    }

    /// The last lines read, for failure messages.
    fn tail(&self) -> &[String] {
        &self.transcript[self.transcript.len().saturating_sub(12)..]
    }

    /// Sends `quit` and waits for the process to end (at most [`PATIENCE`]).
    fn quit(mut self) -> (ExitStatus, Vec<String>) {
        self.send("quit");
        let deadline = Instant::now() + PATIENCE;
        loop {
            if let Some(status) = self.child.try_wait().expect("the engine's status") {
                let rest: Vec<String> = self.lines.iter().collect();
                return (status, rest);
            }
            assert!(Instant::now() < deadline, "quit did not end the engine");
            thread::sleep(Duration::from_millis(5));
        }
    }
}

impl Drop for Ugi {
    fn drop(&mut self) {
        // A failed test must not leave the engine running.
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

/// `position startpos [moves …]` for the moves played so far.
fn position_command(moves: &[String]) -> String {
    if moves.is_empty() {
        "position startpos".to_owned()
    } else {
        format!("position startpos moves {}", moves.join(" "))
    }
}

/// The move of a `bestmove MOVE` line.
fn best_move(line: &str) -> &str {
    line.strip_prefix("bestmove ")
        .unwrap_or_else(|| panic!("not a bestmove line: {line:?}"))
}

/// The `ugi` command line for a game, with `--size N` when a size is given.
fn ugi_args(game: &str, size: Option<&str>) -> Vec<String> {
    let mut args = vec![game.to_owned()];
    if let Some(size) = size {
        args.extend(["--size".to_owned(), size.to_owned()]);
    }
    args
}

/// The start position of `G` on the board the command line names.
fn start_of<G: Describe>(size: Option<&str>) -> G {
    let size = size.map(|s| s.parse::<BoardSize>().expect("a board size"));
    games::setup(None, size).expect("a board of the game")
}

/// `cycles` times: `position` (the game so far), `go movetime 1`, and the next `position` the
/// moment `bestmove` arrives, over games played out by the engine's own answers. No error line
/// is allowed and every answer must be a legal move of the position sent.
struct Cycles {
    size: Option<&'static str>,
    cycles: usize,
}

impl GameVisitor for Cycles {
    type Output = ();

    fn visit<G: Describe>(self) {
        let args = ugi_args(G::NAME, self.size);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let mut ugi = Ugi::start(&args);
        let start = start_of::<G>(self.size);
        let mut record = GameRecord::new(start);
        let mut moves = Vec::new();
        for cycle in 0..self.cycles {
            if record.outcome().is_some() {
                ugi.send("uginewgame");
                record = GameRecord::new(start);
                moves.clear();
            }
            let position = position_command(&moves);
            ugi.send(&position);
            ugi.send("go movetime 1");
            let lines = ugi.until("bestmove");
            if let Some(error) = lines.iter().find(|l| l.starts_with(ERROR)) {
                panic!("{} cycle {cycle}: {error}\nafter {position}", G::NAME);
            }
            let answer = best_move(lines.last().expect("a bestmove line"));
            if let Err(err) = record.play_text(answer) {
                panic!(
                    "{} cycle {cycle}: bestmove {answer} is not a move of the position sent \
                     ({err})\n{position}",
                    G::NAME
                );
            }
            moves.push(answer.to_owned());
        }
        let (status, rest) = ugi.quit();
        assert!(status.success(), "{}: {status}", G::NAME);
        assert!(
            !rest
                .iter()
                .any(|l| l.starts_with(ERROR) || l.starts_with("bestmove")),
            "{}: after the last cycle: {rest:?}",
            G::NAME
        );
    }
}

/// The number of `position`/`go`/`bestmove` cycles a game is driven through.
const CYCLES: usize = 1_000;

fn cycles(game: &str, size: Option<&'static str>) {
    games::visit(
        game,
        Cycles {
            size,
            cycles: CYCLES,
        },
    )
    .expect("a game of this build");
}

#[test]
fn kvarn3_answers_a_thousand_cycles_at_once() {
    cycles("kvarn3", None);
}

#[test]
fn swedish_draughts_answers_a_thousand_cycles_at_once() {
    cycles("swedish-draughts", None);
}

#[test]
fn swedish_draughts_8x8_answers_a_thousand_cycles_at_once() {
    cycles("swedish-draughts", Some("8"));
}

#[test]
fn cheversi_answers_a_thousand_cycles_at_once() {
    cycles("cheversi", None);
}

/// On the 5-point board: the default engine spends tens of milliseconds on a `go movetime 1`
/// of the 9-point board in a debug build (its opening has 46,872 moves), which would make this
/// test take half a minute; the driver does not care about the board, and the refereed games
/// below play the default board.
#[test]
fn sundraval_answers_a_thousand_cycles_at_once() {
    cycles("sundraval", Some("5"));
}

#[test]
fn svendo_answers_a_thousand_cycles_at_once() {
    cycles("svendo", None);
}

/// Waits `quiet` and then asks `isready`: the lines before `readyok` are what the engine said
/// in the meantime (a search's `info` lines, and a `bestmove` if it answered).
fn said_meanwhile(ugi: &mut Ugi, quiet: Duration) -> Vec<String> {
    thread::sleep(quiet);
    ugi.send("isready");
    let mut lines = ugi.until("readyok");
    lines.pop();
    lines
}

/// The first position along the line of first moves from the start with exactly one legal
/// move, as the moves that lead to it (found with the rules, not with the engine).
fn single_move_line<G: Describe>() -> Option<Vec<String>> {
    let mut record = GameRecord::new(G::start());
    let mut moves = Vec::new();
    for _ in 0..200 {
        if record.outcome().is_some() {
            return None;
        }
        let legal = record.legal_moves();
        if legal.len() == 1 {
            return Some(moves);
        }
        let text = record.current().move_text(legal[0]);
        record.play_text(&text).expect("the first legal move plays");
        moves.push(text);
    }
    None
}

/// `go infinite` on a position whose answer is known at once — the only legal move — is
/// answered after `stop` and not before.
struct InfiniteWithOneMove;

impl GameVisitor for InfiniteWithOneMove {
    type Output = bool;

    fn visit<G: Describe>(self) -> bool {
        let Some(moves) = single_move_line::<G>() else {
            return false;
        };
        let mut ugi = Ugi::start(&[G::NAME]);
        ugi.send(&position_command(&moves));
        ugi.send("go infinite");
        let meanwhile = said_meanwhile(&mut ugi, Duration::from_millis(300));
        assert!(
            !meanwhile.iter().any(|l| l.starts_with("bestmove")),
            "{}: answered before stop: {meanwhile:?}",
            G::NAME
        );
        ugi.send("stop");
        let answer = ugi.until("bestmove").pop().expect("a bestmove line");
        let mut record = GameRecord::new(G::start());
        for text in &moves {
            record.play_text(text).expect("the line plays");
        }
        let only = record.current().move_text(record.legal_moves()[0]);
        assert_eq!(best_move(&answer), only, "{}", G::NAME);
        true
    }
}

#[test]
fn go_infinite_with_a_single_legal_move_waits_for_stop() {
    let mut found = Vec::new();
    for game in games::GAME_NAMES {
        if games::visit(game, InfiniteWithOneMove).expect("a game of this build") {
            found.push(*game);
        }
    }
    // Draughts' compulsory capture makes a single legal move early on.
    assert!(found.contains(&"swedish-draughts"), "{found:?}");
}

#[test]
fn go_infinite_waits_for_stop_when_the_solver_knows_the_answer_at_once() {
    // Kvarn3's default engine solves the game: its search ends at once.
    let mut ugi = Ugi::start(&["kvarn3"]);
    ugi.send("position startpos moves b2");
    ugi.send("go infinite");
    let meanwhile = said_meanwhile(&mut ugi, Duration::from_millis(300));
    assert!(
        !meanwhile.iter().any(|l| l.starts_with("bestmove")),
        "answered before stop: {meanwhile:?}"
    );
    ugi.send("stop");
    let answer = ugi.until("bestmove").pop().expect("a bestmove line");
    let mut record = GameRecord::new(kvarn3::Position::start());
    record.play_text("b2").expect("b2 is a first move");
    record
        .play_text(best_move(&answer))
        .expect("the answer is a move after b2");
    // One answer for one go: a second stop finds nothing to answer.
    ugi.send("stop");
    assert!(said_meanwhile(&mut ugi, Duration::ZERO).is_empty());
}

#[test]
fn go_infinite_on_a_finished_game_answers_none_after_stop() {
    // White's mill on the first rank ends the game.
    let mut ugi = Ugi::start(&["kvarn3"]);
    ugi.send("position startpos moves a1 a3 b1 b3 c1");
    ugi.send("go infinite");
    assert!(said_meanwhile(&mut ugi, Duration::from_millis(100)).is_empty());
    ugi.send("stop");
    assert_eq!(ugi.until("bestmove"), ["bestmove none"]);
}

#[test]
fn isready_during_a_search_is_answered_at_once_and_the_search_goes_on() {
    // Draughts' alpha-beta has no end of its own at the start: it searches until stopped.
    let mut ugi = Ugi::start(&["swedish-draughts"]);
    ugi.send("position startpos");
    ugi.send("go infinite");
    for _ in 0..3 {
        let asked = Instant::now();
        let meanwhile = said_meanwhile(&mut ugi, Duration::ZERO);
        assert!(
            asked.elapsed() < Duration::from_secs(5),
            "readyok took long"
        );
        assert!(
            meanwhile
                .iter()
                .all(|l| l.starts_with("info ") && !l.starts_with(ERROR)),
            "{meanwhile:?}"
        );
    }
    ugi.send("stop");
    let answer = ugi.until("bestmove").pop().expect("a bestmove line");
    let mut record = GameRecord::new(swedish_draughts::Position::start());
    record
        .play_text(best_move(&answer))
        .expect("a first move of draughts");
}

#[test]
fn position_and_go_during_a_search_are_refused_and_change_nothing() {
    // A manager that breaks the protocol gets an error line for each, and the search goes on
    // in the position it was given (never a move of the refused one).
    let mut ugi = Ugi::start(&["kvarn3"]);
    ugi.send("setoption name engine value mcts");
    ugi.send("position startpos moves b2");
    ugi.send("go infinite");
    ugi.send("position startpos moves a1 c3");
    ugi.send("go movetime 1");
    ugi.send("setoption name engine value random");
    ugi.send("uginewgame");
    let meanwhile = said_meanwhile(&mut ugi, Duration::from_millis(50));
    let errors: Vec<&String> = meanwhile.iter().filter(|l| l.starts_with(ERROR)).collect();
    assert_eq!(errors.len(), 4, "{meanwhile:?}");
    assert!(errors.iter().all(|e| e.contains("a search is running")));
    ugi.send("stop");
    let answer = ugi.until("bestmove").pop().expect("a bestmove line");
    let mut record = GameRecord::new(kvarn3::Position::start());
    record.play_text("b2").expect("b2 is a first move");
    record
        .play_text(best_move(&answer))
        .expect("the answer is a move after b2, the position of the search");
    // Still after b2 alone (the refused position and new game would give White the move).
    ugi.send("query turn");
    assert_eq!(ugi.until("response"), ["response p2"]);
}

/// `stop` sent just as `go movetime 1` ends, before or after its `bestmove`, at many moments:
/// one `bestmove` per `go`, never a second, never an error, and the next `position` taken.
struct StopAsTheSearchEnds {
    engine: &'static str,
}

impl GameVisitor for StopAsTheSearchEnds {
    type Output = ();

    fn visit<G: Describe>(self) {
        let mut ugi = Ugi::start(&[G::NAME]);
        ugi.send(&format!("setoption name engine value {}", self.engine));
        let mut record = GameRecord::new(G::start());
        let mut moves = Vec::new();
        for round in 0..200u64 {
            if record.outcome().is_some() {
                record = GameRecord::new(G::start());
                moves.clear();
            }
            ugi.send(&position_command(&moves));
            ugi.send("go movetime 1");
            // From at once to well after the search's millisecond, in 20 µs steps.
            thread::sleep(Duration::from_micros(round % 100 * 20));
            ugi.send("stop");
            let lines = said_meanwhile(&mut ugi, Duration::ZERO);
            let answers: Vec<&String> = lines
                .iter()
                .filter(|l| l.starts_with("bestmove") || l.starts_with(ERROR))
                .collect();
            assert_eq!(answers.len(), 1, "{} round {round}: {lines:?}", G::NAME);
            let answer = best_move(answers[0]);
            record
                .play_text(answer)
                .unwrap_or_else(|e| panic!("{} round {round}: {answer}: {e}", G::NAME));
            moves.push(answer.to_owned());
        }
        let (status, rest) = ugi.quit();
        assert!(status.success());
        assert!(rest.is_empty(), "{rest:?}");
    }
}

#[test]
fn stop_just_as_a_search_ends_gives_one_answer() {
    games::visit(
        "swedish-draughts",
        StopAsTheSearchEnds { engine: "default" },
    )
    .expect("draughts in this build");
    games::visit("svendo", StopAsTheSearchEnds { engine: "mcts" }).expect("svendo in this build");
}

#[test]
fn quit_during_a_search_ends_it_with_its_answer_and_exits() {
    for go in ["go infinite", "go movetime 600000", "go depth 200"] {
        let mut ugi = Ugi::start(&["swedish-draughts"]);
        ugi.send("position startpos");
        ugi.send(go);
        // Let the search get going (its first info lines), then quit in the middle of it.
        ugi.until("info depth");
        let asked = Instant::now();
        let (status, rest) = ugi.quit();
        assert!(status.success(), "{go}: {status}");
        assert!(
            asked.elapsed() < Duration::from_secs(5),
            "{go}: quit took {:?}",
            asked.elapsed()
        );
        let answers: Vec<&String> = rest.iter().filter(|l| l.starts_with("bestmove")).collect();
        assert_eq!(answers.len(), 1, "{go}: {rest:?}");
        let mut record = GameRecord::new(swedish_draughts::Position::start());
        record
            .play_text(best_move(answers[0]))
            .expect("a first move of draughts");
    }
}

#[test]
fn options_and_clocks_at_their_limits() {
    let mut ugi = Ugi::start(&["kvarn3"]);
    ugi.send("ugi");
    let handshake = ugi.until("ugiok");
    assert!(
        handshake
            .iter()
            .any(|l| l == "option name seed type spin default 1 min 0 max 9223372036854775807"),
        "{handshake:?}"
    );
    // An empty value is an empty value of the option named, not a longer option name.
    ugi.send("setoption name engine value");
    let error = ugi.until(ERROR).pop().expect("an error line");
    assert!(
        error.contains("empty value") && error.contains("\"engine\""),
        "{error}"
    );
    // The advertised range is the accepted range: 2^63 − 1 is a seed, 2^63 is not.
    ugi.send("setoption name seed value 9223372036854775807");
    assert!(said_meanwhile(&mut ugi, Duration::ZERO).is_empty());
    ugi.send("setoption name seed value 9223372036854775808");
    let error = ugi.until(ERROR).pop().expect("an error line");
    assert!(error.contains("9223372036854775807"), "{error}");
    // The largest increment a manager can send (this overflowed, a panic in debug builds).
    ugi.send("position startpos");
    ugi.send("go p1time 1000 p2time 1000 p1inc 18446744073709551615 p2inc 18446744073709551615");
    let lines = ugi.until("bestmove");
    assert!(!lines.iter().any(|l| l.starts_with(ERROR)), "{lines:?}");
    let mut record = GameRecord::new(kvarn3::Position::start());
    record
        .play_text(best_move(lines.last().expect("a bestmove line")))
        .expect("a first move of kvarn3");
    let (status, _) = ugi.quit();
    assert!(status.success());
}

/// How much later than its `movetime` a refereed engine may answer before it forfeits on time
/// (a manager's margin: process scheduling on a loaded machine, pipe latency).
const REFEREE_MARGIN: Duration = Duration::from_secs(1);

/// A refereed answer later than `movetime` by more than this is counted as late (not a forfeit).
const LATE: Duration = Duration::from_millis(50);

/// What the referee saw for one game and time a move.
#[derive(Default)]
struct Tally {
    games: usize,
    plies: usize,
    /// Games lost by an engine to the protocol or the clock: a missing or illegal answer, a
    /// dead process.
    forfeits: Vec<String>,
    /// `info string error` lines, and `bestmove none` in a game that goes on.
    protocol_errors: Vec<String>,
    /// Answers later than `movetime` + [`LATE`].
    late: usize,
    /// The longest time over `movetime` an answer took.
    worst_over: Duration,
    /// Finished games by result: a win for engine 1, 2 or 3 (by process, not seat), or a draw.
    wins: [usize; 3],
    draws: usize,
}

/// Engine-against-engine games through one `ugi` process per seat, refereed move by move as a
/// tournament manager does: `position startpos moves …` and `go movetime MS` to the engine to
/// move, the answer checked against the rules, the next command the moment it arrives.
struct Referee {
    /// The engine program (the `ugi` example unless `UGI_REFEREE_ENGINE` names another).
    program: PathBuf,
    size: Option<&'static str>,
    movetime: Duration,
    games: usize,
}

impl GameVisitor for Referee {
    type Output = Tally;

    fn visit<G: Describe>(self) -> Tally {
        let args = ugi_args(G::NAME, self.size);
        let args: Vec<&str> = args.iter().map(String::as_str).collect();
        let start = start_of::<G>(self.size);
        let seats = G::PLAYERS.len();
        let mut tally = Tally::default();
        for game in 0..self.games {
            let mut engines: Vec<Ugi> = (0..seats)
                .map(|_| Ugi::start_program(&self.program, &args))
                .collect();
            for (index, ugi) in engines.iter_mut().enumerate() {
                ugi.send("ugi");
                ugi.until("ugiok");
                ugi.send(&format!(
                    "setoption name seed value {}",
                    game * seats + index + 1
                ));
                ugi.send("uginewgame");
                ugi.send("isready");
                let lines = ugi.until("readyok");
                tally
                    .protocol_errors
                    .extend(lines.into_iter().filter(|l| l.starts_with(ERROR)));
            }
            let mut record = GameRecord::new(start);
            let mut moves: Vec<String> = Vec::new();
            tally.games += 1;
            let forfeit = loop {
                if record.outcome().is_some() {
                    break None;
                }
                // The engines take the seats in turn from game to game.
                let seat = G::player_index(record.current().to_move());
                let index = (seat + game) % seats;
                let ugi = &mut engines[index];
                let position = position_command(&moves);
                ugi.send(&position);
                ugi.send(&format!("go movetime {}", self.movetime.as_millis()));
                let asked = Instant::now();
                let deadline = asked + self.movetime + REFEREE_MARGIN;
                let answer = loop {
                    let wait = deadline.saturating_duration_since(Instant::now());
                    match ugi.next_line(wait) {
                        None => break None,
                        Some(line) if line.starts_with("bestmove") => break Some(line),
                        Some(line) if line.starts_with(ERROR) => {
                            tally.protocol_errors.push(format!("{}: {line}", G::NAME));
                        }
                        Some(_) => {}
                    }
                };
                let took = asked.elapsed();
                let Some(answer) = answer else {
                    break Some(format!(
                        "{} engine {}: no answer within {:?} ({})",
                        G::NAME,
                        index + 1,
                        self.movetime + REFEREE_MARGIN,
                        if ugi.child.try_wait().ok().flatten().is_some() {
                            "the process died"
                        } else {
                            "the process is alive"
                        }
                    ));
                };
                let over = took.saturating_sub(self.movetime);
                tally.worst_over = tally.worst_over.max(over);
                if over > LATE {
                    tally.late += 1;
                }
                let text = best_move(&answer);
                if text == "none" {
                    tally
                        .protocol_errors
                        .push(format!("{}: bestmove none in a game that goes on", G::NAME));
                }
                if let Err(err) = record.play_text(text) {
                    break Some(format!(
                        "{} engine {}: illegal {text} ({err}) after {position}",
                        G::NAME,
                        index + 1
                    ));
                }
                moves.push(text.to_owned());
                tally.plies += 1;
            };
            match (forfeit, record.outcome()) {
                (Some(reason), _) => tally.forfeits.push(reason),
                (None, Some(game_core::Outcome::Winner { player, .. })) => {
                    tally.wins[(G::player_index(player) + game) % seats] += 1;
                }
                (None, _) => tally.draws += 1,
            }
            for ugi in engines {
                let (status, rest) = ugi.quit();
                if !status.success() {
                    tally
                        .forfeits
                        .push(format!("{}: the engine exited with {status}", G::NAME));
                }
                tally.protocol_errors.extend(
                    rest.into_iter()
                        .filter(|l| l.starts_with(ERROR) || l.starts_with("bestmove")),
                );
            }
        }
        tally
    }
}

/// A comma-separated list of numbers from the environment, or `default`.
fn env_list(name: &str, default: &[u64]) -> Vec<u64> {
    std::env::var(name).map_or_else(
        |_| default.to_vec(),
        |text| {
            text.split(',')
                .map(|n| {
                    n.trim()
                        .parse()
                        .unwrap_or_else(|_| panic!("{name}: {text:?}"))
                })
                .collect()
        },
    )
}

#[test]
#[ignore = "minutes of refereed games; cargo test --release --test all ugi:: -- --ignored --nocapture"]
fn refereed_engine_games_have_no_forfeits_and_no_protocol_errors() {
    let games = env_list("UGI_REFEREE_GAMES", &[2])[0] as usize;
    let times = env_list("UGI_REFEREE_MS", &[20, 100, 500]);
    let program =
        std::env::var_os("UGI_REFEREE_ENGINE").map_or_else(|| example("ugi"), PathBuf::from);
    let boards: [(&str, Option<&'static str>); 6] = [
        ("kvarn3", None),
        ("swedish-draughts", None),
        ("swedish-draughts", Some("8")),
        ("cheversi", None),
        ("sundraval", None),
        ("svendo", None),
    ];
    let mut failures = Vec::new();
    println!(
        "game                 ms  games plies forfeits errors late worst-over  wins(1/2/3) draws"
    );
    for ms in times {
        for (game, size) in boards {
            let movetime = Duration::from_millis(ms);
            let tally = games::visit(
                game,
                Referee {
                    program: program.clone(),
                    size,
                    movetime,
                    games,
                },
            )
            .expect("a game of this build");
            let name = format!("{game}{}", size.map_or(String::new(), |s| format!(" {s}")));
            println!(
                "{name:<20} {ms:>3} {:>6} {:>5} {:>8} {:>6} {:>4} {:>9.0?}  {}/{}/{} {:>5}",
                tally.games,
                tally.plies,
                tally.forfeits.len(),
                tally.protocol_errors.len(),
                tally.late,
                tally.worst_over,
                tally.wins[0],
                tally.wins[1],
                tally.wins[2],
                tally.draws
            );
            for problem in tally.forfeits.iter().chain(&tally.protocol_errors) {
                println!("    {problem}");
            }
            failures.extend(tally.forfeits);
            failures.extend(tally.protocol_errors);
        }
    }
    assert!(failures.is_empty(), "{failures:#?}");
}
