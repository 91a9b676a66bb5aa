//! Accounts over HTTP: guests, registration, login, logout, bearer tokens, expiry, bots,
//! profiles, and the refusals of bad bodies and hurried clients. Each test runs the server in
//! process over a real socket on 127.0.0.1, on a SQLite file in a temporary directory, and
//! talks to it with the kit's HTTP client.

use hyper::header::{RETRY_AFTER, SET_COOKIE};
use hyper::Method;
use muster_server::accounts::{hash_token, SESSION_BURST};
use muster_server::time::now_ms;
use muster_server::GameConfig;
use muster_store::{Session, TokenHash};
use serde_json::json;

use crate::kit::{token_of, Auth, Harness};

const DAY_MS: i64 = 24 * 60 * 60 * 1000;

#[tokio::test]
async fn a_guest_gets_a_generated_name_and_a_cookie_that_identifies_them() {
    let s = Harness::start(GameConfig::default()).await;
    let reply = s.session(json!({"kind": "guest"})).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let body = reply.json();
    let name = body["user"]["name"].as_str().expect("a name");
    assert!(
        name.len() == 12
            && name.starts_with("guest-")
            && name[6..].bytes().all(|b| b.is_ascii_hexdigit()),
        "{name}"
    );
    assert_eq!(body["user"]["guest"], true);
    assert_eq!(body["user"]["bot"], false);
    let token = token_of(&reply);
    assert_eq!(
        reply.set_cookie(),
        format!("muster_session={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age=2592000")
    );
    assert_eq!(reply.headers.get("cache-control").unwrap(), "no-store");

    let me = s.whoami(Auth::Cookie(&token)).await;
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.json()["user"], body["user"]);
    assert!(me.json().get("token").is_none(), "{}", me.body);

    let chosen = s.session(json!({"kind": "guest", "name": "Visitor"})).await;
    assert_eq!(chosen.status, 200, "{}", chosen.body);
    assert_eq!(chosen.json()["user"]["name"], "Visitor");
    assert_eq!(chosen.json()["user"]["guest"], true);
    s.stop().await;
}

#[tokio::test]
async fn without_a_session_who_am_i_answers_401() {
    let s = Harness::start(GameConfig::default()).await;
    let reply = s.whoami(Auth::None).await;
    assert_eq!(reply.status, 401);
    let (code, reason) = reply.error();
    assert_eq!(code, "unauthorized");
    assert!(reason.contains("no session"), "{reason}");
    let forged = s.whoami(Auth::Cookie(&"ab".repeat(32))).await;
    assert_eq!(forged.status, 401);
    assert!(forged.error().1.contains("not known"), "{}", forged.body);
    s.stop().await;
}

#[tokio::test]
async fn a_registered_user_logs_in_with_any_case_of_the_name_and_only_the_right_password() {
    let s = Harness::start(GameConfig::default()).await;
    let first = s.register("Ada", "correct horse").await;
    let login = s
        .session(json!({"kind": "login", "name": "aDA", "password": "correct horse"}))
        .await;
    assert_eq!(login.status, 200, "{}", login.body);
    let user = login.json()["user"].clone();
    assert_eq!(user["name"], "Ada");
    assert_eq!(user["guest"], false);
    assert_ne!(token_of(&login), first, "each login is a new session");

    let wrong = s
        .session(json!({"kind": "login", "name": "Ada", "password": "wrong horse"}))
        .await;
    assert_eq!(wrong.status, 401);
    let unknown = s
        .session(json!({"kind": "login", "name": "Bob", "password": "correct horse"}))
        .await;
    assert_eq!(unknown.status, 401);
    assert_eq!(wrong.error(), unknown.error(), "the same words for both");
    assert_eq!(wrong.error().0, "unauthorized");
    assert!(wrong.headers.get(SET_COOKIE).is_none());

    let guest = s.session(json!({"kind": "guest", "name": "Gus"})).await;
    assert_eq!(guest.status, 200);
    let as_guest = s
        .session(json!({"kind": "login", "name": "Gus", "password": "whatever1"}))
        .await;
    assert_eq!(as_guest.error(), wrong.error(), "a guest has no password");
    s.stop().await;
}

