//! The engine seats under attack and failure: a person's engine answers in time however many
//! games of engines only think for a minute a move; whoever created a game can stop it; the
//! games of engines only are capped; an engine's move the store refuses is shown and stored
//! again until it is.

use crate::support;

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::{json, Value};
use support::client::Http;
use support::{create, play, start_with, state, TempDb};
use tokio_tungstenite::tungstenite::Message;

/// Waits until game `id`'s state satisfies `done` (polling), within `limit`.
async fn wait_state(
    http: &mut Http,
    id: &str,
    limit: Duration,
    done: impl Fn(&Value) -> bool,
) -> Value {
    let start = Instant::now();
    loop {
        let now = state(http, id).await;
        if done(&now) {
            return now;
        }
        assert!(start.elapsed() < limit, "not within {limit:?}: {now}");
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// With one engine thread, six games of engines only thinking a minute a move (the attack
/// that used to starve everybody) and a person's game against an engine thinking half a
/// second: the person's engine answers within its time and two seconds, move after move.
/// The seventh game of engines only is refused (the cap is six here); the creator stops the
/// six with its token, and nobody else can.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_persons_engine_answers_in_time_whatever_engines_play_alone() {
    let db = TempDb::new("fair");
    let mut limits = support::roomy();
    limits.max_engine_games = 6;
    let server = start_with(&db, 1, limits).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let mut alone = Vec::new();
    for _ in 0..6 {
        let game = create(
            &mut http,
            json!({ "game": "cheversi", "seats": ["engine:mcts", "engine:mcts"], "time_ms": 60000 }),
        )
        .await;
        assert_eq!(game.tokens, [None, None]);
        let creator = game.reply["creator_token"]
            .as_str()
            .expect("the creator's token")
            .to_owned();
        alone.push((game.id, creator));
    }
    let seventh = http
        .post(
            "/api/games",
            None,
            &json!({ "game": "kvarn3", "seats": ["engine", "engine"] }),
        )
        .await
        .expect("create");
    assert_eq!(seventh.status, 429, "{}", seventh.text());
    assert!(seventh.header("retry-after").is_some());

    let person = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "engine:mcts"], "time_ms": 500 }),
    )
    .await;
    let token = person.tokens[0].clone().expect("token");
    let mut slowest = Duration::ZERO;
    for _ in 0..3 {
        let now = state(&mut http, &person.id).await;
        if !now["outcome"].is_null() {
            break;
        }
        let text = now["legal_moves"][0].as_str().expect("a move").to_owned();
        let plies = now["moves"].as_array().map_or(0, Vec::len);
        let asked = Instant::now();
        assert_eq!(
            play(&mut http, &person.id, Some(&token), &text)
                .await
                .status,
            200
        );
        wait_state(&mut http, &person.id, Duration::from_millis(2500), |s| {
            s["moves"].as_array().map_or(0, Vec::len) >= plies + 2 || !s["outcome"].is_null()
        })
        .await;
        slowest = slowest.max(asked.elapsed());
    }
    assert!(slowest < Duration::from_millis(2500), "{slowest:?}");

    // Stopping: a seat's token or a made-up one cannot; the creator's can.
    let (id, creator) = &alone[0];
    let stop = format!("/api/games/{id}/stop");
    let wrong = http
        .post(&stop, Some("0123456789abcdef0123456789abcdef"), &json!({}))
        .await
        .expect("stop");
    assert_eq!(wrong.status, 403);
    let other = http
        .post(&stop, Some(&alone[1].1), &json!({}))
        .await
        .expect("stop");
    assert_eq!(other.status, 403, "another game's creator");
    for (id, creator) in &alone {
        let reply = http
            .post(&format!("/api/games/{id}/stop"), Some(creator), &json!({}))
            .await
            .expect("stop");
        assert_eq!(reply.status, 200, "{}", reply.text());
        assert_eq!(
            reply.json()["outcome"],
            json!({ "result": "draw", "reason": "stopped" })
        );
    }
    let again = http
        .post(&stop, Some(creator), &json!({}))
        .await
        .expect("stop");
    assert_eq!(again.status, 409, "a stopped game is over");
    let stopped = wait_state(&mut http, id, Duration::from_secs(5), |s| {
        s["thinking"] == false
    })
    .await;
    assert_eq!(stopped["to_move"], Value::Null);
    // With the six stopped, a game of engines only may be created again.
    let reply = http
        .post(
            "/api/games",
            None,
            &json!({ "game": "kvarn3", "seats": ["engine:random", "engine:random"] }),
        )
        .await
        .expect("create");
    assert_eq!(reply.status, 201, "{}", reply.text());
    server.stop();
}

