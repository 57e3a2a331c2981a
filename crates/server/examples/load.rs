//! The load tool: thousands of concurrent games over loopback, scripted random players.
//!
//! ```text
//! cargo run --release -p boardrules-server --example load -- [--games 1000] [--seconds 20] [--think-ms 5000]
//! ```
//!
//! It starts the server as a child process (this same program with `--serve`, so the child
//! holds only the server), on a fresh database, and then:
//! 1. creates `--games` games (the five games in turn, each on its smallest board, every seat
//!    a person) and reads the child's resident memory before and after: the memory per idle
//!    game;
//! 2. plays them for `--seconds`: every game has one WebSocket, its watcher, through which its
//!    table of players sees each state; when a seat is to move, its player waits a random
//!    think time (0 to 2 × `--think-ms`) and posts a random legal move over one of
//!    `--connections` shared HTTP connections. A game that ends is replaced by a new one;
//! 3. reports the moves per second, the latency from a move's POST to its game's watcher
//!    having the new state (p50, p99, max; counted once every socket has connected), the
//!    memory per game with its socket open, and the server's CPU time.
//!
//! One socket a game and a shared pool of HTTP connections keep the descriptors to about one
//! a game on each side (10,000 games fit a limit of 20,000 open files); nothing waits for all
//! sockets together, so a socket that fails counts as an error and holds nothing up.
//!
//! Exit status: 0 when every request succeeded, 1 when one failed or the run could not be
//! made (the server did not start, too few descriptors), 2 for a bad argument.

#[path = "../tests/support/client.rs"]
mod client;

use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::path::PathBuf;
use std::process::{Child, Command, ExitCode, Stdio};
use std::sync::atomic::{AtomicBool, AtomicU64, AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use client::Http;
use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio::sync::Semaphore;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

const USAGE: &str = "\
load: many concurrent games against a boardrules server started as a child process

Usage: load [--games N] [--seconds S] [--think-ms MS] [--connections N] [--db PATH]

Options:
  --games N         concurrent games, one WebSocket each (default 1000)
  --seconds S       how long the players play (default 20)
  --think-ms MS     the players' mean think time; each waits 0 to 2 x MS (default 5000)
  --connections N   HTTP connections the players share for their moves (default 64)
  --db PATH         the server's database (default: a new file in the temporary directory,
                    removed at the end)
  --help            this text

Exit status: 0 when every request succeeded, 1 when one failed or the run could not be made,
2 for a bad argument.
";

#[derive(Debug)]
struct Options {
    games: usize,
    seconds: u64,
    think_ms: u64,
    connections: usize,
    db: Option<PathBuf>,
}

enum Args {
    Help,
    Run(Options),
    /// The child: a server over this database.
    Serve(PathBuf),
}

fn parse(args: &[String]) -> Result<Args, String> {
    if args.first().map(String::as_str) == Some("--serve") {
        return match args.get(1) {
            Some(db) if args.len() == 2 => Ok(Args::Serve(PathBuf::from(db))),
            _ => Err("--serve takes one database path".to_owned()),
        };
    }
    let mut options = Options {
        games: 1000,
        seconds: 20,
        think_ms: 5000,
        connections: 64,
        db: None,
    };
    let mut args = args.iter();
    while let Some(arg) = args.next() {
        if arg == "--help" || arg == "-h" {
            return Ok(Args::Help);
        }
        let (name, inline) = match arg.split_once('=') {
            Some((name, value)) if name.starts_with("--") => (name, Some(value.to_owned())),
            _ => (arg.as_str(), None),
        };
        if !matches!(
            name,
            "--games" | "--seconds" | "--think-ms" | "--connections" | "--db"
        ) {
            return Err(format!("unknown argument {arg:?} (see --help)"));
        }
        let value = match inline.or_else(|| args.next().cloned()) {
            Some(value) => value,
            None => return Err(format!("{name} needs a value (see --help)")),
        };
        if name == "--db" {
            if value.is_empty() {
                return Err("--db needs a file path".to_owned());
            }
            options.db = Some(PathBuf::from(value));
            continue;
        }
        let number = value
            .parse::<u64>()
            .ok()
            .filter(|&n| {
                n >= u64::from(name == "--games" || name == "--seconds" || name == "--connections")
            })
            .ok_or_else(|| format!("{name} {value:?}: expected a whole number"))?;
        match name {
            "--games" => options.games = number as usize,
            "--seconds" => options.seconds = number,
            "--think-ms" => options.think_ms = number,
            _ => options.connections = number as usize,
        }
    }
    Ok(Args::Run(options))
}

