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
    let config = MctsConfig {
        reuse_tree: false,
        ..MctsConfig::default()
    };
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

/// `NAME`: random play through the learning interfaces from `start`, as an environment loop
/// steps it, with the throughput in steps. One step: the observation for the side to move
/// ([`game_core::Observe::observe`]), the legal-action mask, the ids of the legal moves (for
/// the random choice), the checked id-to-move lookup ([`game_core::Actions::action_move`]),
/// the move played and the outcome read; a finished game (or one longer than `ply_cap`)
/// restarts from `start`. Every buffer is allocated once, outside the measured loop.
pub fn learning_steps<G: game_core::Actions + game_core::Observe>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    start: G,
    steps: u64,
    ply_cap: u32,
) {
    let mut rng = game_core::Rng::new(0x1EA2);
    let mut mask = vec![false; start.num_actions()];
    let mut ids = Vec::with_capacity(start.num_actions().min(4096));
    let mut planes = vec![0.0_f32; start.observation_shape().iter().product()];
    let mut pos = start;
    let mut plies = 0;
    group.throughput(Throughput::Elements(steps));
    group.bench_function(name, |b| {
        b.iter(|| {
            for _ in 0..steps {
                pos.observe(pos.to_move(), &mut planes);
                pos.legal_action_mask(&mut mask);
                pos.legal_actions_into(&mut ids);
                let action = ids[rng.below(ids.len())];
                let mv = pos.action_move(action).expect("a legal id");
                pos.play_unchecked(mv);
                plies += 1;
                if pos.outcome().is_some() || plies >= ply_cap {
                    pos = start;
                    plies = 0;
                }
            }
            black_box((&planes, &mask));
        })
    });
}

/// `observe`, `legal_action_mask`, `legal_actions_into` and `action_move` (of every legal id)
/// each over `positions` (taken from random games by [`sample_positions`]), throughput in
/// positions: the per-call costs behind [`learning_steps`].
pub fn learning_calls<G: game_core::Actions + game_core::Observe>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    positions: &[G],
) {
    let first = positions[0];
    let mut mask = vec![false; first.num_actions()];
    let mut ids = Vec::with_capacity(first.num_actions().min(4096));
    let mut planes = vec![0.0_f32; first.observation_shape().iter().product()];
    let legal: Vec<Vec<usize>> = positions
        .iter()
        .map(|pos| {
            pos.legal_actions_into(&mut ids);
            ids.clone()
        })
        .collect();
    group.throughput(Throughput::Elements(positions.len() as u64));
    group.bench_function("observe", |b| {
        b.iter(|| {
            for pos in positions {
                black_box(pos).observe(pos.to_move(), &mut planes);
            }
            black_box(&planes);
        })
    });
    group.bench_function("legal_action_mask", |b| {
        b.iter(|| {
            for pos in positions {
                black_box(pos).legal_action_mask(&mut mask);
            }
            black_box(&mask);
        })
    });
    group.bench_function("legal_actions_into", |b| {
        b.iter(|| {
            for pos in positions {
                black_box(pos).legal_actions_into(&mut ids);
            }
            ids.len()
        })
    });
    group.bench_function("action_move_one_legal_id", |b| {
        b.iter(|| {
            let mut found = 0;
            for (pos, ids) in positions.iter().zip(&legal) {
                if let Some(&id) = ids.first() {
                    found += usize::from(black_box(pos).action_move(id).is_some());
                }
            }
            found
        })
    });
}

/// `count` positions of seeded random games from `start` (every position of each game, until
/// `count` are collected; finished positions left out).
pub fn sample_positions<G: Game>(start: G, count: usize, seed: u64) -> Vec<G> {
    let mut rng = game_core::Rng::new(seed);
    let mut positions = Vec::with_capacity(count);
    let mut moves = Vec::new();
    let mut pos = start;
    while positions.len() < count {
        pos.legal_moves_into(&mut moves);
        match rng.choose(&moves) {
            Some(&mv) => {
                positions.push(pos);
                pos.play_unchecked(mv);
            }
            None => pos = start,
        }
    }
    positions
}
