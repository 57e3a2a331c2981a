//! What the API reads and writes about games: the request bodies and the state message,
//! rendered once per change and shared by every reader and watcher.

use std::sync::Arc;

use serde::{Deserialize, Serialize};

use crate::clock::{ClockRequest, ClockRow};
use crate::limits::{INLINE_LISTS_BYTES, MAX_STATE_BYTES};
use crate::store::{GameRow, SeatRow};
use crate::table::{GestureJson, HandJson, OutcomeJson, Table};

/// `POST /api/games`: the game, its board and a seat for each player.
#[derive(Debug, Deserialize)]
pub(crate) struct CreateRequest {
    pub(crate) game: String,
    #[serde(default)]
    pub(crate) size: Option<String>,
    pub(crate) seats: Vec<String>,
    #[serde(default)]
    pub(crate) time_ms: Option<u64>,
    /// A Fischer clock; none: the game is untimed.
    #[serde(default)]
    pub(crate) clock: Option<ClockRequest>,
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
    score: Option<serde_json::Map<String, serde_json::Value>>,
    score_label: Option<&'static str>,
    hands: serde_json::Map<String, serde_json::Value>,
    // `clock` is written last, by [`clock_json`], so that a read can renew it alone.
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

/// A rendered state: its text, and where its `clock` begins, so that a read renews the clock
/// alone (the remaining times as of the answer, not of the last change).
#[derive(Clone)]
pub(crate) struct Rendered {
    pub(crate) text: Arc<str>,
    /// The offset of `,"clock":` in `text`, and the clock with the players' names, for a timed
    /// game whose clock runs.
    pub(crate) running: Option<(usize, ClockRow, Vec<String>)>,
}

impl Rendered {
    /// The state as of `now`: the stored text, its clock renewed when one runs.
    pub(crate) fn at(&self, now: u64) -> Arc<str> {
        match &self.running {
            None => Arc::clone(&self.text),
            Some((offset, clock, players)) => {
                let mut text = String::with_capacity(self.text.len() + 8);
                text.push_str(&self.text[..*offset]);
                text.push_str(",\"clock\":");
                text.push_str(&clock_json(Some(clock), players, now));
                text.push('}');
                text.into()
            }
        }
    }
}

/// The state's `clock`: null, or `{"initial_ms", "increment_ms", "remaining_ms": {PLAYER:
/// ms}, "running": PLAYER|null}` with the times left at `now`.
pub(crate) fn clock_json(clock: Option<&ClockRow>, players: &[String], now: u64) -> String {
    let Some(clock) = clock else {
        return "null".to_owned();
    };
    let remaining: serde_json::Map<String, serde_json::Value> = players
        .iter()
        .enumerate()
        .map(|(i, p)| (p.clone(), serde_json::Value::from(clock.left(i, now))))
        .collect();
    serde_json::json!({
        "initial_ms": clock.initial_ms,
        "increment_ms": clock.increment_ms,
        "remaining_ms": remaining,
        "running": clock.running.and_then(|i| players.get(i)),
    })
    .to_string()
}

/// `text` (a JSON object) with `"clock": CLOCK` added as its last field.
fn with_clock(text: &str, clock: &str) -> (String, usize) {
    let body = text.strip_suffix('}').unwrap_or(text);
    let mut out = String::with_capacity(body.len() + clock.len() + 10);
    out.push_str(body);
    let offset = out.len();
    out.push_str(",\"clock\":");
    out.push_str(clock);
    out.push('}');
    (out, offset)
}

/// The state message of `view`, at most [`MAX_STATE_BYTES`] long: the legal moves and their
/// gestures are null when the state with them would pass [`INLINE_LISTS_BYTES`]
/// (`legal_move_count` says how many there are). Without them a state is far smaller: its
/// largest part is the list of moves, which the move cap bounds.
pub(crate) fn render(view: &View<'_>, now: u64) -> Rendered {
    let clock = clock_json(view.row.clock.as_ref(), view.players, now);
    let finish = |text: String| {
        let (text, offset) = with_clock(&text, &clock);
        let running = view
            .row
            .clock
            .as_ref()
            .filter(|c| c.running.is_some())
            .map(|c| (offset, c.clone(), view.players.to_vec()));
        Rendered {
            text: text.into(),
            running,
        }
    };
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
            SeatRow::Open => SeatJson {
                player,
                kind: "open",
                engine: None,
                connected: false,
            },
        })
        .collect();
    let score_label = core.score.as_ref().map(|(label, _)| *label);
    let score = core.score.map(|(_, scores)| {
        scores
            .into_iter()
            .map(|(p, n)| (p, serde_json::Value::from(n)))
            .collect()
    });
    let hands = core
        .hands
        .into_iter()
        .map(|(p, hand)| {
            let hand: &[HandJson] = &hand;
            (
                p,
                serde_json::to_value(hand).unwrap_or(serde_json::Value::Null),
            )
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
        score,
        score_label,
        hands,
    };
    let without = to_text(&state);
    if ended || state.legal_move_count == 0 {
        state.legal_moves = Some(Vec::new());
        state.gestures = Some(Vec::new());
        return finish(to_text(&state));
    }
    // The lists replace two nulls (8 bytes); each element's JSON is counted with its comma.
    let used = without.len() + clock.len() + 10;
    let budget = INLINE_LISTS_BYTES.saturating_sub(used);
    if let Some(lists) = view.table.legal_within(budget) {
        state.legal_moves = Some(lists.legal_moves);
        state.gestures = Some(lists.gestures);
        let with = to_text(&state);
        if with.len() + clock.len() + 10 <= INLINE_LISTS_BYTES.min(MAX_STATE_BYTES) {
            return finish(with);
        }
    }
    finish(without)
}

fn to_text<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value)
        .unwrap_or_else(|e| serde_json::json!({ "error": e.to_string() }).to_string())
}
