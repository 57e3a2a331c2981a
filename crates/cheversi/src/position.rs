//! The state of a game and how a placement changes it.

use alloc::string::String;
use core::fmt;

use crate::board::{Bitboard, Square, SquareSet};
use crate::zobrist;
use crate::{BoardSize, SizeError};

game_core::two_player_color! {
    /// A player: White places first.
    pub enum Color {
        /// Places first; starts with the king.
        White = "white",
        /// Places second; ends with the king.
        Black = "black",
    }
}

/// A kind of piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Kind {
    /// One per side; attacks the 8 neighbours.
    King,
    /// One per side; attacks along ranks, files and diagonals.
    Queen,
    /// Two per side; attacks along ranks and files.
    Rook,
    /// Two per side, on opposite square colours; attacks along diagonals.
    Bishop,
    /// Two per side; attacks the knight jumps.
    Knight,
}

impl Kind {
    /// Every kind, in the order moves are generated.
    pub const ALL: [Kind; 5] = [
        Kind::King,
        Kind::Queen,
        Kind::Rook,
        Kind::Bishop,
        Kind::Knight,
    ];

    /// How many of this kind each player holds at the start.
    pub const fn count_at_start(self) -> u32 {
        match self {
            Kind::King | Kind::Queen => 1,
            Kind::Rook | Kind::Bishop | Kind::Knight => 2,
        }
    }

    /// The capital letter of the notation: `K`, `Q`, `R`, `B`, `N`.
    pub const fn letter(self) -> char {
        match self {
            Kind::King => 'K',
            Kind::Queen => 'Q',
            Kind::Rook => 'R',
            Kind::Bishop => 'B',
            Kind::Knight => 'N',
        }
    }

    /// The kind of a capital letter `K`, `Q`, `R`, `B`, `N`.
    pub const fn from_letter(letter: char) -> Option<Kind> {
        match letter {
            'K' => Some(Kind::King),
            'Q' => Some(Kind::Queen),
            'R' => Some(Kind::Rook),
            'B' => Some(Kind::Bishop),
            'N' => Some(Kind::Knight),
            _ => None,
        }
    }

    /// 0 (king) … 4 (knight).
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// This kind's bit in a kind mask.
    #[inline]
    pub(crate) const fn mask(self) -> u8 {
        1 << self as u8
    }
}

/// A piece on the board: its owner's colour and its kind.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Piece {
    /// Whose piece it is.
    pub color: Color,
    /// King, queen, rook, bishop or knight.
    pub kind: Kind,
}

impl Piece {
    /// The piece of `color` of kind `kind`.
    pub const fn new(color: Color, kind: Kind) -> Piece {
        Piece { color, kind }
    }
}

/// A placement: a kind of piece (of the side to move) and an empty square. The two rooks
/// (bishops, knights) of a side are interchangeable, so `Rb3` is one move however many rooks
/// are in hand.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Move {
    /// The kind of piece placed.
    pub kind: Kind,
    /// Where it is placed.
    pub square: Square,
}

impl Move {
    /// The placement of a `kind` on `square`.
    pub const fn new(kind: Kind, square: Square) -> Move {
        Move { kind, square }
    }
}

impl fmt::Display for Move {
    /// `Ke4`: the piece letter and the square.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.kind.letter(), self.square)
    }
}

/// The number of placements of a complete game (8 each).
pub const PLACEMENTS: u8 = 16;

