//! Hostile and absurd input to the core's tools: perft depths beyond reason, draw rules that
//! make no sense, records far longer than any game, and texts far longer than any move. None
//! of it may abort the call, take quadratic time or give a message as long as the input.

use crate::common;

use std::time::{Duration, Instant};

use common::Ring;
use game_core::tictactoe::TicTacToe;
use game_core::{
    excerpt, perft, perft_divide, DrawRules, DrawRulesError, Game, GameRecord, ParseMoveError,
    ParsePositionError, Perft, PerftError, Rng, EXCERPT_CHARS, MAX_PERFT_DEPTH,
};

// ---- perft -------------------------------------------------------------------------------

#[test]
fn a_perft_depth_above_the_bound_is_a_typed_error_not_a_crash() {
    let too_deep = PerftError::DepthTooLarge {
        depth: 99_999_999,
        max: MAX_PERFT_DEPTH,
    };
    // The ring never ends, so a search that started would never come back.
    assert_eq!(perft(&Ring::start(), 99_999_999), Err(too_deep));
    assert_eq!(perft_divide(&Ring::start(), 99_999_999), Err(too_deep));
    assert_eq!(
        Perft::new().count(&Ring::start(), MAX_PERFT_DEPTH + 1),
        Err(PerftError::DepthTooLarge {
            depth: MAX_PERFT_DEPTH + 1,
            max: MAX_PERFT_DEPTH
        })
    );
    assert_eq!(
        perft(&Ring::start(), u32::MAX).map_err(|e| e.to_string()),
        {
            Err(format!(
                "perft depth {} is too deep (at most {MAX_PERFT_DEPTH})",
                u32::MAX
            ))
        }
    );
}

#[test]
fn the_deepest_allowed_perft_runs_where_the_game_ends_early() {
    // Tic-tac-toe has no move after ply 9, so every count beyond 9 is 0.
    assert_eq!(perft(&TicTacToe::start(), MAX_PERFT_DEPTH), Ok(0));
    let divide = perft_divide(&TicTacToe::start(), MAX_PERFT_DEPTH).unwrap();
    assert_eq!(divide.len(), 9);
    assert!(divide.iter().all(|&(_, n)| n == 0));
}

#[test]
fn perft_grows_its_buffers_ply_by_ply_and_counts_deep_trees() {
    // The ring always has exactly two moves (on, back): perft(d) = 2^d by hand.
    let mut counter = Perft::new();
    for depth in [16, 3, 18, 0] {
        assert_eq!(counter.count(&Ring::start(), depth), Ok(1 << depth));
    }
}

// ---- draw rules ----------------------------------------------------------------------------

#[test]
fn rule_values_that_end_every_game_at_once_are_refused() {
    let cases = [
        (Some(0), None, None, DrawRulesError::Repetitions(0)),
        (Some(1), None, None, DrawRulesError::Repetitions(1)),
        (None, Some(0), None, DrawRulesError::NoProgressPlies),
        (None, None, Some(0), DrawRulesError::MoveCap),
    ];
    for (repetitions, no_progress_plies, move_cap, expected) in cases {
        let rules = DrawRules::new(repetitions, no_progress_plies, move_cap);
        assert_eq!(rules.validate(), Err(expected));
        assert_eq!(
            GameRecord::try_with_rules(Ring::start(), rules).err(),
            Some(expected)
        );
    }
    let extreme = DrawRules::new(Some(u32::MAX), Some(1), Some(u32::MAX));
    assert_eq!(extreme.validate(), Ok(()));
    assert_eq!(DrawRules::NONE.validate(), Ok(()));
    assert_eq!(DrawRules::NONE.with_repetitions(Some(2)).validate(), Ok(()));
}

fn stored_ring_record(rules: &str, moves: usize) -> String {
    let texts: Vec<&str> = (0..moves)
        .map(|i| if i % 2 == 0 { "\"on\"" } else { "\"back\"" })
        .collect();
    format!(
        r#"{{"format":1,"game":"ring","start":"0 a","rules":{rules},"moves":[{}]}}"#,
        texts.join(",")
    )
}

