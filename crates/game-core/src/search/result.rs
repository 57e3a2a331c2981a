//! What a search answers: the [`SearchResult`] with its move, its [`SearchInfo`] report and
//! the root's move distribution, and the [`Score`] of a position.

use alloc::vec::Vec;
use core::time::Duration;

/// A search's opinion of the position, from the point of view of the player to move at the
/// root.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Score {
    /// A heuristic value in hundredths of the game's unit (a man in draughts, a point in
    /// Cheversi): positive is good for the player to move.
    Centi(i32),
    /// The player to move wins in this many plies with best play.
    WinIn(u32),
    /// The player to move loses in this many plies with best play.
    LossIn(u32),
    /// An exact draw with best play.
    Draw,
    /// The expected reward of the player to move, from 0 (loss) to 1 (win), as MCTS estimates
    /// it (a draw is worth 1/N to each of N players).
    Reward(f64),
}

/// What a search reports: after each iteration of deepening, now and then during MCTS, and at
/// the end.
///
/// `#[non_exhaustive]`, so that a field added later is not a breaking change: an engine
/// outside game-core builds its report with [`SearchInfo::new`] (or [`SearchInfo::empty`] and
/// assignments to the public fields).
///
/// ```
/// use core::time::Duration;
/// use game_core::search::{Score, SearchInfo};
///
/// let info = SearchInfo::new(3, 120, Some(Score::Centi(25)), vec!["e2e4"], Duration::ZERO);
/// assert_eq!((info.depth, info.nodes), (3, 120));
/// assert_eq!(info.pv.first(), Some(&"e2e4"));
/// assert_eq!(SearchInfo::<u8>::empty().score, None);
/// ```
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchInfo<M> {
    /// What was searched, in plies: the depth completed (alpha-beta), or the deepest line this
    /// search walked in its tree (MCTS). Never more than [`Limits::depth`](super::Limits::depth) when one is set
    /// (alpha-beta's single-reply extensions are not counted).
    pub depth: u32,
    /// Positions visited (alpha-beta) or iterations run (MCTS).
    pub nodes: u64,
    /// The value of the root position, when the search has one.
    pub score: Option<Score>,
    /// The principal variation: the best move first.
    pub pv: Vec<M>,
    /// Time since the search started (zero without the `std` feature, which has no clock).
    pub elapsed: Duration,
}

impl<M> SearchInfo<M> {
    /// A report of `depth` plies and `nodes` positions or iterations, with the root's `score`,
    /// the principal variation `pv` and the time `elapsed` since the search started (see the
    /// fields for what each engine counts).
    pub fn new(
        depth: u32,
        nodes: u64,
        score: Option<Score>,
        pv: Vec<M>,
        elapsed: Duration,
    ) -> Self {
        SearchInfo {
            depth,
            nodes,
            score,
            pv,
            elapsed,
        }
    }

    /// An empty report (nothing searched yet).
    pub fn empty() -> Self {
        SearchInfo {
            depth: 0,
            nodes: 0,
            score: None,
            pv: Vec::new(),
            elapsed: Duration::ZERO,
        }
    }
}

/// The answer of a search: the move to play (`None` when the game is over), the final report,
/// and how the search spread its effort over the root's moves.
///
/// ```
/// use game_core::{tictactoe::TicTacToe, Engine, Game, GameRecord, Limits, RandomEngine, StopFlag};
///
/// let record = GameRecord::new(TicTacToe::start());
/// let mut engine = RandomEngine::new(5);
/// let result = engine.search(&record, &Limits::INFINITE, &StopFlag::new(), &mut |_| {});
/// let best = result.best_move.expect("the game goes on");
/// assert!(record.current().is_legal(best));
/// // The random engine weighs each of the nine first moves 1: a uniform distribution.
/// assert_eq!(result.root_distribution.len(), 9);
/// assert!(result.root_probabilities().all(|(_, p)| (p - 1.0 / 9.0).abs() < 1e-12));
/// ```
///
/// `#[non_exhaustive]`: an engine outside game-core builds its answer with
/// [`SearchResult::new`] and [`SearchResult::with_root_distribution`].
#[derive(Clone, Debug, PartialEq)]
#[non_exhaustive]
pub struct SearchResult<M> {
    /// The chosen move, or `None` when the game is over (no legal move).
    pub best_move: Option<M>,
    /// The last report of the search.
    pub info: SearchInfo<M>,
    /// The root's move distribution, for learning code (a policy target) and for bots that
    /// want more than one move: each legal move of the root at most once with a weight, in no
    /// particular order. Divide a weight by the sum of the weights for a probability
    /// ([`SearchResult::root_probabilities`]).
    ///
    /// - MCTS: every root move with its visit count (0 for a move never tried), summed over the
    ///   trees when several threads search;
    /// - [`random::RandomEngine`](super::random::RandomEngine): every legal move with weight 1 (its uniform choice);
    /// - a solver that knows every move's value (Kvarn3's): every legal move, 1 for the best
    ///   ones it chooses among and 0 for the others;
    /// - alpha-beta and the solvers that search for one best move: empty (they rank no other
    ///   move; [`SearchResult::best_move`] is their whole answer).
    ///
    /// Empty as well when the game is over.
    pub root_distribution: Vec<(M, u64)>,
}

impl<M> SearchResult<M> {
    /// A result without a root distribution (see [`SearchResult::root_distribution`]).
    pub fn new(best_move: Option<M>, info: SearchInfo<M>) -> Self {
        SearchResult {
            best_move,
            info,
            root_distribution: Vec::new(),
        }
    }

