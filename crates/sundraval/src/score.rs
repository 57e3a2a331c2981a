//! Scoring at the end: groups, territories (with dead stones inside), the weakest-first
//! removal of dead groups, territory counts, and the two winner rules.

use core::cmp::Ordering;

use crate::board::{Point, PointSet, ROW_STRIDE};
use crate::position::{Color, Position};

/// Which winner rule decides a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum ScoringRule {
    /// The seed's rule (the default): compare the living groups' territory counts, largest
    /// first; then the territory sizes; else a draw.
    #[default]
    Seed,
    /// The designer's later rule: a living group with N territories scores N(N+1)/2, plus half
    /// a point for the largest territory; higher total wins.
    Triangular,
}

/// A group of the final position: a maximal connected set of stones of one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Group {
    /// The group's colour.
    pub color: Color,
    /// Its stones.
    pub stones: PointSet,
    /// Whether it lives (it is removed at the end otherwise).
    pub alive: bool,
    /// For a dead group, the removal step (1 = the first, weakest, batch) that took it.
    pub removed_in_step: Option<u32>,
    /// For a living group, the indices (into [`Score::regions`]) of the territories of its
    /// colour it is next to; their number is the group's count.
    pub territories: Vec<usize>,
}

impl Group {
    /// The number of stones.
    pub fn size(&self) -> usize {
        self.stones.len()
    }

    /// The group's count: the distinct territories of its colour it is next to.
    pub fn count(&self) -> usize {
        self.territories.len()
    }
}

/// A connected region of points that are empty or hold dead stones, once the dead groups are
/// known: a territory when every living stone next to it has one colour.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Region {
    /// The colour owning it, or `None` for a neutral region (it touches both colours, or no
    /// living stone at all).
    pub owner: Option<Color>,
    /// Its points, dead stones included.
    pub points: PointSet,
    /// The dead stones inside it (removed at the end; their points count for its size).
    pub dead_stones: PointSet,
}

impl Region {
    /// The size: the number of points, the removed dead stones' points included.
    pub fn size(&self) -> usize {
        self.points.len()
    }
}

/// The full score breakdown of a position "as if the game ended now".
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Score {
    /// Every group, living and dead, in the order of their lowest points (row by row).
    pub groups: Vec<Group>,
    /// Every region of empty or dead points, territories and neutral regions, by their lowest
    /// point.
    pub regions: Vec<Region>,
}

/// The territory counts and sizes one colour's living groups bring to the seed's rule.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct SeedLists {
    /// The counts of the living groups, largest first (groups with equal counts ordered by
    /// their size lists, larger first).
    pub counts: Vec<usize>,
    /// The territory sizes, group by group in the order of `counts`, each group's largest
    /// first, concatenated.
    pub sizes: Vec<usize>,
}

/// Compares two lists element by element, a missing entry counting as 0.
pub fn compare_padded(a: &[usize], b: &[usize]) -> Ordering {
    let len = a.len().max(b.len());
    for i in 0..len {
        let x = a.get(i).copied().unwrap_or(0);
        let y = b.get(i).copied().unwrap_or(0);
        match x.cmp(&y) {
            Ordering::Equal => {}
            other => return other,
        }
    }
    Ordering::Equal
}

fn by_color(order: Ordering) -> Option<Color> {
    match order {
        Ordering::Greater => Some(Color::Black),
        Ordering::Less => Some(Color::White),
        Ordering::Equal => None,
    }
}

