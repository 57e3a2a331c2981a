//! The learning checks of `game_core::testing` on tic-tac-toe: they pass on the real
//! implementation, and each catches a planted mistake in a copy of it.

use std::fmt;
use std::str::FromStr;

use game_core::testing::{check_actions, check_actions_tree, check_observation, check_symmetries};
use game_core::tictactoe::{Mark, TicTacToe};
use game_core::{
    grid_symmetry, Actions, Game, MoveBuffer, Observe, OutcomeOf, ParseMoveError,
    ParsePositionError, Symmetries,
};

#[test]
fn tictactoe_passes_every_check() {
    for seed in 0..20 {
        check_actions(TicTacToe::start(), 9, seed);
        check_symmetries(TicTacToe::start(), 9, seed, 2);
        check_observation(TicTacToe::start(), 9, seed);
    }
    check_actions_tree(TicTacToe::start(), 4);
}

#[test]
fn tictactoe_by_hand() {
    let pos: TicTacToe = "x../.o./... x".parse().unwrap();
    // c1 is point 2, its id is 2; a3 (point 6) is taken by x.
    let c1 = pos.parse_move("c1").unwrap();
    assert_eq!(pos.action_id(c1), 2);
    assert_eq!(pos.action_move(6), None);
    assert_eq!(pos.action_move(4), None);
    assert_eq!(pos.action_move(9), None);
    let mut mask = vec![true; 9];
    pos.legal_action_mask(&mut mask);
    assert_eq!(
        mask,
        [true, true, true, true, false, true, false, true, true]
    );
    // The quarter turn (6) takes (row, column) to (column, 2 - row): a3 = (2, 0) goes to
    // (0, 0) = a1; the centre stays.
    let turned = pos.map_position(6);
    assert_eq!(turned.to_string(), ".../.o./x.. x");
    assert_eq!(pos.map_move(6, c1), turned.parse_move("c3").unwrap());
    assert_eq!(pos.map_action(6, 2), Some(8));
    assert_eq!(pos.canonical_key(), turned.canonical_key());
    // Seen by o (not to move): plane 0 holds o's centre, plane 1 x's a3, plane 2 is zeros.
    let mut obs = vec![9.0; 27];
    pos.observe(Mark::O, &mut obs);
    assert_eq!(obs[4], 1.0);
    assert_eq!(obs[9 + 6], 1.0);
    assert_eq!(obs.iter().sum::<f32>(), 2.0);
    pos.observe(Mark::X, &mut obs);
    assert_eq!((obs[6], obs[9 + 4], obs[18], obs[26]), (1.0, 1.0, 1.0, 1.0));
    assert_eq!(obs.iter().sum::<f32>(), 11.0);
}

/// Tic-tac-toe with one planted mistake in its learning interfaces, chosen by `BUG`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Broken<const BUG: u8>(TicTacToe);

impl<const BUG: u8> fmt::Display for Broken<BUG> {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        self.0.fmt(f)
    }
}

impl<const BUG: u8> FromStr for Broken<BUG> {
    type Err = ParsePositionError;
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        text.parse().map(Broken)
    }
}

impl<const BUG: u8> Game for Broken<BUG> {
    type Move = u8;
    type Player = Mark;
    type Reason = game_core::tictactoe::EndReason;
    const NAME: &'static str = "broken-tictactoe";
    const PLAYERS: &'static [Mark] = TicTacToe::PLAYERS;
    fn start() -> Self {
        Broken(TicTacToe::start())
    }
    fn to_move(&self) -> Mark {
        self.0.to_move()
    }
    fn legal_moves_into<B: MoveBuffer<u8>>(&self, moves: &mut B) {
        self.0.legal_moves_into(moves);
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.0.play_unchecked(mv);
    }
    fn outcome(&self) -> Option<OutcomeOf<Self>> {
        self.0.outcome()
    }
    fn hash_key(&self) -> u64 {
        self.0.hash_key()
    }
    fn parse_move(&self, text: &str) -> Result<u8, ParseMoveError> {
        self.0.parse_move(text)
    }
    fn move_text(&self, mv: u8) -> String {
        self.0.move_text(mv)
    }
}

/// `action_move` of a taken point gives that point.
const ACTION_MOVE_OF_TAKEN: u8 = 1;
/// The mask keeps what the buffer held for taken points.
const MASK_NOT_CLEARED: u8 = 2;
/// `legal_actions_into` appends without clearing.
const LIST_NOT_CLEARED: u8 = 3;
/// `map_move` of the left–right mirror uses the top–bottom mirror.
const WRONG_MAP_MOVE: u8 = 4;
/// A "symmetry" that shifts the columns cyclically: every empty point stays empty, so the moves
/// map one to one, but lines are not lines any more.
const COLUMN_SHIFT: u8 = 5;
/// `map_cell` says the identity for every symmetry.
const CELLS_NOT_MAPPED: u8 = 6;
/// `observe` leaves the to-move plane unwritten when the observer is not to move.
const PLANE_NOT_WRITTEN: u8 = 7;

