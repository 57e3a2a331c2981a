//! The HTTP routes: the page's files, the JSON API, the WebSocket; the headers every answer
//! carries (security, compression, CORS only when asked for).
//!
//! Every error is JSON `{"error": TEXT}`: the handlers answer with [`ApiError`], and a last
//! layer ([`json_errors`]) rewrites the few plain-text errors that axum itself writes (an
//! unknown method, a path that is not UTF-8, a WebSocket request without its headers).

mod api;
mod assets;
mod extract;
mod rules;
mod ws;

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use axum::extract::{DefaultBodyLimit, Request};
use axum::http::{header, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::{Json, Router};
use tokio::sync::watch;
use tower_http::compression::CompressionLayer;

use crate::clients::Clients;
use crate::error::Refusal;
use crate::games::Hub;
use crate::limits::{Limits, BODY_LIMIT};

/// What the handlers share.
#[derive(Clone)]
pub(crate) struct App {
    pub(crate) hub: Arc<Hub>,
    pub(crate) clients: Arc<Clients>,
    pub(crate) limits: Limits,
    /// The listening address, for links when a request has no usable `Host`.
    pub(crate) addr: SocketAddr,
    /// The origin allowed to call the API from another site (`--cors-origin`), if any.
    pub(crate) cors: Option<HeaderValue>,
    /// Turns true when the server shuts down: WebSockets say goodbye.
    pub(crate) shutdown: watch::Receiver<bool>,
    /// Permits for the reads that render much (every legal move, the moves after some clicks,
    /// a picture, a record): at most one fewer than the cores at once, so that however many
    /// such reads arrive, moves and the WebSockets always have a core.
    pub(crate) renders: Arc<tokio::sync::Semaphore>,
}

/// How many heavy reads render at once: one fewer than the cores, at least one.
pub(crate) fn render_permits() -> usize {
    std::thread::available_parallelism()
        .map_or(1, |n| n.get().saturating_sub(1))
        .max(1)
}

/// An error answer: a status, `{"error": TEXT}`, and `Retry-After` for 429 and 503.
pub(crate) struct ApiError(StatusCode, String, Option<Duration>);

impl ApiError {
    pub(crate) fn new(status: StatusCode, text: impl Into<String>) -> Self {
        ApiError(status, text.into(), None)
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut response = (self.0, Json(serde_json::json!({ "error": self.1 }))).into_response();
        if let Some(wait) = self.2 {
            // Whole seconds, rounded up: a client that waits this long finds the allowance.
            let seconds = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(seconds.max(1)));
        }
        response
    }
}

impl From<Refusal> for ApiError {
    fn from(refusal: Refusal) -> Self {
        match refusal {
            Refusal::BadRequest(text) => ApiError::new(StatusCode::BAD_REQUEST, text),
            Refusal::Forbidden => ApiError::new(
                StatusCode::FORBIDDEN,
                "a token of this game is needed: Authorization: Bearer TOKEN",
            ),
            Refusal::NotFound => ApiError::new(StatusCode::NOT_FOUND, "no such game"),
            Refusal::Conflict(text) => ApiError::new(StatusCode::CONFLICT, text),
            Refusal::Unprocessable(text) => ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, text),
            Refusal::TooMany(text, wait) => {
                ApiError(StatusCode::TOO_MANY_REQUESTS, text, Some(wait))
            }
            Refusal::Unavailable(text, wait) => {
                ApiError(StatusCode::SERVICE_UNAVAILABLE, text, Some(wait))
            }
            Refusal::Internal(text) => {
                tracing::error!(error = %text, "request failed");
                ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, text)
            }
        }
    }
}

type ApiResult<T> = Result<T, ApiError>;