impl Score {
    /// The territories owned by `color`.
    pub fn territories(&self, color: Color) -> impl Iterator<Item = &Region> + '_ {
        self.regions.iter().filter(move |r| r.owner == Some(color))
    }

    /// The living groups of `color`.
    pub fn living_groups(&self, color: Color) -> impl Iterator<Item = &Group> + '_ {
        self.groups
            .iter()
            .filter(move |g| g.alive && g.color == color)
    }

    /// Every dead stone (both colours).
    pub fn dead_stones(&self) -> PointSet {
        self.groups
            .iter()
            .filter(|g| !g.alive)
            .fold(PointSet::EMPTY, |acc, g| acc.or(&g.stones))
    }

    /// Whether every group is dead (then nobody has territory and the game is a draw).
    pub fn all_dead(&self) -> bool {
        self.groups.iter().all(|g| !g.alive)
    }

    /// The size list of one group: its territories' sizes, largest first.
    pub fn group_sizes(&self, group: &Group) -> Vec<usize> {
        let mut sizes: Vec<usize> = group
            .territories
            .iter()
            .map(|&i| self.regions[i].size())
            .collect();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes
    }

    /// `color`'s lists for the seed's rule: counts largest first, then the sizes group by group.
    pub fn seed_lists(&self, color: Color) -> SeedLists {
        let mut entries: Vec<(usize, Vec<usize>)> = self
            .living_groups(color)
            .map(|g| (g.count(), self.group_sizes(g)))
            .collect();
        // seed_tie_break_order: equal counts are ordered by their own size lists, larger
        // first, so that the player's list is the best arrangement.
        entries.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| compare_padded(&b.1, &a.1)));
        SeedLists {
            counts: entries.iter().map(|e| e.0).collect(),
            sizes: entries.into_iter().flat_map(|e| e.1).collect(),
        }
    }

    /// `color`'s whole points under the triangular rule: N(N+1)/2 per living group with N
    /// territories (the half point for the largest territory is [`Score::largest_territory`]).
    pub fn triangular_points(&self, color: Color) -> usize {
        self.living_groups(color)
            .map(|g| g.count() * (g.count() + 1) / 2)
            .sum()
    }

    /// The sizes of `color`'s territories, largest first, each territory once.
    pub fn territory_sizes(&self, color: Color) -> Vec<usize> {
        let mut sizes: Vec<usize> = self.territories(color).map(Region::size).collect();
        sizes.sort_unstable_by(|a, b| b.cmp(a));
        sizes
    }

    /// The colour that gets the triangular rule's half point: the owner of the single largest
    /// territory, next largest compared on a tie; `None` when the lists are identical.
    pub fn largest_territory(&self) -> Option<Color> {
        by_color(compare_padded(
            &self.territory_sizes(Color::Black),
            &self.territory_sizes(Color::White),
        ))
    }

    /// `color`'s triangular total in half points (twice the points, plus one for the largest
    /// territory).
    pub fn triangular_half_points(&self, color: Color) -> usize {
        2 * self.triangular_points(color) + usize::from(self.largest_territory() == Some(color))
    }

    /// The winning colour under `rule` (`None`: a draw), with the reason in a few words.
    pub fn decide(&self, rule: ScoringRule) -> (Option<Color>, &'static str) {
        if self.groups.is_empty() {
            return (None, "no stones on the board");
        }
        if self.all_dead() {
            // all_dead_draw: if every group dies, nobody has territory.
            return (None, "every group is dead");
        }
        match rule {
            ScoringRule::Seed => {
                let black = self.seed_lists(Color::Black);
                let white = self.seed_lists(Color::White);
                if let Some(c) = by_color(compare_padded(&black.counts, &white.counts)) {
                    return (Some(c), "more separate territories");
                }
                if let Some(c) = by_color(compare_padded(&black.sizes, &white.sizes)) {
                    return (Some(c), "larger territories");
                }
                (None, "equal territories")
            }
            ScoringRule::Triangular => {
                let black = self.triangular_half_points(Color::Black);
                let white = self.triangular_half_points(Color::White);
                match by_color(black.cmp(&white)) {
                    Some(c) => (Some(c), "more points (triangular scoring)"),
                    None => (None, "equal points (triangular scoring)"),
                }
            }
        }
    }

    /// The winning colour under `rule`, or `None` for a draw.
    pub fn winner(&self, rule: ScoringRule) -> Option<Color> {
        self.decide(rule).0
    }
}

/// Point indices live below 21 × 22; the cell array pads them by 23 on both sides so that
/// every neighbour offset stays in bounds.
const INDICES: usize = 21 * ROW_STRIDE as usize;
const PAD: usize = 23;
/// The most nodes (groups and empty regions) a board can have: one per point.
const MAX_NODES: usize = 331;
const NONE: u16 = u16::MAX;
/// The most pairs of touching nodes: at most one per pair of neighbouring points (fewer than
/// 3 per point).
const MAX_EDGES: usize = 3 * MAX_NODES;
/// Cell contents: the colour index of a stone, an empty point, or no point at all.
const EMPTY_CELL: u8 = 2;
const OFF_BOARD: u8 = 3;
/// Offsets of the six neighbours of a point index.
const NEIGHBOURS: [isize; 6] = [-1, 1, -22, 22, -23, 23];

