//! The history draws' property: the game record, both searches and a naive count written here
//! agree on every position of seeded random games, above all where a game ends in a draw by
//! history (repetition, the no-progress rule, the move cap).

use crate::search::{alphabeta, mcts};
use crate::{DrawRules, Game, GameRecord, HistoryDraw, Outcome, Reason, Rng};

/// How many games of a [`check_history_draws`] run ended in each history draw, and how many
/// searches judged the drawing move.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
#[non_exhaustive]
pub struct HistoryDrawCounts {
    /// Games drawn by repetition.
    pub repetition: usize,
    /// Games drawn by the no-progress rule.
    pub no_progress: usize,
    /// Games drawn by the move cap.
    pub move_cap: usize,
    /// Drawing moves an MCTS tree searched from the position before them and found drawn
    /// (a tree that proves a win first never visits the drawing move).
    pub mcts_judged: usize,
    /// Lines alpha-beta judged (none for a game without two players).
    pub alphabeta_judged: usize,
}

/// The naive verdict on the last position of `positions` (reached by `moves`), straight from
/// the rules: its occurrences since the last progress move, the plies since that move, the
/// plies that count toward the cap; and its occurrence count.
fn naive_verdict<G: Game>(
    rules: &DrawRules,
    positions: &[G],
    moves: &[G::Move],
) -> (Option<HistoryDraw>, u32) {
    let i = moves.len();
    let last_progress = (0..i)
        .rev()
        .find(|&j| positions[j].is_progress_move(moves[j]))
        .map_or(0, |j| j + 1);
    let key = positions[i].hash_key();
    let count = positions[last_progress..=i]
        .iter()
        .filter(|p| p.hash_key() == key)
        .count() as u32;
    let no_progress = (i - last_progress) as u32;
    let capped = (0..i)
        .filter(|&j| positions[j].counts_toward_cap(moves[j]))
        .count() as u32;
    let verdict = if rules.repetitions.is_some_and(|n| count >= n) {
        Some(HistoryDraw::Repetition)
    } else if rules.no_progress_plies.is_some_and(|n| no_progress >= n) {
        Some(HistoryDraw::NoProgress)
    } else if rules.move_cap.is_some_and(|n| capped >= n) {
        Some(HistoryDraw::MoveCap)
    } else {
        None
    };
    (verdict, count)
}

/// A random legal move of `pos` after which the game goes on, by the position's own rules, and
/// no reply ends it, when there is one; else one after which the game goes on; else any.
/// (Random play ends most games by a win long before a history draw.)
fn lingering_move<G: Game>(pos: &G, rng: &mut Rng) -> G::Move {
    let moves = pos.legal_moves();
    let after = |mv: G::Move| {
        let mut next = *pos;
        next.play_unchecked(mv);
        next
    };
    let going_on: Vec<G::Move> = moves
        .iter()
        .copied()
        .filter(|&mv| after(mv).outcome().is_none())
        .collect();
    let safe: Vec<G::Move> = going_on
        .iter()
        .copied()
        .filter(|&mv| {
            let next = after(mv);
            next.legal_moves().iter().all(|&reply| {
                let mut last = next;
                last.play_unchecked(reply);
                last.outcome().is_none()
            })
        })
        .collect();
    let pool = [&safe[..], &going_on[..], &moves[..]]
        .into_iter()
        .find(|pool| !pool.is_empty())
        .expect("the game goes on");
    *rng.choose(pool).expect("a pool with moves")
}

/// The history draw a record's outcome names, if any.
fn record_verdict<G: Game>(record: &GameRecord<G>) -> Option<HistoryDraw> {
    match record.outcome()? {
        Outcome::Draw {
            reason: Reason::Repetition,
        } => Some(HistoryDraw::Repetition),
        Outcome::Draw {
            reason: Reason::NoProgress,
        } => Some(HistoryDraw::NoProgress),
        Outcome::Draw {
            reason: Reason::MoveCap,
        } => Some(HistoryDraw::MoveCap),
        _ => None,
    }
}

