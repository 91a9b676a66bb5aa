//! The lobby tests' server: the app in process over a real socket on a SQLite file, with the
//! accounts tests' HTTP client and the play tests' WebSocket client, and users with sessions.

use std::sync::Arc;

use hyper::Method;
use muster_server::accounts::hash_token;
use muster_server::accounts::tokens::new_token;
use muster_store::{NewUser, Session, SqlStore, Store};
use muster_wire::MatchId;
use serde_json::{json, Value};

use crate::client::{self, Auth, Reply};
use crate::common::{quick, Harness};

pub struct Lobby {
    pub h: Harness,
    pub http: client::Server,
}

impl Lobby {
    pub async fn start() -> Lobby {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}", dir.path().join("muster.db").display());
        let store = Arc::new(SqlStore::open(&url).await.expect("store"));
        let mut h = Harness::with_store(Arc::clone(&store) as Arc<dyn Store>, quick(), dir).await;
        h.url = url;
        let http = client::Server {
            addr: h.addr,
            store,
        };
        Lobby { h, http }
    }

    /// Stops the server cleanly and starts a new one on the same SQLite file (the sessions and
    /// everything stored stay).
    pub async fn restart(self) -> Lobby {
        let url = self.h.url.clone();
        let h = self.h.restart(quick(), std::time::Duration::ZERO).await;
        let http = client::Server {
            addr: h.addr,
            store: Arc::new(SqlStore::open(&url).await.expect("store")),
        };
        Lobby { h, http }
    }

    /// A guest with a session token.
    pub async fn guest(&self, name: &str) -> String {
        self.user(name, true).await
    }

    /// A registered user with a session token.
    pub async fn member(&self, name: &str) -> String {
        self.user(name, false).await
    }

    pub async fn user(&self, name: &str, is_guest: bool) -> String {
        let user = self
            .h
            .store
            .create_user(&NewUser {
                name: name.to_owned(),
                pw_hash: (!is_guest).then(|| "not a real hash".to_owned()),
                is_guest,
                is_bot: false,
                email: None,
                prefs_json: "{}".to_owned(),
                created_ms: 0,
            })
            .await
            .expect("user");
        let token = new_token().expect("a token");
        self.h
            .store
            .insert_session(&Session {
                token_hash: hash_token(&token),
                user_id: user.id,
                created_ms: 0,
                seen_ms: 0,
                expires_ms: i64::MAX,
            })
            .await
            .expect("session");
        token
    }

    pub async fn post(&self, path: &str, token: &str, body: Value) -> Reply {
        self.http
            .send(Method::POST, path, Auth::Bearer(token), Some(body))
            .await
    }

    pub async fn get(&self, path: &str, token: Option<&str>) -> Reply {
        let auth = token.map_or(Auth::None, Auth::Bearer);
        self.http.send(Method::GET, path, auth, None).await
    }

    /// Creates a challenge, expecting 201; its answer.
    pub async fn challenge(&self, token: &str, body: Value) -> Value {
        let reply = self.post("/api/challenges", token, body).await;
        assert_eq!(reply.status, 201, "{}", reply.body);
        reply.json()
    }

    pub async fn join(&self, token: &str, id: &str) -> Reply {
        self.post(&format!("/api/challenges/{id}/join"), token, json!({}))
            .await
    }
}

pub fn casual(game: &str, variant: &str, seats: Value) -> Value {
    json!({"game": game, "variant": variant, "seats": seats, "clock": {"kind": "none"}})
}

pub fn g_of(info: &Value) -> MatchId {
    MatchId(info["g"].as_str().expect("a started game").to_owned())
}
