//! The games behind object-safe traits: one generic implementation for every game that has
//! the learning interfaces, so the Python classes hold a `Box<dyn …>` and never name a game.

use std::any::Any;
use std::collections::HashMap;
use std::hash::{BuildHasherDefault, Hasher};

use boardrules::engines::engine_by_name;
use game_core::{
    Actions, DrawRules, Engine, Game, GameRecord, Limits, Observe, Outcome, OutcomeOf, RecordError,
    Rng, StopFlag, Symmetries, MAX_PLAYERS,
};
use game_core::{Describe, SvgOptions};

/// What the Python package needs of a game: the facade's picture and engines, and the
/// learning interfaces of game-core.
pub(crate) trait Learnable: Describe + Actions + Observe + Symmetries {}

impl<G: Describe + Actions + Observe + Symmetries> Learnable for G {}

/// The returns of a finished game, one per player (index of [`Game::PLAYERS`]): 1 for the
/// winner and -1 for every other player, 0 for everyone in a draw and while the game goes on.
pub(crate) fn returns_of<G: Game>(outcome: Option<OutcomeOf<G>>) -> [f32; MAX_PLAYERS] {
    let mut returns = [0.0; MAX_PLAYERS];
    if let Some(Outcome::Winner { player, .. }) = outcome {
        let winner = G::player_index(player);
        for (index, value) in returns.iter_mut().enumerate().take(G::PLAYERS.len()) {
            *value = if index == winner { 1.0 } else { -1.0 };
        }
    }
    returns
}

/// The player with index `index`, or an error that names the game's players.
fn player_at<G: Game>(index: usize) -> Result<G::Player, String> {
    G::PLAYERS.get(index).copied().ok_or_else(|| {
        format!(
            "{} has players 0 to {} ({}); no player {index}",
            G::NAME,
            G::PLAYERS.len() - 1,
            G::PLAYERS
                .iter()
                .map(ToString::to_string)
                .collect::<Vec<_>>()
                .join(", ")
        )
    })
}

/// A game in progress (a [`GameRecord`], so the history draws count), behind one interface.
pub(crate) trait DynState: Send + Sync {
    /// The game's name.
    fn game(&self) -> &'static str;
    /// A copy with its own history.
    fn boxed_clone(&self) -> Box<dyn DynState>;
    /// The current position's text.
    fn text(&self) -> String;
    /// The board drawn for people, with the game's detail lines.
    fn diagram(&self) -> String;
    /// The board size's text, for games with several.
    fn board_size(&self) -> Option<String>;
    /// The players' names in the order of play.
    fn players(&self) -> Vec<String>;
    /// The index of the player to move.
    fn to_move(&self) -> usize;
    /// The outcome's text (`winner white (mill)`, `draw (repetition)`), `None` while the game
    /// goes on.
    fn outcome(&self) -> Option<String>;
    /// The winner's index, `None` in a draw and while the game goes on.
    fn winner(&self) -> Option<usize>;
    /// One return per player ([`returns_of`]).
    fn returns(&self) -> Vec<f32>;
    /// The legal moves' texts (none once the game is over).
    fn legal_moves(&self) -> Vec<String>;
    /// Plays a move given as text; the library's reason on error.
    fn play_text(&mut self, text: &str) -> Result<(), String>;
    /// Takes the last move back; false at the start.
    fn undo(&mut self) -> bool;
    /// The moves played, as texts.
    fn history(&self) -> Vec<String>;
    /// The size of the action space.
    fn num_actions(&self) -> usize;
    /// The legal moves' action ids, in the order of [`DynState::legal_moves`].
    fn legal_actions(&self) -> Vec<usize>;
    /// Writes the legal-action mask (all false once the game is over).
    fn legal_action_mask(&self, mask: &mut [bool]);
    /// Plays the legal move with id `action`.
    fn play_action(&mut self, action: usize) -> Result<(), String>;
    /// The text of the legal move with id `action`.
    fn action_to_move(&self, action: usize) -> Result<String, String>;
    /// The id of the legal move written `text`.
    fn move_to_action(&self, text: &str) -> Result<usize, String>;
    /// The observation's shape.
    fn observation_shape(&self) -> [usize; 3];
    /// Writes the observation for player `player` into `out`.
    fn observe(&self, player: usize, out: &mut [f32]) -> Result<(), String>;
    /// The number of board symmetries (the identity included).
    fn symmetry_count(&self) -> usize;
    /// The current position mapped by `symmetry` (as a new game with no history), with the
    /// action-id map: entry `id` is the mapped position's id of the image of legal move `id`,
    /// -1 where `id` is not legal here.
    fn symmetry(&self, symmetry: usize) -> (Box<dyn DynState>, Vec<i64>);
    /// The smallest hash key of the position's images.
    fn canonical_key(&self) -> u64;
    /// The position's hash key.
    fn hash_key(&self) -> u64;
    /// The picture, `size` pixels wide, the last move marked.
    fn svg(&self, size: u32) -> String;
    /// For the engines: the concrete state.
    fn as_any(&self) -> &dyn Any;
}

