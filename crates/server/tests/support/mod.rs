//! What the server tests share: a server on a temporary database, scripted players.

// Its items are `pub` for the test modules of tests/all.rs, so the reachability lint does not
// apply here.
#![allow(unreachable_pub)]

pub mod client;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU32, Ordering};

use boardrules_server::{Config, Limits, Server};
use client::{Http, Reply};
use serde_json::{json, Value};

/// A database file of its own for each test (removed when dropped).
pub struct TempDb(pub PathBuf);

impl TempDb {
    /// A new, not yet existing file name in the temporary directory.
    pub fn new(name: &str) -> TempDb {
        static COUNTER: AtomicU32 = AtomicU32::new(0);
        let n = COUNTER.fetch_add(1, Ordering::Relaxed);
        let path = std::env::temp_dir().join(format!(
            "boardrules-server-test-{}-{name}-{n}.sqlite3",
            std::process::id()
        ));
        let db = TempDb(path);
        db.remove();
        db
    }

    /// Where a server binary spawned over this database writes its log (stderr).
    pub fn log(&self) -> PathBuf {
        let mut name = self.0.clone().into_os_string();
        name.push(".log");
        PathBuf::from(name)
    }

    fn remove(&self) {
        for suffix in ["", "-wal", "-shm", ".log"] {
            let mut name = self.0.clone().into_os_string();
            name.push(suffix);
            let _ = std::fs::remove_file(name);
        }
    }
}

impl Drop for TempDb {
    fn drop(&mut self) {
        self.remove();
    }
}

/// Limits for tests that are not about limits: every test client comes from 127.0.0.1, so the
/// per-address allowances are raised; the other bounds keep their defaults.
pub fn roomy() -> Limits {
    let mut limits = Limits::default();
    limits.games_per_address = 10_000;
    limits.games_in_all = 10_000;
    limits.max_connections_per_address = 1000;
    limits.max_sockets_per_address = 1000;
    limits
}

/// A server on 127.0.0.1:0 over `db`, with [`roomy`] limits.
pub async fn start(db: &TempDb, engine_threads: usize) -> Server {
    start_with(db, engine_threads, roomy()).await
}

/// A server on 127.0.0.1:0 over `db` with `limits`.
pub async fn start_with(db: &TempDb, engine_threads: usize, limits: Limits) -> Server {
    let config = Config {
        addr: SocketAddr::from(([127, 0, 0, 1], 0)),
        db: db.0.clone(),
        engine_threads,
        limits,
        ..Config::default()
    };
    Server::start(&config).await.expect("the server starts")
}

/// The server binary on a free port over `db` with `args` besides, and the address it
/// printed; its log goes to [`TempDb::log`].
pub fn spawn(db: &TempDb, args: &[&str]) -> (Child, SocketAddr) {
    spawn_with_env(db, args, &[])
}

/// [`spawn`] with environment variables `env` set for the binary.
pub fn spawn_with_env(db: &TempDb, args: &[&str], env: &[(&str, &str)]) -> (Child, SocketAddr) {
    let mut child = Command::new(env!("CARGO_BIN_EXE_boardrules-server"))
        .envs(env.iter().copied())
        .args(["--addr", "127.0.0.1:0", "--db"])
        .arg(&db.0)
        .args(args)
        .stdout(Stdio::piped())
        .stderr(std::fs::File::create(db.log()).expect("the log file"))
        .spawn()
        .expect("the binary starts");
    let mut line = String::new();
    BufReader::new(child.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("its first line");
    // "boardrules-server: http://127.0.0.1:PORT/ (games in …)"
    let addr = line
        .split("http://")
        .nth(1)
        .and_then(|rest| rest.split('/').next())
        .and_then(|addr| addr.parse().ok())
        .unwrap_or_else(|| panic!("an address in {line:?}"));
    (child, addr)
}

/// Resident memory of process `pid` in KiB.
pub fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// A small xorshift generator: scripted players' choices, reproducible from a seed.
pub struct Rng(pub u64);

impl Rng {
    /// A number below `n` (n > 0).
    pub fn below(&mut self, n: usize) -> usize {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 % n as u64) as usize
    }
}

/// A created game: its id and each seat's token (null for engines).
pub struct Created {
    pub id: String,
    pub tokens: Vec<Option<String>>,
    pub reply: Value,
}

/// Creates a game; panics unless the server answers 201.
pub async fn create(http: &mut Http, body: Value) -> Created {
    let reply = http.post("/api/games", None, &body).await.expect("create");
    assert_eq!(reply.status, 201, "{}", reply.text());
    let value = reply.json();
    let tokens = value["seats"]
        .as_array()
        .expect("seats")
        .iter()
        .map(|seat| seat["token"].as_str().map(str::to_owned))
        .collect();
    Created {
        id: value["id"].as_str().expect("id").to_owned(),
        tokens,
        reply: value,
    }
}

/// The state of game `id`.
pub async fn state(http: &mut Http, id: &str) -> Value {
    let reply = http.get(&format!("/api/games/{id}")).await.expect("state");
    assert_eq!(reply.status, 200, "{}", reply.text());
    reply.json()
}

/// Posts a move with a token.
pub async fn play(http: &mut Http, id: &str, token: Option<&str>, text: &str) -> Reply {
    http.post(
        &format!("/api/games/{id}/moves"),
        token,
        &json!({ "move": text }),
    )
    .await
    .expect("move")
}

/// The index of the seat whose player is to move.
pub fn seat_to_move(state: &Value) -> Option<usize> {
    let to_move = state["to_move"].as_str()?;
    state["seats"]
        .as_array()?
        .iter()
        .position(|seat| seat["player"] == to_move)
}

/// The board size with the fewest points among a game's sizes (`"8"`, `"5x4"`, …), for short
/// test games; `None` for games with one board.
pub fn smallest_size(info: &Value) -> Option<String> {
    let area = |text: &str| -> u64 {
        text.split('x')
            .map(|n| n.parse::<u64>().unwrap_or(u64::MAX / 4))
            .product()
    };
    info["sizes"]
        .as_array()?
        .iter()
        .filter_map(|s| s.as_str())
        .min_by_key(|s| area(s))
        .map(str::to_owned)
}
