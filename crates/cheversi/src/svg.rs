//! The picture of a position: the chessboard with Cheversi's pieces as a standalone SVG document.
//!
//! What is drawn and how is documented on [`SvgOptions`].

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use game_core::svg::{number, SvgWriter, PALETTE};
use game_core::{Describe, Engine, Gesture, Gestures};

use crate::score::attacks_from;
use crate::{board::squares, Color, Kind, Move, Piece, Position, Square};

/// How a position is drawn by [`Describe::to_svg`]: game-core's [`game_core::SvgOptions`]
/// for Cheversi's squares and placements.
///
/// `a1` is dark, in White's bottom-left corner (Black's side at the bottom when flipped);
/// files `a`–`h` below, ranks `1`–`8` on the left. A piece is its letter (`K` `Q` `R` `B` `N`)
/// in a disc of its colour. The last placement tints its square; highlighted squares carry a
/// dot.
///
/// With [`explain`](game_core::SvgOptions::explain) every empty square that scores is shaded
/// and counted (the attacked squares): its lower-left half pale for White with White's count
/// in that corner on a white badge, its upper-right half dark for Black with Black's count on
/// a black badge. The counts are the (piece, empty square) pairs of the scoring rule, so the
/// white numbers add up to White's score and the black ones to Black's. Occupied squares
/// score nothing and are not shaded.
///
/// The classes ([`Describe::to_svg`] has the contract): every piece is a circle of class
/// `piece white king` (`black`; `queen`, `rook`, `bishop`, `knight`), its letter a text of
/// class `piece-letter`; the shading `attack white` / `attack black` with `badge` and
/// `attack-count`; every square has a hit area `<rect class="hit" data-point="e4">` in the
/// last group, `hit-areas`.
pub type SvgOptions = game_core::SvgOptions<Square, Move>;

/// The side of a square, in user units.
const CELL: f64 = 100.0;
/// The frame around the board, where the coordinates stand.
const MARGIN: f64 = 50.0;

/// The top-left corner of `square` on the screen.
fn corner(square: Square, flipped: bool) -> (f64, f64) {
    let (file, rank) = (f64::from(square.col()), f64::from(square.row()));
    let (x, y) = if flipped {
        (7.0 - file, rank)
    } else {
        (file, 7.0 - rank)
    };
    (MARGIN + x * CELL, MARGIN + y * CELL)
}

/// The name of a kind in the pieces' classes (and in the hand, [`crate::Tally::hand`]).
pub(crate) const fn kind_name(kind: Kind) -> &'static str {
    match kind {
        Kind::King => "king",
        Kind::Queen => "queen",
        Kind::Rook => "rook",
        Kind::Bishop => "bishop",
        Kind::Knight => "knight",
    }
}

/// How many pieces of each colour attack each square, White's first.
fn attack_counts(pos: &Position) -> [[u8; 64]; 2] {
    let mut counts = [[0u8; 64]; 2];
    for color in Color::ALL {
        for from in squares(pos.color_bits(color)) {
            for to in squares(attacks_from(pos, from) & pos.empty_bits()) {
                counts[color.index()][to.index()] += 1;
            }
        }
    }
    counts
}

/// Writes the shading and the count badges of one attacked square.
fn draw_attack(svg: &mut SvgWriter, square: Square, flipped: bool, white: u8, black: u8) {
    let (x, y) = corner(square, flipped);
    let triangle = |points: [(f64, f64); 3]| {
        let mut d = String::new();
        for (i, (px, py)) in points.iter().enumerate() {
            d.push(if i == 0 { 'M' } else { 'L' });
            d.push_str(&number(*px));
            d.push(' ');
            d.push_str(&number(*py));
        }
        d.push('Z');
        d
    };
    let sides = [
        (
            white,
            "attack white",
            triangle([(x, y), (x, y + CELL), (x + CELL, y + CELL)]),
            (PALETTE.white, 0.55, PALETTE.black),
            (x + 24.0, y + CELL - 24.0),
        ),
        (
            black,
            "attack black",
            triangle([(x, y), (x + CELL, y), (x + CELL, y + CELL)]),
            (PALETTE.black, 0.35, PALETTE.white),
            (x + CELL - 24.0, y + 24.0),
        ),
    ];
    for (count, class, d, (fill, opacity, text), (bx, by)) in sides {
        if count == 0 {
            continue;
        }
        svg.element("path")
            .attr("class", class)
            .attr("d", d)
            .attr("fill", fill)
            .attr("fill-opacity", opacity);
        svg.stone("badge", bx, by, 16.0, fill);
        svg.label(bx, by, 22.0, text, "attack-count", &count.to_string());
    }
}

impl Describe for Position {
    type Point = Square;

    const EXPLANATION: Option<&'static str> = Some("attacked squares");

    const TITLE: &'static str = crate::present::TITLE;

    const SUMMARY: &'static str = crate::present::SUMMARY;

    const RULES: &'static str = crate::present::RULES;

