//! The default player's strength, in seeded games anyone can rerun.
//!
//! The full measurement is `#[ignore]`d (it takes seconds in release, longer in debug):
//!
//! ```text
//! cargo test --release -p cheversi --test strength -- --ignored --nocapture
//! ```
//!
//! A small seeded version runs in the normal `cargo test`.

use std::time::{Duration, Instant};

use cheversi::game_core::{Engine, Limits, Rng};
use cheversi::{default_config, CheversiPlayer, Color, Game, GameRecord, Outcome, Position};

/// The totals of a match, and the slowest engine move seen.
#[derive(Debug, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
    slowest: Duration,
}

/// Plays `games` games of `engine` (under `limits`) against uniform random play, seats
/// alternated (the engine is White in even games), each opened by `opening` random plies
/// from the game's seed.
fn against_random(
    engine: &mut dyn Engine<Position>,
    limits: Limits,
    games: u64,
    opening: usize,
) -> Tally {
    let mut tally = Tally::default();
    for game in 0..games {
        let mut rng = Rng::new(game);
        let engine_color = if game % 2 == 0 {
            Color::White
        } else {
            Color::Black
        };
        let mut record = GameRecord::new(Position::start());
        engine.new_game();
        while record.outcome().is_none() {
            let mv =
                if record.moves().len() >= opening && record.current().to_move() == engine_color {
                    let started = Instant::now();
                    let mv = engine.choose_move(&record, &limits).expect("a move");
                    tally.slowest = tally.slowest.max(started.elapsed());
                    mv
                } else {
                    *rng.choose(&record.legal_moves()).expect("a move")
                };
            record.play(mv).expect("the engine plays legal moves");
        }
        match record.outcome() {
            Some(Outcome::Winner { player, .. }) if player == engine_color => tally.wins += 1,
            Some(Outcome::Winner { .. }) => tally.losses += 1,
            _ => tally.draws += 1,
        }
    }
    tally
}

#[test]
#[ignore = "a 100-game match: run in release (see the module docs)"]
fn default_player_beats_random_play() {
    // The default player, with the solver from 6 placements left (a few milliseconds a solve)
    // and 100,000 positions a move before that: both well under 100 ms a move in release.
    let mut engine = CheversiPlayer::new(default_config(), 6);
    let tally = against_random(&mut engine, Limits::nodes(100_000), 100, 2);
    println!("default player (solver from 6 left, 100k nodes) vs random, 100 games: {tally:?}");
    assert!(tally.wins >= 95, "{tally:?}");
}

#[test]
fn default_player_beats_random_play_quick() {
    let mut engine = CheversiPlayer::new(default_config(), 4);
    let tally = against_random(&mut engine, Limits::nodes(1_500), 6, 2);
    assert!(tally.wins >= 5, "{tally:?}");
}