/// Plays `games` seeded random games under `rules` from `starts` (taking turns), at most
/// `max_plies` plies each (a random move that neither ends the game nor lets the reply end
/// it, when there is one, so that games last until the history ends them), and checks at every position that the record's verdict and
/// repetition count equal the naive ones. For every game that ends in a history draw it also
/// checks the searches on the end of the line: alpha-beta's judgement of each of the last
/// plies, from records of the game cut up to a dozen plies earlier (a history draw by the
/// rules, or any second occurrence, as its docs say), and an MCTS tree searched from the
/// position before the drawing move, which must find that move's position drawn.
///
/// # Panics
/// On the first disagreement, with the game, the ply and the moves.
pub fn check_history_draws<G: Game>(
    starts: &[G],
    rules: DrawRules,
    games: usize,
    seed: u64,
    max_plies: u32,
) -> HistoryDrawCounts {
    let mut counts = HistoryDrawCounts::default();
    let mut rng = Rng::new(seed);
    let default_start = [G::start()];
    let starts = if starts.is_empty() {
        &default_start[..]
    } else {
        starts
    };
    for game in 0..games {
        let mut record = GameRecord::with_rules(starts[game % starts.len()], rules);
        while record.outcome().is_none() && record.len() < max_plies as usize {
            let mv = lingering_move(record.current(), &mut rng);
            record.play(mv).expect("generated moves are legal");
            let positions: Vec<G> = record.positions().collect();
            let (naive, count) = naive_verdict(&rules, &positions, record.moves());
            let what = || {
                format!(
                    "{} game {game} ply {}: {}",
                    G::NAME,
                    record.len(),
                    record.move_texts().join(" ")
                )
            };
            assert_eq!(record.repetition_count(), count, "repetitions, {}", what());
            if record.current().outcome().is_none() {
                assert_eq!(
                    record_verdict(&record),
                    naive,
                    "the record's verdict, {}",
                    what()
                );
            }
        }
        let Some(draw) = record_verdict(&record) else {
            continue;
        };
        match draw {
            HistoryDraw::Repetition => counts.repetition += 1,
            HistoryDraw::NoProgress => counts.no_progress += 1,
            HistoryDraw::MoveCap => counts.move_cap += 1,
        }
        check_searches(&record, &rules, game, &mut counts);
    }
    counts
}

/// The searches' judgement of the end of `record`, a game drawn by history.
fn check_searches<G: Game>(
    record: &GameRecord<G>,
    rules: &DrawRules,
    game: usize,
    counts: &mut HistoryDrawCounts,
) {
    let n = record.len();
    let positions: Vec<G> = record.positions().collect();
    let moves = record.moves();
    let what = format!("{} game {game}: {}", G::NAME, record.move_texts().join(" "));
    // MCTS, from the position before the drawing move.
    let mut before = record.clone();
    let last = before.undo().expect("a drawn game has moves");
    if let Some(value) = mcts::judge_after(&before, last) {
        let draw = mcts::draw_rewards::<G>();
        assert_eq!(value, draw, "MCTS's value of the drawing move, {what}");
        counts.mcts_judged += 1;
    }
    // Alpha-beta, on the last plies from records cut earlier.
    let mut prefix = before;
    for k in (n.saturating_sub(12)..n).rev() {
        if k < n - 1 {
            prefix.undo();
        }
        let Some(judged) = alphabeta::judge_line(&prefix, &moves[k..]) else {
            return;
        };
        for (j, &drawn) in judged.iter().enumerate() {
            let i = k + 1 + j;
            let (naive, count) = naive_verdict(rules, &positions[..=i], &moves[..i]);
            let expected = naive.is_some() || (rules.repetitions.is_some() && count >= 2);
            assert_eq!(
                drawn, expected,
                "alpha-beta's judgement of ply {i} from ply {k}, {what}"
            );
        }
        counts.alphabeta_judged += 1;
    }
}
