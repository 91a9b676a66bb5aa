//! The lobby over HTTP: challenges created, joined, raced for, chosen, withdrawn, lapsed and
//! refused; games that start at once, in the order fate decides. Each test runs the server in
//! process over a real socket on a SQLite file, talks HTTP with the kit's client and plays over
//! WebSockets with its socket client.

use std::collections::HashSet;

use hyper::Method;
use muster_wire::ServerMsg;
use serde_json::json;

use crate::kit::{self, casual, g_of, quick, Auth, Harness};

#[tokio::test]
async fn a_challenge_joined_starts_its_game_and_the_joiner_plays_their_seat() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let made = l
        .challenge(
            &ada,
            casual(
                "murus-gallicus",
                "",
                json!([{"kind": "me"}, {"kind": "open"}]),
            ),
        )
        .await;
    assert_eq!(made["status"], "open");
    assert!(made.get("g").is_none());
    assert_eq!(
        made["spec"]["variant"], "basic",
        "the variant is normalised"
    );
    let id = made["id"].as_str().unwrap().to_owned();
    let lobby = l.get("/api/challenges", None).await.json();
    assert_eq!(lobby["challenges"][0]["id"], id.as_str());

    let joined = l.join(&bob, &id).await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let joined = joined.json();
    assert_eq!(joined["status"], "started");
    assert_eq!(joined["seats"][1]["name"], "bob");
    let g = g_of(&joined);
    let lobby = l.get("/api/challenges", None).await.json();
    assert_eq!(
        lobby["challenges"],
        json!([]),
        "a started challenge leaves the lobby"
    );

    let mut ws = l.client(Some(&bob)).await;
    ws.sub(&g, None).await;
    match ws.recv().await {
        ServerMsg::Full(full) => {
            assert_eq!(full.g, g);
            assert_eq!(full.me.map(|s| s.0), Some(1), "bob holds the joined seat");
        }
        other => panic!("expected a full, got {other:?}"),
    }
    l.stop().await;
}

#[tokio::test]
async fn a_game_against_the_ai_starts_at_once() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let made = l
        .challenge(
            &ada,
            casual(
                "mu",
                "levis",
                json!([{"kind": "me"}, {"kind": "ai", "level": 1}]),
            ),
        )
        .await;
    assert_eq!(made["status"], "started");
    let g = g_of(&made);
    let game = l.get(&format!("/api/games/{}", g.0), Some(&ada)).await;
    assert_eq!(game.status, 200, "{}", game.body);
    let game = game.json();
    assert_eq!(game["status"], "running");
    assert_eq!(game["seats"][0]["name"], "ada");
    assert_eq!(game["seats"][1]["name"], "AI level 1");
    assert_eq!(game["seats"][1]["kind"], "ai");
    l.stop().await;
}

#[tokio::test]
async fn two_joiners_of_the_last_seat_one_wins_the_other_gets_409() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    for round in 0..3 {
        let bob = l.guest(&format!("bob{round}")).await;
        let cy = l.guest(&format!("cy{round}")).await;
        let made = l
            .challenge(
                &ada,
                casual("mur", "", json!([{"kind": "me"}, {"kind": "open"}])),
            )
            .await;
        let id = made["id"].as_str().unwrap();
        let (one, two) = tokio::join!(l.join(&bob, id), l.join(&cy, id));
        let mut statuses = [one.status, two.status];
        statuses.sort_unstable();
        assert_eq!(statuses, [200, 409], "{} / {}", one.body, two.body);
        let loser = if one.status == 409 { &one } else { &two };
        assert_eq!(loser.error().0, "taken");
        let stored = l.get(&format!("/api/challenges/{id}"), None).await.json();
        assert_eq!(stored["status"], "started");
    }
    l.stop().await;
}