    /// The same result with `distribution` as its
    /// [`root_distribution`](SearchResult::root_distribution).
    ///
    /// ```
    /// use game_core::search::{SearchInfo, SearchResult};
    ///
    /// let result = SearchResult::new(Some('b'), SearchInfo::empty())
    ///     .with_root_distribution(vec![('a', 1), ('b', 3)]);
    /// let p: Vec<_> = result.root_probabilities().collect();
    /// assert_eq!(p, [(&'a', 0.25), (&'b', 0.75)]);
    /// ```
    pub fn with_root_distribution(self, distribution: Vec<(M, u64)>) -> Self {
        SearchResult {
            root_distribution: distribution,
            ..self
        }
    }

    /// The answer when the game is over: no move, an empty report.
    pub fn game_over() -> Self {
        Self::new(None, SearchInfo::empty())
    }

    /// A move chosen by temperature, for self-play: the move of the root distribution with
    /// weight `w` is drawn with probability proportional to `w^(1/temperature)`, by `rng`
    /// (so a seed fixes the choice). Temperature 1 draws by the visit counts themselves;
    /// toward 0 it approaches the most visited move, and 0 (or less, or NaN) is
    /// [`SearchResult::best_move`] itself. Without a distribution to draw from (empty or all
    /// weights 0: alpha-beta, a finished game) it is `best_move` as well.
    ///
    /// ```
    /// use game_core::search::{SearchInfo, SearchResult};
    /// use game_core::Rng;
    ///
    /// let result = SearchResult::new(Some('b'), SearchInfo::empty())
    ///     .with_root_distribution(vec![('a', 1), ('b', 3), ('c', 0)]);
    /// let mut rng = Rng::new(1);
    /// assert_eq!(result.sample_move(0.0, &mut rng), Some('b'));
    /// // At temperature 1, 'a' comes about a quarter of the time and 'c' never.
    /// let draws: Vec<char> = (0..4000).filter_map(|_| result.sample_move(1.0, &mut rng)).collect();
    /// let a = draws.iter().filter(|&&m| m == 'a').count();
    /// assert!((900..1100).contains(&a), "{a}");
    /// assert!(!draws.contains(&'c'));
    /// ```
    pub fn sample_move(&self, temperature: f64, rng: &mut crate::Rng) -> Option<M>
    where
        M: Copy,
    {
        let most = self.root_distribution.iter().map(|&(_, w)| w).max();
        let Some(most) = most.filter(|&w| w > 0) else {
            return self.best_move;
        };
        if temperature.is_nan() || temperature <= 0.0 {
            return self.best_move;
        }
        // w^(1/T) relative to the greatest weight, so no power overflows: e^((ln w − ln max)/T).
        let ln_most = crate::math::ln(most as f64);
        let weight = |w: u64| {
            if w == 0 {
                0.0
            } else {
                crate::math::exp((crate::math::ln(w as f64) - ln_most) / temperature)
            }
        };
        let total: f64 = self.root_distribution.iter().map(|&(_, w)| weight(w)).sum();
        let mut target = (rng.next_u64() >> 11) as f64 * (1.0 / 9_007_199_254_740_992.0) * total;
        let mut last = None;
        for &(mv, w) in &self.root_distribution {
            let w = weight(w);
            if w > 0.0 {
                last = Some(mv);
                if target < w {
                    return Some(mv);
                }
                target -= w;
            }
        }
        // Rounding left a sliver past the last weight: the last move with weight.
        last
    }

    /// The root distribution over action ids, the policy target of learning code: `policy[id]`
    /// is the share of the root's visits (weights) that went to the move with that id in
    /// `pos` (the root position the search was run on), 0 for every other id. Returns whether
    /// there was a distribution; without one (empty or all weights 0) `policy` is all 0.
    ///
    /// # Panics
    /// When `policy.len()` is not `pos.num_actions()`.
    ///
    /// ```
    /// use game_core::search::mcts::{Mcts, MctsConfig, RandomRollout};
    /// use game_core::{tictactoe::TicTacToe, Actions, Engine, Game, GameRecord, Limits, StopFlag};
    ///
    /// let pos = TicTacToe::start();
    /// let mut engine = Mcts::new(RandomRollout::new(9), MctsConfig::default(), 1);
    /// let result = engine.search(&GameRecord::new(pos), &Limits::iterations(300), &StopFlag::new(), &mut |_| {});
    /// let mut policy = vec![0.0; pos.num_actions()];
    /// assert!(result.action_policy(&pos, &mut policy));
    /// assert!((policy.iter().sum::<f32>() - 1.0).abs() < 1e-6);
    /// ```
    pub fn action_policy<G>(&self, pos: &G, policy: &mut [f32]) -> bool
    where
        G: crate::Actions<Move = M>,
        M: Copy,
    {
        assert_eq!(
            policy.len(),
            pos.num_actions(),
            "the policy has one entry per action id"
        );
        policy.fill(0.0);
        let total: u64 = self.root_distribution.iter().map(|&(_, w)| w).sum();
        if total == 0 {
            return false;
        }
        for &(mv, w) in &self.root_distribution {
            policy[pos.action_id(mv)] = (w as f64 / total as f64) as f32;
        }
        true
    }

    /// The root distribution as probabilities (each weight divided by their sum), in the order
    /// of [`SearchResult::root_distribution`]; nothing when it is empty or all its weights are
    /// 0.
    pub fn root_probabilities(&self) -> impl Iterator<Item = (&M, f64)> + '_ {
        let total: u64 = self.root_distribution.iter().map(|&(_, w)| w).sum();
        self.root_distribution
            .iter()
            .filter(move |_| total > 0)
            .map(move |(mv, w)| (mv, *w as f64 / total as f64))
    }
}
