//! The typed outcome: its reasons, what it means for each player, and its serde form (the
//! texts written in the `Outcome` docs).

use game_core::tictactoe::{EndReason, Mark, TicTacToe};
use game_core::{Game, GameRecord, MoveBuffer, Outcome, PlayerResult, Reason};

/// A player type that stores itself as its lower-case name, as every game's players do.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
#[serde(rename_all = "lowercase")]
enum Side {
    X,
    O,
}

type SideOutcome = Outcome<Side, EndReason>;

#[test]
fn the_reason_says_which_rule_ended_the_game() {
    let rule: Reason<EndReason> = Reason::Rule(EndReason::BoardFull);
    assert_eq!(rule.rule(), Some(EndReason::BoardFull));
    for draw in [Reason::Repetition, Reason::NoProgress, Reason::MoveCap] {
        assert_eq!(draw.rule(), None::<EndReason>);
    }
    assert_eq!(rule.to_string(), "board full");
    assert_eq!(
        Reason::<EndReason>::Rule(EndReason::ThreeInARow).to_string(),
        "three in a row"
    );
}

#[test]
fn tictactoe_ends_by_each_of_its_reasons() {
    // x: a1 b1 c1 in a row on the bottom rank.
    let line: TicTacToe = ".../oo./xxx o".parse().unwrap();
    assert_eq!(
        line.outcome(),
        Some(Outcome::Winner {
            player: Mark::X,
            reason: Reason::Rule(EndReason::ThreeInARow)
        })
    );
    // A full board without a line: x o x / x o o / o x x.
    let full: TicTacToe = "xox/xoo/oxx o".parse().unwrap();
    assert_eq!(
        full.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Rule(EndReason::BoardFull)
        })
    );
    assert_eq!(TicTacToe::start().outcome(), None);
}

#[test]
fn result_for_and_rewards_with_two_players() {
    let win = Outcome::Winner {
        player: Mark::X,
        reason: Reason::Rule(EndReason::ThreeInARow),
    };
    assert_eq!(win.result_for(Mark::X), PlayerResult::Win);
    assert_eq!(win.result_for(Mark::O), PlayerResult::Loss);
    assert_eq!(win.rewards::<TicTacToe>(), [1.0, 0.0, 0.0]);
    let draw: Outcome<Mark, EndReason> = Outcome::Draw {
        reason: Reason::Rule(EndReason::BoardFull),
    };
    assert_eq!(draw.result_for(Mark::X), PlayerResult::Draw);
    assert_eq!(draw.result_for(Mark::O), PlayerResult::Draw);
    assert_eq!(draw.rewards::<TicTacToe>(), [0.5, 0.5, 0.0]);
    assert_eq!(
        [PlayerResult::Win, PlayerResult::Draw, PlayerResult::Loss].map(|r| r.to_string()),
        ["win", "draw", "loss"]
    );
}

#[test]
fn a_record_draw_is_a_reason_of_its_own() {
    // Tic-tac-toe never repeats a position (marks stay), so the move cap is the record draw it
    // can meet: two plies under a cap of two.
    let rules = game_core::DrawRules::NONE.with_move_cap(Some(2));
    let mut record = GameRecord::with_rules(TicTacToe::start(), rules);
    record.play_text("b2").unwrap();
    record.play_text("a1").unwrap();
    let outcome = record.outcome().expect("the cap ends the game");
    assert_eq!(outcome.reason(), Reason::MoveCap);
    assert_eq!(outcome.result_for(Mark::O), PlayerResult::Draw);
    assert_eq!(outcome.to_string(), "draw (move cap)");
}

