//! The state of a game (pieces, side to move, board size) and how a move changes it.

use alloc::string::{String, ToString};
use alloc::vec::Vec;
use core::fmt;

use game_core::Bits;

use crate::board::{Eight, Geometry, Square, SquareNumber, SquareSet, Ten};
use crate::zobrist::{self, KEYS};
use crate::{BoardSize, SizeError};

game_core::two_player_color! {
    /// One of the two players. White moves first, its men move towards square 1.
    pub enum Color {
        /// Starts on the high square numbers (31–50, resp. 21–32) and moves first.
        White = "white",
        /// Starts on the low square numbers (1–20, resp. 1–12).
        Black = "black",
    }
}

// Stored as its name, `"white"` or `"black"`, like every game's players.
#[cfg(feature = "serde")]
game_core::impl_serde_text!(Color, |text: &str| game_core::serde_text::parse_name(
    &Color::ALL,
    text
));

/// A piece on the board: its owner's colour and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// A man or a dame.
    pub kind: Kind,
}

impl Piece {
    /// The piece of `color` of kind `kind`.
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }
}

/// The kind of a piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Kind {
    /// A man: steps diagonally forward, captures forward and (later in a sequence) sideways.
    Man,
    /// A dame (king): flies along diagonals, captures in all directions, halts behind the last
    /// captured piece.
    Dame,
}

/// A legal move: its start square, its end square and the set of captured pieces.
///
/// Two capture sequences with the same start, end and captured set are the same move (they
/// are listed once). The route (the landing squares) is not stored; the position recomputes
/// it when it has to print the full chain ([`Position::move_chain`]).
///
/// With the `serde` feature a move is stored by square numbers, with its board:
/// `{"size":"10","from":32,"to":28,"captured":[]}`. Reading checks that it is a move some
/// position of that board could have (squares on the board, a move without capture along a
/// diagonal, captured squares distinct, neither the start nor the end, at most a side's
/// pieces); anything else is a deserialization error.
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "crate::serde_forms::MoveRepr",
        try_from = "crate::serde_forms::MoveRepr"
    )
)]
pub struct Move {
    /// The captured pieces, as bits of the board's padded layout.
    pub(crate) captured: u64,
    /// The start square's bit.
    pub(crate) from: u8,
    /// The end square's bit.
    pub(crate) to: u8,
    /// Whether the move belongs to the 8x8 board (the layout of the bits above).
    pub(crate) eight: bool,
}

impl Move {
    /// The square of a bit (number 0 for a bit that is no square, which only a move built
    /// inside the crate from junk bits can have: deserialized moves are checked).
    fn square_of(&self, bit: u8) -> Square {
        let table = if self.eight {
            Eight::square_of_bit()
        } else {
            Ten::square_of_bit()
        };
        Square::from_table(table.get(bit as usize).copied().unwrap_or(0))
    }

    /// The start square.
    pub fn from(&self) -> Square {
        self.square_of(self.from)
    }

    /// The end square (equal to the start for a dame's round trip).
    pub fn to(&self) -> Square {
        self.square_of(self.to)
    }

    /// Whether the move captures.
    pub fn is_capture(&self) -> bool {
        self.captured != 0
    }

    /// The number of pieces captured.
    pub fn capture_count(&self) -> u32 {
        self.captured.count_ones()
    }

    /// The captured squares, in increasing order.
    pub fn captured_squares(&self) -> impl Iterator<Item = Square> + '_ {
        Bits(self.captured).map(|bit| self.square_of(bit as u8))
    }
}

impl fmt::Display for Move {
    /// The start and end squares: `32-28` for a move without capture, `28x19` for a capture,
    /// text that [`parse_move`](game_core::Game::parse_move) reads back into this move
    /// whenever no other legal capture shares its start and end.
    ///
    /// A move does not keep its route (which landing squares a dame takes depends on the other
    /// pieces, which only the position knows), so it cannot print the full chain itself:
    /// [`Game::move_text`](game_core::Game::move_text) gives the shortest text that is
    /// unambiguous in a position (the full chain where a shorter one would fit two
    /// captures), and [`Position::move_chain`] the landing squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let separator = if self.is_capture() { 'x' } else { '-' };
        write!(f, "{}{separator}{}", self.from(), self.to())
    }
}

