//! The picture of a position (`Position::to_svg`): well-formed XML on several board sizes,
//! the lines in all four directions, one mark per stone (the master stones green), the last
//! move and the highlights shown, flipping turns the coordinates, and a snapshot.
//!
//! The snapshot `tests/data/svendo.svg` is compared byte for byte. After a deliberate change
//! of the drawing, regenerate it with `UPDATE_SNAPSHOTS=1 cargo test -p svendo --test all svg::`,
//! render it (`rsvg-convert -w 400 tests/data/svendo.svg -o /tmp/svendo.png`) and look at it.

use game_core::testing::svg::{count, label_x};
use svendo::{BoardSize, Describe, Game, Point, Position, SvgOptions};

/// Compares `svg` with the snapshot `tests/data/NAME` (`UPDATE_SNAPSHOTS=1` rewrites it).
fn snapshot(name: &str, svg: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    game_core::testing::svg::snapshot(dir.join(name), svg);
}

/// How many elements named `tag` the picture has.
fn elements(svg: &str, tag: &str) -> usize {
    let doc = roxmltree::Document::parse(svg).expect("well-formed");
    doc.descendants()
        .filter(|n| n.tag_name().name() == tag)
        .count()
}

fn point(text: &str) -> Point {
    text.parse().expect("a point")
}

/// The crate docs' movement position: Black to move, 8 stones of each colour and the three
/// master stones on the board.
const MOVEMENT: &str = "WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 0/0/0";

#[test]
fn the_start_draws_every_line_and_coordinate() {
    let svg = Position::start().to_svg(&SvgOptions::new());
    assert_eq!(count(&svg, "piece"), 0);
    // 10 x 6: 6 rows, 10 columns, and 13 diagonals each way (counted by hand: from the left
    // edge rows 1-5 and from the bottom columns b-i rise; symmetrically they fall).
    assert_eq!(elements(&svg, "line"), 6 + 10 + 13 + 13);
    assert_eq!(count(&svg, "coord"), 16);
    for label in ["a", "j", "1", "6"] {
        label_x(&svg, label);
    }
    // The picture keeps the board's proportions: 9 x 5 steps of 80 plus a margin of 80 all
    // round is 880 x 560, so 400 pixels wide is 254.5 high, rounded to 255.
    assert!(
        svg.contains("width=\"400\" height=\"255\""),
        "{}",
        &svg[..200]
    );
}

#[test]
fn other_board_sizes_draw_their_own_lines() {
    // 8 x 5: 5 rows, 8 columns; rising diagonals from a1-a4 and b1-g1: 10; falling 10.
    let pos = Position::start_with_size(BoardSize::Rect {
        width: 8,
        height: 5,
    })
    .expect("a supported size");
    let svg = pos.to_svg(&SvgOptions::new());
    assert_eq!(elements(&svg, "line"), 5 + 8 + 10 + 10);
    assert_eq!(count(&svg, "coord"), 13);
}

#[test]
fn one_mark_per_stone_and_master_stone() {
    let pos: Position = MOVEMENT.parse().expect("a position");
    let svg = pos.to_svg(&SvgOptions::new());
    assert_eq!(count(&svg, "piece black stone"), 8);
    assert_eq!(count(&svg, "piece white stone"), 8);
    assert_eq!(count(&svg, "piece red stone"), 8);
    assert_eq!(count(&svg, "piece master stone"), 3);
    assert_eq!(count(&svg, "piece"), 27);
}

#[test]
fn the_last_move_and_the_highlights_are_marked() {
    let pos: Position = MOVEMENT.parse().expect("a position");
    let slide = pos.parse_move("e2-e1").expect("a move");
    let mut after = pos;
    after.play(slide).expect("legal");
    let svg = after.to_svg(
        &SvgOptions::new()
            .with_last_move(Some(slide))
            .with_highlights(vec![point("j1"), point("a6"), point("l12")]),
    );
    assert_eq!(count(&svg, "last-move from"), 1);
    assert_eq!(count(&svg, "last-move to"), 1);
    // l12 is a point of the largest boards, not of the 10 x 6 board.
    assert_eq!(count(&svg, "highlight"), 2);
    let start = Position::start();
    let place = start.parse_move("Mc3").expect("a move");
    let svg = start.to_svg(&SvgOptions::new().with_last_move(Some(place)));
    assert_eq!(count(&svg, "last-move from"), 0);
    assert_eq!(count(&svg, "last-move to"), 1);
}

#[test]
fn flipping_turns_the_board_half_round() {
    let pos: Position = MOVEMENT.parse().expect("a position");
    let plain = pos.to_svg(&SvgOptions::new());
    let flipped = pos.to_svg(&SvgOptions::new().with_flipped(true));
    let x = |svg: &str, l: &str| label_x(svg, l).parse::<f64>().expect("a number");
    assert!(x(&plain, "a") < x(&plain, "j"));
    assert!(x(&flipped, "a") > x(&flipped, "j"));
    assert_eq!(count(&flipped, "piece"), 27);
}

#[test]
fn a_fixed_position_draws_the_same_picture() {
    let pos: Position = MOVEMENT.parse().expect("a position");
    let slide = pos.parse_move("e2-e1").expect("a move");
    let mut after = pos;
    after.play(slide).expect("legal");
    let options = SvgOptions::new()
        .with_last_move(Some(slide))
        .with_highlights(vec![point("c4")]);
    snapshot("svendo.svg", &after.to_svg(&options));
}
