//! The default player: alpha-beta on the running score, handing over to the exact endgame
//! [`Solver`] when few placements are left.
//!
//! The running score difference is the natural evaluation of Cheversi: pieces never move or
//! leave, so it is the exact final result when nobody places again, and each placement changes
//! it by a bounded amount. [`RunningScore`] values a position by it (in hundredths of a
//! point, for the player to move). [`CheversiPlayer`] searches with it until
//! [`CheversiPlayer::handover`] placements are left, and from there plays the solver's exact
//! best placement.

use alloc::borrow::ToOwned;
use alloc::boxed::Box;
use alloc::string::String;
use alloc::vec::Vec;
use core::time::Duration;
use game_core::search::mcts::{Mcts, MctsConfig, RandomRollout};
use game_core::search::{AlphaBeta, AlphaBetaConfig, Evaluator, Stopwatch};

use game_core::{Engine, Game, GameRecord, Limits, Score, SearchInfo, SearchResult, StopFlag};

use crate::board::Square;
use crate::position::{Color, Kind, Move, Position};
use crate::score::{greedy_plies, scores};
use crate::solver::Solver;

/// The running score difference, for the player to move, in hundredths of a point.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RunningScore;

impl Evaluator<Position> for RunningScore {
    #[inline]
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let s = scores(pos);
        let me = pos.side_to_move().index();
        (s[me] as i32 - s[1 - me] as i32) * 100
    }
}

/// The greedy rounds [`RoundScore`] plays ahead before it reads the running score.
pub const SETTLE_ROUNDS: u32 = 2;

/// The running score difference, for the player to move, in hundredths of a point, read at the
/// end of a round after both sides have placed greedily for [`SETTLE_ROUNDS`] more rounds (a
/// round is White's placement and Black's answer; a greedy placement is the one with the best
/// running score just after it). With Black to move, Black's greedy placement first finishes
/// the round under way.
///
/// Why the end of a round: the running score favours the side that placed last. A new piece
/// adds its attacks at once and blocks some of the opponent's lines before the opponent can
/// answer, so a search that stops after White's placement and one that stops after Black's
/// disagree by about a placement's worth, with opposite signs: on the plain [`RunningScore`]
/// the alpha-beta reported `cp 1600, -700, 1100, -600, 800` at depths 1 to 5 from one
/// position. Read at the ends of rounds, every horizon has both sides with equally many
/// pieces placed, and the scores of successive depths are comparable.
///
/// Why greedy rounds ahead: what a piece will earn at the end depends on the pieces still to
/// come, which block rays and take attacked squares. A short greedy continuation (a
/// quiescence-like settling step, no branching) predicts the final difference better than the
/// score as it stands: in seeded matches against a depth-4 minimax at equal CPU time per move,
/// two rounds won the most games of 0 to 3 (the results are in the crate README). A leaf costs a few placement generations and a few hundred
/// score evaluations, and allocates nothing.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct RoundScore;

impl Evaluator<Position> for RoundScore {
    #[inline]
    fn evaluate(&mut self, pos: &Position) -> i32 {
        let finish_round = u32::from(pos.side_to_move() == Color::Black);
        greedy_plies(pos, 2 * SETTLE_ROUNDS + finish_round) * 100
    }
}

/// Under a node limit ([`Limits::nodes`]), the positions the default player's solver may
/// visit for each node of the limit it is granted (its share of the limit, like its share of a
/// time limit: three quarters when a solve is likely to finish, else one eighth).
///
/// Why not one: a solver position (one placement generation and a score per child at most)
/// costs far less than an alpha-beta position on [`RoundScore`] (a greedy continuation at
/// every leaf): measured in CPU time, about eight times less (the project's
/// `docs/measurements.md` has the numbers and the commands). Counted one for one, a node
/// limit would give the solver an eighth of the time the limit stands for, and the player
/// would play weaker under a node limit than under the time limit it stands for. The weight
/// is set a little under the measured ratio.
pub const SOLVER_POSITIONS_PER_NODE: u64 = 7;

