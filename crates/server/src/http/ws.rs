//! The WebSocket of a game: the state now and after every change, `hello` and `ping` from
//! the client, within the limits of sockets per address and per game, messages per second,
//! bytes per message, and a bounded outgoing queue.
//!
//! The outgoing queue is the game's broadcast channel: it holds the shared state texts (one
//! per change, rendered once for every watcher), at most [`Limits::socket_backlog`] of them;
//! a socket that falls further behind gets only the latest state. A socket whose client does
//! not read is closed when a send stalls for [`Limits::write_timeout`].
//!
//! [`Limits::socket_backlog`]: crate::Limits::socket_backlog
//! [`Limits::write_timeout`]: crate::Limits::write_timeout

use std::collections::VecDeque;
use std::sync::Arc;
use std::time::{Duration, Instant};

use axum::extract::ws::rejection::WebSocketUpgradeRejection;
use axum::extract::ws::{CloseFrame, Message, WebSocket, WebSocketUpgrade};
use axum::extract::State;
use axum::response::Response;
use serde::Deserialize;
use tokio::sync::broadcast::error::RecvError;

use super::extract::{Client, GameRequest};
use super::{ApiError, ApiResult, App};
use crate::error::Refusal;
use crate::games::Slot;
use crate::limits::{WS_MESSAGES_PER_SECOND, WS_MESSAGE_LIMIT};
use crate::net::stopping;

/// The WebSocket close code for a client that broke the limits (policy violation).
const POLICY_VIOLATION: u16 = 1008;
/// The close code when the server shuts down.
const GOING_AWAY: u16 = 1001;
/// How long a socket being closed waits for the client's close frame.
const CLOSE_HANDSHAKE_TIMEOUT: Duration = Duration::from_secs(2);

pub(crate) async fn upgrade(
    State(app): State<App>,
    client: Client,
    game: GameRequest,
    upgrade: Result<WebSocketUpgrade, WebSocketUpgradeRejection>,
) -> ApiResult<Response> {
    let upgrade = upgrade.map_err(|e| ApiError::new(e.status(), e.body_text()))?;
    let Some(permit) = app.clients.open_socket(client.0) else {
        return Err(Refusal::TooMany(
            format!(
                "this address has {} WebSockets open, the most it may",
                app.limits.max_sockets_per_address
            ),
            Duration::from_secs(10),
        )
        .into());
    };
    if !game.slot.add_socket(app.limits.max_sockets_per_game) {
        return Err(Refusal::TooMany(
            format!(
                "this game has {} WebSockets open, the most it may",
                app.limits.max_sockets_per_game
            ),
            Duration::from_secs(10),
        )
        .into());
    }
    let slot = game.slot;
    // The socket refuses messages far over the limit itself; the limit of the contract is
    // checked below, so that the client hears why it was closed. Small buffers: a watcher
    // costs a few KB, not tungstenite's default 2 × 128 KiB.
    Ok(upgrade
        .read_buffer_size(WS_MESSAGE_LIMIT)
        .write_buffer_size(0)
        .max_message_size(16 * WS_MESSAGE_LIMIT)
        .max_frame_size(16 * WS_MESSAGE_LIMIT)
        .on_upgrade(move |socket| async move {
            let counted = Arc::clone(&slot);
            watch(&app, slot, socket).await;
            counted.remove_socket();
            drop(permit);
        }))
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

/// Closes a socket with the WebSocket closing handshake: after the close frame, read and drop
/// what the client still sends until its own close frame (or for at most
/// [`CLOSE_HANDSHAKE_TIMEOUT`]). Dropping the connection at once would leave the client's
/// unread messages in the server's receive buffer, and the kernel answers that with a reset
/// that can reach the client before the close frame does, so the client would never learn why.
async fn close(socket: &mut WebSocket, code: u16, reason: &'static str) {
    let frame = Message::Close(Some(CloseFrame {
        code,
        reason: reason.into(),
    }));
    let sent = tokio::time::timeout(CLOSE_HANDSHAKE_TIMEOUT, socket.send(frame)).await;
    if !matches!(sent, Ok(Ok(()))) {
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

/// Sends `text`, or gives up when the client has not taken it within the write timeout.
async fn send(socket: &mut WebSocket, text: &str, app: &App) -> bool {
    let message = Message::Text(text.into());
    matches!(
        tokio::time::timeout(app.limits.write_timeout, socket.send(message)).await,
        Ok(Ok(()))
    )
}

async fn watch(app: &App, slot: Arc<Slot>, mut socket: WebSocket) {
    let hub = Arc::clone(&app.hub);
    let subscribed = tokio::task::spawn_blocking(move || hub.subscribe(&slot)).await;
    let Ok(Ok((slot, mut updates))) = subscribed else {
        return;
    };
    let mut shutdown = app.shutdown.clone();
    let mut seats: Vec<usize> = Vec::new();
    let mut times = VecDeque::with_capacity(WS_MESSAGES_PER_SECOND + 1);
    if send(&mut socket, &slot.state(), app).await {
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
                        close(&mut socket, POLICY_VIOLATION, "message over 4 KiB").await;
                        break;
                    }
                    if flooded(&mut times, Instant::now()) {
                        close(&mut socket, POLICY_VIOLATION, "more than 20 messages a second").await;
                        break;
                    }
                    let Message::Text(text) = message else { continue };
                    let answer = match serde_json::from_str::<ClientMessage>(text.as_str()) {
                        Ok(ClientMessage::Ping) => serde_json::json!({ "type": "pong" }),
                        Ok(ClientMessage::Hello { token }) => {
                            let hub = Arc::clone(&app.hub);
                            let game = Arc::clone(&slot);
                            let held = seats.clone();
                            match tokio::task::spawn_blocking(move || hub.hello(&game, &token, &held)).await {
                                Ok(Ok(Some(seat))) => {
                                    if !seats.contains(&seat) {
                                        seats.push(seat);
                                    }
                                    continue;
                                }
                                _ => serde_json::json!({ "type": "error", "error": "not a seat's token of this game" }),
                            }
                        }
                        Err(e) => serde_json::json!({ "type": "error", "error": format!("bad message: {e}") }),
                    };
                    if !send(&mut socket, &answer.to_string(), app).await {
                        break;
                    }
                }
                update = updates.recv() => {
                    let state = match update {
                        Ok(state) => state,
                        Err(RecvError::Lagged(_)) => slot.state(),
                        Err(RecvError::Closed) => break,
                    };
                    if !send(&mut socket, &state, app).await {
                        break;
                    }
                }
                () = stopping(&mut shutdown) => {
                    close(&mut socket, GOING_AWAY, "the server is shutting down").await;
                    break;
                }
            }
        }
    }
    drop(updates);
    if !seats.is_empty() {
        let hub = Arc::clone(&app.hub);
        let _ = tokio::task::spawn_blocking(move || hub.bye(&slot, &seats)).await;
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
}
