//! The alpha-beta search, tested against plain minimax written here from the rules of
//! tic-tac-toe (a 9-cell array, nothing shared with the crate), and on the ring walk of
//! `tests/common` for the history draws.

use crate::common;

use std::time::{Duration, Instant};

use common::{Ring, Walker};
use game_core::search::{AlphaBeta, AlphaBetaConfig, AlphaBetaError, Evaluator};
use game_core::tictactoe::TicTacToe;
use game_core::{
    DrawRules, Engine, Game, GameRecord, Limits, MoveBuffer, Outcome, ParseMoveError,
    ParsePositionError, Rng, Score, SearchInfo, StopFlag,
};

/// No opinion: every horizon position is worth 0.
struct Zero;
impl<G: Game> Evaluator<G> for Zero {
    fn evaluate(&mut self, _pos: &G) -> i32 {
        0
    }
}

/// A small tic-tac-toe heuristic read from the position text: centre 3, corner 2, edge 1 for
/// each own mark, minus the same for the opponent's (for the player to move).
struct Placement;
impl Evaluator<TicTacToe> for Placement {
    fn evaluate(&mut self, pos: &TicTacToe) -> i32 {
        text_heuristic(pos)
    }
}

fn text_heuristic(pos: &TicTacToe) -> i32 {
    let text = pos.to_string();
    let (board, side) = text.split_once(' ').expect("board and side");
    let cells: Vec<char> = board.chars().filter(|&c| c != '/').collect();
    let me = side.chars().next().expect("side");
    let mut value = 0;
    for (i, &c) in cells.iter().enumerate() {
        let weight = match i {
            4 => 3,
            0 | 2 | 6 | 8 => 2,
            _ => 1,
        };
        if c == me {
            value += weight;
        } else if c != '.' {
            value -= weight;
        }
    }
    value * 10
}

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

/// Plain minimax on a 9-cell array (1 = X, 2 = O): +1 win, 0 draw, -1 loss for the player to
/// move, with the number of plies to the end under best play (the fastest win, the slowest
/// loss).
fn minimax(cells: &mut [u8; 9], to_move: u8) -> (i32, u32) {
    let other = 3 - to_move;
    if LINES.iter().any(|l| l.iter().all(|&i| cells[i] == other)) {
        return (-1, 0);
    }
    if cells.iter().all(|&c| c != 0) {
        return (0, 0);
    }
    let mut best: Option<(i32, u32)> = None;
    for i in 0..9 {
        if cells[i] != 0 {
            continue;
        }
        cells[i] = to_move;
        let (v, d) = minimax(cells, other);
        cells[i] = 0;
        let mine = (-v, d + 1);
        let better = match best {
            None => true,
            Some((bv, bd)) => {
                mine.0 > bv
                    || (mine.0 == bv && mine.0 > 0 && mine.1 < bd)
                    || (mine.0 == bv && mine.0 < 0 && mine.1 > bd)
            }
        };
        if better {
            best = Some(mine);
        }
    }
    best.expect("a move")
}

fn minimax_score(cells: &[u8; 9], to_move: u8) -> Score {
    let mut cells = *cells;
    match minimax(&mut cells, to_move) {
        (1, d) => Score::WinIn(d),
        (-1, d) => Score::LossIn(d),
        _ => Score::Centi(0),
    }
}

/// Plain fixed-depth negamax with the same conventions as the search (evaluation at the
/// horizon, a win `n` plies from the root as `WIN - n`), on the crate's tic-tac-toe.
fn fixed_depth(
    pos: &TicTacToe,
    depth: u32,
    ply: u32,
    eval: &mut dyn FnMut(&TicTacToe) -> i32,
) -> i64 {
    const WIN: i64 = 1_000_000;
    if let Some(outcome) = pos.outcome() {
        return match outcome.winner() {
            Some(w) if w == pos.to_move() => WIN - i64::from(ply),
            Some(_) => -(WIN - i64::from(ply)),
            None => 0,
        };
    }
    if depth == 0 {
        return i64::from(eval(pos));
    }
    let mut best = i64::MIN;
    for mv in pos.legal_moves() {
        let mut child = *pos;
        child.play_unchecked(mv);
        best = best.max(-fixed_depth(&child, depth - 1, ply + 1, eval));
    }
    best
}

