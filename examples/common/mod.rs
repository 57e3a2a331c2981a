//! What the command-line examples share: one reading of the command line for every tool, so
//! that each keeps the same promises, and output that fails with a message instead of a panic.
//!
//! The promises (the README's Tools section states them, `tests/tool_contracts.rs` checks them
//! for every tool): the whole command line is checked before any input is read or any work is
//! done; `--help` or `-h` anywhere prints the usage on stdout and exits 0; a bad argument is
//! one line `error: …` on stderr and exit code 2; a failed read or write (stdin, stdout, a file
//! the tool was asked to write) is one line on stderr and exit code 1; a reader that closes the
//! pipe early (`show … | head -1`) ends the tool quietly with exit code 0.

// Shared by several example programs, each using part of it: `pub` keeps the unused part of
// each from being dead code, so the reachability lint does not apply here.
#![allow(unreachable_pub)]
// Not every tool uses every helper.
#![allow(dead_code)]

use std::ffi::OsString;
use std::fmt;
use std::io::{self, Write};
use std::process::ExitCode;
use std::str::FromStr;

use game_core::{excerpt, BoardSize};

/// The exit code of a bad argument or bad input given on the command line.
pub const EXIT_USAGE: u8 = 2;

/// The exit code of a failed read or write.
pub const EXIT_IO: u8 = 1;

/// How a tool ends other than by success.
#[derive(Debug)]
pub enum Failure {
    /// A bad argument: the message (one line) goes to stderr, the exit code is 2.
    Usage(String),
    /// A failed read or write: the message (one line) goes to stderr, the exit code is 1.
    Io(String),
    /// stdout was closed by its reader (`show … | head -1`): nothing more to say, exit 0.
    BrokenPipe,
}

impl Failure {
    /// A failed read of stdin.
    pub fn read(err: io::Error) -> Failure {
        Failure::Io(format!("cannot read the input: {err}"))
    }

    /// A file the tool was asked to write (`--svg FILE`) that could not be written.
    pub fn file(what: &str, path: &str, err: io::Error) -> Failure {
        Failure::Io(format!("cannot write {what} to {}: {err}", quoted(path)))
    }
}

impl From<String> for Failure {
    fn from(message: String) -> Self {
        Failure::Usage(message)
    }
}

/// A failed write to stdout.
impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Self {
        if err.kind() == io::ErrorKind::BrokenPipe {
            Failure::BrokenPipe
        } else {
            Failure::Io(format!("cannot write the output: {err}"))
        }
    }
}

/// Quotes a piece of user input in a message: at most [`game_core::EXCERPT_CHARS`] characters
/// (with `…` where cut), in Rust string syntax.
pub fn quoted(text: &str) -> String {
    format!("{:?}", excerpt(text, 0))
}

/// What a tool accepts on its command line.
pub struct Spec {
    /// The usage text `--help` prints; its first line starts `usage: TOOL`.
    pub usage: &'static str,
    /// The positional arguments every call gives, in order (`GAME`, `DEPTH`).
    pub required: &'static [&'static str],
    /// The positional arguments that may follow them (`SEED`).
    pub optional: &'static [&'static str],
    /// Options without a value (`--divide`).
    pub switches: &'static [&'static str],
    /// Options with a value, given at most once (`--size 8`).
    pub values: &'static [&'static str],
    /// Options with a value that may be given again and again (`--engine A --engine B`).
    pub repeated: &'static [&'static str],
}

impl Spec {
    /// The tool's name, from the first line of its usage.
    fn tool(&self) -> &'static str {
        self.usage
            .strip_prefix("usage: ")
            .and_then(|rest| rest.split_whitespace().next())
            .unwrap_or("the tool")
    }

    /// A usage error, one line, that points to `--help`.
    fn error(&self, message: impl fmt::Display) -> Failure {
        Failure::Usage(format!(
            "{message} ({} --help shows the usage)",
            self.tool()
        ))
    }
}

