//! A deliberately naive second implementation of Sundraval for the tests: a plain 2D array,
//! a breadth-first search per point for legality, move texts as strings. It shares no code
//! with the engine (it reads and writes the position string and move texts itself).

// A module of the one test program (tests/all.rs) that several of its modules use: its items
// are `pub` for them, so the reachability lint does not apply here.
#![allow(unreachable_pub)]

use std::collections::VecDeque;

pub const EMPTY: u8 = 0;
pub const BLACK: u8 = 1;
pub const WHITE: u8 = 2;

#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum NTurn {
    Setup,
    Choose,
    Play(u8),
}

#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Naive {
    pub n: i32,
    /// grid[row][col], EMPTY / BLACK / WHITE.
    pub grid: [[u8; 21]; 21],
    pub turn: NTurn,
    pub first_white: bool,
    pub passes: u8,
}

const DIRS: [(i32, i32); 6] = [(1, 0), (-1, 0), (0, 1), (0, -1), (1, 1), (-1, -1)];

impl Naive {
    pub fn start(n: i32) -> Naive {
        Naive {
            n,
            grid: [[EMPTY; 21]; 21],
            turn: NTurn::Setup,
            first_white: false,
            passes: 0,
        }
    }

    pub fn on_board(&self, c: i32, r: i32) -> bool {
        c >= 0 && r >= 0 && c < 2 * self.n - 1 && r < 2 * self.n - 1 && (c - r).abs() < self.n
    }

    /// Every point (col, row), row by row.
    pub fn points(&self) -> Vec<(i32, i32)> {
        let mut out = Vec::new();
        for r in 0..2 * self.n - 1 {
            for c in 0..2 * self.n - 1 {
                if self.on_board(c, r) {
                    out.push((c, r));
                }
            }
        }
        out
    }

    pub fn neighbours(&self, c: i32, r: i32) -> Vec<(i32, i32)> {
        DIRS.iter()
            .map(|&(dc, dr)| (c + dc, r + dr))
            .filter(|&(c, r)| self.on_board(c, r))
            .collect()
    }

    pub fn at(&self, c: i32, r: i32) -> u8 {
        self.grid[r as usize][c as usize]
    }

    pub fn parse(text: &str) -> Naive {
        let fields: Vec<&str> = text.split(' ').collect();
        assert_eq!(fields.len(), 4, "{text}");
        let rows: Vec<&str> = fields[0].split('/').collect();
        let n = (rows.len() as i32 + 1) / 2;
        let mut pos = Naive::start(n);
        for (r, row) in rows.iter().enumerate() {
            let r = r as i32;
            let mut cells = Vec::new();
            let mut number = String::new();
            for ch in row.chars().chain(std::iter::once(' ')) {
                if ch.is_ascii_digit() {
                    number.push(ch);
                    continue;
                }
                if !number.is_empty() {
                    cells.resize(cells.len() + number.parse::<usize>().unwrap(), EMPTY);
                    number.clear();
                }
                match ch {
                    'B' => cells.push(BLACK),
                    'W' => cells.push(WHITE),
                    '.' => cells.push(EMPTY),
                    _ => {}
                }
            }
            let cols: Vec<i32> = (0..2 * n - 1).filter(|&c| pos.on_board(c, r)).collect();
            assert_eq!(cols.len(), cells.len(), "row {} of {text}", r + 1);
            for (c, v) in cols.into_iter().zip(cells) {
                pos.grid[r as usize][c as usize] = v;
            }
        }
        pos.turn = match fields[1] {
            "setup" => NTurn::Setup,
            "choose" => NTurn::Choose,
            "b" => NTurn::Play(BLACK),
            "w" => NTurn::Play(WHITE),
            other => panic!("turn {other}"),
        };
        pos.first_white = fields[2] == "W";
        pos.passes = fields[3].parse().unwrap();
        pos
    }

    pub fn text(&self) -> String {
        let mut rows = Vec::new();
        for r in 0..2 * self.n - 1 {
            let mut s = String::new();
            let mut run = 0;
            for c in 0..2 * self.n - 1 {
                if !self.on_board(c, r) {
                    continue;
                }
                match self.at(c, r) {
                    EMPTY => run += 1,
                    v => {
                        if run > 0 {
                            s += &run.to_string();
                            run = 0;
                        }
                        s.push(if v == BLACK { 'B' } else { 'W' });
                    }
                }
            }
            if run > 0 {
                s += &run.to_string();
            }
            rows.push(s);
        }
        let turn = match self.turn {
            NTurn::Setup => "setup",
            NTurn::Choose => "choose",
            NTurn::Play(BLACK) => "b",
            NTurn::Play(_) => "w",
        };
        format!(
            "{} {} {} {}",
            rows.join("/"),
            turn,
            if self.first_white { "W" } else { "B" },
            self.passes
        )
    }

