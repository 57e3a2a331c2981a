//! The connections: accepting them within the caps, hyper's HTTP/1 with a deadline on every
//! phase, and a graceful end.
//!
//! axum's own `serve` sets no timeout at all, so the server runs hyper's connection loop
//! itself (as axum's low-level examples do):
//! - a connection past [`Limits::max_connections`] is answered 503, one past its address's
//!   [`Limits::max_connections_per_address`] 429, and closed, without reading a byte;
//! - hyper's header-read timer ([`Limits::header_timeout`]) starts when the server begins to
//!   wait for a request head, at the connection's start or after the previous answer, and is
//!   not restarted by bytes that arrive: a slow drip is closed as surely as silence, and so
//!   is an idle kept-alive connection;
//! - the kernel's send buffer of a connection is [`Limits::send_buffer`], and every write to
//!   the client may stall for [`Limits::write_timeout`] at most ([`Deadlines`]):
//!   a client that does not read (its answers, or its WebSocket's messages) is disconnected,
//!   instead of being buffered for without end;
//! - on shutdown the listener closes, every connection finishes the request it is serving
//!   and closes, and WebSockets are told (1001) by their own tasks.

use std::future::Future;
use std::io;
use std::net::SocketAddr;
use std::pin::Pin;
use std::sync::Arc;
use std::task::{Context, Poll};
use std::time::Duration;

use axum::extract::ConnectInfo;
use axum::Router;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use tokio::io::{AsyncRead, AsyncWrite, AsyncWriteExt, ReadBuf};
use tokio::net::{TcpListener, TcpStream};
use tokio::sync::{mpsc, watch};
use tokio::time::Sleep;

use crate::clients::{ClientKey, Clients, ConnectionPermit, Full};
use crate::limits::Limits;

/// A stream whose writes may stall for a bounded time: a write (or flush) that makes no
/// progress for `limit` fails with `TimedOut`, which ends the connection. It holds what the
/// connection counts against (its client's place, the shutdown's wait) for as long as the
/// stream lives: past an upgrade to a WebSocket too, which hyper hands the stream over to.
pub(crate) struct Deadlines<S> {
    inner: S,
    limit: Duration,
    stalled: Option<Pin<Box<Sleep>>>,
    _held: Held,
}

/// What a connection holds until it closes.
struct Held {
    _permit: ConnectionPermit,
    _done: mpsc::Sender<()>,
}

impl<S> Deadlines<S> {
    fn new(inner: S, limit: Duration, held: Held) -> Self {
        Deadlines {
            inner,
            limit,
            stalled: None,
            _held: held,
        }
    }

    /// Called when a write is pending: starts the clock, or fails once it has run out.
    fn pending<T>(&mut self, cx: &mut Context<'_>) -> Poll<io::Result<T>> {
        let limit = self.limit;
        let sleep = self
            .stalled
            .get_or_insert_with(|| Box::pin(tokio::time::sleep(limit)));
        match sleep.as_mut().poll(cx) {
            Poll::Ready(()) => {
                self.stalled = None;
                Poll::Ready(Err(io::Error::new(
                    io::ErrorKind::TimedOut,
                    "the client does not read",
                )))
            }
            Poll::Pending => Poll::Pending,
        }
    }
}

impl<S: AsyncRead + Unpin> AsyncRead for Deadlines<S> {
    fn poll_read(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &mut ReadBuf<'_>,
    ) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_read(cx, buf)
    }
}

impl<S: AsyncWrite + Unpin> AsyncWrite for Deadlines<S> {
    fn poll_write(
        mut self: Pin<&mut Self>,
        cx: &mut Context<'_>,
        buf: &[u8],
    ) -> Poll<io::Result<usize>> {
        match Pin::new(&mut self.inner).poll_write(cx, buf) {
            Poll::Pending => self.pending(cx),
            ready => {
                self.stalled = None;
                ready
            }
        }
    }

    fn poll_flush(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        match Pin::new(&mut self.inner).poll_flush(cx) {
            Poll::Pending => self.pending(cx),
            ready => {
                self.stalled = None;
                ready
            }
        }
    }

