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

use crate::position::{Color, Move, Position};
use crate::score::scores;
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

/// The placements left from which the default player hands over to the solver (the solver's
/// own default reach, [`Solver::DEFAULT_MAX_PLACEMENTS_LEFT`]).
pub const DEFAULT_HANDOVER: u8 = Solver::DEFAULT_MAX_PLACEMENTS_LEFT;

/// Alpha-beta with [`RunningScore`] in the opening and middle game, the exact [`Solver`] for
/// the last [`CheversiPlayer::handover`] placements.
///
/// The solver is exact; under a time limit it gets three quarters of the time (and the stop
/// flag), and when it cannot finish in that time the alpha-beta search plays the move in the
/// time left. A score it proves is reported as a win, loss or draw in the plies of its
/// principal variation.
///
/// Limits (see [`Limits`]): a solve searches to the end of the game and counts no budget, so
/// the solver plays only with no limit, under a time limit, or under a depth limit of at least
/// the placements left; under a node or iteration limit, or a shallower depth, the alpha-beta
/// search plays within the limit. The result has no root distribution (both searches rank only
/// their best move).
#[derive(Debug)]
pub struct CheversiPlayer {
    search: AlphaBeta<Position, RunningScore>,
    solver: Solver,
    handover: u8,
}

impl CheversiPlayer {
    /// A player with the given search settings, handing over to the solver at `handover`
    /// placements left (0: never).
    pub fn new(config: AlphaBetaConfig, handover: u8) -> CheversiPlayer {
        let search = match AlphaBeta::new(RunningScore, config) {
            Ok(search) => search,
            // Cheversi has two players, which is all `AlphaBeta::new` checks.
            Err(err) => unreachable!("{err}"),
        };
        CheversiPlayer {
            search,
            solver: Solver::with_table_bits(20).with_max_placements_left(handover),
            handover,
        }
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
    ) -> Option<SearchResult<Move>> {
        let first = self.solver.solve_by(root, time, Some(stop)).ok()?;
        let mut nodes = first.nodes;
        let mut pv = Vec::new();
        let mut pos = *root;
        let mut next = first.best_move;
        while let Some(mv) = next {
            pv.push(mv);
            pos.play_unchecked(mv);
            let Ok(step) = self.solver.solve_by(&pos, time, Some(stop)) else {
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
            SearchInfo {
                depth: plies,
                nodes,
                score: Some(score),
                pv,
                elapsed: core::time::Duration::ZERO,
            },
        ))
    }

    /// Whether `limits` let the solver play from `root`: a solve searches to the end of the
    /// game and cannot be cut at a node or iteration budget, so it runs with no limit, under a
    /// time limit (it gets three quarters of it), or under a depth limit that reaches the end
    /// (at least the placements left); any other limit is left to the alpha-beta search.
    fn solver_may_play(&self, root: &Position, limits: &Limits) -> bool {
        let left = root.placements_left();
        left <= self.handover
            && limits.nodes.is_none()
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
        if record.outcome().is_none() && self.solver_may_play(&root, limits) {
            let time = limits.time.map(|t| (started, t * 3 / 4));
            if let Some(mut result) = self.solve(&root, time, stop) {
                result.info.elapsed = started.elapsed();
                report(&result.info);
                return result;
            }
        }
        let left = Limits {
            time: limits.time.map(|t| t.saturating_sub(started.elapsed())),
            ..*limits
        };
        self.search.search(record, &left, stop, report)
    }

    fn new_game(&mut self) {
        self.search.new_game();
        self.solver.clear();
    }
}

/// The default player's search settings: a 16 MiB table, at most 16 plies (the whole game)
/// when no limit says otherwise, the single-reply extension on.
pub fn default_config() -> AlphaBetaConfig {
    AlphaBetaConfig {
        tt_megabytes: 16,
        max_depth: 16,
        max_extensions: 4,
        name: "alphabeta",
    }
}

/// The default player: [`CheversiPlayer`] with [`default_config`] and the solver from
/// [`DEFAULT_HANDOVER`] placements left. It is deterministic, so `seed` is not used (it is
/// taken for the same signature as every game's default player).
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
    let _ = seed;
    Box::new(CheversiPlayer::new(default_config(), DEFAULT_HANDOVER))
}

/// The `alphabeta` engine of the registry: plain alpha-beta on [`RunningScore`] with
/// [`default_config`], without the solver (the default player adds the solver near the end).
pub fn alphabeta_engine(seed: u64) -> Box<dyn Engine<Position>> {
    let _ = seed;
    match AlphaBeta::new(RunningScore, default_config()) {
        Ok(engine) => Box::new(engine),
        // Cheversi has two players, which is all `AlphaBeta::new` checks.
        Err(err) => unreachable!("{err}"),
    }
}

/// The plies a random rollout of [`mcts_engine`] plays at most: the whole game (16
/// placements), so every rollout is scored by the game's own end.
pub const ROLLOUT_PLY_CAP: u32 = 16;

/// The generic MCTS with uniformly random rollouts to the end of the game, seeded with `seed`.
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
        // A shallower depth, a node or an iteration budget: alpha-beta plays within it.
        let shallow = search(Limits::depth(2));
        assert!(shallow.info.depth <= 2, "depth {}", shallow.info.depth);
        for limits in [Limits::nodes(50), Limits::iterations(20)] {
            let result = search(limits);
            assert!(record.current().is_legal(result.best_move.expect("a move")));
            // Not a proven score: the solver did not play.
            assert!(!matches!(
                result.info.score,
                Some(Score::WinIn(_) | Score::LossIn(_) | Score::Draw)
            ));
            if limits.nodes.is_some() {
                assert!(result.info.nodes <= 50, "{} nodes", result.info.nodes);
            }
        }
    }
}