/// Solver positions searched per second of CPU time, for comparing a time limit with
/// [`typical_solve_positions`]: a little under the rate measured in release (the project's
/// `docs/measurements.md`), so that a solve counted to fit does.
pub(crate) const SOLVER_POSITIONS_PER_SECOND: u64 = 6_000_000;

/// About how many positions the solver searches to solve a position `left` placements from
/// the end with an empty table: the middle of the ranges counted on seeded games' positions
/// (36,000 – 254,000 at 8 left, 0.26 – 1.5 million at 9, 1.3 – 6.7 million at 10, 17 – 56
/// million at 11, 114 – 570 million at 12; the project's `docs/measurements.md`).
pub(crate) const fn typical_solve_positions(left: u8) -> u64 {
    match left {
        0..=7 => 40_000,
        8 => 120_000,
        9 => 700_000,
        10 => 3_500_000,
        11 => 35_000_000,
        12 => 250_000_000,
        _ => u64::MAX,
    }
}

/// The eighths of a limit that the default player's solver gets at `left` placements left:
/// six (three quarters) when the share holds [`typical_solve_positions`] (or there is no
/// time or node limit), else one, a try that seldom finishes but leaves what it learnt in the
/// table for the next move, one placement closer to the end.
///
/// Why: at the strength test's 85,000 nodes a move, three quarters are 446,250 solver
/// positions, and a solve at 10 placements left needs 1.3 – 6.7 million. With a fixed three
/// quarters every such move was played by an alpha-beta search on a quarter of the budget, at
/// the point of the game where most of the engine's results were decided.
pub(crate) fn solver_eighths(left: u8, limits: &Limits) -> u32 {
    const FULL: u32 = 6;
    const TRY: u32 = 1;
    let need = typical_solve_positions(left);
    let by_nodes = limits
        .nodes
        .map(|n| n / 8 * u64::from(FULL) * SOLVER_POSITIONS_PER_NODE);
    let by_time = limits.time.map(|t| {
        let micros = (t.as_micros() / 8 * u128::from(FULL)).min(u128::from(u64::MAX)) as u64;
        micros.saturating_mul(SOLVER_POSITIONS_PER_SECOND / 1_000_000)
    });
    let granted = match (by_nodes, by_time) {
        (None, None) => u64::MAX,
        (Some(n), None) => n,
        (None, Some(t)) => t,
        (Some(n), Some(t)) => n.min(t),
    };
    if granted >= need {
        FULL
    } else {
        TRY
    }
}

/// The square of the default player's king when it opens the game as White (before the seed's
/// symmetry turns it, see [`CheversiPlayer::with_opening_seed`]): `b1`, the opening table's
/// one entry.
///
/// Why a table: from the empty board the alpha-beta search cannot see far enough to tell the
/// king's squares apart (at 85,000 nodes it chose a `c3`-like square). Measured in seeded
/// matches as White against the depth-4 minimax at 85,000 nodes a move, the opponent's first
/// placement random, on seeds 2000–2049, apart from the strength test's evaluation seeds
/// (`CHEVERSI_STRENGTH_KING` in `tests/strength.rs`), W / D / L with the king on each of the
/// ten squares no symmetry maps onto another: a1 48/2/0, b1 50/0/0, c1 46/2/2, d1 41/3/6,
/// b2 46/2/2, c2 47/2/1, d2 49/1/0, c3 48/2/0, d3 45/2/3, d4 40/5/5 (the search's own
/// choice 47/1/2). The best four on 100 more games (seeds 2050–2149): d2 98/1/1, b1 96/1/3,
/// a1 92/7/1, c3 91/7/2, the search's choice 89/8/3; and d2 and b1 on 100 more (2150–2249):
/// 93/5/2 and 95/3/2. Over the 250 games b1 won 241 and lost 5, d2 won 240 and lost 2, the
/// search's choice won 136 of 150: b1 and d2 are equally good within the noise, and b1 was
/// taken for its wins.
pub const OPENING_KING_SQUARE: Square = Square::at_bit(1);

/// The placements left from which the default player hands over to the solver (the solver's
/// own default reach, [`Solver::DEFAULT_MAX_PLACEMENTS_LEFT`]).
pub const DEFAULT_HANDOVER: u8 = Solver::DEFAULT_MAX_PLACEMENTS_LEFT;

