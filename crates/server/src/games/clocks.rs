//! The clocks' flags: a seat whose time is up loses (two players) or is handed to the default
//! engine (Svendo), found by the store's index of deadlines whether the game is in memory
//! or not, by one task for every game (no timer per game).

use std::sync::Arc;

use super::{Hub, Live, Slot};
use crate::clock::wall_ms;
use crate::error::Refusal;

/// The most flags the maintenance tick lets fall in one second; the rest wait for the next.
pub(crate) const FLAGS_PER_TICK: usize = 100;

impl Hub {
    /// The flag of `seat` has fallen: in a two-player game the other player wins on time; in
    /// a three-player game the default engine takes the seat over, off the clock, as on a
    /// resignation.
    pub(super) fn flag(
        self: &Arc<Self>,
        slot: &Arc<Slot>,
        live: &mut Live,
        seat: usize,
    ) -> Result<Arc<str>, Refusal> {
        self.seat_leaves(slot, live, seat, "time")
    }

    /// The flags that have fallen by now, found by the store's index of deadlines (also of
    /// games not in memory, which are loaded for it), at most [`FLAGS_PER_TICK`] a call.
    pub(crate) fn flag_due(self: &Arc<Self>) {
        let now = wall_ms();
        let due = match self.store.due_flags(now, FLAGS_PER_TICK) {
            Ok(due) => due,
            Err(e) => {
                tracing::warn!(error = %e, "the deadlines could not be read");
                return;
            }
        };
        for id in due {
            let slot = match self.get(&id) {
                Ok(slot) => slot,
                Err(Refusal::Unavailable(..)) => continue,
                Err(e) => {
                    tracing::warn!(game = %id, error = ?e, "a game past its deadline cannot be loaded");
                    let _ = self.store.clear_deadline(&id);
                    continue;
                }
            };
            let result = self.with_game(&slot, |slot, live| {
                let now = wall_ms();
                match live.row.clock.as_ref().and_then(|c| c.flagged(now)) {
                    Some(seat) if !live.over() => self.flag(slot, live, seat).map(|_| ()),
                    // The index was behind the game: it is written again from the game.
                    _ => {
                        live.settle_clock(now);
                        self.store
                            .update_meta(&live.row, !live.over())
                            .map_err(Refusal::from)
                    }
                }
            });
            if let Err(e) = result {
                tracing::warn!(game = %id, error = ?e, "a flag could not be stored");
            }
        }
    }
}
