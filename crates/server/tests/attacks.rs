//! One hostile client against the limits, as it would attack: creating games in bulk,
//! opening connections and WebSockets without end, holding connections idle or dripping
//! bytes, a body that never comes, a WebSocket that never reads, a storm of hellos. Each
//! limit holds, and the server goes on answering everybody else. The timeouts and the
//! connection caps are tried against the server binary, over real sockets.

use crate::support;

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::{Duration, Instant};

use futures_util::{SinkExt, StreamExt};
use serde_json::{json, Value};
use support::client::{Http, Reply};
use support::{create, play, start_with, TempDb};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::Message;

const KVARN3: &str = r#"{"game": "kvarn3", "seats": ["human", "human"]}"#;

fn from(last: u8) -> IpAddr {
    IpAddr::V4(Ipv4Addr::new(127, 0, 0, last))
}

async fn post_game(http: &mut Http) -> Reply {
    http.request("POST", "/api/games", None, KVARN3.as_bytes())
        .await
        .expect("create")
}

fn retry_after(reply: &Reply) -> u64 {
    reply
        .header("retry-after")
        .and_then(|v| v.parse().ok())
        .unwrap_or_else(|| panic!("a Retry-After header: {:?}", reply.headers))
}

/// Games per address and in all: the allowance's end is 429 with `Retry-After` and a JSON
/// error; another address has its own allowance until everyone's is spent; a refused
/// request creates nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn game_creation_is_limited_per_address_and_in_all() {
    let db = TempDb::new("rate");
    let mut limits = support::roomy();
    limits.games_per_address = 3;
    limits.games_in_all = 5;
    limits.games_refill = Duration::from_secs(600);
    let server = start_with(&db, 1, limits).await;
    let addr = server.local_addr();
    let mut one = Http::connect_from(from(1), addr).await.expect("connect");
    for _ in 0..3 {
        assert_eq!(post_game(&mut one).await.status, 201);
    }
    let refused = post_game(&mut one).await;
    assert_eq!(refused.status, 429, "{}", refused.text());
    assert!(refused.json()["error"].as_str().is_some());
    // Three games every 600 s: one more in 200 s.
    let wait = retry_after(&refused);
    assert!((199..=201).contains(&wait), "{wait}");
    // Another address: two more, then everyone's allowance is spent.
    let mut two = Http::connect_from(from(2), addr).await.expect("connect");
    assert_eq!(post_game(&mut two).await.status, 201);
    assert_eq!(post_game(&mut two).await.status, 201);
    let mut three = Http::connect_from(from(3), addr).await.expect("connect");
    let full = post_game(&mut three).await;
    assert_eq!(full.status, 429, "{}", full.text());
    retry_after(&full);
    assert_eq!(server.open_games(), 5);
    // A bad request does not spend the allowance: it is refused for what it is.
    let bad = three
        .request(
            "POST",
            "/api/games",
            None,
            br#"{"game": "chess", "seats": []}"#,
        )
        .await
        .expect("bad");
    assert_eq!(bad.status, 400);
    server.stop();
}

/// Reads from `stream` until the server closes it; what it sent and when it closed.
async fn until_closed(stream: &mut TcpStream, limit: Duration) -> (Vec<u8>, Option<Duration>) {
    let start = Instant::now();
    let mut got = Vec::new();
    let mut buf = [0u8; 4096];
    loop {
        match tokio::time::timeout_at((start + limit).into(), stream.read(&mut buf)).await {
            Err(_) => return (got, None),
            Ok(Ok(0) | Err(_)) => return (got, Some(start.elapsed())),
            Ok(Ok(n)) => got.extend_from_slice(&buf[..n]),
        }
    }
}

