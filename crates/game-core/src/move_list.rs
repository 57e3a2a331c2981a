//! [`MoveList`], the list of moves [`Game::legal_moves`](crate::Game::legal_moves) returns (on
//! the stack for a typical position), and [`MoveBuffer`], what
//! [`Game::legal_moves_into`](crate::Game::legal_moves_into) fills (a `Vec` or a `MoveList`).

use alloc::vec::{self, Vec};
use core::borrow::{Borrow, BorrowMut};
use core::fmt;
use core::hash::{Hash, Hasher};
use core::iter::FusedIterator;
use core::ops::{Deref, DerefMut};
use core::slice;

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
    /// use game_core::{MoveList, MOVE_LIST_INLINE};
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

impl<M> Default for MoveList<M> {
    #[inline]
    fn default() -> Self {
        Self::new()
    }
}

impl<M> Deref for MoveList<M> {
    type Target = [M];

    #[inline]
    fn deref(&self) -> &[M] {
        self.as_slice()
    }
}

impl<M> DerefMut for MoveList<M> {
    #[inline]
    fn deref_mut(&mut self) -> &mut [M] {
        self.as_mut_slice()
    }
}

impl<M> AsRef<[M]> for MoveList<M> {
    fn as_ref(&self) -> &[M] {
        self
    }
}

impl<M> AsMut<[M]> for MoveList<M> {
    fn as_mut(&mut self) -> &mut [M] {
        self
    }
}

impl<M> Borrow<[M]> for MoveList<M> {
    fn borrow(&self) -> &[M] {
        self
    }
}

impl<M> BorrowMut<[M]> for MoveList<M> {
    fn borrow_mut(&mut self) -> &mut [M] {
        self
    }
}

/// The moves, as a list (`[a1, b2]`), whether inline or spilled.
impl<M: fmt::Debug> fmt::Debug for MoveList<M> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Debug::fmt(self.as_slice(), f)
    }
}

/// Two lists are equal when they hold the same moves in the same order (inline or spilled).
impl<M: PartialEq<N>, N> PartialEq<MoveList<N>> for MoveList<M> {
    fn eq(&self, other: &MoveList<N>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<M: Eq> Eq for MoveList<M> {}

impl<M: Hash> Hash for MoveList<M> {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.as_slice().hash(state);
    }
}

impl<M: PartialEq<N>, N> PartialEq<[N]> for MoveList<M> {
    fn eq(&self, other: &[N]) -> bool {
        self.as_slice() == other
    }
}

impl<M: PartialEq<N>, N> PartialEq<&[N]> for MoveList<M> {
    fn eq(&self, other: &&[N]) -> bool {
        self.as_slice() == *other
    }
}

impl<M: PartialEq<N>, N, const K: usize> PartialEq<[N; K]> for MoveList<M> {
    fn eq(&self, other: &[N; K]) -> bool {
        self.as_slice() == other
    }
}

impl<M: PartialEq<N>, N, const K: usize> PartialEq<&[N; K]> for MoveList<M> {
    fn eq(&self, other: &&[N; K]) -> bool {
        self.as_slice() == *other
    }
}

impl<M: PartialEq<N>, N> PartialEq<Vec<N>> for MoveList<M> {
    fn eq(&self, other: &Vec<N>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<M: PartialEq<N>, N> PartialEq<MoveList<N>> for Vec<M> {
    fn eq(&self, other: &MoveList<N>) -> bool {
        self.as_slice() == other.as_slice()
    }
}

impl<M> From<MoveList<M>> for Vec<M> {
    /// The moves in a `Vec` ([`MoveList::into_vec`]).
    fn from(list: MoveList<M>) -> Vec<M> {
        list.into_vec()
    }
}

impl<M> FromIterator<M> for MoveList<M> {
    fn from_iter<I: IntoIterator<Item = M>>(iter: I) -> Self {
        let mut list = MoveList::new();
        list.extend(iter);
        list
    }
}

impl<M> Extend<M> for MoveList<M> {
    fn extend<I: IntoIterator<Item = M>>(&mut self, iter: I) {
        let iter = iter.into_iter();
        self.reserve(iter.size_hint().0);
        for mv in iter {
            self.push(mv);
        }
    }
}

impl<'a, M: Copy + 'a> Extend<&'a M> for MoveList<M> {
    fn extend<I: IntoIterator<Item = &'a M>>(&mut self, iter: I) {
        self.extend(iter.into_iter().copied());
    }
}

impl<M> IntoIterator for MoveList<M> {
    type Item = M;
    type IntoIter = MoveListIntoIter<M>;

