//! What a GUI, a server or a tool needs from every game besides its rules: the board's points
//! by name, the picture with one options type for all five games, the game's engines, the
//! texts for people (title, summary, rules page, how to move), and the clicks that make each
//! legal move.
//!
//! [`Describe`] gathers the picture, the engines and the texts (and, through its supertrait
//! [`Tally`], the live scores and hands); [`Gestures`] turns clicks into moves, so a page can
//! offer every game without game-specific code: after each click it keeps the legal moves
//! whose [`Gesture`] starts with the clicks so far, highlights their next points, and plays
//! the move once exactly one gesture is complete.

use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

use crate::search::Engine;
use crate::svg::DEFAULT_SIZE;
use crate::{ParsePointError, Tally};

/// How to draw a position: the same options for every game's picture.
///
/// `P` is the game's point (or square) type and `M` its move type. Build one with
/// [`SvgOptions::new`] and the `with_…` methods; the struct is `#[non_exhaustive]`, so a new
/// option is not a breaking change.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct SvgOptions<P, M> {
    /// The picture's width in pixels; [`DEFAULT_SIZE`] by default. The height follows the
    /// board's proportions.
    pub size: u32,
    /// The board turned half round (the second player's side at the bottom).
    pub flipped: bool,
    /// The move that led to the position, marked on its points.
    pub last_move: Option<M>,
    /// Points marked with a dot (a GUI's legal-move hints, say).
    pub highlights: Vec<P>,
    /// The game's explanation layer, where it has one ([`Describe::EXPLANATION`] says what it
    /// shows): Cheversi's attacked squares, Sundraval's score breakdown, the line that ended
    /// a game of Kvarn3 or Svendo.
    pub explain: bool,
}

impl<P, M> Default for SvgOptions<P, M> {
    fn default() -> Self {
        SvgOptions {
            size: DEFAULT_SIZE,
            flipped: false,
            last_move: None,
            highlights: Vec::new(),
            explain: false,
        }
    }
}

impl<P, M> SvgOptions<P, M> {
    /// The default options: [`DEFAULT_SIZE`] pixels wide, not flipped, nothing marked.
    pub fn new() -> Self {
        Self::default()
    }

    /// The same options with the picture `size` pixels wide.
    #[must_use]
    pub fn with_size(mut self, size: u32) -> Self {
        self.size = size;
        self
    }

    /// The same options with the board turned half round or not.
    #[must_use]
    pub fn with_flipped(mut self, flipped: bool) -> Self {
        self.flipped = flipped;
        self
    }

    /// The same options with `last_move` marked.
    #[must_use]
    pub fn with_last_move(mut self, last_move: Option<M>) -> Self {
        self.last_move = last_move;
        self
    }

    /// The same options with `highlights` marked with a dot.
    #[must_use]
    pub fn with_highlights(mut self, highlights: Vec<P>) -> Self {
        self.highlights = highlights;
        self
    }

    /// The same options with the game's explanation layer drawn or not.
    #[must_use]
    pub fn with_explain(mut self, explain: bool) -> Self {
        self.explain = explain;
        self
    }
}

/// The picture, the engines and the texts of a game: what the tools, a GUI or a server need
/// of it besides the rules, the same interface in all five games.
///
/// Its supertrait [`Tally`] gives the live scores and the hands, so code bound by `Describe`
/// has them too. The texts are constants, so a page or a server lists every game's without a
/// position:
///
/// ```
/// use game_core::Describe;
///
/// /// A game's entry on a home page: its title, what it is, and how to move, in HTML.
/// fn home_page_entry<G: Describe>() -> String {
///     let moves: Vec<String> = G::HOW_TO_MOVE.iter().map(|line| format!("<li>{line}</li>")).collect();
///     format!("<h2>{}</h2><p>{}</p><ul>{}</ul>", G::TITLE, G::SUMMARY, moves.concat())
/// }
/// ```
pub trait Describe: Tally {
    /// A point (or square) of the board, written and read in the game's notation (`e4`, `32`);
    /// a text that names no point is a [`ParsePointError`] saying why.
    type Point: Copy
        + Eq
        + Ord
        + Hash
        + Debug
        + Display
        + FromStr<Err = ParsePointError>
        + Send
        + Sync
        + 'static;

    /// What [`SvgOptions::explain`] adds to this game's picture, for a GUI's checkbox label
    /// (`"attacked squares"`), or `None` where it adds nothing.
    const EXPLANATION: Option<&'static str> = None;

    /// Whether the explanation layer shows why a finished game ended (Kvarn3's mill, Svendo's
    /// winning line, Sundraval's score layer), so that a tool draws it unasked once the game
    /// is over; `false` where it is a study aid drawn only on request (Cheversi's attacked
    /// squares) or where there is no layer.
    const EXPLAINS_OUTCOME: bool = false;

    /// The game's name for people, as its rules page titles it (`"Kvarn med tre pjäser"`,
    /// `"Swedish Draughts"`); [`Game::NAME`](crate::Game::NAME) is the name tools type.
    const TITLE: &'static str;

    /// What the game is, in one sentence for people who have never played it (a home page's
    /// line), ending with a full stop.
    const SUMMARY: &'static str;

    /// The binding rules page of the game, in Markdown: the crate's `RULES.md`, the same text
    /// its `rules` documentation module shows.
    const RULES: &'static str;

