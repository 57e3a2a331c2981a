//! Many games of one kind stepped together behind one interface: [`DynBatch`], implemented
//! for every game by [`BatchOf`].

use game_core::{DrawTracker, Game, Rng};
use serde::{Deserialize, Serialize};

use super::search::{DynSearch, SearchOf, Settings, Start};
use super::slot::Slot;
use super::{parse_position, player_at, returns_of, Learnable};

/// The output buffers of a batch call, one row per game.
pub(crate) struct Outputs<'a> {
    /// Observations, `n × planes × rows × columns`; skipped when `None`.
    pub(crate) obs: Option<&'a mut [f32]>,
    /// Legal-action masks, `n × num_actions`.
    pub(crate) mask: &'a mut [bool],
    /// Rewards, `n × players`.
    pub(crate) rewards: &'a mut [f32],
    /// Done flags (the game ended or was truncated, and was reset), `n`.
    pub(crate) done: &'a mut [bool],
    /// Truncation flags (the game reached the ply cap), `n`.
    pub(crate) truncated: &'a mut [bool],
    /// The player to move, `n`.
    pub(crate) to_move: &'a mut [i32],
}

/// Many games of one kind stepped together, behind one interface. Calls that name games by
/// index (`indices`) leave the other games' rows of the outputs as they were, except the
/// rewards, done and truncation flags, which say what this call did (nothing, for them).
pub(crate) trait DynBatch: Send + Sync {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// The number of games.
    fn len(&self) -> usize;
    /// The size of the action space.
    fn num_actions(&self) -> usize;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// The observation's shape for one game.
    fn observation_shape(&self) -> [usize; 3];
    /// The ply cap: a game that reaches it is truncated and reset.
    fn max_plies(&self) -> Option<u32>;
    /// Writes every game's rows of the outputs as they stand (nothing played or reset).
    fn write_outputs(&mut self, out: Outputs<'_>) -> Result<(), String>;
    /// The games `indices` (every game when `None`) back to the start.
    fn reset(
        &mut self,
        seed: Option<u64>,
        indices: Option<&[usize]>,
        out: Outputs<'_>,
    ) -> Result<(), String>;
    /// Game `indices[k]` set to the position `texts[k]` (a new game there, no history);
    /// nothing changes when a text is not a position of the game or is a finished one.
    fn set_positions(
        &mut self,
        indices: &[usize],
        texts: &[String],
        out: Outputs<'_>,
    ) -> Result<(), String>;
    /// Plays `actions[k]` in game `indices[k]` (game `k` when `indices` is `None`), resetting
    /// the games that end; nothing is played when an action is not legal in its game.
    fn step(
        &mut self,
        actions: &[i64],
        indices: Option<&[usize]>,
        out: Outputs<'_>,
    ) -> Result<(), String>;
    /// A uniformly random legal action id for every game.
    fn random_actions(&mut self, out: &mut [i64]);
    /// The legal action ids of every game as compressed rows: game `i`'s ids are
    /// `ids[offsets[i]..offsets[i + 1]]`.
    fn legal_actions(&self) -> (Vec<i64>, Vec<i64>);
    /// Writes, for every game that ended in the last step, the observation of the position
    /// it ended in, seen by `player` (default: the player to move there), into its row of
    /// `out`; the other rows are zeros.
    fn final_observations(&self, player: Option<usize>, out: &mut [f32]) -> Result<(), String>;
    /// The current positions' texts.
    fn texts(&self) -> Vec<String>;
    /// The batch as JSON: positions, plies, history draws, the ply cap and the random
    /// generator (re-seeded from itself, so the batch and its copy draw the same actions).
    fn snapshot(&mut self) -> String;
    /// A batched search of every game at its current position (with its history draws).
    fn new_search(&self, settings: Settings) -> Result<Box<dyn DynSearch>, String>;
}

/// The version of [`BatchSnapshot`]'s form (2: each game's history is the library's
/// [`DrawTracker`] in its serde form).
const SNAPSHOT_FORMAT: u32 = 2;

/// A batch as pickling stores it.
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct BatchSnapshot {
    /// [`SNAPSHOT_FORMAT`].
    format: u32,
    /// The game's name.
    game: String,
    /// The board size's text, for games with several.
    size: Option<String>,
    /// The start position's text.
    start: String,
    /// The seed the random generator goes on from.
    seed: u64,
    /// The ply cap.
    max_plies: Option<u32>,
    /// Every game.
    games: Vec<GameSnapshot>,
}

/// One game of a [`BatchSnapshot`].
#[derive(Serialize, Deserialize)]
#[serde(deny_unknown_fields)]
struct GameSnapshot {
    position: String,
    plies: u32,
    /// The history draws since the game's start.
    history: DrawTracker,
}

/// [`DynBatch`] for game `G`.
pub(crate) struct BatchOf<G: Game> {
    start: G,
    /// The size of the action space and of one observation (fixed for the batch's board).
    num_actions: usize,
    cells: usize,
    slots: Vec<Slot<G>>,
    /// The games that ended in the last call, with the positions they ended in (before their
    /// reset).
    ended: Vec<(usize, G)>,
    rng: Rng,
    max_plies: Option<u32>,
    /// Each game's move during a step.
    chosen: Vec<G::Move>,
    /// Which games a call names (to refuse a game named twice), one flag per game.
    named: Vec<bool>,
    /// The legal moves of the position being listed (one buffer for every game).
    scratch: Vec<G::Move>,
}

impl<G: Learnable> BatchOf<G> {
    /// `n` games from `start`, the random actions drawn with `seed`, truncated at
    /// `max_plies` plies.
    pub(crate) fn new(
        start: G,
        n: usize,
        seed: u64,
        max_plies: Option<u32>,
    ) -> Result<Self, String> {
        if u32::try_from(start.num_actions()).is_err() {
            return Err(format!("{} has too many action ids for a batch", G::NAME));
        }
        if max_plies == Some(0) {
            return Err("max_plies is at least 1 (or None: no cap)".into());
        }
        let mut scratch = Vec::new();
        Ok(BatchOf {
            start,
            num_actions: start.num_actions(),
            cells: start.observation_shape().iter().product(),
            slots: (0..n).map(|_| Slot::new(start, &mut scratch)).collect(),
            ended: Vec::new(),
            rng: Rng::new(seed),
            max_plies,
            chosen: Vec::with_capacity(n),
            named: vec![false; n],
            scratch,
        })
    }

