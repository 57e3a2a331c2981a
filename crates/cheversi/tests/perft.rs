//! Perft counts derived independently of the engine: by hand for the first plies from the start,
//! and from a deliberately naive second generator written here (an 8x8 array, loops, the rules
//! re-read from the rules page, no code shared with the engine) everywhere else.

use std::collections::BTreeSet;

use cheversi::game_core::{perft, Rng};
use cheversi::{Game, Position};

/// The naive model: `board[rank][file]` holds `Some((white?, letter))`.
#[derive(Clone, Debug)]
struct Naive {
    board: [[Option<(bool, char)>; 8]; 8],
    /// The last placed square as (file, rank).
    last: Option<(usize, usize)>,
}

const LETTERS: [char; 5] = ['K', 'Q', 'R', 'B', 'N'];

fn start_count(letter: char) -> usize {
    if letter == 'K' || letter == 'Q' {
        1
    } else {
        2
    }
}

impl Naive {
    /// Reads the position string plainly (the engine's reader is not used).
    fn parse(text: &str) -> Naive {
        let parts: Vec<&str> = text.split(' ').collect();
        let mut board = [[None; 8]; 8];
        for (row, rank_text) in parts[0].split('/').enumerate() {
            let rank = 7 - row;
            let mut file = 0;
            for c in rank_text.chars() {
                if let Some(d) = c.to_digit(10) {
                    file += d as usize;
                } else {
                    board[rank][file] = Some((c.is_ascii_uppercase(), c.to_ascii_uppercase()));
                    file += 1;
                }
            }
        }
        let last = if parts[2] == "-" {
            None
        } else {
            let b = parts[2].as_bytes();
            Some(((b[0] - b'a') as usize, (b[1] - b'1') as usize))
        };
        Naive { board, last }
    }

    fn count(&self, white: bool, letter: Option<char>) -> usize {
        let mut n = 0;
        for rank in 0..8 {
            for file in 0..8 {
                if let Some((w, l)) = self.board[rank][file] {
                    if w == white && (letter.is_none() || letter == Some(l)) {
                        n += 1;
                    }
                }
            }
        }
        n
    }

    fn neighbours(file: usize, rank: usize) -> Vec<(usize, usize)> {
        let mut out = Vec::new();
        for df in -1i32..=1 {
            for dr in -1i32..=1 {
                if df == 0 && dr == 0 {
                    continue;
                }
                let (f, r) = (file as i32 + df, rank as i32 + dr);
                if (0..8).contains(&f) && (0..8).contains(&r) {
                    out.push((f as usize, r as usize));
                }
            }
        }
        out
    }

    /// The legal placements, as move texts, following the rules page item by item.
    fn moves(&self) -> Vec<String> {
        let whites = self.count(true, None);
        let blacks = self.count(false, None);
        let mut out = Vec::new();
        if whites + blacks == 16 {
            return out;
        }
        let white = whites == blacks;
        let mine = if white { whites } else { blacks };
        for letter in LETTERS {
            // 1. the piece is still in hand
            if self.count(white, Some(letter)) >= start_count(letter) {
                continue;
            }
            for rank in 0..8 {
                for file in 0..8 {
                    // 1. the square is empty
                    if self.board[rank][file].is_some() {
                        continue;
                    }
                    // 2. White's first placement is the king, anywhere
                    if white && mine == 0 {
                        if letter == 'K' {
                            out.push(format!("K{}{}", (b'a' + file as u8) as char, rank + 1));
                        }
                        continue;
                    }
                    // 3. touches a piece of the opposite colour
                    let touches = Self::neighbours(file, rank)
                        .iter()
                        .any(|&(f, r)| matches!(self.board[r][f], Some((w, _)) if w != white));
                    if !touches {
                        continue;
                    }
                    // 4. Black's king is Black's 8th placement, touching White's last piece
                    if !white && (letter == 'K') != (mine == 7) {
                        continue;
                    }
                    if !white && letter == 'K' {
                        let (lf, lr) = self.last.expect("White has placed");
                        if !Self::neighbours(file, rank).contains(&(lf, lr)) {
                            continue;
                        }
                    }
                    // 5. the second bishop on the other square colour
                    if letter == 'B' && self.count(white, Some('B')) == 1 {
                        let mut first_colour = 0;
                        for r in 0..8 {
                            for f in 0..8 {
                                if self.board[r][f] == Some((white, 'B')) {
                                    first_colour = (f + r) % 2;
                                }
                            }
                        }
                        if (file + rank) % 2 == first_colour {
                            continue;
                        }
                    }
                    // 6. queen call
                    if let Some((lf, lr)) = self.last {
                        if self.board[lr][lf] == Some((!white, 'Q'))
                            && self.count(white, Some('Q')) == 0
                            && letter != 'Q'
                        {
                            continue;
                        }
                    }
                    // 7. Black's 7th is the queen if it is still in hand
                    if !white && mine == 6 && self.count(false, Some('Q')) == 0 && letter != 'Q' {
                        continue;
                    }
                    // 8. White's 8th leaves an empty square touching it
                    if white && mine == 7 {
                        let free = Self::neighbours(file, rank)
                            .iter()
                            .any(|&(f, r)| self.board[r][f].is_none());
                        if !free {
                            continue;
                        }
                    }
                    out.push(format!(
                        "{letter}{}{}",
                        (b'a' + file as u8) as char,
                        rank + 1
                    ));
                }
            }
        }
        out
    }