/// [`DynState`] for game `G`.
pub(crate) struct StateOf<G: Game> {
    /// The game so far.
    pub(crate) record: GameRecord<G>,
}

impl<G: Learnable> StateOf<G> {
    /// A new game from `start`, with the game's own draw rules.
    pub(crate) fn new(start: G) -> Self {
        StateOf {
            record: GameRecord::new(start),
        }
    }

    fn current(&self) -> &G {
        self.record.current()
    }

    fn is_over(&self) -> bool {
        self.record.outcome().is_some()
    }
}

impl<G: Learnable> DynState for StateOf<G> {
    fn game(&self) -> &'static str {
        G::NAME
    }

    fn boxed_clone(&self) -> Box<dyn DynState> {
        Box::new(StateOf {
            record: self.record.clone(),
        })
    }

    fn text(&self) -> String {
        self.current().to_string()
    }

    fn diagram(&self) -> String {
        let pos = self.current();
        let mut text = pos.diagram();
        for line in pos.details() {
            text.push('\n');
            text.push_str(&line);
        }
        text
    }

    fn board_size(&self) -> Option<String> {
        self.current().board_size().map(|size| size.to_string())
    }

    fn players(&self) -> Vec<String> {
        G::PLAYERS.iter().map(ToString::to_string).collect()
    }

    fn to_move(&self) -> usize {
        G::player_index(self.current().to_move())
    }

    fn outcome(&self) -> Option<String> {
        self.record.outcome().map(|outcome| outcome.to_string())
    }

    fn winner(&self) -> Option<usize> {
        self.record
            .outcome()
            .and_then(|outcome| outcome.winner())
            .map(G::player_index)
    }

    fn returns(&self) -> Vec<f32> {
        returns_of::<G>(self.record.outcome())[..G::PLAYERS.len()].to_vec()
    }

    fn legal_moves(&self) -> Vec<String> {
        let pos = self.current();
        self.record
            .legal_moves()
            .into_iter()
            .map(|mv| pos.move_text(mv))
            .collect()
    }

    fn play_text(&mut self, text: &str) -> Result<(), String> {
        self.record
            .play_text(text)
            .map(|_| ())
            .map_err(|error| error.to_string())
    }

    fn undo(&mut self) -> bool {
        self.record.undo().is_some()
    }

    fn history(&self) -> Vec<String> {
        self.record.move_texts()
    }

    fn num_actions(&self) -> usize {
        self.current().num_actions()
    }

    fn legal_actions(&self) -> Vec<usize> {
        let mut ids = Vec::new();
        if !self.is_over() {
            self.current().legal_actions_into(&mut ids);
        }
        ids
    }

    fn legal_action_mask(&self, mask: &mut [bool]) {
        mask.fill(false);
        if !self.is_over() {
            let pos = self.current();
            for mv in pos.legal_moves() {
                mask[pos.action_id(mv)] = true;
            }
        }
    }

    fn play_action(&mut self, action: usize) -> Result<(), String> {
        if let Some(outcome) = self.record.outcome() {
            return Err(RecordError::<G>::GameOver(outcome).to_string());
        }
        let mv = self.action_move(action)?;
        self.record.play(mv).map_err(|error| error.to_string())
    }

    fn action_to_move(&self, action: usize) -> Result<String, String> {
        let mv = self.action_move(action)?;
        Ok(self.current().move_text(mv))
    }

    fn move_to_action(&self, text: &str) -> Result<usize, String> {
        let pos = self.current();
        let mv = pos.parse_move(text).map_err(|error| error.to_string())?;
        Ok(pos.action_id(mv))
    }

    fn observation_shape(&self) -> [usize; 3] {
        self.current().observation_shape()
    }

    fn observe(&self, player: usize, out: &mut [f32]) -> Result<(), String> {
        let player = player_at::<G>(player)?;
        self.current().observe(player, out);
        Ok(())
    }

    fn symmetry_count(&self) -> usize {
        self.current().symmetry_count()
    }

    fn symmetry(&self, symmetry: usize) -> (Box<dyn DynState>, Vec<i64>) {
        let pos = self.current();
        let image = pos.map_position(symmetry);
        let mut map = vec![-1_i64; pos.num_actions()];
        if !self.is_over() {
            for mv in pos.legal_moves() {
                let id = image.action_id(pos.map_move(symmetry, mv));
                map[pos.action_id(mv)] = i64::try_from(id).unwrap_or(-1);
            }
        }
        (Box::new(StateOf::new(image)), map)
    }

    fn canonical_key(&self) -> u64 {
        self.current().canonical_key()
    }

    fn hash_key(&self) -> u64 {
        self.current().hash_key()
    }

    fn svg(&self, size: u32) -> String {
        let last = self.record.moves().last().copied();
        let pos = self.current();
        let options = SvgOptions::new()
            .with_size(size)
            .with_last_move(last)
            .with_explain(G::EXPLAINS_OUTCOME && pos.outcome().is_some());
        pos.to_svg(&options)
    }

    fn as_any(&self) -> &dyn Any {
        self
    }
}

