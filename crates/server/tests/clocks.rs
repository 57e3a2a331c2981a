//! Fischer clocks, as a client sees them: the bounds of a time control, the state's `clock`,
//! flags that fall with no client connected and the game not in memory (two players: a win
//! on time; Svendo: the default engine takes the seat), at most a hundred flags a second,
//! remaining times kept over a restart, and engines that think within their clock.

use std::time::{Duration, Instant};

use serde_json::{json, Value};

use crate::support::client::Http;
use crate::support::{create, play, roomy, start, start_with, state, TempDb};

fn remaining(state: &Value, player: &str) -> u64 {
    state["clock"]["remaining_ms"][player]
        .as_u64()
        .unwrap_or_else(|| panic!("remaining_ms of {player} in {}", state["clock"]))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_time_control_has_bounds() {
    let db = TempDb::new("clock-bounds");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let body =
        |clock: Value| json!({ "game": "kvarn3", "seats": ["human", "human"], "clock": clock });
    for (clock, status) in [
        (json!({ "initial_ms": 10_000, "increment_ms": 0 }), 201),
        (
            json!({ "initial_ms": 86_400_000, "increment_ms": 600_000 }),
            201,
        ),
        (json!({ "initial_ms": 9_999, "increment_ms": 0 }), 400),
        (json!({ "initial_ms": 86_400_001, "increment_ms": 0 }), 400),
        (
            json!({ "initial_ms": 60_000, "increment_ms": 600_001 }),
            400,
        ),
        (json!({ "initial_ms": 60_000 }), 400),
        (json!({ "initial_ms": -1, "increment_ms": 0 }), 400),
        (
            json!({ "initial_ms": 60_000, "increment_ms": 0, "x": 1 }),
            400,
        ),
        (json!("5+3"), 400),
    ] {
        let reply = http
            .post("/api/games", None, &body(clock.clone()))
            .await
            .expect("create");
        assert_eq!(reply.status, status, "{clock}: {}", reply.text());
        if status == 400 {
            assert!(reply.json()["error"].is_string());
        }
    }
    server.stop();
}

/// The clock starts with the first move; the mover's time stops with its increment and the
/// next player's runs; a game without a clock says `"clock": null`.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_state_shows_both_clocks() {
    let db = TempDb::new("clock-state");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let untimed = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "human"] }),
    )
    .await;
    assert_eq!(state(&mut http, &untimed.id).await["clock"], Value::Null);
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "human"],
                "clock": { "initial_ms": 60_000, "increment_ms": 2_000 } }),
    )
    .await;
    let fresh = state(&mut http, &game.id).await;
    assert_eq!(
        fresh["clock"],
        json!({ "initial_ms": 60_000, "increment_ms": 2_000,
                "remaining_ms": { "white": 60_000, "black": 60_000 }, "running": null })
    );
    tokio::time::sleep(Duration::from_millis(300)).await;
    let after = play(&mut http, &game.id, game.tokens[0].as_deref(), "b2")
        .await
        .json();
    // White's first move costs nothing: the clock starts with it.
    assert_eq!(remaining(&after, "white"), 60_000);
    assert_eq!(after["clock"]["running"], "black");
    tokio::time::sleep(Duration::from_millis(1_200)).await;
    let later = state(&mut http, &game.id).await;
    let black = remaining(&later, "black");
    assert!(
        (57_000..=58_900).contains(&black),
        "black's time runs, as of the answer: {black}"
    );
    let reply = play(&mut http, &game.id, game.tokens[1].as_deref(), "a1")
        .await
        .json();
    let black = remaining(&reply, "black");
    assert!(
        (60_000..=60_900).contains(&black),
        "with the increment: {black}"
    );
    assert_eq!(reply["clock"]["running"], "white");
    // White's time runs from the move on: as of the answer, a few milliseconds less.
    let white = remaining(&reply, "white");
    assert!((59_800..=60_000).contains(&white), "{white}");
    server.stop();
}

/// A player who walks away loses on time although nobody is connected and the game has left
/// memory: the index of deadlines finds it. A hundred and twenty flags due at once all fall,
/// a hundred a second.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flag_falls_with_no_client_connected() {
    let db = TempDb::new("clock-flag");
    let mut limits = roomy();
    limits.idle_unload = Duration::from_secs(1);
    let server = start_with(&db, 1, limits).await;
    let mut ids = Vec::new();
    {
        let mut http = Http::connect(server.local_addr()).await.expect("connect");
        for _ in 0..120 {
            let game = create(
                &mut http,
                json!({ "game": "kvarn3", "seats": ["human", "human"],
                        "clock": { "initial_ms": 10_000, "increment_ms": 0 } }),
            )
            .await;
            let reply = play(&mut http, &game.id, game.tokens[0].as_deref(), "b2").await;
            assert_eq!(reply.status, 200);
            ids.push(game.id);
        }
    }
    // Every connection is closed; the games leave memory long before black's flag falls.
    tokio::time::sleep(Duration::from_secs(4)).await;
    assert_eq!(server.open_games(), 0, "the games are unloaded");
    tokio::time::sleep(Duration::from_secs(9)).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    for id in &ids {
        let end = state(&mut http, id).await;
        assert_eq!(
            end["outcome"],
            json!({ "result": "win", "player": "white", "reason": "time" }),
            "{id}"
        );
        assert_eq!(end["to_move"], Value::Null);
        assert_eq!(remaining(&end, "black"), 0);
        assert_eq!(end["clock"]["running"], Value::Null);
        let moved = play(&mut http, id, None, "a1").await;
        assert_eq!(moved.status, 403);
    }
    server.stop();
}

