//! Fuzz target for the game record's serde form, hostile JSON: the first byte picks the game,
//! the rest is read as a stored `GameRecord` (start position text, draw rules, move texts).
//! Loading never panics and never takes long (repetitions are counted incrementally, rules
//! that make no sense are refused); a record that loads writes back to JSON that loads to the
//! same record.

#![no_main]

use game_core::{Game, GameRecord};

fn check<G: Game>(json: &[u8]) {
    let Ok(record) = serde_json::from_slice::<GameRecord<G>>(json) else {
        return;
    };
    assert_eq!(record.rules().validate(), Ok(()));
    let again = serde_json::to_string(&record).expect("a record serializes");
    let back: GameRecord<G> = serde_json::from_str(&again)
        .unwrap_or_else(|e| panic!("{again}: a written record does not load: {e}"));
    assert_eq!(back.moves(), record.moves(), "{again}");
    assert_eq!(back.current(), record.current(), "{again}");
    assert_eq!(back.outcome(), record.outcome(), "{again}");
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((&game, json)) = data.split_first() else {
        return;
    };
    match game % 5 {
        0 => check::<kvarn3::Position>(json),
        1 => check::<swedish_draughts::Position>(json),
        2 => check::<cheversi::Position>(json),
        3 => check::<sundraval::Position>(json),
        _ => check::<svendo::Position>(json),
    }
});
