//! What survives: reopening, corrupted rows, racing writers, refused commits, the schema.

use std::sync::Arc;
use std::time::Instant;

use muster_store::{
    Backend, Error, FaultyStore, GameStatus, Session, Snapshot, SqlStore, Store, TokenHash,
};
use tokio::sync::Barrier;

use crate::common::{commit_of, new_game, new_user, Db};

async fn reopening_finds_everything_committed(db: Db) {
    let user = db.store.create_user(&new_user("Eve")).await.expect("user");
    let hash = TokenHash::from_hex(&"e0".repeat(16)).expect("hex");
    let session = Session {
        token_hash: hash.clone(),
        user_id: user.id.clone(),
        created_ms: 1,
        seen_ms: 2,
        expires_ms: 3,
    };
    db.store.insert_session(&session).await.expect("session");
    let new = new_game(Some(&user.id));
    db.store.create_game(&new).await.expect("game");
    let mut version = 0;
    for ply in 0..20 {
        let action = format!("m{ply}");
        version = db
            .store
            .commit(&new.id, version, &commit_of(ply, &[action.as_str()]))
            .await
            .expect("commit");
    }
    let snapshot = Snapshot {
        ply: 16,
        position_text: "a position".to_owned(),
        hash: 1234,
    };
    db.store
        .put_snapshot(&new.id, &snapshot)
        .await
        .expect("snapshot");
    let game = db.store.load_game(&new.id).await.expect("load");
    let log = db.store.log_after(&new.id, 0).await.expect("log");

    let db = db.reopen().await;
    let store = &db.store;
    assert_eq!(store.user_by_name("eve").await.expect("user"), Some(user));
    assert_eq!(
        store.find_session(&hash).await.expect("session"),
        Some(session)
    );
    let again = store.load_game(&new.id).await.expect("load");
    assert_eq!(again, game);
    assert_eq!(again.map(|g| (g.version, g.ply)), Some((20, 20)));
    assert_eq!(store.log_after(&new.id, 0).await.expect("log"), log);
    assert_eq!(
        store.latest_snapshot(&new.id, 100).await.expect("snapshot"),
        Some(snapshot)
    );
}

/// Overwrites one column of the rows matching `game_id` behind the store's back.
async fn corrupt(store: &SqlStore, sql: &str, id: &str) {
    sqlx::query(sql)
        .bind(id)
        .execute(store.pool())
        .await
        .expect("corrupt");
}

fn expect_bad_value<T: std::fmt::Debug>(
    got: muster_store::Result<T>,
    table: &str,
    column: &str,
    value: &str,
) {
    match got {
        Err(e @ Error::BadValue { .. }) => {
            let text = e.to_string();
            assert!(
                text.contains(&format!("{table}.{column}")) && text.contains(value),
                "{text}"
            );
        }
        other => panic!("expected a bad value in {table}.{column}, got {other:?}"),
    }
}

async fn a_corrupted_value_reads_as_a_clear_error(db: Db) {
    let store = &db.store;
    let new = new_game(None);
    store.create_game(&new).await.expect("game");
    store
        .commit(&new.id, 0, &commit_of(0, &["a"]))
        .await
        .expect("commit");
    let id = new.id.as_str();

    corrupt(
        store,
        "UPDATE games SET status = 'paused' WHERE id = $1",
        id,
    )
    .await;
    expect_bad_value(
        store.load_game(&new.id).await,
        "games",
        "status",
        "\"paused\"",
    );
    corrupt(
        store,
        "UPDATE games SET status = 'running', rated = 2 WHERE id = $1",
        id,
    )
    .await;
    expect_bad_value(store.load_game(&new.id).await, "games", "rated", "2");
    corrupt(
        store,
        "UPDATE games SET rated = 0, termination = 'boredom' WHERE id = $1",
        id,
    )
    .await;
    expect_bad_value(
        store.load_game(&new.id).await,
        "games",
        "termination",
        "\"boredom\"",
    );
    corrupt(
        store,
        "UPDATE games SET termination = NULL WHERE id = $1",
        id,
    )
    .await;
    corrupt(
        store,
        "UPDATE game_seats SET kind = 'Robot' WHERE game_id = $1",
        id,
    )
    .await;
    expect_bad_value(
        store.load_game(&new.id).await,
        "game_seats",
        "kind",
        "\"Robot\"",
    );
    corrupt(
        store,
        "UPDATE game_seats SET kind = 'open' WHERE game_id = $1",
        id,
    )
    .await;
    assert_eq!(
        store
            .load_game(&new.id)
            .await
            .expect("load")
            .map(|g| g.status),
        Some(GameStatus::Running)
    );

    corrupt(
        store,
        "UPDATE game_log SET kind = 'ACT' WHERE game_id = $1",
        id,
    )
    .await;
    expect_bad_value(
        store.log_after(&new.id, 0).await,
        "game_log",
        "kind",
        "\"ACT\"",
    );
    corrupt(
        store,
        "UPDATE game_log SET kind = 'act', hidden = -1 WHERE game_id = $1",
        id,
    )
    .await;
    expect_bad_value(
        store.log_after(&new.id, 0).await,
        "game_log",
        "hidden",
        "-1",
    );
}

