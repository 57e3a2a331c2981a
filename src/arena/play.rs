//! Playing the games of a match, and of the demo: the random openings, the engines' moves
//! to the end, and the report of each game.

use game_core::{Engine, Game, GameRecord, Limits, Rng, StopFlag};

use super::report::GameReport;
use super::schedule::ScheduledGame;
use super::settings::{move_limits, MatchSettings};
use crate::engines::{engine_by_name, UnknownEngine};
use crate::games::Describe;

/// The most plies one match game may last; a game still running then is a draw ("ply limit").
/// Every game of the workspace ends far sooner through its own rules and the record's draws.
pub const MAX_GAME_PLIES: usize = 20_000;

/// The position after the random opening number `opening` of `plies` plies from `start`,
/// with its moves. Openings that would end the game are drawn again (a shorter one is used
/// after many tries, so a game with very short lines still gets an opening).
pub fn opening<G: Game>(start: G, seed: u64, opening: usize, plies: u32) -> GameRecord<G> {
    let mut best = GameRecord::new(start);
    for attempt in 0..64u64 {
        let mut rng =
            Rng::new(seed ^ (opening as u64).wrapping_mul(0x9E37_79B9_7F4A_7C15) ^ attempt);
        let mut record = GameRecord::new(start);
        while record.moves().len() < plies as usize && record.outcome().is_none() {
            let moves = record.legal_moves();
            let Some(&mv) = rng.choose(&moves) else { break };
            if record.play(mv).is_err() {
                break;
            }
        }
        if record.outcome().is_none() {
            if record.moves().len() == plies as usize {
                return record;
            }
            if record.moves().len() > best.moves().len() {
                best = record;
            }
        } else {
            record.undo();
            if record.moves().len() > best.moves().len() {
                best = record;
            }
        }
    }
    best
}

/// Plays `record` on to its end with `engines[seat]` choosing the moves of each seat under
/// `limits`, or until it is `max_plies` long. A move an engine fails to give (or gives
/// illegal) is replaced by the first legal move; the number of such failures is returned.
///
/// With limits that count work (nodes, iterations, depth) and no time, and seeded engines,
/// the game depends on nothing else: the same engines and seeds play the same game.
pub fn play_out<G: Game>(
    record: &mut GameRecord<G>,
    engines: &mut [Box<dyn Engine<G>>],
    limits: &Limits,
    max_plies: usize,
) -> u32 {
    let stop = StopFlag::new();
    let mut failures = 0;
    while record.outcome().is_none() && record.moves().len() < max_plies {
        let seat = G::player_index(record.current().to_move());
        let Some(engine) = engines.get_mut(seat) else {
            break;
        };
        let chosen = engine.search(record, limits, &stop, &mut |_| {}).best_move;
        let legal = record.legal_moves();
        let mv = match chosen {
            Some(mv) if legal.contains(&mv) => mv,
            _ => {
                failures += 1;
                match legal.first() {
                    Some(&mv) => mv,
                    None => break,
                }
            }
        };
        if record.play(mv).is_err() {
            failures += 1;
            break;
        }
    }
    failures
}

/// The move budget of the `demo` example: nodes per move (alpha-beta's positions visited,
/// MCTS's tree nodes) and MCTS iterations, whichever ends a search first. It counts work, not
/// time, so a seed fixes every demo game on every machine ([`demo_game`]).
pub fn demo_limits() -> Limits {
    let mut limits = Limits::nodes(DEMO_NODES);
    limits.iterations = Some(DEMO_ITERATIONS);
    limits
}

/// The node part of [`demo_limits`].
pub const DEMO_NODES: u64 = 20_000;

/// The iteration part of [`demo_limits`].
pub const DEMO_ITERATIONS: u64 = 1_000;

/// A demo game is a draw after this many plies (no game of the workspace gets near it
/// between engines).
pub const DEMO_MAX_PLIES: usize = 2_000;

/// One game of `G` from its start between its default engines (seat `i` seeded with
/// `seed + i`) under `limits` (the demo's are [`demo_limits`]); the record of the game.
///
/// The game is a function of `seed` and `limits` alone when `limits` has no time: the demo
/// is reproducible.
pub fn demo_game<G: Describe>(seed: u64, limits: &Limits) -> GameRecord<G> {
    let mut engines: Vec<Box<dyn Engine<G>>> = (0..G::PLAYERS.len())
        .map(|seat| G::default_engine(seed.wrapping_add(seat as u64)))
        .collect();
    let mut record = GameRecord::new(G::start());
    play_out(&mut record, &mut engines, limits, DEMO_MAX_PLIES);
    record
}

/// Plays one scheduled game from `start` and reports it.
///
/// # Errors
/// [`UnknownEngine`] when an engine name is not known.
pub fn play_game<G: Describe>(
    start: G,
    settings: &MatchSettings,
    game: &ScheduledGame,
) -> Result<GameReport, UnknownEngine> {
    let mut engines: Vec<Box<dyn Engine<G>>> = game
        .seats
        .iter()
        .enumerate()
        .map(|(seat, &engine)| {
            let seed = settings.seed ^ ((game.index as u64) << 8) ^ seat as u64;
            engine_by_name::<G>(&settings.engines[engine], seed)
        })
        .collect::<Result<_, _>>()?;
    let mut record = opening(start, settings.seed, game.opening, settings.opening_plies);
    let opening_plies = record.moves().len();
    let engine_failures = play_out(
        &mut record,
        &mut engines,
        &move_limits(settings),
        MAX_GAME_PLIES,
    );
    // The winner's seat and the reason in words: the game's outcome, or the match's own ply
    // limit (a draw the record does not know).
    let (winner, reason) = match record.outcome() {
        Some(outcome) => (
            outcome.winner().map(G::player_index),
            outcome.reason().to_string(),
        ),
        None => (None, "ply limit of the match".to_owned()),
    };
    let labels = settings.labels();
    Ok(GameReport {
        index: game.index,
        opening: game.opening,
        seats: game.seats.iter().map(|&e| labels[e].clone()).collect(),
        start: start.to_string(),
        opening_plies,
        moves: record.move_texts(),
        winner,
        reason,
        engine_failures,
    })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::arena::demo_limits;

    /// Two demo games of every game with the same seed, on a small budget of work.
    struct SameSeedTwice;

    impl crate::games::GameVisitor for SameSeedTwice {
        type Output = ();
        fn visit<G: Describe>(self) {
            let mut limits = Limits::nodes(2_000);
            limits.iterations = Some(100);
            let first = demo_game::<G>(11, &limits);
            let second = demo_game::<G>(11, &limits);
            assert!(!first.moves().is_empty(), "{}", G::NAME);
            assert_eq!(first.move_texts(), second.move_texts(), "{}", G::NAME);
            assert_eq!(first.outcome(), second.outcome(), "{}", G::NAME);
        }
    }

    #[test]
    fn a_seed_fixes_every_demo_game() {
        for name in crate::games::GAME_NAMES {
            // Games not in this build are skipped.
            let _ = crate::games::visit(name, SameSeedTwice);
        }
    }

    #[test]
    fn the_demo_budget_counts_work_not_time() {
        let limits = demo_limits();
        assert_eq!(limits.time, None);
        assert_eq!(limits.nodes, Some(DEMO_NODES));
        assert_eq!(limits.iterations, Some(DEMO_ITERATIONS));
    }
}
