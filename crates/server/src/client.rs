//! A small client of the server's interface, for tests and the load generator: plain HTTP/1.1
//! requests and a WebSocket connection to a table.

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use serde::de::DeserializeOwned;
use serde_json::Value;
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::WebSocketConfig;
use tokio_tungstenite::tungstenite::{Message, Utf8Bytes};
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

/// One HTTP request with a JSON body (or none); returns the status and the JSON answer.
pub async fn request(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: Option<&Value>,
) -> Result<(u16, Value), String> {
    let body = body.map(Value::to_string).unwrap_or_default();
    request_raw(addr, method, path, body.as_bytes()).await
}

/// One HTTP request with raw body bytes (to test what the server does with bad input).
pub async fn request_raw(
    addr: SocketAddr,
    method: &str,
    path: &str,
    body: &[u8],
) -> Result<(u16, Value), String> {
    let mut stream = TcpStream::connect(addr)
        .await
        .map_err(|e| format!("connect {addr}: {e}"))?;
    let head = format!(
        "{method} {path} HTTP/1.1\r\nHost: {addr}\r\nContent-Type: application/json\r\n\
         Content-Length: {}\r\nConnection: close\r\n\r\n",
        body.len()
    );
    stream
        .write_all(head.as_bytes())
        .await
        .map_err(|e| e.to_string())?;
    // The server may answer (and close) before reading an oversized body.
    let _ = stream.write_all(body).await;
    let mut answer = Vec::new();
    let _ = stream.read_to_end(&mut answer).await;
    let text = String::from_utf8_lossy(&answer);
    let (head, rest) = text
        .split_once("\r\n\r\n")
        .ok_or_else(|| format!("no HTTP answer from {method} {path}: {text:?}"))?;
    let status = head
        .split_whitespace()
        .nth(1)
        .and_then(|s| s.parse().ok())
        .ok_or_else(|| format!("bad status line in {head:?}"))?;
    let json = serde_json::from_str(rest).unwrap_or(Value::String(rest.to_string()));
    Ok((status, json))
}

/// A WebSocket connection to one table, as a seat (with its token) or a spectator.
pub struct Connection {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
}

impl Connection {
    /// Connects to table `table`; `query` is added to the URL (`token=…&svg=0`).
    pub async fn open(addr: SocketAddr, table: &str, query: &str) -> Result<Connection, String> {
        let url = format!("ws://{addr}/tables/{table}/ws?{query}");
        // A small read buffer: tungstenite zero-fills all of it (128 KiB by default) on every
        // read; 8 KiB holds a frame without its drawing, larger ones are read in pieces.
        let config = WebSocketConfig::default().read_buffer_size(8 * 1024);
        let (ws, _) = tokio_tungstenite::connect_async_with_config(&url, Some(config), true)
            .await
            .map_err(|e| format!("{url}: {e}"))?;
        Ok(Connection { ws })
    }

    /// Sends a JSON message.
    pub async fn send(&mut self, message: &Value) -> Result<(), String> {
        self.send_text(message.to_string()).await
    }

    /// Sends raw text (to test bad input).
    pub async fn send_text(&mut self, text: String) -> Result<(), String> {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .map_err(|e| e.to_string())
    }

    /// The next JSON message, waiting at most `wait`. A close is an error carrying its reason.
    pub async fn next(&mut self, wait: Duration) -> Result<Value, String> {
        self.next_as(wait).await
    }

    /// The next JSON message read as `T` (fields `T` lacks are skipped unread, which is
    /// much cheaper than a whole JSON tree), waiting at most `wait`.
    pub async fn next_as<T: DeserializeOwned>(&mut self, wait: Duration) -> Result<T, String> {
        let text = self.next_text(wait).await?;
        serde_json::from_str(&text).map_err(|e| format!("not JSON: {e}"))
    }

    /// The next text message as it came, waiting at most `wait`. A close is an error
    /// carrying its reason.
    pub async fn next_text(&mut self, wait: Duration) -> Result<Utf8Bytes, String> {
        tokio::time::timeout(wait, self.text())
            .await
            .map_err(|_| format!("nothing received in {wait:?}"))?
    }

    /// The next text message as it came, however long it takes (for a caller that keeps
    /// one timer for many messages). A close is an error carrying its reason.
    pub async fn text(&mut self) -> Result<Utf8Bytes, String> {
        loop {
            let message = self.ws.next().await;
            match message {
                Some(Ok(Message::Text(t))) => return Ok(t),
                Some(Ok(Message::Close(frame))) => {
                    return Err(format!(
                        "closed: {}",
                        frame.map(|f| f.reason.to_string()).unwrap_or_default()
                    ))
                }
                Some(Ok(_)) => continue,
                Some(Err(e)) => return Err(e.to_string()),
                None => return Err("closed".into()),
            }
        }
    }

    /// The next frame (skipping nothing else: an error message is returned as an error).
    pub async fn frame(&mut self, wait: Duration) -> Result<Value, String> {
        let m = self.next(wait).await?;
        if m["type"] == "frame" {
            Ok(m)
        } else {
            Err(format!("expected a frame, got {m}"))
        }
    }
}
