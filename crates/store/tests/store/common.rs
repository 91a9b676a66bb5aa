//! The two backends every store test runs on, and builders for test records.
//!
//! SQLite runs on a file in a fresh temporary directory. PostgreSQL runs on the server named by
//! `MUSTER_PG_URL` (scripts/pg.sh starts one), in a fresh database per test. Without that URL
//! the PostgreSQL tests fail, so a run cannot pass without them, unless `MUSTER_PG_SKIP=1` says
//! to skip them on purpose.

#![allow(dead_code)]

use muster_store::{
    ChallengeId, ClockKind, Commit, GameId, GameStatus, LogEntry, LogKind, NewChallenge, NewGame,
    NewUser, Seat, SeatKind, SqlStore, TakebackPolicy, UserId, Visibility,
};
use sqlx::{Connection, Executor};
use tempfile::TempDir;

/// A store under test, with what is needed to open it again.
pub struct Db {
    /// The open store.
    pub store: SqlStore,
    /// Its URL.
    pub url: String,
    /// Keeps the SQLite file's directory alive.
    _dir: Option<TempDir>,
}

impl Db {
    /// Closes the store and opens the same database again.
    pub async fn reopen(self) -> Db {
        self.store.close().await;
        drop(self.store);
        let store = SqlStore::open(&self.url).await.expect("reopen");
        Db {
            store,
            url: self.url,
            _dir: self._dir,
        }
    }
}

/// A fresh SQLite file.
pub async fn sqlite() -> Db {
    let dir = tempfile::tempdir().expect("temp dir");
    let url = format!("sqlite://{}", dir.path().join("muster.db").display());
    let store = SqlStore::open(&url).await.expect("open sqlite");
    Db {
        store,
        url,
        _dir: Some(dir),
    }
}

/// A fresh database on the PostgreSQL server of `MUSTER_PG_URL`; `None` only when
/// `MUSTER_PG_SKIP=1`.
pub async fn postgres() -> Option<Db> {
    let url = postgres_url().await?;
    let store = SqlStore::open(&url).await.expect("open postgres");
    Some(Db {
        store,
        url,
        _dir: None,
    })
}

/// The URL of a fresh, empty (unmigrated) database on the PostgreSQL server of
/// `MUSTER_PG_URL`; `None` only when `MUSTER_PG_SKIP=1`.
pub async fn postgres_url() -> Option<String> {
    let Ok(admin) = std::env::var("MUSTER_PG_URL") else {
        if std::env::var("MUSTER_PG_SKIP").as_deref() == Ok("1") {
            eprintln!("MUSTER_PG_SKIP=1: PostgreSQL test skipped");
            return None;
        }
        panic!(
            "MUSTER_PG_URL is not set: run the store tests through scripts/pg.sh \
             (scripts/check.sh does), or set MUSTER_PG_SKIP=1 to skip PostgreSQL on purpose"
        );
    };
    sqlx::any::install_default_drivers();
    let name = format!("muster_{}", UserId::generate().as_str().to_lowercase());
    let mut conn = sqlx::AnyConnection::connect(&admin)
        .await
        .unwrap_or_else(|e| panic!("cannot connect to {admin}: {e}"));
    conn.execute(format!("CREATE DATABASE {name}").as_str())
        .await
        .expect("create database");
    conn.close().await.expect("close admin connection");
    let base = admin.split('?').next().unwrap_or(&admin);
    let (server, _) = base
        .rsplit_once('/')
        .expect("a database path in MUSTER_PG_URL");
    Some(format!("{server}/{name}"))
}

/// Runs each named case as two tests, `sqlite` and `postgres`, in a module of its name.
#[macro_export]
macro_rules! both_backends {
    ($($case:ident),* $(,)?) => {$(
        mod $case {
            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn sqlite() {
                let db = $crate::common::sqlite().await;
                super::$case(db).await;
            }

            #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
            async fn postgres() {
                if let Some(db) = $crate::common::postgres().await {
                    super::$case(db).await;
                }
            }
        }
    )*};
}

