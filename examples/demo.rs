//! The main job: plays one complete game of every game in this build with random legal moves,
//! printing the start, the moves, the final board and the outcome.
//!
//! ```text
//! cargo run --release --example demo [-- SEED]
//! ```

mod common;

use std::process::ExitCode;

use boardrules::games::{self, Describe, GameVisitor, UnknownGame, GAME_NAMES};
use game_core::{DrawRules, GameRecord, Rng};

/// A safety net for games that could wander for long: at most this many capped plies.
const MOVE_CAP: u32 = 3000;

struct Demo {
    seed: u64,
}

impl GameVisitor for Demo {
    type Output = ();

    fn visit<G: Describe>(self) {
        let mut rng = Rng::new(self.seed);
        let rules = DrawRules {
            move_cap: Some(G::DRAW_RULES.move_cap.unwrap_or(MOVE_CAP)),
            ..G::DRAW_RULES
        };
        let start = G::start();
        let mut record = GameRecord::with_rules(start, rules);
        println!("{}", start.diagram());
        println!("start: {start}");
        while record.outcome().is_none() {
            let moves = record.legal_moves();
            let &mv = rng
                .choose(&moves)
                .expect("a game in progress has a legal move");
            record.play(mv).expect("a generated move is legal");
        }
        let texts = record.move_texts();
        println!("moves ({}):", texts.len());
        for chunk in texts.chunks(16) {
            println!("  {}", chunk.join(" "));
        }
        let end = *record.current();
        println!("{}", end.diagram());
        println!("end: {end}");
        for line in end.details() {
            println!("{line}");
        }
        println!("{}", games::outcome_line(&end, record.outcome()));
    }
}

fn main() -> ExitCode {
    common::run(run)
}

fn run() -> Result<(), String> {
    let seed = match std::env::args().nth(1) {
        Some(text) => text
            .parse()
            .map_err(|_| format!("SEED must be a number, not {text:?}"))?,
        None => 2026,
    };
    for name in GAME_NAMES {
        println!("==== {name} ====");
        match games::visit(name, Demo { seed }) {
            Ok(()) => {}
            Err(UnknownGame::NotBuilt(_)) => println!("(not built yet)"),
            Err(err) => return Err(err.to_string()),
        }
        println!();
    }
    Ok(())
}
