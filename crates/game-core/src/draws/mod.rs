//! The draws that need a game's history: the rules ([`DrawRules`]) and the one type that
//! applies them to a game as it is played and taken back ([`DrawTracker`]), shared by the game
//! record, the searches and any program that steps many games at once.

use alloc::vec::Vec;

use crate::{DrawRulesError, Game, Reason};

/// The history-dependent draw rules a [`GameRecord`](crate::GameRecord) applies. Each is off when `None`.
///
/// Stored (with the `serde` feature) as an object with all three fields, a rule that is off
/// written `null`: a field left out is an error, not "off", so a careless `"rules": {}` is
/// refused instead of read as "no draw rules".
///
/// `#[non_exhaustive]`, so that a rule added later is not a breaking change: build the rules
/// with [`DrawRules::new`] or from a constant and the `with_…` methods (all `const`, so a game
/// crate's rules can be a constant); the fields stay public to read and to assign.
///
/// ```
/// use game_core::DrawRules;
///
/// // Threefold repetition and a 50-ply rule, as a constant.
/// const RULES: DrawRules = DrawRules::THREEFOLD.with_no_progress_plies(Some(50));
/// assert_eq!(RULES, DrawRules::new(Some(3), Some(50), None));
/// assert_eq!(RULES.with_repetitions(None).repetitions, None);
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
#[cfg_attr(feature = "serde", serde(deny_unknown_fields))]
pub struct DrawRules {
    /// Draw when the current position has occurred this many times (3: threefold repetition).
    // `deserialize_with` turns off serde's "a missing Option is None" (here and below).
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "serde::Deserialize::deserialize")
    )]
    pub repetitions: Option<u32>,
    /// Draw after this many consecutive plies without a progress move
    /// ([`Game::is_progress_move`]); the draughts 50-ply rule is `Some(50)`.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "serde::Deserialize::deserialize")
    )]
    pub no_progress_plies: Option<u32>,
    /// Draw when this many plies that count toward the cap ([`Game::counts_toward_cap`]) have
    /// been played.
    #[cfg_attr(
        feature = "serde",
        serde(deserialize_with = "serde::Deserialize::deserialize")
    )]
    pub move_cap: Option<u32>,
}

impl DrawRules {
    /// Threefold repetition only.
    pub const THREEFOLD: DrawRules = DrawRules {
        repetitions: Some(3),
        no_progress_plies: None,
        move_cap: None,
    };
    /// No history draws at all.
    pub const NONE: DrawRules = DrawRules {
        repetitions: None,
        no_progress_plies: None,
        move_cap: None,
    };

    /// The rules with each of the three set (`None`: that rule is off).
    pub const fn new(
        repetitions: Option<u32>,
        no_progress_plies: Option<u32>,
        move_cap: Option<u32>,
    ) -> Self {
        DrawRules {
            repetitions,
            no_progress_plies,
            move_cap,
        }
    }

    /// The same rules with the repetition rule set to `repetitions` (`None`: off).
    pub const fn with_repetitions(self, repetitions: Option<u32>) -> Self {
        DrawRules {
            repetitions,
            ..self
        }
    }

    /// The same rules with the no-progress rule set to `plies` (`None`: off).
    pub const fn with_no_progress_plies(self, plies: Option<u32>) -> Self {
        DrawRules {
            no_progress_plies: plies,
            ..self
        }
    }

    /// The same rules with the move cap set to `plies` (`None`: off).
    pub const fn with_move_cap(self, plies: Option<u32>) -> Self {
        DrawRules {
            move_cap: plies,
            ..self
        }
    }
}

