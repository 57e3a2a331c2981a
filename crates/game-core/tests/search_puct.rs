//! The PUCT search for learning agents (`PuctMcts`), on tic-tac-toe, with evaluators written
//! here: an exact value oracle (a full negamax of tic-tac-toe, independent of the search), flat
//! and concentrated priors; and the policy tools of `SearchResult` (action ids, temperature).

use std::collections::HashMap;

use game_core::search::mcts::{MctsConfig, PuctMcts, RootNoise};
use game_core::search::{PolicyValue, Rewards, SearchResult};
use game_core::tictactoe::{Point, TicTacToe};
use game_core::{Actions, Engine, Game, GameRecord, Limits, Rng, StopFlag};

use crate::tree3;
use tree3::{a_careless_first_move_costs, max_n, Tree3};

fn ttt(text: &str) -> TicTacToe {
    text.parse().expect("a tic-tac-toe position")
}

fn point(pos: &TicTacToe, text: &str) -> Point {
    pos.parse_move(text).expect("a legal move")
}

/// The exact value of `pos` for the player to move: 1 win, 0 draw, -1 loss, by a plain
/// negamax over the whole game tree (memoised by the position text).
fn negamax(pos: &TicTacToe, memo: &mut HashMap<String, i32>) -> i32 {
    if let Some(outcome) = pos.outcome() {
        // Tic-tac-toe ends after the winner's move, so the player to move never wins here.
        return match outcome.winner() {
            Some(_) => -1,
            None => 0,
        };
    }
    let key = pos.to_string();
    if let Some(&v) = memo.get(&key) {
        return v;
    }
    let mut best = -1;
    for mv in pos.legal_moves() {
        let mut next = *pos;
        next.play_unchecked(mv);
        best = best.max(-negamax(&next, memo));
    }
    memo.insert(key, best);
    best
}

/// Rewards indexed by player (X first) from a value for the player to move.
fn rewards(pos: &TicTacToe, value: i32) -> Rewards {
    let mover = (1.0 + f64::from(value)) / 2.0;
    let mut r = [0.0; 3];
    let i = TicTacToe::player_index(pos.to_move());
    r[i] = mover;
    r[1 - i] = 1.0 - mover;
    r
}

/// A uniform prior and the exact value.
#[derive(Default)]
struct Oracle {
    memo: HashMap<String, i32>,
    calls: u64,
}

impl PolicyValue<TicTacToe> for Oracle {
    fn evaluate(&mut self, pos: &TicTacToe, moves: &[Point], priors: &mut [f32]) -> Rewards {
        assert_eq!(moves.len(), priors.len());
        assert!(priors.iter().all(|&p| p == 0.0), "priors come zeroed");
        assert_eq!(
            moves,
            pos.legal_moves().as_slice(),
            "the legal moves, in order"
        );
        self.calls += 1;
        priors.fill(1.0);
        let v = negamax(pos, &mut self.memo);
        rewards(pos, v)
    }

    fn fork(&self) -> Option<Self> {
        Some(Oracle::default())
    }
}

/// A prior of `weight` on one point and 1 on every other move, with a value of 1/2 each.
#[derive(Clone)]
struct Favour {
    point: Point,
    weight: f32,
}

impl PolicyValue<TicTacToe> for Favour {
    fn evaluate(&mut self, _: &TicTacToe, moves: &[Point], priors: &mut [f32]) -> Rewards {
        for (p, &mv) in priors.iter_mut().zip(moves) {
            *p = if mv == self.point { self.weight } else { 1.0 };
        }
        [0.5, 0.5, 0.0]
    }

    fn fork(&self) -> Option<Self> {
        Some(self.clone())
    }
}

fn search<P: PolicyValue<TicTacToe>>(
    engine: &mut PuctMcts<TicTacToe, P>,
    pos: TicTacToe,
    iterations: u64,
) -> SearchResult<Point> {
    engine.search(
        &GameRecord::new(pos),
        &Limits::iterations(iterations),
        &StopFlag::new(),
        &mut |_| {},
    )
}

fn visits(result: &SearchResult<Point>, mv: Point) -> u64 {
    result
        .root_distribution
        .iter()
        .find(|&&(m, _)| m == mv)
        .map_or(0, |&(_, w)| w)
}

/// The distribution sorted by move, to compare two searches.
fn sorted(result: &SearchResult<Point>) -> Vec<(Point, u64)> {
    let mut d = result.root_distribution.clone();
    d.sort_unstable();
    d
}

