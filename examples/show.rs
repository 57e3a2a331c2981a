//! Shows a position of any game to people:
//!
//! ```text
//! cargo run --release --example show -- GAME [--size N|WxH] [--fen "POSITION"] [--moves "M1 M2 …"]
//!     [--svg FILE [--svg-size PIXELS]]
//! ```
//!
//! It sets up the position (the start by default), plays the moves in order through a game
//! record with the game's own draw rules (`GameRecord::new`: threefold repetition, none for
//! Sundraval, and for Swedish Draughts the 50-ply rule too; `tests/show.rs` checks the outcome
//! line), then prints the board, the side to move, the legal moves
//! (their number and up to 50 of them), the scores where the game has them, and as the last
//! line exactly one of `outcome: none`, `outcome: draw (…)`, `outcome: winner COLOUR (…)`.
//!
//! With `--svg FILE` it also writes the picture of the final position, the last move marked,
//! as a standalone SVG document to `FILE` (400 pixels wide, or `--svg-size PIXELS`). When the
//! game is over the picture shows why where it can: Kvarn3's mill and Svendo's winning line
//! are highlighted, Sundraval's board carries its score layer (territories, dead stones).
//! `--svg-attacks` shades the squares each side attacks (Cheversi, the only game with
//! attacks; refused for the others). A file that cannot be written is an I/O failure (exit
//! code 1) before anything is printed.
//!
//! The command line, `--help` and the exit codes follow the tools' common rules (`common`).

mod common;

use std::process::ExitCode;

use boardrules::games::{self, Describe, GameVisitor, Gestures};
use common::{Failure, Out, Spec};
use game_core::{GameRecord, SvgOptions};

const USAGE: &str = "usage: show GAME [--size N|WxH] [--fen \"POSITION\"] [--moves \"M1 M2 ...\"]
            [--svg FILE [--svg-size PIXELS] [--svg-attacks]]
games: kvarn3, swedish-draughts, cheversi, sundraval, svendo";

/// How many legal moves are listed, at most.
const MOVES_LISTED: usize = 50;

struct Show {
    fen: Option<String>,
    size: Option<game_core::BoardSize>,
    moves: Vec<String>,
    /// Where to write the picture, and its width in pixels.
    svg: Option<(String, u32)>,
    /// Shade the attacked squares in the picture (Cheversi).
    attacks: bool,
}

impl GameVisitor for Show {
    type Output = Result<(), Failure>;

    fn visit<G: Describe + Gestures>(self) -> Result<(), Failure> {
        // The explanation layer that only a request draws: Cheversi's attacked squares.
        let on_request = G::EXPLANATION.filter(|_| !G::EXPLAINS_OUTCOME);
        if self.attacks && on_request.is_none() {
            return Err(format!(
                "--svg-attacks: {} has no attacks to draw (cheversi has)",
                G::NAME
            )
            .into());
        }
        let start: G = games::setup(self.fen.as_deref(), self.size).map_err(|e| e.to_string())?;
        let mut record = GameRecord::new(start);
        for (index, text) in self.moves.iter().enumerate() {
            if let Err(err) = record.play_text(text) {
                let pos = *record.current();
                let legal: Vec<String> = record
                    .legal_moves()
                    .iter()
                    .take(10)
                    .map(|&mv| pos.move_text(mv))
                    .collect();
                let listed = if legal.is_empty() {
                    "none".to_owned()
                } else {
                    legal.join(" ")
                };
                return Err(format!(
                    "move {} {}: {err}; legal moves here include: {listed}",
                    index + 1,
                    common::quoted(text)
                )
                .into());
            }
        }
        let pos = *record.current();
        if let Some((path, size)) = &self.svg {
            // Why the game ended, where the picture can show it; the attacks on request.
            let explain = if G::EXPLAINS_OUTCOME {
                pos.outcome().is_some()
            } else {
                self.attacks
            };
            let options = SvgOptions::new()
                .with_size(*size)
                .with_last_move(record.moves().last().copied())
                .with_explain(explain);
            let picture = pos.to_svg(&options);
            std::fs::write(path, picture).map_err(|e| Failure::file("the picture", path, e))?;
        }
        let mut out = Out::new();
        out.line(pos.diagram())?;
        out.line(format_args!("position: {pos}"))?;
        out.line(format_args!("to move: {}", pos.color_name(pos.to_move())))?;
        let moves = record.legal_moves();
        out.line(format_args!("legal moves: {}", moves.len()))?;
        if !moves.is_empty() {
            let listed: Vec<String> = moves
                .iter()
                .take(MOVES_LISTED)
                .map(|&mv| pos.move_text(mv))
                .collect();
            let more = if moves.len() > MOVES_LISTED {
                " …"
            } else {
                ""
            };
            out.line(format_args!("moves: {}{more}", listed.join(" ")))?;
        }
        let scores: Option<Vec<String>> = G::PLAYERS
            .iter()
            .map(|&p| pos.score(p).map(|s| format!("{} {s}", pos.color_name(p))))
            .collect();
        if let Some(scores) = scores {
            out.line(format_args!("score: {}", scores.join(", ")))?;
        }
        for line in pos.details() {
            out.line(format_args!("{line}"))?;
        }
        out.line(games::outcome_line(&pos, record.outcome()))?;
        out.finish()?;
        Ok(())
    }
}

const SPEC: Spec = Spec {
    usage: USAGE,
    required: &["GAME"],
    optional: &[],
    switches: &["--svg-attacks"],
    values: &["--fen", "--size", "--moves", "--svg", "--svg-size"],
    repeated: &[],
};

fn main() -> ExitCode {
    common::run(&SPEC, |args| {
        let game = &args.positional()[0];
        let moves = args
            .value("--moves")
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        let svg_size = args.number::<u32>("--svg-size")?;
        let attacks = args.switch("--svg-attacks");
        let svg = args.value("--svg").map(str::to_owned);
        if svg.is_none() && (svg_size.is_some() || attacks) {
            return Err("--svg-size and --svg-attacks need --svg FILE"
                .to_owned()
                .into());
        }
        let svg_size = svg_size.unwrap_or(game_core::svg::DEFAULT_SIZE);
        let job = Show {
            fen: args.value("--fen").map(str::to_owned),
            size: args.size()?,
            moves,
            svg: svg.map(|path| (path, svg_size)),
            attacks,
        };
        games::visit(game, job).map_err(|e| common::unknown_game(game, &e))?
    })
}
