//! The [`Game`] trait: what every game engine in the workspace offers.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::String;
use alloc::string::ToString;
use alloc::vec::Vec;
use core::fmt::{Debug, Display};
use core::hash::Hash;
use core::str::FromStr;

use crate::draws::DrawRules;
use crate::error::{IllegalMoveError, ParseMoveError, ParsePositionError, SizeError};
use crate::move_list::{MoveBuffer, MoveList};
use crate::outcome::OutcomeOf;
use crate::size::BoardSize;

/// A player's place in the order of play: the index of the player in
/// [`Game::PLAYERS`] (0 for the first to move), so generic code can keep per-player arrays.
///
/// Every [`Game::Player`] implements it; [`Game::player_index`] calls it. The colours declared
/// with [`two_player_color!`](crate::two_player_color) implement it already; a hand-written
/// player type implements it in the order of its game's `PLAYERS`:
///
/// ```
/// use game_core::PlayerIndex;
///
/// #[derive(Clone, Copy, Debug, PartialEq, Eq)]
/// enum Seat {
///     North,
///     East,
///     South,
/// }
///
/// impl PlayerIndex for Seat {
///     fn index(self) -> usize {
///         self as usize
///     }
/// }
///
/// assert_eq!(Seat::South.index(), 2);
/// ```
pub trait PlayerIndex: Copy {
    /// The player's index in [`Game::PLAYERS`]: `Game::PLAYERS[p.index()] == p` for every
    /// player `p`.
    fn index(self) -> usize;
}