    fn play(&self, text: &str) -> Naive {
        let b = text.as_bytes();
        let letter = b[0] as char;
        let (file, rank) = ((b[1] - b'a') as usize, (b[2] - b'1') as usize);
        let white = self.count(true, None) == self.count(false, None);
        let mut next = self.clone();
        next.board[rank][file] = Some((white, letter));
        next.last = Some((file, rank));
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

fn engine(text: &str) -> Position {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

/// The engine's and the naive generator's move lists agree as sets of texts.
fn assert_same_moves(text: &str) {
    let pos = engine(text);
    let ours: BTreeSet<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| pos.move_text(m))
        .collect();
    let naive: BTreeSet<String> = Naive::parse(text).moves().into_iter().collect();
    assert_eq!(ours, naive, "{text}: engine and naive generator disagree");
}

fn assert_same_perft(text: &str, depth: u32) -> u64 {
    let expected = Naive::parse(text).perft(depth);
    assert_eq!(
        perft(&engine(text), depth).unwrap(),
        expected,
        "{text}: perft {depth}"
    );
    expected
}

#[test]
fn start_by_hand() {
    let start = Position::start();
    // White's king anywhere.
    assert_eq!(perft(&start, 1).unwrap(), 64);
    // Black: queen, rook, bishop or knight (not the king) on a square touching White's king.
    // The king graph has 7*8 + 7*8 + 2*7*7 = 210 edges, so 420 (king, neighbour) pairs.
    assert_eq!(perft(&start, 2).unwrap(), 4 * 420);
    // White's second: a square touching Black's piece b other than the king's, so deg(b) − 1
    // squares; one kind (the queen call) after Black's queen, four kinds after the other three.
    // Summed over (king, b) pairs: (1 + 3 * 4) * (sum of deg(b)^2 − 420), and the squares have
    // degree 3 (4 corners), 5 (24 edge squares), 8 (36 inner squares): 36 + 600 + 2304 = 2940.
    assert_eq!(perft(&start, 3).unwrap(), 13 * (2940 - 420));
    assert_eq!(perft(&start, 3).unwrap(), 32760);
}

#[test]
fn start_against_the_naive_generator() {
    let start = "8/8/8/8/8/8/8/8 w -";
    assert_eq!(assert_same_perft(start, 2), 1680);
    assert_eq!(assert_same_perft(start, 3), 32760);
}

/// Hand-built positions, one per constraint of the rules page.
const CONSTRAINT_POSITIONS: &[(&str, &str)] = &[
    ("king first", "8/8/8/8/8/8/8/8 w -"),
    ("touching the opponent", "8/8/8/8/4K3/8/8/8 b e4"),
    ("touching the opponent, corner", "8/8/8/8/8/8/8/K7 b a1"),
    (
        "queen call (rules page example)",
        "2K5/2Qb4/8/8/8/8/8/8 b c7",
    ),
    ("queen call on White", "8/8/8/8/4K3/3q4/8/8 w d3"),
    ("queen call answered", "8/8/8/8/4K3/3nQ3/4q3/8 w e2"),
    // Black's bishop d4 is dark: the second must go on a light square.
    (
        "bishops on opposite colours, Black",
        "8/8/8/8/3bK3/3BQ3/4q3/8 b d3",
    ),
    // White's bishop d3 is light: the second must go on a dark square.
    (
        "bishops on opposite colours, White",
        "8/8/8/8/3bK3/3BQ3/2n1q3/8 w c2",
    ),
    // Black has placed six without the queen: the 7th must be the queen.
    (
        "Black's queen by its 7th",
        "8/8/8/2rbnr2/2RBKN2/2nNR3/3bB3/8 b e2",
    ),
    // White has placed eight, Black seven: Black's king on a square touching White's last.
    (
        "Black's king last",
        "8/8/8/2rbnr2/2RBKN2/2nNR1Q1/3bBq2/8 b g3",
    ),
    // White's 8th (the queen, called by Black's): d3 touches Black but every neighbour of it
    // is taken, so it is refused.
    (
        "White's 8th leaves a free neighbour",
        "8/8/8/2rbnr2/2RBKN2/2n1R3/2NbBq2/8 w f2",
    ),
    (
        "no legal placement, White",
        "8/8/8/8/8/KQRRB3/nqrrN3/bNnb4 w a1",
    ),
    (
        "no legal placement, Black",
        "8/8/8/8/2q5/1rRr4/NRKQn3/1BbNn3 b b1",
    ),
];

#[test]
fn each_constraint_against_the_naive_generator() {
    for &(name, text) in CONSTRAINT_POSITIONS {
        assert_same_moves(text);
        let depth = match engine(text).placements_left() {
            0..=3 => 3,
            _ => 2,
        };
        let n = assert_same_perft(text, depth);
        eprintln!("{name}: {text}: perft {depth} = {n}");
    }
}

#[test]
fn constraint_positions_by_hand() {
    let moves = |text: &str| engine(text).legal_moves().len();
    // Black's first: four kinds on the king's 8 neighbours; 3 in the corner.
    assert_eq!(moves("8/8/8/8/4K3/8/8/8 b e4"), 4 * 8);
    assert_eq!(moves("8/8/8/8/8/8/8/K7 b a1"), 4 * 3);
    // The queen call: only the queen, on b8 d8 b7 b6 c6 d6 (touching the king c8 or the queen
    // c7, empty).
    assert_eq!(moves("2K5/2Qb4/8/8/8/8/8/8 b c7"), 6);
    // Black's king last: on g2 h2 f3 h3 g4 h4, the empty squares touching White's queen g3.
    let pos = engine("8/8/8/2rbnr2/2RBKN2/2nNR1Q1/3bBq2/8 b g3");
    let texts: BTreeSet<String> = pos
        .legal_moves()
        .iter()
        .map(|&m| pos.move_text(m))
        .collect();
    let expected: BTreeSet<String> = ["Kg2", "Kh2", "Kf3", "Kh3", "Kg4", "Kh4"]
        .iter()
        .map(|s| s.to_string())
        .collect();
    assert_eq!(texts, expected);
    // White's 8th: d3 is surrounded (c2 d2 e2 c3 e3 c4 d4 e4 all taken).
    let pos = engine("8/8/8/2rbnr2/2RBKN2/2n1R3/2NbBq2/8 w f2");
    assert!(pos.parse_move("Qd3").is_err());
    assert!(pos.parse_move("Qd1").is_ok());
    assert!(pos
        .legal_moves()
        .iter()
        .all(|m| m.kind == cheversi::Kind::Queen));
    // Black's 7th with the queen in hand: queens only.
    let pos = engine("8/8/8/2rbnr2/2RBKN2/2nNR3/3bB3/8 b e2");
    assert!(!pos.legal_moves().is_empty());
    assert!(pos
        .legal_moves()
        .iter()
        .all(|m| m.kind == cheversi::Kind::Queen));
    // No legal placement: the game is over, by that rule (both positions were reached in
    // random games that crowd a corner). White, to place the 8th piece, holds only a bishop
    // and its first (e3) is dark; the only empty square touching Black is e1, dark. Black, to
    // place the 7th piece, holds a bishop (the first, c1, dark) and the king (only the 8th);
    // the empty squares touching White are a1 a3 b4 d4 e3, all dark.
    for text in [
        "8/8/8/8/8/KQRRB3/nqrrN3/bNnb4 w a1",
        "8/8/8/8/2q5/1rRr4/NRKQn3/1BbNn3 b b1",
    ] {
        assert_eq!(moves(text), 0, "{text}");
        let outcome = engine(text).outcome().expect("the game is over");
        let reason = outcome.reason().rule().expect("the game's own reason");
        assert!(reason.without_placement(), "{text}");
    }
}

#[test]
fn random_positions_against_the_naive_generator() {
    let mut rng = Rng::new(0xC4E5);
    let mut moves = Vec::new();
    let mut compared = 0;
    for game in 0..60 {
        let mut pos = Position::start();
        loop {
            let text = pos.to_string();
            assert_same_moves(&text);
            compared += 1;
            // A perft of depth 2 now and then, where the tree is small.
            if game % 6 == 0 && pos.placements_made() >= 8 {
                assert_same_perft(&text, 2);
            }
            pos.legal_moves_into(&mut moves);
            match rng.choose(&moves) {
                Some(&mv) => pos.play_unchecked(mv),
                None => break,
            }
        }
    }
    assert!(compared > 60 * 16);
}

/// The deeper counts of `tests/data/*.perft` come from here: run with
/// `cargo test --release -p cheversi --test all perft:: -- --ignored --nocapture`.
#[test]
#[ignore = "slow in a debug build; the source of the deep counts in tests/data"]
fn deep_counts_from_the_naive_generator() {
    let start = "8/8/8/8/8/8/8/8 w -";
    for depth in 4..=5 {
        println!("start perft {depth}: {}", assert_same_perft(start, depth));
    }
    for &(name, text) in CONSTRAINT_POSITIONS {
        let left = u32::from(engine(text).placements_left()).min(4);
        for depth in 1..=left {
            println!(
                "{name}: {text}: perft {depth}: {}",
                assert_same_perft(text, depth)
            );
        }
    }
}
