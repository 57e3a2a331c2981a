//! The picture of a position: the 3×3 board with its diagonals as a standalone SVG document.
//!
//! What is drawn and how is documented on [`SvgOptions`].

use alloc::boxed::Box;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec::Vec;
use game_core::svg::{SvgWriter, PALETTE};
use game_core::{Describe, Engine, Game, Gesture, Gestures, Outcome};

use crate::{Color, Move, Point, PointSet, Position, LINES};

/// How a position is drawn by [`Describe::to_svg`]: game-core's [`game_core::SvgOptions`]
/// for Kvarn3's points and moves.
///
/// The nine points are drawn with the eight lines of the board (rows, columns, the two long
/// diagonals), files `a`–`c` below and ranks `1`–`3` on the left, White's side (rank 1) at the
/// bottom unless flipped. The last move is a ring on the point reached (and a dashed ring on
/// the point left by a step); highlighted points carry a dot. With
/// [`explain`](game_core::SvgOptions::explain), a won game's mill is marked too: a ring of
/// class `winning` around each of its three stones, unlike a highlight's dot.
///
/// The classes ([`Describe::to_svg`] has the contract): every stone is a
/// `<circle class="piece white stone">` (or `black`); every point has a hit area
/// `<circle class="hit" data-point="b2">` in the last group, `hit-areas`.
pub type SvgOptions = game_core::SvgOptions<Point, Move>;

/// The distance between neighbouring points, in user units.
const STEP: f64 = 100.0;
/// The whole picture's side, in user units.
const VIEW: f64 = 360.0;
/// The centre of point `a3` (the top-left point, unflipped).
const FIRST: f64 = 80.0;

/// The centre of `point` in user units.
fn centre(point: Point, flipped: bool) -> (f64, f64) {
    let (file, rank) = (f64::from(point.col()), f64::from(point.row()));
    if flipped {
        (FIRST + (2.0 - file) * STEP, FIRST + rank * STEP)
    } else {
        (FIRST + file * STEP, FIRST + (2.0 - rank) * STEP)
    }
}

impl Position {
    /// The mill of a won game: the line whose three points hold the winner's stones.
    fn mill(&self) -> Option<PointSet> {
        let Some(Outcome::Winner { player, .. }) = self.outcome() else {
            return None;
        };
        let stones = self.stones(player);
        LINES
            .iter()
            .copied()
            .find(|&line| stones.intersection(line) == line)
    }
}

impl Describe for Position {
    type Point = Point;

    const EXPLANATION: Option<&'static str> = Some("the mill");

    const EXPLAINS_OUTCOME: bool = true;

    const TITLE: &'static str = crate::present::TITLE;

    const SUMMARY: &'static str = crate::present::SUMMARY;

    const RULES: &'static str = crate::present::RULES;

