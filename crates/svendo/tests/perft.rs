//! Perft and legal-move checks against the naive second implementation in `naive/mod.rs`
//! (a 2D array, the win rules and responsibility rules re-implemented from the rules page).
//! Every expected count is either a hand count or computed by the naive implementation here;
//! none is pasted from the engine.

use crate::naive;

use naive::{NMove, Naive};
use svendo::{BoardSize, Color, Game, Move, Position, Responsibility, WinRule};

fn engine(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn engine_texts(pos: &Position) -> Vec<String> {
    let mut texts: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| pos.move_text(m))
        .collect();
    texts.sort();
    texts
}

fn naive_texts(moves: &[NMove]) -> Vec<String> {
    let mut texts: Vec<String> = moves.iter().map(|m| m.text()).collect();
    texts.sort();
    texts
}

fn color_index(c: Color) -> usize {
    Color::ALL.iter().position(|&x| x == c).unwrap()
}

/// The engine and the naive implementation agree on the legal moves here.
fn same_moves(text: &str) {
    let pos = engine(text);
    let naive = Naive::parse(text);
    assert_eq!(
        engine_texts(&pos),
        naive_texts(&naive.legal_moves()),
        "legal moves of {text}"
    );
}

/// The engine's perft equals the naive perft for every depth up to `depth`.
fn same_perft(text: &str, depth: u32) {
    let pos = engine(text);
    let naive = Naive::parse(text);
    for d in 1..=depth {
        assert_eq!(
            game_core::perft(&pos, d).unwrap(),
            naive.perft(d),
            "perft {d} of {text}"
        );
    }
}

/// Plays `mv` in both and checks the win each records.
fn win_after(text: &str, mv: &str) -> Option<(usize, u32)> {
    let mut pos = engine(text);
    let naive = Naive::parse(text);
    let nmove = *naive
        .legal_moves()
        .iter()
        .find(|m| m.text() == mv)
        .unwrap_or_else(|| panic!("naive: {mv} is not legal in {text}"));
    let naive_after = naive.play(nmove);
    pos.play(pos.parse_move(mv).expect("engine: legal"))
        .expect("legal");
    let engine_win = pos
        .win()
        .map(|w| (color_index(w.winner), u32::from(w.rule.number())));
    assert_eq!(engine_win, naive_after.win, "win after {mv} in {text}");
    engine_win
}

// Hand-built positions on the default 10 x 6 board (rows from the top).

