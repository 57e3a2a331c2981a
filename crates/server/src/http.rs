//! The HTTP routes and the WebSocket: the page's files, the JSON API, the watchers.
//!
//! Every error is JSON `{"error": TEXT}`: the handlers answer with [`ApiError`], and a last
//! layer ([`json_errors`]) rewrites the few plain-text errors that axum itself writes (an
//! unknown method, a path that is not UTF-8, a WebSocket request without its headers).

use std::collections::VecDeque;
use std::net::SocketAddr;
use std::sync::{Arc, OnceLock};
use std::time::{Duration, Instant};

use axum::body::{Body, Bytes};
use axum::extract::rejection::BytesRejection;
use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::{DefaultBodyLimit, Path, Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use crate::hub::{CreateRequest, Hub, Refusal, Slot};
use crate::table;

/// The largest request body the server reads (a move or a new game is far smaller).
pub(crate) const BODY_LIMIT: usize = 16 * 1024;
/// The largest message a WebSocket client may send.
pub(crate) const WS_MESSAGE_LIMIT: usize = 4 * 1024;
/// How many messages a WebSocket client may send in one second.
pub(crate) const WS_MESSAGES_PER_SECOND: usize = 20;
/// The WebSocket close code for a client that broke the limits (policy violation).
const POLICY_VIOLATION: u16 = 1008;
/// How long a socket closed for a policy violation waits for the client's close frame.
const CLOSE_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(2);

/// What the handlers share.
#[derive(Clone)]
pub(crate) struct App {
    pub(crate) hub: Arc<Hub>,
    pub(crate) addr: SocketAddr,
}

/// An error answer: a status and `{"error": TEXT}`.
pub(crate) struct ApiError(StatusCode, String);

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        (self.0, Json(serde_json::json!({ "error": self.1 }))).into_response()
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::BadRequest(text) => ApiError(StatusCode::BAD_REQUEST, text),
            Refusal::Forbidden => ApiError(
                StatusCode::FORBIDDEN,
                "a seat's token is needed: Authorization: Bearer TOKEN".to_owned(),
            ),
            Refusal::NotFound => ApiError(StatusCode::NOT_FOUND, "no such game".to_owned()),
            Refusal::Conflict(text) => ApiError(StatusCode::CONFLICT, text),
            Refusal::Unprocessable(text) => ApiError(StatusCode::UNPROCESSABLE_ENTITY, text),
            Refusal::Internal(text) => {
                eprintln!("boardrules-server: {text}");
                ApiError(StatusCode::INTERNAL_SERVER_ERROR, text)
            }
        }
    }
}

type ApiResult<T> = Result<T, ApiError>;

/// The router of the whole server.
pub(crate) fn router(app: App) -> Router {
    Router::new()
        .route("/", get(|| async { page(INDEX_HTML) }))
        .route("/g/{id}", get(|| async { page(GAME_HTML) }))
        .route(
            "/static/app.css",
            get(|| async { file("text/css; charset=utf-8", APP_CSS) }),
        )
        .route(
            "/static/home.js",
            get(|| async { file("text/javascript; charset=utf-8", HOME_JS) }),
        )
        .route(
            "/static/game.js",
            get(|| async { file("text/javascript; charset=utf-8", GAME_JS) }),
        )
        .route("/api/info", get(info))
        .route("/api/games", post(create))
        .route("/api/games/{id}", get(state))
        .route("/api/games/{id}/seat", get(seat))
        .route("/api/games/{id}/moves", post(play))
        .route("/api/games/{id}/resign", post(resign))
        .route("/api/games/{id}/draw", post(draw))
        .route("/api/games/{id}/rematch", post(rematch))
        .route("/api/games/{id}/record", get(record))
        .route("/api/games/{id}/svg", get(svg))
        .route("/api/games/{id}/ws", get(ws))
        .fallback(|| async { ApiError(StatusCode::NOT_FOUND, "no such page".to_owned()) })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::map_response(json_errors))
        .with_state(app)
}

const INDEX_HTML: &str = include_str!("../static/index.html");
const GAME_HTML: &str = include_str!("../static/game.html");
const APP_CSS: &str = include_str!("../static/app.css");
const HOME_JS: &str = include_str!("../static/home.js");
const GAME_JS: &str = include_str!("../static/game.js");

fn file(content_type: &'static str, text: &'static str) -> Response {
    ([(header::CONTENT_TYPE, content_type)], text).into_response()
}

fn page(text: &'static str) -> Response {
    file("text/html; charset=utf-8", text)
}

fn json(status: StatusCode, text: impl Into<String>) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        text.into(),
    )
        .into_response()
}

