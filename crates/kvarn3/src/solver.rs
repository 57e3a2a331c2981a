//! The perfect-play solver: the game-theoretic value of every legal position, by retrograde
//! analysis.

use alloc::collections::VecDeque;
use alloc::sync::Arc;
use alloc::vec;
use alloc::vec::Vec;
use core::fmt;

use crate::board::{Bitboard, PointSet, ALL_POINTS};
use crate::position::{Color, Move, Position};

/// The program's one shared solver, computed on first use.
#[cfg(feature = "std")]
fn shared_arc() -> &'static Arc<Solver> {
    static SHARED: std::sync::OnceLock<Arc<Solver>> = std::sync::OnceLock::new();
    SHARED.get_or_init(|| Arc::new(Solver::new()))
}

/// The game-theoretic value of a position for the side to move, with the number of plies to
/// the end of the game under best play (the winner hurries, the loser delays).
///
/// With the `serde` feature a value is stored with lower-case names: `{"win":3}`,
/// `{"loss":0}`, `"draw"`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum Value {
    /// The side to move wins; the game ends (with its mill) after this many plies.
    Win(u32),
    /// The side to move loses after this many plies (0: the game is already over).
    Loss(u32),
    /// Neither side can force a win.
    Draw,
}

impl Value {
    /// Whether the side to move wins.
    pub const fn is_win(self) -> bool {
        matches!(self, Value::Win(_))
    }

    /// Whether the side to move loses.
    pub const fn is_loss(self) -> bool {
        matches!(self, Value::Loss(_))
    }

    /// Whether the position is a draw.
    pub const fn is_draw(self) -> bool {
        matches!(self, Value::Draw)
    }

    /// The plies to the end under best play, for a won or lost position.
    pub const fn plies(self) -> Option<u32> {
        match self {
            Value::Win(n) | Value::Loss(n) => Some(n),
            Value::Draw => None,
        }
    }

    /// The value for the player who moves into a position of this value: a loss for the side
    /// to move there is a win one ply further away for the mover, and so on.
    pub const fn for_mover(self) -> Value {
        match self {
            Value::Win(n) => Value::Loss(n + 1),
            Value::Loss(n) => Value::Win(n + 1),
            Value::Draw => Value::Draw,
        }
    }

    /// A number that orders values by how good they are for the side to move: quick wins
    /// first, then slow wins, draws, slow losses, quick losses.
    pub const fn preference(self) -> i64 {
        match self {
            Value::Win(n) => 1_000_000 - n as i64,
            Value::Draw => 0,
            Value::Loss(n) => -1_000_000 + n as i64,
        }
    }
}

impl fmt::Display for Value {
    /// `win in 3 plies`, `loss in 4 plies`, `draw`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let plural = |n: u32| if n == 1 { "ply" } else { "plies" };
        match *self {
            Value::Win(n) => write!(f, "win in {n} {}", plural(n)),
            Value::Loss(0) => f.write_str("loss (the game is over)"),
            Value::Loss(n) => write!(f, "loss in {n} {}", plural(n)),
            Value::Draw => f.write_str("draw"),
        }
    }
}

/// Boards: 3^9 ternary codes, times two sides to move.
const TABLE_SIZE: usize = 19_683 * 2;

/// `TERNARY[bits]`: the sum of 3^i over the points i of `bits`.
static TERNARY: [u16; 512] = ternary_table();

const fn ternary_table() -> [u16; 512] {
    let mut table = [0u16; 512];
    let mut bits = 0;
    while bits < 512 {
        let mut value = 0u16;
        let mut power = 1u16;
        let mut point = 0;
        while point < 9 {
            if bits & (1 << point) != 0 {
                value += power;
            }
            power *= 3;
            point += 1;
        }
        table[bits] = value;
        bits += 1;
    }
    table
}

/// The table index of a position: the board as a ternary number (0 empty, 1 white, 2 black),
/// times two, plus the side to move. In range for any stones.
#[inline]
fn index(pos: &Position) -> usize {
    let white = pos.stone_bits(Color::White) & ALL_POINTS;
    let black = pos.stone_bits(Color::Black) & ALL_POINTS & !white;
    (usize::from(TERNARY[white as usize]) + 2 * usize::from(TERNARY[black as usize])) * 2
        + pos.side_to_move() as usize
}

