//! The picture of a position (`Position::to_svg`): well-formed XML on every board size, one
//! mark per stone, the last move and the highlights shown, the score breakdown (territories
//! tinted, dead stones crossed out), flipping turns the coordinates, and a snapshot.
//!
//! The snapshot `tests/data/sundraval.svg` is compared byte for byte. After a deliberate
//! change of the drawing, regenerate it with
//! `UPDATE_SNAPSHOTS=1 cargo test -p sundraval --test all svg::`, render it
//! (`rsvg-convert -w 400 tests/data/sundraval.svg -o /tmp/sundraval.png`) and look at it.

use game_core::testing::svg::{count, label_x};
use sundraval::{BoardSize, Describe, Game, Point, Position, SvgOptions};

/// Compares `svg` with the snapshot `tests/data/NAME` (`UPDATE_SNAPSHOTS=1` rewrites it).
fn snapshot(name: &str, svg: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    game_core::testing::svg::snapshot(dir.join(name), svg);
}

/// Attribute `name` of the coordinate label `label`, as a number.
fn label_attr(svg: &str, label: &str, name: &str) -> f64 {
    game_core::testing::svg::label_attr(svg, label, name)
        .parse()
        .expect("a number")
}

/// The position after `moves` from the start on `size` points a side.
fn after(size: u32, moves: &str) -> Position {
    let mut pos = Position::start_with_size(BoardSize::Side(size)).expect("a size");
    for text in moves.split_whitespace() {
        let mv = pos.parse_move(text).expect("a move");
        pos.play(mv).expect("legal");
    }
    pos
}

fn point(text: &str) -> Point {
    text.parse().expect("a point")
}

#[test]
fn every_board_size_draws_its_rows_and_columns() {
    for size in 3..=11u32 {
        let pos = Position::start_with_size(BoardSize::Side(size)).expect("a size");
        let svg = pos.to_svg(&SvgOptions::new());
        assert_eq!(count(&svg, "piece"), 0, "size {size}");
        assert_eq!(
            count(&svg, "coord"),
            2 * (2 * size as usize - 1),
            "size {size}"
        );
        label_x(&svg, &(2 * size - 1).to_string());
        label_x(&svg, "a");
    }
}

#[test]
fn the_opening_rings_both_stones() {
    let mut pos = Position::start_with_size(BoardSize::Side(5)).expect("a size");
    let opening = pos.parse_move("e5+f7").expect("a move");
    pos.play(opening).expect("legal");
    let svg = pos.to_svg(
        &SvgOptions::new()
            .with_last_move(Some(opening))
            .with_highlights(vec![point("a1"), point("e9"), point("i9")]),
    );
    assert_eq!(count(&svg, "piece black stone"), 1);
    assert_eq!(count(&svg, "piece white stone"), 1);
    assert_eq!(count(&svg, "last-move"), 2);
    // Columns a..i and rows 1..9 on 5 a side: a1 is a corner, e9 (column 4, row 8:
    // |4 − 8| = 4 ≤ 4) a point of the last row, i9 the far corner. All three are points.
    assert_eq!(count(&svg, "highlight"), 3);
    let keep = pos.parse_move("keep").expect("a move");
    pos.play(keep).expect("legal");
    let svg = pos.to_svg(
        &SvgOptions::new()
            .with_last_move(Some(keep))
            .with_highlights(vec![point("j1")]),
    );
    assert_eq!(count(&svg, "last-move"), 0, "keep changes no point");
    assert_eq!(count(&svg, "highlight"), 0, "j1 is no point of this board");
}

#[test]
fn the_score_tints_territories_and_crosses_out_dead_stones() {
    // n = 3, 19 points. Black a1 and b2 (one group), White d4. With nothing dead the empty
    // points are one region touching both colours; neither group has territory, and White's
    // is the smallest: it dies. Then the 16 empty points and d4 form one region next to Black
    // only: a black territory of 17 points, with one dead stone in it.
    let pos = after(3, "a1+d4 keep b2 pass pass");
    let plain = pos.to_svg(&SvgOptions::new());
    assert_eq!(count(&plain, "territory"), 0);
    assert_eq!(count(&plain, "dead"), 0);
    let svg = pos.to_svg(&SvgOptions::new().with_explain(true));
    assert_eq!(count(&svg, "territory black"), 17);
    assert_eq!(count(&svg, "territory white"), 0);
    assert_eq!(count(&svg, "dead"), 1);
    assert_eq!(count(&svg, "piece"), 3);

    // Two lone stones in opposite corners: both have no territory and the same size, so both
    // die at once; nobody has territory.
    let pos = after(3, "a1+e5 keep pass pass");
    let svg = pos.to_svg(&SvgOptions::new().with_explain(true));
    assert_eq!(count(&svg, "territory"), 0);
    assert_eq!(count(&svg, "dead"), 2);
}

#[test]
fn flipping_turns_the_board_half_round() {
    let pos = after(5, "e5+f7");
    let plain = pos.to_svg(&SvgOptions::new());
    let flipped = pos.to_svg(&SvgOptions::new().with_flipped(true));
    // Row 1 is the top row, and the bottom one when flipped.
    assert!(label_attr(&plain, "1", "y") < label_attr(&plain, "9", "y"));
    assert!(label_attr(&flipped, "1", "y") > label_attr(&flipped, "9", "y"));
    assert_eq!(count(&flipped, "piece"), 2);
}

#[test]
fn the_size_is_the_width_in_pixels() {
    let svg = Position::start_with_size(BoardSize::Side(9))
        .expect("a size")
        .to_svg(&SvgOptions::new().with_size(800));
    assert!(svg.contains("width=\"800\""));
}

#[test]
fn a_fixed_position_draws_the_same_picture() {
    let moves = "e5+f6 keep d4 d5 f5 e4 c5 g6 e6 f4 d6 g5 c4 e3 b4 f3 pass pass";
    let pos = after(5, moves);
    let text = pos.to_string();
    let rows = text.split(' ').next().expect("the rows field");
    let stones = rows.chars().filter(|c| *c == 'B' || *c == 'W').count();
    let options = SvgOptions::new()
        .with_explain(true)
        .with_last_move(Some(sundraval::Move::Place(point("f3"))));
    let svg = pos.to_svg(&options);
    // The position string's first field lists every stone.
    assert_eq!(count(&svg, "piece"), stones);
    snapshot("sundraval.svg", &svg);
}
