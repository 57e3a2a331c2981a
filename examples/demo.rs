//! The main job: plays one complete game of every game in this build with random legal moves,
//! printing the start, the moves, the final board and the outcome.
//!
//! ```text
//! cargo run --release --example demo [-- SEED]
//! ```

mod common;

use std::process::ExitCode;

use boardrules::games::{self, Describe, GameVisitor, UnknownGame, GAME_NAMES};
use common::{Failure, Out};
use game_core::{DrawRules, GameRecord, Rng};

/// A safety net for games that could wander for long: at most this many capped plies.
const MOVE_CAP: u32 = 3000;

struct Demo<'a> {
    seed: u64,
    out: &'a mut Out,
}

impl GameVisitor for Demo<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: Describe>(self) -> Result<(), Failure> {
        let out = self.out;
        let mut rng = Rng::new(self.seed);
        let rules = DrawRules {
            move_cap: Some(G::DRAW_RULES.move_cap.unwrap_or(MOVE_CAP)),
            ..G::DRAW_RULES
        };
        let start = G::start();
        let mut record = GameRecord::with_rules(start, rules);
        out.line(format_args!("{}", start.diagram()))?;
        out.line(format_args!("start: {start}"))?;
        while record.outcome().is_none() {
            let moves = record.legal_moves();
            let &mv = rng
                .choose(&moves)
                .expect("a game in progress has a legal move");
            record.play(mv).expect("a generated move is legal");
        }
        let texts = record.move_texts();
        out.line(format_args!("moves ({}):", texts.len()))?;
        for chunk in texts.chunks(16) {
            out.line(format_args!("  {}", chunk.join(" ")))?;
        }
        let end = *record.current();
        out.line(format_args!("{}", end.diagram()))?;
        out.line(format_args!("end: {end}"))?;
        for line in end.details() {
            out.line(format_args!("{line}"))?;
        }
        out.line(format_args!(
            "{}",
            games::outcome_line(&end, record.outcome())
        ))?;
        Ok(())
    }
}

fn main() -> ExitCode {
    common::run(run)
}

fn run() -> Result<(), Failure> {
    let args = common::utf8_args()?;
    let seed = match args.as_slice() {
        [] => 2026,
        [text] => text
            .parse()
            .map_err(|_| format!("SEED must be a number, not {}", common::quoted(text)))?,
        [_, extra, ..] => {
            return Err(format!("unexpected {} (only a SEED)", common::quoted(extra)).into())
        }
    };
    let mut out = Out::new();
    for name in GAME_NAMES {
        out.line(format_args!("==== {name} ===="))?;
        match games::visit(
            name,
            Demo {
                seed,
                out: &mut out,
            },
        ) {
            Ok(result) => result?,
            Err(UnknownGame::NotBuilt(_)) => out.line("(not built yet)")?,
            Err(err) => return Err(err.to_string().into()),
        }
        out.line("")?;
    }
    out.finish()?;
    Ok(())
}
