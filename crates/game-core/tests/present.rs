//! The presentation checks of the testing kit (`testing::present`: the texts, the tally) on a
//! tic-tac-toe that a page could show: one version as the checks want it, and versions with
//! one flaw each, which the checks must catch. Also the `Scoreboard` helpers and
//! `Describe::parse_point`.

use game_core::testing::present::{check_tally, check_texts};
use game_core::tictactoe::{Mark, TicTacToe};
use game_core::{
    Describe, Engine, Game, Gesture, Gestures, HandEntry, MoveBuffer, ParseMoveError,
    ParsePointError, RandomEngine, Scoreboard, SvgOptions, Tally,
};

/// A point of the board by its name, `a1` … `c3` (lower case only, as a game's `FromStr`).
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
struct Cell(u8);

impl core::fmt::Display for Cell {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        write!(f, "{}", TicTacToe::start().move_text(self.0))
    }
}

impl core::str::FromStr for Cell {
    type Err = ParsePointError;
    fn from_str(text: &str) -> Result<Cell, ParsePointError> {
        match *text.as_bytes() {
            [file @ b'a'..=b'c', rank @ b'1'..=b'3'] => Ok(Cell((rank - b'1') * 3 + file - b'a')),
            _ => Err(ParsePointError::new(text, "a point is a1 … c3")),
        }
    }
}

/// The version with no flaw.
const FINE: u8 = 0;
/// The summary is two sentences.
const TWO_SENTENCES: u8 = 1;
/// The gestures use a choice that `CHOICES` does not list.
const UNLISTED_CHOICE: u8 = 2;
/// The scoreboard differs from the game's own score.
const WRONG_SCORE: u8 = 3;
/// A placement's choice names a kind the mover has none left of.
const EMPTY_HAND: u8 = 4;
/// A choice's name is not mentioned in how to move.
const UNEXPLAINED_CHOICE: u8 = 5;

/// Tic-tac-toe with marks placed from a hand of five (X) and four (O): a click and the choice
/// `X` or `O`; the game's own score is the marks on the board. `FLAW` breaks one promise.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Shown<const FLAW: u8>(TicTacToe);

impl<const FLAW: u8> core::fmt::Display for Shown<FLAW> {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

impl<const FLAW: u8> core::str::FromStr for Shown<FLAW> {
    type Err = game_core::ParsePositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse().map(Shown)
    }
}

impl<const FLAW: u8> Shown<FLAW> {
    /// The marks `mark` has on the board, from the position string.
    fn marks(&self, mark: Mark) -> i64 {
        let letter = if mark == Mark::X { 'x' } else { 'o' };
        let text = self.0.to_string();
        let board = text.split(' ').next().unwrap_or_default();
        board.chars().filter(|&c| c == letter).count() as i64
    }
}

impl<const FLAW: u8> Game for Shown<FLAW> {
    type Move = u8;
    type Player = Mark;
    type Reason = game_core::tictactoe::EndReason;
    const NAME: &'static str = "shown";
    const PLAYERS: &'static [Mark] = TicTacToe::PLAYERS;
    fn start() -> Self {
        Shown(TicTacToe::start())
    }
    fn to_move(&self) -> Mark {
        self.0.to_move()
    }
    fn legal_moves_into<B: MoveBuffer<u8>>(&self, moves: &mut B) {
        self.0.legal_moves_into(moves)
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.0.play_unchecked(mv);
    }
    fn outcome(&self) -> Option<game_core::OutcomeOf<Self>> {
        self.0.outcome()
    }
    fn score(&self, player: Mark) -> Option<i64> {
        Some(self.marks(player))
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

impl<const FLAW: u8> Tally for Shown<FLAW> {
    fn scoreboard(&self) -> Option<Scoreboard<Mark>> {
        let bonus = i64::from(FLAW == WRONG_SCORE);
        Some(Scoreboard::new(
            "marks",
            vec![
                (Mark::X, self.marks(Mark::X) + bonus),
                (Mark::O, self.marks(Mark::O)),
            ],
        ))
    }

    fn hand(&self, player: Mark) -> Vec<HandEntry> {
        let (kind, choice, start) = match player {
            Mark::X => ("cross", "X", 5),
            Mark::O => ("nought", "O", 4),
        };
        let left = if FLAW == EMPTY_HAND {
            0
        } else {
            start - self.marks(player) as u32
        };
        vec![HandEntry::new(kind, Some(choice), left)]
    }
}

impl<const FLAW: u8> Describe for Shown<FLAW> {
    type Point = Cell;
    const TITLE: &'static str = "Shown";
    const SUMMARY: &'static str = if FLAW == TWO_SENTENCES {
        "Three in a row. Shown."
    } else {
        "Three in a row, on a board a page can show."
    };
    const RULES: &'static str = "# Shown tic-tac-toe\n\nThree in a row wins.\n";
    const HOW_TO_MOVE: &'static [&'static str] = if FLAW == UNEXPLAINED_CHOICE {
        &["Click an empty point."]
    } else {
        &["Pick your cross or nought, then click an empty point."]
    };
    const CHOICES: &'static [(&'static str, &'static str)] = if FLAW == UNLISTED_CHOICE {
        &[("X", "cross")]
    } else {
        &[("X", "cross"), ("O", "nought")]
    };

    fn points(&self) -> Vec<Cell> {
        (0..9).map(Cell).collect()
    }
    fn to_svg(&self, _options: &SvgOptions<Cell, u8>) -> String {
        String::from("<svg xmlns=\"http://www.w3.org/2000/svg\"/>")
    }
    fn default_engine(seed: u64) -> Box<dyn Engine<Self>> {
        Box::new(RandomEngine::new(seed))
    }
    fn mcts_engine(seed: u64) -> Box<dyn Engine<Self>> {
        Box::new(RandomEngine::new(seed))
    }
}

