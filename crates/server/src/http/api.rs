//! The JSON API's handlers: each reads its request through the extractors, runs the game's
//! change off the async runtime, and answers with the state rendered once for everybody.

use std::sync::{Arc, OnceLock};

use axum::body::Body;
use axum::extract::{Query, State};
use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use super::extract::{AnyBody, Client, GameRequest, JsonBody};
use super::{blocking, json, render, ApiError, ApiResult, App};
use crate::clients::Full;
use crate::error::Refusal;
use crate::limits::{LOBBY_SIZE, MAX_STATE_BYTES};
use crate::store::SeatRow;
use crate::table;
use crate::wire::{CreateRequest, DrawRequest, MoveRequest};

/// The host the client reached (its `Host` header, where that is a plain host name or
/// address), else the listening address.
pub(crate) fn host(headers: &HeaderMap, addr: std::net::SocketAddr) -> String {
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

pub(crate) async fn info() -> Response {
    static INFO: OnceLock<String> = OnceLock::new();
    let text = INFO.get_or_init(|| serde_json::json!({ "games": table::info() }).to_string());
    json(StatusCode::OK, text.as_str())
}

/// Takes a new game from the client's allowance and everyone's: 429 with `Retry-After`.
fn allowance(app: &App, client: &Client) -> Result<(), Refusal> {
    app.clients.new_game(client.0).map_err(|(full, wait)| {
        let text = match full {
            Full::Address => format!(
                "this address may create {} games in {} s: try again later",
                app.limits.games_per_address,
                app.limits.games_refill.as_secs()
            ),
            Full::InAll => "the server takes no more new games for a while".to_owned(),
        };
        Refusal::TooMany(text, wait)
    })
}

pub(crate) async fn create(
    State(app): State<App>,
    client: Client,
    headers: HeaderMap,
    JsonBody(request): JsonBody<CreateRequest>,
) -> ApiResult<Response> {
    let hub = Arc::clone(&app.hub);
    let limits = app.clone();
    let opener = client.0.stored();
    let created =
        blocking(move || hub.create(request, &opener, &|| allowance(&limits, &client))).await?;
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
        "creator_token": created.creator,
    });
    Ok(json(StatusCode::CREATED, answer.to_string()))
}

fn state_response(state: &str) -> Response {
    json(StatusCode::OK, state)
}

pub(crate) async fn state(game: GameRequest) -> Response {
    state_response(&game.slot.state())
}

/// `GET /api/games/ID/seat` (Bearer): `{"player": PLAYER}`, the seat the token holds, so
/// that a page opened with a bare seat link learns whose seat it is.
pub(crate) async fn seat(State(app): State<App>, game: GameRequest) -> ApiResult<Response> {
    let player = blocking(move || app.hub.seat_player(&game.slot, game.token.as_deref())).await?;
    Ok(json(
        StatusCode::OK,
        serde_json::json!({ "player": player }).to_string(),
    ))
}

/// `GET /api/games/ID/legal_moves`: every legal move, however many (compressed on the wire).
pub(crate) async fn legal_moves(State(app): State<App>, game: GameRequest) -> ApiResult<Response> {
    let hub = Arc::clone(&app.hub);
    let (version, moves) = render(&app, move || hub.legal_moves(&game.slot)).await?;
    Ok(json(
        StatusCode::OK,
        serde_json::json!({ "version": version, "legal_moves": moves }).to_string(),
    ))
}

#[derive(Deserialize)]
pub(crate) struct GesturesQuery {
    after: Option<String>,
}

/// `GET /api/games/ID/gestures?after=P1,P2`: the legal moves whose gestures start with the
/// clicks so far, for a page whose state has `gestures` null (see the README).
pub(crate) async fn gestures(
    State(app): State<App>,
    game: GameRequest,
    Query(query): Query<GesturesQuery>,
) -> ApiResult<Response> {
    let after: Vec<String> = query
        .after
        .as_deref()
        .unwrap_or("")
        .split(',')
        .filter(|p| !p.is_empty())
        .map(str::to_owned)
        .collect();
    if after.len() > 64 || after.iter().any(|p| p.len() > 16) {
        return Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            "after is at most 64 points' names, separated by commas",
        ));
    }
    let answer = blocking(move || {
        let (version, answer) =
            app.hub
                .gestures_after(&game.slot, &after, MAX_STATE_BYTES - 1024)?;
        let mut value =
            serde_json::to_value(&answer).map_err(|e| Refusal::Internal(e.to_string()))?;
        value["version"] = serde_json::json!(version);
        value["after"] = serde_json::json!(after);
        Ok(value.to_string())
    })
    .await?;
    Ok(json(StatusCode::OK, answer))
}

pub(crate) async fn play(
    State(app): State<App>,
    game: GameRequest,
    JsonBody(request): JsonBody<MoveRequest>,
) -> ApiResult<Response> {
    let state = blocking(move || {
        app.hub
            .play(&game.slot, game.token.as_deref(), &request.text)
    })
    .await?;
    Ok(state_response(&state))
}

pub(crate) async fn resign(
    State(app): State<App>,
    game: GameRequest,
    _: AnyBody,
) -> ApiResult<Response> {
    let state = blocking(move || app.hub.resign(&game.slot, game.token.as_deref())).await?;
    Ok(state_response(&state))
}

/// `POST /api/games/ID/stop` with the creator's token.
pub(crate) async fn stop(
    State(app): State<App>,
    game: GameRequest,
    _: AnyBody,
) -> ApiResult<Response> {
    let state = blocking(move || app.hub.stop_game(&game.slot, game.token.as_deref())).await?;
    Ok(state_response(&state))
}

