//! The bounds on what one game costs: the state's bytes in every game and size (the legal
//! moves left out where they would not fit, and served apart), the memory of an idle game in
//! a real server process, and idle games leaving memory and coming back from the file.

use crate::support;

use std::collections::BTreeSet;
use std::io::Read;
use std::time::Duration;

use boardrules::game_core::{BoardSize, Game, GameRecord};
use boardrules_server::{MAX_PLIES, MAX_STATE_BYTES};
use serde_json::{json, Value};
use support::client::Http;
use support::{create, play, seat_to_move, start_with, state, Rng, TempDb};

async fn games(http: &mut Http) -> Vec<Value> {
    let reply = http.get("/api/info").await.expect("info");
    reply.json()["games"].as_array().expect("games").clone()
}

fn sizes(info: &Value) -> Vec<Option<String>> {
    match info["sizes"].as_array() {
        Some(sizes) if !sizes.is_empty() => sizes
            .iter()
            .map(|s| Some(s.as_str().expect("a size").to_owned()))
            .collect(),
        _ => vec![None],
    }
}

fn body(info: &Value, size: &Option<String>) -> Value {
    let players = info["players"].as_array().expect("players").len();
    let mut body = json!({ "game": info["name"], "seats": vec!["human"; players] });
    if let Some(size) = size {
        body["size"] = json!(size);
    }
    body
}

/// `GET path` with gzip accepted: the answer must come compressed; its JSON.
async fn gunzipped(http: &mut Http, path: &str) -> Value {
    let reply = http
        .request_with("GET", path, None, &[("Accept-Encoding", "gzip")], b"")
        .await
        .expect("get");
    assert_eq!(reply.status, 200, "{path}");
    assert_eq!(reply.header("content-encoding"), Some("gzip"), "{path}");
    let mut text = String::new();
    flate2::read::GzDecoder::new(&reply.body[..])
        .read_to_string(&mut text)
        .expect("gzip");
    serde_json::from_str(&text).expect("JSON")
}

/// Every state a client sees is at most 64 KiB, in every game at every size: at the start,
/// and along a random game. Where the legal moves are left out, `legal_move_count` still
/// counts them, `GET /legal_moves` lists them all, and `GET /gestures` leads from the first
/// click to the moves, as the page uses it.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_state_is_at_most_64_kib_and_the_moves_left_out_are_served_apart() {
    let db = TempDb::new("state-bytes");
    let server = start_with(&db, 1, support::roomy()).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let mut rng = Rng(0x5eed);
    let mut left_out = Vec::new();
    for info in games(&mut http).await {
        for size in sizes(&info) {
            let game = create(&mut http, body(&info, &size)).await;
            let mut largest = 0;
            for ply in 0..40 {
                let reply = http
                    .get(&format!("/api/games/{}", game.id))
                    .await
                    .expect("state");
                largest = largest.max(reply.body.len());
                assert!(
                    reply.body.len() <= MAX_STATE_BYTES,
                    "{} bytes",
                    reply.body.len()
                );
                let now = reply.json();
                if !now["outcome"].is_null() {
                    break;
                }
                let count = now["legal_move_count"].as_u64().expect("a count") as usize;
                let texts: Vec<String> = match now["legal_moves"].as_array() {
                    Some(list) => {
                        assert_eq!(list.len(), count);
                        assert_eq!(now["gestures"].as_array().map(Vec::len), Some(count));
                        list.iter()
                            .map(|m| m.as_str().expect("text").to_owned())
                            .collect()
                    }
                    None => {
                        assert!(now["gestures"].is_null());
                        left_out.push(format!("{} {size:?} ply {ply}: {count}", info["name"]));
                        let path = format!("/api/games/{}/legal_moves", game.id);
                        let all = gunzipped(&mut http, &path).await;
                        assert_eq!(all["version"], now["version"]);
                        let list = all["legal_moves"].as_array().expect("the list");
                        assert_eq!(list.len(), count);
                        check_gestures_after(&mut http, &game.id, count).await;
                        list.iter()
                            .map(|m| m.as_str().expect("text").to_owned())
                            .collect()
                    }
                };
                let seat = seat_to_move(&now).expect("someone to move");
                let text = &texts[rng.below(texts.len())];
                let reply = play(&mut http, &game.id, game.tokens[seat].as_deref(), text).await;
                assert_eq!(reply.status, 200, "{text}: {}", reply.text());
                assert!(reply.body.len() <= MAX_STATE_BYTES);
            }
            eprintln!("{} {size:?}: largest state {largest} bytes", info["name"]);
        }
    }
    // Sundraval's opening pairs are left out on its larger boards: 109,230 pairs at 11 a side.
    assert!(
        left_out
            .iter()
            .any(|l| l.starts_with("\"sundraval\" Some(\"11\") ply 0: 109230")),
        "{left_out:?}"
    );
    server.stop();
}

