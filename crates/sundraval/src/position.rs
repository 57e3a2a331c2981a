//! The state of a game and how a move changes it.

use core::fmt;

use crate::board::{self, Point, PointSet, DEFAULT_SIZE, MAX_SIZE, MIN_SIZE};
use crate::zobrist;
use game_core::{BoardSize, SizeError};

/// A piece on the board: a piece of Sundraval is a stone, and a stone is only its colour,
/// so the piece is the [`Color`] of the stone (the seat that owns it can change with the pie
/// rule; see [`Position::seat_of`]).
pub type Piece = Color;

game_core::two_player_color! {
    /// A stone colour. Black moves first after the opening.
    pub enum Color {
        /// Black: moves first once the opening is over.
        Black = "black",
        /// White.
        White = "white",
    }
}

/// A seat at the table: the first player (who places the opening stones) or the second (who
/// chooses colours). Outcomes and the side to move are reported by seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Seat {
    /// The player who places the two opening stones.
    First,
    /// The player who answers `keep` or `swap`.
    Second,
}

impl Seat {
    /// The other seat.
    #[must_use]
    pub const fn other(self) -> Seat {
        match self {
            Seat::First => Seat::Second,
            Seat::Second => Seat::First,
        }
    }
}

impl fmt::Display for Seat {
    /// `first` or `second`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Seat::First => "first",
            Seat::Second => "second",
        })
    }
}

/// Whose turn it is and what kind of turn.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Turn {
    /// The first seat places one black and one white stone (the pie opening).
    Setup,
    /// The second seat answers `keep` (it plays White) or `swap` (it plays Black).
    Choose,
    /// The normal game: the colour to move places a stone or passes.
    Play(Color),
}

impl Turn {
    fn hash_code(self) -> usize {
        match self {
            Turn::Setup => 0,
            Turn::Choose => 1,
            Turn::Play(Color::Black) => 2,
            Turn::Play(Color::White) => 3,
        }
    }
}

/// A move: a placement, a pass, or one of the opening moves.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// A stone of the mover's colour on an empty point (`e5`).
    Place(Point),
    /// The mover passes (`pass`).
    Pass,
    /// The first seat's opening: a black and a white stone on two different points (`e5+f7`).
    Opening {
        /// The point of the black stone.
        black: Point,
        /// The point of the white stone.
        white: Point,
    },
    /// The second seat keeps the colours: it plays White (`keep`).
    Keep,
    /// The second seat swaps: it plays Black (`swap`).
    Swap,
}

/// A Sundraval position: the stones, the board size, whose turn it is, the colour of the
/// first seat and the number of consecutive passes. A small `Copy` value.
///
/// ```
/// use sundraval::{BoardSize, Color, Game, Position, Seat};
///
/// let mut pos = Position::start_with_size(BoardSize::Side(3))?;
/// assert_eq!(pos.side_to_move(), Seat::First);
/// // The first seat places one stone of each colour; the second keeps the colours or swaps.
/// pos.play(pos.parse_move("b2+d4")?)?;
/// assert_eq!(pos.side_to_move(), Seat::Second);
/// pos.play(pos.parse_move("keep")?)?;
/// assert_eq!(pos.color_of(Seat::Second), Color::White);
/// assert_eq!(pos.piece_count(Color::Black), 1);
/// assert_eq!(pos.to_string().parse::<Position>()?, pos); // the string reads back
/// assert_eq!(Position::default(), Position::start());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct Position {
    pub(crate) stones: [PointSet; 2],
    pub(crate) size: u8,
    pub(crate) turn: Turn,
    pub(crate) first_seat: Color,
    pub(crate) passes: u8,
    pub(crate) hash: u64,
}

impl Position {
    /// The start position on the default board, 9 points a side: the empty board, the first
    /// seat to place the opening stones.
    pub fn start() -> Position {
        Position::empty_board(DEFAULT_SIZE as u8)
    }

    /// The start position on a board of `BoardSize::Side(n)`, `n` points a side (3 to 11).
    ///
    /// # Errors
    /// [`SizeError`] for a side outside 3..=11, and for a rectangle (no Sundraval board).
    pub fn start_with_size(size: BoardSize) -> Result<Position, SizeError> {
        match size {
            BoardSize::Side(n) if (MIN_SIZE..=MAX_SIZE).contains(&n) => {
                Ok(Position::empty_board(n as u8))
            }
            _ => Err(SizeError::unsupported::<Position>(size)),
        }
    }

