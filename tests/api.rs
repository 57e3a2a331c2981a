//! The same calls against all five game crates: a crate whose names drift from the others
//! stops compiling here (or fails): start positions, board sizes, players, points and pieces,
//! move text, pictures, engines and the re-exported core names.

use game_core::{Engine, Game, GameRecord, Limits};

/// The calls every game crate answers in the same words: `$point` is the crate's point type,
/// `$text` the name of one of its points, and `$occupied` whether that point holds a piece at
/// the start.
macro_rules! same_calls_in {
    ($krate:ident, $point:ident, $text:literal, $occupied:literal) => {
        mod $krate {
            use super::*;
            // The core names, re-exported by every crate under the same names.
            use ::$krate::$point as Point;
            use ::$krate::{
                BoardSize, DrawRules, Game, GameRecord, IllegalMoveError, Outcome, ParseMoveError,
                ParsePointError, ParsePositionError, RecordError, Rng, SizeError,
            };
            use ::$krate::{
                Color, EndReason, OutcomeOf, Piece, PlayerResult, Position, Reason, SvgOptions,
            };
            // The rules page travels with the crate as its `rules` module.
            #[allow(unused_imports)]
            use ::$krate::rules as _;

            /// The re-exports are game-core's own types, not look-alikes.
            #[test]
            fn core_names_are_game_cores() {
                fn same<T>(value: T) -> T {
                    value
                }
                let _: fn(ParsePointError) -> game_core::ParsePointError = same;
                let _: fn(ParseMoveError) -> game_core::ParseMoveError = same;
                let _: fn(ParsePositionError) -> game_core::ParsePositionError = same;
                let _: fn(IllegalMoveError) -> game_core::IllegalMoveError = same;
                let _: fn(RecordError<Position>) -> game_core::RecordError<Position> = same;
                let _: fn(SizeError) -> game_core::SizeError = same;
                let _: fn(BoardSize) -> game_core::BoardSize = same;
                let _: fn(DrawRules) -> game_core::DrawRules = same;
                let _: fn(Rng) -> game_core::Rng = same;
                let _: fn(Outcome<Color, EndReason>) -> game_core::Outcome<Color, EndReason> = same;
                let _: fn(OutcomeOf<Position>) -> game_core::OutcomeOf<Position> = same;
                let _: fn(Reason<EndReason>) -> game_core::Reason<EndReason> = same;
                let _: fn(PlayerResult) -> game_core::PlayerResult = same;
                let _: fn(GameRecord<Position>) -> game_core::GameRecord<Position> = same;
                assert_eq!(
                    <Position as Game>::NAME,
                    <Position as game_core::Game>::NAME
                );
            }

            /// `start_with_size` over every board size; the first is the default board, and a
            /// game with a single board refuses every size.
            #[test]
            fn start_on_every_board_size() {
                let sizes = <Position as Game>::BOARD_SIZES;
                for &size in sizes {
                    let start = Position::start_with_size(size).expect("a size of the game");
                    assert_eq!(Ok(start), <Position as Game>::start_with_size(size));
                    assert_eq!(start.board_size(), Some(size));
                    assert_eq!(start.outcome(), None);
                    assert!(!start.legal_moves().is_empty(), "{size}");
                }
                match sizes.first() {
                    Some(&default) => {
                        assert_eq!(Position::start_with_size(default), Ok(Position::start()))
                    }
                    None => assert!(Position::start_with_size(BoardSize::Side(3)).is_err()),
                }
                // No game has a 2 x 2 board.
                let tiny = BoardSize::Rect {
                    width: 2,
                    height: 2,
                };
                let err: SizeError = Position::start_with_size(tiny).expect_err("no such board");
                assert_eq!(err.size, tiny);
            }

            /// A point read from its name prints the name back; junk is a `ParsePointError`,
            /// and so are the wrong case and surrounding spaces.
            #[test]
            fn points_read_and_print_their_names() {
                let point: Point = $text.parse().expect("a point name");
                assert_eq!(point.to_string(), $text);
                // The same through the `String` conversions, with the same error type.
                assert_eq!(String::from(point), $text);
                assert_eq!(Point::try_from(String::from($text)), Ok(point));
                let _: Result<Point, ParsePointError> = Point::try_from(String::from("zz"));
                for junk in [
                    "",
                    "zz",
                    "?",
                    concat!(" ", $text),
                    concat!($text, " "),
                    "a99",
                ] {
                    let err: ParsePointError = junk.parse::<Point>().expect_err(junk);
                    assert!(!err.reason.is_empty(), "{junk:?}");
                }
                let upper = $text.to_uppercase();
                if upper != $text {
                    assert!(upper.parse::<Point>().is_err(), "{upper}");
                }
                // piece_at answers with the crate's `Piece`.
                let start = Position::start();
                let piece: Option<Piece> = start.piece_at(point);
                assert_eq!(piece.is_some(), $occupied, "{point} at the start");
            }

            /// The pictures for people are `Game` methods; every crate draws a board.
            #[test]
            fn diagrams_and_details_through_the_trait() {
                let start = Position::start();
                let diagram = start.diagram();
                assert!(diagram.lines().count() > 1, "{diagram}");
                assert_eq!(diagram, Game::diagram(&start));
                let details: Vec<String> = start.details();
                assert!(
                    details.iter().all(|line| !line.contains('\n')),
                    "{details:?}"
                );
            }

            /// `parse_move` reads back what `move_text` writes, for every legal move of
            /// positions along a random game.
            #[test]
            fn every_legal_move_text_round_trips() {
                let mut rng = Rng::new(11);
                let mut pos = Position::start();
                for _ in 0..40 {
                    let moves = pos.legal_moves();
                    for &mv in &moves {
                        let text = pos.move_text(mv);
                        assert_eq!(pos.parse_move(&text), Ok(mv), "{text} in {pos}");
                    }
                    match rng.choose(&moves) {
                        Some(&mv) => pos.play(mv).expect("a legal move"),
                        None => break,
                    }
                }
            }

            #[test]
            fn start_positions_and_players() {
                let start = Position::start();
                assert_eq!(start, <Position as Game>::start());
                // The text conversions every position has: `String::from` and `try_from`.
                let text = String::from(start);
                assert_eq!(text, start.to_string());
                assert_eq!(Position::try_from(text).expect("its own text"), start);
                assert_eq!(start.outcome(), None);
                // Colours: all of them, the next one in turn, an index for arrays.
                for (i, colour) in Color::ALL.into_iter().enumerate() {
                    assert_eq!(colour.index(), i);
                    assert_eq!(colour.name(), colour.to_string());
                    let next = Color::ALL[(i + 1) % Color::ALL.len()];
                    assert_eq!(colour.next(), next);
                }
                // Every player maps to its place in PLAYERS, through the trait the player
                // type implements (no search of the list).
                for (i, &player) in Position::PLAYERS.iter().enumerate() {
                    assert_eq!(Position::player_index(player), i);
                    assert_eq!(::game_core::PlayerIndex::index(player), i);
                    assert_eq!(Position::PLAYERS[Position::player_index(player)], player);
                }
            }

            #[test]
            fn engines_by_the_same_names() {
                let record = GameRecord::new(Position::start());
                let engines: [Box<dyn Engine<Position>>; 2] =
                    [::$krate::default_engine(1), ::$krate::mcts_engine(1)];
                for mut engine in engines {
                    let limits = Limits {
                        depth: Some(1),
                        iterations: Some(50),
                        ..Limits::INFINITE
                    };
                    let mv = engine.choose_move(&record, &limits).expect("a move");
                    assert!(record.current().is_legal(mv), "{}", engine.name());
                }
            }

            /// Checked play refuses a move with the move's text and the reason of
            /// `why_illegal`: here the first legal move of the start, played a second time.
            #[test]
            fn illegal_moves_say_why() {
                let mut pos = Position::start();
                let mv = pos.legal_moves()[0];
                assert_eq!(pos.why_illegal(mv), None);
                pos.play(mv).expect("a legal move");
                let reason = pos.why_illegal(mv).expect("the same move again is illegal");
                assert!(!reason.is_empty());
                let before = pos;
                let err = pos.play(mv).expect_err("refused");
                assert_eq!((err.mv, err.reason), (pos.move_text(mv), reason));
                assert_eq!(pos, before, "a refused move leaves the position unchanged");
            }

            #[test]
            fn pictures_by_the_same_names() {
                let svg = Position::start().to_svg(&SvgOptions::default());
                assert!(
                    svg.starts_with("<svg") || svg.starts_with("<?xml"),
                    "{svg:.40}"
                );
            }
        }
    };
}