/// `GET /gestures` on a state without its moves: before any click, the points a move can
/// start on; after one, every move from there (complete), whose clicks make the moves.
async fn check_gestures_after(http: &mut Http, id: &str, count: usize) {
    let first = http
        .get(&format!("/api/games/{id}/gestures?after="))
        .await
        .expect("gestures")
        .json();
    assert_eq!(first["count"].as_u64(), Some(count as u64));
    assert!(first.to_string().len() <= MAX_STATE_BYTES);
    let next: Vec<String> = first["next"]
        .as_array()
        .expect("next")
        .iter()
        .map(|p| p.as_str().expect("point").to_owned())
        .collect();
    assert!(!next.is_empty());
    if first["complete"] == true {
        return;
    }
    // The moves from a few first points: each complete, each starting there, none twice.
    let mut seen = BTreeSet::new();
    let mut total = first["legal_moves"].as_array().map_or(0, Vec::len);
    for point in next.iter().take(3) {
        let after = http
            .get(&format!("/api/games/{id}/gestures?after={point}"))
            .await
            .expect("gestures")
            .json();
        assert_eq!(after["complete"], true, "{after}");
        let gestures = after["gestures"].as_array().expect("gestures");
        assert_eq!(
            gestures.len() as u64,
            after["count"].as_u64().expect("count")
        );
        for g in gestures {
            assert_eq!(g["points"][0], point.as_str());
            assert!(seen.insert(g.to_string()), "one gesture per move");
        }
        total += gestures.len();
    }
    assert!(total <= count);
    let none = http
        .get(&format!("/api/games/{id}/gestures?after=nowhere"))
        .await
        .expect("gestures")
        .json();
    assert_eq!(none["count"], 0);
}

/// A real server process: the resident memory that a hundred idle games of each game and
/// size add, read from `/proc/PID/status`, is under 64 KiB a game.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_idle_game_holds_less_than_64_kib_in_a_server_process() {
    let db = TempDb::new("idle-memory");
    let (mut child, addr) = support::spawn(
        &db,
        &[
            "--games-per-address",
            "100000",
            "--games-in-all",
            "100000",
            "--idle-unload-secs",
            "3600",
        ],
    );
    let mut http = Http::connect(addr).await.expect("connect");
    const GAMES: u64 = 100;
    let mut report = Vec::new();
    for info in games(&mut http).await {
        for size in sizes(&info) {
            let body = body(&info, &size);
            // A few first, so that what is measured next is the games', not the allocator's
            // first pages or the first use of the code.
            for _ in 0..20 {
                create(&mut http, body.clone()).await;
            }
            let before = support::rss_kib(child.id());
            for _ in 0..GAMES {
                create(&mut http, body.clone()).await;
            }
            let after = support::rss_kib(child.id());
            let per_game = after.saturating_sub(before) * 1024 / GAMES;
            report.push(format!("{} {size:?}: {per_game} bytes", info["name"]));
            assert!(per_game < 64 * 1024, "{report:?}");
        }
    }
    eprintln!("memory per idle game: {report:?}");
    child.kill().expect("kill");
    child.wait().expect("wait");
}

