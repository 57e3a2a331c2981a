//! Perft counts derived independently of the engine: by hand for the first plies, and from a
//! deliberately naive second move generator written here (an array of nine cells, adjacency
//! and lines written out by hand from the rules page, no bitboards, no code shared with the
//! engine), compared with the engine on many positions.

// Plain index loops are the point of the naive generator.
#![allow(clippy::needless_range_loop)]

use kvarn3::game_core::{perft, Rng};
use kvarn3::{Game, Position};

// ---------------------------------------------------------------------------------------------
// The naive generator.
// ---------------------------------------------------------------------------------------------

const EMPTY: u8 = 0;
const WHITE: u8 = 1;
const BLACK: u8 = 2;

/// Cell order: a1 b1 c1 a2 b2 c2 a3 b3 c3.
const NAMES: [&str; 9] = ["a1", "b1", "c1", "a2", "b2", "c2", "a3", "b3", "c3"];

/// Written out from the rules page: rows, columns, both long diagonals.
const NAIVE_LINES: [[usize; 3]; 8] = [
    [0, 1, 2],
    [3, 4, 5],
    [6, 7, 8],
    [0, 3, 6],
    [1, 4, 7],
    [2, 5, 8],
    [0, 4, 8],
    [2, 4, 6],
];

/// Written out from the rules page: the centre touches all; a corner its two edge neighbours
/// and the centre; an edge midpoint its two corners and the centre.
fn naive_neighbours(cell: usize) -> &'static [usize] {
    match cell {
        0 => &[1, 3, 4],                // a1: b1 a2 b2
        1 => &[0, 2, 4],                // b1: a1 c1 b2
        2 => &[1, 5, 4],                // c1: b1 c2 b2
        3 => &[0, 6, 4],                // a2: a1 a3 b2
        4 => &[0, 1, 2, 3, 5, 6, 7, 8], // b2: everything else
        5 => &[2, 8, 4],                // c2: c1 c3 b2
        6 => &[3, 7, 4],                // a3: a2 b3 b2
        7 => &[6, 8, 4],                // b3: a3 c3 b2
        8 => &[7, 5, 4],                // c3: b3 c2 b2
        _ => &[],
    }
}

#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Naive {
    cells: [u8; 9],
    to_move: u8,
}

impl Naive {
    fn start() -> Naive {
        Naive {
            cells: [EMPTY; 9],
            to_move: WHITE,
        }
    }

    /// Reads the position string with plain string handling (no validation beyond the shape).
    fn from_text(text: &str) -> Naive {
        let (board, side) = text.split_once(' ').expect("board and side");
        let ranks: Vec<&str> = board.split('/').collect();
        assert_eq!(ranks.len(), 3);
        let mut cells = [EMPTY; 9];
        for (row, rank) in ranks.iter().enumerate() {
            let rank_index = 2 - row; // the first rank written is rank 3
            for (file, c) in rank.chars().enumerate() {
                cells[rank_index * 3 + file] = match c {
                    'W' => WHITE,
                    'B' => BLACK,
                    '.' => EMPTY,
                    other => panic!("bad cell {other}"),
                };
            }
        }
        let to_move = if side == "w" { WHITE } else { BLACK };
        Naive { cells, to_move }
    }

    fn other(color: u8) -> u8 {
        if color == WHITE {
            BLACK
        } else {
            WHITE
        }
    }

    fn has_line(&self, color: u8) -> bool {
        NAIVE_LINES
            .iter()
            .any(|line| line.iter().all(|&c| self.cells[c] == color))
    }

    fn stones_on_board(&self) -> usize {
        self.cells.iter().filter(|&&c| c != EMPTY).count()
    }

    /// Moves as text: `b2` or `a1-b2`.
    fn moves(&self) -> Vec<String> {
        let mut moves = Vec::new();
        if self.has_line(Naive::other(self.to_move)) {
            return moves; // the game is over
        }
        if self.stones_on_board() < 6 {
            for cell in 0..9 {
                if self.cells[cell] == EMPTY {
                    moves.push(NAMES[cell].to_string());
                }
            }
        } else {
            for from in 0..9 {
                if self.cells[from] != self.to_move {
                    continue;
                }
                for &to in naive_neighbours(from) {
                    if self.cells[to] == EMPTY {
                        moves.push(format!("{}-{}", NAMES[from], NAMES[to]));
                    }
                }
            }
        }
        moves
    }