impl<G: Learnable> StateOf<G> {
    /// The legal move with id `action`, or why there is none.
    fn action_move(&self, action: usize) -> Result<G::Move, String> {
        let pos = self.current();
        let num_actions = pos.num_actions();
        if action >= num_actions {
            return Err(format!(
                "action {action} is out of range: {} has action ids 0 to {}",
                G::NAME,
                num_actions - 1
            ));
        }
        pos.action_move(action)
            .ok_or_else(|| format!("action {action} is not a legal move in this position"))
    }
}

/// An engine's answer, ready for Python.
pub(crate) struct Found {
    /// The chosen move's text and action id, `None` when the game is over.
    pub(crate) choice: Option<(String, usize)>,
    /// The root distribution: each move's text, action id and weight.
    pub(crate) weights: Vec<(String, usize, u64)>,
    /// The size of the game's action space.
    pub(crate) num_actions: usize,
}

/// An engine of one game, behind one interface.
pub(crate) trait DynEngine: Send {
    /// The engine's name.
    fn name(&self) -> String;
    /// The game's name.
    fn game(&self) -> &'static str;
    /// Searches `state` (a state of this engine's game) under `limits`.
    fn search(&mut self, state: &dyn DynState, limits: &Limits) -> Result<Found, String>;
}

/// [`DynEngine`] for game `G`.
pub(crate) struct EngineOf<G: Game>(Box<dyn Engine<G>>);

impl<G: Learnable> EngineOf<G> {
    /// The engine named `spec` ([`engine_by_name`]) seeded with `seed`.
    pub(crate) fn new(spec: &str, seed: u64) -> Result<Self, String> {
        engine_by_name::<G>(spec, seed)
            .map(EngineOf)
            .map_err(|error| error.to_string())
    }
}

