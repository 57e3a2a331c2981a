//! Strength of the default player (the solver engine): it never loses.
//!
//! The full runs are ignored in `cargo test`; run them with
//! `cargo test --release -p kvarn3 --test strength -- --ignored --nocapture`.

use kvarn3::game_core::search::random::RandomEngine;
use kvarn3::game_core::{Engine, Limits};
use kvarn3::{default_engine, mcts_engine, Color, Game, GameRecord, Position};

/// A safety cap on a game's length (the record's threefold repetition ends drawn games long
/// before it).
const MAX_PLIES: usize = 2_000;

/// Wins, draws and losses of the default player.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
}

/// Plays one game; `white`/`black` choose the moves. Returns the winner (`None`: a draw).
fn play(
    white: &mut dyn Engine<Position>,
    black: &mut dyn Engine<Position>,
    limits: &Limits,
) -> Option<Color> {
    let mut record = GameRecord::new(Position::start());
    while record.outcome().is_none() && record.moves().len() < MAX_PLIES {
        let engine: &mut dyn Engine<Position> = match record.current().to_move() {
            Color::White => white,
            Color::Black => black,
        };
        let mv = engine
            .choose_move(&record, limits)
            .expect("the game goes on");
        record.play(mv).expect("engines play legal moves");
    }
    record.outcome().and_then(|o| o.winner())
}

/// `games` seeded games in each seat of the default player against `opponent(seed)`.
fn tally(
    games: u64,
    opponent: &dyn Fn(u64) -> Box<dyn Engine<Position>>,
    limits: &Limits,
) -> Tally {
    let mut tally = Tally::default();
    for seed in 0..games {
        for seat in [Color::White, Color::Black] {
            let mut me = default_engine(seed);
            let mut other = opponent(seed + 1_000);
            let winner = match seat {
                Color::White => play(me.as_mut(), other.as_mut(), limits),
                Color::Black => play(other.as_mut(), me.as_mut(), limits),
            };
            match winner {
                Some(w) if w == seat => tally.wins += 1,
                Some(_) => tally.losses += 1,
                None => tally.draws += 1,
            }
        }
    }
    tally
}

fn random(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(RandomEngine::<Position>::new(seed))
}

fn mcts(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(mcts_engine(seed))
}

#[test]
fn never_loses_to_random_small() {
    let t = tally(10, &random, &Limits::INFINITE);
    assert_eq!(t.losses, 0, "{t:?}");
    // Random play blunders: the perfect player wins most games.
    assert!(t.wins >= 15, "{t:?}");
}

#[test]
fn never_loses_to_mcts_small() {
    let t = tally(2, &mcts, &Limits::iterations(2_000));
    assert_eq!(t.losses, 0, "{t:?}");
}

#[test]
#[ignore = "a strength run: cargo test --release -p kvarn3 --test strength -- --ignored --nocapture"]
fn never_loses_full() {
    let t = tally(100, &random, &Limits::INFINITE);
    println!("kvarn3 default vs random, 100 games a seat: {t:?}");
    assert_eq!(t.losses, 0);
    let t = tally(20, &mcts, &Limits::iterations(20_000));
    println!("kvarn3 default vs MCTS 20000 iterations, 20 games a seat: {t:?}");
    assert_eq!(t.losses, 0);
}
