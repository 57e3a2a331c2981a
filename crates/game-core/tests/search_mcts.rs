//! The MCTS and random engines on tic-tac-toe and on a tiny three-player game written here.

use std::fmt;
use std::str::FromStr;
use std::time::Duration;

use game_core::search::mcts::{Mcts, MctsConfig, RandomRollout};
use game_core::search::random::RandomEngine;
use game_core::tictactoe::{Mark, TicTacToe};
use game_core::{
    Engine, Game, GameRecord, Limits, MoveBuffer, Outcome, ParseMoveError, ParsePositionError,
    Reason, Score, StopFlag,
};

use crate::tree3;
use tree3::{a_careless_first_move_costs, max_n, End, Seat, Tree3, SEATS};

fn ttt(text: &str) -> TicTacToe {
    text.parse().expect("a tic-tac-toe position")
}

fn mcts<G: Game>(seed: u64) -> Mcts<G, RandomRollout<G>> {
    Mcts::new(RandomRollout::new(100), MctsConfig::default(), seed)
}

fn best_text(pos: TicTacToe, seed: u64, iterations: u64) -> String {
    let mut engine = mcts(seed);
    let mv = engine
        .choose_move(&GameRecord::new(pos), &Limits::iterations(iterations))
        .expect("the game goes on");
    pos.move_text(mv)
}

/// X has a3 and b3: c3 wins at once (whatever the seed).
#[test]
fn finds_the_winning_move() {
    for seed in 0..5 {
        assert_eq!(best_text(ttt("xx./oo./... x"), seed, 2_000), "c3");
    }
}

/// O must take c3, or X completes the top row.
#[test]
fn blocks_the_opponents_win() {
    for seed in 0..5 {
        assert_eq!(best_text(ttt("xx./.o./... o"), seed, 2_000), "c3");
    }
}

/// The reward of a won position is near 1, of a position where every move loses near 0.
#[test]
fn reports_the_reward_of_the_best_move() {
    let mut engine = mcts(1);
    let result = engine.search(
        &GameRecord::new(ttt("xx./oo./... x")),
        &Limits::iterations(3_000),
        &StopFlag::new(),
        &mut |_| {},
    );
    match result.info.score {
        Some(Score::Reward(r)) => assert!(r > 0.95, "reward {r}"),
        other => panic!("expected a reward, got {other:?}"),
    }
    assert_eq!(result.info.nodes, 3_000);
    assert_eq!(result.info.pv.first().copied(), result.best_move);
    // X on a3, b3, a2 and O on b2, c2, O to move: X threatens c3 and a1, O blocks only one.
    let lost = ttt("xx./xoo/... o");
    let result = engine.search(
        &GameRecord::new(lost),
        &Limits::iterations(5_000),
        &StopFlag::new(),
        &mut |_| {},
    );
    match result.info.score {
        Some(Score::Reward(r)) => assert!(r < 0.2, "reward {r}"),
        other => panic!("expected a reward, got {other:?}"),
    }
}

/// Plays one game between two engines; returns the outcome.
fn play_game<G: Game>(
    start: G,
    engines: &mut [&mut dyn Engine<G>],
    limits: &Limits,
) -> game_core::OutcomeOf<G> {
    let mut record = GameRecord::new(start);
    loop {
        if let Some(outcome) = record.outcome() {
            return outcome;
        }
        let seat = G::player_index(record.current().to_move());
        let mv = engines[seat]
            .choose_move(&record, limits)
            .expect("the game goes on");
        record.play(mv).expect("engines play legal moves");
    }
}

/// 20 seeded games, MCTS in both seats: it never loses to random play.
#[test]
fn never_loses_to_random() {
    let limits = Limits::iterations(3_000);
    for seed in 0..10 {
        for mcts_seat in 0..2 {
            let mut m = mcts::<TicTacToe>(seed);
            let mut r = RandomEngine::new(seed + 100);
            let outcome = if mcts_seat == 0 {
                play_game(TicTacToe::start(), &mut [&mut m, &mut r], &limits)
            } else {
                play_game(TicTacToe::start(), &mut [&mut r, &mut m], &limits)
            };
            let random_mark = if mcts_seat == 0 { Mark::O } else { Mark::X };
            assert_ne!(
                outcome.winner(),
                Some(random_mark),
                "seed {seed}, MCTS seat {mcts_seat}: {outcome}"
            );
        }
    }
}

