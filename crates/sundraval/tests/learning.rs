//! The learning interfaces of Sundraval: the kit's checks of `game_core::testing` along
//! random games and over small move trees on every board size, and cases worked out by hand.

use sundraval::game_core::testing::{
    check_actions, check_actions_tree, check_observation, check_symmetries,
};
use sundraval::game_core::{Actions, Observe, Symmetries};
use sundraval::{BoardSize, Game, Move, Point, Position, Rng, Seat};

fn start(n: u32) -> Position {
    Position::start_with_size(BoardSize::Side(n)).expect("a Sundraval size")
}

/// A seeded random opening (stones and the answer) and `plies` random moves after it.
fn random_position(n: u32, plies: usize, seed: u64) -> Position {
    let mut rng = Rng::new(seed);
    let mut pos = start(n);
    for _ in 0..plies + 2 {
        let moves = pos.legal_moves();
        match rng.choose(&moves) {
            Some(&mv) => pos.play_unchecked(mv),
            None => break,
        }
    }
    pos
}

fn point(text: &str) -> Point {
    text.parse().expect("a point")
}

#[test]
fn the_kit_passes_along_random_games_on_every_size() {
    for n in 3..=11 {
        // Whole games on the small boards; on the large ones (where every position checks
        // 16 384 ids, each a flood fill) the opening and the first 40 plies.
        let (plies, seeds) = if n <= 6 {
            (3 * n as usize * n as usize, 3)
        } else {
            (40, 1)
        };
        for seed in 0..seeds {
            check_actions(start(n), plies, seed);
            check_observation(start(n), plies, seed);
        }
        // The setup has P·(P−1) moves and children: perft 1 there; from the opening on, 2.
        check_symmetries(start(n), 0, 0, 1);
        check_symmetries(random_position(n, 0, n.into()), plies.min(60), 1, 2);
    }
}

#[test]
fn the_kit_passes_over_small_trees_on_every_size() {
    // The whole opening tree of the smallest board: setup, choice, first placement.
    check_actions_tree(start(3), 3);
    for n in 3..=11 {
        let depth = if n <= 5 { 2 } else { 1 };
        for plies in [0, 4, 20] {
            let pos = random_position(n, plies, u64::from(n) * 7 + plies as u64);
            check_actions_tree(pos, depth);
        }
    }
}

#[test]
fn ids_of_known_moves_on_three_a_side() {
    let pos = start(3);
    // 19 points, numbered row by row: a1 b1 c1 (0-2), a2 … d2 (3-6), a3 … e3 (7-11),
    // b4 … e4 (12-15), c5 d5 e5 (16-18).
    assert_eq!(pos.num_actions(), 19 + 3 + 19 * 19);
    assert_eq!(pos.point_number(point("b1")), Some(1));
    assert_eq!(pos.point_number(point("b2")), Some(4));
    assert_eq!(pos.point_number(point("d4")), Some(14));
    assert_eq!(pos.point_number(point("e5")), Some(18));
    assert_eq!(
        pos.point_number(point("a5")),
        None,
        "not a point of this board"
    );
    // b2+d4: 19 + 3 + 4·19 + 14.
    let opening = pos.parse_move("b2+d4").unwrap();
    assert_eq!(pos.action_id(opening), 112);
    assert_eq!(pos.action_move(112), Some(opening));
    // The diagonal of the opening block (both stones on one point) is never legal.
    assert_eq!(pos.action_move(19 + 3 + 4 * 19 + 4), None);
    assert_eq!(pos.action_move(1), None, "no placement during the setup");
    let mut choose = pos;
    choose.play(opening).unwrap();
    assert_eq!(choose.action_id(Move::Keep), 20);
    assert_eq!(choose.action_id(Move::Swap), 21);
    let mut ids = Vec::new();
    choose.legal_actions_into(&mut ids);
    assert_eq!(ids, [20, 21]);
    let mut play = choose;
    play.play(Move::Keep).unwrap();
    assert_eq!(play.action_id(Move::Pass), 19);
    assert_eq!(play.action_move(1), Some(Move::Place(point("b1"))));
    assert_eq!(play.action_move(4), None, "b2 is taken");
    // The largest board: 331 points, 109 230 legal openings among 331² ids.
    let big = start(11);
    assert_eq!(big.num_actions(), 331 + 3 + 331 * 331);
    let mut mask = vec![false; big.num_actions()];
    big.legal_action_mask(&mut mask);
    assert_eq!(mask.iter().filter(|&&m| m).count(), 331 * 330);
}

#[test]
fn a_hand_made_position_and_its_images() {
    // Black (the second seat, after a swap) to move; b1 black, c3 (the centre) white.
    let pos: Position = "1B1/4/2W2/4/3 b W 0".parse().unwrap();
    assert_eq!(pos.symmetry_count(), 12);
    // The half turn (6) takes (column, row) to (4 − column, 4 − row): b1 to d5.
    assert_eq!(pos.map_position(6).to_string(), "3/4/2W2/4/1B1 b W 0");
    // Reflection 2 swaps the first two cube coordinates: (c, r) to (4 − r, 4 − c), b1 to e4.
    assert_eq!(pos.map_position(2).to_string(), "3/4/2W2/3B/3 b W 0");
    assert_eq!(
        pos.map_move(2, Move::Place(point("a1"))),
        Move::Place(point("e5"))
    );
    // The rotations by 60° (9, 10) take the corner a1 to the neighbouring corners a3, c1.
    let mut corners = [9, 10].map(|s| pos.map_point(s, point("a1")).to_string());
    corners.sort();
    assert_eq!(corners, ["a3", "c1"]);
    // The centre is fixed by all twelve.
    for s in 0..12 {
        assert_eq!(pos.map_point(s, point("c3")), point("c3"));
    }
    // The images of b1, the middle of an edge: the middles of the six edges.
    let mut images: Vec<String> = (0..12)
        .map(|s| pos.map_point(s, point("b1")).to_string())
        .collect();
    images.sort();
    images.dedup();
    assert_eq!(images, ["a2", "b1", "b4", "d2", "d5", "e4"]);
    // Equal positions have equal canonical keys.
    assert_eq!(pos.canonical_key(), pos.map_position(7).canonical_key());
}

