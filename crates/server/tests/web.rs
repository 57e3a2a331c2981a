//! What browsers and the file system see: the database holds no token and is its owner's
//! only; request bodies must be JSON, so no other site's page can create games or move; no
//! CORS unless asked for; the page's security headers; compressed answers; cached files with
//! entity tags; a favicon; a graceful end on SIGTERM.

use crate::support;

use std::time::{Duration, Instant};

use futures_util::StreamExt;
use serde_json::json;
use support::client::Http;
use support::{create, play, start, start_with, state, TempDb};
use tokio_tungstenite::tungstenite::Message;

/// The tokens a client was given appear nowhere in the database's files (only their
/// digests), and the files are readable by their owner only.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_database_holds_no_token_and_only_its_owner_reads_it() {
    let db = TempDb::new("secrets");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "human"] }),
    )
    .await;
    let mut secrets: Vec<String> = game.tokens.iter().flatten().cloned().collect();
    secrets.push(
        game.reply["creator_token"]
            .as_str()
            .expect("creator")
            .to_owned(),
    );
    assert_eq!(
        play(&mut http, &game.id, game.tokens[0].as_deref(), "b2")
            .await
            .status,
        200
    );
    server.stop();
    let mut bytes = Vec::new();
    for suffix in ["", "-wal"] {
        let mut name = db.0.clone().into_os_string();
        name.push(suffix);
        if let Ok(file) = std::fs::read(&name) {
            bytes.extend(file);
        }
        #[cfg(unix)]
        if let Ok(meta) = std::fs::metadata(&name) {
            use std::os::unix::fs::PermissionsExt;
            assert_eq!(meta.permissions().mode() & 0o077, 0, "{name:?} is private");
        }
    }
    let text = String::from_utf8_lossy(&bytes);
    assert!(text.contains(&game.id), "the game is stored");
    for secret in &secrets {
        assert!(!text.contains(secret.as_str()), "a token is in the file");
    }
}

/// A body of another type than JSON is 415, whatever it says, on every endpoint that takes
/// one (a form or a `text/plain` post from another site's page is such a body); no answer
/// carries CORS headers.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_must_be_json_and_no_other_site_is_let_in() {
    let db = TempDb::new("json-only");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "human"] }),
    )
    .await;
    let token = game.tokens[0].as_deref();
    let id = &game.id;
    for (path, body) in [
        (
            "/api/games".to_owned(),
            r#"{"game": "kvarn3", "seats": ["human", "human"]}"#,
        ),
        (format!("/api/games/{id}/moves"), r#"{"move": "b2"}"#),
        (format!("/api/games/{id}/draw"), r#"{"action": "offer"}"#),
        (format!("/api/games/{id}/resign"), "{}"),
        (format!("/api/games/{id}/join"), "{}"),
    ] {
        for kind in [
            None,
            Some("text/plain"),
            Some("application/x-www-form-urlencoded"),
            Some("multipart/form-data; boundary=x"),
        ] {
            let headers: Vec<(&str, &str)> =
                kind.map(|k| ("Content-Type", k)).into_iter().collect();
            let reply = http
                .request_with("POST", &path, token, &headers, body.as_bytes())
                .await
                .expect("post");
            assert_eq!(reply.status, 415, "{path} {kind:?}: {}", reply.text());
            assert!(reply.json()["error"].as_str().is_some());
            assert_eq!(reply.header("access-control-allow-origin"), None);
        }
    }
    let after = state(&mut http, id).await;
    assert_eq!(after["version"], 0, "nothing changed");
    assert_eq!(server.open_games(), 1);
    // JSON with its parameter is JSON.
    let reply = http
        .request_with(
            "POST",
            &format!("/api/games/{id}/moves"),
            token,
            &[("Content-Type", "application/json; charset=utf-8")],
            br#"{"move": "b2"}"#,
        )
        .await
        .expect("post");
    assert_eq!(reply.status, 200, "{}", reply.text());
    server.stop();
}

/// `--cors-origin` lets one origin's pages call the API: its answers and preflights name it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cors_only_for_the_origin_asked_for() {
    let db = TempDb::new("cors");
    let config = boardrules_server::Config {
        addr: "127.0.0.1:0".parse().expect("address"),
        db: db.0.clone(),
        engine_threads: 1,
        cors_origin: Some("https://example.org".to_owned()),
        ..boardrules_server::Config::default()
    };
    let server = boardrules_server::Server::start(&config)
        .await
        .expect("start");
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let reply = http.get("/api/info").await.expect("info");
    assert_eq!(
        reply.header("access-control-allow-origin"),
        Some("https://example.org")
    );
    let preflight = http
        .request_with(
            "OPTIONS",
            "/api/games",
            None,
            &[
                ("Origin", "https://example.org"),
                ("Access-Control-Request-Method", "POST"),
            ],
            b"",
        )
        .await
        .expect("preflight");
    assert_eq!(preflight.status, 204);
    assert!(preflight
        .header("access-control-allow-headers")
        .is_some_and(|h| h.contains("authorization")));
    server.stop();
}

