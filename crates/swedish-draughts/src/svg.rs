//! The picture of a position: the 10x10 or 8x8 board as a standalone SVG document.
//!
//! What is drawn and how is documented on [`SvgOptions`].

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use game_core::svg::{number, SvgWriter, PALETTE};
use game_core::{Describe, Engine, Gesture, Gestures};

use crate::{Color, Kind, Move, Piece, Position, Square};

/// How a position is drawn by [`Describe::to_svg`]: game-core's [`game_core::SvgOptions`]
/// for draughts squares and moves.
///
/// The board is drawn as players know it: `a1` dark in White's bottom-left corner (Black's
/// side at the bottom when flipped), every dark square carrying its PDN number in its top-left
/// corner, files `a`… below and ranks `1`… on the left. Men are discs with an inner ring,
/// dames carry a crown. The last move tints its start and end squares; the pieces a capture
/// took (gone from the board after the move) are marked with a cross on their squares.
/// Highlighted squares carry a dot. Draughts has no explanation layer
/// ([`explain`](game_core::SvgOptions::explain) draws nothing more).
///
/// The classes ([`Describe::to_svg`] has the contract): every piece is a circle of class
/// `piece white man` (`black`, `dame`); every dark square (the squares of the game, named by
/// their numbers) has a hit area `<rect class="hit" data-point="32">` in the last group,
/// `hit-areas`.
pub type SvgOptions = game_core::SvgOptions<Square, Move>;

/// The side of a square, in user units.
const CELL: f64 = 100.0;
/// The frame around the board, where the coordinates stand.
const MARGIN: f64 = 50.0;

/// A board of `n` files seen from one side.
struct Layout {
    /// Files (and ranks) of the board.
    n: u32,
    /// Black's side at the bottom.
    flipped: bool,
}

impl Layout {
    /// The (column, row) on the screen of screen-independent (`file`, `row`), where row 0 is
    /// Black's back rank (rank `n`).
    fn screen(&self, file: u32, row: u32) -> (u32, u32) {
        if self.flipped {
            (self.n - 1 - file, self.n - 1 - row)
        } else {
            (file, row)
        }
    }

    /// The (file, row) of square number `square`, `None` when it is no square of the board.
    fn file_row(&self, square: Square) -> Option<(u32, u32)> {
        let half = self.n / 2;
        let index = u32::from(square.number()).checked_sub(1)?;
        if index >= half * self.n {
            return None;
        }
        let row = index / half;
        let file = 2 * (index % half) + 1 - row % 2;
        Some((file, row))
    }

    /// The top-left corner of square number `square` on the screen.
    fn corner(&self, square: Square) -> Option<(f64, f64)> {
        let (file, row) = self.file_row(square)?;
        let (x, y) = self.screen(file, row);
        Some((MARGIN + f64::from(x) * CELL, MARGIN + f64::from(y) * CELL))
    }

    /// The centre of square number `square` on the screen.
    fn centre(&self, square: Square) -> Option<(f64, f64)> {
        self.corner(square)
            .map(|(x, y)| (x + CELL / 2.0, y + CELL / 2.0))
    }
}

/// The crown of a dame centred on (`x`, `y`), `half` wide on each side.
fn crown_path(x: f64, y: f64, half: f64) -> String {
    let points = [
        (-1.0, 0.55),
        (-1.0, -0.45),
        (-0.5, 0.05),
        (0.0, -0.7),
        (0.5, 0.05),
        (1.0, -0.45),
        (1.0, 0.55),
    ];
    let mut d = String::new();
    for (i, (dx, dy)) in points.iter().enumerate() {
        d.push(if i == 0 { 'M' } else { 'L' });
        d.push_str(&number(x + dx * half));
        d.push(' ');
        d.push_str(&number(y + dy * half));
    }
    d.push('Z');
    d
}

impl Describe for Position {
    type Point = Square;

    const TITLE: &'static str = crate::present::TITLE;

    const SUMMARY: &'static str = crate::present::SUMMARY;

    const RULES: &'static str = crate::present::RULES;

