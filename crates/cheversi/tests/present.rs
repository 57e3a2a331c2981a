//! What a GUI relies on (`Describe`, `Gestures`): along seeded random games every legal move
//! has a gesture of its own that maps back to it, and the picture names every square once on
//! a hit area on top, with every piece of the class its colour and kind say (game-core's
//! checks in `testing::present`); and the gestures by hand.

use cheversi::{Color, Describe, Game, Gesture, Gestures, Kind, Position, Square, SvgOptions};
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
