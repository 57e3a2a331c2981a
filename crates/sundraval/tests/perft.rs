//! Perft and rule checks derived independently of the engine: hand counts, and a deliberately
//! naive second generator (tests/common: a plain 2D array, a breadth-first search per point)
//! compared with the engine on many positions; placement legality on hand-built positions;
//! hand-scored finished positions.

use crate::common;

use common::{
    naive_original_winner, naive_score, naive_score_with, naive_triangular_winner, Naive, Revive,
    BLACK, WHITE,
};
use game_core::{perft, Rng};
use sundraval::{BoardSize, Color, EndReason, Game, Outcome, Position, ScoringRule, Seat};

fn pos(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn sorted(mut v: Vec<String>) -> Vec<String> {
    v.sort();
    v
}

fn engine_move_texts(p: &Position) -> Vec<String> {
    p.legal_moves()
        .into_iter()
        .map(|m| p.move_text(m))
        .collect()
}

/// Points of the board with n points a side, by the formula 3n(n−1)+1.
fn points(n: u64) -> u64 {
    3 * n * (n - 1) + 1
}

#[test]
fn perft_from_the_start_by_hand() {
    // perft 1 = P(P−1): every ordered pair of different points; perft 2 = twice that
    // (keep or swap); perft 3: after the opening Black may place on any of the P−2 empty
    // points (two stones cannot cut off a point, which has at least three neighbours, so the
    // one empty region touches the white stone) or pass: 2 P(P−1)(P−1).
    for n in 3..=11u64 {
        let start = Position::start_with_size(BoardSize::Side(n as u32)).unwrap();
        let p = points(n);
        assert_eq!(perft(&start, 1).unwrap(), p * (p - 1), "n = {n}");
        if n <= 9 {
            assert_eq!(perft(&start, 2).unwrap(), 2 * p * (p - 1), "n = {n}");
        }
        if n <= 4 {
            assert_eq!(
                perft(&start, 3).unwrap(),
                2 * p * (p - 1) * (p - 1),
                "n = {n}"
            );
        }
    }
    assert_eq!(
        perft(&Position::start_with_size(BoardSize::Side(11)).unwrap(), 1).unwrap(),
        109_230
    );
}

#[test]
fn perft_from_the_start_matches_the_naive_generator() {
    let start = Position::start_with_size(BoardSize::Side(3)).unwrap();
    let naive = Naive::start(3);
    assert_eq!(naive.perft(1), 342);
    for depth in 1..=4 {
        assert_eq!(
            perft(&start, depth).unwrap(),
            naive.perft(depth),
            "n = 3, depth {depth}"
        );
    }
}

#[test]
fn perft_of_hand_built_positions_matches_the_naive_generator() {
    for (text, depth) in [
        ("1B1/4/2W2/4/3 b W 0", 3),
        ("1W1/BBBB/5/WWWW/3 b B 0", 3),
        ("1W1/BBBB/5/WWWW/3 w B 1", 3),
        ("WB1/BB2/5/4/3 b B 0", 3),
        ("5/6/7/3B4/4W4/8/7/6/5 choose B 0", 3),
        ("4/BBBBB/6/BBBBBBB/6/WWWWW/1W2 b B 0", 3),
        ("1WB1/WW1BB/6/7/BBBBBB/3WW/B1W1 w B 1", 3),
        ("5/1BBB2/1B1BW2/1BBBW3/5W3/8/7/6/5 b B 1", 2),
    ] {
        let p = pos(text);
        let naive = Naive::parse(text);
        assert_eq!(
            naive.text(),
            p.to_string(),
            "the naive reader disagrees on {text}"
        );
        for d in 1..=depth {
            assert_eq!(perft(&p, d).unwrap(), naive.perft(d), "{text}, depth {d}");
        }
    }
}

#[test]
fn random_games_match_the_naive_generator_move_by_move() {
    let mut rng = Rng::new(0xD1CE);
    for game in 0..36 {
        let n = [3, 4, 5, 6, 7, 8, 9, 10, 11][game % 9];
        let mut p = Position::start_with_size(BoardSize::Side(n)).unwrap();
        // Skip the big opening list: play a random opening directly.
        let opening = {
            let moves = p.legal_moves();
            moves[rng.below(moves.len())]
        };
        let mut naive = Naive::start(n as i32);
        naive.play(&p.move_text(opening));
        p.play(opening).unwrap();
        let mut plies = 0;
        while p.outcome().is_none() {
            let engine = sorted(engine_move_texts(&p));
            let expected = sorted(naive.moves());
            assert_eq!(engine, expected, "game {game}, {p}");
            assert_eq!(naive.text(), p.to_string());
            if plies % 7 == 3 && engine.len() < 40 {
                assert_eq!(perft(&p, 2).unwrap(), naive.perft(2), "{p}");
            }
            // Pass rarely, so that the board fills and the late positions are covered.
            let moves = p.legal_moves();
            let mv = if moves.len() > 1 && rng.below(25) != 0 {
                moves[rng.below(moves.len() - 1)]
            } else {
                moves[rng.below(moves.len())]
            };
            naive.play(&p.move_text(mv));
            p.play(mv).unwrap();
            plies += 1;
        }
        assert!(naive.moves().is_empty());
    }
}

// ---------------------------------------------------------------------------------------------
// Placement legality on hand-built positions (n = 3 unless said).
//
//        a1 b1 c1            row 1
//      a2 b2 c2 d2           row 2
//    a3 b3 c3 d3 e3          row 3
//      b4 c4 d4 e4           row 4
//        c5 d5 e5            row 5
//
// Each point touches its left and right neighbours and the two above and two below.

#[test]
fn placement_needs_an_empty_path_to_an_enemy_stone() {
    // Black wall on row 2 with a white invader on b1; white wall on row 4.
    let text = "1W1/BBBB/5/WWWW/3 b B 0";
    let black = pos(text);
    // Black: a1 and c1 touch the white b1; row 3 touches the white wall; row 5 (c5 d5 e5)
    // touches the white wall: all ten empty points, and pass.
    let expected = [
        "a1", "c1", "a3", "b3", "c3", "d3", "e3", "c5", "d5", "e5", "pass",
    ];
    assert_eq!(
        sorted(engine_move_texts(&black)),
        sorted(expected.map(String::from).to_vec())
    );
    // White: a1, c1 and row 3 touch black; row 5 is enclosed by white only: not legal.
    let white = pos("1W1/BBBB/5/WWWW/3 w B 0");
    let expected = ["a1", "c1", "a3", "b3", "c3", "d3", "e3", "pass"];
    assert_eq!(
        sorted(engine_move_texts(&white)),
        sorted(expected.map(String::from).to_vec())
    );
    assert!(white.parse_move("d5").is_err());
    assert!(white.parse_move("b1").is_err(), "taken");
}

#[test]
fn a_player_without_placements_can_only_pass() {
    // The only white stone (a1) is walled in by black b1, a2, b2: no empty point reaches it.
    let black = pos("WB1/BB2/5/4/3 b B 0");
    assert_eq!(engine_move_texts(&black), ["pass"]);
    // White may place anywhere: every empty point reaches a black stone. 19 − 4 = 15 points.
    let white = pos("WB1/BB2/5/4/3 w B 0");
    assert_eq!(white.legal_moves().len(), 15 + 1);
}

#[test]
fn passing_is_always_allowed_and_two_passes_end_the_game() {
    let mut p = pos("1B1/4/2W2/4/3 b W 0");
    p.play(p.parse_move("pass").unwrap()).unwrap();
    assert_eq!(p.passes(), 1);
    assert!(p.outcome().is_none());
    // A placement resets the pass count.
    p.play(p.parse_move("a1").unwrap()).unwrap();
    assert_eq!(p.passes(), 0);
    p.play(p.parse_move("pass").unwrap()).unwrap();
    p.play(p.parse_move("pass").unwrap()).unwrap();
    assert!(p.is_over());
    assert!(p.legal_moves().is_empty());
    assert!(p.outcome().is_some());
}

#[test]
fn the_pie_opening_by_seat_and_colour() {
    let mut p = Position::start_with_size(BoardSize::Side(5)).unwrap();
    assert_eq!(p.to_move(), Seat::First);
    p.play(p.parse_move("e5+f7").unwrap()).unwrap();
    assert_eq!(p.to_move(), Seat::Second);
    assert_eq!(sorted(engine_move_texts(&p)), ["keep", "swap"]);
    let mut kept = p;
    kept.play(kept.parse_move("keep").unwrap()).unwrap();
    assert_eq!(
        kept.to_move(),
        Seat::First,
        "keep: the first seat is Black and moves"
    );
    assert_eq!(kept.color_name(Seat::First), "black");
    assert_eq!(kept.color_name(Seat::Second), "white");
    let mut swapped = p;
    swapped.play(swapped.parse_move("swap").unwrap()).unwrap();
    assert_eq!(
        swapped.to_move(),
        Seat::Second,
        "swap: the second seat is Black and moves"
    );
    assert_eq!(swapped.color_name(Seat::First), "white");
    assert_eq!(swapped.color_name(Seat::Second), "black");
    assert_eq!(swapped.to_string().split(' ').nth(2), Some("W"));
    assert!(swapped.parse_move("keep").is_err());
}

// ---------------------------------------------------------------------------------------------
// Hand-scored finished positions. Each comment derives the breakdown from the rules page by
// hand; the engine and the naive scorer of tests/common must both agree with it.

/// What a hand-scored position must give.
struct Expect {
    text: &'static str,
    /// Dead stones, by name.
    dead: &'static [&'static str],
    /// The stones of the groups the revive step brings back (they live), by name. When it is
    /// empty the position must score the same with the weakest-first removal alone; when it
    /// is not, differently (the position depends on the revive step).
    revived: &'static [&'static str],
    /// Per colour, the counts of the living groups, largest first.
    black_counts: &'static [usize],
    white_counts: &'static [usize],
    /// Per colour, the original rule's size list.
    black_sizes: &'static [usize],
    white_sizes: &'static [usize],
    /// Winner colours (None: draw) under the original rule and the triangular rule.
    seed: Option<Color>,
    triangular: Option<Color>,
}

