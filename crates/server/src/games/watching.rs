//! What watchers and readers ask of a game: a WebSocket's subscription and its seats'
//! hellos and goodbyes, the picture, the record, the legal moves and the moves after some
//! clicks.

use std::sync::Arc;

use tokio::sync::broadcast;

use super::{seat_of, Hub, Slot};
use crate::error::Refusal;
use crate::table::GesturesAfter;

impl Hub {
    /// A socket said hello with `token`: the seat it holds, marked connected. A seat this
    /// socket holds already, or one another socket has marked connected, changes nothing and
    /// sends nothing.
    pub(crate) fn hello(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        token: &str,
        held: &[usize],
    ) -> Result<Option<usize>, Refusal> {
        self.with_game(slot, |slot, live| {
            let Some(seat) = seat_of(&live.row, token) else {
                return Ok(None);
            };
            if held.contains(&seat) {
                return Ok(Some(seat));
            }
            live.connected[seat] += 1;
            if live.connected[seat] == 1 {
                slot.publish(live);
            }
            Ok(Some(seat))
        })
    }

    /// A socket that held `seats` has gone: a seat no other socket holds is disconnected.
    pub(crate) fn bye(self: &Arc<Self>, slot: &Arc<Slot>, seats: &[usize]) {
        let _ = self.with_game(slot, |slot, live| {
            let mut changed = false;
            for &seat in seats {
                if let Some(n) = live.connected.get_mut(seat) {
                    *n = n.saturating_sub(1);
                    changed |= *n == 0;
                }
            }
            if changed {
                slot.publish(live);
            }
            Ok(())
        });
    }

    /// A receiver of every state message of game `slot` from now on, and the state now. Taken
    /// under the game's lock, so an unloading cannot miss the new watcher.
    pub(crate) fn subscribe(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
    ) -> Result<(Arc<Slot>, broadcast::Receiver<Arc<str>>), Refusal> {
        self.with_game(slot, |slot, _| {
            Ok((Arc::clone(slot), slot.watchers.subscribe()))
        })
    }

    /// The picture of the current position, or of the position after `ply` moves (422
    /// beyond the moves played).
    pub(crate) fn svg(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        ply: Option<usize>,
        flipped: bool,
        explain: bool,
        size: u32,
    ) -> Result<String, Refusal> {
        self.with_game(slot, |_, live| match ply {
            None => Ok(live.table.svg(flipped, explain, size)),
            Some(ply) => live
                .table
                .svg_at(ply, flipped, explain, size)
                .ok_or_else(|| {
                    Refusal::Unprocessable(format!(
                        "ply is from 0 to {}, the moves played, not {ply}",
                        live.table.plies()
                    ))
                }),
        })
    }

    /// The library's JSON game record.
    pub(crate) fn record(self: &Arc<Self>, slot: &Arc<Slot>) -> Result<String, Refusal> {
        self.with_game(slot, |_, live| Ok(live.table.record_json()))
    }

    /// `GET /api/games/ID/legal_moves`: the version and every legal move.
    pub(crate) fn legal_moves(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
    ) -> Result<(u64, Vec<String>), Refusal> {
        self.with_game(slot, |_, live| {
            let moves = if live.over() {
                Vec::new()
            } else {
                live.table.legal_texts()
            };
            Ok((live.row.version, moves))
        })
    }

    /// `GET /api/games/ID/gestures?after=…`: the version and the legal moves whose gestures
    /// start with the clicks `after`.
    pub(crate) fn gestures_after(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        after: &[String],
        budget: usize,
    ) -> Result<(u64, GesturesAfter), Refusal> {
        self.with_game(slot, |_, live| {
            let mut answer = live.table.gestures_after(after, budget);
            if live.over() {
                answer = GesturesAfter {
                    count: 0,
                    complete: true,
                    legal_moves: Vec::new(),
                    gestures: Vec::new(),
                    next: Vec::new(),
                    choices: Vec::new(),
                };
            }
            Ok((live.row.version, answer))
        })
    }
}
