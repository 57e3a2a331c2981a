//! Captures of one jump, by whole-board shifts: when no capture of a side can be longer than
//! one jump, its captures are listed and counted without the capture search.

use super::{forward_shifts, View};
use crate::board::{shift, Geometry, E, N, NE, NW, S, SE, SW, W};

/// The men of the side in `v` that can make a first jump, per forward direction (the shifts
/// of [`forward_shifts`], in that order): a man with an enemy piece diagonally ahead and an
/// empty square behind it. Every man's first jump is diagonally forward
/// (`deferred_orthogonal_capture`), so these are all of its first jumps, one bit per man and
/// direction.
#[inline(always)]
pub(super) fn man_jumpers<G: Geometry, const WHITE: bool>(v: &View) -> [u64; 2] {
    let (a, b) = forward_shifts::<G>(WHITE);
    [
        shift(shift(v.empty, -a) & v.them, -a) & v.men,
        shift(shift(v.empty, -b) & v.them, -b) & v.men,
    ]
}

/// The men of `jumpers` ([`man_jumpers`], per forward direction) whose capture may go on
/// after the first jump; none when no capture of a side without dames can be longer than one
/// jump.
///
/// A sequence goes on only where a man, landed, finds an enemy piece next to it in one of its
/// five later directions (forward diagonals, forward along the file, sideways) with a free
/// square behind. That is tested for all landing squares at once, and generously — every
/// enemy piece counts, and the squares the jumping men left count as free — so a man left out
/// has only its single jump. When none is left, each first jump is a whole capture of one
/// piece, every capture is as long as the longest (`maximum_capture`), and no two share
/// start, direction and victim; else every capture longer than one jump starts from a man
/// given here. Perft's last plies list and count most capture positions without the search
/// this way, and search from the men given here only when one may go on.
#[inline(always)]
pub(super) fn going_on<G: Geometry, const WHITE: bool>(v: &View, jumpers: [u64; 2]) -> [u64; 2] {
    let r = G::R as i32;
    let (a, b) = forward_shifts::<G>(WHITE);
    let [jumpers_a, jumpers_b] = jumpers;
    let landed = shift(jumpers_a, 2 * a) | shift(jumpers_b, 2 * b);
    let free = v.empty | jumpers_a | jumpers_b;
    // The later directions of `Search::man`, with the squares a jump in each may start from.
    let onward = if WHITE {
        [
            (G::JUMP[NW], -(r + 1)),
            (G::JUMP[NE], -r),
            (G::JUMP[N], -(2 * r + 1)),
            (G::JUMP[W], -1),
            (G::JUMP[E], 1),
        ]
    } else {
        [
            (G::JUMP[SW], r),
            (G::JUMP[SE], r + 1),
            (G::JUMP[S], 2 * r + 1),
            (G::JUMP[W], -1),
            (G::JUMP[E], 1),
        ]
    };
    // The landing squares with an enemy piece next to them and a free square behind it.
    let mut onward_landings = 0;
    for (from, by) in onward {
        onward_landings |= landed & from & shift(v.them, -by) & shift(free, -2 * by);
    }
    [
        jumpers_a & shift(onward_landings, -2 * a),
        jumpers_b & shift(onward_landings, -2 * b),
    ]
}
