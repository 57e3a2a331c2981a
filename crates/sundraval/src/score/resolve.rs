//! The resolver behind the score: the position as a graph of groups and empty regions, the
//! weakest-first removal of dead groups, and the revive step after it (the rules page,
//! "Scoring at the end"). It works on fixed-size arrays, without allocation: the search's
//! evaluation scores positions many times.

use alloc::vec;
use alloc::vec::Vec;

use crate::board::PointSet;
use crate::position::Position;

/// The most nodes (groups and empty regions) a board can have: one per point.
const MAX_NODES: usize = 331;
/// The most runs (maximal blocks of equal points within a row): one per point.
const MAX_RUNS: usize = 331;
/// The most touching pairs of runs: fewer than three per point.
const MAX_RUN_EDGES: usize = 3 * MAX_RUNS;
pub(super) const NONE: u16 = u16::MAX;
/// The kind of an empty node (groups have their colour index, 0 or 1).
pub(super) const EMPTY_CELL: u8 = 2;

/// The position as a small graph: its groups and empty regions (nodes, each a connected set
/// of points) and which of them touch. Dead-group removal only merges nodes, so every step of
/// the scoring works on this graph instead of on points.
///
/// It is built from runs: the maximal blocks of equal points (black, white or empty) within a
/// row. Runs of one row touch their neighbours in the row; a run on columns `a..=b` of row `r`
/// touches the runs of row `r + 1` that meet columns `a..=b+1`. Touching runs of one kind
/// belong to one node (union-find); touching runs of different kinds make the nodes' edges.
pub(super) struct Graph {
    /// Per run: its row, its columns as a bit mask, and (once built) its node.
    run_row: [u8; MAX_RUNS],
    run_mask: [u32; MAX_RUNS],
    run_node: [u16; MAX_RUNS],
    runs: usize,
    /// Per node: its kind (colour index of a group, or `EMPTY_CELL`) and number of points.
    pub(super) kind: [u8; MAX_NODES],
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
    pub(super) fn new(pos: &Position) -> Graph {
        let board = pos.points();
        let words = [pos.stones[0], pos.stones[1], pos.empty()];
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

    pub(super) fn neighbours(&self, node: usize) -> &[u16] {
        &self.adj[self.adj_start[node] as usize..self.adj_start[node + 1] as usize]
    }

    fn size(&self, node: usize) -> usize {
        self.size[node] as usize
    }

    /// The points of every node.
    pub(super) fn node_points(&self) -> Vec<PointSet> {
        let mut sets = vec![PointSet::EMPTY; self.nodes];
        for r in 0..self.runs {
            sets[self.run_node[r] as usize].0[self.run_row[r] as usize] |= self.run_mask[r];
        }
        sets
    }
}

/// The dead groups and the regions once the weakest-first removal and the revive step are
/// over.
pub(super) struct Resolved {
    /// Per node: the removal step that killed it (groups only), 0 if alive or empty.
    pub(super) removed: [u16; MAX_NODES],
    /// Per node: for a group the revive step brought back, the removal step that had killed
    /// it; 0 otherwise.
    pub(super) revived: [u16; MAX_NODES],
    /// Per open node (empty region or dead group): its region; `NONE` for living groups.
    pub(super) region: [u16; MAX_NODES],
    /// Per region: its owner (colour index, or `NONE`).
    pub(super) owner: [u16; MAX_NODES],
    pub(super) regions: usize,
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
pub(super) fn resolve(g: &Graph) -> Resolved {
    let mut resolver = Resolver::new(g);
    resolver.weakest_first_removal();
    resolver.revive_enclosed_groups();
    resolver.res
}

/// Hand-worked small boards from the rules page ("Board and coordinates", "Scoring at the
/// end"). On n = 3 the rows are `a1 b1 c1 / a2 … d2 / a3 … e3 / b4 … e4 / c5 d5 e5`, and the
/// neighbours of (c, r) are (c±1, r), (c, r±1), (c+1, r+1), (c−1, r−1).
#[cfg(test)]
mod tests {
    use super::*;
    use crate::board::Point;
    use alloc::string::{String, ToString};

    /// The graph of a position string and what the resolver makes of it.
    fn resolved(text: &str) -> (Graph, Resolved) {
        let pos: Position = text.parse().expect("a position string");
        let g = Graph::new(&pos);
        let res = resolve(&g);
        (g, res)
    }

    /// The node (group or empty region) that holds the point named `name`.
    fn node(g: &Graph, name: &str) -> usize {
        let point: Point = name.parse().expect("a point name");
        g.node_points()
            .iter()
            .position(|set| set.contains(point))
            .expect("every point of the board is in a node")
    }