/// The oracle itself, checked by hand on the test positions: in the first X wins at once with
/// c3 only; in the second X loses unless it blocks at c2.
#[test]
fn the_oracle_agrees_with_hand_analysis() {
    let mut memo = HashMap::new();
    assert_eq!(negamax(&TicTacToe::start(), &mut memo), 0);
    let win = ttt("xx./oo./... x");
    assert_eq!(negamax(&win, &mut memo), 1);
    let block = ttt("x../oo./..x x");
    for mv in block.legal_moves() {
        let mut next = block;
        next.play_unchecked(mv);
        let value = -negamax(&next, &mut memo);
        let expected = if block.move_text(mv) == "c2" { 0 } else { -1 };
        assert_eq!(value, expected, "{}", block.move_text(mv));
    }
}

/// With a uniform prior and the exact value, PUCT plays the win and the block.
#[test]
fn puct_with_an_exact_value_finds_the_win_and_the_block() {
    for seed in 0..4 {
        for (text, want, iterations) in [("xx./oo./... x", "c3", 60), ("x../oo./..x x", "c2", 200)]
        {
            let pos = ttt(text);
            let mut engine = PuctMcts::new(Oracle::default(), MctsConfig::default(), seed);
            let result = search(&mut engine, pos, iterations);
            let best = result.best_move.expect("the game goes on");
            assert_eq!(pos.move_text(best), want, "{text} seed {seed}");
            // The most visited move, by a margin.
            let most = visits(&result, best);
            let others = result.root_distribution.iter().filter(|&&(m, _)| m != best);
            assert!(
                others.clone().all(|&(_, w)| 2 * w < most),
                "{text}: {:?}",
                result.root_distribution
            );
        }
    }
}

/// An iteration is one evaluator call (at most: a finished game is valued without it).
#[test]
fn each_iteration_calls_the_evaluator_at_most_once() {
    let mut engine = PuctMcts::new(
        Oracle::default(),
        MctsConfig::default().with_reuse_tree(false),
        1,
    );
    let result = search(&mut engine, TicTacToe::start(), 300);
    assert_eq!(result.info.nodes, 300);
    let calls = engine.evaluator().calls;
    assert!(calls <= 300 && calls > 100, "{calls}");
}

/// A prior concentrated on one move draws most of the visits at a small budget, even on a move
/// no better than the others (the value is flat).
#[test]
fn a_concentrated_prior_gets_most_visits() {
    let pos = TicTacToe::start();
    for target in ["a1", "c2", "b2"] {
        let favour = Favour {
            point: point(&pos, target),
            weight: 40.0,
        };
        let mut engine = PuctMcts::new(favour, MctsConfig::default(), 3);
        let result = search(&mut engine, pos, 40);
        let best = result.best_move.expect("the game goes on");
        assert_eq!(pos.move_text(best), target);
        let total: u64 = result.root_distribution.iter().map(|&(_, w)| w).sum();
        assert!(
            2 * visits(&result, best) > total,
            "{target}: {:?}",
            result.root_distribution
        );
    }
}

fn noisy(seed_noise: Option<RootNoise>) -> MctsConfig {
    MctsConfig::default()
        .with_root_noise(seed_noise)
        .with_reuse_tree(false)
}

/// The same seed gives the same search, with and without noise, one thread or two.
#[test]
fn the_same_seed_gives_the_same_result() {
    let pos = ttt("x../.o./... x");
    for threads in [1, 2] {
        for noise in [None, Some(RootNoise::new(0.3, 0.25))] {
            let run = |seed| {
                let config = noisy(noise).with_threads(threads);
                let mut engine = PuctMcts::new(Oracle::default(), config, seed);
                assert_eq!(engine.config().threads, threads);
                search(&mut engine, pos, 300)
            };
            let (a, b) = (run(5), run(5));
            assert_eq!(a.best_move, b.best_move);
            assert_eq!(a.root_distribution, b.root_distribution);
            assert_eq!(a.info.pv, b.info.pv);
        }
    }
}

