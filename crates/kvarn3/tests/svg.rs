//! The picture of a position (`Position::to_svg`): well-formed XML, one mark per stone, the
//! last move and the highlights shown, flipping moves the coordinates, and a snapshot.
//!
//! The snapshot `tests/data/kvarn3.svg` is compared byte for byte. After a deliberate change
//! of the drawing, regenerate it with
//! `UPDATE_SNAPSHOTS=1 cargo test -p kvarn3 --test all svg::`, render it
//! (`rsvg-convert -w 400 tests/data/kvarn3.svg -o /tmp/kvarn3.png`) and look at it.

use game_core::testing::svg::{count, label_x};
use kvarn3::{Describe, Game, Move, Point, Position, SvgOptions};

fn point(text: &str) -> Point {
    text.parse::<Point>().expect("a point")
}

/// Compares `svg` with the snapshot `tests/data/NAME` (`UPDATE_SNAPSHOTS=1` rewrites it).
fn snapshot(name: &str, svg: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    game_core::testing::svg::snapshot(dir.join(name), svg);
}

/// The middle game of the crate docs: `B.W/WW./BB. w`, three stones of each colour.
fn middle() -> Position {
    "B.W/WW./BB. w".parse().expect("a position")
}

#[test]
fn the_start_is_well_formed_and_has_no_stones() {
    let svg = Position::start().to_svg(&SvgOptions::default());
    assert_eq!(count(&svg, "piece"), 0);
    assert!(svg.contains("width=\"400\" height=\"400\""));
    // Files and ranks on the edges.
    for label in ["a", "b", "c", "1", "2", "3"] {
        label_x(&svg, label);
    }
}

#[test]
fn one_mark_per_stone_of_each_colour() {
    let svg = middle().to_svg(&SvgOptions::default());
    assert_eq!(count(&svg, "piece white stone"), 3);
    assert_eq!(count(&svg, "piece black stone"), 3);
    assert_eq!(count(&svg, "piece"), 6);
}

#[test]
fn the_last_move_and_the_highlights_are_marked() {
    let pos = middle();
    let step = Move::Step {
        from: point("c3"),
        to: point("c2"),
    };
    let mut after = pos;
    after.play(step).expect("c3-c2 is legal");
    let options = SvgOptions::new()
        .with_last_move(Some(step))
        .with_highlights(vec![point("b3"), point("c3")]);
    let svg = after.to_svg(&options);
    assert_eq!(count(&svg, "last-move from"), 1);
    assert_eq!(count(&svg, "last-move to"), 1);
    assert_eq!(count(&svg, "highlight"), 2);
    // A placement has no point left.
    let place = SvgOptions::new().with_last_move(Some(Move::Place(point("b2"))));
    let svg = Position::start().to_svg(&place);
    assert_eq!(count(&svg, "last-move from"), 0);
    assert_eq!(count(&svg, "last-move to"), 1);
    // None by default.
    let svg = after.to_svg(&SvgOptions::default());
    assert_eq!(count(&svg, "last-move"), 0);
    assert_eq!(count(&svg, "highlight"), 0);
}

#[test]
fn flipping_mirrors_the_coordinates() {
    let pos = middle();
    let plain = pos.to_svg(&SvgOptions::default());
    let flipped = pos.to_svg(&SvgOptions::new().with_flipped(true));
    // Unflipped `a` is left of `c`; flipped, right of it.
    let x = |svg: &str, l: &str| label_x(svg, l).parse::<f64>().expect("a number");
    assert!(x(&plain, "a") < x(&plain, "c"));
    assert!(x(&flipped, "a") > x(&flipped, "c"));
    assert_ne!(plain, flipped);
    assert_eq!(count(&flipped, "piece"), 6);
}

#[test]
fn the_size_is_the_width_in_pixels() {
    let svg = middle().to_svg(&SvgOptions::new().with_size(800));
    assert!(svg.contains("width=\"800\" height=\"800\""));
}

#[test]
fn a_fixed_position_draws_the_same_picture() {
    let pos = middle();
    let options = SvgOptions::new()
        .with_last_move(Some(Move::Place(point("b1"))))
        .with_highlights(vec![point("b3"), point("c2")]);
    snapshot("kvarn3.svg", &pos.to_svg(&options));
}
