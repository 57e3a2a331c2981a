//! A tracker is stored as its rules, the hash key of its start and, for every move
//! counted since, whether it was a progress move, whether it counted toward the cap and
//! the key it reached:
//!
//! ```text
//! {"rules":{"repetitions":3,"no_progress_plies":null,"move_cap":null},"start":7,"moves":[[false,true,12],[true,true,7]]}
//! ```
//!
//! A tracker that [forgot](DrawTracker::forget_before_progress) the positions before a
//! progress move also stores the plies it forgot and how many of them counted toward the
//! cap (`"forgotten"` and `"capped_before"`, left out when 0); `"start"` is then the key of
//! the oldest position it remembers.
//!
//! It is read back by replaying those moves with [`DrawTracker::push_key`], so a stored
//! tracker is always consistent; rules that [`DrawRules::validate`] refuses, or more
//! capped plies forgotten than plies forgotten, are an error.

use alloc::vec::Vec;
use serde::de::Error as _;
use serde::{Deserialize, Deserializer, Serialize, Serializer};

use super::{DrawRules, DrawTracker, Entry};

#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct Stored {
    rules: DrawRules,
    start: u64,
    /// `(progress, capped, key)` of every move, in order.
    moves: Vec<(bool, bool, u64)>,
    /// Plies played before `start`.
    #[serde(default, skip_serializing_if = "is_zero")]
    forgotten: usize,
    /// Plies up to `start` that counted toward the cap.
    #[serde(default, skip_serializing_if = "is_zero")]
    capped_before: u32,
}

fn is_zero<T: Default + PartialEq>(n: &T) -> bool {
    *n == T::default()
}

impl Serialize for DrawTracker {
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        let moves = self
            .entries
            .windows(2)
            .map(|pair| {
                let after = pair[1];
                (after.no_progress == 0, after.capped() == 1, after.key)
            })
            .collect();
        let capped_since_start: u32 = self.entries[1..].iter().map(Entry::capped).sum();
        Stored {
            rules: self.rules,
            start: self.entries[0].key,
            moves,
            forgotten: self.forgotten,
            capped_before: self.capped - capped_since_start,
        }
        .serialize(serializer)
    }
}

impl<'de> Deserialize<'de> for DrawTracker {
    fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
        let stored = Stored::deserialize(deserializer)?;
        stored.rules.validate().map_err(D::Error::custom)?;
        if stored.capped_before as usize > stored.forgotten {
            return Err(D::Error::custom(
                "more capped plies forgotten than plies forgotten",
            ));
        }
        let mut tracker = DrawTracker::from_key(stored.rules, stored.start);
        tracker.forgotten = stored.forgotten;
        tracker.capped = stored.capped_before;
        tracker.entries.reserve(stored.moves.len());
        for (progress, capped, key) in stored.moves {
            tracker.push_key(progress, capped, key);
        }
        Ok(tracker)
    }
}
