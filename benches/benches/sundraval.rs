//! Criterion benches for Sundraval on 9 points a side: legal move generation (the opening,
//! a middle game, a crowded late position), move counting, perft, full scoring, and random
//! playouts. Run with `cargo bench --bench sundraval`.
//!
//! Playout policy (`sundraval/playout`): a random opening (two different random points, then
//! `keep` or `swap` at random); then the mover passes with probability 1/64 when it has a
//! legal placement and always when it has none, and otherwise places on a uniformly random
//! legal point. Two consecutive passes end the playout, which is then scored with the seed
//! rule (`Game::outcome`). Because a player nearly always has a placement until the board is
//! full, a playout fills most of the board (about 200 plies on 9 a side).

// criterion_group! and criterion_main! write undocumented public functions.
#![allow(missing_docs)]

mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use sundraval::game_core::Rng;
use sundraval::SundravalRollout;
use sundraval::{BoardSize, Game, Move, Point, Position, Turn};

/// Playouts per measured iteration.
const PLAYOUTS: u64 = 100;

/// One in this many turns with a placement is a pass.
const PASS_ONE_IN: usize = 64;

/// A random opening: a black and a white stone on two random different points, then `keep`
/// or `swap`.
fn random_opening(size: u32, points: &[Point], rng: &mut Rng) -> Position {
    let mut pos = Position::start_with_size(BoardSize::Side(size)).expect("a supported size");
    let black = points[rng.below(points.len())];
    let mut white = black;
    while white == black {
        white = points[rng.below(points.len())];
    }
    pos.play_unchecked(Move::Opening { black, white });
    pos.play_unchecked(if rng.below(2) == 0 {
        Move::Keep
    } else {
        Move::Swap
    });
    pos
}

/// One move of the playout policy (the position is in the normal game, not over).
fn policy_move(pos: &Position, rng: &mut Rng, moves: &mut Vec<Move>) -> Move {
    pos.legal_moves_into(moves);
    // The generator lists the placements, then `pass` last.
    let placements = moves.len() - 1;
    if placements == 0 || rng.below(PASS_ONE_IN) == 0 {
        Move::Pass
    } else {
        moves[rng.below(placements)]
    }
}

/// Plays the policy until two consecutive passes; returns the end position and the plies.
fn playout(start: Position, rng: &mut Rng, moves: &mut Vec<Move>) -> (Position, u32) {
    let mut pos = start;
    let mut plies = 0;
    while !pos.is_over() {
        let mv = policy_move(&pos, rng, moves);
        pos.play_unchecked(mv);
        plies += 1;
    }
    (pos, plies)
}

/// A position after `placements` policy placements from a seeded random opening (passes not
/// counted), on 9 a side.
fn position_after(placements: usize, seed: u64) -> Position {
    let points: Vec<Point> = Position::start().points().iter().collect();
    let mut rng = Rng::new(seed);
    let mut pos = random_opening(9, &points, &mut rng);
    let mut moves = Vec::new();
    let mut placed = 0;
    while placed < placements && !pos.is_over() {
        let mv = policy_move(&pos, &mut rng, &mut moves);
        if matches!(mv, Move::Place(_)) {
            placed += 1;
        }
        pos.play_unchecked(mv);
    }
    // Leave it in play: undo a final double pass by construction is not possible, so seeds
    // are chosen so that the game goes on.
    assert!(!pos.is_over(), "seed {seed} ended early");
    pos
}