/// A command line read against a [`Spec`]: every word known, every option where it belongs.
#[derive(Debug, Default)]
pub struct CommandLine {
    positional: Vec<String>,
    values: Vec<(&'static str, String)>,
    switches: Vec<&'static str>,
}

/// Whether `word` is an option rather than a value (`-` alone, as for stdin, is a value).
fn is_option(word: &str) -> bool {
    word.len() > 1 && word.starts_with('-')
}

impl CommandLine {
    /// Reads `words` (the arguments after the program's name) against `spec`.
    pub fn parse(spec: &Spec, words: Vec<String>) -> Result<CommandLine, Failure> {
        let mut line = CommandLine::default();
        let mut words = words.into_iter();
        while let Some(word) = words.next() {
            if !is_option(&word) {
                if line.positional.len() >= spec.required.len() + spec.optional.len() {
                    return Err(spec.error(format_args!("unexpected {}", quoted(&word))));
                }
                line.positional.push(word);
                continue;
            }
            if let Some(&flag) = spec.switches.iter().find(|&&s| s == word) {
                if line.switches.contains(&flag) {
                    return Err(spec.error(format_args!("{flag} given twice")));
                }
                line.switches.push(flag);
                continue;
            }
            let single = spec.values.iter().find(|&&s| s == word);
            let Some(&flag) = single.or_else(|| spec.repeated.iter().find(|&&s| s == word)) else {
                return Err(spec.error(format_args!("unknown option {}", quoted(&word))));
            };
            if single.is_some() && line.value(flag).is_some() {
                return Err(spec.error(format_args!("{flag} given twice")));
            }
            let Some(value) = words.next() else {
                return Err(spec.error(format_args!("{flag} needs a value")));
            };
            line.values.push((flag, value));
        }
        if let Some(missing) = spec.required.get(line.positional.len()) {
            return Err(spec.error(format_args!("missing {missing}")));
        }
        Ok(line)
    }

    /// The positional arguments, the required ones first.
    pub fn positional(&self) -> &[String] {
        &self.positional
    }

    /// Positional argument `index`, if given.
    pub fn arg(&self, index: usize) -> Option<&str> {
        self.positional.get(index).map(String::as_str)
    }

    /// The value of an option given at most once.
    pub fn value(&self, flag: &str) -> Option<&str> {
        self.values
            .iter()
            .find(|(f, _)| *f == flag)
            .map(|(_, v)| v.as_str())
    }

    /// Every value of a repeated option, in the order given.
    pub fn values(&self, flag: &str) -> Vec<&str> {
        self.values
            .iter()
            .filter(|(f, _)| *f == flag)
            .map(|(_, v)| v.as_str())
            .collect()
    }

    /// Whether a switch was given.
    pub fn switch(&self, flag: &str) -> bool {
        self.switches.contains(&flag)
    }

    /// The value of `flag` read as a number (or any `FromStr` type).
    pub fn number<T: FromStr>(&self, flag: &str) -> Result<Option<T>, Failure> {
        self.value(flag)
            .map(|value| number(flag, value))
            .transpose()
    }

    /// The value of `--size`: `N` (`8` for 8x8 draughts, `5` for Sundraval) or `WxH` (`8x8`
    /// for Svendo, width x height); whether the game has that board is
    /// [`games::setup`](boardrules::games::setup)'s question.
    pub fn size(&self) -> Result<Option<BoardSize>, Failure> {
        self.value("--size")
            .map(|value| {
                value
                    .parse()
                    .map_err(|e| Failure::Usage(format!("--size takes N or WxH (8, 5, 8x8): {e}")))
            })
            .transpose()
    }
}

/// `value` of option `flag` read as a number, or a usage error that quotes it.
pub fn number<T: FromStr>(flag: &str, value: &str) -> Result<T, Failure> {
    value
        .parse()
        .map_err(|_| Failure::Usage(format!("{flag} takes a number, not {}", quoted(value))))
}

/// The process arguments after the program name, each as UTF-8 text; an argument that is not
/// UTF-8 is a usage error naming its place (and a bounded, lossy rendering of it).
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

/// Whether `--help` or `-h` is among `words`: help wins over every other argument, even a
/// wrong one, since a person asking for help is about to learn why.
fn asks_for_help(words: &[OsString]) -> bool {
    words.iter().any(|word| word == "--help" || word == "-h")
}

/// The one `main` of every tool: answers `--help`, reads the process arguments against
/// `spec` and hands them to `main`; ends as the module docs promise.
pub fn run(spec: &Spec, main: impl FnOnce(CommandLine) -> Result<(), Failure>) -> ExitCode {
    let words: Vec<OsString> = std::env::args_os().skip(1).collect();
    let result = if asks_for_help(&words) {
        print_usage(spec.usage)
    } else {
        utf8_words(words)
            .and_then(|words| CommandLine::parse(spec, words))
            .and_then(main)
    };
    exit(result)
}

/// Prints `usage` on stdout.
fn print_usage(usage: &str) -> Result<(), Failure> {
    let mut out = io::stdout().lock();
    writeln!(out, "{usage}")?;
    Ok(out.flush()?)
}

/// The exit code of `result`, its message written to stderr (`error: …`).
pub fn exit(result: Result<(), Failure>) -> ExitCode {
    let (code, message) = match result {
        Ok(()) | Err(Failure::BrokenPipe) => return ExitCode::SUCCESS,
        Err(Failure::Usage(message)) => (EXIT_USAGE, message),
        Err(Failure::Io(message)) => (EXIT_IO, message),
    };
    // One line, whatever the message holds: a tool's caller reads its first line of stderr.
    let message = message.replace('\n', "; ");
    // stderr may be closed as well; there is nobody left to tell then.
    let _ = writeln!(io::stderr(), "error: {message}");
    ExitCode::from(code)
}
