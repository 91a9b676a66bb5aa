//! The WebSocket side: typed frames with timeouts, and reconnection by the close policy of
//! [`muster_wire::close::after_close`]: a close for a restart, an overload or a lost network
//! may be reconnected; a close for this client's behaviour (1002, 1007, 1008, 1009, …) is not,
//! nor one that ends the credentials (4001, [`Error::SignedOut`]).

use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use muster_wire::close::{self, AfterClose};
use muster_wire::{ClientMsg, ServerMsg, MAX_FRAME};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::http::HeaderValue;
use tokio_tungstenite::tungstenite::protocol::CloseFrame;
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
    /// The close frame the server sent on this socket, once one came: its code and reason.
    closed: Option<(u16, String)>,
}

impl Client {
    /// Opens `GET /ws` with `Authorization: Bearer <token>` on the upgrade request.
    pub async fn connect(&self) -> Result<Connection> {
        let socket = open(self).await?;
        Ok(Connection {
            client: self.clone(),
            socket,
            timeout: RECV_TIMEOUT,
            closed: None,
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
            .map_err(refused_upgrade)
    };
    let (socket, _) = tokio::time::timeout(CONNECT_TIMEOUT, connecting)
        .await
        .map_err(|_| Error::Timeout {
            what: format!("connect to {url}"),
            after: CONNECT_TIMEOUT,
        })??;
    Ok(socket)
}

/// An upgrade the server answered with 401 (the token is unknown: logged out or revoked) is
/// [`Error::Status`], which [`Error::is_signed_out`]; any other failure is the WebSocket's.
fn refused_upgrade(e: tokio_tungstenite::tungstenite::Error) -> Error {
    use tokio_tungstenite::tungstenite::Error as Ws;
    match e {
        Ws::Http(response) if response.status().as_u16() == 401 => {
            let body = response.body().as_deref().unwrap_or_default();
            crate::http::check("GET /ws", 401, body)
                .err()
                .unwrap_or(Error::Protocol("an upgrade answered 401".to_owned()))
        }
        e => Error::WebSocket(Box::new(e)),
    }
}

/// The error for a close frame with `code` and `reason`: [`Error::SignedOut`] for
/// [`close::SIGNED_OUT`] (its reason without a leading `signed out: `, which the error's
/// message says already), else [`Error::Closed`].
fn closed_error(code: u16, reason: &str) -> Error {
    match code {
        close::SIGNED_OUT => Error::SignedOut {
            reason: reason
                .strip_prefix("signed out: ")
                .unwrap_or(reason)
                .to_owned(),
        },
        code => Error::Closed {
            code: Some(code),
            reason: reason.to_owned(),
        },
    }
}

/// The code and reason of a close frame; a frame without a code is 1005 (RFC 6455 §7.1.5).
fn close_of(frame: Option<CloseFrame>) -> (u16, String) {
    match frame {
        Some(frame) => (u16::from(frame.code), frame.reason.to_string()),
        None => (1005, String::new()),
    }
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

    /// The close frame the server sent on this socket, if one came: its code and reason.
    pub fn closed(&self) -> Option<(u16, &str)> {
        self.closed
            .as_ref()
            .map(|(code, reason)| (*code, reason.as_str()))
    }

    /// Sends one frame. A frame longer than [`MAX_FRAME`] bytes is refused here
    /// ([`Error::TooLarge`]) and never sent: the server would refuse it or close the socket.
    /// On a socket the server has closed, the error is that close ([`Error::Closed`] or
    /// [`Error::SignedOut`]).
    pub async fn send(&mut self, message: &ClientMsg) -> Result<()> {
        let text = message.to_json();
        if text.len() > MAX_FRAME {
            return Err(Error::TooLarge {
                len: text.len(),
                max: MAX_FRAME,
                quote: muster_wire::quote(&text),
            });
        }
        if let Some((code, reason)) = &self.closed {
            return Err(closed_error(*code, reason));
        }
        self.socket
            .send(Message::text(text))
            .await
            .map_err(|e| Error::WebSocket(Box::new(e)))
    }

    /// The next frame from the server, waiting at most the connection's timeout
    /// ([`RECV_TIMEOUT`] unless set). WebSocket pings are answered on the way. A close frame is
    /// [`Error::Closed`] with its code and reason ([`Error::SignedOut`] for 4001), and so is
    /// every later call; the end of the stream without one is [`Error::Closed`] without a code.
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
        if let Some((code, reason)) = &self.closed {
            return Err(closed_error(*code, reason));
        }
        loop {
            let message = match self.socket.next().await {
                None => {
                    return Err(Error::Closed {
                        code: None,
                        reason: String::new(),
                    })
                }
                Some(Err(e)) => return Err(Error::WebSocket(Box::new(e))),
                Some(Ok(message)) => message,
            };
            let text = match message {
                Message::Text(text) => text,
                Message::Close(frame) => {
                    let (code, reason) = close_of(frame);
                    let error = closed_error(code, &reason);
                    self.closed = Some((code, reason));
                    return Err(error);
                }
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
    ///
    /// Follows [`close::after_close`]: after a close frame whose code does not invite a
    /// reconnect, nothing is opened and the error is that close again ([`Error::SignedOut`]
    /// for 4001, [`Error::Closed`] for 1002, 1007, 1008, 1009, …). An upgrade refused with 401
    /// (the token was ended) stops the tries at once.
    pub async fn reconnect(&mut self, every: Duration, within: Duration) -> Result<()> {
        if let Some((code, reason)) = &self.closed {
            if close::after_close(*code) != AfterClose::Reconnect {
                return Err(closed_error(*code, reason));
            }
        }
        let deadline = tokio::time::Instant::now() + within;
        // The old socket may be half-dead; closing it is a courtesy that may fail.
        let _ = tokio::time::timeout(Duration::from_millis(100), self.socket.close(None)).await;
        loop {
            match open(&self.client).await {
                Ok(socket) => {
                    self.socket = socket;
                    self.closed = None;
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
