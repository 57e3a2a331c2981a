//! A deliberately naive second implementation of Svendo, written straight from the rules page
//! (restated in the crate's `RULES.md`) for the perft tests: a 2D array of cells, loops over
//! every line, every winning move found by playing every plain move. Nothing is shared with
//! the engine (its own parser and printer of moves too).

// A module of the one test program (tests/all.rs) that several of its modules use: its items
// are `pub` for them, so the reachability lint does not apply here.
#![allow(unreachable_pub)]

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Cell {
    Empty,
    Stone(usize), // 0 black, 1 white, 2 red
    Master,
}

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NMove {
    Place(usize, usize),       // col, row
    PlaceMaster(usize, usize), // col, row
    Slide(usize, usize, usize, usize),
    Pass,
}

impl NMove {
    pub fn text(self) -> String {
        let p = |c: usize, r: usize| format!("{}{}", (b'a' + c as u8) as char, r + 1);
        match self {
            NMove::Place(c, r) => p(c, r),
            NMove::PlaceMaster(c, r) => format!("M{}", p(c, r)),
            NMove::Slide(c, r, c2, r2) => format!("{}-{}", p(c, r), p(c2, r2)),
            NMove::Pass => "pass".to_string(),
        }
    }
}

#[derive(Clone, Debug)]
pub struct Naive {
    pub w: usize,
    pub h: usize,
    /// cells[row][col], row 0 is rank 1.
    pub cells: Vec<Vec<Cell>>,
    pub hand: [u32; 3],
    pub master_hand: [bool; 3],
    pub to_move: usize,
    pub moves_made: [u32; 3],
    /// (winner, rule number)
    pub win: Option<(usize, u32)>,
    /// Every five-point line of the board, listed once.
    pub all_lines: std::rc::Rc<Vec<[(usize, usize); 5]>>,
}

const DIRS: [(i32, i32); 8] = [
    (1, 0),
    (-1, 0),
    (0, 1),
    (0, -1),
    (1, 1),
    (-1, -1),
    (1, -1),
    (-1, 1),
];

impl Naive {
    pub fn parse(text: &str) -> Naive {
        let fields: Vec<&str> = text.split(' ').collect();
        let rows: Vec<&str> = fields[0].split('/').collect();
        let h = rows.len();
        let mut cells = vec![Vec::new(); h];
        for (i, row) in rows.iter().enumerate() {
            let r = h - 1 - i;
            let mut num = String::new();
            for ch in row.chars() {
                if ch.is_ascii_digit() {
                    num.push(ch);
                    continue;
                }
                if !num.is_empty() {
                    for _ in 0..num.parse::<usize>().unwrap() {
                        cells[r].push(Cell::Empty);
                    }
                    num.clear();
                }
                cells[r].push(match ch {
                    'B' => Cell::Stone(0),
                    'W' => Cell::Stone(1),
                    'R' => Cell::Stone(2),
                    'M' => Cell::Master,
                    _ => panic!("bad cell"),
                });
            }
            if !num.is_empty() {
                for _ in 0..num.parse::<usize>().unwrap() {
                    cells[r].push(Cell::Empty);
                }
            }
        }
        let w = cells[0].len();
        let to_move = "bwr".find(fields[1]).unwrap();
        let mut hand = [0; 3];
        let mut master_hand = [false; 3];
        for (i, part) in fields[2].split('/').enumerate() {
            master_hand[i] = part.ends_with('m');
            hand[i] = part.trim_end_matches('m').parse().unwrap();
        }
        let mut moves_made = [0; 3];
        for (i, part) in fields[3].split('/').enumerate() {
            moves_made[i] = part.parse().unwrap();
        }
        let win = fields.get(4).map(|f| {
            let b = f.as_bytes();
            ("bwr".find(b[0] as char).unwrap(), (b[1] - b'0') as u32)
        });
        let mut n = Naive {
            w,
            h,
            cells,
            hand,
            master_hand,
            to_move,
            moves_made,
            win,
            all_lines: Default::default(),
        };
        n.all_lines = std::rc::Rc::new(n.lines());
        n
    }

