//! The command line of `boardrules-server`.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;

use crate::Config;

/// What `boardrules-server --help` prints.
pub const HELP: &str = "\
boardrules-server: play the five boardrules games in the browser, by link, against friends or engines

Usage: boardrules-server [--addr ADDR] [--db PATH] [--engine-threads N]

Options:
  --addr ADDR          the address to listen on (default 127.0.0.1:8080)
  --db PATH            the SQLite file of the games (default boardrules.sqlite3)
  --engine-threads N   threads for engine searches (default: the number of cores)
  --help               this text
";

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Command {
    /// `--help`: print [`HELP`].
    Help,
    /// Serve with this configuration.
    Serve(Config),
}

/// A command line that [`parse_args`] cannot read.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub enum ArgsError {
    /// An option that is not one of the server's.
    Unknown(String),
    /// An option without its value.
    MissingValue(&'static str),
    /// An option whose value cannot be read.
    BadValue {
        /// The option.
        option: &'static str,
        /// The value given.
        value: String,
        /// What the value must be.
        expected: &'static str,
    },
}

impl fmt::Display for ArgsError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            ArgsError::Unknown(arg) => write!(f, "unknown argument {arg:?} (see --help)"),
            ArgsError::MissingValue(option) => write!(f, "{option} needs a value (see --help)"),
            ArgsError::BadValue {
                option,
                value,
                expected,
            } => write!(f, "{option} {value:?}: expected {expected}"),
        }
    }
}

impl std::error::Error for ArgsError {}

/// Reads the arguments after the program's name (`--name value` or `--name=value`).
///
/// ```
/// use boardrules_server::{parse_args, Command};
/// let Command::Serve(config) = parse_args(["--engine-threads", "3"].map(String::from))? else {
///     unreachable!("no --help");
/// };
/// assert_eq!(config.engine_threads, 3);
/// assert_eq!(config.addr.to_string(), "127.0.0.1:8080");
/// # Ok::<(), boardrules_server::ArgsError>(())
/// ```
///
/// # Errors
/// [`ArgsError`] for an unknown option, a missing value or a value that cannot be read.
pub fn parse_args(args: impl IntoIterator<Item = String>) -> Result<Command, ArgsError> {
    let mut config = Config::default();
    let mut args = args.into_iter();
    while let Some(arg) = args.next() {
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => {
                (name.to_owned(), Some(value.to_owned()))
            }
            _ => (arg.clone(), None),
        };
        let option: &'static str = match name.as_str() {
            "--help" | "-h" if inline.is_none() => return Ok(Command::Help),
            "--addr" => "--addr",
            "--db" => "--db",
            "--engine-threads" => "--engine-threads",
            _ => return Err(ArgsError::Unknown(arg)),
        };
        let value = match inline {
            Some(value) => value,
            None => args.next().ok_or(ArgsError::MissingValue(option))?,
        };
        match option {
            "--addr" => {
                config.addr = value
                    .parse::<SocketAddr>()
                    .map_err(|_| ArgsError::BadValue {
                        option,
                        value: value.clone(),
                        expected: "an address and port such as 127.0.0.1:8080",
                    })?;
            }
            "--db" if value.is_empty() => {
                return Err(ArgsError::BadValue {
                    option,
                    value,
                    expected: "a file path",
                })
            }
            "--db" => config.db = PathBuf::from(value),
            _ => {
                config.engine_threads = value
                    .parse::<usize>()
                    .ok()
                    .filter(|&n| (1..=1024).contains(&n))
                    .ok_or_else(|| ArgsError::BadValue {
                        option,
                        value: value.clone(),
                        expected: "a whole number from 1 to 1024",
                    })?;
            }
        }
    }
    Ok(Command::Serve(config))
}

#[cfg(test)]
mod tests {
    use super::*;

    fn parse(args: &[&str]) -> Result<Command, ArgsError> {
        parse_args(args.iter().map(|s| (*s).to_owned()))
    }

    #[test]
    fn the_defaults_and_every_option() {
        assert_eq!(parse(&[]), Ok(Command::Serve(Config::default())));
        assert_eq!(parse(&["--help"]), Ok(Command::Help));
        let Ok(Command::Serve(config)) = parse(&[
            "--addr",
            "0.0.0.0:9000",
            "--db=x.sqlite3",
            "--engine-threads",
            "2",
        ]) else {
            panic!("a good command line");
        };
        assert_eq!(config.addr.to_string(), "0.0.0.0:9000");
        assert_eq!(config.db, PathBuf::from("x.sqlite3"));
        assert_eq!(config.engine_threads, 2);
    }

    #[test]
    fn bad_arguments_are_typed_errors() {
        assert_eq!(
            parse(&["--port", "1"]),
            Err(ArgsError::Unknown("--port".to_owned()))
        );
        assert_eq!(parse(&["--addr"]), Err(ArgsError::MissingValue("--addr")));
        assert!(matches!(
            parse(&["--addr", "localhost"]),
            Err(ArgsError::BadValue {
                option: "--addr",
                ..
            })
        ));
        assert!(matches!(
            parse(&["--engine-threads", "0"]),
            Err(ArgsError::BadValue {
                option: "--engine-threads",
                ..
            })
        ));
        assert!(matches!(
            parse(&["--db", ""]),
            Err(ArgsError::BadValue { .. })
        ));
    }
}
