//! What a match of two engines says about their Elo difference, and how it is written.

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
pub(super) fn elo_words(elo: &Elo, first: &str) -> String {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn elo_of_even_and_three_quarter_scores() {
        assert_eq!(elo_of_score(0.5), 0.0);
        // 0.75 is 3:1 odds: 400 * log10(3) ≈ 190.85.
        assert!((elo_of_score(0.75) - 190.848).abs() < 0.01);
        assert!(elo_of_score(1.0).is_infinite());
    }
}
