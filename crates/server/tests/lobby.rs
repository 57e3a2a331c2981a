//! The lobby: games with an open seat listed newest first (at most a hundred), joined by
//! anyone with `POST /api/games/ID/join`, a few a client address, and gone after their
//! expiry.

use std::time::Duration;

use serde_json::{json, Value};

use crate::support::client::Http;
use crate::support::{create, play, roomy, start_with, state, TempDb};

async fn lobby(http: &mut Http) -> Vec<Value> {
    let reply = http.get("/api/lobby").await.expect("lobby");
    assert_eq!(reply.status, 200, "{}", reply.text());
    reply.json()["games"].as_array().expect("games").clone()
}

async fn join(http: &mut Http, id: &str) -> crate::support::client::Reply {
    http.post(&format!("/api/games/{id}/join"), None, &json!({}))
        .await
        .expect("join")
}

/// Open, listed, joined by a stranger whose token then plays the seat; a second join is 409;
/// the clock waits for the seat to be taken.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_open_seat_is_listed_and_taken_by_the_first_to_join() {
    let db = TempDb::new("lobby-join");
    let server = start_with(&db, 1, roomy()).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "swedish-draughts", "size": "8", "seats": ["human", "open"],
                "clock": { "initial_ms": 300_000, "increment_ms": 3_000 } }),
    )
    .await;
    assert_eq!(game.tokens[1], None, "an open seat has no token yet");
    let listed = lobby(&mut http).await;
    assert_eq!(listed.len(), 1);
    let entry = &listed[0];
    assert_eq!(entry["id"], game.id.as_str());
    assert_eq!(entry["game"], "swedish-draughts");
    assert_eq!(entry["size"], "8");
    assert_eq!(entry["open_seats"], json!(["black"]));
    assert_eq!(
        entry["clock"],
        json!({ "initial_ms": 300_000, "increment_ms": 3_000 })
    );
    assert!(entry["created_ms"]
        .as_u64()
        .is_some_and(|t| t > 1_600_000_000_000));
    let now = state(&mut http, &game.id).await;
    assert_eq!(now["seats"][1]["kind"], "open");
    // White may move while the seat is open; the clock starts only once it is taken.
    let first = now["legal_moves"][0].as_str().expect("a move").to_owned();
    let moved = play(&mut http, &game.id, game.tokens[0].as_deref(), &first)
        .await
        .json();
    assert_eq!(moved["clock"]["running"], Value::Null);
    let joined = join(&mut http, &game.id).await;
    assert_eq!(joined.status, 200, "{}", joined.text());
    let joined = joined.json();
    assert_eq!(joined["player"], "black");
    let token = joined["token"].as_str().expect("token").to_owned();
    assert_eq!(
        joined["url"],
        format!("http://{}/g/{}#seat={token}", server.local_addr(), game.id)
    );
    assert!(lobby(&mut http).await.is_empty(), "no open seat is left");
    let again = join(&mut http, &game.id).await;
    assert_eq!(again.status, 409);
    assert!(again.json()["error"].is_string());
    let now = state(&mut http, &game.id).await;
    assert_eq!(now["seats"][1]["kind"], "human");
    assert_eq!(now["clock"]["running"], "black");
    let seat = http
        .request(
            "GET",
            &format!("/api/games/{}/seat", game.id),
            Some(&token),
            b"",
        )
        .await
        .expect("seat");
    assert_eq!(seat.json(), json!({ "player": "black" }));
    let reply = http
        .get(&format!("/api/games/{}/legal_moves", game.id))
        .await
        .expect("moves")
        .json();
    let answer = reply["legal_moves"][0].as_str().expect("a move").to_owned();
    assert_eq!(
        play(&mut http, &game.id, Some(&token), &answer)
            .await
            .status,
        200
    );
    assert_eq!(join(&mut http, "0123456789abcdef").await.status, 404);
    server.stop();
}

