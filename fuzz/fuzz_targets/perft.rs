//! Fuzz target for perft to small depths: the first byte picks the game, the next the depth
//! (1 or 2; 2 only where the position has at most 64 moves, to stay fast), then a seed position
//! (as in `boardrules_fuzz`, with edits). The count equals the sum of the divide, perft 1
//! equals the number of legal moves, a reused counter gives the same count, and a plain
//! recursion over `legal_moves` (no bulk counting, no buffers; the root's moves through the
//! checked `play`) agrees.

#![no_main]

use boardrules_fuzz::SeedTexts;
use game_core::{perft, perft_divide, Game, Perft};

static KVARN3: SeedTexts = SeedTexts::new(boardrules_fuzz::seed_texts::<kvarn3::Position>);
static DRAUGHTS: SeedTexts =
    SeedTexts::new(boardrules_fuzz::seed_texts::<swedish_draughts::Position>);
static CHEVERSI: SeedTexts = SeedTexts::new(boardrules_fuzz::seed_texts::<cheversi::Position>);
static SUNDRAVAL: SeedTexts = SeedTexts::new(boardrules_fuzz::sundraval_seed_texts);
static SVENDO: SeedTexts = SeedTexts::new(boardrules_fuzz::svendo_seed_texts);

/// Perft by plain recursion: a fresh move list per node, no bulk counting, no reused buffers;
/// the root's moves go through the checked play (each one costs a move generation, so only
/// there: the inner plies play the generated moves unchecked, as perft does).
fn plain<G: Game>(pos: &G, depth: u32, checked: bool) -> u64 {
    if depth == 0 {
        return 1;
    }
    pos.legal_moves()
        .into_iter()
        .map(|mv| {
            let mut child = *pos;
            if checked {
                child.play(mv).expect("a generated move plays");
            } else {
                child.play_unchecked(mv);
            }
            plain(&child, depth - 1, false)
        })
        .sum()
}

fn check<G: Game>(depth: u8, data: &[u8], seeds: &SeedTexts) {
    let Some((text, _)) = boardrules_fuzz::seeded(data, seeds.get()) else {
        return;
    };
    let Ok(pos) = G::parse_position(&text, None) else {
        return;
    };
    let moves = pos.legal_moves().len();
    let depth = if depth % 2 == 1 && moves <= 64 { 2 } else { 1 };
    let count = perft(&pos, depth).expect("a small depth");
    let divide = perft_divide(&pos, depth).expect("a small depth");
    assert_eq!(divide.len(), moves, "{pos}");
    assert_eq!(divide.iter().map(|&(_, n)| n).sum::<u64>(), count, "{pos}");
    if depth == 1 {
        assert_eq!(count, moves as u64, "{pos}");
    }
    let mut counter = Perft::new();
    assert_eq!(counter.count(&pos, depth), Ok(count), "{pos}");
    assert_eq!(counter.count(&pos, depth), Ok(count), "{pos}");
    assert_eq!(plain(&pos, depth, true), count, "{pos}");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let [game, depth, rest @ ..] = data else {
        return;
    };
    match game % 5 {
        0 => check::<kvarn3::Position>(*depth, rest, &KVARN3),
        1 => check::<swedish_draughts::Position>(*depth, rest, &DRAUGHTS),
        2 => check::<cheversi::Position>(*depth, rest, &CHEVERSI),
        3 => check::<sundraval::Position>(*depth, rest, &SUNDRAVAL),
        _ => check::<svendo::Position>(*depth, rest, &SVENDO),
    }
});
