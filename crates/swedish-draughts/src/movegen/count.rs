//! Counting the legal moves without listing them, for perft: the last ply by bit counting,
//! the last two plies with a make-move that skips the hash key.

use super::capture::search_captures_from;
use super::capture::search_captures_view;
use super::single_jumps::{going_on, man_jumpers};
use super::{count_quiet, has_capture, legal_moves_of, view, MaxSink};
use crate::board::Geometry;
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
    let jumpers = man_jumpers::<G, WHITE>(&v);
    let all = G::BOARD & !v.empty;
    if v.dames == 0 {
        // Men only: the first jumps say whether there is a capture; a capture longer than one
        // jump can only start from a man whose jump may go on, so only those are searched,
        // and when none of them goes on, the captures are the single jumps, counted by bits.
        if jumpers == [0, 0] {
            return count_quiet::<G>(&v);
        }
        let singles = (jumpers[0].count_ones() + jumpers[1].count_ones()) as usize;
        let going_on = going_on::<G, WHITE>(&v, jumpers);
        if going_on == [0, 0] {
            return singles;
        }
        let mut sink = MaxSink::new(scratch, pos.eight);
        search_captures_from::<G, WHITE, _>(&v, all, going_on, 0, &mut sink);
        return if sink.longest() > 1 {
            scratch.len()
        } else {
            singles
        };
    }
    if !has_capture::<G>(&v) {
        return count_quiet::<G>(&v);
    }
    let mut sink = MaxSink::new(scratch, pos.eight);
    search_captures_view::<G, WHITE, _>(&v, all, &mut sink);
    scratch.len()
}
