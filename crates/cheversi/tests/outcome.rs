//! Cheversi's typed outcome: the end reasons from hand-built positions whose scores are counted
//! by hand below (the rules page: one point per pair of own piece and empty square it attacks;
//! the higher score wins, equal scores draw; no legal placement ends the game at once), what
//! an outcome means for each player, and (feature `serde`) its stored text.

use cheversi::game_core::{PlayerResult, Reason};
use cheversi::{Color, EndReason, Game, Outcome, Position};

fn pos(text: &str) -> Position {
    text.parse().expect("a valid position")
}

/// All 16 placed in the top-left corner. White: Ka8 0, Bd8 0, Qa7 0, Rd7 0, Na6 1 (b4),
/// Rb6 5 (b5-b1), Bc6 2 (b5 a4), Nc5 5 (a4 b3 d3 e4 e6) = 13. Black: rb8 0, kc8 0, ne8 2
/// (f6 g7), qb7 0, rc7 0, be7 4 (f8; f6 g5 h4), nd6 5 (b5 c4 e4 f5 f7), bd5 10 (e6 f7 g8;
/// c4 b3 a2; e4 f3 g2 h1) = 21.
#[test]
fn after_sixteen_placements_the_higher_score_wins() {
    let end = pos("KrkBn3/QqrRb3/NRBn4/2Nb4/8/8/8/8 w c8");
    assert_eq!(end.scores(), [13, 21]);
    let outcome = end.outcome().expect("over");
    assert_eq!(
        outcome,
        Outcome::Winner {
            player: Color::Black,
            reason: Reason::Rule(EndReason::HigherScore)
        }
    );
    assert_eq!(outcome.to_string(), "winner black (higher score)");
    assert_eq!(outcome.result_for(Color::White), PlayerResult::Loss);
    assert_eq!(outcome.rewards::<Position>(), [0.0, 1.0, 0.0]);
}

/// White: Kf8 3 (e8 e7 g7), Bf7 1 (e8), Rh7 8 (h8; h6-h1; g7), Nd5 5 (b6 b4 c7 e7 f6), Qf5 5
/// (f6; g5 h5; g4 h3), Rd4 6 (d3-d1; c4-a4), Be3 2 (d2 c1), Nf3 6 (g5 h4 h2 g1 e1 d2) = 36.
/// Black: ng8 3 (e7 f6 h6), re6 7 (e7 e8; d6-a6; f6), ng6 3 (e7 h8 h4), qe5 6 (d6 c7 b8;
/// f6 g7 h8), be4 3 (d3 c2 b1), rf4 2 (g4 h4), bc3 6 (b4 a5; b2 a1; d2 e1), kf2 6 (e1 f1 g1
/// e2 g2 g3) = 36.
#[test]
fn after_sixteen_placements_equal_scores_draw() {
    let end = pos("5Kn1/5B1R/4r1n1/3NqQ2/3Rbr2/2b1BN2/5k2/8 w f2");
    assert_eq!(end.scores(), [36, 36]);
    let outcome = end.outcome().expect("over");
    assert_eq!(
        outcome,
        Outcome::Draw {
            reason: Reason::Rule(EndReason::EqualScores)
        }
    );
    assert_eq!(outcome.to_string(), "draw (equal scores)");
    assert_eq!(outcome.result_for(Color::White), PlayerResult::Draw);
    assert_eq!(outcome.rewards::<Position>(), [0.5, 0.5, 0.0]);
}

/// The rules page's first no-placement position: White's last piece is a bishop that must go
/// on a light square, and the only empty square touching Black, e1, is dark. White: Ka3 2
/// (a4 b4), Qb3 11 (b4-b8, a4, c4 d5 e6 f7 g8), Rc3 5, Rd3 5, Be3 9 (d4 c5 b6 a7, f4 g5 h6,
/// f2 g1), Ne2 4 (d4 f4 g3 g1), Nb1 0 = 36. Black: na2 1 (b4), every other piece 0 = 1.
#[test]
fn no_legal_placement_ends_the_game_and_the_higher_score_wins() {
    let end = pos("8/8/8/8/8/KQRRB3/nqrrN3/bNnb4 w a1");
    assert_eq!(end.scores(), [36, 1]);
    let outcome = end.outcome().expect("over");
    assert_eq!(
        outcome,
        Outcome::Winner {
            player: Color::White,
            reason: Reason::Rule(EndReason::HigherScoreNoPlacement)
        }
    );
    assert!(EndReason::HigherScoreNoPlacement.without_placement());
    assert!(!EndReason::HigherScore.without_placement());
    assert_eq!(
        outcome.to_string(),
        "winner white (higher score; no legal placement for the side to move)"
    );
    // No position ending early with equal scores turned up (none in 20 000 random games nor in
    // 400 000 that crowd a corner); the variant's words are the rules page's.
    assert_eq!(
        EndReason::EqualScoresNoPlacement.to_string(),
        "equal scores; no legal placement for the side to move"
    );
    assert!(EndReason::EqualScoresNoPlacement.without_placement());
}

#[cfg(feature = "serde")]
mod serde_form {
    use super::*;
    use cheversi::game_core::OutcomeOf;

    #[test]
    fn end_reasons_store_as_kebab_text() {
        for (reason, text) in [
            (EndReason::HigherScore, r#""higher-score""#),
            (EndReason::EqualScores, r#""equal-scores""#),
            (
                EndReason::HigherScoreNoPlacement,
                r#""higher-score-no-placement""#,
            ),
            (
                EndReason::EqualScoresNoPlacement,
                r#""equal-scores-no-placement""#,
            ),
        ] {
            assert_eq!(serde_json::to_string(&reason).unwrap(), text);
            assert_eq!(serde_json::from_str::<EndReason>(text).unwrap(), reason);
        }
        for junk in [r#""higher score""#, r#""HigherScore""#, r#""mill""#, "1"] {
            assert!(serde_json::from_str::<EndReason>(junk).is_err(), "{junk}");
        }
    }

    #[test]
    fn outcomes_round_trip_and_junk_is_refused() {
        let white = serde_json::to_string(&Color::White).unwrap();
        let win = pos("8/8/8/8/8/KQRRB3/nqrrN3/bNnb4 w a1")
            .outcome()
            .expect("over");
        let json = serde_json::to_string(&win).unwrap();
        assert_eq!(
            json,
            format!(r#"{{"result":"win","player":{white},"reason":"higher-score-no-placement"}}"#)
        );
        assert_eq!(
            serde_json::from_str::<OutcomeOf<Position>>(&json).unwrap(),
            win
        );
        let draw = pos("5Kn1/5B1R/4r1n1/3NqQ2/3Rbr2/2b1BN2/5k2/8 w f2")
            .outcome()
            .expect("over");
        let json = serde_json::to_string(&draw).unwrap();
        assert_eq!(json, r#"{"result":"draw","reason":"equal-scores"}"#);
        assert_eq!(
            serde_json::from_str::<OutcomeOf<Position>>(&json).unwrap(),
            draw
        );
        for junk in [
            r#"{"result":"win","reason":"higher-score"}"#.to_owned(),
            format!(r#"{{"result":"win","player":{white},"reason":"equal scores"}}"#),
            format!(r#"{{"result":"draw","player":{white},"reason":"equal-scores"}}"#),
            r#"{"result":"draw","reason":"board-full"}"#.to_owned(),
        ] {
            assert!(
                serde_json::from_str::<OutcomeOf<Position>>(&junk).is_err(),
                "{junk}"
            );
        }
    }
}
