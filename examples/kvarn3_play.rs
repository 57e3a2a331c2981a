//! Play Kvarn med tre pjäser (three men's morris with diagonals) against the perfect solver in
//! the terminal.
//!
//! ```text
//! cargo run --release --example kvarn3_play [-- --black] [--seed N]
//! ```
//!
//! You play White (and move first) unless you pass `--black`. Type moves in the notation of
//! the rules: a point such as `b2` to place a stone, `a1-b2` to move one. Other commands:
//! `moves` (the legal moves), `hint` (the solver's best moves), `undo` (take back your last
//! move), `help`, `quit`. Input is read line by line, so moves can be piped in; the program
//! ends cleanly at the end of the input. Threefold repetition draws.

mod common;

#[cfg(feature = "kvarn3")]
mod play {
    use std::io::{self, BufRead};

    use game_core::{GameRecord, Outcome, Rng};

    use crate::common::{self, Failure, Out};
    use kvarn3::{Color, Game, Position, Solver};

    const USAGE: &str = "usage: kvarn3_play [--black | --white] [--seed N]
  --black     play Black (the solver moves first)
  --white     play White (the default)
  --seed N    seed for the solver's choice among equally good moves (default 1)";

    const HELP: &str = "Type a move: a point such as b2 to place a stone (while fewer than six \
stones are on the board), or from-to such as a1-b2 to move a stone to an adjacent empty point.
Points are a1 ... c3 (files a-c left to right, ranks 1-3 bottom to top); lines run along the \
rows, the columns and the two long diagonals, so b2 touches every point.
Three of your stones on a line (a mill) win at once.
Commands: moves, hint, undo, help, quit.";

    struct Options {
        person: Color,
        seed: u64,
    }

    fn options() -> Result<Options, Failure> {
        let mut options = Options {
            person: Color::White,
            seed: 1,
        };
        let mut args = common::utf8_args()?.into_iter();
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--black" => options.person = Color::Black,
                "--white" => options.person = Color::White,
                "--seed" => {
                    let value = args
                        .next()
                        .ok_or_else(|| "--seed needs a number".to_owned())?;
                    options.seed = value.parse().map_err(|_| {
                        format!("--seed: {} is not a number", common::quoted(&value))
                    })?;
                }
                "--help" | "-h" => return Err(Failure::Usage(USAGE.to_owned())),
                other => {
                    return Err(format!("unknown option {}\n{USAGE}", common::quoted(other)).into())
                }
            }
        }
        Ok(options)
    }

    fn show(out: &mut Out, record: &GameRecord<Position>, solver: &Solver) -> io::Result<()> {
        let pos = record.current();
        out.line("")?;
        out.line(format_args!("{}", pos.diagram()))?;
        out.line(format_args!("position: {pos}   {}", pos.phase_text()))?;
        if record.outcome().is_none() {
            out.line(format_args!(
                "{} to move; the solver rates it a {} for {}",
                pos.side_to_move(),
                solver.value(pos),
                pos.side_to_move()
            ))?;
        }
        Ok(())
    }

    fn legal_texts(pos: &Position) -> String {
        pos.legal_moves()
            .iter()
            .map(|&mv| pos.move_text(mv))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn announce(out: &mut Out, outcome: Outcome<Color>, person: Color) -> io::Result<()> {
        match outcome {
            Outcome::Winner { player, reason } => {
                let who = if player == person {
                    "you win"
                } else {
                    "the solver wins"
                };
                out.line(format_args!("game over: {player} wins ({reason}); {who}."))?;
            }
            Outcome::Draw { reason } => out.line(format_args!("game over: draw ({reason})."))?,
        }
        Ok(())
    }

    /// The game in the terminal; every way it can end is a [`Failure`] or `Ok`.
    pub fn play() -> Result<(), Failure> {
        let options = options()?;
        let mut out = Out::new();
        let solver = Solver::shared();
        let mut rng = Rng::new(options.seed);
        let mut record = GameRecord::new(Position::start());
        let mut lines = io::stdin().lock().lines();
        out.line(format_args!(
            "Kvarn med tre pjäser. You play {}; the solver plays {}. Type help for help.",
            options.person,
            options.person.other()
        ))?;
        loop {
            show(&mut out, &record, solver)?;
            if let Some(outcome) = record.outcome() {
                announce(&mut out, outcome, options.person)?;
                return Ok(out.finish()?);
            }
            let pos = *record.current();
            if pos.side_to_move() != options.person {
                let best = solver.best_moves(&pos);
                let &mv = rng
                    .choose(&best)
                    .expect("a game in progress has a best move");
                let value = solver.value(&pos);
                out.line(format_args!(
                    "the solver plays {} ({value} for it)",
                    pos.move_text(mv)
                ))?;
                record.play(mv).expect("the solver's move is legal");
                continue;
            }
            // The person's turn: read until a move is played.
            loop {
                out.prompt(format_args!("your move ({})> ", options.person))?;
                let line = match lines.next() {
                    Some(Ok(line)) => line,
                    Some(Err(err)) => {
                        out.line("")?;
                        out.finish()?;
                        return Err(Failure::Read(err));
                    }
                    None => {
                        out.line("")?;
                        out.line("end of input; goodbye.")?;
                        return Ok(out.finish()?);
                    }
                };
                let input = line.trim().to_lowercase();
                match input.as_str() {
                    "" => continue,
                    "quit" | "exit" | "q" => {
                        out.line("goodbye.")?;
                        return Ok(out.finish()?);
                    }
                    "help" | "?" => out.line(format_args!("{HELP}"))?,
                    "moves" => out.line(format_args!("legal moves: {}", legal_texts(&pos)))?,
                    "hint" => {
                        let best: Vec<String> = solver
                            .best_moves(&pos)
                            .iter()
                            .map(|&mv| pos.move_text(mv))
                            .collect();
                        out.line(format_args!(
                            "best: {} ({} for you)",
                            best.join(" "),
                            solver.value(&pos)
                        ))?;
                    }
                    "undo" => {
                        // Take back the solver's reply (if any) and the person's last move.
                        let person_moved = record.positions()[..record.moves().len()]
                            .iter()
                            .any(|p| p.side_to_move() == options.person);
                        if !person_moved {
                            out.line(format_args!("nothing of yours to take back."))?;
                            continue;
                        }
                        while let Some(&before) = record
                            .positions()
                            .len()
                            .checked_sub(2)
                            .map(|i| &record.positions()[i])
                        {
                            record.undo();
                            if before.side_to_move() == options.person {
                                break;
                            }
                        }
                        out.line(format_args!("taken back."))?;
                        break;
                    }
                    text => match record.play_text(text) {
                        Ok(_) => break,
                        Err(err) => {
                            out.line(format_args!("{err}"))?;
                            out.line(format_args!("legal moves: {}", legal_texts(&pos)))?;
                        }
                    },
                }
            }
        }
    }
}

#[cfg(feature = "kvarn3")]
fn main() -> std::process::ExitCode {
    common::run(play::play)
}

#[cfg(not(feature = "kvarn3"))]
fn main() -> std::process::ExitCode {
    eprintln!("this build of boardrules does not include kvarn3 (enable the `kvarn3` feature)");
    std::process::ExitCode::FAILURE
}
