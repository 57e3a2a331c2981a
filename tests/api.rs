//! The same calls against all five game crates: a crate whose names drift from the others
//! stops compiling here (or fails): start positions, board sizes, players, points and sets of
//! points, counts, move text, derives, pictures, engines and the re-exported core names.

use game_core::{Engine, Game, GameRecord, Limits};

/// The calls every game crate answers in the same words: `$point` is the crate's point type
/// and `$set` its set of points, `$text` the name of one of its points, at column `$col` and
/// row `$row` (from 0 at the bottom left, as the notation reads the board), `$occupied`
/// whether that point holds a piece at the start, `$points` the number of points of the
/// default board and `$pieces` the pieces on it at the start (counted from the rules pages).
macro_rules! same_calls_in {
    (
        $krate:ident, $point:ident, $set:ident, $text:literal, $col:literal, $row:literal,
        $occupied:literal, $points:literal, $pieces:literal
    ) => {
        mod $krate {
            use super::*;
            // The core names, re-exported by every crate under the same names.
            use ::$krate::$point as Point;
            use ::$krate::$set as Set;
            use ::$krate::{
                BoardSize, DrawRules, Game, GameRecord, IllegalMoveError, MoveBuffer, MoveList,
                Outcome, ParseMoveError, ParsePointError, ParsePositionError, RecordError, Rng,
                SizeError,
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
                let _: fn(MoveList<::$krate::Move>) -> game_core::MoveList<::$krate::Move> = same;
                fn buffer<B: game_core::MoveBuffer<::$krate::Move>>() {}
                fn reexported<B: MoveBuffer<::$krate::Move>>() {
                    buffer::<B>();
                }
                reexported::<Vec<::$krate::Move>>();
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
                // On every board: the empty points and the pieces make up the board.
                for start in sizes
                    .iter()
                    .filter_map(|&size| Position::start_with_size(size).ok())
                {
                    let pieces: u32 = Color::ALL.iter().map(|&c| start.piece_count(c)).sum();
                    assert_eq!(
                        start.empty().len() + pieces as usize,
                        start.point_count(),
                        "{start}"
                    );
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

            /// `legal_moves` returns game-core's `MoveList`, and `legal_moves_into` fills a `Vec`
            /// or a `MoveList` alike (the signatures checked by the compiler).
            #[test]
            fn legal_moves_in_a_move_list_or_any_buffer() {
                type Move = ::$krate::Move;
                let _: fn(&Position) -> game_core::MoveList<Move> = <Position as Game>::legal_moves;
                let _: fn(&Position, &mut Vec<Move>) = <Position as Game>::legal_moves_into;
                let _: fn(&Position, &mut game_core::MoveList<Move>) =
                    <Position as Game>::legal_moves_into;
                let _: fn(&GameRecord<Position>) -> game_core::MoveList<Move> =
                    GameRecord::<Position>::legal_moves;
                let mut rng = Rng::new(13);
                let mut pos = Position::start();
                let (mut vec, mut list) = (Vec::new(), MoveList::new());
                for _ in 0..40 {
                    let moves: game_core::MoveList<Move> = pos.legal_moves();
                    pos.legal_moves_into(&mut vec);
                    pos.legal_moves_into(&mut list);
                    assert_eq!(moves, vec, "{pos}");
                    assert_eq!(list, vec, "{pos}");
                    // On the stack unless the position has more moves than that.
                    assert_eq!(
                        moves.is_spilled(),
                        moves.len() > game_core::MOVE_LIST_INLINE,
                        "{pos}"
                    );
                    match rng.choose(&moves) {
                        Some(&mv) => pos.play_unchecked(mv),
                        None => break,
                    }
                }
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

            /// A point is made from its column and row or its index, and gives them back, all
            /// in `const` code; the indices of the layout are increasing in the points' order.
            #[test]
            fn points_by_column_row_and_index() {
                const POINT: Option<Point> = Point::new($col, $row);
                const COL_ROW: (u8, u8) = match POINT {
                    Some(point) => (point.col(), point.row()),
                    None => (u8::MAX, u8::MAX),
                };
                const INDEX: usize = match POINT {
                    Some(point) => point.index(),
                    None => usize::MAX,
                };
                const BACK: Option<Point> = Point::from_index(INDEX);
                let point: Point = $text.parse().expect("a point name");
                assert_eq!(POINT, Some(point));
                assert_eq!(COL_ROW, ($col, $row));
                assert_eq!(BACK, Some(point));
                let layout: Vec<Point> = (0..4096).filter_map(Point::from_index).collect();
                assert!(layout.len() >= $points, "{}", layout.len());
                for pair in layout.windows(2) {
                    assert!(pair[0] < pair[1], "{} {}", pair[0], pair[1]);
                    assert!(pair[0].index() < pair[1].index());
                }
                for &p in &layout {
                    assert_eq!(Point::from_index(p.index()), Some(p), "{p}");
                    assert_eq!(Point::new(p.col(), p.row()), Some(p), "{p}");
                    assert_eq!(p.to_string().parse::<Point>(), Ok(p));
                }
                assert_eq!(Point::from_index(usize::MAX), None);
                assert_eq!(Point::new(u8::MAX, u8::MAX), None);
            }

            /// Every crate's set of points has the same methods, and the positions hand their
            /// points out as sets.
            #[test]
            fn sets_of_points_by_the_same_names() {
                let point: Point = $text.parse().expect("a point name");
                let mut set = Set::EMPTY;
                assert_eq!(Set::default(), set);
                assert!(set.is_empty() && set.len() == 0 && set.first().is_none());
                set.insert(point);
                set.insert(point);
                assert!(set.contains(point) && !set.is_empty());
                assert_eq!((set.len(), set.first()), (1, Some(point)));
                assert_eq!(set.iter().collect::<Vec<_>>(), [point]);
                assert_eq!(set.into_iter().collect::<Vec<_>>(), [point]);
                assert_eq!((&set).into_iter().count(), 1);
                let layout: Vec<Point> = (0..4096).filter_map(Point::from_index).collect();
                let all: Set = layout.iter().copied().collect();
                assert_eq!(all.len(), layout.len());
                assert_eq!(all.iter().collect::<Vec<_>>(), layout, "lowest index first");
                assert_eq!(set.union(all), all);
                assert_eq!(set.intersection(all), set);
                let rest = all.difference(set);
                assert_eq!(rest.len(), all.len() - 1);
                assert!(!rest.contains(point) && !rest.intersects(set) && all.intersects(set));
                assert_eq!(rest.union(set), all);
                let mut extended = rest;
                extended.extend([point]);
                assert_eq!(extended, all);
                set.remove(point);
                assert_eq!(set, Set::EMPTY);
                assert!(format!("{all:?}").contains($text), "Debug lists the points");

                let start = Position::start();
                let empty: Set = start.empty();
                for p in empty {
                    assert_eq!(start.piece_at(p), None, "{p}");
                }
                assert_eq!(empty.contains(point), !$occupied);
            }

            /// The dimensions and the counts: `point_count`, `piece_count`, by the same
            /// names and types, with the numbers of the rules pages.
            #[test]
            fn board_dimensions_and_counts() {
                let _: fn(&Position) -> usize = Position::point_count;
                let _: fn(&Position, Color) -> u32 = Position::piece_count;
                let start = Position::start();
                assert_eq!(start.point_count(), $points);
                let pieces: u32 = Color::ALL.iter().map(|&c| start.piece_count(c)).sum();
                assert_eq!(pieces, $pieces);
                // Along a game, the pieces counted are pieces the board shows.
                let layout: Vec<Point> = (0..4096).filter_map(Point::from_index).collect();
                let mut rng = Rng::new(3);
                let mut pos = start;
                for _ in 0..60 {
                    let shown = layout
                        .iter()
                        .filter(|&&p| pos.piece_at(p).is_some())
                        .count();
                    let counted: u32 = Color::ALL.iter().map(|&c| pos.piece_count(c)).sum();
                    assert!(counted as usize <= shown, "{pos}");
                    assert_eq!(pos.empty().len() + shown, pos.point_count(), "{pos}");
                    match rng.choose(&pos.legal_moves()) {
                        Some(&mv) => pos.play_unchecked(mv),
                        None => break,
                    }
                }
            }

            /// `side_to_move` names the trait's player; `Default` is the start; moves and points
            /// are ordered; a move prints text its position reads back.
            #[test]
            fn side_to_move_default_order_and_move_text() {
                let _: fn(&Position) -> <Position as Game>::Player = Position::side_to_move;
                fn ordered<T: Ord + core::fmt::Display>() {}
                ordered::<Point>();
                ordered::<::$krate::Move>();
                assert_eq!(Position::default(), Position::start());
                let mut rng = Rng::new(7);
                let mut pos = Position::default();
                for _ in 0..40 {
                    assert_eq!(pos.side_to_move(), pos.to_move(), "{pos}");
                    let moves = pos.legal_moves();
                    for &mv in &moves {
                        // The text of the move alone is read back, unless another legal move
                        // shares it (draughts captures with the same start and end): then the
                        // position names both.
                        match pos.parse_move(&mv.to_string()) {
                            Ok(back) => assert_eq!(back, mv, "{mv} in {pos}"),
                            Err(ParseMoveError::Ambiguous { candidates, .. }) => {
                                assert!(candidates.contains(&pos.move_text(mv)), "{mv} in {pos}")
                            }
                            Err(err) => panic!("{mv} in {pos}: {err}"),
                        }
                    }
                    match rng.choose(&moves) {
                        Some(&mv) => pos.play(mv).expect("a legal move"),
                        None => break,
                    }
                }
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
                    let limits = Limits::INFINITE.with_depth(1).with_iterations(50);
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

            /// The picture and the gestures through game-core's traits, re-exported by every
            /// crate; `SvgOptions` is game-core's one options type for the crate's points and
            /// moves.
            #[test]
            fn pictures_and_gestures_by_the_same_names() {
                use ::$krate::{Describe, Gesture, Gestures};
                let options: ::game_core::SvgOptions<Point, ::$krate::Move> =
                    SvgOptions::new().with_size(300).with_explain(true);
                let start = Position::start();
                let svg = start.to_svg(&options);
                assert!(svg.starts_with("<svg"), "{svg:.40}");
                assert_eq!(start.points().len(), $points);
                assert_eq!(Describe::points(&start).len(), $points);
                assert_eq!(svg.matches(" data-point=\"").count(), $points);
                let mv = start.legal_moves()[0];
                let gesture: Gesture<Point> = start.gesture(mv);
                assert_eq!(start.move_of(&gesture), Some(mv));
                let _: Box<dyn Engine<Position>> = <Position as Describe>::default_engine(1);
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

// Kvarn3: nine points, six stones in hand. Draughts: 50 dark squares, 20 men a side; square
// 32 is d4. Cheversi: 64 squares, all pieces in hand. Sundraval: 217 points on 9 a side.
// Svendo: 10 x 6 points, all stones in hand.
same_calls_in!(kvarn3, Point, PointSet, "b2", 1, 1, false, 9, 0);
same_calls_in!(
    swedish_draughts,
    Square,
    SquareSet,
    "32",
    3,
    3,
    true,
    50,
    40
);
same_calls_in!(cheversi, Square, SquareSet, "e4", 4, 3, false, 64, 0);
same_calls_in!(sundraval, Point, PointSet, "e5", 4, 4, false, 217, 0);
same_calls_in!(svendo, Point, PointSet, "c3", 2, 2, false, 60, 0);
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

/// The games with a hand count it by the same name, `in_hand(color) -> u32`: every stone is in
/// hand at the start (the rules pages' numbers), and a hand never grows.
macro_rules! hands_in {
    ($($krate:ident: $start:literal),*) => {
        #[test]
        fn hands_by_the_same_name() {
            $({
                use ::$krate::{Color, Game, Position};
                let _: fn(&Position, Color) -> u32 = Position::in_hand;
                let mut rng = game_core::Rng::new(9);
                let mut pos = Position::start();
                for colour in Color::ALL {
                    assert_eq!(pos.in_hand(colour), $start, stringify!($krate));
                }
                for _ in 0..60 {
                    let before = Color::ALL.map(|c| pos.in_hand(c));
                    match rng.choose(&pos.legal_moves()) {
                        Some(&mv) => pos.play_unchecked(mv),
                        None => break,
                    }
                    let after = Color::ALL.map(|c| pos.in_hand(c));
                    let (was, now): (u32, u32) = (before.iter().sum(), after.iter().sum());
                    assert!(now == was || now + 1 == was, "{} {pos}", stringify!($krate));
                    for (b, a) in before.iter().zip(after.iter()) {
                        assert!(a <= b, "{} {pos}", stringify!($krate));
                    }
                }
            })*
        }
    };
}

hands_in!(kvarn3: 3, cheversi: 8, svendo: 8);

/// Board sizes are `u32` everywhere, the type of `BoardSize`'s fields, and the default sizes
/// are the first of `BOARD_SIZES`.
#[test]
fn size_constants_are_board_size_numbers() {
    use game_core::BoardSize;
    let sundraval: [u32; 3] = [
        ::sundraval::MIN_SIZE,
        ::sundraval::DEFAULT_SIZE,
        ::sundraval::MAX_SIZE,
    ];
    assert_eq!(sundraval, [3, 9, 11]);
    assert_eq!(
        <::sundraval::Position as Game>::BOARD_SIZES.first(),
        Some(&BoardSize::Side(::sundraval::DEFAULT_SIZE))
    );
    let svendo: [u32; 6] = [
        ::svendo::MIN_POINTS,
        ::svendo::MAX_POINTS,
        ::svendo::MIN_SIDE,
        ::svendo::MAX_SIDE,
        ::svendo::DEFAULT_WIDTH,
        ::svendo::DEFAULT_HEIGHT,
    ];
    assert_eq!(svendo, [30, 64, 5, 12, 10, 6]);
    assert_eq!(
        <::svendo::Position as Game>::BOARD_SIZES.first(),
        Some(&BoardSize::Rect {
            width: ::svendo::DEFAULT_WIDTH,
            height: ::svendo::DEFAULT_HEIGHT
        })
    );
}
