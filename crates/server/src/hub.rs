//! The games in play: creating them, moves, resignations, draw offers, rematches, engine seats
//! and watchers, each change stored before it is told.
//!
//! Every game has a lock of its own ([`Slot`]); a change takes it, checks, writes to the store,
//! changes the game in memory, renders the new state once and sends it to the watchers. Two
//! requests for the same turn are therefore served one after the other, and the second finds
//! the turn gone.

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use std::time::Duration;

use game_core::StopFlag;
use serde::{Deserialize, Serialize};
use tokio::sync::broadcast;

use crate::pool::Pool;
use crate::store::{GameRow, SeatRow, Store, StoreError};
use crate::table::{self, OutcomeJson, Table};

/// Why a request was refused; the HTTP layer turns each into its status.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// 400: the request body says nothing the server can serve.
    BadRequest(String),
    /// 403: no token, or not a seat's token of this game.
    Forbidden,
    /// 404: no game with this id.
    NotFound,
    /// 409: not this seat's turn, the game is over, or the action does not fit the game now.
    Conflict(String),
    /// 422: a malformed or illegal move (the library's reason), or an action the game lacks.
    Unprocessable(String),
    /// 500: the store failed.
    Internal(String),
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Self {
        Refusal::Internal(e.to_string())
    }
}

/// `POST /api/games`: the game, its board and a seat for each player.
#[derive(Debug, Deserialize)]
pub(crate) struct CreateRequest {
    game: String,
    #[serde(default)]
    size: Option<String>,
    seats: Vec<String>,
    #[serde(default)]
    time_ms: Option<u64>,
}

/// The default thinking time of engine seats.
const DEFAULT_TIME_MS: u64 = 500;
/// The longest thinking time a game may ask for (a minute a move).
const MAX_TIME_MS: u64 = 60_000;
/// How many state messages a slow watcher may fall behind before it gets the latest one only.
const WATCH_BACKLOG: usize = 16;

/// A seat as the state shows it: never its token.
#[derive(Serialize)]
struct SeatJson<'a> {
    player: &'a str,
    kind: &'static str,
    engine: Option<&'a str>,
    connected: bool,
}

/// The state message: the fields and the contract's additions.
#[derive(Serialize)]
struct StateJson<'a> {
    id: &'a str,
    game: &'static str,
    size: Option<String>,
    start: String,
    position: String,
    moves: &'a [String],
    to_move: Option<String>,
    legal_moves: Vec<String>,
    gestures: Vec<table::GestureJson>,
    outcome: Option<OutcomeJson>,
    seats: Vec<SeatJson<'a>>,
    version: u64,
    last_move: Option<&'a str>,
    draw_offer: Option<&'a str>,
    rematch: Option<&'a str>,
    thinking: bool,
    colors: serde_json::Map<String, serde_json::Value>,
}

/// One game in play.
pub(crate) struct Slot {
    id: String,
    live: Mutex<Live>,
    watchers: broadcast::Sender<Arc<str>>,
}

struct Live {
    table: Box<dyn Table>,
    row: GameRow,
    players: Vec<String>,
    /// The state message of the current version.
    state: Arc<str>,
    /// The stop flag of the engine search under way.
    thinking: Option<StopFlag>,
    /// Sockets that said hello with each seat's token.
    connected: Vec<u32>,
}

impl Slot {
    fn lock(&self) -> MutexGuard<'_, Live> {
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The current state message.
    pub(crate) fn state(&self) -> Arc<str> {
        Arc::clone(&self.lock().state)
    }

    /// A receiver of every state message from now on.
    pub(crate) fn subscribe(&self) -> broadcast::Receiver<Arc<str>> {
        self.watchers.subscribe()
    }

    /// The picture of the current position.
    pub(crate) fn svg(&self, flipped: bool, explain: bool, size: u32) -> String {
        self.lock().table.svg(flipped, explain, size)
    }

