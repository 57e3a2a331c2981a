//! The main job: one complete game of every game in this build, engine against engine, printing
//! the start, the moves with the engines' names, the final board and the outcome.
//!
//! ```text
//! cargo run --release --example demo [-- SEED]
//! ```
//!
//! Every seat plays the game's default engine with [`MOVE_TIME`] a move (engines with a wall
//! clock differ a little from run to run and machine to machine); the whole demo takes well
//! under a minute.

mod common;

use std::process::ExitCode;
use std::time::Duration;

use boardrules::engines::engine_by_name;
use boardrules::games::{self, Describe, GameVisitor, UnknownGame, GAME_NAMES};
use common::{Failure, Out};
use game_core::{Engine, GameRecord, Limits};

/// The time each engine may think about a move.
const MOVE_TIME: Duration = Duration::from_millis(20);

/// A safety net: a demo game stops as a draw after this many plies (no game of the workspace
/// gets near it between engines).
const MAX_PLIES: usize = 2_000;

struct Demo<'a> {
    seed: u64,
    out: &'a mut Out,
}

impl GameVisitor for Demo<'_> {
    type Output = Result<(), Failure>;

    fn visit<G: Describe>(self) -> Result<(), Failure> {
        let out = self.out;
        let mut engines: Vec<Box<dyn Engine<G>>> = (0..G::PLAYERS.len())
            .map(|seat| engine_by_name::<G>("default", self.seed + seat as u64))
            .collect::<Result<_, _>>()
            .map_err(|e| Failure::Usage(e.to_string()))?;
        let start = G::start();
        let mut record = GameRecord::new(start);
        let names: Vec<String> = G::PLAYERS
            .iter()
            .zip(&engines)
            .map(|(&p, engine)| format!("{} {}", start.color_name(p), engine.name()))
            .collect();
        out.line(format_args!("players: {}", names.join(", ")))?;
        out.line(format_args!("{}", start.diagram()))?;
        out.line(format_args!("start: {start}"))?;
        let limits = Limits::time(MOVE_TIME);
        while record.outcome().is_none() && record.moves().len() < MAX_PLIES {
            let seat = G::player_index(record.current().to_move());
            let legal = record.legal_moves();
            let mv = engines[seat]
                .choose_move(&record, &limits)
                .filter(|mv| legal.contains(mv))
                .or_else(|| legal.first().copied());
            let Some(mv) = mv else { break };
            if record.play(mv).is_err() {
                break;
            }
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
        [text] => text.parse().map_err(|_| {
            Failure::Usage(format!(
                "SEED must be a number, not {}",
                common::quoted(text)
            ))
        })?,
        _ => return Err(Failure::Usage("usage: demo [SEED]".to_owned())),
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
    }
    Ok(out.finish()?)
}
