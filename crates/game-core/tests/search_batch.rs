//! The step-wise PUCT API (`SearchTree`): what a program that values the leaves of many trees in
//! batches drives. On tic-tac-toe, with a uniform prior and an uninformed value written here: it
//! finds a win in one and blocks a loss in one, is deterministic for a seed, gives exactly the
//! result of the `PuctMcts` engine driving the same tree one leaf at a time, and refuses calls
//! out of order with typed errors.

use game_core::search::mcts::{BatchError, MctsConfig, PuctMcts, RootNoise, SearchTree};
use game_core::search::{PolicyValue, Rewards, SearchResult};
use game_core::tictactoe::TicTacToe;
use game_core::{Engine, Game, GameRecord, Limits, StopFlag};

/// A uniform prior and no opinion on who wins: the search knows only the finished games.
struct Uniform;

impl PolicyValue<TicTacToe> for Uniform {
    fn evaluate(&mut self, _: &TicTacToe, _: &[u8], priors: &mut [f32]) -> Rewards {
        priors.fill(1.0);
        [0.5, 0.5, 0.0]
    }
}

const UNIFORM_VALUE: Rewards = [0.5, 0.5, 0.0];

fn record(text: &str) -> GameRecord<TicTacToe> {
    GameRecord::new(text.parse().expect("a tic-tac-toe position"))
}

/// Drives `trees` (one per record) together for `simulations` rounds: every tree selects, the
/// leaves are valued in one batch by the uniform evaluator, then every tree completes.
fn drive_batch(trees: &mut [SearchTree<TicTacToe>], simulations: usize) {
    for _ in 0..simulations {
        let mut batch = Vec::new();
        for (i, tree) in trees.iter_mut().enumerate() {
            if let Some(&leaf) = tree.select() {
                batch.push((i, leaf, tree.leaf_moves().to_vec()));
            }
        }
        for (i, leaf, moves) in batch {
            let mut priors = vec![0.0; moves.len()];
            let value = Uniform.evaluate(&leaf, &moves, &mut priors);
            trees[i]
                .expand_and_backup(&priors, value)
                .expect("one prior per move");
        }
    }
}

/// The parts of a result that do not depend on the clock.
fn comparable(result: &SearchResult<u8>) -> impl PartialEq + std::fmt::Debug {
    (
        result.best_move,
        result.root_distribution.clone(),
        result.info.nodes,
        result.info.depth,
        result.info.score,
        result.info.pv.clone(),
    )
}

#[test]
fn with_a_uniform_prior_and_value_it_wins_in_one_and_blocks_a_loss_in_one() {
    for seed in 0..6 {
        // X completes the top row at c3; O must block there.
        let records = [record("xx./oo./... x"), record("xx./o../... o")];
        let mut trees: Vec<_> = records
            .iter()
            .map(|r| {
                let mut tree = SearchTree::new(MctsConfig::default(), seed);
                tree.set_root(r).expect("the games go on");
                tree
            })
            .collect();
        drive_batch(&mut trees, 300);
        for (tree, record) in trees.iter().zip(&records) {
            let result = tree.result();
            let mv = result.best_move.expect("the game goes on");
            assert_eq!(record.current().move_text(mv), "c3", "seed {seed}");
        }
        // The win is proven at once: a won root's value for X is 1.
        assert!(trees[0].is_solved());
        assert_eq!(trees[0].root_value()[0], 1.0);
    }
}

#[test]
fn the_same_seed_gives_the_same_search_and_noise() {
    let config = MctsConfig::default().with_root_noise(Some(RootNoise::new(0.3, 0.25)));
    let run = |seed| {
        let mut tree = SearchTree::new(config, seed);
        tree.set_root(&record(".../.x./... o"))
            .expect("the game goes on");
        drive_batch(std::slice::from_mut(&mut tree), 400);
        comparable(&tree.result())
    };
    assert_eq!(run(5), run(5));
}

