//! The learning interfaces of Cheversi: the kit's checks along random games and over the perft
//! tree, and cases worked out by hand from the rules page.

use cheversi::{Actions, Color, Game, Observe, Position, Symmetries};
use game_core::testing::{check_actions, check_actions_tree, check_observation, check_symmetries};

#[test]
fn the_kit_passes_along_random_games() {
    for seed in 0..30 {
        check_actions(Position::start(), 16, seed);
        check_symmetries(Position::start(), 16, seed, 2);
        check_observation(Position::start(), 16, seed);
    }
}

#[test]
fn the_kit_passes_over_the_perft_tree() {
    check_actions_tree(Position::start(), 2);
    let middle: Position = "2K5/2Qb4/8/8/8/8/8/8 b c7".parse().unwrap();
    check_actions_tree(middle, 3);
    check_symmetries(middle, 0, 0, 3);
}

#[test]
fn ids_by_hand() {
    let start = Position::start();
    assert_eq!(start.num_actions(), 320);
    // Ke4: king (kind 0), e4 = rank 4, file e: 3 × 8 + 4.
    assert_eq!(start.action_id(start.parse_move("Ke4").unwrap()), 28);
    assert_eq!(
        start.action_move(28),
        Some(start.parse_move("Ke4").unwrap())
    );
    // White's first placement is the king: the queen on e4 (64 + 28) is no move.
    assert_eq!(start.action_move(64 + 28), None);
    let mut ids = Vec::new();
    start.legal_actions_into(&mut ids);
    assert_eq!(ids, (0..64).collect::<Vec<_>>());

    // The rules page's middle game: White's king c8 and queen c7, Black's bishop d7, the queen
    // placed last, so Black must answer with the queen on an empty square touching a White
    // piece: b6, c6, d6, b7, b8, d8 (squares 41, 42, 43, 49, 57, 59), each 64 + square.
    let pos: Position = "2K5/2Qb4/8/8/8/8/8/8 b c7".parse().unwrap();
    pos.legal_actions_into(&mut ids);
    assert_eq!(ids, [105, 106, 107, 113, 121, 123]);
    assert_eq!(pos.action_move(107), Some(pos.parse_move("Qd6").unwrap()));
    // A rook on d6 is refused by the queen call.
    assert_eq!(pos.action_move(2 * 64 + 43), None);
    let mut mask = vec![true; 320];
    pos.legal_action_mask(&mut mask);
    let marked: Vec<usize> = (0..320).filter(|&id| mask[id]).collect();
    assert_eq!(marked, [105, 106, 107, 113, 121, 123]);
}

#[test]
fn a_quarter_turn_by_hand() {
    // Symmetry 6 takes (rank, file) to (file, 7 - rank): c8 (7, 2) goes to a3, c7 (6, 2) to
    // b3, d7 (6, 3) to b4. The bishop moves from a light square to a dark one.
    let pos: Position = "2K5/2Qb4/8/8/8/8/8/8 b c7".parse().unwrap();
    let turned = pos.map_position(6);
    assert_eq!(turned.to_string(), "8/8/8/8/1b6/KQ6/8/8 b b3");
    // d6 (5, 3) goes to c4 (3, 2).
    let qd6 = pos.parse_move("Qd6").unwrap();
    assert_eq!(pos.map_move(6, qd6), turned.parse_move("Qc4").unwrap());
    assert_eq!(pos.map_action(6, 107), Some(64 + 26));
    assert_eq!(pos.canonical_key(), turned.canonical_key());
    // The half turn keeps the colours: c8 goes to f1, c7 to f2, d7 to e2.
    assert_eq!(pos.map_position(1).to_string(), "8/8/8/8/8/8/4bQ2/5K2 b f2");
}

#[test]
fn an_observation_by_hand() {
    let pos: Position = "2K5/2Qb4/8/8/8/8/8/8 b c7".parse().unwrap();
    assert_eq!(pos.observation_shape(), [24, 8, 8]);
    let mut obs = vec![f32::NAN; 24 * 64];
    pos.observe(Color::White, &mut obs);
    let at = |plane: usize, cell: usize| obs[plane * 64 + cell];
    // White's king on c8 (58), queen on c7 (50); Black's bishop (plane 5 + 3) on d7 (51); the
    // last square c7.
    assert_eq!(
        (at(0, 58), at(1, 50), at(8, 51), at(10, 50)),
        (1.0, 1.0, 1.0, 1.0)
    );
    assert_eq!(at(0, 50), 0.0);
    // Black is to move; the observer is White.
    assert_eq!((at(11, 0), at(12, 0)), (0.0, 1.0));
    // White's hand: no king, no queen, both rooks, bishops and knights.
    assert_eq!(
        [13, 14, 15, 16, 17].map(|p| at(p, 9)),
        [0.0, 0.0, 1.0, 1.0, 1.0]
    );
    // Black's: one bishop of two placed.
    assert_eq!(
        [18, 19, 20, 21, 22].map(|p| at(p, 9)),
        [1.0, 1.0, 1.0, 0.5, 1.0]
    );
    // 13 placements left of 16.
    assert_eq!(at(23, 63), 13.0 / 16.0);
    // 4 piece and last-square cells, 64 ones for "White", 3 + 4.5 planes of hands, 13/16.
    assert_eq!(obs.iter().sum::<f32>(), 4.0 + 64.0 + 64.0 * 7.5 + 52.0);

    pos.observe(Color::Black, &mut obs);
    let at = |plane: usize, cell: usize| obs[plane * 64 + cell];
    assert_eq!((at(3, 51), at(5, 58), at(6, 50)), (1.0, 1.0, 1.0));
    assert_eq!((at(11, 5), at(12, 5)), (1.0, 0.0));
}
