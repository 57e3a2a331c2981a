//! The set-of-points type of a bitboard game, written once: every game crate exports one
//! (`PointSet` or `SquareSet`) with the same methods, so a user who learned one knows them all.

/// Defines a game's set of points over one board word: a `#[repr(transparent)]` newtype, so
/// a set costs exactly its word and the public API can hand out sets instead of raw bitboards.
///
/// The point type must have `const fn index(self) -> usize` (its bit in the word, below the
/// word's width), a crate-internal `const fn at_bit(index: usize) -> Self` that builds the
/// point of a bit the set holds (only bits of points are ever set), and `Display` (a set's
/// `Debug` lists its points by name). The macro defines the set
/// and its iterator; the set's field is `pub(crate)`, the raw word for the crate's hot paths.
///
/// The methods, the same in every game crate: `EMPTY`, `contains`, `insert`, `remove`, `len`,
/// `is_empty`, `first`, `iter` (and `IntoIterator`, `FromIterator`, `Extend`), `intersects`,
/// `union`, `intersection`, `difference`.
///
/// ```
/// mod board {
///     /// One of 16 points.
///     #[derive(Clone, Copy, Debug, PartialEq, Eq)]
///     pub struct Point(u8);
///
///     impl Point {
///         pub const fn new(index: u8) -> Option<Point> {
///             if index < 16 { Some(Point(index)) } else { None }
///         }
///         pub const fn index(self) -> usize {
///             self.0 as usize
///         }
///         pub(crate) const fn at_bit(index: usize) -> Point {
///             Point(index as u8)
///         }
///     }
///
///     impl core::fmt::Display for Point {
///         fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
///             write!(f, "p{}", self.0)
///         }
///     }
///
///     game_core::point_set! {
///         /// A set of points.
///         pub struct PointSet(u16) of Point;
///         /// The points of a [`PointSet`], lowest first.
///         pub struct Points;
///     }
/// }
/// use board::{Point, PointSet};
///
/// let (a, b) = (Point::new(3).unwrap(), Point::new(9).unwrap());
/// let mut set = PointSet::EMPTY;
/// set.insert(b);
/// set.insert(a);
/// assert_eq!(set.len(), 2);
/// assert_eq!(set.iter().collect::<Vec<_>>(), [a, b]);
/// assert!(set.contains(a) && !set.difference([a].into_iter().collect()).contains(a));
/// assert_eq!(set.first(), Some(a));
/// assert_eq!(format!("{set:?}"), "{p3, p9}");
/// ```
#[macro_export]
macro_rules! point_set {
    (
        $(#[$meta:meta])*
        $vis:vis struct $set:ident($word:ty) of $point:ident;
        $(#[$iter_meta:meta])*
        $iter_vis:vis struct $iter:ident;
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, PartialEq, Eq, Hash, Default)]
        #[repr(transparent)]
        $vis struct $set(pub(crate) $word);

        impl $set {
            /// The empty set.
            pub const EMPTY: $set = $set(0);

            /// Whether `point` is in the set.
            #[inline]
            #[must_use]
            pub const fn contains(self, point: $point) -> bool {
                self.0 >> point.index() & 1 != 0
            }

            /// Adds `point` (no change when it is already in).
            #[inline]
            pub const fn insert(&mut self, point: $point) {
                self.0 |= 1 << point.index();
            }

            /// Removes `point` (no change when it is not in).
            #[inline]
            pub const fn remove(&mut self, point: $point) {
                self.0 &= !(1 << point.index());
            }

            /// The number of points in the set.
            #[inline]
            #[must_use]
            pub const fn len(self) -> usize {
                self.0.count_ones() as usize
            }

            /// Whether the set holds no point.
            #[inline]
            #[must_use]
            pub const fn is_empty(self) -> bool {
                self.0 == 0
            }

            /// The lowest point of the set (the lowest index).
            #[inline]
            #[must_use]
            pub const fn first(self) -> Option<$point> {
                if self.0 == 0 {
                    None
                } else {
                    Some(<$point>::at_bit(self.0.trailing_zeros() as usize))
                }
            }

            /// The points of the set, lowest index first.
            #[inline]
            pub const fn iter(self) -> $iter {
                $iter($crate::Bits(self.0))
            }

            /// Whether the two sets share a point.
            #[inline]
            #[must_use]
            pub const fn intersects(self, other: $set) -> bool {
                self.0 & other.0 != 0
            }

            /// The points in either set.
            #[inline]
            #[must_use]
            pub const fn union(self, other: $set) -> $set {
                $set(self.0 | other.0)
            }

            /// The points in both sets.
            #[inline]
            #[must_use]
            pub const fn intersection(self, other: $set) -> $set {
                $set(self.0 & other.0)
            }

            /// The points of this set that are not in `other`.
            #[inline]
            #[must_use]
            pub const fn difference(self, other: $set) -> $set {
                $set(self.0 & !other.0)
            }
        }

        $crate::__point_set_traits!($set, $point, $iter);

        $(#[$iter_meta])*
        #[derive(Clone, Debug)]
        $iter_vis struct $iter($crate::Bits<$word>);

        impl ::core::iter::Iterator for $iter {
            type Item = $point;

            #[inline]
            fn next(&mut self) -> ::core::option::Option<$point> {
                self.0.next().map(<$point>::at_bit)
            }

            #[inline]
            fn size_hint(&self) -> (usize, ::core::option::Option<usize>) {
                self.0.size_hint()
            }
        }

        impl ::core::iter::ExactSizeIterator for $iter {}

        impl ::core::iter::FusedIterator for $iter {}
    };
}

/// The standard traits of a point set type: `Debug` as the set of point names, `FromIterator`
/// and `Extend` of points, and `IntoIterator` by value and by reference. Used by
/// [`point_set!`] and by the games whose sets span several words (Sundraval's, Svendo's), so
/// every set type has the same trait impls. The type needs `EMPTY`, `insert(&mut self,
/// point)` and `iter(self) -> $iter`, and must be `Copy`.
#[doc(hidden)]
#[macro_export]
macro_rules! __point_set_traits {
    ($set:ident, $point:ty, $iter:ident) => {
        impl ::core::fmt::Debug for $set {
            /// The points by name, as a set: `{a1, b2}`.
            fn fmt(&self, f: &mut ::core::fmt::Formatter<'_>) -> ::core::fmt::Result {
                let mut set = f.debug_set();
                for point in self.iter() {
                    set.entry(&format_args!("{point}"));
                }
                set.finish()
            }
        }

        impl ::core::iter::FromIterator<$point> for $set {
            fn from_iter<I: ::core::iter::IntoIterator<Item = $point>>(iter: I) -> $set {
                let mut set = $set::EMPTY;
                for point in iter {
                    set.insert(point);
                }
                set
            }
        }

        impl ::core::iter::Extend<$point> for $set {
            fn extend<I: ::core::iter::IntoIterator<Item = $point>>(&mut self, iter: I) {
                for point in iter {
                    self.insert(point);
                }
            }
        }

        impl ::core::iter::IntoIterator for $set {
            type Item = $point;
            type IntoIter = $iter;
            fn into_iter(self) -> $iter {
                self.iter()
            }
        }

        impl ::core::iter::IntoIterator for &$set {
            type Item = $point;
            type IntoIter = $iter;
            fn into_iter(self) -> $iter {
                self.iter()
            }
        }
    };
}