#[tokio::test]
async fn a_guest_who_registers_gets_a_new_account_and_the_guest_session_ends() {
    let s = Harness::start(GameConfig::default()).await;
    let guest = s.session(json!({"kind": "guest", "name": "Gus"})).await;
    let guest_token = token_of(&guest);
    let body = json!({"kind": "register", "name": "Ada", "password": "correct horse"});
    let registered = s
        .send(
            Method::POST,
            "/api/session",
            Auth::Cookie(&guest_token),
            Some(body),
        )
        .await;
    assert_eq!(registered.status, 200, "{}", registered.body);
    assert_ne!(registered.json()["user"]["id"], guest.json()["user"]["id"]);
    assert_eq!(registered.json()["user"]["guest"], false);
    assert_eq!(s.whoami(Auth::Cookie(&guest_token)).await.status, 401);
    let profile = s
        .send(Method::GET, "/api/users/Gus", Auth::None, None)
        .await;
    assert_eq!(profile.json()["guest"], true, "the guest account stays");
    s.stop().await;
}

#[tokio::test]
async fn names_are_taken_case_insensitively_and_bad_names_and_passwords_are_refused() {
    let s = Harness::start(GameConfig::default()).await;
    s.register("Ada", "correct horse").await;
    for (body, status, code, words) in [
        (
            json!({"kind": "register", "name": "ADA", "password": "another one"}),
            409,
            "taken",
            "taken",
        ),
        (
            json!({"kind": "guest", "name": "ada"}),
            409,
            "taken",
            "taken",
        ),
        (
            json!({"kind": "register", "name": "Bob", "password": "short"}),
            400,
            "invalid",
            "8 to 128 characters",
        ),
        (
            json!({"kind": "register", "name": "Bob", "password": "x".repeat(129)}),
            400,
            "invalid",
            "8 to 128 characters",
        ),
        (
            json!({"kind": "register", "name": "Bob Smith", "password": "long enough"}),
            400,
            "invalid",
            "bad name `Bob Smith`",
        ),
        (
            json!({"kind": "guest", "name": "x"}),
            400,
            "invalid",
            "shorter",
        ),
    ] {
        let reply = s.session(body.clone()).await;
        assert_eq!(reply.status, status, "{body} → {}", reply.body);
        let (got_code, reason) = reply.error();
        assert_eq!(got_code, code, "{body}");
        assert!(reason.contains(words), "{body} → {reason}");
        assert!(!reason.contains("long enough"), "never the password");
    }
    s.stop().await;
}

#[tokio::test]
async fn logout_ends_the_session_and_clears_the_cookie_while_a_bearer_token_works_alike() {
    let s = Harness::start(GameConfig::default()).await;
    let token = s.register("Ada", "correct horse").await;
    let other = s.register("Bob", "correct horse").await;
    let me = s.whoami(Auth::Bearer(&token)).await;
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.json()["user"]["name"], "Ada");

    let out = s
        .send(Method::DELETE, "/api/session", Auth::Cookie(&token), None)
        .await;
    assert_eq!(out.status, 204);
    assert!(
        out.set_cookie().starts_with("muster_session=;"),
        "{}",
        out.set_cookie()
    );
    assert!(out.set_cookie().contains("Max-Age=0"));
    assert_eq!(s.whoami(Auth::Cookie(&token)).await.status, 401);
    assert_eq!(s.whoami(Auth::Bearer(&token)).await.status, 401);
    assert_eq!(
        s.whoami(Auth::Bearer(&other)).await.status,
        200,
        "others stay"
    );

    let out = s
        .send(Method::DELETE, "/api/session", Auth::Bearer(&other), None)
        .await;
    assert_eq!(out.status, 204);
    assert_eq!(s.whoami(Auth::Cookie(&other)).await.status, 401);
    s.stop().await;
}

#[tokio::test]
async fn the_store_keeps_only_the_hash_of_a_token() {
    let s = Harness::start(GameConfig::default()).await;
    let token = s.register("Ada", "correct horse").await;
    assert_eq!(token.len(), 64, "{token}");
    let as_stored = TokenHash::from_hex(&token).expect("hex");
    assert_eq!(s.store.find_session(&as_stored).await.expect("read"), None);
    let session = s
        .store
        .find_session(&hash_token(&token))
        .await
        .expect("read")
        .expect("the hash is stored");
    assert_ne!(session.token_hash.as_str(), token);
    let user = s
        .store
        .user_by_name("ada")
        .await
        .expect("read")
        .expect("user");
    assert_eq!(session.user_id, user.id);
    let lifetime = session.expires_ms - session.created_ms;
    assert_eq!(lifetime, 30 * DAY_MS);
    let stored_hash = user.pw_hash.expect("a password hash");
    assert!(stored_hash.starts_with("$argon2id$"), "{stored_hash}");
    assert!(!stored_hash.contains("correct horse"));
    s.stop().await;
}