/// Rewrites an error answer that is not JSON (axum's own rejections) as `{"error": TEXT}`.
async fn json_errors(response: Response) -> Response {
    let status = response.status();
    let is_json = response
        .headers()
        .get(header::CONTENT_TYPE)
        .is_some_and(|v| v.as_bytes().starts_with(b"application/json"));
    if !(status.is_client_error() || status.is_server_error()) || is_json {
        return response;
    }
    let body = axum::body::to_bytes(response.into_body(), 4096)
        .await
        .unwrap_or_default();
    let text = String::from_utf8_lossy(&body);
    let text = if text.trim().is_empty() {
        status.canonical_reason().unwrap_or("error").to_owned()
    } else {
        text.trim().to_owned()
    };
    ApiError(status, text).into_response()
}

/// Reads a JSON body: 413 over the limit, 400 when it is not the JSON asked for.
fn body<T: for<'de> Deserialize<'de>>(body: Result<Bytes, BytesRejection>) -> ApiResult<T> {
    let bytes = body.map_err(|e| {
        let status = e.status();
        let text = if status == StatusCode::PAYLOAD_TOO_LARGE {
            format!("the request body is over {BODY_LIMIT} bytes")
        } else {
            e.body_text()
        };
        ApiError(status, text)
    })?;
    serde_json::from_slice(&bytes)
        .map_err(|e| ApiError(StatusCode::BAD_REQUEST, format!("bad request body: {e}")))
}

/// The token of `Authorization: Bearer TOKEN`.
fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// The host the client reached (its `Host` header, where that is a plain host name or
/// address), else the listening address.
fn host(headers: &HeaderMap, addr: SocketAddr) -> String {
    headers
        .get(header::HOST)
        .and_then(|v| v.to_str().ok())
        .filter(|h| {
            !h.is_empty()
                && h.len() <= 255
                && h.bytes()
                    .all(|c| c.is_ascii_alphanumeric() || b".-:[]_".contains(&c))
        })
        .map_or_else(|| addr.to_string(), str::to_owned)
}

async fn info() -> Response {
    static INFO: OnceLock<String> = OnceLock::new();
    let text = INFO.get_or_init(|| serde_json::json!({ "games": table::info() }).to_string());
    json(StatusCode::OK, text.as_str())
}

async fn create(
    State(app): State<App>,
    headers: HeaderMap,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Response> {
    let request: CreateRequest = body(raw)?;
    let hub = Arc::clone(&app.hub);
    let created = blocking(move || hub.create(request)).await?;
    let host = host(&headers, app.addr);
    let seats: Vec<_> = created
        .seats
        .iter()
        .map(|(player, token)| {
            serde_json::json!({
                "player": player,
                "token": token,
                "url": token.as_ref().map(|t| format!("http://{host}/g/{}#seat={t}", created.id)),
            })
        })
        .collect();
    let answer = serde_json::json!({
        "id": created.id,
        "seats": seats,
        "watch_url": format!("http://{host}/g/{}", created.id),
    });
    Ok(json(StatusCode::CREATED, answer.to_string()))
}

fn state_response(state: &str) -> Response {
    json(StatusCode::OK, state)
}

async fn state(State(app): State<App>, Path(id): Path<String>) -> ApiResult<Response> {
    Ok(state_response(&app.hub.get(&id)?.state()))
}

/// `GET /api/games/ID/seat` (Bearer): `{"player": PLAYER}`, the seat the token holds, so
/// that a page opened with a bare seat link learns whose seat it is.
async fn seat(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let slot = app.hub.get(&id)?;
    let token = bearer(&headers).map(str::to_owned);
    // The game's lock may be held by a move being written to the file: wait off the runtime.
    let player = blocking(move || app.hub.seat_player(&slot, token.as_deref())).await?;
    Ok(json(
        StatusCode::OK,
        serde_json::json!({ "player": player }).to_string(),
    ))
}

#[derive(Deserialize)]
struct MoveRequest {
    #[serde(rename = "move")]
    text: String,
}

/// Runs a change of a game on a blocking thread: it waits for the game's lock and writes to
/// the store, which must not hold up the async runtime's threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, Refusal> + Send + 'static,
) -> ApiResult<T> {
    match tokio::task::spawn_blocking(work).await {
        Ok(result) => Ok(result?),
        Err(e) => Err(ApiError(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the request failed: {e}"),
        )),
    }
}