fn check(e: &Expect) {
    let p = pos(e.text);
    let score = p.score_breakdown();
    let mut dead: Vec<String> = score.dead_stones().iter().map(|q| q.to_string()).collect();
    dead.sort();
    let mut want: Vec<String> = e.dead.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(dead, want, "{}: dead stones", e.text);
    let mut revived: Vec<String> = score
        .groups
        .iter()
        .filter(|g| g.revived_from_step.is_some())
        .flat_map(|g| {
            assert!(g.alive, "{}: a revived group lives", e.text);
            g.stones.iter().map(|q| q.to_string())
        })
        .collect();
    revived.sort();
    let mut want: Vec<String> = e.revived.iter().map(|s| s.to_string()).collect();
    want.sort();
    assert_eq!(revived, want, "{}: revived stones", e.text);
    let b = score.territory_lists(Color::Black);
    let w = score.territory_lists(Color::White);
    let strip = |v: Vec<usize>| v.into_iter().filter(|&x| x > 0).collect::<Vec<_>>();
    assert_eq!(strip(b.counts), e.black_counts, "{}: black counts", e.text);
    assert_eq!(strip(w.counts), e.white_counts, "{}: white counts", e.text);
    assert_eq!(b.sizes, e.black_sizes, "{}: black sizes", e.text);
    assert_eq!(w.sizes, e.white_sizes, "{}: white sizes", e.text);
    assert_eq!(
        score.winner(ScoringRule::Original),
        e.seed,
        "{}: seed winner",
        e.text
    );
    assert_eq!(
        score.winner(ScoringRule::Triangular),
        e.triangular,
        "{}: triangular",
        e.text
    );
    // The game's outcome is by seat, under the original rule.
    let outcome = p.outcome().expect("a finished position");
    match e.seed {
        Some(color) => assert_eq!(outcome.winner(), Some(p.seat_of(color))),
        None => assert!(outcome.is_draw()),
    }
    // The naive scorer agrees, and needs its revive step exactly when stones are revived.
    let naive = naive_score(&Naive::parse(e.text));
    let weakest_first_only = naive_score_with(&Naive::parse(e.text), Revive::No);
    assert_eq!(
        naive == weakest_first_only,
        e.revived.is_empty(),
        "{}: the revive step changes the score exactly when it revives a group",
        e.text
    );
    let code = |c: Option<Color>| match c {
        Some(Color::Black) => BLACK,
        Some(Color::White) => WHITE,
        None => 0,
    };
    assert_eq!(
        naive_original_winner(&naive),
        code(e.seed),
        "{}: naive seed",
        e.text
    );
    assert_eq!(
        naive_triangular_winner(&naive),
        code(e.triangular),
        "{}: naive tri",
        e.text
    );
}