impl DrawRules {
    /// Checks that every rule that is on can be met by a real game: at least 2 repetitions
    /// (the current position has always occurred once), at least 1 no-progress ply and at
    /// least 1 capped ply (0 would end every game before its first move).
    ///
    /// ```
    /// use game_core::{DrawRules, DrawRulesError};
    /// assert_eq!(DrawRules::THREEFOLD.validate(), Ok(()));
    /// let silly = DrawRules::NONE.with_repetitions(Some(1));
    /// assert_eq!(silly.validate(), Err(DrawRulesError::Repetitions(1)));
    /// ```
    ///
    /// # Errors
    /// The first rule value that makes no sense, as a [`DrawRulesError`].
    pub fn validate(&self) -> Result<(), DrawRulesError> {
        if let Some(n @ (0 | 1)) = self.repetitions {
            return Err(DrawRulesError::Repetitions(n));
        }
        if self.no_progress_plies == Some(0) {
            return Err(DrawRulesError::NoProgressPlies);
        }
        if self.move_cap == Some(0) {
            return Err(DrawRulesError::MoveCap);
        }
        Ok(())
    }
}

impl Default for DrawRules {
    /// Threefold repetition only.
    fn default() -> Self {
        Self::THREEFOLD
    }
}

/// Which history draw a [`DrawTracker`] sees, in the order the rules are checked.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum HistoryDraw {
    /// The position has occurred [`DrawRules::repetitions`] times since the last progress move.
    Repetition,
    /// [`DrawRules::no_progress_plies`] plies in a row without a progress move.
    NoProgress,
    /// [`DrawRules::move_cap`] plies that count toward the cap.
    MoveCap,
}

impl HistoryDraw {
    /// The [`Reason`] a finished game gives for this draw.
    ///
    /// ```
    /// use game_core::{tictactoe::EndReason, HistoryDraw, Reason};
    /// assert_eq!(HistoryDraw::MoveCap.reason::<EndReason>(), Reason::MoveCap);
    /// ```
    pub fn reason<R>(self) -> Reason<R> {
        match self {
            HistoryDraw::Repetition => Reason::Repetition,
            HistoryDraw::NoProgress => Reason::NoProgress,
            HistoryDraw::MoveCap => Reason::MoveCap,
        }
    }
}

/// What the tracker keeps of one position of the game: 16 bytes. The count of capped plies
/// is kept for the current position only ([`DrawTracker::capped`]); each entry says whether
/// the move that reached it counted, so that taking it back takes it off.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Entry {
    /// The position's hash key ([`Game::hash_key`]).
    key: u64,
    /// Plies since the last progress move (0 for the position a progress move reached).
    no_progress: u32,
    /// How many times the key has occurred since the last progress move, this time included
    /// (the low 31 bits), and whether the move that reached the position counts toward the
    /// move cap ([`Entry::CAPPED`]).
    occurrences_capped: u32,
}

impl Entry {
    /// The bit of `occurrences_capped` set when the move that reached the position counts
    /// toward the move cap.
    const CAPPED: u32 = 1 << 31;

    #[inline]
    fn new(key: u64, no_progress: u32, occurrences: u32, capped: bool) -> Entry {
        Entry {
            key,
            no_progress,
            occurrences_capped: occurrences.min(Entry::CAPPED - 1)
                | if capped { Entry::CAPPED } else { 0 },
        }
    }

    #[inline]
    fn occurrences(&self) -> u32 {
        self.occurrences_capped & !Entry::CAPPED
    }

    /// 1 when the move that reached the position counts toward the move cap, else 0.
    #[inline]
    fn capped(&self) -> u32 {
        self.occurrences_capped >> 31
    }
}