    pub fn name(c: i32, r: i32) -> String {
        format!("{}{}", (b'a' + c as u8) as char, r + 1)
    }

    fn parse_point(text: &str) -> (i32, i32) {
        let c = i32::from(text.as_bytes()[0] - b'a');
        let r: i32 = text[1..].parse().unwrap();
        (c, r - 1)
    }

    /// Placement legality by a breadth-first search from the point through empty points,
    /// looking for a point next to an enemy stone.
    pub fn can_place(&self, c: i32, r: i32, color: u8) -> bool {
        if !self.on_board(c, r) || self.at(c, r) != EMPTY {
            return false;
        }
        let enemy = 3 - color;
        let mut seen = [[false; 21]; 21];
        let mut queue = VecDeque::new();
        seen[r as usize][c as usize] = true;
        queue.push_back((c, r));
        while let Some((c, r)) = queue.pop_front() {
            for (nc, nr) in self.neighbours(c, r) {
                let v = self.at(nc, nr);
                if v == enemy {
                    return true;
                }
                if v == EMPTY && !seen[nr as usize][nc as usize] {
                    seen[nr as usize][nc as usize] = true;
                    queue.push_back((nc, nr));
                }
            }
        }
        false
    }

    pub fn moves(&self) -> Vec<String> {
        let mut out = Vec::new();
        match self.turn {
            NTurn::Setup => {
                let pts = self.points();
                for &(bc, br) in &pts {
                    for &(wc, wr) in &pts {
                        if (bc, br) != (wc, wr) {
                            out.push(format!("{}+{}", Self::name(bc, br), Self::name(wc, wr)));
                        }
                    }
                }
            }
            NTurn::Choose => {
                out.push("keep".into());
                out.push("swap".into());
            }
            NTurn::Play(color) => {
                if self.passes >= 2 {
                    return out;
                }
                for (c, r) in self.points() {
                    if self.can_place(c, r, color) {
                        out.push(Self::name(c, r));
                    }
                }
                out.push("pass".into());
            }
        }
        out
    }

    pub fn play(&mut self, mv: &str) {
        match (mv, self.turn) {
            ("keep", NTurn::Choose) => self.turn = NTurn::Play(BLACK),
            ("swap", NTurn::Choose) => {
                self.first_white = true;
                self.turn = NTurn::Play(BLACK);
            }
            ("pass", NTurn::Play(color)) => {
                self.passes += 1;
                self.turn = NTurn::Play(3 - color);
            }
            (_, NTurn::Setup) => {
                let (b, w) = mv.split_once('+').unwrap();
                let (bc, br) = Self::parse_point(b);
                let (wc, wr) = Self::parse_point(w);
                self.grid[br as usize][bc as usize] = BLACK;
                self.grid[wr as usize][wc as usize] = WHITE;
                self.turn = NTurn::Choose;
            }
            (_, NTurn::Play(color)) => {
                let (c, r) = Self::parse_point(mv);
                self.grid[r as usize][c as usize] = color;
                self.passes = 0;
                self.turn = NTurn::Play(3 - color);
            }
            _ => panic!("bad move {mv}"),
        }
    }

    pub fn perft(&self, depth: u32) -> u64 {
        if depth == 0 {
            return 1;
        }
        let moves = self.moves();
        if depth == 1 {
            return moves.len() as u64;
        }
        let mut total = 0;
        for mv in &moves {
            let mut child = self.clone();
            child.play(mv);
            total += child.perft(depth - 1);
        }
        total
    }

    /// The perft count below the opening without listing the P·(P−1) openings' subtrees one
    /// by one is not attempted: callers use small boards for deep counts.
    /// Connected components of the points satisfying `pred`, as lists of points.
    pub fn components(&self, pred: impl Fn(i32, i32) -> bool) -> Vec<Vec<(i32, i32)>> {
        let mut seen = [[false; 21]; 21];
        let mut out = Vec::new();
        for (c, r) in self.points() {
            if !pred(c, r) || seen[r as usize][c as usize] {
                continue;
            }
            let mut comp = vec![(c, r)];
            seen[r as usize][c as usize] = true;
            let mut i = 0;
            while i < comp.len() {
                let (pc, pr) = comp[i];
                for (nc, nr) in self.neighbours(pc, pr) {
                    if pred(nc, nr) && !seen[nr as usize][nc as usize] {
                        seen[nr as usize][nc as usize] = true;
                        comp.push((nc, nr));
                    }
                }
                i += 1;
            }
            out.push(comp);
        }
        out
    }
}

