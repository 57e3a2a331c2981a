//! Choosing an engine by its name at run time: `default`, `random`, `mcts`, and `alphabeta`
//! for the two-player games that have one, each optionally with a budget after a colon.
//!
//! A budget caps the limits the engine is given (it is intersected with the caller's
//! [`Limits`]): `mcts:20000` searches at most 20 000 iterations, `alphabeta:6` at most 6
//! plies deep. For `default` the budget is read in the unit of the engine inside (iterations
//! for MCTS, plies for alpha-beta; Kvarn3's solver needs none and ignores it); `random` takes
//! no budget. Cheversi's default player is alpha-beta with an exact solver near the end: under
//! a depth budget the solver plays only when the budget reaches the end of the game (see
//! `cheversi::CheversiPlayer`).
//!
//! ```
//! use boardrules::engines::engine_by_name;
//! use boardrules::kvarn3::Position;
//! use boardrules::game_core::{Game, GameRecord, Limits};
//!
//! let mut engine = engine_by_name::<Position>("mcts:500", 1)?;
//! let record = GameRecord::new(Position::start());
//! let mv = engine.choose_move(&record, &Limits::INFINITE).expect("the game goes on");
//! assert!(Position::start().is_legal(mv));
//! # Ok::<(), boardrules::engines::UnknownEngine>(())
//! ```

use game_core::search::random::RandomEngine;
use game_core::{Engine, GameRecord, Limits, SearchInfo, SearchResult, StopFlag};
use thiserror::Error;

use crate::games::Describe;

/// The engine names [`engine_by_name`] knows (`alphabeta` only for two-player games).
pub const ENGINE_NAMES: &[&str] = &["default", "random", "mcts", "alphabeta"];

/// An engine specification that [`engine_by_name`] cannot serve.
#[derive(Clone, Debug, PartialEq, Eq, Error)]
pub enum UnknownEngine {
    /// Not an engine name.
    #[error("unknown engine {0:?} (engines: {names})", names = ENGINE_NAMES.join(", "))]
    Unknown(String),
    /// An engine this game does not have (alpha-beta for a three-player game, say).
    #[error("{game} has no {engine} engine")]
    NotForGame {
        /// The engine's name.
        engine: String,
        /// The game's name.
        game: &'static str,
    },
    /// The budget after the colon is not a positive whole number, or the engine takes none.
    #[error(
        "bad budget in {0:?}: expected NAME:N with N a positive whole number (random takes none)"
    )]
    BadBudget(String),
}

/// The engine named by `spec` (`NAME` or `NAME:BUDGET`, see the [module docs](self)) for game
/// `G`, seeded with `seed`.
///
/// # Errors
/// [`UnknownEngine`] for a name that is not an engine, an engine the game does not have, or a
/// malformed budget.
pub fn engine_by_name<G: Describe>(
    spec: &str,
    seed: u64,
) -> Result<Box<dyn Engine<G>>, UnknownEngine> {
    let (name, budget) = match spec.split_once(':') {
        Some((name, text)) => {
            let budget = text
                .trim()
                .parse::<u64>()
                .ok()
                .filter(|&n| n > 0)
                .ok_or_else(|| UnknownEngine::BadBudget(spec.to_owned()))?;
            (name.trim(), Some(budget))
        }
        None => (spec.trim(), None),
    };
    let engine: Box<dyn Engine<G>> = match name {
        "default" => G::default_engine(seed),
        "random" => {
            if budget.is_some() {
                return Err(UnknownEngine::BadBudget(spec.to_owned()));
            }
            Box::new(RandomEngine::<G>::new(seed))
        }
        "mcts" => G::mcts_engine(seed),
        "alphabeta" => G::alphabeta_engine(seed).ok_or_else(|| UnknownEngine::NotForGame {
            engine: name.to_owned(),
            game: G::NAME,
        })?,
        _ => return Err(UnknownEngine::Unknown(name.to_owned())),
    };
    Ok(match budget {
        None => engine,
        Some(budget) => Box::new(Budgeted::new(engine, budget)),
    })
}

/// The tighter of two optional limits.
fn tighter<T: Ord>(a: Option<T>, b: Option<T>) -> Option<T> {
    match (a, b) {
        (Some(a), Some(b)) => Some(a.min(b)),
        (a, b) => a.or(b),
    }
}

/// Both sets of limits at once: every limit set in either, the tighter where both set one.
fn intersect(a: &Limits, b: &Limits) -> Limits {
    let mut both = Limits::INFINITE;
    both.depth = tighter(a.depth, b.depth);
    both.nodes = tighter(a.nodes, b.nodes);
    both.iterations = tighter(a.iterations, b.iterations);
    both.time = tighter(a.time, b.time);
    both
}