/// The engine drives the same tree one leaf at a time: the same settings, seed and number of
/// simulations give exactly its result, over two searches of one game (the second reusing the
/// tree), with and without root noise.
#[test]
fn the_batched_driver_gives_exactly_the_engines_result() {
    let noisy = MctsConfig::default().with_root_noise(Some(RootNoise::new(0.5, 0.25)));
    for config in [MctsConfig::default(), noisy] {
        for seed in 0..3 {
            let mut engine = PuctMcts::new(Uniform, config, seed);
            let mut tree = SearchTree::new(config, seed);
            let mut game = GameRecord::new(TicTacToe::start());
            for (ply, simulations) in [(0, 120), (2, 200), (4, 90)] {
                while game.len() < ply {
                    let mv = game.current().legal_moves()[ply % 3];
                    game.play(mv).expect("a legal move");
                }
                let limits = Limits::iterations(simulations);
                let by_engine = engine.search(&game, &limits, &StopFlag::new(), &mut |_| {});
                tree.set_root(&game).expect("the game goes on");
                drive_batch(std::slice::from_mut(&mut tree), simulations as usize);
                assert_eq!(tree.simulations(), simulations);
                assert_eq!(
                    comparable(&tree.result()),
                    comparable(&by_engine),
                    "seed {seed} ply {ply}"
                );
                assert_eq!(tree.tree_size(), engine.tree_size());
            }
        }
    }
}

#[test]
fn calls_out_of_order_are_refused_with_typed_errors() {
    let mut tree = SearchTree::<TicTacToe>::new(MctsConfig::default(), 1);
    assert_eq!(tree.select(), None); // no root yet
    assert_eq!(
        tree.expand_and_backup(&[], UNIFORM_VALUE),
        Err(BatchError::NoLeaf)
    );
    tree.set_root(&record(".../.../... x"))
        .expect("the game goes on");
    assert!(tree.select().is_some());
    assert_eq!(tree.leaf_moves().len(), 9);
    assert_eq!(
        tree.expand_and_backup(&[1.0; 3], UNIFORM_VALUE),
        Err(BatchError::PriorCount {
            expected: 9,
            got: 3
        })
    );
    // The leaf still waits, and a second select hands out the same leaf.
    assert!(tree.select().is_some());
    assert_eq!(tree.leaf_moves().len(), 9);
    assert_eq!(tree.expand_and_backup(&[1.0; 9], UNIFORM_VALUE), Ok(()));
    assert_eq!(tree.simulations(), 1);
    let over = record("xxx/oo./... o");
    assert_eq!(tree.set_root(&over), Err(BatchError::GameOver));
    assert_eq!(tree.result().best_move, None);
}

/// A root given as a position and its draw tracker is searched exactly as the record that
/// holds them (with tree reuse off: a record's tree could be kept, a position's cannot), the
/// history draws inside the tree included: here a move cap that the game is two plies into.
#[test]
fn a_root_given_as_position_and_tracker_is_searched_as_its_record() {
    use game_core::DrawRules;
    let config = MctsConfig::default().with_reuse_tree(false);
    let rules = DrawRules::NONE.with_move_cap(Some(6));
    for seed in 0..3 {
        let mut game = GameRecord::with_rules(TicTacToe::start(), rules);
        for text in ["b2", "a1"] {
            game.play_text(text).expect("a legal move");
        }
        let mut by_record = SearchTree::new(config, seed);
        by_record.set_root(&game).expect("the game goes on");
        drive_batch(std::slice::from_mut(&mut by_record), 300);
        let mut by_position = SearchTree::new(config, seed);
        by_position
            .set_root_position(game.current(), game.draw_tracker())
            .expect("the game goes on");
        drive_batch(std::slice::from_mut(&mut by_position), 300);
        assert_eq!(
            comparable(&by_position.result()),
            comparable(&by_record.result()),
            "seed {seed}"
        );
    }
}

#[test]
fn a_root_whose_tracker_is_elsewhere_or_whose_game_is_over_is_refused() {
    use game_core::{DrawRules, DrawTracker};
    let mut tree = SearchTree::<TicTacToe>::new(MctsConfig::default(), 1);
    let pos: TicTacToe = "xx./oo./... x".parse().unwrap();
    let elsewhere = DrawTracker::new(&TicTacToe::start(), DrawRules::THREEFOLD);
    assert_eq!(
        tree.set_root_position(&pos, &elsewhere),
        Err(BatchError::HistoryMismatch)
    );
    let won: TicTacToe = "xxx/oo./... o".parse().unwrap();
    let here = DrawTracker::new(&won, DrawRules::THREEFOLD);
    assert_eq!(
        tree.set_root_position(&won, &here),
        Err(BatchError::GameOver)
    );
    // A draw by history ends the game too: a cap already reached.
    let mut capped = DrawTracker::new(&pos, DrawRules::NONE.with_move_cap(Some(1)));
    capped.push_key(false, true, pos.hash_key());
    assert_eq!(
        tree.set_root_position(&pos, &capped),
        Err(BatchError::GameOver)
    );
}
