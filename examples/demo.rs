//! The main job: one complete game of every game in this build, engine against engine, printing
//! the start, the moves with the engines' names, the final board and the outcome.
//!
//! ```text
//! cargo run --release --example demo [-- SEED]
//! ```
//!
//! Every seat plays the game's default engine on a budget of work, not of time
//! ([`boardrules::arena::demo_limits`]: 20,000 nodes or 1,000 MCTS iterations a move): the
//! same SEED (default 2026) plays the same games on every machine and in every run (how long
//! it takes: the README's Set-up).
//!
//! The command line, `--help` and the exit codes follow the tools' common rules (`common`).

mod common;

use std::process::ExitCode;

use boardrules::arena::{demo_game, demo_limits};
use boardrules::games::{self, Describe, GameVisitor, UnknownGame, GAME_NAMES};
use common::{CommandLine, Failure, Out, Spec};

const USAGE: &str = "usage: demo [SEED]
plays one game of every game, default engine against default engine, on budgets of work:
the same SEED (a number, default 2026) plays the same games on every machine";

struct Demo<'a> {
    seed: u64,
    out: &'a mut Out,
}

impl GameVisitor for Demo<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: Describe>(self) -> Result<(), Failure> {
        let out = self.out;
        let start = G::start();
        let names: Vec<String> = G::PLAYERS
            .iter()
            .enumerate()
            .map(|(seat, &p)| {
                let engine = G::default_engine(self.seed.wrapping_add(seat as u64));
                format!("{} {}", games::player_name(&start, p), engine.name())
            })
            .collect();
        out.line(format_args!("players: {}", names.join(", ")))?;
        out.line(format_args!("{}", start.diagram()))?;
        out.line(format_args!("start: {start}"))?;
        let record = demo_game::<G>(self.seed, &demo_limits());
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

const SPEC: Spec = Spec {
    usage: USAGE,
    required: &[],
    optional: &["SEED"],
    switches: &[],
    values: &[],
    repeated: &[],
};

fn main() -> ExitCode {
    common::run(&SPEC, run)
}

fn run(args: CommandLine) -> Result<(), Failure> {
    let seed = match args.arg(0) {
        None => 2026,
        Some(text) => text.parse().map_err(|_| {
            Failure::Usage(format!(
                "SEED must be a number, not {}",
                common::quoted(text)
            ))
        })?,
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
            Err(err) => return Err(Failure::Usage(err.to_string())),
        }
        out.line("")?;
        // Each game is shown when it is done (and a closed pipe ends the demo at once).
        out.flush()?;
    }
    Ok(out.finish()?)
}
