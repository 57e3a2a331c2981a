//! A tiny game with cycles, for the record's repetition and no-progress tests.
//!
//! Two players walk one token round a ring of four cells: a move is `on` (one cell on) or
//! `back` (one cell back). Walking onto cell 0 from cell 3 ("crossing the start") is a progress
//! move. The game never ends by itself, so only the record's draw rules end it.

// A module of the one test program (tests/all.rs) that several of its modules use: its items
// are `pub` for them, so the reachability lint does not apply here.
#![allow(unreachable_pub)]

use core::fmt;
use core::str::FromStr;

use game_core::{Game, MoveBuffer, ParseMoveError, ParsePositionError};

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Walker {
    A,
    B,
}

impl game_core::PlayerIndex for Walker {
    fn index(self) -> usize {
        self as usize
    }
}

impl fmt::Display for Walker {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Walker::A => "a",
            Walker::B => "b",
        })
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ring {
    pub cell: u8,
    pub to_move: Walker,
}

impl fmt::Display for Ring {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} {}", self.cell, self.to_move)
    }
}

impl FromStr for Ring {
    type Err = ParsePositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let (cell, side) = s
            .split_once(' ')
            .ok_or_else(|| ParsePositionError::malformed(0, "expected `CELL SIDE`"))?;
        let cell: u8 = cell
            .parse()
            .map_err(|_| ParsePositionError::malformed(0, "bad cell"))?;
        if cell > 3 {
            return Err(ParsePositionError::malformed(0, "cell out of range"));
        }
        let to_move = match side {
            "a" => Walker::A,
            "b" => Walker::B,
            _ => return Err(ParsePositionError::malformed(2, "bad side")),
        };
        Ok(Ring { cell, to_move })
    }
}

impl Game for Ring {
    type Move = i8;
    type Player = Walker;
    /// The ring never ends by itself: only the record's draws end it.
    type Reason = core::convert::Infallible;
    const NAME: &'static str = "ring";
    const PLAYERS: &'static [Walker] = &[Walker::A, Walker::B];

    fn start() -> Self {
        Ring {
            cell: 0,
            to_move: Walker::A,
        }
    }
    fn to_move(&self) -> Walker {
        self.to_move
    }
    fn legal_moves_into<B: MoveBuffer<i8>>(&self, moves: &mut B) {
        moves.clear();
        moves.extend([1, -1]);
    }
    fn play_unchecked(&mut self, mv: i8) {
        self.cell = (self.cell as i8 + mv).rem_euclid(4) as u8;
        self.to_move = match self.to_move {
            Walker::A => Walker::B,
            Walker::B => Walker::A,
        };
    }
    fn outcome(&self) -> Option<game_core::OutcomeOf<Self>> {
        None
    }
    fn hash_key(&self) -> u64 {
        u64::from(self.cell) * 2 + self.to_move as u64
    }
    fn parse_move(&self, text: &str) -> Result<i8, ParseMoveError> {
        // The policy's case rule, as every game reads its moves: `ON` is `on`.
        match &*game_core::notation::fold_case(text) {
            "on" => Ok(1),
            "back" => Ok(-1),
            _ => Err(ParseMoveError::malformed(text, "expected `on` or `back`")),
        }
    }
    fn move_text(&self, mv: i8) -> String {
        if mv > 0 { "on" } else { "back" }.to_owned()
    }
    fn is_progress_move(&self, mv: i8) -> bool {
        self.cell == 3 && mv == 1
    }
}
