//! Engine matches: a seeded schedule of games between engines named as in
//! [`crate::engines`], each game played through a [`GameRecord`], and the summary of the
//! results (wins, draws and losses per engine and seat, the Elo difference of two engines).
//!
//! The `match` example drives it from the command line; its JSON lines (one per game, see
//! [`GameReport`]) merge by concatenation, so shards of one schedule
//! ([`Schedule::shard`]) can run on many machines.

use std::time::Duration;

use game_core::{Engine, Game, GameRecord, Limits, Rng, StopFlag};

use crate::engines::{engine_by_name, UnknownEngine};
use crate::games::Describe;

/// The most plies one match game may last; a game still running then is a draw ("ply limit").
/// Every game of the workspace ends far sooner through its own rules and the record's draws.
pub const MAX_GAME_PLIES: usize = 20_000;

/// What to play: engines, number of games, openings, budget.
///
/// `#[non_exhaustive]`, so that a setting added later is not a breaking change: start from
/// [`MatchSettings::new`] and assign the public fields.
///
/// ```
/// use boardrules::arena::MatchSettings;
///
/// let mut settings = MatchSettings::new(vec!["mcts".into(), "random".into()]);
/// settings.games = 4;
/// assert_eq!(settings.labels(), ["mcts", "random"]);
/// assert_eq!(MatchSettings::new(vec!["mcts".into(); 2]).labels(), ["mcts#1", "mcts#2"]);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct MatchSettings {
    /// The engines' names (two or three; with three seats and two names, the second fills two).
    pub engines: Vec<String>,
    /// Games in the whole schedule (all shards together).
    pub games: usize,
    /// Plies of random opening played before the engines take over, shared by every seat order
    /// of one opening.
    pub opening_plies: u32,
    /// The seed of the schedule: openings and engine seeds follow from it.
    pub seed: u64,
    /// Time per move (`None`: the engines play on [`MatchSettings::nodes_per_move`] and their
    /// own budgets, so that the seed fixes every game).
    pub time_per_move: Option<Duration>,
    /// The node budget of a move when there is no time per move (alpha-beta's positions
    /// visited, MCTS's tree nodes; see [`move_limits`]).
    pub nodes_per_move: u64,
}

/// The node budget of a move of a match without a time per move, unless the settings say
/// otherwise.
pub const DEFAULT_NODES_PER_MOVE: u64 = 100_000;

impl MatchSettings {
    /// The settings of the `match` tool's defaults for `engines`: 100 games, 4 plies of
    /// random opening, seed 1, 100 ms a move.
    pub fn new(engines: Vec<String>) -> Self {
        MatchSettings {
            engines,
            games: 100,
            opening_plies: 4,
            seed: 1,
            time_per_move: Some(Duration::from_millis(100)),
            nodes_per_move: DEFAULT_NODES_PER_MOVE,
        }
    }

    /// The engines' names as the results show them: the names themselves, or with `#1`, `#2`
    /// … added when one name is given more than once (an engine against itself).
    pub fn labels(&self) -> Vec<String> {
        self.engines
            .iter()
            .enumerate()
            .map(|(i, name)| {
                if self.engines.iter().filter(|e| *e == name).count() > 1 {
                    format!("{name}#{}", i + 1)
                } else {
                    name.clone()
                }
            })
            .collect()
    }
}

/// One game of the schedule.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ScheduledGame {
    /// The game's number in the schedule (from 0).
    pub index: usize,
    /// The opening's number; the games of one opening differ only in their seat order.
    pub opening: usize,
    /// The index into [`MatchSettings::engines`] of the engine in each seat, in the game's
    /// player order.
    pub seats: Vec<usize>,
}

/// The games of a match in order: openings in turn, and for each opening every seat order
/// (two for two players; three rotations for three).
///
/// Nothing is stored per game: a game is computed from its number when asked for, so a
/// schedule of `usize::MAX` games costs no more memory than one of ten, and a shard
/// ([`Schedule::shard`]) is an iterator over its own games only.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Schedule {
    players: usize,
    engines: usize,
    games: usize,
}

impl Schedule {
    /// The schedule of `games` games with `engines` engine names for a game of `players` seats.
    pub fn new(players: usize, engines: usize, games: usize) -> Schedule {
        Schedule {
            players: players.max(1),
            engines: engines.max(1),
            games,
        }
    }

