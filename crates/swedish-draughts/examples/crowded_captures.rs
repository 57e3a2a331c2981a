//! A hill-climbing search for positions with many captures sharing start and end square:
//! the search behind the bound of the further-capture ids (`learning::EXTRA_ROUTE_IDS`) and
//! behind the crowded positions of `tests/learning.rs`.
//!
//! ```text
//! cargo run --release -p swedish-draughts --example crowded_captures -- [SIZE [SEED [STEPS [RESTARTS [pair]]]]]
//! ```
//!
//! From random crowded positions (White to move, one to three white pieces and half a side
//! to a full side of black ones, each a dame or a man at random), it changes one piece at a
//! time (moves it, turns it into a dame or a man, or adds a piece) and keeps the change when
//! the score does not drop. The score is the number of further captures (captures beyond the
//! first between the same two squares: ids from `N²` on), or with `pair` the most captures
//! between one pair of squares. Each new best is printed with its position, and the last line
//! is `best SCORE`.
//!
//! Every argument is checked before the search starts: `--help` prints the usage and exits 0,
//! a bad argument is one line on stderr and exit code 2, a failed write of stdout exit code 1.

use std::collections::HashMap;
use std::ffi::OsString;
use std::io::{self, Write};
use std::process::ExitCode;

use swedish_draughts::game_core::{excerpt, Rng};
use swedish_draughts::{BoardSize, Game, Position};

/// A piece of the search's state: square, White's, dame.
type Piece = (u32, bool, bool);

/// The score of a position: further captures, or the most captures between one pair.
fn score(pos: &Position, pair: bool) -> usize {
    let mut pairs: HashMap<(u8, u8), usize> = HashMap::new();
    for mv in pos.legal_moves() {
        *pairs
            .entry((mv.from().number(), mv.to().number()))
            .or_default() += 1;
    }
    if pair {
        pairs.values().copied().max().unwrap_or(0)
    } else {
        pairs.values().sum::<usize>() - pairs.len()
    }
}

/// The position of the pieces, White to move; `None` when it is no legal position.
fn position(pieces: &[Piece], size: u32) -> Option<Position> {
    let (squares, rank) = if size == 10 { (50, 5) } else { (32, 4) };
    let list = |white: bool| {
        pieces
            .iter()
            .filter(|p| p.1 == white)
            .map(|&(s, w, dame)| {
                // A man cannot stand on its own far rank.
                let far = if w { s <= rank } else { s > squares - rank };
                format!("{}{s}", if dame || far { "K" } else { "" })
            })
            .collect::<Vec<_>>()
            .join(",")
    };
    let text = format!("W:W{}:B{}", list(true), list(false));
    Position::parse_position(&text, Some(BoardSize::Side(size))).ok()
}

const USAGE: &str = "usage: crowded_captures [SIZE [SEED [STEPS [RESTARTS [pair]]]]]
searches for positions with many captures between the same two squares
SIZE: 10 or 8 (default 10); SEED, STEPS, RESTARTS: whole numbers (default 1, 20000, 20);
pair: score the most captures between one pair of squares";

/// What the command line asks for.
struct Search {
    size: u32,
    seed: u64,
    steps: u64,
    restarts: u64,
    pair: bool,
}

/// How the tool ends other than by success: a bad argument (exit code 2) or a failed write
/// (exit code 1), each with its one-line message.
enum Failure {
    Usage(String),
    Io(io::Error),
}

impl From<io::Error> for Failure {
    fn from(err: io::Error) -> Self {
        Failure::Io(err)
    }
}