fn as_score(value: i64) -> Score {
    if value >= 900_000 {
        Score::WinIn((1_000_000 - value) as u32)
    } else if value <= -900_000 {
        Score::LossIn((1_000_000 + value) as u32)
    } else {
        Score::Centi(value as i32)
    }
}

/// Positions after a few seeded random plies, in both representations.
fn random_positions(count: u64) -> Vec<(TicTacToe, [u8; 9], u8)> {
    let mut out = vec![(TicTacToe::start(), [0u8; 9], 1u8)];
    for seed in 0..count {
        let mut rng = Rng::new(seed);
        let mut pos = TicTacToe::start();
        let mut cells = [0u8; 9];
        let mut to_move = 1u8;
        let plies = 1 + rng.below(5);
        for _ in 0..plies {
            let moves = pos.legal_moves();
            let Some(&mv) = rng.choose(&moves) else { break };
            pos.play_unchecked(mv);
            cells[usize::from(mv)] = to_move;
            to_move = 3 - to_move;
        }
        if pos.outcome().is_none() {
            out.push((pos, cells, to_move));
        }
    }
    out
}

fn engine<G: Game, E: Evaluator<G>>(eval: E, tt_megabytes: usize) -> AlphaBeta<G, E> {
    AlphaBeta::new(
        eval,
        AlphaBetaConfig::default().with_tt_megabytes(tt_megabytes),
    )
    .expect("a two-player game")
}

fn search<G: Game, E: Evaluator<G>>(
    engine: &mut AlphaBeta<G, E>,
    record: &GameRecord<G>,
    limits: Limits,
) -> (game_core::SearchResult<G::Move>, Vec<SearchInfo<G::Move>>) {
    let mut reports = Vec::new();
    let result = engine.search(record, &limits, &StopFlag::new(), &mut |info| {
        reports.push(info.clone())
    });
    (result, reports)
}

#[test]
fn full_depth_gives_the_game_theoretic_value() {
    for (pos, cells, to_move) in random_positions(60) {
        let mut ab = engine(Zero, 1);
        let (result, _) = search(&mut ab, &GameRecord::new(pos), Limits::depth(9));
        assert_eq!(
            result.info.score,
            Some(minimax_score(&cells, to_move)),
            "position {pos}"
        );
    }
    // The start is a draw.
    let mut ab = engine(Zero, 1);
    let (result, _) = search(
        &mut ab,
        &GameRecord::new(TicTacToe::start()),
        Limits::depth(9),
    );
    assert_eq!(result.info.score, Some(Score::Centi(0)));
}

#[test]
fn finds_the_forced_win() {
    // X on a3 and c3, O on b2 and a1, X to move: b3 wins at once; the search must take it.
    let pos: TicTacToe = "x.x/.o./o.. x".parse().expect("position");
    let mut ab = engine(Zero, 1);
    let (result, _) = search(&mut ab, &GameRecord::new(pos), Limits::depth(9));
    assert_eq!(result.info.score, Some(Score::WinIn(1)));
    assert_eq!(
        result.best_move.map(|m| pos.move_text(m)).as_deref(),
        Some("b3")
    );
    // X on a3 and b3, O on b2, O to move: only c3 does not lose.
    let pos: TicTacToe = "xx./.o./... o".parse().expect("position");
    let (result, _) = search(
        &mut engine(Zero, 1),
        &GameRecord::new(pos),
        Limits::depth(9),
    );
    assert_eq!(
        result.best_move.map(|m| pos.move_text(m)).as_deref(),
        Some("c3")
    );
}

#[test]
fn never_loses_to_random_play() {
    for seed in 0..20u64 {
        let mut rng = Rng::new(seed);
        let mut ab = engine(Zero, 1);
        let engine_seat = seed % 2;
        let mut record = GameRecord::new(TicTacToe::start());
        let mut ply = 0u64;
        while record.outcome().is_none() {
            let mv = if ply % 2 == engine_seat {
                ab.choose_move(&record, &Limits::depth(9)).expect("a move")
            } else {
                *rng.choose(&record.legal_moves()).expect("a move")
            };
            record.play(mv).expect("legal");
            ply += 1;
        }
        let engine_player = TicTacToe::PLAYERS[engine_seat as usize];
        if let Some(Outcome::Winner { player, .. }) = record.outcome() {
            assert_eq!(
                player,
                engine_player,
                "seed {seed}: {:?}",
                record.move_texts()
            );
        }
    }
}