/// Alpha-beta with [`RoundScore`] in the opening and middle game, the exact [`Solver`] for
/// the last [`CheversiPlayer::handover`] placements.
///
/// The solver is exact; under a time limit it gets a share of the time (and the stop flag),
/// under a node limit the same share of the nodes (each worth [`SOLVER_POSITIONS_PER_NODE`]
/// solver positions), and when it cannot finish within that the alpha-beta search plays the
/// move with the rest. The share is three quarters when it holds about the positions a solve
/// from that many placements left takes (measured, see [`Solver`]), else one eighth: a try
/// that leaves what it learnt in the solver's table for the next move. (With a fixed three
/// quarters, the strength test's 30,000 nodes a move left the alpha-beta 7,500 nodes at 10
/// placements left, where a solve needs millions of positions and never finished.) A score it
/// proves is reported as a win, loss or draw in the plies of its principal variation.
///
/// Limits (see [`Limits`]): a solve searches to the end of the game, so the solver plays only
/// with no limit, under a time or node limit (with the shares above), or under a depth limit of
/// at least the placements left; under an iteration limit, or a shallower depth, the alpha-beta
/// search plays within the limit. The result has no root distribution (both searches rank only
/// their best move).
#[derive(Debug)]
pub struct CheversiPlayer {
    search: AlphaBeta<Position, RoundScore>,
    solver: Solver,
    handover: u8,
    /// Which of the board's 8 symmetries the first placement of a game is turned by.
    opening_symmetry: u8,
    /// The king's square of White's first placement ([`OPENING_KING_SQUARE`]), or `None` to
    /// search it.
    opening_king: Option<Square>,
}

impl CheversiPlayer {
    /// A player with the given search settings, handing over to the solver at `handover`
    /// placements left (0: never).
    pub fn new(config: AlphaBetaConfig, handover: u8) -> CheversiPlayer {
        let search = match AlphaBeta::new(RoundScore, config) {
            Ok(search) => search,
            // Cheversi has two players, which is all `AlphaBeta::new` checks.
            Err(err) => unreachable!("{err}"),
        };
        CheversiPlayer {
            search,
            solver: Solver::with_table_bits(20).with_max_placements_left(handover),
            handover,
            opening_symmetry: 0,
            opening_king: Some(OPENING_KING_SQUARE),
        }
    }

    /// The same player searching its first placement from the empty board too, instead of
    /// playing the opening table's king ([`OPENING_KING_SQUARE`]).
    pub fn without_opening_table(mut self) -> CheversiPlayer {
        self.opening_king = None;
        self
    }

    /// The same player, turning its first placement of a game (on the empty board) by one of
    /// the board's 8 symmetries chosen by `seed`.
    ///
    /// Why: the empty board is symmetric, so the 8 images of the best first placement are
    /// equally good, and a search (or the opening table, [`OPENING_KING_SQUARE`]) alone always
    /// picks the same one (the default player opened every game as White with the same king
    /// square). Seeding the symmetry varies the games at no cost in strength, and a given seed
    /// still plays the same game.
    pub fn with_opening_seed(mut self, seed: u64) -> CheversiPlayer {
        self.opening_symmetry = (seed % 8) as u8;
        self
    }

    /// The placements left at which the solver takes over.
    pub fn handover(&self) -> u8 {
        self.handover
    }

