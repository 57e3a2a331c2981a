//! Engine against engine, for any game of the workspace:
//!
//! ```text
//! cargo run --release --example match -- GAME --engine A --engine B [--games N] [--time MS]
//!     [--nodes N] [--openings K] [--seed S] [--threads T] [--shard I/N] [--size N|WxH]
//!     [--results FILE] [--append]
//! ```
//!
//! Seats alternate (two players) or rotate (Svendo's three; with two engine names the second
//! fills two seats) on each random opening of K plies, so every opening is played from every
//! seat order. It prints wins, draws and losses per engine and seat, the average length, and
//! the Elo difference with its 95% interval (when one engine won every game there is no
//! estimate, only a bound; Svendo: each engine's share of wins). Every game is also written as
//! one JSON line to FILE (default `match-results.jsonl`): engines, seats, the start position,
//! the moves from it (the opening's first), outcome. An existing FILE is refused unless
//! `--append` is given, which adds the new lines after the old ones. `--shard I/N` plays the
//! I-th (from 1) of N disjoint slices of the same schedule, so shards run anywhere and their
//! files merge by concatenation; the schedule is made game by game as it is played, so
//! `--games` may be as large as the machine's word. A progress bar is drawn on stderr when it
//! is a terminal.
//!
//! Defaults: 100 games, 100 ms a move, openings of 4 plies, seed 1, one thread, shard 1/1.
//! `--time 0` plays on work budgets instead of the clock: `--nodes N` nodes a move (default
//! 100000) and the engines' own budgets (`mcts:2000`, `alphabeta:4`). The games are then the
//! same on every machine and in every run with the same seed (with one thread per game, as
//! here: `--threads` plays several games at once, each on one thread).
//!
//! Exit codes: 0 done, 2 bad options (nothing played), 1 an input or output failure (the
//! results file or stdout could not be written). The results file holds whole lines only: a
//! line that could not be written whole is taken back before the tool exits.

mod common;

use std::fs::{File, OpenOptions};
use std::io::{self, IsTerminal, Seek, SeekFrom, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use common::{Failure, Out};

use boardrules::arena::{count, play_game, GameReport, MatchSettings, Schedule, Shard, Summary};
use boardrules::games::{self, Describe, GameVisitor};
use indicatif::{ProgressBar, ProgressStyle};

const USAGE: &str = "usage: match GAME --engine A --engine B [--games N] [--time MS] [--nodes N]
             [--openings K] [--seed S] [--threads T] [--shard I/N] [--size N|WxH]
             [--results FILE] [--append]
--time 0 plays on budgets of work (--nodes a move, and NAME:BUDGET): reproducible
an existing --results file is refused unless --append adds to it
games: kvarn3, swedish-draughts, cheversi, sundraval, svendo
engines: default, random, mcts, alphabeta (two-player games), with an optional budget: mcts:20000";

/// Everything the command line says.
struct Options {
    game: String,
    settings: MatchSettings,
    threads: usize,
    shard: (usize, usize),
    size: Option<game_core::BoardSize>,
    results: String,
    append: bool,
}

fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{flag} takes a number, not {}", common::quoted(value)))
}

fn parse_options(words: Vec<String>) -> Result<Options, String> {
    let mut game = None;
    let mut settings = MatchSettings::new(Vec::new());
    let mut append = false;
    let mut threads = 1;
    let mut shard = (1, 1);
    let mut size = None;
    let mut results = "match-results.jsonl".to_owned();
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        if !word.starts_with("--") {
            if game.replace(word.clone()).is_some() {
                return Err(format!("unexpected {}\n{USAGE}", common::quoted(&word)));
            }
            continue;
        }
        if word == "--append" {
            append = true;
            continue;
        }
        let value = words
            .next()
            .ok_or_else(|| format!("{word} needs a value\n{USAGE}"))?;
        match word.as_str() {
            "--engine" => settings.engines.push(value),
            "--games" => settings.games = number(&word, &value)?,
            "--time" => {
                let ms: u64 = number(&word, &value)?;
                settings.time_per_move = (ms > 0).then(|| Duration::from_millis(ms));
            }
            "--nodes" => {
                settings.nodes_per_move = number(&word, &value)?;
                if settings.nodes_per_move == 0 {
                    return Err("--nodes must be at least 1".to_owned());
                }
            }
            "--openings" => settings.opening_plies = number(&word, &value)?,
            "--seed" => settings.seed = number(&word, &value)?,
            "--threads" => threads = number(&word, &value)?,
            "--size" => size = Some(common::parse_size(&value)?),
            "--results" => results = value,
            "--shard" => {
                let (i, n) = value
                    .split_once('/')
                    .ok_or_else(|| format!("--shard takes I/N, not {value:?}"))?;
                shard = (number("--shard", i)?, number("--shard", n)?);
                if shard.1 == 0 || shard.0 == 0 || shard.0 > shard.1 {
                    return Err(format!("--shard {value}: I must be from 1 to N"));
                }
            }
            _ => return Err(format!("unknown option {word}\n{USAGE}")),
        }
    }
    let game = game.ok_or_else(|| USAGE.to_owned())?;
    if !(2..=3).contains(&settings.engines.len()) {
        return Err(format!("name two or three engines with --engine\n{USAGE}"));
    }
    if threads == 0 {
        return Err("--threads must be at least 1".to_owned());
    }
    Ok(Options {
        game,
        settings,
        threads,
        shard,
        size,
        results,
        append,
    })
}

struct Match {
    options: Options,
}

impl GameVisitor for Match {
    type Output = Result<(), Failure>;