    pub fn start(w: usize, h: usize) -> Naive {
        let mut n = Naive {
            w,
            h,
            cells: vec![vec![Cell::Empty; w]; h],
            hand: [8; 3],
            master_hand: [true; 3],
            to_move: 0,
            moves_made: [0; 3],
            win: None,
            all_lines: Default::default(),
        };
        n.all_lines = std::rc::Rc::new(n.lines());
        n
    }

    fn on(&self, c: i32, r: i32) -> bool {
        c >= 0 && r >= 0 && (c as usize) < self.w && (r as usize) < self.h
    }

    pub fn placement(&self) -> bool {
        self.hand.iter().any(|&h| h > 0) || self.master_hand.iter().any(|&m| m)
    }

    /// Every five-point line: its points in order (base, check, base, check, base).
    pub fn lines(&self) -> Vec<[(usize, usize); 5]> {
        let mut out = Vec::new();
        for r in 0..self.h as i32 {
            for c in 0..self.w as i32 {
                for (dc, dr) in [(1, 0), (0, 1), (1, 1), (-1, 1)] {
                    if self.on(c + 4 * dc, r + 4 * dr) {
                        let mut line = [(0, 0); 5];
                        for (k, slot) in line.iter_mut().enumerate() {
                            let k = k as i32;
                            *slot = ((c + k * dc) as usize, (r + k * dr) as usize);
                        }
                        out.push(line);
                    }
                }
            }
        }
        out
    }

    /// The moves of the plain rules for the player to move.
    pub fn plain_moves(&self) -> Vec<NMove> {
        let mut out = Vec::new();
        if self.win.is_some() {
            return out;
        }
        let p = self.to_move;
        if self.placement() {
            for r in 0..self.h {
                for c in 0..self.w {
                    if self.cells[r][c] == Cell::Empty {
                        if self.hand[p] > 0 {
                            out.push(NMove::Place(c, r));
                        }
                        if self.master_hand[p] {
                            out.push(NMove::PlaceMaster(c, r));
                        }
                    }
                }
            }
            return out;
        }
        for r in 0..self.h {
            for c in 0..self.w {
                let cell = self.cells[r][c];
                if cell != Cell::Master && cell != Cell::Stone(p) {
                    continue;
                }
                for (dc, dr) in DIRS {
                    let (mut c2, mut r2) = (c as i32 + dc, r as i32 + dr);
                    while self.on(c2, r2) && self.cells[r2 as usize][c2 as usize] == Cell::Empty {
                        out.push(NMove::Slide(c, r, c2 as usize, r2 as usize));
                        c2 += dc;
                        r2 += dr;
                    }
                }
            }
        }
        if out.is_empty() {
            out.push(NMove::Pass);
        }
        out
    }

    /// Whether `q` holds `line`: base points (0, 2, 4) `q`'s own stones (a point equal to
    /// `extra` counts as `q`'s too), check points (1, 3) empty.
    fn holds(&self, q: usize, line: &[(usize, usize); 5], extra: Option<(usize, usize)>) -> bool {
        [0, 2, 4].iter().all(|&k| {
            let (c, r) = line[k];
            Some((c, r)) == extra || self.cells[r][c] == Cell::Stone(q)
        }) && [1, 3].iter().all(|&k| {
            let (c, r) = line[k];
            self.cells[r][c] == Cell::Empty
        })
    }

