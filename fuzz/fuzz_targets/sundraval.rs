//! Fuzz target for sundraval: arbitrary bytes as a position string, as move texts, and as move
//! indices. Nothing may panic; every position reached must print text that reads back as the
//! same position, with a hash equal to a fresh one; its score breakdown must cover the board.
//!
//! Layout of the input: the text up to the first `\n` is tried as a position string (when it
//! is not one, the start on a board of 3 to 11 points a side chosen by the input's length);
//! the following lines, up to a line `#`, are tried as move texts in turn; every byte after
//! that picks a legal move by index.

#![no_main]

use sundraval::{Color, Game, Position, PointSet, ScoringRule};

fn check(pos: &Position) {
    let text = pos.to_string();
    let back: Position = text.parse().expect("a position's own text parses");
    assert_eq!(back, *pos, "{text}");
    assert_eq!(back.to_string(), text);
    assert_eq!(pos.hash_key(), pos.fresh_hash_key(), "{text}");
    let count = pos.count_legal_moves(&mut Vec::new());
    assert_eq!(count == 0, pos.outcome().is_some(), "{text}");
    if count < 1000 {
        assert_eq!(pos.legal_moves().len(), count, "{text}");
    }
    // The breakdown: regions and living stones partition the board; dead stones lie in
    // regions; both rules decide without panicking.
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
        assert!(group.territories.iter().all(|&t| score.regions[t].owner == Some(group.color)));
    }
    assert_eq!(covered, pos.points(), "{text}");
    let _ = score.decide(ScoringRule::Seed);
    let _ = score.decide(ScoringRule::Triangular);
    let _ = (score.seed_lists(Color::Black), score.triangular_points(Color::White));
}

libfuzzer_sys::fuzz_target!(|data: &[u8]| {
    let text = String::from_utf8_lossy(data);
    let mut lines = text.split('\n');
    let first = lines.next().unwrap_or("");
    let mut pos = match first.parse::<Position>() {
        Ok(pos) => pos,
        Err(err) => {
            assert!(err.offset <= first.len(), "{first:?}: {err}");
            Position::start_with_size(3 + (data.len() % 9) as u32).expect("a supported size")
        }
    };
    check(&pos);
    let mut consumed = first.len() + 1;
    for line in lines.by_ref() {
        consumed += line.len() + 1;
        if line == "#" {
            break;
        }
        if let Ok(mv) = pos.parse_move(line) {
            assert!(pos.is_legal(mv));
            assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(mv));
            pos.play(mv).expect("a parsed move is legal");
            check(&pos);
        }
    }
    let mut moves = Vec::new();
    for &byte in data.iter().skip(consumed.min(data.len())) {
        pos.legal_moves_into(&mut moves);
        if moves.is_empty() {
            break;
        }
        let mv = moves[usize::from(byte) * 7919 % moves.len()];
        pos.play(mv).expect("a generated move is legal");
        check(&pos);
    }
});