/// In Svendo a flag is a resignation: the default engine plays the seat on, off the clock,
/// and the game goes on for the other two.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_svendo_flag_hands_the_seat_to_the_engine() {
    let db = TempDb::new("clock-svendo");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "svendo", "size": "5x6", "seats": ["human", "human", "human"],
                "time_ms": 100, "clock": { "initial_ms": 10_000, "increment_ms": 0 } }),
    )
    .await;
    let first = state(&mut http, &game.id).await;
    let legal = first["legal_moves"][0].as_str().expect("a move").to_owned();
    let after = play(&mut http, &game.id, game.tokens[0].as_deref(), &legal)
        .await
        .json();
    let second = after["to_move"].as_str().expect("to move").to_owned();
    assert_eq!(after["clock"]["running"], second.as_str());
    let start = Instant::now();
    let mut taken = None;
    while start.elapsed() < Duration::from_secs(16) && taken.is_none() {
        tokio::time::sleep(Duration::from_millis(500)).await;
        let now = state(&mut http, &game.id).await;
        let seat = now["seats"]
            .as_array()
            .expect("seats")
            .iter()
            .find(|s| s["player"] == second.as_str())
            .cloned()
            .expect("the seat");
        if seat["kind"] == "engine" {
            taken = Some(now);
        }
    }
    let now = taken.expect("the default engine took the seat after its flag fell");
    assert!(
        start.elapsed() >= Duration::from_secs(9),
        "not before its time"
    );
    assert_eq!(now["outcome"], Value::Null, "the game goes on");
    assert_ne!(now["clock"]["running"], second.as_str());
    assert_eq!(remaining(&now, &second), 0);
    server.stop();
}

/// A restart costs nobody any time: the remaining times are those the server had when it
/// stopped (within its one-second heartbeat), however long it was down.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_restart_keeps_the_remaining_times() {
    let db = TempDb::new("clock-restart");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "human"],
                "clock": { "initial_ms": 60_000, "increment_ms": 0 } }),
    )
    .await;
    play(&mut http, &game.id, game.tokens[0].as_deref(), "b2").await;
    tokio::time::sleep(Duration::from_millis(2_500)).await;
    let before = remaining(&state(&mut http, &game.id).await, "black");
    server.stop();
    tokio::time::sleep(Duration::from_secs(4)).await;
    let again = start(&db, 1).await;
    let mut http = Http::connect(again.local_addr()).await.expect("connect");
    let after = state(&mut http, &game.id).await;
    let black = remaining(&after, "black");
    assert!(
        black <= before + 1_500 && black + 1_000 >= before,
        "before the stop {before} ms, after the restart {black} ms"
    );
    assert_eq!(remaining(&after, "white"), 60_000);
    assert_eq!(after["clock"]["running"], "black");
    // And it runs on.
    tokio::time::sleep(Duration::from_millis(1_000)).await;
    let later = remaining(&state(&mut http, &game.id).await, "black");
    assert!(later + 800 <= black, "{later} after {black}");
    again.stop();
}

/// An engine seat on the clock thinks for a share of what it has left, not for the game's
/// time per move: with 10 s on its clock and a minute a move allowed it answers at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_engine_thinks_within_its_clock() {
    let db = TempDb::new("clock-engine");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "engine:mcts"], "time_ms": 60_000,
                "clock": { "initial_ms": 10_000, "increment_ms": 0 } }),
    )
    .await;
    let asked = Instant::now();
    play(&mut http, &game.id, game.tokens[0].as_deref(), "b2").await;
    let mut answered = None;
    while asked.elapsed() < Duration::from_secs(5) && answered.is_none() {
        tokio::time::sleep(Duration::from_millis(100)).await;
        let now = state(&mut http, &game.id).await;
        if now["moves"].as_array().map_or(0, Vec::len) == 2 {
            answered = Some(now);
        }
    }
    let now = answered.expect("the engine answered within 5 s, not a minute");
    let black = remaining(&now, "black");
    assert!(black >= 9_000, "it spent {} ms of its 10 s", 10_000 - black);
    assert_eq!(now["clock"]["running"], "white");
    server.stop();
}
