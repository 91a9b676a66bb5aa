//! Bots and their owners: creation with the owner's row in one transaction, an owner's list,
//! a new token replacing every session of the bot, and the migration that finds the owners of
//! bots made before the `bots` table.

use muster_store::{Error, NewUser, Session, SqlStore, Store, TokenHash, UserId};
use sqlx::any::AnyPoolOptions;
use sqlx::Executor;

use crate::common::{new_user, Db};

/// A bot to create, made at `created_ms`.
fn new_bot(name: &str, created_ms: i64) -> NewUser {
    NewUser {
        pw_hash: None,
        is_bot: true,
        prefs_json: r#"{"owner":"someone","token_hash":"00"}"#.to_owned(),
        created_ms,
        ..new_user(name)
    }
}

/// A session of `user` whose token hash is `hex` repeated to 32 digits.
fn session(user: &UserId, hex: &str, created_ms: i64) -> Session {
    Session {
        token_hash: TokenHash::from_hex(&hex.repeat(16)).expect("hex"),
        user_id: user.clone(),
        created_ms,
        seen_ms: created_ms,
        expires_ms: i64::MAX,
    }
}

async fn an_owners_bots_are_listed_newest_first_and_only_theirs(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let bob = store.create_user(&new_user("bob")).await.expect("user");
    let first = store
        .create_bot(&new_bot("ann-bot-1", 10), &ann.id)
        .await
        .expect("bot");
    let second = store
        .create_bot(&new_bot("ann-bot-2", 20), &ann.id)
        .await
        .expect("bot");
    let bobs = store
        .create_bot(&new_bot("bob-bot", 15), &bob.id)
        .await
        .expect("bot");
    assert!(first.is_bot && second.is_bot && bobs.is_bot);
    assert_eq!(
        store.bots_of(&ann.id, 10).await.expect("list"),
        [second.clone(), first.clone()]
    );
    assert_eq!(
        store.bots_of(&ann.id, 1).await.expect("list"),
        std::slice::from_ref(&second)
    );
    assert_eq!(store.bots_of(&bob.id, 10).await.expect("list"), [bobs]);
    assert_eq!(store.bots_of(&first.id, 10).await.expect("list"), []);
    assert_eq!(
        store.bot_owner(&first.id).await.expect("owner"),
        Some(ann.id.clone())
    );
    assert_eq!(store.bot_owner(&ann.id).await.expect("owner"), None);
    assert_eq!(
        store.user_by_id(&first.id).await.expect("read"),
        Some(first)
    );
}

async fn a_bot_whose_name_is_taken_is_not_created_at_all(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    store
        .create_bot(&new_bot("helper", 10), &ann.id)
        .await
        .expect("bot");
    match store.create_bot(&new_bot("HELPER", 20), &ann.id).await {
        Err(Error::NameTaken { name }) => assert_eq!(name, "HELPER"),
        other => panic!("expected NameTaken, got {other:?}"),
    }
    assert!(matches!(
        store.create_bot(&new_bot(" spaced", 20), &ann.id).await,
        Err(Error::BadName { .. })
    ));
    assert_eq!(store.bots_of(&ann.id, 10).await.expect("list").len(), 1);
    // A bot without a real owner is refused whole: no user is left behind.
    let nobody = UserId::generate();
    assert!(store
        .create_bot(&new_bot("orphan", 30), &nobody)
        .await
        .is_err());
    assert_eq!(store.user_by_name("orphan").await.expect("read"), None);
}