/// A named user.
pub fn new_user(name: &str) -> NewUser {
    NewUser {
        name: name.to_owned(),
        pw_hash: Some("$argon2id$v=19$m=19456,t=2,p=1$c2FsdA$aGFzaA".to_owned()),
        is_guest: false,
        is_bot: false,
        email: None,
        prefs_json: "{}".to_owned(),
        created_ms: 1_700_000_000_000,
    }
}

/// A running two-seat game: seat 0 is `user`, seat 1 the engine at level 3.
pub fn new_game(user: Option<&UserId>) -> NewGame {
    NewGame {
        id: GameId::generate(),
        game: "murus-gallicus".to_owned(),
        variant: "standard".to_owned(),
        rules_version: "1".to_owned(),
        status: GameStatus::Running,
        start_text: None,
        chance_seed: -42,
        clock_kind: ClockKind::Live,
        base_ms: 300_000,
        inc_ms: 2_000,
        corr_ms: 0,
        clock_json: r#"{"remaining":[300000,300000]}"#.to_owned(),
        deadline_ms: Some(1_700_000_300_000),
        rated: false,
        takeback: TakebackPolicy::Casual,
        challenge_id: None,
        created_ms: 1_700_000_000_000,
        seats: vec![
            Seat {
                kind: SeatKind::Human,
                user_id: user.cloned(),
                joined_ms: Some(1_700_000_000_000),
                ..Seat::open(0)
            },
            Seat {
                kind: SeatKind::Ai,
                ai_level: Some(3),
                ai_seed: 7,
                ..Seat::open(1)
            },
        ],
    }
}

/// The act entry of `seat` at `ply`.
pub fn act(ply: i64, seat: i64, action: &str) -> LogEntry {
    LogEntry {
        kind: LogKind::Act,
        ply,
        seat: Some(seat),
        action: Some(action.to_owned()),
        hidden: false,
        hash: i64::MIN + ply,
        clock_ms: Some(299_000 - ply),
        think_ms: 1_000,
        data_json: "{}".to_owned(),
        created_ms: 1_700_000_001_000 + ply,
    }
}

/// A commit of acts for plies `from_ply ..` by alternating seats.
pub fn commit_of(from_ply: i64, actions: &[&str]) -> Commit {
    let entries: Vec<LogEntry> = actions
        .iter()
        .zip(from_ply..)
        .map(|(a, ply)| act(ply, ply % 2, a))
        .collect();
    Commit {
        ply: from_ply + entries.len() as i64,
        entries,
        status: GameStatus::Running,
        clock_json: format!(r#"{{"ply":{from_ply}}}"#),
        deadline_ms: None,
        started_ms: Some(1_700_000_001_000),
        now_ms: 1_700_000_002_000 + from_ply,
        ..Commit::default()
    }
}

/// A public two-seat live challenge by `creator`, made at `created_ms`, open for an hour, whose
/// seat spec is `spec`.
pub fn new_challenge(creator: &UserId, created_ms: i64, spec: &str) -> NewChallenge {
    NewChallenge {
        id: ChallengeId::generate(),
        creator_id: creator.clone(),
        game: "murus-gallicus".to_owned(),
        variant: "standard".to_owned(),
        seats: 2,
        seat_spec_json: spec.to_owned(),
        random_order: true,
        clock_kind: ClockKind::Live,
        base_ms: 300_000,
        inc_ms: 2_000,
        corr_ms: 0,
        rated: true,
        takeback: TakebackPolicy::Never,
        visibility: Visibility::Public,
        created_ms,
        expires_ms: created_ms + 3_600_000,
    }
}

/// A two-seat game of two humans.
pub fn new_game_of(first: &UserId, second: &UserId) -> NewGame {
    let mut game = new_game(Some(first));
    game.seats[1] = Seat {
        kind: SeatKind::Human,
        user_id: Some(second.clone()),
        joined_ms: Some(1_700_000_000_000),
        ..Seat::open(1)
    };
    game
}
