//! A tiny three-player game: a fixed game tree of depth 3 and branching 3, one ply per player
//! (A, B, C), whose 27 leaves are each a win for one player or a draw, chosen by a hash of the
//! tree's seed and the path. Its max^n value (every player maximises its own reward: 1 for a
//! win, 1/3 for a draw, 0 for a loss) is computed by brute force below.
//!
//! Shared by the MCTS and PUCT tests, modules of the one test program (tests/all.rs).

// Its items are `pub` for those modules, so the reachability lint does not apply here.
#![allow(unreachable_pub)]

use std::fmt;
use std::str::FromStr;

use game_core::{Game, MoveBuffer, Outcome, ParseMoveError, ParsePositionError, Reason};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Seat {
    A,
    B,
    C,
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{self:?}")
    }
}

pub const SEATS: [Seat; 3] = [Seat::A, Seat::B, Seat::C];

impl game_core::PlayerIndex for Seat {
    fn index(self) -> usize {
        self as usize
    }
}

/// Why a test game ended: a leaf of the tree, or the other seat gave up.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum End {
    Leaf,
    Yielded,
}

impl fmt::Display for End {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            End::Leaf => "leaf",
            End::Yielded => "the other yielded",
        })
    }
}
pub const DEPTH: u32 = 3;
pub const BRANCHING: u32 = 3;

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Tree3 {
    pub seed: u64,
    /// The moves so far as base-3 digits, the first move most significant.
    pub path: u32,
    pub depth: u32,
}

impl Tree3 {
    pub fn new(seed: u64) -> Self {
        Tree3 {
            seed,
            path: 0,
            depth: 0,
        }
    }

    /// The leaf's result: 0, 1, 2 a win of A, B, C; 3 a draw.
    pub fn leaf(&self) -> u64 {
        let mut z = self.seed ^ (u64::from(self.path) << 40) ^ 0x9E37_79B9_7F4A_7C15;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        (z ^ (z >> 31)) % 4
    }
}

impl fmt::Display for Tree3 {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {} {}", self.seed, self.path, self.depth)
    }
}

impl FromStr for Tree3 {
    type Err = ParsePositionError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let bad = || ParsePositionError::malformed(0, "expected seed, path and depth");
        let mut fields = text.split(' ');
        let mut next = || fields.next().ok_or_else(bad);
        let seed = next()?.parse().map_err(|_| bad())?;
        let path = next()?.parse().map_err(|_| bad())?;
        let depth = next()?.parse().map_err(|_| bad())?;
        Ok(Tree3 { seed, path, depth })
    }
}

impl Game for Tree3 {
    type Move = u32;
    type Player = Seat;
    type Reason = End;
    const NAME: &'static str = "tree3";
    const PLAYERS: &'static [Seat] = &SEATS;

    fn start() -> Self {
        Tree3::new(0)
    }
    fn to_move(&self) -> Seat {
        SEATS[(self.depth % 3) as usize]
    }
    fn legal_moves_into<B: MoveBuffer<u32>>(&self, moves: &mut B) {
        moves.clear();
        if self.depth < DEPTH {
            moves.extend(0..BRANCHING);
        }
    }
    fn play_unchecked(&mut self, mv: u32) {
        self.path = self.path * BRANCHING + mv;
        self.depth += 1;
    }
    fn outcome(&self) -> Option<game_core::OutcomeOf<Self>> {
        if self.depth < DEPTH {
            return None;
        }
        Some(match self.leaf() {
            3 => Outcome::Draw {
                reason: Reason::Rule(End::Leaf),
            },
            w => Outcome::Winner {
                player: SEATS[w as usize],
                reason: Reason::Rule(End::Leaf),
            },
        })
    }
    fn hash_key(&self) -> u64 {
        u64::from(self.path) << 8 | u64::from(self.depth)
    }
    fn parse_move(&self, text: &str) -> Result<u32, ParseMoveError> {
        text.parse()
            .ok()
            .filter(|&m| m < BRANCHING && self.depth < DEPTH)
            .ok_or_else(|| ParseMoveError::malformed(text, "a branch 0, 1 or 2"))
    }
    fn move_text(&self, mv: u32) -> String {
        mv.to_string()
    }
}

/// The max^n value of `pos` (rewards of A, B, C) and a best move, or `None` when some player
/// has two best choices of equal reward to it but different rewards to the others (then the
/// value depends on how the player breaks ties).
pub fn max_n(pos: Tree3) -> Option<([f64; 3], Option<u32>)> {
    if let Some(outcome) = pos.outcome() {
        let mut r = [0.0; 3];
        match outcome.winner() {
            Some(w) => r[Tree3::player_index(w)] = 1.0,
            None => r = [1.0 / 3.0; 3],
        }
        return Some((r, None));
    }
    let me = Tree3::player_index(pos.to_move());
    let mut best: Option<([f64; 3], u32)> = None;
    let mut tie = false;
    for mv in pos.legal_moves() {
        let mut child = pos;
        child.play_unchecked(mv);
        let (value, _) = max_n(child)?;
        match best {
            // Equal for the mover: harmless when equal for everybody, else ambiguous.
            Some((b, _)) if (value[me] - b[me]).abs() < 1e-9 => tie |= value != b,
            Some((b, _)) if value[me] < b[me] => {}
            _ => {
                best = Some((value, mv));
                tie = false;
            }
        }
    }
    if tie {
        return None;
    }
    best.map(|(v, m)| (v, Some(m)))
}

/// Whether some first move of `pos`, whose max^n value is `value`, gives the first player
/// (A) less than `value` promises it: the trees on which a search's first move is tested.
pub fn a_careless_first_move_costs(pos: Tree3, value: [f64; 3]) -> bool {
    (0..BRANCHING).any(|mv| {
        let mut child = pos;
        child.play_unchecked(mv);
        max_n(child).is_some_and(|(v, _)| v[0] < value[0] - 1e-9)
    })
}
