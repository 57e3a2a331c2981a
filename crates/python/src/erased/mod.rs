//! The games behind object-safe traits: one generic implementation for every game that has
//! the learning interfaces, so the Python classes hold a `Box<dyn …>` and never name a game.
//!
//! - [`state`]: a game in progress ([`DynState`]), on the library's game record;
//! - [`engine`]: a built-in engine of one game ([`DynEngine`]);
//! - [`batch`]: many games stepped together ([`DynBatch`]), each a [`slot`] whose history
//!   draws are kept by the library's `DrawTracker`;
//! - [`search`]: batched PUCT over many roots ([`search::DynSearch`]), the leaves valued by
//!   the caller.

pub(crate) mod batch;
pub(crate) mod engine;
pub(crate) mod search;
pub(crate) mod slot;
pub(crate) mod state;

use game_core::{Actions, Describe, Game, Observe, Outcome, OutcomeOf, Symmetries, MAX_PLAYERS};

pub(crate) use batch::{BatchOf, DynBatch, Outputs};
pub(crate) use engine::{DynEngine, EngineOf};
pub(crate) use state::{DynState, StateOf};

/// What the Python package needs of a game: the facade's picture and engines, and the
/// learning interfaces of game-core.
pub(crate) trait Learnable: Describe + Actions + Observe + Symmetries {}

impl<G: Describe + Actions + Observe + Symmetries> Learnable for G {}

/// The returns of a finished game, one per player (index of [`Game::PLAYERS`]): 1 for the
/// winner and -1 for every other player, 0 for everyone in a draw and while the game goes on.
pub(crate) fn returns_of<G: Game>(outcome: Option<OutcomeOf<G>>) -> [f32; MAX_PLAYERS] {
    let mut returns = [0.0; MAX_PLAYERS];
    if let Some(Outcome::Winner { player, .. }) = outcome {
        let winner = G::player_index(player);
        for (index, value) in returns.iter_mut().enumerate().take(G::PLAYERS.len()) {
            *value = if index == winner { 1.0 } else { -1.0 };
        }
    }
    returns
}

/// The player with index `index`, or an error that names the game's players.
pub(crate) fn player_at<G: Game>(index: usize) -> Result<G::Player, String> {
    G::PLAYERS.get(index).copied().ok_or_else(|| {
        format!(
            "{} has players 0 to {} ({}); no player {index}",
            G::NAME,
            G::PLAYERS.len() - 1,
            G::PLAYERS
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// A position of `G` read from `text` on a board of `size` (a size's text, as
/// [`Game::board_size`] writes it), or the library's reason.
pub(crate) fn parse_position<G: Game>(text: &str, size: Option<&str>) -> Result<G, String> {
    let size = size
        .map(|size| {
            size.parse()
                .map_err(|error| format!("bad board size {size:?}: {error}"))
        })
        .transpose()?;
    boardrules::games::setup::<G>(Some(text), size).map_err(|error| error.to_string())
}
