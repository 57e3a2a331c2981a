//! The games in play: the [`Hub`] and its [`Slot`]s, and the changes a request makes
//! (create, move, resign, draw, rematch, stop), each stored before it is told. Beside it:
//! `create` (a request checked, a game stored), `memory` (which games are in memory: loading
//! and unloading), `engines` (the engine seats), `clocks` (flags that fall), `lobby` (open
//! seats and joining) and `watching` (WebSockets and the reads that render).
//!
//! Every game has a lock of its own ([`Slot`]); a change takes it, checks, writes to the
//! store, changes the game in memory, renders the new state once and sends it to the watchers.
//! Two requests for the same turn are therefore served one after the other, and the second
//! finds the turn gone. Lock order: the games map, then a game, then the store; the engine
//! pool's queues and a game's published state are taken last and held for no more than a
//! push or a clone.

mod clocks;
mod create;
mod engines;
mod lobby;
mod memory;
mod watching;

use std::collections::HashMap;
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex, MutexGuard, RwLock};
use std::time::Instant;

use game_core::StopFlag;
use tokio::sync::broadcast;

use crate::clock::{wall_ms, ClockRow};
use crate::error::{excerpt, Refusal};
use crate::limits::Limits;
use crate::pool::Pool;
use crate::secrets;
use crate::store::{GameRow, SeatRow, Store, StoreError};
use crate::table::{self, OutcomeJson, Table};
use crate::wire::{self, Rendered, View};

/// One game in memory.
pub(crate) struct Slot {
    id: String,
    live: Mutex<Live>,
    /// The state message of the current version: its own lock, held only to clone the text,
    /// so that reads never wait for a change being stored.
    published: Mutex<Rendered>,
    watchers: broadcast::Sender<Arc<str>>,
    /// When a request last asked for the game (milliseconds since the hub's start).
    touched: AtomicU64,
    /// The WebSockets open on the game.
    sockets: AtomicUsize,
    /// Every seat an engine (such games have their own engine budget and a cap).
    engine_only: AtomicBool,
}

/// An engine's move that the store refused: it is stored again until it is.
struct Unstored {
    ply: usize,
    seat: usize,
    text: String,
}

struct Live {
    table: Box<dyn Table>,
    row: GameRow,
    players: Vec<String>,
    /// The stop flag of the engine search under way.
    thinking: Option<StopFlag>,
    /// Sockets that said hello with each seat's token.
    connected: Vec<u32>,
    /// Why the game cannot go on now, for the state's `failure`.
    failure: Option<String>,
    unstored: Option<Unstored>,
    /// Taken out of the games map: a request that finds its slot unloaded looks the game up
    /// again (and loads it from the store).
    unloaded: bool,
}

impl Live {
    fn over(&self) -> bool {
        self.row.ended.is_some() || self.table.turn().is_none()
    }

    /// The seat whose time should run: the seat to move, once the first move is played and
    /// every seat is taken, while the game goes on.
    fn clock_seat(&self) -> Option<usize> {
        if self.over() || self.table.plies() == 0 || self.row.has_open_seat() {
            return None;
        }
        self.table.turn()
    }

    /// Starts, stops or hands over the clock as the game now stands.
    fn settle_clock(&mut self, now: u64) {
        let want = self.clock_seat();
        if let Some(clock) = &mut self.row.clock {
            clock.settle(want, now);
        }
    }
}

impl Slot {
    /// The game's id.
    pub(crate) fn id(&self) -> &str {
        &self.id
    }

    fn lock(&self) -> MutexGuard<'_, Live> {
        self.live.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// The current state message, its clock as of now.
    pub(crate) fn state(&self) -> Arc<str> {
        let published = self
            .published
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .clone();
        published.at(wall_ms())
    }

