//! Play any game of the workspace in the terminal, against the engine or another person:
//!
//! ```text
//! cargo run --release --example play -- GAME [--size N|WxH] [--engine NAME] [--seat N] [--time MS]
//!     [--svg FILE]
//! ```
//!
//! `--seat` is the person's seat in the game's order (1 moves first; default 1), `none` for
//! engines only, `all` for people only, or a list such as `1,3`. Every seat without a person
//! is played by the engine `--engine` (default `default`) with `--time` ms a move (default
//! 1000). The board is drawn after every move with the last move named; moves are typed in
//! the game's notation, and `moves`, `hint`, `undo`, `help` and `quit` work. It reads its
//! input line by line, so it can be driven through a pipe. With `--svg FILE` the picture of
//! the position (the last move marked) is rewritten after every move, so it can be kept open
//! in a browser or an image viewer.

mod common;

use std::io::{self, BufRead, Read};
use std::process::ExitCode;
use std::time::Duration;

use boardrules::engines::engine_by_name;
use boardrules::games::{self, Describe, GameVisitor};
use common::{quoted, Failure, Out};
use game_core::{Engine, Game, GameRecord, Limits};

const USAGE: &str =
    "usage: play GAME [--size N|WxH] [--engine NAME] [--seat N|none|all|N,M] [--time MS] [--svg FILE]
games: kvarn3, swedish-draughts, cheversi, sundraval, svendo
engines: default, random, mcts, alphabeta (two-player games), with an optional budget: mcts:20000";

