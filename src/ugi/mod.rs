//! The Universal Game Interface (UGI): the UCI-derived text protocol that general tournament
//! managers use to drive engines of games other than chess (Cute Games' `ugi.md`).
//!
//! [`run`] reads commands, one a line, and writes the replies; the `ugi` example connects it
//! to standard input and output for any game of the workspace. The search runs on its own
//! thread, so `isready` and `stop` are answered while it thinks.
//!
//! | command | reply |
//! |---|---|
//! | `ugi` | `id name …`, `id author …`, `option …` lines, `ugiok` |
//! | `isready` | `readyok` (also while searching) |
//! | `setoption name engine value NAME` | (the engine to play; see [`crate::engines`]) |
//! | `setoption name seed value N` | (the engines' seed, 0 to 2^63−1 as advertised) |
//! | `uginewgame` | (back to the start; the engine forgets the last game) |
//! | `position startpos [moves M1 M2 …]` | (the game record to search) |
//! | `position fen TEXT [moves M1 M2 …]` | (TEXT runs to the word `moves` or the end) |
//! | `go movetime MS` / `nodes N` / `depth D` / `infinite` / `p1time MS p2time MS [p3time MS] [p1inc MS] …` | `info …` lines, then `bestmove MOVE` (`bestmove none` when the game is over) |
//! | `stop` | ends the search at once with its `bestmove` |
//! | `query gameover` / `p1turn` / `result` / `turn` | `response true\|false`, `response p1win\|p2win\|p3win\|draw\|none`, `response p1\|p2\|p3` |
//! | `quit` | ends the search, if any, with its `bestmove`, and exits |
//!
//! `p1` is the first player in the game's order ([`Game::PLAYERS`]). A malformed command, a bad
//! position or an illegal move is answered with one line `info string error: …`, the previous
//! state is kept, and the session goes on; only `quit` and the end of the input end it.
//!
//! # Timing: what a manager can rely on
//! - Every accepted `go` is answered by exactly one `bestmove`, and the engine takes the next
//!   command the moment that line is written: the command loop writes `bestmove` itself, after
//!   the search thread has handed the engine back, so "answered" and "idle again" are one
//!   event. (A manager that writes `position … moves …` right after reading `bestmove` is
//!   never told that a search is running.)
//! - While a search runs (from `go` to its `bestmove`) `isready`, `stop`, `query` and `quit`
//!   are answered; `position`, `go`, `setoption` and `uginewgame` are refused with an error
//!   line, as UCI forbids them there, and change nothing.
//! - `go infinite` (and `go` with no limit at all) answers only after `stop` (or `quit`), even
//!   when the answer is known at once (a solved position, a single legal move, a finished
//!   game): managers send `stop` and then wait for the one `bestmove`.
//! - `stop` after the search has already answered is ignored: it never brings a second
//!   `bestmove`.

use std::io::{self, BufRead, Write};
use std::sync::mpsc::{self, Receiver, Sender};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::Instant;

use game_core::{Engine, Game, GameRecord, Outcome, SearchInfo, StopFlag};

use crate::engines::engine_by_name;
use crate::games::Describe;
use crate::lines::{read_bounded_line, BoundedLine};

mod parse;
mod reply;

use parse::{parse_go, parse_position, parse_setoption, quoted, split_word, Go};
use reply::info_line;
pub use reply::{pv_texts, seat_name};

/// The longest command line read; a longer one is refused (a game record of the largest
/// Sundraval board fits many times over).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The engine played when no `setoption name engine` says otherwise.
pub const DEFAULT_ENGINE: &str = "default";

/// The seed of the engines when no `setoption name seed` says otherwise.
pub const DEFAULT_SEED: u64 = 1;

/// The greatest seed `setoption name seed` accepts, the maximum its `option` line advertises:
/// 2^63−1, because managers keep `spin` values in signed 64-bit integers (as UCI's do).
pub const MAX_SEED: u64 = i64::MAX as u64;

