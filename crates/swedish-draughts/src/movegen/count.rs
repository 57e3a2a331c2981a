//! Counting the legal moves without listing them, for perft: the last ply by bit counting,
//! the last two plies with a make-move that skips the hash key.

use super::capture::search_captures_view;
use super::{count_quiet, forward_shifts, has_capture, legal_moves_of, view, MaxSink, View};
use crate::board::{shift, Geometry, E, N, NE, NW, S, SE, SW, W};
use crate::position::{Color, Move, Position};
use alloc::vec::Vec;

/// The number of legal moves of `pos`: bit counting when there is no capture.
#[inline]
pub(crate) fn count_moves<G: Geometry>(pos: &Position, scratch: &mut Vec<Move>) -> usize {
    if pos.side == Color::White {
        count_moves_of::<G, true>(pos, scratch)
    } else {
        count_moves_of::<G, false>(pos, scratch)
    }
}

/// The number of positions two plies below `pos` (`Game::count_two_plies`): the moves listed
/// into `moves`, each made without the hash key (the count never reads it) and the replies
/// counted as [`count_moves`] does. The side to move and the side that replies are constants
/// of each instance, so neither the make-move nor the count picks a colour at run time.
///
/// Counting bits is much of the work (the quiet moves, the single captures), and the default
/// x86-64 target does not assume the POPCNT instruction, so with the `std` feature the count
/// runs a body compiled for it when the CPU has it ([`count_two_plies_popcnt`]), as Cheversi's
/// score does. Elsewhere the plain body runs, which uses POPCNT only when the target has it at
/// compile time (`-C target-feature=+popcnt`).
#[inline]
#[allow(unsafe_code)] // the POPCNT call below, after its run-time check
pub(crate) fn count_two_plies<G: Geometry>(
    pos: &Position,
    moves: &mut Vec<Move>,
    scratch: &mut Vec<Move>,
) -> u64 {
    #[cfg(all(target_arch = "x86_64", feature = "std"))]
    {
        if std::is_x86_feature_detected!("popcnt") {
            // SAFETY: the CPU supports POPCNT, checked just above.
            return unsafe { count_two_plies_popcnt::<G>(pos, moves, scratch) };
        }
    }
    count_two_plies_plain::<G>(pos, moves, scratch)
}

/// [`count_two_plies`] compiled with the POPCNT instruction: the whole count is inlined into
/// it (`#[inline(always)]` down to the bit counts), so every `count_ones` is one instruction.
#[cfg(all(target_arch = "x86_64", feature = "std"))]
#[target_feature(enable = "popcnt")]
#[allow(unsafe_code)]
unsafe fn count_two_plies_popcnt<G: Geometry>(
    pos: &Position,
    moves: &mut Vec<Move>,
    scratch: &mut Vec<Move>,
) -> u64 {
    count_two_plies_plain::<G>(pos, moves, scratch)
}

/// The body of [`count_two_plies`], for the target's own instructions.
#[inline(always)]
fn count_two_plies_plain<G: Geometry>(
    pos: &Position,
    moves: &mut Vec<Move>,
    scratch: &mut Vec<Move>,
) -> u64 {
    if pos.side == Color::White {
        two_plies_of::<G, true, false>(pos, moves, scratch)
    } else {
        two_plies_of::<G, false, true>(pos, moves, scratch)
    }
}

/// [`count_two_plies`] for a side to move of colour `WHITE`, whose opponent is `REPLY_WHITE`
/// (its negation: a constant argument cannot be computed from another).
#[inline(always)]
fn two_plies_of<G: Geometry, const WHITE: bool, const REPLY_WHITE: bool>(
    pos: &Position,
    moves: &mut Vec<Move>,
    scratch: &mut Vec<Move>,
) -> u64 {
    legal_moves_of::<G, WHITE>(pos, moves);
    let mut total = 0;
    for &mv in moves.iter() {
        let mut child = *pos;
        child.play_without_hash_as::<G, WHITE>(mv);
        total += count_moves_of::<G, REPLY_WHITE>(&child, scratch) as u64;
    }
    total
}

#[inline(always)]
fn count_moves_of<G: Geometry, const WHITE: bool>(
    pos: &Position,
    scratch: &mut Vec<Move>,
) -> usize {
    let v = view::<G, WHITE>(pos);
    if has_capture::<G>(&v) {
        if let Some(count) = count_single_captures::<G, WHITE>(&v) {
            return count;
        }
        let mut sink = MaxSink::new(scratch, pos.eight);
        search_captures_view::<G, WHITE, _>(&v, G::BOARD & !v.empty, &mut sink);
        scratch.len()
    } else {
        count_quiet::<G>(&v)
    }
}

/// The number of captures when, by whole-board shifts, no capture can be longer than one
/// jump; `None` when one might be (or the side has a dame), and the route search must count.
///
/// Every man's first jump is diagonally forward (`deferred_orthogonal_capture`), so the jumps
/// are the men with an enemy piece ahead and an empty square behind it, one bit per man and
/// direction. A sequence goes on only where a man, landed, finds an enemy piece next to it in
/// one of its five later directions (forward diagonals, forward along the file, sideways) with
/// a free square behind. That is tested for all landing squares at once, and generously —
/// every enemy piece counts, and the squares the jumping men left count as free — so a `Some`
/// is exact: each jump is then a whole capture of one piece, every capture is as long as the
/// longest (`maximum_capture`), and no two share start, direction and victim. Perft's last ply
/// counts most capture positions this way, without the search's buffers and calls.
#[inline(always)]
fn count_single_captures<G: Geometry, const WHITE: bool>(v: &View) -> Option<usize> {
    if v.dames != 0 {
        return None;
    }
    let r = G::R as i32;
    let (a, b) = forward_shifts::<G>(WHITE);
    let jumpers_a = shift(shift(v.empty, -a) & v.them, -a) & v.men;
    let jumpers_b = shift(shift(v.empty, -b) & v.them, -b) & v.men;
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
    let mut goes_on = 0;
    for (from, by) in onward {
        goes_on |= shift(shift(landed & from, by) & v.them, by) & free;
    }
    if goes_on != 0 {
        return None;
    }
    Some((jumpers_a.count_ones() + jumpers_b.count_ones()) as usize)
}
