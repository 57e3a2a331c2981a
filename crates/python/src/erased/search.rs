//! The batched PUCT search behind one interface: [`DynSearch`], implemented for every game by
//! [`SearchOf`] on the library's [`SearchTree`], one tree per root, whose leaves are valued
//! together by the caller (a Python evaluator, one call per round).

use game_core::search::mcts::{MctsConfig, RootNoise, SearchTree};
use game_core::{DrawTracker, Game, GameRecord, Rewards, Rng, Score, MAX_PLAYERS};

use super::Learnable;

/// The settings of one batched search.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Settings {
    /// Simulations per root.
    pub(crate) simulations: u64,
    /// The PUCT exploration constant.
    pub(crate) c_puct: f64,
    /// Dirichlet root noise `(alpha, fraction)`.
    pub(crate) root_noise: Option<(f64, f64)>,
    /// The seed of the trees and of the choice by temperature.
    pub(crate) seed: u64,
    /// The temperature of the move chosen from the visits (0: the most visited).
    pub(crate) temperature: f64,
    /// The most nodes one tree may hold.
    pub(crate) max_nodes: usize,
}

impl Settings {
    fn config(&self) -> MctsConfig {
        MctsConfig::default()
            .with_puct_exploration(self.c_puct)
            .with_root_noise(
                self.root_noise
                    .map(|(alpha, fraction)| RootNoise::new(alpha, fraction)),
            )
            .with_max_nodes(self.max_nodes)
            .with_reuse_tree(false)
    }
}

/// What the search found for one root, ready for Python.
pub(crate) struct RootResult {
    /// The chosen move's text and action id, `None` when the game is over at the root.
    pub(crate) choice: Option<(String, usize)>,
    /// Every root move: its text, action id and visits.
    pub(crate) weights: Vec<(String, usize, u64)>,
    /// The root's mean value for every player, in the scale of returns (`2r − 1` of the
    /// search's reward `r`); empty when the game is over.
    pub(crate) value: Vec<f32>,
    /// The search's score for the player to move at the root.
    pub(crate) score: Option<Score>,
}

/// Many PUCT searches of one game run together: each round selects a leaf in every tree that
/// still has simulations to run, the caller values all those leaves at once, and the round
/// completes them.
pub(crate) trait DynSearch: Send + Sync {
    /// The size of the action space.
    fn num_actions(&self) -> usize;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// The observation's shape.
    fn observation_shape(&self) -> [usize; 3];
    /// Starts a round: selects in every tree until it has a leaf that needs a value or has
    /// run its simulations (a simulation that ends at a known value, such as a finished game,
    /// needs none). Returns the number of leaves waiting (0: the search is over).
    fn select(&mut self) -> usize;
    /// Writes each waiting leaf's observation (from the point of view of the player to move
    /// there) and legal-action mask, one row per leaf.
    fn write_leaves(&self, obs: &mut [f32], mask: &mut [bool]);
    /// The legal action ids of the waiting leaves, as compressed rows: leaf `k`'s are
    /// `ids[offsets[k]..offsets[k + 1]]`, in the order [`DynSearch::complete`] reads priors.
    fn leaf_ids(&self) -> (&[usize], &[u32]);
    /// Completes the round: `priors` holds one prior per leaf id of
    /// [`DynSearch::leaf_ids`], `values` one value per player and leaf (`leaves × players`,
    /// each in `-1..=1`: the scale of returns), a leaf's players counted from the one to move
    /// there (as the observation's planes are: the mover first, then the players after it in
    /// the order of play).
    fn complete(&mut self, priors: &[f32], values: &[f32]) -> Result<(), String>;
    /// What the search found for every root, in the order of the roots.
    fn results(&self) -> Vec<RootResult>;
}

/// One root of a [`SearchOf`].
struct Root<G: Game> {
    /// The root position; `None` when the game is over there.
    pos: Option<G>,
    tree: SearchTree<G>,
    /// The generator of the choice by temperature.
    rng_seed: u64,
}

/// [`DynSearch`] for game `G`.
pub(crate) struct SearchOf<G: Game> {
    roots: Vec<Root<G>>,
    settings: Settings,
    start: G,
    cells: usize,
    /// The roots whose tree has a leaf waiting, with the leaf's position, in row order.
    waiting: Vec<(usize, G)>,
    offsets: Vec<usize>,
    ids: Vec<u32>,
}

/// Where a search starts: a game record (a `State`) or a position with its draw tracker (a
/// game of a `Batch`).
pub(crate) enum Start<'a, G: Game> {
    /// A game in progress with its record.
    Record(&'a GameRecord<G>),
    /// A position and the history draws of its game.
    Position(&'a G, &'a DrawTracker),
}