    const HOW_TO_MOVE: &'static [&'static str] = crate::present::HOW_TO_MOVE;

    const CHOICES: &'static [(&'static str, &'static str)] = crate::present::CHOICES;

    /// The dark squares `1` … `50` (`1` … `32` on 8x8), in the order of their numbers.
    fn points(&self) -> Vec<Square> {
        let n = self.size();
        (1..=n * n / 2)
            .filter_map(|s| u8::try_from(s).ok().and_then(Square::from_number))
            .collect()
    }

    /// The position drawn as a standalone SVG document (see [`SvgOptions`] for what can be
    /// shown).
    ///
    /// ```
    /// use swedish_draughts::{Describe, Game, Position, SvgOptions};
    ///
    /// let mut pos = Position::start();
    /// let mv = pos.parse_move("32-28")?;
    /// pos.play(mv)?;
    /// let svg = pos.to_svg(&SvgOptions::new().with_last_move(Some(mv)));
    /// assert_eq!(svg.matches("class=\"piece ").count(), 40);
    /// assert_eq!(svg.matches("data-point=").count(), 50);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, options: &SvgOptions) -> String {
        let n = self.size();
        let layout = Layout {
            n,
            flipped: options.flipped,
        };
        let board = f64::from(n) * CELL;
        let view = board + 2.0 * MARGIN;
        let title = format!("Swedish draughts {n}x{n}: {self}");
        let mut svg = SvgWriter::new(options.size, view, view, &title);
        svg.rect("frame", 0.0, 0.0, view, view, PALETTE.frame);

        svg.group("board");
        svg.rect("light", MARGIN, MARGIN, board, board, PALETTE.light_square);
        let squares =
            (1..=n * n / 2).filter_map(|s| u8::try_from(s).ok().and_then(Square::from_number));
        for square in squares.clone() {
            if let Some((x, y)) = layout.corner(square) {
                svg.rect("dark", x, y, CELL, CELL, PALETTE.dark_square);
                svg.element("text")
                    .attr("class", "square-number")
                    .attr("x", x + 4.0)
                    .attr("y", y + 19.0)
                    .attr("font-size", 20.0)
                    .attr("fill", PALETTE.frame)
                    .text(&square.to_string());
            }
        }
        svg.board_outline(MARGIN, MARGIN, board);
        svg.close();

        svg.group("coordinates");
        for i in 0..n {
            let (x, y) = layout.screen(i, n - 1 - i);
            let centre_x = MARGIN + f64::from(x) * CELL + CELL / 2.0;
            let centre_y = MARGIN + f64::from(y) * CELL + CELL / 2.0;
            let file = char::from_u32('a' as u32 + i).unwrap_or('?').to_string();
            svg.coordinate(centre_x, view - MARGIN / 2.0, 30.0, &file);
            svg.coordinate(MARGIN / 2.0, centre_y, 30.0, &(i + 1).to_string());
        }
        svg.close();

        if let Some(mv) = options.last_move {
            svg.group("last-move-marks");
            for (class, square) in [("last-move from", mv.from()), ("last-move to", mv.to())] {
                if let Some((x, y)) = layout.corner(square) {
                    svg.element("rect")
                        .attr("class", class)
                        .attr("x", x)
                        .attr("y", y)
                        .attr("width", CELL)
                        .attr("height", CELL)
                        .attr("fill", PALETTE.last_move)
                        .attr("fill-opacity", 0.45);
                }
            }
            svg.close();
        }

        svg.group("pieces");
        for square in squares {
            let Some(Piece { color, kind: piece }) = self.piece_at(square) else {
                continue;
            };
            let Some((x, y)) = layout.centre(square) else {
                continue;
            };
            let (colour_name, fill, detail) = match color {
                Color::White => ("white", PALETTE.white, PALETTE.black),
                Color::Black => ("black", PALETTE.black, PALETTE.white),
            };
            let kind = match piece {
                Kind::Man => "man",
                Kind::Dame => "dame",
            };
            svg.stone(&format!("piece {colour_name} {kind}"), x, y, 36.0, fill);
            match piece {
                Kind::Man => svg.ring("detail", x, y, 25.0, 3.0, detail),
                Kind::Dame => {
                    svg.element("path")
                        .attr("class", "crown")
                        .attr("d", crown_path(x, y + 2.0, 22.0))
                        .attr("fill", "#d4a017")
                        .attr("stroke", detail)
                        .attr("stroke-width", 2.5)
                        .attr("stroke-linejoin", "round");
                }
            }
        }
        svg.close();

        if let Some(mv) = options.last_move {
            svg.group("capture-marks");
            for square in mv.captured_squares() {
                if let Some((x, y)) = layout.centre(square) {
                    svg.cross("captured", x, y, 26.0, 9.0, PALETTE.capture);
                }
            }
            svg.close();
        }

        svg.group("highlight-marks");
        for &square in &options.highlights {
            if let Some((x, y)) = layout.centre(square) {
                svg.dot("highlight", x, y, 15.0, PALETTE.highlight);
            }
        }
        svg.close();

        svg.group("hit-areas");
        for square in self.points() {
            if let Some((x, y)) = layout.corner(square) {
                svg.hit_square(&square.to_string(), x, y, CELL);
            }
        }
        svg.close();
        svg.finish()
    }

    fn default_engine(seed: u64) -> Box<dyn Engine<Self>> {
        crate::default_engine(seed)
    }

    fn alphabeta_engine(seed: u64) -> Option<Box<dyn Engine<Self>>> {
        Some(crate::alphabeta_engine(seed))
    }

    fn mcts_engine(seed: u64) -> Box<dyn Engine<Self>> {
        crate::mcts_engine(seed)
    }
}

impl Gestures for Position {
    /// A move without capture is its start and end squares, `[32, 28]`; a capture its start
    /// and every landing square in order, `[28, 17, 8]` (the full chain of
    /// [`Position::move_chain`]), so the end square is the last click.
    ///
    /// The landing squares tell the captured pieces apart: between two landing squares the
    /// piece jumps along one straight line (a diagonal, or a rank or file for an orthogonal
    /// jump) over exactly one enemy piece, since captured pieces stay on the board and block
    /// until the sequence ends; so two captures with the same landing squares take the same
    /// pieces and are the same move. Where several routes make one move (a dame may land on
    /// several squares after an intermediate jump), the gesture is the route the notation
    /// prints, the one with the smallest landing squares.
    ///
    /// ```
    /// use swedish_draughts::{Game, Gesture, Gestures, Position, Square};
    ///
    /// let pos = Position::start();
    /// let mv = pos.parse_move("32-28")?;
    /// let squares: Vec<Square> = vec!["32".parse()?, "28".parse()?];
    /// assert_eq!(pos.gesture(mv), Gesture::clicks(squares));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn gesture(&self, mv: Move) -> Gesture<Square> {
        let chain = self
            .move_chain(mv)
            .unwrap_or_else(|| alloc::vec![mv.from(), mv.to()]);
        Gesture::clicks(chain)
    }
}
