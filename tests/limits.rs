//! Limits that every engine honours: every game × every engine of the
//! registry (`default`, `random`, `mcts`, `alphabeta`) × every limit kind given alone (time,
//! nodes, iterations, depth, each small and each zero) returns a legal move, and a depth limit
//! is never exceeded in the report.
//!
//! Each search runs on its own thread under a watchdog: a search that has not answered after
//! [`WATCHDOG`] fails the test with its game, engine, position and limit, instead of blocking
//! the run. The bound is a sanity bound for debug builds on a loaded machine, not a speed test.

use std::sync::mpsc;
use std::thread;
use std::time::Duration;

use boardrules::engines::{engine_by_name, ENGINE_NAMES};
use boardrules::games::{visit, Describe, GameVisitor, GAME_NAMES};
use game_core::{BoardSize, Engine, Game, GameRecord, Limits, Rng, SearchResult, StopFlag};

/// How long one search may take before the test calls it a hang.
const WATCHDOG: Duration = Duration::from_secs(120);

/// Every limit kind alone: small, and zero.
fn limit_kinds() -> Vec<(&'static str, Limits)> {
    vec![
        ("time 20 ms", Limits::time(Duration::from_millis(20))),
        ("nodes 2000", Limits::nodes(2_000)),
        ("iterations 200", Limits::iterations(200)),
        ("depth 2", Limits::depth(2)),
        ("time 0", Limits::time(Duration::ZERO)),
        ("nodes 0", Limits::nodes(0)),
        ("iterations 0", Limits::iterations(0)),
        ("depth 0", Limits::depth(0)),
    ]
}

/// The start on the game's smallest board (a depth limit costs MCTS at least one iteration per
/// root move, and Sundraval's default board has 46,872 opening moves: its depth limit there is
/// checked by the crate's own ignored test, `cargo test -p sundraval --release --test all limits::
/// -- --ignored`).
fn smallest_start<G: Game>() -> G {
    let area = |size: &BoardSize| match *size {
        BoardSize::Side(n) => n * n,
        BoardSize::Rect { width, height } => width * height,
    };
    G::BOARD_SIZES
        .iter()
        .min_by_key(|size| area(size))
        .and_then(|&size| G::start_with_size(size).ok())
        .unwrap_or_else(G::start)
}

/// The positions searched: the start, and one `plies` random plies in (seeded), so that the
/// solvers near the end of the short games are reached too.
fn positions<G: Game>(plies: u32) -> Vec<GameRecord<G>> {
    let start = smallest_start::<G>();
    let mut records = vec![GameRecord::new(start)];
    let mut record = GameRecord::new(start);
    let mut rng = Rng::new(20);
    for _ in 0..plies {
        let moves = record.current().legal_moves();
        let Some(&mv) = rng.choose(&moves) else {
            break;
        };
        let mut next = record.clone();
        if next.play(mv).is_err() || next.outcome().is_some() {
            break;
        }
        record = next;
    }
    if record.moves().len() as u32 == plies {
        records.push(record);
    }
    records
}

/// Runs `engine` on `record` under `limits` on its own thread; `None` when it has not
/// answered within [`WATCHDOG`].
fn search_with_watchdog<G: Describe>(
    mut engine: Box<dyn Engine<G>>,
    record: GameRecord<G>,
    limits: Limits,
) -> Option<SearchResult<G::Move>> {
    let (send, receive) = mpsc::channel();
    thread::spawn(move || {
        let result = engine.search(&record, &limits, &StopFlag::new(), &mut |_| {});
        // The receiver is gone only when the watchdog has already failed the test.
        let _ = send.send(result);
    });
    receive.recv_timeout(WATCHDOG).ok()
}

struct Matrix;

impl GameVisitor for Matrix {
    type Output = usize;

    fn visit<G: Describe>(self) -> usize {
        let mut searches = 0;
        // Kvarn3 and Cheversi are short: ten plies in, Cheversi is within its solver's reach.
        for record in positions::<G>(10) {
            let position = record.current().to_string();
            for engine_name in ENGINE_NAMES {
                for (limit_name, limits) in limit_kinds() {
                    let engine = match engine_by_name::<G>(engine_name, 7) {
                        Ok(engine) => engine,
                        // Alpha-beta exists only for the two-player games.
                        Err(_) if *engine_name == "alphabeta" && G::PLAYERS.len() != 2 => break,
                        Err(e) => panic!("{}: {engine_name}: {e}", G::NAME),
                    };
                    let what = format!("{} {engine_name} [{limit_name}] at {position}", G::NAME);
                    let result = search_with_watchdog(engine, record.clone(), limits)
                        .unwrap_or_else(|| panic!("{what}: no answer within {WATCHDOG:?}"));
                    let mv = result
                        .best_move
                        .unwrap_or_else(|| panic!("{what}: no move while the game goes on"));
                    assert!(record.current().is_legal(mv), "{what}: an illegal move");
                    if let Some(depth) = limits.depth {
                        // A depth of 0 is searched as 1: choosing a move needs one ply.
                        assert!(
                            result.info.depth <= depth.max(1),
                            "{what}: reported depth {} over the limit",
                            result.info.depth
                        );
                    }
                    for &(mv, _) in &result.root_distribution {
                        assert!(record.current().is_legal(mv), "{what}: distribution");
                    }
                    searches += 1;
                }
            }
        }
        searches
    }
}

#[test]
fn every_engine_of_every_game_stops_under_every_limit_alone() {
    let mut searches = 0;
    for name in GAME_NAMES {
        // A game left out of this build is skipped.
        searches += visit(name, Matrix).unwrap_or(0);
    }
    // Five games, two positions each, 3 or 4 engines, 8 limits.
    assert!(searches >= 5 * 8 * 3, "only {searches} searches ran");
}
