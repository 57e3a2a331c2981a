//! The engines' property of the kit ([`EngineGames`]) on tic-tac-toe, for every search of
//! game-core: random, UCT, PUCT and alpha-beta, under every kind of limit, whole seeded games
//! with one engine object a game, under a watchdog.

use game_core::search::mcts::{Mcts, MctsConfig, PuctMcts, RandomRollout};
use game_core::search::{AlphaBeta, AlphaBetaConfig, Evaluator, PolicyValue, Rewards};
use game_core::testing::{large_limits, EngineGames};
use game_core::tictactoe::TicTacToe;
use game_core::{Engine, Game, RandomEngine};

struct Zero;

impl Evaluator<TicTacToe> for Zero {
    fn evaluate(&mut self, _: &TicTacToe) -> i32 {
        0
    }
}

/// A uniform prior and no opinion on who wins.
struct Uniform;

impl PolicyValue<TicTacToe> for Uniform {
    fn evaluate(&mut self, _: &TicTacToe, _: &[u8], priors: &mut [f32]) -> Rewards {
        priors.fill(1.0);
        [0.5, 0.5, 0.0]
    }
}

fn random(seed: u64) -> Box<dyn Engine<TicTacToe>> {
    Box::new(RandomEngine::new(seed))
}

fn uct(seed: u64) -> Box<dyn Engine<TicTacToe>> {
    Box::new(Mcts::new(
        RandomRollout::new(9),
        MctsConfig::default(),
        seed,
    ))
}

fn uct_two_threads(seed: u64) -> Box<dyn Engine<TicTacToe>> {
    let config = MctsConfig::default().with_threads(2);
    Box::new(Mcts::new(RandomRollout::new(9), config, seed))
}

fn puct(seed: u64) -> Box<dyn Engine<TicTacToe>> {
    Box::new(PuctMcts::new(Uniform, MctsConfig::default(), seed))
}

fn alphabeta(_: u64) -> Box<dyn Engine<TicTacToe>> {
    Box::new(AlphaBeta::new(Zero, AlphaBetaConfig::default()).expect("two players"))
}

fn every_engine() -> EngineGames<TicTacToe> {
    EngineGames::new()
        .engine("random", random)
        .engine("mcts", uct)
        .engine("mcts (2 threads)", uct_two_threads)
        .engine("puct", puct)
        .engine("alphabeta", alphabeta)
}

#[test]
fn every_engine_answers_every_position_under_small_limits_of_every_kind() {
    assert!(every_engine().games(4).run() > 0);
}

#[test]
fn every_engine_answers_every_position_under_large_limits_of_every_kind() {
    // Tic-tac-toe's trees are solved long before a large budget runs out.
    assert!(every_engine().limits(large_limits()).games(2).run() > 0);
}

/// Tic-tac-toe's positions never repeat: its history draw is a move cap (here 6 plies), which
/// the record, MCTS, alpha-beta and the kit's naive count must all see on the same ply.
#[test]
fn the_record_the_searches_and_a_naive_count_agree_on_the_move_cap() {
    let rules = game_core::DrawRules::NONE.with_move_cap(Some(6));
    let counts = game_core::testing::check_history_draws(&[TicTacToe::start()], rules, 40, 1, 20);
    assert!(counts.move_cap >= 10, "{counts:?}");
    assert!(
        counts.mcts_judged >= 10 && counts.alphabeta_judged >= 10,
        "{counts:?}"
    );
}