/// The child: a server on a free port over the database `db`, its per-address limits raised
/// (every player of the run comes from 127.0.0.1); prints its address.
fn serve(db: PathBuf) -> ExitCode {
    let runtime = match tokio::runtime::Runtime::new() {
        Ok(runtime) => runtime,
        Err(e) => {
            eprintln!("load: {e}");
            return ExitCode::FAILURE;
        }
    };
    runtime.block_on(async {
        let mut limits = boardrules_server::Limits::default();
        limits.max_connections = 30_000;
        limits.max_connections_per_address = 30_000;
        limits.max_sockets_per_address = 30_000;
        limits.games_per_address = 1_000_000;
        limits.games_in_all = 1_000_000;
        limits.max_loaded_games = 1_000_000;
        let config = boardrules_server::Config {
            addr: SocketAddr::from(([127, 0, 0, 1], 0)),
            db,
            engine_threads: 1,
            limits,
            ..boardrules_server::Config::default()
        };
        match boardrules_server::Server::start(&config).await {
            Ok(server) => {
                println!("{}", server.local_addr());
                server.wait().await;
                ExitCode::SUCCESS
            }
            Err(e) => {
                eprintln!("load: the server: {e}");
                ExitCode::FAILURE
            }
        }
    })
}

/// Resident memory of process `pid` in KiB.
fn rss_kib(pid: u32) -> u64 {
    let status = std::fs::read_to_string(format!("/proc/{pid}/status")).unwrap_or_default();
    status
        .lines()
        .find_map(|line| line.strip_prefix("VmRSS:"))
        .and_then(|rest| rest.split_whitespace().next())
        .and_then(|n| n.parse().ok())
        .unwrap_or(0)
}

/// The CPU time of process `pid` so far, in seconds (user and system, at 100 ticks a second).
fn cpu_seconds(pid: u32) -> f64 {
    let stat = std::fs::read_to_string(format!("/proc/{pid}/stat")).unwrap_or_default();
    // The fields after the command name (which is in parentheses and may hold spaces).
    let rest = stat.rsplit_once(')').map_or("", |(_, rest)| rest);
    let fields: Vec<&str> = rest.split_whitespace().collect();
    let ticks = |i: usize| {
        fields
            .get(i)
            .and_then(|f| f.parse::<f64>().ok())
            .unwrap_or(0.0)
    };
    // utime and stime are fields 14 and 15 of the line, 12 and 13 after the name.
    (ticks(11) + ticks(12)) / 100.0
}

/// This process's limit of open files (`ulimit -n`), where Linux says.
fn open_files_limit() -> Option<usize> {
    std::fs::read_to_string("/proc/self/limits")
        .ok()?
        .lines()
        .find(|line| line.starts_with("Max open files"))?
        .split_whitespace()
        .nth(3)?
        .parse()
        .ok()
}

/// A small xorshift generator.
struct Rng(u64);

impl Rng {
    fn below(&mut self, n: u64) -> u64 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        self.0 % n.max(1)
    }
}

/// What the players count.
#[derive(Default)]
struct Stats {
    moves: AtomicU64,
    /// Requests that failed: games not created, sockets not opened, moves not played.
    errors: AtomicU64,
    /// Of those, each kind and the last reason seen.
    error_kinds: Mutex<std::collections::BTreeMap<String, u64>>,
    games_done: AtomicU64,
    /// Microseconds from a move's POST to its game's watcher having it.
    latencies: Mutex<Vec<u64>>,
}

impl Stats {
    fn error(&self, kind: String) {
        self.errors.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut kinds) = self.error_kinds.lock() {
            *kinds.entry(kind).or_default() += 1;
        }
    }
}

/// The HTTP connections the players share.
struct Pool {
    addr: SocketAddr,
    /// Each with when it was last used.
    free: Mutex<Vec<(Http, Instant)>>,
    permits: Semaphore,
}

/// A kept-alive connection idle for longer is not used again: the server closes idle
/// connections after its header timeout (20 s by default).
const POOL_IDLE: Duration = Duration::from_secs(10);