/// The position as a small graph: its groups and empty regions (nodes, each a connected set
/// of points) and which of them touch. Dead-group removal only merges nodes, so every step of
/// the scoring works on this graph instead of on points.
struct Graph {
    /// The node of each point index (`NONE` off the board).
    label: [u16; INDICES],
    /// Per node: its kind (colour index of a group, or `EMPTY_CELL`), and its points as a
    /// range of `order`.
    kind: [u8; MAX_NODES],
    start: [u16; MAX_NODES + 1],
    order: [u16; MAX_NODES],
    /// Per node: its neighbouring nodes as a range of `adj`.
    adj_start: [u16; MAX_NODES + 1],
    adj: [u16; 2 * MAX_EDGES],
    nodes: usize,
}

impl Graph {
    fn new(pos: &Position) -> Graph {
        let mut cell = [OFF_BOARD; INDICES + 2 * PAD];
        for (color, stones) in pos.stones.iter().enumerate() {
            for p in stones.iter() {
                cell[p.index() + PAD] = color as u8;
            }
        }
        let empty = pos.empty_points();
        for p in empty.iter() {
            cell[p.index() + PAD] = EMPTY_CELL;
        }
        let mut g = Graph {
            label: [NONE; INDICES],
            kind: [0; MAX_NODES],
            start: [0; MAX_NODES + 1],
            order: [0; MAX_NODES],
            adj_start: [0; MAX_NODES + 1],
            adj: [0; 2 * MAX_EDGES],
            nodes: 0,
        };
        // Label the connected sets of equal cells (groups and empty regions), each by a
        // breadth-first search that uses `order` as its queue. A node meets the nodes
        // labelled before it on the way: each pair of touching nodes is recorded once, by
        // the later of the two.
        let mut edge_from = [0u16; MAX_EDGES];
        let mut edge_to = [0u16; MAX_EDGES];
        let mut edges = 0usize;
        let mut stamp = [NONE; MAX_NODES];
        let mut len = 0usize;
        for p in pos.points().iter() {
            let p = p.index();
            if g.label[p] != NONE {
                continue;
            }
            let node = g.nodes;
            let kind = cell[p + PAD];
            g.kind[node] = kind;
            g.start[node] = len as u16;
            g.label[p] = node as u16;
            g.order[len] = p as u16;
            len += 1;
            let mut i = g.start[node] as usize;
            while i < len {
                let q = g.order[i] as usize + PAD;
                for d in NEIGHBOURS {
                    let r = q.wrapping_add_signed(d);
                    let c = cell[r];
                    if c == OFF_BOARD {
                        continue;
                    }
                    let other = g.label[r - PAD];
                    if c == kind {
                        if other == NONE {
                            g.label[r - PAD] = node as u16;
                            g.order[len] = (r - PAD) as u16;
                            len += 1;
                        }
                    } else if other != NONE && stamp[other as usize] != node as u16 {
                        stamp[other as usize] = node as u16;
                        edge_from[edges] = node as u16;
                        edge_to[edges] = other;
                        edges += 1;
                    }
                }
                i += 1;
            }
            g.nodes += 1;
        }
        g.start[g.nodes] = len as u16;
        // The neighbouring nodes of each node (both directions of every pair), by a counting
        // sort of the pairs.
        let mut degree = [0u16; MAX_NODES + 1];
        for e in 0..edges {
            degree[edge_from[e] as usize] += 1;
            degree[edge_to[e] as usize] += 1;
        }
        let mut total = 0u16;
        for (start, d) in g.adj_start.iter_mut().zip(degree.iter_mut()).take(g.nodes) {
            *start = total;
            total += *d;
            *d = *start;
        }
        g.adj_start[g.nodes] = total;
        for e in 0..edges {
            let (a, b) = (edge_from[e] as usize, edge_to[e] as usize);
            g.adj[degree[a] as usize] = b as u16;
            degree[a] += 1;
            g.adj[degree[b] as usize] = a as u16;
            degree[b] += 1;
        }
        g
    }

    fn neighbours(&self, node: usize) -> &[u16] {
        &self.adj[self.adj_start[node] as usize..self.adj_start[node + 1] as usize]
    }

    fn size(&self, node: usize) -> usize {
        (self.start[node + 1] - self.start[node]) as usize
    }

