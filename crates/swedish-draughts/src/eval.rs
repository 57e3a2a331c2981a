//! The default player: alpha-beta search with a hand-made evaluation of the position.
//!
//! The evaluation is [`DraughtsEval`]; [`default_engine`] puts it under alpha-beta search.

use alloc::boxed::Box;
use game_core::search::mcts::{Mcts, MctsConfig, RandomRollout};
use game_core::search::{AlphaBeta, AlphaBetaConfig, Evaluator};
use game_core::Engine;

use crate::board::{bit_of, shift, Eight, Geometry, Ten, NE, NW, SE, SW};
use crate::position::{Color, Position};

/// The evaluation's weights, in hundredths of a man.
///
/// `#[non_exhaustive]`, so that a term added later is not a breaking change: start from
/// [`Weights::default`] and change weights with the `with_…` methods (the fields stay public
/// to read and to assign).
///
/// ```
/// use swedish_draughts::{alphabeta_with, default_config, DraughtsEval, Weights};
/// use swedish_draughts::game_core::{Engine, Limits};
/// use swedish_draughts::{GameRecord, Position};
///
/// // Dames worth four men, no tempo term.
/// let weights = Weights::default().with_dame(400).with_tempo(0);
/// assert_eq!((weights.man, weights.dame), (100, 400));
/// let mut engine = alphabeta_with(DraughtsEval::new(weights), default_config());
/// let record = GameRecord::new(Position::start());
/// assert!(engine.choose_move(&record, &Limits::depth(3)).is_some());
/// ```
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Weights {
    /// A man.
    pub man: i32,
    /// A dame.
    pub dame: i32,
    /// Per row a man has advanced from its own first row.
    pub advance: i32,
    /// Per man on its own first row while the opponent has men.
    pub guard: i32,
    /// Per free one-step move.
    pub mobility: i32,
    /// For the player to move.
    pub tempo: i32,
}

impl Default for Weights {
    /// Man 100, dame 300, advance 4 a row, guard 12, mobility 3, tempo 10.
    fn default() -> Self {
        Weights {
            man: 100,
            dame: 300,
            advance: 4,
            guard: 12,
            mobility: 3,
            tempo: 10,
        }
    }
}

impl Weights {
    /// The same weights with a man worth `man`.
    pub const fn with_man(self, man: i32) -> Self {
        Weights { man, ..self }
    }

    /// The same weights with a dame worth `dame`.
    pub const fn with_dame(self, dame: i32) -> Self {
        Weights { dame, ..self }
    }

    /// The same weights with `advance` per row a man has advanced.
    pub const fn with_advance(self, advance: i32) -> Self {
        Weights { advance, ..self }
    }

    /// The same weights with `guard` per man on its own first row.
    pub const fn with_guard(self, guard: i32) -> Self {
        Weights { guard, ..self }
    }

    /// The same weights with `mobility` per free one-step move.
    pub const fn with_mobility(self, mobility: i32) -> Self {
        Weights { mobility, ..self }
    }

    /// The same weights with `tempo` for the player to move.
    pub const fn with_tempo(self, tempo: i32) -> Self {
        Weights { tempo, ..self }
    }
}

/// The default evaluation of Swedish Draughts positions: a sum of a few terms, each computed for both sides with
/// a handful of bit counts on the position's bitboards (no move generation), in hundredths of a
/// man for the player to move:
/// - **material**: a man is worth [`Weights::man`], a dame [`Weights::dame`] (a flying dame
///   controls whole diagonals, so it is worth several men);
/// - **advancement**: each man gains [`Weights::advance`] per row it has advanced from its own
///   first row (men that near promotion tie the opponent down);
/// - **back-rank guard**: each man still on its own first row gains [`Weights::guard`] while
///   the opponent has men that could be promoted there (a guarded back rank keeps them out);
/// - **mobility**: each free one-step move of a man (forward) or a dame (any diagonal) gains
///   [`Weights::mobility`] (a side with few free moves is soon forced into bad exchanges);
/// - **tempo**: the player to move gains [`Weights::tempo`] (having the move is worth a little,
///   and the term makes odd and even search depths agree better).
///
/// Captures are compulsory, so the search needs no quiescence search: when one capture is
/// forced, the single-reply extension of the search
/// ([`AlphaBetaConfig::max_extensions`](game_core::search::AlphaBetaConfig)) looks one ply
/// further at no cost in depth.
///
/// `#[non_exhaustive]`: build one with [`DraughtsEval::new`] or [`DraughtsEval::default`].
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct DraughtsEval {
    /// The weights of the terms.
    pub weights: Weights,
}

