//! # boardrules-server
//!
//! A game server for the five games of [`boardrules`]: a person opens the page, creates a
//! game, shares a link per seat and plays friends or engines in the browser; programs use the
//! same JSON API (see the crate's README). Every move is committed to an SQLite file before
//! anyone is told, so a restarted server has every game back, engine seats thinking again.
//!
//! The library starts a server inside a program (the tests and the load tool do):
//!
//! ```no_run
//! # async fn run() -> Result<(), boardrules_server::ServerError> {
//! use boardrules_server::{Config, Server};
//!
//! let config = Config {
//!     addr: "127.0.0.1:0".parse().expect("an address"),
//!     ..Config::default()
//! };
//! let server = Server::start(&config).await?;
//! println!("http://{}/", server.local_addr());
//! server.stop();
//! # Ok(())
//! # }
//! ```

use std::net::SocketAddr;
use std::path::PathBuf;
use std::sync::Arc;
use std::time::Duration;

use tokio::sync::{mpsc, watch};

mod cli;
mod clients;
mod clock;
mod error;
mod games;
mod http;
mod limits;
mod net;
mod pool;
mod present;
mod secrets;
mod store;
mod table;
mod wire;

pub use cli::{parse_args, ArgsError, Command, HELP};
pub use clock::{MAX_INCREMENT_MS, MAX_INITIAL_MS, MIN_INITIAL_MS};
pub use limits::{
    Limits, BODY_LIMIT, DEFAULT_TIME_MS, INLINE_LISTS_BYTES, LOBBY_SIZE, MAX_PLIES,
    MAX_STATE_BYTES, MAX_TIME_MS, WS_MESSAGES_PER_SECOND, WS_MESSAGE_LIMIT,
};

/// How to run a server: where it listens, where it keeps its games, how many engine threads,
/// and every limit it holds its clients to.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The address to listen on (`--addr`); port 0 picks a free port.
    pub addr: SocketAddr,
    /// The SQLite file of the games (`--db`), created when missing.
    pub db: PathBuf,
    /// The threads that run the engine searches of games with a person at a seat
    /// (`--engine-threads`), at least one; games of engines only have one more of their own.
    pub engine_threads: usize,
    /// The origin whose pages may call the API (`--cors-origin`, such as
    /// `https://example.org`); none by default, so no other site's script reads an answer.
    pub cors_origin: Option<String>,
    /// The bounds of every resource a client can make the server hold.
    pub limits: Limits,
}

impl Default for Config {
    /// `127.0.0.1:8080`, `boardrules.sqlite3` in the working directory, one engine thread per
    /// core, no CORS, the default [`Limits`].
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: PathBuf::from("boardrules.sqlite3"),
            engine_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
            cors_origin: None,
            limits: Limits::default(),
        }
    }
}

/// Why a server could not start.
#[derive(Debug)]
#[non_exhaustive]
pub enum ServerError {
    /// The database file could not be opened or read.
    Store(String),
    /// The address could not be bound, or the engine threads could not be started.
    Io(std::io::Error),
    /// A setting that cannot be used (a CORS origin that is no header value).
    Config(String),
}

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServerError::Store(text) | ServerError::Config(text) => write!(f, "{text}"),
            ServerError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ServerError {}

/// How long a graceful shutdown waits for the connections to finish before it stops anyway.
const SHUTDOWN_GRACE: Duration = Duration::from_secs(10);

/// A running server: its address, and the tasks that serve it on the current tokio runtime.
pub struct Server {
    addr: SocketAddr,
    hub: Arc<games::Hub>,
    clients: Arc<clients::Clients>,
    task: tokio::task::JoinHandle<()>,
    maintenance: tokio::task::JoinHandle<()>,
    shutdown: watch::Sender<bool>,
    /// Closes when the last connection task has ended.
    connections: mpsc::Receiver<()>,
}

impl Server {
    /// Opens the database (loading the games whose engine may be to move, and starting their
    /// searches), binds the address and starts serving on the current tokio runtime.
    ///
    /// # Errors
    /// [`ServerError`] when the database cannot be opened, the address cannot be bound or a
    /// setting cannot be used.
    pub async fn start(config: &Config) -> Result<Server, ServerError> {
        let cors = config
            .cors_origin
            .as_deref()
            .map(|origin| {
                axum::http::HeaderValue::from_str(origin)
                    .map_err(|_| ServerError::Config(format!("--cors-origin {origin:?}")))
            })
            .transpose()?;
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(ServerError::Io)?;
        let addr = listener.local_addr().map_err(ServerError::Io)?;
        let db = config.db.clone();
        let threads = config.engine_threads;
        let limits = config.limits.clone();
        let hub = tokio::task::spawn_blocking(move || {
            let store = store::Store::open(&db).map_err(|e| ServerError::Store(e.to_string()))?;
            let pool = pool::Pool::new(threads).map_err(ServerError::Io)?;
            games::Hub::new(store, pool, limits).map_err(|e| ServerError::Store(e.to_string()))
        })
        .await
        .map_err(|e| ServerError::Io(std::io::Error::other(e.to_string())))??;
        let clients = clients::Clients::new(config.limits.clone());
        let (shutdown, watching) = watch::channel(false);
        let router = http::router(http::App {
            hub: Arc::clone(&hub),
            clients: Arc::clone(&clients),
            limits: config.limits.clone(),
            addr,
            cors,
            shutdown: watching.clone(),
            renders: Arc::new(tokio::sync::Semaphore::new(http::render_permits())),
        });
        let (done, connections) = mpsc::channel(1);
        let task = tokio::spawn(net::serve(
            listener,
            router,
            Arc::clone(&clients),
            config.limits.clone(),
            watching,
            done,
        ));
        let maintenance = tokio::spawn({
            let hub = Arc::clone(&hub);
            async move {
                let mut tick = tokio::time::interval(Duration::from_secs(1));
                tick.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
                loop {
                    tick.tick().await;
                    let hub = Arc::clone(&hub);
                    let _ = tokio::task::spawn_blocking(move || hub.maintain()).await;
                }
            }
        });
        Ok(Server {
            addr,
            hub,
            clients,
            task,
            maintenance,
            shutdown,
            connections,
        })
    }

    /// The address the server listens on (with the port picked for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// How many games the server holds in memory (the others wait in the file).
    pub fn open_games(&self) -> usize {
        self.hub.len()
    }

    /// How many TCP connections are open (WebSockets included).
    pub fn open_connections(&self) -> usize {
        self.clients.connections()
    }

    /// Serves until the serving task ends (it does not on its own).
    pub async fn wait(self) {
        let _ = (&mut { self.task }).await;
    }

    /// Stops at once: stops listening, drops the connections and ends the engine threads.
    /// Everything acknowledged is in the file already; a search under way is abandoned, and
    /// resumed by the next server on the file.
    pub fn stop(self) {
        self.task.abort();
        self.maintenance.abort();
        let _ = self.shutdown.send(true);
        self.hub.stop();
    }

    /// Stops gracefully: stops listening, lets every connection finish the request it is
    /// serving (a move being stored is stored and answered), tells every WebSocket that the
    /// server is going away (close code 1001), waits for them (at most ten seconds), then
    /// ends the engine threads.
    pub async fn shutdown(mut self) {
        let _ = self.shutdown.send(true);
        let _ = (&mut self.task).await;
        let _ = tokio::time::timeout(SHUTDOWN_GRACE, self.connections.recv()).await;
        self.maintenance.abort();
        let hub = Arc::clone(&self.hub);
        let _ = tokio::task::spawn_blocking(move || hub.stop()).await;
    }
}
