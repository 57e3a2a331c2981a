//! Perft and move lists checked against a deliberately naive second generator, written here
//! straight from the rules page (restated in the crate's `RULES.md`): a plain 2D array
//! board indexed by (rank, file), a recursive search over jumps, no bitboards, no code shared
//! with the engine. Hand counts: perft(1) of the 10x10 start is 9 (the five front men b4, d4,
//! f4, h4, j4 have two diagonal steps each except j4 on the edge), of the 8x8 start 7.

use std::collections::BTreeMap;

use swedish_draughts::game_core::Rng;
use swedish_draughts::{BoardSize, Game, Move, ParseMoveError, Position};

// ---------------------------------------------------------------------------------------------
// The naive generator.

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
enum Cell {
    Empty,
    Piece { white: bool, dame: bool },
}

#[derive(Clone, Debug)]
struct Naive {
    /// Board side: 10 or 8.
    n: i32,
    /// `cells[rank][file]`, rank 0 = rank 1 (White's side), file 0 = a.
    cells: [[Cell; 10]; 10],
    white_to_move: bool,
}

/// A move of the naive generator: start, end, sorted captured squares, and every route
/// (the landing squares) that makes it.
#[derive(Clone, Debug)]
struct NaiveMove {
    from: u32,
    to: u32,
    captured: Vec<u32>,
    routes: Vec<Vec<u32>>,
}

/// The rules page numbering: square 1 on the top rank (Black's side), left to right, the
/// top rank's dark squares starting on file b.
fn coord_of(n: i32, square: u32) -> (i32, i32) {
    let half = n / 2;
    let index = square as i32 - 1;
    let row_from_top = index / half;
    let k = index % half;
    let rank = n - 1 - row_from_top;
    let file = if row_from_top % 2 == 0 {
        2 * k + 1
    } else {
        2 * k
    };
    (rank, file)
}

fn square_of(n: i32, rank: i32, file: i32) -> u32 {
    let row_from_top = n - 1 - rank;
    (row_from_top * (n / 2) + file / 2 + 1) as u32
}

impl Naive {
    fn parse(text: &str, n: i32) -> Naive {
        let mut board = Naive {
            n,
            cells: [[Cell::Empty; 10]; 10],
            white_to_move: true,
        };
        let fields: Vec<&str> = text.split(':').collect();
        board.white_to_move = fields[0] == "W";
        for field in &fields[1..] {
            let white = field.starts_with('W');
            if field.len() == 1 {
                continue;
            }
            for item in field[1..].split(',') {
                let (dame, body) = match item.strip_prefix('K') {
                    Some(rest) => (true, rest),
                    None => (false, item),
                };
                let (a, b) = match body.split_once('-') {
                    Some((a, b)) => (a.parse::<u32>().unwrap(), b.parse::<u32>().unwrap()),
                    None => (body.parse().unwrap(), body.parse().unwrap()),
                };
                for s in a..=b {
                    let (r, f) = coord_of(n, s);
                    board.cells[r as usize][f as usize] = Cell::Piece { white, dame };
                }
            }
        }
        board
    }

    fn fen(&self) -> String {
        let mut out = String::from(if self.white_to_move { "W" } else { "B" });
        for white in [true, false] {
            out.push(':');
            out.push(if white { 'W' } else { 'B' });
            let mut items = Vec::new();
            for s in 1..=(self.n * self.n / 2) as u32 {
                let (r, f) = coord_of(self.n, s);
                if let Cell::Piece { white: w, dame } = self.cells[r as usize][f as usize] {
                    if w == white {
                        items.push(format!("{}{s}", if dame { "K" } else { "" }));
                    }
                }
            }
            out.push_str(&items.join(","));
        }
        out
    }

    fn on_board(&self, r: i32, f: i32) -> bool {
        r >= 0 && r < self.n && f >= 0 && f < self.n
    }

    fn cell(&self, r: i32, f: i32) -> Cell {
        self.cells[r as usize][f as usize]
    }