    /// Games in the whole schedule.
    pub fn len(&self) -> usize {
        self.games
    }

    /// Whether the schedule has no game.
    pub fn is_empty(&self) -> bool {
        self.games == 0
    }

    /// Game number `index`, or `None` past the end of the schedule.
    pub fn game(&self, index: usize) -> Option<ScheduledGame> {
        if index >= self.games {
            return None;
        }
        let players = self.players;
        let turn = index % players;
        let seats = (0..players)
            .map(|seat| ((seat + players - turn) % players).min(self.engines - 1))
            .collect();
        Some(ScheduledGame {
            index,
            opening: index / players,
            seats,
        })
    }

    /// The games of shard `shard` (from 1) of `shards`: every `shards`-th game, so each shard
    /// gets a fair mix of seat orders. The shards of one schedule are disjoint and together
    /// make the whole. The games are made one by one as the iterator is read.
    ///
    /// # Panics
    /// When `shard` is not from 1 to `shards` (the `match` tool checks `--shard` first).
    pub fn shard(&self, shard: usize, shards: usize) -> Shard {
        assert!(
            (1..=shards).contains(&shard),
            "shard {shard} of {shards}: a shard is numbered from 1 to the number of shards"
        );
        let first = shard - 1;
        let len = if first < self.games {
            (self.games - first - 1) / shards + 1
        } else {
            0
        };
        Shard {
            schedule: *self,
            first,
            step: shards,
            next: 0,
            len,
        }
    }
}

/// The games of one shard of a [`Schedule`], made as they are read.
#[derive(Clone, Debug)]
pub struct Shard {
    schedule: Schedule,
    first: usize,
    step: usize,
    /// How many games of the shard were read.
    next: usize,
    /// How many games the shard has.
    len: usize,
}

impl Shard {
    /// The `k`-th game of the shard (from 0), or `None` past its end.
    pub fn get(&self, k: usize) -> Option<ScheduledGame> {
        if k >= self.len {
            return None;
        }
        // k < len, so first + k * step is a game of the schedule: no overflow.
        self.schedule.game(self.first + k * self.step)
    }

    /// Games in the shard (read or not).
    pub fn total(&self) -> usize {
        self.len
    }
}

impl Iterator for Shard {
    type Item = ScheduledGame;

    fn next(&mut self) -> Option<ScheduledGame> {
        let game = self.get(self.next)?;
        self.next += 1;
        Some(game)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.len - self.next;
        (left, Some(left))
    }
}

impl ExactSizeIterator for Shard {}

/// How one game of a match went: what the `match` tool writes as a JSON line.
#[derive(Clone, Debug, PartialEq)]
pub struct GameReport {
    /// The game's number in the schedule.
    pub index: usize,
    /// The opening's number.
    pub opening: usize,
    /// The engine in each seat, in the game's player order, by its label
    /// ([`MatchSettings::labels`]).
    pub seats: Vec<String>,
    /// The position the game started from, before the opening, as text: `moves` replayed
    /// from it give the game.
    pub start: String,
    /// Plies of opening at the front of `moves` (random moves, before the engines' first).
    pub opening_plies: usize,
    /// Every move in the game's notation, the opening's first.
    pub moves: Vec<String>,
    /// The winner's seat (`p1`, `p2`, `p3`), or `None` for a draw.
    pub winner: Option<usize>,
    /// Why the game ended, in words.
    pub reason: String,
    /// Moves an engine failed to give (then the first legal move was played for it).
    pub engine_failures: u32,
}

impl GameReport {
    /// The game as one JSON line (no newline).
    pub fn to_json(&self) -> String {
        let winner = match self.winner {
            Some(seat) => format!("\"p{}\"", seat + 1),
            None => "null".to_owned(),
        };
        format!(
            "{{\"game\":{},\"opening\":{},\"seats\":[{}],\"start\":{},\"opening_plies\":{},\"moves\":[{}],\"winner\":{},\"reason\":{},\"engine_failures\":{}}}",
            self.index,
            self.opening,
            self.seats.iter().map(|s| json_string(s)).collect::<Vec<_>>().join(","),
            json_string(&self.start),
            self.opening_plies,
            self.moves.iter().map(|s| json_string(s)).collect::<Vec<_>>().join(","),
            winner,
            json_string(&self.reason),
            self.engine_failures,
        )
    }
}

