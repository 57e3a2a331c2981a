//! The command line of `boardrules-server`.

use std::fmt;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use crate::Config;

/// What `boardrules-server --help` prints.
pub const HELP: &str = "\
boardrules-server: play the five boardrules games in the browser, by link, against friends or engines

Usage: boardrules-server [OPTIONS]

Options:
  --addr ADDR          the address to listen on (default 127.0.0.1:8080)
  --db PATH            the SQLite file of the games (default boardrules.sqlite3)
  --engine-threads N   threads for the engines of games with a person (default: the number
                       of cores); games of engines only have one thread more of their own
  --cors-origin ORIGIN let pages of ORIGIN (https://example.org) call the API (default: none)
  --help               this text

Limits (each the most a client, or all clients together, can make the server hold):
  --max-connections N               open connections in all (default 4096)
  --max-connections-per-address N   open connections from one address, an IPv6 /64 counting
                                    as one (default 64)
  --max-sockets-per-address N       open WebSockets from one address (default 32)
  --max-sockets-per-game N          open WebSockets on one game (default 64)
  --games-per-address N             games one address may create at once, refilled over
                                    --games-refill-secs (default 20)
  --games-in-all N                  games all addresses together may create at once, refilled
                                    over --games-refill-secs (default 600)
  --games-refill-secs S             the time a spent allowance of games takes to refill
                                    (default 600)
  --max-engine-games N              games of engines only running at once (default 8)
  --max-loaded-games N              games held in memory (default 20000)
  --idle-unload-secs S              a game nobody watches or asks for leaves memory after S
                                    seconds; it loads again from the file when asked for
                                    (default 30)
  --header-timeout-secs S           a request head must arrive within S seconds of the
                                    server waiting for it (the connection's start, or the
                                    previous answer: the idle keep-alive timeout too); bytes
                                    that trickle in do not restart it (default 20)
  --body-timeout-secs S             a request body must arrive within S seconds (default 10)
  --write-timeout-secs S            a client that does not read what is sent to it for S
                                    seconds is disconnected (default 10)
  --send-buffer-bytes N             the kernel's send buffer of a connection (default 262144)
  --socket-backlog N                state messages a WebSocket may fall behind before it gets
                                    only the latest (default 16)
  --open-games-per-address N        games with an open seat one address may have in the
                                    lobby at once (default 5)
  --lobby-expiry-secs S             a game's open seats expire, and it leaves the lobby, S
                                    seconds after it was created (default 3600)

Fixed bounds: a request body 16 KiB; a WebSocket message from a client 4 KiB, 20 a second;
a state message 64 KiB (the legal moves and their gestures are null beyond, and
GET /api/games/ID/legal_moves lists them); a game 1000 plies (a draw by the move cap);
an engine's time 1 to 60000 ms a move; the lobby lists 100 games at most; a clock from 10 s
to 24 h with an increment of 0 to 600 s; at most 100 flags fall in one second.
";

/// What the command line asks for.
#[derive(Clone, Debug, PartialEq, Eq)]
// Made once per run: the size of a `Config` inline costs nothing worth a box.
#[allow(clippy::large_enum_variant)]
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

/// The options that take a whole number, and where each goes in the configuration.
type SetNumber = fn(&mut Config, u64);

const NUMBERS: &[(&str, SetNumber)] = &[
    ("--max-connections", |c, n| {
        c.limits.max_connections = count(n)
    }),
    ("--max-connections-per-address", |c, n| {
        c.limits.max_connections_per_address = count(n);
    }),
    ("--max-sockets-per-address", |c, n| {
        c.limits.max_sockets_per_address = count(n);
    }),
    ("--max-sockets-per-game", |c, n| {
        c.limits.max_sockets_per_game = count(n)
    }),
    ("--games-per-address", |c, n| {
        c.limits.games_per_address = u32::try_from(n).unwrap_or(u32::MAX);
    }),
    ("--games-in-all", |c, n| {
        c.limits.games_in_all = u32::try_from(n).unwrap_or(u32::MAX);
    }),
    ("--games-refill-secs", |c, n| {
        c.limits.games_refill = Duration::from_secs(n)
    }),
    ("--max-engine-games", |c, n| {
        c.limits.max_engine_games = count(n)
    }),
    ("--max-loaded-games", |c, n| {
        c.limits.max_loaded_games = count(n)
    }),
    ("--idle-unload-secs", |c, n| {
        c.limits.idle_unload = Duration::from_secs(n)
    }),
    ("--header-timeout-secs", |c, n| {
        c.limits.header_timeout = Duration::from_secs(n)
    }),
    ("--body-timeout-secs", |c, n| {
        c.limits.body_timeout = Duration::from_secs(n)
    }),
    ("--write-timeout-secs", |c, n| {
        c.limits.write_timeout = Duration::from_secs(n)
    }),
    ("--send-buffer-bytes", |c, n| {
        c.limits.send_buffer = count(n)
    }),
    ("--socket-backlog", |c, n| {
        c.limits.socket_backlog = count(n)
    }),
    ("--open-games-per-address", |c, n| {
        c.limits.open_games_per_address = count(n)
    }),
    ("--lobby-expiry-secs", |c, n| {
        c.limits.lobby_expiry = Duration::from_secs(n)
    }),
    ("--engine-threads", |c, n| c.engine_threads = count(n)),
];

fn count(n: u64) -> usize {
    usize::try_from(n).unwrap_or(usize::MAX)
}

/// The largest value of a whole-number option (a day in seconds is far below it).
const MAX_NUMBER: u64 = 1_000_000_000;

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
        if matches!(name.as_str(), "--help" | "-h") && inline.is_none() {
            return Ok(Command::Help);
        }
        let number = NUMBERS.iter().find(|(option, _)| *option == name);
        let option: &'static str = match (name.as_str(), number) {
            (_, Some((option, _))) => option,
            ("--addr", _) => "--addr",
            ("--db", _) => "--db",
            ("--cors-origin", _) => "--cors-origin",
            _ => return Err(ArgsError::Unknown(arg)),
        };
        let value = match inline {
            Some(value) => value,
            None => args.next().ok_or(ArgsError::MissingValue(option))?,
        };
        if let Some((_, set)) = number {
            let n = value
                .parse::<u64>()
                .ok()
                .filter(|&n| (1..=MAX_NUMBER).contains(&n))
                .filter(|&n| option != "--engine-threads" || n <= 1024)
                .ok_or_else(|| ArgsError::BadValue {
                    option,
                    value: value.clone(),
                    expected: if option == "--engine-threads" {
                        "a whole number from 1 to 1024"
                    } else {
                        "a whole number from 1 to 1000000000"
                    },
                })?;
            set(&mut config, n);
            continue;
        }
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
                let origin = value.trim_end_matches('/');
                let scheme = origin.split_once("://").map(|(scheme, _)| scheme);
                if !matches!(scheme, Some("http" | "https"))
                    || origin
                        .bytes()
                        .any(|c| c.is_ascii_whitespace() || c.is_ascii_control())
                {
                    return Err(ArgsError::BadValue {
                        option,
                        value,
                        expected: "an origin such as https://example.org",
                    });
                }
                config.cors_origin = Some(origin.to_owned());
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
    fn every_limit_is_an_option_with_its_default_in_the_help() {
        let defaults = Config::default().limits;
        let shown = [
            ("--max-connections", defaults.max_connections.to_string()),
            (
                "--max-connections-per-address",
                defaults.max_connections_per_address.to_string(),
            ),
            (
                "--max-sockets-per-address",
                defaults.max_sockets_per_address.to_string(),
            ),
            (
                "--max-sockets-per-game",
                defaults.max_sockets_per_game.to_string(),
            ),
            (
                "--games-per-address",
                defaults.games_per_address.to_string(),
            ),
            ("--games-in-all", defaults.games_in_all.to_string()),
            (
                "--games-refill-secs",
                defaults.games_refill.as_secs().to_string(),
            ),
            ("--max-engine-games", defaults.max_engine_games.to_string()),
            ("--max-loaded-games", defaults.max_loaded_games.to_string()),
            (
                "--idle-unload-secs",
                defaults.idle_unload.as_secs().to_string(),
            ),
            (
                "--header-timeout-secs",
                defaults.header_timeout.as_secs().to_string(),
            ),
            (
                "--body-timeout-secs",
                defaults.body_timeout.as_secs().to_string(),
            ),
            (
                "--write-timeout-secs",
                defaults.write_timeout.as_secs().to_string(),
            ),
            ("--send-buffer-bytes", defaults.send_buffer.to_string()),
            ("--socket-backlog", defaults.socket_backlog.to_string()),
            (
                "--open-games-per-address",
                defaults.open_games_per_address.to_string(),
            ),
            (
                "--lobby-expiry-secs",
                defaults.lobby_expiry.as_secs().to_string(),
            ),
        ];
        assert_eq!(shown.len() + 1, NUMBERS.len(), "one option per limit");
        for (option, default) in shown {
            let at = HELP
                .find(&format!("\n  {option} "))
                .unwrap_or_else(|| panic!("{option} is not in --help"));
            let end = HELP[at..]
                .find("(default")
                .map(|i| at + i)
                .expect("a default");
            let said = &HELP[end..];
            let said = &said[..said.find(')').expect("closed")];
            assert_eq!(said, format!("(default {default}"), "{option}");
            let Ok(Command::Serve(config)) = parse(&[option, "7"]) else {
                panic!("{option} 7");
            };
            assert_ne!(config.limits, defaults, "{option} changes a limit");
        }
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
        assert!(matches!(
            parse(&["--max-connections", "0"]),
            Err(ArgsError::BadValue { .. })
        ));
        assert!(matches!(
            parse(&["--cors-origin", "example.org"]),
            Err(ArgsError::BadValue { .. })
        ));
        let Ok(Command::Serve(config)) = parse(&["--cors-origin=https://example.org/"]) else {
            panic!("an origin");
        };
        assert_eq!(config.cors_origin.as_deref(), Some("https://example.org"));
    }
}
