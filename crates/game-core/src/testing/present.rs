//! Checks of what a GUI relies on ([`Describe`], [`Gestures`], [`Tally`](crate::Tally)), the same in every
//! game crate's `tests/present.rs`: every legal move has a gesture of its own, the picture
//! names every point once on a hit area on top and gives every piece the classes its owner
//! says, the scoreboard and the hands agree with the gestures and the game's own score, and
//! the texts for people are there and agree with the gestures.
//!
//! ```
//! use game_core::testing::present::{check_gestures, check_svg_points};
//! use game_core::{Gestures, SvgOptions};
//!
//! /// Checks one position of any game; `class` says which piece stands on a point.
//! fn check<G>(pos: &G, class: impl Fn(G::Point) -> Option<String>)
//! where
//!     G: Gestures + std::fmt::Display,
//! {
//!     check_gestures(pos);
//!     check_svg_points(pos, &SvgOptions::new().with_flipped(true), class);
//! }
//! ```

use std::collections::{HashMap, HashSet};
use std::fmt::Debug;

use crate::{Describe, GameRecord, Gesture, Gestures, HandEntry, Rng, SvgOptions};

/// Checks the gestures of every legal move of `pos`: each is non-empty (points or a choice),
/// names points of the board only, and belongs to no other legal move, so a gesture maps back
/// to exactly its move; [`Gestures::move_of`] finds it (checked on a sample of the moves).
///
/// # Panics
/// When a check fails, with the position and the moves concerned.
pub fn check_gestures<G: Gestures + std::fmt::Display>(pos: &G) {
    let moves = pos.legal_moves();
    let gestures = moves.iter().map(|&mv| (mv, pos.gesture(mv)));
    check_gesture_list(&pos.to_string(), &pos.points(), gestures);
    // The scan a GUI may use finds each move from its gesture (a sample: the scan is linear).
    let step = (moves.len() / 8).max(1);
    for &mv in moves.iter().step_by(step) {
        assert_eq!(
            pos.move_of(&pos.gesture(mv)),
            Some(mv),
            "{pos}: move_of does not find {mv:?} from its gesture"
        );
    }
}

/// Checks the texts for people of game `G` ([`Describe::TITLE`] and the others): the title
/// is the first words of the rules page's heading (`# Cheversi …`); the summary is one
/// sentence ending with a full stop; every line of how to move is a sentence; the choices are
/// distinct, each with a name, and every name is mentioned in how to move (so a page's button
/// labels are explained there).
///
/// # Panics
/// When a check fails, naming the game and the text.
pub fn check_texts<G: Describe>() {
    let game = G::NAME;
    assert!(
        !G::TITLE.is_empty() && G::TITLE.trim() == G::TITLE,
        "{game}: the title {:?} is words without whitespace around them",
        G::TITLE
    );
    assert!(
        G::RULES.starts_with(&format!("# {} ", G::TITLE)),
        "{game}: the rules page's heading starts with the title {:?}",
        G::TITLE
    );
    let summary = G::SUMMARY;
    assert!(
        summary.ends_with('.') && !summary[..summary.len() - 1].contains(". "),
        "{game}: the summary {summary:?} is one sentence ending with a full stop"
    );
    assert!(
        !G::HOW_TO_MOVE.is_empty(),
        "{game}: how to move has at least one line"
    );
    for line in G::HOW_TO_MOVE {
        assert!(
            line.ends_with('.') && line.chars().next().is_some_and(char::is_uppercase),
            "{game}: how to move: {line:?} is a sentence"
        );
    }
    let how = G::HOW_TO_MOVE.join(" ").to_lowercase();
    let mut choices = HashSet::new();
    for &(choice, name) in G::CHOICES {
        assert!(
            choices.insert(choice),
            "{game}: the choice {choice:?} is listed twice"
        );
        assert!(
            !name.is_empty(),
            "{game}: the choice {choice:?} has no name"
        );
        assert!(
            how.contains(&name.to_lowercase()),
            "{game}: how to move does not mention {name:?} (the choice {choice:?})"
        );
    }
}

/// What [`check_tally`] remembers from the first position of a game, to compare the others
/// with: whether there is a scoreboard, and each player's hand kinds.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct TallyShape {
    /// Whether the position has a scoreboard.
    pub scored: bool,
    /// Each player's hand as (kind, choice), in the order of the game's players.
    pub hands: Vec<Vec<(&'static str, Option<&'static str>)>>,
}