/// `text` as a JSON string literal.
fn json_string(text: &str) -> String {
    let mut out = String::with_capacity(text.len() + 2);
    out.push('"');
    for c in text.chars() {
        match c {
            '"' => out.push_str("\\\""),
            '\\' => out.push_str("\\\\"),
            '\n' => out.push_str("\\n"),
            c if (c as u32) < 0x20 => out.push_str(&format!("\\u{:04x}", c as u32)),
            c => out.push(c),
        }
    }
    out.push('"');
    out
}

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

/// The limits of one move of a match: the time per move when there is one, else the node
/// budget (with the engines' own budgets from their names on top, see [`crate::engines`]).
pub fn move_limits(settings: &MatchSettings) -> Limits {
    match settings.time_per_move {
        Some(time) => Limits::time(time),
        None => Limits::nodes(settings.nodes_per_move),
    }
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

/// Wins, draws and losses of one engine in one seat.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Tally {
    /// Games won.
    pub wins: u32,
    /// Games drawn.
    pub draws: u32,
    /// Games lost.
    pub losses: u32,
}

impl Tally {
    /// Games counted.
    pub fn games(&self) -> u32 {
        self.wins + self.draws + self.losses
    }
}

/// The results of a match, per engine and seat.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// The engines' names, in the order given.
    pub engines: Vec<String>,
    /// `tallies[engine][seat]`.
    pub tallies: Vec<Vec<Tally>>,
    /// Games counted.
    pub games: u32,
    /// Plies played in all games (openings included).
    pub plies: u64,
    /// For each engine, its points over the games it played: 1 for a win, `1/N` of a draw
    /// among N players.
    pub points: Vec<f64>,
    /// Engine 0's scores (1, 1/2, 0 a game) against engine 1, for the Elo interval of two
    /// engines in a two-player game: their number, sum and sum of squares (a summary of
    /// any number of games stays this small).
    first_engine_scores: ScoreSums,
}

/// Count, sum and sum of squares of per-game scores.
#[derive(Clone, Copy, Debug, Default, PartialEq)]
struct ScoreSums {
    games: u64,
    sum: f64,
    squares: f64,
}

/// What a match of two engines says about their Elo difference (the first engine's over the
/// second's), at 95% confidence.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Elo {
    /// A finite estimate with its interval; a side is `None` where the interval reaches a
    /// score of 0 or 1, where no finite Elo bound exists.
    Interval {
        /// The lower end, if finite.
        low: Option<f64>,
        /// The estimate.
        estimate: f64,
        /// The upper end, if finite.
        high: Option<f64>,
    },
    /// The first engine won every game: no estimate (it would be infinite), only a lower
    /// bound. With `n` games won, a true score below `0.05^(1/n)` would give `n` wins in a
    /// row less than 5% of the time, so the bound is that score's Elo.
    AtLeast {
        /// The lower bound.
        low: f64,
        /// The games, all won.
        games: u64,
    },
    /// The first engine lost every game: the mirror of [`Elo::AtLeast`].
    AtMost {
        /// The upper bound.
        high: f64,
        /// The games, all lost.
        games: u64,
    },
}

impl Summary {
    /// The summary of `reports` of a game of `players` seats between the engines labelled
    /// `engines` ([`MatchSettings::labels`]).
    pub fn new(engines: &[String], players: usize, reports: &[GameReport]) -> Summary {
        let mut summary = Summary::empty(engines, players);
        for report in reports {
            summary.add(report);
        }
        summary
    }

    /// The summary of no games yet, to which [`Summary::add`] adds games one by one (its size
    /// does not grow with the games).
    pub fn empty(engines: &[String], players: usize) -> Summary {
        Summary {
            engines: engines.to_vec(),
            tallies: vec![vec![Tally::default(); players]; engines.len()],
            games: 0,
            plies: 0,
            points: vec![0.0; engines.len()],
            first_engine_scores: ScoreSums::default(),
        }
    }