#[tokio::test]
async fn a_direct_challenge_is_for_the_named_user_only() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let cy = l.guest("cy").await;
    let mut body = casual(
        "mur",
        "",
        json!([{"kind": "me"}, {"kind": "user", "name": "Bob"}]),
    );
    body["visibility"] = json!("direct");
    let made = l.challenge(&ada, body).await;
    assert_eq!(made["status"], "open", "bob has not accepted yet");
    assert_eq!(
        made["seats"][1],
        json!({"seat": 1, "name": "bob", "taken": false})
    );
    let id = made["id"].as_str().unwrap();
    let lobby = l.get("/api/challenges", None).await.json();
    assert_eq!(lobby["challenges"], json!([]), "not listed");

    let refused = l.join(&cy, id).await;
    assert_eq!(refused.status, 403, "{}", refused.body);
    let unseen = l.get(&format!("/api/challenges/{id}"), Some(&cy)).await;
    assert_eq!(unseen.status, 404);

    let accepted = l.join(&bob, id).await;
    assert_eq!(accepted.status, 200, "{}", accepted.body);
    assert_eq!(accepted.json()["status"], "started");

    let ghost = casual(
        "mur",
        "",
        json!([{"kind": "me"}, {"kind": "user", "name": "nobody"}]),
    );
    let reply = l.post("/api/challenges", &ada, ghost).await;
    assert_eq!(reply.status, 404);
    assert!(reply.error().1.contains("`nobody`"), "{}", reply.body);
    l.stop().await;
}