/// Checks what [`Tally`](crate::Tally) says of `pos` and returns its shape (for
/// [`check_presentation`] to compare along a game: the same in every position):
/// - the scoreboard, where there is one, has a label and one number per player, in the order
///   of [`Game::PLAYERS`](crate::Game::PLAYERS); where the game keeps its own score
///   ([`Game::score`](crate::Game::score) is `Some`), the scoreboard shows exactly that number;
/// - each hand names every kind once, with a name, and a choice that is one of
///   [`Describe::CHOICES`] (or none) and no other kind's;
/// - every legal move's gesture choice is one of [`Describe::CHOICES`], and a placement made
///   with a choice (a gesture with points and a choice) places a kind of the mover's hand
///   with at least one piece left.
///
/// # Panics
/// When a check fails, with the position.
pub fn check_tally<G: Gestures + std::fmt::Display>(pos: &G) -> TallyShape {
    let choices: HashSet<&str> = G::CHOICES.iter().map(|&(choice, _)| choice).collect();
    let board = pos.scoreboard();
    if let Some(board) = &board {
        assert!(
            !board.label.is_empty(),
            "{pos}: the scoreboard has no label"
        );
        let players: Vec<G::Player> = board.scores.iter().map(|&(p, _)| p).collect();
        assert_eq!(
            players,
            G::PLAYERS,
            "{pos}: the scoreboard has one number per player, in the order of play"
        );
        for &(player, number) in &board.scores {
            if let Some(score) = pos.score(player) {
                assert_eq!(
                    number, score,
                    "{pos}: the scoreboard differs from the game's score of {player}"
                );
            }
        }
    }
    let mut hands = Vec::new();
    for &player in G::PLAYERS {
        let hand: Vec<HandEntry> = pos.hand(player);
        let mut kinds = HashSet::new();
        let mut hand_choices = HashSet::new();
        for entry in &hand {
            assert!(!entry.kind.is_empty(), "{pos}: a hand entry has no kind");
            assert!(
                kinds.insert(entry.kind),
                "{pos}: {player}'s hand lists {} twice",
                entry.kind
            );
            if let Some(choice) = entry.choice {
                assert!(
                    choices.contains(choice),
                    "{pos}: {player}'s {} has the choice {choice:?}, not among CHOICES",
                    entry.kind
                );
                assert!(
                    hand_choices.insert(choice),
                    "{pos}: two kinds in {player}'s hand share the choice {choice:?}"
                );
            }
        }
        hands.push(hand.iter().map(|e| (e.kind, e.choice)).collect());
    }
    let mover = pos.to_move();
    let hand = pos.hand(mover);
    for mv in pos.legal_moves() {
        let gesture = pos.gesture(mv);
        let Some(choice) = gesture.choice else {
            continue;
        };
        assert!(
            choices.contains(choice),
            "{pos}: the gesture of {mv:?} has the choice {choice:?}, not among CHOICES"
        );
        if !gesture.points.is_empty() {
            assert!(
                hand.iter().any(|e| e.choice == Some(choice) && e.count > 0),
                "{pos}: {mv:?} places {choice:?}, which {mover} has no more of in hand"
            );
        }
    }
    TallyShape {
        scored: board.is_some(),
        hands,
    }
}

/// [`check_gestures`] on the (move, gesture) pairs of a position's legal moves, on a board of
/// `points`; `pos` names the position in the messages.
fn check_gesture_list<P, M>(
    pos: &str,
    points: &[P],
    gestures: impl IntoIterator<Item = (M, Gesture<P>)>,
) where
    P: Eq + std::hash::Hash + std::fmt::Display + Debug + Clone,
    M: Debug,
{
    let points: HashSet<&P> = points.iter().collect();
    let mut seen: HashMap<Gesture<P>, M> = HashMap::new();
    for (mv, gesture) in gestures {
        assert!(
            !gesture.points.is_empty() || gesture.choice.is_some(),
            "{pos}: the gesture of {mv:?} is empty"
        );
        for point in &gesture.points {
            assert!(
                points.contains(point),
                "{pos}: the gesture of {mv:?} names {point}, no point of the board"
            );
        }
        if let Some(other) = seen.insert(gesture.clone(), mv) {
            panic!("{pos}: {other:?} and another move share the gesture {gesture:?}");
        }
    }
}