    const HOW_TO_MOVE: &'static [&'static str] = crate::present::HOW_TO_MOVE;

    const CHOICES: &'static [(&'static str, &'static str)] = crate::present::CHOICES;

    /// The 64 squares, `a1`, `b1`, … `h8` (the order of their indices).
    fn points(&self) -> Vec<Square> {
        Square::all().collect()
    }

    /// The position drawn as a standalone SVG document (see [`SvgOptions`] for what can be
    /// shown).
    ///
    /// ```
    /// use cheversi::{Describe, Game, Position, SvgOptions};
    ///
    /// let mut pos = Position::start();
    /// let mv = pos.parse_move("Ke4")?;
    /// pos.play(mv)?;
    /// let options = SvgOptions::new().with_last_move(Some(mv)).with_explain(true);
    /// let svg = pos.to_svg(&options);
    /// assert_eq!(svg.matches("class=\"piece white king\"").count(), 1);
    /// // The king attacks its eight neighbours.
    /// assert_eq!(svg.matches("class=\"attack white\"").count(), 8);
    /// assert_eq!(svg.matches("data-point=").count(), 64);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, options: &SvgOptions) -> String {
        let flipped = options.flipped;
        let board = 8.0 * CELL;
        let view = board + 2.0 * MARGIN;
        let title = format!("Cheversi: {self}");
        let mut svg = SvgWriter::new(options.size, view, view, &title);
        svg.rect("frame", 0.0, 0.0, view, view, PALETTE.frame);

        svg.group("board");
        for square in Square::all() {
            let (x, y) = corner(square, flipped);
            let (class, fill) = if square.is_dark() {
                ("dark", PALETTE.dark_square)
            } else {
                ("light", PALETTE.light_square)
            };
            svg.rect(class, x, y, CELL, CELL, fill);
        }
        svg.board_outline(MARGIN, MARGIN, board);
        svg.close();

        svg.group("coordinates");
        for i in 0..8u8 {
            let Some(square) = Square::new(i, i) else {
                continue;
            };
            let (x, y) = corner(square, flipped);
            let file = char::from(b'a' + i).to_string();
            svg.coordinate(x + CELL / 2.0, view - MARGIN / 2.0, 30.0, &file);
            svg.coordinate(MARGIN / 2.0, y + CELL / 2.0, 30.0, &(i + 1).to_string());
        }
        svg.close();

        if let Some(mv) = options.last_move {
            svg.group("last-move-marks");
            let (x, y) = corner(mv.square, flipped);
            svg.element("rect")
                .attr("class", "last-move to")
                .attr("x", x)
                .attr("y", y)
                .attr("width", CELL)
                .attr("height", CELL)
                .attr("fill", PALETTE.last_move)
                .attr("fill-opacity", 0.45);
            svg.close();
        }

        if options.explain {
            svg.group("attacks");
            let counts = attack_counts(self);
            for square in Square::all() {
                let i = square.index();
                let (white, black) = (counts[0][i], counts[1][i]);
                if white > 0 || black > 0 {
                    draw_attack(&mut svg, square, flipped, white, black);
                }
            }
            svg.close();
        }

        svg.group("pieces");
        for square in Square::all() {
            let Some(Piece { color, kind }) = self.piece_at(square) else {
                continue;
            };
            let (x, y) = corner(square, flipped);
            let (cx, cy) = (x + CELL / 2.0, y + CELL / 2.0);
            let (colour_name, fill, text) = match color {
                Color::White => ("white", PALETTE.white, PALETTE.black),
                Color::Black => ("black", PALETTE.black, PALETTE.white),
            };
            let class = format!("piece {colour_name} {}", kind_name(kind));
            svg.stone(&class, cx, cy, 40.0, fill);
            svg.element("text")
                .attr("class", "piece-letter")
                .attr("x", cx)
                .attr("y", cy + 16.0)
                .attr("font-size", 46.0)
                .attr("font-weight", "bold")
                .attr("text-anchor", "middle")
                .attr("fill", text)
                .text(&kind.letter().to_string());
        }
        svg.close();

        svg.group("highlight-marks");
        for &square in &options.highlights {
            let (x, y) = corner(square, flipped);
            svg.dot(
                "highlight",
                x + CELL / 2.0,
                y + CELL / 2.0,
                15.0,
                PALETTE.highlight,
            );
        }
        svg.close();

        svg.group("hit-areas");
        for square in Square::all() {
            let (x, y) = corner(square, flipped);
            svg.hit_square(&square.to_string(), x, y, CELL);
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

/// The choice that picks `kind` from the hand: its letter as the notation writes it.
pub(crate) const fn kind_choice(kind: Kind) -> &'static str {
    match kind {
        Kind::King => "K",
        Kind::Queen => "Q",
        Kind::Rook => "R",
        Kind::Bishop => "B",
        Kind::Knight => "N",
    }
}

impl Gestures for Position {
    /// A placement is its square, with the piece kind as the choice: its letter as the
    /// notation writes it (`K`, `Q`, `R`, `B`, `N`), so `Qd5` is `[d5]` with choice `Q`.
    ///
    /// ```
    /// use cheversi::{Game, Gesture, Gestures, Position};
    ///
    /// let pos = Position::start();
    /// let mv = pos.parse_move("Ke4")?;
    /// assert_eq!(pos.gesture(mv), Gesture::with_choice(vec!["e4".parse()?], "K"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn gesture(&self, mv: Move) -> Gesture<Square> {
        Gesture::with_choice(alloc::vec![mv.square], kind_choice(mv.kind))
    }
}