impl<G: Learnable> SearchOf<G> {
    /// One search per start, under `settings`.
    pub(crate) fn new(starts: &[Start<'_, G>], settings: Settings) -> Result<Self, String> {
        let Some(first) = starts.first() else {
            return Err("no position to search".into());
        };
        let start = match first {
            Start::Record(record) => *record.current(),
            Start::Position(pos, _) => **pos,
        };
        let (num_actions, shape) = (start.num_actions(), start.observation_shape());
        let mut seeds = Rng::new(settings.seed);
        let config = settings.config();
        let mut roots = Vec::with_capacity(starts.len());
        for (i, begin) in starts.iter().enumerate() {
            let mut tree = SearchTree::new(config, seeds.next_u64());
            let rng_seed = seeds.next_u64();
            let (pos, set) = match begin {
                Start::Record(record) => (*record.current(), tree.set_root(record)),
                Start::Position(pos, draws) => (**pos, tree.set_root_position(pos, draws)),
            };
            if pos.num_actions() != num_actions || pos.observation_shape() != shape {
                return Err(format!(
                    "position {i} is on another board than position 0: one search runs on \
                     one board size"
                ));
            }
            roots.push(Root {
                pos: set.is_ok().then_some(pos),
                tree,
                rng_seed,
            });
        }
        Ok(SearchOf {
            roots,
            settings,
            start,
            cells: shape.iter().product(),
            waiting: Vec::new(),
            offsets: vec![0],
            ids: Vec::new(),
        })
    }
}

/// The search's rewards for a value row in the scale of returns: `(1 + v) / 2` for each
/// player, divided by their sum (so the returns of a finished game are its rewards exactly:
/// a win 1 for the winner and 0 for the others, a draw `1/N` each), uniform when all are 0.
fn rewards_of(values: &[f32]) -> Result<Rewards, String> {
    let mut rewards = [0.0; MAX_PLAYERS];
    for (reward, &value) in rewards.iter_mut().zip(values) {
        if !value.is_finite() {
            return Err(format!("values must be finite numbers, not {value}"));
        }
        *reward = (1.0 + f64::from(value.clamp(-1.0, 1.0))) / 2.0;
    }
    let players = values.len();
    let sum: f64 = rewards[..players].iter().sum();
    for reward in &mut rewards[..players] {
        *reward = if sum > 0.0 {
            *reward / sum
        } else {
            1.0 / players as f64
        };
    }
    Ok(rewards)
}

impl<G: Learnable> DynSearch for SearchOf<G> {
    fn num_actions(&self) -> usize {
        self.start.num_actions()
    }

    fn num_players(&self) -> usize {
        G::PLAYERS.len()
    }

    fn observation_shape(&self) -> [usize; 3] {
        self.start.observation_shape()
    }

    fn select(&mut self) -> usize {
        self.waiting.clear();
        self.offsets.truncate(1);
        self.ids.clear();
        let wanted = self.settings.simulations;
        for (i, root) in self.roots.iter_mut().enumerate() {
            if root.pos.is_none() {
                continue;
            }
            let tree = &mut root.tree;
            while tree.simulations() < wanted {
                let before = tree.simulations();
                if let Some(&leaf) = tree.select() {
                    self.ids.extend(
                        tree.leaf_moves()
                            .iter()
                            .map(|&mv| leaf.action_id(mv) as u32),
                    );
                    self.offsets.push(self.ids.len());
                    self.waiting.push((i, leaf));
                    break;
                }
                if tree.simulations() == before {
                    // Nothing to select (cannot happen with a root set): do not spin.
                    break;
                }
            }
        }
        self.waiting.len()
    }

    fn write_leaves(&self, obs: &mut [f32], mask: &mut [bool]) {
        let (cells, actions) = (self.cells, self.start.num_actions());
        mask.fill(false);
        for (k, (_, leaf)) in self.waiting.iter().enumerate() {
            leaf.observe(leaf.to_move(), &mut obs[k * cells..(k + 1) * cells]);
            let row = &mut mask[k * actions..(k + 1) * actions];
            for &id in &self.ids[self.offsets[k]..self.offsets[k + 1]] {
                row[id as usize] = true;
            }
        }
    }

    fn leaf_ids(&self) -> (&[usize], &[u32]) {
        (&self.offsets, &self.ids)
    }

    fn complete(&mut self, priors: &[f32], values: &[f32]) -> Result<(), String> {
        let players = G::PLAYERS.len();
        let rewards = values
            .chunks_exact(players)
            .map(rewards_of)
            .collect::<Result<Vec<_>, _>>()?;
        if rewards.len() != self.waiting.len() || priors.len() != self.ids.len() {
            return Err(format!(
                "values for {} leaves and priors for {} moves given; {} leaves with {} moves \
                 wait",
                rewards.len(),
                priors.len(),
                self.waiting.len(),
                self.ids.len()
            ));
        }
        for (k, &(i, leaf)) in self.waiting.iter().enumerate() {
            let leaf_priors = &priors[self.offsets[k]..self.offsets[k + 1]];
            // The values come counted from the player to move at the leaf, the tree's rewards
            // by player index.
            let mover = G::player_index(leaf.to_move());
            let mut by_index = [0.0; MAX_PLAYERS];
            for (j, &reward) in rewards[k][..players].iter().enumerate() {
                by_index[(mover + j) % players] = reward;
            }
            self.roots[i]
                .tree
                .expand_and_backup(leaf_priors, by_index)
                .map_err(|error| error.to_string())?;
        }
        self.waiting.clear();
        Ok(())
    }

    fn results(&self) -> Vec<RootResult> {
        let players = G::PLAYERS.len();
        self.roots
            .iter()
            .map(|root| {
                let Some(pos) = root.pos else {
                    return RootResult {
                        choice: None,
                        weights: Vec::new(),
                        value: Vec::new(),
                        score: None,
                    };
                };
                let result = root.tree.result();
                let mut rng = Rng::new(root.rng_seed);
                let chosen = result.sample_move(self.settings.temperature, &mut rng);
                let value = root.tree.root_value()[..players]
                    .iter()
                    .map(|&r| (2.0 * r - 1.0) as f32)
                    .collect();
                RootResult {
                    choice: chosen.map(|mv| (pos.move_text(mv), pos.action_id(mv))),
                    weights: result
                        .root_distribution
                        .iter()
                        .map(|&(mv, visits)| (pos.move_text(mv), pos.action_id(mv), visits))
                        .collect(),
                    value,
                    score: result.info.score,
                }
            })
            .collect()
    }
}
