//! Sundraval's typed outcome: every end reason from a hand-built finished position on the
//! smallest board (n = 3, rows of 3, 4, 5, 4, 3 points), read from the rules page's scoring
//! (a full row of stones walls off the rows beyond it), what an outcome means for each seat,
//! and (feature `serde`) its stored text.

use sundraval::game_core::{OutcomeOf, PlayerResult, Reason};
use sundraval::{Color, EndReason, Game, Outcome, Position, ScoringRule, Seat};

fn pos(text: &str) -> Position {
    text.parse().expect("a valid position")
}

fn reasons(text: &str) -> [Option<OutcomeOf<Position>>; 2] {
    let p = pos(text);
    [
        p.outcome_with(ScoringRule::Original),
        p.outcome_with(ScoringRule::Triangular),
    ]
}

fn win(player: Seat, reason: EndReason) -> Option<OutcomeOf<Position>> {
    Some(Outcome::Winner {
        player,
        reason: Reason::Rule(reason),
    })
}

fn draw(reason: EndReason) -> Option<OutcomeOf<Position>> {
    Some(Outcome::Draw {
        reason: Reason::Rule(reason),
    })
}

/// Black's row 2 walls off row 1 (3 points), White's row 3 walls off rows 4 and 5 (7 points):
/// one territory each, so the original rule goes to the sizes; the triangular points are equal
/// and White's larger territory takes the half point. The first seat plays Black.
#[test]
fn equal_counts_go_to_the_larger_territory_and_the_half_point() {
    assert_eq!(
        reasons("3/BBBB/WWWWW/4/3 b B 2"),
        [
            win(Seat::Second, EndReason::LargerTerritories),
            win(Seat::Second, EndReason::MorePoints)
        ]
    );
    let outcome = pos("3/BBBB/WWWWW/4/3 b B 2").outcome().expect("two passes");
    assert_eq!(outcome.result_for(Seat::First), PlayerResult::Loss);
    assert_eq!(outcome.result_for(Seat::Second), PlayerResult::Win);
    assert_eq!(outcome.rewards::<Position>(), [0.0, 1.0, 0.0]);
    assert_eq!(outcome.to_string(), "winner second (larger territories)");
}

/// Black's row 2 walls off row 1, White's row 4 walls off row 5: one territory of 3 points
/// each, row 3 neutral. Equal under both rules.
#[test]
fn mirror_walls_draw_under_both_rules() {
    assert_eq!(
        reasons("3/BBBB/5/WWWW/3 b B 2"),
        [
            draw(EndReason::EqualTerritories),
            draw(EndReason::EqualPoints)
        ]
    );
    let outcome = pos("3/BBBB/5/WWWW/3 b B 2").outcome().expect("two passes");
    assert_eq!(outcome.result_for(Seat::First), PlayerResult::Draw);
    assert_eq!(outcome.rewards::<Position>(), [0.5, 0.5, 0.0]);
}

/// The rules page's revive example in tests/perft.rs: Black wins by the counts.
#[test]
fn more_separate_territories_win_the_seed_rule() {
    assert_eq!(
        reasons("1B1/2WW/BBBBB/WWWW/3 b B 2")[0],
        win(Seat::First, EndReason::MoreTerritories)
    );
}

/// One stone each on an open board: both equally weak, both die, nobody has territory.
#[test]
fn when_every_group_dies_it_is_a_draw() {
    assert_eq!(
        reasons("1B1/4/2W2/4/3 b W 2"),
        [draw(EndReason::AllDead), draw(EndReason::AllDead)]
    );
}

/// An empty board is no position of the normal game; scoring one (the show tool's details
/// of the setup position) says so.
#[test]
fn an_empty_board_scores_as_no_stones() {
    let setup = pos("3/4/5/4/3 setup B 0");
    assert_eq!(setup.outcome(), None);
    for rule in [ScoringRule::Original, ScoringRule::Triangular] {
        assert_eq!(
            setup.score_breakdown().decide(rule),
            (None::<Color>, EndReason::NoStones)
        );
    }
}

#[cfg(feature = "serde")]
mod serde_form {
    use super::*;

    #[test]
    fn end_reasons_store_as_kebab_text() {
        for (reason, text) in [
            (EndReason::NoStones, r#""no-stones""#),
            (EndReason::AllDead, r#""all-dead""#),
            (EndReason::MoreTerritories, r#""more-territories""#),
            (EndReason::LargerTerritories, r#""larger-territories""#),
            (EndReason::EqualTerritories, r#""equal-territories""#),
            (EndReason::MorePoints, r#""more-points""#),
            (EndReason::EqualPoints, r#""equal-points""#),
        ] {
            assert_eq!(serde_json::to_string(&reason).unwrap(), text);
            assert_eq!(serde_json::from_str::<EndReason>(text).unwrap(), reason);
        }
        for junk in [r#""equal territories""#, r#""AllDead""#, r#""mill""#, "[]"] {
            assert!(serde_json::from_str::<EndReason>(junk).is_err(), "{junk}");
        }
    }

    #[test]
    fn outcomes_round_trip_and_junk_is_refused() {
        let second = serde_json::to_string(&Seat::Second).unwrap();
        let won = pos("3/BBBB/WWWWW/4/3 b B 2").outcome().expect("over");
        let json = serde_json::to_string(&won).unwrap();
        assert_eq!(
            json,
            format!(r#"{{"result":"win","player":{second},"reason":"larger-territories"}}"#)
        );
        assert_eq!(
            serde_json::from_str::<OutcomeOf<Position>>(&json).unwrap(),
            won
        );
        let drawn = pos("1B1/4/2W2/4/3 b W 2").outcome().expect("over");
        let json = serde_json::to_string(&drawn).unwrap();
        assert_eq!(json, r#"{"result":"draw","reason":"all-dead"}"#);
        assert_eq!(
            serde_json::from_str::<OutcomeOf<Position>>(&json).unwrap(),
            drawn
        );
        for junk in [
            r#"{"result":"win","reason":"more-points"}"#.to_owned(),
            format!(r#"{{"result":"win","player":{second},"reason":"no-legal-move"}}"#),
            r#"{"result":"draw","reason":"every group is dead"}"#.to_owned(),
        ] {
            assert!(
                serde_json::from_str::<OutcomeOf<Position>>(&junk).is_err(),
                "{junk}"
            );
        }
    }
}
