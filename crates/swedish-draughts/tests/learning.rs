//! The learning interfaces of Swedish Draughts: the kit's checks of `game_core::testing`
//! along random games and over small move trees on both boards, the bound of the further
//! capture ids on the most crowded positions known, and cases worked out by hand.

use std::collections::HashMap;

use swedish_draughts::game_core::testing::{
    check_actions, check_actions_tree, check_observation, check_symmetries,
};
use swedish_draughts::game_core::{Actions, Observe, Symmetries};
use swedish_draughts::learning::EXTRA_ROUTE_IDS;
use swedish_draughts::{BoardSize, Color, Game, Position, Rng};

fn start(size: u32) -> Position {
    Position::start_with_size(BoardSize::Side(size)).expect("a draughts size")
}

fn on(size: u32, text: &str) -> Position {
    Position::parse_position(text, Some(BoardSize::Side(size))).expect("a legal position")
}

/// Positions with many captures sharing start and end square, found by a hill-climbing
/// search (random crowded positions, mostly dames, changed a piece at a time) that
/// maximised the number of further captures (captures beyond the first between the same two
/// squares) or the most captures between one pair of squares, on each board.
const CROWDED: [(u32, &str); 6] = [
    (
        10,
        "W:WK8,K11,K16,K20,K36,44,K45:B3,K6,K12,13,14,K15,K17,K21,K24,K25,K26,29,33,K35,39,K41,K42,43,K47,K50",
    ),
    (
        10,
        "W:WK6,7,11,16,K19,K21,K41:B1,4,K9,10,13,15,18,K22,23,K24,K27,K33,K34,K36,K37,38,40,43,K45,K49",
    ),
    (
        10,
        "W:W7,K12,K13,20,K47,48,K50:BK4,K11,15,16,K17,18,K19,K24,27,30,31,K34,36,K37,K38,K39,43,K49",
    ),
    (
        10,
        "W:WK1,K3,K5,K6,10,15,K16,K21,K25,K36,K39,K42,K45,K47:BK7,K8,9,K12,K14,K17,K19,K23,24,26,K27,K30,K32,K35,K38,K41,43,44,K46,K49",
    ),
    (
        8,
        "W:WK1,K2,K3,5,K8,K17,K18,21,K25,K30,31,32:BK4,6,K7,K11,K13,14,K15,20,22,23,K24,K27",
    ),
    (
        8,
        "W:WK1,K3,5,11,12,K15,K17,20,K21,25,K26,27:B2,K4,K7,9,10,14,K18,K19,K23,24,28,K30",
    ),
];

/// The further captures of a position counted from its legal moves alone: captures beyond
/// the first between the same start and end square.
fn further_captures(pos: &Position) -> (usize, usize) {
    let mut pairs: HashMap<(u8, u8), usize> = HashMap::new();
    for mv in pos.legal_moves() {
        *pairs
            .entry((mv.from().number(), mv.to().number()))
            .or_default() += 1;
    }
    let total: usize = pairs.values().sum();
    (
        total - pairs.len(),
        pairs.values().copied().max().unwrap_or(0),
    )
}

#[test]
fn the_kit_passes_along_random_games_on_both_boards() {
    for size in [10, 8] {
        for seed in 0..12 {
            check_actions(start(size), 200, seed);
            check_observation(start(size), 200, seed);
        }
        for seed in 0..4 {
            check_symmetries(start(size), 200, seed, 2);
        }
    }
}

#[test]
fn the_kit_passes_over_small_trees() {
    check_actions_tree(start(10), 2);
    check_actions_tree(start(8), 3);
    // Trees in the middle of random games, where captures are common.
    for size in [10, 8] {
        let mut rng = Rng::new(u64::from(size));
        for _ in 0..6 {
            let mut pos = start(size);
            for _ in 0..30 + rng.below(30) {
                let moves = pos.legal_moves();
                match rng.choose(&moves) {
                    Some(&mv) => pos.play_unchecked(mv),
                    None => break,
                }
            }
            check_actions_tree(pos, 2);
        }
    }
}

