//! Perft for every game, with one interface:
//!
//! ```text
//! cargo run --release --example perft -- GAME DEPTH [--fen "POSITION"] [--divide] [--size N|WxH]
//! ```
//!
//! stdout, exactly: with `--divide`, one line `MOVE: COUNT` per legal move of the root (the
//! move's text as the position writes it), sorted by that text in byte order; then always the
//! last line `perft DEPTH: COUNT`. Time and nodes per second go to stderr.
//!
//! DEPTH is at most [`game_core::MAX_PERFT_DEPTH`]; a deeper one is refused with a message.
//! On a long run, when stderr is a terminal, a progress line on stderr counts the root moves
//! done, with the elapsed time (it is erased when the count is done; stdout is never touched).
//!
//! The command line, `--help` and the exit codes follow the tools' common rules (`common`).

mod common;

use std::io::{self, IsTerminal, Write};
use std::process::ExitCode;
use std::time::{Duration, Instant};

use boardrules::games::{self, Describe, GameVisitor};
use common::{Failure, Out, Spec};
use game_core::{Perft, PerftError, MAX_PERFT_DEPTH};

const USAGE: &str = "usage: perft GAME DEPTH [--fen \"POSITION\"] [--divide] [--size N|WxH]
games: kvarn3, swedish-draughts, cheversi, sundraval, svendo";

/// A run shows progress once it has taken this long (short runs stay quiet).
const PROGRESS_AFTER: Duration = Duration::from_millis(500);

struct PerftJob {
    depth: u32,
    fen: Option<String>,
    size: Option<game_core::BoardSize>,
    divide: bool,
}

/// The progress line on stderr, drawn only when stderr is a terminal.
struct Progress {
    started: Instant,
    on_terminal: bool,
    drawn: bool,
}

impl Progress {
    fn new() -> Self {
        Self {
            started: Instant::now(),
            on_terminal: io::stderr().is_terminal(),
            drawn: false,
        }
    }

    /// Reports that `done` of `total` root moves are counted, the last one being `last`.
    fn root_move_done(&mut self, done: usize, total: usize, last: &str, nodes: u64) {
        let elapsed = self.started.elapsed();
        if !self.on_terminal || elapsed < PROGRESS_AFTER {
            return;
        }
        // Progress is a courtesy: a failing stderr is no reason to stop counting.
        let _ = write!(
            io::stderr(),
            "\r\x1b[Kroot move {done}/{total} ({last}): {nodes} nodes so far, {:.1} s",
            elapsed.as_secs_f64()
        );
        self.drawn = true;
    }

    /// Erases the progress line.
    fn clear(&mut self) {
        if self.drawn {
            let _ = write!(io::stderr(), "\r\x1b[K");
            self.drawn = false;
        }
    }
}

impl GameVisitor for PerftJob {
    type Output = Result<(), Failure>;

    fn visit<G: Describe>(self) -> Result<(), Failure> {
        let pos: G = games::setup(self.fen.as_deref(), self.size).map_err(|e| e.to_string())?;
        let started = Instant::now();
        let mut progress = Progress::new();
        // Count root move by root move, so progress can be shown and the divide comes free.
        let mut lines: Vec<(String, u64)> = Vec::new();
        let total = if self.depth == 0 {
            1
        } else {
            let mut counter = Perft::new();
            let roots = pos.legal_moves();
            let mut total = 0;
            for (index, &mv) in roots.iter().enumerate() {
                let mut child = pos;
                child.play_unchecked(mv);
                let count = counter
                    .count(&child, self.depth - 1)
                    .map_err(|e| e.to_string())?;
                total += count;
                let text = pos.move_text(mv);
                progress.root_move_done(index + 1, roots.len(), &text, total);
                if self.divide {
                    lines.push((text, count));
                }
            }
            total
        };
        progress.clear();
        lines.sort_by(|a, b| a.0.as_bytes().cmp(b.0.as_bytes()));
        let mut out = Out::new();
        for (text, count) in &lines {
            out.line(format_args!("{text}: {count}"))?;
        }
        out.line(format_args!("perft {}: {total}", self.depth))?;
        out.finish()?;
        let seconds = started.elapsed().as_secs_f64();
        let _ = writeln!(
            io::stderr(),
            "{total} nodes in {seconds:.3} s ({:.0} nodes/s)",
            total as f64 / seconds.max(1e-9)
        );
        Ok(())
    }
}

const SPEC: Spec = Spec {
    usage: USAGE,
    required: &["GAME", "DEPTH"],
    optional: &[],
    switches: &["--divide"],
    values: &["--fen", "--size"],
    repeated: &[],
};

fn main() -> ExitCode {
    common::run(&SPEC, |args| {
        let (game, depth) = (&args.positional()[0], &args.positional()[1]);
        let depth: u32 = depth.parse().map_err(|_| {
            format!(
                "DEPTH must be a number from 0 to {MAX_PERFT_DEPTH}, not {}",
                common::quoted(depth)
            )
        })?;
        if depth > MAX_PERFT_DEPTH {
            let err = PerftError::DepthTooLarge {
                depth,
                max: MAX_PERFT_DEPTH,
            };
            return Err(err.to_string().into());
        }
        let job = PerftJob {
            depth,
            fen: args.value("--fen").map(str::to_owned),
            size: args.size()?,
            divide: args.switch("--divide"),
        };
        games::visit(game, job).map_err(|e| common::unknown_game(game, &e))?
    })
}
