//! The engines' property: every engine of a game, under every kind of limit, answers every
//! position of whole seeded games with one engine object per game (as a server seat or a match
//! uses it, keeping its tree or table from move to move), under a watchdog.

use std::string::{String, ToString};
use std::sync::mpsc;
use std::thread;
use std::time::Duration;
use std::vec::Vec;

use crate::{BoardSize, Engine, Game, GameRecord, Limits, Rng, StopFlag};

/// Makes an engine from a seed (a game crate's `default_engine`, `mcts_engine`, …).
pub type EngineMaker<G> = fn(u64) -> Box<dyn Engine<G>>;

/// The start positions on `sizes` (a game's [`Game::BOARD_SIZES`] or some of them), the
/// smallest board first.
pub fn starts_smallest_first<G: Game>(sizes: &[BoardSize]) -> Vec<G> {
    let area = |size: &BoardSize| match *size {
        BoardSize::Side(n) => n * n,
        BoardSize::Rect { width, height } => width * height,
    };
    let mut sizes = sizes.to_vec();
    sizes.sort_by_key(area);
    sizes
        .into_iter()
        .filter_map(|size| G::start_with_size(size).ok())
        .collect()
}

/// Every kind of limit alone, with small budgets: what `cargo test` runs.
pub fn small_limits() -> Vec<(String, Limits)> {
    vec![
        ("time 2 ms".into(), Limits::time(Duration::from_millis(2))),
        ("nodes 300".into(), Limits::nodes(300)),
        ("iterations 100".into(), Limits::iterations(100)),
        ("depth 2".into(), Limits::depth(2)),
    ]
}

/// Every kind of limit alone, with large budgets (the ignored runs: see each game crate's
/// `tests/engines.rs` for the command).
pub fn large_limits() -> Vec<(String, Limits)> {
    vec![
        ("time 30 ms".into(), Limits::time(Duration::from_millis(30))),
        ("nodes 3000".into(), Limits::nodes(3_000)),
        ("nodes 20000".into(), Limits::nodes(20_000)),
        ("iterations 3000".into(), Limits::iterations(3_000)),
        ("depth 5".into(), Limits::depth(5)),
    ]
}

/// A configured run of the engines' property for game `G`.
///
/// For every engine and every limit, it plays [`EngineGames::games`] seeded games from the
/// start positions; one engine object answers every position of a game (it is asked at every
/// ply, whoever is to move), and the move played is its answer or, half of the time, a seeded
/// random legal move, so that the games reach positions the engine would not choose (a tree
/// kept from the previous move then meets lines it did not expect). Every answer must be a
/// legal move of the position, and within the depth limit when one is set. Each game runs on
/// its own thread: a search that does not answer within the watchdog fails the test with the
/// game, the engine, the limit and the position, instead of blocking the run.
///
/// ```
/// use game_core::search::mcts::{Mcts, MctsConfig, RandomRollout};
/// use game_core::testing::{small_limits, EngineGames};
/// use game_core::tictactoe::TicTacToe;
/// use game_core::{Engine, RandomEngine};
///
/// fn mcts(seed: u64) -> Box<dyn Engine<TicTacToe>> {
///     Box::new(Mcts::new(RandomRollout::new(9), MctsConfig::default(), seed))
/// }
/// fn random(seed: u64) -> Box<dyn Engine<TicTacToe>> {
///     Box::new(RandomEngine::new(seed))
/// }
///
/// EngineGames::<TicTacToe>::new()
///     .engine("mcts", mcts)
///     .engine("random", random)
///     .limits(small_limits())
///     .games(2)
///     .run();
/// ```
#[derive(Clone, Debug)]
pub struct EngineGames<G: Game> {
    engines: Vec<(String, EngineMaker<G>)>,
    limits: Vec<(String, Limits)>,
    starts: Vec<G>,
    games: usize,
    seed: u64,
    max_plies: u32,
    watchdog: Duration,
}

impl<G: Game> Default for EngineGames<G> {
    fn default() -> Self {
        Self::new()
    }
}

impl<G: Game> EngineGames<G> {
    /// No engine yet, the [`small_limits`], one game from the start position, at most 400
    /// plies a game, a watchdog of 60 s a search (a sanity bound for debug builds on a loaded
    /// machine, not a speed test).
    pub fn new() -> Self {
        EngineGames {
            engines: Vec::new(),
            limits: small_limits(),
            starts: Vec::new(),
            games: 1,
            seed: 0xE9_61E5,
            max_plies: 400,
            watchdog: Duration::from_secs(60),
        }
    }

    /// Adds an engine, named `name` in messages.
    pub fn engine(mut self, name: &str, make: EngineMaker<G>) -> Self {
        self.engines.push((name.to_string(), make));
        self
    }

