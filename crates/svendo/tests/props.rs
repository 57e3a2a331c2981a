//! proptest invariants: 27 placements then movement, stones conserved, text and hash round
//! trips, generated moves accepted by checked play, random games end in a win with the right
//! points or a draw; `play_unchecked` never panics, whatever move it is given.

use proptest::prelude::*;
use svendo::game_core::{DrawRules, Rng};
use svendo::{BoardSize, Color, Game, GameRecord, Move, Outcome, Piece, Point, Position, MAX_SIDE};

const SIZES: [(usize, usize); 5] = [(10, 6), (8, 8), (5, 12), (12, 5), (6, 5)];

fn conserved(pos: &Position) {
    let mut masters = 0;
    let mut own = [0u32; 3];
    for point in pos.points() {
        match pos.piece_at(point) {
            Some(Piece::Stone(c)) => own[c.index()] += 1,
            Some(Piece::Master) => masters += 1,
            None => {}
        }
    }
    assert_eq!(pos.points().len(), pos.point_count(), "{pos}");
    assert_eq!(pos.masters().len() as u32, masters, "{pos}");
    for c in Color::ALL {
        assert_eq!(own[c.index()], pos.piece_count(c), "{pos}");
        assert_eq!(pos.stones(c).len() as u32, own[c.index()], "{pos}");
        assert_eq!(own[c.index()] + pos.in_hand(c), 8, "{pos}");
        masters += u32::from(pos.master_in_hand(c));
    }
    assert_eq!(masters, 3, "{pos}");
}

/// Every move that can be constructed: every point exists on the largest boards only
/// (`MAX_SIDE` x `MAX_SIDE` points), so this is every placement, every slide between two
/// points (legal shape or not) and the pass.
fn every_constructible_move() -> Vec<Move> {
    let points: Vec<Point> = (0..MAX_SIDE as u8)
        .flat_map(|col| (0..MAX_SIDE as u8).map(move |row| Point::new(col, row).unwrap()))
        .collect();
    let mut moves = vec![Move::Pass];
    for &p in &points {
        moves.push(Move::Place(p));
        moves.push(Move::PlaceMaster(p));
        for &q in &points {
            moves.push(Move::Slide { from: p, to: q });
        }
    }
    moves
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(10))]

    /// `play_unchecked` with any constructible move, legal or not, in positions of every phase
    /// (placement, movement, won) on several board sizes: no panic, stones conserved, the
    /// incremental hash right, and the position still answers for its moves and its text.
    #[test]
    fn play_unchecked_never_panics(seed in any::<u64>(), size in 0..SIZES.len(), plies in 0usize..80) {
        let (w, h) = SIZES[size];
        let mut rng = Rng::new(seed);
        let mut pos = Position::start_with_size(BoardSize::Rect { width: w as u32, height: h as u32 }).expect("a supported size");
        for _ in 0..plies {
            let moves = pos.legal_moves();
            match rng.choose(&moves) {
                Some(&mv) => pos.play_unchecked(mv),
                None => break,
            }
        }
        let all = every_constructible_move();
        prop_assert_eq!(all.len(), 1 + 2 * 144 + 144 * 144);
        let mut changed = 0;
        for (i, &mv) in all.iter().enumerate() {
            let mut after = pos;
            after.play_unchecked(mv);
            conserved(&after);
            prop_assert_eq!(after.hash_key(), after.fresh_hash_key(), "{} after {:?}", pos, mv);
            if after != pos {
                changed += 1;
                // A sample of the positions reached also answers for its moves and its text.
                if i % 61 == 0 {
                    let _ = after.legal_moves();
                    let _ = after.to_string();
                }
            }
        }
        // The legal moves are among the moves that change the position.
        prop_assert!(changed >= pos.legal_moves().len());
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn random_games_keep_the_invariants(seed in any::<u64>(), size in 0..SIZES.len()) {
        let (w, h) = SIZES[size];
        let mut rng = Rng::new(seed);
        let rules = DrawRules::new(Some(3), None, Some(200));
        let mut record = GameRecord::with_rules(Position::start_with_size(BoardSize::Rect { width: w as u32, height: h as u32 }).expect("a supported size"), rules);
        let mut plies = 0u32;
        let mut slides = [0u32; 3];
        while record.outcome().is_none() {
            let pos = *record.current();
            conserved(&pos);
            // Placement for exactly the first 27 plies, movement afterwards.
            prop_assert_eq!(pos.is_placement(), plies < 27, "{}", pos);
            let text = pos.to_string();
            let parsed: Position = text.parse().unwrap();
            prop_assert_eq!(parsed, pos);
            prop_assert_eq!(pos.hash_key(), pos.fresh_hash_key());
            let moves = pos.legal_moves();
            prop_assert!(!moves.is_empty());
            for &mv in &moves {
                prop_assert_eq!(matches!(mv, Move::Place(_) | Move::PlaceMaster(_)), plies < 27);
            }
            let mv = *rng.choose(&moves).unwrap();
            let mut checked = pos;
            prop_assert!(checked.play(mv).is_ok());
            if matches!(mv, Move::Slide { .. }) {
                slides[pos.side_to_move().index()] += 1;
            }
            record.play(mv).unwrap();
            plies += 1;
        }
        let end = *record.current();
        conserved(&end);
        match record.outcome().unwrap() {
            Outcome::Winner { player, reason } => {
                let win = end.win().expect("a winner comes from a recorded win");
                prop_assert_eq!(win.winner, player);
                prop_assert_eq!(reason, svendo::game_core::Reason::Rule(win.rule.reason()));
                // The winner's points are the movement moves the winner made.
                prop_assert_eq!(win.points, slides[player.index()]);
                prop_assert_eq!(end.score(player), Some(i64::from(win.points)));
                prop_assert!(end.legal_moves().is_empty());
                let text = end.to_string();
                prop_assert_eq!(text.parse::<Position>().unwrap(), end);
            }
            Outcome::Draw { .. } => prop_assert!(end.win().is_none()),
        }
    }

    #[test]
    fn junk_position_text_never_panics(text in "[0-9BWRMbwrm/ ]{0,40}") {
        if let Ok(pos) = text.parse::<Position>() {
            prop_assert_eq!(pos.to_string().parse::<Position>().unwrap(), pos);
        }
    }

    #[test]
    fn moves_not_generated_are_refused(seed in any::<u64>(), from in 0usize..60, to in 0usize..60) {
        let mut rng = Rng::new(seed);
        let mut pos = Position::start();
        for _ in 0..(27 + rng.below(20)) {
            let moves = pos.legal_moves();
            match rng.choose(&moves) {
                Some(&mv) => pos.play_unchecked(mv),
                None => break,
            }
        }
        let (Some(a), Some(b)) = (svendo::Point::new((from % 10) as u8, (from / 10) as u8), svendo::Point::new((to % 10) as u8, (to / 10) as u8)) else {
            return Ok(());
        };
        let legal = pos.legal_moves();
        for mv in [Move::Slide { from: a, to: b }, Move::Place(a), Move::PlaceMaster(b), Move::Pass] {
            let mut copy = pos;
            prop_assert_eq!(copy.play(mv).is_ok(), legal.contains(&mv));
            prop_assert_eq!(pos.is_legal(mv), legal.contains(&mv));
        }
    }
}