/// Black holds a1 and c1; e2-e1 captures the third base point (rule 1).
const RULE1: &str = "WWWWWWWW2/RRRRRRRR2/10/MMM6B/4B1BBBB/B1B7 b 0/0/0 0/0/0";
/// Black holds a1, c1, e1 with its own stone on the check point b1: moving it off wins (rule 2).
const RULE2: &str = "WWWWWWWW2/RRRRRRRR2/10/MMM7/6BBBB/BBB1B5 b 0/0/0 0/0/0";
/// Red holds a1, c1, e1 and a Black stone stands on b1: Black moving it off makes Red win
/// (rule 3).
const RULE3: &str = "WWWWWWWW2/BBBBBBB3/10/MMM6R/6RRRR/RBR1R5 b 0/0/0 0/0/0";
/// A master stone slid to e1 completes a1-c1-e1 for Black (rule 1 counts the moved master).
const MASTER_MOVED: &str = "WWWWWWWW2/RRRRRRRR2/10/MM6BB/4M1BBBB/B1B7 b 0/0/0 0/0/0";
/// A master stone on the base point e1 counts for nobody: moving Black's b1 off the check
/// point wins nothing.
const MASTER_ON_BASE: &str = "WWWWWWWW2/RRRRRRRR2/10/MM7B/6BBBB/BBB1M5 b 0/0/0 0/0/0";
/// Red's last placement e1 completes a1-c1-e1: a line left from placement, which never wins.
const LAST_PLACEMENT: &str = "WWWWWWWW2/BBBBBBBB2/8RR/MMM7/7RRR/R1R7 r 0/0/1 0/0/0";
/// Block the follower: White (next) and Red (after) both threaten; Black must block White.
const BLOCK_FOLLOWER: &str = "W1W4WWW/8WW/MMM1W1BBBB/4R1BBBB/9R/R1R3RRRR b 0/0/0 0/0/0";
/// Announced win: Red has three rule-2 threats (master stones on its check points b1, e2,
/// d5) that Black and White cannot all stop; Black may not uncover White's g2-j2.
const ANNOUNCED: &str = "BBBBB1BBWW/W1RMR1RR2/WWW6W/4R5/4M1WB2/RMR1R5 b 0/0/0 0/0/0";
/// The seed's Figure 4 on our board, master-stone version: White must block Red (b5-b2 would
/// complete b2-d2-f2), and the only block moves the master from Black's check point b1 (C) to b2
/// (A), so Black wins by rule 3. (b1-b3, b1-b4 and b1-c2 do not block: Red could slide that
/// master to b2.) Black also has a winning move of its own here (rule 2, moving the master).
const FIGURE4: &str = "MM3BBBBB/1R4RRRR/9R/10/3R1RWWWW/BMB1B1WWWW w 0/0/0 3/3/3";
/// The seed's Figure 4 as written: White's *own* stone on Black's check point b1 (C). Black has
/// no winning move, only its trap for White (a1-c1-e1, d1 empty); Red threatens a2-b2 onto the
/// third base point of b2-d4-f6 (check points c3, e5 empty). The only block is b1-b2 (C to A),
/// and it hands Black the win by rule 3.
const FIGURE4_OWN: &str = "5RWBR1/6RWM1/3R2WRB1/6BWM1/R5BRWW/BWB1B1WBMR w 0/0/0 3/3/3";
/// Figure 4 with a second block: White's g5 can also stop Red, on the check point e5. Black's
/// trap alone (Black has no winning move) puts the block rule in force.
const TRAP_ONLY: &str = "5RWBR1/6WRM1/3R2WRB1/6BWM1/R5BRWW/BWB1B1WBMR w 0/0/0 3/3/3";
/// Red threatens f3-f4 or g5-f4 (f4-h4-j4) and holds f3-h3-j3 with White's g3 on the check point
/// g3; Black has rule-2 threats (master stones on b1, b6, e2). g3-f4 and g3-g4 leave Red
/// without a winning move but end the game with Red winning by rule 3: no block. White's real
/// blocks are i1-i4 and j5-i4.
const HANDOFF_NOT_BLOCK: &str = "BMB1B1WRW1/4B1RWRW/7R1R/4BRWR1R/4M5/BMB1B1W1WW w 0/0/0 2/2/2";
/// As above, but White has no real block: the only moves after which Red has no winning move on
/// the board (g3-f4, g3-g4) hand Red the game, so every move lets Red win and none is forced.
const HANDOFF_ONLY: &str = "BMB1B1WRW1/6RBR1/7R1R/W3BRWR1R/WW2M5/BMB1B1W2W w 0/0/0 2/2/2";
/// Announced win: Black's three rule-2 threats (masters on b1, b6, e2; d6 unreachable) cannot be
/// stopped. Red has no winning move, but White's g3 stands on Red's check point g3 (f3-h3-j3):
/// every move of g3 hands Red the game, so the rule forbids them.
const ANNOUNCED_HANDOFF: &str = "BMB1B1WRWR/4B1RWRW/10/4BRWR1R/4M5/BMB1B1WRWW w 0/0/0 2/2/2";

#[test]
fn start_perft_by_hand() {
    // 60 empty points, own stone or master: 120; then 59 x 2 and 58 x 2.
    let start = Position::start();
    assert_eq!(game_core::perft(&start, 1).unwrap(), 120);
    assert_eq!(game_core::perft(&start, 2).unwrap(), 120 * 118);
    assert_eq!(game_core::perft(&start, 3).unwrap(), 120 * 118 * 116);
    // Naive agrees at depth 2.
    assert_eq!(Naive::start(10, 6).perft(2), 120 * 118);
}

#[test]
fn other_board_sizes_start() {
    for (w, h) in [(5, 6), (8, 8), (12, 5), (5, 12)] {
        let start = Position::start_with_size(BoardSize::Rect {
            width: w as u32,
            height: h as u32,
        })
        .expect("a supported size");
        let n = (w * h) as u64;
        assert_eq!(game_core::perft(&start, 2).unwrap(), 2 * n * 2 * (n - 1));
    }
}

#[test]
fn rule1_third_base_point() {
    assert_eq!(win_after(RULE1, "e2-e1"), Some((0, 1)));
    same_moves(RULE1);
    same_perft(RULE1, 2);
}

