//! The learning interfaces of Kvarn3: the kit's checks along random games and over the perft
//! tree, and cases worked out by hand from the rules page.

use game_core::testing::{check_actions, check_actions_tree, check_observation, check_symmetries};
use kvarn3::{Actions, Color, Game, Observe, Position, Symmetries};

#[test]
fn the_kit_passes_along_random_games() {
    for seed in 0..40 {
        check_actions(Position::start(), 60, seed);
        check_symmetries(Position::start(), 60, seed, 2);
        check_observation(Position::start(), 60, seed);
    }
}

#[test]
fn the_kit_passes_over_the_perft_tree() {
    // Every node of the first six plies: the whole placement phase.
    check_actions_tree(Position::start(), 6);
    // Every symmetry keeps perft 7 (into the movement phase) of a lopsided position.
    let pos: Position = "W../.B./... w".parse().unwrap();
    check_symmetries(pos, 0, 0, 7);
}

#[test]
fn the_kit_passes_from_positions_of_the_movement_phase() {
    for text in ["WWB/B../BW. b", "W.B/BWB/W.. w", "B.W/WW./BB. w"] {
        let pos: Position = text.parse().unwrap();
        for seed in 0..10 {
            check_actions(pos, 40, seed);
            check_symmetries(pos, 40, seed, 3);
            check_observation(pos, 40, seed);
        }
    }
}

#[test]
fn ids_by_hand() {
    let start = Position::start();
    assert_eq!(start.num_actions(), 90);
    assert_eq!(start.action_id(start.parse_move("b2").unwrap()), 4);
    assert_eq!(start.action_id(start.parse_move("c3").unwrap()), 8);
    // No step during placement.
    assert_eq!(start.action_move(9 + 4), None);

    // Black to move with a1, a2 and c3; b2, c2 and c1 empty. The steps: a1-b2 (id 9 + 0 + 4),
    // a2-b2 (9 + 27 + 4), c3-b2 (9 + 72 + 4), c3-c2 (9 + 72 + 5).
    let pos: Position = "WWB/B../BW. b".parse().unwrap();
    let mut ids = Vec::new();
    pos.legal_actions_into(&mut ids);
    assert_eq!(ids, [13, 40, 85, 86]);
    assert_eq!(pos.action_move(86), Some(pos.parse_move("c3-c2").unwrap()));
    // a2-b1 would be a short diagonal (no link), a1-a2 lands on a stone, b1-b2 is White's.
    assert_eq!(pos.action_move(9 + 3 * 9 + 1), None);
    assert_eq!(pos.action_move(9 + 3), None);
    assert_eq!(pos.action_move(9 + 9 + 4), None);
    assert_eq!(pos.action_move(4), None); // no placement in the movement phase
    let mut mask = vec![true; 90];
    pos.legal_action_mask(&mut mask);
    let marked: Vec<usize> = (0..90).filter(|&id| mask[id]).collect();
    assert_eq!(marked, [13, 40, 85, 86]);
}

#[test]
fn a_quarter_turn_by_hand() {
    // Symmetry 6 takes (rank, file) to (file, 2 - rank): a3 (2, 0) goes to a1, c3 (2, 2) to
    // a3, a1 (0, 0) to c1; b2 stays.
    let pos: Position = "W.B/.W./B.. w".parse().unwrap();
    let turned = pos.map_position(6);
    assert_eq!(turned.to_string(), "B../.W./W.B w");
    // White's winning c1 (the diagonal c1-b2-a3) becomes c3 (the diagonal a1-b2-c3).
    let c1 = pos.parse_move("c1").unwrap();
    assert_eq!(pos.map_move(6, c1), turned.parse_move("c3").unwrap());
    assert_eq!(pos.map_action(6, 2), Some(8));
    let mut after = turned;
    after.play(turned.map_move(0, pos.map_move(6, c1))).unwrap();
    assert_eq!(
        after.outcome().map(|o| o.winner()),
        Some(Some(Color::White))
    );
    assert_eq!(pos.canonical_key(), turned.canonical_key());
    assert_ne!(pos.canonical_key(), Position::start().canonical_key());
}

#[test]
fn an_observation_by_hand() {
    // White a3 and b2, Black c3 and a1, White to move; seen by Black.
    let pos: Position = "W.B/.W./B.. w".parse().unwrap();
    assert_eq!(pos.observation_shape(), [5, 3, 3]);
    let mut obs = vec![f32::NAN; 45];
    pos.observe(Color::Black, &mut obs);
    // Plane 0, Black's stones: a1 (cell 0) and c3 (cell 8).
    assert_eq!(&obs[0..9], &[1., 0., 0., 0., 0., 0., 0., 0., 1.]);
    // Plane 1, White's: b2 (cell 4) and a3 (cell 6).
    assert_eq!(&obs[9..18], &[0., 0., 0., 0., 1., 0., 1., 0., 0.]);
    // Plane 2: Black is not to move.
    assert!(obs[18..27].iter().all(|&v| v == 0.0));
    // Planes 3 and 4: one stone of three in hand each.
    assert!(obs[27..45].iter().all(|&v| v == 1.0 / 3.0));
    pos.observe(Color::White, &mut obs);
    assert_eq!(obs[4], 1.0);
    assert!(obs[18..27].iter().all(|&v| v == 1.0));
}
