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
//! | `setoption name seed value N` | (the engines' seed) |
//! | `uginewgame` | (back to the start; the engine forgets the last game) |
//! | `position startpos [moves M1 M2 …]` | (the game record to search) |
//! | `position fen TEXT [moves M1 M2 …]` | (TEXT runs to the word `moves` or the end) |
//! | `go movetime MS` / `nodes N` / `depth D` / `infinite` / `p1time MS p2time MS [p3time MS] [p1inc MS] …` | `info …` lines, then `bestmove MOVE` (`bestmove none` when the game is over) |
//! | `stop` | ends the search at once with its `bestmove` |
//! | `query gameover` / `p1turn` / `result` / `turn` | `response true\|false`, `response p1win\|p2win\|p3win\|draw\|none`, `response p1\|p2\|p3` |
//! | `quit` | exits |
//!
//! `p1` is the first player in the game's order ([`Game::PLAYERS`]). A malformed command, a bad
//! position or an illegal move is answered with one line `info string error: …`, the previous
//! state is kept, and the session goes on; only `quit` and the end of the input end it.

use std::io::{self, BufRead, Read, Write};
use std::sync::{Arc, Mutex};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use game_core::{Engine, Game, GameRecord, Limits, Outcome, Score, SearchInfo, StopFlag};

use crate::engines::engine_by_name;
use crate::games::Describe;

/// The longest command line read; a longer one is refused (a game record of the largest
/// Sundraval board fits many times over).
pub const MAX_LINE_BYTES: usize = 1 << 20;

/// The engine played when no `setoption name engine` says otherwise.
pub const DEFAULT_ENGINE: &str = "default";

/// The seed of the engines when no `setoption name seed` says otherwise.
pub const DEFAULT_SEED: u64 = 1;

/// Writes whole lines to the output shared by the protocol loop and the search thread.
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

/// A search running on its own thread; it gives the engine back when it ends.
struct Running<G: Game> {
    stop: StopFlag,
    thread: JoinHandle<Box<dyn Engine<G>>>,
}

/// The protocol state of one engine process.
struct Session<G: Describe> {
    out: Output,
    /// The position `startpos` stands for (the board chosen on the command line).
    start: G,
    record: GameRecord<G>,
    engine_name: String,
    seed: u64,
    /// The engine, while no search holds it.
    engine: Option<Box<dyn Engine<G>>>,
    running: Option<Running<G>>,
}

/// Runs the protocol for game `G` from `start` (the position `startpos` means) until `quit` or
/// the end of `input`, writing replies to `output`.
///
/// # Errors
/// Only I/O errors of `input` or `output` (a manager that closed the pipe); every protocol
/// error is answered with an `info string error: …` line instead.
pub fn run<G: Describe>(
    start: G,
    input: impl BufRead,
    output: impl Write + Send + 'static,
) -> io::Result<()> {
    let out = Output(Arc::new(Mutex::new(Box::new(output))));
    let engine = engine_by_name::<G>(DEFAULT_ENGINE, DEFAULT_SEED)
        .map_err(|e| io::Error::other(e.to_string()))?;
    let mut session = Session {
        out,
        start,
        record: GameRecord::new(start),
        engine_name: DEFAULT_ENGINE.to_owned(),
        seed: DEFAULT_SEED,
        engine: Some(engine),
        running: None,
    };
    let mut input = input;
    let mut buffer = Vec::new();
    loop {
        buffer.clear();
        let read = input
            .by_ref()
            .take(MAX_LINE_BYTES as u64 + 1)
            .read_until(b'\n', &mut buffer)?;
        if read == 0 {
            break;
        }
        if buffer.len() > MAX_LINE_BYTES && buffer.last() != Some(&b'\n') {
            skip_rest_of_line(&mut input)?;
            session.error(&format!("line longer than {MAX_LINE_BYTES} bytes ignored"))?;
            continue;
        }
        let Ok(line) = std::str::from_utf8(&buffer) else {
            session.error("the line is not UTF-8")?;
            continue;
        };
        if !session.command(line.trim())? {
            break;
        }
    }
    session.finish_search()?;
    Ok(())
}

/// Reads and drops the rest of an over-long line.
fn skip_rest_of_line(input: &mut impl BufRead) -> io::Result<()> {
    loop {
        let chunk = input.fill_buf()?;
        if chunk.is_empty() {
            return Ok(());
        }
        match chunk.iter().position(|&b| b == b'\n') {
            Some(end) => {
                input.consume(end + 1);
                return Ok(());
            }
            None => {
                let len = chunk.len();
                input.consume(len);
            }
        }
    }
}

