//! A server in process on 127.0.0.1 over a temp SQLite file, and socket clients that speak the
//! wire protocol the way docs/server-design.md §2.3 and §2.6 say a client should.
#![allow(dead_code)]

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use futures_util::{SinkExt, StreamExt};
use muster_server::games::{new_game, NewGameSpec, SeatPlan};
use muster_server::{GameConfig, ServerState};
use muster_store::{GameId, NewUser, Session, SqlStore, Store, TakebackPolicy, UserId};
use muster_wire::http::ClockSpec;
use muster_wire::{AckId, Act, ClientMsg, MatchId, Ply, ServerMsg, Sub, Version, ViewHash};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Message;
use tokio_tungstenite::{MaybeTlsStream, WebSocketStream};

pub mod http;
mod probes;
mod random_seat;
pub mod secret;
#[allow(unused_imports)]
pub use probes::start_faulty;
#[allow(unused_imports)]
pub use random_seat::RandomSeat;

/// A running server.
pub struct Harness {
    pub addr: SocketAddr,
    pub store: Arc<dyn Store>,
    pub state: Arc<ServerState>,
    pub server: tokio::task::JoinHandle<()>,
    pub stop: Option<tokio::sync::oneshot::Sender<()>>,
    pub url: String,
    _dir: tempfile::TempDir,
}

/// Game settings for tests: AI seats answer at once and think briefly.
pub fn quick() -> GameConfig {
    GameConfig {
        ai_min_delay: Duration::ZERO,
        ai_cap: Duration::from_millis(300),
        frames_per_second: 100_000.0,
        frame_burst: 100_000.0,
        ..GameConfig::default()
    }
}

impl Harness {
    pub async fn start(config: GameConfig) -> Harness {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("muster.db").display());
        Harness::on(&url, config, dir).await
    }

    pub async fn on(url: &str, config: GameConfig, dir: tempfile::TempDir) -> Harness {
        let store: Arc<dyn Store> = Arc::new(SqlStore::open(url).await.expect("store"));
        let mut h = Harness::with_store(store, config, dir).await;
        h.url = url.to_owned();
        h
    }

    /// Stops the server cleanly, waits `down`, and starts a new one on the same database.
    pub async fn restart(mut self, config: GameConfig, down: Duration) -> Harness {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = self.server.await;
        tokio::time::sleep(down).await;
        let url = self.url.clone();
        Harness::on(&url, config, self._dir).await
    }

    pub async fn with_store(
        store: Arc<dyn Store>,
        config: GameConfig,
        dir: tempfile::TempDir,
    ) -> Harness {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("address");
        let state = ServerState::with_config(Arc::clone(&store), config);
        let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
        let serving = Arc::clone(&state);
        let server = tokio::spawn(async move {
            muster_server::serve(listener, serving, async {
                let _ = stopped.await;
            })
            .await
            .expect("served");
        });
        Harness {
            addr,
            store,
            state,
            server,
            stop: Some(stop),
            url: String::new(),
            _dir: dir,
        }
    }

    /// A user with a session; its token.
    pub async fn user(&self, name: &str) -> (UserId, String) {
        let user = self
            .store
            .create_user(&NewUser {
                name: name.to_owned(),
                pw_hash: None,
                is_guest: true,
                is_bot: false,
                email: None,
                prefs_json: "{}".to_owned(),
                created_ms: 0,
            })
            .await
            .expect("user");
        // A session token of the form the server reads: 64 hex digits.
        let token = muster_server::accounts::tokens::new_token().expect("a token");
        self.store
            .insert_session(&Session {
                token_hash: muster_server::accounts::hash_token(&token),
                user_id: user.id.clone(),
                created_ms: 0,
                seen_ms: 0,
                expires_ms: i64::MAX,
            })
            .await
            .expect("session");
        (user.id, token)
    }

    /// A game created in the store and woken.
    pub async fn game(&self, game: &str, variant: &str, seats: Vec<SeatPlan>) -> MatchId {
        let spec = NewGameSpec {
            game: game.to_owned(),
            variant: variant.to_owned(),
            seats,
            clock: ClockSpec::None,
            rated: false,
            takeback: TakebackPolicy::Casual,
            challenge_id: None,
        };
        let new = new_game(&spec, 1).expect("a valid game");
        self.store.create_game(&new).await.expect("stored");
        MatchId(new.id.as_str().to_owned())
    }

    pub async fn client(&self, token: Option<&str>) -> Client {
        Client::connect(self.addr, token).await
    }

    pub async fn stop(mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        let _ = self.server.await;
    }
}