    /// Counts one more WebSocket on the game, unless it has `max` already.
    pub(crate) fn add_socket(&self, max: usize) -> bool {
        self.sockets
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| {
                (n < max).then_some(n + 1)
            })
            .is_ok()
    }

    /// A WebSocket of the game has closed.
    pub(crate) fn remove_socket(&self) {
        let _ = self
            .sockets
            .fetch_update(Ordering::SeqCst, Ordering::SeqCst, |n| n.checked_sub(1));
    }

    /// Renders the state after a change, keeps it and sends it to every watcher.
    fn publish(&self, live: &Live) {
        let rendered = wire::render(
            &View {
                id: &self.id,
                table: live.table.as_ref(),
                row: &live.row,
                players: &live.players,
                connected: &live.connected,
                thinking: live.thinking.is_some(),
                failure: live.failure.as_deref(),
            },
            wall_ms(),
        );
        let state = Arc::clone(&rendered.text);
        *self.published.lock().unwrap_or_else(|e| e.into_inner()) = rendered;
        let _ = self.watchers.send(state);
    }
}

/// The seat that `token` holds in this game (every seat is compared, whatever matches).
fn seat_of(row: &GameRow, token: &str) -> Option<usize> {
    let digest = secrets::digest(token);
    let mut found = None;
    for (i, seat) in row.seats.iter().enumerate() {
        if let SeatRow::Human { digest: d } = seat {
            if secrets::same_secret(d, &digest) {
                found = Some(i);
            }
        }
    }
    found
}

/// Whether `id` can be a game id (16 hex digits): anything else is 404 without a look in
/// the store.
fn plausible_id(id: &str) -> bool {
    id.len() == 16 && id.bytes().all(|c| c.is_ascii_hexdigit())
}

fn all_engines(row: &GameRow) -> bool {
    row.seats
        .iter()
        .all(|s| matches!(s, SeatRow::Engine { .. }))
}

/// Every game in memory, the store and the engine pool.
pub(crate) struct Hub {
    store: Store,
    pool: Pool,
    limits: Limits,
    games: RwLock<HashMap<String, Arc<Slot>>>,
    /// Held while a game is read from the store, so that two requests for a game not in
    /// memory load it once.
    loading: Mutex<()>,
    /// Set by [`Hub::stop`]: engine results that arrive later are dropped.
    stopping: AtomicBool,
    epoch: Instant,
}

impl Hub {
    /// The hub over `store`, with the games whose engines may be to move loaded and their
    /// searches started; every other game stays in the file until it is asked for.
    pub(crate) fn new(store: Store, pool: Pool, limits: Limits) -> Result<Arc<Hub>, StoreError> {
        let hub = Arc::new(Hub {
            store,
            pool,
            limits,
            games: RwLock::new(HashMap::new()),
            loading: Mutex::new(()),
            stopping: AtomicBool::new(false),
            epoch: Instant::now(),
        });
        let down = hub.store.resume_clocks(wall_ms())?;
        if down > 0 {
            tracing::info!(
                seconds = down / 1000,
                "the clocks stood still while no server ran"
            );
        }
        for (row, moves) in hub.store.load_engine_games()? {
            match table::open(&row.game, row.size.as_deref(), Some(&row.start), &moves) {
                Ok(table) => {
                    hub.install(row, table);
                }
                Err(e) => tracing::warn!(game = %row.id, error = %e, "unreadable game skipped"),
            }
        }
        Ok(hub)
    }

    fn now_ms(&self) -> u64 {
        u64::try_from(self.epoch.elapsed().as_millis()).unwrap_or(u64::MAX)
    }