#[tokio::test]
async fn an_expired_session_is_refused_and_a_used_one_slides_forward() {
    let s = Harness::start(GameConfig::default()).await;
    s.register("Ada", "correct horse").await;
    let user = s
        .store
        .user_by_name("Ada")
        .await
        .expect("read")
        .expect("user");
    let now = now_ms();
    let insert = |token: &str, seen_ms: i64, expires_ms: i64| Session {
        token_hash: hash_token(token),
        user_id: user.id.clone(),
        created_ms: now - 40 * DAY_MS,
        seen_ms,
        expires_ms,
    };
    let expired = "e".repeat(64);
    s.store
        .insert_session(&insert(&expired, now - 31 * DAY_MS, now - 1))
        .await
        .expect("insert");
    let reply = s.whoami(Auth::Cookie(&expired)).await;
    assert_eq!(reply.status, 401);
    assert!(reply.error().1.contains("expired"), "{}", reply.body);
    assert_eq!(
        s.store
            .find_session(&hash_token(&expired))
            .await
            .expect("read"),
        None,
        "an expired session is deleted when it is presented"
    );

    let idle = "d".repeat(64);
    s.store
        .insert_session(&insert(&idle, now - 2 * 60 * 1000, now + DAY_MS))
        .await
        .expect("insert");
    assert_eq!(s.whoami(Auth::Bearer(&idle)).await.status, 200);
    let slid = s
        .store
        .find_session(&hash_token(&idle))
        .await
        .expect("read")
        .expect("kept");
    assert!(slid.seen_ms >= now, "touched");
    assert!(
        slid.expires_ms >= now + 30 * DAY_MS,
        "moved to 30 days from its use"
    );

    // Used again within the minute: not written again.
    assert_eq!(s.whoami(Auth::Bearer(&idle)).await.status, 200);
    let again = s
        .store
        .find_session(&hash_token(&idle))
        .await
        .expect("read");
    assert_eq!(again, Some(slid));
    s.stop().await;
}

#[tokio::test]
async fn a_named_user_creates_a_bot_whose_token_works_until_its_owner_revokes_it() {
    let s = Harness::start(GameConfig::default()).await;
    let ada = s.register("Ada", "correct horse").await;
    let bob = s.register("Bob", "correct horse").await;
    let guest = token_of(&s.session(json!({"kind": "guest"})).await);

    let by_guest = s
        .send(
            Method::POST,
            "/api/bots",
            Auth::Cookie(&guest),
            Some(json!({"name": "g-bot"})),
        )
        .await;
    assert_eq!(by_guest.status, 403, "{}", by_guest.body);
    assert_eq!(by_guest.error().0, "forbidden");
    let anonymous = s
        .send(
            Method::POST,
            "/api/bots",
            Auth::None,
            Some(json!({"name": "a-bot"})),
        )
        .await;
    assert_eq!(anonymous.status, 401);

    let made = s
        .send(
            Method::POST,
            "/api/bots",
            Auth::Cookie(&ada),
            Some(json!({"name": "Ada-Bot"})),
        )
        .await;
    assert_eq!(made.status, 201, "{}", made.body);
    let body = made.json();
    assert_eq!(body["user"]["name"], "Ada-Bot");
    assert_eq!(body["user"]["bot"], true);
    assert_eq!(body["user"]["guest"], false);
    let bot = body["token"].as_str().expect("a token").to_owned();

    let me = s.whoami(Auth::Bearer(&bot)).await;
    assert_eq!(me.status, 200, "{}", me.body);
    assert_eq!(me.json()["user"]["bot"], true);
    let session = s
        .store
        .find_session(&hash_token(&bot))
        .await
        .expect("read")
        .expect("stored");
    assert!(
        session.expires_ms > now_ms() + 100 * 365 * DAY_MS,
        "does not expire"
    );

    let by_bot = s
        .send(
            Method::POST,
            "/api/bots",
            Auth::Bearer(&bot),
            Some(json!({"name": "sub-bot"})),
        )
        .await;
    assert_eq!(by_bot.status, 403);
    let taken = s
        .send(
            Method::POST,
            "/api/bots",
            Auth::Cookie(&bob),
            Some(json!({"name": "ada-bot"})),
        )
        .await;
    assert_eq!(taken.status, 409);
    let as_login = s
        .session(json!({"kind": "login", "name": "Ada-Bot", "password": "anything1"}))
        .await;
    assert_eq!(as_login.status, 401, "a bot has no password");

    let path = "/api/bots/ada-bot/token";
    let not_owner = s.send(Method::DELETE, path, Auth::Cookie(&bob), None).await;
    assert_eq!(not_owner.status, 403, "{}", not_owner.body);
    let no_bot = s
        .send(
            Method::DELETE,
            "/api/bots/Bob/token",
            Auth::Cookie(&bob),
            None,
        )
        .await;
    assert_eq!(no_bot.status, 404);
    let revoked = s.send(Method::DELETE, path, Auth::Cookie(&ada), None).await;
    assert_eq!(revoked.status, 204, "{}", revoked.body);
    assert_eq!(s.whoami(Auth::Bearer(&bot)).await.status, 401);
    s.stop().await;
}

