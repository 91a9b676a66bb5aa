//! Idempotency keys: a user's key names the challenge it made, for a day; the challenge's id
//! owes nothing to the key; racing repeats make one challenge.

use std::sync::Arc;

use muster_store::{
    Challenge, ChallengeId, Error, FaultyStore, Keyed, Store, KEY_LIFETIME_MS, MAX_KEY_BYTES,
    RANDOM_ID_LEN,
};
use tokio::sync::Barrier;

use crate::common::{new_challenge, new_user, Db};

const OPEN_SPEC: &str = r#"[{"kind":"me"},{"kind":"open"}]"#;
const AT: i64 = 1_700_000_000_000;

fn created(keyed: Keyed) -> Challenge {
    match keyed {
        Keyed::Created(challenge) => challenge,
        Keyed::Found(found) => panic!("expected a new challenge, found {}", found.id),
    }
}

fn found(keyed: Keyed) -> Challenge {
    match keyed {
        Keyed::Found(challenge) => challenge,
        Keyed::Created(made) => panic!("expected the keyed challenge, made {}", made.id),
    }
}

async fn a_key_names_the_challenge_it_made_and_makes_no_other(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let bob = store.create_user(&new_user("bob")).await.expect("user");
    let first = new_challenge(&ann.id, AT, OPEN_SPEC);
    let made = created(
        store
            .create_keyed_challenge(&first, "1")
            .await
            .expect("create"),
    );
    assert_eq!(made, Challenge::from_new(&first));
    assert_eq!(made.id.as_str().len(), RANDOM_ID_LEN);

    // A repeat (with whatever id and request) finds the first and writes nothing.
    let mut repeat = new_challenge(&ann.id, AT + 1_000, OPEN_SPEC);
    repeat.game = "mur".to_owned();
    let again = found(
        store
            .create_keyed_challenge(&repeat, "1")
            .await
            .expect("repeat"),
    );
    assert_eq!(again, made);
    assert_eq!(store.load_challenge(&repeat.id).await.expect("load"), None);

    // The same key from someone else, or another key, is another challenge.
    let bobs = new_challenge(&bob.id, AT, OPEN_SPEC);
    let theirs = created(store.create_keyed_challenge(&bobs, "1").await.expect("bob"));
    assert_ne!(theirs.id, made.id);
    let other = new_challenge(&ann.id, AT, OPEN_SPEC);
    let second = created(store.create_keyed_challenge(&other, "2").await.expect("2"));
    assert_ne!(second.id, made.id);

    // A repeat after the challenge moved on answers it as it stands.
    assert!(store
        .set_challenge_status(
            &made.id,
            muster_store::ChallengeStatus::Open,
            muster_store::ChallengeStatus::Withdrawn,
        )
        .await
        .expect("withdraw"));
    let now = found(
        store
            .create_keyed_challenge(&repeat, "1")
            .await
            .expect("repeat"),
    );
    assert_eq!(now.status, muster_store::ChallengeStatus::Withdrawn);
}

async fn an_empty_or_too_long_key_is_refused(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let long = "k".repeat(MAX_KEY_BYTES + 1);
    for key in ["", long.as_str()] {
        let new = new_challenge(&ann.id, AT, OPEN_SPEC);
        match store.create_keyed_challenge(&new, key).await {
            Err(Error::BadKey(bad)) => assert_eq!(bad, key),
            other => panic!("expected a bad key, got {other:?}"),
        }
        assert_eq!(store.load_challenge(&new.id).await.expect("load"), None);
    }
    let longest = "k".repeat(MAX_KEY_BYTES);
    let new = new_challenge(&ann.id, AT, OPEN_SPEC);
    created(
        store
            .create_keyed_challenge(&new, &longest)
            .await
            .expect("200 bytes"),
    );
}

