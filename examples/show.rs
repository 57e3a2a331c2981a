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
//! attacks; refused for the others). A file that cannot be written is an error (exit code 2)
//! before anything is printed.

mod common;

use std::process::ExitCode;

use boardrules::games::{self, Describe, GameVisitor, Gestures};
use common::{Failure, Out};
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
                    "move {} {}: {err}\nlegal moves here include: {listed}",
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
            std::fs::write(path, picture).map_err(|e| {
                format!("cannot write the picture to {}: {e}", common::quoted(path))
            })?;
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

fn main() -> ExitCode {
    if let Some(code) = common::help(USAGE) {
        return code;
    }
    common::run(|| {
        let args = common::Args::parse(
            USAGE,
            &[
                "--fen",
                "--size",
                "--moves",
                "--svg",
                "--svg-size",
                "--svg-attacks",
            ],
        )?;
        if !args.positional.is_empty() {
            return Err(format!(
                "unexpected {}\n{USAGE}",
                common::quoted(&args.positional.join(" "))
            )
            .into());
        }
        let moves = args
            .moves
            .as_deref()
            .unwrap_or("")
            .split_whitespace()
            .map(str::to_owned)
            .collect();
        if args.svg.is_none() && (args.svg_size.is_some() || args.svg_attacks) {
            return Err(format!("--svg-size and --svg-attacks need --svg FILE\n{USAGE}").into());
        }
        let svg_size = args.svg_size.unwrap_or(game_core::svg::DEFAULT_SIZE);
        let job = Show {
            fen: args.fen,
            size: args.size,
            moves,
            svg: args.svg.map(|path| (path, svg_size)),
            attacks: args.svg_attacks,
        };
        games::visit(&args.game, job).map_err(|e| common::unknown_game(&args.game, &e))?
    })
}
