//! Criterion benches for kvarn3: move generation, perft(9) from the start, random playouts and
//! the full solve. Run with `cargo bench --bench kvarn3`.

// criterion_group! and criterion_main! write undocumented public functions.
#![allow(missing_docs)]

mod common;

use criterion::{criterion_group, criterion_main, BatchSize, Criterion, Throughput};
use kvarn3::game_core::{random_playout, Rng};
use kvarn3::Kvarn3Rollout;
use kvarn3::{Position, Solver};

/// Fixed positions of both phases.
const POSITIONS: &[&str] = &[
    ".../.../... w",
    "B../.W./... w",
    "WB./BW./W.. b",
    "WB./BW./WB. w",
    "WB./BBW/.W. w",
    "BB./.WW/.WB w",
];

/// The ply cap of the playouts: a random game that has not made a mill by then is cut.
const PLAYOUT_PLY_CAP: u32 = 200;

/// Playouts per measured iteration.
const PLAYOUTS: u64 = 1_000;

fn movegen(c: &mut Criterion) {
    let positions: Vec<Position> = POSITIONS
        .iter()
        .map(|t| t.parse().expect("valid"))
        .collect();
    let mut group = c.benchmark_group("kvarn3/movegen");
    common::movegen(&mut group, "six_positions", &positions);
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let start = Position::start();
    let mut group = c.benchmark_group("kvarn3/perft");
    for depth in [7u32, 9] {
        common::perft(&mut group, "start", &start, depth);
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("kvarn3/playout");
    group.throughput(Throughput::Elements(PLAYOUTS));
    let mut rng = Rng::new(0x4B33);
    let mut buffer = Vec::with_capacity(64);
    // Through the generic `game_core::random_playout`, from the start, capped at 200 plies.
    group.bench_function("random_playout_cap_200", |b| {
        b.iter(|| {
            let mut plies = 0u64;
            for _ in 0..PLAYOUTS {
                let playout =
                    random_playout(Position::start(), &mut rng, PLAYOUT_PLY_CAP, &mut buffer);
                plies += u64::from(playout.plies);
            }
            plies
        })
    });
    // The specialised loop `Position::random_playout` (moves picked by index, no move list):
    // the same games from the same generator.
    group.bench_function("specialised_playout_cap_200", |b| {
        b.iter(|| {
            let mut plies = 0u64;
            for _ in 0..PLAYOUTS {
                let playout = Position::start().random_playout(&mut rng, PLAYOUT_PLY_CAP);
                plies += u64::from(playout.plies);
            }
            plies
        })
    });
    group.finish();
}

fn solve(c: &mut Criterion) {
    let mut group = c.benchmark_group("kvarn3/solve");
    group.throughput(Throughput::Elements(5_390));
    group.sample_size(20);
    group.bench_function("retrograde_all_positions", |b| {
        b.iter_batched(|| (), |()| Solver::new(), BatchSize::PerIteration)
    });
    group.finish();
}

fn mcts(c: &mut Criterion) {
    let mut group = c.benchmark_group("kvarn3/mcts");
    for (name, text) in [("start", ".../.../... w"), ("movement", "WB./BW./WB. w")] {
        let pos: Position = text.parse().expect("valid");
        common::mcts_search(&mut group, name, pos, 20_000, Kvarn3Rollout);
    }
    group.finish();
}

/// `kvarn3/learning/random_step`: steps of random play through the learning interfaces
/// (observation, mask, legal ids, `action_move`, play), games restarted at their end; and
/// each call alone over 200 positions of random games.
fn learning(c: &mut Criterion) {
    let mut group = c.benchmark_group("kvarn3/learning");
    common::learning_steps(&mut group, "random_step", Position::start(), 10_000, 200);
    let positions = common::sample_positions(Position::start(), 200, 0x5A3);
    common::learning_calls(&mut group, &positions);
    group.finish();
}

criterion_group!(
    benches,
    movegen,
    perft_bench,
    playouts,
    solve,
    mcts,
    learning
);
criterion_main!(benches);