#[test]
fn rule2_own_check_point() {
    assert_eq!(win_after(RULE2, "b1-b2"), Some((0, 2)));
    assert_eq!(win_after(RULE2, "b1-c2"), Some((0, 2)));
    same_moves(RULE2);
    same_perft(RULE2, 2);
}

#[test]
fn rule3_forced_off_check_point() {
    assert_eq!(win_after(RULE3, "b1-b2"), Some((2, 3)));
    let mut pos = engine(RULE3);
    pos.play(pos.parse_move("b1-b2").unwrap()).unwrap();
    let win = pos.win().unwrap();
    assert_eq!(
        (win.winner, win.rule, win.points),
        (Color::Red, WinRule::ForcedOffCheckPoint, 0)
    );
    assert_eq!(pos.score(Color::Red), Some(0));
    same_moves(RULE3);
    same_perft(RULE3, 2);
}

#[test]
fn master_counts_only_as_moved_stone() {
    // Rule 1 with the moved master.
    assert_eq!(win_after(MASTER_MOVED, "e2-e1"), Some((0, 1)));
    // A master standing on a base point: moving off the check point b1 wins nothing.
    assert_eq!(win_after(MASTER_ON_BASE, "b1-b2"), None);
    same_moves(MASTER_MOVED);
    same_perft(MASTER_MOVED, 2);
    same_moves(MASTER_ON_BASE);
    same_perft(MASTER_ON_BASE, 2);
}

#[test]
fn line_left_from_placement_does_not_win() {
    let pos = engine(LAST_PLACEMENT);
    let mut after = pos;
    after.play(pos.parse_move("e1").unwrap()).unwrap();
    assert!(after.win().is_none());
    assert!(!after.is_placement());
    // Every Black move elsewhere leaves the line standing and wins nothing for Red.
    let naive = Naive::parse(LAST_PLACEMENT).play(NMove::Place(4, 0));
    assert!(naive.win.is_none());
    for m in naive.legal_moves() {
        assert_ne!(naive.play(m).win.map(|w| w.0), Some(2), "{}", m.text());
    }
    same_perft(LAST_PLACEMENT, 2);
}

#[test]
fn must_block_follower_restricts() {
    let naive = Naive::parse(BLOCK_FOLLOWER);
    let (block, _) = naive.rules_in_force();
    assert!(block, "naive: both followers threaten");
    let plain = naive.plain_moves().len();
    let legal = naive.legal_moves().len();
    assert!(legal < plain, "restricted {legal} < plain {plain}");
    let pos = engine(BLOCK_FOLLOWER);
    assert!(pos.must_block_follower());
    assert_eq!(pos.responsibility(), Responsibility::BlockFollower);
    assert_eq!(pos.legal_moves().len(), legal);
    same_moves(BLOCK_FOLLOWER);
    same_perft(BLOCK_FOLLOWER, 2);
}

#[test]
fn announced_win_restricts() {
    let naive = Naive::parse(ANNOUNCED);
    let (block, announced) = naive.rules_in_force();
    assert!(
        !block && announced,
        "naive: Red's win is announced, White has no threat"
    );
    let plain = naive.plain_moves().len();
    let legal = naive.legal_moves().len();
    assert!(legal < plain, "restricted {legal} < plain {plain}");
    // h2 is what keeps White's g2 from j2: only h2-i2 and h2-j2 (still in the way) stay legal.
    let legal_texts = naive_texts(&naive.legal_moves());
    let h2: Vec<&String> = legal_texts
        .iter()
        .filter(|t| t.starts_with("h2-"))
        .collect();
    assert_eq!(h2, ["h2-i2", "h2-j2"]);
    let pos = engine(ANNOUNCED);
    assert!(pos.announced_win());
    assert_eq!(pos.responsibility(), Responsibility::AnnouncedWin);
    same_moves(ANNOUNCED);
    same_perft(ANNOUNCED, 2);
}

