//! Chat, notifications, and the sweeping of expired sessions.

use muster_store::{
    ChatId, ChatLine, GameId, NewGame, Notification, NotificationChange, NotificationId, Session,
    SqlStore, Store, TokenHash, User,
};

use crate::common::{new_game, new_user, Db};

async fn a_room_gives_its_last_lines_oldest_first(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let game = new_game(Some(&ann.id));
    store.create_game(&game).await.expect("game");
    let line = |room: &str, text: &str, created_ms| ChatLine {
        id: ChatId::generate(),
        room: room.to_owned(),
        game_id: room.starts_with("g:").then(|| game.id.clone()),
        user_id: ann.id.clone(),
        text: text.to_owned(),
        created_ms,
    };
    let room = format!("g:{}:players", game.id);
    let mut said = Vec::new();
    for n in 1..=5 {
        let l = line("lobby", &format!("hello {n}"), n);
        store.insert_chat(&l).await.expect("say");
        said.push(l);
    }
    let in_game = line(&room, "gg", 3);
    store.insert_chat(&in_game).await.expect("say");
    assert_eq!(
        store.chat_lines("lobby", 3).await.expect("lines"),
        said[2..]
    );
    assert_eq!(store.chat_lines("lobby", 10).await.expect("lines"), said);
    assert_eq!(store.chat_lines(&room, 10).await.expect("lines"), [in_game]);
    assert_eq!(store.chat_lines("nowhere", 10).await.expect("lines"), []);
}

async fn notifications_are_listed_newest_first_and_marked_read(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let bob = store.create_user(&new_user("bob")).await.expect("user");
    let game = new_game(Some(&ann.id));
    store.create_game(&game).await.expect("game");
    let note = |user: &muster_store::UserId, created_ms| Notification {
        id: NotificationId::generate(),
        user_id: user.clone(),
        kind: "turn".to_owned(),
        game_id: Some(game.id.clone()),
        payload_json: r#"{"ply":3}"#.to_owned(),
        created_ms,
        read_ms: None,
        mailed_ms: None,
    };
    let anns = [note(&ann.id, 10), note(&ann.id, 20), note(&ann.id, 30)];
    for n in &anns {
        store.insert_notification(n).await.expect("notify");
    }
    let bobs = note(&bob.id, 15);
    store.insert_notification(&bobs).await.expect("notify");
    let of = |unread_only, limit| store.notifications_of(&ann.id, unread_only, limit);
    assert_eq!(
        of(false, 10).await.expect("list"),
        [anns[2].clone(), anns[1].clone(), anns[0].clone()]
    );
    assert_eq!(of(false, 1).await.expect("list"), [anns[2].clone()]);

    assert_eq!(
        store
            .mark_notifications_read(&ann.id, 20)
            .await
            .expect("read"),
        2
    );
    assert_eq!(
        store
            .mark_notifications_read(&ann.id, 25)
            .await
            .expect("read"),
        0
    );
    assert_eq!(of(true, 10).await.expect("list"), [anns[2].clone()]);
    let all = of(false, 10).await.expect("list");
    let read: Vec<_> = all.iter().map(|n| n.read_ms).collect();
    assert_eq!(read, [None, Some(20), Some(20)]);
    assert_eq!(
        store
            .notifications_of(&bob.id, true, 10)
            .await
            .expect("list"),
        [bobs]
    );
}