#[test]
fn principal_variation_is_a_legal_line() {
    for (pos, _, _) in random_positions(20) {
        for depth in [2, 4, 9] {
            let mut ab = engine(Placement, 1);
            let (result, reports) = search(&mut ab, &GameRecord::new(pos), Limits::depth(depth));
            assert!(!result.info.pv.is_empty());
            assert_eq!(result.best_move, result.info.pv.first().copied());
            for info in &reports {
                let mut line = pos;
                for &mv in &info.pv {
                    line.play(mv).expect("pv move is legal");
                }
            }
        }
    }
}

#[test]
fn fixed_depth_values_match_minimax_with_and_without_the_table() {
    let no_extension = |tt| {
        AlphaBeta::new(
            Placement,
            AlphaBetaConfig::default()
                .with_tt_megabytes(tt)
                .with_max_extensions(0),
        )
        .expect("two players")
    };
    for (pos, _, _) in random_positions(25) {
        for depth in 1..=5 {
            let expected = as_score(fixed_depth(&pos, depth, 0, &mut text_heuristic));
            let record = GameRecord::new(pos);
            let (with_tt, _) = search(&mut no_extension(4), &record, Limits::depth(depth));
            let (without, _) = search(&mut no_extension(0), &record, Limits::depth(depth));
            assert_eq!(with_tt.info.score, Some(expected), "{pos} depth {depth}");
            assert_eq!(without.info.score, Some(expected), "{pos} depth {depth}");
        }
    }
}

#[test]
fn deterministic() {
    let record = GameRecord::new(TicTacToe::start());
    let run = || {
        let mut ab = engine(Placement, 2);
        let (result, reports) = search(&mut ab, &record, Limits::depth(6));
        let strip = |i: &SearchInfo<u8>| (i.depth, i.nodes, i.score, i.pv.clone());
        (
            result.best_move,
            strip(&result.info),
            reports.iter().map(strip).collect::<Vec<_>>(),
        )
    };
    assert_eq!(run(), run());
}

#[test]
fn reports_every_completed_depth_within_the_depth_limit() {
    let mut ab = engine(Placement, 1);
    let (result, reports) = search(
        &mut ab,
        &GameRecord::new(TicTacToe::start()),
        Limits::depth(4),
    );
    let depths: Vec<u32> = reports.iter().map(|i| i.depth).collect();
    assert_eq!(depths, [1, 2, 3, 4]);
    assert!(reports.windows(2).all(|w| w[0].nodes < w[1].nodes));
    assert_eq!(result.info.depth, 4);
}

/// The ring walk without history draws and without a table is an endless binary tree: a
/// search there only ends by its limits.
fn endless_ring() -> (AlphaBeta<Ring, Zero>, GameRecord<Ring>) {
    (
        engine(Zero, 0),
        GameRecord::with_rules(Ring::start(), DrawRules::NONE),
    )
}

#[test]
fn node_limit_is_respected() {
    let (mut ab, record) = endless_ring();
    for limit in [1, 10, 1_000, 5_000] {
        let (result, _) = search(&mut ab, &record, Limits::nodes(limit));
        assert!(
            result.info.nodes <= limit,
            "{} > {limit}",
            result.info.nodes
        );
        assert!(result.best_move.is_some());
    }
}

#[test]
fn time_limit_and_stop_flag_are_respected() {
    let (mut ab, record) = endless_ring();
    let started = Instant::now();
    let (result, _) = search(&mut ab, &record, Limits::time(Duration::from_millis(30)));
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(result.best_move.is_some());
    assert!(result.info.depth >= 1);

    let stop = StopFlag::new();
    let raiser = stop.clone();
    let thread = std::thread::spawn(move || {
        std::thread::sleep(Duration::from_millis(30));
        raiser.stop();
    });
    let started = Instant::now();
    let result = ab.search(&record, &Limits::INFINITE, &stop, &mut |_| {});
    thread.join().expect("thread");
    assert!(started.elapsed() < Duration::from_secs(2));
    assert!(result.best_move.is_some());
}