#[test]
fn crowded_positions_stay_within_the_bound() {
    // The kit checks every id of a position, each a capture search here: too slow for these
    // in a debug build, so the same checks by hand, on the legal ids and a sample of others.
    for (size, text) in CROWDED {
        let pos = on(size, text);
        let (further, most) = further_captures(&pos);
        assert!(
            further < EXTRA_ROUTE_IDS,
            "{text}: {further} further captures"
        );
        let moves = pos.legal_moves();
        let mut ids = Vec::new();
        pos.legal_actions_into(&mut ids);
        assert_eq!(ids.len(), moves.len(), "{text}");
        let mut distinct = ids.clone();
        distinct.sort_unstable();
        distinct.dedup();
        assert_eq!(distinct.len(), ids.len(), "{text}: two moves share an id");
        // Exactly the further captures have ids from N² on.
        let squares = if size == 10 { 50 } else { 32 };
        assert_eq!(
            ids.iter().filter(|&&id| id >= squares * squares).count(),
            further,
            "{text}"
        );
        for (&mv, &id) in moves.iter().zip(&ids) {
            assert!(id < pos.num_actions(), "{text}");
            assert_eq!(pos.action_id(mv), id, "{text}: {mv:?}");
            assert_eq!(pos.action_move(id), Some(mv), "{text}: {id}");
        }
        let mut mask = vec![true; pos.num_actions()];
        pos.legal_action_mask(&mut mask);
        for (id, &marked) in mask.iter().enumerate() {
            assert_eq!(marked, distinct.binary_search(&id).is_ok(), "{text}: {id}");
        }
        for id in (0..pos.num_actions()).step_by(97) {
            if distinct.binary_search(&id).is_err() {
                assert_eq!(pos.action_move(id), None, "{text}: {id}");
            }
        }
        check_symmetries(pos, 0, 0, 1);
        check_observation(pos, 0, 0);
        println!(
            "{text}: {} moves, {further} further, {most} on one pair",
            moves.len()
        );
    }
    // They have what they were searched for: many further captures, many captures between
    // one pair of squares.
    assert!(further_captures(&on(10, CROWDED[0].1)).0 >= 200);
    assert!(further_captures(&on(10, CROWDED[3].1)).1 >= 20);
}

#[test]
fn ids_of_known_moves() {
    let pos = start(10);
    assert_eq!(pos.num_actions(), 50 * 50 + EXTRA_ROUTE_IDS);
    assert_eq!(start(8).num_actions(), 32 * 32 + EXTRA_ROUTE_IDS);
    // 32-28: (32 − 1)·50 + (28 − 1).
    let mv = pos.parse_move("32-28").unwrap();
    assert_eq!(pos.action_id(mv), 1577);
    assert_eq!(pos.action_move(1577), Some(mv));
    assert_eq!(pos.action_move(31 * 50 + 26), pos.parse_move("32-27").ok());
    assert_eq!(pos.action_move(31 * 50 + 25), None, "32-26 is no move");
    assert_eq!(pos.action_move(27 * 50 + 22), None, "28-23: no piece on 28");
    // Black's 19-23 is, seen from Black (51 − s), the move 32-28: the same id.
    let mut after = pos;
    after.play(mv).unwrap();
    let reply = after.parse_move("19-23").unwrap();
    assert_eq!(after.action_id(reply), 1577);
    assert_eq!(after.action_move(1577), Some(reply));
    // 8x8: 22-18 is (22 − 1)·32 + (18 − 1).
    let small = start(8);
    let mv = small.parse_move("22-18").unwrap();
    assert_eq!(small.action_id(mv), 21 * 32 + 17);
}

#[test]
fn two_captures_from_the_same_start_to_the_same_end() {
    // 33x22x13 (over 28 and 18) and 33x24x13 (over 29 and 19): the pair (33, 13) is
    // 32·50 + 12 = 1612; {18, 28} comes before {19, 29}, so 33x24x13 is the first further
    // capture, id 2500.
    let pos = on(10, "W:W33:B18,19,28,29");
    let over_22 = pos.parse_move("33x22x13").unwrap();
    let over_24 = pos.parse_move("33x24x13").unwrap();
    assert_eq!(pos.action_id(over_22), 1612);
    assert_eq!(pos.action_id(over_24), 2500);
    assert_eq!(pos.action_move(1612), Some(over_22));
    assert_eq!(pos.action_move(2500), Some(over_24));
    assert_eq!(pos.action_move(2501), None);
    assert_eq!(
        pos.action_move(1577),
        None,
        "a move without capture while one must capture"
    );
    let mut ids = Vec::new();
    pos.legal_actions_into(&mut ids);
    ids.sort_unstable();
    assert_eq!(ids, [1612, 2500]);

    // Its image under the half turn with the colours swapped: square s goes to 51 − s.
    let image = pos.map_position(1);
    assert_eq!(image.to_string(), "B:W22,23,32,33:B18");
    let mut texts: Vec<String> = [over_22, over_24]
        .iter()
        .map(|&mv| image.move_text(pos.map_move(1, mv)))
        .collect();
    texts.sort();
    assert_eq!(texts, ["18x27x38", "18x29x38"]);
    // Seen from the mover, nothing changed: the same ids for the same captures.
    assert_eq!(image.action_id(pos.map_move(1, over_22)), 1612);
    assert_eq!(image.action_id(pos.map_move(1, over_24)), 2500);
    assert_eq!(pos.map_player(1, Color::White), Color::Black);
    assert_eq!(image.map_position(1), pos);
    assert_eq!(image.canonical_key(), pos.canonical_key());

    // On 8x8 the same figure: from d2 (26) over c3 (22) and c5 (14) or over e3 (23) and
    // e5 (15), both to d6 (10). The pair (26, 10) is 25·32 + 9; {14, 22} comes first.
    let small = on(8, "W:W26:B14,15,22,23");
    let first = small.parse_move("26x17x10").unwrap();
    let second = small.parse_move("26x19x10").unwrap();
    assert_eq!(small.legal_moves().len(), 2);
    assert_eq!(small.action_id(first), 25 * 32 + 9);
    assert_eq!(small.action_id(second), 32 * 32);
}

