//! What a GUI relies on (`Describe`, `Gestures`, `Tally`): along seeded random games every
//! legal move has a gesture of its own that maps back to it, the picture names every point
//! once on a hit area on top, with every stone of the class its colour says, master stones
//! apart, and the hands and texts agree with the gestures (game-core's checks in
//! `testing::present`); the gestures and the winning line by hand; the scoreboard against the
//! slides counted by the test, and the hands against the position text.

use game_core::testing::present::{check_presentation, check_svg_points};
use game_core::testing::svg::count;
use svendo::{
    Color, Describe, Game, GameRecord, Gesture, Gestures, HandEntry, Move, Outcome, Piece, Point,
    Position, Rng, SvgOptions, Tally,
};

/// The class of the stone on `point`, written from the rules' three colours and the master.
fn stone_class(pos: &Position, point: Point) -> Option<String> {
    pos.piece_at(point).map(|piece| {
        match piece {
            Piece::Stone(Color::Black) => "piece black stone",
            Piece::Stone(Color::White) => "piece white stone",
            Piece::Stone(Color::Red) => "piece red stone",
            Piece::Master => "piece master stone",
        }
        .to_owned()
    })
}

fn point(text: &str) -> Point {
    text.parse().expect("a point")
}

#[test]
fn random_games_have_one_gesture_per_move_and_named_points() {
    let starts: Vec<Position> = Position::BOARD_SIZES
        .iter()
        .take(3)
        .map(|&size| Position::start_with_size(size).expect("a listed size"))
        .collect();
    check_presentation(&starts, 9, 0x5E7D, 150, stone_class);
}

#[test]
fn sixty_points_and_the_gestures_as_the_notation_has_them() {
    let pos = Position::start();
    assert_eq!(pos.points().len(), 60);
    assert_eq!(Describe::points(&pos).len(), 60);
    let svg = pos.to_svg(&SvgOptions::new());
    assert_eq!(svg.matches("data-point=\"").count(), 60);
    check_svg_points(&pos, &SvgOptions::new().with_flipped(true), |p| {
        stone_class(&pos, p)
    });
    // An own stone and the master stone on the same point: the master is a choice.
    let own = pos.parse_move("c3").expect("legal");
    let master = pos.parse_move("Mc3").expect("legal");
    assert_eq!(pos.gesture(own), Gesture::clicks(vec![point("c3")]));
    assert_eq!(
        pos.gesture(master),
        Gesture::with_choice(vec![point("c3")], "M")
    );
    assert_eq!(
        pos.move_of(&Gesture::with_choice(vec![point("c3")], "M")),
        Some(master)
    );
    let slide = Move::Slide {
        from: point("c3"),
        to: point("c6"),
    };
    assert_eq!(
        pos.gesture(slide),
        Gesture::clicks(vec![point("c3"), point("c6")])
    );
    assert_eq!(
        pos.gesture(Move::Pass),
        Gesture::with_choice(vec![], "pass")
    );
}

#[test]
fn the_explanation_rings_the_winning_line() {
    // A random game won by a slide (every win in movement is one).
    let record = (0..500)
        .find_map(|seed| {
            let mut rng = Rng::new(seed);
            let mut record = GameRecord::new(Position::start());
            while record.outcome().is_none() && record.moves().len() < 300 {
                let moves = record.legal_moves();
                let &mv = rng.choose(&moves)?;
                record.play(mv).ok()?;
            }
            let won = matches!(record.outcome(), Some(Outcome::Winner { .. }));
            let slid = matches!(record.moves().last(), Some(Move::Slide { .. }));
            (won && slid).then_some(record)
        })
        .expect("a random game won by a slide");
    let pos = *record.current();
    let last = record.moves().last().copied();
    let plain = pos.to_svg(&SvgOptions::new().with_last_move(last));
    let explained = pos.to_svg(&SvgOptions::new().with_last_move(last).with_explain(true));
    assert_eq!(count(&plain, "winning"), 0);
    // A line of five points, ringed, not dotted as a page's hints (highlights) are.
    assert_eq!(count(&explained, "winning"), 5);
    assert_eq!(count(&explained, "highlight"), 0);
    assert_eq!(Position::EXPLANATION, Some("the winning line"));
}

/// Each player's hand read from the position string's third field (`5/5m/6`: own stones left,
/// then `m` while the master stone is in hand), in the order black, white, red.
fn hands_from_text(text: &str) -> Vec<(u32, u32)> {
    let hands = text.split(' ').nth(2).expect("a hands field");
    hands
        .split('/')
        .map(|hand| {
            let stones = hand.trim_end_matches('m');
            let master = u32::from(hand.ends_with('m'));
            (stones.parse().expect("a number of stones"), master)
        })
        .collect()
}

