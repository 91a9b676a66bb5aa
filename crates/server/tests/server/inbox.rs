//! The notification list over real sockets (`GET /api/me/notifications`,
//! `POST /api/me/notifications/read`): what a user is told as `notify` frames is kept for
//! later — a challenge naming them, their games' start, their turn in a correspondence game,
//! one unread turn per game however often it comes — marked read up to a time, and still
//! there after the server restarts on the same SQLite file.

use std::time::Duration;

use muster_server::games::SeatPlan;
use muster_wire::http::ClockSpec;
use muster_wire::server::NotifyKind;
use muster_wire::{MatchId, Millis, ServerMsg};
use serde_json::{json, Value};

use crate::kit::{g_of, quick, spec, until, Auth, Harness, Player};

/// `token`'s notification list.
async fn inbox(l: &Harness, token: &str) -> Value {
    let reply = l.get("/api/me/notifications", Some(token)).await;
    assert_eq!(reply.status, 200, "{}", reply.body);
    reply.json()
}

/// Reads `token`'s list until `done` holds for it (the server stores in the background);
/// panics after 10 s.
async fn inbox_until(l: &Harness, token: &str, done: impl Fn(&Value) -> bool) -> Value {
    let mut last = Value::Null;
    let polling = async {
        loop {
            let list = inbox(l, token).await;
            if done(&list) {
                return list;
            }
            last = list;
            tokio::time::sleep(Duration::from_millis(20)).await;
        }
    };
    let list = until(Duration::from_secs(10), polling).await;
    list.unwrap_or_else(|| panic!("the list never came to be: {last}"))
}

/// The kinds of a list's items, newest first.
fn kinds(list: &Value) -> Vec<&str> {
    list["items"]
        .as_array()
        .expect("items")
        .iter()
        .map(|i| i["kind"].as_str().expect("a kind"))
        .collect()
}

/// The list's items of one kind.
fn of_kind<'a>(list: &'a Value, kind: &str) -> Vec<&'a Value> {
    list["items"]
        .as_array()
        .expect("items")
        .iter()
        .filter(|i| i["kind"] == kind)
        .collect()
}

