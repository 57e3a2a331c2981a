//! Engine against engine, for any game of the workspace:
//!
//! ```text
//! cargo run --release --example match -- GAME --engine A --engine B [--games N] [--time MS]
//!     [--openings K] [--seed S] [--threads T] [--shard I/N] [--size N|WxH] [--results FILE]
//! ```
//!
//! Seats alternate (two players) or rotate (Svendo's three; with two engine names the second
//! fills two seats) on each random opening of K plies, so every opening is played from every
//! seat order. It prints wins, draws and losses per engine and seat, the average length, and
//! the Elo difference with its 95% interval (Svendo: each engine's share of wins). Every game
//! is also written as one JSON line to FILE (default `match-results.jsonl`): engines, seats,
//! moves, outcome. `--shard I/N` plays the I-th (from 1) of N disjoint slices of the same
//! schedule, so shards run anywhere and their files merge by concatenation. A progress bar is
//! drawn on stderr when it is a terminal.
//!
//! Defaults: 100 games, 100 ms a move, openings of 4 plies, seed 1, one thread, shard 1/1.
//! `--time 0` plays on the engines' own budgets only (`mcts:2000`, `alphabeta:4`): the games
//! are then the same on every machine.

mod common;

use std::fs::File;
use std::io::{BufWriter, IsTerminal, Write};
use std::process::ExitCode;
use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::mpsc;
use std::time::Duration;

use common::{Failure, Out};

use boardrules::arena::{play_game, GameReport, MatchSettings, Schedule, ScheduledGame, Summary};
use boardrules::games::{self, Describe, GameVisitor};
use indicatif::{ProgressBar, ProgressStyle};

const USAGE: &str = "usage: match GAME --engine A --engine B [--games N] [--time MS] [--openings K]
             [--seed S] [--threads T] [--shard I/N] [--size N|WxH] [--results FILE]
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
}

fn number<T: std::str::FromStr>(flag: &str, value: &str) -> Result<T, String> {
    value
        .parse()
        .map_err(|_| format!("{flag} takes a number, not {}", common::quoted(value)))
}

fn parse_options(words: Vec<String>) -> Result<Options, String> {
    let mut game = None;
    let mut settings = MatchSettings {
        engines: Vec::new(),
        games: 100,
        opening_plies: 4,
        seed: 1,
        time_per_move: Some(Duration::from_millis(100)),
    };
    let mut threads = 1;
    let mut shard = (1, 1);
    let mut size = None;
    let mut results = "match-results.jsonl".to_owned();
    let mut words = words.into_iter();
    while let Some(word) = words.next() {
        if word == "--help" || word == "-h" {
            return Err(USAGE.to_owned());
        }
        if !word.starts_with("--") {
            if game.replace(word.clone()).is_some() {
                return Err(format!("unexpected {}\n{USAGE}", common::quoted(&word)));
            }
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
    if settings.time_per_move.is_none() {
        if let Some(engine) = settings
            .engines
            .iter()
            .find(|e| !e.contains(':') && e.as_str() != "random")
        {
            return Err(format!(
                "--time 0 needs a budget for every engine (e.g. {engine}:1000), else {engine} searches forever"
            ));
        }
    }
    Ok(Options {
        game,
        settings,
        threads,
        shard,
        size,
        results,
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
        let file = File::create(&results).map_err(|e| format!("{results}: {e}"))?;
        let mut file = BufWriter::new(file);
        let progress = progress_bar(games.len() as u64);
        let reports = play_all(start, &settings, &games, threads, |report| {
            writeln!(file, "{}", report.to_json())
                .and_then(|()| file.flush())
                .map_err(|e| format!("{results}: {e}"))?;
            progress.inc(1);
            Ok(())
        })?;
        progress.finish_and_clear();
        let labels = settings.labels();
        let summary = Summary::new(&labels, players, &reports);
        let mut out = Out::new();
        let header = format!(
            "{}: {} vs {}, {} games (shard {}/{}), {}, openings of {} plies, seed {}",
            G::NAME,
            labels[0],
            labels[1..].join(" vs "),
            reports.len(),
            shard.0,
            shard.1,
            match settings.time_per_move {
                Some(t) => format!("{} ms a move", t.as_millis()),
                None => "engine budgets".to_owned(),
            },
            settings.opening_plies,
            settings.seed
        );
        for line in std::iter::once(header).chain(summary.lines::<G>()) {
            out.line(line)?;
        }
        Ok(out.finish()?)
    }
}

/// Plays `games` on `threads` threads, handing each finished game to `finished` in the order
/// they end (each report carries its game number).
fn play_all<G: Describe>(
    start: G,
    settings: &MatchSettings,
    games: &[ScheduledGame],
    threads: usize,
    mut finished: impl FnMut(&GameReport) -> Result<(), String>,
) -> Result<Vec<GameReport>, String> {
    let next = AtomicUsize::new(0);
    let (sender, receiver) = mpsc::channel();
    std::thread::scope(|scope| {
        for _ in 0..threads.min(games.len().max(1)) {
            let sender = sender.clone();
            let next = &next;
            scope.spawn(move || loop {
                let i = next.fetch_add(1, Ordering::Relaxed);
                let Some(game) = games.get(i) else { break };
                let report = play_game(start, settings, game).map_err(|e| e.to_string());
                if sender.send(report).is_err() {
                    break;
                }
            });
        }
        drop(sender);
        let mut reports = Vec::with_capacity(games.len());
        for report in receiver {
            let report = report?;
            finished(&report)?;
            reports.push(report);
        }
        reports.sort_by_key(|r| r.index);
        Ok(reports)
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
    common::run(|| {
        let words = common::utf8_args()?;
        let options = parse_options(words)?;
        let game = options.game.clone();
        games::visit(&game, Match { options }).map_err(|e| common::unknown_game(&game, &e))?
    })
}