    /// The solver's answer, with its principal variation (each next move solved in turn: the
    /// solver's table makes those solves cheap).
    /// `None` when the solver could not finish within `time` (a running stopwatch and how long
    /// it may run) or before `stop`; the principal variation stops early where time runs out.
    fn solve(
        &mut self,
        root: &Position,
        time: Option<(Stopwatch, Duration)>,
        stop: &StopFlag,
        budget: Option<u64>,
    ) -> Option<SearchResult<Move>> {
        let first = self.solver.solve_by(root, time, Some(stop), budget).ok()?;
        let mut nodes = first.nodes;
        let mut pv = Vec::new();
        let mut pos = *root;
        let mut next = first.best_move;
        while let Some(mv) = next {
            pv.push(mv);
            pos.play_unchecked(mv);
            let left = budget.map(|b| b.saturating_sub(nodes));
            let Ok(step) = self.solver.solve_by(&pos, time, Some(stop), left) else {
                break;
            };
            nodes += step.nodes;
            next = step.best_move;
        }
        let mine = match root.side_to_move() {
            Color::White => first.score_difference,
            Color::Black => -first.score_difference,
        };
        let plies = pv.len() as u32;
        let score = match mine.cmp(&0) {
            core::cmp::Ordering::Greater => Score::WinIn(plies),
            core::cmp::Ordering::Less => Score::LossIn(plies),
            core::cmp::Ordering::Equal => Score::Draw,
        };
        Some(SearchResult::new(
            first.best_move,
            SearchInfo::new(plies, nodes, Some(score), pv, core::time::Duration::ZERO),
        ))
    }

    /// Whether `limits` let the solver play from `root`: a solve searches to the end of the
    /// game, so it runs with no limit, under a time limit or a node limit (with its share, see
    /// [`solver_eighths`] and [`SOLVER_POSITIONS_PER_NODE`]), or under a depth
    /// limit that reaches the end (at least the placements left); an iteration limit (leaves
    /// valued, which a solve does not count) or a shallower depth is left to the alpha-beta
    /// search.
    fn solver_may_play(&self, root: &Position, limits: &Limits) -> bool {
        let left = root.placements_left();
        left <= self.handover
            && limits.iterations.is_none()
            && limits.depth.is_none_or(|depth| depth >= u32::from(left))
    }
}

impl Engine<Position> for CheversiPlayer {
    fn name(&self) -> String {
        "alphabeta".to_owned()
    }

    fn search(
        &mut self,
        record: &GameRecord<Position>,
        limits: &Limits,
        stop: &StopFlag,
        report: &mut dyn FnMut(&SearchInfo<Move>),
    ) -> SearchResult<Move> {
        let root = *record.current();
        let started = Stopwatch::start();
        if let (0, None, Some(square)) =
            (root.placements_made(), record.outcome(), self.opening_king)
        {
            let mv = Move::new(Kind::King, square.symmetric(self.opening_symmetry));
            let info = SearchInfo::new(0, 0, None, alloc::vec![mv], started.elapsed());
            report(&info);
            return SearchResult::new(Some(mv), info);
        }
        let mut solver_nodes = 0;
        if record.outcome().is_none() && self.solver_may_play(&root, limits) {
            let eighths = solver_eighths(root.placements_left(), limits);
            let time = limits.time.map(|t| (started, t * eighths / 8));
            let share = |n: u64| n / 8 * u64::from(eighths);
            let budget = limits
                .nodes
                .map(|n| share(n).saturating_mul(SOLVER_POSITIONS_PER_NODE));
            if let Some(mut result) = self.solve(&root, time, stop, budget) {
                result.info.elapsed = started.elapsed();
                report(&result.info);
                return result;
            }
            // What the failed solve searched counts against the node limit.
            solver_nodes = limits.nodes.map_or(0, share);
        }
        let mut left = *limits;
        left.time = limits.time.map(|t| t.saturating_sub(started.elapsed()));
        left.nodes = limits.nodes.map(|n| n.saturating_sub(solver_nodes).max(1));
        let mut result = self.search.search(record, &left, stop, report);
        if root.placements_made() == 0 {
            let turn = |mv: Move| Move::new(mv.kind, mv.square.symmetric(self.opening_symmetry));
            result.best_move = result.best_move.map(turn);
            // Every line from the symmetric start has its image, so the whole line turns.
            for mv in &mut result.info.pv {
                *mv = turn(*mv);
            }
        }
        result
    }

    fn new_game(&mut self) {
        self.search.new_game();
        self.solver.clear();
    }
}

/// The default player's search settings: a 16 MiB table, at most 16 plies (the whole game)
/// when no limit says otherwise, the single-reply extension on.
pub fn default_config() -> AlphaBetaConfig {
    AlphaBetaConfig::default()
        .with_tt_megabytes(16)
        .with_max_depth(16)
        .with_max_extensions(4)
        .with_name("alphabeta")
}