impl PartialOrd for Move {
    fn partial_cmp(&self, other: &Move) -> Option<core::cmp::Ordering> {
        Some(self.cmp(other))
    }
}

impl Ord for Move {
    /// By board (10x10 first), start square, end square, then the captured set: square
    /// numbers grow with their bits, so the order follows the numbers.
    fn cmp(&self, other: &Move) -> core::cmp::Ordering {
        (self.eight, self.from, self.to, self.captured).cmp(&(
            other.eight,
            other.from,
            other.to,
            other.captured,
        ))
    }
}

impl fmt::Debug for Move {
    /// `32-28`, or `28x19 {23}` with the captured squares.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        if self.is_capture() {
            let captured: Vec<String> = self.captured_squares().map(|s| s.to_string()).collect();
            write!(
                f,
                "{}x{} {{{}}}",
                self.from(),
                self.to(),
                captured.join(",")
            )
        } else {
            write!(f, "{}-{}", self.from(), self.to())
        }
    }
}

/// A position: the pieces of both sides, the side to move and the board size (10x10 or 8x8).
///
/// It is a small `Copy` value with an incrementally kept Zobrist hash. Its text is the PDN FEN
/// string (`W:W31,…,50:B1,…,20`), which does not carry the board size: `str::parse` reads a
/// 10x10 position, [`Game::parse_position`](game_core::Game::parse_position) with `Some(BoardSize::Side(8))` an
/// 8x8 one.
///
/// ```
/// use swedish_draughts::{BoardSize, Color, Game, Position};
///
/// let mut pos = Position::start(); // 10x10, White to move
/// assert_eq!(pos.side_to_move(), Color::White);
/// assert_eq!(pos.piece_count(Color::Black), 20);
/// pos.play(pos.parse_move("32-28")?)?;
/// assert_eq!(pos.side_to_move(), Color::Black);
/// assert_eq!(pos.to_string().parse::<Position>()?, pos); // the FEN reads back
/// // The 8x8 board: the FEN does not say the size, so the reader is told.
/// let small = Position::parse_position("W:W21,22,23,24:B9,10,11,12", Some(BoardSize::Side(8)))?;
/// assert_eq!(small.board_size(), Some(BoardSize::Side(8)));
/// assert_eq!(Position::default(), Position::start());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(
        into = "crate::serde_forms::PositionRepr",
        try_from = "crate::serde_forms::PositionRepr"
    )
)]
pub struct Position {
    pub(crate) white: u64,
    pub(crate) black: u64,
    pub(crate) dames: u64,
    pub(crate) hash: u64,
    pub(crate) side: Color,
    pub(crate) eight: bool,
}

impl Default for Position {
    /// The start position on the default 10x10 board.
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The start position on the default board, 10x10: Black men on 1–20, White men on
    /// 31–50, White to move.
    pub fn start() -> Position {
        Position::start_ten()
    }

    /// The start position on a board of `size`: `BoardSize::Side(10)` (see
    /// [`Position::start`]) or `BoardSize::Side(8)` ("Swedish Checkers": Black men on 1–12,
    /// White men on 21–32, White to move).
    ///
    /// # Errors
    /// [`SizeError`] for any other size.
    pub fn start_with_size(size: BoardSize) -> Result<Position, SizeError> {
        match size {
            BoardSize::Side(10) => Ok(Position::start_ten()),
            BoardSize::Side(8) => Ok(Position::start_eight()),
            _ => Err(SizeError::unsupported::<Position>(size)),
        }
    }

    /// The 10x10 start.
    fn start_ten() -> Position {
        Position::from_parts(
            false,
            range::<Ten>(31, 50),
            range::<Ten>(1, 20),
            0,
            Color::White,
        )
    }

    /// The 8x8 start.
    fn start_eight() -> Position {
        Position::from_parts(
            true,
            range::<Eight>(21, 32),
            range::<Eight>(1, 12),
            0,
            Color::White,
        )
    }

    /// A position from its bitboards; the hash is computed here.
    pub(crate) fn from_parts(eight: bool, white: u64, black: u64, dames: u64, side: Color) -> Self {
        let mut pos = Position {
            white,
            black,
            dames,
            hash: 0,
            side,
            eight,
        };
        pos.hash = pos.compute_hash();
        pos
    }