    fn points(&self, node: usize) -> PointSet {
        let mut set = PointSet::EMPTY;
        for &p in &self.order[self.start[node] as usize..self.start[node + 1] as usize] {
            set.insert(Point::from_index(p as usize));
        }
        set
    }
}

/// The dead groups and the regions once the weakest-first removal is over.
struct Resolved {
    /// Per node: the removal step that killed it (groups only), 0 if alive or empty.
    removed: [u16; MAX_NODES],
    /// Per open node (empty region or dead group): its region; `NONE` for living groups.
    region: [u16; MAX_NODES],
    /// Per region: its owner (colour index, or `NONE`).
    owner: [u16; MAX_NODES],
    regions: usize,
}

fn resolve(g: &Graph) -> Resolved {
    let nodes = g.nodes;
    let mut res = Resolved {
        removed: [0; MAX_NODES],
        region: [NONE; MAX_NODES],
        owner: [NONE; MAX_NODES],
        regions: 0,
    };
    // open[n]: an empty region or a dead group.
    let mut open = [false; MAX_NODES];
    for (o, &kind) in open.iter_mut().zip(&g.kind).take(nodes) {
        *o = kind == EMPTY_CELL;
    }
    let mut stack = [0u16; MAX_NODES];
    let mut has_territory = [false; MAX_NODES];
    let mut joined = [0u8; MAX_NODES];
    let mut step = 0u16;
    loop {
        // Regions: connected sets of open nodes.
        res.region[..nodes].fill(NONE);
        res.regions = 0;
        for n in 0..nodes {
            if !open[n] || res.region[n] != NONE {
                continue;
            }
            let id = res.regions as u16;
            res.regions += 1;
            res.region[n] = id;
            let mut colours = 0u8;
            let mut top = 0;
            stack[top] = n as u16;
            top += 1;
            while top > 0 {
                top -= 1;
                let m = stack[top] as usize;
                for &k in g.neighbours(m) {
                    let k = k as usize;
                    if open[k] {
                        if res.region[k] == NONE {
                            res.region[k] = id;
                            stack[top] = k as u16;
                            top += 1;
                        }
                    } else {
                        colours |= 1 << g.kind[k];
                    }
                }
            }
            // territory_rule: every living stone next to the region has one colour, and
            // there is at least one.
            res.owner[id as usize] = match colours {
                1 => 0,
                2 => 1,
                _ => NONE,
            };
        }
        // alive_rule, first part: a group next to a territory of its colour has territory.
        joined[..res.regions].fill(0);
        for n in 0..nodes {
            if open[n] {
                continue;
            }
            let kind = u16::from(g.kind[n]);
            has_territory[n] = g.neighbours(n).iter().any(|&k| {
                let r = res.region[k as usize];
                r != NONE && res.owner[r as usize] == kind
            });
            if has_territory[n] {
                for &k in g.neighbours(n) {
                    let r = res.region[k as usize];
                    if r != NONE {
                        joined[r as usize] |= 1 << kind;
                    }
                }
            }
        }
        // alive_rule, second part: joined through empty (or dead) points to a friendly group
        // that has territory (not transitively). weakest_first_removal: every non-alive group
        // with the fewest stones (both colours at once) dies; then everything is recomputed.
        let mut weakest = usize::MAX;
        let mut dying = 0usize;
        for n in 0..nodes {
            if open[n] || has_territory[n] {
                continue;
            }
            let bit = 1u8 << g.kind[n];
            let alive = g.neighbours(n).iter().any(|&k| {
                let r = res.region[k as usize];
                r != NONE && joined[r as usize] & bit != 0
            });
            if !alive {
                let size = g.size(n);
                if size < weakest {
                    weakest = size;
                    dying = 0;
                }
                if size == weakest {
                    // Remember the candidates of this size at the front of `stack`.
                    stack[dying] = n as u16;
                    dying += 1;
                }
            }
        }
        if weakest == usize::MAX {
            return res;
        }
        step += 1;
        for &n in &stack[..dying] {
            res.removed[n as usize] = step;
            open[n as usize] = true;
        }
    }
}

