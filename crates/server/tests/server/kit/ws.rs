//! The kit's WebSocket client: the wire protocol spoken the way docs/server-design.md §2.3 and
//! §2.6 say a client should, and what a well-behaved client never does (binary frames, raw
//! frames, a socket dropped without a goodbye).

use std::net::SocketAddr;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use muster_wire::{AckId, Act, ClientMsg, MatchId, Ply, ServerMsg, Sub, Version, ViewHash};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

use super::{until, Picture};

/// How long [`Client::recv`] waits for a frame.
const FRAME_WAIT: Duration = Duration::from_secs(20);

/// A WebSocket client.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    pub(super) next_ack: u32,
    /// The text of every frame received so far, in order, exactly as the server sent it.
    pub transcript: Vec<String>,
}

impl Client {
    pub async fn connect(addr: SocketAddr, token: Option<&str>) -> Client {
        let mut request = format!("ws://{addr}/ws")
            .into_client_request()
            .expect("request");
        if let Some(token) = token {
            request.headers_mut().insert(
                "authorization",
                format!("Bearer {token}").parse().expect("header"),
            );
        }
        let (ws, _) = tokio_tungstenite::connect_async(request)
            .await
            .expect("connect");
        Client {
            ws,
            next_ack: 1,
            transcript: Vec::new(),
        }
    }

    /// An anonymous client whose socket has a receive buffer as small as the system allows,
    /// so that frames it does not read pile up at the server soon.
    pub async fn connect_with_small_buffer(addr: SocketAddr) -> Client {
        let socket = tokio::net::TcpSocket::new_v4().expect("a socket");
        socket.set_recv_buffer_size(4096).expect("a small buffer");
        let stream = socket.connect(addr).await.expect("connect");
        let request = format!("ws://{addr}/ws")
            .into_client_request()
            .expect("request");
        let (ws, _) = tokio_tungstenite::client_async(request, MaybeTlsStream::Plain(stream))
            .await
            .expect("upgrade");
        Client {
            ws,
            next_ack: 1,
            transcript: Vec::new(),
        }
    }

    pub async fn send(&mut self, msg: &ClientMsg) {
        self.send_text(&serde_json::to_string(msg).expect("json"))
            .await;
    }

    pub async fn send_text(&mut self, text: &str) {
        self.ws
            .send(Message::Text(text.into()))
            .await
            .expect("send");
    }

    /// Sends a binary frame.
    pub async fn send_binary(&mut self, bytes: Vec<u8>) {
        self.ws
            .send(Message::Binary(bytes.into()))
            .await
            .expect("send");
    }

    /// Sends a frame as it is (any message, even one a client should not send).
    pub async fn send_raw(&mut self, message: Message) -> bool {
        self.ws.send(message).await.is_ok()
    }

    /// Drops the socket without a goodbye; the frames received so far.
    pub async fn drop_socket(self) -> Vec<String> {
        let Client { ws, transcript, .. } = self;
        drop(ws);
        transcript
    }

    /// The next frame, however long it takes; `None` when the socket ended.
    pub(super) async fn next_msg(&mut self) -> Option<ServerMsg> {
        loop {
            match self.ws.next().await?.expect("frame") {
                Message::Text(text) => {
                    self.transcript.push(text.as_str().to_owned());
                    return Some(
                        ServerMsg::from_json(text.as_str())
                            .unwrap_or_else(|e| panic!("unreadable frame {text}: {e}")),
                    );
                }
                Message::Close(_) => return None,
                _ => continue,
            }
        }
    }

    /// The next frame, within 20 seconds.
    pub async fn recv(&mut self) -> ServerMsg {
        self.try_recv(FRAME_WAIT).await.expect("a frame in time")
    }

    /// The next frame within `wait`, if any.
    pub async fn try_recv(&mut self, wait: Duration) -> Option<ServerMsg> {
        until(wait, self.next_msg()).await.flatten()
    }

