//! [`MoveList`], the list of moves [`Game::legal_moves`](crate::Game::legal_moves) returns (on
//! the stack for a typical position), and [`MoveBuffer`], what
//! [`Game::legal_moves_into`](crate::Game::legal_moves_into) fills (a `Vec` or a `MoveList`).

use alloc::vec::Vec;

use arrayvec::ArrayVec;

/// How many moves a [`MoveList`] keeps inline, on the stack, before it spills to the heap.
///
/// Chosen from the legal-move counts of random games: 100 games (seeds 1 to 100, with the
/// game record's draw rules, at most 1,000 plies) on every board of every game, the
/// 2 + 1 + 1 + 9 + 30 boards of the workspace, 414,764 positions in all:
///
/// | game | legal moves of a position (default board) | other boards | inline at 128 |
/// |---|---|---|---|
/// | Kvarn3 | median 5, at most 9 | – | every position |
/// | Swedish Draughts | median 9, 99th percentile 22, at most 30 | 8x8: at most 23 | every position |
/// | Cheversi | median 24, 99th percentile 64, at most 76 | – | every position |
/// | Svendo | median 61, at most 120 (10 x 6) | at most 128 (the placements on 8 x 8) | every position |
/// | Sundraval | median 109, 90th percentile 196 (side 9); the opening 46,872 | the opening P·(P−1): 342 (side 3) to 109,230 (side 11); then at most P − 1 | 59% on side 9; on sides 3–7 all but the opening |
///
/// All boards together: 70.6% of the positions have at most 64 moves, 88.4% at most 128,
/// 97.7% at most 256. 128 keeps every position of four games and most of Sundraval's inline,
/// while the list stays a stack value of reasonable size: 2 KiB of moves for Swedish
/// Draughts' 16-byte moves, 768 bytes for Sundraval's 6, 256–384 for the others (2–3 bytes).
/// 64 would halve that but spill in 42% of Svendo's positions on its default board; 256
/// would keep Sundraval's side 9 inline after the opening (99.5%), but make every draughts
/// list 4 KiB for positions that never have more than 30 moves. Sundraval's opening spills at
/// any reasonable size.
pub const MOVE_LIST_INLINE: usize = 128;

/// A list of moves that keeps up to [`MOVE_LIST_INLINE`] moves inline (no heap allocation) and
/// moves to a `Vec` only beyond that: the list [`Game::legal_moves`](crate::Game::legal_moves)
/// returns.
///
/// It dereferences to a slice, so `len`, `iter`, `contains`, `first`, indexing and `&list[..]`
/// work as on a `Vec`; it iterates by value and by reference, collects, extends, compares with
/// slices, arrays and vectors, and converts into a `Vec`.
///
/// ```
/// use game_core::{tictactoe::TicTacToe, Game, MoveList};
///
/// let pos = TicTacToe::start();
/// let moves: MoveList<u8> = pos.legal_moves();
/// assert_eq!(moves.len(), 9);
/// assert!(moves.contains(&4) && !moves.is_spilled()); // nine moves: on the stack
/// assert_eq!(moves[0], 0);
/// assert_eq!(&moves[..3], [0, 1, 2]);
/// for &mv in &moves {
///     assert!(pos.is_legal(mv));
/// }
/// let texts: Vec<String> = moves.into_iter().map(|mv| pos.move_text(mv)).collect();
/// assert_eq!(texts[4], "b2");
/// ```
///
/// Beyond the inline capacity it spills to the heap, keeping the order of the moves:
///
/// ```
/// use game_core::{MoveList, MOVE_LIST_INLINE};
///
/// let mut list: MoveList<u32> = (0..MOVE_LIST_INLINE as u32).collect();
/// assert!(!list.is_spilled());
/// list.push(1000);
/// assert!(list.is_spilled());
/// assert_eq!(list.len(), MOVE_LIST_INLINE + 1);
/// assert_eq!(list.last(), Some(&1000));
/// let vec: Vec<u32> = list.into();
/// assert_eq!(vec[..3], [0, 1, 2]);
/// ```
#[derive(Clone)]
pub struct MoveList<M> {
    repr: Repr<M>,
}