/// Writes whole lines to the output shared by the command loop and the search thread.
#[derive(Clone)]
struct Output(Arc<Mutex<Box<dyn Write + Send>>>);

impl Output {
    /// Writes one line and flushes it; a failed write (the manager went away) is remembered by
    /// the caller through the error.
    fn line(&self, text: &str) -> io::Result<()> {
        let mut out = self.0.lock().unwrap_or_else(|poison| poison.into_inner());
        writeln!(out, "{text}")?;
        out.flush()
    }
}

/// What the command loop waits for. Lines and the ends of searches arrive through one channel,
/// in the order they happened, so the loop never reads a command while a finished search is
/// still unanswered.
enum Event {
    /// One input line, with its line end, not yet checked to be UTF-8.
    Line(Vec<u8>),
    /// A line longer than [`MAX_LINE_BYTES`], skipped.
    TooLong,
    /// The input ended (`Ok`) or could not be read (`Err`).
    End(io::Result<()>),
    /// The search with this number has returned; its thread is ending and can be joined.
    SearchDone(u64),
}

/// What a search thread gives back: the engine and the move it chose.
type Finished<G> = (Box<dyn Engine<G>>, Option<<G as Game>::Move>);

/// A search that has not been answered with `bestmove` yet.
enum Search<G: Game> {
    /// Running on its own thread.
    Running {
        /// The number its [`Event::SearchDone`] carries (a stopped search's event comes late
        /// and must not end the next one).
        id: u64,
        stop: StopFlag,
        thread: JoinHandle<Finished<G>>,
        /// `go infinite`: the answer waits for `stop` even when the search ends first.
        until_stop: bool,
    },
    /// A `go infinite` search that has ended: its `bestmove` text, waiting for `stop`.
    Held(String),
}

/// The protocol state of one engine process, owned by the command loop.
struct Session<G: Describe> {
    out: Output,
    /// Where search threads announce that they are done.
    events: Sender<Event>,
    /// The position `startpos` stands for (the board chosen on the command line).
    start: G,
    record: GameRecord<G>,
    engine_name: String,
    seed: u64,
    /// The engine, while no search holds it.
    engine: Option<Box<dyn Engine<G>>>,
    /// The search between `go` and its `bestmove`, if any.
    search: Option<Search<G>>,
    /// The number of the last search started.
    searches: u64,
}

/// Runs the protocol for game `G` from `start` (the position `startpos` means) until `quit` or
/// the end of `input`, writing replies to `output`.
///
/// `input` is read on a thread of its own, so that the end of a search is answered at once
/// while the command loop waits for the next command. That thread ends at the end of the
/// input, or at the first line it reads after the session has ended (a process that exits
/// after `run` returns need not care).
///
/// # Errors
/// Only I/O errors of `input` or `output` (a manager that closed the pipe); every protocol
/// error is answered with an `info string error: …` line instead.
pub fn run<G: Describe>(
    start: G,
    input: impl BufRead + Send + 'static,
    output: impl Write + Send + 'static,
) -> io::Result<()> {
    let out = Output(Arc::new(Mutex::new(Box::new(output))));
    let engine = engine_by_name::<G>(DEFAULT_ENGINE, DEFAULT_SEED)
        .map_err(|e| io::Error::other(e.to_string()))?;
    let (events, inbox) = mpsc::channel();
    let reader_events = events.clone();
    std::thread::Builder::new()
        .name("ugi-input".to_owned())
        .spawn(move || read_lines(input, &reader_events))?;
    let mut session = Session {
        out,
        events,
        start,
        record: GameRecord::new(start),
        engine_name: DEFAULT_ENGINE.to_owned(),
        seed: DEFAULT_SEED,
        engine: Some(engine),
        search: None,
        searches: 0,
    };
    let served = session.serve(&inbox);
    // `quit`, the end of the input, or an input error: a running search still answers.
    session.stop_search()?;
    served
}