impl<const BUG: u8> Actions for Broken<BUG> {
    fn num_actions(&self) -> usize {
        9
    }
    fn action_id(&self, mv: u8) -> usize {
        self.0.action_id(mv)
    }
    fn action_move(&self, action: usize) -> Option<u8> {
        match BUG {
            ACTION_MOVE_OF_TAKEN if action < 9 => Some(action as u8),
            _ => self.0.action_move(action),
        }
    }
    fn legal_actions_into(&self, out: &mut Vec<usize>) {
        if BUG != LIST_NOT_CLEARED {
            out.clear();
        }
        out.extend(self.0.legal_moves().into_iter().map(usize::from));
    }
    fn legal_action_mask(&self, mask: &mut [bool]) {
        if BUG != MASK_NOT_CLEARED {
            mask.fill(false);
        }
        for mv in self.0.legal_moves() {
            mask[usize::from(mv)] = true;
        }
    }
}

impl<const BUG: u8> Observe for Broken<BUG> {
    fn observation_shape(&self) -> [usize; 3] {
        self.0.observation_shape()
    }
    fn observe(&self, player: Mark, out: &mut [f32]) {
        if BUG == PLANE_NOT_WRITTEN && self.0.to_move() != player {
            let saved: Vec<f32> = out[18..].to_vec();
            self.0.observe(player, out);
            out[18..].copy_from_slice(&saved);
        } else {
            self.0.observe(player, out);
        }
    }
}

/// Cell `(row, column)` shifted one column to the right, cyclically.
fn shift(row: usize, column: usize) -> (usize, usize) {
    (row, (column + 1) % 3)
}

impl<const BUG: u8> Symmetries for Broken<BUG> {
    fn symmetry_count(&self) -> usize {
        if BUG == COLUMN_SHIFT {
            3
        } else {
            8
        }
    }
    fn map_position(&self, symmetry: usize) -> Self {
        if BUG == COLUMN_SHIFT {
            let mut text = String::new();
            let board: Vec<Vec<char>> = self.0.to_string()[..11]
                .split('/')
                .map(|rank| rank.chars().collect())
                .collect();
            for (i, rank) in board.iter().enumerate() {
                if i > 0 {
                    text.push('/');
                }
                for column in 0..3 {
                    text.push(rank[(column + 3 - symmetry % 3) % 3]);
                }
            }
            text.push_str(&self.0.to_string()[11..]);
            // A shifted position may not be one the rules allow (a line for the side to
            // move); such a "symmetry" is wrong anyway: keep the position then.
            return text.parse().unwrap_or(*self);
        }
        Broken(self.0.map_position(symmetry))
    }
    fn map_move(&self, symmetry: usize, mv: u8) -> u8 {
        match BUG {
            WRONG_MAP_MOVE if symmetry == 2 => self.0.map_move(3, mv),
            COLUMN_SHIFT if mv < 9 => {
                let mut cell = (usize::from(mv) / 3, usize::from(mv) % 3);
                for _ in 0..symmetry % 3 {
                    cell = shift(cell.0, cell.1);
                }
                (cell.0 * 3 + cell.1) as u8
            }
            _ => self.0.map_move(symmetry, mv),
        }
    }
    fn map_cell(&self, symmetry: usize, row: usize, column: usize) -> Option<(usize, usize)> {
        match BUG {
            CELLS_NOT_MAPPED => Some((row, column)),
            _ => Some(grid_symmetry(symmetry, 3, 3, row, column)),
        }
    }
}

/// Runs every check along twenty random games.
fn check_all<const BUG: u8>() {
    for seed in 0..20 {
        check_actions(Broken::<BUG>::start(), 9, seed);
        check_symmetries(Broken::<BUG>::start(), 9, seed, 2);
        check_observation(Broken::<BUG>::start(), 9, seed);
    }
}

#[test]
fn the_wrapper_without_a_bug_passes() {
    check_all::<0>();
}

#[test]
#[should_panic(expected = "but no legal move has that id")]
fn an_id_of_a_taken_point_is_caught() {
    check_all::<ACTION_MOVE_OF_TAKEN>();
}

#[test]
#[should_panic(expected = "the mask says true")]
fn a_mask_not_cleared_is_caught() {
    check_all::<MASK_NOT_CLEARED>();
}

#[test]
#[should_panic(expected = "legal_actions_into differs")]
fn a_list_not_cleared_is_caught() {
    check_all::<LIST_NOT_CLEARED>();
}

#[test]
#[should_panic(expected = "differs from mapping and playing")]
fn a_wrong_move_map_is_caught() {
    check_all::<WRONG_MAP_MOVE>();
}

#[test]
#[should_panic(expected = "perft 2 differs")]
fn a_map_that_keeps_the_moves_but_not_the_rules_is_caught() {
    check_all::<COLUMN_SHIFT>();
}

#[test]
#[should_panic(expected = "the mapped observation")]
fn cells_not_mapped_are_caught() {
    check_all::<CELLS_NOT_MAPPED>();
}

#[test]
#[should_panic(expected = "not written?")]
fn an_unwritten_plane_is_caught() {
    check_all::<PLANE_NOT_WRITTEN>();
}
