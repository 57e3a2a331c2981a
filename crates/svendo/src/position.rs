//! The state of a game and how a move changes it, including the three winning events.

use alloc::vec::Vec;
use core::fmt;

use crate::board::{
    dims_index, geometry, Geometry, Point, PointSet, DEFAULT_HEIGHT, DEFAULT_WIDTH,
};
use crate::outcome::EndReason;
use crate::zobrist;
use crate::{BoardSize, SizeError};

/// Own stones each player has.
pub const STONES_PER_PLAYER: u32 = 8;

/// What can stand on a point: a player's own stone, or one of the green master stones, which
/// belong to nobody once placed (any player may slide any of them).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Piece {
    /// An own stone of this player.
    Stone(Color),
    /// A master stone (green): placed by one player, moved by any.
    Master,
}

/// A player, in the order of play: Black, White, Red.
///
/// With the `serde` feature a colour is stored as its lower-case name (`"black"`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Color {
    /// Moves first.
    Black,
    /// Moves second.
    White,
    /// Moves third.
    Red,
}

impl Color {
    /// The three players in the order of play.
    pub const ALL: [Color; 3] = [Color::Black, Color::White, Color::Red];

    /// The player who moves after this one.
    #[inline]
    pub fn next(self) -> Color {
        match self {
            Color::Black => Color::White,
            Color::White => Color::Red,
            Color::Red => Color::Black,
        }
    }

    /// The player who moved before this one.
    #[inline]
    pub fn prev(self) -> Color {
        match self {
            Color::Black => Color::Red,
            Color::White => Color::Black,
            Color::Red => Color::White,
        }
    }

    /// The index of the player in the order of play (0, 1, 2).
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The letter of the position string (`b`, `w`, `r`).
    pub fn letter(self) -> char {
        match self {
            Color::Black => 'b',
            Color::White => 'w',
            Color::Red => 'r',
        }
    }

    /// The player of a position-string letter.
    pub fn from_letter(letter: char) -> Option<Color> {
        match letter {
            'b' => Some(Color::Black),
            'w' => Some(Color::White),
            'r' => Some(Color::Red),
            _ => None,
        }
    }
}

impl Color {
    /// The lower-case name, `black`, `white` or `red` (as the two-player games' colours have
    /// it).
    pub const fn name(self) -> &'static str {
        match self {
            Color::Black => "black",
            Color::White => "white",
            Color::Red => "red",
        }
    }
}

impl fmt::Display for Color {
    /// `black`, `white`, `red`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A move: a placement (own stone or master stone), a slide, or a forced pass.
///
/// With the `serde` feature a move is stored as its text, `"c3-c6"`, `"c3"`, `"Mc3"` or
/// `"pass"`; reading refuses a slide that no stone can make on any board (see
/// [`Move::slide`]) and points beyond the largest board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Move {
    /// Placement phase: an own stone from hand onto an empty point (`c3`).
    Place(Point),
    /// Placement phase: the player's master stone from hand onto an empty point (`Mc3`).
    PlaceMaster(Point),
    /// Movement phase: an own stone or any master stone slides from one point to another (`c3-c6`).
    Slide {
        /// Where the stone stands.
        from: Point,
        /// Where it goes.
        to: Point,
    },
    /// Movement phase: the player has no legal move (`pass`).
    Pass,
}

/// A slide that no stone can make on any board: it stays on its point, or its two points do not
/// share a row, a column or a diagonal.
///
/// ```
/// use svendo::{Move, Point};
///
/// let (c3, d5) = ("c3".parse::<Point>()?, "d5".parse::<Point>()?);
/// let err = Move::slide(c3, d5).unwrap_err();
/// assert_eq!((err.from, err.to), (c3, d5));
/// assert_eq!(
///     err.to_string(),
///     "c3-d5 is no slide: a stone slides along a row, column or diagonal to another point"
/// );
/// # Ok::<(), svendo::ParsePointError>(())
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[non_exhaustive]
#[error("{from}-{to} is no slide: a stone slides along a row, column or diagonal to another point")]
pub struct ImpossibleSlideError {
    /// Where the slide starts.
    pub from: Point,
    /// Where it was to end.
    pub to: Point,
}

