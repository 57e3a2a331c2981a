//! Criterion benches for svendo: placement and movement move generation (plain generation and
//! the responsibility look-ahead measured apart), win detection, perft, random playouts.
//! Run with `cargo bench --bench svendo`.

// criterion_group! and criterion_main! write undocumented public functions.
#![allow(missing_docs)]

mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use svendo::game_core::Rng;
use svendo::SvendoRollout;
use svendo::{Color, Game, Move, Position};

/// The movement-move cap of the random playouts: a game without a win after this many slides
/// (all players together) is cut. Random games are won after about 46 slides on average.
const PLAYOUT_MOVEMENT_CAP: u32 = 300;

/// Playouts per measured iteration.
const PLAYOUTS: u64 = 20;

/// A movement position where nobody threatens to win (met in random play; 75 slides).
const QUIET: &str = "2W1RWR3/5RMB2/1WM1BRW2B/BR4WRBW/3MBBW2W/BR5R2 b 0/0/0 5/5/5";

/// Plays one random game from `start` with at most `cap` slides; returns the end position.
/// With `plain`, moves are drawn from the plain moves (no responsibility rules): the
/// difference between the two playout benches is the cost of the look-ahead.
fn playout(
    start: Position,
    rng: &mut Rng,
    cap: u32,
    moves: &mut Vec<Move>,
    plain: bool,
) -> Position {
    let mut pos = start;
    let mut slides = 0;
    while slides < cap {
        if plain {
            pos.plain_moves_into(moves);
        } else {
            pos.legal_moves_into(moves);
        }
        let Some(&mv) = rng.choose(moves) else { break };
        slides += u32::from(matches!(mv, Move::Slide { .. }));
        pos.play_unchecked(mv);
    }
    pos
}

/// Movement positions met in random games (the distribution random play sees), split into
/// those where some player threatens to win and those where nobody does.
fn sampled_positions() -> (Vec<Position>, Vec<Position>) {
    let mut rng = Rng::new(99);
    let mut moves = Vec::new();
    let (mut threat, mut quiet) = (Vec::new(), Vec::new());
    while threat.len() < 200 || quiet.len() < 50 {
        let mut pos = Position::start();
        while pos.outcome().is_none() {
            if !pos.is_placement() {
                if pos.anyone_threatens() {
                    threat.push(pos);
                } else {
                    quiet.push(pos);
                }
            }
            pos.legal_moves_into(&mut moves);
            let Some(&mv) = rng.choose(&moves) else { break };
            pos.play_unchecked(mv);
        }
    }
    threat.truncate(200);
    quiet.truncate(50);
    (threat, quiet)
}

fn movegen(c: &mut Criterion) {
    let mut moves = Vec::with_capacity(400);
    let mut group = c.benchmark_group("svendo/movegen");

    let start = Position::start();
    let mid_placement: Position = "6R2M/1W8/3W6/4B3R1/2B4W2/B4M4 w 5/5m/6 0/0/0"
        .parse()
        .expect("valid");
    group.throughput(Throughput::Elements(2));
    group.bench_function("placement", |b| {
        b.iter(|| {
            black_box(&start).legal_moves_into(&mut moves);
            let n = moves.len();
            black_box(&mid_placement).legal_moves_into(&mut moves);
            n + moves.len()
        })
    });

    let quiet: Position = QUIET.parse().expect("valid");
    assert!(!quiet.anyone_threatens());
    group.throughput(Throughput::Elements(1));
    group.bench_function("movement_no_threat/legal", |b| {
        b.iter(|| {
            black_box(&quiet).legal_moves_into(&mut moves);
            moves.len()
        })
    });
    group.bench_function("movement_no_threat/plain", |b| {
        b.iter(|| {
            black_box(&quiet).plain_moves_into(&mut moves);
            moves.len()
        })
    });
    group.bench_function("movement_no_threat/count", |b| {
        b.iter(|| black_box(&quiet).count_legal_moves(&mut moves))
    });

    // Positions from random play: legal (plain + responsibility) against plain only; the
    // difference is the look-ahead's cost.
    let (threat, sampled_quiet) = sampled_positions();
    for (name, set) in [("random_threat", &threat), ("random_quiet", &sampled_quiet)] {
        group.throughput(Throughput::Elements(set.len() as u64));
        group.bench_function(format!("{name}/legal"), |b| {
            b.iter(|| {
                let mut total = 0;
                for pos in set {
                    black_box(pos).legal_moves_into(&mut moves);
                    total += moves.len();
                }
                total
            })
        });
        group.bench_function(format!("{name}/plain"), |b| {
            b.iter(|| {
                let mut total = 0;
                for pos in set {
                    black_box(pos).plain_moves_into(&mut moves);
                    total += moves.len();
                }
                total
            })
        });
    }
    group.finish();
}

