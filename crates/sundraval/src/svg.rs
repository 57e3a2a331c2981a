//! The picture of a position: the hexagon of intersections with its three directions of lines as a
//! standalone SVG document.
//!
//! What is drawn and how is documented on [`SvgOptions`].

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use game_core::svg::{number, SvgWriter, PALETTE};
use game_core::{Describe, Engine, Gesture, Gestures};

use crate::{Color, Move, Point, Position};

/// How a position is drawn by [`Describe::to_svg`]: game-core's [`game_core::SvgOptions`]
/// for Sundraval's points and moves.
///
/// The board is drawn as the text diagram shows it: row `1` at the top, each row a horizontal
/// line, the neighbours of a point left and right and diagonally above and below; flipped, it
/// is turned half round. Each row's number stands at its left end, each column's letter at its
/// upper end (so the letters run along the top and the upper right edge).
///
/// The last move rings the point placed on (both points of the opening). A pass, `keep` and
/// `swap` change no point and draw no mark. Highlighted points carry a dot.
///
/// With [`explain`](game_core::SvgOptions::explain) the board shows the score breakdown "as
/// if the game ended now" ([`Position::score_breakdown`], the score layer): every point of a
/// territory is tinted by its owner (dark for Black, light for White; the points of dead
/// stones inside it too, as they count for its size), dead stones are crossed out, and living
/// groups — revived ones included — are drawn plain. Neutral regions are not tinted.
///
/// The classes ([`Describe::to_svg`] has the contract): stones are circles of class
/// `piece black stone` (`white`); the score layer's `territory black` / `territory white`
/// and `dead`; every point has a hit area `<circle class="hit" data-point="e5">` in the
/// last group, `hit-areas`.
pub type SvgOptions = game_core::SvgOptions<Point, Move>;

/// The distance between neighbouring points, in user units.
const STEP: f64 = 60.0;
/// The frame around the points, where the coordinates stand.
const MARGIN: f64 = 90.0;
/// √3 / 2: the height of a row above the next, in steps.
const ROW_HEIGHT: f64 = 0.866_025_403_784_438_6;

/// The board of one size seen from one side.
struct Layout {
    /// Points a side.
    n: u32,
    /// Turned half round.
    flipped: bool,
    /// The centre of the picture.
    centre: (f64, f64),
}

impl Layout {
    fn new(n: u32, flipped: bool) -> Layout {
        let (width, height) = Layout::view(n);
        Layout {
            n,
            flipped,
            centre: (width / 2.0, height / 2.0),
        }
    }

    /// The picture's width and height in user units.
    fn view(n: u32) -> (f64, f64) {
        let span = f64::from(2 * n - 2) * STEP;
        (span + 2.0 * MARGIN, span * ROW_HEIGHT + 2.0 * MARGIN)
    }

    /// The screen position of column `col`, row `row` (which need not be on the board, so
    /// that labels can stand beyond the edge).
    fn at(&self, col: f64, row: f64) -> (f64, f64) {
        let middle = f64::from(self.n - 1);
        let dx = (col - row / 2.0 - middle / 2.0) * STEP;
        let dy = (row - middle) * ROW_HEIGHT * STEP;
        let sign = if self.flipped { -1.0 } else { 1.0 };
        (self.centre.0 + sign * dx, self.centre.1 + sign * dy)
    }

    /// The screen position of `point`.
    fn point(&self, point: Point) -> (f64, f64) {
        self.at(f64::from(point.col()), f64::from(point.row()))
    }

    /// The lowest and highest column of `row`.
    fn row_span(&self, row: u32) -> (u32, u32) {
        let last = 2 * self.n - 2;
        (row.saturating_sub(self.n - 1), (row + self.n - 1).min(last))
    }
}

/// The letter of column `col` (0 = `a`).
fn column_letter(col: u32) -> String {
    char::from_u32('a' as u32 + col).unwrap_or('?').to_string()
}

