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
//! `--games` may be as large as the machine's word (and at least 1). A progress bar is drawn
//! on stderr when it is a terminal.
//!
//! Defaults: 100 games, 100 ms a move, openings of 4 plies, seed 1, one thread, shard 1/1.
//! `--time 0` plays on work budgets instead of the clock: `--nodes N` nodes a move (default
//! 100000) and the engines' own budgets (`mcts:2000`, `alphabeta:4`). The games are then the
//! same on every machine and in every run with the same seed (with one thread per game, as
//! here: `--threads` plays several games at once, each on one thread). Whatever `--threads`,
//! the results file lists the games in the schedule's order, so runs that differ only in
//! their threads write the same file byte for byte.
//!
//! Exit codes, as for every tool (`common`): 0 done or `--help`, 2 a bad argument (one line
//! on stderr; nothing played, no file touched), 1 an input or output failure (the results
//! file or stdout could not be written). The results file holds whole lines only: a
//! line that could not be written whole is taken back before the tool exits.

mod common;

use std::fs::{File, OpenOptions};
use std::io::{self, IsTerminal, Seek, SeekFrom, Write};
use std::process::ExitCode;
use std::time::Duration;

use common::{number, CommandLine, Failure, Out, Spec};

use boardrules::arena::{count, play_game, play_in_order, MatchSettings, Schedule, Summary};
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

const SPEC: Spec = Spec {
    usage: USAGE,
    required: &["GAME"],
    optional: &[],
    switches: &["--append"],
    values: &[
        "--games",
        "--time",
        "--nodes",
        "--openings",
        "--seed",
        "--threads",
        "--size",
        "--results",
        "--shard",
    ],
    repeated: &["--engine"],
};

fn options(args: &CommandLine) -> Result<Options, Failure> {
    let engines: Vec<String> = args
        .values("--engine")
        .into_iter()
        .map(str::to_owned)
        .collect();
    if !(2..=3).contains(&engines.len()) {
        return Err(Failure::Usage(format!(
            "name two or three engines with --engine, not {}",
            engines.len()
        )));
    }
    let mut settings = MatchSettings::new(engines);
    if let Some(games) = args.number("--games")? {
        settings.games = games;
    }
    if settings.games == 0 {
        return Err(Failure::Usage("--games must be at least 1".to_owned()));
    }
    if let Some(ms) = args.number::<u64>("--time")? {
        settings.time_per_move = (ms > 0).then(|| Duration::from_millis(ms));
    }
    if let Some(nodes) = args.number("--nodes")? {
        settings.nodes_per_move = nodes;
    }
    if settings.nodes_per_move == 0 {
        return Err(Failure::Usage("--nodes must be at least 1".to_owned()));
    }
    if let Some(plies) = args.number("--openings")? {
        settings.opening_plies = plies;
    }
    if let Some(seed) = args.number("--seed")? {
        settings.seed = seed;
    }
    let threads = args.number("--threads")?.unwrap_or(1);
    if threads == 0 {
        return Err(Failure::Usage("--threads must be at least 1".to_owned()));
    }
    let shard = match args.value("--shard") {
        None => (1, 1),
        Some(value) => {
            let (i, n) = value.split_once('/').ok_or_else(|| {
                Failure::Usage(format!("--shard takes I/N, not {}", common::quoted(value)))
            })?;
            let shard = (number("--shard", i)?, number("--shard", n)?);
            if shard.1 == 0 || shard.0 == 0 || shard.0 > shard.1 {
                return Err(Failure::Usage(format!(
                    "--shard {}: I must be from 1 to N",
                    common::quoted(value)
                )));
            }
            shard
        }
    };
    Ok(Options {
        game: args.positional()[0].clone(),
        settings,
        threads,
        shard,
        size: args.size()?,
        results: args
            .value("--results")
            .unwrap_or("match-results.jsonl")
            .to_owned(),
        append: args.switch("--append"),
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
        let play = |game: &_| play_game(start, &settings, game);
        play_in_order(&games, threads, play, |report| {
            let report = report.map_err(|e| Failure::Usage(e.to_string()))?;
            file.write_line(&report.to_json())?;
            summary.add(&report);
            progress.inc(1);
            Ok::<(), Failure>(())
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
    Failure::Io(format!("the results file {}: {err}", common::quoted(path)))
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
    common::run(&SPEC, |args| {
        let options = options(&args)?;
        let game = options.game.clone();
        games::visit(&game, Match { options }).map_err(|e| common::unknown_game(&game, &e))?
    })
}
