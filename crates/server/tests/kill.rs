//! The binary killed with SIGKILL in the middle of games, and started again on the same file:
//! every acknowledged move is there, and the engine seats think again.

use crate::support;

use std::net::SocketAddr;
use std::process::Child;

use serde_json::json;
use support::client::Http;
use support::{create, play, seat_to_move, state, Rng, TempDb};

fn spawn(db: &TempDb) -> (Child, SocketAddr) {
    support::spawn(db, &["--engine-threads", "1"])
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_acknowledged_move_survives_sigkill() {
    let db = TempDb::new("kill");
    let (mut child, addr) = spawn(&db);
    let mut http = Http::connect(addr).await.expect("connect");
    let people = create(
        &mut http,
        json!({ "game": "svendo", "seats": ["human", "human", "human"] }),
    )
    .await;
    let engine = create(
        &mut http,
        json!({ "game": "cheversi", "seats": ["human", "engine:mcts:100"], "time_ms": 10000 }),
    )
    .await;
    let mut rng = Rng(7);
    let mut acknowledged = Vec::new();
    for _ in 0..12 {
        let now = state(&mut http, &people.id).await;
        let seat = seat_to_move(&now).expect("to move");
        let legal = now["legal_moves"].as_array().expect("legal");
        let text = legal[rng.below(legal.len())]
            .as_str()
            .expect("text")
            .to_owned();
        let reply = play(&mut http, &people.id, people.tokens[seat].as_deref(), &text).await;
        assert_eq!(reply.status, 200, "{}", reply.text());
        acknowledged = reply.json()["moves"].as_array().expect("moves").clone();
    }
    let first = state(&mut http, &engine.id).await["legal_moves"][0]
        .as_str()
        .expect("a move")
        .to_owned();
    let reply = play(&mut http, &engine.id, engine.tokens[0].as_deref(), &first).await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["thinking"], true);
    // SIGKILL, at once after the last acknowledgement.
    child.kill().expect("kill");
    child.wait().expect("wait");
    drop(http);

    let (mut child, addr) = spawn(&db);
    let mut http = Http::connect(addr).await.expect("connect");
    let after = state(&mut http, &people.id).await;
    assert_eq!(after["moves"].as_array(), Some(&acknowledged));
    assert_eq!(after["version"], 12);
    // The engine seat thinks again and moves (its budget of 100 iterations ends the search).
    let mut moved = state(&mut http, &engine.id).await;
    for _ in 0..500 {
        if moved["moves"].as_array().map(Vec::len) == Some(2) {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        moved = state(&mut http, &engine.id).await;
    }
    assert_eq!(moved["moves"][0], first.as_str());
    assert_eq!(moved["moves"].as_array().map(Vec::len), Some(2));
    child.kill().expect("kill");
    child.wait().expect("wait");
}
