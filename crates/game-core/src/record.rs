//! The game record: the moves of one game from a start position, with undo and the draws that
//! need the history (repetition, no-progress count, move cap).

use alloc::string::String;
use alloc::vec::Vec;
use core::iter::FusedIterator;
use core::slice;

use thiserror::Error;

use crate::{
    DrawRules, DrawRulesError, DrawTracker, Game, IllegalMoveError, MoveList, Outcome, OutcomeOf,
    ParseMoveError,
};

/// Why a [`GameRecord`] of the game `G` refused a move.
///
/// ```
/// use game_core::{tictactoe::TicTacToe, Game, GameRecord, RecordError};
///
/// let mut record = GameRecord::new(TicTacToe::start());
/// assert!(matches!(record.play_text("b4"), Err(RecordError::Parse(_))));
/// assert!(matches!(record.play(9), Err(RecordError::Illegal(_)))); // off the board
/// for text in ["a1", "a2", "b1", "b2", "c1"] {
///     record.play_text(text)?;
/// }
/// let err = record.play_text("c3").unwrap_err();
/// assert!(matches!(err, RecordError::GameOver(_)));
/// assert_eq!(err.to_string(), "the game is over: winner x (three in a row)");
/// # Ok::<(), RecordError<TicTacToe>>(())
/// ```
#[derive(Clone, Debug, PartialEq, Eq, Error)]
#[non_exhaustive]
pub enum RecordError<G: Game> {
    /// The game has already ended, with this outcome.
    #[error("the game is over: {0}")]
    GameOver(OutcomeOf<G>),
    /// The move text could not be read as a legal move.
    #[error(transparent)]
    Parse(#[from] ParseMoveError),
    /// The move is not legal in the current position.
    #[error(transparent)]
    Illegal(#[from] IllegalMoveError),
}

/// The moves of one game from its start position, and the position they lead to.
///
/// It decides the draws that a single position cannot see: repetition (counted from the
/// positions' hash keys), the no-progress rule and the move cap ([`DrawRules`]), through its
/// [`DrawTracker`], the same one the searches use inside their trees.
///
/// It keeps the start, the current position, the moves and the tracker's few words for each
/// position since the last progress move, and no other position: a position can be far
/// larger than a move (184 bytes on Sundraval's largest board, against a few bytes a move),
/// and a program that holds many games (a server) holds their records. An earlier position is made again from the start by playing
/// the moves ([`GameRecord::positions`], [`GameRecord::position_at`], and
/// [`GameRecord::undo`], which replays all but the last move).
///
/// Asking for the outcome takes constant time; playing a move compares the new position's
/// key with those since the last progress move (the only ones that can repeat).
///
/// ```
/// use game_core::{tictactoe::TicTacToe, Game, GameRecord};
/// let mut record = GameRecord::new(TicTacToe::start());
/// record.play_text("b2")?;
/// record.play_text("a1")?;
/// assert_eq!(record.moves().len(), 2);
/// record.undo();
/// assert_eq!(record.current().to_string(), ".../.x./... o");
/// assert_eq!(record.outcome(), None); // the game goes on
///
/// // X takes the middle column: the record's outcome says who won and why.
/// for text in ["a1", "b1", "c1", "b3"] {
///     record.play_text(text)?;
/// }
/// let outcome = record.outcome().expect("three in a row ends the game");
/// assert_eq!(outcome.winner(), Some(game_core::tictactoe::Mark::X));
/// assert_eq!(outcome.to_string(), "winner x (three in a row)");
/// # Ok::<(), game_core::RecordError<TicTacToe>>(())
/// ```
#[derive(Clone, Debug)]
pub struct GameRecord<G: Game> {
    start: G,
    /// The start with every move of `moves` played.
    current: G,
    moves: Vec<G::Move>,
    /// The history draws: the rules and the counts of every position.
    draws: DrawTracker,
}

impl<G: Game> GameRecord<G> {
    /// A record starting at `start` with the game's own draw rules ([`Game::DRAW_RULES`]).
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game, GameRecord};
    ///
    /// let record = GameRecord::new(TicTacToe::start());
    /// assert_eq!(record.rules(), TicTacToe::DRAW_RULES);
    /// assert_eq!((record.moves().len(), record.positions().len()), (0, 1));
    /// ```
    pub fn new(start: G) -> Self {
        Self::with_rules(start, G::DRAW_RULES)
    }

    /// A record starting at `start` with the given draw rules, taken as they are (see
    /// [`GameRecord::try_with_rules`] for rules that come from outside).
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, DrawRules, Game, GameRecord, Outcome, Reason};
    ///
    /// // A cap of two plies: the game is drawn after the second move.
    /// let mut record = GameRecord::with_rules(TicTacToe::start(), DrawRules::NONE.with_move_cap(Some(2)));
    /// record.play_text("b2")?;
    /// record.play_text("a1")?;
    /// assert_eq!(record.outcome(), Some(Outcome::Draw { reason: Reason::MoveCap }));
    /// # Ok::<(), game_core::RecordError<TicTacToe>>(())
    /// ```
    pub fn with_rules(start: G, rules: DrawRules) -> Self {
        Self {
            start,
            current: start,
            moves: Vec::new(),
            draws: DrawTracker::new(&start, rules),
        }
    }

