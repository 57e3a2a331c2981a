//! Strength of the default player (MCTS with the contested-point rollout) against uniformly
//! random play on the small boards, both seats.
//!
//! The full run is ignored in `cargo test`; run it with
//! `cargo test --release -p sundraval --test all strength:: -- --ignored --nocapture`.
//! Its budget is [`FULL_ITERATIONS`] iterations a move, chosen to fit in 100 ms a move in a
//! release build (the test prints the mean and the slowest move it saw, which the project's
//! `docs/measurements.md` records). `STRENGTH_GAMES` and
//! `STRENGTH_ITERATIONS` in the environment change the number of games and the budget.

use std::time::{Duration, Instant};

use sundraval::game_core::search::random::RandomEngine;
use sundraval::game_core::{Engine, Limits};
use sundraval::{default_engine, BoardSize, Game, GameRecord, Position, Seat};

/// The iterations a move of the full run.
const FULL_ITERATIONS: u64 = 1_000;

/// Wins, draws and losses of the default player, and the slowest move it made.
#[derive(Debug, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    slowest: Duration,
    /// Time and number of the default player's moves.
    thinking: Duration,
    moves: u32,
}

/// One game on a board of `size`; the default player sits in `seat`.
fn play(size: u32, seat: Seat, seed: u64, limits: &Limits, tally: &mut Tally) {
    let mut me = default_engine(seed);
    let mut random = RandomEngine::<Position>::new(seed + 10_000);
    let mut record =
        GameRecord::new(Position::start_with_size(BoardSize::Side(size)).expect("a board size"));
    while record.outcome().is_none() {
        let started = Instant::now();
        let mine = record.current().to_move() == seat;
        let mv = if mine {
            me.choose_move(&record, limits)
        } else {
            random.choose_move(&record, limits)
        }
        .expect("the game goes on");
        if mine {
            let took = started.elapsed();
            tally.slowest = tally.slowest.max(took);
            tally.thinking += took;
            tally.moves += 1;
        }
        record.play(mv).expect("engines play legal moves");
    }
    match record.outcome().and_then(|o| o.winner()) {
        Some(w) if w == seat => tally.wins += 1,
        Some(_) => tally.losses += 1,
        None => tally.draws += 1,
    }
}

/// `games` seeded games on `size`, the default player's seat alternating.
fn tally(size: u32, games: u64, limits: &Limits) -> Tally {
    let mut tally = Tally::default();
    for seed in 0..games {
        let seat = if seed % 2 == 0 {
            Seat::First
        } else {
            Seat::Second
        };
        play(size, seat, seed, limits, &mut tally);
    }
    tally
}

/// A number from the environment (for shorter or longer runs), else `default`.
fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn beats_random_small() {
    let t = tally(3, 4, &Limits::iterations(200));
    assert!(t.wins >= 3, "{t:?}");
}

#[test]
#[ignore = "a strength run: cargo test --release -p sundraval --test all strength:: -- --ignored --nocapture"]
fn beats_random_full() {
    let games = env_number("STRENGTH_GAMES", 100);
    let iterations = env_number("STRENGTH_ITERATIONS", FULL_ITERATIONS);
    for size in [3, 4, 5] {
        let t = tally(size, games, &Limits::iterations(iterations));
        let mean = t.thinking / t.moves.max(1);
        println!(
            "sundraval {size} a side, default ({iterations} iterations) vs random, {games} games \
             (seats alternating): {} W {} D {} L; mean {mean:.1?}, slowest {:.1?} a move",
            t.wins, t.draws, t.losses, t.slowest
        );
        assert!(t.wins * 100 >= 95 * games as u32, "size {size}: {t:?}");
    }
}
