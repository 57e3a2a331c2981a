//! Fuzz target for sundraval: a seed position of every board size past the opening (see
//! `boardrules_fuzz` for the input layout) edited into near-misses, then move texts and move
//! indices, through the shared driver (`game_core::testing::fuzz_game`: text and hash round
//! trips, moves exactly while the game goes on, checked play, refusals); here also: the score
//! breakdown "as if the game ended now" covers the board, and both scoring rules decide (in
//! the first position of an input and every fourth after it; `sundraval_scores` checks
//! finished boards).
//!
//! There is no raw layout here: text that is no position would fall back to the start, and the
//! opening's tens of thousands of moves would slow every run to a crawl.

#![no_main]

use boardrules_fuzz::SeedTexts;
use sundraval::{Color, PointSet, Position, ScoringRule};

static SEEDS: SeedTexts = SeedTexts::new(boardrules_fuzz::sundraval_seed_texts);

/// Regions and living stones partition the board; dead stones lie in regions; both rules
/// decide without panicking.
fn check_breakdown(pos: &Position) {
    let score = pos.score_breakdown();
    let mut covered = PointSet::EMPTY;
    for region in &score.regions {
        assert!(!covered.intersects(region.points), "{pos}");
        covered = covered.union(region.points);
        assert_eq!(region.dead_stones.difference(region.points), PointSet::EMPTY);
    }
    for group in score.groups.iter().filter(|g| g.alive) {
        assert!(!covered.intersects(group.stones), "{pos}");
        covered = covered.union(group.stones);
        assert!(group
            .territories
            .iter()
            .all(|&t| score.regions[t].owner == Some(group.color)));
    }
    assert_eq!(covered, pos.points(), "{pos}");
    let _ = score.decide(ScoringRule::Original);
    let _ = score.decide(ScoringRule::Triangular);
    let _ = (
        score.territory_lists(Color::Black),
        score.triangular_points(Color::White),
    );
}

/// The breakdown is checked in the first position of an input and in every fourth after it:
/// it costs more than all the driver's checks of a position together, and the positions of one
/// input differ by a stone or two.
const BREAKDOWN_EVERY: usize = 4;

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    if let Some((_, rest)) = data.split_first() {
        let mut positions = 0;
        boardrules_fuzz::fuzz_seeded::<Position>(rest, SEEDS.get(), |pos| {
            if positions % BREAKDOWN_EVERY == 0 {
                check_breakdown(pos);
            }
            positions += 1;
        });
    }
});
