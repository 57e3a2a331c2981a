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
#[derive(Clone, Debug, PartialEq, Eq)]
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
    /// Time per move (`None`: the engines' own budgets only).
    pub time_per_move: Option<Duration>,
}

impl MatchSettings {
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
#[derive(Clone, Debug)]
pub struct Schedule {
    games: Vec<ScheduledGame>,
}

impl Schedule {
    /// The schedule of `games` games with `engines` engine names for a game of `players` seats.
    pub fn new(players: usize, engines: usize, games: usize) -> Schedule {
        let base: Vec<usize> = (0..players).map(|seat| seat.min(engines - 1)).collect();
        let orders = players;
        let games = (0..games)
            .map(|index| {
                let turn = index % orders;
                let seats = (0..players)
                    .map(|seat| base[(seat + players - turn) % players])
                    .collect();
                ScheduledGame {
                    index,
                    opening: index / orders,
                    seats,
                }
            })
            .collect();
        Schedule { games }
    }

    /// The games of shard `shard` (from 1) of `shards`: every `shards`-th game, so each shard
    /// gets a fair mix of seat orders. The shards of one schedule are disjoint and together
    /// make the whole.
    pub fn shard(&self, shard: usize, shards: usize) -> Vec<ScheduledGame> {
        self.games
            .iter()
            .filter(|game| game.index % shards == shard - 1)
            .cloned()
            .collect()
    }
}

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
    /// The start position (after the opening, before the engines' first move) as text.
    pub start: String,
    /// Plies of opening included in `moves`.
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
    let opening_start = record.current().to_string();
    let limits = Limits {
        time: settings.time_per_move,
        ..Limits::INFINITE
    };
    let stop = StopFlag::new();
    let mut failures = 0;
    // The winner's seat and the reason in words: the game's outcome, or the match's own ply
    // limit (a draw the record does not know).
    let (winner, reason) = loop {
        if let Some(outcome) = record.outcome() {
            break (
                outcome.winner().map(G::player_index),
                outcome.reason().to_string(),
            );
        }
        if record.moves().len() >= MAX_GAME_PLIES {
            break (None, "ply limit of the match".to_owned());
        }
        let seat = G::player_index(record.current().to_move());
        let chosen = engines[seat]
            .search(&record, &limits, &stop, &mut |_| {})
            .best_move;
        let legal = record.legal_moves();
        let mv = match chosen {
            Some(mv) if legal.contains(&mv) => mv,
            _ => {
                failures += 1;
                legal[0]
            }
        };
        if record.play(mv).is_err() {
            failures += 1;
        }
    };
    let labels = settings.labels();
    Ok(GameReport {
        index: game.index,
        opening: game.opening,
        seats: game.seats.iter().map(|&e| labels[e].clone()).collect(),
        start: opening_start,
        opening_plies,
        moves: record.move_texts(),
        winner,
        reason,
        engine_failures: failures,
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
    /// Per game, engine 0's score (1, 1/2, 0) against engine 1, for the Elo interval of two
    /// engines in a two-player game.
    first_engine_scores: Vec<f64>,
}

impl Summary {
    /// The summary of `reports` of a game of `players` seats between the engines labelled
    /// `engines` ([`MatchSettings::labels`]).
    #[allow(clippy::needless_range_loop)] // seats index both the report and the tallies
    pub fn new(engines: &[String], players: usize, reports: &[GameReport]) -> Summary {
        let mut tallies = vec![vec![Tally::default(); players]; engines.len()];
        let mut points = vec![0.0; engines.len()];
        let mut first_engine_scores = Vec::new();
        let mut plies = 0;
        for report in reports {
            plies += report.moves.len() as u64;
            let engine_of = |seat: usize| {
                engines
                    .iter()
                    .position(|name| *name == report.seats[seat])
                    .unwrap_or(0)
            };
            // With one engine in two seats, a win of either seat counts once for it.
            let mut game_points = vec![0.0; engines.len()];
            for seat in 0..players.min(report.seats.len()) {
                let engine = engine_of(seat);
                let tally = &mut tallies[engine][seat];
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
            for (total, game) in points.iter_mut().zip(&game_points) {
                *total += game;
            }
            if players == 2 && engines.len() == 2 {
                first_engine_scores.push(match report.winner {
                    None => 0.5,
                    Some(winner) if engine_of(winner) == 0 => 1.0,
                    Some(_) => 0.0,
                });
            }
        }
        Summary {
            engines: engines.to_vec(),
            tallies,
            games: reports.len() as u32,
            plies,
            points,
            first_engine_scores,
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

    /// The Elo difference of the first engine over the second with its 95% interval
    /// `(low, estimate, high)`, for two engines in a two-player game with at least one game.
    /// Infinite values stand for a score of 0 or 1.
    pub fn elo(&self) -> Option<(f64, f64, f64)> {
        let n = self.first_engine_scores.len();
        if n == 0 {
            return None;
        }
        let mean = self.first_engine_scores.iter().sum::<f64>() / n as f64;
        let variance = self
            .first_engine_scores
            .iter()
            .map(|s| (s - mean).powi(2))
            .sum::<f64>()
            / n as f64;
        let margin = 1.96 * (variance / n as f64).sqrt();
        Some((
            elo_of_score(mean - margin),
            elo_of_score(mean),
            elo_of_score(mean + margin),
        ))
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
            if let Some((low, elo, high)) = self.elo() {
                lines.push(format!(
                    "elo {} - {}: {} (95%: {} to {})",
                    self.engines[0],
                    self.engines[1],
                    elo_text(elo),
                    elo_text(low),
                    elo_text(high)
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

fn elo_text(elo: f64) -> String {
    if elo.is_infinite() {
        if elo > 0.0 { "+inf" } else { "-inf" }.to_owned()
    } else {
        format!("{elo:+.0}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn two_player_schedules_alternate_seats_on_each_opening() {
        let schedule = Schedule::new(2, 2, 4);
        let games = schedule.shard(1, 1);
        let seats: Vec<_> = games.iter().map(|g| (g.opening, g.seats.clone())).collect();
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
        let seats: Vec<_> = schedule.shard(1, 1).into_iter().map(|g| g.seats).collect();
        assert_eq!(seats, [vec![0, 1, 1], vec![1, 0, 1], vec![1, 1, 0]]);
    }

    #[test]
    fn shards_are_disjoint_and_cover_the_schedule() {
        let schedule = Schedule::new(2, 2, 11);
        let mut all: Vec<usize> = (1..=3)
            .flat_map(|s| schedule.shard(s, 3).into_iter().map(|g| g.index))
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
    fn json_lines_escape_text() {
        assert_eq!(json_string("a\"b\\c\n"), "\"a\\\"b\\\\c\\n\"");
    }
}