async fn a_new_token_replaces_every_session_of_the_bot(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let bot = store
        .create_bot(&new_bot("helper", 10), &ann.id)
        .await
        .expect("bot");
    let old = session(&bot.id, "a1", 11);
    let older = session(&bot.id, "a2", 12);
    let anns = session(&ann.id, "b1", 13);
    for s in [&old, &older, &anns] {
        store.insert_session(s).await.expect("session");
    }
    let new = session(&bot.id, "c1", 20);
    let mut ended = store
        .replace_bot_token(&bot.id, r#"{"token_hash":"c1"}"#, &new)
        .await
        .expect("replace")
        .expect("a bot");
    ended.sort_by(|a, b| a.as_str().cmp(b.as_str()));
    assert_eq!(ended, [old.token_hash.clone(), older.token_hash.clone()]);
    assert_eq!(store.sessions_of_user(&bot.id).await.expect("list"), [new]);
    assert_eq!(
        store.sessions_of_user(&ann.id).await.expect("list"),
        std::slice::from_ref(&anns),
        "the owner's sessions are untouched"
    );
    let read = store.user_by_id(&bot.id).await.expect("read").expect("bot");
    assert_eq!(read.prefs_json, r#"{"token_hash":"c1"}"#);

    // A user who is no bot gets no token this way, and nothing changes.
    let refused = store
        .replace_bot_token(&ann.id, "{}", &session(&ann.id, "d1", 30))
        .await
        .expect("replace");
    assert_eq!(refused, None);
    assert_eq!(store.sessions_of_user(&ann.id).await.expect("list"), [anns]);
}

/// Makes the schema of the migrations up to `0002` at `url`, with an owner, a bot naming it
/// in its `prefs_json`, and bots whose `prefs_json` names nobody or is no JSON; then opens the
/// store, which runs `0003`: the first bot is found under its owner, the others are not.
async fn bots_made_before_the_table_are_found_by_their_owner(url: &str) {
    sqlx::any::install_default_drivers();
    let mut migrator = if url.starts_with("sqlite:") {
        sqlx::migrate!("./migrations/sqlite")
    } else {
        sqlx::migrate!("./migrations/postgres")
    };
    migrator.migrations = migrator
        .migrations
        .iter()
        .filter(|m| m.version <= 2)
        .cloned()
        .collect::<Vec<_>>()
        .into();
    let pool = AnyPoolOptions::new()
        .max_connections(1)
        .connect(url)
        .await
        .expect("connect");
    migrator.run(&pool).await.expect("migrations 0001 and 0002");
    let owner = UserId::generate();
    let found = UserId::generate();
    let users = [
        (&owner, "ann", 0_i64, "{}".to_owned()),
        (
            &found,
            "ann-bot",
            1,
            format!(r#"{{"owner":"{owner}","token_hash":"ab"}}"#),
        ),
        (
            &UserId::generate(),
            "lost-bot",
            1,
            format!(r#"{{"owner":"{}"}}"#, UserId::generate()),
        ),
        (&UserId::generate(), "odd-bot", 1, "not json".to_owned()),
        (
            &UserId::generate(),
            "not-a-bot",
            0,
            format!(r#"{{"owner":"{owner}"}}"#),
        ),
    ];
    for (id, name, is_bot, prefs) in &users {
        pool.execute(
            sqlx::query(
                "INSERT INTO users (id, name, name_norm, pw_hash, is_guest, is_bot, email, \
                 prefs_json, created_ms) VALUES ($1, $2, $2, NULL, 0, $3, NULL, $4, 5)",
            )
            .bind(id.as_str())
            .bind(*name)
            .bind(*is_bot)
            .bind(prefs.as_str()),
        )
        .await
        .expect("an old user");
    }
    pool.close().await;
    let store = SqlStore::open(url).await.expect("open and migrate");
    let bots: Vec<String> = store
        .bots_of(&owner, 10)
        .await
        .expect("list")
        .into_iter()
        .map(|b| b.name)
        .collect();
    assert_eq!(bots, ["ann-bot"]);
    assert_eq!(
        store.bot_owner(&found).await.expect("owner"),
        Some(owner.clone())
    );
    store.close().await;
}

mod bots_made_before_the_table {
    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn sqlite() {
        let dir = tempfile::tempdir().expect("temp dir");
        let url = format!("sqlite://{}?mode=rwc", dir.path().join("old.db").display());
        super::bots_made_before_the_table_are_found_by_their_owner(&url).await;
    }

    #[tokio::test(flavor = "multi_thread", worker_threads = 2)]
    async fn postgres() {
        if let Some(url) = crate::common::postgres_url().await {
            super::bots_made_before_the_table_are_found_by_their_owner(&url).await;
        }
    }
}

crate::both_backends!(
    an_owners_bots_are_listed_newest_first_and_only_theirs,
    a_bot_whose_name_is_taken_is_not_created_at_all,
    a_new_token_replaces_every_session_of_the_bot,
);