#[test]
fn observation_cells_counted_by_hand() {
    let pos = on(10, "W:W33:B18,19,28,29");
    assert_eq!(pos.observation_shape(), [6, 10, 10]);
    let mut obs = vec![0.0; 600];
    let at = |obs: &[f32], plane: usize, row: usize, col: usize| obs[plane * 100 + row * 10 + col];
    pos.observe(Color::White, &mut obs);
    // 33 is f4: row 6 from the top, column 5 (f).
    assert_eq!(at(&obs, 0, 6, 5), 1.0);
    // 28 is e5 (row 5, column 4), 18 is e7 (row 3, column 4).
    assert_eq!(at(&obs, 2, 5, 4), 1.0);
    assert_eq!(at(&obs, 2, 3, 4), 1.0);
    assert_eq!(at(&obs, 5, 0, 0), 0.0, "a10 is a light square");
    assert_eq!(at(&obs, 5, 0, 1), 1.0, "b10 is square 1");
    let sums: Vec<f32> = obs.chunks(100).map(|plane| plane.iter().sum()).collect();
    assert_eq!(sums, [1.0, 0.0, 4.0, 0.0, 50.0, 50.0]);
    // Seen by Black, turned: its man on 18 is its square 33, at f4's place.
    pos.observe(Color::Black, &mut obs);
    let sums: Vec<f32> = obs.chunks(100).map(|plane| plane.iter().sum()).collect();
    assert_eq!(sums, [4.0, 0.0, 1.0, 0.0, 0.0, 50.0]);
    assert_eq!(at(&obs, 0, 6, 5), 1.0);
    // White's man on 33 is Black's square 18: row 3, column 4.
    assert_eq!(at(&obs, 2, 3, 4), 1.0);
    // Dames have planes of their own (a dame on 4, a man on 9); 8x8 is 8 by 8.
    let small = on(8, "B:WK29:BK4,9");
    assert_eq!(small.observation_shape(), [6, 8, 8]);
    let mut obs = vec![0.0; 6 * 64];
    small.observe(Color::White, &mut obs);
    let sums: Vec<f32> = obs.chunks(64).map(|plane| plane.iter().sum()).collect();
    assert_eq!(sums, [0.0, 1.0, 1.0, 1.0, 0.0, 32.0]);
    // 29 is a1 on 8x8: bottom row, column 0.
    assert_eq!(obs[64 + 7 * 8], 1.0);
}

/// Steps per second of random play through the action interface (mask, a random legal id,
/// play, observe): `cargo test --release -p swedish-draughts --test all learning:: -- --ignored
/// --nocapture steps`. It measures; it asserts nothing about time.
#[test]
#[ignore = "a measurement, run in release"]
fn steps_per_second() {
    for size in [10, 8] {
        let mut pos = start(size);
        let mut mask = vec![false; pos.num_actions()];
        let mut obs = vec![0.0; pos.observation_shape().iter().product()];
        let mut ids = Vec::new();
        let mut rng = Rng::new(1);
        let steps = 1_000_000;
        let mut plies = 0;
        let began = std::time::Instant::now();
        for _ in 0..steps {
            pos.legal_actions_into(&mut ids);
            if ids.is_empty() || plies >= 300 {
                pos = start(size);
                plies = 0;
                pos.legal_actions_into(&mut ids);
            }
            pos.legal_action_mask(&mut mask);
            let id = ids[rng.below(ids.len())];
            let mv = pos.action_move(id).expect("a legal id");
            pos.play_unchecked(mv);
            plies += 1;
            pos.observe(pos.to_move(), &mut obs);
        }
        let secs = began.elapsed().as_secs_f64();
        println!(
            "swedish-draughts {size}x{size}: {:.0} steps/s",
            steps as f64 / secs
        );
    }
}
