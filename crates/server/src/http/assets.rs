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

/// A script module of the page.
const fn module(text: &'static str) -> Asset {
    Asset {
        content_type: "text/javascript; charset=utf-8",
        text,
    }
}

/// Every file of the page, with its address.
const ALL: [(&str, Asset); 12] = [
    (
        "/",
        Asset {
            content_type: "text/html; charset=utf-8",
            text: include_str!("../../static/index.html"),
        },
    ),
    (
        "/g/{id}",
        Asset {
            content_type: "text/html; charset=utf-8",
            text: include_str!("../../static/game.html"),
        },
    ),
    (
        "/static/app.css",
        Asset {
            content_type: "text/css; charset=utf-8",
            text: include_str!("../../static/app.css"),
        },
    ),
    (
        "/static/home.js",
        module(include_str!("../../static/home.js")),
    ),
    (
        "/static/game.js",
        module(include_str!("../../static/game.js")),
    ),
    (
        "/static/shared.js",
        module(include_str!("../../static/shared.js")),
    ),
    (
        "/static/api.js",
        module(include_str!("../../static/api.js")),
    ),
    (
        "/static/state.js",
        module(include_str!("../../static/state.js")),
    ),
    (
        "/static/render.js",
        module(include_str!("../../static/render.js")),
    ),
    (
        "/static/events.js",
        module(include_str!("../../static/events.js")),
    ),
    (
        "/favicon.svg",
        Asset {
            content_type: "image/svg+xml",
            text: include_str!("../../static/favicon.svg"),
        },
    ),
    (
        "/favicon.ico",
        Asset {
            content_type: "image/svg+xml",
            text: include_str!("../../static/favicon.svg"),
        },
    ),
];

/// The routes of the page's files.
pub(crate) fn routes() -> Router<App> {
    let mut router = Router::new();
    for (n, (path, asset)) in ALL.iter().enumerate() {
        router = router.route(path, get(move |headers| serve(asset, headers, tag(n))));
    }
    router
}

/// The entity tag of asset number `n` (in the order of [`ALL`]): a digest of its text.
fn tag(n: usize) -> &'static str {
    static TAGS: OnceLock<Vec<String>> = OnceLock::new();
    let tags = TAGS.get_or_init(|| {
        ALL.iter()
            .map(|(_, asset)| format!("\"{}\"", &crate::secrets::digest(asset.text)[..16]))
            .collect()
    });
    &tags[n]
}

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