/// Sundraval on its largest board played to its end by random moves (the opening pair and
/// the choice included): the move texts, from the library.
fn sundraval_to_its_end(seed: u64) -> Vec<String> {
    use boardrules::sundraval::Position;
    let start = Position::start_with_size(BoardSize::Side(11)).expect("Sundraval 11");
    let mut record = GameRecord::new(start);
    let mut rng = Rng(seed);
    while record.outcome().is_none() {
        let moves = record.legal_moves();
        record
            .play(moves[rng.below(moves.len())])
            .expect("a legal move");
    }
    record.move_texts()
}

/// Plies without a capture that both sides, playing together, can make from `pos` (at most
/// `depth`).
fn quiet_plies(pos: &boardrules::swedish_draughts::Position, depth: u32) -> u32 {
    let mut best = 0;
    if depth > 0 {
        for mv in pos.legal_moves() {
            if !mv.is_capture() {
                let mut next = *pos;
                next.play_unchecked(mv);
                best = best.max(1 + quiet_plies(&next, depth - 1));
                if best == depth {
                    break;
                }
            }
        }
    }
    best
}

/// A draughts game on the 10x10 board kept going for `plies` plies by two players who play
/// together for length: each move keeps the captures far (a forced capture takes a piece,
/// and the side without pieces loses), repeats no position a third time, and plays a man (a
/// move that resets the 50-ply rule) once 40 plies have passed without one.
fn a_long_draughts_game(plies: usize, seed: u64) -> Vec<String> {
    use boardrules::swedish_draughts::Position;
    let start = Position::start_with_size(BoardSize::Side(10)).expect("10x10");
    let mut record = GameRecord::new(start);
    let mut rng = Rng(seed);
    while record.len() < plies {
        assert!(record.outcome().is_none(), "{:?}", record.outcome());
        let pos = *record.current();
        let a_man_now = record.draw_tracker().no_progress_plies() >= 40;
        let mut best = (i64::MIN, None);
        for mv in record.legal_moves() {
            let mut next = record.clone();
            next.play(mv).expect("a legal move");
            let mut score = rng.below(8) as i64 + 100 * i64::from(quiet_plies(next.current(), 4))
                - 20 * i64::from(next.repetition_count());
            if next.outcome().is_some() {
                score -= 100_000;
            }
            if pos.is_progress_move(mv) == a_man_now {
                score += 50;
            }
            if mv.is_capture() {
                score -= 200;
            }
            if score > best.0 {
                best = (score, Some(mv));
            }
        }
        record.play(best.1.expect("a move")).expect("a legal move");
    }
    record.move_texts()
}

/// A Kvarn3 game kept going for `plies` plies by two players that play together for length:
/// each move closes no mill, leaves the other a move that closes none, and reaches the
/// position seen least often (never a third time: threefold repetition draws).
fn a_long_kvarn3_game(plies: usize, seed: u64) -> Vec<String> {
    let mut record = GameRecord::new(boardrules::kvarn3::Position::start());
    let mut rng = Rng(seed);
    while record.len() < plies {
        assert!(record.outcome().is_none(), "{:?}", record.outcome());
        let mut best = (i64::MIN, None);
        for mv in record.legal_moves() {
            let mut next = record.clone();
            next.play(mv).expect("a legal move");
            let pos = *next.current();
            let safe_reply = pos.legal_moves().iter().any(|&reply| {
                let mut after = pos;
                after.play_unchecked(reply);
                after.outcome().is_none()
            });
            let mut score = rng.below(8) as i64 - 20 * i64::from(next.repetition_count());
            if next.outcome().is_some() {
                score -= 100_000;
            }
            if !safe_reply {
                score -= 10_000;
            }
            if score > best.0 {
                best = (score, Some(mv));
            }
        }
        record.play(best.1.expect("a move")).expect("a legal move");
    }
    record.move_texts()
}

