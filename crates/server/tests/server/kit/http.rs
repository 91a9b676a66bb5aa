//! The kit's one HTTP client: an HTTP/1 request over a fresh connection with hyper, with any
//! method, credentials, headers and body; its answer read whole ([`Reply`]) or line by line as
//! it arrives ([`EventStream`]). On a [`Harness`], the shorthands the tests use: sessions,
//! challenges, bots.

use std::net::SocketAddr;
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper::body::{Bytes, Incoming};
use hyper::header::{HeaderMap, AUTHORIZATION, CONTENT_TYPE, COOKIE, SET_COOKIE};
use hyper::{Method, Request, Response};
use hyper_util::rt::TokioIo;
use muster_wire::{MatchId, StreamEvent};
use serde_json::{json, Value};

use super::{until, Harness};

/// How a request proves who it is.
#[derive(Clone, Copy)]
pub enum Auth<'a> {
    None,
    /// The session cookie, beside another cookie, as a browser sends it.
    Cookie(&'a str),
    Bearer(&'a str),
}

/// One answer: status, headers, and the body as sent (not decoded) and as text.
pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    /// The body's bytes.
    pub bytes: Vec<u8>,
    /// The body as text (invalid UTF-8 replaced).
    pub body: String,
}

impl Reply {
    /// A header's value, or "" when absent.
    pub fn header(&self, name: &str) -> &str {
        self.headers
            .get(name)
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
    }

    pub fn json(&self) -> Value {
        serde_json::from_str(&self.body)
            .unwrap_or_else(|e| panic!("not JSON ({e}): {:?}", self.body))
    }

    /// The `{code, reason}` of an error answer, checking that it is one.
    pub fn error(&self) -> (String, String) {
        let body = self.json();
        let code = body["code"].as_str().expect("an error code").to_owned();
        let reason = body["reason"].as_str().expect("a reason").to_owned();
        (code, reason)
    }

    pub fn set_cookie(&self) -> String {
        self.headers
            .get(SET_COOKIE)
            .and_then(|v| v.to_str().ok())
            .expect("a Set-Cookie header")
            .to_owned()
    }
}

/// Sends `method path` to `addr` over a fresh connection, with `auth`, `headers` and `body`
/// (of `content_type`, if given); the answer with its body still to read.
pub async fn open(
    addr: SocketAddr,
    method: Method,
    path: &str,
    auth: Auth<'_>,
    headers: &[(&str, &str)],
    content_type: Option<&str>,
    body: Vec<u8>,
) -> Response<Incoming> {
    let stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .expect("handshake");
    tokio::spawn(connection);
    let mut request = Request::builder()
        .method(method)
        .uri(path)
        .header("host", addr.to_string());
    for (name, value) in headers {
        request = request.header(*name, *value);
    }
    if let Some(content_type) = content_type {
        request = request.header(CONTENT_TYPE, content_type);
    }
    match auth {
        Auth::None => {}
        Auth::Cookie(token) => {
            request = request.header(COOKIE, format!("theme=dark; muster_session={token}"));
        }
        Auth::Bearer(token) => {
            request = request.header(AUTHORIZATION, format!("Bearer {token}"));
        }
    }
    let request = request.body(Full::new(Bytes::from(body))).expect("request");
    sender.send_request(request).await.expect("response")
}

/// [`open`], the answer read whole.
pub async fn send(
    addr: SocketAddr,
    method: Method,
    path: &str,
    auth: Auth<'_>,
    headers: &[(&str, &str)],
    content_type: Option<&str>,
    body: Vec<u8>,
) -> Reply {
    let response = open(addr, method, path, auth, headers, content_type, body).await;
    let status = response.status().as_u16();
    let headers = response.headers().clone();
    let bytes = response
        .into_body()
        .collect()
        .await
        .expect("body")
        .to_bytes()
        .to_vec();
    Reply {
        status,
        headers,
        body: String::from_utf8_lossy(&bytes).into_owned(),
        bytes,
    }
}

impl Harness {
    /// Sends one request with extra headers over a fresh connection.
    pub async fn send_with(
        &self,
        method: Method,
        path: &str,
        auth: Auth<'_>,
        headers: &[(&str, &str)],
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> Reply {
        send(self.addr, method, path, auth, headers, content_type, body).await
    }

    /// Sends one request over a fresh connection.
    pub async fn send_raw(
        &self,
        method: Method,
        path: &str,
        auth: Auth<'_>,
        content_type: Option<&str>,
        body: Vec<u8>,
    ) -> Reply {
        self.send_with(method, path, auth, &[], content_type, body)
            .await
    }

    /// Sends one request, with `body` as JSON if any.
    pub async fn send(
        &self,
        method: Method,
        path: &str,
        auth: Auth<'_>,
        body: Option<Value>,
    ) -> Reply {
        match body {
            Some(body) => {
                let text = body.to_string().into_bytes();
                self.send_raw(method, path, auth, Some("application/json"), text)
                    .await
            }
            None => self.send_raw(method, path, auth, None, Vec::new()).await,
        }
    }

    /// Sends `method path` with `headers`, no credentials and no body.
    pub async fn request(&self, method: Method, path: &str, headers: &[(&str, &str)]) -> Reply {
        self.send_with(method, path, Auth::None, headers, None, Vec::new())
            .await
    }

    /// `GET path`, with a bearer `token` if any.
    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        let auth = token.map_or(Auth::None, Auth::Bearer);
        self.send(Method::GET, path, auth, None).await
    }