impl<G: Describe> Session<G> {
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
            "stop" => self.finish_search()?,
            "query" => self.query(rest)?,
            "quit" => return Ok(false),
            other => self.error(&format!("unknown command {}", quoted(other)))?,
        }
        Ok(true)
    }

    /// Runs `job` unless a search is running (then the command is refused: the manager must
    /// `stop` first, as in UCI). A search that has ended by itself is collected first.
    fn when_idle(&mut self, job: impl FnOnce(&mut Self) -> io::Result<()>) -> io::Result<()> {
        if let Some(running) = &self.running {
            if !running.thread.is_finished() {
                return self.error("a search is running; send stop first");
            }
            self.finish_search()?;
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
            "option name seed type spin default {DEFAULT_SEED} min 0 max {}",
            i64::MAX
        ))?;
        self.say("ugiok")
    }

    fn setoption(&mut self, rest: &str) -> io::Result<()> {
        let Some((name, value)) = parse_setoption(rest) else {
            return self.error("expected setoption name NAME value VALUE");
        };
        match name.to_ascii_lowercase().as_str() {
            "engine" => match engine_by_name::<G>(value, self.seed) {
                Ok(engine) => {
                    self.engine = Some(engine);
                    self.engine_name = value.to_owned();
                    Ok(())
                }
                Err(err) => self.error(&err.to_string()),
            },
            "seed" => match value.parse::<u64>() {
                Ok(seed) => match engine_by_name::<G>(&self.engine_name, seed) {
                    Ok(engine) => {
                        self.seed = seed;
                        self.engine = Some(engine);
                        Ok(())
                    }
                    Err(err) => self.error(&err.to_string()),
                },
                Err(_) => self.error(&format!(
                    "seed takes a number from 0 to {}, not {}",
                    u64::MAX,
                    quoted(value)
                )),
            },
            _ => self.error(&format!(
                "unknown option {} (options: engine, seed)",
                quoted(name)
            )),
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
        let limits = match parse_go::<G>(rest, self.record.current().to_move()) {
            Ok(limits) => limits,
            Err(message) => return self.error(&message),
        };
        if self.record.outcome().is_some() {
            return self.say("bestmove none");
        }
        let Some(mut engine) = self.engine.take() else {
            return self.error("no engine (a previous search failed)");
        };
        let stop = StopFlag::new();
        let thread_stop = stop.clone();
        let record = self.record.clone();
        let out = self.out.clone();
        let thread = std::thread::spawn(move || {
            let started = Instant::now();
            let mut report = |info: &SearchInfo<G::Move>| {
                // A failed write means the manager is gone; the main loop sees it too.
                let _ = out.line(&info_line(record.current(), info, started.elapsed()));
            };
            let result = engine.search(&record, &limits, &thread_stop, &mut report);
            let pos = record.current();
            let best = result
                .best_move
                .filter(|&mv| pos.is_legal(mv))
                .or_else(|| record.legal_moves().first().copied());
            let text = match best {
                Some(mv) => pos.move_text(mv),
                None => "none".to_owned(),
            };
            let _ = out.line(&format!("bestmove {text}"));
            engine
        });
        self.running = Some(Running { stop, thread });
        Ok(())
    }

    /// Stops the running search, if any, waits for its `bestmove` and takes the engine back.
    fn finish_search(&mut self) -> io::Result<()> {
        let Some(running) = self.running.take() else {
            return Ok(());
        };
        running.stop.stop();
        match running.thread.join() {
            Ok(engine) => self.engine = Some(engine),
            Err(_) => {
                self.error("the search failed; the engine is set up afresh")?;
                self.engine = engine_by_name::<G>(&self.engine_name, self.seed).ok();
            }
        }
        Ok(())
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

/// A piece of the manager's input quoted for a message: a bounded excerpt, in Rust string
/// syntax.
fn quoted(text: &str) -> String {
    format!("{:?}", game_core::excerpt(text, 0))
}

/// `p1`, `p2` or `p3`: the player's place in the game's order.
pub fn seat_name<G: Game>(player: G::Player) -> String {
    format!("p{}", G::player_index(player) + 1)
}

/// The first word of `line` and the rest, trimmed.
fn split_word(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    }
}

/// `name NAME value VALUE` (NAME may hold spaces, as in UCI) as the pair of texts.
fn parse_setoption(rest: &str) -> Option<(&str, &str)> {
    let rest = rest.strip_prefix("name")?.trim_start();
    let (name, value) = match rest.find(" value ") {
        Some(at) => (&rest[..at], rest[at + " value ".len()..].trim()),
        None => (rest, ""),
    };
    let name = name.trim();
    (!name.is_empty()).then_some((name, value))
}

/// The game record that `position startpos|fen TEXT [moves …]` describes, or what is wrong.
fn parse_position<G: Game>(start: G, rest: &str) -> Result<GameRecord<G>, String> {
    let (kind, rest) = split_word(rest);
    let words: Vec<&str> = rest.split_whitespace().collect();
    let (setup, moves) = match words.iter().position(|&w| w == "moves") {
        Some(at) => (words[..at].join(" "), &words[at + 1..]),
        None => (words.join(" "), &words[words.len()..]),
    };
    let setup = setup.as_str();
    let first = match kind {
        "startpos" if setup.is_empty() => start,
        "startpos" => return Err(format!("unexpected {} after startpos", quoted(setup))),
        "fen" if setup.is_empty() => return Err("position fen needs a position".to_owned()),
        "fen" => G::parse_position(setup, start.board_size())
            .map_err(|e| format!("position {}: {e}", quoted(setup)))?,
        _ => return Err("expected position startpos or position fen TEXT".to_owned()),
    };
    let mut record = GameRecord::new(first);
    for (index, text) in moves.iter().enumerate() {
        record
            .play_text(text)
            .map_err(|e| format!("move {} {}: {e}", index + 1, quoted(text)))?;
    }
    Ok(record)
}

/// The search limits of a `go` command for the player `to_move`.
fn parse_go<G: Game>(rest: &str, to_move: G::Player) -> Result<Limits, String> {
    let mut limits = Limits::INFINITE;
    let mut clocks = [None::<u64>; 3];
    let mut increments = [0u64; 3];
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        if word == "infinite" {
            continue;
        }
        let value = words
            .next()
            .ok_or_else(|| format!("go {} needs a number", quoted(word)))?;
        let number: u64 = value
            .parse()
            .map_err(|_| format!("go {}: {} is not a number", quoted(word), quoted(value)))?;
        match word {
            "movetime" => limits.time = Some(Duration::from_millis(number)),
            "nodes" => {
                limits.nodes = Some(number);
                limits.iterations = Some(number);
            }
            "depth" => limits.depth = Some(u32::try_from(number).map_err(|_| "depth too large")?),
            "p1time" | "p2time" | "p3time" => clocks[seat_digit(word)] = Some(number),
            "p1inc" | "p2inc" | "p3inc" => increments[seat_digit(word)] = number,
            "movestogo" => {}
            other => return Err(format!("unknown go parameter {}", quoted(other))),
        }
    }
    let seat = G::player_index(to_move).min(2);
    if let Some(remaining) = clocks[seat] {
        let budget = clock_budget(remaining, increments[seat]);
        limits.time = Some(limits.time.map_or(budget, |t| t.min(budget)));
    }
    Ok(limits)
}

