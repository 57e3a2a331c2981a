//! Scoring at the end: groups, territories (with dead stones inside), the weakest-first
//! removal of dead groups and the revive step after it, territory counts, and the two winner
//! rules.

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::board::PointSet;
use crate::outcome::EndReason;
use crate::position::{Color, Position};

/// Which winner rule decides a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
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
    /// Whether it lives (it is removed at the end otherwise). A group the revive step
    /// brought back lives.
    pub alive: bool,
    /// For a dead group, the removal step (1 = the first, weakest, batch) that took it.
    pub removed_in_step: Option<u32>,
    /// For a living group that the weakest-first removal took and the revive step brought
    /// back (it lies inside a territory of its own colour), the removal step that had taken
    /// it; `None` for every other group.
    pub revived_from_step: Option<u32>,
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

    /// The winning colour under `rule` (`None`: a draw), with the comparison that decided.
    pub fn decide(&self, rule: ScoringRule) -> (Option<Color>, EndReason) {
        if self.groups.is_empty() {
            return (None, EndReason::NoStones);
        }
        if self.all_dead() {
            // all_dead_draw: if every group dies, nobody has territory.
            return (None, EndReason::AllDead);
        }
        match rule {
            ScoringRule::Seed => {
                let black = self.seed_lists(Color::Black);
                let white = self.seed_lists(Color::White);
                if let Some(c) = by_color(compare_padded(&black.counts, &white.counts)) {
                    return (Some(c), EndReason::MoreTerritories);
                }
                if let Some(c) = by_color(compare_padded(&black.sizes, &white.sizes)) {
                    return (Some(c), EndReason::LargerTerritories);
                }
                (None, EndReason::EqualTerritories)
            }
            ScoringRule::Triangular => {
                let black = self.triangular_half_points(Color::Black);
                let white = self.triangular_half_points(Color::White);
                match by_color(black.cmp(&white)) {
                    Some(c) => (Some(c), EndReason::MorePoints),
                    None => (None, EndReason::EqualPoints),
                }
            }
        }
    }

    /// The winning colour under `rule`, or `None` for a draw.
    pub fn winner(&self, rule: ScoringRule) -> Option<Color> {
        self.decide(rule).0
    }
}

/// The most nodes (groups and empty regions) a board can have: one per point.
const MAX_NODES: usize = 331;
/// The most runs (maximal blocks of equal points within a row): one per point.
const MAX_RUNS: usize = 331;
/// The most touching pairs of runs: fewer than three per point.
const MAX_RUN_EDGES: usize = 3 * MAX_RUNS;
const NONE: u16 = u16::MAX;
/// The kind of an empty node (groups have their colour index, 0 or 1).
const EMPTY_CELL: u8 = 2;

/// The position as a small graph: its groups and empty regions (nodes, each a connected set
/// of points) and which of them touch. Dead-group removal only merges nodes, so every step of
/// the scoring works on this graph instead of on points.
///
/// It is built from runs: the maximal blocks of equal points (black, white or empty) within a
/// row. Runs of one row touch their neighbours in the row; a run on columns `a..=b` of row `r`
/// touches the runs of row `r + 1` that meet columns `a..=b+1`. Touching runs of one kind
/// belong to one node (union-find); touching runs of different kinds make the nodes' edges.
struct Graph {
    /// Per run: its row, its columns as a bit mask, and (once built) its node.
    run_row: [u8; MAX_RUNS],
    run_mask: [u32; MAX_RUNS],
    run_node: [u16; MAX_RUNS],
    runs: usize,
    /// Per node: its kind (colour index of a group, or `EMPTY_CELL`) and number of points.
    kind: [u8; MAX_NODES],
    size: [u16; MAX_NODES],
    /// Per node: its neighbouring nodes as a range of `adj`.
    adj_start: [u16; MAX_NODES + 1],
    adj: [u16; 2 * MAX_RUN_EDGES],
    nodes: usize,
}

fn find(parent: &mut [u16; MAX_RUNS], mut x: usize) -> usize {
    while parent[x] as usize != x {
        let up = parent[parent[x] as usize];
        parent[x] = up;
        x = up as usize;
    }
    x
}

