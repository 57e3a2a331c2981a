//! Engine matches: a seeded schedule of games between engines named as in
//! [`crate::engines`], each game played through a [`GameRecord`](game_core::GameRecord), and
//! the summary of the results (wins, draws and losses per engine and seat, the Elo difference
//! of two engines).
//!
//! The `match` example drives it from the command line; its JSON lines (one per game, see
//! [`GameReport`]) merge by concatenation, so shards of one schedule
//! ([`Schedule::shard`]) can run on many machines, and [`play_in_order`] plays a shard on
//! several threads while keeping its lines in game order.
//!
//! The rooms: [`MatchSettings`] (what to play), the schedule ([`Schedule`], [`Shard`]),
//! playing ([`play_game`], [`play_out`], the demo's [`demo_game`]), the threads
//! ([`play_in_order`]), the report of a game ([`GameReport`], its JSON line), and the summary
//! ([`Summary`], [`Elo`]).

mod elo;
mod in_order;
mod play;
mod report;
mod schedule;
mod settings;
mod summary;

pub use elo::{elo_of_score, Elo};
pub use in_order::{play_in_order, HELD_PER_THREAD};
pub use play::{
    demo_game, demo_limits, opening, play_game, play_out, DEMO_ITERATIONS, DEMO_MAX_PLIES,
    DEMO_NODES, MAX_GAME_PLIES,
};
pub use report::GameReport;
pub use schedule::{Schedule, ScheduledGame, Shard};
pub use settings::{move_limits, MatchSettings, DEFAULT_NODES_PER_MOVE};
pub use summary::{count, Summary, Tally};
