//! Fuzz target for Sundraval's scoring: finished boards of every size (random games played to
//! their end), picked and edited as in `boardrules_fuzz` (near-misses: a stone changed, a
//! stone removed, a stray byte). Every board that still parses is scored: regions and living
//! stones partition the board, dead stones lie in their regions, and both scoring rules decide
//! with the same winner on every call.

#![no_main]

use boardrules_fuzz::SeedTexts;
use sundraval::{Color, Game, PointSet, Position, ScoringRule};

fn seed_texts() -> Vec<String> {
    boardrules_fuzz::sundraval_finished()
        .iter()
        .map(ToString::to_string)
        .collect()
}

static SEEDS: SeedTexts = SeedTexts::new(seed_texts);

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let Some((text, _)) = boardrules_fuzz::seeded(data, SEEDS.get()) else {
        return;
    };
    let Ok(pos) = Position::parse_position(&text, None) else {
        return;
    };
    let score = pos.score_breakdown();
    let mut covered = PointSet::EMPTY;
    for region in &score.regions {
        assert!(!covered.intersects(region.points), "{text}");
        covered = covered.union(region.points);
        assert_eq!(region.dead_stones.difference(region.points), PointSet::EMPTY);
    }
    for group in score.groups.iter().filter(|g| g.alive) {
        assert!(!covered.intersects(group.stones), "{text}");
        covered = covered.union(group.stones);
    }
    assert_eq!(covered, pos.points(), "{text}");
    for rule in [ScoringRule::Original, ScoringRule::Triangular] {
        assert_eq!(
            score.decide(rule),
            pos.score_breakdown().decide(rule),
            "{text}"
        );
    }
    let _ = (
        score.territory_lists(Color::Black),
        score.triangular_points(Color::White),
        pos.details(),
        pos.outcome(),
    );
});