    fn play(&self, text: &str) -> Naive {
        let index = |name: &str| NAMES.iter().position(|&n| n == name).expect("a name");
        let mut next = *self;
        match text.split_once('-') {
            None => next.cells[index(text)] = self.to_move,
            Some((from, to)) => {
                next.cells[index(from)] = EMPTY;
                next.cells[index(to)] = self.to_move;
            }
        }
        next.to_move = Naive::other(self.to_move);
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
}

// ---------------------------------------------------------------------------------------------
// Hand counts.
// ---------------------------------------------------------------------------------------------

/// Placement from the empty board: any empty point, so 9·8·7·… leaves until a mill can stand.
/// The first mill is possible with White's third stone (ply 5). Of the 9·8·7·6·5 = 15 120
/// five-ply sequences, White's three stones form a line in 8 lines · 3! orders · 6·5 ordered
/// black stones = 1 440; those games are over, and the other 13 680 each have 4 placements.
#[test]
fn hand_counts_from_the_start() {
    let start = Position::start();
    let hand = [1u64, 9, 72, 504, 3024, 15_120, (15_120 - 8 * 6 * 30) * 4];
    assert_eq!(hand[6], 54_720);
    for (depth, &expected) in hand.iter().enumerate() {
        assert_eq!(
            perft(&start, depth as u32).unwrap(),
            expected,
            "perft {depth}"
        );
        assert_eq!(
            Naive::start().perft(depth as u32),
            expected,
            "naive perft {depth}"
        );
    }
}

/// Hand counts in the movement phase: `WB./BBW/.W. w` (White a3 c2 b1, Black b3 a2 b2):
/// a3 is boxed in; c2 goes to c1 or c3; b1 to a1 or c1: 4 moves.
#[test]
fn hand_count_in_the_movement_phase() {
    let pos: Position = "WB./BBW/.W. w".parse().expect("valid");
    assert_eq!(perft(&pos, 1).unwrap(), 4);
    // Black (b3 a2 b2) answers: b2 goes to each of the 3 empty points, b3 to c3 and a2 to a1
    // when they are empty. b1-a1 (empty c3 b1 c1): 3 + 1 + 0 = 4. b1-c1 (empty c3 a1 b1):
    // 3 + 1 + 1 = 5. c2-c1 (empty c3 a1 c2): 3 + 1 + 1 = 5. c2-c3 (empty a1 c2 c1):
    // 3 + 0 + 1 = 4. No White move makes a mill. Total 18.
    assert_eq!(perft(&pos, 2).unwrap(), 18);
}

/// A finished game (White has the top row, Black to move) has no children.
#[test]
fn a_finished_game_has_no_children() {
    let pos: Position = "WWW/BB./... b".parse().expect("valid");
    assert_eq!(perft(&pos, 1).unwrap(), 0);
    assert_eq!(perft(&pos, 3).unwrap(), 0);
    assert_eq!(Naive::from_text("WWW/BB./... b").perft(1), 0);
}

// ---------------------------------------------------------------------------------------------
// Engine against the naive generator.
// ---------------------------------------------------------------------------------------------

fn engine_moves(pos: &Position) -> Vec<String> {
    let mut moves: Vec<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| pos.move_text(m))
        .collect();
    moves.sort();
    moves
}

fn naive_moves(naive: &Naive) -> Vec<String> {
    let mut moves = naive.moves();
    moves.sort();
    moves
}