impl Graph {
    fn new(pos: &Position) -> Graph {
        let board = pos.points();
        let words = [pos.stones[0], pos.stones[1], pos.empty_points()];
        let mut g = Graph {
            run_row: [0; MAX_RUNS],
            run_mask: [0; MAX_RUNS],
            run_node: [NONE; MAX_RUNS],
            runs: 0,
            kind: [0; MAX_NODES],
            size: [0; MAX_NODES],
            adj_start: [0; MAX_NODES + 1],
            adj: [0; 2 * MAX_RUN_EDGES],
            nodes: 0,
        };
        let mut run_kind = [0u8; MAX_RUNS];
        let mut parent = [0u16; MAX_RUNS];
        let mut edge_a = [0u16; MAX_RUN_EDGES];
        let mut edge_b = [0u16; MAX_RUN_EDGES];
        let mut edges = 0usize;
        let mut row_first = [0usize; 22];
        // The runs, row by row, left to right; neighbours in a row always differ in kind.
        for (row, first) in row_first.iter_mut().enumerate().take(21) {
            *first = g.runs;
            let mut rest = board.0[row];
            while rest != 0 {
                let start = rest.trailing_zeros();
                let kind = (0..3)
                    .find(|&k| words[k].0[row] >> start & 1 != 0)
                    .unwrap_or(2);
                let len = (!(words[kind].0[row] >> start)).trailing_zeros();
                let mask = (u32::MAX >> (32 - len)) << start;
                rest &= !mask;
                let id = g.runs;
                g.run_row[id] = row as u8;
                g.run_mask[id] = mask;
                run_kind[id] = kind as u8;
                parent[id] = id as u16;
                if id > *first {
                    edge_a[edges] = (id - 1) as u16;
                    edge_b[edges] = id as u16;
                    edges += 1;
                }
                g.runs += 1;
            }
        }
        row_first[21] = g.runs;
        // Runs of consecutive rows: a run on columns a..=b touches columns a..=b+1 below.
        for row in 0..20 {
            let (mut i, mut j) = (row_first[row], row_first[row + 1]);
            let (end_i, end_j) = (row_first[row + 1], row_first[row + 2]);
            while i < end_i && j < end_j {
                let reach = g.run_mask[i] | g.run_mask[i] << 1;
                if reach & g.run_mask[j] != 0 {
                    if run_kind[i] == run_kind[j] {
                        let (a, b) = (find(&mut parent, i), find(&mut parent, j));
                        if a != b {
                            parent[a.max(b)] = a.min(b) as u16;
                        }
                    } else {
                        edge_a[edges] = i as u16;
                        edge_b[edges] = j as u16;
                        edges += 1;
                    }
                }
                // Advance the run whose reach ends first (the upper one on a tie: the next
                // upper run may still touch the same lower run).
                let end_upper = 32 - reach.leading_zeros();
                let end_lower = 32 - g.run_mask[j].leading_zeros();
                if end_upper <= end_lower {
                    i += 1;
                } else {
                    j += 1;
                }
            }
        }
        // Nodes: the union-find classes, numbered in the order of their first run (so in the
        // order of their lowest points).
        for r in 0..g.runs {
            let root = find(&mut parent, r);
            if g.run_node[root] == NONE {
                g.run_node[root] = g.nodes as u16;
                g.kind[g.nodes] = run_kind[root];
                g.nodes += 1;
            }
            let node = g.run_node[root];
            g.run_node[r] = node;
            g.size[node as usize] += g.run_mask[r].count_ones() as u16;
        }
        // The neighbouring nodes of each node: a counting sort of both directions of every
        // pair of touching runs, then repeats removed node by node.
        let mut degree = [0u16; MAX_NODES + 1];
        for e in 0..edges {
            degree[g.run_node[edge_a[e] as usize] as usize] += 1;
            degree[g.run_node[edge_b[e] as usize] as usize] += 1;
        }
        let mut fill = [0u16; MAX_NODES + 1];
        let mut total = 0u16;
        for (f, &d) in fill.iter_mut().zip(&degree).take(g.nodes) {
            *f = total;
            total += d;
        }
        let mut raw = [0u16; 2 * MAX_RUN_EDGES];
        for e in 0..edges {
            let a = g.run_node[edge_a[e] as usize] as usize;
            let b = g.run_node[edge_b[e] as usize] as usize;
            raw[fill[a] as usize] = b as u16;
            fill[a] += 1;
            raw[fill[b] as usize] = a as u16;
            fill[b] += 1;
        }
        let mut stamp = [NONE; MAX_NODES];
        let mut len = 0usize;
        let mut from = 0usize;
        for (n, &end) in fill.iter().enumerate().take(g.nodes) {
            g.adj_start[n] = len as u16;
            let to = end as usize;
            for &other in &raw[from..to] {
                if stamp[other as usize] != n as u16 {
                    stamp[other as usize] = n as u16;
                    g.adj[len] = other;
                    len += 1;
                }
            }
            from = to;
        }
        g.adj_start[g.nodes] = len as u16;
        g
    }