/// The router of the whole server.
pub(crate) fn router(app: App) -> Router {
    let cors = app.cors.clone();
    Router::new()
        .merge(assets::routes())
        .route("/api/info", get(api::info))
        .route("/api/games", post(api::create))
        .route("/api/games/{id}", get(api::state))
        .route("/api/games/{id}/seat", get(api::seat))
        .route("/api/games/{id}/legal_moves", get(api::legal_moves))
        .route("/api/games/{id}/gestures", get(api::gestures))
        .route("/api/games/{id}/moves", post(api::play))
        .route("/api/games/{id}/resign", post(api::resign))
        .route("/api/games/{id}/stop", post(api::stop))
        .route("/api/games/{id}/draw", post(api::draw))
        .route("/api/games/{id}/rematch", post(api::rematch))
        .route("/api/games/{id}/join", post(api::join))
        .route("/api/lobby", get(api::lobby))
        .route("/rules/{game}", get(rules::page))
        .route("/api/games/{id}/record", get(api::record))
        .route("/api/games/{id}/svg", get(api::svg))
        .route("/api/games/{id}/ws", get(ws::upgrade))
        .fallback(|| async { ApiError::new(StatusCode::NOT_FOUND, "no such page") })
        .layer(DefaultBodyLimit::max(BODY_LIMIT))
        .layer(axum::middleware::map_response(json_errors))
        .layer(axum::middleware::from_fn(move |request, next| {
            headers(cors.clone(), request, next)
        }))
        .layer(CompressionLayer::new().gzip(true))
        .with_state(app)
}

/// The headers of every answer: the page may run only the server's own scripts and styles,
/// may not be framed, and leaks no address to other sites; CORS only for the origin that
/// `--cors-origin` names (the API answers no other site's scripts otherwise).
async fn headers(cors: Option<HeaderValue>, request: Request, next: Next) -> Response {
    let preflight = request.method() == Method::OPTIONS;
    let mut response = match (&cors, preflight) {
        (Some(_), true) => StatusCode::NO_CONTENT.into_response(),
        _ => next.run(request).await,
    };
    let h = response.headers_mut();
    h.insert(
        header::CONTENT_SECURITY_POLICY,
        HeaderValue::from_static(
            "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; \
             connect-src 'self'; object-src 'none'; base-uri 'none'; form-action 'self'; \
             frame-ancestors 'none'",
        ),
    );
    h.insert(
        header::X_CONTENT_TYPE_OPTIONS,
        HeaderValue::from_static("nosniff"),
    );
    h.insert(
        header::REFERRER_POLICY,
        HeaderValue::from_static("no-referrer"),
    );
    h.insert(header::X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    if let Some(origin) = cors {
        h.insert(header::ACCESS_CONTROL_ALLOW_ORIGIN, origin);
        h.insert(
            header::ACCESS_CONTROL_ALLOW_HEADERS,
            HeaderValue::from_static("authorization, content-type"),
        );
        h.insert(
            header::ACCESS_CONTROL_ALLOW_METHODS,
            HeaderValue::from_static("GET, POST"),
        );
        h.insert(header::VARY, HeaderValue::from_static("origin"));
    }
    response
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
    ApiError::new(status, text).into_response()
}

/// A JSON answer from text already rendered.
fn json(status: StatusCode, text: impl Into<String>) -> Response {
    (
        status,
        [(header::CONTENT_TYPE, "application/json")],
        text.into(),
    )
        .into_response()
}

/// Runs `work` on a blocking thread once a render permit is free (see [`App::renders`]).
async fn render<T: Send + 'static>(
    app: &App,
    work: impl FnOnce() -> Result<T, Refusal> + Send + 'static,
) -> ApiResult<T> {
    let _permit = app.renders.acquire().await.map_err(|_| {
        ApiError::new(
            StatusCode::SERVICE_UNAVAILABLE,
            "the server is shutting down",
        )
    })?;
    blocking(work).await
}

/// Runs `work` on a blocking thread: it takes a game's lock (which a change holds while it
/// writes to the store), reads the store, or renders, none of which may hold up the async
/// runtime's threads.
async fn blocking<T: Send + 'static>(
    work: impl FnOnce() -> Result<T, Refusal> + Send + 'static,
) -> ApiResult<T> {
    match tokio::task::spawn_blocking(work).await {
        Ok(result) => Ok(result?),
        Err(e) => Err(ApiError::new(
            StatusCode::INTERNAL_SERVER_ERROR,
            format!("the request failed: {e}"),
        )),
    }
}