async fn racing_repeats_of_one_key_make_one_challenge(db: Db) {
    const RACERS: usize = 8;
    let store = Arc::new(db.store.clone());
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let start = Arc::new(Barrier::new(RACERS));
    let mut racers = Vec::new();
    for _ in 0..RACERS {
        let (store, start) = (Arc::clone(&store), Arc::clone(&start));
        let new = new_challenge(&ann.id, AT, OPEN_SPEC);
        racers.push(tokio::spawn(async move {
            start.wait().await;
            store.create_keyed_challenge(&new, "same").await
        }));
    }
    let mut made = Vec::new();
    let mut ids = Vec::new();
    for racer in racers {
        match racer.await.expect("racer").expect("create") {
            Keyed::Created(challenge) => {
                ids.push(challenge.id.clone());
                made.push(challenge);
            }
            Keyed::Found(challenge) => ids.push(challenge.id),
        }
    }
    assert_eq!(made.len(), 1, "one key made {} challenges", made.len());
    assert!(ids.iter().all(|id| *id == made[0].id), "{ids:?}");
    let lobby = store.open_challenges(AT, 100).await.expect("lobby");
    assert_eq!(lobby, made);
}

async fn a_key_is_forgotten_after_a_day(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let first = created(
        store
            .create_keyed_challenge(&new_challenge(&ann.id, AT, OPEN_SPEC), "daily")
            .await
            .expect("create"),
    );
    let late = AT + KEY_LIFETIME_MS - 1;
    let within = new_challenge(&ann.id, late, OPEN_SPEC);
    assert_eq!(
        found(
            store
                .create_keyed_challenge(&within, "daily")
                .await
                .expect("repeat")
        )
        .id,
        first.id
    );
    let next_day = new_challenge(&ann.id, AT + KEY_LIFETIME_MS, OPEN_SPEC);
    let fresh = created(
        store
            .create_keyed_challenge(&next_day, "daily")
            .await
            .expect("a day later"),
    );
    assert_ne!(fresh.id, first.id);
    let rows: i64 = sqlx::query_scalar("SELECT COUNT(*) FROM challenge_keys")
        .fetch_one(store.pool())
        .await
        .expect("count");
    assert_eq!(rows, 1, "the day-old key row is gone");
    // The challenge itself stays.
    assert_eq!(
        store.load_challenge(&first.id).await.expect("load"),
        Some(first)
    );
}

async fn a_refused_keyed_create_writes_neither_challenge_nor_key(db: Db) {
    let faulty = FaultyStore::new(db.store.clone());
    let ann = faulty.create_user(&new_user("ann")).await.expect("user");
    let new = new_challenge(&ann.id, AT, OPEN_SPEC);
    faulty.fail_nth_commit(1);
    assert!(matches!(
        faulty.create_keyed_challenge(&new, "k").await,
        Err(Error::Injected(_))
    ));
    assert_eq!(faulty.load_challenge(&new.id).await.expect("load"), None);
    let retry = new_challenge(&ann.id, AT, OPEN_SPEC);
    let made = created(
        faulty
            .create_keyed_challenge(&retry, "k")
            .await
            .expect("retry"),
    );
    assert_eq!(made.id, retry.id);
}

async fn challenges_with_ids_of_older_forms_still_load(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let ulid = "01HZX3J5Q8N2V7R4T6W9Y0A1B2";
    let keyed = format!("k{}", "0123456789abcdef".repeat(2));
    for old in [ulid, keyed.as_str()] {
        let mut new = new_challenge(&ann.id, AT, OPEN_SPEC);
        new.id = ChallengeId::parse(old).expect("an id");
        store.create_challenge(&new).await.expect("create");
        let loaded = store.load_challenge(&new.id).await.expect("load");
        assert_eq!(
            loaded.map(|c| c.id.as_str().to_owned()),
            Some(old.to_owned())
        );
    }
}

crate::both_backends!(
    a_key_names_the_challenge_it_made_and_makes_no_other,
    an_empty_or_too_long_key_is_refused,
    racing_repeats_of_one_key_make_one_challenge,
    a_key_is_forgotten_after_a_day,
    a_refused_keyed_create_writes_neither_challenge_nor_key,
    challenges_with_ids_of_older_forms_still_load,
);