    /// Reads frames until `pick` takes one (each frame within 20 s).
    pub async fn until<T>(&mut self, mut pick: impl FnMut(&ServerMsg) -> Option<T>) -> T {
        loop {
            let msg = self.recv().await;
            if let Some(found) = pick(&msg) {
                return found;
            }
        }
    }

    /// The next `nack`, skipping other frames.
    pub async fn next_nack(&mut self) -> muster_wire::server::Nack {
        self.until(|m| match m {
            ServerMsg::Nack(n) => Some(n.clone()),
            _ => None,
        })
        .await
    }

    /// The next `full`, skipping other frames.
    pub async fn next_full(&mut self) -> muster_wire::server::Full {
        self.until(|m| match m {
            ServerMsg::Full(f) => Some(f.clone()),
            _ => None,
        })
        .await
    }

    /// Subscribes to `g` and returns the picture of its `full`.
    pub async fn picture(&mut self, g: &MatchId) -> Picture {
        self.sub(g, None).await;
        let full = self.next_full().await;
        let mut p = Picture::default();
        p.take(&ServerMsg::Full(full));
        p
    }

    /// Every frame that arrives until none has come for `wait`.
    pub async fn drain(&mut self, wait: Duration) -> Vec<ServerMsg> {
        let mut frames = Vec::new();
        while let Some(msg) = self.try_recv(wait).await {
            frames.push(msg);
        }
        frames
    }

    /// Sends `ping{n}` and reads frames until its `pong`: the connection still works. The
    /// frames before the pong.
    pub async fn ping(&mut self, n: u32) -> Vec<ServerMsg> {
        self.send(&ClientMsg::Ping(muster_wire::Ping { n })).await;
        let mut before = Vec::new();
        self.until(|m| match m {
            ServerMsg::Pong(p) if p.n == n => Some(()),
            other => {
                before.push(other.clone());
                None
            }
        })
        .await;
        before
    }

    /// Reads until the server's close frame, within `wait`: its code and reason (`None` when
    /// the socket ended without one, or not in time). Text frames on the way are kept in the
    /// transcript.
    pub async fn closed(&mut self, wait: Duration) -> Option<(u16, String)> {
        let closing = async {
            loop {
                match self.ws.next().await {
                    None | Some(Err(_)) | Some(Ok(Message::Close(None))) => return None,
                    Some(Ok(Message::Close(Some(frame)))) => {
                        return Some((u16::from(frame.code), frame.reason.as_str().to_owned()))
                    }
                    Some(Ok(Message::Text(text))) => {
                        self.transcript.push(text.as_str().to_owned());
                    }
                    Some(Ok(_)) => {}
                }
            }
        };
        until(wait, closing).await.flatten()
    }

    /// How the socket ends within `wait`, skipping frames: `Some(true)` with a close frame,
    /// `Some(false)` cut without one (as by a lost network), `None` still open.
    pub async fn ended(&mut self, wait: Duration) -> Option<bool> {
        let ending = async {
            loop {
                match self.ws.next().await {
                    None | Some(Err(_)) => return false,
                    Some(Ok(Message::Close(_))) => return true,
                    Some(Ok(_)) => {}
                }
            }
        };
        until(wait, ending).await
    }

    pub fn ack_id(&mut self) -> AckId {
        self.next_ack += 1;
        AckId(self.next_ack)
    }

    pub async fn sub(&mut self, g: &MatchId, v: Option<u32>) {
        self.send(&ClientMsg::Sub(Sub {
            g: g.clone(),
            v: v.map(Version),
        }))
        .await;
    }

    /// Sends `act` and returns its ack id.
    pub async fn act(&mut self, g: &MatchId, ply: u32, a: &str, h: &ViewHash) -> AckId {
        let id = self.ack_id();
        self.send(&ClientMsg::Act(Act {
            g: g.clone(),
            ply: Ply(ply),
            a: a.to_owned(),
            id,
            h: h.clone(),
        }))
        .await;
        id
    }
}