    fn neighbours(&self, node: usize) -> &[u16] {
        &self.adj[self.adj_start[node] as usize..self.adj_start[node + 1] as usize]
    }

    fn size(&self, node: usize) -> usize {
        self.size[node] as usize
    }

    /// The points of every node.
    fn node_points(&self) -> Vec<PointSet> {
        let mut sets = vec![PointSet::EMPTY; self.nodes];
        for r in 0..self.runs {
            sets[self.run_node[r] as usize].0[self.run_row[r] as usize] |= self.run_mask[r];
        }
        sets
    }
}

/// The dead groups and the regions once the weakest-first removal and the revive step are
/// over.
struct Resolved {
    /// Per node: the removal step that killed it (groups only), 0 if alive or empty.
    removed: [u16; MAX_NODES],
    /// Per node: for a group the revive step brought back, the removal step that had killed
    /// it; 0 otherwise.
    revived: [u16; MAX_NODES],
    /// Per open node (empty region or dead group): its region; `NONE` for living groups.
    region: [u16; MAX_NODES],
    /// Per region: its owner (colour index, or `NONE`).
    owner: [u16; MAX_NODES],
    regions: usize,
}

/// The working state of the scoring: which nodes are open (empty, or a group taken to be
/// dead, the page's set D) and the regions and owners that follow from it.
struct Resolver<'g> {
    g: &'g Graph,
    /// Per node: an empty region or a group in D.
    open: [bool; MAX_NODES],
    /// A work stack for the flood fills (and the candidates of one step).
    stack: [u16; MAX_NODES],
    res: Resolved,
}

impl<'g> Resolver<'g> {
    fn new(g: &'g Graph) -> Resolver<'g> {
        let mut open = [false; MAX_NODES];
        for (o, &kind) in open.iter_mut().zip(&g.kind).take(g.nodes) {
            *o = kind == EMPTY_CELL;
        }
        Resolver {
            g,
            open,
            stack: [0; MAX_NODES],
            res: Resolved {
                removed: [0; MAX_NODES],
                revived: [0; MAX_NODES],
                region: [NONE; MAX_NODES],
                owner: [NONE; MAX_NODES],
                regions: 0,
            },
        }
    }

    /// The regions (connected sets of open nodes) and their owners, for D as it is now.
    fn compute_regions(&mut self) {
        let (g, res, open, stack) = (self.g, &mut self.res, &self.open, &mut self.stack);
        let nodes = g.nodes;
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
    }

    /// The page's weakest-first removal: while some group outside D is not alive, every
    /// non-alive group with the fewest stones (both colours at once) joins D, and everything
    /// is computed again. Leaves the regions computed for the final D.
    fn weakest_first_removal(&mut self) {
        let g = self.g;
        let nodes = g.nodes;
        let mut has_territory = [false; MAX_NODES];
        let mut joined = [0u8; MAX_NODES];
        let mut step = 0u16;
        loop {
            self.compute_regions();
            let res = &self.res;
            // alive_rule, first part: a group next to a territory of its colour has territory.
            joined[..res.regions].fill(0);
            for (n, has) in has_territory.iter_mut().enumerate().take(nodes) {
                if self.open[n] {
                    continue;
                }
                let kind = u16::from(g.kind[n]);
                *has = g.neighbours(n).iter().any(|&k| {
                    let r = res.region[k as usize];
                    r != NONE && res.owner[r as usize] == kind
                });
                if *has {
                    for &k in g.neighbours(n) {
                        let r = res.region[k as usize];
                        if r != NONE {
                            joined[r as usize] |= 1 << kind;
                        }
                    }
                }
            }
            // alive_rule, second part: joined through empty (or dead) points to a friendly
            // group that has territory (not transitively). Every non-alive group with the
            // fewest stones dies in this step.
            let mut weakest = usize::MAX;
            let mut dying = 0usize;
            for (n, &has) in has_territory.iter().enumerate().take(nodes) {
                if self.open[n] || has {
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
                        self.stack[dying] = n as u16;
                        dying += 1;
                    }
                }
            }
            if weakest == usize::MAX {
                return;
            }
            step += 1;
            for &n in &self.stack[..dying] {
                self.res.removed[n as usize] = step;
                self.open[n as usize] = true;
            }
        }
    }