    /// The names of a node's points, sorted.
    fn names(g: &Graph, n: usize) -> Vec<String> {
        let mut names: Vec<String> = g.node_points()[n].iter().map(|p| p.to_string()).collect();
        names.sort();
        names
    }

    /// The owner of the region that holds the point named `name`: 0 Black, 1 White, `NONE`
    /// neutral (for a living stone, which is in no region: `None`).
    fn owner_at(g: &Graph, res: &Resolved, name: &str) -> Option<u16> {
        let r = res.region[node(g, name)];
        (r != NONE).then(|| res.owner[r as usize])
    }

    #[test]
    fn a_wall_of_stones_splits_the_empty_points_into_two_regions() {
        // Row 3 full of black stones: a point of rows 1-2 has no neighbour in rows 4-5. (A
        // position after the opening has both colours: white e5 stands above the wall.)
        let (g, _) = resolved("3/4/BBBBB/4/2W b B 0");
        assert_eq!(g.nodes, 4);
        let (below, wall, above, white) = (
            node(&g, "a1"),
            node(&g, "c3"),
            node(&g, "c5"),
            node(&g, "e5"),
        );
        assert_eq!(names(&g, below), ["a1", "a2", "b1", "b2", "c1", "c2", "d2"]);
        assert_eq!(names(&g, wall), ["a3", "b3", "c3", "d3", "e3"]);
        assert_eq!(names(&g, above), ["b4", "c4", "c5", "d4", "d5", "e4"]);
        assert_eq!(names(&g, white), ["e5"]);
        assert_eq!(
            [below, wall, above, white].map(|n| g.kind[n]),
            [EMPTY_CELL, 0, EMPTY_CELL, 1]
        );
        assert_eq!([below, wall, above, white].map(|n| g.size(n)), [7, 5, 6, 1]);
        // Each node's neighbours, each once: the regions touch the wall (and the upper one
        // e5), never each other.
        let around = |n: usize| {
            let mut v = g.neighbours(n).to_vec();
            v.sort_unstable();
            v
        };
        let mut upper = [wall as u16, white as u16];
        upper.sort_unstable();
        assert_eq!(around(below), [wall as u16]);
        assert_eq!(around(above), upper);
        assert_eq!(around(white), [above as u16]);
        let mut both = [below as u16, above as u16];
        both.sort_unstable();
        assert_eq!(around(wall), both);
    }

    #[test]
    fn stones_join_along_the_six_hex_directions_only() {
        // a1 (0,0) and b2 (1,1) are neighbours, (c+1, r+1): one group.
        let (g, _) = resolved("B2/1B2/5/4/2W b B 0");
        assert_eq!(node(&g, "a1"), node(&g, "b2"));
        assert_eq!(g.size(node(&g, "a1")), 2);
        // b1 (1,0) and a2 (0,1) are not, (c−1, r+1): two groups of one stone.
        let (g, _) = resolved("1B1/B3/5/4/2W b B 0");
        assert_ne!(node(&g, "b1"), node(&g, "a2"));
        assert_eq!((g.size(node(&g, "b1")), g.size(node(&g, "a2"))), (1, 1));
        // The empty points around them are one region (a1 reaches the rest through b2).
        assert_eq!(node(&g, "a1"), node(&g, "d5"));
    }

    #[test]
    fn a_region_touched_by_one_colour_is_its_territory() {
        // Black's wall on row 3, White's on row 4: rows 1-2 touch only Black, row 5 only
        // White. Both walls have territory and live; they touch each other directly.
        let (g, res) = resolved("3/4/BBBBB/WWWW/3 b B 0");
        assert_eq!(res.removed[node(&g, "c3")], 0);
        assert_eq!(res.removed[node(&g, "c4")], 0);
        assert_eq!(res.regions, 2);
        assert_eq!(owner_at(&g, &res, "a1"), Some(0));
        assert_eq!(owner_at(&g, &res, "e5"), Some(1));
        // A living group is in no region.
        assert_eq!(owner_at(&g, &res, "c3"), None);
        assert_eq!(owner_at(&g, &res, "c4"), None);
    }

    #[test]
    fn an_invader_without_territory_dies_and_its_points_join_the_territory() {
        // White b1 inside Black's lower area: that region touches both colours (neutral); the
        // upper one is Black's, so the wall lives. b1 has no territory and no white group to
        // join: it dies in step 1. Then rows 1-2 (b1 included) touch only Black.
        let (g, res) = resolved("1W1/4/BBBBB/4/3 b B 0");
        let (invader, wall) = (node(&g, "b1"), node(&g, "c3"));
        assert_eq!(res.removed[invader], 1);
        assert_eq!(res.removed[wall], 0);
        assert_eq!(res.region[invader], res.region[node(&g, "a1")]);
        assert_eq!(owner_at(&g, &res, "b1"), Some(0));
        assert_eq!(res.regions, 2);
    }

