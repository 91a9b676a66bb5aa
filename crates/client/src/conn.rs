//! The WebSocket side: typed frames with timeouts, and reconnection.

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use muster_wire::{ClientMsg, ServerMsg};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::WebSocketStream;

use crate::error::{Error, Result};
use crate::http::Client;

/// How long [`Connection::recv`] waits for a frame unless told otherwise.
pub const RECV_TIMEOUT: Duration = Duration::from_secs(30);

/// How long connecting (TCP and the WebSocket handshake) may take.
pub const CONNECT_TIMEOUT: Duration = Duration::from_secs(10);

/// One WebSocket to `/ws`, authenticated by its client's bearer token.
pub struct Connection {
    client: Client,
    socket: WebSocketStream<TcpStream>,
    timeout: Duration,
}

impl Client {
    /// Opens `GET /ws` with `Authorization: Bearer <token>` on the upgrade request.
    pub async fn connect(&self) -> Result<Connection> {
        let socket = open(self).await?;
        Ok(Connection {
            client: self.clone(),
            socket,
            timeout: RECV_TIMEOUT,
        })
    }
}

async fn open(client: &Client) -> Result<WebSocketStream<TcpStream>> {
    let url = format!("ws://{}/ws", client.authority());
    let mut request = url
        .as_str()
        .into_client_request()
        .map_err(|e| Error::WebSocket(Box::new(e)))?;
    let bearer = HeaderValue::from_str(&format!("Bearer {}", client.token())).map_err(|e| {
        Error::Unreadable {
            what: "the token".to_owned(),
            reason: e.to_string(),
        }
    })?;
    request.headers_mut().insert("authorization", bearer);
    let connecting = async {
        let stream = client.tcp().await?;
        tokio_tungstenite::client_async(request, stream)
            .await
            .map_err(|e| Error::WebSocket(Box::new(e)))
    };
    let (socket, _) = tokio::time::timeout(CONNECT_TIMEOUT, connecting)
        .await
        .map_err(|_| Error::Timeout {
            what: format!("connect to {url}"),
            after: CONNECT_TIMEOUT,
        })??;
    Ok(socket)
}

impl Connection {
    /// The session this connection belongs to.
    pub fn client(&self) -> &Client {
        &self.client
    }

    /// Sets how long [`Connection::recv`] waits.
    pub fn set_timeout(&mut self, timeout: Duration) {
        self.timeout = timeout;
    }

    /// Sends one frame.
    pub async fn send(&mut self, message: &ClientMsg) -> Result<()> {
        self.socket
            .send(Message::text(message.to_json()))
            .await
            .map_err(|e| Error::WebSocket(Box::new(e)))
    }

    /// The next frame from the server, waiting at most the connection's timeout
    /// ([`RECV_TIMEOUT`] unless set). WebSocket pings are answered on the way; a close frame or
    /// the end of the stream is [`Error::Closed`].
    pub async fn recv(&mut self) -> Result<ServerMsg> {
        self.recv_within(self.timeout).await
    }

    /// The next frame, waiting at most `timeout`.
    pub async fn recv_within(&mut self, timeout: Duration) -> Result<ServerMsg> {
        tokio::time::timeout(timeout, self.next_frame())
            .await
            .map_err(|_| Error::Timeout {
                what: "a frame from the server".to_owned(),
                after: timeout,
            })?
    }

    async fn next_frame(&mut self) -> Result<ServerMsg> {
        loop {
            let message = match self.socket.next().await {
                None => return Err(Error::Closed),
                Some(Err(e)) => return Err(Error::WebSocket(Box::new(e))),
                Some(Ok(message)) => message,
            };
            let text = match message {
                Message::Text(text) => text,
                Message::Close(_) => return Err(Error::Closed),
                // tungstenite answers pings itself when the socket is next written or read.
                Message::Ping(_) | Message::Pong(_) | Message::Frame(_) => continue,
                Message::Binary(_) => {
                    return Err(Error::Protocol(
                        "a binary frame (the protocol is text frames)".to_owned(),
                    ))
                }
            };
            return ServerMsg::from_json(text.as_str()).map_err(|e| Error::Unreadable {
                what: format!("the frame {}", muster_wire::quote(text.as_str())),
                reason: e.to_string(),
            });
        }
    }

    /// Drops this socket and opens a new one for the same session, trying every `every` until
    /// `within` has passed. Subscriptions do not survive: the caller subscribes again.
    pub async fn reconnect(&mut self, every: Duration, within: Duration) -> Result<()> {
        let deadline = tokio::time::Instant::now() + within;
        // The old socket may be half-dead; closing it is a courtesy that may fail.
        let _ = tokio::time::timeout(Duration::from_millis(100), self.socket.close(None)).await;
        loop {
            match open(&self.client).await {
                Ok(socket) => {
                    self.socket = socket;
                    return Ok(());
                }
                Err(e) if tokio::time::Instant::now() + every >= deadline => return Err(e),
                Err(e) if e.is_disconnect() || matches!(e, Error::Timeout { .. }) => {
                    tokio::time::sleep(every).await
                }
                Err(e) => return Err(e),
            }
        }
    }

    /// Closes the socket politely.
    pub async fn close(mut self) {
        let _ = tokio::time::timeout(Duration::from_secs(1), self.socket.close(None)).await;
    }
}
