//! The core's tools, tested on tic-tac-toe (in the crate) and a ring walk (tests/common), both
//! tiny games whose numbers can be counted by hand.

use crate::common;

use std::collections::HashSet;

use common::{Ring, Walker};
use game_core::testing::{check_perft_file, parse_perft_vectors, Conformance};
use game_core::tictactoe::{EndReason, Mark, TicTacToe};
use game_core::{
    perft, perft_divide, random_playout, BoardSize, DrawRules, Game, GameRecord, MoveBuffer,
    Outcome, ParseMoveError, Perft, Reason, RecordError, Rng,
};

/// A second, deliberately naive tic-tac-toe counter: a 9-cell array and the eight lines
/// written out, sharing nothing with the crate's implementation.
fn naive_tictactoe_perft(cells: &mut [u8; 9], to_move: u8, depth: u32) -> u64 {
    const LINES: [[usize; 3]; 8] = [
        [0, 1, 2],
        [3, 4, 5],
        [6, 7, 8],
        [0, 3, 6],
        [1, 4, 7],
        [2, 5, 8],
        [0, 4, 8],
        [2, 4, 6],
    ];
    if depth == 0 {
        return 1;
    }
    let won = LINES
        .iter()
        .any(|l| cells[l[0]] != 0 && cells[l[0]] == cells[l[1]] && cells[l[1]] == cells[l[2]]);
    if won {
        return 0;
    }
    let mut total = 0;
    for i in 0..9 {
        if cells[i] == 0 {
            cells[i] = to_move;
            total += naive_tictactoe_perft(cells, 3 - to_move, depth - 1);
            cells[i] = 0;
        }
    }
    total
}

#[test]
fn perft_matches_a_naive_counter_at_every_depth() {
    for depth in 0..=9 {
        let naive = naive_tictactoe_perft(&mut [0; 9], 1, depth);
        assert_eq!(
            perft(&TicTacToe::start(), depth).unwrap(),
            naive,
            "depth {depth}"
        );
    }
}

#[test]
fn perft_counts_the_published_tictactoe_numbers() {
    let published = [1, 9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872];
    for (depth, &count) in published.iter().enumerate() {
        assert_eq!(
            perft(&TicTacToe::start(), depth as u32).unwrap(),
            count,
            "depth {depth}"
        );
    }
    // Nothing is left after nine plies.
    assert_eq!(perft(&TicTacToe::start(), 10).unwrap(), 0);
}

#[test]
fn a_reused_perft_counter_gives_the_same_counts() {
    let mut counter = Perft::new();
    let first = counter.count(&TicTacToe::start(), 5);
    let again = counter.count(&TicTacToe::start(), 5);
    assert_eq!((first, again), (Ok(15120), Ok(15120)));
    assert_eq!(counter.count(&TicTacToe::start(), 1), Ok(9));
}

#[test]
fn divide_splits_the_count_by_root_move() {
    let pos: TicTacToe = "xx./oo./... x".parse().unwrap();
    let divide = perft_divide(&pos, 2).unwrap();
    assert_eq!(divide.len(), 5);
    let total: u64 = divide.iter().map(|&(_, n)| n).sum();
    assert_eq!(total, perft(&pos, 2).unwrap());
    for (mv, count) in divide {
        // c3 completes x's top rank: the game is over, so it has no children.
        let expected = if pos.move_text(mv) == "c3" { 0 } else { 4 };
        assert_eq!(count, expected, "{}", pos.move_text(mv));
    }
    assert!(perft_divide(&pos, 0).unwrap().is_empty());
}

#[test]
fn the_perft_file_runner_checks_a_file() {
    let skipped = check_perft_file::<TicTacToe>(concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/tests/data/tictactoe.perft"
    ));
    assert!(skipped.is_empty(), "{skipped}");
}

