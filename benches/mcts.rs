//! Criterion benches of the generic MCTS with uniformly random rollouts (the `mcts_engine` of
//! the games without a rollout policy of their own): Cheversi and Swedish Draughts. The games with their own rollouts are measured in their benches
//! (`kvarn3/mcts`, `sundraval/mcts`, `svendo/mcts`). Run with
//! `cargo bench --bench mcts -- --warm-up-time 1 --measurement-time 3 mcts`.

use criterion::measurement::WallTime;
use criterion::{criterion_group, criterion_main, BenchmarkGroup, Criterion, Throughput};
use game_core::search::mcts::{Mcts, MctsConfig, RandomRollout};
use game_core::{Engine, Game, GameRecord, Limits};

/// `GAME/mcts/NAME`: MCTS searches of `iterations` iterations from `pos` with random rollouts
/// of at most `rollout_cap` plies (the game crate's `ROLLOUT_PLY_CAP`), each from a fresh tree (no reuse), so criterion
/// reports iterations per second.
fn mcts_search<G: Game>(
    group: &mut BenchmarkGroup<'_, WallTime>,
    name: &str,
    pos: G,
    iterations: u64,
    rollout_cap: u32,
) {
    let config = MctsConfig {
        reuse_tree: false,
        ..MctsConfig::default()
    };
    let mut engine = Mcts::new(RandomRollout::<G>::new(rollout_cap), config, 0xBE7C);
    let record = GameRecord::new(pos);
    let limits = Limits::iterations(iterations);
    group.throughput(Throughput::Elements(iterations));
    group.bench_function(name, |b| b.iter(|| engine.choose_move(&record, &limits)));
}

fn cheversi(c: &mut Criterion) {
    let mut group = c.benchmark_group("cheversi/mcts");
    group.sample_size(10);
    for (name, text) in [
        ("start", "8/8/8/8/8/8/8/8 w -"),
        ("middle", "8/8/8/2rbnr2/2RBKN2/2nNR3/3bB3/8 b e2"),
    ] {
        let pos: cheversi::Position = text.parse().expect("valid position");
        mcts_search(&mut group, name, pos, 5_000, cheversi::ROLLOUT_PLY_CAP);
    }
    group.finish();
}

fn draughts(c: &mut Criterion) {
    let mut group = c.benchmark_group("swedish-draughts/mcts");
    group.sample_size(10);
    let quiet: swedish_draughts::Position =
        "W:W28,33,34,39,40,43,44,45,49,50:B3,7,8,9,12,13,14,17,18,19,23"
            .parse()
            .expect("valid position");
    for (name, pos) in [
        ("start", swedish_draughts::Position::start()),
        ("midgame_quiet", quiet),
    ] {
        mcts_search(
            &mut group,
            name,
            pos,
            2_000,
            swedish_draughts::ROLLOUT_PLY_CAP,
        );
    }
    group.finish();
}

criterion_group!(benches, cheversi, draughts);
criterion_main!(benches);
