//! Starting and stopping a server, written once: the app in process on 127.0.0.1 over a real
//! socket, on a SQLite file in a temporary directory; and what a test makes in its store (users
//! with sessions, games) or reads from it.

use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

use muster_server::games::{new_game, NewGameSpec, SeatPlan};
use muster_server::{GameConfig, ServerState};
use muster_store::{
    FaultyStore, GameId, NewUser, Session, SqlStore, Store, TakebackPolicy, UserId,
};
use muster_wire::http::ClockSpec;
use muster_wire::MatchId;
use tempfile::TempDir;
use tokio::sync::oneshot;

use super::{until, Client};

/// A running server.
pub struct Harness {
    pub addr: SocketAddr,
    /// The store the server runs on (the fault-injecting one of [`Harness::start_faulty`]).
    pub store: Arc<dyn Store>,
    /// The database's URL, for another server on it.
    pub url: String,
    /// The SQLite store under `store`, closed when the server stops.
    sql: SqlStore,
    server: tokio::task::JoinHandle<std::io::Result<()>>,
    stop: Option<oneshot::Sender<()>>,
    /// Keeps the SQLite file's directory alive; a server on another's file has none.
    _dir: Option<TempDir>,
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

/// A fresh temporary directory and the URL of a SQLite file in it.
fn fresh_file() -> (TempDir, String) {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("muster.db").display());
    (dir, url)
}

impl Harness {
    /// A server with `config` over a fresh SQLite file.
    pub async fn start(config: GameConfig) -> Harness {
        let (dir, url) = fresh_file();
        let sql = SqlStore::open(&url).await.expect("store");
        let store: Arc<dyn Store> = Arc::new(sql.clone());
        Harness::boot(url, sql, store, config, Some(dir)).await
    }

    /// A server over a [`FaultyStore`] on a fresh SQLite file, and a handle on its fault plan.
    pub async fn start_faulty(config: GameConfig) -> (Harness, FaultyStore) {
        let (dir, url) = fresh_file();
        let sql = SqlStore::open(&url).await.expect("store");
        let faulty = FaultyStore::new(sql.clone());
        let store: Arc<dyn Store> = Arc::new(faulty.clone());
        (
            Harness::boot(url, sql, store, config, Some(dir)).await,
            faulty,
        )
    }

    /// A server on the database at `url` that another server made: a second node beside it,
    /// or the same server started again.
    pub async fn on(url: &str, config: GameConfig) -> Harness {
        let sql = SqlStore::open(url).await.expect("store");
        let store: Arc<dyn Store> = Arc::new(sql.clone());
        Harness::boot(url.to_owned(), sql, store, config, None).await
    }

    /// The start-up every server of the tests goes through: a listener on a free port of
    /// 127.0.0.1, and `muster_server::serve` on it until [`Harness::stop`].
    async fn boot(
        url: String,
        sql: SqlStore,
        store: Arc<dyn Store>,
        config: GameConfig,
        dir: Option<TempDir>,
    ) -> Harness {
        let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
            .await
            .expect("bind");
        let addr = listener.local_addr().expect("address");
        let state = ServerState::with_config(Arc::clone(&store), config);
        let (stop, stopped) = oneshot::channel::<()>();
        let server = tokio::spawn(muster_server::serve(listener, state, async {
            let _ = stopped.await;
        }));
        Harness {
            addr,
            store,
            url,
            sql,
            server,
            stop: Some(stop),
            _dir: dir,
        }
    }

    /// Stops serving by the shutdown future and checks that serving ended without error.
    async fn halt(&mut self) {
        if let Some(stop) = self.stop.take() {
            let _ = stop.send(());
        }
        (&mut self.server)
            .await
            .expect("the server task")
            .expect("served without error");
    }

    /// Stops the server cleanly (checking that it served without error) and closes its store.
    pub async fn stop(mut self) {
        self.halt().await;
        self.sql.close().await;
    }

    /// Stops the server cleanly, waits `down`, and starts a new one on the same database.
    pub async fn restart(mut self, config: GameConfig, down: Duration) -> Harness {
        self.halt().await;
        tokio::time::sleep(down).await;
        let mut next = Harness::on(&self.url, config).await;
        next._dir = self._dir.take();
        next
    }

    /// A WebSocket client of this server, signed in with `token` if any.
    pub async fn client(&self, token: Option<&str>) -> Client {
        Client::connect(self.addr, token).await
    }

    /// A guest with a session: its id and its token.
    pub async fn user(&self, name: &str) -> (UserId, String) {
        self.account(name, true).await
    }

    /// A guest's session token.
    pub async fn guest(&self, name: &str) -> String {
        self.user(name).await.1
    }

    /// A registered user's session token (the user has a password hash that nothing matches).
    pub async fn member(&self, name: &str) -> String {
        self.account(name, false).await.1
    }

    async fn account(&self, name: &str, is_guest: bool) -> (UserId, String) {
        let user = self
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

    /// Human seats for guests called `names`: the seat plans and each user's token.
    pub async fn humans(&self, names: &[&str]) -> (Vec<SeatPlan>, Vec<String>) {
        let mut plans = Vec::new();
        let mut tokens = Vec::new();
        for name in names {
            let (user, token) = self.user(name).await;
            plans.push(SeatPlan::Human(user));
            tokens.push(token);
        }
        (plans, tokens)
    }

    /// An untimed, unrated game created in the store.
    pub async fn game(&self, game: &str, variant: &str, seats: Vec<SeatPlan>) -> MatchId {
        self.game_spec(spec(game, variant, seats, ClockSpec::None, false))
            .await
    }

    /// A game from a full spec, created in the store.
    pub async fn game_spec(&self, spec: NewGameSpec) -> MatchId {
        let new = new_game(&spec, 1).expect("a valid game");
        self.store.create_game(&new).await.expect("stored");
        MatchId(new.id.as_str().to_owned())
    }

    /// The stored version of game `g`.
    pub async fn version(&self, g: &MatchId) -> i64 {
        self.store
            .load_game(&store_id(g))
            .await
            .expect("read")
            .expect("the game")
            .version
    }

    /// The stored log of game `g`, every entry.
    pub async fn log(&self, g: &MatchId) -> Vec<muster_store::StoredEntry> {
        self.store.log_after(&store_id(g), 0).await.expect("read")
    }

    /// Waits (at most 10 s) until `user` has `unread` unread notifications stored. The server
    /// stores notifications in the background, so a test that arms a fault waits for them
    /// first: otherwise one could land on the fault meant for a move.
    pub async fn notices_stored(&self, user: &UserId, unread: u64) {
        let mut stored = 0;
        let polling = async {
            loop {
                stored = self.store.unread_notifications(user).await.expect("read");
                if stored >= unread {
                    return;
                }
                tokio::time::sleep(Duration::from_millis(20)).await;
            }
        };
        let reached = until(Duration::from_secs(10), polling).await;
        assert!(
            reached.is_some(),
            "{stored} notifications stored, {unread} awaited"
        );
    }
}

/// A spec of a game with a clock, casual takebacks.
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

/// A game id of the store from a wire one.
pub fn store_id(g: &MatchId) -> GameId {
    GameId::parse(&g.0).expect("an id")
}