impl Pool {
    /// Sends `POST path` with `body` (and a token) over a free connection, opening one when
    /// none is free: the status, or `None` when the request failed.
    async fn post(&self, path: &str, token: Option<&str>, body: &Value) -> Option<(u16, Value)> {
        let _permit = self.permits.acquire().await.ok()?;
        let taken = {
            let mut free = self.free.lock().ok()?;
            free.retain(|(_, used)| used.elapsed() < POOL_IDLE);
            free.pop()
        };
        let mut http = match taken {
            Some((http, _)) => http,
            None => Http::connect(self.addr).await.ok()?,
        };
        let reply = http.post(path, token, body).await.ok()?;
        let value = serde_json::from_slice(&reply.body).unwrap_or(Value::Null);
        if let Ok(mut free) = self.free.lock() {
            free.push((http, Instant::now()));
        }
        Some((reply.status, value))
    }
}

/// What every table shares.
struct Run {
    addr: SocketAddr,
    pool: Pool,
    stats: Stats,
    kinds: Vec<Value>,
    /// When the players stop.
    deadline: Instant,
    think_ms: u64,
    /// Sockets connected so far; latencies count once all `games` are.
    connected: AtomicUsize,
    games: usize,
    counting: AtomicBool,
}

fn smallest_size(info: &Value) -> Option<String> {
    let area = |text: &str| -> u64 {
        text.split('x')
            .map(|n| n.parse::<u64>().unwrap_or(1 << 20))
            .product()
    };
    info["sizes"]
        .as_array()?
        .iter()
        .filter_map(|s| s.as_str())
        .min_by_key(|s| area(s))
        .map(str::to_owned)
}

/// A game of `info`'s kind with every seat a person: its id and each player's token.
struct Game {
    id: String,
    tokens: Vec<(String, String)>,
}

async fn create(pool: &Pool, info: &Value) -> Option<Game> {
    let players = info["players"].as_array()?.len();
    let mut body = json!({ "game": info["name"], "seats": vec!["human"; players] });
    if let Some(size) = smallest_size(info) {
        body["size"] = json!(size);
    }
    let (status, value) = pool.post("/api/games", None, &body).await?;
    if status != 201 {
        return None;
    }
    let tokens = value["seats"]
        .as_array()?
        .iter()
        .filter_map(|s| {
            Some((
                s["player"].as_str()?.to_owned(),
                s["token"].as_str()?.to_owned(),
            ))
        })
        .collect();
    Some(Game {
        id: value["id"].as_str()?.to_owned(),
        tokens,
    })
}

/// The fields of a state that a table reads (the rest is skipped unparsed).
#[derive(serde::Deserialize)]
struct Light {
    version: u64,
    to_move: Option<String>,
    outcome: Option<serde::de::IgnoredAny>,
    legal_moves: Option<Vec<String>>,
}