    fn visit<G: Describe>(self) -> Result<(), Failure> {
        let Options {
            settings,
            threads,
            shard,
            size,
            results,
            append,
            ..
        } = self.options;
        let players = G::PLAYERS.len();
        if settings.engines.len() > players {
            return Err(format!(
                "{} has {players} players; name at most {players} engines",
                G::NAME
            )
            .into());
        }
        let start: G = games::setup(None, size).map_err(|e| e.to_string())?;
        // Check the names before the first game, so a typo fails at once.
        for name in &settings.engines {
            boardrules::engines::engine_by_name::<G>(name, 0).map_err(|e| e.to_string())?;
        }
        let schedule = Schedule::new(players, settings.engines.len(), settings.games);
        let games = schedule.shard(shard.0, shard.1);
        let mut file = ResultsFile::open(&results, append)?;
        let progress = progress_bar(games.len() as u64);
        let labels = settings.labels();
        let mut summary = Summary::empty(&labels, players);
        play_all(start, &settings, games, threads, |report| {
            file.write_line(&report.to_json())?;
            summary.add(report);
            progress.inc(1);
            Ok(())
        })?;
        progress.finish_and_clear();
        let mut out = Out::new();
        let header = format!(
            "{}: {} vs {}, {} (shard {}/{}), {}, openings of {}, seed {}",
            G::NAME,
            labels[0],
            labels[1..].join(" vs "),
            count(u64::from(summary.games), "game"),
            shard.0,
            shard.1,
            match settings.time_per_move {
                Some(t) => format!("{} ms a move", t.as_millis()),
                None => format!("{} a move", count(settings.nodes_per_move, "node")),
            },
            count(u64::from(settings.opening_plies), "ply"),
            settings.seed
        );
        for line in std::iter::once(header).chain(summary.lines::<G>()) {
            out.line(line)?;
        }
        Ok(out.finish()?)
    }
}

/// The `--results` file: whole JSON lines or nothing.
struct ResultsFile {
    file: File,
    path: String,
    /// The length of the file after its last whole line.
    len: u64,
}

impl ResultsFile {
    /// Opens `path` for new results: a new file, or with `append` the end of an existing one.
    /// An existing file without `append` is a usage error (it is never truncated); a file that
    /// cannot be opened is an I/O failure.
    fn open(path: &str, append: bool) -> Result<ResultsFile, Failure> {
        let mut options = OpenOptions::new();
        if append {
            options.append(true).create(true);
        } else {
            options.write(true).create_new(true);
        }
        let mut file = options.open(path).map_err(|err| {
            if err.kind() == io::ErrorKind::AlreadyExists {
                Failure::Usage(format!(
                    "{} exists: give --append to add the new games to it, or another --results file",
                    common::quoted(path)
                ))
            } else {
                results_failure(path, err)
            }
        })?;
        // Devices (/dev/null, /dev/full) have no end to seek to; count from 0 there.
        let len = file.seek(SeekFrom::End(0)).unwrap_or(0);
        Ok(ResultsFile {
            file,
            path: path.to_owned(),
            len,
        })
    }

    /// Writes `line` and a newline in one piece; when that fails part-way, the part written is
    /// cut off again, so the file keeps whole lines only.
    fn write_line(&mut self, line: &str) -> Result<(), Failure> {
        let mut bytes = Vec::with_capacity(line.len() + 1);
        bytes.extend_from_slice(line.as_bytes());
        bytes.push(b'\n');
        match self.file.write_all(&bytes) {
            Ok(()) => {
                self.len += bytes.len() as u64;
                Ok(())
            }
            Err(err) => {
                // Best effort: a device cannot be cut, and then there is nothing to cut.
                let _ = self.file.set_len(self.len);
                Err(results_failure(&self.path, err))
            }
        }
    }
}

/// An I/O failure on the results file: exit code 1, with the file named.
fn results_failure(path: &str, err: io::Error) -> Failure {
    Failure::Write(io::Error::new(
        err.kind(),
        format!("the results file {}: {err}", common::quoted(path)),
    ))
}

/// Plays the games of `games` on `threads` threads, handing each finished game to `finished`
/// in the order they end (each report carries its game number). The games are taken from the
/// shard one at a time as threads become free, so none is made before it is played.
fn play_all<G: Describe>(
    start: G,
    settings: &MatchSettings,
    games: Shard,
    threads: usize,
    mut finished: impl FnMut(&GameReport) -> Result<(), Failure>,
) -> Result<(), Failure> {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    let games = &games;
    std::thread::scope(|scope| {
        for _ in 0..threads.min(games.total().max(1)) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(game) = games.get(i) else { break };
                let report = play_game(start, settings, &game).map_err(|e| e.to_string());
                if sender.send(report).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        for report in receiver {
            let report = report.map_err(Failure::Usage)?;
            finished(&report)?;
        }
        Ok(())
    })
}

/// A progress bar on stderr when it is a terminal; hidden otherwise.
fn progress_bar(games: u64) -> ProgressBar {
    if !std::io::stderr().is_terminal() {
        return ProgressBar::hidden();
    }
    let bar = ProgressBar::new(games);
    if let Ok(style) =
        ProgressStyle::with_template("{elapsed_precise} [{bar:40}] {pos}/{len} games, eta {eta}")
    {
        bar.set_style(style.progress_chars("=> "));
    }
    bar
}

fn main() -> ExitCode {
    if let Some(code) = common::help(USAGE) {
        return code;
    }
    common::run(|| {
        let words = common::utf8_args()?;
        let options = parse_options(words)?;
        let game = options.game.clone();
        games::visit(&game, Match { options }).map_err(|e| common::unknown_game(&game, &e))?
    })
}