/// A Cheversi position: the pieces on the board, the side to move and the square of the piece
/// placed last (the queen call and Black's king depend on it).
///
/// Positions are read and written with the FEN-like string of the rules page
/// (`8/8/8/8/8/8/8/8 w -` is the start); see the crate docs.
///
/// ```
/// use cheversi::{Color, Game, Position};
///
/// let mut pos = Position::start();
/// assert_eq!(pos.to_string(), "8/8/8/8/8/8/8/8 w -");
/// assert_eq!(pos.side_to_move(), Color::White);
/// pos.play(pos.parse_move("Ke4")?)?;
/// assert_eq!(pos.side_to_move(), Color::Black);
/// assert_eq!(pos.placements_left(), 15);
/// assert_eq!(pos.to_string().parse::<Position>()?, pos); // the string reads back
/// assert_eq!(Position::default(), Position::start());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Position {
    /// Pieces by colour and kind.
    pub(crate) pieces: [[Bitboard; 5]; 2],
    /// Pieces by colour.
    pub(crate) colors: [Bitboard; 2],
    /// Placements made so far (0 … 16); White moves when it is even.
    pub(crate) placed: u8,
    /// The square of the piece placed last.
    pub(crate) last: Option<Square>,
    /// The Zobrist key, kept incrementally.
    pub(crate) hash: u64,
}

impl Default for Position {
    /// The start position.
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The start position: an empty board, White to place the king.
    pub const fn start() -> Position {
        Position {
            pieces: [[0; 5]; 2],
            colors: [0; 2],
            placed: 0,
            last: None,
            hash: zobrist::last_key(None),
        }
    }

    /// The side to place next (after the 16th placement: White, who would place next).
    #[inline]
    pub const fn side_to_move(&self) -> Color {
        if self.placed.is_multiple_of(2) {
            Color::White
        } else {
            Color::Black
        }
    }

    /// The number of placements made so far (0 … 16).
    #[inline]
    pub const fn placements_made(&self) -> u8 {
        self.placed
    }

    /// The number of placements `color` has made so far (0 … 8).
    #[inline]
    pub const fn placements_of(&self, color: Color) -> u8 {
        match color {
            Color::White => self.placed.div_ceil(2),
            Color::Black => self.placed / 2,
        }
    }

    /// The placements left until the game's natural end after 16 (it may end sooner by the
    /// no-legal-placement rule).
    #[inline]
    pub const fn placements_left(&self) -> u8 {
        PLACEMENTS.saturating_sub(self.placed)
    }

    /// The square of the piece placed last, `None` at the start.
    #[inline]
    pub const fn last_placed(&self) -> Option<Square> {
        self.last
    }

    /// The squares holding `color`'s pieces of `kind`.
    #[inline]
    pub const fn pieces(&self, color: Color, kind: Kind) -> SquareSet {
        SquareSet(self.piece_bits(color, kind))
    }

    /// The squares holding `color`'s pieces.
    #[inline]
    pub const fn color_pieces(&self, color: Color) -> SquareSet {
        SquareSet(self.color_bits(color))
    }

    /// The occupied squares.
    #[inline]
    pub const fn occupied(&self) -> SquareSet {
        SquareSet(self.occupied_bits())
    }

    /// The empty squares.
    #[inline]
    pub const fn empty(&self) -> SquareSet {
        SquareSet(self.empty_bits())
    }

    /// [`Position::pieces`] as a raw word, for the hot paths.
    #[inline]
    pub(crate) const fn piece_bits(&self, color: Color, kind: Kind) -> Bitboard {
        self.pieces[color as usize][kind as usize]
    }

    /// [`Position::color_pieces`] as a raw word.
    #[inline]
    pub(crate) const fn color_bits(&self, color: Color) -> Bitboard {
        self.colors[color as usize]
    }

    /// [`Position::occupied`] as a raw word.
    #[inline]
    pub(crate) const fn occupied_bits(&self) -> Bitboard {
        self.colors[0] | self.colors[1]
    }

    /// [`Position::empty`] as a raw word.
    #[inline]
    pub(crate) const fn empty_bits(&self) -> Bitboard {
        !self.occupied_bits()
    }

    /// The number of `color`'s pieces on the board.
    #[inline]
    pub const fn piece_count(&self, color: Color) -> u32 {
        self.color_bits(color).count_ones()
    }

