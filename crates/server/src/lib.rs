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

mod cli;
mod http;
mod hub;
mod pool;
mod present;
mod store;
mod table;

pub use cli::{parse_args, ArgsError, Command, HELP};

/// How to run a server: where it listens, where it keeps its games, how many engine threads.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Config {
    /// The address to listen on (`--addr`); port 0 picks a free port.
    pub addr: SocketAddr,
    /// The SQLite file of the games (`--db`), created when missing.
    pub db: PathBuf,
    /// The threads that run engine searches (`--engine-threads`), at least one.
    pub engine_threads: usize,
}

impl Default for Config {
    /// `127.0.0.1:8080`, `boardrules.sqlite3` in the working directory, one engine thread per
    /// core.
    fn default() -> Self {
        Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 8080)),
            db: PathBuf::from("boardrules.sqlite3"),
            engine_threads: std::thread::available_parallelism().map_or(1, |n| n.get()),
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
}

impl std::fmt::Display for ServerError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            ServerError::Store(text) => write!(f, "{text}"),
            ServerError::Io(e) => write!(f, "{e}"),
        }
    }
}

impl std::error::Error for ServerError {}

/// A running server: its address, and the task that serves it on the current tokio runtime.
pub struct Server {
    addr: SocketAddr,
    hub: Arc<hub::Hub>,
    task: tokio::task::JoinHandle<()>,
}

impl Server {
    /// Opens the database (loading every stored game and restarting its engine seats), binds
    /// the address and starts serving on the current tokio runtime.
    ///
    /// # Errors
    /// [`ServerError`] when the database cannot be opened or the address cannot be bound.
    pub async fn start(config: &Config) -> Result<Server, ServerError> {
        let listener = tokio::net::TcpListener::bind(config.addr)
            .await
            .map_err(ServerError::Io)?;
        let addr = listener.local_addr().map_err(ServerError::Io)?;
        let db = config.db.clone();
        let threads = config.engine_threads;
        let hub = tokio::task::spawn_blocking(move || {
            let store = store::Store::open(&db).map_err(|e| ServerError::Store(e.to_string()))?;
            let pool = pool::Pool::new(threads).map_err(ServerError::Io)?;
            hub::Hub::new(store, pool).map_err(|e| ServerError::Store(e.to_string()))
        })
        .await
        .map_err(|e| ServerError::Io(std::io::Error::other(e.to_string())))??;
        let router = http::router(http::App {
            hub: Arc::clone(&hub),
            addr,
        });
        let task = tokio::spawn(async move {
            if let Err(e) = axum::serve(listener, router).await {
                eprintln!("boardrules-server: {e}");
            }
        });
        Ok(Server { addr, hub, task })
    }

    /// The address the server listens on (with the port picked for port 0).
    pub fn local_addr(&self) -> SocketAddr {
        self.addr
    }

    /// How many games the server holds.
    pub fn open_games(&self) -> usize {
        self.hub.len()
    }

    /// Serves until the serving task ends (it does not on its own).
    pub async fn wait(self) {
        let _ = (&mut { self.task }).await;
    }

    /// Stops listening and ends the engine threads. Everything acknowledged is in the file
    /// already; a search under way is abandoned, and resumed by the next server on the file.
    pub fn stop(self) {
        self.task.abort();
        self.hub.stop();
    }
}