    /// The batch stored by [`DynBatch::snapshot`] as `json`.
    pub(crate) fn restore(json: &str) -> Result<Self, String> {
        let stored: BatchSnapshot =
            serde_json::from_str(json).map_err(|error| format!("a stored batch: {error}"))?;
        if stored.format != SNAPSHOT_FORMAT {
            return Err(format!(
                "a stored batch of format {}; this version reads format {SNAPSHOT_FORMAT}",
                stored.format
            ));
        }
        if stored.game != G::NAME {
            return Err(format!(
                "a stored batch of {:?}, not of {}",
                stored.game,
                G::NAME
            ));
        }
        if stored.games.is_empty() {
            return Err("a stored batch with no game".into());
        }
        let size = stored.size.as_deref();
        let start = parse_position::<G>(&stored.start, size)?;
        let mut batch = BatchOf::new(start, stored.games.len(), stored.seed, stored.max_plies)?;
        for (i, (slot, game)) in batch.slots.iter_mut().zip(stored.games).enumerate() {
            let pos = parse_position::<G>(&game.position, size)?;
            if game.history.key() != pos.hash_key() || game.history.rules() != G::DRAW_RULES {
                return Err(format!(
                    "a stored batch: game {i}'s history is not of its position under {}'s \
                     draw rules",
                    G::NAME
                ));
            }
            if pos.outcome().is_some() || game.history.draw().is_some() {
                return Err(format!("a stored batch: game {i} is over"));
            }
            slot.restore(pos, game.plies, game.history, &mut batch.scratch);
        }
        Ok(batch)
    }

    /// Writes game `i`'s rows of the mask, observation and player to move.
    fn write_row(&self, i: usize, out: &mut Outputs<'_>) {
        let (actions, cells) = (self.num_actions, self.cells);
        let rows = out
            .obs
            .as_deref_mut()
            .map(|o| &mut o[i * cells..(i + 1) * cells]);
        out.to_move[i] = self.slots[i].write(&mut out.mask[i * actions..(i + 1) * actions], rows);
    }