/// The page's headers: a Content-Security-Policy that runs only the server's own scripts,
/// `nosniff`, no referrer; the files with an entity tag that answers 304; gzip where it
/// helps; a favicon.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_pages_have_their_security_headers_cache_tags_and_compression() {
    let db = TempDb::new("headers");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let page = http.get("/").await.expect("page");
    let csp = page.header("content-security-policy").expect("a CSP");
    assert!(
        csp.contains("script-src 'self'") && !csp.contains("unsafe-inline"),
        "{csp}"
    );
    assert!(csp.contains("frame-ancestors 'none'"), "{csp}");
    assert_eq!(page.header("x-content-type-options"), Some("nosniff"));
    assert_eq!(page.header("referrer-policy"), Some("no-referrer"));
    for path in [
        "/",
        "/g/0123456789abcdef",
        "/static/game.js",
        "/static/app.css",
        "/favicon.svg",
    ] {
        let first = http.get(path).await.expect("file");
        assert_eq!(first.status, 200, "{path}");
        let tag = first.header("etag").expect("an ETag").to_owned();
        assert_eq!(first.header("cache-control"), Some("no-cache"));
        let again = http
            .request_with("GET", path, None, &[("If-None-Match", &tag)], b"")
            .await
            .expect("again");
        assert_eq!(again.status, 304, "{path}");
        assert!(again.body.is_empty());
    }
    let icon = http.get("/favicon.ico").await.expect("icon");
    assert_eq!(icon.content_type.as_deref(), Some("image/svg+xml"));
    let js = http
        .request_with(
            "GET",
            "/static/game.js",
            None,
            &[("Accept-Encoding", "gzip")],
            b"",
        )
        .await
        .expect("js");
    assert_eq!(js.header("content-encoding"), Some("gzip"));
    assert!(js.body.len() * 2 < include_str!("../static/game.js").len());
    server.stop();
}