/// Sends the lines of `input` to the command loop until the input ends or the loop has gone.
fn read_lines(mut input: impl BufRead, events: &Sender<Event>) {
    let mut buffer = Vec::new();
    loop {
        let event = match read_bounded_line(&mut input, MAX_LINE_BYTES, &mut buffer) {
            Ok(BoundedLine::Line) => Event::Line(std::mem::take(&mut buffer)),
            Ok(BoundedLine::TooLong) => Event::TooLong,
            Ok(BoundedLine::End) => Event::End(Ok(())),
            Err(err) => Event::End(Err(err)),
        };
        let last = matches!(event, Event::End(_));
        if events.send(event).is_err() || last {
            return;
        }
    }
}

impl<G: Describe> Session<G> {
    /// Handles events until `quit` or the end of the input.
    fn serve(&mut self, inbox: &Receiver<Event>) -> io::Result<()> {
        // The session holds a sender itself, so the channel never runs dry.
        while let Ok(event) = inbox.recv() {
            match event {
                Event::Line(bytes) => match std::str::from_utf8(&bytes) {
                    Ok(line) => {
                        if !self.command(line.trim())? {
                            return Ok(());
                        }
                    }
                    Err(_) => self.error("the line is not UTF-8")?,
                },
                Event::TooLong => {
                    self.error(&format!("line longer than {MAX_LINE_BYTES} bytes ignored"))?;
                }
                Event::SearchDone(id) => self.search_done(id)?,
                Event::End(result) => return result,
            }
        }
        Ok(())
    }

    fn say(&self, line: &str) -> io::Result<()> {
        self.out.line(line)
    }

    fn error(&self, message: &str) -> io::Result<()> {
        self.say(&format!("info string error: {message}"))
    }

    /// Handles one command; `false` ends the session (`quit`).
    fn command(&mut self, line: &str) -> io::Result<bool> {
        let (word, rest) = split_word(line);
        match word {
            "" => {}
            "ugi" => self.ugi()?,
            "isready" => self.say("readyok")?,
            "setoption" => self.when_idle(|s| s.setoption(rest))?,
            "uginewgame" => self.when_idle(|s| s.new_game())?,
            "position" => self.when_idle(|s| s.position(rest))?,
            "go" => self.when_idle(|s| s.go(rest))?,
            "stop" => self.stop_search()?,
            "query" => self.query(rest)?,
            "quit" => return Ok(false),
            other => self.error(&format!("unknown command {}", quoted(other)))?,
        }
        Ok(true)
    }

    /// Runs `job` unless a search is waiting for its `bestmove` (then the command is refused:
    /// the manager must `stop` first, as in UCI). A search that has ended is never waiting
    /// here: its end was handled, and its `bestmove` written, before this command was read.
    fn when_idle(&mut self, job: impl FnOnce(&mut Self) -> io::Result<()>) -> io::Result<()> {
        if self.search.is_some() {
            return self.error("a search is running; send stop first");
        }
        job(self)
    }

    fn ugi(&self) -> io::Result<()> {
        self.say(&format!(
            "id name boardrules {} {}",
            G::NAME,
            env!("CARGO_PKG_VERSION")
        ))?;
        self.say("id author The boardrules developers")?;
        self.say(&format!(
            "option name engine type string default {DEFAULT_ENGINE}"
        ))?;
        self.say(&format!(
            "option name seed type spin default {DEFAULT_SEED} min 0 max {MAX_SEED}"
        ))?;
        self.say("ugiok")
    }

    fn setoption(&mut self, rest: &str) -> io::Result<()> {
        let Some((name, value)) = parse_setoption(rest) else {
            return self.error("expected setoption name NAME value VALUE");
        };
        let option = name.to_ascii_lowercase();
        if option != "engine" && option != "seed" {
            return self.error(&format!(
                "unknown option {} (options: engine, seed)",
                quoted(name)
            ));
        }
        if value.is_empty() {
            return self.error(&format!(
                "empty value for option {} (setoption name {option} value …)",
                quoted(name)
            ));
        }
        if option == "engine" {
            return match engine_by_name::<G>(value, self.seed) {
                Ok(engine) => {
                    self.engine = Some(engine);
                    self.engine_name = value.to_owned();
                    Ok(())
                }
                Err(err) => self.error(&err.to_string()),
            };
        }
        let Some(seed) = value.parse::<u64>().ok().filter(|&s| s <= MAX_SEED) else {
            return self.error(&format!(
                "seed takes a number from 0 to {MAX_SEED}, not {}",
                quoted(value)
            ));
        };
        match engine_by_name::<G>(&self.engine_name, seed) {
            Ok(engine) => {
                self.seed = seed;
                self.engine = Some(engine);
                Ok(())
            }
            Err(err) => self.error(&err.to_string()),
        }
    }