    /// Recursive jump search. `start`: where the piece began (it counts as empty); captured
    /// pieces stay on the board (they block) and may not be jumped twice.
    #[allow(clippy::too_many_arguments)]
    fn jumps(
        &self,
        white: bool,
        dame: bool,
        start: (i32, i32),
        at: (i32, i32),
        captured: &mut Vec<(i32, i32)>,
        route: &mut Vec<(i32, i32)>,
        may_end_here: bool,
        out: &mut Vec<NaiveMove>,
    ) {
        let empty = |r: i32, f: i32| {
            self.on_board(r, f) && ((r, f) == start || self.cell(r, f) == Cell::Empty)
        };
        let enemy = |r: i32, f: i32, captured: &Vec<(i32, i32)>| {
            self.on_board(r, f)
                && matches!(self.cell(r, f), Cell::Piece { white: w, .. } if w != white)
                && !captured.contains(&(r, f))
                && (r, f) != start
        };
        let mut jumped = false;
        if !dame {
            // A man: first jump diagonally forward; later also orthogonally forward (victim two
            // ranks ahead, landing four ahead) or sideways (two files / four files); never back.
            let fwd = if white { 1 } else { -1 };
            let mut dirs = vec![(fwd, -1), (fwd, 1)];
            if !captured.is_empty() {
                dirs.extend([(2 * fwd, 0), (0, -2), (0, 2)]);
            }
            for (dr, df) in dirs {
                let victim = (at.0 + dr, at.1 + df);
                let land = (at.0 + 2 * dr, at.1 + 2 * df);
                if enemy(victim.0, victim.1, captured) && empty(land.0, land.1) {
                    jumped = true;
                    captured.push(victim);
                    route.push(land);
                    self.jumps(white, dame, start, land, captured, route, true, out);
                    route.pop();
                    captured.pop();
                }
            }
        } else {
            // A dame: flies over empty squares to one enemy piece and lands on any empty square
            // behind it; the first jump is diagonal, later ones diagonal or orthogonal; the last
            // jump must land directly behind its victim.
            let mut dirs = vec![(1, 1), (1, -1), (-1, 1), (-1, -1)];
            if !captured.is_empty() {
                dirs.extend([(2, 0), (-2, 0), (0, 2), (0, -2)]);
            }
            for (dr, df) in dirs {
                let mut p = (at.0 + dr, at.1 + df);
                while empty(p.0, p.1) {
                    p = (p.0 + dr, p.1 + df);
                }
                if !enemy(p.0, p.1, captured) {
                    continue;
                }
                let victim = p;
                let mut land = (victim.0 + dr, victim.1 + df);
                let mut directly_behind = true;
                while empty(land.0, land.1) {
                    jumped = true;
                    captured.push(victim);
                    route.push(land);
                    self.jumps(
                        white,
                        dame,
                        start,
                        land,
                        captured,
                        route,
                        directly_behind,
                        out,
                    );
                    route.pop();
                    captured.pop();
                    directly_behind = false;
                    land = (land.0 + dr, land.1 + df);
                }
            }
        }
        if !jumped && !captured.is_empty() && may_end_here {
            let mut caps: Vec<u32> = captured
                .iter()
                .map(|&(r, f)| square_of(self.n, r, f))
                .collect();
            caps.sort_unstable();
            out.push(NaiveMove {
                from: square_of(self.n, start.0, start.1),
                to: square_of(self.n, at.0, at.1),
                captured: caps,
                routes: vec![route
                    .iter()
                    .map(|&(r, f)| square_of(self.n, r, f))
                    .collect()],
            });
        }
    }