#[test]
fn figure4_forced_win() {
    let naive = Naive::parse(FIGURE4);
    assert!(
        naive.rules_in_force().0,
        "naive: Black and Red both threaten"
    );
    // White's only legal move takes the master from b1 (Black's check point) to b2.
    let legal = naive_texts(&naive.legal_moves());
    assert_eq!(legal, ["b1-b2"]);
    assert!(naive.plain_moves().len() > 1);
    for mv in &legal {
        assert_eq!(win_after(FIGURE4, mv), Some((0, 3)), "{mv}");
    }
    let mut pos = engine(FIGURE4);
    pos.play(pos.parse_move("b1-b2").unwrap()).unwrap();
    assert_eq!(
        pos.to_string(),
        "MM3BBBBB/1R4RRRR/9R/10/1M1R1RWWWW/B1B1B1WWWW r 0/0/0 3/4/3 b3"
    );
    assert_eq!(pos.win().map(|w| w.points), Some(3));
    same_moves(FIGURE4);
    same_perft(FIGURE4, 2);
}

/// The legal moves of `text` by the naive implementation, sorted.
fn naive_legal(text: &str) -> Vec<String> {
    naive_texts(&Naive::parse(text).legal_moves())
}

/// The naive move with this text among the plain moves of `naive`.
fn naive_move(naive: &Naive, text: &str) -> NMove {
    *naive
        .plain_moves()
        .iter()
        .find(|m| m.text() == text)
        .unwrap_or_else(|| panic!("{text} is not a plain move"))
}

#[test]
fn figure4_own_stone_on_c() {
    let naive = Naive::parse(FIGURE4_OWN);
    let (white, red, black) = (1, 2, 0);
    assert_eq!(naive.to_move, white);
    // Black has no winning move of its own: only the trap (White's stone on its check point).
    assert!(!naive.has_winning_move(black));
    assert!(naive.in_winning_position(black));
    assert!(naive.has_winning_move(red));
    assert_eq!(naive.rules_in_force(), (true, false));
    // Exactly one legal move, C to A; playing it Black wins by rule 3 with its 3 slides.
    assert_eq!(naive_legal(FIGURE4_OWN), ["b1-b2"]);
    assert!(naive.plain_moves().len() > 1);
    assert_eq!(win_after(FIGURE4_OWN, "b1-b2"), Some((black, 3)));
    let mut pos = engine(FIGURE4_OWN);
    assert!(!pos.has_winning_move(Color::Black));
    assert!(pos.has_trap(Color::Black));
    assert!(pos.in_winning_position(Color::Black));
    assert!(pos.must_block_follower());
    assert_eq!(pos.responsibility(), Responsibility::BlockFollower);
    pos.play(pos.parse_move("b1-b2").unwrap()).unwrap();
    assert_eq!(
        pos.win().map(|w| (w.winner, w.rule, w.points)),
        Some((Color::Black, WinRule::ForcedOffCheckPoint, 3))
    );
    assert_eq!(
        pos.to_string(),
        "5RWBR1/6RWM1/3R2WRB1/6BWM1/RW4BRWW/B1B1B1WBMR r 0/0/0 3/4/3 b3"
    );
    same_moves(FIGURE4_OWN);
    same_perft(FIGURE4_OWN, 2);
}

#[test]
fn trap_alone_with_follower_threat_restricts() {
    let naive = Naive::parse(TRAP_ONLY);
    assert!(!naive.has_winning_move(0), "Black has no winning move");
    assert!(naive.in_winning_position(0), "Black's trap for White");
    assert_eq!(naive.rules_in_force(), (true, false));
    // The two blocks: C to A (Black then wins by rule 3) and g5-e5 (the game goes on).
    assert_eq!(naive_legal(TRAP_ONLY), ["b1-b2", "g5-e5"]);
    assert_eq!(win_after(TRAP_ONLY, "g5-e5"), None);
    let pos = engine(TRAP_ONLY);
    assert!(pos.has_trap(Color::Black) && !pos.has_winning_move(Color::Black));
    assert_eq!(pos.responsibility(), Responsibility::BlockFollower);
    // Without the trap nothing would restrict White: the block rule needs R in a winning
    // position, and the announced-win rule needs R's winning move.
    assert!(!pos.announced_win());
    same_moves(TRAP_ONLY);
    same_perft(TRAP_ONLY, 2);
}