    /// A record starting at `start` with the given draw rules, once [`DrawRules::validate`]
    /// accepts them.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, DrawRules, Game, GameRecord};
    /// let rules = DrawRules::THREEFOLD.with_move_cap(Some(0));
    /// assert!(GameRecord::try_with_rules(TicTacToe::start(), rules).is_err());
    /// ```
    ///
    /// # Errors
    /// The [`DrawRulesError`] of the first rule value that makes no sense.
    pub fn try_with_rules(start: G, rules: DrawRules) -> Result<Self, DrawRulesError> {
        rules.validate()?;
        Ok(Self::with_rules(start, rules))
    }

    /// The draw rules in force.
    pub fn rules(&self) -> DrawRules {
        self.draws.rules()
    }

    /// The history draws of the game so far: what a search copies to judge the positions of
    /// its lines as this record would.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game, GameRecord};
    ///
    /// let mut record = GameRecord::new(TicTacToe::start());
    /// record.play_text("b2")?;
    /// let tracker = record.draw_tracker();
    /// assert_eq!((tracker.plies(), tracker.key()), (1, record.current().hash_key()));
    /// # Ok::<(), game_core::RecordError<TicTacToe>>(())
    /// ```
    pub fn draw_tracker(&self) -> &DrawTracker {
        &self.draws
    }