async fn play(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Response> {
    let slot = app.hub.get(&id)?;
    let token = bearer(&headers).map(str::to_owned);
    let request: MoveRequest = body(raw)?;
    let state = blocking(move || app.hub.play(&slot, token.as_deref(), &request.text)).await?;
    Ok(state_response(&state))
}

async fn resign(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let slot = app.hub.get(&id)?;
    let token = bearer(&headers).map(str::to_owned);
    let state = blocking(move || app.hub.resign(&slot, token.as_deref())).await?;
    Ok(state_response(&state))
}

#[derive(Deserialize)]
struct DrawRequest {
    action: String,
}

async fn draw(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
    raw: Result<Bytes, BytesRejection>,
) -> ApiResult<Response> {
    let slot = app.hub.get(&id)?;
    let token = bearer(&headers).map(str::to_owned);
    let request: DrawRequest = body(raw)?;
    let state = blocking(move || app.hub.draw(&slot, token.as_deref(), &request.action)).await?;
    Ok(state_response(&state))
}

async fn rematch(
    State(app): State<App>,
    Path(id): Path<String>,
    headers: HeaderMap,
) -> ApiResult<Response> {
    let slot = app.hub.get(&id)?;
    let token = bearer(&headers).map(str::to_owned);
    let id = blocking(move || app.hub.rematch(&slot, token.as_deref())).await?;
    Ok(json(
        StatusCode::CREATED,
        serde_json::json!({ "id": id }).to_string(),
    ))
}

async fn record(State(app): State<App>, Path(id): Path<String>) -> ApiResult<Response> {
    Ok(json(StatusCode::OK, app.hub.get(&id)?.record()))
}

#[derive(Deserialize)]
struct SvgQuery {
    flipped: Option<String>,
    explain: Option<String>,
    size: Option<String>,
}

fn flag(value: Option<&str>) -> ApiResult<bool> {
    match value {
        None | Some("0" | "false" | "") => Ok(false),
        Some("1" | "true") => Ok(true),
        Some(other) => Err(ApiError(
            StatusCode::BAD_REQUEST,
            format!(
                "a flag is 1 or 0, not {:?}",
                other.chars().take(20).collect::<String>()
            ),
        )),
    }
}

async fn svg(
    State(app): State<App>,
    Path(id): Path<String>,
    Query(query): Query<SvgQuery>,
) -> ApiResult<Response> {
    let slot = app.hub.get(&id)?;
    let flipped = flag(query.flipped.as_deref())?;
    let explain = flag(query.explain.as_deref())?;
    let size = match query.size.as_deref() {
        None => game_core::svg::DEFAULT_SIZE,
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|n| (50..=4000).contains(n))
            .ok_or_else(|| {
                ApiError(
                    StatusCode::BAD_REQUEST,
                    "size is a width in pixels from 50 to 4000".to_owned(),
                )
            })?,
    };
    let picture = slot.svg(flipped, explain, size);
    Ok((
        [
            (
                header::CONTENT_TYPE,
                HeaderValue::from_static("image/svg+xml"),
            ),
            (header::CACHE_CONTROL, HeaderValue::from_static("no-store")),
        ],
        Body::from(picture),
    )
        .into_response())
}