/// Ann challenges bob to a correspondence game of Murus Gallicus (ann moves first); bob's
/// list holds the challenge. Bob joins: the game's id.
async fn correspondence_game(l: &Harness, ann: &str, bob: &str) -> MatchId {
    let body = json!({
        "game": "murus-gallicus", "variant": "",
        "seats": [{"kind": "me"}, {"kind": "user", "name": "bob"}],
        "clock": {"kind": "corr", "per_move_ms": 86_400_000},
    });
    let made = l.challenge(ann, body).await;
    let list = inbox_until(l, bob, |list| list["unread"] == 1).await;
    let item = &list["items"][0];
    assert_eq!(item["kind"], "challenge");
    assert_eq!(
        item["text"],
        "ann challenges you to a game of Murus Gallicus"
    );
    assert_eq!(item["read"], false);
    assert!(item.get("g").is_none(), "{item}");
    let joined = l.join(bob, made["id"].as_str().expect("an id")).await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    g_of(&joined.json())
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_users_notifications_are_kept_marked_read_and_survive_a_restart() {
    let l = Harness::start(quick()).await;
    let ann = l.member("ann").await;
    let bob = l.member("bob").await;
    let g = correspondence_game(&l, &ann, &bob).await;
    let mut a = Player::join(&l, Some(&ann), &g).await;
    let mut b = Player::join(&l, Some(&bob), &g).await;

    // Ann moves: bob is told it is his turn, live and in his list.
    a.play_first().await;
    let told = b
        .until(|m| matches!(m, ServerMsg::Notify(n) if n.kind == NotifyKind::YourTurn))
        .await;
    let ServerMsg::Notify(told) = told else {
        unreachable!("until returns what it waited for")
    };
    assert_eq!(told.g.as_ref(), Some(&g));
    assert_eq!(told.text, "ann has played: your turn in Murus Gallicus");
    let first = inbox_until(&l, &bob, |list| !of_kind(list, "your-turn").is_empty()).await;
    assert_eq!(kinds(&first), ["your-turn", "game-started", "challenge"]);
    let turn = of_kind(&first, "your-turn")[0].clone();
    assert_eq!(turn["g"], json!(g.0));
    assert_eq!(turn["text"], told.text);
    assert!(
        !turn["text"].as_str().unwrap().contains(&g.0),
        "no ids in the words"
    );

    // Bob moves without reading his list: the turn he took is no longer in it. Ann moves
    // again: bob has one unread turn in this game, the newer one.
    b.await_turn().await;
    b.play_first().await;
    let taken = inbox_until(&l, &bob, |list| of_kind(list, "your-turn").is_empty()).await;
    assert_eq!(kinds(&taken), ["game-started", "challenge"]);
    assert_eq!(taken["unread"], 2);
    a.await_turn().await;
    // Ann is told of bob's move, never of her own.
    let anns = inbox_until(&l, &ann, |list| !of_kind(list, "your-turn").is_empty()).await;
    assert_eq!(kinds(&anns), ["your-turn", "game-started"]);
    assert_eq!(
        of_kind(&anns, "your-turn")[0]["text"],
        "bob has played: your turn in Murus Gallicus"
    );
    tokio::time::sleep(Duration::from_millis(5)).await;
    a.play_first().await;
    let was = turn["at_ms"].as_u64().unwrap();
    let second = inbox_until(&l, &bob, |list| {
        of_kind(list, "your-turn")
            .iter()
            .any(|t| t["at_ms"].as_u64().unwrap() > was)
    })
    .await;
    let turns = of_kind(&second, "your-turn");
    assert_eq!(turns.len(), 1, "one turn per game: {second}");
    assert_ne!(turns[0]["id"], turn["id"]);
    assert_eq!(second["unread"], 3);

    // Ann took the turn she was told of: it is gone from her list.
    let anns = inbox_until(&l, &ann, |list| of_kind(list, "your-turn").is_empty()).await;
    assert_eq!(kinds(&anns), ["game-started"]);

    // A shorter list still counts every unread one.
    let one = l
        .get("/api/me/notifications?limit=1", Some(&bob))
        .await
        .json();
    assert_eq!(
        (one["items"].as_array().unwrap().len(), &one["unread"]),
        (1, &json!(3))
    );

    // Bob reads everything up to the newest: none is left unread.
    let newest = second["items"][0]["at_ms"].clone();
    let read = l
        .post(
            "/api/me/notifications/read",
            &bob,
            json!({"up_to_ms": newest}),
        )
        .await;
    assert_eq!(read.status, 200, "{}", read.body);
    assert_eq!(read.json(), json!({"unread": 0}));
    let after = inbox(&l, &bob).await;
    assert_eq!(after["unread"], 0);
    assert!(after["items"]
        .as_array()
        .unwrap()
        .iter()
        .all(|i| i["read"] == true));

    drop((a, b));
    let l = l.restart(quick(), Duration::ZERO).await;
    assert_eq!(inbox(&l, &bob).await, after, "the list outlives the server");
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_live_game_tells_no_turns_and_the_list_refuses_bad_requests() {
    let l = Harness::start(quick()).await;
    let (ann_id, ann) = l.user("ann").await;
    let (bob_id, bob) = l.user("bob").await;
    let live = ClockSpec::Live {
        base_ms: Millis(600_000),
        inc_ms: Millis(0),
    };
    let seats = vec![SeatPlan::Human(ann_id), SeatPlan::Human(bob_id)];
    let g = l
        .game_spec(spec("murus-gallicus", "basic", seats, live, false))
        .await;
    let mut a = Player::join(&l, Some(&ann), &g).await;
    let mut b = Player::join(&l, Some(&bob), &g).await;
    a.play_first().await;
    b.await_turn().await;
    b.drain(Duration::from_millis(300)).await;
    assert!(
        !b.seen
            .iter()
            .any(|m| matches!(m, ServerMsg::Notify(n) if n.kind == NotifyKind::YourTurn)),
        "a live game's players are at the board"
    );
    assert_eq!(inbox(&l, &bob).await, json!({"unread": 0, "items": []}));

    assert_eq!(l.get("/api/me/notifications", None).await.status, 401);
    let bad = l.get("/api/me/notifications?limit=many", Some(&bob)).await;
    assert_eq!(bad.status, 400, "{}", bad.body);
    assert!(bad.error().1.contains("limit"), "{}", bad.body);
    let unknown = l
        .post("/api/me/notifications/read", &bob, json!({"up_to": 5}))
        .await;
    assert_eq!(unknown.status, 400, "{}", unknown.body);
    assert!(unknown.error().1.contains("up_to"), "{}", unknown.body);
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_withdrawn_challenge_and_an_ended_game_are_kept_for_everyone_they_concern() {
    let l = Harness::start(quick()).await;
    let (ann_id, ann) = l.user("ann").await;
    let (bob_id, bob) = l.user("bob").await;
    let body = json!({
        "game": "mur", "variant": "",
        "seats": [{"kind": "me"}, {"kind": "user", "name": "bob"}],
        "clock": {"kind": "none"},
    });
    let made = l.challenge(&ann, body).await;
    let path = format!("/api/challenges/{}", made["id"].as_str().expect("an id"));
    let withdrawn = l
        .send(hyper::Method::DELETE, &path, Auth::Bearer(&ann), None)
        .await;
    assert_eq!(withdrawn.status, 204, "{}", withdrawn.body);
    let bobs = inbox_until(&l, &bob, |list| list["unread"] == 2).await;
    assert_eq!(kinds(&bobs), ["challenge-gone", "challenge"]);
    assert_eq!(
        bobs["items"][0]["text"],
        "a challenge you are part of was withdrawn"
    );
    let anns = inbox_until(&l, &ann, |list| list["unread"] == 1).await;
    assert_eq!(
        kinds(&anns),
        ["challenge-gone"],
        "its creator hears of it too"
    );

    let seats = vec![SeatPlan::Human(ann_id), SeatPlan::Human(bob_id)];
    let g = l.game("murus-gallicus", "basic", seats).await;
    let mut a = Player::join(&l, Some(&ann), &g).await;
    let resigned = a.ctl(muster_wire::Control::Resign).await;
    assert!(matches!(resigned, ServerMsg::Ack(_)), "{resigned:?}");
    for token in [&ann, &bob] {
        let list = inbox_until(&l, token, |list| !of_kind(list, "game-ended").is_empty()).await;
        let ended = of_kind(&list, "game-ended")[0];
        assert_eq!(ended["g"], json!(g.0));
        assert!(
            ended["text"]
                .as_str()
                .unwrap()
                .starts_with("your game has ended"),
            "{ended}"
        );
    }
    l.stop().await;
}