    /// The number of plies played (moves made since the start).
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game, GameRecord};
    ///
    /// let mut record = GameRecord::new(TicTacToe::start());
    /// assert_eq!(record.len(), 0);
    /// record.play_text("b2")?;
    /// record.play_text("a1")?;
    /// assert_eq!(record.len(), 2);
    /// record.undo();
    /// assert_eq!(record.len(), 1);
    /// # Ok::<(), game_core::RecordError<TicTacToe>>(())
    /// ```
    pub fn len(&self) -> usize {
        self.moves.len()
    }

    /// Whether no move has been played yet (the record is at its start).
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game, GameRecord};
    ///
    /// let mut record = GameRecord::new(TicTacToe::start());
    /// assert!(record.is_empty());
    /// record.play_text("c3")?;
    /// assert!(!record.is_empty());
    /// # Ok::<(), game_core::RecordError<TicTacToe>>(())
    /// ```
    pub fn is_empty(&self) -> bool {
        self.moves.is_empty()
    }

    /// The start position.
    pub fn start(&self) -> &G {
        &self.start
    }

    /// The current position.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game, GameRecord};
    ///
    /// let mut record = GameRecord::new(TicTacToe::start());
    /// record.play_text("b2")?;
    /// assert_eq!(record.current().to_string(), ".../.x./... o");
    /// assert_eq!(record.start(), &TicTacToe::start());
    /// # Ok::<(), game_core::RecordError<TicTacToe>>(())
    /// ```
    pub fn current(&self) -> &G {
        &self.current
    }

    /// The moves played, in order.
    pub fn moves(&self) -> &[G::Move] {
        &self.moves
    }

    /// Every position of the game, the start first and the current last, each made by
    /// playing the moves from the start (one move a step).
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game, GameRecord};
    ///
    /// let mut record = GameRecord::new(TicTacToe::start());
    /// record.play_text("b2")?;
    /// record.play_text("a1")?;
    /// let texts: Vec<String> = record.positions().map(|pos| pos.to_string()).collect();
    /// assert_eq!(texts, [".../.../... x", ".../.x./... o", ".../.x./o.. x"]);
    /// assert_eq!(record.positions().len(), record.len() + 1);
    /// # Ok::<(), game_core::RecordError<TicTacToe>>(())
    /// ```
    pub fn positions(&self) -> Positions<'_, G> {
        Positions {
            next: Some(self.start),
            moves: self.moves.iter(),
        }
    }

    /// The position after the first `ply` moves (0: the start; [`GameRecord::len`]: the
    /// current position), made by playing them; `None` beyond the current position.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game, GameRecord};
    ///
    /// let mut record = GameRecord::new(TicTacToe::start());
    /// record.play_text("b2")?;
    /// record.play_text("a1")?;
    /// assert_eq!(record.position_at(0), Some(TicTacToe::start()));
    /// assert_eq!(record.position_at(1).map(|pos| pos.to_string()).as_deref(), Some(".../.x./... o"));
    /// assert_eq!(record.position_at(2).as_ref(), Some(record.current()));
    /// assert_eq!(record.position_at(3), None);
    /// # Ok::<(), game_core::RecordError<TicTacToe>>(())
    /// ```
    pub fn position_at(&self, ply: usize) -> Option<G> {
        if ply == self.moves.len() {
            Some(self.current)
        } else {
            self.positions().nth(ply)
        }
    }

    /// How many times the current position has occurred in this game (1 the first time).
    ///
    /// Only positions since the last progress move count: a progress move can never be
    /// undone, so no earlier position can come back.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game, GameRecord};
    ///
    /// // Marks stay on the board, so no tic-tac-toe position occurs twice.
    /// let mut record = GameRecord::new(TicTacToe::start());
    /// record.play_text("a1")?;
    /// assert_eq!(record.repetition_count(), 1);
    /// # Ok::<(), game_core::RecordError<TicTacToe>>(())
    /// ```
    pub fn repetition_count(&self) -> u32 {
        self.draws.repetition_count()
    }

    /// The game's outcome: the position's own, else a draw by the record's rules, else `None`.
    ///
    /// ```
    /// use game_core::tictactoe::{Mark, TicTacToe};
    /// use game_core::{Game, GameRecord};
    ///
    /// let mut record = GameRecord::new(TicTacToe::start());
    /// for text in ["a1", "a2", "b1", "b2", "c1"] {
    ///     record.play_text(text)?;
    /// }
    /// assert_eq!(record.outcome().and_then(|o| o.winner()), Some(Mark::X));
    /// assert!(record.legal_moves().is_empty());
    /// # Ok::<(), game_core::RecordError<TicTacToe>>(())
    /// ```
    pub fn outcome(&self) -> Option<OutcomeOf<G>> {
        if let Some(outcome) = self.current().outcome() {
            return Some(outcome);
        }
        self.draws.draw().map(|draw| Outcome::Draw {
            reason: draw.reason(),
        })
    }

    /// The legal moves now: none once [`GameRecord::outcome`] says the game is over.
    pub fn legal_moves(&self) -> MoveList<G::Move> {
        if self.outcome().is_some() {
            MoveList::new()
        } else {
            self.current().legal_moves()
        }
    }

    /// Plays a move after checking it.
    ///
    /// # Errors
    /// [`RecordError::GameOver`] after the end, [`RecordError::Illegal`] for an illegal move.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game, GameRecord, RecordError};
    ///
    /// let mut record = GameRecord::new(TicTacToe::start());
    /// let b2 = record.current().parse_move("b2").unwrap();
    /// record.play(b2)?;
    /// assert!(matches!(record.play(b2), Err(RecordError::Illegal(_)))); // taken now
    /// assert_eq!(record.moves(), [b2]);
    /// # Ok::<(), RecordError<TicTacToe>>(())
    /// ```
    pub fn play(&mut self, mv: G::Move) -> Result<(), RecordError<G>> {
        if let Some(outcome) = self.outcome() {
            return Err(RecordError::GameOver(outcome));
        }
        let mut next = *self.current();
        next.play(mv)?;
        self.push(mv, next);
        Ok(())
    }

    /// Reads a move in the current position's notation and plays it; returns the move.
    ///
    /// # Errors
    /// [`RecordError::GameOver`] after the end, [`RecordError::Parse`] for text that names no
    /// legal move.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game, GameRecord, RecordError};
    ///
    /// let mut record = GameRecord::new(TicTacToe::start());
    /// let mv = record.play_text("c3")?;
    /// assert_eq!(record.current().move_text(mv), "c3");
    /// assert!(matches!(record.play_text("c3"), Err(RecordError::Parse(_)))); // taken
    /// assert!(matches!(record.play_text("d4"), Err(RecordError::Parse(_)))); // no such point
    /// for text in ["a1", "a3", "b1", "b2", "c1"] {
    ///     record.play_text(text)?;
    /// }
    /// // O has a1, b1, c1: the game is over and refuses more moves.
    /// assert!(matches!(record.play_text("b2"), Err(RecordError::GameOver(_))));
    /// assert_eq!(record.move_texts(), ["c3", "a1", "a3", "b1", "b2", "c1"]);
    /// # Ok::<(), RecordError<TicTacToe>>(())
    /// ```
    pub fn play_text(&mut self, text: &str) -> Result<G::Move, RecordError<G>> {
        if let Some(outcome) = self.outcome() {
            return Err(RecordError::GameOver(outcome));
        }
        let mv = self.current().parse_move(text)?;
        self.play(mv)?;
        Ok(mv)
    }

    fn push(&mut self, mv: G::Move, next: G) {
        self.draws.push(&self.current, mv, &next);
        self.draws.forget_before_progress();
        self.moves.push(mv);
        self.current = next;
    }

    /// Takes back the last move and returns it (`None` at the start). The position before it
    /// is made again by playing the other moves from the start (and so are the draw
    /// tracker's counts, when the move taken back was a progress move).
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game, GameRecord};
    ///
    /// let mut record = GameRecord::new(TicTacToe::start());
    /// let first = record.play_text("b2")?;
    /// record.play_text("a1")?;
    /// record.undo();
    /// assert_eq!(record.undo(), Some(first));
    /// assert_eq!(record.undo(), None); // back at the start
    /// assert_eq!(record.current(), &TicTacToe::start());
    /// # Ok::<(), game_core::RecordError<TicTacToe>>(())
    /// ```
    pub fn undo(&mut self) -> Option<G::Move> {
        let mv = self.moves.pop()?;
        // The tracker remembers the positions since the last progress move only.
        let rebuild = !self.draws.pop();
        if rebuild {
            self.draws.reset(&self.start);
        }
        self.current = self.start;
        for &earlier in &self.moves {
            let before = self.current;
            self.current.play_unchecked(earlier);
            if rebuild {
                self.draws.push(&before, earlier, &self.current);
                self.draws.forget_before_progress();
            }
        }
        Some(mv)
    }

    /// The moves' text, each written in the position it was played from.
    pub fn move_texts(&self) -> Vec<String> {
        self.positions()
            .zip(&self.moves)
            .map(|(pos, &mv)| pos.move_text(mv))
            .collect()
    }
}