impl<const FLAW: u8> Gestures for Shown<FLAW> {
    fn gesture(&self, mv: u8) -> Gesture<Cell> {
        let choice = if self.to_move() == Mark::X { "X" } else { "O" };
        Gesture::with_choice(vec![Cell(mv)], choice)
    }
}

/// The tally along one game: X on a1, O on b2, X on c3.
fn tally_along_a_game<const FLAW: u8>() {
    let mut pos = Shown::<FLAW>::start();
    for mv in [0, 4, 8] {
        check_tally(&pos);
        pos.play(mv).expect("legal");
    }
    check_tally(&pos);
}

#[test]
fn a_game_as_the_checks_want_it_passes() {
    check_texts::<Shown<FINE>>();
    tally_along_a_game::<FINE>();
    let pos: Shown<FINE> = "x../.o./... x".parse().expect("a position");
    let shape = check_tally(&pos);
    assert!(shape.scored);
    assert_eq!(
        shape.hands,
        [vec![("cross", Some("X"))], vec![("nought", Some("O"))]]
    );
}

#[test]
#[should_panic(expected = "is one sentence")]
fn a_summary_of_two_sentences_fails() {
    check_texts::<Shown<TWO_SENTENCES>>();
}

#[test]
#[should_panic(expected = "does not mention")]
fn a_choice_that_how_to_move_does_not_explain_fails() {
    check_texts::<Shown<UNEXPLAINED_CHOICE>>();
}

#[test]
#[should_panic(expected = "not among CHOICES")]
fn a_choice_missing_from_choices_fails() {
    tally_along_a_game::<UNLISTED_CHOICE>();
}

#[test]
#[should_panic(expected = "differs from the game's score")]
fn a_scoreboard_that_is_not_the_games_score_fails() {
    tally_along_a_game::<WRONG_SCORE>();
}

#[test]
#[should_panic(expected = "has no more of in hand")]
fn a_placement_of_a_kind_no_longer_in_hand_fails() {
    tally_along_a_game::<EMPTY_HAND>();
}

#[test]
fn a_scoreboard_finds_numbers_and_the_leader() {
    let board = Scoreboard::new("marks", vec![(Mark::X, 2), (Mark::O, 2)]);
    assert_eq!((board.of(Mark::X), board.of(Mark::O)), (Some(2), Some(2)));
    assert_eq!(board.leader(), None); // a tie has no leader
    let board = Scoreboard::new("marks", vec![(Mark::X, 1), (Mark::O, 3)]);
    assert_eq!(board.leader(), Some(Mark::O));
    let empty: Scoreboard<Mark> = Scoreboard::new("marks", Vec::new());
    assert_eq!((empty.of(Mark::X), empty.leader()), (None, None));
}

#[test]
fn points_are_read_for_people_in_either_case() {
    // `FromStr` reads the canonical name only; `parse_point` folds the case and trims.
    assert!("B2".parse::<Cell>().is_err());
    assert_eq!(Shown::<FINE>::parse_point(" B2 "), Ok(Cell(4)));
    assert_eq!(Shown::<FINE>::parse_point("c3"), Ok(Cell(8)));
    let err = Shown::<FINE>::parse_point("D4").expect_err("no such point");
    assert_eq!(
        (err.text.as_str(), err.reason.as_str()),
        ("D4", "a point is a1 … c3")
    );
}