/// A hit area as drawn: its point's name and its shape.
#[derive(Debug)]
struct Hit {
    name: String,
    /// A circle (cx, cy, r) or a rectangle (x, y, width, height).
    shape: Shape,
}

#[derive(Debug)]
enum Shape {
    Circle(f64, f64, f64),
    Rect(f64, f64, f64, f64),
}

impl Shape {
    fn contains(&self, (x, y): (f64, f64)) -> bool {
        match *self {
            Shape::Circle(cx, cy, r) => (x - cx).powi(2) + (y - cy).powi(2) < r * r,
            Shape::Rect(rx, ry, w, h) => rx < x && x < rx + w && ry < y && y < ry + h,
        }
    }
}

/// A number attribute of `node`; panics when it is missing or no number.
fn number_attr(node: roxmltree::Node<'_, '_>, name: &str) -> f64 {
    let text = node
        .attribute(name)
        .unwrap_or_else(|| panic!("<{}> has no {name:?}", node.tag_name().name()));
    text.parse()
        .unwrap_or_else(|_| panic!("<{}> {name}={text:?} is no number", node.tag_name().name()))
}

/// Checks the picture of `pos` drawn with `options` as [`Describe::to_svg`] promises: it is
/// well-formed; every point of [`Describe::points`] is named by exactly one `data-point`, on an
/// element of class `hit` filled `transparent` (a circle or a rectangle), all of them in the
/// document's last group; the names parse back to their points and their number is the
/// number of points; and the pieces: `piece_class(point)` is the class the piece on `point`
/// must have (`Some("piece white king")`) or `None` for an empty point, and every element
/// whose classes include `piece` stands inside exactly one hit area, whose point expects
/// exactly that class, and every point that expects a piece has exactly one.
///
/// # Panics
/// When a check fails, with the position and the point concerned.
pub fn check_svg_points<G: Describe + std::fmt::Display>(
    pos: &G,
    options: &SvgOptions<G::Point, G::Move>,
    piece_class: impl Fn(G::Point) -> Option<String>,
) {
    let svg = pos.to_svg(options);
    check_svg_text(&pos.to_string(), &pos.points(), &svg, piece_class);
}

