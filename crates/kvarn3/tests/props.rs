//! proptest invariants (from the workspace design): checked play accepts exactly the generated
//! moves, text round-trips, the incremental hash equals a fresh one, stone counts follow the
//! rules, and random games through a record end with a valid outcome.

use kvarn3::game_core::{DrawRules, GameRecord, Reason};
use kvarn3::{Color, Game, Move, Phase, Point, Position, Solver};
use proptest::prelude::*;

/// Every move that can be written down: 9 placements and 81 from-to pairs.
fn every_move() -> Vec<Move> {
    let mut all: Vec<Move> = Point::ALL.iter().map(|&p| Move::Place(p)).collect();
    for from in Point::ALL {
        for to in Point::ALL {
            all.push(Move::Step { from, to });
        }
    }
    all
}

/// The position reached by taking the `choices` modulo the number of legal moves, stopping
/// at the end of the game.
fn reach(choices: &[u16]) -> Position {
    let mut pos = Position::start();
    for &choice in choices {
        let moves = pos.legal_moves();
        if moves.is_empty() {
            break;
        }
        pos.play(moves[usize::from(choice) % moves.len()])
            .expect("generated moves are legal");
    }
    pos
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    #[test]
    fn checked_play_accepts_exactly_the_generated_moves(
        choices in proptest::collection::vec(any::<u16>(), 0..40)
    ) {
        let pos = reach(&choices);
        let legal = pos.legal_moves();
        for mv in every_move() {
            let generated = legal.contains(&mv);
            prop_assert_eq!(pos.is_legal(mv), generated, "{} {:?}", pos, mv);
            let mut checked = pos;
            let result = checked.play(mv);
            prop_assert_eq!(result.is_ok(), generated, "{} {:?}", pos, mv);
            if generated {
                let mut fast = pos;
                fast.play_unchecked(mv);
                prop_assert_eq!(checked, fast);
                prop_assert_eq!(pos.parse_move(&pos.move_text(mv)), Ok(mv));
            } else {
                prop_assert_eq!(checked, pos, "a refused move changed the position");
                prop_assert!(pos.parse_move(&mv.to_string()).is_err());
            }
        }
    }

    #[test]
    fn text_and_hash_round_trip(choices in proptest::collection::vec(any::<u16>(), 0..40)) {
        let pos = reach(&choices);
        let text = pos.to_string();
        let parsed: Position = text.parse().expect("own text parses");
        prop_assert_eq!(parsed, pos);
        prop_assert_eq!(parsed.to_string(), text);
        prop_assert_eq!(pos.hash_key(), pos.fresh_hash_key());
        prop_assert_eq!(parsed.hash_key(), pos.hash_key());
    }

    /// Placement adds one stone of the mover; a step keeps three stones a side; White never
    /// has fewer stones than Black nor more than one more.
    #[test]
    fn stone_counts_follow_the_rules(choices in proptest::collection::vec(any::<u16>(), 0..40)) {
        let pos = reach(&choices);
        let (w, b) = (pos.piece_count(Color::White), pos.piece_count(Color::Black));
        prop_assert!(w <= 3 && b <= 3 && (w == b || w == b + 1));
        for mv in pos.legal_moves() {
            let mut next = pos;
            next.play_unchecked(mv);
            let me = pos.side_to_move();
            let before = pos.piece_count(me);
            let after = next.piece_count(me);
            match pos.phase() {
                Phase::Placement => prop_assert_eq!(after, before + 1),
                Phase::Movement => prop_assert_eq!((before, after), (3, 3)),
            }
            prop_assert_eq!(next.stones(me.other()), pos.stones(me.other()));
        }
    }

    /// Random games through a record with threefold repetition always end, with a winner who
    /// made a mill or a repetition draw.
    #[test]
    fn random_games_end_with_a_valid_outcome(seed in any::<u64>()) {
        let mut rng = kvarn3::game_core::Rng::new(seed);
        let mut record = GameRecord::with_rules(Position::start(), DrawRules::THREEFOLD);
        let mut plies = 0;
        while record.outcome().is_none() {
            let moves = record.legal_moves();
            let &mv = rng.choose(&moves).expect("a game in progress has moves");
            record.play(mv).expect("legal");
            plies += 1;
            prop_assert!(plies < 100_000, "the game does not end");
        }
        match record.outcome().expect("ended") {
            kvarn3::Outcome::Winner { player, reason } => {
                prop_assert_eq!(reason, Reason::Rule(kvarn3::EndReason::Mill));
                prop_assert!(record.current().has_mill(player));
                prop_assert_eq!(player, record.current().side_to_move().other());
            }
            kvarn3::Outcome::Draw { reason } => prop_assert_eq!(reason, Reason::Repetition),
        }
    }

    /// Any text is either a position that round-trips or an error; never a panic.
    #[test]
    fn arbitrary_text_parses_or_errs(text in "[WB./ wbx]{0,16}") {
        if let Ok(pos) = text.parse::<Position>() {
            prop_assert_eq!(pos.to_string(), text);
        }
    }

    /// The solver's best moves keep the value.
    #[test]
    fn best_moves_keep_the_value(choices in proptest::collection::vec(any::<u16>(), 0..30)) {
        let solver = Solver::shared();
        let pos = reach(&choices);
        let value = solver.value(&pos);
        let best = solver.best_moves(&pos);
        prop_assert_eq!(best.is_empty(), pos.outcome().is_some());
        for mv in best {
            let mut next = pos;
            next.play(mv).expect("legal");
            prop_assert_eq!(solver.value(&next).for_mover(), value);
        }
    }

    /// The two-ply count (a table in the movement phase) equals the count made by listing the
    /// moves two plies down, and the generic default, in positions of both phases.
    #[test]
    fn two_ply_count_equals_the_moves_listed_two_plies_down(
        choices in proptest::collection::vec(any::<u16>(), 0..40)
    ) {
        let pos = reach(&choices);
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
            kvarn3::game_core::count_two_plies_by_moves(&pos, &mut moves, &mut scratch),
            listed as u64
        );
    }
}
