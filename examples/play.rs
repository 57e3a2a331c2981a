//! Play any game of the workspace in the terminal, against the engine or another person:
//!
//! ```text
//! cargo run --release --example play -- GAME [--size N|WxH] [--fen "POSITION"] [--engine NAME]
//!     [--seat N] [--time MS] [--svg FILE]
//! ```
//!
//! `--seat` is the person's seat in the game's order (1 moves first; default 1), `none` for
//! engines only, `all` for people only, or a list such as `1,3`; a seat the game does not have
//! is refused. Every seat without a person is played by the engine `--engine` (default
//! `default`) with `--time` ms a move (default 1000). The game starts from the start position,
//! or from `--fen POSITION`. The board is drawn after every move with the last move named;
//! moves are typed in the game's notation, and `moves`, `hint`, `undo`, `save FILE`,
//! `load FILE`, `new`, `help` and `quit` work (`save` writes the game record as JSON, the form
//! of `GameRecord`'s serde support, and `load` reads one back). When Sundraval's pie swap
//! changes a person's colour, it says so. When the game ends it shows the outcome with its
//! reason and offers a new game (`new`), `undo`, `save` or `quit`; with engines only it ends.
//!
//! It reads its input line by line, at most 4096 bytes a line (a longer line is refused and
//! skipped without being held in memory), so it can be driven through a pipe. With
//! `--svg FILE` the picture of the position (the last move marked) is rewritten after every
//! move, so it can be kept open in a browser or an image viewer.
//!
//! The whole command line (game, size, position, engine, seats) is checked before the first
//! line of input is read, and `--help` and the exit codes follow the tools' common rules
//! (`common`): a picture that cannot be written, or a stdin that cannot be read, is exit code 1.

mod common;

use std::io::{self, BufRead, Read};
use std::process::ExitCode;
use std::time::Duration;

use boardrules::engines::engine_by_name;
use boardrules::games::{self, Describe, GameVisitor, Gestures};
use boardrules::lines::{read_bounded_line, BoundedLine};
use common::{quoted, Failure, Out, Spec};
use game_core::{Engine, Game, GameRecord, Limits, SvgOptions};

const USAGE: &str = "usage: play GAME [--size N|WxH] [--fen \"POSITION\"] [--engine NAME]
            [--seat N|none|all|N,M] [--time MS] [--svg FILE]
games: kvarn3, swedish-draughts, cheversi, sundraval, svendo
engines: default, random, mcts, alphabeta (two-player games), with an optional budget: mcts:20000";