#[test]
fn handing_the_follower_the_game_is_no_block() {
    let naive = Naive::parse(HANDOFF_NOT_BLOCK);
    let red = 2;
    assert!(naive.rules_in_force().0, "Red and Black both threaten");
    for mv in ["g3-f4", "g3-g4"] {
        let after = naive.play(naive_move(&naive, mv));
        // Red has no winning move on the board after it, but the move ends the game with Red
        // as the winner (White moved off Red's check point g3): it lets Red win.
        assert!(!after.has_winning_move(red), "{mv}");
        assert_eq!(after.win, Some((red, 3)), "{mv}");
        assert!(naive.lets_win(naive_move(&naive, mv), red));
    }
    assert_eq!(naive_legal(HANDOFF_NOT_BLOCK), ["i1-i4", "j5-i4"]);
    let pos = engine(HANDOFF_NOT_BLOCK);
    assert_eq!(pos.responsibility(), Responsibility::BlockFollower);
    for mv in ["g3-f4", "g3-g4"] {
        let mv = svendo::Move::Slide {
            from: mv[..2].parse().unwrap(),
            to: mv[3..].parse().unwrap(),
        };
        assert!(pos.is_plain_legal(mv) && !pos.is_legal(mv));
    }
    same_moves(HANDOFF_NOT_BLOCK);
    same_perft(HANDOFF_NOT_BLOCK, 2);
}

#[test]
fn a_handoff_is_never_forced() {
    let naive = Naive::parse(HANDOFF_ONLY);
    let red = 2;
    assert!(naive.rules_in_force().0);
    // The only moves after which Red has no winning move on the board hand Red the game.
    let plain = naive.plain_moves();
    let no_red_threat = naive_texts(
        &plain
            .iter()
            .copied()
            .filter(|&m| !naive.play(m).has_winning_move(red))
            .collect::<Vec<_>>(),
    );
    assert_eq!(no_red_threat, ["g3-f4", "g3-g4"]);
    // So every move lets Red win, and the block rule restricts nothing.
    assert!(plain.iter().all(|&m| naive.lets_win(m, red)));
    assert_eq!(naive.legal_moves().len(), plain.len());
    let pos = engine(HANDOFF_ONLY);
    assert_eq!(pos.responsibility(), Responsibility::Free);
    assert_eq!(pos.legal_moves().len(), plain.len());
    same_moves(HANDOFF_ONLY);
    same_perft(HANDOFF_ONLY, 2);
}

#[test]
fn announced_win_forbids_a_handoff() {
    let naive = Naive::parse(ANNOUNCED_HANDOFF);
    let red = 2;
    assert!(!naive.has_winning_move(red));
    assert_eq!(naive.rules_in_force(), (false, true));
    let legal = naive_legal(ANNOUNCED_HANDOFF);
    let g3: Vec<String> = naive
        .plain_moves()
        .iter()
        .map(|m| m.text())
        .filter(|t| t.starts_with("g3-"))
        .collect();
    assert!(!g3.is_empty());
    for mv in &g3 {
        let after = naive.play(naive_move(&naive, mv));
        // No winning move for Red on the board after it, yet Red has won by rule 3.
        assert!(!after.has_winning_move(red), "{mv}");
        assert_eq!(after.win, Some((red, 3)), "{mv}");
        assert!(!legal.contains(mv), "{mv} is forbidden");
    }
    // Other moves remain (so the rule applies), and not every move is forbidden.
    assert!(!legal.is_empty() && legal.len() < naive.plain_moves().len());
    let pos = engine(ANNOUNCED_HANDOFF);
    assert!(pos.announced_win());
    assert_eq!(pos.responsibility(), Responsibility::AnnouncedWin);
    same_moves(ANNOUNCED_HANDOFF);
    same_perft(ANNOUNCED_HANDOFF, 2);
}

#[test]
fn pass_only_without_a_move() {
    // 5 x 6 board, 27 stones: Black's own stones and every master boxed in.
    let text = "BRWRB/BRWRW/BWRWR/BMBRW/BMRW1/BMW2 b 0/0/0 0/0/0";
    let pos = engine(text);
    let naive = Naive::parse(text);
    assert_eq!(naive.legal_moves(), vec![NMove::Pass]);
    assert_eq!(pos.legal_moves(), vec![Move::Pass]);
    same_perft(text, 3);
}

