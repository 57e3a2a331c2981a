//! What a GUI relies on (`Describe`, `Gestures`, `Tally`): along seeded random games every
//! legal move has a gesture of its own that maps back to it, the picture names every point
//! once on a hit area on top, with every stone of the class its colour says, and the hands
//! and texts agree with the gestures (game-core's checks in `testing::present`); and the
//! gestures, the mill explanation, the hands counted from the position text, and the texts by
//! hand.

use game_core::testing::present::{check_presentation, check_svg_points};
use game_core::testing::svg::count;
use kvarn3::{
    Color, Describe, Game, Gesture, Gestures, HandEntry, Point, Position, SvgOptions, Tally,
};

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
fn the_explanation_rings_the_mill() {
    let mut pos = Position::start();
    for text in ["a1", "a3", "b1", "b3", "c1"] {
        let mv = pos.parse_move(text).expect("legal");
        pos.play(mv).expect("legal");
    }
    assert!(pos.outcome().is_some());
    let plain = pos.to_svg(&SvgOptions::new());
    let explained = pos.to_svg(&SvgOptions::new().with_explain(true));
    assert_eq!(count(&plain, "winning"), 0);
    // The mill is ringed, not dotted as a page's hints (highlights) are.
    assert_eq!(count(&explained, "winning"), 3);
    assert_eq!(count(&explained, "highlight"), 0);
    // A game going on has no mill to show.
    let going_on = Position::start().to_svg(&SvgOptions::new().with_explain(true));
    assert_eq!(count(&going_on, "winning"), 0);
    assert_eq!(Position::EXPLANATION, Some("the mill"));
}

/// The stones `letter` (`W` or `B`) still has to place, counted from the position string:
/// three less the colour's stones on the board.
fn stones_to_place(text: &str, letter: char) -> u32 {
    let board = text.split(' ').next().expect("a board field");
    3 - board.chars().filter(|&c| c == letter).count() as u32
}

#[test]
fn no_score_and_the_hand_is_the_stones_left_to_place() {
    let mut rng = kvarn3::Rng::new(0x7A11);
    for _ in 0..40 {
        let mut pos = Position::start();
        for _ in 0..30 {
            // A mill decides: there is no running score to show.
            assert_eq!(pos.scoreboard(), None);
            let text = pos.to_string();
            for (color, letter) in [(Color::White, 'W'), (Color::Black, 'B')] {
                assert_eq!(
                    pos.hand(color),
                    [HandEntry::new(
                        "stone",
                        None,
                        stones_to_place(&text, letter)
                    )],
                    "{text}"
                );
            }
            let moves = pos.legal_moves();
            let Some(&mv) = rng.choose(&moves) else {
                break;
            };
            pos.play(mv).expect("a generated move is legal");
        }
    }
    // The rules page's example: two stones each on the board, one each to place.
    let pos: Position = "W.B/.W./B.. w".parse().expect("a position");
    assert_eq!(pos.hand(Color::White)[0].count, 1);
    assert_eq!(pos.hand(Color::Black)[0].count, 1);
    // In the movement phase nothing is left.
    let moving: Position = "B.W/WW./BB. w".parse().expect("a position");
    assert_eq!(moving.hand(Color::Black)[0].count, 0);
}

#[test]
fn the_texts_name_the_game_and_its_rules() {
    assert_eq!(Position::TITLE, "Kvarn med tre pjäser");
    assert_eq!(Position::RULES, include_str!("../RULES.md"));
    assert!(Position::SUMMARY.contains("three in a row"));
    assert!(Position::CHOICES.is_empty());
    // A placement is one click, a step two: the lines say so.
    assert!(Position::HOW_TO_MOVE[0].contains("click an empty point"));
    assert!(Position::HOW_TO_MOVE[1].contains("adjacent empty point"));
}

#[test]
fn points_are_read_in_either_case_for_people_and_canonically_by_from_str() {
    assert_eq!(Position::parse_point(" B2 "), Ok(point("b2")));
    assert_eq!(Position::parse_point("c3"), Ok(point("c3")));
    let err = Position::parse_point("D4").expect_err("no such point");
    assert_eq!(err.text, "D4");
    assert!("B2".parse::<Point>().is_err());
}