    fn moves(&self) -> Vec<NaiveMove> {
        let white = self.white_to_move;
        let mut sequences = Vec::new();
        let mut quiet = Vec::new();
        for r in 0..self.n {
            for f in 0..self.n {
                let Cell::Piece { white: w, dame } = self.cell(r, f) else {
                    continue;
                };
                if w != white {
                    continue;
                }
                self.jumps(
                    white,
                    dame,
                    (r, f),
                    (r, f),
                    &mut Vec::new(),
                    &mut Vec::new(),
                    false,
                    &mut sequences,
                );
                let fwd = if white { 1 } else { -1 };
                let dirs: Vec<(i32, i32)> = if dame {
                    vec![(1, 1), (1, -1), (-1, 1), (-1, -1)]
                } else {
                    vec![(fwd, 1), (fwd, -1)]
                };
                for (dr, df) in dirs {
                    let mut p = (r + dr, f + df);
                    while self.on_board(p.0, p.1) && self.cell(p.0, p.1) == Cell::Empty {
                        quiet.push(NaiveMove {
                            from: square_of(self.n, r, f),
                            to: square_of(self.n, p.0, p.1),
                            captured: Vec::new(),
                            routes: vec![vec![square_of(self.n, p.0, p.1)]],
                        });
                        if !dame {
                            break;
                        }
                        p = (p.0 + dr, p.1 + df);
                    }
                }
            }
        }
        if sequences.is_empty() {
            return quiet;
        }
        // Maximum capture over all pieces; equal (start, end, captured set) merged.
        let best = sequences.iter().map(|m| m.captured.len()).max().unwrap();
        let mut merged: BTreeMap<(u32, u32, Vec<u32>), NaiveMove> = BTreeMap::new();
        for m in sequences.into_iter().filter(|m| m.captured.len() == best) {
            merged
                .entry((m.from, m.to, m.captured.clone()))
                .and_modify(|e| e.routes.extend(m.routes.clone()))
                .or_insert(m);
        }
        merged.into_values().collect()
    }

    fn play(&self, m: &NaiveMove) -> Naive {
        let mut next = self.clone();
        let (fr, ff) = coord_of(self.n, m.from);
        let piece = self.cell(fr, ff);
        next.cells[fr as usize][ff as usize] = Cell::Empty;
        for &c in &m.captured {
            let (r, f) = coord_of(self.n, c);
            next.cells[r as usize][f as usize] = Cell::Empty;
        }
        let (tr, tf) = coord_of(self.n, m.to);
        let Cell::Piece { white, dame } = piece else {
            panic!("no piece on {}", m.from)
        };
        let far = if white { self.n - 1 } else { 0 };
        next.cells[tr as usize][tf as usize] = Cell::Piece {
            white,
            dame: dame || tr == far,
        };
        next.white_to_move = !self.white_to_move;
        next
    }

    fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|m| self.play(m).perft(depth - 1)).sum()
    }

    /// The text the rules page asks for: the full chain (smallest route) only when another
    /// legal capture shares start and end.
    fn text(&self, m: &NaiveMove, all: &[NaiveMove]) -> String {
        if m.captured.is_empty() {
            return format!("{}-{}", m.from, m.to);
        }
        let shared = all
            .iter()
            .any(|o| o.from == m.from && o.to == m.to && o.captured != m.captured);
        if shared {
            let route = m.routes.iter().min().unwrap();
            let mut parts = vec![m.from.to_string()];
            parts.extend(route.iter().map(|s| s.to_string()));
            parts.join("x")
        } else {
            format!("{}x{}", m.from, m.to)
        }
    }
}

// ---------------------------------------------------------------------------------------------
// Comparing the engine with it.

fn key_of_engine(m: &Move) -> (u32, u32, Vec<u32>) {
    (
        u32::from(m.from().number()),
        u32::from(m.to().number()),
        m.captured_squares()
            .map(|s| u32::from(s.number()))
            .collect(),
    )
}

fn engine_position(text: &str, n: i32) -> Position {
    Position::parse_position(text, Some(BoardSize::Side(n as u32))).unwrap()
}