    pub(crate) fn compute_hash(&self) -> u64 {
        let mut hash = KEYS.set_key(zobrist::WHITE_MAN, self.white & !self.dames)
            ^ KEYS.set_key(zobrist::WHITE_DAME, self.white & self.dames)
            ^ KEYS.set_key(zobrist::BLACK_MAN, self.black & !self.dames)
            ^ KEYS.set_key(zobrist::BLACK_DAME, self.black & self.dames);
        if self.side == Color::Black {
            hash ^= zobrist::BLACK_TO_MOVE;
        }
        if self.eight {
            hash ^= zobrist::EIGHT_BY_EIGHT;
        }
        hash
    }

    /// The board's side: 10 or 8 (users read it from
    /// [`board_size`](game_core::Game::board_size)).
    pub(crate) fn size(&self) -> u32 {
        if self.eight {
            8
        } else {
            10
        }
    }

    /// The number of playable squares: 50 or 32 ([`Position::point_count`] for users).
    pub(crate) fn square_count(&self) -> u8 {
        if self.eight {
            Eight::SQUARES
        } else {
            Ten::SQUARES
        }
    }

    /// The number of playable (dark) squares of this position's board: 50 or 32.
    pub fn point_count(&self) -> usize {
        usize::from(self.square_count())
    }

    /// The player to move.
    pub fn side_to_move(&self) -> Color {
        self.side
    }

    pub(crate) fn bit_of(&self, square: SquareNumber) -> Option<u8> {
        if square == 0 || square > self.square_count() {
            None
        } else if self.eight {
            Some(Eight::bit_of_square()[square as usize])
        } else {
            Some(Ten::bit_of_square()[square as usize])
        }
    }

    /// The piece on `square`, or `None` when it is empty or not a square of this board (31
    /// … 50 on 8x8).
    pub fn piece_at(&self, square: Square) -> Option<Piece> {
        self.piece_on(square.number())
    }

    /// [`Position::piece_at`] by square number.
    pub(crate) fn piece_on(&self, square: SquareNumber) -> Option<Piece> {
        let bit = 1u64 << self.bit_of(square)?;
        let kind = if self.dames & bit != 0 {
            Kind::Dame
        } else {
            Kind::Man
        };
        if self.white & bit != 0 {
            Some(Piece::new(Color::White, kind))
        } else if self.black & bit != 0 {
            Some(Piece::new(Color::Black, kind))
        } else {
            None
        }
    }

    /// The number of pieces `color` has on the board.
    pub fn piece_count(&self, color: Color) -> u32 {
        self.piece_bits(color).count_ones()
    }

    /// The squares of `color`'s pieces, men and dames.
    pub fn pieces(&self, color: Color) -> SquareSet {
        self.square_set(self.piece_bits(color))
    }

    /// The squares of the dames of both colours.
    pub fn dames(&self) -> SquareSet {
        self.square_set(self.dames)
    }

    /// The empty squares of this position's board.
    pub fn empty(&self) -> SquareSet {
        let board = if self.eight { Eight::BOARD } else { Ten::BOARD };
        self.square_set(board & !(self.white | self.black))
    }

    /// The squares of a bitboard of this position's padded layout.
    fn square_set(&self, bits: u64) -> SquareSet {
        let table = if self.eight {
            Eight::square_of_bit()
        } else {
            Ten::square_of_bit()
        };
        let mut set = SquareSet::EMPTY;
        for bit in Bits(bits) {
            if let Some(square) = Square::from_number(table[bit & 63]) {
                set.insert(square);
            }
        }
        set
    }

    /// The pieces of `color` as a bitboard of the padded layout.
    pub(crate) fn piece_bits(&self, color: Color) -> u64 {
        match color {
            Color::White => self.white,
            Color::Black => self.black,
        }
    }

    /// Plays `mv` on a board of geometry `G` if it can be carried out here at all: it starts
    /// on a piece of the side to move and ends on an empty square (or its own start, a
    /// dame's round trip). Any other move leaves the position unchanged (see
    /// `Game::play_unchecked`). The move must be of this board size.
    #[inline(always)]
    pub(crate) fn play_if_carried<G: Geometry>(&mut self, mv: Move) {
        let from = 1u64 << (mv.from & 63);
        let to = 1u64 << (mv.to & 63);
        let occupied = self.white | self.black;
        if self.piece_bits(self.side) & from != 0 && occupied & !from & to == 0 {
            self.play_on::<G>(mv);
        }
    }

