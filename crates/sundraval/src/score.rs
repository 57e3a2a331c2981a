//! Scoring at the end: the result types (groups, territories with the dead stones inside,
//! the score breakdown), territory counts and the two winner rules, and the scored board for
//! people. Which groups are dead is found by the private resolver (`score/resolve.rs`: the
//! graph, the weakest-first removal, the revive step).

use alloc::borrow::ToOwned;
use alloc::format;
use alloc::string::{String, ToString};
use alloc::vec;
use alloc::vec::Vec;
use core::cmp::Ordering;

use crate::board::PointSet;
use crate::outcome::EndReason;
use crate::position::{Color, Position};

mod resolve;

use resolve::{resolve, Graph, EMPTY_CELL, NONE};

/// Which winner rule decides a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Default)]
#[cfg_attr(
    feature = "serde",
    derive(serde::Serialize, serde::Deserialize),
    serde(rename_all = "lowercase")
)]
pub enum ScoringRule {
    /// The rule of the original rules text (the default; once called `Seed`, a word that
    /// clashed with the random seed): compare the living groups' territory counts, largest
    /// first; then the territory sizes; else a draw.
    #[default]
    Original,
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

/// The territory counts and sizes one colour's living groups bring to the original rule.
#[derive(Clone, Debug, PartialEq, Eq, Default)]
pub struct TerritoryLists {
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
            .fold(PointSet::EMPTY, |acc, g| acc.union(g.stones))
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

    /// `color`'s lists for the original rule: counts largest first, then the sizes group by group.
    pub fn territory_lists(&self, color: Color) -> TerritoryLists {
        let mut entries: Vec<(usize, Vec<usize>)> = self
            .living_groups(color)
            .map(|g| (g.count(), self.group_sizes(g)))
            .collect();
        // original_tie_break_order: equal counts are ordered by their own size lists, larger
        // first, so that the player's list is the best arrangement.
        entries.sort_by(|a, b| b.0.cmp(&a.0).then_with(|| compare_padded(&b.1, &a.1)));
        TerritoryLists {
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
            ScoringRule::Original => {
                let black = self.territory_lists(Color::Black);
                let white = self.territory_lists(Color::White);
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
                region.points = region.points.union(points);
                if g.kind[n] != EMPTY_CELL {
                    region.dead_stones = region.dead_stones.union(points);
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
                Some(Color::Black) => black_territory = black_territory.union(r.points),
                Some(Color::White) => white_territory = white_territory.union(r.points),
                None => {}
            }
        }
        crate::notation::draw(self.side(), |p| match self.piece_at(p) {
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
    /// living and dead groups and the territories, the original rule's lists and the triangular
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
            let lists = score.territory_lists(color);
            lines.push(format!(
                "  {color}: groups living {living}{revived}, dead {} ({dead_stones} {stones}); territories {}; counts {} sizes {}; triangular {}",
                dead.len(),
                list(&score.territory_sizes(color)),
                list(&lists.counts),
                list(&lists.sizes),
                half_points(score.triangular_half_points(color)),
            ));
        }
        for (rule, name) in [
            (ScoringRule::Original, "original rule"),
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
