//! Property tests on positions reached by random play on both boards: generated moves are
//! accepted and conserve pieces, moves not generated are refused, text round-trips, perft
//! counts agree, random games end with a valid outcome.

use proptest::prelude::*;
use swedish_draughts::game_core::Rng;
use swedish_draughts::{
    BoardSize, Color, Game, GameRecord, Kind, Piece, Position, Square, DRAW_RULES,
};

/// The position after `plies` random moves from the start of a `size` board.
fn reached(size: u32, seed: u64, plies: u32) -> Position {
    let mut rng = Rng::new(seed);
    let mut pos = Position::start_with_size(BoardSize::Side(size)).unwrap();
    for _ in 0..plies {
        let moves = pos.legal_moves();
        match rng.choose(&moves) {
            Some(&mv) => pos.play_unchecked(mv),
            None => break,
        }
    }
    pos
}

fn dames(pos: &Position, color: Color) -> usize {
    (1..=pos.point_count() as u8)
        .filter_map(Square::from_number)
        .filter(|&s| pos.piece_at(s) == Some(Piece::new(color, Kind::Dame)))
        .count()
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// The two-ply count (moves made without the hash key, replies counted by bits where no
    /// capture can be longer than one jump) equals the count made by listing the moves two
    /// plies down, and the generic default, on both boards from the opening to dame endings.
    #[test]
    fn two_ply_count_equals_the_moves_listed_two_plies_down(
        eight in any::<bool>(), seed in any::<u64>(), plies in 0u32..200
    ) {
        let pos = reached(if eight { 8 } else { 10 }, seed, plies);
        let listed: usize = pos
            .legal_moves()
            .iter()
            .map(|&mv| {
                let mut child = pos;
                child.play(mv).expect("a generated move");
                child.legal_moves().len()
            })
            .sum();
        let (mut moves, mut scratch) = (Vec::new(), Vec::new());
        prop_assert_eq!(pos.count_two_plies(&mut moves, &mut scratch), listed as u64, "{}", pos);
        prop_assert_eq!(
            swedish_draughts::game_core::count_two_plies_by_moves(&pos, &mut moves, &mut scratch),
            listed as u64
        );
    }

    #[test]
    fn generated_moves_are_accepted_and_conserve_pieces(
        eight in any::<bool>(), seed in any::<u64>(), plies in 0u32..160
    ) {
        let size = if eight { 8 } else { 10 };
        let pos = reached(size, seed, plies);
        let mover = pos.side_to_move();
        for mv in pos.legal_moves() {
            prop_assert!(pos.is_legal(mv));
            let mut after = pos;
            prop_assert!(after.play(mv).is_ok());
            let mut fast = pos;
            fast.play_unchecked(mv);
            prop_assert_eq!(after, fast);
            prop_assert_eq!(after.hash_key(), after.fresh_hash_key());
            // The mover keeps every piece; the opponent loses exactly the captured ones.
            prop_assert_eq!(after.piece_count(mover), pos.piece_count(mover));
            prop_assert_eq!(
                after.piece_count(mover.other()),
                pos.piece_count(mover.other()) - mv.capture_count()
            );
            // A dame never turns back into a man; at most one man is promoted per move.
            let (before_d, after_d) = (dames(&pos, mover), dames(&after, mover));
            prop_assert!(after_d == before_d || after_d == before_d + 1);
            prop_assert_eq!(after.side_to_move(), mover.other());
        }
    }

    #[test]
    fn moves_not_generated_are_refused(
        eight in any::<bool>(), seed in any::<u64>(), plies in 0u32..160, other in 0u32..160
    ) {
        let size = if eight { 8 } else { 10 };
        let pos = reached(size, seed, plies);
        let elsewhere = reached(size, seed ^ 0x9E37, other);
        let here = pos.legal_moves();
        for mv in elsewhere.legal_moves() {
            if !here.contains(&mv) {
                prop_assert!(!pos.is_legal(mv));
                let mut copy = pos;
                prop_assert!(copy.play(mv).is_err());
                prop_assert_eq!(copy, pos);
            }
        }
    }

    #[test]
    fn text_round_trips(eight in any::<bool>(), seed in any::<u64>(), plies in 0u32..200) {
        let size = if eight { 8 } else { 10 };
        let pos = reached(size, seed, plies);
        let text = pos.to_string();
        let back = Position::parse_position(&text, Some(BoardSize::Side(size))).unwrap();
        prop_assert_eq!(back, pos);
        prop_assert_eq!(back.to_string(), text);
        prop_assert_eq!(back.hash_key(), pos.hash_key());
        prop_assert_eq!(pos.hash_key(), pos.fresh_hash_key());
        for mv in pos.legal_moves() {
            prop_assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(mv));
        }
    }

    #[test]
    fn perft_counts_agree(eight in any::<bool>(), seed in any::<u64>(), plies in 0u32..120) {
        let size = if eight { 8 } else { 10 };
        let pos = reached(size, seed, plies);
        prop_assert_eq!(pos.perft(3), swedish_draughts::game_core::perft(&pos, 3));
        prop_assert_eq!(pos.count_legal_moves(&mut Vec::new()), pos.legal_moves().len());
    }

    #[test]
    fn random_games_end_with_a_valid_outcome(eight in any::<bool>(), seed in any::<u64>()) {
        let size = if eight { 8 } else { 10 };
        let mut record = GameRecord::with_rules(Position::start_with_size(BoardSize::Side(size)).unwrap(), DRAW_RULES);
        let mut rng = Rng::new(seed);
        while record.outcome().is_none() {
            prop_assert!(record.moves().len() < 3000, "the draw rules end every game");
            let moves = record.legal_moves();
            let mv = *rng.choose(&moves).unwrap();
            record.play(mv).unwrap();
        }
        let outcome = record.outcome().unwrap();
        if let Some(winner) = outcome.winner() {
            // The loser is the side to move, with no piece or no legal move.
            let end = record.current();
            prop_assert_eq!(winner, end.side_to_move().other());
            prop_assert!(end.legal_moves().is_empty());
        }
    }
}
