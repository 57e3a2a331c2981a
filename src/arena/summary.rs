//! The results of a match counted game by game: wins, draws and losses per engine and seat,
//! and the lines people read.

use game_core::Game;

use super::elo::{elo_of_score, elo_words, Elo};
use super::report::GameReport;

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

impl Summary {
    /// The summary of `reports` of a game of `players` seats between the engines labelled
    /// `engines` ([`MatchSettings::labels`](super::MatchSettings::labels)).
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
    use crate::arena::GameReport;

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

    #[test]
    fn counts_agree_with_their_number() {
        assert_eq!(count(1, "game"), "1 game");
        assert_eq!(count(0, "game"), "0 games");
        assert_eq!(count(1, "ply"), "1 ply");
        assert_eq!(count(4, "ply"), "4 plies");
    }
}