    fn poll_shutdown(mut self: Pin<&mut Self>, cx: &mut Context<'_>) -> Poll<io::Result<()>> {
        Pin::new(&mut self.inner).poll_shutdown(cx)
    }
}

/// Waits until the server shuts down.
pub(crate) async fn stopping(shutdown: &mut watch::Receiver<bool>) {
    let _ = shutdown.wait_for(|stop| *stop).await;
}

/// Answers a connection that is over a cap with a short JSON error and closes it.
async fn refuse(mut stream: TcpStream, full: Full) {
    let (status, text, retry) = match full {
        Full::InAll => (
            "503 Service Unavailable",
            "the server has as many connections as it takes",
            5,
        ),
        Full::Address => (
            "429 Too Many Requests",
            "this address has as many connections open as it may",
            10,
        ),
    };
    let body = serde_json::json!({ "error": text }).to_string();
    let answer = format!(
        "HTTP/1.1 {status}\r\ncontent-type: application/json\r\nretry-after: {retry}\r\ncontent-length: {}\r\nconnection: close\r\n\r\n{body}",
        body.len()
    );
    let _ = tokio::time::timeout(Duration::from_secs(2), async {
        let _ = stream.write_all(answer.as_bytes()).await;
        let _ = stream.shutdown().await;
    })
    .await;
}

/// Accepts and serves connections until `shutdown` turns true; each connection holds a clone
/// of `done` until it closes (a WebSocket's too), so the caller knows when the last one has.
pub(crate) async fn serve(
    listener: TcpListener,
    router: Router,
    clients: Arc<Clients>,
    limits: Limits,
    mut shutdown: watch::Receiver<bool>,
    done: mpsc::Sender<()>,
) {
    loop {
        let accepted = tokio::select! {
            accepted = listener.accept() => accepted,
            () = stopping(&mut shutdown) => break,
        };
        let (stream, peer) = match accepted {
            Ok(pair) => pair,
            Err(e) => {
                // Out of descriptors (or a connection reset before it was taken): wait a
                // little rather than spin.
                tracing::warn!(error = %e, "accept failed");
                tokio::time::sleep(Duration::from_millis(50)).await;
                continue;
            }
        };
        let permit = match clients.connect(ClientKey::of(peer.ip())) {
            Ok(permit) => permit,
            Err(full) => {
                tracing::debug!(peer = %peer.ip(), ?full, "connection refused");
                tokio::spawn(refuse(stream, full));
                continue;
            }
        };
        let _ = stream.set_nodelay(true);
        let _ = socket2::SockRef::from(&stream).set_send_buffer_size(limits.send_buffer);
        let router = router.clone();
        let limits = limits.clone();
        let mut shutdown = shutdown.clone();
        let held = Held {
            _permit: permit,
            _done: done.clone(),
        };
        tokio::spawn(async move {
            serve_connection(stream, held, peer, router, &limits, &mut shutdown).await;
        });
    }
}

async fn serve_connection(
    stream: TcpStream,
    held: Held,
    peer: SocketAddr,
    router: Router,
    limits: &Limits,
    shutdown: &mut watch::Receiver<bool>,
) {
    let io = TokioIo::new(Deadlines::new(stream, limits.write_timeout, held));
    let service = hyper::service::service_fn(move |mut request: hyper::Request<Incoming>| {
        request.extensions_mut().insert(ConnectInfo(peer));
        let mut router = router.clone();
        async move {
            use tower::Service;
            router.call(request).await
        }
    });
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(64 * 1024);
    let connection = builder.serve_connection(io, service).with_upgrades();
    tokio::pin!(connection);
    tokio::select! {
        result = connection.as_mut() => {
            if let Err(e) = result {
                tracing::debug!(peer = %peer.ip(), error = %e, "connection ended");
            }
        }
        () = stopping(shutdown) => {
            connection.as_mut().graceful_shutdown();
            let _ = connection.await;
        }
    }
}
