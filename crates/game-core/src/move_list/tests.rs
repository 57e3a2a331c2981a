//! The list's behaviour inline, spilled, and through every trait.

use super::*;
use alloc::vec;
use core::hash::Hasher;

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
