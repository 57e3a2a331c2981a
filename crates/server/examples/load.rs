//! The load tool: many concurrent games over loopback, scripted random players on WebSockets.
//!
//! ```text
//! nice -n 10 cargo run --release -p boardrules-server --example load -- [--games 1000] [--seconds 20] [--think-ms 1000]
//! ```
//!
//! It starts the server as a child process (this same program with `--serve`, so the child
//! holds only the server), on a fresh database in the temporary directory, and then:
//! 1. creates `--games` games (the five games in turn, each on its smallest board, every seat
//!    a person) and reads the child's resident memory before and after: the memory per idle
//!    game;
//! 2. plays them for `--seconds`: every seat is a player with a WebSocket and an HTTP
//!    connection that, when the state says it is to move, waits a random think time (0 to 2 ×
//!    `--think-ms`), and posts a random legal move; every game has one watcher more. A game
//!    that ends is replaced by a new one of the same kind, so the count stays the same;
//! 3. reports the moves per second, the latency from a move's POST to the last of the game's
//!    sockets having the new state (p50, p99, max; moves posted in the first three seconds,
//!    while the thousands of sockets connect, are not counted), and the memory per game with
//!    its sockets open; it exits with status 1 when a request failed.

#[path = "../tests/support/client.rs"]
mod client;

use std::collections::HashMap;
use std::io::{BufRead, BufReader};
use std::net::SocketAddr;
use std::process::{Child, Command, Stdio};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use client::Http;
use futures_util::StreamExt;
use serde_json::{json, Value};
use tokio::sync::Barrier;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::Message;

/// The first seconds, while the sockets connect, whose moves the latency does not count.
const WARM_UP_SECONDS: u64 = 3;

struct Options {
    games: usize,
    seconds: u64,
    think_ms: u64,
}

fn options() -> Result<Options, String> {
    let mut options = Options {
        games: 1000,
        seconds: 20,
        think_ms: 1000,
    };
    let mut args = std::env::args().skip(1);
    while let Some(arg) = args.next() {
        let value = args
            .next()
            .ok_or_else(|| format!("{arg} needs a value"))?
            .parse::<u64>()
            .map_err(|e| format!("{arg}: {e}"))?;
        match arg.as_str() {
            "--games" => options.games = value as usize,
            "--seconds" => options.seconds = value,
            "--think-ms" => options.think_ms = value,
            _ => return Err(format!("unknown argument {arg}")),
        }
    }
    Ok(options)
}