#[test]
fn an_invader_dies_inside_an_enclosure() {
    // n = 3. Black wall a2 b2 c2 d2, white invader b1; white wall b4 c4 d4 e4 and d5.
    // Step 0: {a1} and {c1} touch black and the white b1: neutral; row 3 neutral; {c5} and
    // {e5} are white territories (c5: b4 c4 d5; e5: d4 e4 d5). The white wall + d5 is one
    // group with two territories: alive. The black wall has no territory and no friendly
    // group to join: not alive; b1 has none either. Weakest first: b1 (1 stone) dies.
    // Step 1: {a1 b1 c1} touches only black: a black territory of size 3 (dead stone
    // included). Black [1] sizes [3]; White [2] sizes [1, 1]. Seed: White (2 > 1).
    // Triangular: Black 1 + ½ (largest territory 3 > 1), White 3: White.
    check(&Expect {
        text: "1W1/BBBB/5/WWWW/1W1 b B 2",
        dead: &["b1"],
        revived: &[],
        black_counts: &[1],
        white_counts: &[2],
        black_sizes: &[3],
        white_sizes: &[1, 1],
        seed: Some(Color::White),
        triangular: Some(Color::White),
    });
    let score = pos("1W1/BBBB/5/WWWW/1W1 b B 2").score_breakdown();
    let invader = score
        .groups
        .iter()
        .find(|g| g.color == Color::White && g.size() == 1);
    assert_eq!(invader.and_then(|g| g.removed_in_step), Some(1));
    let black_territory = score.territories(Color::Black).next().unwrap();
    assert_eq!(black_territory.size(), 3);
    assert_eq!(black_territory.dead_stones.len(), 1);
}