/// Reads the arguments; every one is checked before the search starts.
fn parse(args: &[String]) -> Result<Search, Failure> {
    let usage = |message: String| {
        Failure::Usage(format!(
            "{message} (crowded_captures --help shows the usage)"
        ))
    };
    if args.len() > 5 {
        return Err(usage(format!("at most 5 arguments, not {}", args.len())));
    }
    let number = |index: usize, name: &str, default: u64| match args.get(index) {
        None => Ok(default),
        Some(text) => text.parse::<u64>().map_err(|_| {
            usage(format!(
                "{name} must be a whole number, not {:?}",
                excerpt(text, 0)
            ))
        }),
    };
    let size = match args.first().map_or("10", String::as_str) {
        "10" => 10,
        "8" => 8,
        other => {
            return Err(usage(format!(
                "SIZE is 10 or 8, not {:?}",
                excerpt(other, 0)
            )))
        }
    };
    let pair = match args.get(4).map(String::as_str) {
        None => false,
        Some("pair") => true,
        Some(other) => {
            return Err(usage(format!(
                "the fifth argument can only be pair, not {:?}",
                excerpt(other, 0)
            )))
        }
    };
    Ok(Search {
        size,
        seed: number(1, "SEED", 1)?,
        steps: number(2, "STEPS", 20_000)?,
        restarts: number(3, "RESTARTS", 20)?,
        pair,
    })
}

/// The hill-climb; each new best goes to `out` as it is found.
fn search(job: &Search, out: &mut impl Write) -> io::Result<()> {
    let Search {
        size,
        seed,
        steps,
        restarts,
        pair,
    } = *job;
    let (squares, men) = if size == 10 { (50, 20) } else { (32, 12) };
    let mut rng = Rng::new(seed);
    let mut best = 0;
    for _ in 0..restarts {
        let mut pieces: Vec<Piece> = Vec::new();
        let white = 1 + rng.below(3);
        let black = men / 2 + rng.below(men / 2 + 1);
        while pieces.len() < white + black {
            let s = 1 + rng.below(squares) as u32;
            if pieces.iter().all(|p| p.0 != s) {
                pieces.push((s, pieces.len() < white, rng.below(2) == 0));
            }
        }
        let mut current = position(&pieces, size).map_or(0, |p| score(&p, pair));
        for _ in 0..steps {
            let mut next = pieces.clone();
            let i = rng.below(next.len());
            let s = 1 + rng.below(squares) as u32;
            match rng.below(3) {
                0 if next.iter().all(|p| p.0 != s) => next[i].0 = s,
                1 => next[i].2 = !next[i].2,
                2 if next.iter().all(|p| p.0 != s) => {
                    let w = rng.below(4) == 0;
                    if next.iter().filter(|p| p.1 == w).count() >= men {
                        continue;
                    }
                    next.push((s, w, rng.below(2) == 0));
                }
                _ => continue,
            }
            if let Some(pos) = position(&next, size) {
                let value = score(&pos, pair);
                if value >= current {
                    if value > best {
                        best = value;
                        writeln!(out, "{value} {pos}")?;
                        out.flush()?;
                    }
                    current = value;
                    pieces = next;
                }
            }
        }
    }
    writeln!(out, "best {best}")?;
    out.flush()
}

fn main() -> ExitCode {
    let args: Vec<String> = match std::env::args_os()
        .skip(1)
        .map(OsString::into_string)
        .collect()
    {
        Ok(args) => args,
        Err(_) => {
            eprintln!(
                "error: an argument is not UTF-8 text (crowded_captures --help shows the usage)"
            );
            return ExitCode::from(2);
        }
    };
    let mut out = io::stdout().lock();
    let result = if args.iter().any(|a| a == "--help" || a == "-h") {
        writeln!(out, "{USAGE}")
            .and_then(|()| out.flush())
            .map_err(Failure::Io)
    } else {
        parse(&args).and_then(|job| Ok(search(&job, &mut out)?))
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        Err(Failure::Io(err)) if err.kind() == io::ErrorKind::BrokenPipe => ExitCode::SUCCESS,
        Err(Failure::Io(err)) => {
            let _ = writeln!(io::stderr(), "error: cannot write the output: {err}");
            ExitCode::from(1)
        }
        Err(Failure::Usage(message)) => {
            let _ = writeln!(io::stderr(), "error: {message}");
            ExitCode::from(2)
        }
    }
}