    fn map(&self) -> std::sync::RwLockReadGuard<'_, HashMap<String, Arc<Slot>>> {
        self.games.read().unwrap_or_else(|e| e.into_inner())
    }

    /// Stops the searches under way and ends the engine threads; the moves they would have
    /// played are dropped (the next server on the file searches again).
    pub(crate) fn stop(&self) {
        self.stopping.store(true, Ordering::SeqCst);
        let slots: Vec<Arc<Slot>> = self.map().values().cloned().collect();
        for slot in slots {
            if let Some(stop) = &slot.lock().thinking {
                stop.stop();
            }
        }
        self.pool.stop();
    }

    /// How many games are in memory.
    pub(crate) fn len(&self) -> usize {
        self.map().len()
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
        let now = wall_ms();
        if let Some(flagged) = live.row.clock.as_ref().and_then(|c| c.flagged(now)) {
            self.flag(slot, live, flagged)?;
            return Err(Refusal::Conflict(format!(
                "{}'s time is up",
                live.players[flagged]
            )));
        }
        let ply = live.table.plies();
        let version = live.row.version + 1;
        let draw_offer = live.row.draw_offer.filter(|&offerer| offerer == seat);
        // The clock as it will stand: the mover's time stops (with its increment) and the
        // next seat's runs, unless a seat is still open.
        let clock = live.row.clock.clone().map(|mut clock| {
            let next = live
                .table
                .turn_after(&canonical)
                .filter(|_| !live.row.has_open_seat());
            clock.moved(seat, next, now);
            clock
        });
        self.store.add_move(
            &slot.id,
            ply,
            &canonical,
            version,
            draw_offer,
            true,
            clock.as_ref(),
        )?;
        live.table
            .apply(&canonical)
            .map_err(Refusal::Unprocessable)?;
        live.row.version = version;
        live.row.draw_offer = draw_offer;
        live.row.clock = clock;
        live.settle_clock(now);
        if live.over() {
            // The game is not to be loaded at the next start; the move is stored already, so
            // a failure here costs only that load.
            if let Err(e) = self.store.update_meta(&live.row, false) {
                tracing::warn!(game = %slot.id, error = %e, "the end of the game was not marked");
            }
        }
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
        self.with_game(slot, |slot, live| {
            let seat = Self::seat(live, token)?;
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
            self.commit_move(slot, live, seat, text)?;
            Ok(slot.state())
        })
    }

    /// Ends the game (or a seat's part in it) on the server's decision, stores and tells it;
    /// the row is put back as it was when the store fails.
    fn change_meta(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        before: GameRow,
    ) -> Result<Arc<str>, Refusal> {
        live.row.version += 1;
        live.settle_clock(wall_ms());
        let over = live.over();
        if let Err(e) = self.store.update_meta(&live.row, !over) {
            live.row = before;
            return Err(e.into());
        }
        if live.row.ended.is_some() {
            if let Some(stop) = &live.thinking {
                stop.stop();
            }
            live.unstored = None;
            live.failure = None;
        }
        slot.engine_only
            .store(all_engines(&live.row), Ordering::Relaxed);
        self.schedule(slot, live);
        slot.publish(live);
        Ok(slot.state())
    }

    fn ongoing(live: &Live) -> Result<(), Refusal> {
        if live.over() {
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
        self.with_game(slot, |slot, live| {
            let seat = Self::seat(live, token)?;
            Self::ongoing(live)?;
            self.seat_leaves(slot, live, seat, "resignation")
        })
    }

    /// `seat` leaves the game (a resignation, a fallen flag): in a two-player game the other
    /// player wins for `reason`; in a three-player game the default engine takes the seat
    /// over, off the clock, and the game goes on.
    fn seat_leaves(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        seat: usize,
        reason: &str,
    ) -> Result<Arc<str>, Refusal> {
        let before = live.row.clone();
        if live.players.len() == 2 {
            live.row.ended = Some(OutcomeJson {
                result: "win".to_owned(),
                player: Some(live.players[1 - seat].clone()),
                reason: reason.to_owned(),
            });
            live.row.draw_offer = None;
        } else {
            live.row.seats[seat] = SeatRow::Engine {
                spec: "default".to_owned(),
            };
            if let Some(clock) = &mut live.row.clock {
                clock.untime(seat, wall_ms());
            }
        }
        self.change_meta(slot, live, before)
    }

    /// `POST /api/games/ID/stop` with the creator's token: the game ends, drawn, with the
    /// reason `"stopped"` (the one way to end a game of engines only).
    pub(crate) fn stop_game(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        token: Option<&str>,
    ) -> Result<Arc<str>, Refusal> {
        self.with_game(slot, |slot, live| {
            let creator = live.row.creator.as_deref().ok_or(Refusal::Forbidden)?;
            let token = token.ok_or(Refusal::Forbidden)?;
            if !secrets::same_secret(creator, &secrets::digest(token)) {
                return Err(Refusal::Forbidden);
            }
            Self::ongoing(live)?;
            let before = live.row.clone();
            live.row.ended = Some(OutcomeJson {
                result: "draw".to_owned(),
                player: None,
                reason: "stopped".to_owned(),
            });
            live.row.draw_offer = None;
            self.change_meta(slot, live, before)
        })
    }

    /// `POST /api/games/ID/draw` with `action` `offer`, `accept` or `decline`.
    pub(crate) fn draw(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        token: Option<&str>,
        action: &str,
    ) -> Result<Arc<str>, Refusal> {
        self.with_game(slot, |slot, live| {
            let seat = Self::seat(live, token)?;
            if live.players.len() != 2 {
                return Err(Refusal::Unprocessable(
                    "draw offers are for two-player games".to_owned(),
                ));
            }
            Self::ongoing(live)?;
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
                ("decline", None) => {
                    return Err(Refusal::Conflict("no draw offer stands".to_owned()))
                }
                (other, _) => {
                    return Err(Refusal::BadRequest(format!(
                        "action is \"offer\", \"accept\" or \"decline\", not {:?}",
                        excerpt(other)
                    )))
                }
            }
            self.change_meta(slot, live, before)
        })
    }

    /// `POST /api/games/ID/rematch`: the new game's id (the same one every time); `allowed`
    /// says whether this client may create a game now.
    pub(crate) fn rematch(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        token: Option<&str>,
        allowed: &dyn Fn() -> Result<(), Refusal>,
    ) -> Result<String, Refusal> {
        enum Rematch {
            Existing(String),
            Made(Box<GameRow>, Box<dyn Table>),
        }
        let rematch = self.with_game(slot, |slot, live| {
            Self::seat(live, token)?;
            if let Some(id) = &live.row.rematch {
                return Ok(Rematch::Existing(id.clone()));
            }
            if !live.over() {
                return Err(Refusal::Conflict(
                    "a rematch is for a finished game".to_owned(),
                ));
            }
            allowed()?;
            let table = live.table.fresh();
            // Two players change colours, as between games of a match; three keep their seats.
            let mut seats = live.row.seats.clone();
            if seats.len() == 2 {
                seats.swap(0, 1);
            }
            let row = GameRow {
                id: secrets::new_id()?,
                game: live.row.game.clone(),
                size: table.size(),
                start: table.start(),
                opener: seats
                    .iter()
                    .any(|s| matches!(s, SeatRow::Open))
                    .then(|| live.row.opener.clone())
                    .flatten(),
                seats,
                creator: live.row.creator.clone(),
                time_ms: live.row.time_ms,
                ended: None,
                draw_offer: None,
                rematch: None,
                version: 0,
                clock: live.row.clock.as_ref().map(ClockRow::fresh),
                created_ms: wall_ms(),
            };
            let mut old = live.row.clone();
            old.rematch = Some(row.id.clone());
            old.version += 1;
            self.store.insert_rematch(&old, &row)?;
            live.row = old;
            slot.publish(live);
            Ok(Rematch::Made(Box::new(row), table))
        })?;
        match rematch {
            Rematch::Existing(id) => Ok(id),
            Rematch::Made(row, table) => {
                let id = row.id.clone();
                self.install(*row, table);
                Ok(id)
            }
        }
    }

    /// `GET /api/games/ID/seat`: the player whose seat `token` holds, or 403.
    ///
    /// One token holds one seat of a game: every human seat gets a token of its own (128
    /// random bits), and a rematch copies the seats with their tokens, so the seats of one
    /// game never share a token. A browser holding several seats holds several tokens.
    pub(crate) fn seat_player(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        token: Option<&str>,
    ) -> Result<String, Refusal> {
        self.with_game(slot, |_, live| {
            let seat = Self::seat(live, token)?;
            Ok(live.players[seat].clone())
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn only_sixteen_hex_digits_can_be_a_game() {
        assert!(plausible_id("0123456789abcdef"));
        assert!(!plausible_id("0123456789abcde"));
        assert!(!plausible_id("../../etc/passwd"));
        assert!(!plausible_id("0123456789abcdeg"));
    }
}
