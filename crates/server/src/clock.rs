//! Fischer clocks: each timed seat has a store of milliseconds that runs down while it is to
//! move and grows by the increment after each of its moves; a seat whose store reaches zero
//! has lost on time (its flag has fallen).
//!
//! A clock is plain data, stored with its game ([`ClockRow`] as JSON, and the moment the
//! running seat's flag falls in a column of its own, indexed, so that one scan finds every
//! flag due, also of games not in memory). All times are wall-clock milliseconds since the
//! Unix epoch, so that a clock means the same to the next server on the file.

use std::time::{SystemTime, UNIX_EPOCH};

use serde::{Deserialize, Serialize};

/// The shortest initial time a game may ask for: 10 seconds.
pub const MIN_INITIAL_MS: u64 = 10_000;
/// The longest initial time a game may ask for: 24 hours (a correspondence game of days).
pub const MAX_INITIAL_MS: u64 = 86_400_000;
/// The largest increment a game may ask for: 10 minutes a move.
pub const MAX_INCREMENT_MS: u64 = 600_000;

/// Milliseconds since the Unix epoch, now.
pub(crate) fn wall_ms() -> u64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| u64::try_from(d.as_millis()).unwrap_or(u64::MAX))
}

/// `"clock": {"initial_ms": N, "increment_ms": M}` of `POST /api/games`.
#[derive(Clone, Copy, Debug, Deserialize, Serialize, PartialEq, Eq)]
#[serde(deny_unknown_fields)]
pub(crate) struct ClockRequest {
    pub(crate) initial_ms: u64,
    pub(crate) increment_ms: u64,
}

impl ClockRequest {
    /// The reason the request is out of bounds, if it is.
    pub(crate) fn check(&self) -> Result<(), String> {
        if !(MIN_INITIAL_MS..=MAX_INITIAL_MS).contains(&self.initial_ms) {
            return Err(format!(
                "clock.initial_ms is from {MIN_INITIAL_MS} to {MAX_INITIAL_MS}, not {}",
                self.initial_ms
            ));
        }
        if self.increment_ms > MAX_INCREMENT_MS {
            return Err(format!(
                "clock.increment_ms is from 0 to {MAX_INCREMENT_MS}, not {}",
                self.increment_ms
            ));
        }
        Ok(())
    }
}

/// A game's clock: what is stored, and what the state shows.
#[derive(Clone, Debug, Deserialize, Serialize, PartialEq, Eq)]
pub(crate) struct ClockRow {
    pub(crate) initial_ms: u64,
    pub(crate) increment_ms: u64,
    /// Each seat's store as of `since_ms` (the running seat's) or as it stands (the others').
    pub(crate) remaining_ms: Vec<u64>,
    /// Whether each seat plays on the clock: a seat the default engine took over (Svendo's
    /// resignation or flag) plays on without it.
    pub(crate) timed: Vec<bool>,
    /// The seat whose time runs, if any.
    pub(crate) running: Option<usize>,
    /// When the running seat's time began to run (wall-clock ms).
    pub(crate) since_ms: u64,
}

impl ClockRow {
    /// A new clock for `seats` seats, stopped.
    pub(crate) fn new(request: ClockRequest, seats: usize) -> ClockRow {
        ClockRow {
            initial_ms: request.initial_ms,
            increment_ms: request.increment_ms,
            remaining_ms: vec![request.initial_ms; seats],
            timed: vec![true; seats],
            running: None,
            since_ms: 0,
        }
    }

    /// A fresh clock with the same time control (a rematch).
    pub(crate) fn fresh(&self) -> ClockRow {
        ClockRow::new(
            ClockRequest {
                initial_ms: self.initial_ms,
                increment_ms: self.increment_ms,
            },
            self.remaining_ms.len(),
        )
    }

    /// What `seat` has left at `now`.
    pub(crate) fn left(&self, seat: usize, now: u64) -> u64 {
        let stored = self.remaining_ms.get(seat).copied().unwrap_or(0);
        if self.running == Some(seat) {
            stored.saturating_sub(now.saturating_sub(self.since_ms))
        } else {
            stored
        }
    }

    /// When the running seat's flag falls (wall-clock ms), if a seat's time runs.
    pub(crate) fn deadline(&self) -> Option<u64> {
        let seat = self.running?;
        Some(self.since_ms + self.remaining_ms.get(seat).copied().unwrap_or(0))
    }

    /// The running seat, when its time is out at `now`.
    pub(crate) fn flagged(&self, now: u64) -> Option<usize> {
        let seat = self.running?;
        (self.left(seat, now) == 0).then_some(seat)
    }

