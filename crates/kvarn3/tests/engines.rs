//! The engines' property of game-core's kit ([`EngineGames`]): every engine of the game under
//! every kind of limit answers every position of whole seeded games, one engine object a game,
//! under a watchdog. The large budgets are ignored in `cargo test`; run them with
//! `cargo test --release -p kvarn3 --test all engines:: -- --ignored`.

use game_core::testing::{large_limits, EngineGames};
use game_core::{Engine, Game, RandomEngine};
use kvarn3::Position;

fn random(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(RandomEngine::new(seed))
}

/// Every engine of the crate, and the random one.
fn every_engine() -> EngineGames<Position> {
    EngineGames::new()
        .engine("default", kvarn3::default_engine)
        .engine("mcts", kvarn3::mcts_engine)
        .engine("alphabeta", kvarn3::alphabeta_engine)
        .engine("random", random)
}

#[test]
fn every_engine_answers_every_position_under_small_limits_of_every_kind() {
    assert!(every_engine().run() > 0);
}

#[test]
#[ignore = "large budgets: seconds to minutes in release; run with --ignored"]
fn every_engine_answers_every_position_under_large_limits_of_every_kind() {
    assert!(every_engine().limits(large_limits()).games(3).run() > 0);
}

/// Positions where the side to move wins at once, so that a tree that follows its visits alone
/// stops growing: after c1 a1 c3 b3 White wins with c2, after b3 c1 a2 b2 c3 Black with a3.
/// Every node limit ends (the tree proves the win) with the winning move, for an engine that
/// kept its tree from the previous moves of the line.
#[test]
fn a_node_limit_ends_where_the_side_to_move_wins_at_once() {
    use game_core::{GameRecord, Limits};
    use std::sync::mpsc;
    use std::time::Duration;

    for (line, win) in [("c1 a1 c3 b3", "c2"), ("b3 c1 a2 b2 c3", "a3")] {
        for nodes in [50, 100, 3_000, 20_000] {
            let (send, receive) = mpsc::channel();
            std::thread::spawn(move || {
                let mut record = GameRecord::new(Position::start());
                let mut engine = kvarn3::mcts_engine(1);
                let mut answers = Vec::new();
                for text in line.split(' ') {
                    // The engine answers every position of the line, keeping its tree.
                    answers.push(engine.choose_move(&record, &Limits::nodes(nodes)));
                    record.play_text(text).expect("a legal move");
                }
                let mv = engine.choose_move(&record, &Limits::nodes(nodes));
                let _ = send.send(mv.map(|mv| record.current().move_text(mv)));
            });
            let answer = receive
                .recv_timeout(Duration::from_secs(60))
                .unwrap_or_else(|_| panic!("{line}, nodes {nodes}: no answer within 60 s"));
            assert_eq!(answer.as_deref(), Some(win), "{line}, nodes {nodes}");
        }
    }
}
