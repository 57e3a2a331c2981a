//! What a match plays: the engines, the number of games, the openings and the budget of a
//! move.

use std::time::Duration;

use game_core::Limits;

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

/// The limits of one move of a match: the time per move when there is one, else the node
/// budget (with the engines' own budgets from their names on top, see [`crate::engines`]).
pub fn move_limits(settings: &MatchSettings) -> Limits {
    match settings.time_per_move {
        Some(time) => Limits::time(time),
        None => Limits::nodes(settings.nodes_per_move),
    }
}
