//! A tiny HTTP/1.1 client over tokio's `TcpStream`, for the tests and the load tool: one
//! keep-alive connection, requests with a body and headers, answers with `Content-Length` or
//! chunked bodies. (The server's own stack has no client side; this is all the tests need.)

#![allow(dead_code, unreachable_pub)]

use std::io;
use std::net::SocketAddr;

use tokio::io::{AsyncBufReadExt, AsyncReadExt, AsyncWriteExt, BufReader};
use tokio::net::TcpStream;

/// An answer: the status and the body.
#[derive(Debug)]
pub struct Reply {
    /// The HTTP status.
    pub status: u16,
    /// The `Content-Type` header, if any.
    pub content_type: Option<String>,
    /// Every header, names in lower case.
    pub headers: Vec<(String, String)>,
    /// The body's bytes.
    pub body: Vec<u8>,
}

impl Reply {
    /// The body read as JSON (a panic with the body's text when it is not).
    pub fn json(&self) -> serde_json::Value {
        serde_json::from_slice(&self.body).unwrap_or_else(|e| {
            panic!(
                "not JSON ({e}), status {}: {}",
                self.status,
                String::from_utf8_lossy(&self.body)
            )
        })
    }

    /// The body as text.
    pub fn text(&self) -> String {
        String::from_utf8_lossy(&self.body).into_owned()
    }

    /// The value of header `name` (lower case), if any.
    pub fn header(&self, name: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(n, _)| n == name)
            .map(|(_, v)| v.as_str())
    }
}

/// One connection to the server.
pub struct Http {
    stream: BufReader<TcpStream>,
    host: String,
}

impl Http {
    /// Connects to `addr`.
    pub async fn connect(addr: SocketAddr) -> io::Result<Http> {
        let stream = TcpStream::connect(addr).await?;
        Http::over(stream, addr)
    }

    /// Connects to `addr` from the local address `from` (another loopback address, such as
    /// 127.0.0.2, is another client to the server's limits).
    pub async fn connect_from(from: std::net::IpAddr, addr: SocketAddr) -> io::Result<Http> {
        let socket = tokio::net::TcpSocket::new_v4()?;
        socket.bind(SocketAddr::new(from, 0))?;
        let stream = socket.connect(addr).await?;
        Http::over(stream, addr)
    }

    fn over(stream: TcpStream, addr: SocketAddr) -> io::Result<Http> {
        stream.set_nodelay(true)?;
        Ok(Http {
            stream: BufReader::new(stream),
            host: addr.to_string(),
        })
    }

    /// Sends a request and reads its answer.
    pub async fn request(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        body: &[u8],
    ) -> io::Result<Reply> {
        let json = if body.is_empty() {
            vec![]
        } else {
            vec![("Content-Type", "application/json")]
        };
        self.request_with(method, path, token, &json, body).await
    }

    /// Sends a request with `headers` of its own (and no Content-Type unless given).
    pub async fn request_with(
        &mut self,
        method: &str,
        path: &str,
        token: Option<&str>,
        headers: &[(&str, &str)],
        body: &[u8],
    ) -> io::Result<Reply> {
        let mut head = format!(
            "{method} {path} HTTP/1.1\r\nHost: {}\r\nContent-Length: {}\r\n",
            self.host,
            body.len()
        );
        for (name, value) in headers {
            head.push_str(&format!("{name}: {value}\r\n"));
        }
        if let Some(token) = token {
            head.push_str(&format!("Authorization: Bearer {token}\r\n"));
        }
        head.push_str("\r\n");
        let mut bytes = head.into_bytes();
        bytes.extend_from_slice(body);
        self.stream.get_mut().write_all(&bytes).await?;
        read_reply(&mut self.stream).await
    }

    /// `GET path`.
    pub async fn get(&mut self, path: &str) -> io::Result<Reply> {
        self.request("GET", path, None, b"").await
    }

    /// `POST path` with a JSON body and an optional bearer token.
    pub async fn post(
        &mut self,
        path: &str,
        token: Option<&str>,
        body: &serde_json::Value,
    ) -> io::Result<Reply> {
        self.request("POST", path, token, body.to_string().as_bytes())
            .await
    }
}

/// Sends `raw` bytes on a new connection and reads one answer (for requests no client would
/// write: bad bytes in the path, a body larger than it says).
pub async fn raw(addr: SocketAddr, raw: &[u8]) -> io::Result<Reply> {
    let mut stream = BufReader::new(TcpStream::connect(addr).await?);
    // The server may answer and close before it has read everything (a body over the limit).
    let _ = stream.get_mut().write_all(raw).await;
    read_reply(&mut stream).await
}

fn bad(text: &str) -> io::Error {
    io::Error::new(io::ErrorKind::InvalidData, text.to_owned())
}

async fn read_reply(stream: &mut BufReader<TcpStream>) -> io::Result<Reply> {
    let mut line = String::new();
    stream.read_line(&mut line).await?;
    let status = line
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse::<u16>().ok())
        .ok_or_else(|| bad(&format!("status line {line:?}")))?;
    let mut length = None;
    let mut chunked = false;
    let mut content_type = None;
    let mut headers = Vec::new();
    loop {
        line.clear();
        if stream.read_line(&mut line).await? == 0 {
            return Err(bad("the connection closed inside the headers"));
        }
        let header = line.trim_end();
        if header.is_empty() {
            break;
        }
        if let Some((name, value)) = header.split_once(':') {
            let value = value.trim();
            headers.push((name.to_ascii_lowercase(), value.to_owned()));
            match name.to_ascii_lowercase().as_str() {
                "content-length" => length = value.parse::<usize>().ok(),
                "transfer-encoding" => chunked = value.eq_ignore_ascii_case("chunked"),
                "content-type" => content_type = Some(value.to_owned()),
                _ => {}
            }
        }
    }
    let mut body = Vec::new();
    if chunked {
        loop {
            line.clear();
            stream.read_line(&mut line).await?;
            let size = usize::from_str_radix(line.trim(), 16).map_err(|_| bad("chunk size"))?;
            let mut chunk = vec![0; size + 2];
            stream.read_exact(&mut chunk).await?;
            if size == 0 {
                break;
            }
            body.extend_from_slice(&chunk[..size]);
        }
    } else if status == 304 || status == 204 {
        // No body, whatever the headers say.
    } else if let Some(length) = length {
        body.resize(length, 0);
        stream.read_exact(&mut body).await?;
    }
    Ok(Reply {
        status,
        content_type,
        headers,
        body,
    })
}