    fn into_iter(self) -> MoveListIntoIter<M> {
        MoveListIntoIter {
            inner: match self.repr {
                Repr::Inline(moves) => IntoIterRepr::Inline(moves.into_iter()),
                Repr::Spilled(moves) => IntoIterRepr::Spilled(moves.into_iter()),
            },
        }
    }
}

impl<'a, M> IntoIterator for &'a MoveList<M> {
    type Item = &'a M;
    type IntoIter = slice::Iter<'a, M>;

    fn into_iter(self) -> slice::Iter<'a, M> {
        self.iter()
    }
}

impl<'a, M> IntoIterator for &'a mut MoveList<M> {
    type Item = &'a mut M;
    type IntoIter = slice::IterMut<'a, M>;

    fn into_iter(self) -> slice::IterMut<'a, M> {
        self.iter_mut()
    }
}

/// The moves of a [`MoveList`] by value, in order (from [`MoveList::into_iter`]).
#[derive(Clone, Debug)]
pub struct MoveListIntoIter<M> {
    inner: IntoIterRepr<M>,
}

/// The iterator of an inline or of a spilled list.
#[derive(Clone, Debug)]
enum IntoIterRepr<M> {
    Inline(arrayvec::IntoIter<M, MOVE_LIST_INLINE>),
    Spilled(vec::IntoIter<M>),
}

impl<M> Iterator for MoveListIntoIter<M> {
    type Item = M;

    #[inline]
    fn next(&mut self) -> Option<M> {
        match &mut self.inner {
            IntoIterRepr::Inline(moves) => moves.next(),
            IntoIterRepr::Spilled(moves) => moves.next(),
        }
    }

    #[inline]
    fn size_hint(&self) -> (usize, Option<usize>) {
        match &self.inner {
            IntoIterRepr::Inline(moves) => moves.size_hint(),
            IntoIterRepr::Spilled(moves) => moves.size_hint(),
        }
    }
}

impl<M> DoubleEndedIterator for MoveListIntoIter<M> {
    #[inline]
    fn next_back(&mut self) -> Option<M> {
        match &mut self.inner {
            IntoIterRepr::Inline(moves) => moves.next_back(),
            IntoIterRepr::Spilled(moves) => moves.next_back(),
        }
    }
}

impl<M> ExactSizeIterator for MoveListIntoIter<M> {}

impl<M> FusedIterator for MoveListIntoIter<M> {}

/// A buffer that [`Game::legal_moves_into`](crate::Game::legal_moves_into) fills with moves:
/// a `Vec` (the hot path's reusable buffer) or a [`MoveList`].
///
/// The move generators of the game crates are generic over it (monomorphised, so a `Vec`
/// costs what it did before). It reads as a slice (`len`, `first`, indexing) and extends from
/// an iterator; the methods here are those the generators need to write.
///
/// ```
/// use game_core::{tictactoe::TicTacToe, Game, MoveBuffer, MoveList};
///
/// /// Fills `moves` with the even numbers below `n`: any buffer will do.
/// fn evens(n: u8, moves: &mut impl MoveBuffer<u8>) {
///     moves.clear();
///     moves.extend((0..n).filter(|k| k % 2 == 0));
/// }
/// let mut vec = Vec::new();
/// let mut list = MoveList::new();
/// evens(7, &mut vec);
/// evens(7, &mut list);
/// assert_eq!(vec, [0, 2, 4, 6]);
/// assert_eq!(list, vec);
///
/// let pos = TicTacToe::start();
/// pos.legal_moves_into(&mut vec); // the same for the legal moves
/// pos.legal_moves_into(&mut list);
/// assert_eq!((vec.len(), list.len()), (9, 9));
/// ```
pub trait MoveBuffer<M>: DerefMut<Target = [M]> + Extend<M> {
    /// Removes every move (keeping the memory for the next ones).
    fn clear(&mut self);

