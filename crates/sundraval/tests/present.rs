//! What a GUI relies on (`Describe`, `Gestures`, `Tally`): along seeded random games every
//! legal move has a gesture of its own that maps back to it, the picture names every point
//! once on a hit area on top, with every stone of the class its colour says, and the texts
//! agree with the gestures (game-core's checks in `testing::present`); the gestures of the
//! opening, the pie choice and the pass by hand; the scoreboard against the naive scorer of
//! the tests (`common`) in seeded games and against hand-counted positions.

use game_core::testing::present::{check_gestures, check_presentation, check_svg_points};
use sundraval::{
    BoardSize, Color, Describe, Game, Gesture, Gestures, Point, Position, Seat, SvgOptions, Tally,
};

use crate::common::{naive_score, Naive, NaiveScore, BLACK, WHITE};

/// The class of the stone on `point`, written from the rules' two colours.
fn stone_class(pos: &Position, point: Point) -> Option<String> {
    pos.piece_at(point).map(|color| {
        match color {
            Color::Black => "piece black stone",
            Color::White => "piece white stone",
        }
        .to_owned()
    })
}

fn start(side: u32) -> Position {
    Position::start_with_size(BoardSize::Side(side)).expect("a board size")
}

fn point(text: &str) -> Point {
    text.parse().expect("a point")
}

#[test]
fn random_games_have_one_gesture_per_move_and_named_points() {
    check_presentation(&[start(3), start(4), start(5)], 18, 0x5D7A, 80, stone_class);
}

#[test]
fn the_largest_opening_has_one_gesture_per_move() {
    // 11 a side: 331 points, 331 · 330 = 109,230 openings, each its own pair of points.
    let pos = start(11);
    assert_eq!(pos.legal_moves().len(), 109_230);
    check_gestures(&pos);
    assert_eq!(Describe::points(&pos).len(), 331);
    check_svg_points(&pos, &SvgOptions::new(), |p| stone_class(&pos, p));
}

#[test]
fn the_opening_is_two_clicks_and_the_pie_choice_and_pass_are_buttons() {
    let mut pos = start(5);
    assert_eq!(Describe::points(&pos).len(), 61);
    let opening = pos.parse_move("e5+f7").expect("legal");
    assert_eq!(
        pos.gesture(opening),
        Gesture::clicks(vec![point("e5"), point("f7")])
    );
    // The other order is the other opening: the black stone on f7.
    let reverse = pos.parse_move("f7+e5").expect("legal");
    assert_eq!(
        pos.move_of(&Gesture::clicks(vec![point("f7"), point("e5")])),
        Some(reverse)
    );
    pos.play(opening).expect("legal");
    let choices: Vec<Gesture<Point>> = pos
        .legal_moves()
        .into_iter()
        .map(|mv| pos.gesture(mv))
        .collect();
    assert_eq!(choices.len(), 2);
    assert!(choices.contains(&Gesture::with_choice(vec![], "keep")));
    assert!(choices.contains(&Gesture::with_choice(vec![], "swap")));
    pos.play(pos.parse_move("keep").expect("legal"))
        .expect("legal");
    let place = pos.parse_move("d4").expect("legal");
    assert_eq!(pos.gesture(place), Gesture::clicks(vec![point("d4")]));
    let pass = pos.parse_move("pass").expect("legal");
    assert_eq!(pos.gesture(pass), Gesture::with_choice(vec![], "pass"));
    assert_eq!(
        pos.move_of(&Gesture::with_choice(vec![], "pass")),
        Some(pass)
    );
}

#[test]
fn the_explanation_is_the_score_layer() {
    let mut pos = start(3);
    for text in ["b1+c3", "keep"] {
        let mv = pos.parse_move(text).expect("legal");
        pos.play(mv).expect("legal");
    }
    let plain = pos.to_svg(&SvgOptions::new());
    let explained = pos.to_svg(&SvgOptions::new().with_explain(true));
    assert!(!plain.contains("class=\"territories\""));
    assert!(explained.contains("class=\"territories\""));
    assert_eq!(Position::EXPLANATION, Some("the score layer"));
}

/// The territories of `color`'s best living group in the naive score (0 without one).
fn naive_best(score: &NaiveScore, color: u8) -> i64 {
    score
        .groups
        .iter()
        .filter(|g| g.0 == color && g.2)
        .map(|g| g.3 as i64)
        .max()
        .unwrap_or(0)
}

/// The naive colour code of `seat` in `pos`.
fn naive_color(pos: &Position, seat: Seat) -> u8 {
    match pos.color_of(seat) {
        Color::Black => BLACK,
        Color::White => WHITE,
    }
}

