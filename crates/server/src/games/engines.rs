//! The engine seats: starting a search when an engine is to move, playing its move when the
//! search ends, and storing again a move the store refused (the state says so meanwhile).

use std::sync::atomic::Ordering;
use std::sync::Arc;
use std::time::{Duration, Instant};

use game_core::StopFlag;

use super::{all_engines, Hub, Live, Slot, Unstored};
use crate::error::Refusal;
use crate::pool::Class;
use crate::secrets;
use crate::store::SeatRow;

impl Hub {
    /// How many games of engines only are going on.
    pub(super) fn engine_games(&self) -> usize {
        let slots: Vec<Arc<Slot>> = self
            .map()
            .values()
            .filter(|s| s.engine_only.load(Ordering::Relaxed))
            .cloned()
            .collect();
        slots.iter().filter(|s| !s.lock().over()).count()
    }

    /// Starts the engine of the seat to move, where that is an engine and none is thinking.
    pub(super) fn schedule(self: &Arc<Self>, slot: &Arc<Slot>, live: &mut Live) {
        if live.thinking.is_some() || live.unstored.is_some() || live.row.ended.is_some() {
            return;
        }
        let Some(turn) = live.table.turn() else {
            return;
        };
        let Some(SeatRow::Engine { spec }) = live.row.seats.get(turn) else {
            return;
        };
        let stop = StopFlag::new();
        let job = match live
            .table
            .engine_job(spec, secrets::random_seed(), stop.clone())
        {
            Ok(job) => job,
            Err(e) => {
                tracing::warn!(game = %slot.id, engine = %spec, error = %e, "no engine");
                live.failure = Some(format!("the engine {spec} cannot play: {e}"));
                return;
            }
        };
        live.thinking = Some(stop);
        let class = if all_engines(&live.row) {
            Class::EngineOnly
        } else {
            Class::Seated
        };
        // The engine's time counts from now, when its turn began: a search that waited for a
        // thread thinks for what is left (see the pool's docs). In a timed game it thinks for
        // a share of what its clock has left (also on a first move, before the clock runs); a
        // seat taken off the clock thinks for the game's time per move.
        let think_ms = match &live.row.clock {
            Some(clock) if clock.timed.get(turn).copied().unwrap_or(false) => {
                crate::clock::engine_budget(
                    clock.left(turn, crate::clock::wall_ms()),
                    clock.increment_ms,
                    live.row.time_ms,
                )
            }
            _ => live.row.time_ms,
        };
        let deadline = Instant::now() + Duration::from_millis(think_ms);
        let ply = live.table.plies();
        let hub = Arc::clone(self);
        let slot = Arc::clone(slot);
        self.pool.submit(
            class,
            Box::new(move || {
                let time = deadline
                    .saturating_duration_since(Instant::now())
                    .max(crate::pool::MIN_THINK);
                let text = job(time);
                hub.engine_moved(&slot, ply, turn, text);
            }),
        );
    }

    /// An engine's search has ended: plays its move if the game is still where it was.
    pub(super) fn engine_moved(
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
        let current = live.table.plies() == ply && !live.over() && live.table.turn() == Some(seat);
        match text {
            Some(text) if current => {
                self.store_engine_move(slot, &mut live, Unstored { ply, seat, text })
            }
            None if current => {
                tracing::warn!(game = %slot.id, "the engine found no move");
                live.failure = Some("the engine found no move".to_owned());
                slot.publish(&live);
            }
            _ => {
                self.schedule(slot, &mut live);
                slot.publish(&live);
            }
        }
    }

    /// Stores and plays an engine's move; when the store refuses it, the game says so in its
    /// state (`failure`) and [`Hub::maintain`] tries again every second.
    pub(super) fn store_engine_move(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        move_: Unstored,
    ) {
        if live.table.plies() != move_.ply || live.over() {
            live.failure = None;
            slot.publish(live);
            return;
        }
        if let Some(flagged) = live
            .row
            .clock
            .as_ref()
            .and_then(|c| c.flagged(crate::clock::wall_ms()))
        {
            if let Err(e) = self.flag(slot, live, flagged) {
                tracing::warn!(game = %slot.id, error = ?e, "the engine's flag could not be stored");
            }
            return;
        }
        // The state the move is published with says nothing of the failure any more.
        let failed = live.failure.take();
        match self.commit_move(slot, live, move_.seat, &move_.text) {
            Ok(()) => {
                if failed.is_some() {
                    tracing::info!(game = %slot.id, "the engine's move is stored at last");
                }
            }
            Err(Refusal::Internal(e)) => {
                tracing::warn!(game = %slot.id, error = %e, "the engine's move could not be stored; trying again");
                live.failure = Some(format!(
                    "the engine's move {} could not be stored ({e}); the server tries again every second",
                    move_.text
                ));
                live.unstored = Some(move_);
                slot.publish(live);
            }
            Err(e) => {
                tracing::warn!(game = %slot.id, error = ?e, "the engine's move was refused");
                live.failure = Some(format!("the engine's move {} was refused", move_.text));
                slot.publish(live);
            }
        }
    }
}
