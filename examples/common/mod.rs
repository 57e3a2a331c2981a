//! What the command-line examples share: reading their options, and failing with a clear
//! message and a non-zero exit instead of a panic.

// The demo takes no options: it uses `run` only.
#![allow(dead_code)]

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
    pub svg: Option<String>,
    pub svg_size: Option<u32>,
    pub divide: bool,
}

impl Args {
    /// Reads the process arguments; `options` are the options this tool accepts, among
    /// `--divide` (a switch) and `--fen`, `--size`, `--moves`, `--svg`, `--svg-size` (each
    /// takes a value).
    pub fn parse(usage: &str, options: &[&str]) -> Result<Args, String> {
        let mut args = Args::default();
        let mut words = std::env::args().skip(1);
        while let Some(word) = words.next() {
            if word == "--help" || word == "-h" {
                return Err(usage.to_owned());
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
                return Err(format!("unknown option {word}\n{usage}"));
            }
            if word == "--divide" {
                args.divide = true;
                continue;
            }
            let value = words
                .next()
                .ok_or_else(|| format!("{word} needs a value\n{usage}"))?;
            match word.as_str() {
                "--size" => {
                    let size = value
                        .parse()
                        .map_err(|_| format!("--size takes a number, not {value:?}"))?;
                    args.size = Some(size);
                }
                "--svg-size" => {
                    let size = value
                        .parse()
                        .map_err(|_| format!("--svg-size takes a number, not {value:?}"))?;
                    args.svg_size = Some(size);
                }
                "--fen" => args.fen = Some(value),
                "--svg" => args.svg = Some(value),
                _ => args.moves = Some(value),
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
