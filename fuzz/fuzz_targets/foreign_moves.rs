//! Fuzz target for moves that did not come from the position's own generator, played through
//! `play_unchecked`: the first byte picks the game, the next a seed position (as in
//! `boardrules_fuzz`, with edits); then each line is either a move in its serde JSON form
//! (hostile: any squares, any flags) or, when it is not JSON, a byte picking a legal move of
//! *another* seed position. Checked play must refuse exactly the moves the position does not
//! list; unchecked play of anything may leave nonsense, but no later question (moves, outcome,
//! hash, text) may panic.

#![no_main]

use boardrules_fuzz::SeedTexts;
use game_core::Game;
use serde::de::DeserializeOwned;

static KVARN3: SeedTexts = SeedTexts::new(boardrules_fuzz::seed_texts::<kvarn3::Position>);
static DRAUGHTS: SeedTexts =
    SeedTexts::new(boardrules_fuzz::seed_texts::<swedish_draughts::Position>);
static CHEVERSI: SeedTexts = SeedTexts::new(boardrules_fuzz::seed_texts::<cheversi::Position>);
static SUNDRAVAL: SeedTexts = SeedTexts::new(boardrules_fuzz::sundraval_seed_texts);
static SVENDO: SeedTexts = SeedTexts::new(boardrules_fuzz::svendo_seed_texts);

fn check<G: Game>(data: &[u8], seeds: &SeedTexts)
where
    G::Move: DeserializeOwned,
{
    let seeds = seeds.get();
    let Some((text, rest)) = boardrules_fuzz::seeded(data, seeds) else {
        return;
    };
    let Ok(mut pos) = G::parse_position(&text, None) else {
        return;
    };
    let mut corrupt = false;
    for line in rest.split(|&b| b == b'\n').take(16) {
        let mv = match serde_json::from_slice::<G::Move>(line) {
            Ok(mv) => mv,
            Err(_) => {
                // A legal move of another seed position.
                let Some(&pick) = line.first() else { continue };
                let other_text = &seeds[usize::from(pick) % seeds.len()];
                let Ok(other) = G::parse_position(other_text, None) else {
                    continue;
                };
                let moves = other.legal_moves();
                let Some(&mv) =
                    moves.get(usize::from(line.get(1).copied().unwrap_or(0)) % moves.len().max(1))
                else {
                    continue;
                };
                mv
            }
        };
        if !corrupt {
            let legal = pos.legal_moves().contains(&mv);
            let mut checked = pos;
            assert_eq!(checked.play(mv).is_ok(), legal, "{pos}: {mv:?}");
            if !legal {
                assert_eq!(checked, pos, "{pos}: a refused move changed the position");
            }
            corrupt = !legal;
        }
        pos.play_unchecked(mv);
        boardrules_fuzz::poke(&pos);
    }
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&game, rest)) = data.split_first() else {
        return;
    };
    match game % 5 {
        0 => check::<kvarn3::Position>(rest, &KVARN3),
        1 => check::<swedish_draughts::Position>(rest, &DRAUGHTS),
        2 => check::<cheversi::Position>(rest, &CHEVERSI),
        3 => check::<sundraval::Position>(rest, &SUNDRAVAL),
        _ => check::<svendo::Position>(rest, &SVENDO),
    }
});
