//! What the command-line examples share: reading their options (as the operating system gives
//! them, so text that is not UTF-8 is a message, not a panic), writing to stdout without
//! panicking on a closed pipe or a full disk, and failing with a clear, bounded message and a
//! non-zero exit instead of a panic.

// Shared by several test or example programs, each using part of it: `pub` keeps the
// unused part of each from being dead code, so the reachability lint does not apply here.
#![allow(unreachable_pub)]
// Not every tool uses every helper.
#![allow(dead_code)]

use std::ffi::OsString;
use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;

use game_core::{excerpt, BoardSize};

/// How a tool ends other than by success.
#[derive(Debug)]
pub enum Failure {
    /// Bad options or input: the message goes to stderr, the exit code is 2.
    Usage(String),
    /// stdout was closed by its reader (`show … | head -1`): nothing more to say, exit 0.
    BrokenPipe,
    /// stdout could not be written (a full disk, say): a message and exit code 1.
    Write(io::Error),
    /// stdin could not be read: a message and exit code 1.
    Read(io::Error),
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Usage(message)
    }
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Self {
        if err.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Write(err)
        }
    }
}

/// Quotes a piece of user input in a message: at most [`game_core::EXCERPT_CHARS`] characters
/// (with `…` where cut), in Rust string syntax.
pub fn quoted(text: &str) -> String {
    format!("{:?}", excerpt(text, 0))
}

/// Reads the value of `--size`: `N` (`8` for 8x8 draughts, `5` for Sundraval) or `WxH`
/// (`8x8` for Svendo, width x height); whether the game has that board is
/// [`games::setup`](boardrules::games::setup)'s question.
pub fn parse_size(value: &str) -> Result<BoardSize, String> {
    value
        .parse()
        .map_err(|e| format!("--size takes N or WxH (8, 5, 8x8): {e}"))
}

/// The process arguments after the program name, each as UTF-8 text; an argument that is not
/// UTF-8 is a usage error naming its place (and a bounded, lossy rendering of it).
pub fn utf8_args() -> Result<Vec<String>, Failure> {
    utf8_words(std::env::args_os().skip(1))
}

/// [`utf8_args`] on any list of OS strings (the tests give their own).
pub fn utf8_words(words: impl IntoIterator<Item = OsString>) -> Result<Vec<String>, Failure> {
    words
        .into_iter()
        .enumerate()
        .map(|(index, word)| {
            word.into_string().map_err(|raw| {
                let lossy = raw.to_string_lossy().into_owned();
                Failure::Usage(format!(
                    "argument {} is not UTF-8 text: {}",
                    index + 1,
                    quoted(&lossy)
                ))
            })
        })
        .collect()
}

/// The options of `perft` and `show`: the game's name first, then positional arguments and
/// `--flag VALUE` / `--switch` options in any order.
#[derive(Debug, Default)]
pub struct Args {
    pub game: String,
    pub positional: Vec<String>,
    pub size: Option<BoardSize>,
    pub fen: Option<String>,
    pub moves: Option<String>,
    pub svg: Option<String>,
    pub svg_size: Option<u32>,
    pub divide: bool,
    pub svg_attacks: bool,
}

impl Args {
    /// Reads the process arguments; `options` are the options this tool accepts, among
    /// `--divide` and `--svg-attacks` (switches) and `--fen`, `--size`, `--moves`, `--svg`, `--svg-size` (each
    /// takes a value).
    pub fn parse(usage: &str, options: &[&str]) -> Result<Args, Failure> {
        Self::parse_words(utf8_args()?, usage, options)
    }

