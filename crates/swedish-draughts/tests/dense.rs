//! Move generation on the densest positions the rules page allows: a full side (20 pieces on
//! 10x10, 12 on 8x8) against a full side, many of them dames, placed at random. These are
//! the positions where a capture search branches most; the test shows that each one is
//! generated (no buffer overflow, no runaway search) and that the moves are consistent. It
//! has no timing assertion: a runaway search shows as a test that does not end.

use swedish_draughts::game_core::Rng;
use swedish_draughts::{BoardSize, Game, Position};

/// A random position string with `white` and `black` pieces on a board of `squares`
/// squares, each piece a dame with probability `dame_percent` (and always a dame on its own
/// far rank, where a man cannot stand), `side` to move.
fn random_text(
    rng: &mut Rng,
    squares: u32,
    (white, black): (usize, usize),
    dame_percent: usize,
    side: &str,
) -> String {
    let rank = if squares == 50 { 5 } else { 4 };
    let mut order: Vec<u32> = (1..=squares).collect();
    for i in (1..order.len()).rev() {
        order.swap(i, rng.below(i + 1));
    }
    let mut lists = [Vec::new(), Vec::new()];
    for (k, &square) in order.iter().take(white + black).enumerate() {
        let is_white = k < white;
        let on_far_rank = if is_white {
            square <= rank
        } else {
            square > squares - rank
        };
        let dame = on_far_rank || rng.below(100) < dame_percent;
        let item = format!("{}{square}", if dame { "K" } else { "" });
        lists[usize::from(!is_white)].push(item);
    }
    format!("{side}:W{}:B{}", lists[0].join(","), lists[1].join(","))
}

fn check(pos: &Position) {
    let moves = pos.legal_moves();
    assert_eq!(
        pos.count_legal_moves(&mut Vec::new()),
        moves.len(),
        "{pos:?}"
    );
    assert_eq!(pos.outcome().is_some(), moves.is_empty(), "{pos:?}");
    let best = moves.iter().map(|m| m.capture_count()).max().unwrap_or(0);
    for &mv in &moves {
        // The maximum-capture rule: every legal move takes the same, largest number.
        assert_eq!(mv.capture_count(), best, "{pos:?} {mv:?}");
        assert!(pos.is_legal(mv), "{pos:?} {mv:?}");
        let mut after = *pos;
        after.play_unchecked(mv);
        assert_eq!(after.hash_key(), after.fresh_hash_key());
    }
}

#[test]
fn full_sides_with_many_dames_generate_moves() {
    let mut rng = Rng::new(20);
    let mut captures = 0;
    for (squares, size, full) in [(50, 10, 20), (32, 8, 12)] {
        for sides in [
            (full, full),
            (full, full / 2),
            (full / 2, full),
            (1, full),
            (3, full),
        ] {
            for dame_percent in [0, 50, 90, 100] {
                for side in ["W", "B"] {
                    for _ in 0..4 {
                        let text = random_text(&mut rng, squares, sides, dame_percent, side);
                        let pos = Position::parse_position(&text, Some(BoardSize::Side(size)))
                            .unwrap_or_else(|e| panic!("{text}: {e}"));
                        check(&pos);
                        captures += usize::from(pos.legal_moves().iter().any(|m| m.is_capture()));
                    }
                }
            }
        }
    }
    // The sample is worth something only if many of its positions have captures to search.
    assert!(captures > 100, "only {captures} positions with captures");
}

/// A lone white dame against 20 black pieces placed so that it takes all of them (found by a
/// hill-climbing search for slow positions): a capture sequence as long as a legal 10x10
/// position allows, 20 jumps, which fills the search's route buffer exactly. The position has
/// about a million distinct search states, so it takes seconds in a debug build; run it with
/// `cargo test -p swedish-draughts --test all dense:: -- --ignored`.
#[test]
#[ignore = "seconds in a debug build"]
fn the_longest_capture_fits_the_route_buffer() {
    let pos: Position =
        "W:WK22:B3,K7,K8,9,K12,14,16,17,K21,23,25,K27,K28,K29,K32,34,K37,K40,K43,K48"
            .parse()
            .expect("a legal position");
    let moves = pos.legal_moves();
    assert!(!moves.is_empty());
    assert!(moves.iter().all(|m| m.capture_count() == 20), "{moves:?}");
}
