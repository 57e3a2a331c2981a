//! What a GUI relies on (`Describe`, `Gestures`, `Tally`): along seeded random games every
//! legal move has a gesture of its own that maps back to it, the picture names every square
//! once on a hit area on top, with every piece of the class its colour and kind say, and the
//! hands and texts agree with the gestures (game-core's checks in `testing::present`); the
//! gestures by hand; the scoreboard against a plain recount and the rules page's example; the
//! hands counted from the position text.

use cheversi::{
    Color, Describe, Game, Gesture, Gestures, HandEntry, Kind, Position, Square, SvgOptions, Tally,
};
use game_core::testing::present::{check_presentation, check_svg_points};

/// The class of the piece on `square`, written from the rules' colours and kinds.
fn piece_class(pos: &Position, square: Square) -> Option<String> {
    pos.piece_at(square).map(|piece| {
        let colour = match piece.color {
            Color::White => "white",
            Color::Black => "black",
        };
        let kind = match piece.kind {
            Kind::King => "king",
            Kind::Queen => "queen",
            Kind::Rook => "rook",
            Kind::Bishop => "bishop",
            Kind::Knight => "knight",
        };
        format!("piece {colour} {kind}")
    })
}

fn square(text: &str) -> Square {
    text.parse().expect("a square")
}

#[test]
fn random_games_have_one_gesture_per_move_and_named_squares() {
    check_presentation(&[Position::start()], 24, 0xC4E7, 20, piece_class);
}

#[test]
fn sixty_four_squares_are_named() {
    let pos = Position::start();
    let points = pos.points();
    assert_eq!(points.len(), 64);
    assert_eq!(points[0], square("a1"));
    assert_eq!(points[63], square("h8"));
    let svg = pos.to_svg(&SvgOptions::new());
    assert_eq!(svg.matches("data-point=\"").count(), 64);
    check_svg_points(&pos, &SvgOptions::new().with_explain(true), |s| {
        piece_class(&pos, s)
    });
}

#[test]
fn a_placement_is_its_square_with_the_kind_as_the_choice() {
    let mut pos = Position::start();
    let king = pos.parse_move("Ke4").expect("legal");
    assert_eq!(
        pos.gesture(king),
        Gesture::with_choice(vec![square("e4")], "K")
    );
    pos.play(king).expect("legal");
    // Black's reply: every kind in hand on the same square is a move of its own.
    let moves = pos.legal_moves();
    let on_d5: Vec<&str> = moves
        .iter()
        .filter(|mv| mv.square == square("d5"))
        .filter_map(|&mv| pos.gesture(mv).choice)
        .collect();
    assert!(on_d5.len() >= 2, "{on_d5:?}");
    for (text, letter) in [("Qd5", "Q"), ("Rd5", "R"), ("Bd5", "B"), ("Nd5", "N")] {
        if let Ok(mv) = pos.parse_move(text) {
            assert_eq!(
                pos.gesture(mv),
                Gesture::with_choice(vec![square("d5")], letter)
            );
            assert_eq!(
                pos.move_of(&Gesture::with_choice(vec![square("d5")], letter)),
                Some(mv)
            );
        }
    }
    assert_eq!(pos.move_of(&Gesture::clicks(vec![square("d5")])), None);
    assert_eq!(Position::EXPLANATION, Some("attacked squares"));
}

/// The pieces `white`'s side still holds, by the notation's letters, counted from the position
/// string: a king, a queen and two of the others, less the side's letters on the board.
fn hand_from_text(text: &str, white: bool) -> Vec<(String, u32)> {
    let board = text.split(' ').next().expect("a board field");
    ["K", "Q", "R", "B", "N"]
        .iter()
        .map(|&letter| {
            let start = if "KQ".contains(letter) { 1 } else { 2 };
            let letter_on_board = if white {
                letter.to_owned()
            } else {
                letter.to_lowercase()
            };
            let placed = board.matches(letter_on_board.as_str()).count() as u32;
            (letter.to_owned(), start - placed)
        })
        .collect()
}

