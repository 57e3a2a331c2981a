//! The board sizes Svendo lists ([`Game::BOARD_SIZES`]) against a brute-force reading of the
//! rules page ("Board": any rectangle of at most 64 and at least 30 points with both sides at
//! least 5; columns continue `k`, `l` and rows up to `12`).

use std::collections::BTreeSet;

use svendo::{BoardSize, Game, Position};

/// Every rectangle the rules page allows, by trying every width and height up to 64.
fn allowed_by_the_rules() -> BTreeSet<BoardSize> {
    let mut sizes = BTreeSet::new();
    for width in 1..=64u32 {
        for height in 1..=64u32 {
            let points = width * height;
            // Columns a–l and rows 1–12 name the points of every board.
            let named = width <= 12 && height <= 12;
            if (30..=64).contains(&points) && width >= 5 && height >= 5 && named {
                sizes.insert(BoardSize::Rect { width, height });
            }
        }
    }
    sizes
}

#[test]
fn the_listed_boards_are_exactly_those_the_rules_allow_the_default_first() {
    let listed: BTreeSet<BoardSize> = Position::BOARD_SIZES.iter().copied().collect();
    assert_eq!(
        listed.len(),
        Position::BOARD_SIZES.len(),
        "a size is listed twice"
    );
    assert_eq!(listed, allowed_by_the_rules());
    assert_eq!(
        Position::BOARD_SIZES[0],
        BoardSize::Rect {
            width: 10,
            height: 6
        }
    );
    // Hand count: widths 5..=12 allow 7+6+5+4+3+2+1+1 heights.
    assert_eq!(Position::BOARD_SIZES.len(), 29);
}

#[test]
fn every_listed_board_starts_empty_with_two_placements_per_point() {
    for &size in Position::BOARD_SIZES {
        let start = Position::start_with_size(size).expect("a listed board");
        assert_eq!(start.board_size(), Some(size));
        let BoardSize::Rect { width, height } = size else {
            panic!("{size} is not a rectangle");
        };
        assert_eq!(start.point_count() as u32, width * height);
        // Every point is empty and Black holds own stones and the master: 2 per point.
        assert_eq!(
            start.legal_moves().len() as u32,
            2 * width * height,
            "{size}"
        );
    }
    assert_eq!(
        Position::start_with_size(Position::BOARD_SIZES[0]).unwrap(),
        Position::start()
    );
}

#[test]
fn sides_and_rectangles_the_rules_forbid_are_typed_errors() {
    for size in [
        BoardSize::Side(8),
        BoardSize::Side(10),
        BoardSize::Rect {
            width: 4,
            height: 8,
        },
        BoardSize::Rect {
            width: 13,
            height: 5,
        },
        BoardSize::Rect {
            width: 9,
            height: 8,
        },
        BoardSize::Rect {
            width: 5,
            height: 5,
        },
        BoardSize::Rect {
            width: u32::MAX,
            height: u32::MAX,
        },
    ] {
        let err = Position::start_with_size(size).unwrap_err();
        assert_eq!(err.size, size);
        assert_eq!(err.supported, Position::BOARD_SIZES);
        assert!(err.to_string().contains(&format!("size {size} ")), "{err}");
    }
}

#[test]
fn a_position_string_is_checked_against_the_requested_board() {
    let eight = BoardSize::Rect {
        width: 8,
        height: 8,
    };
    let text = Position::start_with_size(eight).unwrap().to_string();
    assert_eq!(
        Position::parse_position(&text, Some(eight))
            .unwrap()
            .board_size(),
        Some(eight)
    );
    assert!(Position::parse_position(&text, None).is_ok());
    let err = Position::parse_position(&text, Some(Position::BOARD_SIZES[0])).unwrap_err();
    assert!(
        err.reason.contains("8x8") && err.reason.contains("10x6"),
        "{err}"
    );
    assert!(Position::parse_position(&text, Some(BoardSize::Side(8))).is_err());
}