/// A position of a game: the whole state needed to list the legal moves and play them.
///
/// A `Game` value is a small `Copy` value; the history of a game (for repetition draws, undo and
/// move lists) lives outside it, in a [`GameRecord`](crate::GameRecord). Every game crate of the
/// workspace implements this trait on its `Position` type, so code written against `Game` works
/// for all of them:
///
/// ```
/// use game_core::Game;
///
/// /// Plays the first legal move until the game ends or `limit` plies have been played.
/// fn play_first_moves<G: Game>(mut pos: G, limit: usize) -> G {
///     let mut moves = Vec::new();
///     for _ in 0..limit {
///         pos.legal_moves_into(&mut moves);
///         match moves.first() {
///             Some(&mv) => pos.play_unchecked(mv),
///             None => break,
///         }
///     }
///     pos
/// }
/// let end = play_first_moves(game_core::tictactoe::TicTacToe::start(), 100);
/// assert!(end.outcome().is_some());
/// ```
pub trait Game:
    Copy + Eq + Debug + Display + FromStr<Err = ParsePositionError> + Send + Sync + 'static
{
    /// A move. Moves are small `Copy` values; their text is read and written through the
    /// position ([`Game::parse_move`], [`Game::move_text`]) because it may depend on it.
    type Move: Copy + Eq + Hash + Debug + Send + Sync + 'static;

    /// A player (a seat at the table). Its `Display` is the lower-case name people read
    /// (`white`, `black`, `red`, …).
    type Player: PlayerIndex + Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;

    /// Why this game ends by its own rules: each crate's `EndReason` enum (`mill`, `no legal
    /// move`, …). Its `Display` is the lower-case phrase people read; the record's own draws
    /// are [`Reason`](crate::Reason) variants beside it.
    type Reason: Copy + Eq + Hash + Debug + Display + Send + Sync + 'static;

    /// The game's name as the command-line tools spell it (`kvarn3`, `swedish-draughts`, …).
    const NAME: &'static str;

    /// Every player, in the order they move (two or three of them).
    const PLAYERS: &'static [Self::Player];

    /// The index of `player` in [`Game::PLAYERS`] (0 for the first to move), so generic code
    /// can keep per-player arrays.
    ///
    /// This is the player's own [`PlayerIndex::index`]: exact and constant-time, with no
    /// search of `PLAYERS` (which could only guess for a value that is not a player).
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// assert_eq!(TicTacToe::NAME, "tictactoe");
    /// let [x, o] = [TicTacToe::PLAYERS[0], TicTacToe::PLAYERS[1]];
    /// assert_eq!((TicTacToe::player_index(x), TicTacToe::player_index(o)), (0, 1));
    /// assert_eq!(TicTacToe::start().to_move(), x); // the first player moves first
    /// ```
    #[inline]
    fn player_index(player: Self::Player) -> usize {
        player.index()
    }

    /// The board sizes the game can be played on (`--size` of the tools), the default first;
    /// empty when the game has a single board.
    const BOARD_SIZES: &'static [BoardSize] = &[];

    /// The history draw rules of this game as the project plays it, used by
    /// [`GameRecord::new`](crate::GameRecord::new): threefold repetition unless the game says
    /// otherwise (Swedish Draughts adds its 50-ply rule; Sundraval, where no position can
    /// repeat, has none).
    const DRAW_RULES: DrawRules = DrawRules::THREEFOLD;

    /// The start position on the default board.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let pos = TicTacToe::start();
    /// assert_eq!(pos.to_string(), ".../.../... x");
    /// assert_eq!(pos.legal_moves().len(), 9);
    /// assert_eq!(pos.outcome(), None);
    /// ```
    fn start() -> Self;

    /// The start position on a board of the given size (one of [`Game::BOARD_SIZES`]).
    ///
    /// # Errors
    /// [`SizeError`] when the game has no board of that size.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, BoardSize, Game};
    ///
    /// // Tic-tac-toe has a single board, so every size is refused.
    /// assert!(TicTacToe::BOARD_SIZES.is_empty());
    /// let err = TicTacToe::start_with_size(BoardSize::Side(4)).unwrap_err();
    /// assert_eq!(err.size, BoardSize::Side(4));
    /// ```
    fn start_with_size(size: BoardSize) -> Result<Self, SizeError> {
        match Self::BOARD_SIZES.first() {
            Some(&default) if size == default => Ok(Self::start()),
            _ => Err(SizeError::unsupported::<Self>(size)),
        }
    }

    /// The size of this position's board, for games with several ([`Game::BOARD_SIZES`]).
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// assert_eq!(TicTacToe::start().board_size(), None); // a single board
    /// ```
    fn board_size(&self) -> Option<BoardSize> {
        None
    }

    /// Reads a position string, on a board of `size` when the caller fixes one.
    ///
    /// The default parses with [`FromStr`] and checks that the position's board has the
    /// requested size; games whose position string does not fix the board size (Swedish
    /// Draughts) override it.
    ///
    /// # Errors
    /// [`ParsePositionError`] when the text is not a position of this game, or (kind
    /// [`SizeMismatch`](crate::ParsePositionErrorKind::SizeMismatch), offset 0) its board does
    /// not have the requested size.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, BoardSize, Game, ParsePositionErrorKind};
    ///
    /// let pos = TicTacToe::parse_position("x../.o./... x", None)?;
    /// assert_eq!(pos.to_string(), "x../.o./... x");
    /// let err = TicTacToe::parse_position("x../.o./... x", Some(BoardSize::Side(5))).unwrap_err();
    /// assert_eq!(err.kind, ParsePositionErrorKind::SizeMismatch);
    /// assert!(TicTacToe::parse_position("x../.o./..", None).is_err()); // no side to move
    /// # Ok::<(), game_core::ParsePositionError>(())
    /// ```
    fn parse_position(text: &str, size: Option<BoardSize>) -> Result<Self, ParsePositionError> {
        let pos: Self = text.parse()?;
        match size {
            None => Ok(pos),
            Some(size) if pos.board_size() == Some(size) => Ok(pos),
            Some(size) => Err(ParsePositionError::with_kind(
                crate::ParsePositionErrorKind::SizeMismatch,
                0,
                match pos.board_size() {
                    Some(actual) => {
                        format!("the position is on a board of size {actual}, not {size}")
                    }
                    None => format!("{} has a single board; no size {size}", Self::NAME),
                },
            )),
        }
    }

    /// The player to move (during a finished game: the player who would move next).
    ///
    /// ```
    /// use game_core::{tictactoe::{Mark, TicTacToe}, Game};
    ///
    /// let mut pos = TicTacToe::start();
    /// assert_eq!(pos.to_move(), Mark::X);
    /// pos.play(pos.parse_move("b2")?)?;
    /// assert_eq!(pos.to_move(), Mark::O);
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn to_move(&self) -> Self::Player;

    /// Clears `moves` and fills it with the legal moves, without allocating once the buffer
    /// has grown large enough. A finished game has no legal moves.
    ///
    /// The buffer is any [`MoveBuffer`]: a `Vec` reused across calls (the hot path of perft
    /// and the searches), or a [`MoveList`] (on the stack for a typical position).
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let mut moves = Vec::new(); // one buffer for a whole loop
    /// let mut pos = TicTacToe::start();
    /// for expected in (1..=9).rev() {
    ///     pos.legal_moves_into(&mut moves);
    ///     assert_eq!(moves.len(), expected);
    ///     pos.play_unchecked(moves[0]);
    ///     if pos.outcome().is_some() {
    ///         break;
    ///     }
    /// }
    /// ```
    ///
    /// The same with a [`MoveList`], which needs no heap memory for a typical position:
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game, MoveList};
    ///
    /// let mut moves = MoveList::new();
    /// TicTacToe::start().legal_moves_into(&mut moves);
    /// assert_eq!(moves.len(), 9);
    /// assert!(!moves.is_spilled());
    /// ```
    fn legal_moves_into<B: MoveBuffer<Self::Move>>(&self, moves: &mut B);

    /// The legal moves in a new [`MoveList`] (convenient, and without heap allocation unless
    /// the position has more than [`MOVE_LIST_INLINE`](crate::MOVE_LIST_INLINE) moves; a loop
    /// reuses one buffer with [`Game::legal_moves_into`]).
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let pos: TicTacToe = "xx./oo./... x".parse()?;
    /// let texts: Vec<String> = pos.legal_moves().into_iter().map(|mv| pos.move_text(mv)).collect();
    /// assert_eq!(texts, ["a1", "b1", "c1", "c2", "c3"]);
    /// assert_eq!(pos.legal_moves(), [0, 1, 2, 5, 8]); // it compares with arrays, slices, vectors
    /// let moves: Vec<u8> = pos.legal_moves().into(); // and converts into a vector
    /// assert_eq!(moves.len(), 5);
    /// # Ok::<(), game_core::ParsePositionError>(())
    /// ```
    fn legal_moves(&self) -> MoveList<Self::Move> {
        let mut moves = MoveList::new();
        self.legal_moves_into(&mut moves);
        moves
    }

    /// The number of legal moves; `scratch` is a reusable buffer. Games with a faster count
    /// than generating the moves (bit counting) override this; perft uses it at the last ply.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let mut scratch = Vec::new();
    /// assert_eq!(TicTacToe::start().count_legal_moves(&mut scratch), 9);
    /// ```
    fn count_legal_moves(&self, scratch: &mut Vec<Self::Move>) -> usize {
        self.legal_moves_into(scratch);
        scratch.len()
    }

    /// The number of positions two plies below this one: for each legal move, the number of
    /// legal moves after it (a finished game has none). `moves` and `scratch` are reusable
    /// buffers. [`perft`](crate::perft) counts its last two plies with it.
    ///
    /// The default, [`count_two_plies_by_moves`](crate::count_two_plies_by_moves), lists the
    /// moves into `moves`, plays each with [`Game::play_unchecked`] and adds the child's
    /// [`Game::count_legal_moves`]. A game overrides it only with an exact faster way, such as
    /// a table of the count for every position of a small game, or a make-move that skips what
    /// counting never reads (the hash key); the override must equal the default on every
    /// position (the game's tests compare the two on random positions), and may call the
    /// default's function where its own way does not apply.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let (mut moves, mut scratch) = (Vec::new(), Vec::new());
    /// let start = TicTacToe::start();
    /// assert_eq!(start.count_two_plies(&mut moves, &mut scratch), 9 * 8);
    /// // X wins with c3, so that move has no replies.
    /// let pos: TicTacToe = "xx./oo./... x".parse()?;
    /// assert_eq!(pos.count_two_plies(&mut moves, &mut scratch), 4 * 4);
    /// # Ok::<(), game_core::ParsePositionError>(())
    /// ```
    fn count_two_plies(&self, moves: &mut Vec<Self::Move>, scratch: &mut Vec<Self::Move>) -> u64 {
        crate::perft::count_two_plies_by_moves(self, moves, scratch)
    }

    /// Whether `mv` is a legal move here.
    ///
    /// The default looks for `mv` among the [`Game::legal_moves`] (in a [`MoveList`], so no
    /// heap allocation for a typical position); every game of the workspace overrides it with
    /// a direct test.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let pos: TicTacToe = "x../.../... o".parse()?;
    /// assert!(!pos.is_legal(6)); // a3 is taken
    /// assert!(pos.is_legal(4)); // b2 is free
    /// assert!(!pos.is_legal(200)); // no such point: not legal, and no panic
    /// # Ok::<(), game_core::ParsePositionError>(())
    /// ```
    fn is_legal(&self, mv: Self::Move) -> bool {
        self.legal_moves().contains(&mv)
    }

    /// Why `mv` is not a legal move here, in words for people, or `None` when it is legal.
    ///
    /// Every game of the workspace says what is wrong (`"a1 is occupied"`, `"capturing is
    /// compulsory"`); the default, for a new game, can only say that the move is not among the
    /// legal moves. [`Game::play`] puts this reason into its [`IllegalMoveError`].
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let pos: TicTacToe = "x../.../... o".parse()?;
    /// assert_eq!(pos.why_illegal(6).as_deref(), Some("the point is taken"));
    /// assert_eq!(pos.why_illegal(4), None);
    /// # Ok::<(), game_core::ParsePositionError>(())
    /// ```
    fn why_illegal(&self, mv: Self::Move) -> Option<String> {
        (!self.is_legal(mv)).then(|| "it is not among the legal moves of the position".to_owned())
    }

    /// Plays `mv` after checking that it is legal; the position is unchanged on error.
    ///
    /// # Errors
    /// [`IllegalMoveError`] when `mv` is not a legal move of this position: the move's
    /// [`move_text`](Game::move_text) and the reason from [`Game::why_illegal`].
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let mut pos = TicTacToe::start();
    /// let b2 = pos.parse_move("b2")?;
    /// pos.play(b2)?;
    /// // The same point again is refused, with the reason, and the position is unchanged.
    /// let err = pos.play(b2).unwrap_err();
    /// assert_eq!((err.mv.as_str(), err.reason.as_str()), ("b2", "the point is taken"));
    /// assert_eq!(pos.to_string(), ".../.x./... o");
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn play(&mut self, mv: Self::Move) -> Result<(), IllegalMoveError> {
        match self.why_illegal(mv) {
            None => {
                self.play_unchecked(mv);
                Ok(())
            }
            Some(reason) => Err(IllegalMoveError::with_reason(self.move_text(mv), reason)),
        }
    }

    /// Plays `mv` without checking it: the fast path for moves taken from
    /// [`Game::legal_moves_into`].
    ///
    /// The contract, the same in every game:
    /// - it **never panics and never causes undefined behaviour**, for any value of
    ///   [`Game::Move`] a user can construct: through the move type's public constructors and
    ///   fields, through serde, or taken from another position (even of another board size);
    /// - after a move that is not legal here (a *foreign* move) the position is unspecified:
    ///   it may not be one the rules can reach, and its text may not read back. But the
    ///   position still answers without panicking (`legal_moves_into`, checked `play`,
    ///   `outcome`, `hash_key`, `Display`, further `play_unchecked`), so a program that mixed
    ///   up its positions finds out from wrong answers, not a crash.
    ///
    /// Use [`Game::play`] for moves from outside. The fuzz target `foreign_moves` (in the
    /// workspace's `fuzz/fuzz_targets/foreign_moves.rs`) plays moves of one position on others
    /// in every game and checks this contract.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let mut pos = TicTacToe::start();
    /// let moves = pos.legal_moves();
    /// pos.play_unchecked(moves[0]); // a move from the legal moves: no check needed
    /// assert_eq!(pos.legal_moves().len(), 8);
    /// ```
    fn play_unchecked(&mut self, mv: Self::Move);

    /// How this position ends the game, or `None` while the game goes on. Draws that need the
    /// history (repetition, move caps) are decided by the [`GameRecord`](crate::GameRecord).
    ///
    /// ```
    /// use game_core::tictactoe::{EndReason, Mark, TicTacToe};
    /// use game_core::{Game, Outcome, Reason};
    ///
    /// let mut pos: TicTacToe = "xx./oo./... x".parse()?;
    /// assert_eq!(pos.outcome(), None);
    /// pos.play(pos.parse_move("c3")?)?;
    /// assert_eq!(
    ///     pos.outcome(),
    ///     Some(Outcome::Winner { player: Mark::X, reason: Reason::Rule(EndReason::ThreeInARow) })
    /// );
    /// assert!(pos.legal_moves().is_empty()); // a finished game has no moves
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn outcome(&self) -> Option<OutcomeOf<Self>>;

    /// The player's score in this position, for games whose rules keep one (`None`
    /// otherwise): the points the tools print after an outcome. The number a display shows
    /// beside each seat, with what it counts, is [`Tally::scoreboard`](crate::Tally::scoreboard),
    /// which shows this score where there is one.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let pos = TicTacToe::start();
    /// assert_eq!(pos.score(pos.to_move()), None); // tic-tac-toe keeps no score
    /// ```
    fn score(&self, player: Self::Player) -> Option<i64> {
        let _ = player;
        None
    }

    /// The lower-case colour name of `player` in this position, for text read by people.
    /// It differs from the player's own `Display` where a seat's colour can change (the pie
    /// rule of Sundraval).
    ///
    /// ```
    /// use game_core::{tictactoe::{Mark, TicTacToe}, Game};
    ///
    /// assert_eq!(TicTacToe::start().color_name(Mark::O), "o"); // the player's own name
    /// ```
    fn color_name(&self, player: Self::Player) -> String {
        player.to_string()
    }

    /// A 64-bit hash of everything that makes two positions the same for repetition: equal
    /// positions have equal keys. It is usually kept up to date incrementally.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let a: TicTacToe = "x../.o./... x".parse()?;
    /// let b: TicTacToe = "x../.o./... x".parse()?;
    /// assert_eq!(a.hash_key(), b.hash_key());
    /// assert_ne!(a.hash_key(), TicTacToe::start().hash_key());
    /// # Ok::<(), game_core::ParsePositionError>(())
    /// ```
    fn hash_key(&self) -> u64;

    /// The hash key computed from scratch; it must equal [`Game::hash_key`]. The conformance
    /// kit compares the two.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let mut pos = TicTacToe::start();
    /// pos.play(pos.parse_move("a1")?)?;
    /// assert_eq!(pos.fresh_hash_key(), pos.hash_key());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn fresh_hash_key(&self) -> u64 {
        self.hash_key()
    }

    /// Reads a move in this position's notation, in either letter case (the
    /// [case rule](crate::error#one-policy-for-every-game): `B2` is `b2`).
    ///
    /// # Errors
    /// [`ParseMoveError`] when the text is malformed, names no legal move, or is ambiguous.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let pos: TicTacToe = "x../.../... o".parse()?;
    /// assert_eq!(pos.parse_move("b2")?, 4);
    /// assert!(pos.parse_move("a3").is_err()); // taken
    /// assert!(pos.parse_move("z9").is_err()); // not a point
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    fn parse_move(&self, text: &str) -> Result<Self::Move, ParseMoveError>;

    /// Writes a legal move of this position in the game's notation. A move that is not legal
    /// here still gets a text, without panicking (checked [`Game::play`] quotes it in its error).
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let pos = TicTacToe::start();
    /// assert_eq!(pos.move_text(0), "a1");
    /// assert_eq!(pos.move_text(8), "c3");
    /// assert_eq!(pos.parse_move(&pos.move_text(5))?, 5); // the text reads back
    /// # Ok::<(), game_core::ParseMoveError>(())
    /// ```
    fn move_text(&self, mv: Self::Move) -> String;

    /// The board drawn for people (several lines of text, larger than the position string),
    /// for terminals and logs; it is not meant to be parsed. The default is the position
    /// string.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let pos = TicTacToe::start();
    /// assert!(!pos.diagram().is_empty()); // for people; tic-tac-toe draws its position string
    /// ```
    fn diagram(&self) -> String {
        self.to_string()
    }

    /// Lines for people shown beside the [`Game::diagram`] (the phase, stones left to place,
    /// the score so far, …); not meant to be parsed. The default has none.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// assert!(TicTacToe::start().details().is_empty()); // nothing to add for tic-tac-toe
    /// ```
    fn details(&self) -> Vec<String> {
        Vec::new()
    }

    /// Whether playing `mv` resets the game record's no-progress count (a capture or a man's
    /// move in draughts). The default, `false`, suits games without such a rule.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let pos = TicTacToe::start();
    /// assert!(!pos.is_progress_move(4)); // no no-progress rule in tic-tac-toe
    /// ```
    fn is_progress_move(&self, mv: Self::Move) -> bool {
        let _ = mv;
        false
    }

    /// Whether playing `mv` counts towards the game record's move cap (Svendo caps movement
    /// moves, not placements). The default counts every ply.
    ///
    /// ```
    /// use game_core::{tictactoe::TicTacToe, Game};
    ///
    /// let pos = TicTacToe::start();
    /// assert!(pos.counts_toward_cap(4)); // every ply counts
    /// ```
    fn counts_toward_cap(&self, mv: Self::Move) -> bool {
        let _ = mv;
        true
    }
}