const HELP: &str = "type a move in the game's notation, or:
  moves       list the legal moves
  hint        ask the engine for a move
  undo        take back your last move (and the engine's reply)
  save FILE   write the game so far to FILE (a JSON game record)
  load FILE   go on with the game record in FILE
  new         start a new game
  help        this text
  quit        leave the game";

/// The longest input line taken; a longer one is refused.
const MAX_LINE_BYTES: usize = 4096;

/// The largest game record `load` reads (a long Sundraval game is a few tens of kilobytes).
const MAX_RECORD_BYTES: u64 = 16 << 20;

/// How many legal moves an answer to a bad move lists.
const MOVES_SUGGESTED: usize = 8;

struct Play {
    size: Option<game_core::BoardSize>,
    fen: Option<String>,
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

    fn any_person(&self) -> bool {
        match self {
            Seats::People(seats) => !seats.is_empty(),
            Seats::All => true,
        }
    }

    /// Refuses a seat the game does not have (`--seat 3` in a two-player game).
    fn check<G: Game>(&self) -> Result<(), Failure> {
        let players = G::PLAYERS.len();
        match self {
            Seats::People(seats) if seats.iter().any(|&seat| seat >= players) => {
                Err(Failure::Usage(format!(
                    "{} has {players} players: --seat takes seats from 1 to {players}, none or all",
                    G::NAME
                )))
            }
            _ => Ok(()),
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

/// Reads one line of at most [`MAX_LINE_BYTES`] bytes. A longer line is refused, and its rest
/// is skipped a buffer at a time, never held: a line of a gigabyte costs no more memory than
/// one of five kilobytes.
fn read_input(input: &mut impl BufRead, out: &mut Out) -> Result<Input, Failure> {
    let mut buffer = Vec::new();
    match read_bounded_line(input, MAX_LINE_BYTES, &mut buffer).map_err(Failure::read)? {
        BoundedLine::End => Ok(Input::End),
        BoundedLine::TooLong => {
            out.line(format!(
                "that line is longer than {MAX_LINE_BYTES} bytes; type a move or help"
            ))?;
            Ok(Input::Refused)
        }
        BoundedLine::Line => match String::from_utf8(buffer) {
            Ok(line) => Ok(Input::Line(line.trim().to_owned())),
            Err(_) => {
                out.line("that line is not UTF-8 text; type a move or help")?;
                Ok(Input::Refused)
            }
        },
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
        let options = SvgOptions::new()
            .with_size(SVG_SIZE)
            .with_last_move(record.moves().last().copied());
        std::fs::write(path, pos.to_svg(&options))
            .map_err(|e| Failure::file("the picture", path, e))?;
    }
    out.line("")?;
    out.line(pos.diagram())?;
    if let (Some(&mv), Some(before)) = (
        record.moves().last(),
        record
            .len()
            .checked_sub(1)
            .and_then(|ply| record.position_at(ply)),
    ) {
        out.line(format!(
            "last move: {} by {}",
            before.move_text(mv),
            games::player_name(&before, before.to_move())
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

/// The colour of every seat in `pos`, in the game's player order.
fn colours<G: Game>(pos: &G) -> Vec<String> {
    G::PLAYERS.iter().map(|&p| pos.color_name(p)).collect()
}

/// Writes `record` to `path` as JSON.
fn save<G: Game>(record: &GameRecord<G>, path: &str) -> Result<(), String> {
    let json = serde_json::to_string(record).map_err(|e| e.to_string())?;
    std::fs::write(path, json + "\n").map_err(|e| e.to_string())
}

/// Reads a game record of `G` from `path` (the library checks it: a record whose `rules`
/// leave a draw rule out, as `"rules": {}` does, is refused rather than read as "no draw
/// rules").
fn load<G: Game>(path: &str) -> Result<GameRecord<G>, String> {
    let file = std::fs::File::open(path).map_err(|e| e.to_string())?;
    let mut text = String::new();
    file.take(MAX_RECORD_BYTES + 1)
        .read_to_string(&mut text)
        .map_err(|e| e.to_string())?;
    if text.len() as u64 > MAX_RECORD_BYTES {
        return Err(format!(
            "larger than {} MB: not a game record",
            MAX_RECORD_BYTES >> 20
        ));
    }
    serde_json::from_str(&text).map_err(|e| e.to_string())
}

impl GameVisitor for Play {
    type Output = Result<(), Failure>;

    fn visit<G: Describe + Gestures>(self) -> Result<(), Failure> {
        self.seats.check::<G>()?;
        let start: G = games::setup(self.fen.as_deref(), self.size).map_err(|e| e.to_string())?;
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
                    format!("{} {who}", games::player_name(&start, p))
                })
                .collect::<Vec<_>>()
                .join(", ")
        ))?;
        show_position(&record, svg, &mut out)?;
        // The seats' colours as last shown, to tell a person when the pie swap changes theirs.
        let mut shown_colours = colours(record.current());
        // Whether the end of the game has been announced.
        let mut announced = false;
        loop {
            let now = colours(record.current());
            for (seat, (before, after)) in shown_colours.iter().zip(&now).enumerate() {
                if before != after && self.seats.is_person(seat) {
                    out.line(format!(
                        "the pie swap changed your colour: you ({} seat) now play {after}",
                        G::PLAYERS[seat]
                    ))?;
                }
            }
            shown_colours = now;
            let pos = *record.current();
            let over = record.outcome().is_some() || record.legal_moves().is_empty();
            if over {
                if !announced {
                    out.line(games::outcome_line(&pos, record.outcome()))?;
                    announced = true;
                    if !self.seats.any_person() {
                        break;
                    }
                }
                out.prompt("game over: new, undo, save FILE, load FILE or quit> ")?;
            } else {
                announced = false;
                let seat = G::player_index(pos.to_move());
                if let Some(engine) = engines[seat].as_mut() {
                    let Some(mv) = engine.choose_move(&record, &limits) else {
                        out.line("the engine found no move; stopping")?;
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
                out.prompt(format!(
                    "{} to move> ",
                    games::player_name(&pos, pos.to_move())
                ))?;
            }
            let line = match read_input(&mut input, &mut out)? {
                Input::Line(line) => line,
                Input::Refused => continue,
                Input::End => {
                    out.line("")?;
                    break;
                }
            };
            let (command, argument) = match line.split_once(char::is_whitespace) {
                Some((command, rest)) => (command, rest.trim()),
                None => (line.as_str(), ""),
            };
            match (command, argument) {
                ("", _) => {}
                ("quit" | "exit", "") => break,
                ("help" | "?", "") => out.line(HELP)?,
                ("moves", "") => {
                    out.line(format!("legal moves: {}", legal_texts(&record, usize::MAX)))?
                }
                ("hint", "") if !over => match hint_engine.choose_move(&record, &limits) {
                    Some(mv) => out.line(format!("hint: {}", pos.move_text(mv)))?,
                    None => out.line("no move to hint")?,
                },
                ("new", "") => {
                    record = GameRecord::new(start);
                    for engine in engines.iter_mut().flatten() {
                        engine.new_game();
                    }
                    shown_colours = colours(record.current());
                    out.line("a new game")?;
                    show_position(&record, svg, &mut out)?;
                }
                ("undo", "") => {
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
                ("save", path) if !path.is_empty() => match save(&record, path) {
                    Ok(()) => out.line(format!(
                        "saved the game ({} plies) to {path:?}",
                        record.moves().len(),
                    ))?,
                    Err(err) => out.line(format!("cannot save to {path:?}: {err}"))?,
                },
                ("load", path) if !path.is_empty() => match load::<G>(path) {
                    Ok(loaded) => {
                        if loaded.rules() != G::DRAW_RULES {
                            out.line(format!(
                                "note: the record's draw rules differ from the game's own: {:?}",
                                loaded.rules()
                            ))?;
                        }
                        record = loaded;
                        shown_colours = colours(record.current());
                        out.line(format!(
                            "loaded a game of {} plies from {path:?}",
                            record.moves().len(),
                        ))?;
                        show_position(&record, svg, &mut out)?;
                    }
                    Err(err) => out.line(format!("cannot load {path:?}: {err}"))?,
                },
                ("save" | "load", _) => {
                    out.line(format!("{command} needs a file: {command} FILE"))?
                }
                _ if over => out.line("the game is over: type new for a new game, or quit")?,
                _ => match record.play_text(&line) {
                    Ok(_) => show_position(&record, svg, &mut out)?,
                    Err(err) => out.line(format!(
                        "{err}\nlegal moves include: {}",
                        legal_texts(&record, MOVES_SUGGESTED)
                    ))?,
                },
            }
        }
        Ok(out.finish()?)
    }
}

const SPEC: Spec = Spec {
    usage: USAGE,
    required: &["GAME"],
    optional: &[],
    switches: &[],
    values: &["--size", "--fen", "--engine", "--seat", "--time", "--svg"],
    repeated: &[],
};

fn main() -> ExitCode {
    common::run(&SPEC, |args| {
        let game = &args.positional()[0];
        let play = Play {
            size: args.size()?,
            fen: args.value("--fen").map(str::to_owned),
            engine: args.value("--engine").unwrap_or("default").to_owned(),
            seats: args
                .value("--seat")
                .map_or(Ok(Seats::People(vec![0])), parse_seats)?,
            time: Duration::from_millis(args.number::<u64>("--time")?.unwrap_or(1000).max(1)),
            svg: args.value("--svg").map(str::to_owned),
        };
        games::visit(game, play).map_err(|e| common::unknown_game(game, &e))?
    })
}