    /// The library's JSON game record.
    pub(crate) fn record(&self) -> String {
        self.lock().table.record_json()
    }

    /// Renders the state after a change and sends it to every watcher.
    fn publish(&self, live: &mut Live) {
        live.state = render(&self.id, live);
        let _ = self.watchers.send(Arc::clone(&live.state));
    }
}

/// Equal strings, compared in time that depends only on their lengths (tokens all have the
/// same length, so a comparison says nothing about how much of a guess was right).
fn same_secret(a: &str, b: &str) -> bool {
    a.len() == b.len()
        && a.bytes()
            .zip(b.bytes())
            .fold(0u8, |acc, (x, y)| acc | (x ^ y))
            == 0
}

/// The seat that `token` holds in this game (every seat is compared, whatever matches).
fn seat_of(row: &GameRow, token: &str) -> Option<usize> {
    let mut found = None;
    for (i, seat) in row.seats.iter().enumerate() {
        if let SeatRow::Human { token: t } = seat {
            if same_secret(t, token) {
                found = Some(i);
            }
        }
    }
    found
}

fn render(id: &str, live: &Live) -> Arc<str> {
    let core = live.table.core();
    let row = &live.row;
    let ended = row.ended.is_some();
    let seats = row
        .seats
        .iter()
        .zip(&live.players)
        .zip(&live.connected)
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
    let state = StateJson {
        id,
        game: live.table.game(),
        size: live.table.size(),
        start: live.table.start(),
        position: core.position,
        moves: core.moves,
        to_move: if ended { None } else { core.to_move },
        legal_moves: if ended { Vec::new() } else { core.legal_moves },
        gestures: if ended { Vec::new() } else { core.gestures },
        outcome: row.ended.clone().or(core.outcome),
        seats,
        version: row.version,
        last_move: core.moves.last().map(String::as_str),
        draw_offer: row
            .draw_offer
            .and_then(|i| live.players.get(i))
            .map(String::as_str),
        rematch: row.rematch.as_deref(),
        thinking: live.thinking.is_some(),
        colors: core
            .colors
            .into_iter()
            .map(|(p, c)| (p, serde_json::Value::String(c)))
            .collect(),
    };
    match serde_json::to_string(&state) {
        Ok(text) => text.into(),
        Err(e) => format!("{{\"error\":{:?}}}", e.to_string()).into(),
    }
}

/// `count` random bytes from the operating system, in hex.
fn random_hex(count: usize) -> Result<String, Refusal> {
    let mut bytes = vec![0u8; count];
    getrandom::fill(&mut bytes).map_err(|e| Refusal::Internal(format!("randomness: {e}")))?;
    Ok(bytes.iter().map(|b| format!("{b:02x}")).collect())
}

/// A seat token: 128 random bits.
fn new_token() -> Result<String, Refusal> {
    random_hex(16)
}

/// A game id: 64 random bits of its own, drawn apart from every token.
fn new_id() -> Result<String, Refusal> {
    random_hex(8)
}

fn random_seed() -> u64 {
    let mut bytes = [0u8; 8];
    let _ = getrandom::fill(&mut bytes);
    u64::from_le_bytes(bytes)
}

/// A seat as created: `"human"`, `"engine"` or `"engine:NAME[:BUDGET]"`.
fn parse_seat(text: &str) -> Result<Option<String>, Refusal> {
    match text {
        "human" => Ok(None),
        "engine" => Ok(Some("default".to_owned())),
        _ => match text.strip_prefix("engine:") {
            Some(spec) if !spec.is_empty() => Ok(Some(spec.to_owned())),
            _ => Err(Refusal::BadRequest(format!(
                "a seat is \"human\" or \"engine:NAME[:BUDGET]\", not {:?}",
                excerpt(text)
            ))),
        },
    }
}

/// At most 40 characters of a client's text, for an error message.
fn excerpt(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}