/// The hexagonal cell around a point at (`x`, `y`), the part of the plane nearer to it than to
/// any other point: six corners at the distance r = step / √3, at 30°, 90°, …, 330°.
fn cell_path(x: f64, y: f64) -> String {
    let r = STEP / game_core::math::sqrt(3.0);
    // (cos, sin) of 30° + k · 60° are (±√3/2, ±1/2) and (0, ±1); r · √3/2 is step / 2.
    let corners = [
        (STEP / 2.0, r / 2.0),
        (0.0, r),
        (-STEP / 2.0, r / 2.0),
        (-STEP / 2.0, -r / 2.0),
        (0.0, -r),
        (STEP / 2.0, -r / 2.0),
    ];
    let mut d = String::new();
    for (k, (dx, dy)) in corners.into_iter().enumerate() {
        d.push(if k == 0 { 'M' } else { 'L' });
        d.push_str(&number(x + dx));
        d.push(' ');
        d.push_str(&number(y + dy));
    }
    d.push('Z');
    d
}

impl Describe for Position {
    type Point = Point;

    const EXPLANATION: Option<&'static str> = Some("the score layer");

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
    /// use sundraval::{BoardSize, Describe, Game, Position, SvgOptions};
    ///
    /// let mut pos = Position::start_with_size(BoardSize::Side(5))?;
    /// let mv = pos.parse_move("e5+f7")?;
    /// pos.play(mv)?;
    /// let svg = pos.to_svg(&SvgOptions::new().with_last_move(Some(mv)));
    /// assert_eq!(svg.matches("class=\"piece ").count(), 2);
    /// assert_eq!(svg.matches("class=\"last-move\"").count(), 2);
    /// assert_eq!(svg.matches("data-point=").count(), 61);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, options: &SvgOptions) -> String {
        let n = self.side();
        let last = 2 * n - 2;
        let layout = Layout::new(n, options.flipped);
        let (width, height) = Layout::view(n);
        let title = format!("Sundraval {n} a side: {self}");
        let mut svg = SvgWriter::new(options.size, width, height, &title);
        svg.rect("frame", 0.0, 0.0, width, height, PALETTE.frame);

        // The wood: the hexagon of the corner points, pushed out by three quarters of a step, so
        // that the territory tints (cells reaching 1/√3 of a step from their points) stay on it.
        let m = f64::from(n - 1);
        let corners = [
            (0.0, 0.0),
            (m, 0.0),
            (2.0 * m, m),
            (2.0 * m, 2.0 * m),
            (m, 2.0 * m),
            (0.0, m),
        ];
        let grow = (m + 0.75) / m;
        let mut d = String::new();
        for (i, (c, r)) in corners.iter().enumerate() {
            let (x, y) = layout.at(*c, *r);
            let (cx, cy) = layout.centre;
            d.push(if i == 0 { 'M' } else { 'L' });
            d.push_str(&number(cx + (x - cx) * grow));
            d.push(' ');
            d.push_str(&number(cy + (y - cy) * grow));
        }
        d.push('Z');
        svg.element("path")
            .attr("class", "board")
            .attr("d", d)
            .attr("fill", PALETTE.board)
            .attr("stroke", PALETTE.line)
            .attr("stroke-width", 2.0)
            .attr("stroke-linejoin", "round");

        let score = options.explain.then(|| self.score_breakdown());
        if let Some(score) = &score {
            svg.group("territories");
            for region in &score.regions {
                let (class, fill, opacity) = match region.owner {
                    Some(Color::Black) => ("territory black", PALETTE.black, 0.45),
                    Some(Color::White) => ("territory white", PALETTE.white, 0.7),
                    None => continue,
                };
                for point in region.points.iter() {
                    let (x, y) = layout.point(point);
                    svg.element("path")
                        .attr("class", class)
                        .attr("d", cell_path(x, y))
                        .attr("fill", fill)
                        .attr("fill-opacity", opacity);
                }
            }
            svg.close();
        }

        svg.group("lines");
        let line = |svg: &mut SvgWriter, (c1, r1): (u32, u32), (c2, r2): (u32, u32)| {
            let (x1, y1) = layout.at(f64::from(c1), f64::from(r1));
            let (x2, y2) = layout.at(f64::from(c2), f64::from(r2));
            svg.line(x1, y1, x2, y2, 2.5, PALETTE.line);
        };
        for i in 0..=last {
            let (lo, hi) = layout.row_span(i);
            line(&mut svg, (lo, i), (hi, i)); // row i
            line(&mut svg, (i, lo), (i, hi)); // column i (the board is symmetric in c and r)
        }
        for k in 0..=last {
            // The diagonals col − row = k − (n − 1), through (c + 1, r + 1).
            let (c0, r0) = if k < n {
                (0, n - 1 - k)
            } else {
                (k - (n - 1), 0)
            };
            let length = last - c0.max(r0);
            line(&mut svg, (c0, r0), (c0 + length, r0 + length));
        }
        svg.close();

