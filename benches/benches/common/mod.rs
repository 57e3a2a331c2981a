//! What every game's bench measures the same way: listing and counting the legal moves of
//! fixed positions, and perft. Throughput is set in elements (positions, or perft nodes), so
//! criterion reports positions or nodes per second.

// Shared by several test or example programs, each using part of it: `pub` keeps the
// unused part of each from being dead code, so the reachability lint does not apply here.
#![allow(unreachable_pub)]
// Each bench uses what it needs of this module.
#![allow(dead_code)]

use std::hint::black_box;

use criterion::measurement::WallTime;
use criterion::{BenchmarkGroup, Throughput};
use game_core::{Game, Perft};

/// `legal_moves_into/NAME` and `count_legal_moves/NAME` over every position of `positions`,
/// with one reused move buffer (no allocation inside the measured loop).
pub fn movegen<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, positions: &[G]) {
    group.throughput(Throughput::Elements(positions.len() as u64));
    let mut moves = Vec::with_capacity(256);
    group.bench_function(format!("legal_moves_into/{name}"), |b| {
        b.iter(|| {
            let mut total = 0;
            for pos in positions {
                black_box(pos).legal_moves_into(&mut moves);
                total += moves.len();
            }
            total
        })
    });
    group.bench_function(format!("count_legal_moves/{name}"), |b| {
        b.iter(|| {
            positions
                .iter()
                .map(|pos| black_box(pos).count_legal_moves(&mut moves))
                .sum::<usize>()
        })
    });
}

/// `NAME/depth_DEPTH`: game-core's perft (bulk counting at the last ply) from `pos`.
pub fn perft<G: Game>(group: &mut BenchmarkGroup<'_, WallTime>, name: &str, pos: &G, depth: u32) {
    let nodes = game_core::perft(pos, depth).unwrap();
    group.throughput(Throughput::Elements(nodes));
    let mut counter = Perft::new();
    group.bench_function(format!("{name}/depth_{depth}"), |b| {
        b.iter(|| counter.count(black_box(pos), depth))
    });
}

/// `GAME/mcts/NAME`: MCTS searches of `iterations` iterations from `pos` valued by `evaluator`,
/// each from a fresh tree (no reuse), so criterion reports iterations per second.
pub fn mcts_search<G: Game, E: game_core::LeafEvaluator<G>>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    pos: G,
    iterations: u64,
    evaluator: E,
) {
    use game_core::search::mcts::{Mcts, MctsConfig};
    use game_core::{Engine, GameRecord, Limits};
    let config = MctsConfig::default().with_reuse_tree(false);
    let mut engine = Mcts::new(evaluator, config, 0xBE7C);
    let record = GameRecord::new(pos);
    let limits = Limits::iterations(iterations);
    group.throughput(Throughput::Elements(iterations));
    group.bench_function(name, |b| b.iter(|| engine.choose_move(&record, &limits)));
}

/// `GAME/alphabeta/NAME/depth_D`: fixed-depth searches of `engine` from `pos`, each after
/// `new_game` (an empty table), with the throughput set to the nodes one search visits, so
/// criterion reports nodes per second.
pub fn fixed_depth_search<G: Game>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    pos: G,
    depth: u32,
    mut engine: impl game_core::Engine<G>,
) {
    use game_core::{GameRecord, Limits, StopFlag};
    let record = GameRecord::new(pos);
    let limits = Limits::depth(depth);
    let stop = StopFlag::new();
    let mut search = move || {
        engine.new_game();
        engine
            .search(&record, &limits, &stop, &mut |_| {})
            .info
            .nodes
    };
    let nodes = search();
    group.throughput(Throughput::Elements(nodes));
    group.bench_function(format!("{name}/depth_{depth}"), |b| b.iter(&mut search));
}