    /// Counts one more game.
    pub fn add(&mut self, report: &GameReport) {
        let engines = &self.engines;
        let players = self.tallies.first().map_or(0, Vec::len);
        self.games += 1;
        self.plies += report.moves.len() as u64;
        let engine_of = |seat: usize| {
            engines
                .iter()
                .position(|name| Some(name) == report.seats.get(seat))
                .unwrap_or(0)
        };
        // With one engine in two seats, a win of either seat counts once for it.
        let mut game_points = vec![0.0; engines.len()];
        for seat in 0..players.min(report.seats.len()) {
            let engine = engine_of(seat);
            let tally = &mut self.tallies[engine][seat];
            match report.winner {
                Some(winner) if winner == seat => {
                    tally.wins += 1;
                    game_points[engine] = 1.0;
                }
                Some(_) => tally.losses += 1,
                None => {
                    tally.draws += 1;
                    game_points[engine] += 1.0 / players as f64;
                }
            }
        }
        for (total, game) in self.points.iter_mut().zip(&game_points) {
            *total += game;
        }
        if players == 2 && engines.len() == 2 {
            let score = match report.winner {
                None => 0.5,
                Some(winner) if engine_of(winner) == 0 => 1.0,
                Some(_) => 0.0,
            };
            let sums = &mut self.first_engine_scores;
            sums.games += 1;
            sums.sum += score;
            sums.squares += score * score;
        }
    }

    /// The average game length in plies.
    pub fn average_plies(&self) -> f64 {
        if self.games == 0 {
            0.0
        } else {
            self.plies as f64 / f64::from(self.games)
        }
    }

    /// The Elo difference of the first engine over the second, for two engines in a
    /// two-player game with at least one game: an estimate with its 95% interval, or a bound
    /// when one engine won every game.
    pub fn elo(&self) -> Option<Elo> {
        let ScoreSums {
            games,
            sum,
            squares,
        } = self.first_engine_scores;
        if games == 0 {
            return None;
        }
        let n = games as f64;
        let mean = sum / n;
        if mean >= 1.0 {
            return Some(Elo::AtLeast {
                low: elo_of_score(0.05f64.powf(1.0 / n)),
                games,
            });
        }
        if mean <= 0.0 {
            return Some(Elo::AtMost {
                high: elo_of_score(1.0 - 0.05f64.powf(1.0 / n)),
                games,
            });
        }
        let variance = (squares / n - mean * mean).max(0.0);
        let margin = 1.96 * (variance / n).sqrt();
        let finite = |elo: f64| elo.is_finite().then_some(elo);
        Some(Elo::Interval {
            low: finite(elo_of_score(mean - margin)),
            estimate: elo_of_score(mean),
            high: finite(elo_of_score(mean + margin)),
        })
    }

    /// The lines people read: a table per engine and seat, the average length, and the Elo
    /// difference (two players) or each engine's share of wins (three players).
    pub fn lines<G: Game>(&self) -> Vec<String> {
        let mut lines = Vec::new();
        let width = self
            .engines
            .iter()
            .map(String::len)
            .max()
            .unwrap_or(6)
            .max(6);
        lines.push(format!(
            "{:width$}  seat  games   wins  draws  losses",
            "engine"
        ));
        for (engine, seats) in self.engines.iter().zip(&self.tallies) {
            for (seat, tally) in seats.iter().enumerate() {
                if tally.games() == 0 {
                    continue;
                }
                lines.push(format!(
                    "{engine:width$}  {:4}  {:5}  {:5}  {:5}  {:6}",
                    format!("p{}", seat + 1),
                    tally.games(),
                    tally.wins,
                    tally.draws,
                    tally.losses
                ));
            }
        }
        lines.push(format!(
            "games: {}, average length: {:.1} plies",
            self.games,
            self.average_plies()
        ));
        if G::PLAYERS.len() == 2 {
            if let Some(elo) = self.elo() {
                lines.push(format!(
                    "elo {} - {}: {}",
                    self.engines[0],
                    self.engines[1],
                    elo_words(&elo, &self.engines[0])
                ));
            }
        } else {
            for (engine, points) in self.engines.iter().zip(&self.points) {
                let wins: u32 = self.tallies[self.engine_index(engine)]
                    .iter()
                    .map(|t| t.wins)
                    .sum();
                lines.push(format!(
                    "share of wins {engine}: {:.1}% ({wins} of {} games; points {points:.2})",
                    100.0 * f64::from(wins) / f64::from(self.games.max(1)),
                    self.games
                ));
            }
        }
        lines
    }

