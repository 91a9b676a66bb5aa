//! A visitor's cookie acts only from this server's own pages (or an origin named by
//! `--allow-origin`); bearer clients are not checked; every answer carries the security
//! headers, and the cookie is `Secure` behind an `https` public address.

use std::time::Duration;

use hyper::Method;
use muster_server::net::NetConfig;
use muster_server::GameConfig;
use serde_json::json;
use tokio_tungstenite::tungstenite::client::IntoClientRequest;
use tokio_tungstenite::tungstenite::Error as WsError;

use crate::kit::{quick, token_of, Auth, Harness, Reply};

/// A server with these network settings.
async fn lobby_with(net: NetConfig) -> Harness {
    Harness::start(GameConfig { net, ..quick() }).await
}

/// Opens `/ws` with these headers: the HTTP status of a refusal, or 101.
async fn upgrade_status(l: &Harness, headers: &[(&'static str, String)]) -> u16 {
    let mut request = format!("ws://{}/ws", l.addr)
        .into_client_request()
        .expect("request");
    for (name, value) in headers {
        request
            .headers_mut()
            .insert(*name, value.parse().expect("a header value"));
    }
    match tokio_tungstenite::connect_async(request).await {
        Ok((mut ws, response)) => {
            let _ = ws.close(None).await;
            response.status().as_u16()
        }
        Err(WsError::Http(response)) => response.status().as_u16(),
        Err(other) => panic!("the upgrade failed otherwise: {other}"),
    }
}

fn cookie(token: &str) -> (&'static str, String) {
    ("cookie", format!("muster_session={token}"))
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_page_cannot_open_a_socket_with_the_visitors_cookie() {
    let l = Harness::start(quick()).await;
    let ann = l.guest("ann").await;
    let own = format!("http://{}", l.addr);
    for foreign in [
        "http://evil.example",
        "null",
        "http://127.0.0.1:1",
        "https://evil.example",
    ] {
        let status = upgrade_status(&l, &[cookie(&ann), ("origin", foreign.to_owned())]).await;
        assert_eq!(status, 403, "Origin: {foreign}");
    }
    assert_eq!(
        upgrade_status(&l, &[cookie(&ann), ("origin", own)]).await,
        101
    );
    // Programs send no Origin; bearer clients are never checked.
    assert_eq!(upgrade_status(&l, &[cookie(&ann)]).await, 101);
    let bearer = ("authorization", format!("Bearer {ann}"));
    let evil = ("origin", "http://evil.example".to_owned());
    assert_eq!(upgrade_status(&l, std::slice::from_ref(&bearer)).await, 101);
    assert_eq!(upgrade_status(&l, &[bearer, evil.clone()]).await, 101);
    // Without a cookie the socket is anonymous: a page anywhere may watch.
    assert_eq!(upgrade_status(&l, &[evil]).await, 101);
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_origin_named_by_allow_origin_may_act_with_the_cookie() {
    let l = lobby_with(NetConfig {
        allow_origins: vec!["https://play.example".to_owned()],
        ..NetConfig::default()
    })
    .await;
    let ann = l.guest("ann").await;
    let allowed = ("origin", "https://PLAY.example:443".to_owned());
    assert_eq!(upgrade_status(&l, &[cookie(&ann), allowed]).await, 101);
    let other = ("origin", "https://play.example:8443".to_owned());
    assert_eq!(upgrade_status(&l, &[cookie(&ann), other]).await, 403);
    l.stop().await;
}

/// `POST /api/challenges` (an open game of Murus Gallicus) with `auth` and `headers`.
async fn post_challenge(l: &Harness, auth: Auth<'_>, headers: &[(&str, &str)]) -> Reply {
    let challenge = json!({"game": "murus-gallicus", "variant": "",
        "seats": [{"kind": "me"}, {"kind": "open"}], "clock": {"kind": "none"}});
    let body = challenge.to_string().into_bytes();
    l.send_with(
        Method::POST,
        "/api/challenges",
        auth,
        headers,
        Some("application/json"),
        body,
    )
    .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_foreign_page_cannot_change_anything_with_the_cookie() {
    let l = Harness::start(quick()).await;
    let ann = l.guest("ann").await;
    let evil = [("origin", "http://evil.example")];
    let refused = post_challenge(&l, Auth::Cookie(&ann), &evil).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    assert_eq!(refused.error().0, "forbidden");
    let logout = l
        .send_with(
            Method::DELETE,
            "/api/session",
            Auth::Cookie(&ann),
            &evil,
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(logout.status, 403, "{}", logout.body);
    assert_eq!(
        l.whoami(Auth::Cookie(&ann)).await.status,
        200,
        "still signed in"
    );
    // The same requests from the server's own page, or with a bearer token, go through.
    let own_origin = format!("http://{}", l.addr);
    let own = [("origin", own_origin.as_str())];
    let made = post_challenge(&l, Auth::Cookie(&ann), &own).await;
    assert_eq!(made.status, 201, "{}", made.body);
    let made = post_challenge(&l, Auth::Bearer(&ann), &evil).await;
    assert_eq!(made.status, 201, "{}", made.body);
    // Reading is not changing: a GET from anywhere is answered.
    let read = l
        .send_with(
            Method::GET,
            "/api/session",
            Auth::Cookie(&ann),
            &evil,
            None,
            Vec::new(),
        )
        .await;
    assert_eq!(read.status, 200, "{}", read.body);
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn every_answer_carries_the_security_headers() {
    let l = Harness::start(quick()).await;
    for path in ["/", "/lobby", "/api/catalog", "/api/nowhere"] {
        let reply = l.send(Method::GET, path, Auth::None, None).await;
        let header = |name: &str| {
            reply
                .headers
                .get(name)
                .and_then(|v| v.to_str().ok())
                .unwrap_or_else(|| panic!("{path}: no {name}"))
                .to_owned()
        };
        let csp = header("content-security-policy");
        assert!(csp.contains("script-src 'self'"), "{path}: {csp}");
        assert!(csp.contains("frame-ancestors 'none'"), "{path}: {csp}");
        assert!(!csp.contains("unsafe-eval"), "{path}: {csp}");
        assert_eq!(header("x-content-type-options"), "nosniff", "{path}");
        assert_eq!(header("referrer-policy"), "same-origin", "{path}");
        assert_eq!(header("x-frame-options"), "DENY", "{path}");
    }
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_cookie_is_secure_behind_an_https_public_address() {
    let plain = Harness::start(quick()).await;
    let reply = plain.session(json!({"kind": "guest"})).await;
    let set = reply.set_cookie();
    assert!(
        set.contains("HttpOnly") && set.contains("SameSite=Lax"),
        "{set}"
    );
    assert!(!set.contains("Secure"), "{set}");
    plain.stop().await;

    let behind_tls = lobby_with(NetConfig {
        public_url: Some("https://muster.example".to_owned()),
        ..NetConfig::default()
    })
    .await;
    let reply = behind_tls.session(json!({"kind": "guest"})).await;
    assert!(
        reply.set_cookie().contains("; Secure"),
        "{}",
        reply.set_cookie()
    );
    // Its origin is the server's own.
    let token = token_of(&reply);
    let origin = ("origin", "https://muster.example".to_owned());
    assert_eq!(
        upgrade_status(&behind_tls, &[cookie(&token), origin]).await,
        101
    );
    tokio::time::sleep(Duration::from_millis(10)).await;
    behind_tls.stop().await;
}