    fn new_game(&mut self) -> io::Result<()> {
        self.record = GameRecord::new(self.start);
        if let Some(engine) = &mut self.engine {
            engine.new_game();
        }
        Ok(())
    }

    fn position(&mut self, rest: &str) -> io::Result<()> {
        match parse_position::<G>(self.start, rest) {
            Ok(record) => {
                self.record = record;
                Ok(())
            }
            Err(message) => self.error(&message),
        }
    }

    fn go(&mut self, rest: &str) -> io::Result<()> {
        let Go { limits, until_stop } = match parse_go::<G>(rest, self.record.current().to_move()) {
            Ok(go) => go,
            Err(message) => return self.error(&message),
        };
        if self.record.outcome().is_some() {
            return self.answer("none".to_owned(), until_stop);
        }
        let Some(mut engine) = self.engine.take() else {
            return self.error("no engine (a previous search failed)");
        };
        self.searches += 1;
        let id = self.searches;
        let stop = StopFlag::new();
        let thread_stop = stop.clone();
        let record = self.record.clone();
        let out = self.out.clone();
        let events = self.events.clone();
        let spawned = std::thread::Builder::new()
            .name("ugi-search".to_owned())
            .spawn(move || {
                let started = Instant::now();
                let mut report = |info: &SearchInfo<G::Move>| {
                    // A failed write means the manager is gone; the command loop sees it too.
                    let _ = out.line(&info_line(record.current(), info, started.elapsed()));
                };
                let result = engine.search(&record, &limits, &thread_stop, &mut report);
                // The command loop joins this thread and writes `bestmove` itself; if the loop
                // has ended there is nobody left to tell.
                let _ = events.send(Event::SearchDone(id));
                (engine, result.best_move)
            });
        match spawned {
            Ok(thread) => {
                self.search = Some(Search::Running {
                    id,
                    stop,
                    thread,
                    until_stop,
                });
                Ok(())
            }
            Err(err) => {
                // The engine went down with the closure: a fresh one, and a legal answer so
                // that the manager's clock does not run out.
                self.error(&format!("the search could not start: {err}"))?;
                self.engine = engine_by_name::<G>(&self.engine_name, self.seed).ok();
                let best = self.best_text(None);
                self.answer(best, until_stop)
            }
        }
    }

    /// Writes `bestmove TEXT`, or holds it for `stop` when the search was `go infinite`.
    fn answer(&mut self, best: String, until_stop: bool) -> io::Result<()> {
        if until_stop {
            self.search = Some(Search::Held(best));
            Ok(())
        } else {
            self.say(&format!("bestmove {best}"))
        }
    }

    /// The search numbered `id` has returned by itself: its answer is written now (or held
    /// for `stop`). The late event of a search that `stop` already answered is ignored.
    fn search_done(&mut self, id: u64) -> io::Result<()> {
        match self.search.take() {
            Some(Search::Running {
                id: running,
                thread,
                until_stop,
                ..
            }) if running == id => {
                let best = self.join(thread)?;
                self.answer(best, until_stop)
            }
            other => {
                self.search = other;
                Ok(())
            }
        }
    }

    /// Ends the search, if any, at once and writes its `bestmove`; nothing when no search
    /// waits for one.
    fn stop_search(&mut self) -> io::Result<()> {
        let best = match self.search.take() {
            None => return Ok(()),
            Some(Search::Held(best)) => best,
            Some(Search::Running { stop, thread, .. }) => {
                stop.stop();
                self.join(thread)?
            }
        };
        self.say(&format!("bestmove {best}"))
    }

