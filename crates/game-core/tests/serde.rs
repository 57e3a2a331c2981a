//! The serde forms of game-core: the versioned game record, board sizes, and the text helper
//! (`serde_text`, `impl_serde_text!`) that every game crate stores its moves, points, players
//! and positions with.

use core::fmt;
use core::str::FromStr;

use game_core::tictactoe::TicTacToe;
use game_core::{BoardSize, Game, GameRecord};

const RULES: &str = r#""rules":{"repetitions":3,"no_progress_plies":null,"move_cap":null}"#;

#[test]
fn a_record_is_stored_with_format_1_and_read_back() {
    let mut record = GameRecord::new(TicTacToe::start());
    for text in ["b2", "a1"] {
        record.play_text(text).unwrap();
    }
    let json = serde_json::to_string(&record).unwrap();
    assert_eq!(
        json,
        format!(
            r#"{{"format":1,"game":"tictactoe","start":".../.../... x",{RULES},"moves":["b2","a1"]}}"#
        )
    );
    let back: GameRecord<TicTacToe> = serde_json::from_str(&json).unwrap();
    assert_eq!(back.moves(), record.moves());
}

#[test]
fn a_record_of_another_or_no_format_is_refused() {
    // (the format field, whether the error names the format; a value of the wrong type is
    // serde's own type error)
    for (format, names_it) in [
        (r#""format":0,"#, true),
        (r#""format":2,"#, true),
        ("", true),
        (r#""format":"1","#, false),
        (r#""format":-1,"#, false),
        (r#""format":null,"#, false),
    ] {
        let json =
            format!(r#"{{{format}"game":"tictactoe","start":".../.../... x",{RULES},"moves":[]}}"#);
        let err = serde_json::from_str::<GameRecord<TicTacToe>>(&json).unwrap_err();
        assert!(
            !names_it || err.to_string().contains("format"),
            "{json}: {err}"
        );
    }
}

/// Every draw rule must be written, `null` when it is off: `"rules": {}` or a rule left out is
/// a careless record, not "no draw rules", and an unknown rule is refused too.
#[test]
fn a_record_must_write_every_draw_rule() {
    for rules in [
        r#""rules":{}"#,
        r#""rules":{"repetitions":3,"no_progress_plies":null}"#,
        r#""rules":{"repetitions":3,"no_progress_plies":null,"move_cap":null,"extra":1}"#,
    ] {
        let json = format!(
            r#"{{"format":1,"game":"tictactoe","start":".../.../... x",{rules},"moves":[]}}"#
        );
        assert!(
            serde_json::from_str::<GameRecord<TicTacToe>>(&json).is_err(),
            "{json}"
        );
    }
    let none = r#""rules":{"repetitions":null,"no_progress_plies":null,"move_cap":null}"#;
    let json =
        format!(r#"{{"format":1,"game":"tictactoe","start":".../.../... x",{none},"moves":[]}}"#);
    let record: GameRecord<TicTacToe> = serde_json::from_str(&json).unwrap();
    assert_eq!(record.rules(), game_core::DrawRules::NONE);
}

/// A test type with a text form: a lower-case word of at most 8 letters.
#[derive(Debug, PartialEq)]
struct Word(String);

impl fmt::Display for Word {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Word {
    type Err = &'static str;
    fn from_str(text: &str) -> Result<Word, &'static str> {
        if (1..=8).contains(&text.len()) && text.bytes().all(|b| b.is_ascii_lowercase()) {
            Ok(Word(text.to_owned()))
        } else {
            Err("not a word")
        }
    }
}

game_core::impl_serde_text!(Word);

/// A second test type read by a function instead of `FromStr`.
#[derive(Clone, Copy, Debug, PartialEq)]
enum Side {
    Left,
    Right,
}

impl fmt::Display for Side {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Side::Left => "left",
            Side::Right => "right",
        })
    }
}

game_core::impl_serde_text!(Side, |text| game_core::serde_text::parse_name(
    &[Side::Left, Side::Right],
    text
));

/// A test type read in either letter case, as the games read move text from people.
#[derive(Clone, Debug, PartialEq)]
struct Typed(String);

impl fmt::Display for Typed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl FromStr for Typed {
    type Err = &'static str;
    fn from_str(text: &str) -> Result<Typed, &'static str> {
        let word: Word = text.to_ascii_lowercase().parse()?;
        Ok(Typed(word.0))
    }
}

game_core::impl_serde_text!(Typed);

#[test]
fn stored_text_is_in_the_notations_own_case_even_where_people_may_type_another() {
    assert_eq!("PASS".parse::<Typed>(), Ok(Typed("pass".into())));
    assert_eq!(
        serde_json::from_str::<Typed>(r#""pass""#).unwrap(),
        Typed("pass".into())
    );
    for other_case in [r#""PASS""#, r#""Pass""#] {
        let err = serde_json::from_str::<Typed>(other_case).unwrap_err();
        assert!(err.to_string().contains("own letter case"), "{err}");
    }
    // A text the parser refuses keeps the parser's reason.
    let err = serde_json::from_str::<Typed>(r#""p4ss""#).unwrap_err();
    assert!(err.to_string().contains("not a word"), "{err}");
}

#[test]
fn the_text_helper_writes_display_and_reads_from_str() {
    assert_eq!(
        serde_json::to_string(&Word("abc".into())).unwrap(),
        r#""abc""#
    );
    assert_eq!(
        serde_json::from_str::<Word>(r#""abc""#).unwrap(),
        Word("abc".into())
    );
    // An escaped string arrives owned, not borrowed: it is read the same way.
    assert_eq!(
        serde_json::from_str::<Word>(r#""a\u0062c""#).unwrap(),
        Word("abc".into())
    );
    assert_eq!(
        serde_json::to_string(&[Side::Right, Side::Left]).unwrap(),
        r#"["right","left"]"#
    );
    assert_eq!(
        serde_json::from_str::<Side>(r#""left""#).unwrap(),
        Side::Left
    );
}

#[test]
fn the_text_helper_refuses_junk() {
    for junk in [
        r#""ABC""#,
        r#""abc ""#,
        r#"" abc""#,
        r#""""#,
        r#""abcdefghi""#,
        "7",
        "null",
        "[]",
        r#"["abc"]"#,
        r#"{"Word":"abc"}"#,
        "true",
    ] {
        let err = serde_json::from_str::<Word>(junk).expect_err(junk);
        let _ = err.to_string();
    }
    for junk in [r#""Left""#, r#""LEFT""#, r#""up""#, "0", r#""left ""#] {
        let err = serde_json::from_str::<Side>(junk).expect_err(junk);
        if junk.starts_with("\"up") {
            assert!(err.to_string().contains("left, right"), "{err}");
        }
    }
    // The message quotes a bounded excerpt of a huge text.
    let huge = format!("\"{}\"", "Z".repeat(100_000));
    assert!(
        serde_json::from_str::<Word>(&huge)
            .unwrap_err()
            .to_string()
            .len()
            < 300
    );
}

#[test]
fn board_sizes_are_stored_as_their_text() {
    for (size, text) in [
        (BoardSize::Side(8), r#""8""#),
        (
            BoardSize::Rect {
                width: 10,
                height: 6,
            },
            r#""10x6""#,
        ),
    ] {
        assert_eq!(serde_json::to_string(&size).unwrap(), text);
        assert_eq!(serde_json::from_str::<BoardSize>(text).unwrap(), size);
    }
    for junk in ["8", r#""08""#, r#"" 8""#, r#""0""#, r#""8X8""#, "null"] {
        assert!(serde_json::from_str::<BoardSize>(junk).is_err(), "{junk}");
    }
}

#[test]
fn the_template_game_has_the_error_policy() {
    use game_core::ParsePositionErrorKind::{Illegal, Malformed};
    let err = ".../.../... o".parse::<TicTacToe>().unwrap_err();
    assert_eq!((err.kind, err.offset), (Illegal, 12));
    let err = TicTacToe::parse_position(".../.../... x", Some(BoardSize::Side(4))).unwrap_err();
    assert_eq!(err.kind, game_core::ParsePositionErrorKind::SizeMismatch);
    let err = ".../.Q./... x".parse::<TicTacToe>().unwrap_err();
    assert_eq!((err.kind, err.offset), (Malformed, 5));
}

/// A tracker stored and read back counts on exactly as the original: the same answers after
/// every further push and pop, on a random walk over a few keys (so repetitions happen).
#[test]
fn a_draw_tracker_is_stored_with_its_moves_and_counts_on_as_before() {
    use game_core::{DrawRules, DrawTracker, Rng};
    let rules = DrawRules::new(Some(3), Some(12), Some(40));
    let mut rng = Rng::new(9);
    let mut tracker = DrawTracker::from_key(rules, 0);
    for _ in 0..30 {
        tracker.push_key(rng.below(6) == 0, rng.below(4) != 0, rng.below(5) as u64);
    }
    let json = serde_json::to_string(&tracker).unwrap();
    let mut back: DrawTracker = serde_json::from_str(&json).unwrap();
    assert_eq!(back, tracker);
    for _ in 0..200 {
        if rng.below(3) == 0 {
            assert_eq!(back.pop(), tracker.pop());
        } else {
            let (p, c, k) = (rng.below(6) == 0, rng.below(4) != 0, rng.below(5) as u64);
            assert_eq!(back.push_key(p, c, k), tracker.push_key(p, c, k));
        }
        assert_eq!(
            (
                back.repetition_count(),
                back.no_progress_plies(),
                back.capped_plies()
            ),
            (
                tracker.repetition_count(),
                tracker.no_progress_plies(),
                tracker.capped_plies()
            )
        );
    }
}

/// A tracker that forgot the positions before a progress move (as a game record's does) is
/// stored with the plies it forgot and their capped plies, and counts on as before.
#[test]
fn a_draw_tracker_that_forgot_positions_is_stored_with_what_it_forgot() {
    use game_core::{DrawRules, DrawTracker};
    let mut tracker = DrawTracker::from_key(DrawRules::new(Some(3), None, Some(10)), 1);
    tracker.push_key(false, true, 2);
    tracker.push_key(false, false, 3);
    tracker.push_key(true, true, 4); // a progress move
    tracker.push_key(false, true, 5);
    tracker.forget_before_progress();
    let json = serde_json::to_string(&tracker).unwrap();
    assert!(
        json.ends_with(r#""start":4,"moves":[[false,true,5]],"forgotten":3,"capped_before":2}"#),
        "{json}"
    );
    let mut back: DrawTracker = serde_json::from_str(&json).unwrap();
    assert_eq!(back, tracker);
    assert_eq!((back.plies(), back.capped_plies()), (4, 3));
    assert!(back.pop() && !back.pop());
    assert_eq!((back.plies(), back.capped_plies(), back.key()), (3, 2, 4));

    let impossible = json.replace(r#""capped_before":2"#, r#""capped_before":4"#);
    assert!(serde_json::from_str::<DrawTracker>(&impossible).is_err());
}

#[test]
fn a_draw_tracker_is_written_as_rules_start_and_moves() {
    use game_core::{DrawRules, DrawTracker};
    let mut tracker = DrawTracker::from_key(DrawRules::THREEFOLD, 7);
    tracker.push_key(false, true, 12);
    tracker.push_key(true, false, 7);
    let json = serde_json::to_string(&tracker).unwrap();
    assert_eq!(
        json,
        format!(r#"{{{RULES},"start":7,"moves":[[false,true,12],[true,false,7]]}}"#)
    );
}

#[test]
fn a_stored_draw_tracker_with_rules_that_make_no_sense_is_refused() {
    use game_core::DrawTracker;
    let bad = r#"{"rules":{"repetitions":1,"no_progress_plies":null,"move_cap":null},"start":1,"moves":[]}"#;
    let error = serde_json::from_str::<DrawTracker>(bad).unwrap_err();
    assert!(error.to_string().contains("repetition"), "{error}");
    let missing = format!(r#"{{{RULES},"start":1}}"#);
    assert!(serde_json::from_str::<DrawTracker>(&missing).is_err());
}