/// A WebSocket client.
pub struct Client {
    ws: WebSocketStream<MaybeTlsStream<TcpStream>>,
    next_ack: u32,
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

    /// The next frame, within 20 seconds.
    pub async fn recv(&mut self) -> ServerMsg {
        self.try_recv(Duration::from_secs(20))
            .await
            .expect("a frame in time")
    }

    /// The next frame within `wait`, if any.
    pub async fn try_recv(&mut self, wait: Duration) -> Option<ServerMsg> {
        loop {
            let frame = tokio::time::timeout(wait, self.ws.next()).await.ok()??;
            match frame.expect("frame") {
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

    /// Reads until the server's close frame, within `wait`: its code and reason (`None` when
    /// the socket ended without one, or not in time). Text frames on the way are kept in the
    /// transcript.
    pub async fn closed(&mut self, wait: Duration) -> Option<(u16, String)> {
        let deadline = tokio::time::Instant::now() + wait;
        loop {
            let frame = tokio::time::timeout_at(deadline, self.ws.next())
                .await
                .ok()??;
            match frame.ok()? {
                Message::Text(text) => self.transcript.push(text.as_str().to_owned()),
                Message::Close(Some(frame)) => {
                    return Some((u16::from(frame.code), frame.reason.as_str().to_owned()))
                }
                Message::Close(None) => return None,
                _ => continue,
            }
        }
    }

    /// Sends a frame as it is (any message, even one a client should not send).
    pub async fn send_raw(&mut self, message: Message) -> bool {
        self.ws.send(message).await.is_ok()
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
}

/// One client's picture of a game, built only from the frames it received.
#[derive(Clone, Debug, Default)]
pub struct Picture {
    pub v: u32,
    pub ply: u32,
    pub me: Option<u8>,
    pub actor: Option<muster_wire::Actor>,
    pub hash: Option<ViewHash>,
    pub legal: Vec<String>,
    pub lazy: Vec<Vec<muster_view::TargetId>>,
    pub moves: Vec<Option<String>>,
    pub over: bool,
    pub ended: bool,
    pub position: String,
}

impl Picture {
    /// Takes in a versioned frame; `false` when it does not follow (a gap).
    pub fn take(&mut self, msg: &ServerMsg) -> bool {
        match msg {
            ServerMsg::Full(f) => {
                self.v = f.v.0;
                self.ply = f.ply.0;
                self.me = f.me.map(|s| s.0);
                self.actor = Some(f.actor);
                self.hash = Some(f.hash.clone());
                self.set_legal(f.legal.as_ref());
                self.moves = f.moves.iter().map(|m| m.a.clone()).collect();
                self.over = f.actor == muster_wire::Actor::Over;
                self.ended = f.outcome.is_some();
                self.position = f.position.clone();
                true
            }
            ServerMsg::Step(s) => {
                if s.v.0 <= self.v {
                    return true;
                }
                if s.v.0 != self.v + 1 {
                    return false;
                }
                self.v = s.v.0;
                self.ply = s.ply.0;
                self.actor = Some(s.actor);
                self.hash = Some(s.hash.clone());
                self.set_legal(s.legal.as_ref());
                self.moves.push(s.a.clone());
                for r in &s.revealed {
                    if let Some(m) = self.moves.get_mut(r.ply.0 as usize) {
                        *m = Some(r.a.clone());
                    }
                }
                self.over = s.actor == muster_wire::Actor::Over;
                true
            }
            ServerMsg::End(e) => {
                if e.v.0 == self.v + 1 {
                    self.v = e.v.0;
                }
                self.ended = true;
                self.over = true;
                true
            }
            // Other versioned entries (offers, answers, seats, rewinds) only move the version.
            other => match other.version() {
                Some(v) if v.0 <= self.v => true,
                Some(v) if v.0 == self.v + 1 => {
                    self.v = v.0;
                    true
                }
                Some(_) => false,
                None => true,
            },
        }
    }

    pub fn set_legal(&mut self, legal: Option<&muster_wire::LegalMoves>) {
        self.legal = legal
            .map(|l| l.moves.iter().map(|m| m.a.clone()).collect())
            .unwrap_or_default();
        self.lazy = legal
            .map(|l| l.lazy.iter().map(|g| g.prefix.clone()).collect())
            .unwrap_or_default();
    }

    pub fn my_turn(&self) -> bool {
        matches!((self.actor, self.me), (Some(muster_wire::Actor::Seat(a)), Some(me)) if a.0 == me)
            && (!self.legal.is_empty() || !self.lazy.is_empty())
    }
}

/// Plays one seat of game `g` to the end with random legal moves (seeded), checking each ack.
/// Returns the client's picture at the end and every frame it saw.
pub async fn play_seat(mut client: Client, g: MatchId, seed: u64) -> (Picture, Vec<ServerMsg>) {
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut picture = Picture::default();
    let mut seen = Vec::new();
    client.sub(&g, None).await;
    let mut pending: Option<AckId> = None;
    // After an ack, the version the client must reach before it decides again.
    let mut awaited = 0;
    loop {
        if picture.ended && pending.is_none() && picture.v >= awaited {
            break;
        }
        let msg = client.recv().await;
        seen.push(msg.clone());
        if !picture.take(&msg) {
            client.sub(&g, Some(picture.v)).await;
            continue;
        }
        match &msg {
            ServerMsg::Legal(reply) if reply.ply.0 == picture.ply => {
                picture.set_legal(Some(&reply.legal));
            }
            ServerMsg::Ack(a) if Some(a.id) == pending => {
                pending = None;
                awaited = a.v.map_or(0, |v| v.0);
            }
            ServerMsg::Nack(n) => panic!("refused: {n:?}"),
            _ => {}
        }
        if pending.is_none() && picture.v >= awaited && picture.my_turn() && !picture.ended {
            // Too many moves to send at once: open a group of them, as a client clicks.
            let open = picture.legal.is_empty() || rng.random_range(0..4) == 0;
            if open && !picture.lazy.is_empty() {
                let prefix = picture.lazy[rng.random_range(0..picture.lazy.len())].clone();
                picture.lazy.clear();
                picture.legal.clear();
                client
                    .send(&ClientMsg::Legal(muster_wire::LegalAsk {
                        g: g.clone(),
                        ply: Ply(picture.ply),
                        prefix,
                    }))
                    .await;
                continue;
            }
            let a = picture.legal[rng.random_range(0..picture.legal.len())].clone();
            let id = client.ack_id();
            client
                .send(&ClientMsg::Act(Act {
                    g: g.clone(),
                    ply: Ply(picture.ply),
                    a,
                    id,
                    h: picture.hash.clone().expect("a hash"),
                }))
                .await;
            pending = Some(id);
        }
    }
    (picture, seen)
}

/// A game id of the store from a wire one.
pub fn store_id(g: &MatchId) -> GameId {
    GameId::parse(&g.0).expect("an id")
}

/// One seat's client and its picture of one game, for tests that drive play step by step.
pub struct Player {
    pub c: Client,
    pub pic: Picture,
    pub g: MatchId,
    /// Every frame received, in order.
    pub seen: Vec<ServerMsg>,
}

impl Player {
    /// Connects with `token`, subscribes to `g` and reads the `full`.
    pub async fn join(h: &Harness, token: Option<&str>, g: &MatchId) -> Player {
        let mut p = Player {
            c: h.client(token).await,
            pic: Picture::default(),
            g: g.clone(),
            seen: Vec::new(),
        };
        p.c.sub(g, None).await;
        p.until(|m| matches!(m, ServerMsg::Full(_))).await;
        p
    }

    /// Reads frames (taking them into the picture) until one matches; panics after 15 s.
    pub async fn until(&mut self, pred: impl Fn(&ServerMsg) -> bool) -> ServerMsg {
        let deadline = tokio::time::Instant::now() + Duration::from_secs(15);
        loop {
            let left = deadline.saturating_duration_since(tokio::time::Instant::now());
            let msg = self.c.try_recv(left).await.unwrap_or_else(|| {
                panic!(
                    "no awaited frame; saw {:?}",
                    self.seen.iter().rev().take(3).collect::<Vec<_>>()
                )
            });
            self.pic.take(&msg);
            self.seen.push(msg.clone());
            if pred(&msg) {
                return msg;
            }
        }
    }

    /// Reads whatever arrives within `wait`.
    pub async fn drain(&mut self, wait: Duration) {
        while let Some(msg) = self.c.try_recv(wait).await {
            self.pic.take(&msg);
            self.seen.push(msg);
        }
    }

    /// Plays the first legal move (the picture must show this seat to act) and waits for its
    /// ack and its own step; returns the ack's version.
    pub async fn play_first(&mut self) -> u32 {
        assert!(self.pic.my_turn(), "not this seat's turn: {:?}", self.pic);
        let a = self.pic.legal[0].clone();
        self.play(&a).await
    }

    /// Plays `a` and waits for its ack and its own step.
    pub async fn play(&mut self, a: &str) -> u32 {
        let id = self.c.ack_id();
        self.c
            .send(&ClientMsg::Act(Act {
                g: self.g.clone(),
                ply: Ply(self.pic.ply),
                a: a.to_owned(),
                id,
                h: self.pic.hash.clone().expect("a hash"),
            }))
            .await;
        let ack = self
            .until(|m| {
                matches!(m, ServerMsg::Ack(a) if a.id == id)
                    || matches!(m, ServerMsg::Nack(n) if n.id == Some(id))
            })
            .await;
        let ServerMsg::Ack(ack) = ack else {
            panic!("refused: {ack:?}");
        };
        let v = ack.v.expect("a version").0;
        while self.pic.v < v {
            self.until(|_| true).await;
        }
        v
    }

    /// Sends a control and returns the ack or the nack.
    pub async fn ctl(&mut self, k: muster_wire::Control) -> ServerMsg {
        let id = self.c.ack_id();
        self.c
            .send(&ClientMsg::Ctl(muster_wire::Ctl {
                g: self.g.clone(),
                k,
                ply: Ply(self.pic.ply),
                id,
                h: self
                    .pic
                    .hash
                    .clone()
                    .unwrap_or(ViewHash("0000000000000000".to_owned())),
            }))
            .await;
        self.until(|m| {
            matches!(m, ServerMsg::Ack(a) if a.id == id)
                || matches!(m, ServerMsg::Nack(n) if n.id == Some(id))
        })
        .await
    }

    /// Waits until this seat is to act (reading the other seats' steps).
    pub async fn await_turn(&mut self) {
        while !self.pic.my_turn() {
            self.until(|_| true).await;
        }
    }
}

impl Harness {
    /// A game from a full spec, created in the store.
    pub async fn game_spec(&self, spec: NewGameSpec) -> MatchId {
        let new = new_game(&spec, 1).expect("a valid game");
        self.store.create_game(&new).await.expect("stored");
        MatchId(new.id.as_str().to_owned())
    }
}

/// A spec of a two-seat game with a clock.
pub fn spec(
    game: &str,
    variant: &str,
    seats: Vec<SeatPlan>,
    clock: ClockSpec,
    rated: bool,
) -> NewGameSpec {
    NewGameSpec {
        game: game.to_owned(),
        variant: variant.to_owned(),
        seats,
        clock,
        rated,
        takeback: TakebackPolicy::Casual,
        challenge_id: None,
    }
}

/// `GET path` over a fresh connection with the bearer `token`: the status and the body.
pub async fn http_get(addr: SocketAddr, path: &str, token: Option<&str>) -> (u16, String) {
    use tokio::io::{AsyncReadExt, AsyncWriteExt};
    let mut stream = TcpStream::connect(addr).await.expect("connect");
    let auth = token.map_or_else(String::new, |t| format!("Authorization: Bearer {t}\r\n"));
    let request = format!("GET {path} HTTP/1.1\r\nHost: {addr}\r\n{auth}Connection: close\r\n\r\n");
    stream.write_all(request.as_bytes()).await.expect("request");
    let mut answer = Vec::new();
    stream.read_to_end(&mut answer).await.expect("answer");
    let answer = String::from_utf8_lossy(&answer).into_owned();
    let status = answer
        .split_whitespace()
        .nth(1)
        .and_then(|code| code.parse().ok())
        .unwrap_or(0);
    let (head, body) = answer.split_once("\r\n\r\n").unwrap_or((&answer, ""));
    let body = if head
        .to_ascii_lowercase()
        .contains("transfer-encoding: chunked")
    {
        dechunk(body)
    } else {
        body.to_owned()
    };
    (status, body)
}

fn dechunk(mut body: &str) -> String {
    let mut out = String::new();
    while let Some((size, rest)) = body.split_once("\r\n") {
        let Ok(n) = usize::from_str_radix(size.trim(), 16) else {
            break;
        };
        if n == 0 || rest.len() < n {
            break;
        }
        out.push_str(&rest[..n]);
        body = rest[n..].trim_start_matches("\r\n");
    }
    out
}