impl Move {
    /// A slide from `from` to `to`, checked for its shape only (the two points differ and share
    /// a row, a column or a diagonal); whether it is legal is the position's question.
    ///
    /// # Errors
    /// [`ImpossibleSlideError`] when no stone could ever slide so.
    ///
    /// ```
    /// use svendo::{Move, Point};
    /// let (c3, e5, d5) = ("c3".parse::<Point>()?, "e5".parse::<Point>()?, "d5".parse::<Point>()?);
    /// assert_eq!(Move::slide(c3, e5), Ok(Move::Slide { from: c3, to: e5 }));
    /// assert!(Move::slide(c3, d5).is_err());
    /// assert!(Move::slide(c3, c3).is_err());
    /// # Ok::<(), svendo::ParsePointError>(())
    /// ```
    pub fn slide(from: Point, to: Point) -> Result<Move, ImpossibleSlideError> {
        let dc = from.col().abs_diff(to.col());
        let dr = from.row().abs_diff(to.row());
        let along_a_line = dc == 0 || dr == 0 || dc == dr;
        if from != to && along_a_line {
            Ok(Move::Slide { from, to })
        } else {
            Err(ImpossibleSlideError { from, to })
        }
    }
}

/// Which of the three winning events happened.
///
/// With the `serde` feature it is stored by a lower-case name, `"third-base-point"`,
/// `"own-check-point"` or `"forced-off-check-point"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "kebab-case")
)]
pub enum WinRule {
    /// Rule 1: the mover captured a third base point (the moved stone, even a master, counts).
    ThirdBasePoint = 1,
    /// Rule 2: the mover moved off a check point of a line of their own stones.
    OwnCheckPoint = 2,
    /// Rule 3: the mover was made to move off a check point of another player's line.
    ForcedOffCheckPoint = 3,
}

impl WinRule {
    /// The rule number (1, 2 or 3).
    pub fn number(self) -> u8 {
        self as u8
    }

    /// The rule of a number.
    pub fn from_number(number: u8) -> Option<WinRule> {
        match number {
            1 => Some(WinRule::ThirdBasePoint),
            2 => Some(WinRule::OwnCheckPoint),
            3 => Some(WinRule::ForcedOffCheckPoint),
            _ => None,
        }
    }

    /// The outcome reason of this rule (it prints as `rule 1: third base point` and so on).
    pub fn reason(self) -> EndReason {
        EndReason::from(self)
    }
}

/// A won game: who won, by which rule, and the winner's points.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Win {
    /// The winner.
    pub winner: Color,
    /// The winning event.
    pub rule: WinRule,
    /// The winner's points: the movement moves the winner made, the winning move included
    /// when the winner made it.
    pub points: u32,
}

/// A Svendo position: stones on the board, the hands, the side to move, the movement moves
/// made so far, and the win when the game is over.
///
/// Small and `Copy`; the board's tables are shared per board size.
///
/// ```
/// use svendo::{Color, Game, Position};
///
/// let mut pos = Position::start();
/// assert_eq!(pos.side_to_move(), Color::Black); // three players: Black, White, Red
/// pos.play(pos.parse_move("Mc3")?)?; // Black places the master stone
/// assert_eq!(pos.side_to_move(), Color::White);
/// assert_eq!(pos.to_string(), "10/10/10/2M7/10/10 w 8/8m/8m 0/0/0");
/// assert_eq!(pos.to_string().parse::<Position>()?, pos); // the string reads back
/// assert_eq!(Position::default(), Position::start());
/// # Ok::<(), Box<dyn std::error::Error>>(())
/// ```
#[derive(Clone, Copy, PartialEq, Eq, Hash)]
pub struct Position {
    /// Each player's own stones.
    pub(crate) own: [u64; 3],
    /// The master stones on the board.
    pub(crate) masters: u64,
    /// Own stones in hand, per player.
    pub(crate) hand: [u8; 3],
    /// Whether each player's master stone is still in hand.
    pub(crate) master_hand: [bool; 3],
    pub(crate) to_move: Color,
    /// Movement moves made so far, per player (field 4).
    pub(crate) movement_moves: [u32; 3],
    pub(crate) win: Option<Win>,
    /// The board size, as an index among the supported sizes.
    pub(crate) dims: u8,
    pub(crate) hash: u64,
}

impl Default for Position {
    /// The start position on the default 10 × 6 board.
    fn default() -> Self {
        Position::start()
    }
}

impl Position {
    /// The start position on the default 10 × 6 board: all stones in hand, Black to move.
    pub fn start() -> Position {
        Position::start_on_board(DEFAULT_WIDTH as usize, DEFAULT_HEIGHT as usize)
            .expect("the default board is valid")
    }