async fn ws(
    State(app): State<App>,
    Path(id): Path<String>,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<Response> {
    let slot = app.hub.get(&id)?;
    let upgrade = upgrade.map_err(|e| ApiError(e.status(), e.body_text()))?;
    // The socket refuses messages far over the limit itself; the limit of the contract is
    // checked below, so that the client hears why it was closed.
    // Small buffers: a watcher costs a few KB, not tungstenite's default 2 × 128 KiB.
    Ok(upgrade
        .read_buffer_size(WS_MESSAGE_LIMIT)
        .write_buffer_size(0)
        .max_message_size(16 * WS_MESSAGE_LIMIT)
        .max_frame_size(16 * WS_MESSAGE_LIMIT)
        .on_upgrade(move |socket| watch(app, slot, socket)))
}

#[derive(Deserialize)]
#[serde(tag = "type", rename_all = "lowercase")]
enum ClientMessage {
    Ping,
    Hello { token: String },
}

/// Whether one more message now breaks the rate limit (a sliding window of one second).
fn flooded(times: &mut VecDeque<Instant>, now: Instant) -> bool {
    while times
        .front()
        .is_some_and(|&t| now.duration_since(t) >= Duration::from_secs(1))
    {
        times.pop_front();
    }
    times.push_back(now);
    times.len() > WS_MESSAGES_PER_SECOND
}

/// Closes a socket for a policy violation with the WebSocket closing handshake: after the close
/// frame, read and drop what the client still sends until its own close frame (or for at most
/// [`CLOSE_HANDSHAKE_TIMEOUT`]). Dropping the connection at once would leave the client's
/// unread messages in the server's receive buffer, and the kernel answers that with a reset
/// that can reach the client before the close frame does, so the client would never learn why.
async fn close(socket: &mut WebSocket, reason: &'static str) {
    let frame = Message::Close(Some(CloseFrame {
        code: POLICY_VIOLATION,
        reason: reason.into(),
    }));
    if socket.send(frame).await.is_err() {
        return;
    }
    let drain = async {
        while let Some(Ok(message)) = socket.recv().await {
            if matches!(message, Message::Close(_)) {
                break;
            }
        }
    };
    let _ = tokio::time::timeout(CLOSE_HANDSHAKE_TIMEOUT, drain).await;
}

async fn watch(app: App, slot: Arc<Slot>, mut socket: WebSocket) {
    let mut updates = slot.subscribe();
    let mut seats = Vec::new();
    let mut times = VecDeque::with_capacity(WS_MESSAGES_PER_SECOND + 1);
    if socket
        .send(Message::Text(slot.state().as_ref().into()))
        .await
        .is_err()
    {
        return;
    }
    loop {
        tokio::select! {
            incoming = socket.recv() => {
                let message = match incoming {
                    Some(Ok(message)) => message,
                    _ => break,
                };
                let size = match &message {
                    Message::Text(text) => text.len(),
                    Message::Binary(bytes) | Message::Ping(bytes) | Message::Pong(bytes) => bytes.len(),
                    Message::Close(_) => break,
                };
                if size > WS_MESSAGE_LIMIT {
                    close(&mut socket, "message over 4 KiB").await;
                    break;
                }
                if flooded(&mut times, Instant::now()) {
                    close(&mut socket, "more than 20 messages a second").await;
                    break;
                }
                let Message::Text(text) = message else { continue };
                let answer = match serde_json::from_str::<ClientMessage>(text.as_str()) {
                    Ok(ClientMessage::Ping) => serde_json::json!({ "type": "pong" }),
                    Ok(ClientMessage::Hello { token }) => {
                        let hub = Arc::clone(&app.hub);
                        let slot = Arc::clone(&slot);
                        match tokio::task::spawn_blocking(move || hub.hello(&slot, &token)).await {
                            Ok(Some(seat)) => {
                                seats.push(seat);
                                continue;
                            }
                            _ => serde_json::json!({ "type": "error", "error": "not a seat's token of this game" }),
                        }
                    }
                    Err(e) => serde_json::json!({ "type": "error", "error": format!("bad message: {e}") }),
                };
                if socket.send(Message::Text(answer.to_string().into())).await.is_err() {
                    break;
                }
            }
            update = updates.recv() => {
                let state = match update {
                    Ok(state) => state,
                    Err(RecvError::Lagged(_)) => slot.state(),
                    Err(RecvError::Closed) => break,
                };
                if socket.send(Message::Text(state.as_ref().into())).await.is_err() {
                    break;
                }
            }
        }
    }
    if !seats.is_empty() {
        let hub = Arc::clone(&app.hub);
        let _ = tokio::task::spawn_blocking(move || {
            for seat in seats {
                hub.bye(&slot, seat);
            }
        })
        .await;
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_twenty_first_message_within_a_second_floods() {
        let start = Instant::now();
        let mut times = VecDeque::new();
        for i in 0..20 {
            assert!(!flooded(&mut times, start + Duration::from_millis(i * 10)));
        }
        assert!(flooded(&mut times, start + Duration::from_millis(500)));
        // Twenty a second for ever is within the limit.
        let mut times = VecDeque::new();
        for i in 0..200 {
            assert!(!flooded(&mut times, start + Duration::from_millis(i * 50)));
        }
    }

    #[test]
    fn a_bearer_token_is_read_from_the_header() {
        let mut headers = HeaderMap::new();
        assert_eq!(bearer(&headers), None);
        headers.insert(
            header::AUTHORIZATION,
            HeaderValue::from_static("Bearer abc"),
        );
        assert_eq!(bearer(&headers), Some("abc"));
        headers.insert(header::AUTHORIZATION, HeaderValue::from_static("Basic abc"));
        assert_eq!(bearer(&headers), None);
    }

    #[test]
    fn a_strange_host_header_falls_back_to_the_address() {
        let addr: SocketAddr = "127.0.0.1:8080".parse().expect("address");
        let mut headers = HeaderMap::new();
        assert_eq!(host(&headers, addr), "127.0.0.1:8080");
        headers.insert(header::HOST, HeaderValue::from_static("example.org:81"));
        assert_eq!(host(&headers, addr), "example.org:81");
        headers.insert(header::HOST, HeaderValue::from_static("a/b\"<x>"));
        assert_eq!(host(&headers, addr), "127.0.0.1:8080");
    }
}
