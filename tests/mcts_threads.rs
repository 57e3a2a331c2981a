//! Root-parallel MCTS measured: iterations per second at 1 and 2 threads,
//! and a seeded match of 2 threads against 1 at the same time per move. Both are wall-clock
//! measurements and slow, so they are ignored by `cargo test`; run them in release, alone:
//!
//! ```text
//! cargo test --release --test all mcts_threads:: -- --ignored --nocapture --test-threads 1
//! ```
//!
//! `BOARDRULES_THREADS_SECONDS` (default 3) sets the seconds of each speed measurement,
//! `BOARDRULES_THREADS_GAMES` (default 20) and `BOARDRULES_THREADS_MS` (default 100) the
//! match. The speed is reported per wall-clock second and per CPU second of the process
//! (from `/proc/self/stat`, Linux only), because on a shared machine the wall clock says more
//! about the other programs than about the search: with two threads, iterations per CPU
//! second near the one-thread figure and per wall second near twice it mean the two cores were
//! free; a wall figure near the one-thread one means they were not.

use std::time::{Duration, Instant};

use boardrules::arena::opening;
use boardrules::sundraval::{BoardSize, Position, SundravalRollout};
use boardrules::svendo::{Position as SvendoPosition, SvendoRollout};
use game_core::search::mcts::{Mcts, MctsConfig};
use game_core::{Engine, Game, GameRecord, LeafEvaluator, Limits, StopFlag};

