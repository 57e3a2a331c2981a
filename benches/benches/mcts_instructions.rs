//! A fixed seeded UCT workload for instruction counts: UCT with uniformly random rollouts
//! (`RandomRollout`, 300 plies) from the starts of Swedish Draughts 8x8 (4,000 iterations) and
//! 10x10 (2,000) and of Svendo (1,500), one tree each, no tree reuse. No line of these trees
//! reaches a finished game, so the count measures selection, expansion, history draws, rollouts
//! and backup, not the solver. It prints each search's move, iterations, depth and root visits,
//! so two builds can be checked to do the same work before their counts are compared:
//!
//! ```text
//! cargo bench --bench mcts_instructions --no-run
//! valgrind --tool=callgrind --callgrind-out-file=/tmp/uct.out target/release/deps/mcts_instructions-HASH
//! ```

use game_core::search::mcts::{Mcts, MctsConfig, RandomRollout};
use game_core::{BoardSize, Engine, Game, GameRecord, Limits, StopFlag};

/// One search of `iterations` from `pos`: its move, iterations, depth and root visits by move
/// text.
fn search<G: Game>(pos: G, iterations: u64) -> String {
    let config = MctsConfig::default().with_reuse_tree(false);
    let mut engine = Mcts::new(RandomRollout::new(300), config, 0xBE7C);
    let record = GameRecord::new(pos);
    let limits = Limits::iterations(iterations);
    let result = engine.search(&record, &limits, &StopFlag::new(), &mut |_| {});
    let mut visits: Vec<(String, u64)> = result
        .root_distribution
        .iter()
        .map(|&(mv, n)| (pos.move_text(mv), n))
        .collect();
    visits.sort();
    let best = result.best_move.map(|mv| pos.move_text(mv));
    format!(
        "{} {best:?} {} iterations, depth {}, {visits:?}",
        G::NAME,
        result.info.nodes,
        result.info.depth
    )
}

fn main() {
    let eight = swedish_draughts::Position::start_with_size(BoardSize::Side(8))
        .expect("the 8x8 board is supported");
    println!("{}", search(eight, 4_000));
    println!("{}", search(swedish_draughts::Position::start(), 2_000));
    println!("{}", search(svendo::Position::start(), 1_500));
}