impl<G: Learnable> DynEngine for EngineOf<G> {
    fn name(&self) -> String {
        self.0.name()
    }

    fn game(&self) -> &'static str {
        G::NAME
    }

    fn search(&mut self, state: &dyn DynState, limits: &Limits) -> Result<Found, String> {
        let Some(state) = state.as_any().downcast_ref::<StateOf<G>>() else {
            return Err(format!(
                "this engine plays {}, not {}",
                G::NAME,
                state.game()
            ));
        };
        let record = &state.record;
        let pos = record.current();
        if record.outcome().is_some() {
            return Ok(Found {
                choice: None,
                weights: Vec::new(),
                num_actions: pos.num_actions(),
            });
        }
        let result = self.0.search(record, limits, &StopFlag::new(), &mut |_| {});
        let choice = result
            .best_move
            .map(|mv| (pos.move_text(mv), pos.action_id(mv)));
        let weights = result
            .root_distribution
            .iter()
            .map(|&(mv, weight)| (pos.move_text(mv), pos.action_id(mv), weight))
            .collect();
        Ok(Found {
            choice,
            weights,
            num_actions: pos.num_actions(),
        })
    }
}

/// A hasher for keys that are hashes already (positions' Zobrist keys): the key itself.
#[derive(Default)]
struct KeyHasher(u64);

impl Hasher for KeyHasher {
    fn finish(&self) -> u64 {
        self.0
    }

    fn write(&mut self, bytes: &[u8]) {
        for &byte in bytes {
            self.0 = self.0.rotate_left(8) ^ u64::from(byte);
        }
    }

    fn write_u64(&mut self, key: u64) {
        self.0 = key;
    }
}

/// The history draws of one game in a batch, as [`GameRecord`] decides them (repetition since
/// the last progress move, the no-progress count, the move cap), kept without a move list so
/// that a reset reuses the memory.
struct History {
    rules: DrawRules,
    occurrences: HashMap<u64, u32, BuildHasherDefault<KeyHasher>>,
    no_progress: u32,
    capped: u32,
}

impl History {
    fn new(rules: DrawRules) -> Self {
        History {
            rules,
            occurrences: HashMap::default(),
            no_progress: 0,
            capped: 0,
        }
    }

    /// Starts again from a position with key `key`.
    fn reset(&mut self, key: u64) {
        self.occurrences.clear();
        self.occurrences.insert(key, 1);
        self.no_progress = 0;
        self.capped = 0;
    }

    /// Counts a move (a progress move or not, counting toward the cap or not) that led to a
    /// position with key `key`; returns whether the history now draws the game.
    fn push(&mut self, progress: bool, capped: bool, key: u64) -> bool {
        if progress {
            self.no_progress = 0;
            self.occurrences.clear();
        } else {
            self.no_progress += 1;
        }
        self.capped += u32::from(capped);
        let count = self.occurrences.entry(key).or_insert(0);
        *count += 1;
        self.rules.repetitions.is_some_and(|n| *count >= n)
            || self
                .rules
                .no_progress_plies
                .is_some_and(|n| self.no_progress >= n)
            || self.rules.move_cap.is_some_and(|n| self.capped >= n)
    }
}

/// One game of a batch.
struct Slot<G: Game> {
    pos: G,
    history: History,
    /// The action ids of the legal moves of `pos` (for the mask and the random actions).
    ids: Vec<u32>,
    /// The legal moves in the order of `ids`, kept when there are at most [`MOVES_KEPT`] of
    /// them (else empty: the move of an id is then asked of the position).
    moves: Vec<G::Move>,
}

impl<G: Learnable> Slot<G> {
    fn new(start: G, scratch: &mut Vec<G::Move>) -> Self {
        let mut slot = Slot {
            pos: start,
            history: History::new(G::DRAW_RULES),
            ids: Vec::new(),
            moves: Vec::new(),
        };
        slot.reset(start, scratch);
        slot
    }