/// The default player: [`CheversiPlayer`] with [`default_config`] and the solver from
/// [`DEFAULT_HANDOVER`] placements left, opening as White with the king on
/// [`OPENING_KING_SQUARE`]; `seed` chooses the symmetry of its first placement
/// ([`CheversiPlayer::with_opening_seed`]). Under node or depth limits a seed fixes its play.
///
/// ```
/// use cheversi::{default_engine, Game, GameRecord, Position};
/// use cheversi::game_core::Limits;
///
/// let mut engine = default_engine(1);
/// let record = GameRecord::new(Position::start());
/// let mv = engine.choose_move(&record, &Limits::depth(2)).expect("the game goes on");
/// assert!(record.current().is_legal(mv));
/// ```
pub fn default_engine(seed: u64) -> Box<dyn Engine<Position>> {
    Box::new(CheversiPlayer::new(default_config(), DEFAULT_HANDOVER).with_opening_seed(seed))
}

/// The `alphabeta` engine of the registry: plain alpha-beta on [`RoundScore`] with
/// [`default_config`], without the solver (the default player adds the solver near the end).
pub fn alphabeta_engine(seed: u64) -> Box<dyn Engine<Position>> {
    let _ = seed;
    match AlphaBeta::new(RoundScore, default_config()) {
        Ok(engine) => Box::new(engine),
        // Cheversi has two players, which is all `AlphaBeta::new` checks.
        Err(err) => unreachable!("{err}"),
    }
}

/// The plies a random rollout of [`mcts_engine`] plays at most: the whole game (16
/// placements), so every rollout is scored by the game's own end.
pub const ROLLOUT_PLY_CAP: u32 = 16;

