//! Scoring at the end: groups, territories (with dead stones inside), the weakest-first
//! removal of dead groups, territory counts, and the two winner rules.

use core::cmp::Ordering;

use crate::board::PointSet;
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
    /// Every group, living and dead, black groups first, each colour's groups by their lowest
    /// point.
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

/// A group while the dead groups are being found.
struct Work {
    color: Color,
    stones: PointSet,
    /// The board points next to the group.
    adjacent: PointSet,
    size: usize,
    removed_in_step: Option<u32>,
}

/// A region while the dead groups are being found.
struct Area {
    points: PointSet,
    /// The living stones next to it.
    border: PointSet,
    owner: Option<Color>,
}

fn components(open: &PointSet, live: &[PointSet; 2], out: &mut Vec<Area>) {
    out.clear();
    let all_live = live[0].or(&live[1]);
    let mut rest = *open;
    while !rest.is_empty() {
        let points = PointSet::fill(rest.lowest(), open);
        rest = rest.and_not(&points);
        let border = points.dilate().and(&all_live);
        // territory_rule: every living stone next to the region has one colour, and there
        // is at least one.
        let owner = match (border.intersects(&live[0]), border.intersects(&live[1])) {
            (true, false) => Some(Color::Black),
            (false, true) => Some(Color::White),
            _ => None,
        };
        out.push(Area {
            points,
            border,
            owner,
        });
    }
}

impl Position {
    /// The score breakdown of this position as if the game ended now: which groups die
    /// (weakest first), the territories and their owners, each living group's territories.
    pub fn score_breakdown(&self) -> Score {
        let board = self.points();
        let empty = self.empty_points();
        let mut work: Vec<Work> = Vec::new();
        for color in Color::ALL {
            let stones = self.stones[color.index()];
            let mut rest = stones;
            while !rest.is_empty() {
                let group = PointSet::fill(rest.lowest(), &stones);
                rest = rest.and_not(&group);
                work.push(Work {
                    color,
                    stones: group,
                    adjacent: group.neighbours_in(&board),
                    size: group.len(),
                    removed_in_step: None,
                });
            }
        }

        let mut areas: Vec<Area> = Vec::new();
        let mut alive = vec![false; work.len()];
        let mut step = 0;
        loop {
            let mut open = empty;
            let mut live = [PointSet::EMPTY; 2];
            for g in &work {
                if g.removed_in_step.is_some() {
                    open = open.or(&g.stones);
                } else {
                    live[g.color.index()] = live[g.color.index()].or(&g.stones);
                }
            }
            components(&open, &live, &mut areas);

            let mut territory = [PointSet::EMPTY; 2];
            for a in &areas {
                if let Some(owner) = a.owner {
                    territory[owner.index()] = territory[owner.index()].or(&a.points);
                }
            }
            // alive_rule, first part: a group next to a territory of its colour has territory.
            let mut with_territory = [PointSet::EMPTY; 2];
            for (i, g) in work.iter().enumerate() {
                let c = g.color.index();
                alive[i] = g.removed_in_step.is_none() && g.adjacent.intersects(&territory[c]);
                if alive[i] {
                    with_territory[c] = with_territory[c].or(&g.stones);
                }
            }
            // alive_rule, second part: a group joined through empty (or dead) points to a
            // friendly group that has territory. The regions next to such a group:
            let mut joined = [PointSet::EMPTY; 2];
            for a in &areas {
                for c in 0..2 {
                    if a.border.intersects(&with_territory[c]) {
                        joined[c] = joined[c].or(&a.points);
                    }
                }
            }
            for (i, g) in work.iter().enumerate() {
                if g.removed_in_step.is_none() && !alive[i] {
                    alive[i] = g.adjacent.intersects(&joined[g.color.index()]);
                }
            }
            // weakest_first_removal: every non-alive group with the fewest stones (both
            // colours at once) dies; then everything is recomputed.
            let weakest = work
                .iter()
                .zip(&alive)
                .filter(|(g, &a)| g.removed_in_step.is_none() && !a)
                .map(|(g, _)| g.size)
                .min();
            let Some(weakest) = weakest else { break };
            step += 1;
            for (g, &a) in work.iter_mut().zip(&alive) {
                if g.removed_in_step.is_none() && !a && g.size == weakest {
                    g.removed_in_step = Some(step);
                }
            }
        }

        let dead = work
            .iter()
            .filter(|g| g.removed_in_step.is_some())
            .fold(PointSet::EMPTY, |acc, g| acc.or(&g.stones));
        let regions: Vec<Region> = areas
            .iter()
            .map(|a| Region {
                owner: a.owner,
                points: a.points,
                dead_stones: a.points.and(&dead),
            })
            .collect();
        let groups = work
            .iter()
            .map(|g| {
                let alive = g.removed_in_step.is_none();
                let territories = if alive {
                    regions
                        .iter()
                        .enumerate()
                        .filter(|(_, r)| {
                            r.owner == Some(g.color) && g.adjacent.intersects(&r.points)
                        })
                        .map(|(i, _)| i)
                        .collect()
                } else {
                    Vec::new()
                };
                Group {
                    color: g.color,
                    stones: g.stones,
                    alive,
                    removed_in_step: g.removed_in_step,
                    territories,
                }
            })
            .collect();
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
                "  {color}: {living} living groups, {} dead ({dead_stones} stones); territories {}; counts {} sizes {}; triangular {}",
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
