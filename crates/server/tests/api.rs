//! The JSON API end to end: a server on 127.0.0.1:0 with a temporary database, scripted
//! clients over HTTP and WebSocket.

use crate::support;

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use support::client::{raw, Http};
use support::{create, play, seat_to_move, smallest_size, start, state, Rng, TempDb};
use tokio_tungstenite::tungstenite::Message;

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn games(http: &mut Http) -> Vec<Value> {
    let reply = http.get("/api/info").await.expect("info");
    assert_eq!(reply.status, 200);
    reply.json()["games"].as_array().expect("games").clone()
}

async fn socket(addr: std::net::SocketAddr, id: &str) -> Socket {
    let (socket, _) = tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .expect("the WebSocket opens");
    socket
}

/// The next state message on `socket` (skipping pongs and errors), within ten seconds.
async fn next_state(socket: &mut Socket) -> Value {
    loop {
        let message = tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("a message within 10 s")
            .expect("the socket is open")
            .expect("a message");
        if let Message::Text(text) = message {
            let value: Value = serde_json::from_str(text.as_str()).expect("JSON");
            if value.get("id").is_some() {
                return value;
            }
        }
    }
}

/// Waits on `socket` until the state satisfies `done`.
async fn wait_for(socket: &mut Socket, done: impl Fn(&Value) -> bool) -> Value {
    loop {
        let state = next_state(socket).await;
        if done(&state) {
            return state;
        }
    }
}

/// Every legal move has its own gesture, and every point of a gesture is a hit area of the
/// picture (`data-point="NAME"`), so a page can make every move by clicks.
async fn check_gestures(http: &mut Http, id: &str, state: &Value) {
    let gestures = state["gestures"].as_array().expect("gestures");
    let mut seen = std::collections::HashSet::new();
    for gesture in gestures {
        assert!(seen.insert(gesture.to_string()), "two moves with {gesture}");
        assert!(gesture["choice"].is_null() || gesture["choice"].is_string());
    }
    let svg = http
        .get(&format!("/api/games/{id}/svg"))
        .await
        .expect("svg")
        .text();
    for gesture in gestures {
        for point in gesture["points"].as_array().expect("points") {
            let name = point.as_str().expect("a point's name");
            assert!(
                svg.contains(&format!("data-point=\"{name}\"")),
                "{}: no hit area for {name}",
                state["game"]
            );
        }
    }
}