/// A game's draw rules by history, applied as the game is played and taken back: the one place
/// that decides repetition (counted since the last progress move), the no-progress count and
/// the move cap.
///
/// [`GameRecord`](crate::GameRecord) keeps one; the searches copy the record's at their root
/// and push and pop the moves of their lines on it, so a position inside a search tree is
/// judged exactly as the record would judge it; a program that steps a batch of games keeps
/// one per game and [`reset`](DrawTracker::reset)s it for the next game, which reuses its
/// memory.
///
/// With the `serde` feature a tracker is stored as its rules, its start's key and the moves
/// it counted (whether each was a progress move, whether it counted toward the cap, the key it
/// reached), and read back by counting them again: a program that keeps trackers instead of
/// game records (a batch of games) saves and restores them whole, [`pop`](DrawTracker::pop)
/// included.
///
/// It keeps a few words per ply of the game (for [`pop`](DrawTracker::pop)), so a clone is one
/// copy of a flat array and [`Clone::clone_from`] reuses the target's memory. Only the positions
/// since the last progress move can repeat (a progress move can never be undone), so
/// [`push`](DrawTracker::push) compares the new key with those alone, newest first; the other
/// questions are answered in constant time. A tracker that only goes forward (the game
/// record's) keeps those positions alone ([`forget_before_progress`](DrawTracker::forget_before_progress)).
///
/// ```
/// use game_core::{DrawRules, DrawTracker, HistoryDraw};
///
/// // Keys stand for positions: a, b, a, b, a is the third occurrence of a.
/// let (a, b) = (0xA, 0xB);
/// let mut tracker = DrawTracker::from_key(DrawRules::THREEFOLD, a);
/// assert_eq!(tracker.push_key(false, true, b), None);
/// assert_eq!(tracker.push_key(false, true, a), None);
/// assert_eq!(tracker.repetition_count(), 2);
/// tracker.push_key(false, true, b);
/// assert_eq!(tracker.push_key(false, true, a), Some(HistoryDraw::Repetition));
/// tracker.pop();
/// assert_eq!((tracker.plies(), tracker.draw()), (3, None));
///
/// // A progress move: nothing before it can come back.
/// assert_eq!(tracker.push_key(true, true, a), None);
/// assert_eq!(tracker.repetition_count(), 1);
/// ```
#[derive(Debug, PartialEq, Eq)]
pub struct DrawTracker {
    rules: DrawRules,
    /// One entry per position of the game from the oldest it remembers (the start, unless
    /// [`DrawTracker::forget_before_progress`] forgot earlier ones) to the current one.
    entries: Vec<Entry>,
    /// The plies played before the oldest position it remembers.
    forgotten: usize,
    /// Plies counting toward the move cap since the start, up to the current position.
    capped: u32,
}

impl Clone for DrawTracker {
    fn clone(&self) -> Self {
        DrawTracker {
            rules: self.rules,
            entries: self.entries.clone(),
            forgotten: self.forgotten,
            capped: self.capped,
        }
    }

    fn clone_from(&mut self, source: &Self) {
        self.rules = source.rules;
        self.entries.clone_from(&source.entries);
        self.forgotten = source.forgotten;
        self.capped = source.capped;
    }
}

impl DrawTracker {
    /// A tracker of `rules` for a game starting at `start`.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, DrawRules, DrawTracker, Game};
    /// let tracker = DrawTracker::new(&TicTacToe::start(), DrawRules::THREEFOLD);
    /// assert_eq!((tracker.plies(), tracker.repetition_count()), (0, 1));
    /// ```
    pub fn new<G: Game>(start: &G, rules: DrawRules) -> Self {
        Self::from_key(rules, start.hash_key())
    }

    /// A tracker of `rules` for a game whose start position has the hash key `key`.
    pub fn from_key(rules: DrawRules, key: u64) -> Self {
        let mut tracker = DrawTracker {
            rules,
            entries: Vec::new(),
            forgotten: 0,
            capped: 0,
        };
        tracker.reset_key(key);
        tracker
    }

    /// Starts again from `start`, keeping the rules and the memory.
    pub fn reset<G: Game>(&mut self, start: &G) {
        self.reset_key(start.hash_key());
    }

    /// Starts again from a position with hash key `key`, keeping the rules and the memory.
    pub fn reset_key(&mut self, key: u64) {
        self.forgotten = 0;
        self.capped = 0;
        self.entries.clear();
        self.entries.push(Entry::new(key, 0, 1, false));
    }

