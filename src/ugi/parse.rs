//! Reading the manager's commands: words, options, positions, and the limits of a `go`.

use std::time::Duration;

use game_core::{Game, GameRecord, Limits};

/// A piece of the manager's input quoted for a message: a bounded excerpt, in Rust string
/// syntax.
pub(super) fn quoted(text: &str) -> String {
    format!("{:?}", game_core::excerpt(text, 0))
}

/// The first word of `line` and the rest, trimmed.
pub(super) fn split_word(line: &str) -> (&str, &str) {
    let line = line.trim();
    match line.split_once(char::is_whitespace) {
        Some((word, rest)) => (word, rest.trim()),
        None => (line, ""),
    }
}

/// `name NAME [value VALUE]` as the pair of texts, VALUE empty when it is missing. NAME may
/// hold spaces, as in UCI: it runs to the word `value`, which may also end the line.
pub(super) fn parse_setoption(rest: &str) -> Option<(&str, &str)> {
    let (word, rest) = split_word(rest);
    if word != "name" {
        return None;
    }
    let is_word_end = |text: &str| text.is_empty() || text.starts_with(char::is_whitespace);
    let (name, value) = rest
        .match_indices("value")
        .find(|&(at, _)| {
            (at == 0 || rest[..at].ends_with(char::is_whitespace))
                && is_word_end(&rest[at + "value".len()..])
        })
        .map_or((rest, ""), |(at, _)| {
            (&rest[..at], rest[at + "value".len()..].trim())
        });
    let name = name.trim();
    (!name.is_empty()).then_some((name, value))
}

/// The game record that `position startpos|fen TEXT [moves …]` describes, or what is wrong.
pub(super) fn parse_position<G: Game>(start: G, rest: &str) -> Result<GameRecord<G>, String> {
    let (kind, rest) = split_word(rest);
    let words: Vec<&str> = rest.split_whitespace().collect();
    let (setup, moves) = match words.iter().position(|&w| w == "moves") {
        Some(at) => (words[..at].join(" "), &words[at + 1..]),
        None => (words.join(" "), &words[words.len()..]),
    };
    let setup = setup.as_str();
    let first = match kind {
        "startpos" if setup.is_empty() => start,
        "startpos" => return Err(format!("unexpected {} after startpos", quoted(setup))),
        "fen" if setup.is_empty() => return Err("position fen needs a position".to_owned()),
        "fen" => G::parse_position(setup, start.board_size())
            .map_err(|e| format!("position {}: {e}", quoted(setup)))?,
        _ => return Err("expected position startpos or position fen TEXT".to_owned()),
    };
    let mut record = GameRecord::new(first);
    for (index, text) in moves.iter().enumerate() {
        record
            .play_text(text)
            .map_err(|e| format!("move {} {}: {e}", index + 1, quoted(text)))?;
    }
    Ok(record)
}

/// What a `go` command asks for.
#[derive(Debug, PartialEq)]
pub(super) struct Go {
    /// The limits handed to the engine.
    pub(super) limits: Limits,
    /// Whether the answer waits for `stop`: `go infinite`, or a `go` with no limit at all
    /// (a search without limits runs until it is stopped, and so does its answer).
    pub(super) until_stop: bool,
}

/// The search of a `go` command for the player `to_move`.
pub(super) fn parse_go<G: Game>(rest: &str, to_move: G::Player) -> Result<Go, String> {
    let mut limits = Limits::INFINITE;
    let mut infinite = false;
    let mut clocks = [None::<u64>; 3];
    let mut increments = [0u64; 3];
    let mut words = rest.split_whitespace();
    while let Some(word) = words.next() {
        if word == "infinite" {
            infinite = true;
            continue;
        }
        let value = words
            .next()
            .ok_or_else(|| format!("go {} needs a number", quoted(word)))?;
        let number: u64 = value
            .parse()
            .map_err(|_| format!("go {}: {} is not a number", quoted(word), quoted(value)))?;
        match word {
            "movetime" => limits.time = Some(Duration::from_millis(number)),
            "nodes" => {
                limits.nodes = Some(number);
                limits.iterations = Some(number);
            }
            "depth" => limits.depth = Some(u32::try_from(number).map_err(|_| "depth too large")?),
            "p1time" | "p2time" | "p3time" => clocks[seat_digit(word)] = Some(number),
            "p1inc" | "p2inc" | "p3inc" => increments[seat_digit(word)] = number,
            "movestogo" => {}
            other => return Err(format!("unknown go parameter {}", quoted(other))),
        }
    }
    let seat = G::player_index(to_move).min(2);
    if let Some(remaining) = clocks[seat] {
        let budget = clock_budget(remaining, increments[seat]);
        limits.time = Some(limits.time.map_or(budget, |t| t.min(budget)));
    }
    Ok(Go {
        until_stop: infinite || limits.is_infinite(),
        limits,
    })
}