    pub fn play(&self, mv: NMove) -> Naive {
        let mut n = self.clone();
        let p = self.to_move;
        match mv {
            NMove::Place(c, r) => {
                n.cells[r][c] = Cell::Stone(p);
                n.hand[p] -= 1;
            }
            NMove::PlaceMaster(c, r) => {
                n.cells[r][c] = Cell::Master;
                n.master_hand[p] = false;
            }
            NMove::Slide(c, r, c2, r2) => {
                n.cells[r2][c2] = n.cells[r][c];
                n.cells[r][c] = Cell::Empty;
                n.moves_made[p] += 1;
                let x = (c, r);
                let y = (c2, r2);
                let lines = n.all_lines.clone();
                // rule 1
                let rule1 = lines.iter().any(|line| {
                    (line[0] == y || line[2] == y || line[4] == y) && n.holds(p, line, Some(y))
                });
                let off_check = |q: usize| {
                    lines
                        .iter()
                        .any(|line| (line[1] == x || line[3] == x) && n.holds(q, line, None))
                };
                if rule1 {
                    n.win = Some((p, 1));
                } else if off_check(p) {
                    n.win = Some((p, 2));
                } else if off_check((p + 1) % 3) {
                    n.win = Some(((p + 1) % 3, 3));
                } else if off_check((p + 2) % 3) {
                    n.win = Some(((p + 2) % 3, 3));
                }
            }
            NMove::Pass => {}
        }
        n.to_move = (p + 1) % 3;
        n
    }

    /// Whether `q` has a winning move (rule 1 or 2) as if it were `q`'s turn, plain rules.
    pub fn has_winning_move(&self, q: usize) -> bool {
        let mut as_q = self.clone();
        as_q.to_move = q;
        as_q.win = None;
        as_q.plain_moves().into_iter().any(|mv| {
            let after = as_q.play(mv);
            matches!(after.win, Some((winner, rule)) if winner == q && rule <= 2)
        })
    }

    /// The announced-win look-ahead for R (the player before the one to move).
    pub fn unstoppable(&self, r: usize) -> bool {
        for m in self.plain_moves() {
            let c = self.play(m);
            if c.win.is_some() {
                continue;
            }
            for reply in c.plain_moves() {
                let c2 = c.play(reply);
                if c2.win.is_some() {
                    continue;
                }
                if !c2.has_winning_move(r) {
                    return false;
                }
            }
        }
        true
    }

    /// The page: "R is in a winning position when R has a winning move now, or some plain
    /// move of P would make R win by rule 3". Played out move by move.
    pub fn in_winning_position(&self, r: usize) -> bool {
        self.has_winning_move(r)
            || self
                .plain_moves()
                .into_iter()
                .any(|m| self.play(m).win == Some((r, 3)))
    }

    /// The page: "A plain move of P lets N win when it ends the game with N as the winner ...,
    /// or when N has a winning move on the board after it" (the board is judged even when the
    /// move ended the game; `has_winning_move` ignores the recorded win).
    pub fn lets_win(&self, m: NMove, n: usize) -> bool {
        let after = self.play(m);
        matches!(after.win, Some((winner, _)) if winner == n) || after.has_winning_move(n)
    }

    /// (block-the-follower in force, announced win in force)
    pub fn rules_in_force(&self) -> (bool, bool) {
        let p = self.to_move;
        let (n, r) = ((p + 1) % 3, (p + 2) % 3);
        let block = self.has_winning_move(n) && self.in_winning_position(r);
        let announced = self.has_winning_move(r) && self.unstoppable(r);
        (block, announced)
    }

    /// The legal moves, the responsibility rules applied.
    pub fn legal_moves(&self) -> Vec<NMove> {
        let plain = self.plain_moves();
        if self.win.is_some() || self.placement() || plain == [NMove::Pass] {
            return plain;
        }
        let p = self.to_move;
        let n = (p + 1) % 3;
        let (block, announced) = self.rules_in_force();
        if !block && !announced {
            return plain;
        }
        // Both rules: only moves that do not let N win, if P has any ("unless every move of P
        // does"); a move that wins the game for P is always allowed.
        if plain.iter().all(|&m| self.lets_win(m, n)) {
            return plain;
        }
        plain
            .into_iter()
            .filter(|&m| {
                let wins_for_p = matches!(self.play(m).win, Some((w, _)) if w == p);
                wins_for_p || !self.lets_win(m, n)
            })
            .collect()
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.legal_moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        moves.iter().map(|&m| self.play(m).perft(depth - 1)).sum()
    }
}
