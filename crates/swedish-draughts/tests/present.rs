//! What a GUI relies on (`Describe`, `Gestures`, `Tally`): along seeded random games every
//! legal move has a gesture of its own that maps back to it, the picture names every dark
//! square once on a hit area on top, with every piece of the class its colour and kind say,
//! and the texts agree with the gestures (game-core's checks in `testing::present`); the
//! gestures of captures by hand; the pieces on the scoreboard counted from the position text.

use game_core::testing::present::{check_presentation, check_svg_points};
use swedish_draughts::{
    BoardSize, Color, Describe, Game, Gesture, Gestures, Kind, Position, Square, SvgOptions, Tally,
};

/// The class of the piece on `square`, written from the rules' colours and kinds.
fn piece_class(pos: &Position, square: Square) -> Option<String> {
    pos.piece_at(square).map(|piece| {
        let colour = match piece.color {
            Color::White => "white",
            Color::Black => "black",
        };
        let kind = match piece.kind {
            Kind::Man => "man",
            Kind::Dame => "dame",
        };
        format!("piece {colour} {kind}")
    })
}

fn parse(text: &str) -> Position {
    text.parse().expect("a position")
}

fn squares(numbers: &[u8]) -> Vec<Square> {
    numbers
        .iter()
        .map(|&n| Square::from_number(n).expect("a square"))
        .collect()
}

#[test]
fn random_games_on_10x10_have_one_gesture_per_move_and_named_squares() {
    let starts = [
        Position::start(),
        parse("W:WK28,33,39:B12,18,22,23,K45"),
        parse("B:WK3,29,31,32:B12,K46"),
    ];
    check_presentation(&starts, 12, 0xD4A7, 120, piece_class);
}

#[test]
fn random_games_on_8x8_have_one_gesture_per_move_and_named_squares() {
    let start = Position::start_with_size(BoardSize::Side(8)).expect("8x8");
    let dames = Position::parse_position(
        "B:W15,19,22,23,26,28,31:B1,4,5,6,7,8,9,11,K21",
        Some(BoardSize::Side(8)),
    )
    .expect("an 8x8 position");
    check_presentation(&[start, dames], 16, 0x8E8, 120, piece_class);
}

#[test]
fn the_squares_are_the_dark_ones_by_number() {
    let pos = Position::start();
    assert_eq!(pos.points(), squares(&(1..=50).collect::<Vec<u8>>()));
    let small = Position::start_with_size(BoardSize::Side(8)).expect("8x8");
    assert_eq!(small.points().len(), 32);
    let svg = small.to_svg(&SvgOptions::new());
    assert_eq!(svg.matches("data-point=\"").count(), 32);
    assert!(svg.contains("data-point=\"32\""));
    assert!(!svg.contains("data-point=\"33\""));
    check_svg_points(&small, &SvgOptions::new().with_flipped(true), |s| {
        piece_class(&small, s)
    });
}

#[test]
fn two_captures_between_the_same_squares_differ_by_their_landing_squares() {
    // 33x22x13 (over 28 and 18) and 33x24x13 (over 29 and 19): the same start and end.
    let pos = parse("W:W33:B18,19,28,29");
    let mut gestures: Vec<Vec<Square>> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| pos.gesture(mv).points)
        .collect();
    gestures.sort();
    assert_eq!(gestures, [squares(&[33, 22, 13]), squares(&[33, 24, 13])]);
    let over_22 = pos.parse_move("33x22x13").expect("legal");
    assert_eq!(
        pos.move_of(&Gesture::clicks(squares(&[33, 22, 13]))),
        Some(over_22)
    );
    // The end square alone is no whole gesture here.
    assert_eq!(pos.move_of(&Gesture::clicks(squares(&[33, 13]))), None);
}

#[test]
fn a_quiet_move_is_its_two_squares_and_a_round_trip_capture_ends_on_its_start() {
    let pos = Position::start();
    let mv = pos.parse_move("32-28").expect("legal");
    assert_eq!(pos.gesture(mv), Gesture::clicks(squares(&[32, 28])));
    // The dame on 28 takes 23, 18 and 22 and comes back to 28: the notation's route.
    let pos = parse("W:WK28:B18,22,23");
    let mv = pos.parse_move("28x28").expect("legal");
    assert_eq!(pos.gesture(mv), Gesture::clicks(squares(&[28, 17, 19, 28])));
}

/// The pieces of each side counted from the position string `W:W31,32,…:B1,K3,…`: the
/// entries of the `W` and the `B` list, men and kings alike, White's first.
fn pieces_from_text(text: &str) -> [i64; 2] {
    let mut counts = [0; 2];
    for field in text.split(':').skip(1) {
        let side = usize::from(field.starts_with('B'));
        counts[side] = field[1..].split(',').filter(|e| !e.is_empty()).count() as i64;
    }
    counts
}

#[test]
fn the_scoreboard_counts_the_pieces_on_both_boards() {
    let mut rng = swedish_draughts::Rng::new(0xD1EC);
    for (size, men) in [(10, 20), (8, 12)] {
        let start = Position::start_with_size(BoardSize::Side(size)).expect("a board");
        let board = start.scoreboard().expect("pieces are counted");
        assert_eq!(board.scores, [(Color::White, men), (Color::Black, men)]);
        for _ in 0..12 {
            let mut pos = start;
            let mut captured = [0i64; 2];
            for _ in 0..200 {
                let text = pos.to_string();
                let board = pos.scoreboard().expect("pieces are counted");
                assert_eq!(board.label, "pieces");
                let [white, black] = pieces_from_text(&text);
                assert_eq!(
                    board.scores,
                    [(Color::White, white), (Color::Black, black)],
                    "{text}"
                );
                // And from the moves: the start's men less what the other side captured.
                assert_eq!([white, black], [men - captured[0], men - captured[1]]);
                assert!(pos.hand(Color::White).is_empty() && pos.hand(Color::Black).is_empty());
                let moves = pos.legal_moves();
                let Some(&mv) = rng.choose(&moves) else {
                    break;
                };
                let victim = usize::from(pos.to_move() == Color::White);
                captured[victim] += i64::from(mv.capture_count());
                pos.play(mv).expect("a generated move is legal");
            }
        }
    }
}

#[test]
fn the_texts_name_the_game_and_its_rules() {
    assert_eq!(Position::TITLE, "Swedish Draughts");
    assert_eq!(Position::RULES, include_str!("../RULES.md"));
    assert!(Position::CHOICES.is_empty());
    assert!(Position::HOW_TO_MOVE[1].contains("every square it lands on"));
    // A capture is typed with x or X, and printed with x.
    let pos = parse("W:W32,33:B28");
    let capture = pos.parse_move("33X22").expect("legal");
    assert_eq!(pos.move_text(capture), "33x22");
}
