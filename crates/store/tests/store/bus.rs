//! The bus (PostgreSQL `LISTEN`/`NOTIFY`): a note reaches every listener of its channel once
//! its transaction commits, in order, and never from a transaction rolled back; bad channels and
//! payloads too long are refused; bodies posted to a node are taken by it in order, with one
//! note once they are committed, and forgotten when nobody takes them; SQLite has no bus.

use std::time::Duration;

use muster_store::{Error, Heard, Listener, MAX_NOTE_BYTES};
use sqlx::{Connection, Executor};

use crate::common::{self, Db};

/// The next note a listener hears, within five seconds.
async fn heard(listener: &mut Listener) -> Heard {
    tokio::time::timeout(Duration::from_secs(5), listener.next())
        .await
        .expect("a note within 5 s")
        .expect("the bus works")
}

fn note(channel: &str, payload: &str) -> Heard {
    Heard::Note {
        channel: channel.to_owned(),
        payload: payload.to_owned(),
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_note_reaches_every_listener_of_its_channel_in_order() {
    let Some(db) = common::postgres().await else {
        return;
    };
    let store = &db.store;
    let mut one = store
        .listen(&["games"])
        .await
        .expect("listen")
        .expect("a bus");
    let mut two = store
        .listen(&["games", "lobby"])
        .await
        .expect("listen")
        .expect("a bus");
    store.notify("lobby", "open").await.expect("notify");
    for v in 1..=3 {
        store
            .notify("games", &format!("g1 {v}"))
            .await
            .expect("notify");
    }
    for v in 1..=3 {
        assert_eq!(heard(&mut one).await, note("games", &format!("g1 {v}")));
    }
    assert_eq!(heard(&mut two).await, note("lobby", "open"));
    for v in 1..=3 {
        assert_eq!(heard(&mut two).await, note("games", &format!("g1 {v}")));
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_note_of_a_transaction_rolled_back_is_never_heard() {
    let Some(db) = common::postgres().await else {
        return;
    };
    let mut listener = db
        .store
        .listen(&["games"])
        .await
        .expect("listen")
        .expect("a bus");
    let mut conn = sqlx::PgConnection::connect(&db.url).await.expect("connect");
    conn.execute("BEGIN").await.expect("begin");
    conn.execute("SELECT pg_notify('games', 'rolled back')")
        .await
        .expect("notify");
    conn.execute("ROLLBACK").await.expect("rollback");
    conn.execute("BEGIN").await.expect("begin");
    conn.execute("SELECT pg_notify('games', 'committed')")
        .await
        .expect("notify");
    // Not before its commit.
    assert!(
        tokio::time::timeout(Duration::from_millis(300), listener.next())
            .await
            .is_err(),
        "heard before the commit"
    );
    conn.execute("COMMIT").await.expect("commit");
    assert_eq!(heard(&mut listener).await, note("games", "committed"));
}

async fn bad_channels_and_long_payloads_are_refused(db: Db) {
    let store = &db.store;
    for channel in ["", "two words", "semi;colon", &"c".repeat(64)] {
        let refused = store.notify(channel, "x").await;
        assert!(
            matches!(&refused, Err(Error::BadNote(why)) if why.contains("channel")),
            "{channel:?}: {refused:?}"
        );
    }
    let long = "x".repeat(MAX_NOTE_BYTES + 1);
    let refused = store.notify("games", &long).await;
    assert!(
        matches!(&refused, Err(Error::BadNote(why)) if why.contains("at most 7999")),
        "{refused:?}"
    );
    store
        .notify("games", &"x".repeat(MAX_NOTE_BYTES))
        .await
        .expect("the longest payload");
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_sqlite_site_has_no_bus() {
    let db = common::sqlite().await;
    assert!(db.store.bus().is_none());
    assert!(db
        .store
        .listen(&["games"])
        .await
        .expect("no error")
        .is_none());
    db.store
        .notify("games", "g1 1")
        .await
        .expect("nothing to do");
}

crate::both_backends!(bad_channels_and_long_payloads_are_refused);

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn bodies_posted_to_a_node_are_taken_by_it_in_order_once() {
    let Some(db) = common::postgres().await else {
        return;
    };
    let bus = db.store.bus().expect("PostgreSQL has a bus");
    let mut listener = bus.listen(&["node_a"]).await.expect("listen");
    let long = "y".repeat(3 * MAX_NOTE_BYTES);
    bus.post("a", "node_a", &["one".to_owned(), long.clone()], 1_000)
        .await
        .expect("post");
    bus.post("b", "node_b", &["for b".to_owned()], 1_000)
        .await
        .expect("post");
    bus.post("a", "node_a", &["three".to_owned()], 2_000)
        .await
        .expect("post");
    // Each note names the last body it announces.
    let Heard::Note { payload: first, .. } = heard(&mut listener).await else {
        panic!("a note");
    };
    let Heard::Note { payload: third, .. } = heard(&mut listener).await else {
        panic!("a note");
    };
    let (first, third): (i64, i64) = (first.parse().expect("an id"), third.parse().expect("an id"));
    assert!(first < third);
    assert_eq!(
        bus.collect("a", Some(first)).await.expect("collect"),
        vec!["one".to_owned(), long],
        "in the order posted, a body past a note's limit whole, and no body after the id"
    );
    assert_eq!(
        bus.collect("a", Some(third)).await.expect("collect"),
        vec!["three".to_owned()]
    );
    assert_eq!(
        bus.collect("a", None).await.expect("collect"),
        Vec::<String>::new()
    );
    assert_eq!(bus.forget_posts(1_000).await.expect("forget"), 0);
    assert_eq!(
        bus.forget_posts(1_001).await.expect("forget"),
        1,
        "b's, never taken"
    );
    assert_eq!(
        bus.collect("b", None).await.expect("collect"),
        Vec::<String>::new()
    );
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_node_is_seen_until_it_stops_beating() {
    let Some(db) = common::postgres().await else {
        return;
    };
    let bus = db.store.bus().expect("PostgreSQL has a bus");
    bus.heartbeat("a", 1_000).await.expect("beat");
    bus.heartbeat("b", 1_000).await.expect("beat");
    bus.heartbeat("a", 5_000).await.expect("beat");
    assert_eq!(bus.nodes_seen(1_000).await.expect("seen"), vec!["a", "b"]);
    assert_eq!(bus.nodes_seen(1_001).await.expect("seen"), vec!["a"]);
    // A day later, b's row is gone.
    bus.heartbeat("a", 1_000 + 86_400_001).await.expect("beat");
    assert_eq!(bus.nodes_seen(0).await.expect("seen"), vec!["a"]);
}
