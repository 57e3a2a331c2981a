//! The page's files, compiled into the binary: served with an `ETag` (a digest of the file)
//! and `Cache-Control: no-cache`, so a browser keeps them and asks only whether they changed
//! (304, no body) — and gets a new file at once after an upgrade, which a long `max-age`
//! on unversioned names would delay.

use std::sync::OnceLock;

use axum::http::{header, HeaderMap, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;

use super::App;

/// One file of the page.
struct Asset {
    content_type: &'static str,
    text: &'static str,
}

const INDEX_HTML: Asset = Asset {
    content_type: "text/html; charset=utf-8",
    text: include_str!("../../static/index.html"),
};
const GAME_HTML: Asset = Asset {
    content_type: "text/html; charset=utf-8",
    text: include_str!("../../static/game.html"),
};
const APP_CSS: Asset = Asset {
    content_type: "text/css; charset=utf-8",
    text: include_str!("../../static/app.css"),
};
const HOME_JS: Asset = Asset {
    content_type: "text/javascript; charset=utf-8",
    text: include_str!("../../static/home.js"),
};
const GAME_JS: Asset = Asset {
    content_type: "text/javascript; charset=utf-8",
    text: include_str!("../../static/game.js"),
};
const FAVICON: Asset = Asset {
    content_type: "image/svg+xml",
    text: include_str!("../../static/favicon.svg"),
};

/// The routes of the page's files.
pub(crate) fn routes() -> Router<App> {
    Router::new()
        .route("/", get(|headers| serve(&INDEX_HTML, headers, tag(0))))
        .route("/g/{id}", get(|headers| serve(&GAME_HTML, headers, tag(1))))
        .route(
            "/static/app.css",
            get(|headers| serve(&APP_CSS, headers, tag(2))),
        )
        .route(
            "/static/home.js",
            get(|headers| serve(&HOME_JS, headers, tag(3))),
        )
        .route(
            "/static/game.js",
            get(|headers| serve(&GAME_JS, headers, tag(4))),
        )
        .route(
            "/favicon.svg",
            get(|headers| serve(&FAVICON, headers, tag(5))),
        )
        .route(
            "/favicon.ico",
            get(|headers| serve(&FAVICON, headers, tag(5))),
        )
}

/// The entity tag of asset number `n` (in the order of [`ALL`]): a digest of its text.
fn tag(n: usize) -> &'static str {
    static TAGS: OnceLock<Vec<String>> = OnceLock::new();
    let tags = TAGS.get_or_init(|| {
        ALL.iter()
            .map(|asset| format!("\"{}\"", &crate::secrets::digest(asset.text)[..16]))
            .collect()
    });
    &tags[n]
}

const ALL: [&Asset; 6] = [
    &INDEX_HTML,
    &GAME_HTML,
    &APP_CSS,
    &HOME_JS,
    &GAME_JS,
    &FAVICON,
];

async fn serve(asset: &'static Asset, headers: HeaderMap, etag: &'static str) -> Response {
    let fresh = headers
        .get(header::IF_NONE_MATCH)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.split(',').any(|t| t.trim() == etag || t.trim() == "*"));
    let cache = [
        (header::ETAG, HeaderValue::from_static(etag)),
        (header::CACHE_CONTROL, HeaderValue::from_static("no-cache")),
    ];
    if fresh {
        return (StatusCode::NOT_MODIFIED, cache).into_response();
    }
    (
        cache,
        [(
            header::CONTENT_TYPE,
            HeaderValue::from_static(asset.content_type),
        )],
        asset.text,
    )
        .into_response()
}