/// The engine and the naive generator list the same moves in every position of random games,
/// and agree on perft to depth 4 from each of them.
#[test]
fn engine_matches_naive_on_random_positions() {
    let mut rng = Rng::new(0x4B56_3352);
    let mut checked = 0;
    for game in 0..200 {
        let mut pos = Position::start();
        let mut naive = Naive::start();
        for ply in 0..40 {
            assert_eq!(
                Naive::from_text(&pos.to_string()),
                naive,
                "game {game} ply {ply}: {pos}"
            );
            assert_eq!(engine_moves(&pos), naive_moves(&naive), "{pos}");
            if ply % 7 == game % 7 {
                assert_eq!(perft(&pos, 4).unwrap(), naive.perft(4), "perft 4 of {pos}");
                checked += 1;
            }
            let moves = naive.moves();
            let Some(text) = rng.choose(&moves) else {
                break;
            };
            naive = naive.play(text);
            let mv = pos.parse_move(text).expect("the naive move is legal");
            pos.play(mv).expect("legal");
        }
    }
    assert!(checked > 200);
}

/// Every legal position: built by the naive side from all 3^9 boards, the same moves.
#[test]
fn engine_matches_naive_on_every_legal_position() {
    let mut count = 0;
    for code in 0..19_683u32 {
        let mut text = String::new();
        let mut c = code;
        let mut cells = [EMPTY; 9];
        for cell in &mut cells {
            *cell = (c % 3) as u8;
            c /= 3;
        }
        for rank in (0..3).rev() {
            for file in 0..3 {
                text.push(match cells[rank * 3 + file] {
                    WHITE => 'W',
                    BLACK => 'B',
                    _ => '.',
                });
            }
            text.push(if rank > 0 { '/' } else { ' ' });
        }
        for side in ["w", "b"] {
            let full = format!("{text}{side}");
            if let Ok(pos) = full.parse::<Position>() {
                count += 1;
                assert_eq!(
                    engine_moves(&pos),
                    naive_moves(&Naive::from_text(&full)),
                    "{full}"
                );
            }
        }
    }
    // 5 710 boards with fitting counts (1 + 9 + 72 + 252 + 756 + 1 260 + 2 · 1 680), less the
    // 2 · 160 six-stone boards where the side to move has a mill (8 lines · C(6,3) = 20 black
    // placements each): 5 390.
    assert_eq!(count, 5_390);
}

/// The perft vectors in `tests/data/kvarn3.perft` are the naive generator's counts (the
/// conformance test checks the engine against the same file).
#[test]
fn perft_file_holds_the_naive_counts() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/data/kvarn3.perft");
    let text = std::fs::read_to_string(path).expect("the perft file");
    let entries = kvarn3::game_core::testing::parse_perft_vectors(&text).expect("well formed");
    assert!(entries.len() >= 5);
    for entry in entries {
        let naive = if entry.position == "start" {
            Naive::start()
        } else {
            Naive::from_text(&entry.position)
        };
        for (depth, count) in entry.counts {
            // Depth 9 from the start is checked by `perft_nine_from_the_start` below.
            if count > 3_000_000 {
                continue;
            }
            assert_eq!(
                naive.perft(depth),
                count,
                "{} perft {depth}",
                entry.position
            );
        }
    }
}

/// perft(9) from the start, about 2.5 million leaves, naive against engine.
#[test]
fn perft_nine_from_the_start() {
    let naive = Naive::start().perft(9);
    assert_eq!(perft(&Position::start(), 9).unwrap(), naive);
}

/// Prints the naive counts for the perft file: `cargo test -p kvarn3 --test all
/// perft::print_naive_counts -- --ignored --nocapture`.
#[test]
#[ignore = "prints the naive counts used to write tests/data/kvarn3.perft"]
fn print_naive_counts() {
    for (text, depth) in [
        ("start", 9),
        ("W.B/.W./B.. w", 4),
        ("B../.W./... w", 6),
        ("WB./BW./W.. b", 7),
        ("WB./BW./WB. w", 8),
        ("WB./BBW/.W. w", 8),
        ("BB./.WW/.WB w", 8),
        (".B./WWB/W.. b", 7),
        ("WWW/BB./... b", 2),
    ] {
        let naive = if text == "start" {
            Naive::start()
        } else {
            Naive::from_text(text)
        };
        println!("{text}");
        for d in 1..=depth {
            println!("perft {d}: {}", naive.perft(d));
        }
    }
}