/// The child: a server on a free port over the database `db`; prints its address.
fn serve(db: &str) {
    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    runtime.block_on(async {
        let mut config = boardrules_server::Config::default();
        config.addr = SocketAddr::from(([127, 0, 0, 1], 0));
        config.db = db.into();
        config.engine_threads = 2;
        let server = boardrules_server::Server::start(&config)
            .await
            .expect("the server starts");
        println!("{}", server.local_addr());
        server.wait().await;
    });
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

/// The fields of a state message that a player reads (the rest is skipped unparsed).
#[derive(serde::Deserialize)]
struct Light {
    version: u64,
    to_move: Option<String>,
    outcome: Option<serde::de::IgnoredAny>,
    legal_moves: Vec<String>,
    seats: Vec<SeatLight>,
}

#[derive(serde::Deserialize)]
struct SeatLight {
    player: String,
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
    errors: AtomicU64,
    games_done: AtomicU64,
    /// Microseconds from a move's POST to the last socket of its game having it.
    latencies: Mutex<Vec<u64>>,
}

/// What every table and socket of the run shares.
struct Run {
    addr: SocketAddr,
    stats: Stats,
    /// When the players stop.
    deadline: Instant,
    /// The mean think time before a move.
    think_ms: u64,
    /// Moves posted before this instant (while the sockets of the other games still connect)
    /// are not counted.
    counted_from: Instant,
}

/// Per game: the moves posted and not yet seen by every socket.
struct Tracker {
    sockets: usize,
    counted_from: Instant,
    pending: Mutex<HashMap<u64, (Instant, usize)>>,
}

impl Tracker {
    fn posting(&self, version: u64) {
        let mut pending = self.pending.lock().expect("lock");
        pending.insert(version, (Instant::now(), self.sockets));
    }

    fn seen(&self, version: u64, stats: &Stats) {
        let mut pending = self.pending.lock().expect("lock");
        if let Some((start, left)) = pending.get_mut(&version) {
            *left -= 1;
            if *left == 0 {
                let micros = start.elapsed().as_micros() as u64;
                let counted = *start >= self.counted_from;
                pending.remove(&version);
                if counted {
                    stats.latencies.lock().expect("lock").push(micros);
                }
            }
        }
    }
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

/// Creates a game of `info`'s kind with every seat a person: its id and tokens.
async fn create(http: &mut Http, info: &Value) -> Option<(String, Vec<String>)> {
    let players = info["players"].as_array()?.len();
    let mut body = json!({ "game": info["name"], "seats": vec!["human"; players] });
    if let Some(size) = smallest_size(info) {
        body["size"] = json!(size);
    }
    let reply = http.post("/api/games", None, &body).await.ok()?;
    if reply.status != 201 {
        return None;
    }
    let value = reply.json();
    let tokens = value["seats"]
        .as_array()?
        .iter()
        .filter_map(|s| s["token"].as_str().map(str::to_owned))
        .collect();
    Some((value["id"].as_str()?.to_owned(), tokens))
}

/// One socket of a game: reads states until the game ends or the deadline; the seat `seat`
/// (None for the watcher) plays when it is to move.
async fn socket(
    run: Arc<Run>,
    id: String,
    seat: Option<(usize, String)>,
    tracker: Arc<Tracker>,
    ready: Arc<Barrier>,
    seed: u64,
) {
    let (addr, stats, deadline, think_ms) = (run.addr, &run.stats, run.deadline, run.think_ms);
    let url = format!("ws://{addr}/api/games/{id}/ws");
    let config = WebSocketConfig::default()
        .read_buffer_size(16 * 1024)
        .write_buffer_size(0);
    let Ok((ws, _)) = tokio_tungstenite::connect_async_with_config(url, Some(config), false).await
    else {
        stats.errors.fetch_add(1, Ordering::Relaxed);
        ready.wait().await;
        return;
    };
    let (_sink, mut stream) = ws.split();
    let mut http = match seat {
        Some(_) => Http::connect(addr).await.ok(),
        None => None,
    };
    let mut rng = Rng(seed | 1);
    let mut first = true;
    let mut acted = None;
    let mut player_name = None;
    while let Ok(Some(Ok(message))) = tokio::time::timeout_at(deadline.into(), stream.next()).await
    {
        let Message::Text(text) = message else {
            continue;
        };
        let Ok(state) = serde_json::from_str::<Light>(text.as_str()) else {
            continue;
        };
        let version = state.version;
        if first {
            first = false;
            if let Some((index, _)) = &seat {
                player_name = state.seats.get(*index).map(|seat| seat.player.clone());
            }
            ready.wait().await;
        } else {
            tracker.seen(version, stats);
        }
        if state.outcome.is_some() {
            if seat.as_ref().is_some_and(|(i, _)| *i == 0) {
                stats.games_done.fetch_add(1, Ordering::Relaxed);
            }
            break;
        }
        let (Some((_, token)), Some(http), Some(me)) = (&seat, http.as_mut(), &player_name) else {
            continue;
        };
        if state.to_move.as_deref() != Some(me.as_str()) || acted == Some(version) {
            continue;
        }
        acted = Some(version);
        let legal = state.legal_moves;
        if legal.is_empty() {
            continue;
        }
        let text = legal[rng.below(legal.len() as u64) as usize].clone();
        if think_ms > 0 {
            let pause = rng.below(2 * think_ms);
            tokio::time::sleep(Duration::from_millis(pause)).await;
        }
        if Instant::now() >= deadline {
            break;
        }
        tracker.posting(version + 1);
        match http
            .post(
                &format!("/api/games/{id}/moves"),
                Some(token),
                &json!({ "move": text }),
            )
            .await
        {
            Ok(reply) if reply.status == 200 => {
                stats.moves.fetch_add(1, Ordering::Relaxed);
            }
            _ => {
                stats.errors.fetch_add(1, Ordering::Relaxed);
            }
        }
    }
}

/// One table: plays games of `info`'s kind one after the other until the deadline.
async fn table(run: Arc<Run>, info: Value, mut game: Option<(String, Vec<String>)>, seed: u64) {
    let (addr, stats, deadline) = (run.addr, &run.stats, run.deadline);
    let mut http = match Http::connect(addr).await {
        Ok(http) => http,
        Err(_) => return,
    };
    let mut n = 0;
    while Instant::now() < deadline {
        let (id, tokens) = match game.take() {
            Some(game) => game,
            None => match create(&mut http, &info).await {
                Some(game) => game,
                None => {
                    stats.errors.fetch_add(1, Ordering::Relaxed);
                    return;
                }
            },
        };
        let sockets = tokens.len() + 1;
        let tracker = Arc::new(Tracker {
            sockets,
            counted_from: run.counted_from,
            pending: Mutex::new(HashMap::new()),
        });
        let ready = Arc::new(Barrier::new(sockets));
        let mut tasks = Vec::new();
        let seats = tokens
            .into_iter()
            .enumerate()
            .map(Some)
            .chain(std::iter::once(None));
        for seat in seats {
            n += 1;
            tasks.push(tokio::spawn(socket(
                Arc::clone(&run),
                id.clone(),
                seat,
                Arc::clone(&tracker),
                Arc::clone(&ready),
                seed.wrapping_mul(1_000_003).wrapping_add(n),
            )));
        }
        for task in tasks {
            let _ = task.await;
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

fn main() {
    let args: Vec<String> = std::env::args().collect();
    if args.get(1).map(String::as_str) == Some("--serve") {
        serve(args.get(2).map_or("load.sqlite3", String::as_str));
        return;
    }
    let options = match options() {
        Ok(options) => options,
        Err(e) => {
            eprintln!("load: {e}");
            std::process::exit(2);
        }
    };
    let db = std::env::temp_dir().join(format!("boardrules-load-{}.sqlite3", std::process::id()));
    let exe = std::env::current_exe().expect("this program's path");
    let mut child = KillOnDrop(
        Command::new(exe)
            .arg("--serve")
            .arg(&db)
            .stdout(Stdio::piped())
            .spawn()
            .expect("the server starts"),
    );
    let mut line = String::new();
    BufReader::new(child.0.stdout.take().expect("stdout"))
        .read_line(&mut line)
        .expect("the server's address");
    let addr: SocketAddr = line.trim().parse().expect("an address");
    let pid = child.0.id();

    let runtime = tokio::runtime::Runtime::new().expect("a runtime");
    let failed = runtime.block_on(async {
        let mut http = Http::connect(addr).await.expect("connect");
        let info = http.get("/api/info").await.expect("info").json();
        let kinds = info["games"].as_array().expect("games").clone();
        // Warm up: one game of each kind, so the memory counted next is the games' own.
        for kind in &kinds {
            create(&mut http, kind).await.expect("a game");
        }
        let before = rss_kib(pid);
        let mut created = Vec::with_capacity(options.games);
        for i in 0..options.games {
            let kind = &kinds[i % kinds.len()];
            created.push(create(&mut http, kind).await.expect("a game"));
        }
        let idle = rss_kib(pid);
        let per_idle = (idle.saturating_sub(before)) as f64 * 1024.0 / options.games as f64;
        println!(
            "{} idle games: server RSS {before} KiB -> {idle} KiB: {:.1} KB per idle game",
            options.games,
            per_idle / 1000.0
        );

        let cpu_before = cpu_seconds(pid);
        let start = Instant::now();
        let run = Arc::new(Run {
            addr,
            stats: Stats::default(),
            deadline: start + Duration::from_secs(options.seconds),
            think_ms: options.think_ms,
            counted_from: start + Duration::from_secs(WARM_UP_SECONDS.min(options.seconds / 2)),
        });
        let stats = &run.stats;
        let mut tables = Vec::new();
        for (i, game) in created.into_iter().enumerate() {
            tables.push(tokio::spawn(table(
                Arc::clone(&run),
                kinds[i % kinds.len()].clone(),
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
        let mut latencies = std::mem::take(&mut *stats.latencies.lock().expect("lock"));
        latencies.sort_unstable();
        let moves = stats.moves.load(Ordering::Relaxed);
        println!(
            "{} concurrent games for {elapsed:.1} s (think time 0..{} ms): {moves} moves, {:.0} moves/s, {} games finished, {} errors",
            options.games,
            2 * options.think_ms,
            moves as f64 / elapsed,
            stats.games_done.load(Ordering::Relaxed),
            stats.errors.load(Ordering::Relaxed),
        );
        println!(
            "latency from POST to every socket of the game ({} moves after the warm-up): p50 {:.2} ms, p99 {:.2} ms, max {:.2} ms",
            latencies.len(),
            percentile(&latencies, 50.0),
            percentile(&latencies, 99.0),
            percentile(&latencies, 100.0),
        );
        println!(
            "server RSS under load: {busy} KiB: {:.1} KB per game with its sockets open",
            (busy.saturating_sub(before)) as f64 * 1024.0 / options.games as f64 / 1000.0
        );
        println!(
            "server CPU time: {server_cpu:.1} s in {elapsed:.1} s ({:.0} µs per move)",
            server_cpu * 1e6 / moves.max(1) as f64
        );
        moves == 0 || stats.errors.load(Ordering::Relaxed) > 0
    });
    drop(child);
    for suffix in ["", "-wal", "-shm"] {
        let mut name = db.clone().into_os_string();
        name.push(suffix);
        let _ = std::fs::remove_file(name);
    }
    if failed {
        eprintln!("load: no moves were played, or some requests failed");
        std::process::exit(1);
    }
}