#[test]
fn observation_cells_counted_by_hand() {
    let pos: Position = "1B1/4/2W2/4/3 b W 0".parse().unwrap();
    assert_eq!(pos.observation_shape(), [12, 5, 5]);
    let mut obs = vec![0.0; 12 * 25];
    let at = |obs: &[f32], plane: usize, row: usize, col: usize| obs[plane * 25 + row * 5 + col];
    // Seen by the second seat, which plays Black (the first seat swapped to White).
    pos.observe(Seat::Second, &mut obs);
    assert_eq!(at(&obs, 1, 0, 1), 1.0, "b1: the observer's (Black's) stone");
    assert_eq!(at(&obs, 2, 2, 2), 1.0, "c3: the other's stone");
    assert_eq!(at(&obs, 1, 2, 2), 0.0);
    assert_eq!(at(&obs, 0, 0, 4), 0.0, "e1 is no point of the board");
    assert_eq!(at(&obs, 0, 0, 2), 1.0, "c1 is");
    // Each plane's sum: board 19; stones 1 and 1; both colours may place on all 17 empty
    // points (one region touching both stones); to move 19; Black 19; first seat 0; no
    // setup, no choice, no pass.
    let sums: Vec<f32> = obs.chunks(25).map(|plane| plane.iter().sum()).collect();
    assert_eq!(
        sums,
        [19.0, 1.0, 1.0, 17.0, 17.0, 19.0, 19.0, 0.0, 0.0, 0.0, 0.0, 0.0]
    );
    // Seen by the first seat: the stones swap planes, and it is not to move.
    pos.observe(Seat::First, &mut obs);
    let sums: Vec<f32> = obs.chunks(25).map(|plane| plane.iter().sum()).collect();
    assert_eq!(
        sums,
        [19.0, 1.0, 1.0, 17.0, 17.0, 0.0, 0.0, 19.0, 0.0, 0.0, 0.0, 0.0]
    );
    assert_eq!(
        at(&obs, 1, 2, 2),
        1.0,
        "c3 is the first seat's (White's) stone"
    );

    // The pie state: the start, and the choice after the opening stones.
    let mut pos = Position::start_with_size(BoardSize::Side(3)).unwrap();
    pos.observe(Seat::First, &mut obs);
    let sums: Vec<f32> = obs.chunks(25).map(|plane| plane.iter().sum()).collect();
    assert_eq!(
        sums,
        [19.0, 0.0, 0.0, 0.0, 0.0, 19.0, 19.0, 19.0, 19.0, 0.0, 0.0, 0.0]
    );
    let mv = pos.parse_move("a1+e5").unwrap();
    pos.play(mv).unwrap();
    pos.observe(Seat::Second, &mut obs);
    let sums: Vec<f32> = obs.chunks(25).map(|plane| plane.iter().sum()).collect();
    // The second seat is White until it answers; it is to move, in the choice.
    assert_eq!(
        sums,
        [19.0, 1.0, 1.0, 17.0, 17.0, 19.0, 0.0, 0.0, 0.0, 19.0, 0.0, 0.0]
    );
    assert_eq!(at(&obs, 1, 4, 4), 1.0, "e5: White's stone");
    // One pass, then two.
    let mv = pos.parse_move("keep").unwrap();
    pos.play(mv).unwrap();
    let mv = pos.parse_move("pass").unwrap();
    pos.play(mv).unwrap();
    pos.observe(Seat::First, &mut obs);
    assert_eq!(obs[10 * 25..11 * 25].iter().sum::<f32>(), 19.0);
    assert_eq!(obs[11 * 25..].iter().sum::<f32>(), 0.0);
    let mv = pos.parse_move("pass").unwrap();
    pos.play(mv).unwrap();
    pos.observe(Seat::First, &mut obs);
    assert_eq!(obs[11 * 25..].iter().sum::<f32>(), 19.0);
}

/// Steps per second of random play through the action interface (mask, a random legal id,
/// play, observe), 9 a side: `cargo test --release -p sundraval --test all learning:: -- --ignored
/// --nocapture steps`. It measures; it asserts nothing about time.
#[test]
#[ignore = "a measurement, run in release"]
fn steps_per_second() {
    for n in [5, 9, 11] {
        let mut pos = start(n);
        let mut mask = vec![false; pos.num_actions()];
        let mut obs = vec![0.0; pos.observation_shape().iter().product()];
        let mut ids = Vec::new();
        let mut rng = Rng::new(1);
        let steps = 200_000;
        let began = std::time::Instant::now();
        for _ in 0..steps {
            if pos.is_over() {
                pos = start(n);
            }
            pos.legal_action_mask(&mut mask);
            pos.legal_actions_into(&mut ids);
            let id = ids[rng.below(ids.len())];
            let mv = pos.action_move(id).expect("a legal id");
            pos.play_unchecked(mv);
            pos.observe(pos.to_move(), &mut obs);
        }
        let secs = began.elapsed().as_secs_f64();
        println!("sundraval {n}: {:.0} steps/s", steps as f64 / secs);
    }
}
