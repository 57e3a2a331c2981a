//! Perft for every game, with one interface:
//!
//! ```text
//! cargo run --release --example perft -- GAME DEPTH [--fen "POSITION"] [--divide] [--size N]
//! ```
//!
//! stdout, exactly: with `--divide`, one line `MOVE: COUNT` per legal move of the root (the
//! move's text as the position writes it), sorted by that text in byte order; then always the
//! last line `perft DEPTH: COUNT`. Time and nodes per second go to stderr.

mod common;

use std::io::Write;
use std::process::ExitCode;
use std::time::Instant;

use boardrules::games::{self, Describe, GameVisitor};
use game_core::{perft, perft_divide};

const USAGE: &str = "usage: perft GAME DEPTH [--fen \"POSITION\"] [--divide] [--size N]
games: kvarn3, swedish-draughts, cheversi, sundraval, svendo";

struct Perft {
    depth: u32,
    fen: Option<String>,
    size: Option<u32>,
    divide: bool,
}

impl GameVisitor for Perft {
    type Output = Result<(), String>;

    fn visit<G: Describe>(self) -> Result<(), String> {
        let pos: G = games::setup(self.fen.as_deref(), self.size).map_err(|e| e.to_string())?;
        let started = Instant::now();
        let mut out = std::io::stdout().lock();
        let total = if self.divide {
            let mut lines: Vec<(String, u64)> = perft_divide(&pos, self.depth)
                .into_iter()
                .map(|(mv, n)| (pos.move_text(mv), n))
                .collect();
            lines.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
            for (text, count) in &lines {
                writeln!(out, "{text}: {count}").map_err(|e| e.to_string())?;
            }
            if self.depth == 0 {
                1
            } else {
                lines.iter().map(|(_, n)| n).sum()
            }
        } else {
            perft(&pos, self.depth)
        };
        writeln!(out, "perft {}: {total}", self.depth).map_err(|e| e.to_string())?;
        let seconds = started.elapsed().as_secs_f64();
        eprintln!(
            "{total} nodes in {seconds:.3} s ({:.0} nodes/s)",
            total as f64 / seconds.max(1e-9)
        );
        Ok(())
    }
}

fn main() -> ExitCode {
    common::run(|| {
        let args = common::Args::parse(USAGE, &["--divide", "--fen", "--size"])?;
        let [depth] = args.positional.as_slice() else {
            return Err(format!("expected GAME and DEPTH\n{USAGE}"));
        };
        let depth = depth
            .parse()
            .map_err(|_| format!("DEPTH must be a number from 0 up, not {depth:?}"))?;
        let job = Perft {
            depth,
            fen: args.fen,
            size: args.size,
            divide: args.divide,
        };
        games::visit(&args.game, job).map_err(|e| e.to_string())?
    })
}