    /// The page's revive step ("Scoring at the end", after the weakest-first removal): while
    /// some group in D lies inside a territory of its own colour (its points belong to a
    /// region, for D as it then is, that is a territory of its colour), every such group
    /// leaves D, and the regions are computed again. This keeps alive a small group that the
    /// weakest-first order removed before the enemy invader beside it. Expects the regions
    /// computed for the current D, and leaves them computed for the final D.
    ///
    /// A revived group only splits its own colour's territory into territories of that
    /// colour (the page's reason why the step never makes a living group dead), so the second
    /// pass finds nothing to revive; the loop follows the page's wording all the same, and
    /// costs one pass over the nodes when nothing is revived.
    fn revive_enclosed_groups(&mut self) {
        let g = self.g;
        loop {
            let mut any = false;
            for n in 0..g.nodes {
                if g.kind[n] == EMPTY_CELL || !self.open[n] {
                    continue;
                }
                let r = self.res.region[n] as usize;
                if self.res.owner[r] == u16::from(g.kind[n]) {
                    // Every such group at once: the test reads the regions computed before
                    // this pass, which stay as they are until the pass ends.
                    self.open[n] = false;
                    self.res.revived[n] = self.res.removed[n];
                    self.res.removed[n] = 0;
                    any = true;
                }
            }
            if !any {
                return;
            }
            self.compute_regions();
        }
    }
}

/// The page's scoring definitions applied to the graph: the weakest-first removal, then the
/// revive step.
fn resolve(g: &Graph) -> Resolved {
    let mut resolver = Resolver::new(g);
    resolver.weakest_first_removal();
    resolver.revive_enclosed_groups();
    resolver.res
}

impl Position {
    /// The score breakdown of this position as if the game ended now: which groups die
    /// (weakest first, then the revive step brings back those inside a territory of their
    /// own colour), the territories and their owners, each living group's territories.
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
        let node_points = g.node_points();
        for (n, &points) in node_points.iter().enumerate() {
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
                revived_from_step: (res.revived[n] != 0).then_some(u32::from(res.revived[n])),
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
    if half.is_multiple_of(2) {
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
        crate::notation::draw(self.size(), |p| match self.piece_at(p) {
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
    pub(crate) fn score_lines(&self) -> Vec<String> {
        let score = self.score_breakdown();
        let mut lines = vec!["score as if the game ended now:".to_owned()];
        for color in Color::ALL {
            let living = score.living_groups(color).count();
            let revived = score
                .living_groups(color)
                .filter(|g| g.revived_from_step.is_some())
                .count();
            let revived = if revived == 0 {
                String::new()
            } else {
                format!(" ({revived} revived)")
            };
            let dead: Vec<&Group> = score
                .groups
                .iter()
                .filter(|g| g.color == color && !g.alive)
                .collect();
            let dead_stones: usize = dead.iter().map(|g| g.size()).sum();
            let stones = if dead_stones == 1 { "stone" } else { "stones" };
            let seed = score.seed_lists(color);
            lines.push(format!(
                "  {color}: groups living {living}{revived}, dead {} ({dead_stones} {stones}); territories {}; counts {} sizes {}; triangular {}",
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
