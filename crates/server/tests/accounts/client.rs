//! The test client: a server in process on a temp SQLite file, and one HTTP/1 request per
//! connection with hyper.

use std::future::Future;
use std::net::SocketAddr;
use std::sync::Arc;

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::header::{HeaderMap, AUTHORIZATION, CONTENT_TYPE, COOKIE, SET_COOKIE};
use hyper::{Method, Request};
use hyper_util::rt::TokioIo;
use muster_server::ServerState;
use muster_store::{SqlStore, Store};
use serde_json::{json, Value};
use tokio::sync::oneshot;

/// A running server and its store.
pub struct Server {
    pub addr: SocketAddr,
    pub store: Arc<SqlStore>,
}

/// One answer: status, headers, body text.
pub struct Reply {
    pub status: u16,
    pub headers: HeaderMap,
    pub body: String,
}

impl Reply {
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

/// How a request proves who it is.
#[derive(Clone, Copy)]
pub enum Auth<'a> {
    None,
    Cookie(&'a str),
    Bearer(&'a str),
}

impl Server {
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
        let stream = tokio::net::TcpStream::connect(self.addr)
            .await
            .expect("connect");
        let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .expect("handshake");
        tokio::spawn(connection);
        let mut request = Request::builder()
            .method(method)
            .uri(path)
            .header("host", self.addr.to_string());
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
        let response = sender.send_request(request).await.expect("response");
        let status = response.status().as_u16();
        let headers = response.headers().clone();
        let bytes = response
            .into_body()
            .collect()
            .await
            .expect("body")
            .to_bytes();
        Reply {
            status,
            headers,
            body: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

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
}

pub fn token_of(reply: &Reply) -> String {
    reply.json()["token"]
        .as_str()
        .expect("a token in the answer")
        .to_owned()
}

/// Runs `check` against a fresh server on a temp SQLite file, then stops it cleanly.
pub async fn with_server<F, Fut>(check: F)
where
    F: FnOnce(Arc<Server>) -> Fut,
    Fut: Future<Output = ()>,
{
    with_server_config(muster_server::GameConfig::default(), check).await;
}

/// [`with_server`] with `config`.
pub async fn with_server_config<F, Fut>(config: muster_server::GameConfig, check: F)
where
    F: FnOnce(Arc<Server>) -> Fut,
    Fut: Future<Output = ()>,
{
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("muster.db").display());
    let store = Arc::new(SqlStore::open(&url).await.expect("store"));
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("bind");
    let addr = listener.local_addr().expect("address");
    let (stop, stopped) = oneshot::channel::<()>();
    let state = ServerState::with_config(Arc::clone(&store) as Arc<dyn Store>, config);
    let server = tokio::spawn(muster_server::serve(listener, state, async {
        let _ = stopped.await;
    }));
    let handle = Arc::new(Server {
        addr,
        store: Arc::clone(&store),
    });
    check(Arc::clone(&handle)).await;
    stop.send(()).expect("the server is still running");
    server
        .await
        .expect("the server task")
        .expect("served without error");
    store.close().await;
}