#[test]
fn equal_lists_are_a_draw() {
    // As above without d5: the white wall encloses row 5 (c5 d5 e5), size 3. After b1 dies,
    // Black [1] sizes [3], White [1] sizes [3]: a draw. Triangular: 1 each, the largest
    // territories are equal (3 and 3): nobody gets the half point: a draw.
    check(&Expect {
        text: "1W1/BBBB/5/WWWW/3 w B 2",
        dead: &["b1"],
        revived: &[],
        black_counts: &[1],
        white_counts: &[1],
        black_sizes: &[3],
        white_sizes: &[3],
        seed: None,
        triangular: None,
    });
}

#[test]
fn equal_counts_are_decided_by_territory_size() {
    // n = 3. Black wall on row 2 encloses row 1 (3 points); the white wall on row 3 encloses
    // rows 4 and 5 (b4 c4 d4 e4 c5 d5 e5: 7 points). Counts [1] and [1]; sizes [3] and [7]:
    // White by the first tie-break. Triangular: 1 and 1, White has the larger territory: White.
    check(&Expect {
        text: "3/BBBB/WWWWW/4/3 b B 2",
        dead: &[],
        revived: &[],
        black_counts: &[1],
        white_counts: &[1],
        black_sizes: &[3],
        white_sizes: &[7],
        seed: Some(Color::White),
        triangular: Some(Color::White),
    });
}

// n = 4 picture (rows 1 to 7):
//
//          a1  b1  c1  d1
//        a2  b2  c2  d2  e2
//      a3  b3  c3  d3  e3  f3
//    a4  b4  c4  d4  e4  f4  g4
//      b5  c5  d5  e5  f5  g5
//        c6  d6  e6  f6  g6
//          d7  e7  f7  g7
//
// Corners and the three stones that enclose each: a1 {b1 a2 b2}, d1 {c1 d2 e2},
// g4 {f3 f4 g5}, g7 {f6 g6 f7}, d7 {c6 d6 e7}, a4 {a3 b4 b5}.

#[test]
fn six_enclosed_corners_draw_and_a_joined_stone_lives() {
    // Black encloses d1, a4 and g7; White encloses a1, g4 and d7; the middle is one neutral
    // region. Counts [1, 1, 1] each, sizes [1, 1, 1] each: a draw under both rules.
    check(&Expect {
        text: "1WB1/WW1BB/B4W/1B3W1/B4W/WW1BB/1WB1 b B 2",
        dead: &[],
        revived: &[],
        black_counts: &[1, 1, 1],
        white_counts: &[1, 1, 1],
        black_sizes: &[1, 1, 1],
        white_sizes: &[1, 1, 1],
        seed: None,
        triangular: None,
    });
    // A black stone on d4 in the middle has no territory but is joined through the empty
    // middle to the black corner groups, which have territory: it lives (count 0), and the
    // result is unchanged.
    check(&Expect {
        text: "1WB1/WW1BB/B4W/1B1B1W1/B4W/WW1BB/1WB1 b B 2",
        dead: &[],
        revived: &[],
        black_counts: &[1, 1, 1],
        white_counts: &[1, 1, 1],
        black_sizes: &[1, 1, 1],
        white_sizes: &[1, 1, 1],
        seed: None,
        triangular: None,
    });
}

#[test]
fn later_groups_break_a_tie_of_the_first() {
    // The six corners without White's d7 group (c6 d6 e7 empty): Black [1, 1, 1] against
    // White [1, 1]: the first two entries are equal, the third decides (1 > 0): Black.
    // Triangular: 3 against 2: Black.
    check(&Expect {
        text: "1WB1/WW1BB/B4W/1B3W1/B4W/3BB/2B1 w B 2",
        dead: &[],
        revived: &[],
        black_counts: &[1, 1, 1],
        white_counts: &[1, 1],
        black_sizes: &[1, 1, 1],
        white_sizes: &[1, 1],
        seed: Some(Color::Black),
        triangular: Some(Color::Black),
    });
}