    /// The rules applied.
    pub fn rules(&self) -> DrawRules {
        self.rules
    }

    /// Counts `mv`, played from `before`, which reached `after`; returns the history draw that
    /// now ends the game, if any.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, DrawRules, DrawTracker, Game, HistoryDraw};
    ///
    /// let before = TicTacToe::start();
    /// let mv = before.parse_move("b2").unwrap();
    /// let mut after = before;
    /// after.play(mv).unwrap();
    /// let mut tracker = DrawTracker::new(&before, DrawRules::NONE.with_move_cap(Some(1)));
    /// assert_eq!(tracker.push(&before, mv, &after), Some(HistoryDraw::MoveCap));
    /// ```
    #[inline]
    pub fn push<G: Game>(&mut self, before: &G, mv: G::Move, after: &G) -> Option<HistoryDraw> {
        self.push_key(
            before.is_progress_move(mv),
            before.counts_toward_cap(mv),
            after.hash_key(),
        )
    }

    /// Counts a move given by what the rules need of it: whether it is a progress move
    /// ([`Game::is_progress_move`]), whether it counts toward the cap
    /// ([`Game::counts_toward_cap`]) and the hash key of the position it reached. Returns the
    /// history draw that now ends the game, if any.
    #[inline]
    pub fn push_key(&mut self, progress: bool, capped: bool, key: u64) -> Option<HistoryDraw> {
        let entry = if progress {
            Entry::new(key, 0, 1, capped)
        } else {
            let no_progress = self.last().no_progress + 1;
            // The positions since the last progress move: the newest earlier occurrence of
            // the key knows how many came before it. (The tracker remembers them all: it
            // forgets only positions before a progress move.)
            let window = &self.entries[self.entries.len() - no_progress as usize..];
            let occurrences = window
                .iter()
                .rev()
                .find(|e| e.key == key)
                .map_or(1, |e| e.occurrences() + 1);
            Entry::new(key, no_progress, occurrences, capped)
        };
        self.capped += u32::from(capped);
        self.entries.push(entry);
        self.draw()
    }

    /// Takes back the last move; `false` at the start (nothing to take back), or at the
    /// oldest position the tracker remembers.
    pub fn pop(&mut self) -> bool {
        if self.entries.len() > 1 {
            if let Some(gone) = self.entries.pop() {
                self.capped -= gone.capped();
            }
            true
        } else {
            false
        }
    }

    /// Takes back moves until `plies` are left (nothing when there are not more), or back to
    /// the oldest position the tracker remembers.
    #[inline]
    pub fn truncate(&mut self, plies: usize) {
        let keep = plies.saturating_sub(self.forgotten) + 1;
        if let Some(gone) = self.entries.get(keep..) {
            self.capped -= gone.iter().map(Entry::capped).sum::<u32>();
            self.entries.truncate(keep);
        }
    }

    /// The moves counted since the start.
    #[inline]
    pub fn plies(&self) -> usize {
        self.forgotten + self.entries.len() - 1
    }

    /// Forgets the positions before the last progress move, which can never occur again:
    /// every question is answered as before, but moves can no longer be taken back past that
    /// move ([`pop`](DrawTracker::pop) is `false` there). What a tracker that only goes
    /// forward needs: the game record keeps its tracker so, a few entries where draughts
    /// plays a man or captures every few dozen plies, and replays its moves to take one back.
    ///
    /// ```
    /// use game_core::{DrawRules, DrawTracker};
    ///
    /// let mut tracker = DrawTracker::from_key(DrawRules::THREEFOLD, 0xA);
    /// tracker.push_key(false, true, 0xB);
    /// tracker.push_key(true, true, 0xC); // a progress move
    /// tracker.push_key(false, true, 0xD);
    /// tracker.forget_before_progress();
    /// assert_eq!((tracker.plies(), tracker.no_progress_plies(), tracker.capped_plies()), (3, 1, 3));
    /// assert!(tracker.pop()); // back to 0xC
    /// assert!(!tracker.pop()); // 0xB is forgotten
    /// assert_eq!((tracker.plies(), tracker.key()), (2, 0xC));
    /// ```
    pub fn forget_before_progress(&mut self) {
        let keep = self.last().no_progress as usize + 1;
        if self.entries.len() > keep {
            let gone = self.entries.len() - keep;
            self.entries.drain(..gone);
            self.forgotten += gone;
            // The oldest entry can never be taken back, so its cap bit is never read again
            // (`capped` counts it); cleared, equal trackers have equal entries.
            self.entries[0].occurrences_capped &= !Entry::CAPPED;
        }
    }