    /// How to make each kind of move by clicks, one short sentence a line, in the terms of
    /// the game's [`Gestures`] (which points to click in which order, which choice to pick).
    const HOW_TO_MOVE: &'static [&'static str];

    /// Every choice the game's gestures can carry ([`Gesture::choice`]) with its name for
    /// people: `("Q", "queen")`, `("M", "master stone")`, `("pass", "pass")`, `("keep", "keep
    /// colours")`; empty for a game whose moves are clicks alone. A page labels its buttons
    /// with these names.
    const CHOICES: &'static [(&'static str, &'static str)];

    /// Reads a point name as people type it: whitespace around it ignored and letters in
    /// either case (`" B2"` is `b2`). The point's `FromStr` reads the canonical text only (the
    /// text of its `Display`, lower-case letters), as stored data and position strings write
    /// it; every game's point names are lower-case letters and digits, so folding the case is
    /// all this adds.
    ///
    /// # Errors
    /// [`ParsePointError`] quoting `text` as given, with the reason of `FromStr`.
    fn parse_point(text: &str) -> Result<Self::Point, ParsePointError> {
        text.trim()
            .to_ascii_lowercase()
            .parse()
            .map_err(|e: ParsePointError| ParsePointError::new(text, e.reason))
    }

    /// Every point of this position's board, in the order of their indices.
    fn points(&self) -> Vec<Self::Point>;

    /// The position drawn as a standalone SVG document.
    ///
    /// The same classes in every game, so a page can attach clicks and highlights without
    /// game-specific code:
    /// - every point of [`Describe::points`] has exactly one hit area, an element of class
    ///   `hit` with `data-point="NAME"` (NAME the point's `Display` text, which parses back
    ///   with `FromStr`): a circle around the point, or the whole square on a chequered
    ///   board. The hit areas are the last group of the document (`<g class="hit-areas">`),
    ///   on top of everything, so clicks reach them; they are filled `transparent`, which a
    ///   page's CSS (`[data-point].hint { fill: … }`) overrides;
    /// - every piece or stone is one element whose classes say what it is: `piece`, its
    ///   colour (`white`, `black`, `red`; `master` for Svendo's master stones) and its kind
    ///   (`stone`, `man`, `dame`, `king`, `queen`, `rook`, `bishop`, `knight`), as
    ///   `class="piece white king"`; each game's `svg` module lists its own;
    /// - the marks: `last-move` (with `from` / `to`), `highlight` (a dot: [`SvgOptions::highlights`]),
    ///   `winning` (a ring around each stone of the line or mill that won the game, in the
    ///   explanation layer of Kvarn3 and Svendo, in a group `winning-line`), and the
    ///   explanation layer's own classes.
    fn to_svg(&self, options: &SvgOptions<Self::Point, Self::Move>) -> String;

    /// The game's default player (its crate's `default_engine`), seeded with `seed`.
    fn default_engine(seed: u64) -> Box<dyn Engine<Self>>;

    /// The game's alpha-beta player, for two-player games that have one; `None` otherwise.
    fn alphabeta_engine(seed: u64) -> Option<Box<dyn Engine<Self>>> {
        let _ = seed;
        None
    }

    /// The game's MCTS player with its rollout policy (its crate's `mcts_engine`).
    fn mcts_engine(seed: u64) -> Box<dyn Engine<Self>>;
}

/// The clicks that make one move on a board: points in the order they are clicked, and a
/// choice that no click on the board makes.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
#[non_exhaustive]
pub struct Gesture<P> {
    /// The points clicked, in order (a placement's one point; a step's start and end; a
    /// draughts capture's start and every landing square).
    pub points: Vec<P>,
    /// A choice a GUI offers as a button or a picker, where the points alone do not make the
    /// move: a piece kind as the notation writes it (Cheversi's `"Q"`; `"M"` for Svendo's
    /// master stone, whose placement has the same point as an own stone's), or, with no
    /// point, [`Gesture::PASS`], [`Gesture::KEEP`], [`Gesture::SWAP`]. A choice is a short
    /// word, the same for the same kind of move. A page picks a piece's choice before its
    /// clicks (from the hand shown beside the board) and matches the whole gesture, points
    /// and choice.
    pub choice: Option<&'static str>,
}

impl<P> Gesture<P> {
    /// The choice of a pass.
    pub const PASS: &'static str = "pass";
    /// The choice of keeping the colours in a pie-rule opening.
    pub const KEEP: &'static str = "keep";
    /// The choice of swapping the colours in a pie-rule opening.
    pub const SWAP: &'static str = "swap";

    /// A gesture of `points` with no choice.
    pub fn clicks(points: Vec<P>) -> Self {
        Gesture {
            points,
            choice: None,
        }
    }

    /// A gesture of `points` and `choice`.
    pub fn with_choice(points: Vec<P>, choice: &'static str) -> Self {
        Gesture {
            points,
            choice: Some(choice),
        }
    }
}

/// Clicks for moves: every legal move of a position has one [`Gesture`], different from every
/// other legal move's, so a GUI finds the move a person made from the clicks alone.
pub trait Gestures: Describe {
    /// The gesture that makes `mv`, a legal move of this position.
    fn gesture(&self, mv: Self::Move) -> Gesture<Self::Point>;

    /// The legal move whose gesture is `gesture`, `None` when no legal move has it: a linear
    /// scan of the legal moves, for a GUI that has the clicks of a whole move.
    fn move_of(&self, gesture: &Gesture<Self::Point>) -> Option<Self::Move> {
        self.legal_moves()
            .into_iter()
            .find(|&mv| self.gesture(mv) == *gesture)
    }
}
