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

/// The store refuses the engine's move (another process holds the database's write lock
/// longer than the server waits): the state says so in `failure` at once, and the move is
/// stored, and `failure` null again, once the lock is gone.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_move_the_store_refuses_is_shown_and_stored_again() {
    let db = TempDb::new("store-fails");
    let server = start_with(&db, 1, support::roomy()).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "engine:mcts"], "time_ms": 1500 }),
    )
    .await;
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{}/ws", game.id))
            .await
            .expect("socket");
    let reply = play(&mut http, &game.id, game.tokens[0].as_deref(), "b2").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["failure"], Value::Null);
    // Another program takes the write lock while the engine thinks, for eight seconds.
    let path = db.0.clone();
    let locker = std::thread::spawn(move || {
        let conn = rusqlite::Connection::open(path).expect("open");
        conn.execute_batch("BEGIN EXCLUSIVE").expect("the lock");
        std::thread::sleep(Duration::from_secs(8));
        conn.execute_batch("COMMIT").expect("commit");
    });
    let mut failed = None;
    let mut stored = None;
    let start = Instant::now();
    while stored.is_none() && start.elapsed() < Duration::from_secs(20) {
        let Ok(Some(Ok(Message::Text(text)))) =
            tokio::time::timeout(Duration::from_secs(20), ws.next()).await
        else {
            break;
        };
        let now: Value = serde_json::from_str(text.as_str()).expect("json");
        if now["failure"].is_string() && failed.is_none() {
            assert_eq!(now["moves"], json!(["b2"]), "not played until stored");
            failed = Some(now["failure"].as_str().unwrap_or_default().to_owned());
        }
        if now["moves"].as_array().map_or(0, Vec::len) == 2 {
            stored = Some(now);
        }
    }
    locker.join().expect("the locker");
    let failure = failed.expect("the state said the move could not be stored");
    assert!(failure.contains("could not be stored"), "{failure}");
    let stored = stored.expect("the move was stored once the lock was gone");
    assert_eq!(stored["failure"], Value::Null);
    // It is in the file: a new server has it.
    server.stop();
    let again = start_with(&db, 1, support::roomy()).await;
    let mut http = Http::connect(again.local_addr()).await.expect("connect");
    assert_eq!(state(&mut http, &game.id).await["moves"], stored["moves"]);
    again.stop();
}
