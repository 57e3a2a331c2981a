//! Strength of the default player (the solver engine): it never loses a game it can save.
//!
//! The start is a win for White in 9 plies (see the solver), so as White the default player
//! wins every game, and as Black it can lose only to an opponent who plays perfectly. The
//! tests check that every move it makes keeps the value of the position (a win stays a win
//! and a draw a draw, by the solver's table), and count wins, draws and losses per seat.
//!
//! The full runs are ignored in `cargo test`; run them with
//! `cargo test --release -p kvarn3 --test all strength:: -- --ignored --nocapture`.

use kvarn3::game_core::search::random::RandomEngine;
use kvarn3::game_core::{Engine, Limits};
use kvarn3::{default_engine, mcts_engine, Color, Game, GameRecord, Position, Solver};

/// A safety cap on a game's length (the record's threefold repetition ends drawn games long
/// before it).
const MAX_PLIES: usize = 2_000;

/// Wins, draws and losses of the default player in one seat.
#[derive(Debug, Default, PartialEq, Eq)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
}

/// The tallies of the default player as White and as Black.
#[derive(Debug, Default, PartialEq, Eq)]
struct Seats {
    white: Tally,
    black: Tally,
}

/// Plays one game; `white`/`black` choose the moves, the default player in `seat`, each of
/// whose moves must keep the solver's value. Returns the winner (`None`: a draw).
fn play(
    white: &mut dyn Engine<Position>,
    black: &mut dyn Engine<Position>,
    seat: Color,
    limits: &Limits,
) -> Option<Color> {
    let solver = Solver::shared();
    let mut record = GameRecord::new(Position::start());
    while record.outcome().is_none() && record.moves().len() < MAX_PLIES {
        let pos = *record.current();
        let engine: &mut dyn Engine<Position> = match pos.to_move() {
            Color::White => white,
            Color::Black => black,
        };
        let mv = engine
            .choose_move(&record, limits)
            .expect("the game goes on");
        if pos.to_move() == seat {
            let mut next = pos;
            next.play(mv).expect("legal");
            assert_eq!(
                solver.value(&next).for_mover(),
                solver.value(&pos),
                "the default player's {mv} in {pos} changes the value"
            );
        }
        record.play(mv).expect("engines play legal moves");
    }
    record.outcome().and_then(|o| o.winner())
}

/// `games` seeded games in each seat of the default player against `opponent(seed)`.
fn tally(
    games: u64,
    opponent: &dyn Fn(u64) -> Box<dyn Engine<Position>>,
    limits: &Limits,
) -> Seats {
    let mut seats = Seats::default();
    for seed in 0..games {
        for seat in [Color::White, Color::Black] {
            let mut me = default_engine(seed);
            let mut other = opponent(seed + 1_000);
            let winner = match seat {
                Color::White => play(me.as_mut(), other.as_mut(), seat, limits),
                Color::Black => play(other.as_mut(), me.as_mut(), seat, limits),
            };
            let tally = match seat {
                Color::White => &mut seats.white,
                Color::Black => &mut seats.black,
            };
            match winner {
                Some(w) if w == seat => tally.wins += 1,
                Some(_) => tally.losses += 1,
                None => tally.draws += 1,
            }
        }
    }
    seats
}

fn random(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(RandomEngine::<Position>::new(seed))
}

fn mcts(seed: u64) -> Box<dyn Engine<Position>> {
    mcts_engine(seed)
}

#[test]
fn never_loses_to_random_small() {
    let t = tally(10, &random, &Limits::INFINITE);
    // As White it wins every game (the start is won); random play as White soon throws its
    // win away, so as Black it wins most games too.
    assert_eq!(t.white.wins, 10, "{t:?}");
    assert_eq!(t.black.losses, 0, "{t:?}");
}

#[test]
fn keeps_the_value_against_mcts_small() {
    let t = tally(2, &mcts, &Limits::iterations(2_000));
    assert_eq!(t.white.wins, 2, "{t:?}");
}

#[test]
#[ignore = "a strength run: cargo test --release -p kvarn3 --test all strength:: -- --ignored --nocapture"]
fn never_loses_full() {
    let t = tally(100, &random, &Limits::INFINITE);
    println!("kvarn3 default vs random, 100 games a seat: {t:?}");
    assert_eq!(t.white.wins, 100);
    assert_eq!(t.black.losses, 0);
    let t = tally(20, &mcts, &Limits::iterations(20_000));
    println!("kvarn3 default vs MCTS 20000 iterations, 20 games a seat: {t:?}");
    // As White it wins; as Black it loses only to perfect play (every move of it kept the
    // value, checked in `play`).
    assert_eq!(t.white.wins, 20);
}
