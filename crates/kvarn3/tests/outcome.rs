//! Kvarn3's typed outcome: each end reason from a hand-built position, what it means for each
//! player, and (feature `serde`) its stored text.

use kvarn3::game_core::{DrawRules, OutcomeOf, PlayerResult, Reason};
use kvarn3::{Color, EndReason, Game, GameRecord, Outcome, Position};

fn pos(text: &str) -> Position {
    text.parse().expect("a valid position")
}

#[test]
fn a_mill_of_the_player_who_moved_wins() {
    // White has the top row; Black is to move.
    let done = pos("WWW/BB./... b");
    let outcome = done.outcome().expect("over");
    assert_eq!(
        outcome,
        Outcome::Winner {
            player: Color::White,
            reason: Reason::Rule(EndReason::Mill)
        }
    );
    assert_eq!(outcome.result_for(Color::White), PlayerResult::Win);
    assert_eq!(outcome.result_for(Color::Black), PlayerResult::Loss);
    assert_eq!(outcome.rewards::<Position>(), [1.0, 0.0, 0.0]);
    assert_eq!(outcome.to_string(), "winner white (mill)");
}

/// The rules page: a blocked side to move loses, but on this board only after the opponent's
/// mill, which is reported first. White b1 c1 c2 around Black's diagonal a1 b2 c3: White is
/// stuck and the outcome names Black's mill.
#[test]
fn a_blocked_side_has_already_lost_to_a_mill() {
    let stuck = pos("..B/.BW/BWW w");
    assert!(stuck.is_blocked());
    assert_eq!(
        stuck.outcome().map(|o| o.reason()),
        Some(Reason::Rule(EndReason::Mill))
    );
    assert_eq!(EndReason::NoLegalMove.to_string(), "no legal move");
}

#[test]
fn a_record_draw_is_a_draw_for_both() {
    let rules = DrawRules::NONE.with_move_cap(Some(1));
    let mut record = GameRecord::with_rules(Position::start(), rules);
    record.play_text("b2").expect("legal");
    let outcome: OutcomeOf<Position> = record.outcome().expect("capped");
    assert_eq!(outcome.reason(), Reason::MoveCap);
    assert_eq!(outcome.result_for(Color::White), PlayerResult::Draw);
    assert_eq!(outcome.rewards::<Position>(), [0.5, 0.5, 0.0]);
}

#[cfg(feature = "serde")]
mod serde_form {
    use super::*;

    #[test]
    fn end_reasons_store_as_kebab_text() {
        for (reason, text) in [
            (EndReason::Mill, r#""mill""#),
            (EndReason::NoLegalMove, r#""no-legal-move""#),
        ] {
            assert_eq!(serde_json::to_string(&reason).unwrap(), text);
            assert_eq!(serde_json::from_str::<EndReason>(text).unwrap(), reason);
        }
        for junk in [r#""Mill""#, r#""no legal move""#, r#""repetition""#, "0"] {
            assert!(serde_json::from_str::<EndReason>(junk).is_err(), "{junk}");
        }
    }

    #[test]
    fn outcomes_round_trip_and_junk_is_refused() {
        let white = serde_json::to_string(&Color::White).unwrap();
        let win = pos("WWW/BB./... b").outcome().expect("over");
        let json = serde_json::to_string(&win).unwrap();
        assert_eq!(
            json,
            format!(r#"{{"result":"win","player":{white},"reason":"mill"}}"#)
        );
        assert_eq!(
            serde_json::from_str::<OutcomeOf<Position>>(&json).unwrap(),
            win
        );
        let draw: OutcomeOf<Position> = Outcome::Draw {
            reason: Reason::Repetition,
        };
        let json = serde_json::to_string(&draw).unwrap();
        assert_eq!(json, r#"{"result":"draw","reason":"repetition"}"#);
        assert_eq!(
            serde_json::from_str::<OutcomeOf<Position>>(&json).unwrap(),
            draw
        );
        for junk in [
            r#"{"result":"win","reason":"mill"}"#.to_owned(),
            format!(r#"{{"result":"win","player":{white},"reason":"three-in-a-row"}}"#),
            format!(r#"{{"result":"draw","player":{white},"reason":"mill"}}"#),
            r#"{"result":"draw","reason":"no legal move"}"#.to_owned(),
        ] {
            assert!(
                serde_json::from_str::<OutcomeOf<Position>>(&junk).is_err(),
                "{junk}"
            );
        }
    }
}
