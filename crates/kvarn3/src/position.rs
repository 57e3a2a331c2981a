//! The state of a game (stones of each colour, side to move, hash key) and how a move changes
//! it.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use core::fmt;

use crate::board::{count, has_mill, Bitboard, Point, PointSet, ALL_POINTS};
use crate::zobrist;
use crate::{BoardSize, ParsePositionError, SizeError};
#[cfg(doc)]
use game_core::Game;

/// Stones each player has; the placement phase lasts until all of them are on the board.
pub const STONES_PER_PLAYER: u32 = 3;

/// A piece on the board: a piece of Kvarn3 is a stone, and a stone is only its colour (there
/// are no kinds), so the piece is the [`Color`] of its owner.
pub type Piece = Color;

game_core::two_player_color! {
    /// One of the two players. White moves first.
    pub enum Color {
        /// Moves first; `W` on the board, `w` as the side to move.
        White = "white",
        /// Moves second; `B` on the board, `b` as the side to move.
        Black = "black",
    }
}

impl Color {
    /// The letter of this colour's stones in a position string, `W` or `B`.
    pub const fn stone_letter(self) -> char {
        match self {
            Color::White => 'W',
            Color::Black => 'B',
        }
    }

    /// The letter of this colour as the side to move in a position string, `w` or `b`.
    pub const fn side_letter(self) -> char {
        match self {
            Color::White => 'w',
            Color::Black => 'b',
        }
    }
}

/// The two phases of the game, read from the number of stones on the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Phase {
    /// Fewer than six stones on the board: a move places a stone on any empty point.
    Placement,
    /// All six stones on the board: a move takes a stone to an adjacent empty point.
    Movement,
}

/// A move: a placement (`b2`) or a step to an adjacent empty point (`a1-b2`).
///
/// With the `serde` feature it is stored as its text, `"b2"` or `"a1-b2"`; a stored step
/// between points that are not adjacent (no position has it) is a deserialization error.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Places a stone of the side to move on an empty point (placement phase).
    Place(Point),
    /// Moves a stone of the side to move from `from` to the adjacent empty point `to`
    /// (movement phase).
    Step {
        /// Where the stone stands.
        from: Point,
        /// The adjacent empty point it goes to.
        to: Point,
    },
}

impl Move {
    /// The point the stone arrives on.
    pub const fn to(self) -> Point {
        match self {
            Move::Place(to) | Move::Step { to, .. } => to,
        }
    }

    /// The point the stone leaves, for a step.
    pub const fn from(self) -> Option<Point> {
        match self {
            Move::Place(_) => None,
            Move::Step { from, .. } => Some(from),
        }
    }
}

#[cfg(feature = "serde")]
game_core::impl_serde_text!(Move, crate::notation::parse_stored_move);

#[cfg(feature = "serde")]
game_core::impl_serde_text!(Color, |text: &str| game_core::serde_text::parse_name(
    &Color::ALL,
    text
));

/// A position of Kvarn med tre pjäser: the stones on the nine points and the side to move.
///
/// A small `Copy` value (16 bytes) with its Zobrist key kept up to date by every move. The
/// phase follows from the stone count ([`Position::phase`]). History (for the threefold
/// repetition draw and a ply cap) lives in a [`GameRecord`](crate::GameRecord), not here.
///
/// With the `serde` feature a position is stored as its position string, and checked when
/// read back.
///
/// ```
/// use kvarn3::{Color, Game, Phase, Position};
///
/// let mut pos = Position::start();
/// assert_eq!(pos.side_to_move(), Color::White);
/// assert_eq!(pos.legal_moves().len(), 9); // a stone on any of the nine points
/// pos.play(pos.parse_move("b2")?)?;
/// assert_eq!((pos.side_to_move(), pos.in_hand(Color::White)), (Color::Black, 2));
/// assert_eq!(pos.phase(), Phase::Placement);
/// // The position string reads back to the same position.
/// let text = pos.to_string();
/// assert_eq!(text.parse::<Position>()?, pos);
/// assert_eq!(Position::default(), Position::start());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// White's stones in bits 0-8, Black's in bits 16-24: one word, so that a move writes the
    /// board with one store and the next read of both colours is one load (two half-word
    /// stores read back by one word load would stall store forwarding in perft).
    pub(crate) board: u32,
    pub(crate) to_move: Color,
    pub(crate) hash: u64,
}

impl Position {
    /// The start position: the empty board, White to place first.
    pub const fn start() -> Position {
        Position {
            board: 0,
            to_move: Color::White,
            hash: 0,
        }
    }

    /// The start position on a board of `size`: Kvarn3 has a single board, so every size is
    /// refused (the trait's [`Game::start_with_size`] says the same).
    ///
    /// # Errors
    /// [`SizeError`] always: the game has no board sizes to choose from.
    pub fn start_with_size(size: BoardSize) -> Result<Position, SizeError> {
        Err(SizeError::unsupported::<Position>(size))
    }