    fn engine_index(&self, name: &str) -> usize {
        self.engines.iter().position(|e| e == name).unwrap_or(0)
    }
}

/// The Elo difference that an expected score of `score` stands for.
pub fn elo_of_score(score: f64) -> f64 {
    if score <= 0.0 {
        f64::NEG_INFINITY
    } else if score >= 1.0 {
        f64::INFINITY
    } else {
        -400.0 * (1.0 / score - 1.0).log10()
    }
}

/// An Elo difference in whole points with its sign; a difference that rounds to nothing is
/// `0` (never `-0`).
fn elo_text(elo: f64) -> String {
    let rounded = elo.round();
    if rounded == 0.0 {
        "0".to_owned()
    } else {
        format!("{rounded:+.0}")
    }
}

/// The Elo line's text after the engines' names: the estimate and its interval, or "no
/// estimate" with the bound when `first` won or lost every game. Never an infinity.
fn elo_words(elo: &Elo, first: &str) -> String {
    match *elo {
        Elo::Interval {
            low,
            estimate,
            high,
        } => {
            let interval = match (low, high) {
                (Some(low), Some(high)) => format!("{} to {}", elo_text(low), elo_text(high)),
                (Some(low), None) => format!("at least {}", elo_text(low)),
                (None, Some(high)) => format!("at most {}", elo_text(high)),
                (None, None) => "no bound".to_owned(),
            };
            format!("{} (95%: {interval})", elo_text(estimate))
        }
        Elo::AtLeast { low, games } => format!(
            "no estimate ({first} won {}; 95%: at least {})",
            every_game(games),
            elo_text(low)
        ),
        Elo::AtMost { high, games } => format!(
            "no estimate ({first} lost {}; 95%: at most {})",
            every_game(games),
            elo_text(high)
        ),
    }
}

/// "the only game" or "all N games".
fn every_game(games: u64) -> String {
    if games == 1 {
        "the only game".to_owned()
    } else {
        format!("all {games} games")
    }
}

