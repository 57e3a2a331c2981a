//! The one place where the server meets the library's presentation traits (game-core's
//! [`Describe`] and [`Gestures`]): the picture, the clicks of a move and the engines, for every
//! game that the facade's visitor hands over.

use boardrules::engines::engine_by_name;
use game_core::{Describe, Engine, Gestures, SvgOptions};

/// What the server needs of a game besides [`Game`]: implemented once, for every game of the
/// library, from its presentation traits.
pub(crate) trait Presented: Gestures {
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

impl<G: Gestures> Presented for G {
    const EXPLAINS: Option<&'static str> = <G as Describe>::EXPLANATION;

    fn picture(
        &self,
        last_move: Option<Self::Move>,
        flipped: bool,
        explain: bool,
        size: u32,
    ) -> String {
        // A layer that shows why the game ended is drawn once it has, as the tools do.
        let explain = explain || (G::EXPLAINS_OUTCOME && self.outcome().is_some());
        let options = SvgOptions::new()
            .with_size(size)
            .with_flipped(flipped)
            .with_last_move(last_move)
            .with_explain(explain);
        self.to_svg(&options)
    }

    fn gesture_of(&self, mv: Self::Move) -> (Vec<String>, Option<&'static str>) {
        let gesture = self.gesture(mv);
        (
            gesture.points.iter().map(ToString::to_string).collect(),
            gesture.choice,
        )
    }

    fn engine(spec: &str, seed: u64) -> Result<Box<dyn Engine<Self>>, String> {
        engine_by_name::<G>(spec, seed).map_err(|e| e.to_string())
    }
}