/// SIGTERM to the binary: it stops listening, a WebSocket hears 1001 (going away), and the
/// process exits with status 0 at once; the moves made before are in the file. Its log says
/// so, and holds none of the tokens the clients used, right or wrong.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sigterm_ends_the_server_gracefully() {
    let db = TempDb::new("sigterm");
    let (mut child, addr) = support::spawn(&db, &["--engine-threads", "1"]);
    let mut http = Http::connect(addr).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "human"] }),
    )
    .await;
    assert_eq!(
        play(&mut http, &game.id, game.tokens[0].as_deref(), "b2")
            .await
            .status,
        200
    );
    // A refused move with the other seat's token, and a hello with it.
    assert_eq!(
        play(&mut http, &game.id, game.tokens[0].as_deref(), "a1")
            .await
            .status,
        409
    );
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{}/ws", game.id))
            .await
            .expect("socket");
    let _ = ws.next().await;
    let hello = json!({ "type": "hello", "token": game.tokens[1] }).to_string();
    futures_util::SinkExt::send(&mut ws, Message::text(hello))
        .await
        .expect("hello");
    // The seat is marked connected before the signal.
    while let Ok(Some(Ok(Message::Text(text)))) =
        tokio::time::timeout(Duration::from_secs(10), ws.next()).await
    {
        if text.as_str().contains(r#""connected":true"#) {
            break;
        }
    }
    let start = Instant::now();
    let status = std::process::Command::new("kill")
        .args(["-TERM", &child.id().to_string()])
        .status()
        .expect("kill");
    assert!(status.success());
    let mut code = None;
    let mut ended = String::new();
    loop {
        match tokio::time::timeout(Duration::from_secs(10), ws.next()).await {
            Ok(Some(Ok(Message::Close(frame)))) => {
                code = frame.map(|f| u16::from(f.code));
                break;
            }
            Ok(Some(Ok(_))) => continue,
            other => {
                ended = format!("{other:?}");
                break;
            }
        }
    }
    assert_eq!(code, Some(1001), "{ended}");
    drop(ws);
    drop(http);
    let exit = loop {
        if let Some(exit) = child.try_wait().expect("wait") {
            break exit;
        }
        assert!(start.elapsed() < Duration::from_secs(10), "the server ends");
        tokio::time::sleep(Duration::from_millis(50)).await;
    };
    assert!(exit.success(), "{exit:?}");
    let log = std::fs::read_to_string(db.log()).expect("the log");
    assert!(
        log.contains("serving") && log.contains("shutting down"),
        "{log}"
    );
    for token in game.tokens.iter().flatten() {
        assert!(!log.contains(token.as_str()), "a token in the log: {log}");
    }
    let (mut child, addr) = support::spawn(&db, &["--engine-threads", "1"]);
    let mut http = Http::connect(addr).await.expect("connect");
    assert_eq!(state(&mut http, &game.id).await["moves"], json!(["b2"]));
    child.kill().expect("kill");
    child.wait().expect("wait");
}

/// Not used by the other tests: a server with the default limits answers 429 to the
/// twenty-first game of one address.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_default_allowance_is_twenty_games_an_address() {
    let db = TempDb::new("default-allowance");
    let server = start_with(&db, 1, boardrules_server::Limits::default()).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let body = json!({ "game": "kvarn3", "seats": ["human", "human"] });
    for _ in 0..20 {
        create(&mut http, body.clone()).await;
    }
    let reply = http.post("/api/games", None, &body).await.expect("create");
    assert_eq!(reply.status, 429);
    server.stop();
}

/// A database written before tokens were hashed (the seat's token itself in `seats`, no
/// creator or `live` column) is brought up to date on start: the tokens work as before, and
/// the row holds their digests.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_old_database_keeps_its_games_and_hashes_their_tokens() {
    let db = TempDb::new("migrate");
    let token = "00112233445566778899aabbccddeeff";
    let start_position = boardrules::kvarn3::Position::start().to_string();
    {
        let conn = rusqlite::Connection::open(&db.0).expect("open");
        conn.execute_batch(&format!(
            "CREATE TABLE games (id TEXT PRIMARY KEY, game TEXT NOT NULL, size TEXT,
                 start TEXT NOT NULL, seats TEXT NOT NULL, time_ms INTEGER NOT NULL, ended TEXT,
                 draw_offer INTEGER, rematch TEXT, version INTEGER NOT NULL);
             CREATE TABLE moves (game TEXT NOT NULL, ply INTEGER NOT NULL, text TEXT NOT NULL,
                 PRIMARY KEY (game, ply)) WITHOUT ROWID;
             INSERT INTO games VALUES ('0123456789abcdef', 'kvarn3', NULL, '{start_position}',
                 '[{{\"kind\":\"human\",\"token\":\"{token}\"}},{{\"kind\":\"engine\",\"spec\":\"random\"}}]',
                 500, NULL, NULL, NULL, 0);"
        ))
        .expect("an old file");
    }
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let old = state(&mut http, "0123456789abcdef").await;
    assert_eq!(old["start"], start_position.as_str());
    let seat = http
        .request("GET", "/api/games/0123456789abcdef/seat", Some(token), b"")
        .await
        .expect("seat");
    assert_eq!(seat.status, 200, "{}", seat.text());
    assert_eq!(seat.json(), json!({ "player": "white" }));
    server.stop();
    let conn = rusqlite::Connection::open(&db.0).expect("open");
    let seats: String = conn
        .query_row("SELECT seats FROM games", [], |r| r.get(0))
        .expect("seats");
    assert!(!seats.contains(token), "{seats}");
}