/// A group: colour, stones (sorted), alive, count, territory sizes largest first.
pub type NaiveGroup = (u8, Vec<(i32, i32)>, bool, usize, Vec<usize>);

/// The naive score of a finished position, straight from the page's definitions.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct NaiveScore {
    /// Per group: colour, stones (sorted), alive, count, territory sizes largest first.
    pub groups: Vec<NaiveGroup>,
    /// Per region of empty-or-dead points: owner (0 neutral), size.
    pub regions: Vec<(u8, usize)>,
}

/// Whether the naive scorer applies the page's revive step after the weakest-first removal.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Revive {
    /// The binding page: weakest-first removal, then revive.
    Yes,
    /// Weakest-first removal alone (the seed's reading, without the page's revive step): only
    /// for showing that a test position depends on the revive step.
    No,
}

/// The naive score of a finished position, straight from the page's definitions.
pub fn naive_score(pos: &Naive) -> NaiveScore {
    naive_score_with(pos, Revive::Yes)
}

/// The regions (connected components of points that are empty or hold a stone of a dead
/// group) and their owners (the one colour of the stones next to them that are not dead, or
/// 0 when there are both colours or none), for the dead set `dead`.
fn naive_regions(
    pos: &Naive,
    groups: &[(u8, Vec<(i32, i32)>)],
    dead: &[bool],
) -> (Vec<Vec<(i32, i32)>>, Vec<u8>) {
    let group_of =
        |c: i32, r: i32| -> Option<usize> { groups.iter().position(|(_, s)| s.contains(&(c, r))) };
    let is_open = |c: i32, r: i32| pos.at(c, r) == EMPTY || group_of(c, r).is_some_and(|g| dead[g]);
    let regions = pos.components(is_open);
    let owners = regions
        .iter()
        .map(|reg| {
            let mut colors = 0u8;
            for &(c, r) in reg {
                for (nc, nr) in pos.neighbours(c, r) {
                    if !is_open(nc, nr) {
                        colors |= pos.at(nc, nr);
                    }
                }
            }
            if colors == BLACK || colors == WHITE {
                colors
            } else {
                0
            }
        })
        .collect();
    (regions, owners)
}

/// The naive score, with or without the revive step.
pub fn naive_score_with(pos: &Naive, revive: Revive) -> NaiveScore {
    // Groups: components of same-coloured stones.
    let mut groups: Vec<(u8, Vec<(i32, i32)>)> = Vec::new();
    for color in [BLACK, WHITE] {
        for g in pos.components(|c, r| pos.at(c, r) == color) {
            groups.push((color, g));
        }
    }
    let mut dead = vec![false; groups.len()];
    let touches = |stones: &[(i32, i32)], region: &[(i32, i32)]| -> bool {
        stones
            .iter()
            .any(|&(c, r)| pos.neighbours(c, r).iter().any(|p| region.contains(p)))
    };
    // Weakest first: while some group outside D is not alive, every non-alive group with the
    // fewest stones joins D.
    loop {
        let (regions, owners) = naive_regions(pos, &groups, &dead);
        let has_territory: Vec<bool> = groups
            .iter()
            .enumerate()
            .map(|(i, (color, stones))| {
                !dead[i]
                    && regions
                        .iter()
                        .zip(&owners)
                        .any(|(reg, &o)| o == *color && touches(stones, reg))
            })
            .collect();
        let alive: Vec<bool> = groups
            .iter()
            .enumerate()
            .map(|(i, (color, stones))| {
                if dead[i] {
                    return false;
                }
                if has_territory[i] {
                    return true;
                }
                // A region next to this group and next to a friendly group with territory.
                regions.iter().any(|reg| {
                    touches(stones, reg)
                        && groups.iter().enumerate().any(|(j, (c2, s2))| {
                            j != i && c2 == color && has_territory[j] && touches(s2, reg)
                        })
                })
            })
            .collect();
        let weakest = (0..groups.len())
            .filter(|&i| !dead[i] && !alive[i])
            .map(|i| groups[i].1.len())
            .min();
        let Some(w) = weakest else { break };
        for i in 0..groups.len() {
            if !dead[i] && !alive[i] && groups[i].1.len() == w {
                dead[i] = true;
            }
        }
    }
    // Revive: while some group in D lies inside a territory of its own colour (its points
    // belong to a component that is a territory of its colour, with D as it then is), every
    // such group leaves D; then everything is computed again.
    if revive == Revive::Yes {
        loop {
            let (regions, owners) = naive_regions(pos, &groups, &dead);
            let inside_own_territory: Vec<usize> = (0..groups.len())
                .filter(|&i| {
                    dead[i]
                        && groups[i].1.iter().all(|stone| {
                            regions
                                .iter()
                                .zip(&owners)
                                .any(|(reg, &o)| o == groups[i].0 && reg.contains(stone))
                        })
                })
                .collect();
            if inside_own_territory.is_empty() {
                break;
            }
            for i in inside_own_territory {
                dead[i] = false;
            }
        }
    }
    let (regions, owners) = naive_regions(pos, &groups, &dead);
    let out_groups = groups
        .iter()
        .enumerate()
        .map(|(i, (color, stones))| {
            let mut sizes: Vec<usize> = if dead[i] {
                Vec::new()
            } else {
                regions
                    .iter()
                    .zip(&owners)
                    .filter(|(reg, &o)| o == *color && touches(stones, reg))
                    .map(|(reg, _)| reg.len())
                    .collect()
            };
            sizes.sort_by(|a, b| b.cmp(a));
            let mut s = stones.clone();
            s.sort();
            (*color, s, !dead[i], sizes.len(), sizes)
        })
        .collect();
    let out_regions = regions
        .iter()
        .zip(&owners)
        .map(|(reg, &o)| (o, reg.len()))
        .collect();
    NaiveScore {
        groups: out_groups,
        regions: out_regions,
    }
}