/// The generic MCTS with uniformly random rollouts to the end of the game, seeded with `seed`.
///
/// ```
/// use cheversi::{mcts_engine, Game, GameRecord, Position};
/// use cheversi::game_core::Limits;
///
/// let mut engine = mcts_engine(1);
/// let record = GameRecord::new(Position::start());
/// let mv = engine.choose_move(&record, &Limits::iterations(300)).expect("the game goes on");
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn running_score_is_for_the_player_to_move() {
        // The scores themselves are the crate's (tested in its score tests); here only the
        // sign convention and the unit: hundredths of a point, for the player to move.
        let mut pos = Position::start();
        for text in ["Ke4", "Nd3"] {
            let mv = pos.parse_move(text).expect("move");
            pos.play(mv).expect("legal");
        }
        let [white, black] = pos.scores();
        assert_eq!(pos.side_to_move(), Color::White);
        assert_eq!(
            RunningScore.evaluate(&pos),
            (white as i32 - black as i32) * 100
        );
        let mv = pos.parse_move("Qe3").expect("move");
        pos.play(mv).expect("legal");
        let [white, black] = pos.scores();
        assert_eq!(
            RunningScore.evaluate(&pos),
            (black as i32 - white as i32) * 100
        );
    }

    /// The position `plies` random placements into the game seeded with `seed`.
    fn random_position(seed: u64, plies: usize) -> Position {
        let mut pos = Position::start();
        let mut rng = game_core::Rng::new(seed);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            pos.play_unchecked(*rng.choose(&moves).expect("a move"));
        }
        pos
    }

    /// The scores (hundredths of a point) the alpha-beta on `evaluator` reports at depths 1 to
    /// `depth`.
    fn scores_by_depth<E: Evaluator<Position>>(
        evaluator: E,
        pos: &Position,
        depth: u32,
    ) -> Vec<i32> {
        let config = default_config().with_max_extensions(0);
        let mut search = AlphaBeta::new(evaluator, config).expect("two players");
        let mut reported = Vec::new();
        let record = GameRecord::new(*pos);
        search.search(
            &record,
            &Limits::depth(depth),
            &StopFlag::new(),
            &mut |info| {
                if let Some(Score::Centi(cp)) = info.score {
                    reported.push(cp);
                }
            },
        );
        reported
    }

    /// Whether some two successive depths report scores of opposite signs, both at least
    /// `margin` away from 0 (a score that merely crosses 0 by a little is not a swing).
    fn flips(scores: &[i32], margin: i32) -> bool {
        scores
            .windows(2)
            .any(|w| (w[0] >= margin && w[1] <= -margin) || (w[0] <= -margin && w[1] >= margin))
    }

    /// Opening positions of seeded random games, 3 and 4 placements in (so both sides to
    /// move), searched to depths 1..`depth`: the reported score may drift, but it must not
    /// jump between clearly positive and clearly negative (2 points) from one depth to the
    /// next, as the running score read after alternate sides' placements does.
    fn check_scores_keep_their_sign(depth: u32) {
        let positions: Vec<Position> = (1..=4u64)
            .flat_map(|seed| [random_position(seed, 3), random_position(seed, 4)])
            .collect();
        let mut running_swings = 0;
        for pos in &positions {
            let round = scores_by_depth(RoundScore, pos, depth);
            assert_eq!(round.len(), depth as usize, "{pos}: {round:?}");
            assert!(!flips(&round, 200), "{pos}: RoundScore by depth {round:?}");
            let running = scores_by_depth(RunningScore, pos, depth);
            running_swings += usize::from(flips(&running, 200));
        }
        // The check has teeth: the raw running score swings on most of these positions.
        assert!(running_swings > positions.len() / 2, "{running_swings}");
    }

    #[test]
    fn round_score_keeps_its_sign_from_depth_to_depth() {
        check_scores_keep_their_sign(4);
    }

    /// Depths 1 to 6, in release:
    /// `cargo test --release -p cheversi --lib -- --ignored round_score`.
    #[test]
    #[ignore = "seconds in release, minutes in debug: see the doc comment"]
    fn round_score_keeps_its_sign_from_depth_to_depth_up_to_6() {
        check_scores_keep_their_sign(6);
    }

    #[test]
    fn the_seed_varies_the_first_placement_among_its_images() {
        let record = GameRecord::new(Position::start());
        let mut firsts = Vec::new();
        for seed in 0..8 {
            let mv = default_engine(seed)
                .choose_move(&record, &Limits::depth(1))
                .expect("a first placement");
            assert!(record.current().is_legal(mv));
            firsts.push(mv);
        }
        // All images of one placement: the seed-0 player's, turned by each symmetry.
        for (seed, mv) in firsts.iter().enumerate() {
            assert_eq!(mv.kind, firsts[0].kind);
            assert_eq!(mv.square, firsts[0].square.symmetric(seed as u8));
        }
        // The same seed plays the same placement.
        let again = default_engine(5).choose_move(&record, &Limits::depth(1));
        assert_eq!(again, Some(firsts[5]));
    }

    #[test]
    fn the_default_player_opens_with_the_tables_king_turned_by_the_seed() {
        let record = GameRecord::new(Position::start());
        for seed in 0..8u64 {
            let result = default_engine(seed).search(
                &record,
                &Limits::nodes(85_000),
                &StopFlag::new(),
                &mut |_| {},
            );
            let square = OPENING_KING_SQUARE.symmetric(seed as u8);
            assert_eq!(result.best_move, Some(Move::new(Kind::King, square)));
            // Played from the table: nothing searched.
            assert_eq!(result.info.nodes, 0);
        }
        // Without the table the player searches its first placement (a king, the only kind
        // White may place first).
        let mut searching =
            CheversiPlayer::new(default_config(), DEFAULT_HANDOVER).without_opening_table();
        let result = searching.search(&record, &Limits::depth(1), &StopFlag::new(), &mut |_| {});
        assert!(result.info.nodes > 0);
        assert_eq!(result.best_move.map(|mv| mv.kind), Some(Kind::King));
        // Only the empty board is played from the table.
        let mut pos = Position::start();
        pos.play(Move::new(Kind::King, OPENING_KING_SQUARE))
            .expect("legal");
        let answer = default_engine(0).choose_move(&GameRecord::new(pos), &Limits::depth(1));
        assert!(answer.is_some_and(|mv| mv.kind != Kind::King && pos.is_legal(mv)));
    }

    #[test]
    fn the_solver_gets_three_quarters_only_where_a_solve_fits() {
        // 85,000 nodes: three quarters are 63,750 nodes, 446,250 solver positions; enough
        // for the ~120,000 of 8 left, not for the ~700,000 of 9 or millions of 10.
        let nodes = Limits::nodes(85_000);
        assert_eq!(solver_eighths(8, &nodes), 6);
        assert_eq!(solver_eighths(9, &nodes), 1);
        assert_eq!(solver_eighths(10, &nodes), 1);
        // 100 ms: three quarters are 75 ms, 450,000 positions at 6 million a second.
        let fast = Limits::time(Duration::from_millis(100));
        assert_eq!(solver_eighths(8, &fast), 6);
        assert_eq!(solver_eighths(9, &fast), 1);
        // Two seconds: 9 million positions, enough for 10 left, not for 11.
        let slow = Limits::time(Duration::from_secs(2));
        assert_eq!(solver_eighths(10, &slow), 6);
        assert_eq!(solver_eighths(11, &slow), 1);
        // The tighter of two limits counts; no limit (or a depth alone) lets it solve.
        let both = slow.with_nodes(30_000);
        assert_eq!(solver_eighths(10, &both), 1);
        assert_eq!(solver_eighths(10, &Limits::INFINITE), 6);
        assert_eq!(solver_eighths(10, &Limits::depth(10)), 6);
    }

    #[test]
    fn the_solver_plays_the_last_placements() {
        let mut pos = Position::start();
        let mut rng = game_core::Rng::new(3);
        while pos.placements_left() > 3 && pos.outcome().is_none() {
            let moves = pos.legal_moves();
            pos.play_unchecked(*rng.choose(&moves).expect("a move"));
        }
        let record = GameRecord::new(pos);
        let mut player = CheversiPlayer::new(default_config(), 4);
        let result = player.search(&record, &Limits::INFINITE, &StopFlag::new(), &mut |_| {});
        let exact = crate::solver::solve(&pos).expect("near the end");
        assert_eq!(result.best_move, exact.best_move);
        // The principal variation plays the game out, and its end has the solver's score.
        let mut end = pos;
        for &mv in &result.info.pv {
            end.play(mv).expect("legal");
        }
        assert!(end.outcome().is_some());
        let [white, black] = end.scores();
        assert_eq!(white as i32 - black as i32, exact.score_difference);
    }

    #[test]
    fn the_solver_plays_only_when_the_limits_reach_the_end() {
        let mut pos = Position::start();
        let mut rng = game_core::Rng::new(5);
        while pos.placements_left() > 4 && pos.outcome().is_none() {
            let moves = pos.legal_moves();
            pos.play_unchecked(*rng.choose(&moves).expect("a move"));
        }
        let left = u32::from(pos.placements_left());
        let record = GameRecord::new(pos);
        let mut player = CheversiPlayer::new(default_config(), 4);
        let mut search =
            |limits: Limits| player.search(&record, &limits, &StopFlag::new(), &mut |_| {});
        // A solve searches to the end: it reports the plies to the end, proven.
        let solved = search(Limits::depth(left));
        assert_eq!(solved.info.depth, left);
        assert!(!matches!(solved.info.score, Some(Score::Centi(_))));
        // A shallower depth or an iteration budget: alpha-beta plays within it.
        let shallow = search(Limits::depth(2));
        assert!(shallow.info.depth <= 2, "depth {}", shallow.info.depth);
        let result = search(Limits::iterations(20));
        assert!(record.current().is_legal(result.best_move.expect("a move")));
        // Not a proven score: the solver did not play.
        assert!(!matches!(
            result.info.score,
            Some(Score::WinIn(_) | Score::LossIn(_) | Score::Draw)
        ));
        // A node budget: the solver gets its share of it, and alpha-beta the rest when the
        // solve does not finish; either way a legal move.
        let result = search(Limits::nodes(50));
        assert!(record.current().is_legal(result.best_move.expect("a move")));
    }
}