/// An evaluation of the ring walk: the same value for whoever is to move.
struct Constant(i32);
impl Evaluator<Ring> for Constant {
    fn evaluate(&mut self, _pos: &Ring) -> i32 {
        self.0
    }
}

fn ring_record(moves: &[&str]) -> GameRecord<Ring> {
    let mut record = GameRecord::new(Ring::start());
    for m in moves {
        record.play_text(m).expect("legal");
    }
    record
}

#[test]
fn a_repeated_position_is_a_draw() {
    // 0a, on → 1b, back → 0a. A to move: `on` returns to 1b (seen), `back` goes to 3b (new).
    let record = ring_record(&["on", "back"]);
    let on = 1i8;
    let back = -1i8;
    // Every horizon position is bad (-500) for its player to move, so good for A: A avoids
    // the repetition, which would only draw.
    let (result, _) = search(&mut engine(Constant(-500), 1), &record, Limits::depth(1));
    assert_eq!(result.best_move, Some(back));
    assert_eq!(result.info.score, Some(Score::Centi(500)));
    // Every horizon position good (+500) for its player to move, so bad for A: A repeats.
    let (result, _) = search(&mut engine(Constant(500), 1), &record, Limits::depth(1));
    assert_eq!(result.best_move, Some(on));
    assert_eq!(result.info.score, Some(Score::Centi(0)));
    // Without the history both moves are new and worth the same.
    let (result, _) = search(
        &mut engine(Constant(500), 1),
        &ring_record(&[]),
        Limits::depth(1),
    );
    assert_eq!(result.info.score, Some(Score::Centi(-500)));
}

/// The ring walk searched naively (the search's table is off here: stored values forget the
/// path, see the module docs), by the module's documented rule: a position met a second
/// time since the last progress move (in the record or on the path) is a draw (0); the
/// no-progress rule of `rules` draws too.
fn naive_ring(
    path: &mut Vec<(Ring, u32)>,
    depth: u32,
    value: i32,
    rules: &DrawRules,
    root: bool,
) -> i32 {
    let &(pos, no_progress) = path.last().expect("a position");
    if !root {
        if rules.no_progress_plies.is_some_and(|n| no_progress >= n) {
            return 0;
        }
        let window = no_progress as usize;
        let earlier = &path[..path.len() - 1];
        let start = earlier.len().saturating_sub(window);
        if earlier[start..].iter().any(|&(p, _)| p == pos) {
            return 0;
        }
    }
    if depth == 0 {
        return value;
    }
    let mut best = i32::MIN;
    for mv in pos.legal_moves() {
        let mut child = pos;
        child.play_unchecked(mv);
        let np = if pos.is_progress_move(mv) {
            0
        } else {
            no_progress + 1
        };
        path.push((child, np));
        best = best.max(-naive_ring(path, depth - 1, value, rules, false));
        path.pop();
    }
    best
}

#[test]
fn repetition_values_match_a_naive_search() {
    let histories: [&[&str]; 4] = [&[], &["on"], &["on", "on", "on"], &["on", "back", "back"]];
    for rules in [
        DrawRules::THREEFOLD,
        DrawRules::THREEFOLD.with_no_progress_plies(Some(3)),
    ] {
        for history in histories {
            let mut record = GameRecord::with_rules(Ring::start(), rules);
            let mut path = vec![(Ring::start(), 0u32)];
            for m in history {
                let mv = record.current().parse_move(m).expect("move");
                let before = *record.current();
                record.play(mv).expect("legal");
                let np = if before.is_progress_move(mv) {
                    0
                } else {
                    path.last().expect("p").1 + 1
                };
                path.push((*record.current(), np));
            }
            if record.outcome().is_some() {
                continue; // the record's own rule ended the game: nothing to search
            }
            for value in [-70, 70] {
                for depth in 1..=9 {
                    let expected = naive_ring(&mut path.clone(), depth, value, &rules, true);
                    let mut ab = AlphaBeta::new(
                        Constant(value),
                        AlphaBetaConfig::default()
                            .with_max_extensions(0)
                            .with_tt_megabytes(0),
                    )
                    .expect("two players");
                    let (result, _) = search(&mut ab, &record, Limits::depth(depth));
                    assert_eq!(
                        result.info.score,
                        Some(Score::Centi(expected)),
                        "history {history:?} value {value} depth {depth} rules {rules:?}"
                    );
                }
            }
        }
    }
}