/// An unread notification of `user` of `kind`, about game `g` if any, made at `created_ms`.
fn note(
    user: &muster_store::UserId,
    kind: &str,
    g: Option<&GameId>,
    created_ms: i64,
) -> Notification {
    Notification {
        id: NotificationId::generate(),
        user_id: user.clone(),
        kind: kind.to_owned(),
        game_id: g.cloned(),
        payload_json: format!(r#"{{"at":{created_ms}}}"#),
        created_ms,
        read_ms: None,
        mailed_ms: None,
    }
}

/// Two users, ann and bob, and two games made by ann.
async fn ann_bob_and_two_games_of_ann(store: &SqlStore) -> (User, User, NewGame, NewGame) {
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let bob = store.create_user(&new_user("bob")).await.expect("user");
    let game = new_game(Some(&ann.id));
    let other = new_game(Some(&ann.id));
    store.create_game(&game).await.expect("game");
    store.create_game(&other).await.expect("game");
    (ann, bob, game, other)
}

async fn a_replacing_notification_leaves_one_unread_of_its_kind_and_game(db: Db) {
    let store = &db.store;
    let (ann, bob, game, other) = ann_bob_and_two_games_of_ann(store).await;
    let turn = |created_ms| note(&ann.id, "your-turn", Some(&game.id), created_ms);
    let read_turn = turn(5);
    store.insert_notification(&read_turn).await.expect("notify");
    store
        .mark_notifications_read(&ann.id, 5)
        .await
        .expect("read");
    let kept = [
        note(&ann.id, "game-started", Some(&game.id), 6),
        note(&ann.id, "your-turn", Some(&other.id), 7),
        note(&bob.id, "your-turn", Some(&game.id), 8),
        note(&ann.id, "challenge", None, 9),
    ];
    for n in &kept {
        store.replace_notification(n).await.expect("notify");
    }
    for created_ms in [10, 20, 30] {
        store
            .replace_notification(&turn(created_ms))
            .await
            .expect("notify");
    }
    let unread = store
        .notifications_of(&ann.id, true, 10)
        .await
        .expect("list");
    let kinds: Vec<(&str, i64)> = unread
        .iter()
        .map(|n| (n.kind.as_str(), n.created_ms))
        .collect();
    assert_eq!(
        kinds,
        [
            ("your-turn", 30),
            ("challenge", 9),
            ("your-turn", 7),
            ("game-started", 6)
        ],
        "one unread turn of this game, the newest; the others untouched"
    );
    let all = store
        .notifications_of(&ann.id, false, 10)
        .await
        .expect("list");
    assert!(
        all.contains(&Notification {
            read_ms: Some(5),
            ..read_turn
        }),
        "a read notification is not replaced"
    );
    assert_eq!(store.unread_notifications(&ann.id).await.expect("count"), 4);
    assert_eq!(store.unread_notifications(&bob.id).await.expect("count"), 1);
    store
        .mark_notifications_read(&ann.id, 9)
        .await
        .expect("read");
    assert_eq!(store.unread_notifications(&ann.id).await.expect("count"), 1);
}

async fn a_turn_taken_drops_only_that_games_unread_turns(db: Db) {
    let store = &db.store;
    let (ann, bob, game, other) = ann_bob_and_two_games_of_ann(store).await;
    let taken = note(&ann.id, "your-turn", Some(&game.id), 10);
    let kept = [
        note(&ann.id, "your-turn", Some(&other.id), 11),
        note(&ann.id, "game-started", Some(&game.id), 12),
        note(&bob.id, "your-turn", Some(&game.id), 13),
    ];
    for n in std::iter::once(&taken).chain(&kept) {
        store.insert_notification(n).await.expect("notify");
    }
    store
        .mark_notifications_read(&ann.id, 11)
        .await
        .expect("read");
    let later = note(&ann.id, "your-turn", Some(&game.id), 14);
    store.insert_notification(&later).await.expect("notify");
    let drop = || store.drop_unread_game_notifications(&ann.id, "your-turn", &game.id);
    assert_eq!(
        drop().await.expect("drop"),
        1,
        "the unread turn of this game"
    );
    assert_eq!(drop().await.expect("drop"), 0, "nothing left to drop");
    let all = store
        .notifications_of(&ann.id, false, 10)
        .await
        .expect("list");
    let left: Vec<(i64, Option<i64>)> = all.iter().map(|n| (n.created_ms, n.read_ms)).collect();
    assert_eq!(
        left,
        [(12, None), (11, Some(11)), (10, Some(11))],
        "read turns, other kinds and other games stay"
    );
    assert_eq!(store.unread_notifications(&bob.id).await.expect("count"), 1);
}

/// A user's unread notifications, newest first, as (kind, created).
async fn listed(store: &SqlStore, user: &User) -> Vec<(String, i64)> {
    let list = store
        .notifications_of(&user.id, true, 10)
        .await
        .expect("list");
    list.iter()
        .map(|n| (n.kind.clone(), n.created_ms))
        .collect()
}

async fn changes_are_made_in_order_in_one_transaction_all_or_none(db: Db) {
    let store = &db.store;
    let (ann, bob, game, other) = ann_bob_and_two_games_of_ann(store).await;
    let turn = |user: &User, g: &NewGame, at| note(&user.id, "your-turn", Some(&g.id), at);
    store
        .insert_notification(&turn(&ann, &game, 1))
        .await
        .expect("notify");
    let settle = |user: &User, g: &NewGame| NotificationChange::Settle {
        user_id: user.id.clone(),
        kind: "your-turn".to_owned(),
        game_id: g.id.clone(),
    };
    // Ann takes her turn, Bob is told; Bob's, then Ann's again, in the other game.
    let changes = [
        settle(&ann, &game),
        NotificationChange::Replace(turn(&bob, &game, 2)),
        NotificationChange::Replace(turn(&bob, &other, 3)),
        settle(&bob, &other),
        NotificationChange::Insert(note(&ann.id, "challenge", None, 4)),
        NotificationChange::Replace(turn(&ann, &other, 5)),
    ];
    store.change_notifications(&changes).await.expect("changes");
    assert_eq!(
        listed(store, &ann).await,
        [("your-turn".into(), 5), ("challenge".into(), 4)]
    );
    assert_eq!(listed(store, &bob).await, [("your-turn".to_owned(), 2)]);
    // A change that fails (a notification id used twice) leaves every change of its batch
    // unmade.
    let twice = turn(&bob, &other, 6);
    let failing = [
        settle(&bob, &game),
        NotificationChange::Insert(twice.clone()),
        NotificationChange::Insert(twice),
    ];
    assert!(store.change_notifications(&failing).await.is_err());
    assert_eq!(
        listed(store, &bob).await,
        [("your-turn".to_owned(), 2)],
        "nothing changed"
    );
    // The inbox counts what it lists, read or not.
    store
        .mark_notifications_read(&ann.id, 4)
        .await
        .expect("read");
    let (unread, items) = store.inbox(&ann.id, 10).await.expect("inbox");
    assert_eq!((unread, items.len()), (1, 2), "{items:?}");
    store
        .change_notifications(&[])
        .await
        .expect("nothing to do");
}

async fn expired_sessions_are_swept(db: Db) {
    let store = &db.store;
    let ann = store.create_user(&new_user("ann")).await.expect("user");
    let bob = store.create_user(&new_user("bob")).await.expect("user");
    let session = |user: &muster_store::UserId, hex: &str, created_ms, expires_ms| Session {
        token_hash: TokenHash::from_hex(&hex.repeat(16)).expect("hex"),
        user_id: user.clone(),
        created_ms,
        seen_ms: created_ms,
        expires_ms,
    };
    let old = session(&ann.id, "a1", 1, 100);
    let new = session(&ann.id, "a2", 2, 200);
    let bobs = session(&bob.id, "b1", 3, 150);
    for s in [&old, &new, &bobs] {
        store.insert_session(s).await.expect("insert");
    }
    assert_eq!(
        store.sessions_of_user(&ann.id).await.expect("list"),
        [new.clone(), old.clone()]
    );
    assert_eq!(store.delete_expired_sessions(99).await.expect("sweep"), 0);
    assert_eq!(store.delete_expired_sessions(150).await.expect("sweep"), 2);
    assert_eq!(store.sessions_of_user(&ann.id).await.expect("list"), [new]);
    assert_eq!(store.sessions_of_user(&bob.id).await.expect("list"), []);
    assert_eq!(
        store.find_session(&old.token_hash).await.expect("find"),
        None
    );
}

crate::both_backends!(
    a_room_gives_its_last_lines_oldest_first,
    notifications_are_listed_newest_first_and_marked_read,
    a_replacing_notification_leaves_one_unread_of_its_kind_and_game,
    a_turn_taken_drops_only_that_games_unread_turns,
    changes_are_made_in_order_in_one_transaction_all_or_none,
    expired_sessions_are_swept,
);
