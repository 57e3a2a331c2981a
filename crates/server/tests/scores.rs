//! What a player reads beside the board: the state's `score` (checked along seeded games of
//! every game, against counts written here from the rules and against the library's numbers
//! for the position the state names), the hands, `/api/info`'s texts, the rules pages, and the
//! pictures of earlier positions (`svg?ply=N`).

use boardrules::game_core::{BoardSize, Describe, Gestures};
use boardrules::games::{visit, GameVisitor};
use serde_json::{json, Value};

use crate::support::client::Http;
use crate::support::{create, play, seat_to_move, smallest_size, start, state, Rng, TempDb};

/// Pieces on a draughts board, counted from the PDN FEN text (`W:W31-50:BK1,2-20`).
fn draughts_pieces(position: &str) -> (i64, i64) {
    let mut counts = (0, 0);
    for part in position.split(':').skip(1) {
        let (side, list) = part.split_at(1);
        let n: i64 = list
            .split(',')
            .filter(|item| !item.is_empty())
            .map(|item| {
                let item = item.trim_start_matches('K');
                match item.split_once('-') {
                    Some((a, b)) => {
                        b.parse::<i64>().expect("square") - a.parse::<i64>().expect("square") + 1
                    }
                    None => 1,
                }
            })
            .sum();
        match side {
            "W" => counts.0 += n,
            "B" => counts.1 += n,
            other => panic!("a side {other:?} in {position}"),
        }
    }
    counts
}

/// Cheversi's running score from its rules: a point for each (own piece, empty square it
/// attacks) pair, read from the board part of the position text (rank 8 first).
fn cheversi_scores(position: &str) -> (i64, i64) {
    let mut board = [[' '; 8]; 8];
    for (r, rank) in position
        .split_whitespace()
        .next()
        .expect("board")
        .split('/')
        .enumerate()
    {
        let mut file = 0;
        for c in rank.chars() {
            match c.to_digit(10) {
                Some(n) => file += n as usize,
                None => {
                    board[7 - r][file] = c;
                    file += 1;
                }
            }
        }
    }
    let empty = |f: i32, r: i32| board[r as usize][f as usize] == ' ';
    let inside = |f: i32, r: i32| (0..8).contains(&f) && (0..8).contains(&r);
    let rays = |dirs: &[(i32, i32)], f: i32, r: i32, slide: bool| -> i64 {
        let mut n = 0;
        for &(df, dr) in dirs {
            let (mut x, mut y) = (f + df, r + dr);
            while inside(x, y) {
                if !empty(x, y) {
                    break;
                }
                n += 1;
                if !slide {
                    break;
                }
                x += df;
                y += dr;
            }
        }
        n
    };
    let straight = [(1, 0), (-1, 0), (0, 1), (0, -1)];
    let diagonal = [(1, 1), (1, -1), (-1, 1), (-1, -1)];
    let all = [straight, diagonal].concat();
    let knight = [
        (1, 2),
        (2, 1),
        (2, -1),
        (1, -2),
        (-1, -2),
        (-2, -1),
        (-2, 1),
        (-1, 2),
    ];
    let mut scores = (0, 0);
    for r in 0..8 {
        for f in 0..8 {
            let c = board[r as usize][f as usize];
            let n = match c.to_ascii_uppercase() {
                'K' => rays(&all, f, r, false),
                'Q' => rays(&all, f, r, true),
                'R' => rays(&straight, f, r, true),
                'B' => rays(&diagonal, f, r, true),
                'N' => rays(&knight, f, r, false),
                _ => continue,
            };
            if c.is_ascii_uppercase() {
                scores.0 += n;
            } else {
                scores.1 += n;
            }
        }
    }
    scores
}

/// The library's scoreboard and hands of the position a state names, read back from its text.
struct LibraryView<'a> {
    position: &'a str,
    size: Option<&'a str>,
}

type Numbers = (Option<(String, Vec<(String, i64)>)>, Vec<(String, Value)>);

impl GameVisitor for LibraryView<'_> {
    type Output = Numbers;

    fn visit<G: Describe + Gestures>(self) -> Numbers {
        let size = self.size.map(|s| s.parse::<BoardSize>().expect("a size"));
        let pos = G::parse_position(self.position, size).expect("the state's position");
        let score = pos.scoreboard().map(|board| {
            let scores = board
                .scores
                .iter()
                .map(|(p, n)| (p.to_string(), *n))
                .collect();
            (board.label.to_owned(), scores)
        });
        let hands = G::PLAYERS
            .iter()
            .map(|&p| {
                let hand: Vec<Value> = pos
                    .hand(p)
                    .iter()
                    .map(|e| json!({ "kind": e.kind, "choice": e.choice, "count": e.count }))
                    .collect();
                (p.to_string(), Value::from(hand))
            })
            .filter(|(_, hand)| hand.as_array().is_some_and(|h| !h.is_empty()))
            .collect();
        (score, hands)
    }
}