/// How many writers race at each version.
const WRITERS: usize = 4;

async fn of_racing_writers_at_one_version_exactly_one_wins(db: Db) {
    let store = Arc::new(db.store.clone());
    let new = new_game(None);
    store.create_game(&new).await.expect("game");
    let mut version = 0;
    for round in 0..10_i64 {
        let barrier = Arc::new(Barrier::new(WRITERS));
        let tasks: Vec<_> = (0..WRITERS)
            .map(|writer| {
                let store = Arc::clone(&store);
                let barrier = Arc::clone(&barrier);
                let id = new.id.clone();
                tokio::spawn(async move {
                    let action = format!("r{round}w{writer}");
                    let commit = commit_of(round, &[action.as_str()]);
                    barrier.wait().await;
                    (writer, store.commit(&id, version, &commit).await)
                })
            })
            .collect();
        let mut winners = Vec::new();
        for task in tasks {
            match task.await.expect("task") {
                (writer, Ok(v)) => winners.push((writer, v)),
                (
                    _,
                    Err(Error::Stale {
                        expected, actual, ..
                    }),
                ) => assert_eq!((expected, actual), (version, version + 1)),
                (_, Err(other)) => panic!("round {round}: unexpected {other:?}"),
            }
        }
        assert_eq!(winners.len(), 1, "round {round}: {winners:?}");
        let (writer, v) = winners[0];
        assert_eq!(v, version + 1);
        let log = store.log_after(&new.id, version).await.expect("log");
        assert_eq!(log.len(), 1);
        assert_eq!(
            log[0].entry.action.as_deref(),
            Some(format!("r{round}w{writer}").as_str())
        );
        version = v;
    }
    let game = store.load_game(&new.id).await.expect("load").expect("some");
    assert_eq!(game.version, 10);
}

async fn a_refused_commit_writes_nothing(db: Db) {
    let faulty = FaultyStore::new(db.store.clone());
    // The server holds the store as a trait object; the faulty one stands in for the real one.
    let store: Arc<dyn Store> = Arc::new(faulty.clone());
    let new = new_game(None);
    faulty.create_game(&new).await.expect("game");
    assert_eq!(faulty.commits(), 1);
    faulty.fail_nth_commit(2);
    assert_eq!(
        faulty
            .commit(&new.id, 0, &commit_of(0, &["a"]))
            .await
            .expect("first"),
        1
    );
    let before = faulty.load_game(&new.id).await.expect("load");
    let err = store
        .commit(&new.id, 1, &commit_of(1, &["b", "c"]))
        .await
        .expect_err("refused");
    assert!(matches!(err, Error::Injected(3)), "{err:?}");
    // Seen through a fresh connection pool, nothing of the refused commit exists.
    let other = SqlStore::open(&db.url).await.expect("second pool");
    assert_eq!(other.load_game(&new.id).await.expect("load"), before);
    assert_eq!(other.log_after(&new.id, 1).await.expect("log"), []);
    // The resend succeeds, once.
    assert_eq!(
        faulty
            .commit(&new.id, 1, &commit_of(1, &["b", "c"]))
            .await
            .expect("resend"),
        3
    );
    assert_eq!(other.log_after(&new.id, 0).await.expect("log").len(), 3);

    faulty.fail_nth_commit(1);
    assert!(matches!(
        faulty.create_user(&new_user("frank")).await,
        Err(Error::Injected(_))
    ));
    assert_eq!(other.user_by_name("frank").await.expect("find"), None);
    assert!(faulty.create_user(&new_user("frank")).await.is_ok());
    other.close().await;
}