fn movegen(c: &mut Criterion) {
    let start = Position::start();
    let middle = position_after(70, 11);
    let late = position_after(170, 12);
    eprintln!("middle game: {middle}\nlate: {late}");
    let mut group = c.benchmark_group("sundraval/movegen");
    for (name, pos) in [("middle_game_70_stones", middle), ("late_170_stones", late)] {
        common::movegen(&mut group, name, &[pos]);
    }
    // The opening lists every ordered pair of points: 46,872 moves.
    let mut opening = Vec::new();
    start.legal_moves_into(&mut opening);
    group.throughput(Throughput::Elements(opening.len() as u64));
    group.bench_function("legal_moves_into/start_46872_openings", |b| {
        b.iter(|| {
            black_box(&start).legal_moves_into(&mut opening);
            opening.len()
        })
    });
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let middle = position_after(70, 11);
    let mut group = c.benchmark_group("sundraval/perft");
    group.sample_size(20);
    for depth in [2u32, 3] {
        common::perft(&mut group, "middle_game", &middle, depth);
    }
    group.finish();
}

fn scoring(c: &mut Criterion) {
    // Finished positions: the ends of policy playouts (the board mostly full).
    let points: Vec<Point> = Position::start().points().iter().collect();
    let mut rng = Rng::new(21);
    let mut moves = Vec::new();
    let ends: Vec<Position> = (0..8)
        .map(|_| playout(random_opening(9, &points, &mut rng), &mut rng, &mut moves).0)
        .collect();
    let middle = position_after(70, 11);
    let late = position_after(170, 12);
    let mut group = c.benchmark_group("sundraval/score");
    group.throughput(Throughput::Elements(ends.len() as u64));
    group.bench_function("score_breakdown/8_finished_playouts", |b| {
        b.iter(|| {
            ends.iter()
                .map(|p| black_box(p).score_breakdown().groups.len())
                .sum::<usize>()
        })
    });
    group.throughput(Throughput::Elements(1));
    for (name, pos) in [("middle_game_70_stones", middle), ("late_170_stones", late)] {
        group.bench_function(format!("score_breakdown/{name}"), |b| {
            b.iter(|| black_box(&pos).score_breakdown().groups.len())
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let points: Vec<Point> = Position::start().points().iter().collect();
    let mut group = c.benchmark_group("sundraval/playout");
    group.throughput(Throughput::Elements(PLAYOUTS));
    group.sample_size(20);
    let mut rng = Rng::new(0x5D2A);
    let mut moves = Vec::with_capacity(256);
    group.bench_function("policy_pass_1_in_64_scored", |b| {
        b.iter(|| {
            let mut plies = 0u64;
            for _ in 0..PLAYOUTS {
                let start = random_opening(9, &points, &mut rng);
                let (end, n) = playout(start, &mut rng, &mut moves);
                debug_assert_ne!(end.turn(), Turn::Setup);
                black_box(end.outcome());
                plies += u64::from(n);
            }
            plies
        })
    });
    group.finish();
}

fn mcts(c: &mut Criterion) {
    let mut group = c.benchmark_group("sundraval/mcts");
    group.sample_size(10);
    // 9 a side, a middle game (70 stones placed by the playout policy).
    let middle = position_after(70, 11);
    common::mcts_search(
        &mut group,
        "middle_game_70_stones",
        middle,
        1_000,
        SundravalRollout,
    );
    group.finish();
}

/// `sundraval/learning/random_step_5`, `_9` and `_11`: steps of random play through the
/// learning interfaces (observation, mask, legal ids, `action_move`, play), games restarted
/// at their end (the opening included, with its mask of P·(P−1) legal ids); and each call
/// alone over 200 positions of random games on 9 a side.
fn learning(c: &mut Criterion) {
    let mut group = c.benchmark_group("sundraval/learning");
    for size in [5, 9, 11] {
        let start = Position::start_with_size(BoardSize::Side(size)).expect("a Sundraval size");
        common::learning_steps(
            &mut group,
            &format!("random_step_{size}"),
            start,
            2_000,
            1_000,
        );
    }
    let positions = common::sample_positions(Position::start(), 200, 0x5D7);
    common::learning_calls(&mut group, &positions);
    group.finish();
}

criterion_group!(
    benches,
    movegen,
    perft_bench,
    scoring,
    playouts,
    mcts,
    learning
);
criterion_main!(benches);
