//! What a GUI relies on (`Describe`, `Gestures`): along seeded random games every legal move
//! has a gesture of its own that maps back to it, and the picture names every point once on a
//! hit area on top, with every stone of the class its colour says (game-core's checks in
//! `testing::present`); and the gestures of the opening, the pie choice and the pass by hand.

use game_core::testing::present::{check_gestures, check_presentation, check_svg_points};
use sundraval::{BoardSize, Color, Describe, Game, Gesture, Gestures, Point, Position, SvgOptions};

/// The class of the stone on `point`, written from the rules' two colours.
fn stone_class(pos: &Position, point: Point) -> Option<String> {
    pos.piece_at(point).map(|color| {
        match color {
            Color::Black => "piece black stone",
            Color::White => "piece white stone",
        }
        .to_owned()
    })
}

fn start(side: u32) -> Position {
    Position::start_with_size(BoardSize::Side(side)).expect("a board size")
}

fn point(text: &str) -> Point {
    text.parse().expect("a point")
}

#[test]
fn random_games_have_one_gesture_per_move_and_named_points() {
    check_presentation(&[start(3), start(4), start(5)], 18, 0x5D7A, 80, stone_class);
}

#[test]
fn the_largest_opening_has_one_gesture_per_move() {
    // 11 a side: 331 points, 331 · 330 = 109,230 openings, each its own pair of points.
    let pos = start(11);
    assert_eq!(pos.legal_moves().len(), 109_230);
    check_gestures(&pos);
    assert_eq!(Describe::points(&pos).len(), 331);
    check_svg_points(&pos, &SvgOptions::new(), |p| stone_class(&pos, p));
}

#[test]
fn the_opening_is_two_clicks_and_the_pie_choice_and_pass_are_buttons() {
    let mut pos = start(5);
    assert_eq!(Describe::points(&pos).len(), 61);
    let opening = pos.parse_move("e5+f7").expect("legal");
    assert_eq!(
        pos.gesture(opening),
        Gesture::clicks(vec![point("e5"), point("f7")])
    );
    // The other order is the other opening: the black stone on f7.
    let reverse = pos.parse_move("f7+e5").expect("legal");
    assert_eq!(
        pos.move_of(&Gesture::clicks(vec![point("f7"), point("e5")])),
        Some(reverse)
    );
    pos.play(opening).expect("legal");
    let choices: Vec<Gesture<Point>> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| pos.gesture(mv))
        .collect();
    assert_eq!(choices.len(), 2);
    assert!(choices.contains(&Gesture::with_choice(vec![], "keep")));
    assert!(choices.contains(&Gesture::with_choice(vec![], "swap")));
    pos.play(pos.parse_move("keep").expect("legal"))
        .expect("legal");
    let place = pos.parse_move("d4").expect("legal");
    assert_eq!(pos.gesture(place), Gesture::clicks(vec![point("d4")]));
    let pass = pos.parse_move("pass").expect("legal");
    assert_eq!(pos.gesture(pass), Gesture::with_choice(vec![], "pass"));
    assert_eq!(
        pos.move_of(&Gesture::with_choice(vec![], "pass")),
        Some(pass)
    );
}

#[test]
fn the_explanation_is_the_score_layer() {
    let mut pos = start(3);
    for text in ["b1+c3", "keep"] {
        let mv = pos.parse_move(text).expect("legal");
        pos.play(mv).expect("legal");
    }
    let plain = pos.to_svg(&SvgOptions::new());
    let explained = pos.to_svg(&SvgOptions::new().with_explain(true));
    assert!(!plain.contains("class=\"territories\""));
    assert!(explained.contains("class=\"territories\""));
    assert_eq!(Position::EXPLANATION, Some("the score layer"));
}
