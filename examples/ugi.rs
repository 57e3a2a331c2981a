//! An engine for any game of the workspace that speaks UGI, the Universal Game Interface of
//! general tournament managers:
//!
//! ```text
//! cargo run --release --example ugi -- GAME [--size N|WxH]
//! ```
//!
//! Commands are read from standard input and answered on standard output; the protocol is
//! described in `boardrules::ugi`. `quit` or the end of the input exits with code 0.
//!
//! The command line is checked before the first command is read: a bad game, size or option
//! ends the tool at once with one line on stderr and exit code 2, so a manager that starts a
//! misconfigured engine learns it from the exit code instead of waiting on a silent process.
//! `--help` prints the usage and exits 0; a failed read of stdin or write of stdout (other than
//! a manager closing the pipe) exits 1.

mod common;

use std::io;
use std::process::ExitCode;

use boardrules::games::{self, Describe, GameVisitor};
use common::{Failure, Spec};

const USAGE: &str = "usage: ugi GAME [--size N|WxH]
speaks the Universal Game Interface on stdin and stdout (ugi, isready, position, go, ...)
games: kvarn3, swedish-draughts, cheversi, sundraval, svendo";

const SPEC: Spec = Spec {
    usage: USAGE,
    required: &["GAME"],
    optional: &[],
    switches: &[],
    values: &["--size"],
    repeated: &[],
};

struct Ugi {
    size: Option<game_core::BoardSize>,
}

impl GameVisitor for Ugi {
    type Output = Result<(), Failure>;

    fn visit<G: Describe>(self) -> Result<(), Failure> {
        // The board is set up before the protocol starts: a size the game does not have is a
        // usage error, not a session that answers nothing.
        let start: G = games::setup(None, self.size).map_err(|e| e.to_string())?;
        // The protocol reads its input on a thread of its own, which a `StdinLock` cannot
        // move to.
        boardrules::ugi::run(start, io::BufReader::new(io::stdin()), io::stdout()).map_err(|err| {
            if err.kind() == io::ErrorKind::BrokenPipe {
                Failure::BrokenPipe
            } else {
                Failure::Io(format!("the protocol's input or output failed: {err}"))
            }
        })
    }
}

fn main() -> ExitCode {
    common::run(&SPEC, |args| {
        let game = &args.positional()[0];
        let size = args.size()?;
        games::visit(game, Ugi { size }).map_err(|e| common::unknown_game(game, &e))?
    })
}
