//! An engine for any game of the workspace that speaks UGI, the Universal Game Interface of
//! general tournament managers:
//!
//! ```text
//! cargo run --release --example ugi -- GAME [--size N|WxH]
//! ```
//!
//! Commands are read from standard input and answered on standard output; the protocol is
//! described in `boardrules::ugi`. A bad game or size on the command line is answered with an
//! `info string error: …` line for every command, so a manager sees the reason instead of a
//! dead process; `quit` or the end of the input exits. `--help` prints the usage and exits.

mod common;

use std::io::{self, BufRead, Write};
use std::process::ExitCode;

use boardrules::games::{self, Describe, GameVisitor};
use common::Failure;

const USAGE: &str = "usage: ugi GAME [--size N|WxH]
games: kvarn3, swedish-draughts, cheversi, sundraval, svendo";

struct Ugi {
    size: Option<game_core::BoardSize>,
}

impl GameVisitor for Ugi {
    type Output = Result<io::Result<()>, String>;

    fn visit<G: Describe>(self) -> Self::Output {
        let start: G = games::setup(None, self.size).map_err(|e| e.to_string())?;
        // The protocol reads its input on a thread of its own, which a `StdinLock` cannot
        // move to.
        Ok(boardrules::ugi::run(
            start,
            io::BufReader::new(io::stdin()),
            io::stdout(),
        ))
    }
}

/// Answers every command with `message` until `quit` or the end of the input.
fn refuse_everything(message: &str) -> io::Result<()> {
    let mut out = io::stdout().lock();
    for line in io::stdin().lock().split(b'\n') {
        let line = line?;
        let command = String::from_utf8_lossy(&line);
        match command.trim() {
            "quit" => break,
            "isready" => writeln!(out, "readyok")?,
            "" => {}
            _ => writeln!(out, "info string error: {message}")?,
        }
        out.flush()?;
    }
    Ok(())
}

fn main() -> ExitCode {
    if let Some(code) = common::help(USAGE) {
        return code;
    }
    let setup = common::Args::parse(USAGE, &["--size"]).and_then(|args| {
        if !args.positional.is_empty() {
            let extra = args.positional.join(" ");
            return Err(format!("unexpected {}", common::quoted(&extra)).into());
        }
        games::visit(&args.game, Ugi { size: args.size })
            .map_err(|e| common::unknown_game(&args.game, &e))?
            .map_err(Failure::Usage)
    });
    let result = match setup {
        Ok(result) => result,
        Err(Failure::Usage(message)) => {
            let message = message.lines().next().unwrap_or("").to_owned();
            refuse_everything(&message)
        }
        Err(Failure::BrokenPipe) => Ok(()),
        Err(Failure::Read(err) | Failure::Write(err)) => Err(err),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            eprintln!("error: {err}");
            ExitCode::FAILURE
        }
    }
}
