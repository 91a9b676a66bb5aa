//! Users and sessions.

use muster_store::{Error, PrefsSwap, Session, Store, TokenHash};

use crate::common::{new_user, Db};

async fn names_are_unique_case_insensitively(db: Db) {
    let store = &db.store;
    let alice = store.create_user(&new_user("Alice")).await.expect("create");
    for clash in ["alice", "ALICE", "aLiCe"] {
        match store.create_user(&new_user(clash)).await {
            Err(Error::NameTaken { name }) => assert_eq!(name, clash),
            other => panic!("{clash}: expected NameTaken, got {other:?}"),
        }
    }
    let emile = store.create_user(&new_user("Émile")).await.expect("create");
    assert!(matches!(
        store.create_user(&new_user("émile")).await,
        Err(Error::NameTaken { .. })
    ));
    let found = store
        .user_by_name("aLICE")
        .await
        .expect("find")
        .expect("some");
    assert_eq!(found, alice);
    assert_eq!(
        store.user_by_id(&alice.id).await.expect("find"),
        Some(alice.clone())
    );
    assert_eq!(
        store
            .user_by_name("ÉMILE")
            .await
            .expect("find")
            .map(|u| u.id),
        Some(emile.id)
    );
    assert_eq!(store.user_by_name("bob").await.expect("find"), None);

    let mut guest = new_user("Guest-4711");
    guest.is_guest = true;
    guest.pw_hash = None;
    let guest = store.create_user(&guest).await.expect("guest");
    let read = store
        .user_by_id(&guest.id)
        .await
        .expect("find")
        .expect("some");
    assert!(read.is_guest && !read.is_bot && read.pw_hash.is_none());

    for (bad, why) in [
        ("", "empty"),
        (" Bob", "space"),
        ("Bob\n", "control"),
        ("x".repeat(33).as_str(), "longer"),
    ] {
        match store.create_user(&new_user(bad)).await {
            Err(e @ Error::BadName { .. }) => {
                let text = e.to_string();
                assert!(
                    text.contains(why) && text.contains(&format!("{bad:?}")),
                    "{text}"
                );
            }
            other => panic!("{bad:?}: expected BadName, got {other:?}"),
        }
    }
}

async fn sessions_are_found_touched_and_deleted(db: Db) {
    let store = &db.store;
    let user = store.create_user(&new_user("carol")).await.expect("create");
    let hash = TokenHash::from_hex(&"ab12".repeat(16)).expect("hex");
    let session = Session {
        token_hash: hash.clone(),
        user_id: user.id.clone(),
        created_ms: 10,
        seen_ms: 10,
        expires_ms: 1_000,
    };
    store.insert_session(&session).await.expect("insert");
    assert_eq!(
        store.find_session(&hash).await.expect("find"),
        Some(session.clone())
    );
    assert!(store.touch_session(&hash, 20, 2_000).await.expect("touch"));
    let touched = store
        .find_session(&hash)
        .await
        .expect("find")
        .expect("some");
    assert_eq!((touched.seen_ms, touched.expires_ms), (20, 2_000));
    let other = TokenHash::from_hex(&"cd34".repeat(16)).expect("hex");
    assert!(!store.touch_session(&other, 20, 2_000).await.expect("touch"));
    assert_eq!(store.find_session(&other).await.expect("find"), None);
    assert!(store.delete_session(&hash).await.expect("delete"));
    assert!(!store.delete_session(&hash).await.expect("delete"));
    assert_eq!(store.find_session(&hash).await.expect("find"), None);
    // A second session with the same hash is refused while the first exists.
    store.insert_session(&session).await.expect("insert again");
    assert!(store.insert_session(&session).await.is_err());
}

#[test]
fn token_hashes_are_checked() {
    for bad in [
        "",
        "ABCD".repeat(8).as_str(),
        "zz".repeat(16).as_str(),
        "ab",
    ] {
        let err = TokenHash::from_hex(bad).expect_err(bad);
        assert!(err.to_string().contains(&format!("{bad:?}")), "{err}");
    }
    assert!(TokenHash::from_hex(&"0f".repeat(32)).is_ok());
}

async fn preferences_are_replaced_and_read_back(db: Db) {
    let store = &db.store;
    let ada = store.create_user(&new_user("Ada")).await.expect("create");
    let prefs = r#"{"forced_play":true}"#;
    assert!(store.set_user_prefs(&ada.id, prefs).await.expect("set"));
    let read = store
        .user_by_id(&ada.id)
        .await
        .expect("find")
        .expect("some");
    assert_eq!(read.prefs_json, prefs);
    let nobody = muster_store::UserId::generate();
    assert!(!store.set_user_prefs(&nobody, "{}").await.expect("set"));
}

async fn preferences_are_swapped_only_from_the_text_stored(db: Db) {
    let store = &db.store;
    let ada = store.create_user(&new_user("Ada")).await.expect("create");
    let read = ada.prefs_json.clone();
    // Another writer gets in between the read and the write.
    let theirs = r#"{"forced_play":true}"#;
    assert!(store.set_user_prefs(&ada.id, theirs).await.expect("set"));
    let mine = r#"{"theme":"dark"}"#;
    let swap = store.swap_user_prefs(&ada.id, &read, mine).await;
    assert_eq!(swap.expect("swap"), PrefsSwap::Changed);
    let stored = || async {
        store
            .user_by_id(&ada.id)
            .await
            .expect("find")
            .expect("some")
            .prefs_json
    };
    assert_eq!(stored().await, theirs, "nothing was written");
    let swap = store.swap_user_prefs(&ada.id, theirs, mine).await;
    assert_eq!(swap.expect("swap"), PrefsSwap::Written);
    assert_eq!(stored().await, mine);
    let nobody = muster_store::UserId::generate();
    let swap = store.swap_user_prefs(&nobody, "{}", mine).await;
    assert_eq!(swap.expect("swap"), PrefsSwap::NoUser);
}

crate::both_backends!(
    names_are_unique_case_insensitively,
    sessions_are_found_touched_and_deleted,
    preferences_are_replaced_and_read_back,
    preferences_are_swapped_only_from_the_text_stored,
);