/// Where a [`MoveList`] keeps its moves.
#[derive(Clone)]
enum Repr<M> {
    /// Up to [`MOVE_LIST_INLINE`] moves, in place.
    Inline(ArrayVec<M, MOVE_LIST_INLINE>),
    /// More moves than that (or once there were): on the heap.
    Spilled(Vec<M>),
}

impl<M> MoveList<M> {
    /// How many moves the list keeps inline: [`MOVE_LIST_INLINE`].
    pub const INLINE_CAPACITY: usize = MOVE_LIST_INLINE;

    /// An empty list (no heap allocation).
    ///
    /// ```
    /// use game_core::MoveList;
    ///
    /// let list = MoveList::<u8>::new();
    /// assert!(list.is_empty() && !list.is_spilled());
    /// ```
    #[inline]
    pub const fn new() -> Self {
        MoveList {
            repr: Repr::Inline(ArrayVec::new_const()),
        }
    }

    /// An empty list with room for `capacity` moves: inline when they fit, on the heap at once
    /// otherwise (so a list known to be long is not copied when it grows past the inline
    /// capacity).
    ///
    /// ```
    /// use game_core::{MoveList, MOVE_LIST_INLINE};
    ///
    /// assert!(!MoveList::<u8>::with_capacity(MOVE_LIST_INLINE).is_spilled());
    /// assert!(MoveList::<u8>::with_capacity(MOVE_LIST_INLINE + 1).is_spilled());
    /// ```
    #[inline]
    pub fn with_capacity(capacity: usize) -> Self {
        if capacity <= MOVE_LIST_INLINE {
            Self::new()
        } else {
            MoveList {
                repr: Repr::Spilled(Vec::with_capacity(capacity)),
            }
        }
    }

    /// The number of moves.
    #[inline]
    pub fn len(&self) -> usize {
        self.as_slice().len()
    }

