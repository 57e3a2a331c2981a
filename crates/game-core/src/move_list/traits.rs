//! The standard traits of [`MoveList`]: slice access, comparison, hashing, conversion,
//! collection and iteration (by reference and by value, [`MoveListIntoIter`]).

use alloc::vec::{self, Vec};
use core::borrow::{Borrow, BorrowMut};
use core::fmt;
use core::hash::{Hash, Hasher};
use core::iter::FusedIterator;
use core::ops::{Deref, DerefMut};
use core::slice;

use super::{MoveList, Repr, MOVE_LIST_INLINE};

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
