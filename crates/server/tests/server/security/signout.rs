//! Ending a sign-in ends every connection opened with it, within a second, with close code
//! 4001 (a WebSocket) or a `signed-out` line (the event stream); a new connection with the old
//! token is anonymous and cannot act.

use std::time::Duration;

use hyper::Method;
use muster_wire::{close, NackCode, StreamEvent};
use serde_json::json;

use crate::kit::{quick, token_of, until, Auth, EventStream, Harness, Player};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_logged_out_sessions_socket_is_closed_and_a_new_one_with_it_too() {
    let l = Harness::start(quick()).await;
    let ann = l.session(json!({"kind": "guest", "name": "ann"})).await;
    let ann = token_of(&ann);
    let bob = l.guest("bob").await;
    let g = l.direct_game(&ann, "bob", &bob).await;
    let mut before = Player::join(&l, Some(&ann), &g).await;
    assert!(before.pic.my_turn());

    let out = l
        .send(Method::DELETE, "/api/session", Auth::Bearer(&ann), None)
        .await;
    assert_eq!(out.status, 204, "{}", out.body);
    let (code, reason) = before
        .c
        .closed(Duration::from_secs(1))
        .await
        .expect("the socket is closed within a second, with a close frame");
    assert_eq!(code, close::SIGNED_OUT, "{reason}");
    assert!(reason.contains("logged out"), "{reason}");
    // A new socket with the old token cannot act either: it is closed at once, signed out.
    let mut after = l.client(Some(&ann)).await;
    let (code, reason) = after
        .closed(Duration::from_secs(1))
        .await
        .expect("a socket with an ended session is closed at once");
    assert_eq!(code, close::SIGNED_OUT, "{reason}");
    assert!(reason.contains("not known"), "{reason}");
    // Without a token, the same game is watched, never played.
    let mut watcher = Player::join(&l, None, &g).await;
    assert!(!watcher.pic.my_turn());
    let legal = before.pic.legal[0].clone();
    let hash = before.pic.hash.clone().expect("a view hash");
    let id = watcher.c.act(&g, 0, &legal, &hash).await;
    let nack = watcher.c.next_nack().await;
    assert_eq!((nack.id, nack.code), (Some(id), NackCode::NotSeated));
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_bot_token_closes_the_bots_socket_and_ends_its_stream() {
    let l = Harness::start(quick()).await;
    let ada = l.member("ada").await;
    let bot = l.bot(&ada, "ada-bot").await;
    let g = l.direct_game(&bot, "ada", &ada).await;
    let mut socket = Player::join(&l, Some(&bot), &g).await;
    let mut events = EventStream::open(l.addr, &bot).await;
    assert_eq!(events.status, 200);
    events.until_synced().await;

    let revoked = l
        .send(
            Method::DELETE,
            "/api/bots/ada-bot/token",
            Auth::Bearer(&ada),
            None,
        )
        .await;
    assert_eq!(revoked.status, 204, "{}", revoked.body);
    let (code, reason) = socket
        .c
        .closed(Duration::from_secs(1))
        .await
        .expect("the bot's socket is closed within a second");
    assert_eq!(code, close::SIGNED_OUT, "{reason}");
    assert!(reason.contains("revoked"), "{reason}");
    let last = until(Duration::from_secs(1), events.next())
        .await
        .expect("the stream says so within a second");
    match last {
        StreamEvent::SignedOut { reason } => assert!(reason.contains("revoked"), "{reason}"),
        other => panic!("expected the signed-out line, got {other:?}"),
    }
    assert_eq!(events.line().await, None, "the stream ends after it");
    assert!(events.ended_cleanly);
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_password_change_ends_the_users_other_sessions_but_not_this_one() {
    let l = Harness::start(quick()).await;
    let here = l.register("cleo", "first password").await;
    let login = json!({"kind": "login", "name": "cleo", "password": "first password"});
    let there = token_of(&l.session(login.clone()).await);
    let bob = l.guest("bob").await;
    let g = l.direct_game(&here, "bob", &bob).await;
    let mut kept = Player::join(&l, Some(&here), &g).await;
    let mut ended = Player::join(&l, Some(&there), &g).await;

    let body = json!({"current": "first password", "new": "second password"});
    let wrong = json!({"current": "not it at all", "new": "second password"});
    let refused = l.post("/api/session/password", &here, wrong).await;
    assert_eq!(refused.status, 401, "{}", refused.body);
    let changed = l.post("/api/session/password", &here, body).await;
    assert_eq!(changed.status, 204, "{}", changed.body);

    let (code, reason) = ended
        .c
        .closed(Duration::from_secs(1))
        .await
        .expect("the other session's socket is closed within a second");
    assert_eq!(code, close::SIGNED_OUT, "{reason}");
    assert!(reason.contains("password"), "{reason}");
    // The session that asked still plays.
    let first = kept.pic.legal[0].clone();
    kept.play(&first).await;
    assert_eq!(l.whoami(Auth::Bearer(&here)).await.status, 200);
    assert_eq!(l.whoami(Auth::Bearer(&there)).await.status, 401);
    assert_eq!(l.session(login).await.status, 401, "the old password");
    let new = json!({"kind": "login", "name": "cleo", "password": "second password"});
    assert_eq!(l.session(new).await.status, 200);
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn guests_and_bots_have_no_password_to_change() {
    let l = Harness::start(quick()).await;
    let guest = l.guest("gus").await;
    let body = json!({"current": "whatever it is", "new": "second password"});
    let refused = l.post("/api/session/password", &guest, body).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(refused.error().0, "forbidden");
    l.stop().await;
}
