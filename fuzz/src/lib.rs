//! What the fuzz targets share: seed positions of every game and board (valid positions a
//! mutation starts from, so the fuzzer does not have to discover the notation first), and the
//! structured input layout that picks one.
//!
//! ## Input layout of a seeded target
//! `[pick, edits, (offset, byte) × edits, rest…]`: `pick` chooses a seed position (modulo the
//! number of seeds); up to 7 single-byte edits (`edits % 8`) overwrite bytes of the seed's
//! text at `offset` (scaled to the text's length), which gives near-misses of valid text; the
//! rest is the target's own (move texts, move indices, a move in JSON, a depth…).
//!
//! The seeds are computed once per process from seeded random games (so they are the same on
//! every run and every machine), and the committed corpus under `fuzz/corpus/` is written from
//! them by `cargo run --bin make_corpus` (see the README).

use std::sync::OnceLock;

use game_core::{BoardSize, Game, Rng};

/// How many seed positions each random game contributes (spread over its length).
const SEEDS_PER_GAME: usize = 6;

/// Positions of random games from `starts`: the start, some middle positions and the end.
fn positions_of_random_games<G: Game>(starts: &[G], games_per_start: u64) -> Vec<G> {
    let mut seeds = Vec::new();
    let mut moves = Vec::new();
    for (index, &start) in starts.iter().enumerate() {
        for game in 0..games_per_start {
            let mut rng = Rng::new(1 + game + 1000 * index as u64);
            let mut line = vec![start];
            let mut pos = start;
            // Long enough for every game to end (Sundraval fills its board; a cap for the
            // games that could wander: kvarn3's movement phase, draughts).
            for _ in 0..400 {
                pos.legal_moves_into(&mut moves);
                let Some(&mv) = rng.choose(&moves) else { break };
                pos.play_unchecked(mv);
                line.push(pos);
            }
            let step = (line.len() / SEEDS_PER_GAME).max(1);
            seeds.extend(line.iter().step_by(step).copied());
            seeds.push(*line.last().expect("the start is in the line"));
        }
    }
    seeds.dedup();
    seeds
}

/// Seed positions of a game: random games from the start of every board size.
pub fn seeds<G: Game>() -> Vec<G> {
    let mut starts = vec![G::start()];
    for &size in G::BOARD_SIZES {
        if let Ok(start) = G::start_with_size(size) {
            if !starts.contains(&start) {
                starts.push(start);
            }
        }
    }
    positions_of_random_games(&starts, 3)
}

/// Svendo seeds on every supported rectangle (30..=64 points, both sides at least 5): the
/// game's [`Game::BOARD_SIZES`], the default 10x6 first.
pub fn svendo_rectangles() -> Vec<BoardSize> {
    <svendo::Position as Game>::BOARD_SIZES.to_vec()
}

/// Svendo seed positions: random games on every rectangle.
pub fn svendo_seeds() -> Vec<svendo::Position> {
    let starts: Vec<svendo::Position> = svendo_rectangles()
        .into_iter()
        .filter_map(|size| svendo::Position::start_with_size(size).ok())
        .collect();
    positions_of_random_games(&starts, 1)
}

/// Finished Sundraval boards of every size (random games played to their end).
pub fn sundraval_finished() -> Vec<sundraval::Position> {
    let mut ends = Vec::new();
    let mut moves = Vec::new();
    for &size in <sundraval::Position as Game>::BOARD_SIZES {
        let Ok(start) = sundraval::Position::start_with_size(size) else {
            continue;
        };
        for game in 0..3 {
            let mut rng = Rng::new(77 + game);
            let mut pos = start;
            while pos.outcome().is_none() {
                pos.legal_moves_into(&mut moves);
                let Some(&mv) = rng.choose(&moves) else { break };
                pos.play_unchecked(mv);
            }
            ends.push(pos);
        }
    }
    ends
}

/// The seed texts of one game, computed once per process.
pub struct SeedTexts {
    texts: OnceLock<Vec<String>>,
    make: fn() -> Vec<String>,
}

impl SeedTexts {
    /// Seeds made by `make` on first use.
    pub const fn new(make: fn() -> Vec<String>) -> Self {
        Self {
            texts: OnceLock::new(),
            make,
        }
    }

    /// The seed texts.
    pub fn get(&self) -> &[String] {
        self.texts.get_or_init(self.make)
    }
}

/// The position texts of [`seeds`].
pub fn seed_texts<G: Game>() -> Vec<String> {
    seeds::<G>().iter().map(ToString::to_string).collect()
}

/// The texts of the Sundraval seeds past the opening (at most 200 moves): the opening's move
/// list would make every run slow.
pub fn sundraval_seed_texts() -> Vec<String> {
    seeds::<sundraval::Position>()
        .iter()
        .filter(|pos| pos.legal_moves().len() <= 200)
        .map(ToString::to_string)
        .collect()
}

/// The texts of [`svendo_seeds`]: every rectangle.
pub fn svendo_seed_texts() -> Vec<String> {
    svendo_seeds().iter().map(ToString::to_string).collect()
}

/// Splits a seeded input: the (possibly edited) seed text and the rest of the input.
pub fn seeded<'a>(data: &'a [u8], seeds: &[String]) -> Option<(String, &'a [u8])> {
    let (&pick, data) = data.split_first()?;
    let seed = seeds.get(usize::from(pick) % seeds.len().max(1))?;
    let mut text = seed.clone().into_bytes();
    let (&edits, mut data) = data.split_first().unwrap_or((&0, &[]));
    for _ in 0..edits % 8 {
        let [offset, byte, rest @ ..] = data else {
            break;
        };
        if !text.is_empty() {
            let at = usize::from(*offset) * text.len() / 256;
            text[at] = *byte;
        }
        data = rest;
    }
    Some((String::from_utf8_lossy(&text).into_owned(), data))
}

/// Runs the shared driver ([`game_core::testing::fuzz_game_from`]) on a seeded input: the
/// edited seed is the position, the rest follows as move texts and move indices.
pub fn fuzz_seeded<G: Game>(data: &[u8], seeds: &[String], extra: impl FnMut(&G)) {
    let Some((text, rest)) = seeded(data, seeds) else {
        return;
    };
    // An edited seed that is no position has had its parse fuzzed; the driver's fallback would
    // be the start, which for Sundraval is the slow opening, so stop here.
    match G::parse_position(&text, None) {
        Ok(pos) => game_core::testing::fuzz_game_from::<G>(pos, rest, extra),
        Err(err) => assert!(
            err.offset <= text.len(),
            "{text:?}: the error's offset is past the text: {err}"
        ),
    }
}

/// A game-specific target's input: from 0x80 on, the first byte says "raw" (the shared
/// driver's own layout on the rest); below, the input is seeded.
pub fn fuzz_game_input<G: Game>(data: &[u8], seeds: &[String], extra: impl FnMut(&G)) {
    match data.split_first() {
        Some((&mode, rest)) if mode >= 0x80 => game_core::testing::fuzz_game::<G>(rest, extra),
        Some((_, rest)) => fuzz_seeded::<G>(rest, seeds, extra),
        None => {}
    }
}

/// Checks that a position reached by arbitrary unchecked moves still answers every question
/// without panicking (the answers themselves may be nonsense: the position may be corrupt).
pub fn poke<G: Game>(pos: &G) {
    let mut moves = Vec::new();
    pos.legal_moves_into(&mut moves);
    let _ = pos.outcome();
    let _ = pos.hash_key();
    let _ = pos.to_move();
    let _ = pos.to_string();
    for &mv in moves.iter().take(8) {
        let _ = pos.move_text(mv);
    }
}