    /// Clears what the call reports (rewards, done and truncation flags, ended positions).
    fn clear_reports(&mut self, out: &mut Outputs<'_>) {
        out.rewards.fill(0.0);
        out.done.fill(false);
        out.truncated.fill(false);
        self.ended.clear();
    }

    /// Checks that `indices` name distinct games of the batch.
    fn check_indices(&mut self, indices: &[usize]) -> Result<(), String> {
        self.named.fill(false);
        for &i in indices {
            match self.named.get_mut(i) {
                None => {
                    return Err(format!(
                        "game {i} is out of range: the batch has games 0 to {}",
                        self.slots.len() - 1
                    ))
                }
                Some(true) => return Err(format!("game {i} is named twice")),
                Some(flag) => *flag = true,
            }
        }
        Ok(())
    }

    /// Plays the chosen move of game `i` and writes its rows.
    fn play_one(&mut self, i: usize, mv: G::Move, out: &mut Outputs<'_>) {
        let players = G::PLAYERS.len();
        let slot = &mut self.slots[i];
        let progress = slot.pos.is_progress_move(mv);
        let capped = slot.pos.counts_toward_cap(mv);
        slot.pos.play_unchecked(mv);
        slot.plies += 1;
        let drawn = slot
            .draws
            .push_key(progress, capped, slot.pos.hash_key())
            .is_some();
        let outcome = slot.pos.outcome();
        let terminated = outcome.is_some() || drawn;
        let truncated = !terminated && self.max_plies.is_some_and(|cap| slot.plies >= cap);
        let reward = &mut out.rewards[i * players..(i + 1) * players];
        if terminated || truncated {
            reward.copy_from_slice(&returns_of::<G>(outcome)[..players]);
            self.ended.push((i, slot.pos));
            slot.reset(self.start, &mut self.scratch);
        } else {
            slot.refresh(&mut self.scratch);
        }
        out.done[i] = terminated || truncated;
        out.truncated[i] = truncated;
        self.write_row(i, out);
    }
}

impl<G: Learnable> DynBatch for BatchOf<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn len(&self) -> usize {
        self.slots.len()
    }

    fn num_actions(&self) -> usize {
        self.num_actions
    }

    fn num_players(&self) -> usize {
        G::PLAYERS.len()
    }

    fn observation_shape(&self) -> [usize; 3] {
        self.start.observation_shape()
    }

    fn max_plies(&self) -> Option<u32> {
        self.max_plies
    }

    fn write_outputs(&mut self, mut out: Outputs<'_>) -> Result<(), String> {
        self.clear_reports(&mut out);
        for i in 0..self.slots.len() {
            self.write_row(i, &mut out);
        }
        Ok(())
    }

    fn reset(
        &mut self,
        seed: Option<u64>,
        indices: Option<&[usize]>,
        mut out: Outputs<'_>,
    ) -> Result<(), String> {
        if let Some(indices) = indices {
            self.check_indices(indices)?;
        }
        if let Some(seed) = seed {
            self.rng = Rng::new(seed);
        }
        self.clear_reports(&mut out);
        let all: Vec<usize>;
        let indices = match indices {
            Some(indices) => indices,
            None => {
                all = (0..self.slots.len()).collect();
                &all
            }
        };
        for &i in indices {
            self.slots[i].reset(self.start, &mut self.scratch);
            self.write_row(i, &mut out);
        }
        Ok(())
    }

    fn set_positions(
        &mut self,
        indices: &[usize],
        texts: &[String],
        mut out: Outputs<'_>,
    ) -> Result<(), String> {
        if indices.len() != texts.len() {
            return Err(format!(
                "{} games named but {} positions given",
                indices.len(),
                texts.len()
            ));
        }
        self.check_indices(indices)?;
        let size = self.start.board_size().map(|size| size.to_string());
        let mut positions = Vec::with_capacity(texts.len());
        for (&i, text) in indices.iter().zip(texts) {
            let pos = parse_position::<G>(text, size.as_deref())
                .map_err(|error| format!("game {i}: {error}"))?;
            if let Some(outcome) = pos.outcome() {
                return Err(format!(
                    "game {i}: the position is over ({outcome}); a batch plays games that go on"
                ));
            }
            positions.push(pos);
        }
        self.clear_reports(&mut out);
        for (&i, pos) in indices.iter().zip(positions) {
            self.slots[i].reset(pos, &mut self.scratch);
            self.write_row(i, &mut out);
        }
        Ok(())
    }