fn env_or(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

/// The CPU time of the whole process so far (every thread), from `/proc/self/stat`; `None`
/// where there is no such file.
fn process_cpu() -> Option<Duration> {
    let stat = std::fs::read_to_string("/proc/self/stat").ok()?;
    // The fields after the command name (which is in parentheses and may hold spaces):
    // state is field 3, utime field 14 and stime field 15, in clock ticks (100 a second on
    // Linux).
    let after = &stat[stat.rfind(')')? + 2..];
    let fields: Vec<&str> = after.split_whitespace().collect();
    let ticks: u64 = fields.get(11)?.parse::<u64>().ok()? + fields.get(12)?.parse::<u64>().ok()?;
    Some(Duration::from_millis(ticks * 10))
}

/// Iterations per wall second and per CPU second of `threads` trees searching `record` for
/// `seconds`.
fn speed<G: Game, E: LeafEvaluator<G>>(
    evaluator: E,
    record: &GameRecord<G>,
    threads: usize,
    seconds: u64,
) -> (u64, f64, Option<f64>) {
    let config = MctsConfig::default()
        .with_threads(threads)
        .with_reuse_tree(false);
    let mut engine = Mcts::new(evaluator, config, 1);
    let cpu = process_cpu();
    let started = Instant::now();
    let result = engine.search(
        record,
        &Limits::time(Duration::from_secs(seconds)),
        &StopFlag::new(),
        &mut |_| {},
    );
    let wall = started.elapsed().as_secs_f64();
    let cpu = cpu
        .zip(process_cpu())
        .map(|(before, after)| (after - before).as_secs_f64());
    let iterations = result.info.nodes;
    (
        iterations,
        iterations as f64 / wall,
        cpu.filter(|&c| c > 0.0).map(|c| iterations as f64 / c),
    )
}

fn report_speed<G: Game, E: LeafEvaluator<G> + Clone>(
    name: &str,
    evaluator: E,
    record: GameRecord<G>,
) {
    let seconds = env_or("BOARDRULES_THREADS_SECONDS", 3);
    for threads in [1, 2] {
        let (iterations, wall, cpu) = speed(evaluator.clone(), &record, threads, seconds);
        let cpu = cpu.map_or("n/a".to_owned(), |c| format!("{c:.0}"));
        println!(
            "{name}: {threads} thread(s): {iterations} iterations in {seconds} s: \
             {wall:.0} per wall second, {cpu} per CPU second"
        );
    }
}

#[test]
#[ignore = "wall-clock measurement: run in release with --ignored --nocapture (see the file)"]
fn iterations_per_second_at_one_and_two_threads() {
    if let Ok(load) = std::fs::read_to_string("/proc/loadavg") {
        println!("load average: {}", load.trim());
    }
    let sundraval = Position::start_with_size(BoardSize::Side(5)).expect("a 5-a-side board");
    report_speed(
        "sundraval (5 a side), 12 plies in",
        SundravalRollout,
        opening(sundraval, 1, 0, 12),
    );
    report_speed(
        "svendo, 12 plies in",
        SvendoRollout::new(),
        opening(SvendoPosition::start(), 1, 0, 12),
    );
}

#[test]
#[ignore = "a match at 100 ms a move: run in release with --ignored --nocapture (see the file)"]
fn two_threads_against_one_at_the_same_time_per_move() {
    let games = env_or("BOARDRULES_THREADS_GAMES", 20);
    let per_move = Duration::from_millis(env_or("BOARDRULES_THREADS_MS", 100));
    let start = Position::start_with_size(BoardSize::Side(5)).expect("a 5-a-side board");
    let (mut wins, mut draws, mut losses) = (0, 0, 0);
    for game in 0..games {
        // Each opening twice, the two-thread engine in each seat once.
        let record = opening(start, 2026, (game / 2) as usize, 4);
        let two_seat = (game % 2) as usize;
        let mut engines: Vec<Box<dyn Engine<Position>>> = (0..2)
            .map(|seat| {
                let threads = if seat == two_seat { 2 } else { 1 };
                let config = MctsConfig::default().with_threads(threads);
                Box::new(Mcts::new(SundravalRollout, config, game * 2 + seat as u64))
                    as Box<dyn Engine<Position>>
            })
            .collect();
        let mut record = record;
        let outcome = loop {
            if let Some(outcome) = record.outcome() {
                break outcome;
            }
            let seat = Position::player_index(record.current().to_move());
            let mv = engines[seat]
                .choose_move(&record, &Limits::time(per_move))
                .expect("the game goes on");
            record.play(mv).expect("a legal move");
        };
        let two_player = Position::PLAYERS[two_seat];
        match outcome.winner() {
            Some(winner) if winner == two_player => wins += 1,
            Some(_) => losses += 1,
            None => draws += 1,
        }
        println!(
            "game {game}: 2 threads in seat {two_seat}: {} after {} plies",
            match outcome.winner() {
                Some(w) if w == two_player => "won",
                Some(_) => "lost",
                None => "drawn",
            },
            record.moves().len()
        );
    }
    println!(
        "sundraval (5 a side), {} ms a move, {games} games: 2 threads against 1: \
         {wins} won, {draws} drawn, {losses} lost",
        per_move.as_millis()
    );
}

/// A fixed budget (`BOARDRULES_THREADS_ITERATIONS`, default 20,000 Svendo iterations) at
/// `BOARDRULES_THREADS` threads (default 1), for instruction counts that the load of the
/// machine does not change:
///
/// ```text
/// BOARDRULES_THREADS=2 valgrind --tool=callgrind target/release/deps/mcts_threads-HASH \
///     --ignored --exact a_fixed_budget_for_instruction_counts
/// ```
#[test]
#[ignore = "for callgrind (see the docs)"]
fn a_fixed_budget_for_instruction_counts() {
    let threads = env_or("BOARDRULES_THREADS", 1) as usize;
    let iterations = env_or("BOARDRULES_THREADS_ITERATIONS", 20_000);
    let record = opening(SvendoPosition::start(), 1, 0, 12);
    let config = MctsConfig::default().with_threads(threads);
    let mut engine = Mcts::new(SvendoRollout::new(), config, 1);
    let result = engine.search(
        &record,
        &Limits::iterations(iterations),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert_eq!(result.info.nodes, iterations);
}