/// The two-player games also have an alpha-beta engine of the same name.
macro_rules! alphabeta_in {
    ($($krate:ident),*) => {
        #[test]
        fn two_player_games_have_alphabeta_engines() {
            $({
                let record = GameRecord::new(::$krate::Position::start());
                let mut engine = ::$krate::alphabeta_engine(1);
                let mv = engine.choose_move(&record, &Limits::depth(1)).expect("a move");
                assert!(record.current().is_legal(mv), stringify!($krate));
                assert_eq!(::$krate::Color::ALL[0].other(), ::$krate::Color::ALL[1]);
            })*
        }
    };
}

same_calls_in!(kvarn3, Point, "b2", false);
same_calls_in!(swedish_draughts, Square, "32", true);
same_calls_in!(cheversi, Square, "e4", false);
same_calls_in!(sundraval, Point, "e5", false);
same_calls_in!(svendo, Point, "c3", false);
alphabeta_in!(kvarn3, swedish_draughts, cheversi, sundraval);

/// In the games whose players are colours, `Color::ALL` is `Game::PLAYERS`: play order.
macro_rules! colours_are_players_in {
    ($($krate:ident),*) => {
        #[test]
        fn colours_follow_the_order_of_play() {
            $({
                use ::$krate::{Color, Game, Position};
                assert_eq!(Color::ALL.as_slice(), Position::PLAYERS, stringify!($krate));
            })*
        }
    };
}

colours_are_players_in!(kvarn3, swedish_draughts, cheversi, svendo);

/// Where a move's text does not depend on the position (all but draughts captures), the move
/// prints itself, and the text is the one the position writes.
macro_rules! move_display_in {
    ($($krate:ident),*) => {
        #[test]
        fn moves_print_their_own_text() {
            $({
                let mut rng = game_core::Rng::new(5);
                let mut pos = ::$krate::Position::start();
                for _ in 0..40 {
                    let moves = pos.legal_moves();
                    for &mv in &moves {
                        assert_eq!(mv.to_string(), pos.move_text(mv), stringify!($krate));
                    }
                    match rng.choose(&moves) {
                        Some(&mv) => pos.play_unchecked(mv),
                        None => break,
                    }
                }
            })*
        }
    };
}

move_display_in!(kvarn3, cheversi, sundraval, svendo);