pub(crate) async fn draw(
    State(app): State<App>,
    game: GameRequest,
    JsonBody(request): JsonBody<DrawRequest>,
) -> ApiResult<Response> {
    let state = blocking(move || {
        app.hub
            .draw(&game.slot, game.token.as_deref(), &request.action)
    })
    .await?;
    Ok(state_response(&state))
}

pub(crate) async fn rematch(
    State(app): State<App>,
    client: Client,
    game: GameRequest,
    _: AnyBody,
) -> ApiResult<Response> {
    let hub = Arc::clone(&app.hub);
    let id = blocking(move || {
        hub.rematch(&game.slot, game.token.as_deref(), &|| {
            allowance(&app, &client)
        })
    })
    .await?;
    Ok(json(
        StatusCode::CREATED,
        serde_json::json!({ "id": id }).to_string(),
    ))
}

/// `POST /api/games/ID/join` (no token, `{}`): the first open seat, `{"player", "token",
/// "url"}`; 409 when none is left. A seat taken counts against the client's allowance of new
/// games.
pub(crate) async fn join(
    State(app): State<App>,
    client: Client,
    headers: HeaderMap,
    game: GameRequest,
    _: AnyBody,
) -> ApiResult<Response> {
    let hub = Arc::clone(&app.hub);
    let limits = app.clone();
    let id = game.slot.id().to_owned();
    let (player, token) =
        blocking(move || hub.join(&game.slot, &|| allowance(&limits, &client))).await?;
    let host = host(&headers, app.addr);
    Ok(json(
        StatusCode::OK,
        serde_json::json!({
            "player": player,
            "token": token,
            "url": format!("http://{host}/g/{id}#seat={token}"),
        })
        .to_string(),
    ))
}

/// `GET /api/lobby`: the games with an open seat, newest first, at most [`LOBBY_SIZE`].
pub(crate) async fn lobby(State(app): State<App>) -> ApiResult<Response> {
    let hub = Arc::clone(&app.hub);
    let rows = blocking(move || hub.lobby(LOBBY_SIZE)).await?;
    let games: Vec<serde_json::Value> = rows
        .into_iter()
        .filter_map(|row| {
            let players = &table::info_of(&row.game)?.players;
            let open_seats: Vec<&String> = row
                .seats
                .iter()
                .zip(players)
                .filter(|(seat, _)| matches!(seat, SeatRow::Open))
                .map(|(_, player)| player)
                .collect();
            Some(serde_json::json!({
                "id": row.id,
                "game": row.game,
                "size": row.size,
                "clock": row.clock.map(|c| serde_json::json!({
                    "initial_ms": c.initial_ms,
                    "increment_ms": c.increment_ms,
                })),
                "open_seats": open_seats,
                "created_ms": row.created_ms,
            }))
        })
        .collect();
    Ok(json(
        StatusCode::OK,
        serde_json::json!({ "games": games }).to_string(),
    ))
}

pub(crate) async fn record(State(app): State<App>, game: GameRequest) -> ApiResult<Response> {
    let hub = Arc::clone(&app.hub);
    let record = render(&app, move || hub.record(&game.slot)).await?;
    Ok(json(StatusCode::OK, record))
}

#[derive(Deserialize)]
pub(crate) struct SvgQuery {
    flipped: Option<String>,
    explain: Option<String>,
    size: Option<String>,
    ply: Option<String>,
}

fn flag(value: Option<&str>) -> ApiResult<bool> {
    match value {
        None | Some("0" | "false" | "") => Ok(false),
        Some("1" | "true") => Ok(true),
        Some(other) => Err(ApiError::new(
            StatusCode::BAD_REQUEST,
            format!(
                "a flag is 1 or 0, not {:?}",
                other.chars().take(20).collect::<String>()
            ),
        )),
    }
}

pub(crate) async fn svg(
    State(app): State<App>,
    game: GameRequest,
    Query(query): Query<SvgQuery>,
) -> ApiResult<Response> {
    let flipped = flag(query.flipped.as_deref())?;
    let explain = flag(query.explain.as_deref())?;
    let size = match query.size.as_deref() {
        None => game_core::svg::DEFAULT_SIZE,
        Some(text) => text
            .parse::<u32>()
            .ok()
            .filter(|n| (50..=4000).contains(n))
            .ok_or_else(|| {
                ApiError::new(
                    StatusCode::BAD_REQUEST,
                    "size is a width in pixels from 50 to 4000",
                )
            })?,
    };
    let ply = match query.ply.as_deref() {
        None => None,
        Some(text) => Some(text.parse::<usize>().map_err(|_| {
            ApiError::new(
                StatusCode::UNPROCESSABLE_ENTITY,
                "ply is a number of moves from 0 to the moves played",
            )
        })?),
    };
    let hub = Arc::clone(&app.hub);
    let picture = render(&app, move || {
        hub.svg(&game.slot, ply, flipped, explain, size)
    })
    .await?;
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_strange_host_header_falls_back_to_the_address() {
        let addr: std::net::SocketAddr = "127.0.0.1:8080".parse().expect("address");
        let mut headers = HeaderMap::new();
        assert_eq!(host(&headers, addr), "127.0.0.1:8080");
        headers.insert(header::HOST, HeaderValue::from_static("example.org:81"));
        assert_eq!(host(&headers, addr), "example.org:81");
        headers.insert(header::HOST, HeaderValue::from_static("a/b\"<x>"));
        assert_eq!(host(&headers, addr), "127.0.0.1:8080");
    }
}