#[tokio::test]
async fn refusals_say_what_is_wrong_and_quote_it() {
    let l = Harness::start(quick()).await;
    let ada = l.member("ada").await;
    let guest = l.guest("gus").await;
    let live = json!({"kind": "live", "base_ms": 300_000, "inc_ms": 2_000});
    let cases = [
        (
            json!({"game": "mur", "variant": "", "rated": true, "clock": live,
                   "seats": [{"kind": "me"}, {"kind": "ai", "level": 3}]}),
            400,
            "AI seat",
        ),
        (
            json!({"game": "mutou", "variant": "", "clock": live,
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
            400,
            "MuTou is played untimed only",
        ),
        (
            json!({"game": "mu", "variant": "nonsense=3", "clock": {"kind": "none"},
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
            400,
            "`nonsense=3`",
        ),
        (
            json!({"game": "chess", "variant": "", "clock": {"kind": "none"},
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
            400,
            "`chess`",
        ),
        (
            json!({"game": "mu", "variant": "", "clock": {"kind": "none"},
                   "seats": [{"kind": "me"}]}),
            400,
            "1",
        ),
        (
            json!({"game": "mur", "variant": "", "clock": {"kind": "none"},
                   "seats": [{"kind": "open"}, {"kind": "open"}]}),
            400,
            "at least one `me`",
        ),
        (
            json!({"game": "mur", "variant": "", "rated": true, "clock": {"kind": "none"},
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
            400,
            "needs a clock",
        ),
        (
            json!({"game": "mur", "variant": "", "clock": {"kind": "live", "base_ms": 1000, "inc_ms": 0},
                   "seats": [{"kind": "me"}, {"kind": "open"}]}),
            400,
            "1000 ms",
        ),
        (
            json!({"game": "mur", "variant": "", "clock": {"kind": "none"},
                   "seats": [{"kind": "me"}, {"kind": "ai", "level": 9}]}),
            400,
            "9",
        ),
    ];
    for (body, status, says) in cases {
        let reply = l.post("/api/challenges", &ada, body.clone()).await;
        assert_eq!(reply.status, status, "{body}: {}", reply.body);
        assert!(reply.error().1.contains(says), "{body}: {}", reply.body);
    }
    let rated = json!({"game": "mur", "variant": "", "rated": true, "clock": live,
                       "seats": [{"kind": "me"}, {"kind": "open"}]});
    let reply = l.post("/api/challenges", &guest, rated.clone()).await;
    assert_eq!(reply.status, 403, "{}", reply.body);
    let made = l.challenge(&ada, rated).await;
    let reply = l.join(&guest, made["id"].as_str().unwrap()).await;
    assert_eq!(
        reply.status, 403,
        "a guest joins no rated game: {}",
        reply.body
    );
    let anonymous = l
        .send(Method::POST, "/api/challenges", Auth::None, Some(json!({})))
        .await;
    assert_eq!(anonymous.status, 401);
    l.stop().await;
}

#[tokio::test]
async fn fate_decides_the_seat_order() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let mut orders = HashSet::new();
    for _ in 0..20 {
        let mut body = casual(
            "murus-gallicus",
            "",
            json!([{"kind": "me"}, {"kind": "ai", "level": 1}]),
        );
        body["random_order"] = json!(true);
        let made = l.challenge(&ada, body).await;
        let g = g_of(&made);
        let game = l.get(&format!("/api/games/{}", g.0), None).await.json();
        let names: Vec<String> = game["seats"]
            .as_array()
            .unwrap()
            .iter()
            .map(|s| s["name"].as_str().unwrap().to_owned())
            .collect();
        let text = l
            .get(&format!("/api/games/{}/record", g.0), None)
            .await
            .body;
        assert!(
            text.contains(&format!("\"{}\"", names[0])),
            "the record names seat 0: {text}"
        );
        orders.insert(names);
    }
    assert!(
        orders.len() > 1,
        "twenty shuffles gave one order: {orders:?}"
    );
    l.stop().await;
}

#[tokio::test]
async fn an_idempotency_key_makes_a_repeated_create_answer_the_same_challenge() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let body = casual("mu", "levis", json!([{"kind": "me"}, {"kind": "open"}]));
    let first = l.challenge_keyed(&ada, "key-1", &body).await;
    assert_eq!(first.status, 201, "{}", first.body);
    let again = l.challenge_keyed(&ada, "key-1", &body).await;
    assert_eq!(again.status, 200, "{}", again.body);
    assert_eq!(first.json()["id"], again.json()["id"]);
    let lobby = l.get("/api/challenges", None).await.json();
    assert_eq!(lobby["challenges"].as_array().unwrap().len(), 1);

    let other = casual("mur", "", json!([{"kind": "me"}, {"kind": "open"}]));
    let misuse = l.challenge_keyed(&ada, "key-1", &other).await;
    assert_eq!(misuse.status, 409, "{}", misuse.body);
    let fresh = l.challenge_keyed(&ada, "key-2", &body).await;
    assert_eq!(fresh.status, 201);
    assert_ne!(fresh.json()["id"], first.json()["id"]);
    l.stop().await;
}

#[tokio::test]
async fn the_creator_withdraws_an_open_challenge() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let made = l
        .challenge(
            &ada,
            casual("mur", "", json!([{"kind": "me"}, {"kind": "open"}])),
        )
        .await;
    let path = format!("/api/challenges/{}", made["id"].as_str().unwrap());
    let by_bob = l
        .send(Method::DELETE, &path, Auth::Bearer(&bob), None)
        .await;
    assert_eq!(by_bob.status, 403);
    let by_ada = l
        .send(Method::DELETE, &path, Auth::Bearer(&ada), None)
        .await;
    assert_eq!(by_ada.status, 204, "{}", by_ada.body);
    assert_eq!(l.get(&path, None).await.json()["status"], "withdrawn");
    let late = l.join(&bob, made["id"].as_str().unwrap()).await;
    assert_eq!(late.status, 409);
    let again = l
        .send(Method::DELETE, &path, Auth::Bearer(&ada), None)
        .await;
    assert_eq!(again.status, 409);
    l.stop().await;
}

#[tokio::test]
async fn a_joiner_may_choose_a_seat_and_a_repeated_join_with_a_key_is_answered_again() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let cy = l.guest("cy").await;
    let seats = json!([{"kind": "me"}, {"kind": "open"}, {"kind": "open"}]);
    let made = l.challenge(&ada, casual("mu", "levis", seats)).await;
    let id = made["id"].as_str().unwrap();
    let path = format!("/api/challenges/{id}/join");
    let chosen = l.post(&path, &bob, json!({"seat": 2})).await;
    assert_eq!(chosen.status, 200, "{}", chosen.body);
    let chosen = chosen.json();
    assert_eq!(
        chosen["seats"][2],
        json!({"seat": 2, "name": "bob", "taken": true})
    );
    assert_eq!(chosen["seats"][1]["taken"], false);
    assert_eq!(chosen["status"], "open");

    let twice = l.post(&path, &bob, json!({})).await;
    assert_eq!(twice.status, 409, "{}", twice.body);
    assert!(twice.error().1.contains("seat 2"), "{}", twice.body);
    let keyed = l
        .send_with(
            Method::POST,
            &path,
            Auth::Bearer(&bob),
            &[("Idempotency-Key", "join-1")],
            Some("application/json"),
            b"{}".to_vec(),
        )
        .await;
    assert_eq!(keyed.status, 200, "a repeat with a key: {}", keyed.body);
    assert_eq!(keyed.json()["seats"], chosen["seats"]);

    let taken = l.post(&path, &cy, json!({"seat": 0})).await;
    assert_eq!(taken.status, 409, "{}", taken.body);
    let missing = l.post(&path, &cy, json!({"seat": 5})).await;
    assert_eq!(missing.status, 400, "{}", missing.body);
    let last = l.post(&path, &cy, json!({})).await.json();
    assert_eq!(last["status"], "started");
    let g = g_of(&last);
    let game = l.get(&format!("/api/games/{}", g.0), None).await.json();
    let names: Vec<&str> = game["seats"]
        .as_array()
        .unwrap()
        .iter()
        .map(|s| s["name"].as_str().unwrap())
        .collect();
    assert_eq!(names, ["ada", "cy", "bob"], "the seats as chosen");
    l.stop().await;
}

#[tokio::test]
async fn a_lapsed_challenge_is_expired_and_cannot_be_joined() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let made = l
        .challenge(
            &ada,
            casual("mur", "", json!([{"kind": "me"}, {"kind": "open"}])),
        )
        .await;
    let expires = made["expires_ms"].as_i64().unwrap();
    let now = muster_server::time::now_ms();
    let days = (expires - now) as f64 / 86_400_000.0;
    assert!(
        (6.99..=7.01).contains(&days),
        "untimed challenges wait 7 days: {days}"
    );
    let live = json!({"game": "mur", "variant": "", "seats": [{"kind": "me"}, {"kind": "open"}],
                      "clock": {"kind": "live", "base_ms": 180_000, "inc_ms": 0}});
    let live = l.challenge(&ada, live).await;
    let minutes = (live["expires_ms"].as_i64().unwrap() - now) as f64 / 60_000.0;
    assert!(
        (14.9..=15.1).contains(&minutes),
        "live ones 15 minutes: {minutes}"
    );

    // Every open challenge lapses as if its time had come.
    let swept = l.store.expire_challenges(i64::MAX).await.expect("swept");
    assert_eq!(swept, 2);
    let id = made["id"].as_str().unwrap();
    let late = l.join(&bob, id).await;
    assert_eq!(late.status, 409, "{}", late.body);
    assert!(late.error().1.contains("expired"), "{}", late.body);
    let shown = l.get(&format!("/api/challenges/{id}"), None).await.json();
    assert_eq!(shown["status"], "expired");
    assert_eq!(
        l.get("/api/challenges", None).await.json()["challenges"],
        json!([])
    );
    l.stop().await;
}

#[tokio::test]
async fn lobby_followers_see_a_challenge_come_and_go() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let mut follower = l.client(Some(&bob)).await;
    follower
        .send(&muster_wire::ClientMsg::Lobby(muster_wire::LobbyAsk {
            on: true,
        }))
        .await;
    let ServerMsg::Lobby(first) = follower.recv().await else {
        panic!("a lobby snapshot first")
    };
    assert!(first.challenges.is_empty());
    let made = l
        .challenge(
            &ada,
            casual("mur", "game", json!([{"kind": "me"}, {"kind": "open"}])),
        )
        .await;
    let ServerMsg::Lobby(after) = follower.recv().await else {
        panic!("a fresh snapshot after the creation")
    };
    assert_eq!(after.challenges.len(), 1);
    assert_eq!(after.challenges[0].id.0, made["id"].as_str().unwrap());
    let joined = l.join(&bob, made["id"].as_str().unwrap()).await;
    assert!(joined.status < 300, "the join went through");
    // Bob is also told his game started (a `notify`); the lobby's snapshot is what counts here.
    let mut next = follower.recv().await;
    while matches!(next, ServerMsg::Notify(_)) {
        next = follower.recv().await;
    }
    let ServerMsg::Lobby(last) = next else {
        panic!("a fresh snapshot after the join")
    };
    assert!(
        last.challenges.is_empty(),
        "the started challenge left the lobby"
    );
}

#[tokio::test]
async fn a_user_creating_challenges_in_a_flood_is_slowed_with_429() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let body = casual("mur", "game", json!([{"kind": "me"}, {"kind": "open"}]));
    let mut limited = None;
    for i in 0..40 {
        let reply = l.post("/api/challenges", &ada, body.clone()).await;
        if reply.status == 429 {
            limited = Some((i, reply));
            break;
        }
        assert_eq!(reply.status, 201, "{}", reply.body);
    }
    let (i, reply) = limited.expect("the flood was limited");
    assert!(
        i >= 30,
        "the first 30 creations pass (the {i}th was refused)"
    );
    assert_eq!(reply.json()["code"], "rate");
}

#[tokio::test]
async fn a_hot_seat_game_lets_its_creator_play_every_me_seat_in_turn() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let made = l
        .challenge(
            &ada,
            casual(
                "murus-gallicus",
                "",
                json!([{"kind": "me"}, {"kind": "me"}]),
            ),
        )
        .await;
    assert_eq!(made["status"], "started", "{made}");
    let g = g_of(&made);
    let mut p = kit::Player::join(&l, Some(&ada), &g).await;
    // Four decisions in a row, two by each seat, all by the one user.
    let mut seats_played = Vec::new();
    for _ in 0..4 {
        while p.pic.legal.is_empty() {
            p.until(|_| true).await;
        }
        let Some(muster_wire::Actor::Seat(seat)) = p.pic.actor else {
            panic!("a seat is to act: {:?}", p.pic.actor);
        };
        seats_played.push(seat.0);
        let a = p.pic.legal[0].clone();
        p.play(&a).await;
    }
    assert_eq!(seats_played, vec![0, 1, 0, 1]);

    let rated = l
        .post(
            "/api/challenges",
            &ada,
            json!({"game": "mur", "variant": "", "rated": true,
                   "clock": {"kind": "live", "base_ms": 60000, "inc_ms": 0},
                   "seats": [{"kind": "me"}, {"kind": "me"}]}),
        )
        .await;
    assert_eq!(rated.status, 400, "{}", rated.body);
    assert!(rated.body.contains("hot-seat"), "{}", rated.body);
    l.stop().await;
}

#[tokio::test]
async fn public_games_are_listed_to_watch_and_private_ones_are_not() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let vs_ai = json!([{"kind": "me"}, {"kind": "ai", "level": 1}]);
    let public = g_of(
        &l.challenge(&ada, casual("murus-gallicus", "", vs_ai.clone()))
            .await,
    );
    let mut private = casual("mur", "", vs_ai);
    private["visibility"] = json!("link");
    let private = g_of(&l.challenge(&ada, private).await);

    let listed = l.get("/api/games?status=active", None).await;
    assert_eq!(listed.status, 200, "{}", listed.body);
    let ids: Vec<String> = listed.json()["games"]
        .as_array()
        .unwrap()
        .iter()
        .map(|g| g["g"].as_str().unwrap().to_owned())
        .collect();
    assert!(ids.contains(&public.0), "{ids:?}");
    assert!(
        !ids.contains(&private.0),
        "a link-only game stays unlisted: {ids:?}"
    );
    let none_over = l.get("/api/games?status=over", None).await.json();
    assert_eq!(none_over["games"], json!([]));
    let bad = l.get("/api/games?status=later", None).await;
    assert_eq!(bad.status, 400);
    assert!(bad.body.contains("`later`"), "{}", bad.body);
    l.stop().await;
}