/// Two engines with the same seed give the same move and the same report; another seed may
/// explore differently but still plays legally.
#[test]
fn deterministic_for_a_seed() {
    let record = GameRecord::new(TicTacToe::start());
    let run = |seed| {
        let mut engine = mcts::<TicTacToe>(seed);
        engine.search(
            &record,
            &Limits::iterations(1_500),
            &StopFlag::new(),
            &mut |_| {},
        )
    };
    let (a, b) = (run(9), run(9));
    assert_eq!(a.best_move, b.best_move);
    assert_eq!(a.info.pv, b.info.pv);
    assert_eq!(a.info.score, b.info.score);
    assert_eq!(a.info.depth, b.info.depth);
    // A whole game of self-play is repeated move for move.
    let game = |seed| {
        let mut x = mcts::<TicTacToe>(seed);
        let mut o = mcts::<TicTacToe>(seed + 1);
        let mut record = GameRecord::new(TicTacToe::start());
        while record.outcome().is_none() {
            let engine: &mut dyn Engine<TicTacToe> = if record.moves().len() % 2 == 0 {
                &mut x
            } else {
                &mut o
            };
            let mv = engine
                .choose_move(&record, &Limits::iterations(300))
                .expect("the game goes on");
            record.play(mv).expect("legal");
        }
        record.moves().to_vec()
    };
    assert_eq!(game(4), game(4));
    // new_game resets the generator: the engine repeats its first search.
    let mut engine = mcts::<TicTacToe>(5);
    let first = engine.search(
        &record,
        &Limits::iterations(500),
        &StopFlag::new(),
        &mut |_| {},
    );
    engine.new_game();
    let again = engine.search(
        &record,
        &Limits::iterations(500),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert_eq!(first.best_move, again.best_move);
    assert_eq!(first.info.pv, again.info.pv);
    assert_eq!(first.info.score, again.info.score);
}

#[test]
fn iteration_and_node_limits_are_respected() {
    let record = GameRecord::new(TicTacToe::start());
    let mut engine = mcts::<TicTacToe>(2);
    let result = engine.search(
        &record,
        &Limits::iterations(777),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert_eq!(result.info.nodes, 777);

    // A node limit: the search stops once that many nodes were made (one expansion adds at
    // most nine).
    let mut engine = mcts::<TicTacToe>(2);
    engine.search(&record, &Limits::nodes(100), &StopFlag::new(), &mut |_| {});
    let made = engine.tree_size();
    assert!((100..=1 + 100 + 9).contains(&made), "{made} nodes");
}

#[test]
fn the_arena_cap_bounds_the_tree() {
    let config = MctsConfig::default().with_max_nodes(50);
    let mut engine = Mcts::new(RandomRollout::new(100), config, 3);
    let record = GameRecord::new(TicTacToe::start());
    let result = engine.search(
        &record,
        &Limits::iterations(5_000),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert!(engine.tree_size() <= 50, "{} nodes", engine.tree_size());
    assert_eq!(
        result.info.nodes, 5_000,
        "it keeps simulating from the leaves"
    );
    assert!(result.best_move.is_some());
}

#[test]
fn time_limit_and_stop_flag_end_the_search() {
    let record = GameRecord::new(TicTacToe::start());
    let mut engine = mcts::<TicTacToe>(2);
    // A raised flag stops at the first check (every 8 iterations).
    let stop = StopFlag::new();
    stop.stop();
    let result = engine.search(&record, &Limits::INFINITE, &stop, &mut |_| {});
    assert_eq!(result.info.nodes, 8);
    assert!(result.best_move.is_some());
    // A time limit alone ends the search (bounded generously: this is not a speed test).
    let mut engine = mcts::<TicTacToe>(2);
    let result = engine.search(
        &record,
        &Limits::time(Duration::from_millis(30)),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert!(result.info.elapsed < Duration::from_secs(10));
    assert!(result.info.nodes >= 1);
}

/// After two moves that the tree has explored, the next search starts from the kept subtree:
/// even one iteration leaves far more nodes than a fresh tree (root and its children) has.
#[test]
fn the_tree_is_reused_between_moves_of_one_game() {
    let mut engine = mcts::<TicTacToe>(6);
    let mut record = GameRecord::new(TicTacToe::start());
    engine.search(
        &record,
        &Limits::iterations(5_000),
        &StopFlag::new(),
        &mut |_| {},
    );
    let mv = engine
        .choose_move(&record, &Limits::iterations(1))
        .expect("a move");
    record.play(mv).expect("legal");
    let reply = record.current().legal_moves()[0];
    record.play(reply).expect("legal");
    engine.search(
        &record,
        &Limits::iterations(1),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert!(
        engine.tree_size() > 1 + 7 + 1,
        "{} nodes",
        engine.tree_size()
    );

    // A record that does not extend the previous one starts afresh.
    let other = GameRecord::new(ttt("x../.../... o"));
    engine.search(
        &other,
        &Limits::iterations(1),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert_eq!(engine.tree_size(), 1 + 8);
}

#[test]
fn a_finished_game_has_no_move() {
    let record = GameRecord::new(ttt("xxx/oo./... o"));
    assert!(mcts::<TicTacToe>(1)
        .choose_move(&record, &Limits::iterations(10))
        .is_none());
    assert!(RandomEngine::<TicTacToe>::new(1)
        .choose_move(&record, &Limits::INFINITE)
        .is_none());
}

#[test]
fn random_engine_is_seeded_and_uniform() {
    let record = GameRecord::new(TicTacToe::start());
    let moves = |seed| {
        let mut engine = RandomEngine::<TicTacToe>::new(seed);
        (0..200)
            .map(|_| {
                engine
                    .choose_move(&record, &Limits::INFINITE)
                    .expect("a move")
            })
            .collect::<Vec<_>>()
    };
    assert_eq!(moves(1), moves(1));
    let mut counts = [0; 9];
    for mv in moves(1) {
        counts[usize::from(mv)] += 1;
    }
    // 200 draws over 9 moves: each expected 22; every move turns up.
    assert!(counts.iter().all(|&c| c > 5), "{counts:?}");
}

/// On every tree whose max^n value is unambiguous, three-player MCTS plays a move of the first
/// player that keeps that value, and values it at the brute-force reward.
#[test]
fn three_player_mcts_plays_the_max_n_move() {
    let mut checked = 0;
    let mut interesting = 0;
    for seed in 0..200u64 {
        let pos = Tree3::new(seed);
        let Some((value, Some(_))) = max_n(pos) else {
            continue;
        };
        checked += 1;
        // Count the trees where a careless first move would cost A something.
        let worse = a_careless_first_move_costs(pos, value);
        interesting += usize::from(worse);
        let mut engine = mcts::<Tree3>(seed);
        let result = engine.search(
            &GameRecord::new(pos),
            &Limits::iterations(4_000),
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
            Some(Score::Reward(r)) => {
                assert!(
                    (r - value[0]).abs() < 0.15,
                    "tree {seed}: {r} vs {}",
                    value[0]
                )
            }
            other => panic!("expected a reward, got {other:?}"),
        }
        if checked == 12 {
            break;
        }
    }
    assert_eq!(checked, 12, "enough trees with an unambiguous value");
    assert!(
        interesting >= 6,
        "only {interesting} trees where the choice matters"
    );
}

// ---------------------------------------------------------------------------------------------
// A game where only repetition saves the player to move: `wait` passes the turn, `yield`
// loses at once. With the threefold rule, waiting draws (the start recurs a third time after
// four waits); without it, waiting goes on forever.

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Standoff {
    /// 0 or 1: the player to move.
    to_move: u8,
    /// The player who yielded, once one has.
    yielded: Option<u8>,
}

impl fmt::Display for Standoff {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.yielded {
            None => write!(f, "{}", self.to_move),
            Some(p) => write!(f, "{} {p}", self.to_move),
        }
    }
}

impl FromStr for Standoff {
    type Err = ParsePositionError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || ParsePositionError::malformed(0, "expected the player to move, 0 or 1");
        let mut fields = text.split(' ');
        let to_move = fields
            .next()
            .and_then(|t| t.parse().ok())
            .filter(|&p| p < 2);
        let yielded = match fields.next() {
            None => None,
            Some(t) => Some(t.parse().ok().filter(|&p: &u8| p < 2).ok_or_else(bad)?),
        };
        Ok(Standoff {
            to_move: to_move.ok_or_else(bad)?,
            yielded,
        })
    }
}

impl Game for Standoff {
    /// `true`: wait; `false`: yield.
    type Move = bool;
    type Player = Seat;
    type Reason = End;
    const NAME: &'static str = "standoff";
    const PLAYERS: &'static [Seat] = &[Seat::A, Seat::B];

    fn start() -> Self {
        Standoff {
            to_move: 0,
            yielded: None,
        }
    }
    fn to_move(&self) -> Seat {
        SEATS[usize::from(self.to_move)]
    }
    fn legal_moves_into<B: MoveBuffer<bool>>(&self, moves: &mut B) {
        moves.clear();
        if self.yielded.is_none() {
            moves.extend([true, false]);
        }
    }
    fn play_unchecked(&mut self, wait: bool) {
        if !wait {
            self.yielded = Some(self.to_move);
        }
        self.to_move = 1 - self.to_move;
    }
    fn outcome(&self) -> Option<game_core::OutcomeOf<Self>> {
        self.yielded.map(|p| Outcome::Winner {
            player: SEATS[usize::from(1 - p)],
            reason: Reason::Rule(End::Yielded),
        })
    }
    fn hash_key(&self) -> u64 {
        u64::from(self.to_move) | u64::from(self.yielded.map_or(0, |p| p + 1)) << 1
    }
    fn parse_move(&self, text: &str) -> Result<bool, ParseMoveError> {
        match text {
            "wait" => Ok(true),
            "yield" => Ok(false),
            _ => Err(ParseMoveError::malformed(text, "wait or yield")),
        }
    }
    fn move_text(&self, wait: bool) -> String {
        if wait { "wait" } else { "yield" }.to_owned()
    }
}

/// A leaf evaluation that always says B wins: only exact values inside the tree can lift A.
struct BWins;

impl game_core::LeafEvaluator<Standoff> for BWins {
    fn evaluate(&mut self, _pos: &Standoff, _rng: &mut game_core::Rng) -> game_core::Rewards {
        [0.0, 1.0, 0.0]
    }
}

/// The tree applies the record's repetition rule: waiting is a draw (1/2 for A) under the
/// threefold rule, and worth nothing to A without it (B waits for ever and the leaves say B
/// wins).
#[test]
fn repetition_inside_the_tree_is_a_draw() {
    let reward = |rules| {
        let mut engine = Mcts::new(BWins, MctsConfig::default(), 1);
        let record = GameRecord::with_rules(Standoff::start(), rules);
        let result = engine.search(
            &record,
            &Limits::iterations(20_000),
            &StopFlag::new(),
            &mut |_| {},
        );
        assert_eq!(
            result.best_move,
            Some(true),
            "waiting is never worse than yielding"
        );
        match result.info.score {
            Some(Score::Reward(r)) => r,
            other => panic!("expected a reward, got {other:?}"),
        }
    };
    let with = reward(game_core::DrawRules::THREEFOLD);
    assert!((with - 0.5).abs() < 0.05, "threefold: {with}");
    let without = reward(game_core::DrawRules::NONE);
    assert!(without < 0.05, "no repetition rule: {without}");

    // The record's own history counts: after two waits the start has occurred twice, so the
    // draw comes after two more waits instead of four; the value is the same and the tree
    // stops at the draw.
    let mut record = GameRecord::new(Standoff::start());
    for _ in 0..2 {
        record.play(true).expect("legal");
    }
    assert_eq!(record.repetition_count(), 2);
    let mut engine = Mcts::new(BWins, MctsConfig::default(), 1);
    let result = engine.search(
        &record,
        &Limits::iterations(5_000),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert_eq!(
        result.info.depth, 2,
        "wait, wait: the draw ends every line at ply 2"
    );
    match result.info.score {
        Some(Score::Reward(r)) => assert!((r - 0.5).abs() < 0.05, "{r}"),
        other => panic!("expected a reward, got {other:?}"),
    }
}

/// Every root move once in a result's distribution, and nothing else.
fn assert_lists_every_root_move(pos: &TicTacToe, distribution: &[(u8, u64)]) {
    let mut listed: Vec<u8> = distribution.iter().map(|&(mv, _)| mv).collect();
    listed.sort_unstable();
    let mut legal = pos.legal_moves();
    legal.sort_unstable();
    assert_eq!(listed, legal);
}

#[test]
fn a_depth_limit_is_the_depth_of_the_tree() {
    // Tic-tac-toe goes on for at least five plies: a depth of 3 is reached, never passed.
    let record = GameRecord::new(TicTacToe::start());
    for depth in [1, 2, 3] {
        let result = mcts::<TicTacToe>(4).search(
            &record,
            &Limits::depth(depth),
            &StopFlag::new(),
            &mut |_| {},
        );
        assert_eq!(result.info.depth, depth);
        assert!(result.info.pv.len() as u32 <= depth, "{:?}", result.info.pv);
        // Going one ply deeper than the root's moves needs each of them tried first.
        if depth >= 2 {
            assert!(result.info.nodes > 9, "{} iterations", result.info.nodes);
        }
    }
}

#[test]
fn a_depth_limit_past_the_end_stops_once_every_line_is_finished() {
    // Three empty cells: no line of the game is longer than three plies.
    let pos = ttt("xox/oxo/... x");
    assert!(pos.outcome().is_none());
    let mut engine = mcts::<TicTacToe>(5);
    let result = engine.search(
        &GameRecord::new(pos),
        &Limits::depth(20),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert!(result.info.depth <= 3, "depth {}", result.info.depth);
    assert!(pos.is_legal(result.best_move.expect("a move")));
    // The same for a node limit the whole game cannot fill.
    let mut engine = mcts::<TicTacToe>(5);
    let result = engine.search(
        &GameRecord::new(pos),
        &Limits::nodes(1_000_000),
        &StopFlag::new(),
        &mut |_| {},
    );
    // 3 + 3·2 + 3·2·1 positions at most below the root.
    assert!(engine.tree_size() <= 1 + 15, "{} nodes", engine.tree_size());
    assert!(pos.is_legal(result.best_move.expect("a move")));
}

#[test]
fn node_and_depth_limits_stop_when_the_arena_is_full() {
    let config = MctsConfig::default().with_max_nodes(50);
    let record = GameRecord::new(TicTacToe::start());
    for limits in [Limits::nodes(10_000), Limits::depth(9)] {
        let mut engine = Mcts::new(RandomRollout::new(100), config, 3);
        let result = engine.search(&record, &limits, &StopFlag::new(), &mut |_| {});
        assert!(engine.tree_size() <= 50, "{} nodes", engine.tree_size());
        assert!(TicTacToe::start().is_legal(result.best_move.expect("a move")));
    }
}

#[test]
fn the_root_distribution_is_the_visit_count_of_every_root_move() {
    let pos = TicTacToe::start();
    let mut engine = mcts::<TicTacToe>(6);
    let result = engine.search(
        &GameRecord::new(pos),
        &Limits::iterations(500),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert_lists_every_root_move(&pos, &result.root_distribution);
    // Every iteration of a fresh tree passes through exactly one root move.
    let total: u64 = result.root_distribution.iter().map(|&(_, n)| n).sum();
    assert_eq!(total, 500);
    // The move played is a most visited one.
    let most = result.root_distribution.iter().map(|&(_, n)| n).max();
    let best = result.best_move.expect("a move");
    let best_visits = result
        .root_distribution
        .iter()
        .find(|&&(mv, _)| mv == best)
        .map(|&(_, n)| n);
    assert_eq!(best_visits, most);
    let probabilities: f64 = result.root_probabilities().map(|(_, p)| p).sum();
    assert!((probabilities - 1.0).abs() < 1e-12);
}

#[test]
fn two_threads_share_the_budget_and_are_deterministic_for_a_seed() {
    let config = MctsConfig::default().with_threads(2);
    let pos = TicTacToe::start();
    let run = || {
        let mut engine = Mcts::new(RandomRollout::new(100), config, 8);
        assert_eq!(engine.config().threads, 2);
        let mut result = engine.search(
            &GameRecord::new(pos),
            &Limits::iterations(1_001),
            &StopFlag::new(),
            &mut |_| {},
        );
        // The one thing the clock decides.
        result.info.elapsed = Duration::ZERO;
        result
    };
    let first = run();
    assert_eq!(first.info.nodes, 1_001, "the iterations of both trees");
    assert_lists_every_root_move(&pos, &first.root_distribution);
    let total: u64 = first.root_distribution.iter().map(|&(_, n)| n).sum();
    assert_eq!(
        total, 1_001,
        "the merged visits are the iterations of both trees"
    );
    // Thread scheduling does not change the result under an iteration limit.
    for _ in 0..3 {
        assert_eq!(run(), first);
    }
    // A tree has its own seed: the merged counts are not one tree's counts doubled.
    let one = mcts::<TicTacToe>(8).search(
        &GameRecord::new(pos),
        &Limits::iterations(1_001),
        &StopFlag::new(),
        &mut |_| {},
    );
    assert_ne!(one.root_distribution, first.root_distribution);
}

#[test]
fn two_threads_find_the_win() {
    // X has a3 and b3 (the top row); c3 completes it.
    let pos = ttt("xx./oo./... x");
    let mut engine = Mcts::new(
        RandomRollout::new(50),
        MctsConfig::default().with_threads(2),
        7,
    );
    let best = engine.choose_move(&GameRecord::new(pos), &Limits::iterations(2_000));
    assert_eq!(best.map(|mv| pos.move_text(mv)).as_deref(), Some("c3"));
    // And under a time limit, which each tree reads.
    let best = engine.choose_move(
        &GameRecord::new(pos),
        &Limits::time(Duration::from_millis(30)),
    );
    assert_eq!(best.map(|mv| pos.move_text(mv)).as_deref(), Some("c3"));
}

/// A leaf evaluator that cannot be copied (no `fork`): its engine gets one tree.
struct NoFork;
impl game_core::LeafEvaluator<TicTacToe> for NoFork {
    fn evaluate(&mut self, _pos: &TicTacToe, _rng: &mut game_core::Rng) -> game_core::Rewards {
        [0.5, 0.5, 0.0]
    }
}

#[test]
fn an_evaluator_that_cannot_fork_searches_one_tree() {
    let engine = Mcts::new(NoFork, MctsConfig::default().with_threads(4), 1);
    assert_eq!(engine.config().threads, 1);
}

#[test]
fn the_random_engine_spreads_its_distribution_evenly() {
    let pos = ttt("xo./.../... x");
    let result = RandomEngine::new(2).search(
        &GameRecord::new(pos),
        &Limits::INFINITE,
        &StopFlag::new(),
        &mut |_| {},
    );
    assert_lists_every_root_move(&pos, &result.root_distribution);
    assert!(result.root_distribution.iter().all(|&(_, w)| w == 1));
    assert_eq!(result.info.depth, 0);
}
