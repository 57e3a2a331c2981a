//! What the command-line examples share: reading their options, and failing with a clear
//! message and a non-zero exit instead of a panic.

use std::process::ExitCode;

/// The options of `perft` and `show`: the game's name first, then positional arguments and
/// `--flag VALUE` / `--switch` options in any order.
#[derive(Debug, Default)]
pub struct Args {
    pub game: String,
    pub positional: Vec<String>,
    pub size: Option<u32>,
    pub fen: Option<String>,
    pub moves: Option<String>,
    pub divide: bool,
}

impl Args {
    /// Reads the process arguments; `switches` are the value-less options this tool accepts
    /// (`--divide`), `valued` the options that take a value (`--fen`, `--size`, `--moves`).
    pub fn parse(usage: &str, switches: &[&str], valued: &[&str]) -> Result<Args, String> {
        let mut args = Args::default();
        let mut words = std::env::args().skip(1);
        while let Some(word) = words.next() {
            if word == "--help" || word == "-h" {
                return Err(usage.to_owned());
            }
            if let Some(name) = word.strip_prefix("--") {
                if switches.contains(&word.as_str()) {
                    args.divide |= name == "divide";
                } else if valued.contains(&word.as_str()) {
                    let value = words
                        .next()
                        .ok_or_else(|| format!("{word} needs a value\n{usage}"))?;
                    match name {
                        "size" => {
                            let size = value
                                .parse()
                                .map_err(|_| format!("--size takes a number, not {value:?}"))?;
                            args.size = Some(size);
                        }
                        "fen" => args.fen = Some(value),
                        "moves" => args.moves = Some(value),
                        _ => unreachable!("every valued option is handled"),
                    }
                } else {
                    return Err(format!("unknown option {word}\n{usage}"));
                }
            } else if args.game.is_empty() {
                args.game = word;
            } else {
                args.positional.push(word);
            }
        }
        if args.game.is_empty() {
            return Err(usage.to_owned());
        }
        Ok(args)
    }
}

/// Runs `main`, printing its error to stderr and exiting with 2 (usage/input errors).
pub fn run(main: impl FnOnce() -> Result<(), String>) -> ExitCode {
    match main() {
        Ok(()) => ExitCode::SUCCESS,
        Err(message) => {
            eprintln!("error: {message}");
            ExitCode::from(2)
        }
    }
}