#[test]
fn outcomes_store_as_the_documented_text_and_come_back() {
    let cases: [(SideOutcome, &str); 5] = [
        (
            Outcome::Winner {
                player: Side::O,
                reason: Reason::Rule(EndReason::ThreeInARow),
            },
            r#"{"result":"win","player":"o","reason":"three-in-a-row"}"#,
        ),
        (
            Outcome::Draw {
                reason: Reason::Rule(EndReason::BoardFull),
            },
            r#"{"result":"draw","reason":"board-full"}"#,
        ),
        (
            Outcome::Draw {
                reason: Reason::Repetition,
            },
            r#"{"result":"draw","reason":"repetition"}"#,
        ),
        (
            Outcome::Draw {
                reason: Reason::NoProgress,
            },
            r#"{"result":"draw","reason":"no-progress"}"#,
        ),
        (
            Outcome::Winner {
                player: Side::X,
                reason: Reason::MoveCap,
            },
            r#"{"result":"win","player":"x","reason":"move-cap"}"#,
        ),
    ];
    for (outcome, text) in cases {
        assert_eq!(serde_json::to_string(&outcome).unwrap(), text);
        assert_eq!(serde_json::from_str::<SideOutcome>(text).unwrap(), outcome);
    }
    // Field order does not matter on the way in.
    assert_eq!(
        serde_json::from_str::<SideOutcome>(r#"{"reason":"board-full","result":"draw"}"#).unwrap(),
        Outcome::Draw {
            reason: Reason::Rule(EndReason::BoardFull)
        }
    );
}

#[test]
fn junk_outcomes_are_deserialization_errors() {
    for junk in [
        r#"{"result":"win","reason":"three-in-a-row"}"#,
        r#"{"result":"win","player":"o"}"#,
        r#"{"result":"draw"}"#,
        r#"{"result":"draw","player":"x","reason":"repetition"}"#,
        r#"{"result":"draw","reason":"repetition","moves":3}"#,
        r#"{"result":"win","player":"o","reason":"mill"}"#,
        r#"{"result":"win","player":"o","reason":"three in a row"}"#,
        r#"{"result":"draw","reason":"Repetition"}"#,
        r#"{"result":"draw","reason":"no-progress rule"}"#,
        r#"{"result":"draw","reason":3}"#,
        r#"{"result":"win","player":"z","reason":"three-in-a-row"}"#,
        r#"{"result":"loss","player":"o","reason":"three-in-a-row"}"#,
        r#"{"winner":"o","reason":"three-in-a-row"}"#,
        r#"{"reason":"repetition"}"#,
        r#""draw""#,
        "null",
        "[]",
        "{}",
    ] {
        assert!(
            serde_json::from_str::<SideOutcome>(junk).is_err(),
            "{junk} was accepted"
        );
    }
}

#[test]
fn player_results_store_as_lower_case_words() {
    for (result, text) in [
        (PlayerResult::Win, r#""win""#),
        (PlayerResult::Draw, r#""draw""#),
        (PlayerResult::Loss, r#""loss""#),
    ] {
        assert_eq!(serde_json::to_string(&result).unwrap(), text);
        assert_eq!(serde_json::from_str::<PlayerResult>(text).unwrap(), result);
    }
    assert!(serde_json::from_str::<PlayerResult>(r#""Win""#).is_err());
}

/// Tic-tac-toe that calls its full board a repetition draw: a position's own outcome must give
/// the game's own reason, and the conformance kit notices when it does not.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct ClaimsRepetition(TicTacToe);

impl core::fmt::Display for ClaimsRepetition {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

impl core::str::FromStr for ClaimsRepetition {
    type Err = game_core::ParsePositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(ClaimsRepetition)
    }
}

impl Game for ClaimsRepetition {
    type Move = u8;
    type Player = Mark;
    type Reason = EndReason;
    const NAME: &'static str = "claims-repetition";
    const PLAYERS: &'static [Mark] = TicTacToe::PLAYERS;
    fn start() -> Self {
        ClaimsRepetition(TicTacToe::start())
    }
    fn to_move(&self) -> Mark {
        self.0.to_move()
    }
    fn legal_moves_into<B: MoveBuffer<u8>>(&self, moves: &mut B) {
        self.0.legal_moves_into(moves)
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.0.play_unchecked(mv);
    }
    fn outcome(&self) -> Option<game_core::OutcomeOf<Self>> {
        self.0.outcome().map(|outcome| match outcome {
            Outcome::Draw { .. } => Outcome::Draw {
                reason: Reason::Repetition,
            },
            won => won,
        })
    }
    fn hash_key(&self) -> u64 {
        self.0.hash_key()
    }
    fn parse_move(&self, text: &str) -> Result<u8, game_core::ParseMoveError> {
        self.0.parse_move(text)
    }
    fn move_text(&self, mv: u8) -> String {
        self.0.move_text(mv)
    }
}

#[test]
#[should_panic(expected = "a position's own outcome gives a record's draw")]
fn the_kit_refuses_a_position_that_claims_a_record_draw() {
    let full: ClaimsRepetition = "xox/xoo/oxx o".parse().unwrap();
    game_core::testing::check_position(&full, &[]);
}

#[test]
fn the_kit_accepts_the_games_own_reasons() {
    let full: TicTacToe = "xox/xoo/oxx o".parse().unwrap();
    game_core::testing::check_position(&full, &[]);
    let line: TicTacToe = ".../oo./xxx o".parse().unwrap();
    game_core::testing::check_position(&line, &[]);
}
