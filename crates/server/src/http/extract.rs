//! The handlers' shared opening, as extractors: the game and the bearer token
//! ([`GameRequest`]), a JSON body read within its limits ([`JsonBody`]), the client's key
//! ([`Client`]).

use std::net::SocketAddr;
use std::sync::Arc;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Path, Request};
use axum::http::request::Parts;
use axum::http::{header, HeaderMap, StatusCode};
use serde::de::DeserializeOwned;

use super::{blocking, ApiError, App};
use crate::clients::ClientKey;
use crate::error::Refusal;
use crate::games::Slot;
use crate::limits::BODY_LIMIT;

/// The token of `Authorization: Bearer TOKEN`.
pub(crate) fn bearer(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(header::AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    scheme.eq_ignore_ascii_case("bearer").then(|| token.trim())
}

/// A request about one game: the game (404 when there is none; loaded from the store when it
/// is not in memory, off the async runtime) and the request's bearer token, if any.
pub(crate) struct GameRequest {
    pub(crate) slot: Arc<Slot>,
    pub(crate) token: Option<String>,
}

impl FromRequestParts<App> for GameRequest {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, app: &App) -> Result<Self, ApiError> {
        let Path(id) = Path::<String>::from_request_parts(parts, app)
            .await
            .map_err(|_| ApiError::from(Refusal::NotFound))?;
        let token = bearer(&parts.headers).map(str::to_owned);
        let slot = match app.hub.find(&id) {
            Some(slot) => slot,
            None => {
                let hub = Arc::clone(&app.hub);
                blocking(move || hub.get(&id)).await?
            }
        };
        Ok(GameRequest { slot, token })
    }
}

/// The client as the limits count it (its address, or its IPv6 /64).
pub(crate) struct Client(pub(crate) ClientKey);

impl FromRequestParts<App> for Client {
    type Rejection = ApiError;

    async fn from_request_parts(parts: &mut Parts, _: &App) -> Result<Self, ApiError> {
        let ConnectInfo(peer) = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .copied()
            .ok_or_else(|| ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, "no peer address"))?;
        Ok(Client(ClientKey::of(peer.ip())))
    }
}

/// Whether the request says its body is JSON.
fn says_json(headers: &HeaderMap) -> bool {
    headers
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.split(';').next())
        .is_some_and(|v| v.trim().eq_ignore_ascii_case("application/json"))
}

/// Whether reading a body failed on the length limit (hyper and axum name the error only in
/// its text).
fn over_limit(error: &(dyn std::error::Error + 'static)) -> bool {
    let mut cause = Some(error);
    while let Some(e) = cause {
        if e.to_string().contains("length limit") {
            return true;
        }
        cause = e.source();
    }
    false
}

/// Reads a body within its limits: 413 over [`BODY_LIMIT`], 408 when it does not arrive in
/// time, 415 when it is not said to be JSON. An empty body needs no type.
async fn read_body(request: Request, app: &App) -> Result<Bytes, ApiError> {
    let has_type = request.headers().contains_key(header::CONTENT_TYPE);
    let json = says_json(request.headers());
    let read = axum::body::to_bytes(request.into_body(), BODY_LIMIT);
    let bytes = match tokio::time::timeout(app.limits.body_timeout, read).await {
        Err(_) => {
            return Err(ApiError::new(
                StatusCode::REQUEST_TIMEOUT,
                "the request body did not arrive in time",
            ))
        }
        Ok(Err(e)) => {
            let too_large = over_limit(&e);
            return Err(if too_large {
                ApiError::new(
                    StatusCode::PAYLOAD_TOO_LARGE,
                    format!("the request body is over {BODY_LIMIT} bytes"),
                )
            } else {
                ApiError::new(StatusCode::BAD_REQUEST, format!("the request body: {e}"))
            });
        }
        Ok(Ok(bytes)) => bytes,
    };
    // A body of any other type would let another site's page send it without asking (a
    // "simple" cross-origin request): such bodies are refused, as is one that says nothing.
    if !bytes.is_empty() && !json {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a request body must be JSON, sent with Content-Type: application/json",
        ));
    }
    if bytes.is_empty() && has_type && !json {
        return Err(ApiError::new(
            StatusCode::UNSUPPORTED_MEDIA_TYPE,
            "a request body must be JSON, sent with Content-Type: application/json",
        ));
    }
    Ok(bytes)
}

/// A JSON body of type `T`: 400 when it is not the JSON asked for (and see [`read_body`]).
pub(crate) struct JsonBody<T>(pub(crate) T);

impl<T: DeserializeOwned> FromRequest<App> for JsonBody<T> {
    type Rejection = ApiError;

    async fn from_request(request: Request, app: &App) -> Result<Self, ApiError> {
        let bytes = read_body(request, app).await?;
        serde_json::from_slice(&bytes)
            .map(JsonBody)
            .map_err(|e| ApiError::new(StatusCode::BAD_REQUEST, format!("bad request body: {e}")))
    }
}

/// A body the action does not read (resign, rematch, stop): read within the same limits, so
/// that a body of another type is refused here too.
pub(crate) struct AnyBody;

impl FromRequest<App> for AnyBody {
    type Rejection = ApiError;

    async fn from_request(request: Request, app: &App) -> Result<Self, ApiError> {
        read_body(request, app).await.map(|_| AnyBody)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::http::HeaderValue;

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
    fn only_application_json_is_json() {
        let mut headers = HeaderMap::new();
        assert!(!says_json(&headers));
        for (value, json) in [
            ("application/json", true),
            ("application/json; charset=utf-8", true),
            ("Application/JSON", true),
            ("text/plain", false),
            ("application/x-www-form-urlencoded", false),
            ("multipart/form-data; boundary=x", false),
        ] {
            headers.insert(header::CONTENT_TYPE, HeaderValue::from_static(value));
            assert_eq!(says_json(&headers), json, "{value}");
        }
    }
}