    /// Adds `mv` at the end.
    fn push(&mut self, mv: M);

    /// Keeps the first `len` moves.
    fn truncate(&mut self, len: usize);

    /// Makes room for `additional` more moves, where the buffer can (a hint).
    #[inline]
    fn reserve(&mut self, additional: usize) {
        let _ = additional;
    }

    /// Adds the moves of `moves` at the end, in their order.
    #[inline]
    fn extend_from_slice(&mut self, moves: &[M])
    where
        M: Copy,
    {
        self.extend(moves.iter().copied());
    }

    /// Makes the buffer `len` moves long: cut to `len`, or filled up with copies of `value`
    /// (a generator that knows its count writes the moves in place afterwards).
    #[inline]
    fn resize(&mut self, len: usize, value: M)
    where
        M: Clone,
    {
        if len <= self.len() {
            self.truncate(len);
        } else {
            let extra = len - self.len();
            self.extend(core::iter::repeat_n(value, extra));
        }
    }
}

impl<M> MoveBuffer<M> for Vec<M> {
    #[inline]
    fn clear(&mut self) {
        Vec::clear(self);
    }

    #[inline]
    fn push(&mut self, mv: M) {
        Vec::push(self, mv);
    }

    #[inline]
    fn truncate(&mut self, len: usize) {
        Vec::truncate(self, len);
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        Vec::reserve(self, additional);
    }

    #[inline]
    fn extend_from_slice(&mut self, moves: &[M])
    where
        M: Copy,
    {
        Vec::extend_from_slice(self, moves);
    }

    #[inline]
    fn resize(&mut self, len: usize, value: M)
    where
        M: Clone,
    {
        Vec::resize(self, len, value);
    }
}

impl<M> MoveBuffer<M> for MoveList<M> {
    #[inline]
    fn clear(&mut self) {
        MoveList::clear(self);
    }

    #[inline]
    fn push(&mut self, mv: M) {
        MoveList::push(self, mv);
    }

    #[inline]
    fn truncate(&mut self, len: usize) {
        MoveList::truncate(self, len);
    }

    #[inline]
    fn reserve(&mut self, additional: usize) {
        MoveList::reserve(self, additional);
    }

    #[inline]
    fn extend_from_slice(&mut self, moves: &[M])
    where
        M: Copy,
    {
        MoveList::extend_from_slice(self, moves);
    }

