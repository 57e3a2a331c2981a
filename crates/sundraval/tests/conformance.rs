//! The workspace conformance kit on Sundraval: random games on several board sizes, from the
//! start and from positions in the middle of a game, plus the perft vector file.

use game_core::testing::Conformance;
use sundraval::{Game, Position};

#[test]
fn conformance_default_board() {
    Conformance::<Position>::new()
        .games(6)
        .seed(1)
        .perft_file(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/sundraval.perft"
        ))
        .run();
}

#[test]
fn conformance_every_size() {
    let starts = Position::BOARD_SIZES
        .iter()
        .map(|&n| Position::start_with_size(n).expect("a listed size"));
    Conformance::<Position>::new()
        .starts(starts)
        .games(18)
        .seed(2)
        .run();
}

#[test]
fn conformance_from_middle_positions() {
    let starts = [
        // n = 3 after b1+c3 and swap (the rules page's example).
        "1B1/4/2W2/4/3 b W 0",
        // n = 5, the second seat chooses.
        "5/6/7/3B4/4W4/8/7/6/5 choose B 0",
        // n = 5, white has just passed.
        "5/1BBB2/1B1BW2/1BBBW3/5W3/8/7/6/5 b B 1",
        // n = 4, a crowded board.
        "BWBW/BW1WB/B1WWBW/WBWBW1B/3BWW/BBW1W/WBWB w W 0",
    ]
    .map(|text| text.parse::<Position>().expect("a valid position"));
    Conformance::<Position>::new()
        .starts(starts)
        .games(16)
        .seed(3)
        .run();
}