/// Plays `texts` in the game `id`, each by the seat to move.
async fn play_through(http: &mut Http, game: &support::Created, texts: &[String]) {
    let mut now = state(http, &game.id).await;
    for text in texts {
        let seat = seat_to_move(&now).expect("someone to move");
        let reply = play(http, &game.id, game.tokens[seat].as_deref(), text).await;
        assert_eq!(reply.status, 200, "{text}: {}", reply.text());
        now = reply.json();
    }
}

/// A real server process: a late game in memory, idle, holds less than 64 KiB: Sundraval 11
/// played to its end (300 plies and more; its positions the largest of the games'), draughts
/// 10x10 one ply before the server's move cap (its moves the largest), and Kvarn3 one ply
/// before the cap (no move that resets the draw counts: every position's key is kept). The
/// games are played by one process; a new process over the file loads them (their moves
/// replayed) when asked for, as a server does with every game that was idle long enough to
/// leave memory, and its resident memory must grow by less than 64 KiB a game.
///
/// The process that played them grows by more (the project's `docs/measurements.md`): the
/// pages of the states it rendered move after move, freed, but held by the allocator among
/// the games' own blocks. That is the process's churn, shared by every game and spread
/// thinner the more games there are, so it is printed, not bounded.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_late_idle_game_holds_less_than_64_kib_in_a_server_process() {
    const GAMES: u64 = 8;
    // glibc's allocator keeps the pages of large blocks freed by a request (the list of
    // 109,230 opening moves of Sundraval 11 that a state counts) for the next, in an arena per
    // thread: that is the process's, not the games', and would swamp the memory of eight
    // games. With large blocks mapped and unmapped at once, and one arena, what grows is what
    // the games hold.
    const ALLOCATOR: [(&str, &str); 2] = [
        ("MALLOC_MMAP_THRESHOLD_", "65536"),
        ("MALLOC_ARENA_MAX", "1"),
    ];
    let lines = [
        (
            json!({ "game": "sundraval", "size": "11", "seats": ["human", "human"] }),
            (0x5eed..)
                .map(sundraval_to_its_end)
                .filter(|texts| texts.len() >= 300)
                .take(GAMES as usize + 1)
                .collect::<Vec<_>>(),
        ),
        (
            json!({ "game": "swedish-draughts", "size": "10", "seats": ["human", "human"] }),
            vec![a_long_draughts_game(MAX_PLIES as usize - 1, 2); GAMES as usize + 1],
        ),
        (
            json!({ "game": "kvarn3", "seats": ["human", "human"] }),
            vec![a_long_kvarn3_game(MAX_PLIES as usize - 1, 3); GAMES as usize + 1],
        ),
    ];
    let db = TempDb::new("late-memory");
    // SQLite's page cache belongs to the process, not to a game (2 MB at most by default,
    // for every game together), and it grows with each game's moves read or written: the
    // file's suggested cache size, 16 pages, keeps it from being counted as the games'.
    rusqlite::Connection::open(&db.0)
        .and_then(|file| file.execute_batch("PRAGMA default_cache_size = 16;"))
        .expect("a new database file");
    let args = [
        "--games-per-address",
        "100000",
        "--games-in-all",
        "100000",
        "--idle-unload-secs",
        "3600",
    ];
    let (mut child, addr) = support::spawn_with_env(&db, &args, &ALLOCATOR);
    let mut http = Http::connect(addr).await.expect("connect");
    let mut ids = Vec::new();
    let mut report = Vec::new();
    for (body, games) in &lines {
        // One first, so that what is measured next is the games', not the first use of the
        // code.
        let first = create(&mut http, body.clone()).await;
        play_through(&mut http, &first, &games[0]).await;
        let before = support::rss_kib(child.id());
        // All created first, as on a server where many games are under way, then played.
        let mut created = Vec::new();
        for _ in &games[1..] {
            created.push(create(&mut http, body.clone()).await);
        }
        let mut played = Vec::new();
        for (game, texts) in created.into_iter().zip(&games[1..]) {
            play_through(&mut http, &game, texts).await;
            played.push(game.id);
        }
        let per_game = support::rss_kib(child.id()).saturating_sub(before) * 1024 / GAMES;
        report.push(format!("{} played: {per_game} bytes", body["game"]));
        ids.push((first.id, played));
    }
    child.kill().expect("kill");
    child.wait().expect("wait");
    // A new process over the file: each game loads (its moves replayed) when asked for.
    let (mut child, addr) = support::spawn_with_env(&db, &args, &ALLOCATOR);
    let mut http = Http::connect(addr).await.expect("connect");
    for ((body, _), (first, played)) in lines.iter().zip(&ids) {
        state(&mut http, first).await;
        let before = support::rss_kib(child.id());
        for id in played {
            let now = state(&mut http, id).await;
            assert!(now["moves"].as_array().expect("moves").len() >= 300);
        }
        let per_game = support::rss_kib(child.id()).saturating_sub(before) * 1024 / GAMES;
        report.push(format!("{} loaded: {per_game} bytes", body["game"]));
        assert!(per_game < 64 * 1024, "{report:?}");
    }
    eprintln!("memory per late idle game: {report:?}");
    child.kill().expect("kill");
    child.wait().expect("wait");
}

