//! Strength of the default player (three-player MCTS with the immediate-win rollout) against
//! two uniformly random players, its seat rotated through all three.
//!
//! The full run is ignored in `cargo test`; run it with
//! `cargo test --release -p svendo --test all strength:: -- --ignored --nocapture`
//! (`STRENGTH_GAMES` and `STRENGTH_ITERATIONS` in the environment change the number of games
//! and the budget a move).

use svendo::game_core::search::random::RandomEngine;
use svendo::game_core::{Engine, Limits};
use svendo::{default_engine, Color, Game, GameRecord, Position};

/// The iterations a move of the full run.
const FULL_ITERATIONS: u64 = 2_000;

/// A safety cap on a game's length in plies (threefold repetition usually ends a drawn game
/// first); a game reaching it counts as a draw.
const MAX_PLIES: usize = 600;

/// Wins, draws and losses (another player won) of the default player.
#[derive(Debug, Default)]
struct Tally {
    wins: u32,
    draws: u32,
    losses: u32,
}

/// One game with the default player in `seat` and random players in the other two.
fn play(seat: Color, seed: u64, limits: &Limits, tally: &mut Tally) {
    let mut me = default_engine(seed);
    let mut random = RandomEngine::<Position>::new(seed + 10_000);
    let mut record = GameRecord::new(Position::start());
    while record.outcome().is_none() && record.moves().len() < MAX_PLIES {
        let mv = if record.current().to_move() == seat {
            me.choose_move(&record, limits)
        } else {
            random.choose_move(&record, limits)
        }
        .expect("the game goes on");
        record.play(mv).expect("engines play legal moves");
    }
    match record.outcome().and_then(|o| o.winner()) {
        Some(w) if w == seat => tally.wins += 1,
        Some(_) => tally.losses += 1,
        None => tally.draws += 1,
    }
}

/// `games` seeded games, the default player's seat rotating Black, White, Red.
fn tally(games: u64, limits: &Limits) -> Tally {
    let mut tally = Tally::default();
    for seed in 0..games {
        play(Color::ALL[(seed % 3) as usize], seed, limits, &mut tally);
    }
    tally
}

/// A number from the environment (for shorter or longer runs), else `default`.
fn env_number(name: &str, default: u64) -> u64 {
    std::env::var(name)
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(default)
}

#[test]
fn beats_two_random_players_small() {
    let t = tally(3, &Limits::iterations(150));
    // Against two random players a random player would win about one game in three.
    assert!(t.wins >= 2, "{t:?}");
}

#[test]
#[ignore = "a strength run: cargo test --release -p svendo --test all strength:: -- --ignored --nocapture"]
fn beats_two_random_players_full() {
    let games = env_number("STRENGTH_GAMES", 100);
    let iterations = env_number("STRENGTH_ITERATIONS", FULL_ITERATIONS);
    let started = std::time::Instant::now();
    let t = tally(games, &Limits::iterations(iterations));
    println!(
        "svendo default ({iterations} iterations) vs two random players, {games} games (seat \
         rotated): {} W {} D {} L (another player won), {:.1?}",
        t.wins,
        t.draws,
        t.losses,
        started.elapsed()
    );
    assert!(t.wins * 100 >= 60 * games as u32, "{t:?}");
}