    #[test]
    fn the_weakest_groups_of_both_colours_die_in_the_same_step() {
        // One stone each, a1 black and e5 white, in one region touching both: neither has
        // territory, both have one stone: both die in step 1, and nobody owns the board.
        let (g, res) = resolved("B2/4/5/4/2W b B 0");
        assert_eq!(res.removed[node(&g, "a1")], 1);
        assert_eq!(res.removed[node(&g, "e5")], 1);
        assert_eq!(res.regions, 1);
        assert_eq!(owner_at(&g, &res, "c3"), Some(NONE));
    }

    #[test]
    fn the_smaller_group_dies_first_and_its_death_gives_the_larger_one_territory() {
        // Black a1 b1 (two stones) and white e5 (one): neither is alive; only the weakest,
        // e5, dies in step 1. Then the one region touches Black only: Black lives.
        let (g, res) = resolved("BB1/4/5/4/2W b B 0");
        assert_eq!(res.removed[node(&g, "e5")], 1);
        assert_eq!(res.removed[node(&g, "a1")], 0);
        assert_eq!(owner_at(&g, &res, "e5"), Some(0));
        assert_eq!(res.revived[node(&g, "a1")], 0);
    }

    #[test]
    fn a_group_joined_through_empty_points_to_a_friendly_group_with_territory_lives() {
        // Black a1 (one stone), white c1 d2 (two), Black's wall on row 3 (its upper region is
        // its territory). The region b1 a2 b2 c2 touches a1, the white pair and the wall:
        // neutral, so a1 has no territory, but it is joined through that region to the wall,
        // which has: a1 is alive, although it is the smallest group. The white pair is not
        // alive and dies in step 1; rows 1-2 then touch only Black.
        let (g, res) = resolved("B1W/3W/BBBBB/4/3 b B 0");
        let (single, pair) = (node(&g, "a1"), node(&g, "c1"));
        assert_eq!(node(&g, "d2"), pair);
        assert_eq!(res.removed[single], 0);
        assert_eq!(res.removed[pair], 1);
        assert_eq!(res.region[pair], res.region[node(&g, "b1")]);
        assert_eq!(owner_at(&g, &res, "b1"), Some(0));
        // That territory touches both black groups (it counts for both).
        for group in [single, node(&g, "c3")] {
            assert!(g
                .neighbours(group)
                .iter()
                .any(|&k| res.region[k as usize] == res.region[pair]));
        }
    }

    #[test]
    fn a_group_taken_too_early_is_revived_inside_its_own_territory() {
        // n = 4, the rules page's case for the revive step:
        //
        //          B  .  w  w          a1 black; c1 d1 a white invader of two stones
        //        .  .  .  .  .
        //      B  B  B  B  B  B        row 3: Black's wall (6 stones)
        //    W  W  .  .  .  .  .       a4 b4 c5 c6: white, around its territory b5
        //      .  W  .  .  .  .
        //        W  .  .  W  W         f6 g6 f7: white, around its territory g7
        //          .  .  W  .
        //
        // Rows 1-2 touch a1, c1 d1 and the wall: neutral. The middle touches the wall and
        // both white groups: neutral. The wall, a1 and c1 d1 are not alive. Step 1: a1 (one
        // stone) dies; step 2: c1 d1 (two; the wall has six) die; then rows 1-2 touch only
        // the wall: Black's, and the wall lives. Revive: a1 lies in that black territory and
        // comes back; c1 d1 lie in a black territory, not a white one, and stay dead.
        let (g, res) = resolved("B1WW/5/BBBBBB/WW5/1W4/W2WW/2W1 b B 2");
        let (single, invader, wall) = (node(&g, "a1"), node(&g, "c1"), node(&g, "a3"));
        assert_eq!((res.removed[single], res.revived[single]), (0, 1));
        assert_eq!((res.removed[invader], res.revived[invader]), (2, 0));
        assert_eq!((res.removed[wall], res.revived[wall]), (0, 0));
        // After the revive step a1 is a living stone (in no region), and rows 1-2 without it
        // are one black territory holding the dead invader.
        assert_eq!(owner_at(&g, &res, "a1"), None);
        assert_eq!(owner_at(&g, &res, "b1"), Some(0));
        assert_eq!(res.region[invader], res.region[node(&g, "e2")]);
        // The white eyes stay white.
        assert_eq!(owner_at(&g, &res, "b5"), Some(1));
        assert_eq!(owner_at(&g, &res, "g7"), Some(1));
        assert_eq!(owner_at(&g, &res, "d5"), Some(NONE));
    }
}
