//! One game of a batch: its position, its history draws, its ply count and its legal moves'
//! action ids.

use game_core::{DrawTracker, Game};

use super::Learnable;

/// The most legal moves a game of a batch keeps beside their ids.
const MOVES_KEPT: usize = 1024;

/// A game's list of legal action ids keeps at most this many entries' memory once its
/// position has fewer than a quarter of them.
const SHRINK_ABOVE: usize = 4096;

/// One game of a batch.
pub(crate) struct Slot<G: Game> {
    /// The current position.
    pub(crate) pos: G,
    /// The history draws since the game's start, as the library's game record decides them.
    pub(crate) draws: DrawTracker,
    /// Plies played since the game's start (for the batch's ply cap).
    pub(crate) plies: u32,
    /// The action ids of the legal moves of `pos` (for the mask and the random actions).
    pub(crate) ids: Vec<u32>,
    /// The legal moves in the order of `ids`, kept when there are at most [`MOVES_KEPT`] of
    /// them (else empty: the move of an id is then asked of the position).
    moves: Vec<G::Move>,
}

impl<G: Learnable> Slot<G> {
    /// A game at `start`; `scratch` is the batch's shared move buffer.
    pub(crate) fn new(start: G, scratch: &mut Vec<G::Move>) -> Self {
        let mut slot = Slot {
            pos: start,
            draws: DrawTracker::new(&start, G::DRAW_RULES),
            plies: 0,
            ids: Vec::new(),
            moves: Vec::new(),
        };
        slot.reset(start, scratch);
        slot
    }

    /// Starts a new game at `start` (its history empty).
    pub(crate) fn reset(&mut self, start: G, scratch: &mut Vec<G::Move>) {
        self.pos = start;
        self.plies = 0;
        self.draws.reset(&start);
        self.refresh(scratch);
    }

    /// Takes over a stored game: the position, its plies and its history draws (a tracker
    /// at that position).
    pub(crate) fn restore(
        &mut self,
        pos: G,
        plies: u32,
        draws: DrawTracker,
        scratch: &mut Vec<G::Move>,
    ) {
        self.pos = pos;
        self.plies = plies;
        self.draws = draws;
        self.refresh(scratch);
    }

    /// Lists the legal moves' ids (the moves into the batch's shared `scratch`).
    pub(crate) fn refresh(&mut self, scratch: &mut Vec<G::Move>) {
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
    /// [`game_core::Actions::action_move`] in most games), or asked of the position when the list is
    /// too long to keep (Sundraval's opening).
    pub(crate) fn find(&self, action: i64) -> Option<G::Move> {
        if self.moves.is_empty() {
            if self.ids.is_empty() {
                return None;
            }
            return self.pos.action_move(usize::try_from(action).ok()?);
        }
        let action = u32::try_from(action).ok()?;
        let index = self.ids.iter().position(|&id| id == action)?;
        Some(self.moves[index])
    }

    /// Writes the mask, the observation (for the player to move) and the player to move.
    pub(crate) fn write(&self, mask: &mut [bool], obs: Option<&mut [f32]>) -> i32 {
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