    /// Waits for a search thread, takes the engine back and returns the text of its move.
    fn join(&mut self, thread: JoinHandle<Finished<G>>) -> io::Result<String> {
        let best = match thread.join() {
            Ok((engine, best)) => {
                self.engine = Some(engine);
                best
            }
            Err(_) => {
                self.error("the search failed; the engine is set up afresh")?;
                self.engine = engine_by_name::<G>(&self.engine_name, self.seed).ok();
                None
            }
        };
        Ok(self.best_text(best))
    }

    /// The text of the move to answer: the engine's when it is legal in the position searched,
    /// else the first legal move, else `none` (the game is over).
    fn best_text(&self, best: Option<G::Move>) -> String {
        let pos = self.record.current();
        best.filter(|&mv| pos.is_legal(mv))
            .or_else(|| self.record.legal_moves().first().copied())
            .map_or_else(|| "none".to_owned(), |mv| pos.move_text(mv))
    }

    fn query(&self, rest: &str) -> io::Result<()> {
        let outcome = self.record.outcome();
        let answer = match rest.trim() {
            "gameover" => outcome.is_some().to_string(),
            "p1turn" => (G::player_index(self.record.current().to_move()) == 0).to_string(),
            "turn" => seat_name::<G>(self.record.current().to_move()),
            "result" => match outcome {
                None => "none".to_owned(),
                Some(Outcome::Draw { .. }) => "draw".to_owned(),
                Some(Outcome::Winner { player, .. }) => format!("{}win", seat_name::<G>(player)),
            },
            other => {
                return self.error(&format!(
                    "unknown query {} (queries: gameover, p1turn, result, turn)",
                    quoted(other)
                ))
            }
        };
        self.say(&format!("response {answer}"))
    }
}

impl<G: Describe> Drop for Session<G> {
    /// A session left on an error (the output closed) still ends its search thread, which
    /// holds the output and would go on writing to it.
    fn drop(&mut self) {
        if let Some(Search::Running { stop, thread, .. }) = self.search.take() {
            stop.stop();
            let _ = thread.join();
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// An output the test reads back after the session.
    #[cfg(feature = "kvarn3")]
    #[derive(Clone, Default)]
    struct Captured(Arc<Mutex<Vec<u8>>>);

    #[cfg(feature = "kvarn3")]
    impl Write for Captured {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0
                .lock()
                .expect("one writer at a time")
                .extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    /// The replies of a Kvarn3 session fed `input` all at once.
    #[cfg(feature = "kvarn3")]
    fn session(input: &'static str) -> Vec<String> {
        let out = Captured::default();
        run(
            kvarn3::Position::start(),
            io::Cursor::new(input.as_bytes()),
            out.clone(),
        )
        .expect("in-memory input and output do not fail");
        let bytes = out.0.lock().expect("the session is over").clone();
        let text = String::from_utf8(bytes).expect("replies are UTF-8");
        text.lines().map(str::to_owned).collect()
    }

    #[cfg(feature = "kvarn3")]
    #[test]
    fn every_go_gets_exactly_one_bestmove() {
        let answers = |input| {
            session(input)
                .into_iter()
                .filter(|l| l.starts_with("bestmove"))
                .count()
        };
        // The end of the input, and quit, end a search that waits for stop with its answer.
        assert_eq!(answers("position startpos\ngo infinite\n"), 1);
        assert_eq!(answers("position startpos\ngo\nquit\n"), 1);
        // A second stop, or a stop after the search answered by itself, answers nothing.
        assert_eq!(answers("go infinite\nstop\nstop\nisready\nstop\n"), 1);
        assert_eq!(answers("go depth 1\nisready\nstop\nstop\n"), 1);
        // A refused go gets no answer; the accepted one gets its own.
        assert_eq!(answers("go infinite\ngo depth 1\nstop\n"), 1);
    }
}