#[test]
fn a_stored_record_with_nonsensical_rules_is_refused_on_load() {
    for rules in [
        r#"{"repetitions":1,"no_progress_plies":null,"move_cap":null}"#,
        r#"{"repetitions":0,"no_progress_plies":null,"move_cap":null}"#,
        r#"{"repetitions":null,"no_progress_plies":0,"move_cap":null}"#,
        r#"{"repetitions":null,"no_progress_plies":null,"move_cap":0}"#,
    ] {
        let json = stored_ring_record(rules, 2);
        let err = serde_json::from_str::<GameRecord<Ring>>(&json).unwrap_err();
        assert!(err.to_string().contains("must be at least"), "{err}");
    }
}

#[test]
fn loading_a_huge_record_with_a_huge_repetition_limit_is_linear() {
    // 200,000 plies of on/back with no progress move: every second position is the start. A
    // rescan of the history per ply would compare 2·10^10 keys (minutes); counting with a
    // map takes well under a second. The bound is generous for a slow, shared machine.
    let json = stored_ring_record(
        r#"{"repetitions":4294967295,"no_progress_plies":null,"move_cap":null}"#,
        200_000,
    );
    let started = Instant::now();
    let record: GameRecord<Ring> = serde_json::from_str(&json).unwrap();
    let elapsed = started.elapsed();
    assert_eq!(record.moves().len(), 200_000);
    assert_eq!(record.repetition_count(), 100_001);
    assert!(elapsed < Duration::from_secs(20), "took {elapsed:?}");
}

/// The repetition count as the rule says it, the slow way: the positions since the last
/// progress move (the start when there was none) with the current position's key.
fn naive_repetitions(start: Ring, moves: &[i8]) -> u32 {
    let mut positions = vec![start];
    let mut first = 0;
    for &mv in moves {
        let mut pos = *positions.last().unwrap();
        if pos.is_progress_move(mv) {
            first = positions.len();
        }
        pos.play_unchecked(mv);
        positions.push(pos);
    }
    let key = positions.last().unwrap().hash_key();
    positions[first..]
        .iter()
        .filter(|p| p.hash_key() == key)
        .count() as u32
}

#[test]
fn incremental_repetition_counts_match_a_rescan_through_play_and_undo() {
    let mut rng = Rng::new(7);
    let mut record = GameRecord::with_rules(Ring::start(), DrawRules::NONE);
    let mut moves: Vec<i8> = Vec::new();
    let mut progress_undone = 0;
    for _ in 0..5000 {
        // Mostly forward (with a bias to `on`, so the walk crosses the start), sometimes back.
        if rng.below(4) == 0 && !moves.is_empty() {
            let before = record.position_at(moves.len() - 1).unwrap();
            if before.is_progress_move(*moves.last().unwrap()) {
                progress_undone += 1;
            }
            assert_eq!(record.undo(), moves.pop());
        } else {
            let mv = if rng.below(3) == 0 { -1 } else { 1 };
            record.play(mv).unwrap();
            moves.push(mv);
        }
        assert_eq!(
            record.repetition_count(),
            naive_repetitions(Ring::start(), &moves),
            "after {moves:?}"
        );
        // The record keeps no position but the start and the current one: after an undo, the
        // current one is made again from the moves left.
        let replayed = moves.iter().fold(Ring::start(), |mut pos, &mv| {
            pos.play_unchecked(mv);
            pos
        });
        assert_eq!(record.current(), &replayed, "after {moves:?}");
    }
    assert!(
        progress_undone > 10,
        "the walk must undo progress moves too"
    );
}

