//! The picture of a position (`Position::to_svg`): well-formed XML, one mark per stone, the
//! last move and the highlights shown, flipping moves the coordinates, and a snapshot.
//!
//! The snapshot `tests/data/kvarn3.svg` is compared byte for byte. After a deliberate change
//! of the drawing, regenerate it with
//! `UPDATE_SNAPSHOTS=1 cargo test -p kvarn3 --test svg`, render it
//! (`rsvg-convert -w 400 tests/data/kvarn3.svg -o /tmp/kvarn3.png`) and look at it.

use kvarn3::{Game, Move, Point, Position, SvgOptions};

/// Parses `svg` as XML (the test fails if it is not well-formed) and returns the classes of
/// every element that has one.
fn classes(svg: &str) -> Vec<String> {
    let doc = roxmltree::Document::parse(svg).expect("the picture is well-formed XML");
    assert_eq!(doc.root_element().tag_name().name(), "svg");
    doc.descendants()
        .filter_map(|n| n.attribute("class").map(str::to_owned))
        .collect()
}

/// How many elements have every word of `words` among their classes.
fn count(svg: &str, words: &str) -> usize {
    classes(svg)
        .iter()
        .filter(|c| {
            let have: Vec<&str> = c.split_whitespace().collect();
            words.split_whitespace().all(|w| have.contains(&w))
        })
        .count()
}

/// The `x` of the coordinate label `label`.
fn label_x(svg: &str, label: &str) -> String {
    let doc = roxmltree::Document::parse(svg).expect("well-formed");
    let node = doc
        .descendants()
        .find(|n| n.attribute("class") == Some("coord") && n.text() == Some(label))
        .expect("the label is drawn");
    node.attribute("x").expect("a label has an x").to_owned()
}

fn point(text: &str) -> Point {
    Point::parse(text).expect("a point")
}

/// Compares `svg` with the snapshot file `name` in `tests/data`, or rewrites the file when
/// `UPDATE_SNAPSHOTS` is set.
fn snapshot(name: &str, svg: &str) {
    let path = std::path::Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/data")
        .join(name);
    if std::env::var_os("UPDATE_SNAPSHOTS").is_some() {
        std::fs::write(&path, svg).expect("the snapshot is written");
        return;
    }
    let expected = std::fs::read_to_string(&path)
        .unwrap_or_else(|e| panic!("{}: {e} (UPDATE_SNAPSHOTS=1 writes it)", path.display()));
    assert!(
        expected == svg,
        "{} differs from the picture drawn now (UPDATE_SNAPSHOTS=1 rewrites it)",
        path.display()
    );
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
    let options = SvgOptions {
        last_move: Some(step),
        highlights: vec![point("b3"), point("c3")],
        ..SvgOptions::default()
    };
    let svg = after.to_svg(&options);
    assert_eq!(count(&svg, "last-move from"), 1);
    assert_eq!(count(&svg, "last-move to"), 1);
    assert_eq!(count(&svg, "highlight"), 2);
    // A placement has no point left.
    let place = SvgOptions {
        last_move: Some(Move::Place(point("b2"))),
        ..SvgOptions::default()
    };
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
    let flipped = pos.to_svg(&SvgOptions {
        flipped: true,
        ..SvgOptions::default()
    });
    // Unflipped `a` is left of `c`; flipped, right of it.
    let x = |svg: &str, l: &str| label_x(svg, l).parse::<f64>().expect("a number");
    assert!(x(&plain, "a") < x(&plain, "c"));
    assert!(x(&flipped, "a") > x(&flipped, "c"));
    assert_ne!(plain, flipped);
    assert_eq!(count(&flipped, "piece"), 6);
}

#[test]
fn the_size_is_the_width_in_pixels() {
    let svg = middle().to_svg(&SvgOptions {
        size: 800,
        ..SvgOptions::default()
    });
    assert!(svg.contains("width=\"800\" height=\"800\""));
}

#[test]
fn a_fixed_position_draws_the_same_picture() {
    let pos = middle();
    let options = SvgOptions {
        last_move: Some(Move::Place(point("b1"))),
        highlights: vec![point("b3"), point("c2")],
        ..SvgOptions::default()
    };
    snapshot("kvarn3.svg", &pos.to_svg(&options));
}