    /// Plays `mv` (taken from the generator) on a board of geometry `G`.
    #[inline(always)]
    pub(crate) fn play_on<G: Geometry>(&mut self, mv: Move) {
        if self.side == Color::White {
            self.play_as::<G, true>(mv);
        } else {
            self.play_as::<G, false>(mv);
        }
    }

    /// [`Position::play_on`] for the side to move known at compile time (White when `WHITE`):
    /// the key rows, the promotion rank and the bitboards to change are constants, so making
    /// a move picks nothing by a branch or a conditional move.
    #[inline(always)]
    fn play_as<G: Geometry, const WHITE: bool>(&mut self, mv: Move) {
        let from_bit = usize::from(mv.from & 63);
        let to_bit = usize::from(mv.to & 63);
        let from = 1u64 << from_bit;
        let to = 1u64 << to_bit;
        let (man_key, dame_key, their_man, their_dame, far) = if WHITE {
            (
                KEYS.piece_keys(zobrist::WHITE_MAN),
                KEYS.piece_keys(zobrist::WHITE_DAME),
                KEYS.piece_keys(zobrist::BLACK_MAN),
                KEYS.piece_keys(zobrist::BLACK_DAME),
                G::WHITE_FAR,
            )
        } else {
            (
                KEYS.piece_keys(zobrist::BLACK_MAN),
                KEYS.piece_keys(zobrist::BLACK_DAME),
                KEYS.piece_keys(zobrist::WHITE_MAN),
                KEYS.piece_keys(zobrist::WHITE_DAME),
                G::BLACK_FAR,
            )
        };
        let mut hash = self.hash ^ zobrist::BLACK_TO_MOVE;
        if self.dames & from != 0 {
            self.dames ^= from ^ to;
            hash ^= dame_key[from_bit] ^ dame_key[to_bit];
        } else {
            hash ^= man_key[from_bit];
            // promotion: only a man that ENDS its move on the far rank becomes a dame.
            if far & to != 0 {
                self.dames |= to;
                hash ^= dame_key[to_bit];
            } else {
                hash ^= man_key[to_bit];
            }
        }
        let (ours, theirs) = if WHITE {
            (&mut self.white, &mut self.black)
        } else {
            (&mut self.black, &mut self.white)
        };
        // Only the opponent's pieces can be captured (a move played unchecked might name others).
        let captured = mv.captured & *theirs;
        *ours ^= from ^ to;
        if captured != 0 {
            // captured pieces are removed only now, when the whole sequence is finished.
            *theirs &= !captured;
            for bit in Bits(captured) {
                hash ^= if self.dames & (1 << bit) != 0 {
                    their_dame[bit & 63]
                } else {
                    their_man[bit & 63]
                };
            }
            self.dames &= !captured;
        }
        self.side = self.side.other();
        self.hash = hash;
    }
}

impl Position {
    /// Plays `mv` (taken from the generator) without updating the hash (for perft, which
    /// never reads it).
    #[inline(always)]
    pub(crate) fn play_without_hash<G: Geometry>(&mut self, mv: Move) {
        if self.side == Color::White {
            self.play_without_hash_as::<G, true>(mv);
        } else {
            self.play_without_hash_as::<G, false>(mv);
        }
    }

    /// [`Position::play_without_hash`] for the side to move known at compile time (White when
    /// `WHITE`), as [`Position::play_as`] is.
    #[inline(always)]
    pub(crate) fn play_without_hash_as<G: Geometry, const WHITE: bool>(&mut self, mv: Move) {
        let from = 1u64 << (mv.from & 63);
        let to = 1u64 << (mv.to & 63);
        if self.dames & from != 0 {
            self.dames ^= from ^ to;
        } else if (if WHITE { G::WHITE_FAR } else { G::BLACK_FAR }) & to != 0 {
            // promotion: only a man that ENDS its move on the far rank becomes a dame.
            self.dames |= to;
        }
        self.dames &= !mv.captured;
        if WHITE {
            self.white ^= from ^ to;
            self.black &= !mv.captured;
        } else {
            self.black ^= from ^ to;
            self.white &= !mv.captured;
        }
        self.side = self.side.other();
    }
}

/// The bits of squares `first ..= last`.
pub(crate) fn range<G: Geometry>(first: SquareNumber, last: SquareNumber) -> u64 {
    (first..=last).fold(0, |acc, s| acc | 1 << G::bit_of_square()[s as usize])
}
