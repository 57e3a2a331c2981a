//! The picture of a position (`Position::to_svg`): well-formed XML, one mark per piece, the
//! last placement, the highlights and the attack shading shown, flipping moves the
//! coordinates, and a snapshot.
//!
//! The snapshot `tests/data/cheversi.svg` is compared byte for byte. After a deliberate change
//! of the drawing, regenerate it with `UPDATE_SNAPSHOTS=1 cargo test -p cheversi --test all svg::`,
//! render it (`rsvg-convert -w 400 tests/data/cheversi.svg -o /tmp/cheversi.png`) and look
//! at it.

use cheversi::{Describe, Game, Position, SvgOptions};
use game_core::testing::svg::{count, label_x};

/// Compares `svg` with the snapshot `tests/data/NAME` (`UPDATE_SNAPSHOTS=1` rewrites it).
fn snapshot(name: &str, svg: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    game_core::testing::svg::snapshot(dir.join(name), svg);
}

/// The texts of the elements of class `class`, as numbers.
fn numbers(svg: &str, class: &str) -> Vec<u32> {
    let doc = roxmltree::Document::parse(svg).expect("well-formed");
    doc.descendants()
        .filter(|n| n.attribute("class") == Some(class))
        .map(|n| n.text().expect("a text").parse().expect("a number"))
        .collect()
}

fn parse(text: &str) -> Position {
    text.parse().expect("a position")
}

/// The rules page's middle game: White's king e4 and queen e3, Black's knight d3 and
/// queen e2.
const MIDDLE: &str = "8/8/8/8/4K3/3nQ3/4q3/8 w e2";

#[test]
fn the_start_is_an_empty_board_with_coordinates() {
    let svg = Position::start().to_svg(&SvgOptions::new());
    assert_eq!(count(&svg, "piece"), 0);
    assert_eq!(count(&svg, "dark"), 32);
    assert_eq!(count(&svg, "light"), 32);
    for label in ["a", "h", "1", "8"] {
        label_x(&svg, label);
    }
}

#[test]
fn one_mark_per_piece_with_its_colour_and_kind() {
    let svg = parse(MIDDLE).to_svg(&SvgOptions::new());
    assert_eq!(count(&svg, "piece"), 4);
    assert_eq!(count(&svg, "piece white king"), 1);
    assert_eq!(count(&svg, "piece white queen"), 1);
    assert_eq!(count(&svg, "piece black knight"), 1);
    assert_eq!(count(&svg, "piece black queen"), 1);
    assert_eq!(count(&svg, "attack"), 0, "no shading unless asked for");
}

#[test]
fn a_finished_game_shows_all_sixteen_pieces() {
    let mut pos = Position::start();
    while pos.outcome().is_none() {
        let mv = pos.legal_moves()[0];
        pos.play(mv).expect("a generated move");
    }
    let svg = pos.to_svg(&SvgOptions::new());
    assert_eq!(count(&svg, "piece"), 16);
    for colour in ["white", "black"] {
        assert_eq!(count(&svg, &format!("piece {colour} king")), 1);
        assert_eq!(count(&svg, &format!("piece {colour} queen")), 1);
        assert_eq!(count(&svg, &format!("piece {colour} rook")), 2);
        assert_eq!(count(&svg, &format!("piece {colour} bishop")), 2);
        assert_eq!(count(&svg, &format!("piece {colour} knight")), 2);
    }
}

#[test]
fn attacks_are_shaded_with_their_counts() {
    // King e4 against knight d3, counted by hand: the king attacks its 7 empty neighbours
    // (d3 is occupied); the knight attacks b2 b4 c1 c5 e1 e5 f2 f4, all empty.
    let pos = parse("8/8/8/8/4K3/3n4/8/8 w d3");
    let svg = pos.to_svg(&SvgOptions::new().with_explain(true));
    assert_eq!(count(&svg, "attack white"), 7);
    assert_eq!(count(&svg, "attack black"), 8);
    assert_eq!(numbers(&svg, "attack-count").iter().sum::<u32>(), 15);

    // The rules page's check: White attacks 17 distinct empty squares, three of them twice,
    // for 20 points. Black (by hand): knight d3 8 squares; queen e2 e1, d2 c2 b2 a2, f2 g2 h2,
    // f3 g4 h5, f1, d1 = 13; b2, e1 and f2 twice: 18 squares, 21 points.
    let svg = parse(MIDDLE).to_svg(&SvgOptions::new().with_explain(true));
    assert_eq!(count(&svg, "attack white"), 17);
    assert_eq!(count(&svg, "attack black"), 18);
    let counts = numbers(&svg, "attack-count");
    assert_eq!(counts.len(), 35);
    assert_eq!(counts.iter().sum::<u32>(), 20 + 21);
    assert_eq!(counts.iter().filter(|&&c| c == 2).count(), 3 + 3);
}

#[test]
fn the_last_placement_and_the_highlights_are_marked() {
    let mut pos = Position::start();
    let mv = pos.parse_move("Ke4").expect("the king first");
    pos.play(mv).expect("legal");
    let mut hints = Vec::new();
    pos.legal_moves_into(&mut hints);
    let squares: Vec<_> = hints.iter().map(|m| m.square).collect();
    let svg = pos.to_svg(
        &SvgOptions::new()
            .with_last_move(Some(mv))
            .with_highlights(squares.clone()),
    );
    assert_eq!(count(&svg, "last-move to"), 1);
    // Black must touch the king: one dot per legal placement (kinds share squares).
    assert_eq!(count(&svg, "highlight"), squares.len());
    let svg = pos.to_svg(&SvgOptions::new());
    assert_eq!(count(&svg, "last-move"), 0);
    assert_eq!(count(&svg, "highlight"), 0);
}

#[test]
fn flipping_turns_the_board_half_round() {
    let pos = parse(MIDDLE);
    let plain = pos.to_svg(&SvgOptions::new());
    let flipped = pos.to_svg(&SvgOptions::new().with_flipped(true));
    let x = |svg: &str, l: &str| label_x(svg, l).parse::<f64>().expect("a number");
    assert!(x(&plain, "a") < x(&plain, "h"));
    assert!(x(&flipped, "a") > x(&flipped, "h"));
    assert_eq!(count(&flipped, "piece"), 4);
}

#[test]
fn the_size_is_the_width_in_pixels() {
    let svg = parse(MIDDLE).to_svg(&SvgOptions::new().with_size(800));
    assert!(svg.contains("width=\"800\" height=\"800\""));
}

#[test]
fn a_fixed_position_draws_the_same_picture() {
    let pos = parse(MIDDLE);
    let mv = pos.parse_move("Qe2");
    assert!(mv.is_err(), "Black's queen is on e2 already");
    let last = cheversi::Move::new(cheversi::Kind::Queen, "e2".parse().expect("a square"));
    let options = SvgOptions::new()
        .with_last_move(Some(last))
        .with_highlights(vec!["f5".parse().expect("a square")])
        .with_explain(true);
    snapshot("cheversi.svg", &pos.to_svg(&options));
}
