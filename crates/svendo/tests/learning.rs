//! The learning interfaces of Svendo: the kit's checks along random games on every board
//! size and over the perft tree, and cases worked out by hand from the rules page.

use game_core::testing::{check_actions, check_actions_tree, check_observation, check_symmetries};
use svendo::{Actions, BoardSize, Color, Game, Observe, Position, Symmetries, BOARD_SIZES};

#[test]
fn the_kit_passes_along_random_games_on_the_default_board() {
    for seed in 0..4 {
        check_actions(Position::start(), 200, seed);
        check_symmetries(Position::start(), 200, seed, 1);
        check_observation(Position::start(), 200, seed);
    }
}

#[test]
fn the_kit_passes_along_random_games_on_every_board() {
    for (i, &size) in BOARD_SIZES.iter().enumerate() {
        let start = Position::start_with_size(size).unwrap();
        let seed = 100 + i as u64;
        check_actions(start, 80, seed);
        check_symmetries(start, 80, seed, 1);
        check_observation(start, 80, seed);
    }
}

#[test]
fn the_kit_passes_over_the_perft_tree() {
    check_actions_tree(Position::start(), 2);
    check_symmetries(Position::start(), 0, 0, 2);
    let eight = Position::start_with_size(BoardSize::Rect {
        width: 8,
        height: 8,
    })
    .unwrap();
    check_symmetries(eight, 0, 0, 2);
}

#[test]
fn the_kit_passes_where_the_responsibility_rules_restrict() {
    // Positions of the crate's responsibility tests: rule 3 traps, blocks and announced wins.
    for text in [
        "WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 0/0/0",
        "6R2M/1W8/3W6/4B3R1/2B4W2/B4M4 w 5/5m/6 0/0/0",
    ] {
        let pos: Position = text.parse().unwrap();
        for seed in 0..4 {
            check_actions(pos, 150, seed);
            check_symmetries(pos, 150, seed, 1);
            check_observation(pos, 150, seed);
        }
    }
}

#[test]
fn ids_by_hand() {
    let start = Position::start();
    // 60 points: 60 placements, 60 master placements, 60 × 60 slides, pass.
    assert_eq!(start.num_actions(), 3721);
    // c3 is column 2 of row 2: cell 2 × 10 + 2.
    assert_eq!(start.action_id(start.parse_move("c3").unwrap()), 22);
    assert_eq!(start.action_id(start.parse_move("Mc3").unwrap()), 82);
    assert_eq!(
        start.action_move(82),
        Some(start.parse_move("Mc3").unwrap())
    );
    assert_eq!(start.action_move(3720), None); // no pass during placement
    let mut ids = Vec::new();
    start.legal_actions_into(&mut ids);
    assert_eq!(ids, (0..120).collect::<Vec<_>>());

    // The crate docs' rule-1 win: Black slides e2-e1. e2 is cell 14, e1 cell 4.
    let pos: Position = "WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 0/0/0"
        .parse()
        .unwrap();
    let e2e1 = pos.parse_move("e2-e1").unwrap();
    assert_eq!(pos.action_id(e2e1), 120 + 60 * 14 + 4);
    assert_eq!(pos.action_move(964), Some(e2e1));
    // No placement in the movement phase, and no pass while a slide exists.
    assert_eq!(pos.action_move(22), None);
    assert_eq!(pos.action_move(3720), None);
    let eight = Position::start_with_size(BoardSize::Rect {
        width: 8,
        height: 8,
    })
    .unwrap();
    assert_eq!(eight.num_actions(), 64 * 64 + 128 + 1);
}