    fn reset(&mut self, start: G, scratch: &mut Vec<G::Move>) {
        self.pos = start;
        self.history.reset(start.hash_key());
        self.refresh(scratch);
    }

    /// Lists the legal moves' ids (the moves into the batch's shared `scratch`).
    fn refresh(&mut self, scratch: &mut Vec<G::Move>) {
        self.pos.legal_moves_into(scratch);
        self.ids.clear();
        let pos = &self.pos;
        // Action ids are below `num_actions`, which `BatchOf::new` checked fits in a u32.
        self.ids
            .extend(scratch.iter().map(|&mv| pos.action_id(mv) as u32));
        self.moves.clear();
        if scratch.len() <= MOVES_KEPT {
            self.moves.extend_from_slice(scratch);
        }
        // Sundraval's opening has tens of thousands of moves, every other position a few
        // hundred at most: give the opening's memory back once it is played (once a game).
        if self.ids.capacity() > SHRINK_ABOVE && self.ids.len() < SHRINK_ABOVE / 4 {
            self.ids.shrink_to(SHRINK_ABOVE / 4);
        }
    }

    /// The legal move with id `action`: looked up among the legal moves listed (faster than
    /// [`Actions::action_move`] in most games), or asked of the position when the list is
    /// too long to keep (Sundraval's opening).
    fn find(&self, action: i64) -> Option<G::Move> {
        if self.moves.is_empty() {
            return self.pos.action_move(usize::try_from(action).ok()?);
        }
        let action = u32::try_from(action).ok()?;
        let index = self.ids.iter().position(|&id| id == action)?;
        Some(self.moves[index])
    }

    /// Writes the mask, the observation (for the player to move) and the player to move.
    fn write(&self, mask: &mut [bool], obs: Option<&mut [f32]>) -> i32 {
        mask.fill(false);
        for &id in &self.ids {
            mask[id as usize] = true;
        }
        let player = self.pos.to_move();
        if let Some(obs) = obs {
            self.pos.observe(player, obs);
        }
        G::player_index(player) as i32
    }
}

/// The most legal moves a game of a batch keeps beside their ids.
const MOVES_KEPT: usize = 1024;

/// A game's list of legal action ids keeps at most this many entries' memory once its
/// position has fewer than a quarter of them.
const SHRINK_ABOVE: usize = 4096;

/// The output buffers of a batch step, one row per game.
pub(crate) struct Outputs<'a> {
    /// Observations, `n × planes × rows × columns`; skipped when `None`.
    pub(crate) obs: Option<&'a mut [f32]>,
    /// Legal-action masks, `n × num_actions`.
    pub(crate) mask: &'a mut [bool],
    /// Rewards, `n × players`.
    pub(crate) rewards: &'a mut [f32],
    /// Done flags, `n`.
    pub(crate) done: &'a mut [bool],
    /// The player to move, `n`.
    pub(crate) to_move: &'a mut [i32],
}