/// An engine whose limits are capped by a budget (in the unit its name implies).
struct Budgeted<G: Describe> {
    inner: Box<dyn Engine<G>>,
    cap: Limits,
}

impl<G: Describe> Budgeted<G> {
    fn new(inner: Box<dyn Engine<G>>, budget: u64) -> Self {
        let cap = match inner.name().as_str() {
            "mcts" => Limits::iterations(budget),
            "alphabeta" => Limits::depth(u32::try_from(budget).unwrap_or(u32::MAX)),
            // Engines that need no search (the solver) have nothing to cap.
            _ => Limits::INFINITE,
        };
        Budgeted { inner, cap }
    }
}

impl<G: Describe> Engine<G> for Budgeted<G> {
    fn name(&self) -> String {
        self.inner.name()
    }

    fn search(
        &mut self,
        record: &GameRecord<G>,
        limits: &Limits,
        stop: &StopFlag,
        report: &mut dyn FnMut(&SearchInfo<G::Move>),
    ) -> SearchResult<G::Move> {
        self.inner
            .search(record, &intersect(limits, &self.cap), stop, report)
    }

    fn new_game(&mut self) {
        self.inner.new_game();
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::games::{visit, GameVisitor, GAME_NAMES};
    use core::time::Duration;

    /// Every engine name of every game of the build: a legal first move at a small budget.
    struct EveryEngine;

    impl GameVisitor for EveryEngine {
        type Output = ();
        fn visit<G: Describe>(self) {
            let record = GameRecord::new(G::start());
            for spec in ["default:2", "random", "mcts:20", "alphabeta:2"] {
                let mut engine = match engine_by_name::<G>(spec, 7) {
                    Ok(engine) => engine,
                    Err(UnknownEngine::NotForGame { .. }) if spec.starts_with("alphabeta") => {
                        assert!(G::PLAYERS.len() == 2 || G::alphabeta_engine(0).is_none());
                        continue;
                    }
                    Err(e) => panic!("{}: {spec}: {e}", G::NAME),
                };
                let mv = engine
                    .choose_move(&record, &Limits::INFINITE)
                    .unwrap_or_else(|| panic!("{}: {spec} found no move", G::NAME));
                assert!(G::start().is_legal(mv), "{}: {spec}", G::NAME);
            }
            assert!(matches!(
                engine_by_name::<G>("minimax", 1),
                Err(UnknownEngine::Unknown(_))
            ));
            for bad in ["mcts:", "mcts:0", "mcts:x", "random:5"] {
                assert!(
                    matches!(
                        engine_by_name::<G>(bad, 1),
                        Err(UnknownEngine::BadBudget(_))
                    ),
                    "{bad}"
                );
            }
        }
    }

    #[test]
    fn every_game_has_every_engine_by_name() {
        for name in GAME_NAMES {
            // Games not in this build are skipped.
            let _ = visit(name, EveryEngine);
        }
    }

    #[cfg(feature = "svendo")]
    #[test]
    fn svendo_has_no_alphabeta() {
        assert!(matches!(
            engine_by_name::<svendo::Position>("alphabeta", 1),
            Err(UnknownEngine::NotForGame { game: "svendo", .. })
        ));
    }

    #[cfg(feature = "kvarn3")]
    #[test]
    fn a_budget_caps_the_iterations() {
        let mut engine = engine_by_name::<kvarn3::Position>("mcts:300", 1).expect("mcts");
        let record = GameRecord::new(kvarn3::Position::start());
        let result = engine.search(
            &record,
            &Limits::iterations(1_000),
            &StopFlag::new(),
            &mut |_| {},
        );
        assert_eq!(result.info.nodes, 300);
        let result = engine.search(
            &record,
            &Limits::iterations(100),
            &StopFlag::new(),
            &mut |_| {},
        );
        assert_eq!(result.info.nodes, 100);
    }

    #[test]
    fn intersect_keeps_every_limit_and_the_tighter_of_two() {
        let a = Limits::INFINITE
            .with_iterations(100)
            .with_time(Duration::from_millis(5));
        let b = Limits::INFINITE.with_iterations(50).with_depth(3);
        let both = intersect(&a, &b);
        assert_eq!(both.iterations, Some(50));
        assert_eq!(both.depth, Some(3));
        assert_eq!(both.time, Some(Duration::from_millis(5)));
        assert_eq!(both.nodes, None);
        assert_eq!(
            intersect(&Limits::INFINITE, &Limits::INFINITE),
            Limits::INFINITE
        );
    }
}