/// The position of a table index, if that index holds a legal position.
fn position_at(index: usize) -> Option<Position> {
    let to_move = if index.is_multiple_of(2) {
        Color::White
    } else {
        Color::Black
    };
    let mut code = index / 2;
    let (mut white, mut black): (Bitboard, Bitboard) = (0, 0);
    for point in 0..9 {
        match code % 3 {
            1 => white |= 1 << point,
            2 => black |= 1 << point,
            _ => {}
        }
        code /= 3;
    }
    Position::from_stones(PointSet(white), PointSet(black), to_move).ok()
}

/// The value of every legal position of the game, by retrograde analysis.
///
/// The solver enumerates every position that a position string may hold (at most three stones
/// a colour, counts that fit the side to move during placement, no mill of the side to move:
/// see [`Position::from_stones`]), which includes every position reachable from the start, and
/// links them by their legal moves. Positions where the game is over (the opponent has a mill,
/// or the side to move has no legal move) are lost for the side to move at distance 0. Then,
/// in order of increasing distance, a position with a move to a lost position is won (at one
/// more ply than the nearest such loss: the winner hurries), and a position whose moves all
/// lead to won positions is lost (at one more ply than the farthest of them: the loser
/// delays). Positions never decided are draws: neither side can force a mill, and play goes
/// on until the threefold repetition draw of the game record.
///
/// Repetition does not change these values: a winner who always moves to a loss at one ply
/// less never repeats a position, and the side that holds a draw can keep it forever. A ply cap
/// ([`DrawRules::move_cap`](game_core::DrawRules)) can: a win that needs more plies than are
/// left is only a draw under the cap. The solver ignores caps.
///
///
/// ```
/// use kvarn3::{Solver, Value, Game, Position};
///
/// let solver = Solver::shared();
/// let pos: Position = "W.B/.W./B.. w".parse()?;
/// assert_eq!(solver.value(&pos), Value::Win(1)); // c1 makes the diagonal at once
/// assert_eq!(pos.move_text(solver.best_moves(&pos)[0]), "c1");
/// # Ok::<(), kvarn3::ParsePositionError>(())
/// ```
#[derive(Clone, Debug)]
pub struct Solver {
    /// The value of each table index (draw for the indices that hold no legal position).
    values: Vec<Value>,
    /// Whether each table index holds a legal position.
    legal: Vec<bool>,
    /// Whether each table index is reachable from the start.
    reachable: Vec<bool>,
}

impl Default for Solver {
    fn default() -> Self {
        Self::new()
    }
}

impl Solver {
    /// Solves the game: enumerates every legal position and runs the retrograde analysis
    /// (a few milliseconds in a release build).
    pub fn new() -> Solver {
        let mut legal = vec![false; TABLE_SIZE];
        let mut positions = Vec::with_capacity(TABLE_SIZE);
        for (i, slot) in legal.iter_mut().enumerate() {
            if let Some(pos) = position_at(i) {
                *slot = true;
                positions.push((i, pos));
            }
        }

        // The move graph: out-degrees and the predecessors of each position (CSR layout).
        let mut out_degree = vec![0u32; TABLE_SIZE];
        let mut pred_count = vec![0u32; TABLE_SIZE + 1];
        let mut edges: Vec<(u32, u32)> = Vec::new();
        let mut moves = Vec::new();
        for &(i, pos) in &positions {
            pos.generate_moves(&mut moves);
            out_degree[i] = moves.len() as u32;
            for &mv in &moves {
                let mut child = pos;
                child.apply(mv);
                let c = index(&child);
                debug_assert!(legal[c], "{pos} {mv}: {child} is not legal");
                edges.push((i as u32, c as u32));
                pred_count[c + 1] += 1;
            }
        }
        for i in 0..TABLE_SIZE {
            pred_count[i + 1] += pred_count[i];
        }
        let starts = pred_count;
        let mut fill = starts.clone();
        let mut preds = vec![0u32; edges.len()];
        for &(parent, child) in &edges {
            preds[fill[child as usize] as usize] = parent;
            fill[child as usize] += 1;
        }

        // Retrograde analysis in order of increasing distance (FIFO: distances never drop).
        let mut values = vec![Value::Draw; TABLE_SIZE];
        let mut decided = vec![false; TABLE_SIZE];
        let mut queue = VecDeque::new();
        for &(i, _) in &positions {
            if out_degree[i] == 0 {
                values[i] = Value::Loss(0);
                decided[i] = true;
                queue.push_back(i);
            }
        }
        let mut remaining = out_degree;
        while let Some(i) = queue.pop_front() {
            let value = values[i];
            for &parent in &preds[starts[i] as usize..starts[i + 1] as usize] {
                let parent = parent as usize;
                if decided[parent] {
                    continue;
                }
                match value {
                    Value::Loss(n) => {
                        // The nearest loss for the opponent: the parent wins, hurrying.
                        values[parent] = Value::Win(n + 1);
                        decided[parent] = true;
                        queue.push_back(parent);
                    }
                    Value::Win(n) => {
                        remaining[parent] -= 1;
                        if remaining[parent] == 0 {
                            // Every move wins for the opponent; this one is the farthest.
                            values[parent] = Value::Loss(n + 1);
                            decided[parent] = true;
                            queue.push_back(parent);
                        }
                    }
                    Value::Draw => unreachable!("only decided positions are queued"),
                }
            }
        }

        // Reachability from the start, for the counts in the docs.
        let mut reachable = vec![false; TABLE_SIZE];
        let start = Position::start();
        reachable[index(&start)] = true;
        let mut stack = vec![start];
        while let Some(pos) = stack.pop() {
            pos.generate_moves(&mut moves);
            for &mv in &moves {
                let mut child = pos;
                child.apply(mv);
                let c = index(&child);
                if !reachable[c] {
                    reachable[c] = true;
                    stack.push(child);
                }
            }
        }

        Solver {
            values,
            legal,
            reachable,
        }
    }

