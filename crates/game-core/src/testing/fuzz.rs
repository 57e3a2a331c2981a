//! The fuzz driver every game's cargo-fuzz target calls: fuzzer bytes become a position, move
//! texts and move choices, and every position reached passes the conformance checks.

use super::conformance::{check_legal_move, check_position_sampled, Sample, REFUSALS_PER_POSITION};
use crate::Game;

/// Plies a fuzz input may play by move index, at most. libFuzzer wants thousands of short runs
/// a second, not a few long ones: deep positions come from the seed positions the targets
/// start from, so a long walk per input adds time, not reach.
const FUZZ_PLIES: usize = 16;

/// Move-text lines a fuzz input may try, at most (each one that parses is played and checked).
const FUZZ_MOVE_TEXTS: usize = 16;

/// The checks in the position an input's text gives (the one the fuzzer shapes most): every
/// kind, on three of its moves (spread over the list, where the input says) and three junk
/// texts. (A first position has no refusal candidates yet: they come from earlier positions.)
const FUZZ_FIRST_SAMPLE: Sample = Sample {
    moves: 3,
    refusals: REFUSALS_PER_POSITION,
    junk: 3,
    full_text: true,
    offset: 0,
};

/// The checks in every later position of a fuzz input: every kind, on a sample: the move the
/// input plays from it gets the full legal-move check (so no other move here), one refusal,
/// one junk text, and the text round trip printed and parsed once.
const FUZZ_STEP_SAMPLE: Sample = Sample {
    moves: 0,
    refusals: 1,
    junk: 1,
    full_text: false,
    offset: 0,
};

/// The fuzz driver every game's cargo-fuzz target calls: fuzzer bytes become a position, move
/// texts and move choices, and every position reached passes the checks of
/// [`check_position`](super::check_position) and `extra` (the game's own checks). Nothing may panic on any input
/// except a failed check.
///
/// Layout of the input: the first byte picks the board (below 128: the position text decides,
/// or the default board; from 128: one of [`Game::BOARD_SIZES`], when the game has several);
/// the text up to the next `\n` is tried as a position string (the start position on that
/// board is used when it is not one); the following lines, up to a line `#`, are tried as move
/// texts in turn (at most 16); every byte after that picks a legal move by index (at most 16
/// plies).
///
/// The cost of one input is kept proportional to the input and small, so a fuzzer runs
/// thousands of inputs a second: the first position gets every check of [`check_position`](super::check_position) on
/// three of its moves; each later position gets every kind of check on a sample (one
/// refusal, one junk text chosen by the input, the position text printed and parsed once),
/// and the move played from it gets the full legal-move check (text round trip, `is_legal`,
/// checked against fast play, hash). A move text that parses is played through the checked
/// play.
///
/// ```
/// use game_core::testing::fuzz_game;
/// use game_core::tictactoe::TicTacToe;
/// fuzz_game::<TicTacToe>(b"\0x../.o./... x\nb1\nzz\n#\n\x07\x01", |_| {});
/// fuzz_game::<TicTacToe>(&[0xff, 0x00], |_| {});
/// ```
///
/// # Panics
/// When the game breaks a property of the `Game` contract on this input (that is the
/// point: the fuzzer reports the panic); never for input the game merely refuses.
pub fn fuzz_game<G: Game>(data: &[u8], extra: impl FnMut(&G)) {
    let Some((&board, data)) = data.split_first() else {
        return;
    };
    let size = match G::BOARD_SIZES {
        [] => None,
        sizes if board >= 128 => Some(sizes[usize::from(board) % sizes.len()]),
        _ => None,
    };
    let (first, rest) = match data.iter().position(|&byte| byte == b'\n') {
        Some(end) => (&data[..end], &data[end + 1..]),
        None => (data, &[][..]),
    };
    let first = String::from_utf8_lossy(first);
    let start = match size {
        Some(size) => G::start_with_size(size).expect("a size from BOARD_SIZES"),
        None => G::start(),
    };
    let pos = match G::parse_position(&first, size) {
        Ok(pos) => pos,
        Err(err) => {
            assert!(
                err.offset <= first.len(),
                "{first:?}: the error's offset is past the text: {err}"
            );
            start
        }
    };
    fuzz_game_from(pos, rest, extra);
}

/// The part of [`fuzz_game`] after the position line: `data` holds the move-text lines, the
/// line `#` and the move indices, played from `pos` with the same checks. For a caller that
/// has parsed the position already (a fuzz target that starts from seed positions).
///
/// ```
/// use game_core::testing::fuzz_game_from;
/// use game_core::{tictactoe::TicTacToe, Game};
/// fuzz_game_from(TicTacToe::start(), b"b2\nzz\n#\n\x07\x01", |_| {});
/// ```
///
/// # Panics
/// As [`fuzz_game`]: when the game breaks a property of the `Game` contract.
pub fn fuzz_game_from<G: Game>(mut pos: G, data: &[u8], mut extra: impl FnMut(&G)) {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let mut seen: Vec<G::Move> = Vec::new();
    // The legal moves of `pos`, listed once per position and used by every check there.
    let mut moves = Vec::new();
    let mut check = |pos: &G, moves: &mut Vec<G::Move>, seen: &mut Vec<G::Move>, sample| {
        pos.legal_moves_into(moves);
        check_position_sampled(pos, moves, seen, sample);
        extra(pos);
        // Keep a few recent moves: tried, and expected to be refused, where they are illegal.
        seen.extend(moves.iter().take(4));
        let excess = seen.len().saturating_sub(REFUSALS_PER_POSITION);
        seen.drain(..excess);
    };
    // Which moves of the first position are checked: the input's length and last byte say, so
    // mutations move the sample over the list.
    let sample = Sample {
        offset: data.len() + usize::from(data.last().copied().unwrap_or(0)),
        ..FUZZ_FIRST_SAMPLE
    };
    check(&pos, &mut moves, &mut seen, sample);
    let mut consumed = 0;
    for (tried, line) in lines.by_ref().enumerate() {
        consumed += line.len() + 1;
        if line == "#" || tried == FUZZ_MOVE_TEXTS {
            break;
        }
        if let Ok(mv) = pos.parse_move(line) {
            assert!(
                pos.is_legal(mv),
                "{pos}: {line:?} parses to a move that is not legal"
            );
            pos.play(mv)
                .unwrap_or_else(|e| panic!("{pos}: {line:?} parses but does not play: {e}"));
            let sample = Sample {
                offset: tried,
                ..FUZZ_STEP_SAMPLE
            };
            check(&pos, &mut moves, &mut seen, sample);
        }
    }
    for &byte in text.as_bytes().iter().skip(consumed).take(FUZZ_PLIES) {
        if moves.is_empty() {
            break;
        }
        // Spread a byte over long move lists (Sundraval's opening has thousands of moves).
        let mv = moves[usize::from(byte) * 7919 % moves.len()];
        pos = check_legal_move(&pos, mv);
        let sample = Sample {
            offset: usize::from(byte),
            ..FUZZ_STEP_SAMPLE
        };
        check(&pos, &mut moves, &mut seen, sample);
    }
}
