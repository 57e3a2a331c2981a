//! The report of one match game, and its JSON line.

use serde::{Deserialize, Serialize};

/// How one game of a match went: what the `match` tool writes as a JSON line.
///
/// With serde (its derives here, and [`GameReport::to_json`] for the tool's line), the fields
/// appear in this order under these keys: `game` (the index), `opening`, `seats`, `start`,
/// `opening_plies`, `moves`, `winner` (`"p1"`, `"p2"`, `"p3"` or `null` for a draw),
/// `reason`, `engine_failures`; numbers are plain integers.
///
/// ```
/// use boardrules::arena::GameReport;
///
/// let report = GameReport {
///     index: 0,
///     opening: 0,
///     seats: vec!["default".into(), "random".into()],
///     start: ".../.../... w".into(),
///     opening_plies: 0,
///     moves: vec!["b2".into()],
///     winner: Some(0),
///     reason: "mill".into(),
///     engine_failures: 0,
/// };
/// let line = report.to_json();
/// assert!(line.starts_with(r#"{"game":0,"opening":0,"seats":["default","random"],"#));
/// assert_eq!(serde_json::from_str::<GameReport>(&line)?, report);
/// # Ok::<(), serde_json::Error>(())
/// ```
#[derive(Clone, Debug, PartialEq, Serialize, Deserialize)]
pub struct GameReport {
    /// The game's number in the schedule.
    #[serde(rename = "game")]
    pub index: usize,
    /// The opening's number.
    pub opening: usize,
    /// The engine in each seat, in the game's player order, by its label
    /// ([`MatchSettings::labels`](super::MatchSettings::labels)).
    pub seats: Vec<String>,
    /// The position the game started from, before the opening, as text: `moves` replayed
    /// from it give the game.
    pub start: String,
    /// Plies of opening at the front of `moves` (random moves, before the engines' first).
    pub opening_plies: usize,
    /// Every move in the game's notation, the opening's first.
    pub moves: Vec<String>,
    /// The winner's seat (from 0; written `p1`, `p2`, `p3`), or `None` for a draw.
    #[serde(with = "seat")]
    pub winner: Option<usize>,
    /// Why the game ended, in words.
    pub reason: String,
    /// Moves an engine failed to give (then the first legal move was played for it).
    pub engine_failures: u32,
}

impl GameReport {
    /// The game as one JSON line (no newline).
    pub fn to_json(&self) -> String {
        // Strings, integers, lists and an optional seat: nothing in a report can fail to
        // serialize.
        serde_json::to_string(self).expect("a game report is always valid JSON")
    }
}

/// A winner's seat as the results write it: `"p1"` for seat 0, … ; `null` for none.
mod seat {
    use serde::de::Error;
    use serde::{Deserialize, Deserializer, Serializer};

    pub(super) fn serialize<S: Serializer>(seat: &Option<usize>, s: S) -> Result<S::Ok, S::Error> {
        match seat {
            Some(seat) => s.collect_str(&format_args!("p{}", seat + 1)),
            None => s.serialize_none(),
        }
    }

    pub(super) fn deserialize<'de, D: Deserializer<'de>>(d: D) -> Result<Option<usize>, D::Error> {
        let Some(text) = Option::<String>::deserialize(d)? else {
            return Ok(None);
        };
        text.strip_prefix('p')
            .and_then(|n| n.parse::<usize>().ok())
            .and_then(|n| n.checked_sub(1))
            .map(Some)
            .ok_or_else(|| D::Error::custom(format_args!("a seat is p1, p2 or p3, not {text:?}")))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn report() -> GameReport {
        GameReport {
            index: 17,
            opening: 8,
            seats: vec!["mcts:200".to_owned(), "random".to_owned()],
            start: "W:W31,32:B1,K2".to_owned(),
            opening_plies: 2,
            moves: vec!["32-28".to_owned(), "1-6".to_owned(), "28x19".to_owned()],
            winner: Some(1),
            reason: "no moves".to_owned(),
            engine_failures: 3,
        }
    }

    #[test]
    fn a_results_line_is_exactly_the_documented_text() {
        // Written out by hand from the format the match tool documents: keys in this order,
        // integers as digits, the winner's seat counted from p1, no spaces.
        let expected = concat!(
            r#"{"game":17,"opening":8,"seats":["mcts:200","random"],"#,
            r#""start":"W:W31,32:B1,K2","opening_plies":2,"#,
            r#""moves":["32-28","1-6","28x19"],"winner":"p2","reason":"no moves","#,
            r#""engine_failures":3}"#
        );
        assert_eq!(report().to_json(), expected);
    }

    #[test]
    fn a_draw_has_a_null_winner_and_text_is_escaped() {
        let mut draw = report();
        draw.winner = None;
        draw.reason = "a \"quoted\" back\\slash\nnew line".to_owned();
        draw.seats = vec!["é".to_owned(), "\u{1}".to_owned()];
        let line = draw.to_json();
        assert!(line.contains(r#""seats":["é","\u0001"]"#), "{line}");
        assert!(
            line.contains(r#""winner":null,"reason":"a \"quoted\" back\\slash\nnew line","#),
            "{line}"
        );
    }

    #[test]
    fn a_results_line_reads_back_as_the_same_report() {
        for winner in [None, Some(0), Some(2)] {
            let mut game = report();
            game.winner = winner;
            let back: GameReport = serde_json::from_str(&game.to_json()).expect("valid JSON");
            assert_eq!(back, game);
        }
        let bad = report().to_json().replace("\"p2\"", "\"p0\"");
        assert!(serde_json::from_str::<GameReport>(&bad).is_err());
    }
}