/// A game nobody watches or asks for leaves memory after `--idle-unload-secs`, and comes back
/// from the file, the same, when it is asked for; a watched game stays.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn idle_games_leave_memory_and_come_back_when_asked_for() {
    use futures_util::StreamExt;
    let db = TempDb::new("unload");
    let mut limits = support::roomy();
    limits.idle_unload = Duration::from_secs(1);
    let server = start_with(&db, 1, limits).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let mut ids = Vec::new();
    for _ in 0..5 {
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
        ids.push(game);
    }
    let watched = &ids[0].id;
    let (mut ws, _) =
        tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{watched}/ws"))
            .await
            .expect("socket");
    let _ = ws.next().await;
    assert_eq!(server.open_games(), 5);
    let mut waited = 0;
    while server.open_games() > 1 && waited < 100 {
        tokio::time::sleep(Duration::from_millis(100)).await;
        waited += 1;
    }
    assert_eq!(server.open_games(), 1, "only the watched game stays");
    // Asked for again, a game loads from the file as it was, and plays on.
    let back = state(&mut http, &ids[3].id).await;
    assert_eq!(back["moves"], json!(["b2"]));
    assert_eq!(back["version"], 1);
    assert_eq!(server.open_games(), 2);
    let reply = play(&mut http, &ids[4].id, ids[4].tokens[1].as_deref(), "a1").await;
    assert_eq!(reply.status, 200, "{}", reply.text());
    assert_eq!(reply.json()["moves"], json!(["b2", "a1"]));
    server.stop();
}

/// With `--max-loaded-games 3`: three watched games fill the memory; a fourth is 503 with
/// `Retry-After`; once a game is no longer watched it leaves memory to make room at once.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_games_in_memory_are_capped() {
    use futures_util::StreamExt;
    let db = TempDb::new("loaded-cap");
    let mut limits = support::roomy();
    limits.max_loaded_games = 3;
    let server = start_with(&db, 1, limits).await;
    let addr = server.local_addr();
    let mut http = Http::connect(addr).await.expect("connect");
    let body = json!({ "game": "kvarn3", "seats": ["human", "human"] });
    let mut watched = Vec::new();
    for _ in 0..3 {
        let game = create(&mut http, body.clone()).await;
        let (mut ws, _) =
            tokio_tungstenite::connect_async(format!("ws://{addr}/api/games/{}/ws", game.id))
                .await
                .expect("socket");
        let _ = ws.next().await;
        watched.push(ws);
    }
    let full = http.post("/api/games", None, &body).await.expect("create");
    assert_eq!(full.status, 503, "{}", full.text());
    assert!(full.header("retry-after").is_some());
    drop(watched.pop());
    let mut made = None;
    for _ in 0..50 {
        let reply = http.post("/api/games", None, &body).await.expect("create");
        if reply.status == 201 {
            made = Some(reply);
            break;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    assert!(made.is_some(), "an unwatched game made room");
    assert_eq!(server.open_games(), 3);
    server.stop();
}
