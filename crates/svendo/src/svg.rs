//! The picture of a position: the rectangle of points with its lines in all four directions as a
//! standalone SVG document.
//!
//! What is drawn and how is documented on [`SvgOptions`].

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use game_core::svg::{SvgWriter, PALETTE};
use game_core::{Describe, Engine, Gesture, Gestures};

use crate::{Color, Move, Piece, Point, Position};

/// How a position is drawn by [`Describe::to_svg`]: game-core's [`game_core::SvgOptions`]
/// for Svendo's points and moves.
///
/// Columns `a`… stand below, rows `1`… on the left, row 1 at the bottom (turned half round
/// when flipped). The players' stones are black, white and red discs, the master stones green
/// ones with a light ring. The last move rings the point placed on, or the point reached with
/// a dashed ring on the point left; a pass draws no mark. Highlighted points carry a dot.
/// With [`explain`](game_core::SvgOptions::explain), the line that the last move (a slide)
/// won with ([`Position::winning_line`]) is marked too: a ring of class `winning` around each
/// of its stones, unlike a highlight's dot.
///
/// The classes ([`Describe::to_svg`] has the contract): stones are circles of class
/// `piece black stone` (`white`, `red`) and `piece master stone` (its light ring
/// `master-ring`); every point has a hit area `<circle class="hit" data-point="c3">` in the
/// last group, `hit-areas`.
pub type SvgOptions = game_core::SvgOptions<Point, Move>;

/// Red's stones.
const RED: &str = "#c62828";
/// The green master stones.
const GREEN: &str = "#2e8b3a";

/// The distance between neighbouring points, in user units.
const STEP: f64 = 80.0;
/// The distance from the outer points to the picture's edge.
const MARGIN: f64 = 80.0;

/// A board of `width` × `height` points seen from one side.
struct Layout {
    width: usize,
    height: usize,
    flipped: bool,
}

impl Layout {
    /// The screen position of column `col`, row `row` (which need not be on the board, so
    /// that labels can stand beyond the edge).
    fn at(&self, col: f64, row: f64) -> (f64, f64) {
        let (w, h) = ((self.width - 1) as f64, (self.height - 1) as f64);
        let (x, y) = if self.flipped {
            (w - col, row)
        } else {
            (col, h - row)
        };
        (MARGIN + x * STEP, MARGIN + y * STEP)
    }

    /// The screen position of `point`.
    fn point(&self, point: Point) -> (f64, f64) {
        self.at(point.col() as f64, point.row() as f64)
    }

    /// Whether (`col`, `row`) is a point of the board.
    fn contains(&self, col: i64, row: i64) -> bool {
        (0..self.width as i64).contains(&col) && (0..self.height as i64).contains(&row)
    }

    /// The line from (`col`, `row`) in direction (`dc`, `dr`) to the last point on the board,
    /// as its two ends; `None` when the line has one point only.
    fn line(&self, col: i64, row: i64, dc: i64, dr: i64) -> Option<((i64, i64), (i64, i64))> {
        let (mut c, mut r) = (col, row);
        while self.contains(c + dc, r + dr) {
            c += dc;
            r += dr;
        }
        ((c, r) != (col, row)).then_some(((col, row), (c, r)))
    }
}

impl Describe for Position {
    type Point = Point;

    const EXPLANATION: Option<&'static str> = Some("the winning line");

    const EXPLAINS_OUTCOME: bool = true;

    const TITLE: &'static str = crate::present::TITLE;

    const SUMMARY: &'static str = crate::present::SUMMARY;

    const RULES: &'static str = crate::present::RULES;