    #[inline]
    fn resize(&mut self, len: usize, value: M)
    where
        M: Clone,
    {
        MoveList::resize(self, len, value);
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use alloc::vec;

    const N: usize = MOVE_LIST_INLINE;

    #[test]
    fn stays_inline_up_to_the_capacity_then_spills_keeping_the_order() {
        let mut list = MoveList::new();
        for k in 0..N {
            list.push(k);
            assert!(!list.is_spilled(), "{} moves fit inline", k + 1);
        }
        list.push(N);
        assert!(list.is_spilled());
        for k in N + 1..3 * N {
            list.push(k);
        }
        assert_eq!(list.len(), 3 * N);
        assert!(list.iter().copied().eq(0..3 * N));
        assert!(list.clone().into_iter().eq(0..3 * N));
        assert!(list.clone().into_iter().rev().eq((0..3 * N).rev()));
        assert_eq!(Vec::from(list), (0..3 * N).collect::<Vec<_>>());
    }

    #[test]
    fn clear_after_a_spill_keeps_the_heap_and_starts_again() {
        let mut list: MoveList<u32> = (0..1000).collect();
        assert!(list.is_spilled());
        list.clear();
        assert!(list.is_empty() && list.is_spilled());
        list.push(7);
        list.push(8);
        assert_eq!(list, [7, 8]);
        list.extend_from_slice(&[9; 2000]);
        assert_eq!(list.len(), 2002);
        assert_eq!(list[..3], [7, 8, 9]);
    }

    #[test]
    fn extend_from_slice_spills_when_the_slice_does_not_fit() {
        let mut list = MoveList::new();
        list.extend_from_slice(&[1u8; N - 1]);
        assert!(!list.is_spilled());
        list.extend_from_slice(&[2, 3]);
        assert!(list.is_spilled());
        assert_eq!(list.len(), N + 1);
        assert_eq!(list[N - 2..], [1, 2, 3]);
    }

    #[test]
    fn reserve_spills_only_beyond_the_inline_capacity() {
        let mut list = MoveList::<u8>::new();
        list.reserve(N);
        assert!(!list.is_spilled());
        list.push(1);
        list.reserve(N);
        assert!(list.is_spilled());
        assert_eq!(list, [1]);
        let mut big = MoveList::<u8>::new();
        big.extend((0..=255).map(|k: u16| k as u8));
        assert!(big.is_spilled());
        assert_eq!(big.len(), 256);
    }

    #[test]
    fn iterates_in_order_by_value_and_by_reference() {
        let mut list: MoveList<i32> = [5, 3, 9].into_iter().collect();
        let by_ref: Vec<i32> = (&list).into_iter().copied().collect();
        assert_eq!(by_ref, [5, 3, 9]);
        for mv in &mut list {
            *mv *= 2;
        }
        let mut iter = list.clone().into_iter();
        assert_eq!(iter.len(), 3);
        assert_eq!(iter.next_back(), Some(18));
        assert_eq!(iter.collect::<Vec<_>>(), [10, 6]);
        list.retain(|&mv| mv != 6);
        assert_eq!(list, vec![10, 18]);
        list.truncate(1);
        assert_eq!(list, &[10]);
        list.extend([&1, &2]);
        assert_eq!(list, [10, 1, 2]);
    }

    #[test]
    fn compares_debugs_and_hashes_as_its_moves() {
        let inline: MoveList<u16> = (0..3).collect();
        let mut spilled = MoveList::with_capacity(10 * N);
        spilled.extend_from_slice(&[0, 1, 2]);
        assert!(spilled.is_spilled() && !inline.is_spilled());
        assert_eq!(inline, spilled);
        assert_eq!(vec![0, 1, 2], inline);
        assert_ne!(inline, MoveList::<u16>::default());
        assert_eq!(alloc::format!("{inline:?}"), "[0, 1, 2]");
        assert_eq!(alloc::format!("{spilled:?}"), "[0, 1, 2]");
        let hash = |list: &MoveList<u16>| {
            use core::hash::BuildHasher;
            FixedState.hash_one(list)
        };
        assert_eq!(hash(&inline), hash(&spilled));
    }

    /// A deterministic hasher for the hash test (FNV-1a).
    struct FixedState;

    struct Fnv(u64);

    impl core::hash::BuildHasher for FixedState {
        type Hasher = Fnv;
        fn build_hasher(&self) -> Fnv {
            Fnv(0xcbf2_9ce4_8422_2325)
        }
    }

    impl Hasher for Fnv {
        fn finish(&self) -> u64 {
            self.0
        }
        fn write(&mut self, bytes: &[u8]) {
            for &b in bytes {
                self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
            }
        }
    }

    #[test]
    fn the_list_is_its_inline_moves_and_two_words_at_most() {
        // Swedish Draughts' 16-byte moves: 2 KiB of moves, the length and the variant.
        let size = core::mem::size_of::<MoveList<[u64; 2]>>();
        assert!(size <= 16 * N + 16, "{size}");
        assert!(core::mem::size_of::<MoveList<u8>>() <= N + 16);
    }

    #[test]
    fn buffers_fill_alike() {
        fn fill(moves: &mut impl MoveBuffer<u32>, n: u32) {
            moves.clear();
            moves.reserve(n as usize);
            for k in 0..n {
                moves.push(k);
            }
            moves.extend_from_slice(&[n, n + 1]);
            moves.truncate(n as usize + 1);
            moves.resize(n as usize + 3, 7);
            moves[n as usize + 1] = 8;
        }
        for n in [0, 5, N as u32 - 1, N as u32, 5000] {
            let mut vec = Vec::new();
            let mut list = MoveList::new();
            fill(&mut vec, n);
            fill(&mut list, n);
            assert_eq!(list, vec);
            assert_eq!(list.len(), n as usize + 3);
            assert_eq!(list[n as usize..], [n, 8, 7]);
            assert_eq!(list.is_spilled(), n as usize + 2 > N);
        }
    }
}