/// The positions of a [`GameRecord`], the start first and the current last, made one from
/// the other by playing the record's moves ([`GameRecord::positions`]).
#[derive(Clone, Debug)]
pub struct Positions<'a, G: Game> {
    /// The position the next call returns; `None` once the current one was returned.
    next: Option<G>,
    /// The moves still to play.
    moves: slice::Iter<'a, G::Move>,
}

impl<G: Game> Iterator for Positions<'_, G> {
    type Item = G;

    fn next(&mut self) -> Option<G> {
        let pos = self.next?;
        // The moves were legal when the record took them: no need to check them again.
        self.next = self.moves.next().map(|&mv| {
            let mut after = pos;
            after.play_unchecked(mv);
            after
        });
        Some(pos)
    }

    fn size_hint(&self) -> (usize, Option<usize>) {
        let left = self.moves.len() + usize::from(self.next.is_some());
        (left, Some(left))
    }
}

impl<G: Game> ExactSizeIterator for Positions<'_, G> {}

impl<G: Game> FusedIterator for Positions<'_, G> {}

#[cfg(feature = "serde")]
mod serde_impl {
    //! A record is stored as the version of this stored form ([`FORMAT`]), the game's name,
    //! its board size (for games with several boards), its start position string, its draw
    //! rules and its move texts:
    //!
    //! ```text
    //! {"format":1,"game":"swedish-draughts","size":"8","start":"W:W21,…:B1,…","rules":{…},"moves":["22-18"]}
    //! ```
    //!
    //! It is read back by reading the start on that board ([`Game::parse_position`]) and
    //! replaying the moves, so a stored record is checked when it is loaded: a missing or
    //! unknown format version, a record of another game, a start on another board, or a move
    //! that is not legal is a deserialization error.