    /// The limits to search under, each with its name for messages.
    pub fn limits(mut self, limits: Vec<(String, Limits)>) -> Self {
        self.limits = limits;
        self
    }

    /// Start positions (the games take turns); the default start when none is given.
    pub fn starts(mut self, starts: impl IntoIterator<Item = G>) -> Self {
        self.starts.extend(starts);
        self
    }

    /// The number of games for each engine and limit.
    pub fn games(mut self, games: usize) -> Self {
        self.games = games;
        self
    }

    /// The seed of the games (and of the engines: game `i` gets seed `seed + i`).
    pub fn seed(mut self, seed: u64) -> Self {
        self.seed = seed;
        self
    }

    /// The most plies a game is played (a game still going on then is left there).
    pub fn max_plies(mut self, plies: u32) -> Self {
        self.max_plies = plies;
        self
    }

    /// How long one search may take before the run calls it a hang.
    pub fn watchdog(mut self, watchdog: Duration) -> Self {
        self.watchdog = watchdog;
        self
    }

    /// Plays every game; returns the number of searches answered.
    ///
    /// # Panics
    /// On the first engine that gives no move while the game goes on, an illegal move, a
    /// depth over the limit, or no answer within the watchdog.
    pub fn run(&self) -> u64 {
        assert!(!self.engines.is_empty(), "no engine to check");
        let starts = if self.starts.is_empty() {
            vec![G::start()]
        } else {
            self.starts.clone()
        };
        let mut searches = 0;
        for (engine_name, make) in &self.engines {
            for (limit_name, limits) in &self.limits {
                for game in 0..self.games {
                    let start = starts[game % starts.len()];
                    let seed = self.seed.wrapping_add(game as u64);
                    let what = format!("{} {engine_name} [{limit_name}] game {game}", G::NAME);
                    searches += self.play(&what, *make, start, *limits, seed);
                }
            }
        }
        searches
    }

    /// Plays one game on its own thread, watching every search; returns the searches.
    fn play(&self, what: &str, make: EngineMaker<G>, start: G, limits: Limits, seed: u64) -> u64 {
        let (send, receive) = mpsc::channel::<Event>();
        let max_plies = self.max_plies;
        let player = thread::spawn(move || {
            let mut engine = make(seed);
            let mut record = GameRecord::new(start);
            let mut rng = Rng::new(seed ^ 0x5EA5_C4E5);
            let mut searches = 0;
            while record.outcome().is_none() && record.len() < max_plies as usize {
                let pos = *record.current();
                // The receiver is gone only when the watchdog has already failed the run.
                let _ = send.send(Event::Searching(record.len(), pos.to_string()));
                let result = engine.search(&record, &limits, &StopFlag::new(), &mut |_| {});
                searches += 1;
                let Some(mv) = result.best_move else {
                    let _ = send.send(Event::Failed("no move while the game goes on".into()));
                    return searches;
                };
                if !pos.is_legal(mv) {
                    let _ = send.send(Event::Failed("an illegal move".into()));
                    return searches;
                }
                if let Some(depth) = limits.depth {
                    // A depth of 0 is searched as 1: choosing a move needs one ply.
                    if result.info.depth > depth.max(1) {
                        let depth = result.info.depth;
                        let _ = send.send(Event::Failed(format!("reported depth {depth}")));
                        return searches;
                    }
                }
                let played = if rng.below(2) == 0 {
                    mv
                } else {
                    let moves = pos.legal_moves();
                    *rng.choose(&moves).expect("the game goes on")
                };
                record.play(played).expect("legal moves are accepted");
            }
            let _ = send.send(Event::Done);
            searches
        });
        let mut last = String::from("before the first search");
        loop {
            match receive.recv_timeout(self.watchdog) {
                Ok(Event::Searching(ply, pos)) => last = format!("ply {ply} at {pos}"),
                Ok(Event::Done) => break,
                Ok(Event::Failed(why)) => panic!("{what}, {last}: {why}"),
                Err(mpsc::RecvTimeoutError::Timeout) => {
                    panic!("{what}, {last}: no answer within {:?}", self.watchdog)
                }
                // The thread panicked: its join below carries the panic.
                Err(mpsc::RecvTimeoutError::Disconnected) => break,
            }
        }
        match player.join() {
            Ok(searches) => searches,
            Err(panic) => {
                eprintln!("{what}, {last}: the engine panicked");
                std::panic::resume_unwind(panic)
            }
        }
    }
}

/// What a game's thread tells the watchdog.
enum Event {
    /// A search of the position at this ply begins.
    Searching(usize, String),
    /// The game ended (or reached the ply cap).
    Done,
    /// A search gave a wrong answer.
    Failed(String),
}