    /// [`Args::parse`] on a given list of words.
    pub fn parse_words(words: Vec<String>, usage: &str, options: &[&str]) -> Result<Args, Failure> {
        let mut args = Args::default();
        let mut words = words.into_iter();
        while let Some(word) = words.next() {
            if word == "--help" || word == "-h" {
                return Err(Failure::Usage(usage.to_owned()));
            }
            if !word.starts_with("--") {
                if args.game.is_empty() {
                    args.game = word;
                } else {
                    args.positional.push(word);
                }
                continue;
            }
            if !options.contains(&word.as_str()) {
                return Err(format!("unknown option {}\n{usage}", quoted(&word)).into());
            }
            if word == "--divide" {
                args.divide = true;
                continue;
            }
            if word == "--svg-attacks" {
                args.svg_attacks = true;
                continue;
            }
            let value = words
                .next()
                .ok_or_else(|| format!("{word} needs a value\n{usage}"))?;
            match word.as_str() {
                "--size" => args.size = Some(parse_size(&value)?),
                "--svg-size" => {
                    let size = value.parse().map_err(|_| {
                        format!("--svg-size takes a number, not {}", quoted(&value))
                    })?;
                    args.svg_size = Some(size);
                }
                "--fen" => args.fen = Some(value),
                "--svg" => args.svg = Some(value),
                _ => args.moves = Some(value),
            }
        }
        if args.game.is_empty() {
            return Err(Failure::Usage(usage.to_owned()));
        }
        Ok(args)
    }
}

/// The message for a game name that [`boardrules::games::visit`] refused, quoting the name as
/// a bounded excerpt.
pub fn unknown_game(name: &str, err: &boardrules::games::UnknownGame) -> Failure {
    use boardrules::games::{UnknownGame, GAME_NAMES};
    Failure::Usage(match err {
        UnknownGame::Unknown(_) => format!(
            "unknown game {} (games: {})",
            quoted(name),
            GAME_NAMES.join(", ")
        ),
        UnknownGame::NotBuilt(_) => err.to_string(),
    })
}

/// A locked stdout for a tool's output: every write returns an [`io::Error`] instead of
/// panicking, so the tool can end as [`run`] says.
pub struct Out {
    inner: io::BufWriter<io::StdoutLock<'static>>,
}

impl Out {
    /// Locks stdout (buffered; [`Out::finish`] or the end of [`run`] flushes it).
    pub fn new() -> Self {
        Self {
            inner: io::BufWriter::new(io::stdout().lock()),
        }
    }

    /// Writes one line.
    pub fn line(&mut self, line: impl fmt::Display) -> io::Result<()> {
        writeln!(self.inner, "{line}")
    }

    /// Writes text without a newline and flushes it (a prompt).
    pub fn prompt(&mut self, text: impl fmt::Display) -> io::Result<()> {
        write!(self.inner, "{text}")?;
        self.inner.flush()
    }

    /// Sends what is buffered on now (a tool that works between its lines shows each part
    /// as it is done, and learns of a closed pipe or a full disk early).
    pub fn flush(&mut self) -> io::Result<()> {
        self.inner.flush()
    }

    /// Flushes what is buffered: a write error surfaces here at the latest.
    pub fn finish(mut self) -> io::Result<()> {
        self.inner.flush()
    }
}

/// Answers `--help` or `-h` anywhere among the process arguments: prints `usage` to stdout
/// and returns the exit code 0 (a request for help is not a mistake). `None` when no help was
/// asked for, so the tool runs.
pub fn help(usage: &str) -> Option<ExitCode> {
    let asked = std::env::args_os()
        .skip(1)
        .any(|word| word == "--help" || word == "-h");
    if !asked {
        return None;
    }
    let mut out = io::stdout().lock();
    Some(match writeln!(out, "{usage}").and_then(|()| out.flush()) {
        Ok(()) => ExitCode::SUCCESS,
        Err(err) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(err) => {
            let _ = writeln!(io::stderr(), "error: cannot write the output: {err}");
            ExitCode::from(1)
        }
    })
}

/// Runs `main`; on failure prints the message to stderr and exits with 2 for usage or input
/// errors, 1 for a failed write to stdout or read from stdin, and quietly with 0 when the reader closed the pipe.
pub fn run(main: impl FnOnce() -> Result<(), Failure>) -> ExitCode {
    match main() {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::BrokenPipe) => ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => {
            // stderr may be closed as well; there is nobody left to tell then.
            let _ = writeln!(io::stderr(), "error: {message}");
            ExitCode::from(2)
        }
        Err(Failure::Write(err)) => {
            let _ = writeln!(io::stderr(), "error: cannot write the output: {err}");
            ExitCode::from(1)
        }
        Err(Failure::Read(err)) => {
            let _ = writeln!(io::stderr(), "error: cannot read the input: {err}");
            ExitCode::from(1)
        }
    }
}