#[test]
fn a_finished_record_has_no_move() {
    let mut record = GameRecord::new(TicTacToe::start());
    for m in ["a1", "a2", "b1", "b2", "c1"] {
        record.play_text(m).expect("legal");
    }
    let (result, reports) = search(&mut engine(Zero, 1), &record, Limits::depth(3));
    assert_eq!(result.best_move, None);
    assert!(reports.is_empty());
    // The ring walk after a threefold repetition, likewise.
    let record = ring_record(&["on", "back", "on", "back"]);
    assert!(record.outcome().is_some());
    assert_eq!(
        search(&mut engine(Zero, 1), &record, Limits::depth(3))
            .0
            .best_move,
        None
    );
    let _ = Walker::A;
}

/// A three-player walk: the search must refuse it.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Trio(u8);

impl std::fmt::Display for Trio {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)
    }
}

impl std::str::FromStr for Trio {
    type Err = ParsePositionError;
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        s.parse()
            .map(Trio)
            .map_err(|_| ParsePositionError::malformed(0, "a number"))
    }
}

/// A player of [`Trio`]: its index in the order of play.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Third(u8);

impl std::fmt::Display for Third {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "p{}", self.0 + 1)
    }
}

impl game_core::PlayerIndex for Third {
    fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl Game for Trio {
    type Move = u8;
    type Player = Third;
    type Reason = core::convert::Infallible;
    const NAME: &'static str = "trio";
    const PLAYERS: &'static [Third] = &[Third(0), Third(1), Third(2)];
    fn start() -> Self {
        Trio(0)
    }
    fn to_move(&self) -> Third {
        Third(self.0 % 3)
    }
    fn legal_moves_into<B: MoveBuffer<u8>>(&self, moves: &mut B) {
        moves.clear();
        moves.push(1);
    }
    fn play_unchecked(&mut self, _mv: u8) {
        self.0 = (self.0 + 1) % 3;
    }
    fn outcome(&self) -> Option<game_core::OutcomeOf<Self>> {
        None
    }
    fn hash_key(&self) -> u64 {
        u64::from(self.0)
    }
    fn parse_move(&self, text: &str) -> Result<u8, ParseMoveError> {
        Err(ParseMoveError::malformed(text, "no text"))
    }
    fn move_text(&self, _mv: u8) -> String {
        "step".into()
    }
}

#[test]
fn three_players_are_refused() {
    let err = AlphaBeta::<Trio, Zero>::new(Zero, AlphaBetaConfig::default()).expect_err("three");
    assert_eq!(
        err,
        AlphaBetaError::NotTwoPlayers {
            game: "trio",
            players: 3
        }
    );
}

/// An evaluator that counts its calls (and values every position at 0).
struct Counting(u64);
impl Evaluator<TicTacToe> for Counting {
    fn evaluate(&mut self, _pos: &TicTacToe) -> i32 {
        self.0 += 1;
        0
    }
}

#[test]
fn an_iteration_limit_counts_the_leaves_valued() {
    // A leaf is a horizon evaluation or a finished game; the evaluator sees only the first
    // kind, so it is called at most as often as the limit says, and the search stops long
    // before the full depth of tic-tac-toe.
    for limit in [1_u64, 30, 200] {
        let mut ab = engine(Counting(0), 1);
        let record = GameRecord::new(TicTacToe::start());
        let (result, _) = search(&mut ab, &record, Limits::iterations(limit));
        let calls = ab.evaluator().0;
        assert!(
            calls >= 1 && calls <= limit,
            "{calls} evaluations for {limit}"
        );
        assert!(result.info.depth < 9, "depth {}", result.info.depth);
        assert!(TicTacToe::start().is_legal(result.best_move.expect("a move")));
        assert!(
            result.root_distribution.is_empty(),
            "alpha-beta ranks no other move"
        );
    }
    // Depth 1 values the nine replies: nine leaves complete it.
    let mut ab = engine(Counting(0), 1);
    let (result, _) = search(
        &mut ab,
        &GameRecord::new(TicTacToe::start()),
        Limits::iterations(9),
    );
    assert_eq!(result.info.depth, 1);
}