/// The seat (0, 1 or 2) of a `pNtime` / `pNinc` word.
fn seat_digit(word: &str) -> usize {
    usize::from(word.as_bytes()[1] - b'1')
}

/// The time to spend on one move with `remaining` ms on the clock and `increment` ms a move:
/// a twentieth of the clock plus three quarters of the increment, never more than half the
/// clock. Managers send any `u64`, so nothing here may overflow.
fn clock_budget(remaining: u64, increment: u64) -> Duration {
    // ⌊3·increment/4⌋ without forming 3·increment.
    let three_quarters = increment / 4 * 3 + increment % 4 * 3 / 4;
    let share = (remaining / 20).saturating_add(three_quarters);
    Duration::from_millis(share.min(remaining / 2).max(1))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn setoption_reads_names_and_values() {
        assert_eq!(
            parse_setoption("name engine value mcts:200"),
            Some(("engine", "mcts:200"))
        );
        assert_eq!(
            parse_setoption("name Move Overhead value 10"),
            Some(("Move Overhead", "10"))
        );
        assert_eq!(parse_setoption("value 3"), None);
        assert_eq!(parse_setoption("name value 3"), None);
    }

    #[test]
    fn setoption_with_an_empty_value_names_the_option() {
        // `value` ending the line, or no `value` at all: the option is "engine", its value "".
        assert_eq!(parse_setoption("name engine value"), Some(("engine", "")));
        assert_eq!(
            parse_setoption("name engine value   "),
            Some(("engine", ""))
        );
        assert_eq!(parse_setoption("name engine"), Some(("engine", "")));
        // A word that merely contains "value" is part of the name or the value.
        assert_eq!(
            parse_setoption("name valuex value values"),
            Some(("valuex", "values"))
        );
    }

    #[test]
    fn clock_budget_never_takes_more_than_half_the_clock() {
        assert_eq!(clock_budget(60_000, 0), Duration::from_millis(3_000));
        assert_eq!(clock_budget(100, 1_000), Duration::from_millis(50));
        assert_eq!(clock_budget(0, 0), Duration::from_millis(1));
        // 20 000 / 20 + 3/4 of 1 003 (752.25) = 1 752.
        assert_eq!(clock_budget(20_000, 1_003), Duration::from_millis(1_752));
    }

    #[test]
    fn clock_budget_takes_any_clock_and_increment_without_overflow() {
        // These panicked in debug builds: 3 · u64::MAX overflows.
        assert_eq!(
            clock_budget(60_000, u64::MAX),
            Duration::from_millis(30_000)
        );
        assert_eq!(
            clock_budget(u64::MAX, u64::MAX),
            Duration::from_millis(u64::MAX / 2)
        );
    }
    #[cfg(feature = "kvarn3")]
    #[test]
    fn go_with_the_largest_increment_is_a_time_limit() {
        let white = kvarn3::Position::start().to_move();
        let go = parse_go::<kvarn3::Position>(
            "p1time 10000 p2time 10000 p1inc 18446744073709551615 p2inc 18446744073709551615",
            white,
        )
        .expect("a valid go");
        assert_eq!(go.limits.time, Some(Duration::from_millis(5_000)));
        assert!(!go.until_stop);
    }

    #[cfg(feature = "kvarn3")]
    #[test]
    fn go_infinite_and_go_without_limits_wait_for_stop() {
        let white = kvarn3::Position::start().to_move();
        let go = |text| parse_go::<kvarn3::Position>(text, white).expect("a valid go");
        assert!(go("infinite").until_stop);
        assert!(go("").until_stop);
        assert!(go("infinite nodes 100").until_stop);
        assert_eq!(go("infinite nodes 100").limits.nodes, Some(100));
        assert!(!go("movetime 5").until_stop);
        assert!(!go("depth 3").until_stop);
        assert!(!go("p1time 1000 p2time 1000").until_stop);
    }
}