#[test]
fn the_rectangle_symmetries_by_hand() {
    // Black's master on c3 (row 2, column 2), White to move.
    let pos: Position = "10/10/10/2M7/10/10 w 8/8m/8m 0/0/0".parse().unwrap();
    assert_eq!(pos.symmetry_count(), 4);
    // The half turn takes (row, column) to (5 - row, 9 - column): c3 to h4.
    assert_eq!(
        pos.map_position(1).to_string(),
        "10/10/7M2/10/10/10 w 8/8m/8m 0/0/0"
    );
    // The mirror left-right to h3, the mirror top-bottom to c4.
    assert_eq!(
        pos.map_position(2).to_string(),
        "10/10/10/7M2/10/10 w 8/8m/8m 0/0/0"
    );
    assert_eq!(
        pos.map_position(3).to_string(),
        "10/10/2M7/10/10/10 w 8/8m/8m 0/0/0"
    );
    // White's placement on a1 goes to j6 by the half turn: id 0 to id 59.
    assert_eq!(
        pos.map_move(1, pos.parse_move("a1").unwrap()),
        pos.parse_move("j6").unwrap()
    );
    assert_eq!(pos.map_action(1, 0), Some(59));
    assert_eq!(pos.canonical_key(), pos.map_position(3).canonical_key());

    // A square board has 8: the quarter turn (row, column) -> (column, 7 - row) takes c3 to
    // c6... on 8 x 8: (2, 2) goes to (2, 5), f3.
    let square: Position = "8/8/8/8/8/2M5/8/8 w 8/8m/8m 0/0/0".parse().unwrap();
    assert_eq!(square.symmetry_count(), 8);
    assert_eq!(
        square.map_position(6).to_string(),
        "8/8/8/8/8/5M2/8/8 w 8/8m/8m 0/0/0"
    );
}

#[test]
fn an_observation_by_hand() {
    let pos: Position = "10/10/10/2M7/10/10 w 8/8m/8m 0/0/0".parse().unwrap();
    assert_eq!(pos.observation_shape(), [16, 6, 10]);
    let mut obs = vec![f32::NAN; 16 * 60];
    // Seen by Red: the seats are Red, Black (next after Red), White.
    pos.observe(Color::Red, &mut obs);
    let plane = |p: usize| &obs[p * 60..(p + 1) * 60];
    // The master on c3, cell 22; nobody's own stones.
    assert_eq!(plane(3)[22], 1.0);
    assert_eq!(plane(3).iter().sum::<f32>(), 1.0);
    assert!((0..3).all(|p| plane(p).iter().all(|&v| v == 0.0)));
    // White, the last seat from Red, is to move.
    assert_eq!([4, 5, 6].map(|p| plane(p)[0]), [0.0, 0.0, 1.0]);
    // Eight stones in hand each; Black has placed its master.
    assert_eq!([7, 8, 9].map(|p| plane(p)[59]), [1.0, 1.0, 1.0]);
    assert_eq!([10, 11, 12].map(|p| plane(p)[7]), [1.0, 0.0, 1.0]);
    assert!((13..16).all(|p| plane(p).iter().all(|&v| v == 0.0)));
    assert_eq!(obs.iter().sum::<f32>(), 1.0 + 60.0 + 180.0 + 120.0);

    // The movement moves: 3/1/2 made, seen by White: White 1, Red 2, Black 3.
    let pos: Position = "WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 3/1/2"
        .parse()
        .unwrap();
    pos.observe(Color::White, &mut obs);
    let plane = |p: usize| &obs[p * 60..(p + 1) * 60];
    assert_eq!([13, 14, 15].map(|p| plane(p)[30]), [0.01, 0.02, 0.03]);
    // White's own stones on row 6, a6 … h6: cells 50 … 57.
    assert_eq!(plane(0)[50..58], [1.0; 8]);
    assert_eq!(plane(0).iter().sum::<f32>(), 8.0);
}

#[test]
fn the_kit_passes_in_positions_the_responsibility_rules_restrict() {
    // Random games from the start until enough positions are found where a responsibility
    // rule takes moves away; every check runs in each of them.
    let mut found = 0;
    let mut moves = Vec::new();
    'games: for seed in 0..400 {
        let mut rng = svendo::Rng::new(seed);
        let mut pos = Position::start();
        for _ in 0..300 {
            if pos.responsibility() != svendo::Responsibility::Free {
                check_actions(pos, 0, seed);
                check_symmetries(pos, 0, seed, 1);
                check_observation(pos, 0, seed);
                found += 1;
                if found == 12 {
                    break 'games;
                }
            }
            pos.legal_moves_into(&mut moves);
            match rng.choose(&moves) {
                Some(&mv) => pos.play_unchecked(mv),
                None => break,
            }
        }
    }
    assert_eq!(found, 12, "random games reach restricted positions");
}
