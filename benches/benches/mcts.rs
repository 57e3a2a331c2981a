//! Criterion benches of the generic MCTS with uniformly random rollouts (the `mcts_engine` of
//! the games without a rollout policy of their own): Cheversi and Swedish Draughts. The games with their own rollouts are measured in their benches
//! (`kvarn3/mcts`, `sundraval/mcts`, `svendo/mcts`). Run with
//! `cargo bench --bench mcts -- --warm-up-time 1 --measurement-time 3 mcts`.

// criterion_group! and criterion_main! write undocumented public functions.
#![allow(missing_docs)]

mod common;

use criterion::{criterion_group, criterion_main, Criterion};
use game_core::search::mcts::RandomRollout;

fn cheversi(c: &mut Criterion) {
    let mut group = c.benchmark_group("cheversi/mcts");
    group.sample_size(10);
    for (name, text) in [
        ("start", "8/8/8/8/8/8/8/8 w -"),
        ("middle", "8/8/8/2rbnr2/2RBKN2/2nNR3/3bB3/8 b e2"),
    ] {
        let pos: cheversi::Position = text.parse().expect("valid position");
        common::mcts_search(
            &mut group,
            name,
            pos,
            5_000,
            RandomRollout::new(cheversi::ROLLOUT_PLY_CAP),
        );
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
        common::mcts_search(
            &mut group,
            name,
            pos,
            2_000,
            RandomRollout::new(swedish_draughts::ROLLOUT_PLY_CAP),
        );
    }
    group.finish();
}

criterion_group!(benches, cheversi, draughts);
criterion_main!(benches);