/// Compares the move lists, the move texts and the positions after each move.
fn compare_here(pos: &Position, naive: &Naive) {
    assert_eq!(pos.to_string(), naive.fen(), "the two boards differ");
    let engine_moves = pos.legal_moves();
    let naive_moves = naive.moves();
    let mut engine_keys: Vec<_> = engine_moves.iter().map(key_of_engine).collect();
    engine_keys.sort();
    let mut naive_keys: Vec<_> = naive_moves
        .iter()
        .map(|m| (m.from, m.to, m.captured.clone()))
        .collect();
    naive_keys.sort();
    assert_eq!(engine_keys, naive_keys, "move lists differ in {pos}");
    for mv in &engine_moves {
        let key = key_of_engine(mv);
        let nm = naive_moves
            .iter()
            .find(|m| (m.from, m.to, m.captured.clone()) == key)
            .unwrap();
        let text = naive.text(nm, &naive_moves);
        assert_eq!(pos.move_text(*mv), text, "move text in {pos}");
        assert_eq!(pos.parse_move(&text), Ok(*mv), "parsing {text} in {pos}");
        if text.matches('x').count() > 1 {
            // The short form is ambiguous: the error lists every full chain.
            let short = format!("{}x{}", nm.from, nm.to);
            match pos.parse_move(&short) {
                Err(ParseMoveError::Ambiguous { candidates, .. }) => {
                    assert!(
                        candidates.contains(&text),
                        "{short} in {pos}: {candidates:?}"
                    )
                }
                other => panic!("{short} in {pos}: expected ambiguity, got {other:?}"),
            }
        }
        // Any route of the move parses to it.
        for route in &nm.routes {
            let mut parts = vec![nm.from.to_string()];
            parts.extend(route.iter().map(|s| s.to_string()));
            let sep = if nm.captured.is_empty() { "-" } else { "x" };
            let chain = parts.join(sep);
            assert_eq!(pos.parse_move(&chain), Ok(*mv), "route {chain} in {pos}");
        }
        let mut after = *pos;
        after.play(*mv).unwrap();
        assert_eq!(
            after.to_string(),
            naive.play(nm).fen(),
            "after {text} in {pos}"
        );
    }
}

fn engine_perft(pos: &Position, depth: u32) -> u64 {
    swedish_draughts::game_core::perft(pos, depth).unwrap()
}

#[test]
fn start_positions_by_hand() {
    assert_eq!(engine_perft(&Position::start(), 1), 9);
    assert_eq!(
        engine_perft(
            &Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board"),
            1
        ),
        7
    );
    assert_eq!(Naive::parse(&Position::start().to_string(), 10).perft(1), 9);
    assert_eq!(
        Naive::parse(
            &Position::start_with_size(BoardSize::Side(8))
                .expect("an 8x8 board")
                .to_string(),
            8
        )
        .perft(1),
        7
    );
}

#[test]
fn start_positions_against_naive() {
    for (pos, n, depth) in [
        (Position::start(), 10, 5),
        (
            Position::start_with_size(BoardSize::Side(8)).expect("an 8x8 board"),
            8,
            6,
        ),
    ] {
        let naive = Naive::parse(&pos.to_string(), n);
        for d in 1..=depth {
            assert_eq!(
                engine_perft(&pos, d),
                naive.perft(d),
                "{n}x{n} start perft {d}"
            );
        }
    }
}

/// Hand-built positions, each showing one capture rule (the unit tests in `movegen.rs` state
/// their exact moves by hand; here the whole tree is compared with the naive generator).
const RULE_POSITIONS: &[(&str, i32, &str)] = &[
    ("W:W33:B23", 10, "no immediate orthogonal capture by a man"),
    (
        "W:W33:B14,23,28",
        10,
        "deferred orthogonal capture by a man (sideways, then forward)",
    ),
    (
        "W:W34:B22,29",
        10,
        "a man captures westward later in a sequence",
    ),
    ("W:W33:B27,28,32", 10, "a man never captures backwards"),
    (
        "W:W13:B3,8,10",
        10,
        "a man on the far rank mid-sequence stays a man",
    ),
    (
        "W:WK28:B18",
        10,
        "no immediate orthogonal capture by a dame",
    ),
    ("W:WK28:B18,23", 10, "deferred orthogonal capture by a dame"),
    (
        "W:WK46:B37",
        10,
        "halt rule: the last jump lands directly behind",
    ),
    (
        "W:WK46:B18,37",
        10,
        "an intermediate jump may land far behind",
    ),
    ("W:WK28:B23,37", 10, "captured pieces stay and block"),
    (
        "W:WK28:B18,22,23",
        10,
        "the start square counts as empty; two routes, one move",
    ),
    (
        "W:W33,50:B14,23,28,44",
        10,
        "maximum capture over all pieces",
    ),
    ("W:W33,50:B23,28,K44", 10, "men and dames count the same"),
    (
        "W:W33:B18,19,28,29",
        10,
        "two captures share start and end: full chains",
    ),
    ("B:W22,K30:B5,K15", 8, "8x8: dames on the small board"),
    (
        "B:W15,19,22,23,26,28,31:B1,4,5,6,7,8,9,11,K21",
        8,
        "the rules page's 8x8 example",
    ),
    (
        "W:W21,22,23,24:B13,14,15,16,17,18",
        8,
        "8x8: men in contact",
    ),
];