/// Another connection to the database file that takes its write lock when told, reports when
/// it holds it (with the moves the file then holds of one game), and lets it go when told: a
/// program that holds the file longer than the server waits for it.
struct Locker {
    lock: std::sync::mpsc::Sender<()>,
    locked: std::sync::mpsc::Receiver<i64>,
    release: std::sync::mpsc::Sender<()>,
    thread: std::thread::JoinHandle<()>,
}

impl Locker {
    /// Opens the file now (so that taking the lock later is one statement), to count the
    /// moves of the game `id`.
    fn open(path: std::path::PathBuf, id: String) -> Locker {
        use std::sync::mpsc::channel;
        let (lock, lock_rx) = channel();
        let (locked_tx, locked) = channel();
        let (release, release_rx) = channel::<()>();
        let thread = std::thread::spawn(move || {
            let conn = rusqlite::Connection::open(path).expect("open");
            if lock_rx.recv().is_err() {
                return;
            }
            conn.execute_batch("BEGIN EXCLUSIVE").expect("the lock");
            let moves = conn
                .query_row("SELECT COUNT(*) FROM moves WHERE game = ?1", [&id], |row| {
                    row.get(0)
                })
                .expect("the moves");
            let _ = locked_tx.send(moves);
            // Held until the test has seen what it waits for (or gives up and drops us).
            let _ = release_rx.recv();
            conn.execute_batch("COMMIT").expect("commit");
        });
        Locker {
            lock,
            locked,
            release,
            thread,
        }
    }

    /// Takes the lock; returns once it is held, with the moves the file holds of the game.
    fn lock(&self) -> i64 {
        self.lock.send(()).expect("the locker thread");
        self.locked
            .recv_timeout(Duration::from_secs(60))
            .expect("the lock within a minute")
    }

    fn release(self) {
        let _ = self.release.send(());
        self.thread.join().expect("the locker");
    }
}

/// The next state on `ws` that satisfies `done`, within `limit` (`None` when none came).
async fn next_state<S>(ws: &mut S, limit: Duration, done: impl Fn(&Value) -> bool) -> Option<Value>
where
    S: futures_util::Stream<Item = Result<Message, tokio_tungstenite::tungstenite::Error>> + Unpin,
{
    let deadline = Instant::now() + limit;
    loop {
        let left = deadline.checked_duration_since(Instant::now())?;
        let Ok(Some(Ok(message))) = tokio::time::timeout(left, ws.next()).await else {
            return None;
        };
        if let Message::Text(text) = message {
            let now: Value = serde_json::from_str(text.as_str()).expect("json");
            if done(&now) {
                return Some(now);
            }
        }
    }
}

/// The store refuses the engine's move (another process holds the database's write lock
/// longer than the server waits): the state says so in `failure` at once, and the move is
/// stored, and `failure` null again, once the lock is gone.
///
/// Every step waits for a condition, not for a time: the lock is taken as soon as the
/// person's move is stored and held until the state has shown the failure. The engine must
/// still be thinking when the lock is taken; on a machine so busy that it was not (the file
/// already holds the engine's move), the game is played again with an engine that thinks four
/// times as long.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_move_the_store_refuses_is_shown_and_stored_again() {
    let db = TempDb::new("store-fails");
    let server = start_with(&db, 1, support::roomy()).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let mut think_ms = 1500;
    let (game, mut ws, locker) = loop {
        let game = create(
            &mut http,
            json!({ "game": "kvarn3", "seats": ["human", "engine:mcts"], "time_ms": think_ms }),
        )
        .await;
        let (ws, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{}/ws", game.id))
                .await
                .expect("socket");
        let locker = Locker::open(db.0.clone(), game.id.clone());
        let reply = play(&mut http, &game.id, game.tokens[0].as_deref(), "b2").await;
        assert_eq!(reply.status, 200);
        assert_eq!(reply.json()["failure"], Value::Null);
        if locker.lock() == 1 {
            break (game, ws, locker);
        }
        locker.release();
        assert!(
            think_ms < 100_000,
            "the lock was never taken while the engine thought"
        );
        think_ms *= 4;
    };
    let failed = next_state(&mut ws, Duration::from_secs(120), |now| {
        now["failure"].is_string()
    })
    .await
    .expect("the state said the move could not be stored");
    assert_eq!(failed["moves"], json!(["b2"]), "not played until stored");
    let failure = failed["failure"].as_str().unwrap_or_default();
    assert!(failure.contains("could not be stored"), "{failure}");
    locker.release();
    let stored = next_state(&mut ws, Duration::from_secs(120), |now| {
        now["moves"].as_array().map_or(0, Vec::len) == 2
    })
    .await
    .expect("the move was stored once the lock was gone");
    assert_eq!(stored["failure"], Value::Null);
    // It is in the file: a new server has it.
    server.stop();
    let again = start_with(&db, 1, support::roomy()).await;
    let mut http = Http::connect(again.local_addr()).await.expect("connect");
    assert_eq!(state(&mut http, &game.id).await["moves"], stored["moves"]);
    again.stop();
}