#[test]
fn the_scoreboard_is_the_best_groups_count_as_the_naive_scorer_counts_it() {
    let mut rng = sundraval::Rng::new(0x7E22);
    let mut decided_by_the_number = 0;
    for game in 0..36 {
        let mut pos = start(3 + game % 3);
        for ply in 0.. {
            let over = pos.outcome().is_some();
            // Every third position, and the final one (the scorer is slow on purpose).
            if over || ply % 3 == 0 {
                let text = pos.to_string();
                let board = pos.scoreboard().expect("Sundraval counts territories");
                assert_eq!(board.label, "territories of the best group");
                let naive = naive_score(&Naive::parse(&text));
                let expected: Vec<(Seat, i64)> = [Seat::First, Seat::Second]
                    .into_iter()
                    .map(|seat| (seat, naive_best(&naive, naive_color(&pos, seat))))
                    .collect();
                assert_eq!(board.scores, expected, "game {game}: {text}");
                if over {
                    // A higher number wins: it is the first entry the winner rule compares.
                    if let Some(leader) = board.leader() {
                        let winner = pos.outcome().and_then(|o| o.winner());
                        assert_eq!(winner, Some(leader), "game {game}: {text}");
                        decided_by_the_number += 1;
                    }
                    break;
                }
            }
            let moves = pos.legal_moves();
            let mv = *rng.choose(&moves).expect("a game going on has a move");
            pos.play(mv).expect("a generated move is legal");
        }
    }
    assert!(
        decided_by_the_number >= 10,
        "only {decided_by_the_number} games ended with different numbers"
    );
}

#[test]
fn hand_counted_positions() {
    let board = |text: &str| {
        let pos: Position = text.parse().expect("a position");
        pos.scoreboard().expect("a scoreboard").scores
    };
    let first_second = |first, second| vec![(Seat::First, first), (Seat::Second, second)];
    // 3 a side: Black's row 2 with b1 encloses a1 and c1; White's row 4 encloses row 5.
    assert_eq!(board("1B1/BBBB/5/WWWW/3 b B 2"), first_second(2, 1));
    // A white stone on a1 inside Black's enclosure has no territory and dies first (the
    // weakest); a dead stone does not spoil the territory, so Black still counts a1.
    assert_eq!(board("WB1/BBBB/5/WWWW/3 b B 2"), first_second(2, 1));
    // After a swap the first seat plays White: the numbers follow the seats.
    assert_eq!(board("1B1/BBBB/5/WWWW/3 b W 2"), first_second(1, 2));
    // The rules' tie-break: Black [1, 1, 1] against White [1, 1], equal first entries (1
    // and 1 shown), and Black wins on the third.
    let tie: Position = "1WB1/WW1BB/B4W/1B3W1/B4W/3BB/2B1 w B 2"
        .parse()
        .expect("a position");
    let shown = tie.scoreboard().expect("a scoreboard");
    assert_eq!(shown.scores, first_second(1, 1));
    assert_eq!(shown.leader(), None);
    assert_eq!(tie.outcome().and_then(|o| o.winner()), Some(Seat::First));
    // The start and the opening: no living group yet.
    assert_eq!(board("3/4/5/4/3 setup B 0"), first_second(0, 0));
    assert_eq!(board("1B1/4/2W2/4/3 b W 0"), first_second(0, 0));
    assert!(start(5).hand(Seat::First).is_empty());
}

#[test]
fn the_texts_name_the_game_and_its_rules() {
    assert_eq!(Position::TITLE, "Sundraval");
    assert_eq!(Position::RULES, include_str!("../RULES.md"));
    let choices: Vec<&str> = Position::CHOICES.iter().map(|&(c, _)| c).collect();
    assert_eq!(
        choices,
        [
            Gesture::<Point>::KEEP,
            Gesture::<Point>::SWAP,
            Gesture::<Point>::PASS
        ]
    );
}

#[test]
fn moves_and_points_are_read_in_either_case() {
    let pos = start(5);
    let opening = pos.parse_move("e5+f7").expect("legal");
    assert_eq!(pos.parse_move("E5+F7"), Ok(opening));
    assert_eq!(pos.move_text(opening), "e5+f7");
    let mut choose = pos;
    choose.play(opening).expect("legal");
    assert_eq!(choose.parse_move("Swap"), choose.parse_move("swap"));
    assert_eq!(Position::parse_point("E5"), Ok(point("e5")));
    assert!("E5".parse::<Point>().is_err());
}