fn win_detection(c: &mut Criterion) {
    let (threat, quiet) = sampled_positions();
    let mut group = c.benchmark_group("svendo/win_detection");
    let all: Vec<Position> = threat.iter().chain(&quiet).copied().collect();
    group.throughput(Throughput::Elements(3 * all.len() as u64));
    group.bench_function("has_winning_move", |b| {
        b.iter(|| {
            let mut n = 0;
            for pos in &all {
                for c in Color::ALL {
                    n += usize::from(black_box(pos).has_winning_move(c));
                }
            }
            n
        })
    });
    // Playing every plain slide: the move itself and the check of the three winning events.
    let mut moves = Vec::new();
    let pairs: Vec<(Position, Move)> = all
        .iter()
        .flat_map(|pos| {
            pos.plain_moves_into(&mut moves);
            moves.iter().map(|&m| (*pos, m)).collect::<Vec<_>>()
        })
        .collect();
    group.throughput(Throughput::Elements(pairs.len() as u64));
    group.bench_function("play_with_win_check", |b| {
        b.iter(|| {
            let mut wins = 0;
            for &(pos, mv) in &pairs {
                let mut p = black_box(pos);
                p.play_unchecked(mv);
                wins += usize::from(p.win().is_some());
            }
            wins
        })
    });
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("svendo/perft");
    common::perft(&mut group, "start", &Position::start(), 3);
    group.sample_size(10);
    common::perft(
        &mut group,
        "movement",
        &QUIET.parse::<Position>().expect("valid"),
        3,
    );
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("svendo/playouts");
    group.throughput(Throughput::Elements(PLAYOUTS));
    let mut rng = Rng::new(7);
    let mut moves = Vec::with_capacity(400);
    for (name, plain) in [
        ("random_from_start", false),
        ("random_from_start_plain_rules", true),
    ] {
        group.bench_function(name, |b| {
            b.iter(|| {
                let mut won = 0;
                for _ in 0..PLAYOUTS {
                    let start = Position::start();
                    let end = playout(start, &mut rng, PLAYOUT_MOVEMENT_CAP, &mut moves, plain);
                    won += usize::from(end.win().is_some());
                }
                won
            })
        });
    }
    group.finish();
}

fn mcts(c: &mut Criterion) {
    let mut group = c.benchmark_group("svendo/mcts");
    group.sample_size(10);
    let quiet: Position = QUIET.parse().expect("valid");
    for (name, pos) in [("start", Position::start()), ("movement_quiet", quiet)] {
        common::mcts_search(&mut group, name, pos, 2_000, SvendoRollout::new());
    }
    group.finish();
}

/// `svendo/learning/random_step`: steps of random play through the learning interfaces
/// (observation, mask, legal ids, `action_move`, play), games restarted at their end; and
/// each call alone over 200 positions of random games.
fn learning(c: &mut Criterion) {
    let mut group = c.benchmark_group("svendo/learning");
    common::learning_steps(&mut group, "random_step", Position::start(), 10_000, 600);
    let positions = common::sample_positions(Position::start(), 200, 0x5A3);
    common::learning_calls(&mut group, &positions);
    group.finish();
}

criterion_group!(
    benches,
    movegen,
    win_detection,
    perft_bench,
    playouts,
    mcts,
    learning
);
criterion_main!(benches);