#[test]
fn groups_with_equal_counts_are_ordered_by_their_sizes() {
    // Black: c1 d2 e2 encloses d1 (size 1); e5 f5 g5 e6 f7 encloses f6 g6 g7 (size 3).
    // White: b1 b2 a3 b3 encloses a1 a2 (size 2); c6 d6 e7 encloses d7 (size 1).
    // The middle is neutral. Counts [1, 1] each. Black's groups in board order give sizes
    // [1, 3], which would lose to White's [2, 1]; ordered as the rule says (larger size
    // list first) Black's list is [3, 1] and wins (3 > 2). Triangular: 2 each, Black owns
    // the largest territory (3): Black.
    check(&Expect {
        text: "1WB1/1W1BB/WW4/7/3BBB/WWB2/1WB1 b B 2",
        dead: &[],
        revived: &[],
        black_counts: &[1, 1],
        white_counts: &[1, 1],
        black_sizes: &[3, 1],
        white_sizes: &[2, 1],
        seed: Some(Color::Black),
        triangular: Some(Color::Black),
    });
}

#[test]
fn a_shared_territory_counts_for_both_groups() {
    // Black rows 2 (5 stones) and 4 (7 stones) are two groups; row 3 (6 points) lies between
    // them and touches only black: a territory of both. Row 1 (4 points) is the row-2
    // group's second territory. White row 6 and e7 enclose d7 (1) and f7 g7 (2); row 5 is
    // neutral. Black [2, 1] sizes [6, 4, 6]; White [2] sizes [2, 1]. 2 = 2, then 1 > 0:
    // Black, thanks to the shared territory. Triangular: Black 3 + 1 + ½, White 3: Black.
    check(&Expect {
        text: "4/BBBBB/6/BBBBBBB/6/WWWWW/1W2 w B 2",
        dead: &[],
        revived: &[],
        black_counts: &[2, 1],
        white_counts: &[2],
        black_sizes: &[6, 4, 6],
        white_sizes: &[2, 1],
        seed: Some(Color::Black),
        triangular: Some(Color::Black),
    });
    let score = pos("4/BBBBB/6/BBBBBBB/6/WWWWW/1W2 w B 2").score_breakdown();
    let black: Vec<_> = score.living_groups(Color::Black).collect();
    let shared: Vec<usize> = black[0]
        .territories
        .iter()
        .filter(|t| black[1].territories.contains(t))
        .copied()
        .collect();
    assert_eq!(shared.len(), 1);
    assert_eq!(score.regions[shared[0]].size(), 6);
    // Triangular: the shared territory is one territory in the half-point lists.
    assert_eq!(score.territory_sizes(Color::Black), [6, 4]);
}

#[test]
fn the_two_scoring_rules_can_disagree() {
    // Black: one group c1 d2 e2 e3 e4 e5 f6 g6 f7 enclosing d1 and g7: count 2.
    // White: three corner groups around a1, g4 and d7: counts 1, 1, 1. f5 and the middle
    // are neutral. Seed: [2] against [1, 1, 1]: 2 > 1, Black. Triangular: Black 2·3/2 = 3,
    // White 1 + 1 + 1 = 3; territory sizes [1, 1] against [1, 1, 1]: the third decides,
    // White gets the half point: White 3½ against 3.
    check(&Expect {
        text: "1WB1/WW1BB/4BW/4BW1/3B1W/WW1BB/1WB1 w B 2",
        dead: &[],
        revived: &[],
        black_counts: &[2],
        white_counts: &[1, 1, 1],
        black_sizes: &[1, 1],
        white_sizes: &[1, 1, 1],
        seed: Some(Color::Black),
        triangular: Some(Color::White),
    });
    let p = pos("1WB1/WW1BB/4BW/4BW1/3B1W/WW1BB/1WB1 w B 2");
    assert_eq!(
        p.outcome_with(ScoringRule::Original)
            .and_then(|o| o.winner()),
        Some(Seat::First)
    );
    assert_eq!(
        p.outcome_with(ScoringRule::Triangular)
            .and_then(|o| o.winner()),
        Some(Seat::Second)
    );
}

