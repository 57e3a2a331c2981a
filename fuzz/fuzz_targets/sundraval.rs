//! Fuzz target for sundraval: arbitrary bytes as a position string, as move texts and as move
//! indices, through the workspace's shared driver (`game_core::testing::fuzz_game`, which
//! documents the input layout and checks every position reached: text and hash round trips,
//! moves exactly while the game goes on, checked play, refusals); here also: the score
//! breakdown "as if the game ended now" covers the board, and both scoring rules decide.

#![no_main]

use sundraval::{Color, PointSet, Position, ScoringRule};

/// Regions and living stones partition the board; dead stones lie in regions; both rules
/// decide without panicking.
fn check_breakdown(pos: &Position) {
    let text = pos.to_string();
    let score = pos.score_breakdown();
    let mut covered = PointSet::EMPTY;
    for region in &score.regions {
        assert!(!covered.intersects(&region.points), "{text}");
        covered = covered.or(&region.points);
        assert_eq!(region.dead_stones.and_not(&region.points), PointSet::EMPTY);
    }
    for group in score.groups.iter().filter(|g| g.alive) {
        assert!(!covered.intersects(&group.stones), "{text}");
        covered = covered.or(&group.stones);
        assert!(group
            .territories
            .iter()
            .all(|&t| score.regions[t].owner == Some(group.color)));
    }
    assert_eq!(covered, pos.points(), "{text}");
    let _ = score.decide(ScoringRule::Seed);
    let _ = score.decide(ScoringRule::Triangular);
    let _ = (
        score.seed_lists(Color::Black),
        score.triangular_points(Color::White),
    );
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    game_core::testing::fuzz_game::<Position>(data, check_breakdown);
});