/// [`check_svg_points`] on the picture `svg` of a board of `points`, `pos` naming the
/// position in the messages.
fn check_svg_text<P>(pos: &str, points: &[P], svg: &str, piece_class: impl Fn(P) -> Option<String>)
where
    P: Copy + Eq + std::hash::Hash + std::fmt::Display + std::str::FromStr,
    P::Err: Debug,
{
    let doc = roxmltree::Document::parse(svg).expect("the picture is well-formed XML");
    let root = doc.root_element();
    assert_eq!(root.tag_name().name(), "svg");

    let mut hits = Vec::new();
    let mut hit_parents = Vec::new();
    for node in doc
        .descendants()
        .filter(|n| n.attribute("data-point").is_some())
    {
        let name = node.attribute("data-point").unwrap_or_default().to_owned();
        assert_eq!(
            node.attribute("class"),
            Some("hit"),
            "{pos}: the element naming {name} is of class hit"
        );
        assert_eq!(
            node.attribute("fill"),
            Some("transparent"),
            "{pos}: the hit area of {name} is transparent"
        );
        let shape = match node.tag_name().name() {
            "circle" => Shape::Circle(
                number_attr(node, "cx"),
                number_attr(node, "cy"),
                number_attr(node, "r"),
            ),
            "rect" => Shape::Rect(
                number_attr(node, "x"),
                number_attr(node, "y"),
                number_attr(node, "width"),
                number_attr(node, "height"),
            ),
            other => panic!("{pos}: the hit area of {name} is a <{other}>, no circle or rect"),
        };
        hit_parents.push(node.parent_element().map(|p| p.id()));
        hits.push(Hit { name, shape });
    }
    assert_eq!(
        hits.len(),
        points.len(),
        "{pos}: one hit area per point of the board"
    );
    // All in one group, the last element of the document, so they lie on top of everything.
    let last_group = root.children().rfind(|n| n.is_element());
    assert_eq!(
        last_group.map(|n| n.tag_name().name()),
        Some("g"),
        "{pos}: the picture ends with the group of hit areas"
    );
    for parent in &hit_parents {
        assert_eq!(
            *parent,
            last_group.map(|n| n.id()),
            "{pos}: every hit area is in the last group"
        );
    }
    let mut named: HashMap<P, usize> = HashMap::new();
    for (i, hit) in hits.iter().enumerate() {
        let point: P = hit
            .name
            .parse()
            .unwrap_or_else(|e| panic!("{pos}: data-point {:?} does not parse: {e:?}", hit.name));
        assert_eq!(
            point.to_string(),
            hit.name,
            "{pos}: the name is the point's text"
        );
        assert!(
            points.contains(&point),
            "{pos}: {point} is a point of the board"
        );
        if named.insert(point, i).is_some() {
            panic!("{pos}: {point} is named twice");
        }
    }
    for point in points {
        assert!(named.contains_key(point), "{pos}: {point} has no hit area");
    }

    // The pieces: each inside one hit area, with the class of the piece on that point.
    let mut found: HashMap<P, usize> = HashMap::new();
    for node in doc.descendants() {
        let Some(class) = node.attribute("class") else {
            continue;
        };
        if !class.split_whitespace().any(|w| w == "piece") {
            continue;
        }
        assert_eq!(
            node.tag_name().name(),
            "circle",
            "{pos}: a piece ({class}) is a circle"
        );
        let centre = (number_attr(node, "cx"), number_attr(node, "cy"));
        let inside: Vec<&Hit> = hits.iter().filter(|h| h.shape.contains(centre)).collect();
        assert_eq!(
            inside.len(),
            1,
            "{pos}: the piece {class} at {centre:?} lies in one hit area, not {inside:?}"
        );
        let point: P = inside[0].name.parse().expect("checked above");
        assert_eq!(
            piece_class(point).as_deref(),
            Some(class),
            "{pos}: the piece drawn on {point}"
        );
        *found.entry(point).or_default() += 1;
    }
    for &point in points {
        let expected = usize::from(piece_class(point).is_some());
        assert_eq!(
            found.get(&point).copied().unwrap_or(0),
            expected,
            "{pos}: pieces drawn on {point}"
        );
    }
}