#[test]
fn being_joined_to_a_joined_group_is_not_enough() {
    // Black c1 d2 e2 encloses d1 (has territory). The black row 5 (b5 … g5) has no
    // territory: the region above it (c2, rows 3 and 4) touches White's a1 group; the
    // region below it (c6 d6 e6 e7) touches White's g7 group. It lives by the path through
    // the region above to the d1 group. The black d7 stone touches only the region below,
    // whose only black neighbour besides itself is row 5 (alive by a path only): it is not
    // alive, and dies (step 1). White's a1 and g7 groups have a territory each.
    // Black counts [1] (row 5 counts 0), White [1, 1]: White at the second entry.
    // Triangular: 1 against 2: White.
    check(&Expect {
        text: "1WB1/WW1BB/6/7/BBBBBB/3WW/B1W1 b B 2",
        dead: &["d7"],
        revived: &[],
        black_counts: &[1],
        white_counts: &[1, 1],
        black_sizes: &[1],
        white_sizes: &[1, 1],
        seed: Some(Color::White),
        triangular: Some(Color::White),
    });
}

#[test]
fn the_weakest_group_dies_first() {
    // n = 3: White b1 c1 (2 stones), Black c3 (1 stone), the rest empty: one region touching
    // both colours, nobody alive. Only the weakest, the black stone, dies (step 1); then the
    // region (16 empty points and c3) touches only White: a territory of size 17. White [1].
    check(&Expect {
        text: "1WW/4/2B2/4/3 b B 2",
        dead: &["c3"],
        revived: &[],
        black_counts: &[],
        white_counts: &[1],
        black_sizes: &[],
        white_sizes: &[17],
        seed: Some(Color::White),
        triangular: Some(Color::White),
    });
}

#[test]
fn when_every_group_dies_the_game_is_a_draw() {
    // One stone each (b1 black, c3 white) on an empty n = 3 board: one neutral region, both
    // stones not alive and equally weak: both die in step 1. Nobody has territory: a draw.
    check(&Expect {
        text: "1B1/4/2W2/4/3 b W 2",
        dead: &["b1", "c3"],
        revived: &[],
        black_counts: &[],
        white_counts: &[],
        black_sizes: &[],
        white_sizes: &[],
        seed: None,
        triangular: None,
    });
    let p = pos("1B1/4/2W2/4/3 b W 2");
    assert!(matches!(p.outcome(), Some(Outcome::Draw { .. })));
}

// ---------------------------------------------------------------------------------------------
// The revive step (rules page, "Scoring at the end"): after the weakest-first removal, every
// dead group whose points belong to a territory of its own colour (with D as it then is)
// leaves D, and the regions are computed again, until no dead group lies in such a territory.
// Each case also gives, by hand, what the weakest-first removal alone would score, and checks
// that the naive scorer without its revive step finds exactly that.

/// The naive scorer's seed and triangular winners with the weakest-first removal alone.
fn weakest_first_only_winners(text: &str) -> (u8, u8) {
    let alone = naive_score_with(&Naive::parse(text), Revive::No);
    (
        naive_original_winner(&alone),
        naive_triangular_winner(&alone),
    )
}