    /// The start position on a `BoardSize::Rect { width, height }` board: any rectangle of
    /// 30..=64 points with both sides at least 5 (the [`BOARD_SIZES`](crate::BOARD_SIZES)).
    ///
    /// # Errors
    /// [`SizeError`] for any other rectangle, and for a `Side` size: one number does not fix
    /// a Svendo rectangle (`8` is not read as 8 × 8).
    pub fn start_with_size(size: BoardSize) -> Result<Position, SizeError> {
        let start = match size {
            BoardSize::Rect { width, height } => usize::try_from(width)
                .ok()
                .zip(usize::try_from(height).ok())
                .and_then(|(width, height)| Position::start_on_board(width, height)),
            BoardSize::Side(_) => None,
        };
        start.ok_or_else(|| SizeError::unsupported::<Position>(size))
    }

    /// The start position on a `width` × `height` board; `None` when the size is not
    /// supported.
    fn start_on_board(width: usize, height: usize) -> Option<Position> {
        let dims = dims_index(width, height)?;
        let mut pos = Position {
            own: [0; 3],
            masters: 0,
            hand: [STONES_PER_PLAYER as u8; 3],
            master_hand: [true; 3],
            to_move: Color::Black,
            movement_moves: [0; 3],
            win: None,
            dims,
            hash: 0,
        };
        pos.hash = pos.compute_hash();
        Some(pos)
    }

