//! What a GUI relies on (`Describe`, `Gestures`): along seeded random games every legal move
//! has a gesture of its own that maps back to it, and the picture names every point once on a
//! hit area on top, with every stone of the class its colour says, master stones apart
//! (game-core's checks in `testing::present`); and the gestures and the winning line by hand.

use game_core::testing::present::{check_presentation, check_svg_points};
use game_core::testing::svg::count;
use svendo::{
    Color, Describe, Game, GameRecord, Gesture, Gestures, Move, Outcome, Piece, Point, Position,
    Rng, SvgOptions,
};

/// The class of the stone on `point`, written from the rules' three colours and the master.
fn stone_class(pos: &Position, point: Point) -> Option<String> {
    pos.piece_at(point).map(|piece| {
        match piece {
            Piece::Stone(Color::Black) => "piece black stone",
            Piece::Stone(Color::White) => "piece white stone",
            Piece::Stone(Color::Red) => "piece red stone",
            Piece::Master => "piece master stone",
        }
        .to_owned()
    })
}

fn point(text: &str) -> Point {
    text.parse().expect("a point")
}

#[test]
fn random_games_have_one_gesture_per_move_and_named_points() {
    let starts: Vec<Position> = Position::BOARD_SIZES
        .iter()
        .take(3)
        .map(|&size| Position::start_with_size(size).expect("a listed size"))
        .collect();
    check_presentation(&starts, 9, 0x5E7D, 150, stone_class);
}

#[test]
fn sixty_points_and_the_gestures_as_the_notation_has_them() {
    let pos = Position::start();
    assert_eq!(pos.points().len(), 60);
    assert_eq!(Describe::points(&pos).len(), 60);
    let svg = pos.to_svg(&SvgOptions::new());
    assert_eq!(svg.matches("data-point=\"").count(), 60);
    check_svg_points(&pos, &SvgOptions::new().with_flipped(true), |p| {
        stone_class(&pos, p)
    });
    // An own stone and the master stone on the same point: the master is a choice.
    let own = pos.parse_move("c3").expect("legal");
    let master = pos.parse_move("Mc3").expect("legal");
    assert_eq!(pos.gesture(own), Gesture::clicks(vec![point("c3")]));
    assert_eq!(
        pos.gesture(master),
        Gesture::with_choice(vec![point("c3")], "M")
    );
    assert_eq!(
        pos.move_of(&Gesture::with_choice(vec![point("c3")], "M")),
        Some(master)
    );
    let slide = Move::Slide {
        from: point("c3"),
        to: point("c6"),
    };
    assert_eq!(
        pos.gesture(slide),
        Gesture::clicks(vec![point("c3"), point("c6")])
    );
    assert_eq!(
        pos.gesture(Move::Pass),
        Gesture::with_choice(vec![], "pass")
    );
}

#[test]
fn the_explanation_highlights_the_winning_line() {
    // A random game won by a slide (every win in movement is one).
    let record = (0..500)
        .find_map(|seed| {
            let mut rng = Rng::new(seed);
            let mut record = GameRecord::new(Position::start());
            while record.outcome().is_none() && record.moves().len() < 300 {
                let moves = record.legal_moves();
                let &mv = rng.choose(&moves)?;
                record.play(mv).ok()?;
            }
            let won = matches!(record.outcome(), Some(Outcome::Winner { .. }));
            let slid = matches!(record.moves().last(), Some(Move::Slide { .. }));
            (won && slid).then_some(record)
        })
        .expect("a random game won by a slide");
    let pos = *record.current();
    let last = record.moves().last().copied();
    let plain = pos.to_svg(&SvgOptions::new().with_last_move(last));
    let explained = pos.to_svg(&SvgOptions::new().with_last_move(last).with_explain(true));
    assert_eq!(count(&plain, "highlight"), 0);
    // A line of five points.
    assert_eq!(count(&explained, "highlight"), 5);
    assert_eq!(Position::EXPLANATION, Some("the winning line"));
}