    use alloc::borrow::ToOwned;
    use alloc::format;
    use alloc::string::{String, ToString};
    use alloc::vec::Vec;
    use serde::de::Error as _;
    use serde::{Deserialize, Deserializer, Serialize, Serializer};

    use super::{DrawRules, GameRecord};
    use crate::Game;

    /// The version of the stored form that this code writes and the only one it reads. A
    /// later change of the form (a field renamed, moves stored otherwise) raises it, so an old
    /// program refuses a new record instead of misreading it.
    pub(super) const FORMAT: u32 = 1;

    #[derive(Serialize, Deserialize)]
    #[serde(deny_unknown_fields)]
    struct Stored {
        /// [`FORMAT`]: records of another version are refused.
        format: u32,
        /// [`Game::NAME`]: a record of one game is never read as another.
        game: String,
        /// [`Game::board_size`] of the start, for games whose position string does not say it.
        #[serde(default, skip_serializing_if = "Option::is_none")]
        size: Option<crate::BoardSize>,
        start: String,
        rules: DrawRules,
        moves: Vec<String>,
    }

    impl<G: Game> Serialize for GameRecord<G> {
        fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
            Stored {
                format: FORMAT,
                game: G::NAME.to_owned(),
                size: self.start().board_size(),
                start: self.start().to_string(),
                rules: self.rules(),
                moves: self.move_texts(),
            }
            .serialize(serializer)
        }
    }

    impl<'de, G: Game> Deserialize<'de> for GameRecord<G> {
        fn deserialize<D: Deserializer<'de>>(deserializer: D) -> Result<Self, D::Error> {
            let stored = Stored::deserialize(deserializer)?;
            if stored.format != FORMAT {
                return Err(D::Error::custom(format!(
                    "a record of format {}; this version reads format {FORMAT} only",
                    stored.format
                )));
            }
            if stored.game != G::NAME {
                return Err(D::Error::custom(format!(
                    "a record of {:?}, not of {}",
                    crate::excerpt(&stored.game, 0),
                    G::NAME
                )));
            }
            let start = G::parse_position(&stored.start, stored.size).map_err(|e| {
                D::Error::custom(format!("start {:?}: {e}", crate::excerpt(&stored.start, 0)))
            })?;
            let mut record =
                GameRecord::try_with_rules(start, stored.rules).map_err(D::Error::custom)?;
            for (ply, text) in stored.moves.iter().enumerate() {
                record.play_text(text).map_err(|e| {
                    let text = crate::excerpt(text, 0);
                    D::Error::custom(format!("move {} ({text}): {e}", ply + 1))
                })?;
            }
            Ok(record)
        }
    }
}
