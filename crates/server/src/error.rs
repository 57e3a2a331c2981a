//! Why a request was refused, in the server's terms; the HTTP layer turns each into its
//! status and `{"error": TEXT}`.

use std::time::Duration;

use crate::store::StoreError;

/// Why a request was refused.
#[derive(Debug)]
pub(crate) enum Refusal {
    /// 400: the request says nothing the server can serve.
    BadRequest(String),
    /// 403: no token, or not a token of this game.
    Forbidden,
    /// 404: no game with this id.
    NotFound,
    /// 409: not this seat's turn, the game is over, or the action does not fit the game now.
    Conflict(String),
    /// 422: a malformed or illegal move (the library's reason), or an action the game lacks.
    Unprocessable(String),
    /// 429: a limit per client or in all; try again after the duration.
    TooMany(String, Duration),
    /// 503: the server is full (games in memory); try again after the duration.
    Unavailable(String, Duration),
    /// 500: the store failed.
    Internal(String),
}

impl From<StoreError> for Refusal {
    fn from(e: StoreError) -> Self {
        Refusal::Internal(e.to_string())
    }
}

/// At most 40 characters of a client's text, for an error message.
pub(crate) fn excerpt(text: &str) -> String {
    let mut out: String = text.chars().take(40).collect();
    if out.len() < text.len() {
        out.push('…');
    }
    out
}