/// However many games wait, the lobby lists the hundred newest, newest first.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_lobby_lists_a_hundred_games_newest_first() {
    let db = TempDb::new("lobby-size");
    let mut limits = roomy();
    limits.open_games_per_address = 1_000;
    let server = start_with(&db, 1, limits).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let mut ids = Vec::new();
    for _ in 0..110 {
        let game = create(
            &mut http,
            json!({ "game": "kvarn3", "seats": ["open", "open"] }),
        )
        .await;
        ids.push(game.id);
    }
    let listed = lobby(&mut http).await;
    assert_eq!(listed.len(), boardrules_server::LOBBY_SIZE);
    assert_eq!(listed[0]["id"], ids[109].as_str(), "the newest first");
    assert_eq!(listed[99]["id"], ids[10].as_str());
    assert_eq!(listed[0]["open_seats"], json!(["white", "black"]));
    let times: Vec<u64> = listed
        .iter()
        .map(|g| g["created_ms"].as_u64().unwrap())
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]));
    // Joining takes the first open seat, then the next.
    assert_eq!(join(&mut http, &ids[0]).await.json()["player"], "white");
    assert_eq!(join(&mut http, &ids[0]).await.json()["player"], "black");
    assert_eq!(join(&mut http, &ids[0]).await.status, 409);
    server.stop();
}

/// One address may keep a few games in the lobby at once (`--open-games-per-address`).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_address_may_open_a_few_games() {
    let db = TempDb::new("lobby-address");
    let server = start_with(&db, 1, roomy()).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let limit = boardrules_server::Limits::default().open_games_per_address;
    for _ in 0..limit {
        create(
            &mut http,
            json!({ "game": "kvarn3", "seats": ["human", "open"] }),
        )
        .await;
    }
    let body = json!({ "game": "kvarn3", "seats": ["human", "open"] });
    let refused = http.post("/api/games", None, &body).await.expect("create");
    assert_eq!(refused.status, 429, "{}", refused.text());
    assert!(refused.header("retry-after").is_some());
    // Games without an open seat are not counted.
    let closed = json!({ "game": "kvarn3", "seats": ["human", "human"] });
    assert_eq!(
        http.post("/api/games", None, &closed)
            .await
            .expect("create")
            .status,
        201
    );
    server.stop();
}

/// Taking a seat counts against the joining address's allowance of new games: a client
/// cannot take every open seat of the lobby in a burst.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn joining_counts_against_the_allowance_of_new_games() {
    let db = TempDb::new("lobby-allowance");
    let mut limits = roomy();
    limits.games_per_address = 2;
    let server = start_with(&db, 1, limits).await;
    let addr = server.local_addr();
    let mut creator = Http::connect_from([127, 0, 0, 1].into(), addr)
        .await
        .expect("connect");
    let mut ids = Vec::new();
    for _ in 0..2 {
        let game = create(
            &mut creator,
            json!({ "game": "kvarn3", "seats": ["open", "open"] }),
        )
        .await;
        ids.push(game.id);
    }
    let mut joiner = Http::connect_from([127, 0, 0, 2].into(), addr)
        .await
        .expect("connect");
    assert_eq!(join(&mut joiner, &ids[0]).await.status, 200);
    assert_eq!(join(&mut joiner, &ids[1]).await.status, 200);
    let refused = join(&mut joiner, &ids[0]).await;
    assert_eq!(refused.status, 429, "{}", refused.text());
    assert!(refused.header("retry-after").is_some());
    // The seat is still open for someone else.
    let mut other = Http::connect_from([127, 0, 0, 3].into(), addr)
        .await
        .expect("connect");
    assert_eq!(join(&mut other, &ids[0]).await.json()["player"], "black");
    server.stop();
}

/// Open seats expire (an hour by default; two seconds here): the game leaves the lobby and
/// joining it is refused.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn open_seats_expire() {
    let db = TempDb::new("lobby-expiry");
    let mut limits = roomy();
    limits.lobby_expiry = Duration::from_secs(2);
    let server = start_with(&db, 1, limits).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "open"] }),
    )
    .await;
    assert_eq!(lobby(&mut http).await.len(), 1);
    tokio::time::sleep(Duration::from_millis(3_200)).await;
    assert!(lobby(&mut http).await.is_empty());
    let late = join(&mut http, &game.id).await;
    assert_eq!(late.status, 409, "{}", late.text());
    assert_eq!(
        boardrules_server::Limits::default().lobby_expiry,
        Duration::from_secs(3600)
    );
    server.stop();
}