#[test]
#[should_panic(expected = "perft 2")]
fn the_perft_file_runner_fails_on_a_wrong_count() {
    let dir = std::env::temp_dir().join(format!("game-core-perft-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    let path = dir.join("wrong.perft");
    std::fs::write(&path, "start\nperft 1: 9\nperft 2: 71\n").unwrap();
    check_perft_file::<TicTacToe>(&path);
}

#[test]
fn perft_vector_text_is_parsed_with_sizes_and_comments() {
    let entries =
        parse_perft_vectors("# c\nsize 8\nstart\nperft 1: 7\n\nW:W1:B2\nperft 2: 3\n").unwrap();
    assert_eq!(entries.len(), 2);
    assert_eq!(entries[0].size, Some(BoardSize::Side(8)));
    assert_eq!(entries[0].counts, vec![(1, 7)]);
    assert_eq!(entries[1].position, "W:W1:B2");
    assert_eq!(entries[1].line, 6);
    let rect = parse_perft_vectors(
        "size 8x5
start
perft 1: 80
size 9
start
",
    )
    .unwrap();
    assert_eq!(
        rect[0].size,
        Some(BoardSize::Rect {
            width: 8,
            height: 5
        })
    );
    assert_eq!(rect[1].size, Some(BoardSize::Side(9)));
    for bad in [
        "size 0
",
        "size 8X5
",
        "size 8x
",
        "size eight
",
    ] {
        let err = parse_perft_vectors(bad).unwrap_err();
        assert!(err.starts_with("line 1:"), "{bad:?}: {err}");
    }
    assert!(parse_perft_vectors("perft 1: 3\n").is_err());
    assert!(parse_perft_vectors("start\nperft x: 3\n").is_err());
}

#[test]
fn checked_play_refuses_an_illegal_move_and_leaves_the_position() {
    let mut pos = TicTacToe::start();
    pos.play(4).unwrap();
    let before = pos;
    assert!(pos.play(4).is_err(), "b2 is taken");
    assert_eq!(pos, before);
}

#[test]
fn move_text_errors_say_what_is_wrong() {
    let pos: TicTacToe = ".../.x./... o".parse().unwrap();
    assert!(matches!(
        pos.parse_move("d4"),
        Err(ParseMoveError::Malformed { .. })
    ));
    assert!(matches!(
        pos.parse_move("b2"),
        Err(ParseMoveError::Illegal { .. })
    ));
    let err = ParseMoveError::ambiguous("28x19", vec!["28x17x19".into(), "28x23x19".into()]);
    assert_eq!(
        err.to_string(),
        "ambiguous move \"28x19\": could be 28x17x19, 28x23x19"
    );
}

#[test]
fn position_text_errors_give_the_place() {
    let err = "..x/.q./... o".parse::<TicTacToe>().unwrap_err();
    assert_eq!(err.offset, 5);
    assert!(
        "xxx/oo./... o".parse::<TicTacToe>().is_ok(),
        "o to move after x's line: a finished game"
    );
    assert!(
        "xxx/oo./o.. x".parse::<TicTacToe>().is_err(),
        "counts do not fit"
    );
}

#[test]
fn the_default_board_size_rules_apply_to_single_board_games() {
    let err = TicTacToe::start_with_size(BoardSize::Side(3)).unwrap_err();
    assert_eq!(
        err.to_string(),
        "tictactoe has no board of size 3 (it has a single board)"
    );
    let rect = BoardSize::Rect {
        width: 3,
        height: 3,
    };
    let err = TicTacToe::start_with_size(rect).unwrap_err();
    assert_eq!(err.size, rect);
    assert!(err.to_string().contains("size 3x3"), "{err}");
    let err = TicTacToe::parse_position(".../.../... x", Some(BoardSize::Side(3))).unwrap_err();
    assert!(err.reason.contains("single board"), "{err}");
    assert!(TicTacToe::parse_position(".../.../... x", None).is_ok());
}

#[test]
fn the_record_plays_undoes_and_reports_the_outcome() {
    let mut record = GameRecord::new(TicTacToe::start());
    for text in ["a1", "a2", "b1", "b2"] {
        record.play_text(text).unwrap();
    }
    assert_eq!(record.outcome(), None);
    record.play_text("c1").unwrap();
    assert_eq!(
        record.outcome(),
        Some(Outcome::Winner {
            player: Mark::X,
            reason: Reason::Rule(EndReason::ThreeInARow)
        })
    );
    // The refusal carries the outcome itself, not its text.
    assert_eq!(
        record.play_text("c2"),
        Err(RecordError::GameOver(Outcome::Winner {
            player: Mark::X,
            reason: Reason::Rule(EndReason::ThreeInARow)
        }))
    );
    assert_eq!(
        record.play(7).map_err(|e| e.to_string()),
        Err("the game is over: winner x (three in a row)".to_owned())
    );
    assert!(record.legal_moves().is_empty());

    assert_eq!(record.undo(), Some(2));
    assert_eq!(record.outcome(), None);
    assert_eq!(record.current().to_string(), ".../oo./xx. x");
    assert_eq!(record.move_texts(), ["a1", "a2", "b1", "b2"]);
    for _ in 0..4 {
        assert!(record.undo().is_some());
    }
    assert_eq!(record.undo(), None);
    assert_eq!(*record.current(), TicTacToe::start());
}

#[test]
fn the_record_rejects_bad_text_with_a_typed_error() {
    let mut record = GameRecord::new(TicTacToe::start());
    assert!(matches!(
        record.play_text("z9"),
        Err(RecordError::Parse(ParseMoveError::Malformed { .. }))
    ));
    record.play_text("a1").unwrap();
    assert!(matches!(
        record.play_text("a1"),
        Err(RecordError::Parse(ParseMoveError::Illegal { .. }))
    ));
    assert!(matches!(record.play(0), Err(RecordError::Illegal(_))));
    assert_eq!(record.moves().len(), 1);
}

#[test]
fn threefold_repetition_draws_on_the_third_occurrence() {
    let mut record = GameRecord::new(Ring::start());
    assert_eq!(record.repetition_count(), 1);
    // Each on/back pair returns to the start with the same side to move.
    for round in 2..=3 {
        record.play_text("on").unwrap();
        assert_eq!(record.outcome(), None);
        record.play_text("back").unwrap();
        assert_eq!(record.repetition_count(), round);
    }
    assert_eq!(
        record.outcome(),
        Some(Outcome::Draw {
            reason: Reason::Repetition
        })
    );
    record.undo();
    assert_eq!(record.outcome(), None, "undo takes the draw back");
}

#[test]
fn repetition_is_ignored_when_switched_off() {
    let mut record = GameRecord::with_rules(Ring::start(), DrawRules::NONE);
    for _ in 0..10 {
        record.play_text("on").unwrap();
        record.play_text("back").unwrap();
    }
    assert_eq!(record.repetition_count(), 11);
    assert_eq!(record.outcome(), None);
}

#[test]
fn the_no_progress_rule_counts_plies_since_the_last_progress_move() {
    let rules = DrawRules::new(None, Some(5), None);
    let mut record = GameRecord::with_rules(Ring::start(), rules);
    // on, on, on (cell 3), then on from 3 crosses the start: progress.
    for _ in 0..3 {
        record.play_text("on").unwrap();
    }
    record.play_text("on").unwrap();
    for _ in 0..4 {
        record.play_text("back").unwrap();
        assert_eq!(record.outcome(), None);
    }
    record.play_text("back").unwrap();
    assert_eq!(
        record.outcome(),
        Some(Outcome::Draw {
            reason: Reason::NoProgress
        })
    );
}

#[test]
fn the_move_cap_draws_when_reached() {
    let rules = DrawRules::new(None, None, Some(3));
    let mut record = GameRecord::with_rules(Ring::start(), rules);
    for text in ["on", "on"] {
        record.play_text(text).unwrap();
    }
    assert_eq!(record.outcome(), None);
    record.play_text("on").unwrap();
    assert_eq!(
        record.outcome(),
        Some(Outcome::Draw {
            reason: Reason::MoveCap
        })
    );
    assert!(record.play(1).is_err());
}

#[test]
fn a_record_round_trips_through_serde_as_texts() {
    let mut record = GameRecord::new(TicTacToe::start());
    for text in ["b2", "a1", "c3"] {
        record.play_text(text).unwrap();
    }
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(
        json,
        r#"{"format":1,"game":"tictactoe","start":".../.../... x","rules":{"repetitions":3,"no_progress_plies":null,"move_cap":null},"moves":["b2","a1","c3"]}"#
    );
    let back: GameRecord<TicTacToe> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.moves(), record.moves());
    assert_eq!(back.current(), record.current());
}

#[test]
fn a_stored_record_with_an_illegal_move_is_refused() {
    let json = r#"{"format":1,"game":"tictactoe","start":".../.../... x","rules":{"repetitions":3,"no_progress_plies":null,"move_cap":null},"moves":["b2","b2"]}"#;
    let err = serde_json::from_str::<GameRecord<TicTacToe>>(json).unwrap_err();
    assert!(err.to_string().contains("move 2 (b2)"), "{err}");
}

#[test]
fn a_stored_record_of_another_game_or_board_or_junk_is_refused() {
    let rules = r#""rules":{"repetitions":3,"no_progress_plies":null,"move_cap":null}"#;
    let other_game =
        format!(r#"{{"format":1,"game":"kvarn3","start":".../.../... x",{rules},"moves":[]}}"#);
    let err = serde_json::from_str::<GameRecord<TicTacToe>>(&other_game).unwrap_err();
    assert!(err.to_string().contains("kvarn3"), "{err}");
    // Tic-tac-toe has a single board: a stored size is refused by `parse_position`.
    let sized = format!(
        r#"{{"format":1,"game":"tictactoe","size":"4","start":".../.../... x",{rules},"moves":[]}}"#
    );
    assert!(serde_json::from_str::<GameRecord<TicTacToe>>(&sized).is_err());
    // The stored size is its text; a number (the old form) or junk is not read.
    for size in ["4", r#""4 x 4""#, r#""0""#, "null"] {
        let stored = format!(
            r#"{{"format":1,"game":"tictactoe","size":{size},"start":".../.../... x",{rules},"moves":[]}}"#
        );
        if size == "null" {
            // `null` is the absent size of a single-board game.
            assert!(serde_json::from_str::<GameRecord<TicTacToe>>(&stored).is_ok());
        } else {
            assert!(
                serde_json::from_str::<GameRecord<TicTacToe>>(&stored).is_err(),
                "{size}"
            );
        }
    }
    let no_game = format!(r#"{{"start":".../.../... x",{rules},"moves":[]}}"#);
    assert!(serde_json::from_str::<GameRecord<TicTacToe>>(&no_game).is_err());
    let extra = format!(
        r#"{{"format":1,"game":"tictactoe","start":".../.../... x",{rules},"moves":[],"x":1}}"#
    );
    assert!(serde_json::from_str::<GameRecord<TicTacToe>>(&extra).is_err());
    for junk in ["null", "[]", "\"b2\"", "{}"] {
        assert!(
            serde_json::from_str::<GameRecord<TicTacToe>>(junk).is_err(),
            "{junk}"
        );
    }
}

#[test]
fn outcomes_print_for_people() {
    let win = Outcome::Winner {
        player: Mark::O,
        reason: Reason::Rule(EndReason::ThreeInARow),
    };
    assert_eq!(win.to_string(), "winner o (three in a row)");
    assert_eq!(win.winner(), Some(Mark::O));
    let draw: Outcome<Walker, EndReason> = Outcome::Draw {
        reason: Reason::Repetition,
    };
    assert_eq!(draw.to_string(), "draw (repetition)");
    let draw: Outcome<Walker, EndReason> = Outcome::Draw {
        reason: Reason::NoProgress,
    };
    assert_eq!(draw.to_string(), "draw (no-progress rule)");
    let draw: Outcome<Walker, EndReason> = Outcome::Draw {
        reason: Reason::MoveCap,
    };
    assert_eq!(draw.to_string(), "draw (move cap)");
    let draw: Outcome<Mark, EndReason> = Outcome::Draw {
        reason: Reason::Rule(EndReason::BoardFull),
    };
    assert_eq!(draw.to_string(), "draw (board full)");
    assert!(draw.is_draw());
}

#[test]
fn random_playouts_are_reproducible_and_end() {
    let mut buffer = Vec::new();
    let a = random_playout(TicTacToe::start(), &mut Rng::new(42), 100, &mut buffer);
    let b = random_playout(TicTacToe::start(), &mut Rng::new(42), 100, &mut buffer);
    assert_eq!(a, b);
    assert!(a.outcome.is_some());
    let capped = random_playout(Ring::start(), &mut Rng::new(1), 17, &mut Vec::new());
    assert_eq!((capped.plies, capped.outcome), (17, None));
}

#[test]
fn the_rng_covers_its_range_evenly() {
    let mut rng = Rng::new(9);
    let mut counts = [0u32; 6];
    for _ in 0..60_000 {
        counts[rng.below(6)] += 1;
    }
    assert!(
        counts.iter().all(|&c| (9_000..11_000).contains(&c)),
        "{counts:?}"
    );
    assert_eq!(rng.choose::<u8>(&[]), None);
    let distinct: HashSet<u64> = (0..1000).map(|_| rng.next_u64()).collect();
    assert_eq!(distinct.len(), 1000);
}

#[test]
fn the_conformance_kit_passes_correct_games() {
    Conformance::<TicTacToe>::new()
        .games(40)
        .perft_file(concat!(
            env!("CARGO_MANIFEST_DIR"),
            "/tests/data/tictactoe.perft"
        ))
        .starts(["x../.o./... x".parse().unwrap()])
        .run();
    Conformance::<Ring>::new().games(20).run();
}

/// Tic-tac-toe with a hash that forgets the side to move after a move: the kit must notice.
/// Equality looks at the board only, as the hash should.
#[derive(Clone, Copy, Debug)]
struct BadHash(TicTacToe, u64);

impl PartialEq for BadHash {
    fn eq(&self, other: &Self) -> bool {
        self.0 == other.0
    }
}

impl Eq for BadHash {}

impl core::fmt::Display for BadHash {
    fn fmt(&self, f: &mut core::fmt::Formatter<'_>) -> core::fmt::Result {
        self.0.fmt(f)
    }
}

impl core::str::FromStr for BadHash {
    type Err = game_core::ParsePositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        let pos: TicTacToe = s.parse()?;
        Ok(BadHash(pos, pos.hash_key()))
    }
}

impl Game for BadHash {
    type Move = u8;
    type Player = Mark;
    type Reason = game_core::tictactoe::EndReason;
    const NAME: &'static str = "bad-hash";
    const PLAYERS: &'static [Mark] = TicTacToe::PLAYERS;
    fn start() -> Self {
        BadHash(TicTacToe::start(), TicTacToe::start().hash_key())
    }
    fn to_move(&self) -> Mark {
        self.0.to_move()
    }
    fn legal_moves_into<B: MoveBuffer<u8>>(&self, moves: &mut B) {
        self.0.legal_moves_into(moves)
    }
    fn play_unchecked(&mut self, mv: u8) {
        self.0.play_unchecked(mv);
        self.1 ^= 1 << mv; // forgets to toggle the side to move
    }
    fn outcome(&self) -> Option<game_core::OutcomeOf<Self>> {
        self.0.outcome()
    }
    fn hash_key(&self) -> u64 {
        self.1
    }
    fn fresh_hash_key(&self) -> u64 {
        self.0.hash_key()
    }
    fn parse_move(&self, text: &str) -> Result<u8, ParseMoveError> {
        self.0.parse_move(text)
    }
    fn move_text(&self, mv: u8) -> String {
        self.0.move_text(mv)
    }
}

#[test]
#[should_panic(expected = "incremental hash")]
fn the_conformance_kit_catches_a_wrong_incremental_hash() {
    Conformance::<BadHash>::new().games(2).run();
}

#[test]
fn a_board_size_is_stored_as_its_text_and_checked_on_load() {
    let rect = BoardSize::Rect {
        width: 10,
        height: 6,
    };
    assert_eq!(serde_json::to_string(&rect).unwrap(), r#""10x6""#);
    assert_eq!(
        serde_json::to_string(&BoardSize::Side(8)).unwrap(),
        r#""8""#
    );
    assert_eq!(
        serde_json::from_str::<BoardSize>(r#""10x6""#).unwrap(),
        rect
    );
    assert_eq!(
        serde_json::from_str::<BoardSize>(r#""8""#).unwrap(),
        BoardSize::Side(8)
    );
    for bad in [
        "8",
        r#""0""#,
        r#""8X8""#,
        r#""""#,
        r#""10x6x2""#,
        "[10,6]",
        r#"" 8""#,
        r#""08""#,
    ] {
        assert!(serde_json::from_str::<BoardSize>(bad).is_err(), "{bad}");
    }
}