/// The naive seed-rule winner: BLACK, WHITE or 0 for a draw.
pub fn naive_original_winner(score: &NaiveScore) -> u8 {
    if score.groups.iter().all(|g| !g.2) {
        return 0;
    }
    let lists = |color: u8| {
        let mut entries: Vec<(usize, Vec<usize>)> = score
            .groups
            .iter()
            .filter(|g| g.0 == color && g.2)
            .map(|g| (g.3, g.4.clone()))
            .collect();
        // Equal-length lists compare the same padded or not.
        entries.sort_by(|a, b| b.cmp(a));
        let counts: Vec<usize> = entries.iter().map(|e| e.0).collect();
        let sizes: Vec<usize> = entries.iter().flat_map(|e| e.1.clone()).collect();
        (counts, sizes)
    };
    let pad_cmp = |a: &[usize], b: &[usize]| {
        let len = a.len().max(b.len());
        let get = |v: &[usize], i: usize| v.get(i).copied().unwrap_or(0);
        (0..len)
            .map(|i| get(a, i).cmp(&get(b, i)))
            .find(|o| o.is_ne())
            .unwrap_or(std::cmp::Ordering::Equal)
    };
    let (bc, bs) = lists(BLACK);
    let (wc, ws) = lists(WHITE);
    match pad_cmp(&bc, &wc).then(pad_cmp(&bs, &ws)) {
        std::cmp::Ordering::Greater => BLACK,
        std::cmp::Ordering::Less => WHITE,
        std::cmp::Ordering::Equal => 0,
    }
}

/// The naive triangular winner: BLACK, WHITE or 0.
pub fn naive_triangular_winner(score: &NaiveScore) -> u8 {
    if score.groups.iter().all(|g| !g.2) {
        return 0;
    }
    let points = |color: u8| -> usize {
        score
            .groups
            .iter()
            .filter(|g| g.0 == color && g.2)
            .map(|g| g.3 * (g.3 + 1))
            .sum()
    };
    let sizes = |color: u8| {
        let mut v: Vec<usize> = score
            .regions
            .iter()
            .filter(|r| r.0 == color)
            .map(|r| r.1)
            .collect();
        v.sort_by(|a, b| b.cmp(a));
        v
    };
    let (bs, ws) = (sizes(BLACK), sizes(WHITE));
    let len = bs.len().max(ws.len());
    let get = |v: &Vec<usize>, i: usize| v.get(i).copied().unwrap_or(0);
    let half = (0..len)
        .map(|i| get(&bs, i).cmp(&get(&ws, i)))
        .find(|o| o.is_ne());
    let mut b = points(BLACK);
    let mut w = points(WHITE);
    match half {
        Some(std::cmp::Ordering::Greater) => b += 1,
        Some(std::cmp::Ordering::Less) => w += 1,
        _ => {}
    }
    match b.cmp(&w) {
        std::cmp::Ordering::Greater => BLACK,
        std::cmp::Ordering::Less => WHITE,
        std::cmp::Ordering::Equal => 0,
    }
}