    #[inline]
    fn last(&self) -> &Entry {
        self.entries
            .last()
            .expect("a tracker always holds its start")
    }

    /// The hash key of the current position.
    pub fn key(&self) -> u64 {
        self.last().key
    }

    /// How many times the current position has occurred since the last progress move (1 the
    /// first time).
    pub fn repetition_count(&self) -> u32 {
        self.last().occurrences()
    }

    /// Plies in a row without a progress move, up to the current position.
    pub fn no_progress_plies(&self) -> u32 {
        self.last().no_progress
    }

    /// Plies that count toward the move cap, since the start.
    pub fn capped_plies(&self) -> u32 {
        self.capped
    }

    /// The history draw that ends the game at the current position under the rules, if any
    /// (repetition first, then the no-progress rule, then the move cap).
    #[inline]
    pub fn draw(&self) -> Option<HistoryDraw> {
        let last = self.last();
        if self
            .rules
            .repetitions
            .is_some_and(|n| last.occurrences() >= n)
        {
            Some(HistoryDraw::Repetition)
        } else if self
            .rules
            .no_progress_plies
            .is_some_and(|n| last.no_progress >= n)
        {
            Some(HistoryDraw::NoProgress)
        } else if self.rules.move_cap.is_some_and(|n| self.capped >= n) {
            Some(HistoryDraw::MoveCap)
        } else {
            None
        }
    }

    /// Whether a search should score the current position as drawn: a history draw by the
    /// rules, or, when the rules have a repetition rule, any earlier occurrence of the position
    /// (a repetition that was worth playing into once is worth it again, so alpha-beta values
    /// the second occurrence as the draw the rules would declare later).
    #[inline]
    pub fn draw_or_repeat(&self) -> bool {
        (self.rules.repetitions.is_some() && self.last().occurrences() >= 2)
            || self.draw().is_some()
    }
}

#[cfg(feature = "serde")]
mod stored;

#[cfg(test)]
mod tests {
    use super::*;

    /// The naive rule, from the whole history: the current key's occurrences after the last
    /// progress move.
    fn naive_count(keys: &[u64], progress: &[bool]) -> u32 {
        let last_progress = progress.iter().rposition(|&p| p).map_or(0, |i| i + 1);
        let key = *keys.last().unwrap();
        keys[last_progress..].iter().filter(|&&k| k == key).count() as u32
    }