#[tokio::test]
async fn a_profile_is_public_and_holds_no_secrets() {
    let s = Harness::start(GameConfig::default()).await;
    s.register("Ada", "correct horse").await;
    let reply = s
        .send(Method::GET, "/api/users/ADA", Auth::None, None)
        .await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    let body = reply.json();
    let mut keys: Vec<&str> = body
        .as_object()
        .expect("an object")
        .keys()
        .map(String::as_str)
        .collect();
    keys.sort_unstable();
    assert_eq!(
        keys,
        [
            "bot",
            "created_ms",
            "guest",
            "id",
            "name",
            "ratings",
            "recent"
        ]
    );
    assert_eq!(body["name"], "Ada");
    assert!(body["created_ms"]
        .as_u64()
        .is_some_and(|ms| ms > 1_700_000_000_000));
    assert!(!reply.body.contains("argon2") && !reply.body.contains("correct horse"));

    let missing = s
        .send(Method::GET, "/api/users/nobody", Auth::None, None)
        .await;
    assert_eq!(missing.status, 404);
    assert_eq!(missing.error().0, "not-found");
    assert!(missing.error().1.contains("nobody"));
    s.stop().await;
}

#[tokio::test]
async fn bad_bodies_are_refused_with_an_api_error_that_says_why() {
    let s = Harness::start(GameConfig::default()).await;
    let post = |body: Vec<u8>, content_type: Option<&'static str>| {
        let s = &s;
        async move {
            s.send_raw(Method::POST, "/api/session", Auth::None, content_type, body)
                .await
        }
    };
    let json = Some("application/json");

    let big = format!(r#"{{"kind":"guest","name":"{}"}}"#, "x".repeat(70 * 1024));
    let reply = post(big.into_bytes(), json).await;
    assert_eq!(reply.status, 413);
    assert_eq!(reply.error().0, "too-large");
    assert!(reply.error().1.contains("64 KiB"), "{}", reply.body);

    for (text, words) in [
        ("{\"kind\": \"guest\"", "EOF"),
        ("not json", "expected"),
        (
            "{\"kind\": \"guest\", \"colour\": \"red\"}",
            "unknown field `colour`",
        ),
        ("{\"kind\": \"admin\"}", "unknown variant `admin`"),
        (
            "{\"kind\": \"login\", \"name\": \"Ada\"}",
            "missing field `password`",
        ),
    ] {
        let reply = post(text.as_bytes().to_vec(), json).await;
        assert_eq!(reply.status, 400, "{text} → {}", reply.body);
        let (code, reason) = reply.error();
        assert_eq!(code, "malformed", "{text}");
        assert!(reason.contains(words), "{text} → {reason}");
    }

    let reply = post(b"{\"kind\": \"guest\"}".to_vec(), None).await;
    assert_eq!(reply.status, 415);
    assert!(
        reply.error().1.contains("application/json"),
        "{}",
        reply.body
    );
    s.stop().await;
}

#[tokio::test]
async fn a_server_may_allow_an_address_more_sessions_a_minute() {
    let mut config = GameConfig::default();
    config.net.sessions_per_minute = Some(SESSION_BURST + 10);
    let s = Harness::start(config).await;
    for n in 0..SESSION_BURST + 10 {
        let reply = s.session(json!({"kind": "guest"})).await;
        assert_eq!(reply.status, 200, "request {n}: {}", reply.body);
    }
    let reply = s.session(json!({"kind": "guest"})).await;
    assert_eq!(
        reply.status, 429,
        "the raised allowance still ends: {}",
        reply.body
    );
    s.stop().await;
}

#[tokio::test]
async fn a_hurried_client_is_told_to_wait() {
    let s = Harness::start(GameConfig::default()).await;
    for n in 0..SESSION_BURST {
        let reply = s.session(json!({"kind": "guest"})).await;
        assert_eq!(reply.status, 200, "request {n}: {}", reply.body);
    }
    let reply = s.session(json!({"kind": "guest"})).await;
    assert_eq!(reply.status, 429, "{}", reply.body);
    assert_eq!(reply.error().0, "rate");
    let wait: u64 = reply
        .headers
        .get(RETRY_AFTER)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.parse().ok())
        .expect("a Retry-After in seconds");
    assert!((1..=5).contains(&wait), "{wait}");
    let login = s
        .session(json!({"kind": "login", "name": "Ada", "password": "correct horse"}))
        .await;
    assert_eq!(login.status, 429, "logins share the allowance");
    s.stop().await;
}