    /// Whether the list has no moves.
    #[inline]
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }

    /// Whether the list keeps its moves on the heap: it has held more than
    /// [`MOVE_LIST_INLINE`] moves (or was made for that many) since it was made. [`clear`]
    /// keeps the heap memory for the next moves, as `Vec::clear` does.
    ///
    /// [`clear`]: MoveList::clear
    #[inline]
    pub fn is_spilled(&self) -> bool {
        matches!(self.repr, Repr::Spilled(_))
    }

    /// The moves as a slice.
    #[inline]
    pub fn as_slice(&self) -> &[M] {
        match &self.repr {
            Repr::Inline(moves) => moves,
            Repr::Spilled(moves) => moves,
        }
    }

    /// The moves as a mutable slice.
    #[inline]
    pub fn as_mut_slice(&mut self) -> &mut [M] {
        match &mut self.repr {
            Repr::Inline(moves) => moves,
            Repr::Spilled(moves) => moves,
        }
    }

    /// Adds `mv` at the end, moving the list to the heap when it is full inline.
    ///
    /// ```
    /// use game_core::MoveList;
    ///
    /// let mut list = MoveList::new();
    /// list.push('a');
    /// list.push('b');
    /// assert_eq!(list, ['a', 'b']);
    /// ```
    #[inline]
    pub fn push(&mut self, mv: M) {
        match &mut self.repr {
            Repr::Inline(moves) => {
                if let Err(full) = moves.try_push(mv) {
                    self.spill(0).push(full.element());
                }
            }
            Repr::Spilled(moves) => moves.push(mv),
        }
    }

    /// Removes every move. A spilled list keeps its heap memory (and stays spilled), so a list
    /// reused for a long list of moves does not allocate again.
    ///
    /// ```
    /// use game_core::MoveList;
    ///
    /// let mut list: MoveList<u16> = (0..1000).collect();
    /// list.clear();
    /// assert!(list.is_empty() && list.is_spilled());
    /// ```
    #[inline]
    pub fn clear(&mut self) {
        match &mut self.repr {
            Repr::Inline(moves) => moves.clear(),
            Repr::Spilled(moves) => moves.clear(),
        }
    }

    /// Keeps the first `len` moves (nothing changes when there are no more than `len`).
    #[inline]
    pub fn truncate(&mut self, len: usize) {
        match &mut self.repr {
            Repr::Inline(moves) => moves.truncate(len),
            Repr::Spilled(moves) => moves.truncate(len),
        }
    }

    /// Keeps only the moves for which `keep` is true, in their order.
    ///
    /// ```
    /// use game_core::MoveList;
    ///
    /// let mut list: MoveList<u8> = (0..10).collect();
    /// list.retain(|&mv| mv % 3 == 0);
    /// assert_eq!(list, [0, 3, 6, 9]);
    /// ```
    pub fn retain(&mut self, mut keep: impl FnMut(&M) -> bool) {
        match &mut self.repr {
            Repr::Inline(moves) => moves.retain(|mv| keep(mv)),
            Repr::Spilled(moves) => moves.retain(keep),
        }
    }

    /// Makes room for `additional` more moves: a list that would outgrow the inline capacity
    /// moves to the heap now, with room for them all.
    #[inline]
    pub fn reserve(&mut self, additional: usize) {
        match &mut self.repr {
            Repr::Inline(moves) => {
                if moves.remaining_capacity() < additional {
                    self.spill(additional);
                }
            }
            Repr::Spilled(moves) => moves.reserve(additional),
        }
    }

    /// Makes the list `len` moves long: cut to `len`, or filled up with copies of `value`.
    ///
    /// ```
    /// use game_core::MoveList;
    ///
    /// let mut list = MoveList::new();
    /// list.push(1);
    /// list.resize(3, 0);
    /// assert_eq!(list, [1, 0, 0]);
    /// list.resize(1, 0);
    /// assert_eq!(list, [1]);
    /// ```
    pub fn resize(&mut self, len: usize, value: M)
    where
        M: Clone,
    {
        let extra = len.saturating_sub(self.len());
        self.reserve(extra);
        match &mut self.repr {
            // `reserve` left room for them: the list stays inline only when they fit.
            Repr::Inline(moves) if extra > 0 => moves.extend(core::iter::repeat_n(value, extra)),
            Repr::Inline(moves) => moves.truncate(len),
            Repr::Spilled(moves) => moves.resize(len, value),
        }
    }

    /// The moves in a `Vec` (without copying them when the list is spilled).
    pub fn into_vec(self) -> Vec<M> {
        match self.repr {
            Repr::Inline(moves) => moves.into_iter().collect(),
            Repr::Spilled(moves) => moves,
        }
    }

    /// Moves the list to the heap, with room for `additional` moves more than it holds, and
    /// returns the vector. Cold: at most once per list.
    #[cold]
    #[inline(never)]
    fn spill(&mut self, additional: usize) -> &mut Vec<M> {
        if let Repr::Inline(moves) = &mut self.repr {
            let len = moves.len();
            let mut spilled = Vec::with_capacity((len + additional).max(2 * MOVE_LIST_INLINE));
            spilled.extend(moves.drain(..));
            self.repr = Repr::Spilled(spilled);
        }
        match &mut self.repr {
            Repr::Spilled(moves) => moves,
            Repr::Inline(_) => unreachable!("the list was just spilled"),
        }
    }
}

impl<M: Copy> MoveList<M> {
    /// Adds the moves of `moves` at the end, in their order.
    ///
    /// ```
    /// use game_core::MoveList;
    ///
    /// let mut list = MoveList::new();
    /// list.extend_from_slice(&[3, 1]);
    /// list.extend_from_slice(&[4]);
    /// assert_eq!(list, [3, 1, 4]);
    /// ```
    #[inline]
    pub fn extend_from_slice(&mut self, moves: &[M]) {
        match &mut self.repr {
            Repr::Inline(inline) => {
                if inline.try_extend_from_slice(moves).is_err() {
                    self.spill(moves.len()).extend_from_slice(moves);
                }
            }
            Repr::Spilled(spilled) => spilled.extend_from_slice(moves),
        }
    }
}

mod buffer;
#[cfg(test)]
mod tests;
mod traits;

pub use buffer::MoveBuffer;
pub use traits::MoveListIntoIter;