/// Runs [`check_texts`], then plays `games` seeded random games from each of `starts` in turn
/// (at most `max_plies` plies each, through a [`GameRecord`] with the game's own draw rules)
/// and runs [`check_gestures`], [`check_tally`] (the shape the same in every position of the
/// game) and [`check_svg_points`] in every position on the way; the picture is drawn with the
/// last move marked, alternately flipped and with the explanation layer, and once with a legal
/// move's points highlighted.
///
/// `piece_class(pos, point)` is the class the piece on `point` of `pos` must have, written by
/// the game's tests from its own `piece_at`.
///
/// # Panics
/// When a check fails, or `starts` is empty.
pub fn check_presentation<G: Gestures + std::fmt::Display>(
    starts: &[G],
    games: usize,
    seed: u64,
    max_plies: usize,
    piece_class: impl Fn(&G, G::Point) -> Option<String>,
) {
    assert!(!starts.is_empty(), "at least one start position");
    check_texts::<G>();
    let mut rng = Rng::new(seed);
    for game in 0..games {
        let mut record = GameRecord::new(starts[game % starts.len()]);
        let mut last = None;
        let first_shape = check_tally(record.current());
        for ply in 0..=max_plies {
            let pos = *record.current();
            check_gestures(&pos);
            assert_eq!(
                check_tally(&pos),
                first_shape,
                "{pos}: the scoreboard's presence or the hands' kinds changed during the game"
            );
            let moves = record.legal_moves();
            let highlights = moves
                .first()
                .map(|&mv| pos.gesture(mv).points)
                .unwrap_or_default();
            let options = SvgOptions::new()
                .with_last_move(last)
                .with_flipped(ply % 2 == 1)
                .with_explain(ply % 3 != 1)
                .with_highlights(highlights);
            check_svg_points(&pos, &options, |p| piece_class(&pos, p));
            if record.outcome().is_some() || ply == max_plies {
                break;
            }
            let Some(&mv) = rng.choose(&moves) else {
                break;
            };
            record.play(mv).expect("a generated move is legal");
            last = Some(mv);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::{check_gesture_list, check_svg_text};
    use crate::Gesture;

    #[test]
    fn distinct_gestures_pass() {
        let gestures = [
            ("place 0", Gesture::clicks(vec![0u8])),
            ("step 0-1", Gesture::clicks(vec![0, 1])),
            ("place master 0", Gesture::with_choice(vec![0], "M")),
            ("pass", Gesture::with_choice(vec![], "pass")),
        ];
        check_gesture_list("test", &[0u8, 1], gestures);
    }

    #[test]
    #[should_panic(expected = "share the gesture")]
    fn two_moves_with_one_gesture_fail() {
        let gestures = [
            ("capture over 5", Gesture::clicks(vec![0u8, 1])),
            ("capture over 6", Gesture::clicks(vec![0u8, 1])),
        ];
        check_gesture_list("test", &[0u8, 1], gestures);
    }

    #[test]
    #[should_panic(expected = "no point of the board")]
    fn a_gesture_off_the_board_fails() {
        check_gesture_list("test", &[0u8, 1], [("step", Gesture::clicks(vec![0u8, 7]))]);
    }

    #[test]
    #[should_panic(expected = "is empty")]
    fn an_empty_gesture_fails() {
        check_gesture_list(
            "test",
            &[0u8, 1],
            [("nothing", Gesture::clicks(Vec::<u8>::new()))],
        );
    }

    /// A picture of the points `0` and `1`: `hits` ends the document, after `body`.
    fn picture(body: &str, hits: &str) -> String {
        format!(
            "<svg xmlns=\"http://www.w3.org/2000/svg\"><g class=\"board\">{body}</g>\
             <g class=\"hit-areas\">{hits}</g></svg>"
        )
    }

    const HITS: &str = "<circle class=\"hit\" data-point=\"0\" cx=\"10\" cy=\"10\" r=\"5\" \
        fill=\"transparent\"/><circle class=\"hit\" data-point=\"1\" cx=\"30\" cy=\"10\" \
        r=\"5\" fill=\"transparent\"/>";
    const STONE_ON_1: &str =
        "<circle class=\"piece white stone\" cx=\"30\" cy=\"10\" r=\"4\" fill=\"#fff\"/>";

    fn white_on_1(point: u8) -> Option<String> {
        (point == 1).then(|| "piece white stone".to_owned())
    }

    fn check(svg: &str) {
        check_svg_text("test", &[0u8, 1], svg, white_on_1);
    }

    #[test]
    fn a_picture_as_promised_passes() {
        check(&picture(STONE_ON_1, HITS));
    }

    #[test]
    #[should_panic(expected = "one hit area per point")]
    fn a_missing_hit_area_fails() {
        check(&picture(
            STONE_ON_1,
            &HITS[..HITS.find("<circle class=\"hit\" data-point=\"1\"").unwrap()],
        ));
    }

    #[test]
    #[should_panic(expected = "named twice")]
    fn a_point_named_twice_fails() {
        check(&picture(
            STONE_ON_1,
            &HITS.replace("data-point=\"1\"", "data-point=\"0\""),
        ));
    }

    #[test]
    #[should_panic(expected = "does not parse")]
    fn a_name_that_does_not_parse_fails() {
        check(&picture(
            STONE_ON_1,
            &HITS.replace("data-point=\"1\"", "data-point=\"b1\""),
        ));
    }

    #[test]
    #[should_panic(expected = "in the last group")]
    fn hit_areas_under_the_pieces_fail() {
        let svg = picture(&format!("{HITS}{STONE_ON_1}"), "");
        check(&svg);
    }

    #[test]
    #[should_panic(expected = "the piece drawn on 1")]
    fn a_piece_of_the_wrong_class_fails() {
        check(&picture(&STONE_ON_1.replace("white", "black"), HITS));
    }

    #[test]
    #[should_panic(expected = "pieces drawn on 1")]
    fn a_missing_piece_fails() {
        check(&picture("", HITS));
    }

    #[test]
    #[should_panic(expected = "transparent")]
    fn a_visible_hit_area_fails() {
        check(&picture(
            STONE_ON_1,
            &HITS.replacen("transparent", "red", 1),
        ));
    }
}
