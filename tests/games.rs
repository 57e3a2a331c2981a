//! The run-time game registry and the tools' shared position set-up.

use boardrules::games::{setup, visit, Describe, GameVisitor, SetupError, UnknownGame, GAME_NAMES};
use game_core::tictactoe::TicTacToe;
use game_core::{BoardSize, Game};

#[test]
fn setup_reads_text_and_refuses_sizes_of_single_board_games() {
    assert_eq!(setup::<TicTacToe>(None, None), Ok(TicTacToe::start()));
    let pos = setup::<TicTacToe>(Some(" x../.../... o "), None).unwrap();
    assert_eq!(pos.to_string(), "x../.../... o");
    assert!(matches!(
        setup::<TicTacToe>(None, Some(BoardSize::Side(3))),
        Err(SetupError::Size(_))
    ));
    let err = setup::<TicTacToe>(Some("x../... o"), None).unwrap_err();
    assert!(
        err.to_string().starts_with("tictactoe: invalid position"),
        "{err}"
    );
}

struct Name;

impl GameVisitor for Name {
    type Output = &'static str;
    fn visit<G: Describe>(self) -> &'static str {
        G::NAME
    }
}

#[test]
fn every_game_name_reaches_its_game_or_says_it_is_not_built() {
    for name in GAME_NAMES {
        match visit(name, Name) {
            Ok(found) => assert_eq!(found, *name),
            Err(err) => assert_eq!(err, UnknownGame::NotBuilt((*name).to_owned())),
        }
    }
}

#[test]
fn unknown_names_are_refused_with_the_list_of_games() {
    let err = visit("chess", Name).unwrap_err();
    assert_eq!(
        err.to_string(),
        format!("unknown game \"chess\" (games: {})", GAME_NAMES.join(", "))
    );
}

#[test]
fn the_outcome_line_follows_the_contract() {
    use boardrules::games::outcome_line;
    use game_core::tictactoe::{EndReason, Mark};
    use game_core::{Outcome, Reason};
    let pos = TicTacToe::start();
    assert_eq!(outcome_line(&pos, None), "outcome: none");
    assert_eq!(
        outcome_line(
            &pos,
            Some(Outcome::Draw {
                reason: Reason::Rule(EndReason::BoardFull)
            })
        ),
        "outcome: draw (board full)"
    );
    // The record's draws print as they always have.
    for (reason, text) in [
        (Reason::Repetition, "outcome: draw (repetition)"),
        (Reason::NoProgress, "outcome: draw (no-progress rule)"),
        (Reason::MoveCap, "outcome: draw (move cap)"),
    ] {
        assert_eq!(outcome_line(&pos, Some(Outcome::Draw { reason })), text);
    }
    let win = Outcome::Winner {
        player: Mark::O,
        reason: Reason::Rule(EndReason::ThreeInARow),
    };
    assert_eq!(
        outcome_line(&pos, Some(win)),
        "outcome: winner o (three in a row)"
    );
}

/// Draws the start and the position after the first legal move through [`Describe::to_svg`].
struct Pictures;

impl GameVisitor for Pictures {
    type Output = (String, String);
    fn visit<G: Describe>(self) -> (String, String) {
        let start = G::start();
        let first = start.legal_moves()[0];
        let mut after = start;
        after.play(first).expect("a generated move is legal");
        let options = game_core::SvgOptions::new().with_size(300);
        (
            start.to_svg(&options),
            after.to_svg(&options.with_last_move(Some(first))),
        )
    }
}

/// How many elements of the picture have the class word `word`.
fn marks(svg: &str, word: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
    doc.descendants()
        .filter(|n| {
            n.attribute("class")
                .is_some_and(|c| c.split_whitespace().any(|w| w == word))
        })
        .count()
}

#[test]
fn every_game_draws_its_picture_with_the_last_move_marked() {
    for name in GAME_NAMES {
        let Ok((start, after)) = visit(name, Pictures) else {
            continue;
        };
        for svg in [&start, &after] {
            let doc = roxmltree::Document::parse(svg).expect("well-formed XML");
            assert_eq!(doc.root_element().attribute("width"), Some("300"), "{name}");
        }
        // Every game's first move places or moves a piece, so it is marked.
        assert_eq!(marks(&start, "last-move"), 0, "{name}");
        assert!(marks(&after, "last-move") > 0, "{name}");
    }
}