        svg.group("coordinates");
        let font = 24.0;
        for row in 0..=last {
            let (lo, hi) = layout.row_span(row);
            let ends = [(f64::from(lo) - 1.1, row), (f64::from(hi) + 1.1, row)];
            let (x, y) = ends.iter().map(|&(c, r)| layout.at(c, f64::from(r))).fold(
                (f64::INFINITY, 0.0),
                |best, p| if p.0 < best.0 { p } else { best },
            );
            svg.coordinate(x, y, font, &(row + 1).to_string());
        }
        for col in 0..=last {
            let (lo, hi) = layout.row_span(col); // the rows of column `col`
            let ends = [(col, f64::from(lo) - 1.15), (col, f64::from(hi) + 1.15)];
            let (x, y) = ends.iter().map(|&(c, r)| layout.at(f64::from(c), r)).fold(
                (0.0, f64::INFINITY),
                |best, p| if p.1 < best.1 { p } else { best },
            );
            svg.coordinate(x, y, font, &column_letter(col));
        }
        svg.close();

        let marked: &[Point] = match &options.last_move {
            Some(Move::Place(point)) => core::slice::from_ref(point),
            Some(Move::Opening { black, white }) => &[*black, *white],
            _ => &[],
        };
        svg.group("last-move-marks");
        for &point in marked.iter().filter(|p| self.contains(**p)) {
            let (x, y) = layout.point(point);
            svg.ring("last-move", x, y, STEP * 0.5, 5.0, PALETTE.last_move);
        }
        svg.close();

        svg.group("stones");
        for point in Position::points(self).iter() {
            let (class, fill) = match self.piece_at(point) {
                Some(Color::Black) => ("piece black stone", PALETTE.black),
                Some(Color::White) => ("piece white stone", PALETTE.white),
                None => continue,
            };
            let (x, y) = layout.point(point);
            svg.stone(class, x, y, STEP * 0.42, fill);
        }
        svg.close();

        if let Some(score) = &score {
            svg.group("dead-marks");
            for point in score.dead_stones().iter() {
                let (x, y) = layout.point(point);
                svg.cross("dead", x, y, STEP * 0.22, 5.0, PALETTE.capture);
            }
            svg.close();
        }

        svg.group("highlight-marks");
        for &point in options.highlights.iter().filter(|p| self.contains(**p)) {
            let (x, y) = layout.point(point);
            svg.dot("highlight", x, y, STEP * 0.16, PALETTE.highlight);
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

    fn alphabeta_engine(seed: u64) -> Option<Box<dyn Engine<Self>>> {
        Some(crate::alphabeta_engine(seed))
    }

    fn mcts_engine(seed: u64) -> Box<dyn Engine<Self>> {
        crate::mcts_engine(seed)
    }
}

impl Gestures for Position {
    /// A placement is its point, `[e5]`; the first seat's opening its two points in the
    /// notation's order, the black stone's first (`e5+f7` is `[e5, f7]`); `keep`, `swap` and
    /// `pass` are choices with no point ([`Gesture::KEEP`], [`Gesture::SWAP`],
    /// [`Gesture::PASS`]).
    ///
    /// ```
    /// use sundraval::{BoardSize, Game, Gesture, Gestures, Position};
    ///
    /// let mut pos = Position::start_with_size(BoardSize::Side(5))?;
    /// let opening = pos.parse_move("e5+f7")?;
    /// assert_eq!(pos.gesture(opening), Gesture::clicks(vec!["e5".parse()?, "f7".parse()?]));
    /// pos.play(opening)?;
    /// let swap = pos.parse_move("swap")?;
    /// assert_eq!(pos.gesture(swap), Gesture::with_choice(vec![], Gesture::<sundraval::Point>::SWAP));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn gesture(&self, mv: Move) -> Gesture<Point> {
        match mv {
            Move::Place(point) => Gesture::clicks(alloc::vec![point]),
            Move::Opening { black, white } => Gesture::clicks(alloc::vec![black, white]),
            Move::Pass => Gesture::with_choice(Vec::new(), Gesture::<Point>::PASS),
            Move::Keep => Gesture::with_choice(Vec::new(), Gesture::<Point>::KEEP),
            Move::Swap => Gesture::with_choice(Vec::new(), Gesture::<Point>::SWAP),
        }
    }
}
