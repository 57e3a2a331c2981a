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

#[cfg(feature = "kvarn3")]
mod play {
    use std::io::{self, BufRead, Write};
    use std::process::ExitCode;

    use game_core::{GameRecord, Outcome, Rng};
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

    fn options() -> Result<Options, String> {
        let mut options = Options {
            person: Color::White,
            seed: 1,
        };
        let mut args = std::env::args().skip(1);
        while let Some(arg) = args.next() {
            match arg.as_str() {
                "--black" => options.person = Color::Black,
                "--white" => options.person = Color::White,
                "--seed" => {
                    let value = args.next().ok_or("--seed needs a number")?;
                    options.seed = value
                        .parse()
                        .map_err(|_| format!("--seed: {value:?} is not a number"))?;
                }
                "--help" | "-h" => return Err(USAGE.to_owned()),
                other => return Err(format!("unknown option {other:?}\n{USAGE}")),
            }
        }
        Ok(options)
    }

    fn show(record: &GameRecord<Position>, solver: &Solver) {
        let pos = record.current();
        println!();
        println!("{}", pos.diagram());
        println!("position: {pos}   {}", pos.phase_text());
        if record.outcome().is_none() {
            println!(
                "{} to move; the solver rates it a {} for {}",
                pos.side_to_move(),
                solver.value(pos),
                pos.side_to_move()
            );
        }
    }

    fn legal_texts(pos: &Position) -> String {
        pos.legal_moves()
            .iter()
            .map(|&mv| pos.move_text(mv))
            .collect::<Vec<_>>()
            .join(" ")
    }

    fn announce(outcome: Outcome<Color>, person: Color) {
        match outcome {
            Outcome::Winner { player, reason } => {
                let who = if player == person {
                    "you win"
                } else {
                    "the solver wins"
                };
                println!("game over: {player} wins ({reason}); {who}.");
            }
            Outcome::Draw { reason } => println!("game over: draw ({reason})."),
        }
    }

    pub fn main() -> ExitCode {
        let options = match options() {
            Ok(options) => options,
            Err(message) => {
                eprintln!("{message}");
                return ExitCode::from(2);
            }
        };
        let solver = Solver::shared();
        let mut rng = Rng::new(options.seed);
        let mut record = GameRecord::new(Position::start());
        let mut lines = io::stdin().lock().lines();
        println!(
            "Kvarn med tre pjäser. You play {}; the solver plays {}. Type help for help.",
            options.person,
            options.person.other()
        );
        loop {
            show(&record, solver);
            if let Some(outcome) = record.outcome() {
                announce(outcome, options.person);
                return ExitCode::SUCCESS;
            }
            let pos = *record.current();
            if pos.side_to_move() != options.person {
                let best = solver.best_moves(&pos);
                let &mv = rng
                    .choose(&best)
                    .expect("a game in progress has a best move");
                let value = solver.value(&pos);
                println!("the solver plays {} ({value} for it)", pos.move_text(mv));
                record.play(mv).expect("the solver's move is legal");
                continue;
            }
            // The person's turn: read until a move is played.
            loop {
                print!("your move ({})> ", options.person);
                // A closed stdout is no reason to panic; the read below still ends the game.
                let _ = io::stdout().flush();
                let line = match lines.next() {
                    Some(Ok(line)) => line,
                    Some(Err(err)) => {
                        println!();
                        eprintln!("cannot read the input: {err}");
                        return ExitCode::FAILURE;
                    }
                    None => {
                        println!();
                        println!("end of input; goodbye.");
                        return ExitCode::SUCCESS;
                    }
                };
                let input = line.trim().to_lowercase();
                match input.as_str() {
                    "" => continue,
                    "quit" | "exit" | "q" => {
                        println!("goodbye.");
                        return ExitCode::SUCCESS;
                    }
                    "help" | "?" => println!("{HELP}"),
                    "moves" => println!("legal moves: {}", legal_texts(&pos)),
                    "hint" => {
                        let best: Vec<String> = solver
                            .best_moves(&pos)
                            .iter()
                            .map(|&mv| pos.move_text(mv))
                            .collect();
                        println!("best: {} ({} for you)", best.join(" "), solver.value(&pos));
                    }
                    "undo" => {
                        // Take back the solver's reply (if any) and the person's last move.
                        let person_moved = record.positions()[..record.moves().len()]
                            .iter()
                            .any(|p| p.side_to_move() == options.person);
                        if !person_moved {
                            println!("nothing of yours to take back.");
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
                        println!("taken back.");
                        break;
                    }
                    text => match record.play_text(text) {
                        Ok(_) => break,
                        Err(err) => {
                            println!("{err}");
                            println!("legal moves: {}", legal_texts(&pos));
                        }
                    },
                }
            }
        }
    }
}

#[cfg(feature = "kvarn3")]
fn main() -> std::process::ExitCode {
    play::main()
}

#[cfg(not(feature = "kvarn3"))]
fn main() -> std::process::ExitCode {
    eprintln!("this build of boardrules does not include kvarn3 (enable the `kvarn3` feature)");
    std::process::ExitCode::FAILURE
}
