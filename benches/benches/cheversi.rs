//! Criterion benches for cheversi: placement generation, the full score evaluation, perft from
//! the start (with and without bulk counting at the last ply), random playouts and the endgame
//! solver, and the default player's alpha-beta search (nodes per second at a fixed depth from a
//! cleared table, without the solver). Run with `cargo bench --bench cheversi`.

// criterion_group! and criterion_main! write undocumented public functions.
#![allow(missing_docs)]

mod common;

use std::hint::black_box;

use cheversi::game_core::search::{AlphaBeta, AlphaBetaConfig};
use cheversi::game_core::{perft, random_playout, Rng};
use cheversi::{default_config, RunningScore};
use cheversi::{Game, Move, Position, Solver};
use criterion::{criterion_group, criterion_main, Criterion, Throughput};

/// Fixed positions from the opening to the last placement.
const POSITIONS: &[&str] = &[
    "8/8/8/8/8/8/8/8 w -",
    "8/8/8/8/4K3/8/8/8 b e4",
    "2K5/2Qb4/8/8/8/8/8/8 b c7",
    "8/8/8/8/4K3/3nQ3/4q3/8 w e2",
    "8/8/8/8/3bK3/3BQ3/2n1q3/8 w c2",
    "8/8/8/2rbnr2/2RBKN2/2nNR3/3bB3/8 b e2",
    "8/8/8/2rbnr2/2RBKN2/2n1R3/2NbBq2/8 w f2",
    "8/8/8/2rbnr2/2RBKN2/2nNR1Q1/3bBq2/8 b g3",
];

/// Playouts per measured iteration.
const PLAYOUTS: u64 = 1_000;

fn positions() -> Vec<Position> {
    POSITIONS
        .iter()
        .map(|t| t.parse().expect("valid position"))
        .collect()
}

/// Finished games (all 16 pieces down) from seeded random play: the score evaluation's
/// heaviest case.
fn finished_games(count: usize) -> Vec<Position> {
    let mut rng = Rng::new(0x5C0E);
    let mut buffer = Vec::new();
    (0..count)
        .map(|_| random_playout(Position::start(), &mut rng, 16, &mut buffer).end)
        .collect()
}

fn movegen(c: &mut Criterion) {
    let positions = positions();
    let mut group = c.benchmark_group("cheversi/movegen");
    common::movegen(&mut group, "sampled_positions", &positions);
    group.finish();
}

fn score(c: &mut Criterion) {
    let mut group = c.benchmark_group("cheversi/score");
    for (name, set) in [
        ("full_both_players_middle_games", positions()),
        ("full_both_players_finished_games", finished_games(64)),
    ] {
        // One element = one full evaluation of both players' scores from scratch.
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut total = 0u32;
                for pos in &set {
                    let [white, black] = black_box(pos).scores();
                    total = total.wrapping_add(white ^ black);
                }
                total
            })
        });
    }
    group.finish();
}

/// Perft without bulk counting: every leaf is played.
fn perft_playing_leaves(pos: &Position, depth: u32, buffers: &mut [Vec<Move>]) -> u64 {
    if depth == 0 {
        return 1;
    }
    let (moves, rest) = buffers.split_first_mut().expect("a buffer per ply");
    pos.legal_moves_into(moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = *pos;
        child.play_unchecked(mv);
        total += perft_playing_leaves(&child, depth - 1, rest);
    }
    total
}

fn perft_bench(c: &mut Criterion) {
    let start = Position::start();
    let mut group = c.benchmark_group("cheversi/perft");
    group.sample_size(10);
    for depth in [4u32, 5] {
        common::perft(&mut group, "start", &start, depth);
    }
    let depth = 4;
    group.throughput(Throughput::Elements(perft(&start, depth).unwrap()));
    let mut buffers = vec![Vec::new(); depth as usize];
    group.bench_function(format!("start/depth_{depth}_playing_every_leaf"), |b| {
        b.iter(|| perft_playing_leaves(black_box(&start), depth, &mut buffers))
    });
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("cheversi/playout");
    group.throughput(Throughput::Elements(PLAYOUTS));
    let mut rng = Rng::new(0xC4E5);
    let mut buffer = Vec::with_capacity(256);
    group.bench_function("random_playout_with_final_score", |b| {
        b.iter(|| {
            let mut total = 0u64;
            for _ in 0..PLAYOUTS {
                let playout = random_playout(Position::start(), &mut rng, 16, &mut buffer);
                let [white, black] = playout.end.scores();
                total += u64::from(white > black);
            }
            total
        })
    });
    group.finish();
}

fn solver(c: &mut Criterion) {
    let mut group = c.benchmark_group("cheversi/solver");
    group.sample_size(10);
    let mut rng = Rng::new(0x501E);
    let mut buffer = Vec::new();
    for (left, count, table_bits) in [(4u8, 8, 14), (6, 8, 16), (8, 3, 20)] {
        // Random positions `left` placements from the end.
        let mut set = Vec::new();
        while set.len() < count {
            let end = u32::from(16 - left);
            let pos = random_playout(Position::start(), &mut rng, end, &mut buffer).end;
            if pos.placements_left() == left {
                set.push(pos);
            }
        }
        group.throughput(Throughput::Elements(set.len() as u64));
        let mut solver = Solver::with_table_bits(table_bits);
        group.bench_function(format!("solve_{left}_left"), |b| {
            b.iter(|| {
                set.iter()
                    .map(|p| {
                        // From scratch: an empty table for every position.
                        solver.clear();
                        solver
                            .solve(black_box(p))
                            .expect("within the limit")
                            .score_difference
                    })
                    .sum::<i32>()
            })
        });
    }
    group.finish();
}

/// Alpha-beta on the running score to a fixed depth, the table cleared before each search:
/// one element is one position visited.
fn alphabeta(c: &mut Criterion) {
    let mut group = c.benchmark_group("cheversi/alphabeta");
    group.sample_size(10);
    let positions = positions();
    for (name, start, depth) in [
        ("start", positions[0], 4u32),
        ("after-4", positions[3], 5),
        ("after-10", positions[6], 6),
    ] {
        // A small table, so that clearing it does not weigh on the measurement.
        let config = AlphaBetaConfig {
            tt_megabytes: 1,
            ..default_config()
        };
        let engine = AlphaBeta::new(RunningScore, config).expect("Cheversi has two players");
        common::fixed_depth_search(&mut group, name, start, depth, engine);
    }
    group.finish();
}

/// `cheversi/learning/random_step`: steps of random play through the learning interfaces
/// (observation, mask, legal ids, `action_move`, play), games restarted at their end; and
/// each call alone over 200 positions of random games.
fn learning(c: &mut Criterion) {
    let mut group = c.benchmark_group("cheversi/learning");
    common::learning_steps(&mut group, "random_step", Position::start(), 10_000, 16);
    let positions = common::sample_positions(Position::start(), 200, 0x5A3);
    common::learning_calls(&mut group, &positions);
    group.finish();
}

criterion_group!(
    benches,
    movegen,
    score,
    perft_bench,
    playouts,
    solver,
    alphabeta,
    learning
);
criterion_main!(benches);