    /// Makes `want` the running seat (none, or a seat not timed, stops the clock), charging
    /// the seat that ran until now the time it used, without an increment.
    pub(crate) fn settle(&mut self, want: Option<usize>, now: u64) {
        let want = want.filter(|&seat| self.timed.get(seat).copied().unwrap_or(false));
        if want == self.running {
            return;
        }
        if let Some(seat) = self.running {
            let left = self.left(seat, now);
            if let Some(stored) = self.remaining_ms.get_mut(seat) {
                *stored = left;
            }
        }
        self.running = want;
        self.since_ms = now;
    }

    /// `seat` has moved at `now` (in time): its store is what it had left plus the increment,
    /// and `next` runs from now.
    pub(crate) fn moved(&mut self, seat: usize, next: Option<usize>, now: u64) {
        if self.running == Some(seat) {
            let left = self.left(seat, now);
            if let Some(stored) = self.remaining_ms.get_mut(seat) {
                *stored = left.saturating_add(self.increment_ms);
            }
            self.running = None;
        }
        self.settle(next, now);
    }

    /// `seat` no longer plays on the clock (the default engine took it over).
    pub(crate) fn untime(&mut self, seat: usize, now: u64) {
        if self.running == Some(seat) {
            self.settle(None, now);
        }
        if let Some(timed) = self.timed.get_mut(seat) {
            *timed = false;
        }
    }
}

/// The time an engine seat on the clock thinks: a thirtieth of what it has left plus
/// three quarters of the increment (so it keeps time for a long game and spends what each
/// move brings), never more than the game's time per move `cap_ms`, and at least 20 ms.
pub(crate) fn engine_budget(left_ms: u64, increment_ms: u64, cap_ms: u64) -> u64 {
    (left_ms / 30 + increment_ms * 3 / 4).min(cap_ms).max(20)
}

#[cfg(test)]
mod tests {
    use super::*;

    fn clock(initial_ms: u64, increment_ms: u64) -> ClockRow {
        ClockRow::new(
            ClockRequest {
                initial_ms,
                increment_ms,
            },
            2,
        )
    }

    #[test]
    fn a_request_outside_the_bounds_says_which() {
        let ok = ClockRequest {
            initial_ms: 10_000,
            increment_ms: 0,
        };
        assert!(ok.check().is_ok());
        let short = ClockRequest {
            initial_ms: 9_999,
            ..ok
        };
        assert!(short.check().unwrap_err().contains("initial_ms"));
        let long = ClockRequest {
            initial_ms: 86_400_001,
            ..ok
        };
        assert!(long.check().is_err());
        let days = ClockRequest {
            initial_ms: 86_400_000,
            increment_ms: 600_000,
        };
        assert!(days.check().is_ok());
        let big = ClockRequest {
            increment_ms: 600_001,
            ..ok
        };
        assert!(big.check().unwrap_err().contains("increment_ms"));
    }

    #[test]
    fn the_running_seat_pays_for_its_time_and_earns_the_increment() {
        let mut c = clock(60_000, 2_000);
        c.settle(Some(0), 1_000);
        assert_eq!(c.left(0, 11_000), 50_000);
        assert_eq!(c.left(1, 11_000), 60_000);
        assert_eq!(c.deadline(), Some(61_000));
        c.moved(0, Some(1), 11_000);
        assert_eq!(c.remaining_ms, [52_000, 60_000]);
        assert_eq!(c.running, Some(1));
        assert_eq!(c.left(1, 14_000), 57_000);
        assert_eq!(c.deadline(), Some(71_000));
    }

    #[test]
    fn the_flag_falls_when_the_store_is_spent() {
        let mut c = clock(10_000, 0);
        c.settle(Some(1), 0);
        assert_eq!(c.flagged(9_999), None);
        assert_eq!(c.flagged(10_000), Some(1));
        assert_eq!(c.left(1, 20_000), 0);
    }

    #[test]
    fn stopping_the_clock_keeps_what_was_left() {
        let mut c = clock(30_000, 5_000);
        c.settle(Some(0), 0);
        c.settle(None, 4_000);
        assert_eq!(c.remaining_ms, [26_000, 30_000]);
        assert_eq!(c.deadline(), None);
        assert_eq!(c.left(0, 100_000), 26_000);
    }

    #[test]
    fn a_seat_taken_over_plays_without_the_clock() {
        let mut c = ClockRow::new(
            ClockRequest {
                initial_ms: 20_000,
                increment_ms: 0,
            },
            3,
        );
        c.settle(Some(2), 0);
        c.untime(2, 1_000);
        assert_eq!(c.running, None);
        c.settle(Some(2), 2_000);
        assert_eq!(c.running, None, "a seat off the clock never runs");
        c.settle(Some(0), 2_000);
        assert_eq!(c.running, Some(0));
    }

    #[test]
    fn an_engine_keeps_time_for_the_game() {
        assert_eq!(engine_budget(60_000, 0, 500), 500);
        assert_eq!(engine_budget(3_000, 0, 500), 100);
        assert_eq!(engine_budget(3_000, 400, 5_000), 400);
        assert_eq!(engine_budget(0, 0, 500), 20);
    }
}