    const HOW_TO_MOVE: &'static [&'static str] = crate::present::HOW_TO_MOVE;

    const CHOICES: &'static [(&'static str, &'static str)] = crate::present::CHOICES;

    fn points(&self) -> Vec<Point> {
        Point::ALL.to_vec()
    }

    /// The position drawn as a standalone SVG document (see [`SvgOptions`] for
    /// what can be shown).
    ///
    /// ```
    /// use kvarn3::{Describe, Game, Position, SvgOptions};
    ///
    /// let mut pos = Position::start();
    /// let mv = pos.parse_move("b2")?;
    /// pos.play(mv)?;
    /// let svg = pos.to_svg(&SvgOptions::new().with_last_move(Some(mv)));
    /// assert!(svg.starts_with("<svg"));
    /// assert_eq!(svg.matches("class=\"piece ").count(), 1);
    /// assert_eq!(svg.matches("data-point=").count(), 9);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_svg(&self, options: &SvgOptions) -> String {
        let flipped = options.flipped;
        let title = format!("Kvarn3: {self}");
        let mut svg = SvgWriter::new(options.size, VIEW, VIEW, &title);
        svg.rect("frame", 0.0, 0.0, VIEW, VIEW, PALETTE.frame);
        let (low, high) = (FIRST - 40.0, FIRST + 2.0 * STEP + 40.0);
        svg.rect("board", low, low, high - low, high - low, PALETTE.board);

        svg.group("lines");
        let corner =
            |file: u8, rank: u8| centre(Point::new(file, rank).unwrap_or(Point::CENTRE), flipped);
        let lines = [
            ((0, 0), (2, 0)),
            ((0, 1), (2, 1)),
            ((0, 2), (2, 2)),
            ((0, 0), (0, 2)),
            ((1, 0), (1, 2)),
            ((2, 0), (2, 2)),
            ((0, 0), (2, 2)),
            ((2, 0), (0, 2)),
        ];
        for ((f1, r1), (f2, r2)) in lines {
            let (x1, y1) = corner(f1, r1);
            let (x2, y2) = corner(f2, r2);
            svg.line(x1, y1, x2, y2, 4.0, PALETTE.line);
        }
        svg.close();

        svg.group("coordinates");
        for index in 0..3u8 {
            let file_label = char::from(b'a' + index).to_string();
            let (x, _) = corner(index, 0);
            svg.coordinate(x, VIEW - 20.0, 22.0, &file_label);
            let rank_label = (index + 1).to_string();
            let (_, y) = corner(0, index);
            svg.coordinate(20.0, y, 22.0, &rank_label);
        }
        svg.close();

        svg.group("points");
        for point in Point::ALL {
            let (x, y) = centre(point, flipped);
            svg.element("circle")
                .attr("cx", x)
                .attr("cy", y)
                .attr("r", 7.0)
                .attr("fill", PALETTE.line);
        }
        svg.close();

        if let Some(mv) = options.last_move {
            svg.group("last-move-marks");
            if let Some(from) = mv.from() {
                let (x, y) = centre(from, flipped);
                svg.element("circle")
                    .attr("class", "last-move from")
                    .attr("cx", x)
                    .attr("cy", y)
                    .attr("r", 30.0)
                    .attr("fill", "none")
                    .attr("stroke", PALETTE.last_move)
                    .attr("stroke-width", 5.0)
                    .attr("stroke-dasharray", "8 6");
            }
            let (x, y) = centre(mv.to(), flipped);
            svg.ring("last-move to", x, y, 43.0, 6.0, PALETTE.last_move);
            svg.close();
        }

        svg.group("stones");
        for point in Point::ALL {
            let (class, fill) = match self.piece_at(point) {
                Some(Color::White) => ("piece white stone", PALETTE.white),
                Some(Color::Black) => ("piece black stone", PALETTE.black),
                None => continue,
            };
            let (x, y) = centre(point, flipped);
            svg.stone(class, x, y, 36.0, fill);
        }
        svg.close();

        if let Some(mill) = options.explain.then(|| self.mill()).flatten() {
            svg.group("winning-line");
            for point in mill {
                let (x, y) = centre(point, flipped);
                svg.ring("winning", x, y, 42.0, 7.0, PALETTE.winning);
            }
            svg.close();
        }

        svg.group("highlight-marks");
        for &point in &options.highlights {
            let (x, y) = centre(point, flipped);
            svg.dot("highlight", x, y, 14.0, PALETTE.highlight);
        }
        svg.close();

        svg.group("hit-areas");
        for point in Point::ALL {
            let (x, y) = centre(point, flipped);
            svg.hit_circle(&point.to_string(), x, y, 48.0);
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
    /// A placement is its point, `[b2]`; a step its two points, `[a1, b2]`.
    ///
    /// ```
    /// use kvarn3::{Game, Gesture, Gestures, Position};
    ///
    /// let pos = Position::start();
    /// let mv = pos.parse_move("b2")?;
    /// assert_eq!(pos.gesture(mv), Gesture::clicks(vec!["b2".parse()?]));
    /// assert_eq!(pos.move_of(&pos.gesture(mv)), Some(mv));
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn gesture(&self, mv: Move) -> Gesture<Point> {
        match mv {
            Move::Place(to) => Gesture::clicks(alloc::vec![to]),
            Move::Step { from, to } => Gesture::clicks(alloc::vec![from, to]),
        }
    }
}