/// Every game in play, the store and the engine pool.
pub(crate) struct Hub {
    store: Store,
    pool: Pool,
    games: RwLock<HashMap<String, Arc<Slot>>>,
    /// Set by [`Hub::stop`]: engine results that arrive later are dropped.
    stopping: AtomicBool,
}

/// What `POST /api/games` answers, before the links are written with the client's host.
pub(crate) struct Created {
    pub(crate) id: String,
    pub(crate) seats: Vec<(String, Option<String>)>,
}

impl Hub {
    /// The hub over `store`, with the stored games loaded and their engines started.
    pub(crate) fn new(store: Store, pool: Pool) -> Result<Arc<Hub>, StoreError> {
        let hub = Arc::new(Hub {
            store,
            pool,
            games: RwLock::new(HashMap::new()),
            stopping: AtomicBool::new(false),
        });
        for (row, moves) in hub.store.load_all()? {
            let table = match table::open(&row.game, row.size.as_deref(), Some(&row.start), &moves)
            {
                Ok(table) => table,
                Err(e) => {
                    eprintln!("boardrules-server: game {}: {e}; skipped", row.id);
                    continue;
                }
            };
            hub.install(row, table);
        }
        Ok(hub)
    }

    /// Stops the searches under way and ends the engine threads; the moves they would have
    /// played are dropped (the next server on the file searches again).
    pub(crate) fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        let slots: Vec<Arc<Slot>> = self
            .games
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .values()
            .cloned()
            .collect();
        for slot in slots {
            if let Some(stop) = &slot.lock().thinking {
                stop.stop();
            }
        }
        self.pool.stop();
    }

    /// How many games are open.
    pub(crate) fn len(&self) -> usize {
        self.games.read().unwrap_or_else(|e| e.into_inner()).len()
    }

    fn install(self: &Arc<Self>, row: GameRow, table: Box<dyn Table>) -> Arc<Slot> {
        let players = table.players();
        let (watchers, _) = broadcast::channel(WATCH_BACKLOG);
        let slot = Arc::new(Slot {
            id: row.id.clone(),
            live: Mutex::new(Live {
                connected: vec![0; players.len()],
                players,
                table,
                row,
                state: Arc::from(""),
                thinking: None,
            }),
            watchers,
        });
        {
            let mut live = slot.lock();
            self.schedule(&slot, &mut live);
            live.state = render(&slot.id, &live);
        }
        self.games
            .write()
            .unwrap_or_else(|e| e.into_inner())
            .insert(slot.id.clone(), Arc::clone(&slot));
        slot
    }

    /// The game `id`.
    pub(crate) fn get(&self, id: &str) -> Result<Arc<Slot>, Refusal> {
        self.games
            .read()
            .unwrap_or_else(|e| e.into_inner())
            .get(id)
            .cloned()
            .ok_or(Refusal::NotFound)
    }

    /// Creates a game.
    pub(crate) fn create(self: &Arc<Self>, request: CreateRequest) -> Result<Created, Refusal> {
        let table = table::open(&request.game, request.size.as_deref(), None, &[])
            .map_err(Refusal::BadRequest)?;
        let players = table.players();
        if request.seats.len() != players.len() {
            return Err(Refusal::BadRequest(format!(
                "{} has {} players ({}): one seat each, not {}",
                table.game(),
                players.len(),
                players.join(", "),
                request.seats.len()
            )));
        }
        let time_ms = request.time_ms.unwrap_or(DEFAULT_TIME_MS);
        if !(1..=MAX_TIME_MS).contains(&time_ms) {
            return Err(Refusal::BadRequest(format!(
                "time_ms is a whole number of milliseconds from 1 to {MAX_TIME_MS}"
            )));
        }
        let mut seats = Vec::with_capacity(players.len());
        for text in &request.seats {
            seats.push(match parse_seat(text)? {
                None => SeatRow::Human {
                    token: new_token()?,
                },
                Some(spec) => {
                    table.check_engine(&spec).map_err(Refusal::BadRequest)?;
                    SeatRow::Engine { spec }
                }
            });
        }
        let row = GameRow {
            id: new_id()?,
            game: table.game().to_owned(),
            size: table.size(),
            start: table.start(),
            seats,
            time_ms,
            ended: None,
            draw_offer: None,
            rematch: None,
            version: 0,
        };
        self.store.insert(&row)?;
        let created = Created {
            id: row.id.clone(),
            seats: players
                .into_iter()
                .zip(&row.seats)
                .map(|(player, seat)| match seat {
                    SeatRow::Human { token } => (player, Some(token.clone())),
                    SeatRow::Engine { .. } => (player, None),
                })
                .collect(),
        };
        self.install(row, table);
        Ok(created)
    }

    /// Starts the engine of the seat to move, where that is an engine and none is thinking.
    fn schedule(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live) {
        if live.thinking.is_some() || live.row.ended.is_some() {
            return;
        }
        let Some(turn) = live.table.turn() else {
            return;
        };
        let Some(SeatRow::Engine { spec }) = live.row.seats.get(turn) else {
            return;
        };
        let stop = StopFlag::new();
        let time = Duration::from_millis(live.row.time_ms);
        let job = match live
            .table
            .engine_job(spec, time, random_seed(), stop.clone())
        {
            Ok(job) => job,
            Err(e) => {
                eprintln!("boardrules-server: game {}: engine {spec}: {e}", slot.id);
                return;
            }
        };
        live.thinking = Some(stop);
        let ply = live.table.plies();
        let hub = Arc::clone(self);
        let slot = Arc::clone(slot);
        self.pool.submit(Box::new(move || {
            let text = job();
            hub.engine_moved(&slot, ply, turn, text);
        }));
    }

    /// An engine's search has ended: plays its move if the game is still where it was.
    fn engine_moved(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        ply: usize,
        seat: usize,
        text: Option<String>,
    ) {
        let mut live = slot.lock();
        if self.stopping.load(Ordering::SeqCst) {
            return;
        }
        live.thinking = None;
        let current = live.table.plies() == ply
            && live.row.ended.is_none()
            && live.table.turn() == Some(seat);
        match text {
            Some(text) if current => {
                if let Err(e) = self.commit_move(slot, &mut live, seat, &text) {
                    eprintln!(
                        "boardrules-server: game {}: engine move {text}: {e:?}",
                        slot.id
                    );
                    slot.publish(&mut live);
                }
            }
            None if current => {
                eprintln!(
                    "boardrules-server: game {}: the engine found no move",
                    slot.id
                );
                slot.publish(&mut live);
            }
            _ => {
                self.schedule(slot, &mut live);
                slot.publish(&mut live);
            }
        }
    }

    /// Stores and plays a checked move of `seat`, then tells everyone.
    fn commit_move(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        seat: usize,
        text: &str,
    ) -> Result<(), Refusal> {
        let canonical = live.table.check(text).map_err(Refusal::Unprocessable)?;
        let ply = live.table.plies();
        let version = live.row.version + 1;
        let draw_offer = live.row.draw_offer.filter(|&offerer| offerer == seat);
        self.store
            .add_move(&slot.id, ply, &canonical, version, draw_offer)?;
        live.table
            .apply(&canonical)
            .map_err(Refusal::Unprocessable)?;
        live.row.version = version;
        live.row.draw_offer = draw_offer;
        self.schedule(slot, live);
        slot.publish(live);
        Ok(())
    }

    /// The seat of `token`, or 403.
    fn seat(live: &Live, token: Option<&str>) -> Result<usize, Refusal> {
        token
            .and_then(|token| seat_of(&live.row, token))
            .ok_or(Refusal::Forbidden)
    }

    /// `POST /api/games/ID/moves`.
    pub(crate) fn play(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        token: Option<&str>,
        text: &str,
    ) -> Result<Arc<str>, Refusal> {
        let mut live = slot.lock();
        let seat = Self::seat(&live, token)?;
        if live.row.ended.is_some() {
            return Err(Refusal::Conflict("the game is over".to_owned()));
        }
        match live.table.turn() {
            None => return Err(Refusal::Conflict("the game is over".to_owned())),
            Some(turn) if turn != seat => {
                return Err(Refusal::Conflict(format!(
                    "it is {}'s turn, not {}'s",
                    live.players[turn], live.players[seat]
                )))
            }
            Some(_) => {}
        }
        self.commit_move(slot, &mut live, seat, text)?;
        Ok(Arc::clone(&live.state))
    }

    /// Ends the game (or a seat's part in it) on the server's decision, stores and tells it.
    fn change_meta(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live) -> Result<(), Refusal> {
        live.row.version += 1;
        if let Err(e) = self.store.update_meta(&live.row) {
            live.row.version -= 1;
            return Err(e.into());
        }
        if live.row.ended.is_some() {
            if let Some(stop) = &live.thinking {
                stop.stop();
            }
        }
        self.schedule(slot, live);
        slot.publish(live);
        Ok(())
    }

    fn ongoing(live: &Live) -> Result<(), Refusal> {
        if live.row.ended.is_some() || live.table.turn().is_none() {
            Err(Refusal::Conflict("the game is over".to_owned()))
        } else {
            Ok(())
        }
    }

    /// `POST /api/games/ID/resign`: in a two-player game the other player wins; in a
    /// three-player game the game goes on and the default engine takes the seat over.
    pub(crate) fn resign(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        token: Option<&str>,
    ) -> Result<Arc<str>, Refusal> {
        let mut live = slot.lock();
        let seat = Self::seat(&live, token)?;
        Self::ongoing(&live)?;
        let before = live.row.clone();
        if live.players.len() == 2 {
            live.row.ended = Some(OutcomeJson {
                result: "win".to_owned(),
                player: Some(live.players[1 - seat].clone()),
                reason: "resignation".to_owned(),
            });
            live.row.draw_offer = None;
        } else {
            live.row.seats[seat] = SeatRow::Engine {
                spec: "default".to_owned(),
            };
        }
        if let Err(e) = self.change_meta(slot, &mut live) {
            live.row = before;
            return Err(e);
        }
        Ok(Arc::clone(&live.state))
    }

    /// `POST /api/games/ID/draw` with `action` `offer`, `accept` or `decline`.
    pub(crate) fn draw(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        token: Option<&str>,
        action: &str,
    ) -> Result<Arc<str>, Refusal> {
        let mut live = slot.lock();
        let seat = Self::seat(&live, token)?;
        if live.players.len() != 2 {
            return Err(Refusal::Unprocessable(
                "draw offers are for two-player games".to_owned(),
            ));
        }
        Self::ongoing(&live)?;
        let before = live.row.clone();
        match (action, live.row.draw_offer) {
            ("offer", Some(_)) => {
                return Err(Refusal::Conflict("a draw offer stands already".to_owned()))
            }
            ("offer", None) => live.row.draw_offer = Some(seat),
            ("accept", Some(offerer)) if offerer != seat => {
                live.row.draw_offer = None;
                live.row.ended = Some(OutcomeJson {
                    result: "draw".to_owned(),
                    player: None,
                    reason: "agreement".to_owned(),
                });
            }
            ("accept", _) => {
                return Err(Refusal::Conflict(
                    "no draw offer from the other player stands".to_owned(),
                ))
            }
            ("decline", Some(_)) => live.row.draw_offer = None,
            ("decline", None) => return Err(Refusal::Conflict("no draw offer stands".to_owned())),
            (other, _) => {
                return Err(Refusal::BadRequest(format!(
                    "action is \"offer\", \"accept\" or \"decline\", not {:?}",
                    excerpt(other)
                )))
            }
        }
        if let Err(e) = self.change_meta(slot, &mut live) {
            live.row = before;
            return Err(e);
        }
        Ok(Arc::clone(&live.state))
    }

    /// `POST /api/games/ID/rematch`: the new game's id (the same one every time).
    pub(crate) fn rematch(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        token: Option<&str>,
    ) -> Result<String, Refusal> {
        let mut live = slot.lock();
        Self::seat(&live, token)?;
        if let Some(id) = &live.row.rematch {
            return Ok(id.clone());
        }
        if live.row.ended.is_none() && live.table.turn().is_some() {
            return Err(Refusal::Conflict(
                "a rematch is for a finished game".to_owned(),
            ));
        }
        let table = live.table.fresh();
        let row = GameRow {
            id: new_id()?,
            game: live.row.game.clone(),
            size: table.size(),
            start: table.start(),
            seats: live.row.seats.clone(),
            time_ms: live.row.time_ms,
            ended: None,
            draw_offer: None,
            rematch: None,
            version: 0,
        };
        let mut old = live.row.clone();
        old.rematch = Some(row.id.clone());
        old.version += 1;
        self.store.insert_rematch(&old, &row)?;
        live.row = old;
        slot.publish(&mut live);
        let id = row.id.clone();
        drop(live);
        self.install(row, table);
        Ok(id)
    }

    /// `GET /api/games/ID/seat`: the player whose seat `token` holds, or 403.
    ///
    /// One token holds one seat of a game: every human seat gets a token of its own (128
    /// random bits), and a rematch copies the seats with their tokens, so the seats of one
    /// game never share a token. A browser holding several seats holds several tokens.
    pub(crate) fn seat_player(&self, slot: &Slot, token: Option<&str>) -> Result<String, Refusal> {
        let live = slot.lock();
        let seat = Self::seat(&live, token)?;
        Ok(live.players[seat].clone())
    }

    /// A socket said hello with `token`: the seat it holds, now marked connected.
    pub(crate) fn hello(&self, slot: &Slot, token: &str) -> Option<usize> {
        let mut live = slot.lock();
        let seat = seat_of(&live.row, token)?;
        live.connected[seat] += 1;
        slot.publish(&mut live);
        Some(seat)
    }

    /// A socket that held `seat` has gone.
    pub(crate) fn bye(&self, slot: &Slot, seat: usize) {
        let mut live = slot.lock();
        if let Some(n) = live.connected.get_mut(seat) {
            *n = n.saturating_sub(1);
        }
        slot.publish(&mut live);
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn secrets_are_equal_only_when_every_byte_is() {
        assert!(same_secret("00ff", "00ff"));
        assert!(!same_secret("00ff", "00fe"));
        assert!(!same_secret("10ff", "00ff"));
        assert!(!same_secret("00ff", "00ff0"));
        assert!(!same_secret("", "0"));
    }

    #[test]
    fn tokens_are_128_bits_in_hex_and_differ() {
        let a = new_token().expect("randomness");
        let b = new_token().expect("randomness");
        assert_eq!(a.len(), 32);
        assert!(a.bytes().all(|c| c.is_ascii_hexdigit()));
        assert_ne!(a, b);
    }

    #[test]
    fn seats_are_human_or_an_engine_spec() {
        assert_eq!(parse_seat("human").ok(), Some(None));
        assert_eq!(parse_seat("engine").ok(), Some(Some("default".to_owned())));
        assert_eq!(
            parse_seat("engine:mcts:200").ok(),
            Some(Some("mcts:200".to_owned()))
        );
        for bad in ["", "engine:", "Human", "robot", "engine mcts"] {
            assert!(
                matches!(parse_seat(bad), Err(Refusal::BadRequest(_))),
                "{bad}"
            );
        }
    }
}