#[test]
fn rule_positions_against_naive() {
    for &(text, n, what) in RULE_POSITIONS {
        let pos = engine_position(text, n);
        let naive = Naive::parse(text, n);
        compare_here(&pos, &naive);
        for d in 1..=3 {
            assert_eq!(
                engine_perft(&pos, d),
                naive.perft(d),
                "{what}: {text} perft {d}"
            );
        }
    }
}

/// Random games from the starts: every position's moves, texts and successors compared.
#[test]
fn random_games_against_naive() {
    let mut rng = Rng::new(0xD4A6);
    // `SWEDISH_DRAUGHTS_RANDOM_GAMES=10000` for a long release run.
    let games = std::env::var("SWEDISH_DRAUGHTS_RANDOM_GAMES")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(24);
    for game in 0..games {
        let n = if game % 2 == 0 { 10 } else { 8 };
        let mut pos = Position::start_with_size(BoardSize::Side(n as u32)).unwrap();
        let mut naive = Naive::parse(&pos.to_string(), n);
        for _ in 0..200 {
            compare_here(&pos, &naive);
            let moves = pos.legal_moves();
            let Some(&mv) = rng.choose(&moves) else { break };
            let key = key_of_engine(&mv);
            let nm = naive
                .moves()
                .into_iter()
                .find(|m| (m.from, m.to, m.captured.clone()) == key)
                .unwrap();
            pos.play(mv).unwrap();
            naive = naive.play(&nm);
        }
    }
}

/// Random sparse positions with many dames (random play rarely makes them): moves compared,
/// and perft 3 from each.
#[test]
fn random_positions_against_naive() {
    let mut rng = Rng::new(0x005E_ED0D);
    // `SWEDISH_DRAUGHTS_RANDOM_POSITIONS=100000` for a long release run.
    let count = std::env::var("SWEDISH_DRAUGHTS_RANDOM_POSITIONS")
        .ok()
        .and_then(|v| v.parse().ok())
        .unwrap_or(300);
    for i in 0..count {
        let n: i32 = if i % 3 == 0 { 8 } else { 10 };
        let squares = (n * n / 2) as u32;
        let mut taken = vec![false; squares as usize + 1];
        let mut lists = [Vec::new(), Vec::new()];
        for (side, list) in lists.iter_mut().enumerate() {
            let count = 1 + rng.below(if i % 2 == 0 { 8 } else { 16 });
            // The rules page allows at most a side's start: 12 pieces on 8x8.
            let full = if n == 8 { 12 } else { 20 };
            for _ in 0..count {
                if list.len() == full {
                    break;
                }
                let s = 1 + rng.below(squares as usize) as u32;
                if taken[s as usize] {
                    continue;
                }
                let (rank, _) = coord_of(n, s);
                let far = if side == 0 { n - 1 } else { 0 };
                let dame = rank == far || rng.below(2) == 0;
                taken[s as usize] = true;
                list.push(format!("{}{s}", if dame { "K" } else { "" }));
            }
        }
        let side = if rng.below(2) == 0 { "W" } else { "B" };
        let text = format!("{side}:W{}:B{}", lists[0].join(","), lists[1].join(","));
        let pos = engine_position(&text, n);
        let naive = Naive::parse(&text, n);
        compare_here(&pos, &naive);
        assert_eq!(engine_perft(&pos, 3), naive.perft(3), "perft 3 of {text}");
    }
}

/// Prints the naive generator's perft counts for the data files (run with `--ignored
/// --nocapture`); `tests/data/*.perft` hold its output.
#[test]
#[ignore]
fn print_naive_counts() {
    for (text, n, depth) in [
        (Position::start().to_string(), 10, 8),
        (
            Position::start_with_size(BoardSize::Side(8))
                .expect("an 8x8 board")
                .to_string(),
            8,
            9,
        ),
    ] {
        let naive = Naive::parse(&text, n);
        for d in 1..=depth {
            println!("{n} {text} perft {d}: {}", naive.perft(d));
        }
    }
    for &(text, n, _) in RULE_POSITIONS {
        let naive = Naive::parse(text, n);
        for d in 1..=5 {
            println!("{n} {text} perft {d}: {}", naive.perft(d));
        }
    }
}