/// The seat (0, 1 or 2) of a `pNtime` / `pNinc` word.
fn seat_digit(word: &str) -> usize {
    usize::from(word.as_bytes()[1] - b'1')
}

/// The time to spend on one move with `remaining` ms on the clock and `increment` ms a move:
/// a twentieth of the clock plus most of the increment, never more than half the clock.
fn clock_budget(remaining: u64, increment: u64) -> Duration {
    let share = remaining / 20 + increment * 3 / 4;
    Duration::from_millis(share.min(remaining / 2).max(1))
}

/// An `info` line for a search report: depth, nodes, time, score, pv as far as they mean
/// something.
fn info_line<G: Game>(pos: &G, info: &SearchInfo<G::Move>, elapsed: Duration) -> String {
    let mut line = format!("info depth {} nodes {}", info.depth, info.nodes);
    let millis = elapsed.as_millis();
    line += &format!(" time {millis}");
    if let Some(nps) = (u128::from(info.nodes) * 1000).checked_div(millis) {
        line += &format!(" nps {nps}");
    }
    if let Some(score) = info.score {
        line += " score ";
        line += &score_text::<G>(score);
    }
    let pv = pv_texts(pos, &info.pv);
    if !pv.is_empty() {
        line += " pv ";
        line += &pv.join(" ");
    }
    line
}

/// A score as UCI writes it: `cp N` or `mate N` (in moves of the player to move, negative when
/// losing).
fn score_text<G: Game>(score: Score) -> String {
    let players = G::PLAYERS.len() as f64;
    match score {
        Score::Centi(cp) => format!("cp {cp}"),
        Score::Draw => "cp 0".to_owned(),
        Score::WinIn(plies) => format!("mate {}", plies.div_ceil(2).max(1)),
        Score::LossIn(plies) => format!("mate -{}", plies.div_ceil(2).max(1)),
        Score::Reward(reward) => {
            // The expected reward as centi-units on the logistic scale of chess engines, with
            // a fair share (1/N) at 0.
            let reward = reward.clamp(0.001, 0.999);
            let odds = reward * (players - 1.0) / (1.0 - reward);
            format!("cp {}", (400.0 * odds.log10()).round() as i64)
        }
    }
}

/// The texts of a principal variation, as far as its moves are legal along the line.
pub fn pv_texts<G: Game>(pos: &G, pv: &[G::Move]) -> Vec<String> {
    let mut pos = *pos;
    let mut texts = Vec::with_capacity(pv.len());
    for &mv in pv {
        if pos.outcome().is_some() || !pos.is_legal(mv) {
            break;
        }
        texts.push(pos.move_text(mv));
        pos.play_unchecked(mv);
    }
    texts
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setoption_reads_names_and_values() {
        assert_eq!(
            parse_setoption("name engine value mcts:200"),
            Some(("engine", "mcts:200"))
        );
        assert_eq!(
            parse_setoption("name Move Overhead value 10"),
            Some(("Move Overhead", "10"))
        );
        assert_eq!(parse_setoption("value 3"), None);
    }

    #[test]
    fn clock_budget_never_takes_more_than_half_the_clock() {
        assert_eq!(clock_budget(60_000, 0), Duration::from_millis(3_000));
        assert_eq!(clock_budget(100, 1_000), Duration::from_millis(50));
        assert_eq!(clock_budget(0, 0), Duration::from_millis(1));
    }
}
