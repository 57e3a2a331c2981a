//! A small, fast, seedable pseudo-random generator for playouts and tests.

/// SplitMix64: a tiny seedable generator with good statistical quality for game playouts.
/// Not for cryptography.
///
/// ```
/// use game_core::Rng;
///
/// let mut a = Rng::new(42);
/// let mut b = Rng::new(42);
/// assert_eq!(a.next_u64(), b.next_u64()); // the same seed, the same sequence
/// assert!(a.below(6) < 6);
/// let items = ["a1", "b2", "c3"];
/// assert!(items.contains(a.choose(&items).unwrap()));
/// assert_eq!(a.choose::<u8>(&[]), None);
/// ```
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rng {
    state: u64,
}

impl Rng {
    /// A generator whose sequence is fixed by `seed`.
    pub fn new(seed: u64) -> Self {
        Self { state: seed }
    }

    /// The next 64 random bits.
    pub fn next_u64(&mut self) -> u64 {
        self.state = self.state.wrapping_add(0x9E37_79B9_7F4A_7C15);
        mix(self.state)
    }

    /// A uniform index below `n` (`n` > 0), by Lemire's multiply-shift reduction.
    ///
    /// ```
    /// let mut rng = game_core::Rng::new(1);
    /// assert!((0..100).all(|_| rng.below(3) < 3));
    /// ```
    ///
    /// # Panics
    /// In debug builds, when `n` is 0 (a release build returns 0).
    pub fn below(&mut self, n: usize) -> usize {
        debug_assert!(n > 0, "Rng::below(0)");
        ((u128::from(self.next_u64()) * n as u128) >> 64) as usize
    }

    /// A uniformly chosen element of `items`, or `None` when it is empty.
    pub fn choose<'a, T>(&mut self, items: &'a [T]) -> Option<&'a T> {
        if items.is_empty() {
            None
        } else {
            Some(&items[self.below(items.len())])
        }
    }
}

/// SplitMix64's output function: scrambles a counter value into 64 random-looking bits.
pub(crate) const fn mix(mut z: u64) -> u64 {
    z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
    z ^ (z >> 31)
}