    /// The empty board with `size` (3..=11) points a side, the first seat to place.
    fn empty_board(size: u8) -> Position {
        let mut pos = Position {
            stones: [PointSet::EMPTY; 2],
            size,
            turn: Turn::Setup,
            first_seat: Color::Black,
            passes: 0,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    /// Points per side of the board (3..=11): the `n` of [`BoardSize::Side`], which
    /// [`board_size`](game_core::Game::board_size) answers.
    pub(crate) fn side(&self) -> u32 {
        u32::from(self.size)
    }

    /// The number of points of this position's board: 3·n·(n−1) + 1 for `n` a side.
    pub fn point_count(&self) -> usize {
        board::point_count(self.side()) as usize
    }

    /// Every point of this position's board.
    pub fn points(&self) -> PointSet {
        *board::board_points(self.size)
    }

    /// Whether `point` lies on this position's board.
    pub fn contains(&self, point: Point) -> bool {
        point.is_on_board(self.side())
    }

    /// The piece on `point`, if any: a stone, known by its colour (`None` also for a point off
    /// this board).
    pub fn piece_at(&self, point: Point) -> Option<Piece> {
        if self.stones[0].contains(point) {
            Some(Color::Black)
        } else if self.stones[1].contains(point) {
            Some(Color::White)
        } else {
            None
        }
    }

    /// The points holding a stone of `color`.
    pub fn stones(&self, color: Color) -> PointSet {
        self.stones[color.index()]
    }

    /// The number of stones of `color` on the board.
    pub fn piece_count(&self, color: Color) -> u32 {
        self.stones[color.index()].len() as u32
    }

    /// The empty points of the board.
    pub fn empty(&self) -> PointSet {
        self.points()
            .difference(self.stones[0])
            .difference(self.stones[1])
    }

    /// Whose turn it is and what kind of turn: the opening's setup, the keep-or-swap
    /// choice, or the normal game with the colour to move (more than
    /// [`side_to_move`](Position::side_to_move), which names only the seat).
    pub fn turn(&self) -> Turn {
        self.turn
    }

    /// The colour to move in the normal game (`None` during the opening, when the seat to
    /// move places both colours or chooses one).
    pub fn color_to_move(&self) -> Option<Color> {
        match self.turn {
            Turn::Play(color) => Some(color),
            Turn::Setup | Turn::Choose => None,
        }
    }

    /// The player to move, a seat: the first seat during the setup, the second while it
    /// chooses, then the seat of the colour to move.
    pub fn side_to_move(&self) -> Seat {
        match self.turn {
            Turn::Setup => Seat::First,
            Turn::Choose => Seat::Second,
            Turn::Play(color) => self.seat_of(color),
        }
    }

    /// The colour `seat` plays (before the `keep`/`swap` answer: the first seat Black).
    pub fn color_of(&self, seat: Seat) -> Color {
        match seat {
            Seat::First => self.first_seat,
            Seat::Second => self.first_seat.other(),
        }
    }

    /// The seat that plays `color`.
    pub fn seat_of(&self, color: Color) -> Seat {
        if color == self.first_seat {
            Seat::First
        } else {
            Seat::Second
        }
    }

    /// Consecutive passes just made: 0, 1, or 2 (the game is over).
    pub fn passes(&self) -> u32 {
        u32::from(self.passes)
    }

    /// Whether the game is over (two consecutive passes).
    pub fn is_over(&self) -> bool {
        self.passes >= 2
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut hash = zobrist::turn(self.turn.hash_code())
            ^ zobrist::passes(self.passes)
            ^ zobrist::size(self.size);
        if self.first_seat == Color::White {
            hash ^= zobrist::first_seat_white();
        }
        for color in Color::ALL {
            for p in self.stones[color.index()].iter() {
                hash ^= zobrist::stone(color.index(), p.index());
            }
        }
        hash
    }

    #[inline]
    fn set_turn(&mut self, turn: Turn) {
        self.hash ^= zobrist::turn(self.turn.hash_code()) ^ zobrist::turn(turn.hash_code());
        self.turn = turn;
    }

    #[inline]
    fn set_passes(&mut self, passes: u8) {
        self.hash ^= zobrist::passes(self.passes) ^ zobrist::passes(passes);
        self.passes = passes;
    }

    #[inline]
    fn put_stone(&mut self, color: Color, point: Point) {
        self.stones[color.index()].insert(point);
        self.hash ^= zobrist::stone(color.index(), point.index());
    }

    /// Plays `mv` without checking it (the moves come from the generator). Memory-safe for any
    /// move; an illegal move leaves an unspecified position.
    #[inline]
    pub(crate) fn apply(&mut self, mv: Move) {
        match mv {
            Move::Place(point) => {
                let color = self.color_to_move().unwrap_or(Color::Black);
                self.put_stone(color, point);
                self.set_passes(0);
                self.set_turn(Turn::Play(color.other()));
            }
            Move::Pass => {
                let color = self.color_to_move().unwrap_or(Color::Black);
                self.set_passes((self.passes + 1).min(2));
                self.set_turn(Turn::Play(color.other()));
            }
            Move::Opening { black, white } => {
                self.put_stone(Color::Black, black);
                self.put_stone(Color::White, white);
                self.set_turn(Turn::Choose);
            }
            Move::Keep => {
                // pie_rule: the second seat keeps White; Black (the first seat) moves next.
                self.set_turn(Turn::Play(Color::Black));
            }
            Move::Swap => {
                // pie_rule: the second seat takes Black and moves next.
                if self.first_seat == Color::Black {
                    self.first_seat = Color::White;
                    self.hash ^= zobrist::first_seat_white();
                }
                self.set_turn(Turn::Play(Color::Black));
            }
        }
    }
}

impl Default for Position {
    /// The start position on the default board.
    fn default() -> Self {
        Position::start()
    }
}

impl core::hash::Hash for Position {
    fn hash<H: core::hash::Hasher>(&self, state: &mut H) {
        state.write_u64(self.hash);
    }
}

impl fmt::Debug for Position {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "Position(\"{self}\")")
    }
}