/// The columns of every table, as both dialects must create them.
const SCHEMA: &[(&str, &str)] = &[
    (
        "users",
        "id name name_norm pw_hash is_guest is_bot email prefs_json created_ms",
    ),
    (
        "sessions",
        "token_hash user_id created_ms seen_ms expires_ms",
    ),
    (
        "challenges",
        "id creator_id game variant seats seat_spec_json random_order clock_kind base_ms inc_ms \
         corr_ms rated takeback visibility status created_ms expires_ms game_id",
    ),
    (
        "games",
        "id game variant seats rules_version status start_text chance_seed ply version \
         clock_kind base_ms inc_ms corr_ms clock_json deadline_ms rated takeback result \
         termination challenge_id created_ms started_ms ended_ms updated_ms",
    ),
    (
        "game_seats",
        "game_id seat kind user_id ai_level ai_seed joined_ms retired_ply retired_why score rank \
         rating_before rating_after rd_before rd_after",
    ),
    (
        "game_log",
        "game_id v kind ply seat action hidden hash clock_ms think_ms data_json created_ms",
    ),
    ("game_snapshots", "game_id ply position_text hash"),
    ("challenge_keys", "user_id idem_key challenge_id created_ms"),
    ("bots", "bot_id owner_id created_ms"),
    ("chat", "id room game_id user_id text created_ms"),
    ("ratings", "user_id pool rating rd vol games updated_ms"),
    ("rating_history", "user_id pool game_id rating rd at_ms"),
    (
        "notifications",
        "id user_id kind game_id payload_json created_ms read_ms mailed_ms",
    ),
];

async fn the_schema_has_every_table_and_column(db: Db) {
    let sql = match db.store.backend() {
        Backend::Sqlite => "SELECT name FROM pragma_table_info($1) ORDER BY cid",
        Backend::Postgres => {
            "SELECT CAST(column_name AS TEXT) FROM information_schema.columns \
             WHERE table_schema = 'public' AND table_name = $1 ORDER BY ordinal_position"
        }
    };
    for (table, columns) in SCHEMA {
        let got: Vec<String> = sqlx::query_scalar(sql)
            .bind(*table)
            .fetch_all(db.store.pool())
            .await
            .expect("columns");
        let want: Vec<&str> = columns.split_whitespace().collect();
        assert_eq!(got, want, "table {table}");
    }
}

/// Not a benchmark: prints what one durable single-entry commit costs here.
async fn commit_latency_is_reported(db: Db) {
    let new = new_game(None);
    db.store.create_game(&new).await.expect("game");
    let n = 100;
    let start = Instant::now();
    for ply in 0..n {
        db.store
            .commit(&new.id, ply, &commit_of(ply, &["m"]))
            .await
            .expect("commit");
    }
    let per = start.elapsed() / u32::try_from(n).expect("small");
    eprintln!(
        "{:?}: {n} sequential commits, {per:?} each",
        db.store.backend()
    );
    assert_eq!(
        db.store.log_after(&new.id, 0).await.expect("log").len(),
        100
    );
}

crate::both_backends!(
    reopening_finds_everything_committed,
    a_corrupted_value_reads_as_a_clear_error,
    of_racing_writers_at_one_version_exactly_one_wins,
    a_refused_commit_writes_nothing,
    the_schema_has_every_table_and_column,
    commit_latency_is_reported,
);

/// Every pooled connection commits durably: SQLite in WAL mode with `synchronous=FULL` and
/// foreign keys on; PostgreSQL with `synchronous_commit=on`.
async fn connections_commit_durably(db: Db) {
    let pool = db.store.pool();
    // Several connections at once, so more than the first one is checked.
    let mut held = Vec::new();
    for _ in 0..3 {
        held.push(pool.acquire().await.expect("connection"));
    }
    for conn in &mut held {
        match db.store.backend() {
            Backend::Sqlite => {
                let mode: String = sqlx::query_scalar("PRAGMA journal_mode")
                    .fetch_one(&mut **conn)
                    .await
                    .expect("journal_mode");
                let sync: i64 = sqlx::query_scalar("PRAGMA synchronous")
                    .fetch_one(&mut **conn)
                    .await
                    .expect("synchronous");
                let fk: i64 = sqlx::query_scalar("PRAGMA foreign_keys")
                    .fetch_one(&mut **conn)
                    .await
                    .expect("foreign_keys");
                let busy: i64 = sqlx::query_scalar("PRAGMA busy_timeout")
                    .fetch_one(&mut **conn)
                    .await
                    .expect("busy_timeout");
                assert_eq!((mode.as_str(), sync, fk), ("wal", 2, 1));
                assert!(busy >= 1_000, "busy_timeout {busy}");
            }
            Backend::Postgres => {
                let sync: String = sqlx::query_scalar("SHOW synchronous_commit")
                    .fetch_one(&mut **conn)
                    .await
                    .expect("synchronous_commit");
                assert_eq!(sync, "on");
            }
        }
    }
}

#[tokio::test]
async fn unusable_urls_are_refused_with_the_url() {
    for url in [
        "sqlite::memory:",
        "sqlite://:memory:",
        "sqlite://",
        "mysql://x/y",
        "db.sqlite",
    ] {
        match SqlStore::open(url).await {
            Err(e @ Error::BadUrl { .. }) => assert!(e.to_string().contains(url), "{e}"),
            other => panic!("{url}: expected BadUrl, got {other:?}"),
        }
    }
}

crate::both_backends!(connections_commit_durably);