/// Every game, on its smallest board, played by random legal moves through the API from a
/// fixed seed: at every ply the state's `score` is what the rules count (draughts and
/// Cheversi counted here; every game also against the library's numbers for the state's own
/// position), keyed by the players of `to_move`, and the hands are the library's.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_state_carries_the_score_the_rules_count() {
    let db = TempDb::new("scores");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let info = http.get("/api/info").await.expect("info").json();
    let mut rng = Rng(0x5c0e_5eed);
    for game in info["games"].as_array().expect("games") {
        let name = game["name"].as_str().expect("name");
        let players: Vec<&str> = game["players"]
            .as_array()
            .expect("players")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let mut body = json!({ "game": name, "seats": vec!["human"; players.len()] });
        if let Some(size) = smallest_size(game) {
            body["size"] = json!(size);
        }
        let created = create(&mut http, body).await;
        let mut checked_nonzero = false;
        for _ in 0..60 {
            let now = state(&mut http, &created.id).await;
            let position = now["position"].as_str().expect("position");
            let (library, hands) = visit(
                name,
                LibraryView {
                    position,
                    size: now["size"].as_str(),
                },
            )
            .expect("a game of the build");
            match library {
                None => {
                    assert_eq!(now["score"], Value::Null, "{name}");
                    assert_eq!(now["score_label"], Value::Null, "{name}");
                }
                Some((label, scores)) => {
                    assert_eq!(now["score_label"], label.as_str(), "{name}");
                    let want: serde_json::Map<String, Value> =
                        scores.into_iter().map(|(p, n)| (p, json!(n))).collect();
                    assert_eq!(now["score"], Value::Object(want), "{name} at {position}");
                    let keys: Vec<&str> = now["score"]
                        .as_object()
                        .expect("score")
                        .keys()
                        .map(String::as_str)
                        .collect();
                    let mut sorted = players.clone();
                    sorted.sort_unstable();
                    assert_eq!(keys, sorted, "{name}: keyed by the players");
                }
            }
            let want_hands: serde_json::Map<String, Value> = hands.into_iter().collect();
            assert_eq!(now["hands"], Value::Object(want_hands), "{name}");
            match name {
                "swedish-draughts" => {
                    let (white, black) = draughts_pieces(position);
                    assert_eq!(now["score"], json!({ "white": white, "black": black }));
                }
                "cheversi" => {
                    let (white, black) = cheversi_scores(position);
                    assert_eq!(
                        now["score"],
                        json!({ "white": white, "black": black }),
                        "{position}"
                    );
                    checked_nonzero |= white > 0 && black > 0;
                }
                "kvarn3" => assert_eq!(now["score"], Value::Null),
                _ => {}
            }
            if now["outcome"] != Value::Null {
                break;
            }
            let Some(seat) = seat_to_move(&now) else {
                break;
            };
            let moves: Vec<String> = match now["legal_moves"].as_array() {
                Some(moves) => moves
                    .iter()
                    .filter_map(|m| m.as_str().map(str::to_owned))
                    .collect(),
                None => http
                    .get(&format!("/api/games/{}/legal_moves", created.id))
                    .await
                    .expect("moves")
                    .json()["legal_moves"]
                    .as_array()
                    .expect("moves")
                    .iter()
                    .filter_map(|m| m.as_str().map(str::to_owned))
                    .collect(),
            };
            let text = &moves[rng.below(moves.len())];
            let token = created.tokens[seat].as_deref();
            let reply = play(&mut http, &created.id, token, text).await;
            assert_eq!(reply.status, 200, "{name} {text}: {}", reply.text());
        }
        if name == "cheversi" {
            assert!(checked_nonzero, "the game reached scores of both players");
        }
    }
    server.stop();
}

/// The start of Cheversi, counted by hand: nothing placed, nothing attacked, every piece in
/// hand (one king, one queen, two rooks, two bishops, two knights).
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn cheversi_starts_at_nought_with_a_full_hand() {
    let db = TempDb::new("hand");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "cheversi", "seats": ["human", "human"] }),
    )
    .await;
    let now = state(&mut http, &game.id).await;
    assert_eq!(now["score"], json!({ "white": 0, "black": 0 }));
    assert_eq!(now["score_label"], "points");
    let hand = |kind: &str, choice: &str, count: u32| json!({ "kind": kind, "choice": choice, "count": count });
    let full = json!([
        hand("king", "K", 1),
        hand("queen", "Q", 1),
        hand("rook", "R", 2),
        hand("bishop", "B", 2),
        hand("knight", "N", 2)
    ]);
    assert_eq!(now["hands"], json!({ "white": full, "black": full }));
    // White's king first (rule 2): on d4 alone it attacks its 8 empty neighbours.
    let token = game.tokens[0].as_deref();
    let reply = play(&mut http, &game.id, token, "Kd4").await;
    assert_eq!(reply.status, 200, "{}", reply.text());
    let now = reply.json();
    assert_eq!(now["score"], json!({ "white": 8, "black": 0 }));
    assert_eq!(now["hands"]["white"][0]["count"], 0);
    assert_eq!(now["hands"]["black"][0]["count"], 1);
    server.stop();
}