#[test]
fn a_draw_by_repetition_comes_back_after_undo_across_a_progress_move() {
    let rules = DrawRules::NONE.with_repetitions(Some(2));
    let mut record = GameRecord::try_with_rules(Ring::start(), rules).unwrap();
    // on on on: cell 3 (b to move); on again crosses the start (progress) to 0 a.
    for _ in 0..4 {
        record.play_text("on").unwrap();
    }
    // 0 a occurred at the start, but before the progress move: not a repetition.
    assert_eq!(record.repetition_count(), 1);
    assert_eq!(record.outcome(), None);
    // Undo the progress move: the window reaches back to the start again (0 a, 1 b, 2 a, 3 b).
    record.undo();
    assert_eq!(record.current().to_string(), "3 b");
    assert_eq!(record.repetition_count(), 1);
    // Back from 3 b: 2 a, which occurred at ply 2: the second occurrence, a draw.
    record.play_text("back").unwrap();
    assert_eq!(record.current().to_string(), "2 a");
    assert_eq!(record.repetition_count(), 2);
    assert!(record.outcome().is_some());
}

// ---- bounded error texts -------------------------------------------------------------------

#[test]
fn an_excerpt_is_bounded_and_marks_what_it_cut() {
    assert_eq!(excerpt("", 0), "");
    assert_eq!(excerpt("b2-c3", 99), "b2-c3");
    let long = "x".repeat(131_072);
    let quoted = excerpt(&long, 0);
    assert_eq!(quoted, format!("{}…", "x".repeat(EXCERPT_CHARS)));
    let quoted = excerpt(&long, 65_536);
    assert_eq!(quoted, format!("…{}…", "x".repeat(EXCERPT_CHARS)));
    let quoted = excerpt(&long, long.len());
    assert_eq!(quoted, format!("…{}", "x".repeat(10)));
    // Offsets inside a multi-byte character are moved to a boundary, never split it.
    let swedish = "å".repeat(100);
    let quoted = excerpt(&swedish, 51);
    assert!(quoted.starts_with('…') && quoted.ends_with('…'));
    assert_eq!(quoted.chars().filter(|&c| c == 'å').count(), EXCERPT_CHARS);
    // The fault is in view, with context before it.
    let text = format!("{}!{}", "a".repeat(500), "b".repeat(500));
    assert!(excerpt(&text, 500).starts_with("…aaaaaaaaaa!b"));
}

#[test]
fn move_and_position_errors_quote_a_bounded_excerpt_of_huge_input() {
    let huge = "on".repeat(65_536);
    let err = Ring::start().parse_move(&huge).unwrap_err();
    let ParseMoveError::Malformed { text, .. } = &err else {
        panic!("expected a malformed move, got {err:?}");
    };
    assert!(text.starts_with("onon") && text.ends_with('…'), "{text}");
    assert!(err.to_string().len() < 200, "{err}");

    let err = ParseMoveError::illegal(&huge, huge.clone());
    assert!(err.to_string().len() < 500, "{}", err.to_string().len());
    let err = ParseMoveError::ambiguous(&huge, vec!["on".into()]);
    assert!(err.to_string().len() < 200);
    let err = ParsePositionError::malformed(3, format!("bad token {huge}"));
    assert!(err.to_string().len() < 500);
    assert!(err
        .to_string()
        .starts_with("invalid position at byte 3: bad token onon"));

    let mut record = GameRecord::new(Ring::start());
    let err = record.play_text(&huge).unwrap_err();
    assert!(err.to_string().len() < 200, "{err}");
}

#[test]
fn a_stored_record_with_a_huge_move_text_gives_a_short_error() {
    let huge = "z".repeat(131_072);
    let json = format!(
        r#"{{"format":1,"game":"ring","start":"0 a","rules":{{"repetitions":3,"no_progress_plies":null,"move_cap":null}},"moves":["on","{huge}"]}}"#
    );
    let err = serde_json::from_str::<GameRecord<Ring>>(&json).unwrap_err();
    let message = err.to_string();
    assert!(message.contains("move 2 (zzzz"), "{message}");
    assert!(message.len() < 400, "{} bytes", message.len());
}
