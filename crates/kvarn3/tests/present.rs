//! What a GUI relies on (`Describe`, `Gestures`): along seeded random games every legal move
//! has a gesture of its own that maps back to it, and the picture names every point once on a
//! hit area on top, with every stone of the class its colour says (game-core's checks in
//! `testing::present`); and the gestures and the mill explanation by hand.

use game_core::testing::present::{check_presentation, check_svg_points};
use game_core::testing::svg::count;
use kvarn3::{Color, Describe, Game, Gesture, Gestures, Point, Position, SvgOptions};

/// The class of the stone on `point`, written from the rules' two colours.
fn stone_class(pos: &Position, point: Point) -> Option<String> {
    pos.piece_at(point).map(|color| {
        match color {
            Color::White => "piece white stone",
            Color::Black => "piece black stone",
        }
        .to_owned()
    })
}

fn point(text: &str) -> Point {
    text.parse().expect("a point")
}

#[test]
fn random_games_have_one_gesture_per_move_and_named_points() {
    let starts = [
        Position::start(),
        "B.W/WW./BB. w".parse().expect("a position"),
    ];
    check_presentation(&starts, 40, 0x6E57, 60, stone_class);
}

#[test]
fn nine_points_are_named_and_the_gestures_are_the_clicks() {
    let pos: Position = "B.W/WW./BB. w".parse().expect("a position");
    assert_eq!(pos.points().len(), 9);
    let svg = pos.to_svg(&SvgOptions::new());
    assert_eq!(svg.matches("data-point=\"").count(), 9);
    assert_eq!(count(&svg, "hit"), 9);
    check_svg_points(&pos, &SvgOptions::new(), |p| stone_class(&pos, p));
    // A step is its two points, a placement its one point.
    let step = pos.parse_move("b2-b3").expect("legal");
    assert_eq!(
        pos.gesture(step),
        Gesture::clicks(vec![point("b2"), point("b3")])
    );
    assert_eq!(
        pos.move_of(&Gesture::clicks(vec![point("b2"), point("b3")])),
        Some(step)
    );
    assert_eq!(pos.move_of(&Gesture::clicks(vec![point("b3")])), None);
    let start = Position::start();
    let place = start.parse_move("a1").expect("legal");
    assert_eq!(start.gesture(place), Gesture::clicks(vec![point("a1")]));
}

#[test]
fn the_explanation_highlights_the_mill() {
    let mut pos = Position::start();
    for text in ["a1", "a3", "b1", "b3", "c1"] {
        let mv = pos.parse_move(text).expect("legal");
        pos.play(mv).expect("legal");
    }
    assert!(pos.outcome().is_some());
    let plain = pos.to_svg(&SvgOptions::new());
    let explained = pos.to_svg(&SvgOptions::new().with_explain(true));
    assert_eq!(count(&plain, "highlight"), 0);
    assert_eq!(count(&explained, "highlight"), 3);
    // A game going on has no mill to show.
    let going_on = Position::start().to_svg(&SvgOptions::new().with_explain(true));
    assert_eq!(count(&going_on, "highlight"), 0);
    assert_eq!(Position::EXPLANATION, Some("the mill"));
}
