//! Svendo's typed outcome: each win rule from the hand-built positions of tests/perft.rs
//! (10 x 6 board, rows from the top), what an outcome means for each of the three players, and
//! (feature `serde`) its stored text.

use svendo::game_core::{DrawRules, OutcomeOf, PlayerResult, Reason};
use svendo::{Color, EndReason, Game, GameRecord, Outcome, Position, WinRule};

/// Black holds a1 and c1; e2-e1 captures the third base point (rule 1).
const RULE1: &str = "WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 0/0/0";
/// Black holds a1, c1, e1 with its own stone on the check point b1: moving it off wins (rule 2).
const RULE2: &str = "WWWWWWWW2/RRRRRRRR2/10/MMM7/6BBBB/BBB1B5 b 0/0/0 0/0/0";
/// Red holds a1, c1, e1 and a Black stone stands on b1: Black moving it off makes Red win
/// (rule 3).
const RULE3: &str = "WWWWWWWW2/BBBBBBB3/10/MMM6R/6RRRR/RBR1R5 b 0/0/0 0/0/0";

fn outcome_after(text: &str, mv: &str) -> OutcomeOf<Position> {
    let mut pos: Position = text.parse().expect("a valid position");
    let mv = pos.parse_move(mv).expect("a legal move");
    pos.play(mv).expect("legal");
    pos.outcome().expect("a win")
}

fn winner(player: Color, reason: EndReason) -> OutcomeOf<Position> {
    Outcome::Winner {
        player,
        reason: Reason::Rule(reason),
    }
}

#[test]
fn each_win_rule_is_its_own_reason() {
    assert_eq!(
        outcome_after(RULE1, "e2-e1"),
        winner(Color::Black, EndReason::ThirdBasePoint)
    );
    assert_eq!(
        outcome_after(RULE2, "b1-b2"),
        winner(Color::Black, EndReason::OwnCheckPoint)
    );
    assert_eq!(
        outcome_after(RULE3, "b1-b2"),
        winner(Color::Red, EndReason::ForcedOffCheckPoint)
    );
    assert_eq!(
        outcome_after(RULE3, "b1-b2").to_string(),
        "winner red (rule 3: opponent moved off check point)"
    );
    for (rule, reason) in [
        (WinRule::ThirdBasePoint, EndReason::ThirdBasePoint),
        (WinRule::OwnCheckPoint, EndReason::OwnCheckPoint),
        (WinRule::ForcedOffCheckPoint, EndReason::ForcedOffCheckPoint),
    ] {
        assert_eq!(rule.reason(), reason);
        assert_eq!(EndReason::from(rule), reason);
    }
}

/// Three players: one winner, two losers; the returns are 1 for the winner (Black plays
/// first, White second, Red third) and 0 for the others.
#[test]
fn with_three_players_one_wins_and_two_lose() {
    let red_wins = outcome_after(RULE3, "b1-b2");
    assert_eq!(red_wins.result_for(Color::Red), PlayerResult::Win);
    assert_eq!(red_wins.result_for(Color::Black), PlayerResult::Loss);
    assert_eq!(red_wins.result_for(Color::White), PlayerResult::Loss);
    assert_eq!(red_wins.rewards::<Position>(), [0.0, 0.0, 1.0]);
    let black_wins = outcome_after(RULE1, "e2-e1");
    assert_eq!(black_wins.rewards::<Position>(), [1.0, 0.0, 0.0]);
    assert_eq!(black_wins.result_for(Color::Red), PlayerResult::Loss);
}

/// A record's move cap draws for all three: a third each.
#[test]
fn a_capped_game_is_a_draw_worth_a_third_each() {
    let rules = DrawRules::NONE.with_move_cap(Some(1));
    let start: Position = RULE1.parse().unwrap();
    let mut record = GameRecord::with_rules(start, rules);
    // Any slide that wins nothing (Black need not take its win).
    let quiet = start
        .legal_moves()
        .into_iter()
        .find(|&mv| {
            let mut after = start;
            after.play_unchecked(mv);
            after.outcome().is_none()
        })
        .expect("a quiet slide");
    record.play(quiet).expect("legal");
    let outcome = record.outcome().expect("capped");
    assert_eq!(outcome.reason(), Reason::MoveCap);
    for color in Color::ALL {
        assert_eq!(outcome.result_for(color), PlayerResult::Draw);
    }
    let third = 1.0 / 3.0;
    assert_eq!(outcome.rewards::<Position>(), [third, third, third]);
}

#[cfg(feature = "serde")]
mod serde_form {
    use super::*;

    #[test]
    fn end_reasons_store_as_kebab_text() {
        for (reason, text) in [
            (EndReason::ThirdBasePoint, r#""third-base-point""#),
            (EndReason::OwnCheckPoint, r#""own-check-point""#),
            (
                EndReason::ForcedOffCheckPoint,
                r#""forced-off-check-point""#,
            ),
        ] {
            assert_eq!(serde_json::to_string(&reason).unwrap(), text);
            assert_eq!(serde_json::from_str::<EndReason>(text).unwrap(), reason);
        }
        for junk in [r#""rule 1: third base point""#, r#""ThirdBasePoint""#, "1"] {
            assert!(serde_json::from_str::<EndReason>(junk).is_err(), "{junk}");
        }
    }

    #[test]
    fn outcomes_round_trip_and_junk_is_refused() {
        let red = serde_json::to_string(&Color::Red).unwrap();
        let won = outcome_after(RULE3, "b1-b2");
        let json = serde_json::to_string(&won).unwrap();
        assert_eq!(
            json,
            format!(r#"{{"result":"win","player":{red},"reason":"forced-off-check-point"}}"#)
        );
        assert_eq!(
            serde_json::from_str::<OutcomeOf<Position>>(&json).unwrap(),
            won
        );
        let capped: OutcomeOf<Position> = Outcome::Draw {
            reason: Reason::MoveCap,
        };
        let json = serde_json::to_string(&capped).unwrap();
        assert_eq!(json, r#"{"result":"draw","reason":"move-cap"}"#);
        assert_eq!(
            serde_json::from_str::<OutcomeOf<Position>>(&json).unwrap(),
            capped
        );
        for junk in [
            r#"{"result":"win","reason":"own-check-point"}"#.to_owned(),
            format!(r#"{{"result":"win","player":{red},"reason":"rule-3"}}"#),
            format!(r#"{{"result":"draw","player":{red},"reason":"move-cap"}}"#),
            r#"{"result":"draw","reason":"move cap"}"#.to_owned(),
        ] {
            assert!(
                serde_json::from_str::<OutcomeOf<Position>>(&junk).is_err(),
                "{junk}"
            );
        }
    }
}