#[test]
fn a_small_group_lives_when_the_enemy_invader_beside_it_dies_later() {
    // The case that motivated the revive step. n = 4 (the picture above):
    //
    //          B  .  w  w          a1 black; c1 d1 a white invader of two stones
    //        .  .  .  .  .
    //      B  B  B  B  B  B        row 3: Black's wall A (6 stones)
    //    W  W  .  .  .  .  .       a4 b4 c5 c6: White's group W1 around b5
    //      .  W  .  .  .  .
    //        W  .  .  W  W         f6 g6 f7: White's group W2 around g7
    //          .  .  W  .
    //
    // D empty: rows 1 and 2 without the stones (b1, a2 … e2) are one region touching a1, the
    // white c1 d1 and A: neutral. The middle region (the empty points of rows 4 to 7 but b5
    // and g7) touches A, W1 and W2: neutral. b5 is W1's territory, g7 W2's: both
    // white groups are alive. A has no territory and no black group with territory to join;
    // a1 and c1 d1 have neither: not alive. Step 1: the weakest, a1 (1 stone), dies. Step 2:
    // c1 d1 (2 stones, A has 6) are still not alive (their region touches no white group
    // with territory) and die. Step 3: rows 1 and 2 (9 points, a1 c1 d1 included) touch only
    // A: a black territory; A is alive; everything outside D is alive.
    //
    // Weakest first alone: Black [1] sizes [9], White [1, 1] sizes [1, 1]: White at the
    // second entry (0 < 1). Triangular: Black 1 + ½ (largest territory 9), White 2: White.
    //
    // Revive: a1 lies in that black territory: it leaves D. Rows 1 and 2 without a1 (b1 … e2,
    // the dead c1 d1 included) are still one region, 8 points, touching a1 and A only: a
    // territory of both. c1 d1 lie in a black territory, not a white one: they stay dead.
    // Black [1, 1] sizes [8, 8], White [1, 1] sizes [1, 1]: the counts tie, then 8 > 1:
    // Black. Triangular: Black 1 + 1 + ½, White 2: Black.
    let text = "B1WW/5/BBBBBB/WW5/1W4/W2WW/2W1 b B 2";
    check(&Expect {
        text,
        dead: &["c1", "d1"],
        revived: &["a1"],
        black_counts: &[1, 1],
        white_counts: &[1, 1],
        black_sizes: &[8, 8],
        white_sizes: &[1, 1],
        seed: Some(Color::Black),
        triangular: Some(Color::Black),
    });
    assert_eq!(weakest_first_only_winners(text), (WHITE, WHITE));
    // The breakdown: a1 was taken in step 1 and lives, the invader died in step 2.
    let score = pos(text).score_breakdown();
    let group_at = |name: &str| {
        score
            .groups
            .iter()
            .find(|g| g.stones.iter().any(|q| q.to_string() == name))
            .expect("a group on that point")
    };
    let revived = group_at("a1");
    assert!(revived.alive);
    assert_eq!(revived.revived_from_step, Some(1));
    assert_eq!(revived.removed_in_step, None);
    assert_eq!(revived.count(), 1);
    assert_eq!(group_at("c1").removed_in_step, Some(2));
    assert_eq!(group_at("c1").revived_from_step, None);
    assert_eq!(group_at("a3").revived_from_step, None);
    // The scored picture shows a1 as a living stone and the invader as dead stones: row 1,
    // drawn at the bottom, above the column letters.
    let diagram = pos(text).score_diagram(&score);
    assert_eq!(
        diagram.lines().rev().nth(1).map(str::trim_end),
        Some(" 1    B + w w e")
    );
}

#[test]
fn groups_that_die_in_the_same_step_as_the_invader_are_revived_too() {
    // The colours of the case above exchanged, with a one-stone invader: n = 4, first seat
    // White.
    //
    //          W  .  .  b          a1 white; d1 a black invader of one stone
    //        .  .  .  .  .
    //      W  W  W  W  W  W        row 3: White's wall (6 stones)
    //    B  B  .  .  .  .  .       a4 b4 c5 c6 around b5, f6 g6 f7 around g7: Black
    //      .  B  .  .  .  .
    //        B  .  .  B  B
    //          .  .  B  .
    //
    // D empty: rows 1 and 2 without a1 and d1 are one region touching a1, d1 and the wall:
    // neutral. The wall has no territory (its other region, the middle, touches Black too);
    // Black's two groups have b5 and g7. Not alive: a1 (1), d1 (1), the wall (6). Step 1:
    // a1 and d1 are equally weak and die together. Step 2: rows 1 and 2 (9 points) touch
    // only the wall: a white territory; the wall lives.
    //
    // Weakest first alone: White [1] sizes [9], Black [1, 1] sizes [1, 1]: Black at the
    // second entry. Triangular: White 1 + ½, Black 2: Black.
    //
    // Revive: a1 lies in the white territory: it lives (d1 lies in a white territory, not a
    // black one, and stays dead). The region without a1 has 8 points and touches a1 and the
    // wall. White [1, 1] sizes [8, 8] against Black [1, 1] sizes [1, 1]: White. Triangular:
    // White 2½ against 2: White. White is the first seat here.
    let text = "W2B/5/WWWWWW/BB5/1B4/B2BB/2B1 w W 2";
    check(&Expect {
        text,
        dead: &["d1"],
        revived: &["a1"],
        black_counts: &[1, 1],
        white_counts: &[1, 1],
        black_sizes: &[1, 1],
        white_sizes: &[8, 8],
        seed: Some(Color::White),
        triangular: Some(Color::White),
    });
    assert_eq!(weakest_first_only_winners(text), (BLACK, BLACK));
    assert_eq!(
        pos(text).outcome().and_then(|o| o.winner()),
        Some(Seat::First)
    );
}