impl DraughtsEval {
    /// The evaluation with `weights`.
    pub const fn new(weights: Weights) -> Self {
        DraughtsEval { weights }
    }
}

/// The bitboard of each row (row 0 holds squares 1 ..= R, Black's first row and White's far
/// one), for `r` squares per rank.
const fn row_masks(r: u32) -> [u64; 10] {
    let mut rows = [0u64; 10];
    let mut s = 1;
    while s <= 2 * r * r {
        rows[((s - 1) / r) as usize] |= 1 << bit_of(r, s);
        s += 1;
    }
    rows
}

const TEN_ROWS: [u64; 10] = row_masks(5);
const EIGHT_ROWS: [u64; 10] = row_masks(4);

/// The free one-step moves in direction `dir` of the pieces `from` onto `empty`.
#[inline(always)]
fn steps<G: Geometry>(from: u64, dir: usize, empty: u64) -> u32 {
    let (by, mask) = G::STEP[dir];
    (shift(from & mask, by) & empty).count_ones()
}

impl DraughtsEval {
    /// The value of `color`'s pieces alone (the terms above except tempo).
    #[inline(always)]
    fn side<G: Geometry>(&self, pos: &Position, color: Color, rows: &[u64; 10]) -> i32 {
        let w = &self.weights;
        let own = pos.piece_bits(color);
        let theirs = pos.piece_bits(color.other());
        let men = own & !pos.dames;
        let dames = own & pos.dames;
        let empty = G::BOARD & !(pos.white | pos.black);
        let row_count = 2 * G::R as usize;
        // Advancement: rows counted from the colour's own first row.
        let mut advanced = 0i32;
        for (row, &mask) in rows.iter().take(row_count).enumerate() {
            let count = (men & mask).count_ones() as i32;
            let from_start = match color {
                Color::White => row_count - 1 - row,
                Color::Black => row,
            };
            advanced += count * from_start as i32;
        }
        let (first_row, forward) = match color {
            Color::White => (G::BLACK_FAR, [NW, NE]),
            Color::Black => (G::WHITE_FAR, [SW, SE]),
        };
        let guards = if theirs & !pos.dames != 0 {
            (men & first_row).count_ones() as i32
        } else {
            0
        };
        let mut mobility = steps::<G>(men, forward[0], empty) + steps::<G>(men, forward[1], empty);
        if dames != 0 {
            for dir in [NW, NE, SW, SE] {
                mobility += steps::<G>(dames, dir, empty);
            }
        }
        w.man * men.count_ones() as i32
            + w.dame * dames.count_ones() as i32
            + w.advance * advanced
            + w.guard * guards
            + w.mobility * mobility as i32
    }

    #[inline(always)]
    fn on<G: Geometry>(&self, pos: &Position, rows: &[u64; 10]) -> i32 {
        let me = pos.side_to_move();
        self.side::<G>(pos, me, rows) - self.side::<G>(pos, me.other(), rows) + self.weights.tempo
    }
}

impl Evaluator<Position> for DraughtsEval {
    #[inline]
    fn evaluate(&mut self, pos: &Position) -> i32 {
        if pos.eight {
            self.on::<Eight>(pos, &EIGHT_ROWS)
        } else {
            self.on::<Ten>(pos, &TEN_ROWS)
        }
    }
}

/// The deepest iteration of the default player when the caller sets no depth, node or time
/// limit (a few seconds of search in a release build).
pub const DEFAULT_MAX_DEPTH: u32 = 12;

/// The default player's search settings: a 16 MiB table, at most [`DEFAULT_MAX_DEPTH`] plies
/// when no limit says otherwise, the single-reply extension on.
pub fn default_config() -> AlphaBetaConfig {
    AlphaBetaConfig::default()
        .with_tt_megabytes(16)
        .with_max_depth(DEFAULT_MAX_DEPTH)
        .with_max_extensions(8)
        .with_name("alphabeta")
}