    /// A solver shared by the whole program, computed on first use (needs the `std` feature,
    /// for its `OnceLock`; without it, make one [`Solver::new`] and keep it).
    #[cfg(feature = "std")]
    #[cfg_attr(docsrs, doc(cfg(feature = "std")))]
    pub fn shared() -> &'static Solver {
        shared_arc()
    }

    /// A solver for an engine to keep: the [`Solver::shared`] one with the `std` feature,
    /// a new one without (a `no_std` build has no `OnceLock` to share one through).
    pub(crate) fn for_engine() -> Arc<Solver> {
        #[cfg(feature = "std")]
        {
            Arc::clone(shared_arc())
        }
        #[cfg(not(feature = "std"))]
        {
            Arc::new(Solver::new())
        }
    }

    /// The value of `pos` for the side to move.
    ///
    /// Every position made by this crate's checked API is covered; a position corrupted by
    /// [`Game::play_unchecked`](crate::Game::play_unchecked) with an illegal move gets an
    /// unspecified value (never a panic).
    #[inline]
    pub fn value(&self, pos: &Position) -> Value {
        self.values[index(pos)]
    }

    /// Every legal move of `pos` with its value for the player making it, in generation order.
    pub fn move_values(&self, pos: &Position) -> Vec<(Move, Value)> {
        let mut moves = Vec::new();
        pos.generate_moves(&mut moves);
        moves
            .into_iter()
            .map(|mv| {
                let mut child = *pos;
                child.apply(mv);
                (mv, self.value(&child).for_mover())
            })
            .collect()
    }

    /// The moves that keep the value of `pos`: to a loss one ply nearer from a win (the
    /// quickest win), to a win one ply nearer from a loss (the longest defence), to a draw from
    /// a draw. Empty when the game is over.
    pub fn best_moves(&self, pos: &Position) -> Vec<Move> {
        let value = self.value(pos);
        self.move_values(pos)
            .into_iter()
            .filter(|&(_, v)| v == value)
            .map(|(mv, _)| mv)
            .collect()
    }

    /// The number of legal positions (every position a position string may hold).
    pub fn legal_positions(&self) -> usize {
        self.legal.iter().filter(|&&l| l).count()
    }

    /// The number of positions reachable from the start by legal moves.
    pub fn reachable_positions(&self) -> usize {
        self.reachable.iter().filter(|&&r| r).count()
    }

    /// Whether `pos` can be reached from the start by legal moves.
    pub fn is_reachable(&self, pos: &Position) -> bool {
        self.reachable[index(pos)]
    }

    /// Every legal position with its value, in table order.
    pub fn positions(&self) -> impl Iterator<Item = (Position, Value)> + '_ {
        self.legal
            .iter()
            .enumerate()
            .filter(|&(_, &legal)| legal)
            .filter_map(move |(i, _)| position_at(i).map(|pos| (pos, self.values[i])))
    }
}