/// Many games of one kind stepped together, behind one interface.
pub(crate) trait DynBatch: Send + Sync {
    /// The number of games.
    fn len(&self) -> usize;
    /// The size of the action space.
    fn num_actions(&self) -> usize;
    /// The number of players.
    fn num_players(&self) -> usize;
    /// The observation's shape for one game.
    fn observation_shape(&self) -> [usize; 3];
    /// Every game back to the start; the rewards and done flags are cleared.
    fn reset(&mut self, seed: Option<u64>, out: Outputs<'_>);
    /// Plays `actions[i]` in game `i`, resetting the games that end; nothing is played when
    /// an action is not legal in its game.
    fn step(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<(), String>;
    /// A uniformly random legal action id for every game.
    fn random_actions(&mut self, out: &mut [i64]);
    /// The current positions' texts.
    fn texts(&self) -> Vec<String>;
}

/// [`DynBatch`] for game `G`.
pub(crate) struct BatchOf<G: Game> {
    start: G,
    slots: Vec<Slot<G>>,
    rng: Rng,
    /// Each game's move during a step.
    chosen: Vec<G::Move>,
    /// The legal moves of the position being listed (one buffer for every game).
    scratch: Vec<G::Move>,
}

impl<G: Learnable> BatchOf<G> {
    /// `n` games from `start`, the random actions drawn with `seed`.
    pub(crate) fn new(start: G, n: usize, seed: u64) -> Result<Self, String> {
        if u32::try_from(start.num_actions()).is_err() {
            return Err(format!("{} has too many action ids for a batch", G::NAME));
        }
        let mut scratch = Vec::new();
        Ok(BatchOf {
            start,
            slots: (0..n).map(|_| Slot::new(start, &mut scratch)).collect(),
            rng: Rng::new(seed),
            chosen: Vec::with_capacity(n),
            scratch,
        })
    }
}

impl<G: Learnable> DynBatch for BatchOf<G> {
    fn len(&self) -> usize {
        self.slots.len()
    }

    fn num_actions(&self) -> usize {
        self.start.num_actions()
    }

    fn num_players(&self) -> usize {
        G::PLAYERS.len()
    }

    fn observation_shape(&self) -> [usize; 3] {
        self.start.observation_shape()
    }

    fn reset(&mut self, seed: Option<u64>, out: Outputs<'_>) {
        if let Some(seed) = seed {
            self.rng = Rng::new(seed);
        }
        let actions = self.num_actions();
        let cells: usize = self.observation_shape().iter().product();
        let mut obs = out.obs;
        for (i, slot) in self.slots.iter_mut().enumerate() {
            slot.reset(self.start, &mut self.scratch);
            let rows = obs
                .as_deref_mut()
                .map(|o| &mut o[i * cells..(i + 1) * cells]);
            out.to_move[i] = slot.write(&mut out.mask[i * actions..(i + 1) * actions], rows);
            out.done[i] = false;
        }
        out.rewards.fill(0.0);
    }

    fn step(&mut self, actions: &[i64], out: Outputs<'_>) -> Result<(), String> {
        if actions.len() != self.slots.len() {
            return Err(format!(
                "expected {} actions (one per game), got {}",
                self.slots.len(),
                actions.len()
            ));
        }
        self.chosen.clear();
        for (i, (slot, &action)) in self.slots.iter().zip(actions).enumerate() {
            match slot.find(action) {
                Some(mv) => self.chosen.push(mv),
                None => {
                    return Err(format!(
                        "game {i}: action {action} is not a legal move in its position \
                         (nothing was played)"
                    ))
                }
            }
        }
        let num_actions = self.num_actions();
        let players = G::PLAYERS.len();
        let cells: usize = self.observation_shape().iter().product();
        let mut obs = out.obs;
        for (i, slot) in self.slots.iter_mut().enumerate() {
            let mv = self.chosen[i];
            let progress = slot.pos.is_progress_move(mv);
            let capped = slot.pos.counts_toward_cap(mv);
            slot.pos.play_unchecked(mv);
            let drawn = slot.history.push(progress, capped, slot.pos.hash_key());
            let reward = &mut out.rewards[i * players..(i + 1) * players];
            let outcome = slot.pos.outcome();
            let done = outcome.is_some() || drawn;
            if done {
                reward.copy_from_slice(&returns_of::<G>(outcome)[..players]);
                slot.reset(self.start, &mut self.scratch);
            } else {
                reward.fill(0.0);
                slot.refresh(&mut self.scratch);
            }
            out.done[i] = done;
            let rows = obs
                .as_deref_mut()
                .map(|o| &mut o[i * cells..(i + 1) * cells]);
            out.to_move[i] =
                slot.write(&mut out.mask[i * num_actions..(i + 1) * num_actions], rows);
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

    fn texts(&self) -> Vec<String> {
        self.slots.iter().map(|slot| slot.pos.to_string()).collect()
    }
}
