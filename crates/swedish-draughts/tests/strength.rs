//! The default player's strength, in seeded games anyone can rerun.
//!
//! The full measurements are `#[ignore]`d (they take seconds in release, minutes in debug):
//!
//! ```text
//! cargo test --release -p swedish-draughts --test all strength:: -- --ignored --nocapture
//! ```
//!
//! A small seeded version of each runs in the normal `cargo test`.

use std::time::{Duration, Instant};

use swedish_draughts::game_core::{Engine, Limits, Rng};
use swedish_draughts::{
    default_engine, BoardSize, Color, Game, GameRecord, Outcome, Position, DRAW_RULES,
};

/// Games longer than this are stopped and counted as draws (the draw rules end most games
/// long before).
const PLY_CAP: usize = 400;

/// Who won a game, from the first engine's point of view.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Result {
    Win,
    Draw,
    Loss,
}

/// A player: an engine under limits, or uniform random play.
enum Player {
    Engine(Box<dyn Engine<Position>>, Limits),
    Random,
}

/// The totals of a match, and the slowest engine move seen.
#[derive(Debug, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    slowest: Duration,
}

/// Plays one game from `start` after `opening` random plies drawn from `seed`; `first` plays
/// White when `first_is_white`. The random player draws from the same seeded generator.
fn play(
    first: &mut Player,
    second: &mut Player,
    first_is_white: bool,
    start: Position,
    opening: usize,
    seed: u64,
    slowest: &mut Duration,
) -> Result {
    let mut rng = Rng::new(seed);
    let mut record = GameRecord::with_rules(start, DRAW_RULES);
    for player in [&mut *first, &mut *second] {
        if let Player::Engine(engine, _) = player {
            engine.new_game();
        }
    }
    for _ in 0..opening {
        if record.outcome().is_some() {
            break;
        }
        let moves = record.legal_moves();
        let mv = *rng.choose(&moves).expect("a move");
        record.play(mv).expect("legal");
    }
    while record.outcome().is_none() && record.moves().len() < PLY_CAP {
        let white_to_move = record.current().to_move() == Color::White;
        let player = if white_to_move == first_is_white {
            &mut *first
        } else {
            &mut *second
        };
        let mv = match player {
            Player::Engine(engine, limits) => {
                let started = Instant::now();
                let mv = engine.choose_move(&record, limits).expect("a move");
                *slowest = (*slowest).max(started.elapsed());
                mv
            }
            Player::Random => *rng.choose(&record.legal_moves()).expect("a move"),
        };
        record.play(mv).expect("the engine plays legal moves");
    }
    let first_color = if first_is_white {
        Color::White
    } else {
        Color::Black
    };
    match record.outcome() {
        Some(Outcome::Winner { player, .. }) if player == first_color => Result::Win,
        Some(Outcome::Winner { .. }) => Result::Loss,
        _ => Result::Draw,
    }
}

/// A match of `games` games, seats alternated, each game opened by `opening` random plies.
fn run_match(
    first: &mut Player,
    second: &mut Player,
    games: u64,
    start: Position,
    opening: usize,
) -> Tally {
    let mut tally = Tally::default();
    for game in 0..games {
        let mut slowest = Duration::ZERO;
        let result = play(
            first,
            second,
            game % 2 == 0,
            start,
            opening,
            game,
            &mut slowest,
        );
        tally.slowest = tally.slowest.max(slowest);
        match result {
            Result::Win => tally.wins += 1,
            Result::Draw => tally.draws += 1,
            Result::Loss => tally.losses += 1,
        }
    }
    tally
}

/// The default player's budget against random play: 100,000 positions a move, a fraction of
/// a second in a release build (`cargo bench --bench swedish_draughts` measures the search's
/// positions a second), and deterministic, unlike a time limit.
fn default_budget() -> Limits {
    Limits::nodes(100_000)
}

#[test]
#[ignore = "a 100-game match: run in release (see the module docs)"]
fn default_player_beats_random_play() {
    let mut engine = Player::Engine(default_engine(1), default_budget());
    let tally = run_match(&mut engine, &mut Player::Random, 100, Position::start(), 2);
    println!("default player vs random, 100 games 10x10: {tally:?}");
    assert!(tally.wins >= 95, "{tally:?}");
}

#[test]
#[ignore = "a 40-game match: run in release (see the module docs)"]
fn depth_six_beats_depth_two() {
    let mut deep = Player::Engine(default_engine(1), Limits::depth(6));
    let mut shallow = Player::Engine(default_engine(2), Limits::depth(2));
    let tally = run_match(&mut deep, &mut shallow, 40, Position::start(), 4);
    println!("depth 6 vs depth 2, 40 games 10x10: {tally:?}");
    assert!(tally.wins >= tally.losses + 16, "{tally:?}");
}

#[test]
fn default_player_beats_random_play_quick() {
    let mut engine = Player::Engine(default_engine(1), Limits::nodes(3_000));
    let tally = run_match(
        &mut engine,
        &mut Player::Random,
        4,
        Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board"),
        2,
    );
    assert_eq!(tally.wins, 4, "{tally:?}");
}

#[test]
fn deeper_beats_shallower_quick() {
    let mut deep = Player::Engine(default_engine(1), Limits::depth(4));
    let mut shallow = Player::Engine(default_engine(2), Limits::depth(1));
    let tally = run_match(
        &mut deep,
        &mut shallow,
        4,
        Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board"),
        4,
    );
    assert!(tally.wins > tally.losses, "{tally:?}");
}