/// `n` and the noun, plural unless `n` is 1: "1 game", "2 games", "1 ply", "4 plies".
pub fn count(n: u64, noun: &str) -> String {
    if n == 1 {
        format!("1 {noun}")
    } else if let Some(stem) = noun.strip_suffix('y') {
        format!("{n} {stem}ies")
    } else {
        format!("{n} {noun}s")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_schedules_alternate_seats_on_each_opening() {
        let schedule = Schedule::new(2, 2, 4);
        let seats: Vec<_> = schedule.shard(1, 1).map(|g| (g.opening, g.seats)).collect();
        assert_eq!(
            seats,
            [
                (0, vec![0, 1]),
                (0, vec![1, 0]),
                (1, vec![0, 1]),
                (1, vec![1, 0])
            ]
        );
    }

    #[test]
    fn three_seats_rotate_and_two_names_fill_them() {
        let schedule = Schedule::new(3, 2, 3);
        let seats: Vec<_> = schedule.shard(1, 1).map(|g| g.seats).collect();
        assert_eq!(seats, [vec![0, 1, 1], vec![1, 0, 1], vec![1, 1, 0]]);
    }

    #[test]
    fn shards_are_disjoint_and_cover_the_schedule() {
        let schedule = Schedule::new(2, 2, 11);
        let mut all: Vec<usize> = (1..=3)
            .flat_map(|s| schedule.shard(s, 3).map(|g| g.index))
            .collect();
        all.sort_unstable();
        assert_eq!(all, (0..11).collect::<Vec<_>>());
    }

    #[test]
    fn elo_of_even_and_three_quarter_scores() {
        assert_eq!(elo_of_score(0.5), 0.0);
        // 0.75 is 3:1 odds: 400 * log10(3) ≈ 190.85.
        assert!((elo_of_score(0.75) - 190.848).abs() < 0.01);
        assert!(elo_of_score(1.0).is_infinite());
    }

    #[test]
    fn a_schedule_of_every_usize_is_made_lazily_one_game_at_a_time() {
        // 2^64 - 1 games: only the games read are made, and the shard knows its length.
        let schedule = Schedule::new(2, 2, usize::MAX);
        let mut shard = schedule.shard(2, 2);
        assert_eq!(shard.total(), usize::MAX / 2);
        let first: Vec<usize> = shard.by_ref().take(3).map(|g| g.index).collect();
        assert_eq!(first, [1, 3, 5]);
        assert_eq!(shard.len(), usize::MAX / 2 - 3);
        let last = schedule
            .shard(1, 2)
            .get(usize::MAX / 2)
            .expect("the last game");
        assert_eq!(last.index, usize::MAX - 1);
        assert_eq!(schedule.shard(1, 2).get(usize::MAX / 2 + 1), None);
        // A shard beyond the games is empty.
        assert_eq!(Schedule::new(2, 2, 3).shard(5, 7).count(), 0);
    }

    /// A finished two-player game between `a` (seat 1) and `b`, won by `winner`'s seat.
    fn report(seats: [&str; 2], winner: Option<usize>) -> GameReport {
        GameReport {
            index: 0,
            opening: 0,
            seats: seats.iter().map(|s| (*s).to_owned()).collect(),
            start: String::new(),
            opening_plies: 0,
            moves: vec!["a1".to_owned(); 5],
            winner,
            reason: "mill".to_owned(),
            engine_failures: 0,
        }
    }

    fn elo_line(reports: &[GameReport]) -> String {
        let engines = ["a".to_owned(), "b".to_owned()];
        let summary = Summary::new(&engines, 2, reports);
        let lines = summary.lines::<game_core::tictactoe::TicTacToe>();
        lines
            .into_iter()
            .find(|l| l.starts_with("elo "))
            .expect("an elo line")
    }

    #[test]
    fn a_clean_sweep_gives_a_bound_not_an_infinite_elo() {
        // 2-0: a true score below sqrt(0.05) = 0.2236 gives two wins less than 5% of the
        // time; 0.2236 is -400 log10(1/0.2236 - 1) = -400 log10(3.472) = -216 Elo.
        let won = [report(["a", "b"], Some(0)), report(["b", "a"], Some(1))];
        assert_eq!(
            elo_line(&won),
            "elo a - b: no estimate (a won all 2 games; 95%: at least -216)"
        );
        let lost = [report(["a", "b"], Some(1)), report(["b", "a"], Some(0))];
        assert_eq!(
            elo_line(&lost),
            "elo a - b: no estimate (a lost all 2 games; 95%: at most +216)"
        );
        let one = [report(["a", "b"], Some(0))];
        // One win: 0.05 is -400 log10(19) = -511.5 Elo.
        assert_eq!(
            elo_line(&one),
            "elo a - b: no estimate (a won the only game; 95%: at least -512)"
        );
    }

    #[test]
    fn an_even_match_is_zero_elo_never_minus_zero() {
        let even = [report(["a", "b"], None), report(["b", "a"], None)];
        // Every game drawn: score 1/2, no spread.
        assert_eq!(elo_line(&even), "elo a - b: 0 (95%: 0 to 0)");
        let split = [report(["a", "b"], Some(0)), report(["b", "a"], Some(0))];
        // One win each: mean 1/2, spread 1/2, margin 1.96 * 0.5 / sqrt(2) = 0.693: the
        // interval reaches past both ends.
        assert_eq!(elo_line(&split), "elo a - b: 0 (95%: no bound)");
    }

    #[test]
    fn a_summary_added_game_by_game_equals_one_made_at_once() {
        let engines = ["a".to_owned(), "b".to_owned()];
        let games = [
            report(["a", "b"], Some(0)),
            report(["b", "a"], None),
            report(["a", "b"], Some(1)),
        ];
        let mut summary = Summary::empty(&engines, 2);
        for game in &games {
            summary.add(game);
        }
        assert_eq!(summary, Summary::new(&engines, 2, &games));
        assert_eq!(summary.games, 3);
        assert_eq!(summary.plies, 15);
        assert_eq!(
            summary.tallies[0][0],
            Tally {
                wins: 1,
                draws: 0,
                losses: 1
            }
        );
        assert_eq!(
            summary.tallies[0][1],
            Tally {
                wins: 0,
                draws: 1,
                losses: 0
            }
        );
    }

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

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1, "game"), "1 game");
        assert_eq!(count(0, "game"), "0 games");
        assert_eq!(count(1, "ply"), "1 ply");
        assert_eq!(count(4, "ply"), "4 plies");
    }

    #[test]
    fn json_lines_escape_text() {
        assert_eq!(json_string("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
    }
}