/// The server binary with short timeouts: a connection that sends nothing, one that drips a
/// byte every 200 ms (bytes do not restart the clock), an idle kept-alive connection, and a
/// body that never arrives are each closed on time; the server answers others meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_and_slow_connections_are_closed_on_time() {
    let db = TempDb::new("slow");
    let (mut child, addr) = support::spawn(
        &db,
        &["--header-timeout-secs", "2", "--body-timeout-secs", "1"],
    );
    let silent = tokio::spawn(async move {
        let mut stream = TcpStream::connect(addr).await.expect("connect");
        until_closed(&mut stream, Duration::from_secs(6)).await.1
    });
    let drip = tokio::spawn(async move {
        let mut stream = TcpStream::connect(addr).await.expect("connect");
        let start = Instant::now();
        let head = b"GET /api/info HTTP/1.1\r\nHost: x\r\nX-Slow: aaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaaa";
        for byte in head {
            if stream.write_all(&[*byte]).await.is_err() {
                break;
            }
            tokio::time::sleep(Duration::from_millis(200)).await;
        }
        let _ = until_closed(&mut stream, Duration::from_secs(6)).await;
        start.elapsed()
    });
    let kept = tokio::spawn(async move {
        let mut http = Http::connect(addr).await.expect("connect");
        assert_eq!(http.get("/api/info").await.expect("info").status, 200);
        let start = Instant::now();
        // The kept-alive connection, idle: the next request finds it closed.
        tokio::time::sleep(Duration::from_millis(5000)).await;
        (http.get("/api/info").await.is_err(), start.elapsed())
    });
    let body = tokio::spawn(async move {
        let mut stream = TcpStream::connect(addr).await.expect("connect");
        let start = Instant::now();
        stream
            .write_all(b"POST /api/games HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\nContent-Length: 1000\r\n\r\n{\"game\":")
            .await
            .expect("write");
        let (answer, closed) = until_closed(&mut stream, Duration::from_secs(6)).await;
        (
            String::from_utf8_lossy(&answer).into_owned(),
            closed,
            start.elapsed(),
        )
    });
    // Meanwhile everybody else is served.
    let mut http = Http::connect(addr).await.expect("connect");
    for _ in 0..5 {
        assert_eq!(http.get("/api/info").await.expect("info").status, 200);
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    let closed = silent
        .await
        .expect("task")
        .expect("the silent connection is closed");
    // Two seconds, and slack for a busy machine: far below the 11 s the drip would take.
    assert!(closed < Duration::from_millis(4000), "silent: {closed:?}");
    let dripped = drip.await.expect("task");
    assert!(dripped < Duration::from_millis(4000), "drip: {dripped:?}");
    let (refused, idle) = kept.await.expect("task");
    assert!(
        refused,
        "the idle kept-alive connection was closed ({idle:?})"
    );
    let (answer, closed, took) = body.await.expect("task");
    assert!(answer.starts_with("HTTP/1.1 408"), "{answer}");
    assert!(
        closed.is_some() && took < Duration::from_secs(3),
        "{took:?}"
    );
    child.kill().expect("kill");
    child.wait().expect("wait");
}

/// The server binary with `--max-connections 40 --max-connections-per-address 10`: the
/// eleventh connection of an address is told 429, the forty-first of all 503, each at once
/// and closed; once connections close, others are served again.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn connections_are_capped_per_address_and_in_all() {
    let db = TempDb::new("conns");
    let (mut child, addr) = support::spawn(
        &db,
        &[
            "--max-connections",
            "40",
            "--max-connections-per-address",
            "10",
        ],
    );
    let connect = |last: u8| async move {
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket.bind(SocketAddr::new(from(last), 0)).expect("bind");
        socket.connect(addr).await.expect("connect")
    };
    // Ten from 127.0.0.1, all served.
    let mut held = Vec::new();
    for _ in 0..10 {
        let mut stream = connect(1).await;
        stream
            .write_all(b"GET /api/info HTTP/1.1\r\nHost: x\r\n\r\n")
            .await
            .expect("write");
        let mut buf = [0u8; 12];
        stream.read_exact(&mut buf).await.expect("answer");
        assert_eq!(&buf, b"HTTP/1.1 200");
        held.push(stream);
    }
    let mut eleventh = connect(1).await;
    let (answer, closed) = until_closed(&mut eleventh, Duration::from_secs(3)).await;
    let answer = String::from_utf8_lossy(&answer).into_owned();
    assert!(answer.starts_with("HTTP/1.1 429"), "{answer}");
    assert!(answer.contains("retry-after"), "{answer}");
    assert!(closed.is_some());
    // Thirty more from three other addresses fill the server; the next is 503.
    for last in 2..=4 {
        for _ in 0..10 {
            held.push(connect(last).await);
        }
    }
    // The connections are counted once the server has accepted them.
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut over = connect(5).await;
    let (answer, _) = until_closed(&mut over, Duration::from_secs(3)).await;
    let answer = String::from_utf8_lossy(&answer).into_owned();
    assert!(answer.starts_with("HTTP/1.1 503"), "{answer}");
    // Connections closed free their places.
    held.truncate(20);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let mut http = Http::connect_from(from(5), addr).await.expect("connect");
    assert_eq!(http.get("/api/info").await.expect("info").status, 200);
    drop(held);
    child.kill().expect("kill");
    child.wait().expect("wait");
}