/// One table: plays games of one kind, one after the other, until the deadline. Its socket
/// is the game's watcher; its players post their moves over the shared pool, each from a
/// task of its own, so that the socket goes on reading while a move is on its way.
async fn table(run: Arc<Run>, kind: usize, mut game: Option<Game>, seed: u64) {
    let stats = &run.stats;
    let mut rng = Rng(seed | 1);
    let mut first_socket = true;
    while Instant::now() < run.deadline {
        let game = match game.take() {
            Some(game) => game,
            None => match create(&run.pool, &run.kinds[kind]).await {
                Some(game) => game,
                None => {
                    stats.error("a new game was not created".to_owned());
                    return;
                }
            },
        };
        let url = format!("ws://{}/api/games/{}/ws", run.addr, game.id);
        let config = WebSocketConfig::default()
            .read_buffer_size(16 * 1024)
            .write_buffer_size(0);
        let (ws, _) =
            match tokio_tungstenite::connect_async_with_config(url, Some(config), false).await {
                Ok(ws) => ws,
                Err(e) => {
                    stats.error(format!("a socket did not open: {e}"));
                    return;
                }
            };
        if first_socket {
            first_socket = false;
            if run.connected.fetch_add(1, Ordering::SeqCst) + 1 == run.games {
                run.counting.store(true, Ordering::SeqCst);
            }
        }
        let (_sink, mut stream) = ws.split();
        let posted: Arc<Mutex<Option<(u64, Instant, bool)>>> = Arc::new(Mutex::new(None));
        let mut acted = None;
        let mut finished = false;
        while let Ok(Some(Ok(message))) =
            tokio::time::timeout_at(run.deadline.into(), stream.next()).await
        {
            let Message::Text(text) = message else {
                continue;
            };
            let Ok(state) = serde_json::from_str::<Light>(text.as_str()) else {
                continue;
            };
            if let Ok(mut posted) = posted.lock() {
                if let Some((version, at, counted)) = *posted {
                    if state.version >= version {
                        if counted {
                            let micros = at.elapsed().as_micros() as u64;
                            if let Ok(mut all) = stats.latencies.lock() {
                                all.push(micros);
                            }
                        }
                        *posted = None;
                    }
                }
            }
            if state.outcome.is_some() {
                stats.games_done.fetch_add(1, Ordering::Relaxed);
                finished = true;
                break;
            }
            let Some(to_move) = state.to_move else {
                continue;
            };
            if acted == Some(state.version) {
                continue;
            }
            acted = Some(state.version);
            let Some(token) = game
                .tokens
                .iter()
                .find(|(p, _)| *p == to_move)
                .map(|(_, t)| t.clone())
            else {
                continue;
            };
            let Some(legal) = state.legal_moves.filter(|l| !l.is_empty()) else {
                continue;
            };
            let text = legal[rng.below(legal.len() as u64) as usize].clone();
            let pause = Duration::from_millis(rng.below(2 * run.think_ms + 1));
            let run2 = Arc::clone(&run);
            let posted2 = Arc::clone(&posted);
            let id = game.id.clone();
            let version = state.version + 1;
            tokio::spawn(async move {
                tokio::time::sleep(pause).await;
                if Instant::now() >= run2.deadline {
                    return;
                }
                let counting = run2.counting.load(Ordering::SeqCst);
                if let Ok(mut posted) = posted2.lock() {
                    *posted = Some((version, Instant::now(), counting));
                }
                let path = format!("/api/games/{id}/moves");
                match run2
                    .pool
                    .post(&path, Some(&token), &json!({ "move": text }))
                    .await
                {
                    Some((200, _)) => {
                        run2.stats.moves.fetch_add(1, Ordering::Relaxed);
                    }
                    Some((status, answer)) => run2
                        .stats
                        .error(format!("a move: {status} {}", answer["error"])),
                    None => run2.stats.error("a move: no answer".to_owned()),
                }
            });
        }
        if !finished {
            break;
        }
    }
}

fn percentile(sorted: &[u64], p: f64) -> f64 {
    if sorted.is_empty() {
        return f64::NAN;
    }
    let rank = ((p / 100.0) * (sorted.len() - 1) as f64).round() as usize;
    sorted[rank.min(sorted.len() - 1)] as f64 / 1000.0
}

struct KillOnDrop(Child);

impl Drop for KillOnDrop {
    fn drop(&mut self) {
        let _ = self.0.kill();
        let _ = self.0.wait();
    }
}

fn main() -> ExitCode {
    let args: Vec<String> = std::env::args().skip(1).collect();
    let options = match parse(&args) {
        Ok(Args::Help) => {
            print!("{USAGE}");
            return ExitCode::SUCCESS;
        }
        Ok(Args::Serve(db)) => return serve(db),
        Ok(Args::Run(options)) => options,
        Err(e) => {
            eprintln!("load: {e}");
            return ExitCode::from(2);
        }
    };
    match run(&options) {
        Ok(true) => ExitCode::SUCCESS,
        Ok(false) => {
            eprintln!("load: no moves were played, or some requests failed");
            ExitCode::FAILURE
        }
        Err(e) => {
            eprintln!("load: {e}");
            ExitCode::FAILURE
        }
    }
}

/// The whole run: `Ok(true)` when every request succeeded.
fn run(options: &Options) -> Result<bool, String> {
    // One socket a game, the shared connections, and room for the rest.
    let needed = options.games + options.connections + 64;
    if let Some(limit) = open_files_limit() {
        if needed > limit {
            return Err(format!(
                "{} games need about {needed} open files; the limit is {limit} (raise it with ulimit -n)",
                options.games
            ));
        }
    }
    let (db, remove) = match &options.db {
        Some(db) => (db.clone(), false),
        None => (
            std::env::temp_dir().join(format!("boardrules-load-{}.sqlite3", std::process::id())),
            true,
        ),
    };
    let exe = std::env::current_exe().map_err(|e| format!("this program's path: {e}"))?;
    let mut child = KillOnDrop(
        Command::new(exe)
            .arg("--serve")
            .arg(&db)
            .stdout(Stdio::piped())
            .spawn()
            .map_err(|e| format!("the server: {e}"))?,
    );
    let mut line = String::new();
    let stdout = child.0.stdout.take().ok_or("the server's output")?;
    BufReader::new(stdout)
        .read_line(&mut line)
        .map_err(|e| format!("the server's address: {e}"))?;
    let addr: SocketAddr = line
        .trim()
        .parse()
        .map_err(|_| "the server did not start".to_owned())?;
    let pid = child.0.id();
    let runtime = tokio::runtime::Runtime::new().map_err(|e| e.to_string())?;
    let result = runtime.block_on(measure(options, addr, pid));
    drop(child);
    if remove {
        for suffix in ["", "-wal", "-shm"] {
            let mut name = db.clone().into_os_string();
            name.push(suffix);
            let _ = std::fs::remove_file(name);
        }
    }
    result
}