    /// Random pushes and pops over a few keys: the counts agree with a recount from scratch.
    #[test]
    fn counts_agree_with_a_recount_through_pushes_and_pops() {
        let mut rng = crate::Rng::new(4);
        let rules = DrawRules::new(Some(4), Some(9), Some(30));
        let mut tracker = DrawTracker::from_key(rules, 0);
        let (mut keys, mut progress, mut capped) = (vec![0u64], vec![], vec![]);
        // Fewer steps under miri, which interprets every comparison of the recount.
        let steps = if cfg!(miri) { 300 } else { 5000 };
        for _ in 0..steps {
            if rng.below(4) == 0 && tracker.pop() {
                keys.pop();
                progress.pop();
                capped.pop();
            } else {
                let (p, c, k) = (rng.below(8) == 0, rng.below(3) != 0, rng.below(4) as u64);
                tracker.push_key(p, c, k);
                keys.push(k);
                progress.push(p);
                capped.push(c);
            }
            let count = naive_count(&keys, &progress);
            assert_eq!(tracker.repetition_count(), count);
            let since = progress.iter().rev().take_while(|&&p| !p).count() as u32;
            assert_eq!(tracker.no_progress_plies(), since);
            let capped_count = capped.iter().filter(|&&c| c).count() as u32;
            assert_eq!(tracker.capped_plies(), capped_count);
            let want = if count >= 4 {
                Some(HistoryDraw::Repetition)
            } else if since >= 9 {
                Some(HistoryDraw::NoProgress)
            } else if capped_count >= 30 {
                Some(HistoryDraw::MoveCap)
            } else {
                None
            };
            assert_eq!(tracker.draw(), want);
            assert_eq!(tracker.plies(), keys.len() - 1);
        }
    }

    /// A tracker that forgets the positions before each progress move answers as one that
    /// remembers them all, and pops back to that move only.
    #[test]
    fn forgetting_before_progress_changes_no_answer() {
        let mut rng = crate::Rng::new(9);
        let rules = DrawRules::new(Some(3), Some(12), Some(40));
        let mut whole = DrawTracker::from_key(rules, 0);
        let mut short = DrawTracker::from_key(rules, 0);
        let steps = if cfg!(miri) { 300 } else { 5000 };
        for _ in 0..steps {
            if rng.below(5) == 0 {
                if short.pop() {
                    assert!(whole.pop());
                } else {
                    // At a progress move (or the start): nothing before it is remembered.
                    assert!(whole.plies() == 0 || whole.no_progress_plies() == 0);
                    whole.reset_key(7);
                    short.reset_key(7);
                }
            } else {
                let (p, c, k) = (rng.below(6) == 0, rng.below(3) != 0, rng.below(4) as u64);
                assert_eq!(whole.push_key(p, c, k), short.push_key(p, c, k));
                short.forget_before_progress();
                assert!(short.entries.len() <= short.no_progress_plies() as usize + 1);
            }
            assert_eq!(short.plies(), whole.plies());
            assert_eq!(short.key(), whole.key());
            assert_eq!(short.repetition_count(), whole.repetition_count());
            assert_eq!(short.no_progress_plies(), whole.no_progress_plies());
            assert_eq!(short.capped_plies(), whole.capped_plies());
            assert_eq!(short.draw(), whole.draw());
            assert_eq!(short.draw_or_repeat(), whole.draw_or_repeat());
        }
        // Truncating to a ply before the oldest position remembered stops there.
        let oldest = short.plies() - short.no_progress_plies() as usize;
        short.truncate(0);
        assert_eq!(short.plies(), oldest);
    }

    /// A game record keeps an entry for each position since the last progress move: 16 bytes.
    #[test]
    fn an_entry_is_two_words() {
        assert_eq!(core::mem::size_of::<Entry>(), 16);
        let entry = Entry::new(7, 3, 5, true);
        assert_eq!((entry.occurrences(), entry.capped()), (5, 1));
        assert_eq!(
            Entry::new(7, 3, u32::MAX, false).occurrences(),
            Entry::CAPPED - 1
        );
    }

    #[test]
    fn reset_keeps_the_memory_and_clone_from_copies() {
        let mut tracker = DrawTracker::from_key(DrawRules::THREEFOLD, 1);
        for k in 0..100 {
            tracker.push_key(false, true, k);
        }
        let capacity = tracker.entries.capacity();
        tracker.reset_key(7);
        assert_eq!((tracker.plies(), tracker.key()), (0, 7));
        assert_eq!(tracker.entries.capacity(), capacity);
        let mut copy = DrawTracker::from_key(DrawRules::NONE, 0);
        copy.clone_from(&tracker);
        assert_eq!(copy, tracker);
        assert!(!tracker.pop());
    }
}