#[test]
fn the_scoreboard_counts_the_slides_and_the_winner_scores_them() {
    let mut rng = Rng::new(0x5C0B);
    let mut wins = 0;
    for game in 0..40 {
        let mut pos = Position::start();
        // The slides each player has made, counted here from the moves played.
        let mut slides = [0i64; 3];
        for _ in 0..600 {
            let text = pos.to_string();
            let board = pos.scoreboard().expect("Svendo counts");
            let hands = hands_from_text(&text);
            for (i, color) in Color::ALL.into_iter().enumerate() {
                assert_eq!(
                    pos.hand(color),
                    [
                        HandEntry::new("stone", None, hands[i].0),
                        HandEntry::new("master stone", Some("M"), hands[i].1),
                    ],
                    "{text}"
                );
            }
            if let Some(outcome) = pos.outcome() {
                // The winner scores the movement moves they made; the others nothing.
                let winner = outcome.winner().expect("Svendo ends by a win");
                let expected: Vec<(Color, i64)> = Color::ALL
                    .into_iter()
                    .enumerate()
                    .map(|(i, c)| (c, if c == winner { slides[i] } else { 0 }))
                    .collect();
                assert_eq!(board.label, "points", "{text}");
                assert_eq!(board.scores, expected, "game {game}: {text}");
                wins += 1;
                break;
            }
            let expected: Vec<(Color, i64)> = Color::ALL.into_iter().zip(slides).collect();
            assert_eq!(board.label, "movement moves", "{text}");
            assert_eq!(board.scores, expected, "game {game}: {text}");
            let moves = pos.legal_moves();
            let mv = *rng.choose(&moves).expect("a game going on has a move");
            if pos.move_text(mv).contains('-') {
                slides[pos.to_move().index()] += 1;
            }
            pos.play(mv).expect("a generated move is legal");
        }
    }
    assert!(wins >= 10, "only {wins} of the 40 games ended by a win");
}

#[test]
fn the_rules_page_examples_by_hand() {
    // The placement example: Black 5 stones and no master, White 5 and its master, Red 6.
    let pos: Position = "6R2M/1W8/3W6/4B3R1/2B4W2/B4M4 w 5/5m/6 0/0/0"
        .parse()
        .expect("the page's example");
    let counts: Vec<(u32, u32)> = Color::ALL
        .into_iter()
        .map(|c| {
            let hand = pos.hand(c);
            (hand[0].count, hand[1].count)
        })
        .collect();
    assert_eq!(counts, [(5, 0), (5, 1), (6, 0)]);
    assert_eq!(
        pos.scoreboard().map(|b| (b.label, b.scores)),
        Some((
            "movement moves",
            vec![(Color::Black, 0), (Color::White, 0), (Color::Red, 0)]
        ))
    );
    // A won game read from its text: Black won by rule 1 with its 4th slide (field 4).
    let won: Position = "WWWWWWWW2/RRRRRRRR2/10/MMM6B/6BBBB/B1B1B5 w 0/0/0 4/3/3 b1"
        .parse()
        .expect("a won game");
    assert_eq!(
        won.scoreboard().map(|b| (b.label, b.scores)),
        Some((
            "points",
            vec![(Color::Black, 4), (Color::White, 0), (Color::Red, 0)]
        ))
    );
}

#[test]
fn the_texts_name_the_game_and_its_rules() {
    assert_eq!(Position::TITLE, "Svendo");
    assert_eq!(Position::RULES, include_str!("../RULES.md"));
    assert_eq!(Position::CHOICES, [("M", "master stone"), ("pass", "pass")]);
    assert_eq!(Position::HOW_TO_MOVE.len(), 3);
}

#[test]
fn moves_and_points_are_read_in_either_case() {
    let pos = Position::start();
    let master = pos.parse_move("Mc3").expect("legal");
    for text in ["mc3", "MC3", "mC3"] {
        assert_eq!(pos.parse_move(text), Ok(master), "{text}");
    }
    assert_eq!(pos.move_text(master), "Mc3");
    assert_eq!(pos.parse_move("C3"), pos.parse_move("c3"));
    assert_eq!(Position::parse_point("J6"), Ok(point("j6")));
    assert!("J6".parse::<Point>().is_err());
}