async fn measure(options: &Options, addr: SocketAddr, pid: u32) -> Result<bool, String> {
    let mut http = Http::connect(addr).await.map_err(|e| e.to_string())?;
    let info = http
        .get("/api/info")
        .await
        .map_err(|e| e.to_string())?
        .json();
    let kinds = info["games"].as_array().ok_or("no games")?.clone();
    let pool = Pool {
        addr,
        free: Mutex::new(Vec::new()),
        permits: Semaphore::new(options.connections),
    };
    // Warm up: a game of each kind, so that the memory counted next is the games' own.
    for kind in &kinds {
        create(&pool, kind)
            .await
            .ok_or("a game could not be created")?;
    }
    let before = rss_kib(pid);
    let mut created = Vec::with_capacity(options.games);
    let batch = options.connections.max(1);
    for start in (0..options.games).step_by(batch) {
        let end = (start + batch).min(options.games);
        let made = futures_util::future::join_all(
            (start..end).map(|i| create(&pool, &kinds[i % kinds.len()])),
        )
        .await;
        for game in made {
            created.push(game.ok_or("a game could not be created")?);
        }
    }
    let idle = rss_kib(pid);
    println!(
        "{} idle games: server RSS {before} KiB -> {idle} KiB: {:.1} KB per idle game",
        options.games,
        idle.saturating_sub(before) as f64 * 1024.0 / options.games as f64 / 1000.0
    );

    let cpu_before = cpu_seconds(pid);
    let start = Instant::now();
    let run = Arc::new(Run {
        addr,
        pool,
        stats: Stats::default(),
        kinds: kinds.clone(),
        deadline: start + Duration::from_secs(options.seconds),
        think_ms: options.think_ms,
        connected: AtomicUsize::new(0),
        games: options.games,
        counting: AtomicBool::new(false),
    });
    let mut tables = Vec::new();
    for (i, game) in created.into_iter().enumerate() {
        tables.push(tokio::spawn(table(
            Arc::clone(&run),
            i % kinds.len(),
            Some(game),
            i as u64 + 1,
        )));
    }
    // The memory with every socket open, halfway through.
    tokio::time::sleep(Duration::from_secs(options.seconds / 2)).await;
    let busy = rss_kib(pid);
    for task in tables {
        let _ = task.await;
    }
    let elapsed = start.elapsed().as_secs_f64();
    let server_cpu = cpu_seconds(pid) - cpu_before;
    let stats = &run.stats;
    let mut latencies = std::mem::take(&mut *stats.latencies.lock().map_err(|e| e.to_string())?);
    latencies.sort_unstable();
    let moves = stats.moves.load(Ordering::Relaxed);
    let errors = stats.errors.load(Ordering::Relaxed);
    println!(
        "{} concurrent games for {elapsed:.1} s (think time 0..{} ms, {} sockets connected): {moves} moves, {:.0} moves/s, {} games finished, {errors} errors",
        options.games,
        2 * options.think_ms,
        run.connected.load(Ordering::Relaxed),
        moves as f64 / elapsed,
        stats.games_done.load(Ordering::Relaxed),
    );
    println!(
        "latency from POST to the game's watcher ({} moves once every socket had connected): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
        latencies.len(),
        percentile(&latencies, 50.0),
        percentile(&latencies, 99.0),
        percentile(&latencies, 100.0),
    );
    println!(
        "server RSS under load: {busy} KiB: {:.1} KB per game with its socket open",
        busy.saturating_sub(before) as f64 * 1024.0 / options.games as f64 / 1000.0
    );
    println!(
        "server CPU time: {server_cpu:.1} s in {elapsed:.1} s ({:.0} µs per move)",
        server_cpu * 1e6 / moves.max(1) as f64
    );
    if let Ok(kinds) = stats.error_kinds.lock() {
        for (kind, n) in kinds.iter() {
            println!("error: {kind} ({n} times)");
        }
    }
    Ok(moves > 0 && errors == 0)
}