type Socket =
    tokio_tungstenite::WebSocketStream<tokio_tungstenite::MaybeTlsStream<tokio::net::TcpStream>>;

async fn socket(
    addr: SocketAddr,
    id: &str,
) -> Result<Socket, tokio_tungstenite::tungstenite::Error> {
    tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{id}/ws"))
        .await
        .map(|(socket, _)| socket)
}

/// WebSockets per address and per game are capped (429 before the upgrade).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn websockets_are_capped_per_address_and_per_game() {
    let db = TempDb::new("ws-caps");
    let mut limits = support::roomy();
    limits.max_sockets_per_address = 3;
    limits.max_sockets_per_game = 4;
    let server = start_with(&db, 1, limits).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let a = create(&mut http, serde_json::from_str(KVARN3).expect("json")).await;
    let b = create(&mut http, serde_json::from_str(KVARN3).expect("json")).await;
    let mut open = Vec::new();
    for _ in 0..3 {
        open.push(socket(addr, &a.id).await.expect("a socket"));
    }
    let refused = socket(addr, &b.id)
        .await
        .expect_err("a fourth from one address");
    assert!(refused.to_string().contains("429"), "{refused}");
    // From another address: the game's fourth socket, then the game is full.
    let ws = |last: u8, id: String| async move {
        let socket = tokio::net::TcpSocket::new_v4().expect("socket");
        socket.bind(SocketAddr::new(from(last), 0)).expect("bind");
        let stream = socket.connect(addr).await.expect("connect");
        tokio_tungstenite::client_async(format!("ws://{addr}/api/games/{id}/ws"), stream)
            .await
            .map(|(socket, _)| socket)
    };
    let fourth = ws(2, a.id.clone()).await.expect("the game's fourth");
    let full = ws(2, a.id.clone()).await.expect_err("the game's fifth");
    assert!(full.to_string().contains("429"), "{full}");
    // Closing frees the places.
    drop(open);
    drop(fourth);
    tokio::time::sleep(Duration::from_millis(300)).await;
    assert!(socket(addr, &b.id).await.is_ok());
    server.stop();
}