impl Position {
    /// The score breakdown of this position as if the game ended now: which groups die
    /// (weakest first), the territories and their owners, each living group's territories.
    pub fn score_breakdown(&self) -> Score {
        let g = Graph::new(self);
        let res = resolve(&g);
        let mut regions: Vec<Region> = (0..res.regions)
            .map(|r| Region {
                owner: match res.owner[r] {
                    0 => Some(Color::Black),
                    1 => Some(Color::White),
                    _ => None,
                },
                points: PointSet::EMPTY,
                dead_stones: PointSet::EMPTY,
            })
            .collect();
        let mut groups = Vec::new();
        for n in 0..g.nodes {
            let points = g.points(n);
            let r = res.region[n];
            if r != NONE {
                let region = &mut regions[r as usize];
                region.points = region.points.or(&points);
                if g.kind[n] != EMPTY_CELL {
                    region.dead_stones = region.dead_stones.or(&points);
                }
            }
            if g.kind[n] == EMPTY_CELL {
                continue;
            }
            let color = if g.kind[n] == 0 {
                Color::Black
            } else {
                Color::White
            };
            let alive = res.removed[n] == 0;
            let mut territories: Vec<usize> = Vec::new();
            if alive {
                for &k in g.neighbours(n) {
                    let r = res.region[k as usize];
                    if r != NONE
                        && res.owner[r as usize] == u16::from(g.kind[n])
                        && !territories.contains(&(r as usize))
                    {
                        territories.push(r as usize);
                    }
                }
                territories.sort_unstable();
            }
            groups.push(Group {
                color,
                stones: points,
                alive,
                removed_in_step: (!alive).then_some(u32::from(res.removed[n])),
                territories,
            });
        }
        Score { groups, regions }
    }
}

fn list(values: &[usize]) -> String {
    let items: Vec<String> = values.iter().map(usize::to_string).collect();
    format!("[{}]", items.join(", "))
}

fn half_points(half: usize) -> String {
    if half % 2 == 0 {
        format!("{}", half / 2)
    } else {
        format!("{}½", half / 2)
    }
}

impl Position {
    /// The board with the scoring drawn in: `B`/`W` living stones, `b`/`w` dead stones,
    /// `+` Black's territory, `-` White's territory, `.` neutral points.
    pub fn score_diagram(&self, score: &Score) -> String {
        let dead = score.dead_stones();
        let mut black_territory = PointSet::EMPTY;
        let mut white_territory = PointSet::EMPTY;
        for r in &score.regions {
            match r.owner {
                Some(Color::Black) => black_territory = black_territory.or(&r.points),
                Some(Color::White) => white_territory = white_territory.or(&r.points),
                None => {}
            }
        }
        crate::notation::draw(self.size(), |p| match self.stone_at(p) {
            Some(Color::Black) if dead.contains(p) => 'b',
            Some(Color::White) if dead.contains(p) => 'w',
            Some(Color::Black) => 'B',
            Some(Color::White) => 'W',
            None if black_territory.contains(p) => '+',
            None if white_territory.contains(p) => '-',
            None => '.',
        })
    }

    /// The score breakdown in lines for people, as if the game ended now: per colour the
    /// living and dead groups and the territories, the seed rule's lists and the triangular
    /// points, each rule's verdict, and the scored board.
    pub fn score_lines(&self) -> Vec<String> {
        let score = self.score_breakdown();
        let mut lines = vec!["score as if the game ended now:".to_owned()];
        for color in Color::ALL {
            let living = score.living_groups(color).count();
            let dead: Vec<&Group> = score
                .groups
                .iter()
                .filter(|g| g.color == color && !g.alive)
                .collect();
            let dead_stones: usize = dead.iter().map(|g| g.size()).sum();
            let seed = score.seed_lists(color);
            lines.push(format!(
                "  {color}: groups living {living}, dead {} ({dead_stones} stones); territories {}; counts {} sizes {}; triangular {}",
                dead.len(),
                list(&score.territory_sizes(color)),
                list(&seed.counts),
                list(&seed.sizes),
                half_points(score.triangular_half_points(color)),
            ));
        }
        for (rule, name) in [
            (ScoringRule::Seed, "seed rule"),
            (ScoringRule::Triangular, "triangular rule"),
        ] {
            let (winner, reason) = score.decide(rule);
            lines.push(match winner {
                Some(color) => format!("  {name}: {color} wins ({reason})"),
                None => format!("  {name}: draw ({reason})"),
            });
        }
        lines.push(
            "  (B W living stones, b w dead stones, + black territory, - white territory)"
                .to_owned(),
        );
        lines.extend(self.score_diagram(&score).lines().map(|l| format!("  {l}")));
        lines
    }
}