/// Root noise changes the visits (a flat prior and value would spread them evenly), differently
/// for different seeds, the same way for one seed; and it does not stay in the tree.
#[test]
fn root_noise_changes_visits_and_is_deterministic_per_seed() {
    let pos = TicTacToe::start();
    let flat = || Favour {
        point: 0,
        weight: 1.0,
    };
    let run = |noise, seed| {
        let mut engine = PuctMcts::new(flat(), noisy(noise), seed);
        sorted(&search(&mut engine, pos, 200))
    };
    let noise = Some(RootNoise::new(0.3, 0.5));
    let clean = run(None, 1);
    // Flat prior and value: PUCT spreads 199 visits (the first expands the root) evenly.
    let spread = |d: &[(Point, u64)]| {
        let (min, max) = d
            .iter()
            .fold((u64::MAX, 0), |(lo, hi), &(_, w)| (lo.min(w), hi.max(w)));
        max - min
    };
    assert!(spread(&clean) <= 1, "{clean:?}");
    let (a, b, c) = (run(noise, 1), run(noise, 1), run(noise, 2));
    assert_eq!(a, b);
    assert_ne!(a, clean);
    assert_ne!(a, c);
    assert!(spread(&a) > 5, "{a:?}");

    // Searching the same position again with tree reuse: the noise of the first search is not
    // carried into the second (the priors stay clean), so with noise off the second search
    // continues to spread evenly.
    let mut engine = PuctMcts::new(flat(), MctsConfig::default(), 1);
    let record = GameRecord::new(pos);
    let first = engine.search(
        &record,
        &Limits::iterations(200),
        &StopFlag::new(),
        &mut |_| {},
    );
    let second = engine.search(
        &record,
        &Limits::iterations(200),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert!(spread(&sorted(&first)) <= 1);
    assert!(spread(&sorted(&second)) <= 1, "{:?}", sorted(&second));
}

/// The policy over action ids: as long as the action space, summing to 1, 0 off the legal
/// moves, each legal move's share of the visits.
#[test]
fn the_action_policy_sums_to_one_and_is_zero_off_the_legal_moves() {
    let pos = ttt("x../.o./..x o");
    let mut engine = PuctMcts::new(Oracle::default(), MctsConfig::default(), 2);
    let result = search(&mut engine, pos, 150);
    let mut policy = vec![f32::NAN; pos.num_actions()];
    assert!(result.action_policy(&pos, &mut policy));
    let sum: f32 = policy.iter().sum();
    assert!((sum - 1.0).abs() < 1e-6, "{policy:?}");
    let legal = pos.legal_moves();
    let total: u64 = result.root_distribution.iter().map(|&(_, w)| w).sum();
    for (id, &p) in policy.iter().enumerate() {
        match pos.action_move(id) {
            Some(mv) => {
                assert!(legal.contains(&mv));
                let share = visits(&result, mv) as f32 / total as f32;
                assert!((p - share).abs() < 1e-6);
            }
            None => assert_eq!(p, 0.0, "id {id} is not legal"),
        }
    }
    // Without a distribution: all 0, and false.
    let empty = SearchResult::<Point>::new(None, game_core::SearchInfo::empty());
    assert!(!empty.action_policy(&pos, &mut policy));
    assert!(policy.iter().all(|&p| p == 0.0));
}

#[test]
#[should_panic(expected = "one entry per action id")]
fn an_action_policy_of_the_wrong_length_panics() {
    let pos = TicTacToe::start();
    let result = SearchResult::<Point>::new(None, game_core::SearchInfo::empty());
    result.action_policy(&pos, &mut [0.0; 4]);
}

/// Temperature: 0 is the best move; 1 draws by visits; a small temperature almost always
/// picks the most visited; a seed fixes the draws.
#[test]
fn temperature_chooses_by_visits() {
    let result = SearchResult::new(Some(2u8), game_core::SearchInfo::empty())
        .with_root_distribution(vec![(0, 10), (1, 30), (2, 60), (3, 0)]);
    let mut rng = Rng::new(4);
    assert_eq!(result.sample_move(0.0, &mut rng), Some(2));
    assert_eq!(result.sample_move(-1.0, &mut rng), Some(2));
    assert_eq!(result.sample_move(f64::NAN, &mut rng), Some(2));
    let count = |t: f64, rng: &mut Rng| {
        let mut c = [0u32; 4];
        for _ in 0..10_000 {
            c[usize::from(result.sample_move(t, rng).unwrap())] += 1;
        }
        c
    };
    let c = count(1.0, &mut rng);
    assert_eq!(c[3], 0);
    // Expected 1000, 3000, 6000; four standard deviations at most.
    for (got, want) in c.iter().zip([1000.0_f64, 3000.0, 6000.0]) {
        let sd = (want * (1.0 - want / 10_000.0)).sqrt();
        assert!((f64::from(*got) - want).abs() < 4.0 * sd, "{c:?}");
    }
    // T = 0.1: weights 10^10 : 30^10 : 60^10, so 1 comes 1/1025 of the time or so.
    let cold = count(0.1, &mut rng);
    assert!(cold[2] > 9_900 && cold[0] == 0, "{cold:?}");
    // The same seed, the same draws.
    let (mut r1, mut r2) = (Rng::new(9), Rng::new(9));
    assert_eq!(count(1.0, &mut r1), count(1.0, &mut r2));
    // No distribution (alpha-beta): the best move.
    let plain = SearchResult::new(Some(7u8), game_core::SearchInfo::empty());
    assert_eq!(plain.sample_move(1.0, &mut rng), Some(7));
}

/// Self-play with tree reuse, noise and temperature from the start to the end: every chosen
/// move legal, and with the exact value both sides draw.
#[test]
fn self_play_with_the_oracle_draws() {
    let config = MctsConfig::default().with_root_noise(Some(RootNoise::new(0.5, 0.25)));
    let mut engine = PuctMcts::new(Oracle::default(), config, 11);
    let mut record = GameRecord::new(TicTacToe::start());
    let mut rng = Rng::new(11);
    while record.outcome().is_none() {
        let result = engine.search(
            &record,
            &Limits::iterations(400),
            &StopFlag::new(),
            &mut |_| {},
        );
        let mv = result.sample_move(0.0, &mut rng).expect("the game goes on");
        record.play(mv).expect("a legal move");
    }
    assert_eq!(
        record.outcome().and_then(|o| o.winner()),
        None,
        "{:?}",
        record.moves()
    );
    assert_eq!(engine.name(), "puct");
}

/// The exact max^n value of every position below a tie-free root, and a uniform prior.
struct MaxN;

impl PolicyValue<Tree3> for MaxN {
    fn evaluate(&mut self, pos: &Tree3, moves: &[u32], priors: &mut [f32]) -> Rewards {
        assert_eq!(moves.len(), priors.len());
        priors.fill(1.0);
        max_n(*pos).expect("no ambiguity below a tie-free root").0
    }
}

/// Three players: with the exact max^n value, PUCT's first player plays a move that keeps it,
/// and its score is that value for the first player.
#[test]
fn three_player_puct_plays_the_max_n_move() {
    let mut checked = 0;
    for seed in 0..200u64 {
        let pos = Tree3::new(seed);
        let Some((value, Some(_))) = max_n(pos) else {
            continue;
        };
        // Only trees where a careless first move would cost A something.
        let worse = a_careless_first_move_costs(pos, value);
        if !worse {
            continue;
        }
        checked += 1;
        let mut engine = PuctMcts::new(MaxN, MctsConfig::default(), seed);
        let result = engine.search(
            &GameRecord::new(pos),
            &Limits::iterations(200),
            &StopFlag::new(),
            &mut |_| {},
        );
        let mut child = pos;
        child.play_unchecked(result.best_move.expect("a move"));
        let (chosen, _) = max_n(child).expect("no ambiguity below a tie-free root");
        assert_eq!(
            chosen, value,
            "tree {seed}: the chosen move keeps the max^n value"
        );
        match result.info.score {
            Some(game_core::Score::Reward(r)) => {
                // The mean over the subtree, the other seats' exploration included.
                assert!(
                    (r - value[0]).abs() < 0.15,
                    "tree {seed}: {r} vs {}",
                    value[0]
                );
            }
            other => panic!("expected a reward, got {other:?}"),
        }
    }
    assert!(
        checked >= 6,
        "only {checked} trees where the choice matters"
    );
}

/// PUCT under every limit: a small arena stops the tree's growth (the search goes on valuing
/// its leaves), node and depth limits end the search, and each answers a legal move.
#[test]
fn puct_keeps_to_the_arena_and_the_limits() {
    let pos = TicTacToe::start();
    let mut engine = PuctMcts::new(
        Oracle::default(),
        MctsConfig::default()
            .with_max_nodes(40)
            .with_reuse_tree(false),
        1,
    );
    let result = search(&mut engine, pos, 500);
    assert!(engine.tree_size() <= 40, "{}", engine.tree_size());
    assert_eq!(result.info.nodes, 500);
    assert!(pos.is_legal(result.best_move.expect("a move")));

    let mut engine = PuctMcts::new(Oracle::default(), MctsConfig::default(), 1);
    let record = GameRecord::new(pos);
    let by_nodes = engine.search(&record, &Limits::nodes(100), &StopFlag::new(), &mut |_| {});
    assert!(pos.is_legal(by_nodes.best_move.expect("a move")));
    // Expansions make all of a node's children at once: past the limit by one node's moves.
    assert!(engine.tree_size() <= 1 + 100 + 9, "{}", engine.tree_size());

    let mut engine = PuctMcts::new(Oracle::default(), MctsConfig::default(), 1);
    let by_depth = engine.search(&record, &Limits::depth(2), &StopFlag::new(), &mut |_| {});
    assert!(by_depth.info.depth <= 2);
    assert!(pos.is_legal(by_depth.best_move.expect("a move")));
}