    /// `POST path` with the JSON `body` and a bearer `token`.
    pub async fn post(&self, path: &str, token: &str, body: Value) -> Reply {
        self.send(Method::POST, path, Auth::Bearer(token), Some(body))
            .await
    }

    /// `POST /api/session` with `body`.
    pub async fn session(&self, body: Value) -> Reply {
        self.send(Method::POST, "/api/session", Auth::None, Some(body))
            .await
    }

    /// `GET /api/session`.
    pub async fn whoami(&self, auth: Auth<'_>) -> Reply {
        self.send(Method::GET, "/api/session", auth, None).await
    }

    /// Registers `name` and returns the session token.
    pub async fn register(&self, name: &str, password: &str) -> String {
        let reply = self
            .session(json!({"kind": "register", "name": name, "password": password}))
            .await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        token_of(&reply)
    }

    /// Creates a challenge, expecting 201; its answer.
    pub async fn challenge(&self, token: &str, body: Value) -> Value {
        let reply = self.post("/api/challenges", token, body).await;
        assert_eq!(reply.status, 201, "{}", reply.body);
        reply.json()
    }

    /// Creates a challenge as `token` with the `Idempotency-Key` `key`.
    pub async fn challenge_keyed(&self, token: &str, key: &str, body: &Value) -> Reply {
        self.send_with(
            Method::POST,
            "/api/challenges",
            Auth::Bearer(token),
            &[("Idempotency-Key", key)],
            Some("application/json"),
            body.to_string().into_bytes(),
        )
        .await
    }

    /// Joins the challenge `id`.
    pub async fn join(&self, token: &str, id: &str) -> Reply {
        self.post(&format!("/api/challenges/{id}/join"), token, json!({}))
            .await
    }

    /// A direct challenge of Murus Gallicus from `token` naming `who`; its id.
    pub async fn direct_challenge(&self, token: &str, who: &str) -> String {
        let mut body = casual(
            "murus-gallicus",
            "",
            json!([{"kind": "me"}, {"kind": "user", "name": who}]),
        );
        body["visibility"] = json!("direct");
        let made = self.challenge(token, body).await;
        made["id"].as_str().expect("an id").to_owned()
    }

    /// A game of Murus Gallicus between `first` (seat 0) and the user `second_name` whose token
    /// is `second`, by a direct challenge joined; its id.
    pub async fn direct_game(&self, first: &str, second_name: &str, second: &str) -> MatchId {
        let id = self.direct_challenge(first, second_name).await;
        g_of(&self.join(second, &id).await.json())
    }

    /// A bot of `owner`'s named `name`, made over HTTP; its token.
    pub async fn bot(&self, owner: &str, name: &str) -> String {
        let made = self.post("/api/bots", owner, json!({"name": name})).await;
        assert_eq!(made.status, 201, "{}", made.body);
        made.json()["token"].as_str().expect("a token").to_owned()
    }
}

/// The session token of a session's answer.
pub fn token_of(reply: &Reply) -> String {
    reply.json()["token"]
        .as_str()
        .expect("a token in the answer")
        .to_owned()
}

/// The body of an untimed challenge.
pub fn casual(game: &str, variant: &str, seats: Value) -> Value {
    json!({"game": game, "variant": variant, "seats": seats, "clock": {"kind": "none"}})
}

/// The game of a started challenge.
pub fn g_of(info: &Value) -> MatchId {
    MatchId(info["g"].as_str().expect("a started game").to_owned())
}

/// A reader of `GET /api/stream`: one request whose body is read line by line as it arrives.
pub struct EventStream {
    pub status: u16,
    pub content_type: String,
    body: Incoming,
    buffer: Vec<u8>,
    done: bool,
    /// Set when the body ended without an error.
    pub ended_cleanly: bool,
}

impl EventStream {
    /// Opens the stream with a bearer token.
    pub async fn open(addr: SocketAddr, token: &str) -> EventStream {
        let auth = Auth::Bearer(token);
        let response = open(
            addr,
            Method::GET,
            "/api/stream",
            auth,
            &[],
            None,
            Vec::new(),
        )
        .await;
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        EventStream {
            status,
            content_type,
            body: response.into_body(),
            buffer: Vec::new(),
            done: false,
            ended_cleanly: false,
        }
    }

    /// The next line (without its newline), within 10 s; `None` at the end of the body.
    pub async fn line(&mut self) -> Option<String> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                return Some(String::from_utf8_lossy(&line[..end]).into_owned());
            }
            if self.done {
                return None;
            }
            let frame = until(Duration::from_secs(10), self.body.frame())
                .await
                .expect("a line within 10 s");
            match frame {
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        self.buffer.extend_from_slice(&data);
                    }
                }
                Some(Err(_)) => self.done = true,
                None => {
                    self.done = true;
                    self.ended_cleanly = true;
                }
            }
        }
    }

    /// The next event, skipping keep-alives.
    pub async fn next(&mut self) -> StreamEvent {
        loop {
            let line = self.line().await.expect("the stream goes on");
            match StreamEvent::from_line(&line) {
                Ok(Some(event)) => return event,
                Ok(None) => continue,
                Err(e) => panic!("a line that is no event ({e}): {line}"),
            }
        }
    }

    /// The events up to and including `synced`.
    pub async fn until_synced(&mut self) -> Vec<StreamEvent> {
        let mut events = Vec::new();
        loop {
            let event = self.next().await;
            let last = event == StreamEvent::Synced;
            events.push(event);
            if last {
                return events;
            }
        }
    }
}