    fn step(
        &mut self,
        actions: &[i64],
        indices: Option<&[usize]>,
        mut out: Outputs<'_>,
    ) -> Result<(), String> {
        let expected = indices.map_or(self.slots.len(), <[usize]>::len);
        if actions.len() != expected {
            return Err(match indices {
                None => format!(
                    "expected {} actions (one per game), got {}",
                    self.slots.len(),
                    actions.len()
                ),
                Some(_) => format!(
                    "expected {expected} actions (one per game named), got {}",
                    actions.len()
                ),
            });
        }
        if let Some(indices) = indices {
            self.check_indices(indices)?;
        }
        let game_of = |k: usize| indices.map_or(k, |indices| indices[k]);
        self.chosen.clear();
        for (k, &action) in actions.iter().enumerate() {
            let i = game_of(k);
            match self.slots[i].find(action) {
                Some(mv) => self.chosen.push(mv),
                None => {
                    return Err(format!(
                        "game {i}: action {action} is not a legal move in its position \
                         (nothing was played)"
                    ))
                }
            }
        }
        self.clear_reports(&mut out);
        for k in 0..actions.len() {
            let mv = self.chosen[k];
            self.play_one(game_of(k), mv, &mut out);
        }
        Ok(())
    }

    fn random_actions(&mut self, out: &mut [i64]) {
        for (slot, action) in self.slots.iter().zip(out.iter_mut()) {
            *action = match slot.ids.len() {
                0 => -1,
                n => i64::from(slot.ids[self.rng.below(n)]),
            };
        }
    }

    fn legal_actions(&self) -> (Vec<i64>, Vec<i64>) {
        let total = self.slots.iter().map(|slot| slot.ids.len()).sum();
        let mut offsets = Vec::with_capacity(self.slots.len() + 1);
        let mut ids = Vec::with_capacity(total);
        offsets.push(0);
        for slot in &self.slots {
            ids.extend(slot.ids.iter().map(|&id| i64::from(id)));
            offsets.push(ids.len() as i64);
        }
        (offsets, ids)
    }

    fn final_observations(&self, player: Option<usize>, out: &mut [f32]) -> Result<(), String> {
        let player = player.map(player_at::<G>).transpose()?;
        let cells = self.cells;
        out.fill(0.0);
        for (i, pos) in &self.ended {
            let row = &mut out[i * cells..(i + 1) * cells];
            pos.observe(player.unwrap_or_else(|| pos.to_move()), row);
        }
        Ok(())
    }

    fn texts(&self) -> Vec<String> {
        self.slots.iter().map(|slot| slot.pos.to_string()).collect()
    }

    fn snapshot(&mut self) -> String {
        let seed = self.rng.next_u64();
        self.rng = Rng::new(seed);
        let stored = BatchSnapshot {
            format: SNAPSHOT_FORMAT,
            game: G::NAME.to_owned(),
            size: self.start.board_size().map(|size| size.to_string()),
            start: self.start.to_string(),
            seed,
            max_plies: self.max_plies,
            games: self
                .slots
                .iter()
                .map(|slot| GameSnapshot {
                    position: slot.pos.to_string(),
                    plies: slot.plies,
                    history: slot.draws.clone(),
                })
                .collect(),
        };
        // A struct of strings and numbers always serializes.
        serde_json::to_string(&stored).unwrap_or_default()
    }

    fn new_search(&self, settings: Settings) -> Result<Box<dyn DynSearch>, String> {
        let starts: Vec<Start<'_, G>> = self
            .slots
            .iter()
            .map(|slot| Start::Position(&slot.pos, &slot.draws))
            .collect();
        Ok(Box::new(SearchOf::new(&starts, settings)?))
    }
}
