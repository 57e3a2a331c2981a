//! [`MoveBuffer`]: what a move generator writes into, a `Vec` or a [`MoveList`].

use alloc::vec::Vec;
use core::ops::DerefMut;

use super::MoveList;

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