/// The default player: alpha-beta with [`DraughtsEval`] and [`default_config`]. Alpha-beta is
/// deterministic, so `seed` is not used (it is taken for the same signature as every game's
/// default player).
///
/// ```
/// use swedish_draughts::{BoardSize, default_engine, Game, GameRecord, Position};
/// use swedish_draughts::game_core::Limits;
///
/// let mut engine = default_engine(1);
/// let record = GameRecord::new(Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board"));
/// let mv = engine.choose_move(&record, &Limits::depth(3)).expect("the game goes on");
/// assert!(record.current().is_legal(mv));
/// ```
pub fn default_engine(seed: u64) -> Box<dyn Engine<Position>> {
    let _ = seed;
    Box::new(alphabeta_with(DraughtsEval::default(), default_config()))
}

/// The `alphabeta` engine of the registry: the default player (alpha-beta with
/// [`DraughtsEval`]), under the name every game uses.
pub fn alphabeta_engine(seed: u64) -> Box<dyn Engine<Position>> {
    default_engine(seed)
}

/// The plies a random rollout of [`mcts_engine`] plays at most (a draw when it stops there).
pub const ROLLOUT_PLY_CAP: u32 = 100;

/// The generic MCTS with uniformly random rollouts of at most [`ROLLOUT_PLY_CAP`] plies,
/// seeded with `seed` (a reference to compare the default player with).
///
/// ```
/// use swedish_draughts::{mcts_engine, Game, GameRecord, Position};
/// use swedish_draughts::game_core::Limits;
///
/// let mut engine = mcts_engine(1);
/// let record = GameRecord::new(Position::start());
/// let mv = engine.choose_move(&record, &Limits::iterations(200)).expect("the game goes on");
/// assert!(record.current().is_legal(mv));
/// assert_eq!(engine.name(), "mcts");
/// ```
pub fn mcts_engine(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(Mcts::new(
        RandomRollout::new(ROLLOUT_PLY_CAP),
        MctsConfig::default(),
        seed,
    ))
}

/// An alpha-beta engine with the given evaluation and settings.
pub fn alphabeta_with(
    eval: DraughtsEval,
    config: AlphaBetaConfig,
) -> AlphaBeta<Position, DraughtsEval> {
    match AlphaBeta::new(eval, config) {
        Ok(engine) => engine,
        // Swedish Draughts has two players, which is all `AlphaBeta::new` checks.
        Err(err) => unreachable!("{err}"),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use game_core::{BoardSize, Game};

    fn eval(text: &str, size: u32) -> i32 {
        let pos = Position::parse_position(text, Some(BoardSize::Side(size))).expect("position");
        DraughtsEval::default().evaluate(&pos)
    }

    #[test]
    fn the_start_is_worth_the_tempo_only() {
        // Symmetric: every term cancels but the mover's tempo.
        let w = Weights::default();
        assert_eq!(
            DraughtsEval::default().evaluate(&Position::start()),
            w.tempo
        );
        assert_eq!(
            DraughtsEval::default()
                .evaluate(&Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board")),
            w.tempo
        );
    }

    #[test]
    fn terms_counted_by_hand() {
        let w = Weights::default();
        // 10x10. White man on 28 (row 5, 4 rows from White's first row 9), Black man on 3
        // (row 0, its own first row, guarding while White has a man). White to move.
        // White: 100 + 4*4 + mobility 2 (22 and 23 free) = 100 + 16 + 6.
        // Black: 100 + 0 + guard 12 + mobility 2 (8 and 9) * 3.
        let white = w.man + 4 * w.advance + 2 * w.mobility;
        let black = w.man + w.guard + 2 * w.mobility;
        assert_eq!(eval("W:W28:B3", 10), white - black + w.tempo);
        // The same from Black's side.
        assert_eq!(eval("B:W28:B3", 10), black - white + w.tempo);
        // A white dame on 28: four free diagonal steps, no advancement term; Black's man on 3
        // no longer guards (White has no man).
        let white = w.dame + 4 * w.mobility;
        let black = w.man + 2 * w.mobility;
        assert_eq!(eval("W:WK28:B3", 10), white - black + w.tempo);
        // 8x8: White man on 21 (row 5 on 8x8 is squares 21-24: its own first row is row 7,
        // 29-32), so 2 rows advanced; it steps to 17 only (edge). Black dame on 32: two
        // steps (27 and 28).
        let white = w.man + 2 * w.advance + w.mobility;
        let black = w.dame + 2 * w.mobility;
        assert_eq!(eval("W:W21:BK32", 8), white - black + w.tempo);
    }
}