/// A WebSocket whose client never reads (its receive buffer small and full) is closed once a
/// send stalls for the write timeout; the watchers who read get every state meanwhile.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_does_not_read_is_closed() {
    let db = TempDb::new("no-read");
    let mut limits = support::roomy();
    limits.write_timeout = Duration::from_secs(1);
    let server = start_with(&db, 1, limits).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    // Sundraval on 11 points a side: each state after the opening is tens of KB.
    let game = create(
        &mut http,
        json!({ "game": "sundraval", "size": "11", "seats": ["human", "human"] }),
    )
    .await;
    let raw = tokio::net::TcpSocket::new_v4().expect("socket");
    raw.set_recv_buffer_size(4096).expect("a small buffer");
    let stream = raw.connect(addr).await.expect("connect");
    let (_silent, _) =
        tokio_tungstenite::client_async(format!("ws://{addr}/api/games/{}/ws", game.id), stream)
            .await
            .expect("the silent socket");
    let mut reader = socket(addr, &game.id).await.expect("a reader");
    let connections = server.open_connections();
    let mut rng = support::Rng(3);
    let mut text = http
        .get(&format!("/api/games/{}/gestures?after=", game.id))
        .await
        .expect("gestures")
        .json();
    let first = text["next"][0].as_str().expect("a point").to_owned();
    text = http
        .get(&format!("/api/games/{}/gestures?after={first}", game.id))
        .await
        .expect("gestures")
        .json();
    let opening = text["legal_moves"][0].as_str().expect("a pair").to_owned();
    let mut now = play(&mut http, &game.id, game.tokens[0].as_deref(), &opening)
        .await
        .json();
    let start = Instant::now();
    let mut sent = 0usize;
    while server.open_connections() >= connections && start.elapsed() < Duration::from_secs(30) {
        let Some(seat) = support::seat_to_move(&now) else {
            break;
        };
        let legal: Vec<Value> = now["legal_moves"].as_array().cloned().unwrap_or_default();
        let plain: Vec<&Value> = legal
            .iter()
            .filter(|m| *m != "pass" && *m != "swap")
            .collect();
        let Some(text) = plain
            .get(rng.below(plain.len().max(1)))
            .and_then(|m| m.as_str())
        else {
            break;
        };
        let reply = play(&mut http, &game.id, game.tokens[seat].as_deref(), text).await;
        assert_eq!(reply.status, 200, "{}", reply.text());
        sent += reply.body.len();
        now = reply.json();
        // The reader reads.
        while let Ok(Some(Ok(_))) =
            tokio::time::timeout(Duration::from_millis(1), reader.next()).await
        {}
    }
    // The last stalled send times out a second after it stalled.
    let mut waited = 0;
    while server.open_connections() >= connections && waited < 50 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        waited += 1;
    }
    assert!(
        server.open_connections() < connections,
        "the silent socket is closed after {sent} bytes of states"
    );
    // The reader is still served.
    assert!(reader
        .send(Message::text(r#"{"type": "ping"}"#))
        .await
        .is_ok());
    server.stop();
}

/// A seat's socket saying hello with its token eighteen times a second (under the limit of
/// twenty): the first marks the seat connected (one state to the watchers); the others change
/// nothing and send nothing.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_storm_of_hellos_costs_nothing() {
    let db = TempDb::new("hello");
    let server = start_with(&db, 1, support::roomy()).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let game = create(&mut http, serde_json::from_str(KVARN3).expect("json")).await;
    let token = game.tokens[0].clone().expect("token");
    let mut watcher = socket(addr, &game.id).await.expect("watcher");
    let _ = watcher.next().await;
    let mut seats = Vec::new();
    for _ in 0..3 {
        let mut s = socket(addr, &game.id).await.expect("seat");
        let _ = s.next().await;
        seats.push(s);
    }
    let hello = json!({ "type": "hello", "token": token }).to_string();
    for _ in 0..36 {
        for s in &mut seats {
            s.send(Message::text(hello.clone())).await.expect("hello");
        }
        tokio::time::sleep(Duration::from_millis(56)).await;
    }
    let mut states = Vec::new();
    while let Ok(Some(Ok(Message::Text(text)))) =
        tokio::time::timeout(Duration::from_millis(500), watcher.next()).await
    {
        states.push(serde_json::from_str::<Value>(text.as_str()).expect("json"));
    }
    assert_eq!(
        states.len(),
        1,
        "one state for the seat connected: {states:?}"
    );
    assert_eq!(states[0]["seats"][0]["connected"], true);
    assert_eq!(states[0]["version"], 0);
    // The seats' sockets were not closed: the storm is within the limit.
    for s in &mut seats {
        assert!(s.send(Message::text(r#"{"type": "ping"}"#)).await.is_ok());
    }
    server.stop();
}