    const HOW_TO_MOVE: &'static [&'static str] = crate::present::HOW_TO_MOVE;

    const CHOICES: &'static [(&'static str, &'static str)] = crate::present::CHOICES;

    /// The points of this board ([`Position::points`]), in the order of their indices.
    fn points(&self) -> Vec<Point> {
        Position::points(self).iter().collect()
    }

    /// The position drawn as a standalone SVG document (see [`SvgOptions`] for what can be
    /// shown).
    ///
    /// ```
    /// use svendo::{Describe, Game, Position, SvgOptions};
    ///
    /// let mut pos = Position::start();
    /// let mv = pos.parse_move("Mc3")?;
    /// pos.play(mv)?;
    /// let svg = pos.to_svg(&SvgOptions::new().with_last_move(Some(mv)));
    /// assert_eq!(svg.matches("class=\"piece master stone\"").count(), 1);
    /// assert_eq!(svg.matches("data-point=").count(), 60);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, options: &SvgOptions) -> String {
        let layout = Layout {
            width: self.width(),
            height: self.height(),
            flipped: options.flipped,
        };
        let (w, h) = (layout.width as i64, layout.height as i64);
        let view_width = (w - 1) as f64 * STEP + 2.0 * MARGIN;
        let view_height = (h - 1) as f64 * STEP + 2.0 * MARGIN;
        let title = format!("Svendo {w}x{h}: {self}");
        let mut svg = SvgWriter::new(options.size, view_width, view_height, &title);
        svg.rect("frame", 0.0, 0.0, view_width, view_height, PALETTE.frame);
        let pad = STEP * 0.55;
        svg.rect(
            "board",
            MARGIN - pad,
            MARGIN - pad,
            (w - 1) as f64 * STEP + 2.0 * pad,
            (h - 1) as f64 * STEP + 2.0 * pad,
            PALETTE.board,
        );

        svg.group("lines");
        let mut lines = Vec::new();
        for row in 0..h {
            lines.extend(layout.line(0, row, 1, 0));
        }
        for col in 0..w {
            lines.extend(layout.line(col, 0, 0, 1));
        }
        // Diagonals: each starts on the left edge or on the bottom (rising) / top (falling)
        // edge, the corner once.
        for row in 0..h {
            lines.extend(layout.line(0, row, 1, 1));
            lines.extend(layout.line(0, row, 1, -1));
        }
        for col in 1..w {
            lines.extend(layout.line(col, 0, 1, 1));
            lines.extend(layout.line(col, h - 1, 1, -1));
        }
        for ((c1, r1), (c2, r2)) in lines {
            let (x1, y1) = layout.at(c1 as f64, r1 as f64);
            let (x2, y2) = layout.at(c2 as f64, r2 as f64);
            svg.line(x1, y1, x2, y2, 2.5, PALETTE.line);
        }
        svg.close();

        svg.group("coordinates");
        let font = 26.0;
        for col in 0..w {
            let letter = char::from_u32('a' as u32 + col as u32)
                .unwrap_or('?')
                .to_string();
            let (x, _) = layout.at(col as f64, 0.0);
            svg.coordinate(x, view_height - MARGIN * 0.3, font, &letter);
        }
        for row in 0..h {
            let (_, y) = layout.at(0.0, row as f64);
            svg.coordinate(MARGIN * 0.3, y, font, &(row + 1).to_string());
        }
        svg.close();

        svg.group("last-move-marks");
        match options.last_move {
            Some(Move::Place(to) | Move::PlaceMaster(to)) => {
                let (x, y) = layout.point(to);
                svg.ring("last-move to", x, y, STEP * 0.5, 6.0, PALETTE.last_move);
            }
            Some(Move::Slide { from, to }) => {
                let (x, y) = layout.point(from);
                svg.element("circle")
                    .attr("class", "last-move from")
                    .attr("cx", x)
                    .attr("cy", y)
                    .attr("r", STEP * 0.3)
                    .attr("fill", "none")
                    .attr("stroke", PALETTE.last_move)
                    .attr("stroke-width", 5.0)
                    .attr("stroke-dasharray", "7 5");
                let (x, y) = layout.point(to);
                svg.ring("last-move to", x, y, STEP * 0.5, 6.0, PALETTE.last_move);
            }
            Some(Move::Pass) | None => {}
        }
        svg.close();

        svg.group("stones");
        for col in 0..w {
            for row in 0..h {
                let Some(point) = Point::new(col as u8, row as u8) else {
                    continue;
                };
                let (class, fill) = match self.piece_at(point) {
                    Some(Piece::Stone(Color::Black)) => ("piece black stone", PALETTE.black),
                    Some(Piece::Stone(Color::White)) => ("piece white stone", PALETTE.white),
                    Some(Piece::Stone(Color::Red)) => ("piece red stone", RED),
                    Some(Piece::Master) => ("piece master stone", GREEN),
                    None => continue,
                };
                let (x, y) = layout.point(point);
                svg.stone(class, x, y, STEP * 0.4, fill);
                if class == "piece master stone" {
                    svg.ring("master-ring", x, y, STEP * 0.24, 3.0, PALETTE.white);
                }
            }
        }
        svg.close();

        let line = match (options.explain, options.last_move) {
            (true, Some(mv)) => self.winning_line(mv).unwrap_or_default(),
            _ => Vec::new(),
        };
        if !line.is_empty() {
            svg.group("winning-line");
            for &point in &line {
                if layout.contains(point.col() as i64, point.row() as i64) {
                    let (x, y) = layout.point(point);
                    svg.ring("winning", x, y, STEP * 0.42, STEP * 0.08, PALETTE.winning);
                }
            }
            svg.close();
        }

        svg.group("highlight-marks");
        for &point in &options.highlights {
            if layout.contains(point.col() as i64, point.row() as i64) {
                let (x, y) = layout.point(point);
                svg.dot("highlight", x, y, STEP * 0.16, PALETTE.highlight);
            }
        }
        svg.close();

        svg.group("hit-areas");
        for point in Position::points(self).iter() {
            let (x, y) = layout.point(point);
            svg.hit_circle(&point.to_string(), x, y, STEP * 0.48);
        }
        svg.close();
        svg.finish()
    }

    fn default_engine(seed: u64) -> Box<dyn Engine<Self>> {
        crate::default_engine(seed)
    }

    fn mcts_engine(seed: u64) -> Box<dyn Engine<Self>> {
        crate::mcts_engine(seed)
    }
}

impl Gestures for Position {
    /// As the notation has the moves: a placement of an own stone is its point, `[c3]`; a
    /// placement of the master stone the same point with the choice `M` (`Mc3`), which a
    /// page offers as the master stone in the hand; a slide its two points, `[c3, c6]`; a
    /// pass the choice [`Gesture::PASS`] with no point.
    ///
    /// ```
    /// use svendo::{Game, Gesture, Gestures, Position};
    ///
    /// let pos = Position::start();
    /// let own = pos.parse_move("c3")?;
    /// let master = pos.parse_move("Mc3")?;
    /// assert_eq!(pos.gesture(own), Gesture::clicks(vec!["c3".parse()?]));
    /// assert_eq!(pos.gesture(master), Gesture::with_choice(vec!["c3".parse()?], "M"));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn gesture(&self, mv: Move) -> Gesture<Point> {
        match mv {
            Move::Place(to) => Gesture::clicks(alloc::vec![to]),
            Move::PlaceMaster(to) => Gesture::with_choice(alloc::vec![to], "M"),
            Move::Slide { from, to } => Gesture::clicks(alloc::vec![from, to]),
            Move::Pass => Gesture::with_choice(Vec::new(), Gesture::<Point>::PASS),
        }
    }
}
