//! The picture of a position (`Position::to_svg`): well-formed XML, one mark per piece, the
//! last move (with its captured pieces) and the highlights shown, flipping moves the
//! coordinates, and snapshots of both boards.
//!
//! The snapshots `tests/data/*.svg` are compared byte for byte. After a deliberate change of
//! the drawing, regenerate them with
//! `UPDATE_SNAPSHOTS=1 cargo test -p swedish-draughts --test all svg::`, render them
//! (`rsvg-convert -w 400 tests/data/draughts_10.svg -o /tmp/d.png`) and look at them.

use game_core::testing::svg::{count, label_x};
use swedish_draughts::{BoardSize, Describe, Game, Position, SvgOptions};

/// Compares `svg` with the snapshot `tests/data/NAME` (`UPDATE_SNAPSHOTS=1` rewrites it).
fn snapshot(name: &str, svg: &str) {
    let dir = std::path::Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/data");
    game_core::testing::svg::snapshot(dir.join(name), svg);
}

fn parse(text: &str) -> Position {
    text.parse().expect("a position")
}

/// The squares with these numbers.
fn squares(numbers: &[u8]) -> Vec<swedish_draughts::Square> {
    numbers
        .iter()
        .map(|&n| swedish_draughts::Square::from_number(n).expect("a square number"))
        .collect()
}

#[test]
fn the_starts_have_twenty_and_twelve_men_a_side() {
    let svg = Position::start().to_svg(&SvgOptions::new());
    assert_eq!(count(&svg, "piece white man"), 20);
    assert_eq!(count(&svg, "piece black man"), 20);
    assert_eq!(count(&svg, "piece dame"), 0);
    // Fifty dark squares, each numbered.
    assert_eq!(count(&svg, "square-number"), 50);
    for label in ["a", "j", "1", "10"] {
        label_x(&svg, label);
    }
    let small = Position::start_with_size(BoardSize::Side(8)).expect("8x8 exists");
    let svg = small.to_svg(&SvgOptions::new());
    assert_eq!(count(&svg, "piece white man"), 12);
    assert_eq!(count(&svg, "piece black man"), 12);
    assert_eq!(count(&svg, "square-number"), 32);
}

#[test]
fn men_and_dames_of_both_colours_are_told_apart() {
    // White: dame on 4, men on 31 and 32; Black: man on 10, dame on 45.
    let svg = parse("W:WK4,31,32:B10,K45").to_svg(&SvgOptions::new());
    assert_eq!(count(&svg, "piece white dame"), 1);
    assert_eq!(count(&svg, "piece white man"), 2);
    assert_eq!(count(&svg, "piece black dame"), 1);
    assert_eq!(count(&svg, "piece black man"), 1);
    assert_eq!(count(&svg, "piece"), 5);
    assert_eq!(count(&svg, "crown"), 2);
}

#[test]
fn a_capture_marks_its_start_end_and_captured_pieces() {
    // The crate's deferred orthogonal capture: 33 takes 28, 23 and 14 and ends on 4.
    let pos = parse("W:W33:B28,23,14");
    let mv = pos.parse_move("33x4").expect("the capture");
    let mut after = pos;
    after.play(mv).expect("legal");
    let options = SvgOptions::new().with_last_move(Some(mv));
    let svg = after.to_svg(&options);
    assert_eq!(count(&svg, "last-move from"), 1);
    assert_eq!(count(&svg, "last-move to"), 1);
    assert_eq!(count(&svg, "captured"), 3);
    assert_eq!(count(&svg, "piece"), 1);
    assert_eq!(count(&svg, "piece white dame"), 1);
    // A quiet move captures nothing.
    let start = Position::start();
    let quiet = start.parse_move("32-28").expect("a move");
    let svg = start.to_svg(
        &SvgOptions::new()
            .with_last_move(Some(quiet))
            .with_highlights(squares(&[28, 27])),
    );
    assert_eq!(count(&svg, "captured"), 0);
    assert_eq!(count(&svg, "last-move"), 2);
    assert_eq!(count(&svg, "highlight"), 2);
    // On 8x8, 40 is no square of the board: no dot for it.
    let small = Position::start_with_size(swedish_draughts::BoardSize::Side(8)).expect("8x8");
    let svg = small.to_svg(&SvgOptions::new().with_highlights(squares(&[17, 40])));
    assert_eq!(count(&svg, "highlight"), 1);
}

#[test]
fn flipping_turns_the_board_half_round() {
    let pos = Position::start();
    let plain = pos.to_svg(&SvgOptions::new());
    let flipped = pos.to_svg(&SvgOptions::new().with_flipped(true));
    let x = |svg: &str, l: &str| label_x(svg, l).parse::<f64>().expect("a number");
    assert!(x(&plain, "a") < x(&plain, "j"));
    assert!(x(&flipped, "a") > x(&flipped, "j"));
    assert_eq!(count(&flipped, "piece"), 40);
    assert_ne!(plain, flipped);
}

#[test]
fn the_size_is_the_width_in_pixels() {
    let svg = Position::start().to_svg(&SvgOptions::new().with_size(800));
    assert!(svg.contains("width=\"800\" height=\"800\""));
}

#[test]
fn fixed_positions_draw_the_same_pictures() {
    let pos = parse("W:W33:B28,23,14");
    let mv = pos.parse_move("33x4").expect("the capture");
    let mut after = pos;
    after.play(mv).expect("legal");
    let options = SvgOptions::new()
        .with_last_move(Some(mv))
        .with_highlights(squares(&[9, 10]));
    snapshot("draughts_10.svg", &after.to_svg(&options));
    let small =
        Position::parse_position("B:W21,22,K30:B5,6,K12", Some(BoardSize::Side(8))).expect("8x8");
    snapshot("draughts_8.svg", &small.to_svg(&SvgOptions::new()));
}