/// `/api/info`: each game's title, summary, ways to move and choices from the library, its
/// rules page, and its sizes from the smallest board to the largest.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn info_describes_every_game_and_lists_sizes_in_order() {
    let db = TempDb::new("info");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let info = http.get("/api/info").await.expect("info").json();
    for game in info["games"].as_array().expect("games") {
        let name = game["name"].as_str().expect("name");
        assert!(game["title"].as_str().is_some_and(|t| !t.is_empty()));
        assert!(
            game["summary"].as_str().is_some_and(|s| s.ends_with('.')),
            "{name}"
        );
        assert!(game["how_to_move"]
            .as_array()
            .is_some_and(|l| !l.is_empty()));
        assert!(game["choices"].is_object());
        assert_eq!(game["rules_url"], format!("/rules/{name}"));
        let sizes: Vec<&str> = game["sizes"]
            .as_array()
            .expect("sizes")
            .iter()
            .filter_map(Value::as_str)
            .collect();
        let points = |s: &str| -> u64 { s.split('x').map(|n| n.parse::<u64>().unwrap()).product() };
        assert!(
            sizes.windows(2).all(|w| points(w[0]) <= points(w[1])),
            "{name}: {sizes:?}"
        );
        let page = http
            .get(game["rules_url"].as_str().unwrap())
            .await
            .expect("rules");
        assert_eq!(page.status, 200);
        assert!(page
            .header("content-type")
            .is_some_and(|t| t.starts_with("text/html")));
        let html = page.text();
        assert!(html.contains("<h1>") || html.contains("<h2>"), "{name}");
        assert!(!html.contains("<script"), "{name}");
    }
    let sundraval = info["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "sundraval")
        .expect("sundraval");
    assert_eq!(sundraval["sizes"][0], "3");
    assert_eq!(sundraval["sizes"][8], "11");
    assert_eq!(sundraval["default_size"], "9");
    let cheversi = info["games"]
        .as_array()
        .unwrap()
        .iter()
        .find(|g| g["name"] == "cheversi")
        .expect("cheversi");
    assert_eq!(cheversi["choices"]["Q"], "queen");
    assert_eq!(http.get("/rules/chess").await.expect("rules").status, 404);
    server.stop();
}

/// `svg?ply=N`: the picture after N moves, from 0 (the start) to the moves played, while the
/// game goes on; 422 outside.
#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_picture_of_every_earlier_position() {
    let db = TempDb::new("ply");
    let server = start(&db, 1).await;
    let mut http = Http::connect(server.local_addr()).await.expect("connect");
    let game = create(
        &mut http,
        json!({ "game": "kvarn3", "seats": ["human", "human"] }),
    )
    .await;
    // Typed in either case: the notation does not tell them apart.
    for (i, text) in ["B2", "a1", "C3"].iter().enumerate() {
        let token = game.tokens[i % 2].as_deref();
        assert_eq!(play(&mut http, &game.id, token, text).await.status, 200);
    }
    assert_eq!(
        state(&mut http, &game.id).await["moves"],
        json!(["b2", "a1", "c3"])
    );
    let svg = |ply: &str| format!("/api/games/{}/svg?ply={ply}", game.id);
    let stones = |text: &str| text.matches("class=\"piece ").count();
    for ply in 0..=3 {
        let reply = http.get(&svg(&ply.to_string())).await.expect("svg");
        assert_eq!(reply.status, 200, "{ply}");
        assert_eq!(reply.header("content-type"), Some("image/svg+xml"));
        let text = reply.text();
        assert_eq!(stones(&text), ply, "ply {ply}: one stone a move");
        assert_eq!(text.contains("last-move"), ply > 0, "ply {ply}");
    }
    for bad in ["4", "-1", "x", "99999999999999999999"] {
        let reply = http.get(&svg(bad)).await.expect("svg");
        assert_eq!(reply.status, 422, "{bad}: {}", reply.text());
        assert!(reply.json()["error"].is_string());
    }
    let now = http
        .get(&format!("/api/games/{}/svg", game.id))
        .await
        .expect("svg")
        .text();
    assert_eq!(stones(&now), 3, "without ply: the live position");
    server.stop();
}