    #[inline]
    pub(crate) fn geo(&self) -> &'static Geometry {
        geometry(self.dims)
    }

    /// The board width (columns); users read it from
    /// [`board_size`](game_core::Game::board_size).
    pub(crate) fn width(&self) -> usize {
        self.geo().width
    }

    /// The board height (rows); users read it from
    /// [`board_size`](game_core::Game::board_size).
    pub(crate) fn height(&self) -> usize {
        self.geo().height
    }

    /// The number of points of this position's board (width × height, 30 to 64).
    pub fn point_count(&self) -> usize {
        self.width() * self.height()
    }

    /// Every point of this position's board.
    pub fn points(&self) -> PointSet {
        PointSet::from_board_bits(self.geo().all, self.geo())
    }

    /// The points holding an own stone of `color` (master stones are nobody's: see
    /// [`Position::masters`]).
    pub fn stones(&self, color: Color) -> PointSet {
        PointSet::from_board_bits(self.own[color.index()], self.geo())
    }

    /// The points holding a master stone.
    pub fn masters(&self) -> PointSet {
        PointSet::from_board_bits(self.masters, self.geo())
    }

    /// The empty points of the board.
    pub fn empty(&self) -> PointSet {
        PointSet::from_board_bits(self.geo().all & !self.occupied(), self.geo())
    }

    /// The number of own stones of `color` on the board (master stones are nobody's).
    pub fn piece_count(&self, color: Color) -> u32 {
        self.own[color.index()].count_ones()
    }

    /// The player to move (after a win: the player who would have moved next).
    pub fn side_to_move(&self) -> Color {
        self.to_move
    }

    /// Whether the game is still in the placement phase (some stone is in hand).
    #[inline]
    pub fn is_placement(&self) -> bool {
        self.hand != [0; 3] || self.master_hand != [false; 3]
    }

    /// The win, once the game is won.
    pub fn win(&self) -> Option<Win> {
        self.win
    }

    /// Own stones `color` has in hand, still to place (its master stone is
    /// [`Position::master_in_hand`]).
    pub fn in_hand(&self, color: Color) -> u32 {
        u32::from(self.hand[color.index()])
    }

    /// Whether `color` still has its master stone in hand.
    pub fn master_in_hand(&self, color: Color) -> bool {
        self.master_hand[color.index()]
    }

    /// The movement moves `color` has made (placements and passes do not count).
    pub fn movement_moves(&self, color: Color) -> u32 {
        self.movement_moves[color.index()]
    }

    /// What stands on `point`: a player's own stone or a master stone, `None` for an empty
    /// point (or one off the board).
    pub fn piece_at(&self, point: Point) -> Option<Piece> {
        let index = self.geo().index(point)?;
        let bit = 1u64 << index;
        if self.masters & bit != 0 {
            return Some(Piece::Master);
        }
        Color::ALL
            .into_iter()
            .find(|c| self.own[c.index()] & bit != 0)
            .map(Piece::Stone)
    }

    /// Every stone on the board.
    #[inline]
    pub(crate) fn occupied(&self) -> u64 {
        self.own[0] | self.own[1] | self.own[2] | self.masters
    }

    /// The stones `color` may move: its own and every master stone.
    #[inline]
    pub(crate) fn movable(&self, color: Color) -> u64 {
        self.own[color.index()] | self.masters
    }

    /// The hash from scratch.
    pub(crate) fn compute_hash(&self) -> u64 {
        let mut hash = zobrist::DIMS[usize::from(self.dims)] ^ zobrist::SIDE[self.to_move.index()];
        for c in 0..3 {
            hash ^= zobrist::stones(c, self.own[c]);
            hash ^= zobrist::HAND[c * 9 + usize::from(self.hand[c])];
            if self.master_hand[c] {
                hash ^= zobrist::MASTER_HAND[c];
            }
        }
        hash ^= zobrist::stones(3, self.masters);
        hash
    }

    /// Plays a move (meant for legal ones; it never panics). Records a win when the move makes
    /// one.
    ///
    /// A move that cannot be carried out at all here leaves the position unchanged: a point off
    /// this board, no stone the mover may move on `from`, a stone on the target, nothing of that
    /// kind in hand. Any other move is carried out as given even when it is illegal (a jump, a
    /// slide during placement, a move after a win), so the stones are always conserved.
    pub(crate) fn apply(&mut self, mv: Move) {
        let me = self.to_move;
        let c = me.index();
        let geo = self.geo();
        let empty = geo.all & !self.occupied();
        let is_empty = |i: usize| empty & (1 << i) != 0;
        match mv {
            Move::Place(point) => {
                let Some(to) = geo
                    .index(point)
                    .filter(|&i| is_empty(i) && self.hand[c] > 0)
                else {
                    return;
                };
                self.own[c] |= 1 << to;
                self.hash ^= zobrist::stone(c, to)
                    ^ zobrist::HAND[c * 9 + usize::from(self.hand[c])]
                    ^ zobrist::HAND[c * 9 + usize::from(self.hand[c] - 1)];
                self.hand[c] -= 1;
            }
            Move::PlaceMaster(point) => {
                let Some(to) = geo
                    .index(point)
                    .filter(|&i| is_empty(i) && self.master_hand[c])
                else {
                    return;
                };
                self.masters |= 1 << to;
                self.master_hand[c] = false;
                self.hash ^= zobrist::stone(3, to) ^ zobrist::MASTER_HAND[c];
            }
            Move::Slide { from, to } => {
                let (Some(x), Some(y)) = (geo.index(from), geo.index(to)) else {
                    return;
                };
                if self.movable(me) & (1 << x) == 0 || !is_empty(y) {
                    return;
                }
                let moved_master = self.masters & (1 << x) != 0;
                let kind = if moved_master {
                    self.masters ^= 1 << x | 1 << y;
                    3
                } else {
                    self.own[c] ^= 1 << x | 1 << y;
                    c
                };
                self.hash ^= zobrist::stone(kind, x) ^ zobrist::stone(kind, y);
                self.movement_moves[c] = self.movement_moves[c].saturating_add(1);
                if let Some((winner, rule)) = self.win_after_slide(me, x, y) {
                    self.win = Some(Win {
                        winner,
                        rule,
                        points: self.movement_moves[winner.index()],
                    });
                }
            }
            Move::Pass => {}
        }
        self.hash ^= zobrist::SIDE[c] ^ zobrist::SIDE[me.next().index()];
        self.to_move = me.next();
    }

    /// The winning event, if any, after `mover` slid a stone from `x` to `y` (the board already
    /// shows the move). Rules 1, 2, then 3 for the next player, then the one after.
    #[inline]
    pub(crate) fn win_after_slide(
        &self,
        mover: Color,
        x: usize,
        y: usize,
    ) -> Option<(Color, WinRule)> {
        let geo = self.geo();
        let occupied = self.occupied();
        // Rule 1, capturing a third base point: the moved stone counts as the mover's own even
        // when it is a master stone (`master_counts_only_as_moved_stone`).
        let mine = self.own[mover.index()] | 1 << y;
        for &line in geo.base_of(y) {
            let (bases, checks) = geo.line(line);
            if bases & !mine == 0 && checks & occupied == 0 {
                return Some((mover, WinRule::ThirdBasePoint));
            }
        }
        // Rules 2 and 3: moving off a check point of a line held with own stones only.
        let held_off_x = |color: Color| {
            let own = self.own[color.index()];
            geo.check_of(x).iter().any(|&line| {
                let (bases, checks) = geo.line(line);
                bases & !own == 0 && checks & occupied == 0
            })
        };
        if held_off_x(mover) {
            return Some((mover, WinRule::OwnCheckPoint));
        }
        for other in [mover.next(), mover.prev()] {
            if held_off_x(other) {
                return Some((other, WinRule::ForcedOffCheckPoint));
            }
        }
        None
    }

    /// The five points of the line that decided the win, for pictures: `self` is the position
    /// after the winning slide `mv`. For rule 1 it is the line of which the slide's target is
    /// a base point and which the winner now holds; for rules 2 and 3 the line, held by the
    /// winner, whose check point the slide left. `None` when the game is not won or `mv` is not
    /// the slide that won it.
    ///
    /// ```
    /// use svendo::Position;
    /// // Nobody has won at the start: no line.
    /// assert_eq!(Position::start().winning_line(svendo::Move::Pass), None);
    /// ```
    pub fn winning_line(&self, mv: Move) -> Option<Vec<Point>> {
        let win = self.win?;
        let Move::Slide { from, to } = mv else {
            return None;
        };
        let geo = self.geo();
        let (x, y) = (geo.index(from)?, geo.index(to)?);
        let occupied = self.occupied();
        let own = self.own[win.winner.index()];
        let held = |line: u16, own: u64| {
            let (bases, checks) = geo.line(line);
            bases & !own == 0 && checks & occupied == 0
        };
        let line = match win.rule {
            // The moved stone counts as the winner's own, a master stone too.
            WinRule::ThirdBasePoint => geo
                .base_of(y)
                .iter()
                .copied()
                .find(|&line| held(line, own | 1 << y)),
            WinRule::OwnCheckPoint | WinRule::ForcedOffCheckPoint => geo
                .check_of(x)
                .iter()
                .copied()
                .find(|&line| held(line, own)),
        }?;
        let (bases, checks) = geo.line(line);
        let points = bases | checks;
        Some(
            game_core::Bits(points)
                .map(|i| geo.points[i & 63])
                .collect(),
        )
    }

    /// The position after `mv` (meant for a legal move here; see [`Position::apply`]).
    #[inline]
    pub(crate) fn after(&self, mv: Move) -> Position {
        let mut next = *self;
        next.apply(mv);
        next
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn slide(pos: &Position, text: &str) -> Position {
        let (from, to) = text.split_once('-').unwrap();
        pos.after(Move::Slide {
            from: from.parse().unwrap(),
            to: to.parse().unwrap(),
        })
    }

    #[test]
    fn rule3_next_player_first_when_both_qualify() {
        // c3 is a check point of White's b3-d3-f3 and of Red's c2-c4-c6: Black moving off it
        // qualifies both; White moves next after Black, so White wins.
        let pos: Position = "2R4BBB/7BBB/2R4WWW/1WBW1W4/2R4RRR/MMM1RR1WWB b 0/0/0 0/0/0"
            .parse()
            .unwrap();
        let after = slide(&pos, "c3-d4");
        assert_eq!(
            after.win,
            Some(Win {
                winner: Color::White,
                rule: WinRule::ForcedOffCheckPoint,
                points: 0
            })
        );
    }

    #[test]
    fn master_counts_only_as_moved_stone() {
        // a1, c1 Black, master on e1, Black's own stone on check point b1: moving it off is no
        // rule-2 win (the master on a base point counts for nobody).
        let pos: Position = "WWWWWWWW2/RRRRRRRR2/10/MM7B/6BBBB/BBB1M5 b 0/0/0 0/0/0"
            .parse()
            .unwrap();
        assert_eq!(slide(&pos, "b1-b2").win, None);
        // Rule 1: the master slid e2-e1 completes a1-c1-e1 and counts as Black's stone.
        let pos: Position = "WWWWWWWW2/RRRRRRRR2/10/MM6BB/4M1BBBB/B1B7 b 0/0/0 0/0/0"
            .parse()
            .unwrap();
        let after = slide(&pos, "e2-e1");
        assert_eq!(
            after.win.map(|w| (w.winner, w.rule)),
            Some((Color::Black, WinRule::ThirdBasePoint))
        );
    }

    #[test]
    fn points_count_slides_only() {
        let pos: Position = "WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 6/2/9"
            .parse()
            .unwrap();
        let after = slide(&pos, "e2-e1");
        assert_eq!(after.win.map(|w| w.points), Some(7));
        assert_eq!(after.movement_moves, [7, 2, 9]);
    }

    #[test]
    fn hash_ignores_movement_counts() {
        let a: Position = "WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 6/2/9"
            .parse()
            .unwrap();
        let b: Position = "WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 0/0/0"
            .parse()
            .unwrap();
        assert_eq!(a.hash, b.hash);
        assert_ne!(a, b);
    }
}
