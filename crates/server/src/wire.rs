//! What the API reads and writes about games: the request bodies and the state message,
//! rendered once per change and shared by every reader and watcher.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::limits::{INLINE_LISTS_BYTES, MAX_STATE_BYTES};
use crate::store::{GameRow, SeatRow};
use crate::table::{GestureJson, OutcomeJson, Table};

/// `POST /api/games`: the game, its board and a seat for each player.
#[derive(Debug, Deserialize)]
pub(crate) struct CreateRequest {
    pub(crate) game: String,
    #[serde(default)]
    pub(crate) size: Option<String>,
    pub(crate) seats: Vec<String>,
    #[serde(default)]
    pub(crate) time_ms: Option<u64>,
}

/// `POST /api/games/ID/moves`.
#[derive(Deserialize)]
pub(crate) struct MoveRequest {
    #[serde(rename = "move")]
    pub(crate) text: String,
}

/// `POST /api/games/ID/draw`.
#[derive(Deserialize)]
pub(crate) struct DrawRequest {
    pub(crate) action: String,
}

/// A seat as the state shows it: never its token.
#[derive(Serialize)]
struct SeatJson<'a> {
    player: &'a str,
    kind: &'static str,
    engine: Option<&'a str>,
    connected: bool,
}

/// The state message: every field of the contract (the README lists them).
#[derive(Serialize)]
struct StateJson<'a> {
    id: &'a str,
    game: &'static str,
    size: Option<String>,
    start: String,
    position: String,
    moves: Vec<&'a str>,
    to_move: Option<String>,
    legal_moves: Option<Vec<String>>,
    gestures: Option<Vec<GestureJson>>,
    legal_move_count: usize,
    outcome: Option<OutcomeJson>,
    seats: Vec<SeatJson<'a>>,
    version: u64,
    last_move: Option<&'a str>,
    draw_offer: Option<&'a str>,
    rematch: Option<&'a str>,
    thinking: bool,
    failure: Option<&'a str>,
    colors: serde_json::Map<String, serde_json::Value>,
}

/// What the state is rendered from besides the table.
pub(crate) struct View<'a> {
    pub(crate) id: &'a str,
    pub(crate) table: &'a dyn Table,
    pub(crate) row: &'a GameRow,
    pub(crate) players: &'a [String],
    /// Sockets that said hello with each seat's token.
    pub(crate) connected: &'a [u32],
    pub(crate) thinking: bool,
    /// Why the server cannot go on with the game now (a move it cannot store).
    pub(crate) failure: Option<&'a str>,
}

/// The state message of `view`, at most [`MAX_STATE_BYTES`] long: the legal moves and their
/// gestures are null when the state with them would pass [`INLINE_LISTS_BYTES`]
/// (`legal_move_count` says how many there are). Without them a state is far smaller: its
/// largest part is the list of moves, which the move cap bounds.
pub(crate) fn render(view: &View<'_>) -> Arc<str> {
    let core = view.table.core();
    let row = view.row;
    let ended = row.ended.is_some();
    let seats = row
        .seats
        .iter()
        .zip(view.players)
        .zip(view.connected)
        .map(|((seat, player), &n)| match seat {
            SeatRow::Human { .. } => SeatJson {
                player,
                kind: "human",
                engine: None,
                connected: n > 0,
            },
            SeatRow::Engine { spec } => SeatJson {
                player,
                kind: "engine",
                engine: Some(spec),
                connected: true,
            },
        })
        .collect();
    let last_move = core.moves.last().copied();
    let mut state = StateJson {
        id: view.id,
        game: view.table.game(),
        size: view.table.size(),
        start: view.table.start(),
        position: core.position,
        moves: core.moves,
        to_move: if ended { None } else { core.to_move },
        legal_moves: None,
        gestures: None,
        legal_move_count: if ended { 0 } else { core.legal_move_count },
        outcome: row.ended.clone().or(core.outcome),
        seats,
        version: row.version,
        last_move,
        draw_offer: row
            .draw_offer
            .and_then(|i| view.players.get(i))
            .map(String::as_str),
        rematch: row.rematch.as_deref(),
        thinking: view.thinking,
        failure: view.failure,
        colors: core
            .colors
            .into_iter()
            .map(|(p, c)| (p, serde_json::Value::String(c)))
            .collect(),
    };
    let without = to_text(&state);
    if ended || state.legal_move_count == 0 {
        state.legal_moves = Some(Vec::new());
        state.gestures = Some(Vec::new());
        return to_text(&state).into();
    }
    // The lists replace two nulls (8 bytes); each element's JSON is counted with its comma.
    let budget = INLINE_LISTS_BYTES.saturating_sub(without.len());
    if let Some(lists) = view.table.legal_within(budget) {
        state.legal_moves = Some(lists.legal_moves);
        state.gestures = Some(lists.gestures);
        let with = to_text(&state);
        if with.len() <= INLINE_LISTS_BYTES.min(MAX_STATE_BYTES) {
            return with.into();
        }
    }
    without.into()
}

fn to_text<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }).to_string())
}
