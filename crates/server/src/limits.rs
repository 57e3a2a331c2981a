//! Every bound the server holds a client to, with its default: one struct, so that the
//! command line, `--help`, the README and the tests name the same numbers.
//!
//! A public service assumes its worst client: each resource a client can make the server
//! hold (bytes, sockets, games, queued messages, time per connection phase, engine time) has
//! a named bound here.

use std::time::Duration;

/// The bounds of one server; [`Limits::default`] is what `boardrules-server` runs with.
#[derive(Clone, Debug, PartialEq, Eq)]
#[non_exhaustive]
pub struct Limits {
    /// Open TCP connections from all clients together (`--max-connections`); one more is
    /// answered 503 and closed.
    pub max_connections: usize,
    /// Open TCP connections from one client address (`--max-connections-per-address`; IPv6
    /// addresses count by their /64 network); one more is answered 429 and closed.
    pub max_connections_per_address: usize,
    /// Open WebSockets from one client address (`--max-sockets-per-address`).
    pub max_sockets_per_address: usize,
    /// Open WebSockets on one game (`--max-sockets-per-game`).
    pub max_sockets_per_game: usize,
    /// Games one client address may create in a burst (`--games-per-address`); the allowance
    /// refills over [`Limits::games_refill`].
    pub games_per_address: u32,
    /// Games all clients together may create in a burst (`--games-in-all`), refilled over
    /// [`Limits::games_refill`].
    pub games_in_all: u32,
    /// How long a spent allowance of games takes to refill entirely (`--games-refill-secs`).
    pub games_refill: Duration,
    /// Games running with every seat an engine, at once (`--max-engine-games`).
    pub max_engine_games: usize,
    /// Games held in memory at once (`--max-loaded-games`): past it, idle games are unloaded
    /// at once, and a request that needs one more is answered 503.
    pub max_loaded_games: usize,
    /// How long a game without watchers or requests stays in memory (`--idle-unload-secs`).
    pub idle_unload: Duration,
    /// How long a connection may take to send a whole request head, counted from when the
    /// server starts waiting for it: the connection's start, or the end of the previous answer
    /// on a kept-alive connection (`--header-timeout-secs`). It is also the idle keep-alive
    /// timeout. One timer that bytes do not restart: a client dripping a byte a second is
    /// closed at the same moment as one that sends nothing.
    pub header_timeout: Duration,
    /// How long a request body may take to arrive (`--body-timeout-secs`); 408 after it.
    pub body_timeout: Duration,
    /// How long a write to a client may stall (`--write-timeout-secs`): a client that does
    /// not read its answers or its WebSocket's messages is disconnected after it.
    pub write_timeout: Duration,
    /// The kernel's send buffer of a connection, in bytes (`--send-buffer-bytes`; Linux
    /// doubles it for its bookkeeping): what a client that does not read can make the
    /// kernel hold for it, before the write timeout starts. The kernel's own default grows
    /// to 4 MiB a connection.
    pub send_buffer: usize,
    /// Messages a WebSocket may fall behind before it gets only the latest state: the queue
    /// holds shared state texts, not copies.
    pub socket_backlog: usize,
    /// Games with an open seat one client address may have in the lobby at once
    /// (`--open-games-per-address`).
    pub open_games_per_address: usize,
    /// How long a game with open seats stays in the lobby (`--lobby-expiry-secs`): then its
    /// open seats expire, and joining it is refused.
    pub lobby_expiry: Duration,
}

impl Default for Limits {
    fn default() -> Self {
        Limits {
            max_connections: 4096,
            max_connections_per_address: 64,
            max_sockets_per_address: 32,
            max_sockets_per_game: 64,
            games_per_address: 20,
            games_in_all: 600,
            games_refill: Duration::from_secs(600),
            max_engine_games: 8,
            max_loaded_games: 20_000,
            idle_unload: Duration::from_secs(30),
            header_timeout: Duration::from_secs(20),
            body_timeout: Duration::from_secs(10),
            write_timeout: Duration::from_secs(10),
            send_buffer: 256 * 1024,
            socket_backlog: 16,
            open_games_per_address: 5,
            lobby_expiry: Duration::from_secs(3600),
        }
    }
}

/// The most games `GET /api/lobby` lists, the newest first.
pub const LOBBY_SIZE: usize = 100;

/// The largest state message, WebSocket message from the server or game state answer:
/// the legal moves and their gestures are left out (null) when they would pass it.
pub const MAX_STATE_BYTES: usize = 64 * 1024;
/// The largest state that carries its legal moves and their gestures: beyond it they are
/// null. Below [`MAX_STATE_BYTES`] so that an idle game, which keeps its state rendered,
/// holds less than 64 KiB in all.
pub const INLINE_LISTS_BYTES: usize = 40 * 1024;
/// The largest request body the server reads (a move or a new game is far smaller).
pub const BODY_LIMIT: usize = 16 * 1024;
/// The largest message a WebSocket client may send.
pub const WS_MESSAGE_LIMIT: usize = 4 * 1024;
/// How many messages a WebSocket client may send in one second.
pub const WS_MESSAGES_PER_SECOND: usize = 20;
/// The longest game, in plies: the server's move cap, a draw (`"move cap"`), so that the
/// moves of a game, and so its state, have a bound in every game.
pub const MAX_PLIES: u32 = 1000;
/// The default thinking time of engine seats.
pub const DEFAULT_TIME_MS: u64 = 500;
/// The longest thinking time a game may ask for (a minute a move).
pub const MAX_TIME_MS: u64 = 60_000;