#[test]
fn a_revived_stone_changes_the_reason_but_not_the_winner() {
    // n = 3 (the picture above the placement tests):
    //
    //        .  B  .               b1 black
    //      .  .  w  w              c2 d2 a white invader of two stones
    //    B  B  B  B  B             row 3: Black's wall (5 stones)
    //      W  W  W  W              row 4: White's wall, around row 5
    //        .  .  .
    //
    // D empty: {c1} touches b1, c2, d2 and {a1 a2 b2} touches b1, the black wall and c2:
    // both neutral. Row 5 is White's territory. Not alive: b1 (1), c2 d2 (2), the black
    // wall (5). Step 1: b1 dies. Step 2: the region a1 b1 c1 a2 b2 touches the black wall
    // and c2 d2 only: still neutral; c2 d2 die. Step 3: rows 1 and 2 (7 points) are a black
    // territory and the wall lives.
    //
    // Weakest first alone: Black [1] sizes [7], White [1] sizes [3]: Black by the larger
    // territory. Revive: b1 lies in the black territory and lives; the 6 other points of
    // rows 1 and 2 stay one region, a territory of both black groups. Black [1, 1] sizes
    // [6, 6]: Black by the counts this time. Triangular: 1½ against 1 alone, 2½ against 1
    // with the revive step.
    let text = "1B1/2WW/BBBBB/WWWW/3 b B 2";
    check(&Expect {
        text,
        dead: &["c2", "d2"],
        revived: &["b1"],
        black_counts: &[1, 1],
        white_counts: &[1],
        black_sizes: &[6, 6],
        white_sizes: &[3],
        seed: Some(Color::Black),
        triangular: Some(Color::Black),
    });
    assert_eq!(weakest_first_only_winners(text), (BLACK, BLACK));
    let score = pos(text).score_breakdown();
    assert_eq!(
        score.decide(ScoringRule::Original),
        (Some(Color::Black), EndReason::MoreTerritories)
    );
    let alone = naive_score_with(&Naive::parse(text), Revive::No);
    let black_counts: Vec<usize> = alone
        .groups
        .iter()
        .filter(|g| g.0 == BLACK && g.2)
        .map(|g| g.3)
        .collect();
    assert_eq!(black_counts, [1], "weakest first alone: one black count");
    // The show tool's details lines (Game::details): b1 is counted
    // as a revived living group and drawn as a living stone; c2 d2 are drawn as dead.
    let lines = pos(text).details();
    assert!(
        lines[1].starts_with("  black: groups living 2 (1 revived), dead 0 (0 stones);"),
        "{}",
        lines[1]
    );
    assert!(
        lines[2].starts_with("  white: groups living 1, dead 1 (2 stones);"),
        "{}",
        lines[2]
    );
    // The board: row 1 at the bottom, above the column letters.
    let board: Vec<&str> = lines
        .iter()
        .rev()
        .take(6)
        .rev()
        .map(|l| l.trim_end())
        .collect();
    assert_eq!(
        board,
        [
            "   5   - - -",
            "   4  W W W W",
            "   3 B B B B B",
            "   2  + + w w e",
            "   1   + B + d",
            "        a b c",
        ]
    );
}

#[test]
fn only_a_territory_of_the_own_colour_revives() {
    // The first revive case with the black stone on e5 (in the middle region) instead of a1:
    //
    //          .  .  w  w
    //        .  .  .  .  .
    //      B  B  B  B  B  B
    //    W  W  .  .  .  .  .
    //      .  W  .  b  .  .        e5: a black stone
    //        W  .  .  W  W
    //          .  .  W  .
    //
    // D empty: the middle region without e5 is still connected (through row 4) and touches
    // the black wall, e5 and both white groups: neutral. Step 1: e5 (1 stone, not alive: the
    // wall it could join has no territory yet) dies. Step 2: c1 d1 die. Step 3: rows 1 and 2
    // (9 points) are a black territory and the wall lives. Revive: e5 lies in the middle
    // region, which touches the wall and both white groups: neutral, not a black territory,
    // so e5 stays dead, although it would now be joined to the living wall by a path (the
    // page revives only inside a territory of the group's colour). c1 d1 lie in a black
    // territory: they stay dead. Nothing is revived: Black [1] sizes [9], White [1, 1] sizes
    // [1, 1]: White. Triangular: 1½ against 2: White.
    let text = "2WW/5/BBBBBB/WW5/1W1B2/W2WW/2W1 b B 2";
    check(&Expect {
        text,
        dead: &["c1", "d1", "e5"],
        revived: &[],
        black_counts: &[1],
        white_counts: &[1, 1],
        black_sizes: &[9],
        white_sizes: &[1, 1],
        seed: Some(Color::White),
        triangular: Some(Color::White),
    });
    assert_eq!(weakest_first_only_winners(text), (WHITE, WHITE));
    let score = pos(text).score_breakdown();
    assert!(score.groups.iter().all(|g| g.revived_from_step.is_none()));
}