    /// The number of squares of the board: 64.
    #[inline]
    pub const fn point_count(&self) -> usize {
        64
    }

    /// The start position on a board of `size`: Cheversi has a single board (8x8), so every
    /// size is refused (the trait's [`Game::start_with_size`](crate::Game::start_with_size)
    /// says the same).
    ///
    /// # Errors
    /// [`SizeError`] always: the game has no board sizes to choose from.
    pub fn start_with_size(size: BoardSize) -> Result<Position, SizeError> {
        Err(SizeError::unsupported::<Position>(size))
    }

    /// The piece on `sq`, if any.
    pub fn piece_at(&self, sq: Square) -> Option<Piece> {
        let bit = sq.bit();
        for color in Color::ALL {
            if self.colors[color.index()] & bit != 0 {
                for kind in Kind::ALL {
                    if self.piece_bits(color, kind) & bit != 0 {
                        return Some(Piece { color, kind });
                    }
                }
            }
        }
        None
    }

    /// How many of `color`'s pieces are still in hand, of every kind (8 at the start).
    pub const fn in_hand(&self, color: Color) -> u32 {
        let mut total = 0;
        let mut k = 0;
        while k < Kind::ALL.len() {
            total += self.in_hand_of(color, Kind::ALL[k]);
            k += 1;
        }
        total
    }

    /// How many of `color`'s pieces of `kind` are still in hand.
    pub const fn in_hand_of(&self, color: Color, kind: Kind) -> u32 {
        kind.count_at_start()
            .saturating_sub(self.piece_bits(color, kind).count_ones())
    }

    /// Whether `color` still holds at least one piece of `kind` (no bit counting: at most two
    /// of a kind).
    #[inline]
    pub(crate) const fn has_in_hand(&self, color: Color, kind: Kind) -> bool {
        let bb = self.piece_bits(color, kind);
        match kind {
            Kind::King | Kind::Queen => bb == 0,
            _ => bb & bb.wrapping_sub(1) == 0,
        }
    }

    /// `color`'s pieces in hand in the notation's letters (`KQRRBBNN` at the start).
    pub fn hand_text(&self, color: Color) -> String {
        let mut out = String::new();
        for kind in Kind::ALL {
            for _ in 0..self.in_hand_of(color, kind) {
                out.push(kind.letter());
            }
        }
        out
    }

    /// Puts a piece on an empty square, updating the hash (no rule is checked; the placement
    /// count and the last square are the caller's).
    #[inline]
    pub(crate) fn put(&mut self, color: Color, kind: Kind, sq: Square) {
        let bit = sq.bit();
        self.pieces[color as usize][kind as usize] |= bit;
        self.colors[color as usize] |= bit;
        self.hash ^= zobrist::piece_key(color, kind, sq);
    }

    /// Sets the square of the piece placed last, updating the hash.
    #[inline]
    pub(crate) fn set_last(&mut self, last: Option<Square>) {
        self.hash ^= zobrist::last_key(self.last) ^ zobrist::last_key(last);
        self.last = last;
    }

    /// Places `mv` for the side to move without checking any rule (the fast path of
    /// [`Game::play_unchecked`](crate::Game::play_unchecked)).
    #[inline]
    pub(crate) fn place_unchecked(&mut self, mv: Move) {
        let color = self.side_to_move();
        self.put(color, mv.kind, mv.square);
        self.set_last(Some(mv.square));
        self.placed = self.placed.wrapping_add(1);
    }

    /// The Zobrist key computed from scratch (it equals the incremental one; users ask
    /// [`Game::fresh_hash_key`](crate::Game::fresh_hash_key)).
    pub(crate) fn fresh_hash(&self) -> u64 {
        let mut hash = zobrist::last_key(self.last);
        for color in Color::ALL {
            for kind in Kind::ALL {
                hash ^= zobrist::pieces_key(color, kind, self.piece_bits(color, kind));
            }
        }
        hash
    }
}
