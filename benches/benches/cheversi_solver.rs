//! The Cheversi exact solver's reach: the time of one solve from scratch (an empty table) at 8,
//! 10 and 12 placements from the end, per position, on fixed positions from seeded random
//! games. Run with
//!
//! ```text
//! cargo bench --bench cheversi_solver -- --warm-up-time 1 --measurement-time 5
//! ```
//!
//! Each benchmark is one position (`solve/LEFT_left/N`), so the report gives the time per
//! position; criterion's sample count is at its minimum of 10. At 12 placements left a solve
//! searches hundreds of millions of positions (the project's `docs/measurements.md`), ten
//! samples of each position far more, so those are only run when
//! `CHEVERSI_SOLVER_BENCH_12=1` is set.

// criterion_group! and criterion_main! write undocumented public functions.
#![allow(missing_docs)]

use std::hint::black_box;
use std::time::Duration;

use cheversi::{Position, Solver};
use criterion::{criterion_group, criterion_main, Criterion};

/// Positions 8 placements from the end (random play from seeds 1008, 2008, 3008: play a
/// uniformly random legal placement with `game_core::Rng` until 8 are left).
const EIGHT_LEFT: &[&str] = &[
    "1N1K4/1nq5/1rQ5/2nR4/8/8/8/8 w b6",
    "8/8/8/8/6Q1/7b/5qrK/5BNn w f2",
    "8/8/6q1/7N/7r/6QK/7r/5nB1 w f1",
];

/// Positions 10 placements from the end (seeds 1010, 2010, 3010).
const TEN_LEFT: &[&str] = &[
    "8/8/8/4R3/4bq2/2bRK3/8/8 w f4",
    "8/8/8/8/5n2/5Qq1/4bK2/5B2 w f4",
    "8/8/8/8/8/1N6/1bBq4/Kn6 w d2",
];

/// Positions 12 placements from the end (seeds 1012, 2012, 3012).
const TWELVE_LEFT: &[&str] = &[
    "8/8/8/8/5q2/4Q3/5r2/4K3 w f4",
    "8/8/6r1/5B2/3Kr3/8/8/8 w g6",
    "8/8/8/8/8/bB6/1n6/K7 w a3",
];

/// The table size of every solve here: 2^22 entries (64 MiB).
const TABLE_BITS: u32 = 22;

fn solve_each(c: &mut Criterion, left: u8, positions: &[&str]) {
    let mut group = c.benchmark_group(format!("cheversi_solver/solve/{left}_left"));
    group.sample_size(10);
    if left >= 12 {
        group.measurement_time(Duration::from_secs(60));
    }
    let mut solver = Solver::with_table_bits(TABLE_BITS).with_max_placements_left(16);
    for (i, text) in positions.iter().enumerate() {
        let pos: Position = text.parse().expect("a valid position");
        assert_eq!(pos.placements_left(), left, "{text}");
        group.bench_function(format!("{i}"), |b| {
            b.iter(|| {
                // From scratch: an empty table for every solve.
                solver.clear();
                solver
                    .solve(black_box(&pos))
                    .expect("within the limit")
                    .score_difference
            })
        });
    }
    group.finish();
}

fn solver(c: &mut Criterion) {
    solve_each(c, 8, EIGHT_LEFT);
    solve_each(c, 10, TEN_LEFT);
    if std::env::var_os("CHEVERSI_SOLVER_BENCH_12").is_some_and(|v| v == "1") {
        solve_each(c, 12, TWELVE_LEFT);
    }
}

criterion_group!(benches, solver);
criterion_main!(benches);