/// Plays random legal moves with the seat to move's token until the game ends; checks every
/// answer against the state before it. Returns the final state.
async fn play_out(http: &mut Http, id: &str, tokens: &[Option<String>], rng: &mut Rng) -> Value {
    let mut current = state(http, id).await;
    for _ in 0..3000 {
        if !current["outcome"].is_null() {
            break;
        }
        let seat = seat_to_move(&current).expect("someone is to move");
        let token = tokens[seat].as_deref().expect("a human seat");
        let legal = current["legal_moves"].as_array().expect("legal moves");
        assert_eq!(
            current["gestures"].as_array().map(Vec::len),
            Some(legal.len())
        );
        check_gestures(http, id, &current).await;
        let text = legal[rng.below(legal.len())]
            .as_str()
            .expect("text")
            .to_owned();
        let reply = play(http, id, Some(token), &text).await;
        assert_eq!(reply.status, 200, "{text}: {}", reply.text());
        let next = reply.json();
        assert_eq!(next["version"], current["version"].as_u64().expect("n") + 1);
        let moves = next["moves"].as_array().expect("moves");
        assert_eq!(
            moves.len(),
            current["moves"].as_array().expect("moves").len() + 1
        );
        assert_eq!(next["last_move"], moves[moves.len() - 1]);
        current = next;
    }
    assert!(!current["outcome"].is_null(), "the game ends");
    current
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_is_played_to_its_end_by_scripted_clients() {
    let db = TempDb::new("full");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let all = games(&mut http).await;
    let names: Vec<&str> = all.iter().filter_map(|g| g["name"].as_str()).collect();
    assert_eq!(
        names,
        [
            "kvarn3",
            "swedish-draughts",
            "cheversi",
            "sundraval",
            "svendo"
        ]
    );
    let mut rng = Rng(0x9e37_79b9_7f4a_7c15);
    for info in &all {
        let name = info["name"].as_str().expect("name");
        let players = info["players"].as_array().expect("players");
        let mut body = json!({ "game": name, "seats": vec!["human"; players.len()] });
        if let Some(size) = smallest_size(info) {
            body["size"] = json!(size);
        }
        let game = create(&mut http, body).await;
        // One seat per player, in the game's order, each with a token and a link.
        let seats = game.reply["seats"].as_array().expect("seats");
        assert_eq!(seats.len(), players.len());
        for (seat, player) in seats.iter().zip(players) {
            assert_eq!(&seat["player"], player);
            let token = seat["token"].as_str().expect("a token");
            assert_eq!(token.len(), 32);
            assert!(!game.id.contains(token) && !token.contains(&game.id));
            assert!(seat["url"]
                .as_str()
                .expect("url")
                .ends_with(&format!("/g/{}#seat={token}", game.id)));
        }
        assert!(game.reply["watch_url"]
            .as_str()
            .expect("watch")
            .ends_with(&format!("/g/{}", game.id)));
        let end = play_out(&mut http, &game.id, &game.tokens, &mut rng).await;
        assert_eq!(end["to_move"], Value::Null, "{name}");
        assert_eq!(end["legal_moves"], json!([]), "{name}");
        let outcome = &end["outcome"];
        assert!(outcome["result"] == "win" || outcome["result"] == "draw");
        assert!(outcome["reason"].is_string());
        if outcome["result"] == "win" {
            assert!(players.contains(&outcome["player"]), "{name}: {outcome}");
        }
        // The record has the same moves, and a move after the end is refused.
        let record = http
            .get(&format!("/api/games/{}/record", game.id))
            .await
            .expect("record");
        assert_eq!(record.status, 200);
        let record = record.json();
        assert_eq!(record["game"], name);
        assert_eq!(record["moves"], end["moves"]);
        let token = game.tokens[0].as_deref().expect("token");
        let after = play(&mut http, &game.id, Some(token), "a1").await;
        assert_eq!(after.status, 409, "{}", after.text());
        let svg = http
            .get(&format!("/api/games/{}/svg", game.id))
            .await
            .expect("svg");
        assert_eq!(svg.status, 200);
        assert_eq!(svg.content_type.as_deref(), Some("image/svg+xml"));
        assert!(svg.text().starts_with("<svg"));
        eprintln!(
            "{name}: {} moves, {outcome}",
            end["moves"].as_array().map_or(0, Vec::len)
        );
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_game_is_played_against_engine_seats_watched_on_a_socket() {
    let db = TempDb::new("engines");
    let server = start(&db, 2).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let mut rng = Rng(12345);
    for info in games(&mut http).await {
        let name = info["name"].as_str().expect("name").to_owned();
        let players = info["players"].as_array().expect("players").len();
        // The person plays the first seat; small budgets keep the engines quick.
        let mut seats = vec!["human".to_owned()];
        seats.extend((1..players).map(|_| "engine:mcts:30".to_owned()));
        let mut body = json!({ "game": name, "seats": seats, "time_ms": 200 });
        if let Some(size) = smallest_size(&info) {
            body["size"] = json!(size);
        }
        let game = create(&mut http, body).await;
        assert_eq!(game.tokens[1], None);
        let token = game.tokens[0].clone().expect("a token");
        let mut ws = socket(addr, &game.id).await;
        let mut current = next_state(&mut ws).await;
        let mut plies = 0;
        while current["outcome"].is_null() {
            assert!(plies < 3000, "{name} goes on too long");
            if seat_to_move(&current) == Some(0) {
                let legal = current["legal_moves"].as_array().expect("legal");
                let text = legal[rng.below(legal.len())]
                    .as_str()
                    .expect("text")
                    .to_owned();
                let reply = play(&mut http, &game.id, Some(&token), &text).await;
                assert_eq!(reply.status, 200, "{name} {text}: {}", reply.text());
            }
            let seen = current["version"].as_u64().expect("version");
            current = wait_for(&mut ws, |s| s["version"].as_u64() > Some(seen)).await;
            plies += 1;
        }
        let moves = current["moves"].as_array().expect("moves").len();
        assert!(moves > 0);
        eprintln!(
            "{name} against engines: {moves} moves, {}",
            current["outcome"]
        );
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_game_whose_engine_thinks_still_answers_reads_and_resign() {
    let db = TempDb::new("thinking");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    // White is an engine with five seconds a move: it starts thinking at once.
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["engine:mcts", "human"], "time_ms": 5000 }),
    )
    .await;
    let now = state(&mut http, &game.id).await;
    assert_eq!(now["thinking"], true);
    assert_eq!(now["moves"], json!([]));
    let token = game.tokens[1].as_deref().expect("token");
    let reply = play(&mut http, &game.id, Some(token), "b2").await;
    assert_eq!(reply.status, 409, "{}", reply.text());
    let reply = http
        .post(
            &format!("/api/games/{}/resign", game.id),
            Some(token),
            &json!({}),
        )
        .await
        .expect("resign");
    assert_eq!(reply.status, 200, "{}", reply.text());
    let end = reply.json();
    assert_eq!(
        end["outcome"],
        json!({ "result": "win", "player": "white", "reason": "resignation" })
    );
    assert_eq!(end["moves"], json!([]));
    // The search was stopped: the next read has it done, and no move was added.
    let mut done = state(&mut http, &game.id).await;
    for _ in 0..100 {
        if done["thinking"] == false {
            break;
        }
        tokio::time::sleep(Duration::from_millis(20)).await;
        done = state(&mut http, &game.id).await;
    }
    assert_eq!(done["thinking"], false);
    assert_eq!(done["moves"], json!([]));
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn of_two_racing_moves_exactly_one_is_played() {
    let db = TempDb::new("race");
    let server = start(&db, 1).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    for round in 0..20 {
        let game = create(
            &mut http,
            json!({ "game": "kvarn3", "seats": ["human", "human"] }),
        )
        .await;
        let token = game.tokens[0].clone().expect("token");
        // The same move twice, or two different moves, at the same moment.
        let second = if round % 2 == 0 { "b2" } else { "a1" };
        let mut tasks = Vec::new();
        for text in ["b2", second] {
            let (id, token) = (game.id.clone(), token.clone());
            tasks.push(tokio::spawn(async move {
                let mut http = Http::connect(addr).await.expect("connect");
                play(&mut http, &id, Some(&token), text).await.status
            }));
        }
        let mut statuses = Vec::new();
        for task in tasks {
            statuses.push(task.await.expect("task"));
        }
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "round {round}");
        let now = state(&mut http, &game.id).await;
        assert_eq!(now["moves"].as_array().map(Vec::len), Some(1));
        assert_eq!(now["version"], 1);
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_server_on_the_same_file_has_every_game_and_resumes_engines() {
    let db = TempDb::new("restart");
    let first = start(&db, 1).await;
    let mut http = Http::connect(first.local_addr()).await.expect("connect");
    let people = create(
        &mut http,
        json!({ "game": "swedish-draughts", "size": "8", "seats": ["human", "human"] }),
    )
    .await;
    let mut rng = Rng(99);
    for _ in 0..6 {
        let now = state(&mut http, &people.id).await;
        let seat = seat_to_move(&now).expect("to move");
        let legal = now["legal_moves"].as_array().expect("legal");
        let text = legal[rng.below(legal.len())]
            .as_str()
            .expect("text")
            .to_owned();
        let token = people.tokens[seat].as_deref().expect("token");
        assert_eq!(
            play(&mut http, &people.id, Some(token), &text).await.status,
            200
        );
    }
    let before = state(&mut http, &people.id).await;
    // An engine game stopped while the engine thinks (ten seconds: it cannot have moved).
    let engine = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "engine:mcts:200"], "time_ms": 10000 }),
    )
    .await;
    let token = engine.tokens[0].as_deref().expect("token");
    let reply = play(&mut http, &engine.id, Some(token), "b2").await;
    assert_eq!(reply.status, 200);
    assert_eq!(reply.json()["thinking"], true);
    // A finished game too.
    let resigned = create(
        &mut http,
        json!({ "game": "cheversi", "seats": ["human", "human"] }),
    )
    .await;
    let reply = http
        .post(
            &format!("/api/games/{}/resign", resigned.id),
            resigned.tokens[1].as_deref(),
            &json!({}),
        )
        .await
        .expect("resign");
    assert_eq!(reply.status, 200);
    first.stop();
    drop(http);

    let second = start(&db, 1).await;
    // Only the game whose engine may be to move is loaded at start; the others load from the
    // file when they are asked for.
    assert_eq!(second.open_games(), 1);
    let addr = second.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let after = state(&mut http, &people.id).await;
    for field in [
        "position",
        "moves",
        "to_move",
        "legal_moves",
        "version",
        "outcome",
    ] {
        assert_eq!(after[field], before[field], "{field}");
    }
    let ended = state(&mut http, &resigned.id).await;
    assert_eq!(
        ended["outcome"],
        json!({ "result": "win", "player": "white", "reason": "resignation" })
    );
    // The engine thinks again (its budget of 200 iterations ends the search) and moves.
    let mut ws = socket(addr, &engine.id).await;
    let moved = wait_for(&mut ws, |s| s["moves"].as_array().map(Vec::len) == Some(2)).await;
    assert_eq!(moved["moves"][0], "b2");
    assert_eq!(moved["to_move"], "white");
    // The people's game goes on with the same tokens, to its end.
    let end = play_out(&mut http, &people.id, &people.tokens, &mut rng).await;
    assert!(!end["outcome"].is_null());
    second.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn hostile_input_gets_json_errors_and_changes_nothing() {
    let db = TempDb::new("hostile");
    let server = start(&db, 1).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "human"] }),
    )
    .await;
    let id = game.id.clone();
    let white = game.tokens[0].clone().expect("token");
    let black = game.tokens[1].clone().expect("token");
    assert_eq!(play(&mut http, &id, Some(&white), "b2").await.status, 200);
    let before = state(&mut http, &id).await;

    async fn expect_error(reply: support::client::Reply, status: u16, what: &str) -> String {
        assert_eq!(reply.status, status, "{what}: {}", reply.text());
        assert!(
            reply
                .content_type
                .as_deref()
                .is_some_and(|t| t.starts_with("application/json")),
            "{what}: {:?}",
            reply.content_type
        );
        let error = reply.json()["error"]
            .as_str()
            .expect("an error text")
            .to_owned();
        assert!(!error.is_empty(), "{what}");
        error
    }

    // Creating: junk, wrong shapes, unknown games and engines, sizes, seat counts.
    for (body, what) in [
        (&b"{"[..], "truncated JSON"),
        (b"[]", "an array"),
        (b"\xff\xfe\x00", "not UTF-8"),
        (b"{\"game\": 7, \"seats\": []}", "a number for a game"),
        (
            br#"{"game": "chess", "seats": ["human", "human"]}"#,
            "unknown game",
        ),
        (
            br#"{"game": "kvarn3", "seats": ["human"]}"#,
            "one seat short",
        ),
        (
            br#"{"game": "kvarn3", "seats": ["human", "human", "human"]}"#,
            "one seat over",
        ),
        (
            br#"{"game": "kvarn3", "seats": ["human", "robot"]}"#,
            "not a seat",
        ),
        (
            br#"{"game": "kvarn3", "seats": ["human", "engine:deep-blue"]}"#,
            "unknown engine",
        ),
        (
            br#"{"game": "svendo", "seats": ["human", "human", "engine:alphabeta"]}"#,
            "alphabeta for three",
        ),
        (
            br#"{"game": "kvarn3", "seats": ["human", "engine:mcts:0"]}"#,
            "a zero budget",
        ),
        (
            br#"{"game": "kvarn3", "seats": ["human", "engine"], "time_ms": 0}"#,
            "no time",
        ),
        (
            br#"{"game": "kvarn3", "seats": ["human", "engine"], "time_ms": -5}"#,
            "negative time",
        ),
        (
            br#"{"game": "swedish-draughts", "size": "7", "seats": ["human", "human"]}"#,
            "no such size",
        ),
        (
            br#"{"game": "swedish-draughts", "size": "ten", "seats": ["human", "human"]}"#,
            "size text",
        ),
        (
            br#"{"game": "kvarn3", "size": "3", "seats": ["human", "human"]}"#,
            "a size for one board",
        ),
    ] {
        let reply = http
            .request("POST", "/api/games", None, body)
            .await
            .expect("create");
        expect_error(reply, 400, what).await;
    }
    let huge = vec![b' '; 1 << 20];
    let reply = raw(
        addr,
        &[
            format!(
                "POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Length: {}\r\n\r\n",
                huge.len()
            )
            .as_bytes(),
            &huge,
        ]
        .concat(),
    )
    .await
    .expect("huge");
    expect_error(reply, 413, "a megabyte").await;

    // Moves: tokens, turns, malformed and illegal moves, huge and broken bodies.
    let path = format!("/api/games/{id}/moves");
    let cases: Vec<(Option<&str>, Vec<u8>, u16, &str)> = vec![
        (None, br#"{"move": "a1"}"#.to_vec(), 403, "no token"),
        (
            Some("0123456789abcdef0123456789abcdef"),
            br#"{"move": "a1"}"#.to_vec(),
            403,
            "a made-up token",
        ),
        (
            Some(&id),
            br#"{"move": "a1"}"#.to_vec(),
            403,
            "the game id as a token",
        ),
        (
            Some(""),
            br#"{"move": "a1"}"#.to_vec(),
            403,
            "an empty token",
        ),
        (
            Some(&white),
            br#"{"move": "a1"}"#.to_vec(),
            409,
            "not white's turn",
        ),
        (
            Some(&black),
            br#"{"move": "b2"}"#.to_vec(),
            422,
            "an occupied point",
        ),
        (
            Some(&black),
            br#"{"move": "z9"}"#.to_vec(),
            422,
            "no such point",
        ),
        (
            Some(&black),
            br#"{"move": ""}"#.to_vec(),
            422,
            "an empty move",
        ),
        (
            Some(&black),
            "{\"move\": \"\\u0000\\u202eä\"}".as_bytes().to_vec(),
            422,
            "control characters",
        ),
        (Some(&black), br#"{"move": 5}"#.to_vec(), 400, "a number"),
        (
            Some(&black),
            br#"{"mv": "a1"}"#.to_vec(),
            400,
            "no move field",
        ),
        (Some(&black), b"a1".to_vec(), 400, "not JSON"),
        (Some(&black), b"\xc3\x28".to_vec(), 400, "not UTF-8"),
        (Some(&black), vec![], 400, "no body"),
        (
            Some(&black),
            format!("{{\"move\": \"{}\"}}", "a".repeat(15000)).into_bytes(),
            422,
            "a long move",
        ),
        (
            Some(&black),
            format!("{{\"move\": \"{}\"}}", "a".repeat(20000)).into_bytes(),
            413,
            "a body over the limit",
        ),
    ];
    for (token, body, status, what) in cases {
        let reply = http
            .request("POST", &path, token, &body)
            .await
            .expect("move");
        let error = expect_error(reply, status, what).await;
        if what == "an occupied point" {
            assert!(error.contains("b2"), "the library's reason: {error}");
        }
    }
    let reply = http
        .request(
            "POST",
            "/api/games/0000000000000000/moves",
            Some(&black),
            br#"{"move": "a1"}"#,
        )
        .await
        .expect("unknown");
    expect_error(reply, 404, "an unknown game").await;

    // The other endpoints.
    let unknown = "/api/games/ffffffffffffffff";
    for (method, path, token, body, status) in [
        ("GET", unknown.to_owned(), None, &b""[..], 404),
        ("GET", format!("{unknown}/record"), None, b"", 404),
        ("GET", format!("{unknown}/svg"), None, b"", 404),
        ("GET", format!("{unknown}/ws"), None, b"", 404),
        (
            "POST",
            format!("{unknown}/resign"),
            Some(white.as_str()),
            b"",
            404,
        ),
        (
            "GET",
            "/api/games/../../etc/passwd".to_owned(),
            None,
            b"",
            404,
        ),
        ("GET", "/nothing-here".to_owned(), None, b"", 404),
        ("DELETE", format!("/api/games/{id}"), None, b"", 405),
        ("GET", format!("/api/games/{id}/moves"), None, b"", 405),
        ("POST", format!("/api/games/{id}/resign"), None, b"", 403),
        (
            "POST",
            format!("/api/games/{id}/resign"),
            Some("x"),
            b"",
            403,
        ),
        (
            "POST",
            format!("/api/games/{id}/draw"),
            Some(white.as_str()),
            b"{}",
            400,
        ),
        (
            "POST",
            format!("/api/games/{id}/draw"),
            Some(white.as_str()),
            br#"{"action": "surrender"}"#,
            400,
        ),
        (
            "POST",
            format!("/api/games/{id}/draw"),
            Some(white.as_str()),
            br#"{"action": "accept"}"#,
            409,
        ),
        (
            "POST",
            format!("/api/games/{id}/draw"),
            Some(white.as_str()),
            br#"{"action": "decline"}"#,
            409,
        ),
        (
            "POST",
            format!("/api/games/{id}/draw"),
            None,
            br#"{"action": "offer"}"#,
            403,
        ),
        (
            "POST",
            format!("/api/games/{id}/rematch"),
            Some(white.as_str()),
            b"",
            409,
        ),
        ("POST", format!("/api/games/{id}/rematch"), None, b"", 403),
        (
            "GET",
            format!("/api/games/{id}/svg?size=100000"),
            None,
            b"",
            400,
        ),
        (
            "GET",
            format!("/api/games/{id}/svg?flipped=maybe"),
            None,
            b"",
            400,
        ),
        ("GET", format!("/api/games/{id}/ws"), None, b"", 400),
    ] {
        let reply = http
            .request(method, &path, token, body)
            .await
            .expect("request");
        expect_error(reply, status, &format!("{method} {path}")).await;
    }
    // Bytes that are not UTF-8 in the path, and garbage that is not HTTP at all.
    let reply = raw(addr, b"GET /api/games/%ff%fe HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("bad path");
    assert!(
        reply.status == 400 || reply.status == 404,
        "{}",
        reply.text()
    );
    assert!(reply.json()["error"].is_string());
    let reply = raw(addr, b"GET /g/%ff HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("bad path");
    assert!(
        reply.status == 200 || reply.status == 400,
        "{}",
        reply.text()
    );
    let _ = raw(addr, b"\x16\x03\x01\x00\xa5garbage\r\n\r\n").await;
    let _ = raw(
        addr,
        b"POST /api/games HTTP/1.1\r\nContent-Length: 99999999999999999999\r\n\r\n",
    )
    .await;

    // A draw offer in a three-player game is not a thing.
    let three = create(
        &mut http,
        json!({ "game": "svendo", "seats": ["human", "human", "human"] }),
    )
    .await;
    let reply = http
        .post(
            &format!("/api/games/{}/draw", three.id),
            three.tokens[0].as_deref(),
            &json!({"action": "offer"}),
        )
        .await
        .expect("draw");
    expect_error(reply, 422, "a draw in svendo").await;

    // Nothing changed, and the server still serves.
    let after = state(&mut http, &id).await;
    assert_eq!(after, before);
    assert_eq!(play(&mut http, &id, Some(&black), "a1").await.status, 200);
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn draw_offers_and_rematches() {
    let db = TempDb::new("draw");
    let server = start(&db, 1).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "human"] }),
    )
    .await;
    let (white, black) = (
        game.tokens[0].clone().expect("token"),
        game.tokens[1].clone().expect("token"),
    );
    let draw = |token: String, action: &'static str| {
        let id = game.id.clone();
        async move {
            let mut http = Http::connect(addr).await.expect("connect");
            http.post(
                &format!("/api/games/{id}/draw"),
                Some(&token),
                &json!({ "action": action }),
            )
            .await
            .expect("draw")
        }
    };
    let offered = draw(white.clone(), "offer").await;
    assert_eq!(offered.status, 200);
    assert_eq!(offered.json()["draw_offer"], "white");
    assert_eq!(
        draw(white.clone(), "accept").await.status,
        409,
        "not one's own offer"
    );
    let declined = draw(black.clone(), "decline").await;
    assert_eq!(declined.json()["draw_offer"], Value::Null);
    // An offer stands through the offerer's own move and ends with the other player's.
    assert_eq!(draw(white.clone(), "offer").await.status, 200);
    assert_eq!(
        play(&mut http, &game.id, Some(&white), "b2").await.json()["draw_offer"],
        "white"
    );
    assert_eq!(
        play(&mut http, &game.id, Some(&black), "a1").await.json()["draw_offer"],
        Value::Null
    );
    assert_eq!(draw(black.clone(), "offer").await.status, 200);
    let accepted = draw(white.clone(), "accept").await;
    assert_eq!(accepted.status, 200);
    let end = accepted.json();
    assert_eq!(
        end["outcome"],
        json!({ "result": "draw", "reason": "agreement" })
    );
    assert_eq!(end["to_move"], Value::Null);
    assert_eq!(end["legal_moves"], json!([]));
    // A rematch: the same new game for both, the tokens kept, the old state pointing to it.
    let path = format!("/api/games/{}/rematch", game.id);
    let first = http
        .post(&path, Some(&white), &json!({}))
        .await
        .expect("rematch");
    assert_eq!(first.status, 201, "{}", first.text());
    let new_id = first.json()["id"].as_str().expect("id").to_owned();
    let again = http
        .post(&path, Some(&black), &json!({}))
        .await
        .expect("rematch");
    assert_eq!(again.json()["id"], new_id.as_str());
    assert_eq!(state(&mut http, &game.id).await["rematch"], new_id.as_str());
    let fresh = state(&mut http, &new_id).await;
    assert_eq!(fresh["moves"], json!([]));
    assert_eq!(fresh["outcome"], Value::Null);
    // The players change colours: the token that played White plays Black now.
    assert_eq!(
        play(&mut http, &new_id, Some(&white), "b2").await.status,
        409
    );
    assert_eq!(
        play(&mut http, &new_id, Some(&black), "b2").await.status,
        200
    );
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sockets_get_every_state_and_are_closed_for_big_messages_and_floods() {
    let db = TempDb::new("ws");
    let server = start(&db, 1).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "human"] }),
    )
    .await;
    let white = game.tokens[0].clone().expect("token");
    let mut watcher = socket(addr, &game.id).await;
    assert_eq!(next_state(&mut watcher).await["version"], 0);
    // Hello with a seat's token marks the seat connected; ping is answered.
    let mut seat = socket(addr, &game.id).await;
    next_state(&mut seat).await;
    seat.send(Message::text(
        json!({ "type": "hello", "token": white }).to_string(),
    ))
    .await
    .expect("hello");
    let connected = next_state(&mut watcher).await;
    assert_eq!(connected["seats"][0]["connected"], true);
    assert_eq!(connected["seats"][1]["connected"], false);
    seat.send(Message::text(r#"{"type": "ping"}"#))
        .await
        .expect("ping");
    loop {
        let message = seat.next().await.expect("open").expect("message");
        if message.to_text().is_ok_and(|t| t.contains("pong")) {
            break;
        }
    }
    // Every move reaches every watcher.
    for (ply, text) in ["b2", "a1", "c3"].iter().enumerate() {
        let token = game.tokens[ply % 2].as_deref();
        assert_eq!(play(&mut http, &game.id, token, text).await.status, 200);
        let seen = next_state(&mut watcher).await;
        assert_eq!(seen["last_move"], *text);
        assert_eq!(seen["version"], ply + 1);
    }
    // A message over 4 KiB closes that socket with 1008.
    seat.send(Message::text("x".repeat(4097)))
        .await
        .expect("big");
    assert_eq!(close_code(&mut seat).await, Some(1008));
    // The seat's socket is gone: the watcher sees it disconnected.
    let gone = next_state(&mut watcher).await;
    assert_eq!(gone["seats"][0]["connected"], false);
    // More than 20 messages in a second closes the socket too; the watcher is unharmed.
    let mut flood = socket(addr, &game.id).await;
    next_state(&mut flood).await;
    for _ in 0..25 {
        if flood
            .send(Message::text(r#"{"type": "ping"}"#))
            .await
            .is_err()
        {
            break;
        }
    }
    assert_eq!(close_code(&mut flood).await, Some(1008));
    // Junk on a socket is answered, not fatal; a reconnecting client gets the state at once.
    watcher.send(Message::text("not json")).await.expect("junk");
    watcher
        .send(Message::binary(vec![0xff, 0x00]))
        .await
        .expect("binary");
    let mut again = socket(addr, &game.id).await;
    assert_eq!(next_state(&mut again).await["version"], 3);
    assert_eq!(
        play(&mut http, &game.id, game.tokens[1].as_deref(), "a2")
            .await
            .status,
        200
    );
    assert_eq!(next_state(&mut watcher).await["version"], 4);
    assert_eq!(next_state(&mut again).await["version"], 4);
    server.stop();
}

/// Reads until the server closes the socket; the close frame's code.
async fn close_code(socket: &mut Socket) -> Option<u16> {
    loop {
        match tokio::time::timeout(Duration::from_secs(10), socket.next())
            .await
            .expect("closed within 10 s")
        {
            Some(Ok(Message::Close(frame))) => return frame.map(|f| u16::from(f.code)),
            Some(Ok(_)) => continue,
            Some(Err(_)) | None => return None,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_are_served_with_their_types() {
    let db = TempDb::new("pages");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    for (path, kind) in [
        ("/", "text/html; charset=utf-8"),
        ("/g/0123456789abcdef", "text/html; charset=utf-8"),
        ("/static/app.css", "text/css; charset=utf-8"),
        ("/static/home.js", "text/javascript; charset=utf-8"),
        ("/static/game.js", "text/javascript; charset=utf-8"),
    ] {
        let reply = http.get(path).await.expect("page");
        assert_eq!(reply.status, 200, "{path}");
        assert_eq!(reply.content_type.as_deref(), Some(kind), "{path}");
        assert!(!reply.body.is_empty());
    }
    let info = http.get("/api/info").await.expect("info").json();
    for game in info["games"].as_array().expect("games") {
        assert!(game["engines"]
            .as_array()
            .expect("engines")
            .contains(&json!("default")));
        let players = game["players"].as_array().expect("players").len();
        let has_alphabeta = game["engines"]
            .as_array()
            .expect("engines")
            .contains(&json!("alphabeta"));
        assert!(players == 2 || !has_alphabeta, "{game}");
    }
    server.stop();
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_engine_thread_serves_the_games_in_turn() {
    let db = TempDb::new("fair");
    let server = start(&db, 1).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let mut ids = Vec::new();
    for _ in 0..3 {
        let game = create(
            &mut http,
            json!({ "game": "swedish-draughts", "size": "8", "seats": ["engine:mcts:500", "engine:mcts:500"] }),
        )
        .await;
        ids.push(game.id);
    }
    // Once the first game has had six moves, the three games stand within a few moves of each
    // other: the queue takes them in turn (a game of draughts on 8x8 lasts longer). The first
    // may be a move or two ahead, from its searches before the others were created; a queue
    // that let one game through again and again would leave the others at none.
    let mut ws = socket(addr, &ids[0]).await;
    wait_for(&mut ws, |s| {
        s["moves"].as_array().map(Vec::len) >= Some(6) || !s["outcome"].is_null()
    })
    .await;
    let mut counts = Vec::new();
    for id in &ids {
        let now = state(&mut http, id).await;
        assert!(now["outcome"].is_null(), "{now}");
        counts.push(now["moves"].as_array().map_or(0, Vec::len));
    }
    let (least, most) = (counts.iter().min(), counts.iter().max());
    assert!(
        most.zip(least).is_some_and(|(m, l)| m - l <= 4),
        "moves per game: {counts:?}"
    );
    server.stop();
}

/// `GET /api/games/ID/seat`: the player of the seat a token holds; 403 for a wrong or missing
/// token, 404 for an unknown game; JSON errors; the game unchanged.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_token_tells_its_seat() {
    let db = TempDb::new("seat");
    let server = start(&db, 1).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    async fn ask(http: &mut Http, id: &str, token: Option<&str>) -> support::client::Reply {
        http.request("GET", &format!("/api/games/{id}/seat"), token, b"")
            .await
            .expect("seat")
    }
    fn error(reply: &support::client::Reply, status: u16, what: &str) {
        assert_eq!(reply.status, status, "{what}: {}", reply.text());
        assert!(
            reply
                .content_type
                .as_deref()
                .is_some_and(|t| t.starts_with("application/json")),
            "{what}: {:?}",
            reply.content_type
        );
        assert!(
            reply.json()["error"]
                .as_str()
                .is_some_and(|e| !e.is_empty()),
            "{what}: {}",
            reply.text()
        );
    }

    // Kvarn3: White plays first, Black second (the rules page's order of seats).
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "human"] }),
    )
    .await;
    let id = game.id.clone();
    let white = game.tokens[0].clone().expect("token");
    let black = game.tokens[1].clone().expect("token");
    let before = state(&mut http, &id).await;
    for (token, player) in [(&white, "white"), (&black, "black")] {
        let reply = ask(&mut http, &id, Some(token)).await;
        assert_eq!(reply.status, 200, "{}", reply.text());
        assert_eq!(reply.json(), json!({ "player": player }));
    }
    // Asking does not depend on the turn: Black asks while White is to move, and after.
    assert_eq!(play(&mut http, &id, Some(&white), "b2").await.status, 200);
    assert_eq!(
        ask(&mut http, &id, Some(&black)).await.json(),
        json!({ "player": "black" })
    );
    assert_eq!(
        ask(&mut http, &id, Some(&white)).await.json(),
        json!({ "player": "white" })
    );

    // A watcher has no token; wrong tokens: random, one character off, another game's.
    error(
        &ask(&mut http, &id, None).await,
        403,
        "no token (a watcher)",
    );
    let mut off = white.clone();
    let last = if off.ends_with('0') { "1" } else { "0" };
    off.replace_range(off.len() - 1.., last);
    let other = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "engine:random"] }),
    )
    .await;
    let other_token = other.tokens[0].clone().expect("token");
    for (token, what) in [
        ("0123456789abcdef0123456789abcdef", "a random token"),
        (off.as_str(), "one character off"),
        (&white[..white.len() - 1], "a prefix"),
        (other_token.as_str(), "another game's token"),
        ("", "an empty token"),
    ] {
        error(&ask(&mut http, &id, Some(token)).await, 403, what);
    }
    // Not the bearer scheme.
    let reply = raw(
        addr,
        format!(
            "GET /api/games/{id}/seat HTTP/1.1\r\nHost: x\r\nAuthorization: Basic {white}\r\nConnection: close\r\n\r\n"
        )
        .as_bytes(),
    )
    .await
    .expect("raw");
    error(&reply, 403, "a Basic token");
    // The other game's token is its own White; its engine seat has no token.
    assert_eq!(
        ask(&mut http, &other.id, Some(&other_token)).await.json(),
        json!({ "player": "white" })
    );
    error(
        &ask(&mut http, "0000000000000000", Some(&white)).await,
        404,
        "an unknown game",
    );
    error(
        &ask(&mut http, "no-such-game", None).await,
        404,
        "an unknown game without a token",
    );
    let posted = http
        .post(&format!("/api/games/{id}/seat"), Some(&white), &json!({}))
        .await
        .expect("post");
    error(&posted, 405, "POST");
    // Nothing changed but the one move.
    let after = state(&mut http, &id).await;
    assert_eq!(after["moves"], json!(["b2"]));
    assert_eq!(
        after["version"].as_u64(),
        before["version"].as_u64().map(|v| v + 1)
    );

    // Svendo seats Black, White, Red: with White an engine, the tokens are Black's and Red's.
    let svendo = create(
        &mut http,
        json!({ "game": "svendo", "seats": ["human", "engine:random", "human"] }),
    )
    .await;
    assert_eq!(svendo.tokens[1], None);
    for (i, player) in [(0, "black"), (2, "red")] {
        let token = svendo.tokens[i].clone().expect("token");
        assert_eq!(
            ask(&mut http, &svendo.id, Some(&token)).await.json(),
            json!({ "player": player })
        );
    }
    // Sundraval's seats are "first" and "second".
    let sundraval = create(
        &mut http,
        json!({ "game": "sundraval", "size": "3", "seats": ["human", "human"] }),
    )
    .await;
    for (i, player) in [(0, "first"), (1, "second")] {
        let token = sundraval.tokens[i].clone().expect("token");
        assert_eq!(
            ask(&mut http, &sundraval.id, Some(&token)).await.json(),
            json!({ "player": player })
        );
    }

    // A rematch keeps the tokens: each holds the same seat in the new game.
    let draw = |token: &str, action: &str| {
        let path = format!("/api/games/{id}/draw");
        let token = token.to_owned();
        let body = json!({ "action": action });
        async move {
            let mut http = Http::connect(addr).await.expect("connect");
            http.post(&path, Some(&token), &body).await.expect("draw")
        }
    };
    assert_eq!(draw(&white, "offer").await.status, 200);
    assert_eq!(draw(&black, "accept").await.status, 200);
    let rematch = http
        .post(
            &format!("/api/games/{id}/rematch"),
            Some(&black),
            &json!({}),
        )
        .await
        .expect("rematch");
    assert_eq!(rematch.status, 201, "{}", rematch.text());
    let new_id = rematch.json()["id"].as_str().expect("id").to_owned();
    // The rematch swaps the colours: each token holds the other seat.
    for (token, player) in [(&white, "black"), (&black, "white")] {
        assert_eq!(
            ask(&mut http, &new_id, Some(token)).await.json(),
            json!({ "player": player })
        );
    }
    server.stop();
}