#[test]
fn random_positions_agree_with_naive() {
    // SVENDO_NAIVE_SEED changes the games for a long run.
    let seed = std::env::var("SVENDO_NAIVE_SEED")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(2024);
    let mut rng = game_core::Rng::new(seed);
    let mut checked = 0;
    let mut perft_checked = 0;
    let mut restricted = 0;
    let sizes = [(10, 6), (10, 6), (10, 6), (8, 8), (5, 12), (12, 5), (7, 5)];
    // SVENDO_NAIVE_GAMES raises the number of games for a long run (a release build helps).
    let games: usize = std::env::var("SVENDO_NAIVE_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(sizes.len());
    for game in 0..games {
        let (w, h) = sizes[game % sizes.len()];
        let mut pos = Position::start_with_size(BoardSize::Rect {
            width: w as u32,
            height: h as u32,
        })
        .expect("a supported size");
        let mut naive = Naive::start(w, h);
        let mut moves = Vec::new();
        for ply in 0..(27 + 60) {
            if !pos.is_placement() {
                let texts = engine_texts(&pos);
                let nmoves = naive.legal_moves();
                assert_eq!(texts, naive_texts(&nmoves), "game {game}: {pos}");
                checked += 1;
                if nmoves.len() < naive.plain_moves().len() {
                    restricted += 1;
                }
                if ply % 16 == 0 {
                    assert_eq!(
                        game_core::perft(&pos, 2).unwrap(),
                        naive.perft(2),
                        "perft 2 of {pos}"
                    );
                    perft_checked += 1;
                }
            }
            pos.legal_moves_into(&mut moves);
            let Some(&mv) = rng.choose(&moves) else { break };
            let text = pos.move_text(mv);
            let nmove = *naive
                .plain_moves()
                .iter()
                .find(|m| m.text() == text)
                .expect("naive knows the move");
            naive = naive.play(nmove);
            pos.play_unchecked(mv);
            let engine_win = pos
                .win()
                .map(|w| (color_index(w.winner), u32::from(w.rule.number())));
            assert_eq!(engine_win, naive.win, "game {game}: after {text}: {pos}");
        }
    }
    assert!(
        checked > 100 && perft_checked > 3 && restricted > 0,
        "{checked} positions, {perft_checked} perft, {restricted} restricted"
    );
    eprintln!("{checked} positions, {perft_checked} perft, {restricted} restricted");
}

/// Prints the naive counts written into `tests/data/svendo.perft` (run with `--ignored
/// --nocapture` to regenerate that file's movement entries).
#[test]
#[ignore]
fn print_naive_counts() {
    for text in [
        RULE1,
        RULE2,
        RULE3,
        MASTER_MOVED,
        MASTER_ON_BASE,
        LAST_PLACEMENT,
        BLOCK_FOLLOWER,
        ANNOUNCED,
        FIGURE4,
        FIGURE4_OWN,
        TRAP_ONLY,
        HANDOFF_NOT_BLOCK,
        HANDOFF_ONLY,
        ANNOUNCED_HANDOFF,
    ] {
        let naive = Naive::parse(text);
        println!("{text}");
        let depth = std::env::var("SVENDO_NAIVE_DEPTH")
            .ok()
            .and_then(|v| v.parse().ok())
            .unwrap_or(2);
        for d in 1..=depth {
            println!("perft {d}: {}", naive.perft(d));
        }
    }
}

/// A move that wins for P stays legal under a restriction even though it leaves N a winning
/// move. The position is found by random play with the engine and checked with the naive
/// implementation.
#[test]
fn winning_move_always_allowed() {
    let mut rng = game_core::Rng::new(77);
    let mut moves = Vec::new();
    for _ in 0..400 {
        let mut pos = Position::start();
        while pos.outcome().is_none() {
            if !pos.is_placement() && pos.responsibility() != Responsibility::Free {
                let me = pos.side_to_move();
                let exempt = pos.legal_moves().into_iter().find(|&m| {
                    let mut after = pos;
                    after.play_unchecked(m);
                    after.win().is_some_and(|w| w.winner == me) && after.has_winning_move(me.next())
                });
                if let Some(mv) = exempt {
                    let text = pos.to_string();
                    let naive = Naive::parse(&text);
                    let legal = naive_texts(&naive.legal_moves());
                    assert!(legal.len() < naive.plain_moves().len(), "{text}");
                    assert!(legal.contains(&pos.move_text(mv)), "{text}");
                    same_moves(&text);
                    return;
                }
            }
            pos.legal_moves_into(&mut moves);
            let Some(&mv) = rng.choose(&moves) else { break };
            pos.play_unchecked(mv);
        }
    }
    panic!("no restricted position with an exempt winning move found");
}
