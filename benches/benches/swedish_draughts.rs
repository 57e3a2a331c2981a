//! Criterion benches for swedish-draughts: legal move generation on the starts and on
//! capture-heavy middle games, perft from the starts (the generic game-core perft with bulk
//! counting at the last ply, and the crate's own fast perft), random playouts, and the
//! default player's alpha-beta search (nodes per second at a fixed depth from a cleared table),
//! and capture notation (text of every legal capture, and reading it back). Run with `cargo bench --bench swedish_draughts`.

// criterion_group! and criterion_main! write undocumented public functions.
#![allow(missing_docs)]

mod common;

use std::hint::black_box;

use criterion::{criterion_group, criterion_main, Criterion, Throughput};
use swedish_draughts::game_core::{random_playout, Rng};
use swedish_draughts::{alphabeta_with, default_config, BoardSize, DraughtsEval, Game, Position};

/// Named positions for move generation (10x10 unless the name says 8x8).
const MIDGAMES: &[(&str, &str)] = &[
    // Black's dame on 48 has five captures, three of them six-piece chains with many routes.
    (
        "midgame-dame-captures",
        "B:W25,26,27,30,34,37,38,39,40,41,45,46,47,49,50:B1,2,4,5,7,8,9,10,11,12,13,14,16,17,18,20,K48",
    ),
    // White's dame on 3 and many men in contact.
    (
        "midgame-dame-men",
        "W:WK3,27,33,35,37,38,39,42,44,45,46,47,48,49,50:B1,2,5,6,7,10,13,15,16,17,20,24",
    ),
    // Men only, a seven-piece capture for White (29x9) among men in contact.
    (
        "midgame-men-captures",
        "W:W27,28,29,31,32,33,34,35,36,38,40,42,44,45,47,49:B2,5,7,8,11,12,13,14,15,17,18,19,21,22,23,24",
    ),
    (
        "midgame-quiet",
        "W:W28,33,34,39,40,43,44,45,49,50:B3,7,8,9,12,13,14,17,18,19,23",
    ),
];

/// The ply cap of the playouts (the draw rules are not applied inside a playout).
const PLAYOUT_PLY_CAP: u32 = 300;

/// Playouts per measured iteration.
const PLAYOUTS: u64 = 100;

fn movegen(c: &mut Criterion) {
    let mut positions: Vec<(&str, Position)> = vec![
        ("start-10x10", Position::start()),
        (
            "start-8x8",
            Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board"),
        ),
    ];
    positions.extend(
        MIDGAMES
            .iter()
            .map(|&(name, text)| (name, text.parse().expect("valid position"))),
    );
    let mut group = c.benchmark_group("swedish-draughts/movegen");
    for (name, pos) in &positions {
        common::movegen(&mut group, name, std::slice::from_ref(pos));
    }
    group.finish();
}

fn perft_bench(c: &mut Criterion) {
    let mut group = c.benchmark_group("swedish-draughts/perft");
    group.sample_size(10);
    for (name, start, depth) in [
        ("10x10", Position::start(), 7u32),
        (
            "8x8",
            Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board"),
            8,
        ),
    ] {
        common::perft(&mut group, &format!("generic/{name}"), &start, depth);
        group.bench_function(format!("fast/{name}/depth_{depth}"), |b| {
            b.iter(|| black_box(&start).perft(depth))
        });
    }
    group.finish();
}

fn playouts(c: &mut Criterion) {
    let mut group = c.benchmark_group("swedish-draughts/playouts");
    group.throughput(Throughput::Elements(PLAYOUTS));
    for (name, start) in [
        ("10x10", Position::start()),
        (
            "8x8",
            Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board"),
        ),
    ] {
        let mut rng = Rng::new(1);
        let mut moves = Vec::with_capacity(128);
        group.bench_function(format!("random/{name}"), |b| {
            b.iter(|| {
                let mut plies = 0;
                for _ in 0..PLAYOUTS {
                    plies += random_playout(start, &mut rng, PLAYOUT_PLY_CAP, &mut moves).plies;
                }
                plies
            })
        });
    }
    group.finish();
}

/// Alpha-beta with the default evaluation to a fixed depth, the table cleared before each
/// search: one element is one position visited.
fn alphabeta(c: &mut Criterion) {
    let mut group = c.benchmark_group("swedish-draughts/alphabeta");
    group.sample_size(10);
    let midgame = |name: &str| {
        let text = MIDGAMES
            .iter()
            .find(|m| m.0 == name)
            .expect("a named middle game")
            .1;
        text.parse::<Position>().expect("valid position")
    };
    for (name, start, depth) in [
        ("start-10x10", Position::start(), 9u32),
        (
            "start-8x8",
            Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board"),
            11,
        ),
        ("midgame-quiet", midgame("midgame-quiet"), 9),
        ("midgame-dame-men", midgame("midgame-dame-men"), 8),
    ] {
        let config = default_config().with_tt_megabytes(1);
        let engine = alphabeta_with(DraughtsEval::default(), config);
        common::fixed_depth_search(&mut group, name, start, depth, engine);
    }
    group.finish();
}

/// `move_text` and `parse_move` of every legal move of the capture middle games: the
/// notation finds every route of the longest captures to choose between short and full chains.
fn notation(c: &mut Criterion) {
    let positions: Vec<Position> = MIDGAMES
        .iter()
        .map(|&(_, text)| text.parse().expect("valid position"))
        .filter(|pos: &Position| pos.legal_moves().iter().any(|mv| mv.is_capture()))
        .collect();
    let moves: Vec<(Position, swedish_draughts::Move)> = positions
        .iter()
        .flat_map(|pos| pos.legal_moves().into_iter().map(move |mv| (*pos, mv)))
        .collect();
    let mut group = c.benchmark_group("swedish-draughts/notation");
    group.throughput(Throughput::Elements(moves.len() as u64));
    group.bench_function("capture_text_round_trip", |b| {
        b.iter(|| {
            for (pos, mv) in &moves {
                let text = black_box(pos).move_text(*mv);
                let back = pos.parse_move(&text).expect("a move's own text reads back");
                assert_eq!(back, *mv);
            }
        })
    });
    group.finish();
}

/// `swedish_draughts/learning/random_step_10` and `_8`: steps of random play through the
/// learning interfaces (observation, mask, legal ids, `action_move`, play), games restarted
/// at their end or after 300 plies; and each call alone over 200 positions of random 10x10
/// games.
fn learning(c: &mut Criterion) {
    let mut group = c.benchmark_group("swedish_draughts/learning");
    for size in [10, 8] {
        let start = Position::start_with_size(BoardSize::Side(size)).expect("a draughts size");
        common::learning_steps(
            &mut group,
            &format!("random_step_{size}"),
            start,
            10_000,
            300,
        );
    }
    let positions = common::sample_positions(Position::start(), 200, 0xD4A);
    common::learning_calls(&mut group, &positions);
    group.finish();
}

criterion_group!(
    benches,
    movegen,
    perft_bench,
    playouts,
    alphabeta,
    notation,
    learning
);
criterion_main!(benches);
