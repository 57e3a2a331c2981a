//! A game in progress behind one interface: [`DynState`], implemented for every game by
//! [`StateOf`] on the library's [`GameRecord`].

use std::any::Any;

use game_core::Game;
use game_core::{GameRecord, RecordError, SvgOptions};

use super::search::{DynSearch, SearchOf, Settings, Start};
use super::{player_at, returns_of, Learnable};

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
    /// The game record as the library's JSON form (the start, the draw rules, the moves).
    fn record(&self) -> String;
    /// For the engines: the concrete state.
    fn as_any(&self) -> &dyn Any;
    /// A batched search of `states` (this state's game, every one), one tree per state.
    fn new_search(
        &self,
        states: &[&dyn DynState],
        settings: Settings,
    ) -> Result<Box<dyn DynSearch>, String>;
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

    /// The game stored as the library's JSON game record `json`.
    pub(crate) fn from_record(json: &str) -> Result<Self, String> {
        serde_json::from_str(json)
            .map(|record| StateOf { record })
            .map_err(|error| format!("a {} game record: {error}", G::NAME))
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

    fn record(&self) -> String {
        // A record stores texts and numbers: serializing it cannot fail.
        serde_json::to_string(&self.record).unwrap_or_default()
    }

    fn as_any(&self) -> &dyn Any {
        self
    }

    fn new_search(
        &self,
        states: &[&dyn DynState],
        settings: Settings,
    ) -> Result<Box<dyn DynSearch>, String> {
        let starts = states
            .iter()
            .enumerate()
            .map(|(i, state)| {
                state
                    .as_any()
                    .downcast_ref::<StateOf<G>>()
                    .map(|state| Start::Record(&state.record))
                    .ok_or_else(|| {
                        format!(
                            "state {i} is a game of {}; one search runs on one game ({})",
                            state.game(),
                            G::NAME
                        )
                    })
            })
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Box::new(SearchOf::new(&starts, settings)?))
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