const HELP: &str = "type a move in the game's notation, or:
  moves   list the legal moves
  hint    ask the engine for a move
  undo    take back your last move (and the engine's reply)
  help    this text
  quit    leave the game";

/// The longest input line taken; a longer one is refused.
const MAX_LINE_BYTES: usize = 4096;

/// How many legal moves an answer to a bad move lists.
const MOVES_SUGGESTED: usize = 8;

struct Play {
    size: Option<game_core::BoardSize>,
    engine: String,
    seats: Seats,
    time: Duration,
    svg: Option<String>,
}

/// The width of the `--svg` picture, in pixels.
const SVG_SIZE: u32 = 600;

/// Who sits where: `true` for a person.
#[derive(Clone, Debug)]
enum Seats {
    People(Vec<usize>),
    All,
}

impl Seats {
    fn is_person(&self, seat: usize) -> bool {
        match self {
            Seats::People(seats) => seats.contains(&seat),
            Seats::All => true,
        }
    }
}

fn parse_seats(text: &str) -> Result<Seats, Failure> {
    match text {
        "all" => Ok(Seats::All),
        "none" => Ok(Seats::People(Vec::new())),
        _ => text
            .split(',')
            .map(|part| match part.trim().parse::<usize>() {
                Ok(seat) if (1..=3).contains(&seat) => Ok(seat - 1),
                _ => Err(Failure::Usage(format!(
                    "--seat takes a seat from 1 to 3, none, all or a list like 1,3; not {}",
                    quoted(text)
                ))),
            })
            .collect::<Result<_, _>>()
            .map(Seats::People),
    }
}

/// One line of input from a person.
enum Input {
    Line(String),
    /// Not UTF-8, or too long: a message has been shown; ask again.
    Refused,
    End,
}

fn read_input(input: &mut impl BufRead, out: &mut Out) -> Result<Input, Failure> {
    let mut buffer = Vec::new();
    let read = input
        .by_ref()
        .take(MAX_LINE_BYTES as u64 + 1)
        .read_until(b'\n', &mut buffer)
        .map_err(Failure::Read)?;
    if read == 0 {
        return Ok(Input::End);
    }
    if buffer.len() > MAX_LINE_BYTES && buffer.last() != Some(&b'\n') {
        // Drop the rest of the long line.
        let mut rest = Vec::new();
        input.read_until(b'\n', &mut rest).map_err(Failure::Read)?;
        out.line(format!(
            "that line is longer than {MAX_LINE_BYTES} bytes; type a move or help"
        ))?;
        return Ok(Input::Refused);
    }
    match String::from_utf8(buffer) {
        Ok(line) => Ok(Input::Line(line.trim().to_owned())),
        Err(_) => {
            out.line("that line is not UTF-8 text; type a move or help")?;
            Ok(Input::Refused)
        }
    }
}

/// An engine, or `None` for a seat where a person plays.
type SeatEngine<G> = Option<Box<dyn Engine<G>>>;

/// The engine of every seat without a person.
fn engines_for<G: Describe>(name: &str, seats: &Seats) -> Result<Vec<SeatEngine<G>>, Failure> {
    (0..G::PLAYERS.len())
        .map(|seat| {
            if seats.is_person(seat) {
                Ok(None)
            } else {
                engine_by_name::<G>(name, 1 + seat as u64)
                    .map(Some)
                    .map_err(|e| Failure::Usage(e.to_string()))
            }
        })
        .collect()
}

fn show_position<G: Describe>(
    record: &GameRecord<G>,
    svg: Option<&str>,
    out: &mut Out,
) -> Result<(), Failure> {
    let pos = record.current();
    if let Some(path) = svg {
        std::fs::write(path, pos.svg(record.moves().last().copied(), SVG_SIZE)).map_err(|e| {
            Failure::Usage(format!("cannot write the picture to {}: {e}", quoted(path)))
        })?;
    }
    out.line("")?;
    out.line(pos.diagram())?;
    if let (Some(&mv), Some(before)) = (
        record.moves().last(),
        record.positions().iter().rev().nth(1),
    ) {
        out.line(format!(
            "last move: {} by {}",
            before.move_text(mv),
            before.color_name(before.to_move())
        ))?;
    }
    let scores: Option<Vec<String>> = G::PLAYERS
        .iter()
        .map(|&p| pos.score(p).map(|s| format!("{} {s}", pos.color_name(p))))
        .collect();
    if let Some(scores) = scores {
        out.line(format!("score: {}", scores.join(", ")))?;
    }
    Ok(())
}

fn legal_texts<G: Game>(record: &GameRecord<G>, limit: usize) -> String {
    let pos = record.current();
    let moves = record.legal_moves();
    let mut texts: Vec<String> = moves
        .iter()
        .take(limit)
        .map(|&mv| pos.move_text(mv))
        .collect();
    if moves.len() > limit {
        texts.push(format!("… ({} in all)", moves.len()));
    }
    texts.join(" ")
}

impl GameVisitor for Play {
    type Output = Result<(), Failure>;

    fn visit<G: Describe>(self) -> Result<(), Failure> {
        let start: G = games::setup(None, self.size).map_err(|e| e.to_string())?;
        let mut engines = engines_for::<G>(&self.engine, &self.seats)?;
        let mut hint_engine = engine_by_name::<G>(&self.engine, 0).map_err(|e| e.to_string())?;
        let limits = Limits::time(self.time);
        let mut record = GameRecord::new(start);
        let svg = self.svg.as_deref();
        let mut out = Out::new();
        let mut input = io::stdin().lock();
        out.line(format!(
            "{}: {} (type help for the commands)",
            G::NAME,
            G::PLAYERS
                .iter()
                .enumerate()
                .map(|(seat, &p)| {
                    let who = if self.seats.is_person(seat) {
                        "you".to_owned()
                    } else {
                        format!("engine {}", self.engine)
                    };
                    format!("{} {who}", start.color_name(p))
                })
                .collect::<Vec<_>>()
                .join(", ")
        ))?;
        show_position(&record, svg, &mut out)?;
        while record.outcome().is_none() {
            let pos = *record.current();
            let seat = G::player_index(pos.to_move());
            if let Some(engine) = engines[seat].as_mut() {
                let Some(mv) = engine.choose_move(&record, &limits) else {
                    break;
                };
                let text = pos.move_text(mv);
                if record.play(mv).is_err() {
                    out.line(format!("the engine chose an illegal move {text}; stopping"))?;
                    break;
                }
                show_position(&record, svg, &mut out)?;
                continue;
            }
            out.prompt(format!("{} to move> ", pos.color_name(pos.to_move())))?;
            let line = match read_input(&mut input, &mut out)? {
                Input::Line(line) => line,
                Input::Refused => continue,
                Input::End => {
                    out.line("")?;
                    return Ok(out.finish()?);
                }
            };
            match line.as_str() {
                "" => {}
                "quit" | "exit" => return Ok(out.finish()?),
                "help" | "?" => out.line(HELP)?,
                "moves" => {
                    out.line(format!("legal moves: {}", legal_texts(&record, usize::MAX)))?
                }
                "hint" => match hint_engine.choose_move(&record, &limits) {
                    Some(mv) => out.line(format!("hint: {}", pos.move_text(mv)))?,
                    None => out.line("no move to hint")?,
                },
                "undo" => {
                    // Back to this person's previous turn: through the engines' replies.
                    let mut undone = 0;
                    while record.undo().is_some() {
                        undone += 1;
                        let back = G::player_index(record.current().to_move());
                        if self.seats.is_person(back) {
                            break;
                        }
                    }
                    if undone == 0 {
                        out.line("nothing to undo")?;
                    } else {
                        show_position(&record, svg, &mut out)?;
                    }
                }
                text => match record.play_text(text) {
                    Ok(_) => show_position(&record, svg, &mut out)?,
                    Err(err) => out.line(format!(
                        "{err}\nlegal moves include: {}",
                        legal_texts(&record, MOVES_SUGGESTED)
                    ))?,
                },
            }
        }
        out.line(games::outcome_line(record.current(), record.outcome()))?;
        Ok(out.finish()?)
    }
}

fn parse_options() -> Result<(String, Play), Failure> {
    let mut game = None;
    let mut play = Play {
        size: None,
        engine: "default".to_owned(),
        seats: Seats::People(vec![0]),
        time: Duration::from_millis(1000),
        svg: None,
    };
    let mut words = common::utf8_args()?.into_iter();
    while let Some(word) = words.next() {
        if word == "--help" || word == "-h" {
            return Err(Failure::Usage(USAGE.to_owned()));
        }
        if !word.starts_with("--") {
            if game.replace(word.clone()).is_some() {
                return Err(Failure::Usage(format!(
                    "unexpected {}\n{USAGE}",
                    quoted(&word)
                )));
            }
            continue;
        }
        let value = words
            .next()
            .ok_or_else(|| Failure::Usage(format!("{word} needs a value\n{USAGE}")))?;
        let number = |value: &str| {
            value.parse::<u64>().map_err(|_| {
                Failure::Usage(format!("{word} takes a number, not {}", quoted(value)))
            })
        };
        match word.as_str() {
            "--size" => play.size = Some(common::parse_size(&value).map_err(Failure::Usage)?),
            "--engine" => play.engine = value,
            "--svg" => play.svg = Some(value),
            "--seat" => play.seats = parse_seats(&value)?,
            "--time" => play.time = Duration::from_millis(number(&value)?.max(1)),
            _ => {
                return Err(Failure::Usage(format!(
                    "unknown option {}\n{USAGE}",
                    quoted(&word)
                )))
            }
        }
    }
    let game = game.ok_or_else(|| Failure::Usage(USAGE.to_owned()))?;
    Ok((game, play))
}

fn main() -> ExitCode {
    if let Some(code) = common::help(USAGE) {
        return code;
    }
    common::run(|| {
        let (game, play) = parse_options()?;
        games::visit(&game, play).map_err(|e| common::unknown_game(&game, &e))?
    })
}