    /// A position from the stones of each colour and the side to move, checked as a position
    /// string is (see the crate docs): at most three stones a colour, counts that fit the side
    /// to move during placement, no mill of the side to move.
    ///
    /// # Errors
    /// [`ParsePositionError`] of kind [`Illegal`](game_core::ParsePositionErrorKind::Illegal)
    /// (at offset 0, the board) naming what cannot arise.
    pub fn from_stones(
        white: PointSet,
        black: PointSet,
        to_move: Color,
    ) -> Result<Position, ParsePositionError> {
        let (white, black) = (white.0, black.0);
        let invalid = |reason: String| Err(ParsePositionError::illegal(0, reason));
        if (white | black) & !ALL_POINTS != 0 {
            return invalid("a stone lies off the nine points".to_owned());
        }
        if white & black != 0 {
            return invalid("a point holds stones of both colours".to_owned());
        }
        let (w, b) = (white.count_ones(), black.count_ones());
        for (color, count) in [(Color::White, w), (Color::Black, b)] {
            if count > STONES_PER_PLAYER {
                return invalid(format!(
                    "{color} has {count} stones; each player has only {STONES_PER_PLAYER}"
                ));
            }
        }
        if w + b < 2 * STONES_PER_PLAYER {
            // Placement: White has placed as many stones as Black (White to move) or one more.
            let fits = match to_move {
                Color::White => w == b,
                Color::Black => w == b + 1,
            };
            if !fits {
                return invalid(format!(
                    "{w} white and {b} black stones cannot arise with {to_move} to move during \
                     placement (White places first, so White has as many stones as Black when \
                     White is to move, and one more when Black is to move)"
                ));
            }
        }
        let (white_mill, black_mill) = (has_mill(white), has_mill(black));
        if white_mill && black_mill {
            return invalid("both colours have a mill; the game ends at the first".to_owned());
        }
        let mover_mill = match to_move {
            Color::White => white_mill,
            Color::Black => black_mill,
        };
        if mover_mill {
            return invalid(format!(
                "{to_move} is to move but already has a mill; the game ended when it was formed"
            ));
        }
        let mut pos = Position {
            board: u32::from(white) | u32::from(black) << 16,
            to_move,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        Ok(pos)
    }

    /// The points holding a stone of `color`.
    #[inline]
    pub const fn stones(&self, color: Color) -> PointSet {
        PointSet(self.stone_bits(color))
    }

    /// The empty points.
    #[inline]
    pub const fn empty(&self) -> PointSet {
        PointSet(self.empty_bits())
    }

    /// [`Position::stones`] as a raw word, for the hot paths.
    #[inline]
    pub(crate) const fn stone_bits(&self, color: Color) -> Bitboard {
        (self.board >> (16 * color as u32)) as Bitboard & ALL_POINTS
    }

    /// [`Position::empty`] as a raw word, for the hot paths.
    #[inline]
    pub(crate) const fn empty_bits(&self) -> Bitboard {
        ALL_POINTS & !((self.board | self.board >> 16) as Bitboard)
    }

    /// The piece on `point`, if any (a piece of this game is a stone, known by its colour).
    pub const fn piece_at(&self, point: Point) -> Option<Piece> {
        if self.stone_bits(Color::White) & point.bit() != 0 {
            Some(Color::White)
        } else if self.stone_bits(Color::Black) & point.bit() != 0 {
            Some(Color::Black)
        } else {
            None
        }
    }

    /// The player to move.
    #[inline]
    pub const fn side_to_move(&self) -> Color {
        self.to_move
    }

    /// The number of stones of `color` on the board.
    #[inline]
    pub fn piece_count(&self, color: Color) -> u32 {
        count(self.stone_bits(color))
    }

    /// The number of stones `color` still has to place: [`STONES_PER_PLAYER`] less those on
    /// the board (no stone ever leaves the board).
    #[inline]
    pub fn in_hand(&self, color: Color) -> u32 {
        STONES_PER_PLAYER.saturating_sub(self.piece_count(color))
    }

    /// The number of points of the board: nine.
    #[inline]
    pub const fn point_count(&self) -> usize {
        9
    }

    /// The number of stones of both colours on the board.
    #[inline]
    fn total_stones(&self) -> u32 {
        count((self.board | self.board >> 16) as Bitboard)
    }

    /// The phase, from the stone count: placement until all six stones are on the board.
    #[inline]
    pub fn phase(&self) -> Phase {
        if self.total_stones() < 2 * STONES_PER_PLAYER {
            Phase::Placement
        } else {
            Phase::Movement
        }
    }

    /// Whether `color` has a mill (three stones on a row, a column or a long diagonal).
    #[inline]
    pub fn has_mill(&self, color: Color) -> bool {
        has_mill(self.stone_bits(color))
    }

    /// Whether the game is over because the player who just moved formed a mill
    /// (`mill_wins_at_once`: a mill ends the game in either phase).
    #[inline]
    pub fn mill_wins_at_once(&self) -> bool {
        self.has_mill(self.to_move.other())
    }

    /// The Zobrist key, from scratch.
    pub(crate) fn compute_hash(&self) -> u64 {
        zobrist::stones_key(Color::White, self.stone_bits(Color::White))
            ^ zobrist::stones_key(Color::Black, self.stone_bits(Color::Black))
            ^ zobrist::side_key(self.to_move)
    }

    /// Plays `mv` for the side to move without checking it; the Zobrist key follows.
    #[inline]
    pub(crate) fn apply(&mut self, mv: Move) {
        let me = self.to_move as usize;
        let shift = 16 * me as u32;
        match mv {
            Move::Place(to) => {
                self.board |= u32::from(to.bit()) << shift;
                self.hash ^= zobrist::stone(me, to);
            }
            Move::Step { from, to } => {
                // `no_flying`: a step only ever goes to an adjacent point (checked by the
                // generator and by checked play); here the stone is just moved.
                self.board =
                    (self.board & !(u32::from(from.bit()) << shift)) | u32::from(to.bit()) << shift;
                self.hash ^= zobrist::stone(me, from) ^ zobrist::stone(me, to);
            }
        }
        self.to_move = self.to_move.other();
        self.hash ^= zobrist::BLACK_TO_MOVE;
    }
}

impl Default for Position {
    /// The start position.
    fn default() -> Self {
        Position::start()
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}

// `String` to and from the text (`From<Position> for String`, `TryFrom<String>`).
game_core::impl_string_conversions!(Position);

#[cfg(feature = "serde")]
game_core::impl_serde_text!(Position);