#[test]
fn the_scoreboard_is_the_rules_score_and_the_hand_what_is_left() {
    let mut rng = cheversi::Rng::new(0x5C0E);
    for game in 0..60 {
        let mut pos = Position::start();
        loop {
            let text = pos.to_string();
            let board = pos.scoreboard().expect("Cheversi keeps a score");
            assert_eq!(board.label, "points");
            let expected = [
                (
                    Color::White,
                    i64::from(crate::props::naive_score(&pos, true)),
                ),
                (
                    Color::Black,
                    i64::from(crate::props::naive_score(&pos, false)),
                ),
            ];
            assert_eq!(board.scores, expected, "{text}");
            for (color, white) in [(Color::White, true), (Color::Black, false)] {
                let hand: Vec<(String, u32)> = pos
                    .hand(color)
                    .iter()
                    .map(|e| (e.choice.expect("a kind's letter").to_owned(), e.count))
                    .collect();
                assert_eq!(hand, hand_from_text(&text, white), "{text}");
            }
            if let Some(outcome) = pos.outcome() {
                // The final score decides: the higher number wins, equal numbers draw.
                assert_eq!(outcome.winner(), board.leader(), "game {game}: {text}");
                break;
            }
            let moves = pos.legal_moves();
            let mv = *rng.choose(&moves).expect("a game going on has a move");
            pos.play(mv).expect("a generated move is legal");
        }
    }
}

#[test]
fn the_rules_page_example_scores_by_hand() {
    // `2K5/2Qb4/8/8/8/8/8/8 b c7`: White's king c8 attacks the empty b8, d8, b7 (3); the
    // queen c7 attacks c6-c1 (6), b7 a7 (2), d8 (1), b8 (1), d6-h2 (5), b6 a5 (2): 17. Black's
    // bishop d7 attacks e8 (1), e6-h3 (4), c6-a4 (3); c8 is taken.
    let pos: Position = "2K5/2Qb4/8/8/8/8/8/8 b c7"
        .parse()
        .expect("the page's example");
    let board = pos.scoreboard().expect("a score");
    assert_eq!(board.scores, [(Color::White, 20), (Color::Black, 8)]);
    assert_eq!(board.leader(), Some(Color::White));
    assert_eq!(
        pos.hand(Color::Black),
        [
            HandEntry::new("king", Some("K"), 1),
            HandEntry::new("queen", Some("Q"), 1),
            HandEntry::new("rook", Some("R"), 2),
            HandEntry::new("bishop", Some("B"), 1),
            HandEntry::new("knight", Some("N"), 2),
        ]
    );
    // The start: nothing attacked, every piece in hand.
    let start = Position::start();
    assert_eq!(
        start.scoreboard().map(|b| b.scores),
        Some(vec![(Color::White, 0), (Color::Black, 0)])
    );
    assert_eq!(
        start
            .hand(Color::White)
            .iter()
            .map(|e| e.count)
            .sum::<u32>(),
        8
    );
}

#[test]
fn the_texts_name_the_game_and_its_rules() {
    assert_eq!(Position::TITLE, "Cheversi");
    assert_eq!(Position::RULES, include_str!("../RULES.md"));
    let letters: Vec<&str> = Position::CHOICES.iter().map(|&(c, _)| c).collect();
    assert_eq!(letters, ["K", "Q", "R", "B", "N"]);
    assert!(Position::HOW_TO_MOVE[0].starts_with("Pick a piece from your hand"));
}

#[test]
fn moves_and_points_are_read_in_either_case() {
    let pos = Position::start();
    let king = pos.parse_move("Ke4").expect("legal");
    for text in ["ke4", "KE4", "kE4"] {
        assert_eq!(pos.parse_move(text), Ok(king), "{text}");
    }
    assert_eq!(pos.move_text(king), "Ke4");
    assert_eq!(Position::parse_point("E4"), Ok(square("e4")));
    assert!("E4".parse::<Square>().is_err());
    // Position text keeps its case: `k` is Black's king, `K` White's.
    assert!("8/8/8/8/4K3/3nQ3/4q3/8 w E2".parse::<Position>().is_err());
}
