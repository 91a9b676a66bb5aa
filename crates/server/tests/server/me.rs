//! The signed-in user's own pages over HTTP: their settings (`/api/me/prefs`) and their bots
//! (`GET /api/me/bots`, a new token with `POST /api/bots/{name}/token`). The server runs in
//! process on a real socket over a SQLite file.

use std::time::Duration;

use hyper::Method;
use serde_json::{json, Value};

use crate::kit::{quick, Auth, Harness, Reply};

/// `PUT /api/me/prefs` with `body` as `token`.
async fn put_prefs(l: &Harness, token: Option<&str>, body: Value) -> Reply {
    let auth = token.map_or(Auth::None, Auth::Bearer);
    l.send(Method::PUT, "/api/me/prefs", auth, Some(body)).await
}

fn defaults() -> Value {
    json!({"anim_speed": 1.0, "confirm_moves": false, "coords": true,
           "palette": "standard", "theme": "system"})
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_the_defaults_until_stored_then_read_back_as_stored() {
    let l = Harness::start(quick()).await;
    for token in [l.member("ada").await, l.guest("visitor").await] {
        let fresh = l.get("/api/me/prefs", Some(&token)).await;
        assert_eq!(fresh.status, 200, "{}", fresh.body);
        assert_eq!(fresh.json(), defaults());
        let stored = put_prefs(&l, Some(&token), json!({"theme": "dark", "anim_speed": 2})).await;
        assert_eq!(stored.status, 200, "{}", stored.body);
        let mut want = defaults();
        want["theme"] = json!("dark");
        want["anim_speed"] = json!(2.0);
        assert_eq!(stored.json(), want);
        assert_eq!(l.get("/api/me/prefs", Some(&token)).await.json(), want);
    }
    assert_eq!(l.get("/api/me/prefs", None).await.status, 401);
    assert_eq!(
        put_prefs(&l, None, json!({"theme": "dark"})).await.status,
        401
    );
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bad_setting_is_refused_quoting_it_and_nothing_is_stored() {
    let l = Harness::start(quick()).await;
    let ada = l.member("ada").await;
    let cases = [
        (json!({"anim_speed": 3}), "invalid", "3"),
        (json!({"palette": "sepia"}), "malformed", "sepia"),
        (
            json!({"theme": "dark", "sound": true}),
            "malformed",
            "sound",
        ),
        (json!({"coords": "yes"}), "malformed", "yes"),
    ];
    for (body, code, quoted) in cases {
        let refused = put_prefs(&l, Some(&ada), body.clone()).await;
        assert_eq!(refused.status, 400, "{body}: {}", refused.body);
        let (got, reason) = refused.error();
        assert_eq!(got, code, "{body}: {reason}");
        assert!(reason.contains(quoted), "{body}: {reason}");
    }
    assert_eq!(l.get("/api/me/prefs", Some(&ada)).await.json(), defaults());
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn settings_are_kept_beside_the_standing_preferences_of_play() {
    let l = Harness::start(quick()).await;
    let ada = l.member("ada").await;
    let user = l.store.user_by_name("ada").await.unwrap().unwrap();
    l.store
        .set_user_prefs(&user.id, r#"{"forced_play":true}"#)
        .await
        .unwrap();
    let stored = put_prefs(&l, Some(&ada), json!({"coords": false})).await;
    assert_eq!(stored.status, 200, "{}", stored.body);
    let user = l.store.user_by_id(&user.id).await.unwrap().unwrap();
    let kept: Value = serde_json::from_str(&user.prefs_json).unwrap();
    assert_eq!(kept["forced_play"], true, "{kept}");
    assert_eq!(kept["coords"], false, "{kept}");
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_has_no_settings_to_read_or_overwrite() {
    let l = Harness::start(quick()).await;
    let ada = l.member("ada").await;
    let bot = l.bot(&ada, "ada-bot").await;
    let before = l.store.user_by_name("ada-bot").await.unwrap().unwrap();
    let read = l.get("/api/me/prefs", Some(&bot)).await;
    assert_eq!(read.status, 403, "{}", read.body);
    assert!(!read.body.contains("token_hash"), "{}", read.body);
    let written = put_prefs(&l, Some(&bot), json!({"theme": "dark"})).await;
    assert_eq!(written.status, 403, "{}", written.body);
    let after = l.store.user_by_name("ada-bot").await.unwrap().unwrap();
    assert_eq!(after.prefs_json, before.prefs_json);
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_bots_page_lists_only_the_owners_bots_newest_first_with_their_tokens() {
    let l = Harness::start(quick()).await;
    let ada = l.member("ada").await;
    let bob = l.member("bob").await;
    let guest = l.guest("visitor").await;
    let first = l.bot(&ada, "ada-one").await;
    // Creation times are milliseconds: let the second bot be visibly newer.
    tokio::time::sleep(Duration::from_millis(5)).await;
    l.bot(&ada, "ada-two").await;
    l.bot(&bob, "bob-bot").await;
    let revoked = l
        .send(
            Method::DELETE,
            "/api/bots/ada-one/token",
            Auth::Bearer(&ada),
            None,
        )
        .await;
    assert_eq!(revoked.status, 204, "{}", revoked.body);

    let list = l.get("/api/me/bots", Some(&ada)).await;
    assert_eq!(list.status, 200, "{}", list.body);
    let bots = list.json()["bots"].clone();
    let seen: Vec<(&str, bool)> = bots
        .as_array()
        .expect("a list")
        .iter()
        .map(|b| (b["name"].as_str().unwrap(), b["token"].as_bool().unwrap()))
        .collect();
    assert_eq!(seen, [("ada-two", true), ("ada-one", false)]);
    assert!(bots[0]["created_ms"].as_u64().unwrap() > bots[1]["created_ms"].as_u64().unwrap());
    assert_eq!(
        l.get("/api/me/bots", Some(&first)).await.status,
        401,
        "a revoked token is nobody"
    );
    assert_eq!(
        l.get("/api/me/bots", Some(&guest)).await.json(),
        json!({"bots": []})
    );
    assert_eq!(l.get("/api/me/bots", None).await.status, 401);
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_new_token_works_and_the_old_one_stops_with_its_connections() {
    let l = Harness::start(quick()).await;
    let ada = l.member("ada").await;
    let bob = l.member("bob").await;
    let old = l.bot(&ada, "ada-bot").await;
    let mut socket = l.client(Some(&old)).await;
    let own_list = l.get("/api/me/bots", Some(&old)).await;
    assert_eq!(own_list.json(), json!({"bots": []}), "a bot owns no bots");

    for (who, name) in [(&bob, "ada-bot"), (&ada, "no-such-bot"), (&ada, "bob")] {
        let refused = l
            .post(&format!("/api/bots/{name}/token"), who, json!({}))
            .await;
        assert_eq!(refused.status, 404, "{name}: {}", refused.body);
        let (code, reason) = refused.error();
        assert_eq!(code, "not-found");
        assert!(reason.contains(name), "{reason}");
    }
    let renewed = l.post("/api/bots/ADA-BOT/token", &ada, json!({})).await;
    assert_eq!(renewed.status, 201, "{}", renewed.body);
    assert_eq!(renewed.headers.get("cache-control").unwrap(), "no-store");
    let body = renewed.json();
    assert_eq!(body["user"]["name"], "ada-bot");
    assert_eq!(body["user"]["bot"], true);
    let new = body["token"].as_str().expect("a token").to_owned();
    assert_ne!(new, old);

    let (code, _) = socket
        .closed(Duration::from_secs(2))
        .await
        .expect("the old token's socket is closed");
    assert_eq!(code, muster_wire::close::SIGNED_OUT);
    assert_eq!(l.get("/api/session", Some(&old)).await.status, 401);
    let me = l.get("/api/session", Some(&new)).await;
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.json()["user"]["name"], "ada-bot");

    // A revoked bot gets a token again the same way.
    let path = "/api/bots/ada-bot/token";
    let revoked = l.send(Method::DELETE, path, Auth::Bearer(&ada), None).await;
    assert_eq!(revoked.status, 204);
    let again = l.post(path, &ada, json!({})).await;
    assert_eq!(again.status, 201, "{}", again.body);
    let list = l.get("/api/me/bots", Some(&ada)).await.json();
    assert_eq!(list["bots"][0]["token"], true);
    l.stop().await;
}
