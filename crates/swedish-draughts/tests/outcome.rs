//! Swedish Draughts' typed outcome: each end reason from a hand-built position (the rules
//! page: "a player who has no piece, or no legal move, on their turn loses"; the record's
//! 50-ply and repetition draws), what it means for each player, and (feature `serde`) its
//! stored text.

use swedish_draughts::game_core::{OutcomeOf, PlayerResult, Reason};
use swedish_draughts::{Color, EndReason, Game, GameRecord, Outcome, Position};

fn pos(text: &str) -> Position {
    text.parse().expect("a valid position")
}

#[test]
fn a_side_without_pieces_loses() {
    // Black to move with nothing left.
    let outcome = pos("B:W31:B").outcome().expect("over");
    assert_eq!(
        outcome,
        Outcome::Winner {
            player: Color::White,
            reason: Reason::Rule(EndReason::NoPiecesLeft)
        }
    );
    assert_eq!(outcome.to_string(), "winner white (no pieces left)");
    assert_eq!(outcome.result_for(Color::Black), PlayerResult::Loss);
    assert_eq!(outcome.rewards::<Position>(), [1.0, 0.0, 0.0]);
}

#[test]
fn a_side_whose_pieces_are_all_blocked_loses() {
    // White's man on 46 is blocked by 41, and 37 behind it is taken.
    let outcome = pos("W:W46:B37,41").outcome().expect("over");
    assert_eq!(
        outcome,
        Outcome::Winner {
            player: Color::Black,
            reason: Reason::Rule(EndReason::NoLegalMove)
        }
    );
    assert_eq!(outcome.to_string(), "winner black (no legal move)");
    assert_eq!(outcome.result_for(Color::Black), PlayerResult::Win);
    assert_eq!(outcome.rewards::<Position>(), [0.0, 1.0, 0.0]);
}

#[test]
fn shuttling_dames_draw_by_repetition_for_both() {
    let mut record = GameRecord::new(pos("W:WK50:BK1"));
    for text in ["50-45", "1-6", "45-50", "6-1"].iter().cycle().take(8) {
        record.play_text(text).expect("a dame move");
    }
    let outcome: OutcomeOf<Position> = record.outcome().expect("repeated");
    assert_eq!(
        outcome,
        Outcome::Draw {
            reason: Reason::Repetition
        }
    );
    assert_eq!(outcome.result_for(Color::White), PlayerResult::Draw);
    assert_eq!(outcome.rewards::<Position>(), [0.5, 0.5, 0.0]);
}

#[cfg(feature = "serde")]
mod serde_form {
    use super::*;

    #[test]
    fn end_reasons_store_as_kebab_text() {
        for (reason, text) in [
            (EndReason::NoPiecesLeft, r#""no-pieces-left""#),
            (EndReason::NoLegalMove, r#""no-legal-move""#),
        ] {
            assert_eq!(serde_json::to_string(&reason).unwrap(), text);
            assert_eq!(serde_json::from_str::<EndReason>(text).unwrap(), reason);
        }
        for junk in [
            r#""no legal move""#,
            r#""NoLegalMove""#,
            r#""mill""#,
            "null",
        ] {
            assert!(serde_json::from_str::<EndReason>(junk).is_err(), "{junk}");
        }
    }

    #[test]
    fn outcomes_round_trip_and_junk_is_refused() {
        let black = serde_json::to_string(&Color::Black).unwrap();
        let win = pos("W:W46:B37,41").outcome().expect("over");
        let json = serde_json::to_string(&win).unwrap();
        assert_eq!(
            json,
            format!(r#"{{"result":"win","player":{black},"reason":"no-legal-move"}}"#)
        );
        assert_eq!(
            serde_json::from_str::<OutcomeOf<Position>>(&json).unwrap(),
            win
        );
        let draw: OutcomeOf<Position> = Outcome::Draw {
            reason: Reason::NoProgress,
        };
        let json = serde_json::to_string(&draw).unwrap();
        assert_eq!(json, r#"{"result":"draw","reason":"no-progress"}"#);
        assert_eq!(
            serde_json::from_str::<OutcomeOf<Position>>(&json).unwrap(),
            draw
        );
        for junk in [
            r#"{"result":"win","reason":"no-legal-move"}"#.to_owned(),
            format!(r#"{{"result":"win","player":{black},"reason":"mill"}}"#),
            r#"{"result":"draw","reason":"no-progress rule"}"#.to_owned(),
            r#"{"result":"draw","reason":"no-progress","plies":50}"#.to_owned(),
        ] {
            assert!(
                serde_json::from_str::<OutcomeOf<Position>>(&junk).is_err(),
                "{junk}"
            );
        }
    }
}
