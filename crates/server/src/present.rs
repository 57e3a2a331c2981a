//! The one place where the server meets the library's presentation traits: the picture, the
//! clicks of a move and the engines, for every game that the facade's visitor hands over.

use boardrules::engines::engine_by_name;
use game_core::{Engine, Game};

/// What the server needs of a game besides [`Game`]: implemented once, for every game of the
/// library, from its presentation traits.
pub(crate) trait Presented: Game {
    /// The label of the picture's explanation layer, where it has one.
    const EXPLAINS: Option<&'static str>;

    /// The position's SVG, `size` pixels wide, with `last_move` marked.
    fn picture(
        &self,
        last_move: Option<Self::Move>,
        flipped: bool,
        explain: bool,
        size: u32,
    ) -> String;

    /// The clicks that make `mv` (a legal move here): the points' names and the choice.
    fn gesture_of(&self, mv: Self::Move) -> (Vec<String>, Option<&'static str>);

    /// The engine `spec` (`NAME[:BUDGET]`), seeded with `seed`.
    fn engine(spec: &str, seed: u64) -> Result<Box<dyn Engine<Self>>, String>;
}

impl<G: boardrules::games::Describe> Presented for G {
    const EXPLAINS: Option<&'static str> = if G::HAS_ATTACKS {
        Some("attacked squares")
    } else {
        None
    };

    fn picture(
        &self,
        last_move: Option<Self::Move>,
        _flipped: bool,
        explain: bool,
        size: u32,
    ) -> String {
        self.svg_explained(last_move, size, explain)
    }

    fn gesture_of(&self, _mv: Self::Move) -> (Vec<String>, Option<&'static str>) {
        (Vec::new(), None)
    }

    fn engine(spec: &str, seed: u64) -> Result<Box<dyn Engine<Self>>, String> {
        engine_by_name::<G>(spec, seed).map_err(|e| e.to_string())
    }
}
