//! The history draws of one game of a batch, kept without a move list.

use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use game_core::DrawRules;
use serde::{Deserialize, Serialize};

/// A hasher for keys that are hashes already (positions' Zobrist keys): the key itself.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// The history draws of one game in a batch, as [`game_core::GameRecord`] decides them
/// (repetition since the last progress move, the no-progress count, the move cap), kept
/// without a move list so that a reset reuses the memory.
pub(crate) struct History {
    rules: DrawRules,
    occurrences: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    no_progress: u32,
    capped: u32,
}

/// What a [`History`] knows, in a form that serde stores (for pickling a batch). The keys are
/// the positions' hash keys, which the games compute from fixed tables: the same in every
/// process and every build.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
pub(crate) struct HistorySnapshot {
    /// Each position key since the last progress move, with how often it occurred.
    occurrences: Vec<(u64, u32)>,
    /// Plies since the last progress move.
    no_progress: u32,
    /// Plies that count toward the game's move cap.
    capped: u32,
}

impl History {
    /// An empty history under the draw rules `rules`.
    pub(crate) fn new(rules: DrawRules) -> Self {
        History {
            rules,
            occurrences: HashMap::default(),
            no_progress: 0,
            capped: 0,
        }
    }

    /// Starts again from a position with key `key`.
    pub(crate) fn reset(&mut self, key: u64) {
        self.occurrences.clear();
        self.occurrences.insert(key, 1);
        self.no_progress = 0;
        self.capped = 0;
    }

    /// Counts a move (a progress move or not, counting toward the cap or not) that led to a
    /// position with key `key`; returns whether the history now draws the game.
    pub(crate) fn push(&mut self, progress: bool, capped: bool, key: u64) -> bool {
        if progress {
            self.no_progress = 0;
            self.occurrences.clear();
        } else {
            self.no_progress += 1;
        }
        self.capped += u32::from(capped);
        let count = self.occurrences.entry(key).or_insert(0);
        *count += 1;
        self.rules.repetitions.is_some_and(|n| *count >= n)
            || self
                .rules
                .no_progress_plies
                .is_some_and(|n| self.no_progress >= n)
            || self.rules.move_cap.is_some_and(|n| self.capped >= n)
    }

    /// What the history knows, sorted by key (so equal histories store equal texts).
    pub(crate) fn snapshot(&self) -> HistorySnapshot {
        let mut occurrences: Vec<(u64, u32)> =
            self.occurrences.iter().map(|(&k, &n)| (k, n)).collect();
        occurrences.sort_unstable();
        HistorySnapshot {
            occurrences,
            no_progress: self.no_progress,
            capped: self.capped,
        }
    }

    /// Takes over what `snapshot` knows.
    pub(crate) fn restore(&mut self, snapshot: &HistorySnapshot) {
        self.occurrences.clear();
        self.occurrences
            .extend(snapshot.occurrences.iter().copied());
        self.no_progress = snapshot.no_progress;
        self.capped = snapshot.capped;
    }
}
