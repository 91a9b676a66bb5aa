//! Bad frames and spectators over real sockets (docs/protocol.md §1, §4; docs/server-design.md
//! §2.7): every frame the server cannot or may not follow is answered with a `nack` of the right
//! code and a reason, changes nothing, and leaves the connection working; a flood is slowed, not
//! dropped; a spectator sees the game but never a seat's `me` or legal moves.

use std::time::{Duration, Instant};

use muster_rules::{AnyGame, GameId};
use muster_wire::{MatchId, NackCode, ServerMsg, ViewHash};
use serde_json::{json, Value};

use crate::kit::{quick, Client, Harness, Picture};

/// Sends `text` and expects a `nack` of `code` (with ack id `id`), then a working connection.
async fn refused_raw(client: &mut Client, text: &str, code: NackCode, id: Option<u32>, n: u32) {
    client.send_text(text).await;
    expect_nack(client, code, id, n, &text[..text.len().min(60)]).await;
}

async fn expect_nack(client: &mut Client, code: NackCode, id: Option<u32>, n: u32, what: &str) {
    let nack = client.next_nack().await;
    assert_eq!(nack.code, code, "{what}: {nack:?}");
    assert_eq!(nack.id.map(|i| i.0), id, "{what}: the ack id");
    assert_eq!(nack.g, None, "{what}: only a refused `sub` names its game");
    assert!(!nack.reason.trim().is_empty(), "{what}: a reason");
    assert!(nack.reason.len() < 400, "{what}: a short reason");
    client.ping(n).await;
}

/// An `act` frame as JSON text.
fn act(g: &str, ply: u32, a: &str, id: u32, h: &ViewHash) -> String {
    json!({"t": "act", "d": {"g": g, "ply": ply, "a": a, "id": id, "h": h.0}}).to_string()
}

/// A two-seat Murus Gallicus game of `ann` and `bob`, both subscribed.
struct Table {
    h: Harness,
    g: MatchId,
    tokens: Vec<String>,
    ann: Client,
    bob: Client,
    first: Picture,
}

async fn table(variant: &str) -> Table {
    let h = Harness::start(quick()).await;
    let (plans, tokens) = h.humans(&["ann", "bob"]).await;
    let g = h.game("murus-gallicus", variant, plans).await;
    let mut ann = h.client(Some(&tokens[0])).await;
    let mut bob = h.client(Some(&tokens[1])).await;
    let first = ann.picture(&g).await;
    bob.picture(&g).await;
    Table {
        h,
        g,
        tokens,
        ann,
        bob,
        first,
    }
}

/// An action the rules read but that is not legal at the start: one of the second seat's.
fn parseable_but_illegal() -> String {
    let mut game = AnyGame::new(GameId::MurusGallicus, "basic", Some(2)).expect("MG");
    let start = game.legal_actions();
    game.apply(&start[0]).expect("legal");
    game.legal_actions()
        .into_iter()
        .find(|a| !start.contains(a))
        .expect("the second seat has its own moves")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn unreadable_frames_are_refused_and_the_connection_goes_on() {
    let mut t = table("basic").await;
    let before = t.h.version(&t.g).await;
    let c = &mut t.ann;
    refused_raw(c, "{\"t\":\"ping\",\"d\":", NackCode::Malformed, None, 1).await;
    refused_raw(c, "[1,2,3]", NackCode::Malformed, None, 2).await;
    refused_raw(c, "{\"t\":\"dance\",\"d\":{}}", NackCode::Unknown, None, 3).await;
    refused_raw(
        c,
        "{\"t\":\"ping\",\"d\":{\"n\":1,\"x\":2}}",
        NackCode::Malformed,
        None,
        4,
    )
    .await;
    // A write whose payload is bad but whose id reads is refused with that id.
    let h0 = t.first.hash.clone().expect("hash");
    let mut bad: Value = serde_json::from_str(&act(&t.g.0, 0, &t.first.legal[0], 9, &h0)).unwrap();
    bad["d"]["extra"] = json!(true);
    refused_raw(c, &bad.to_string(), NackCode::Malformed, Some(9), 5).await;
    c.send_binary(b"{\"t\":\"ping\",\"d\":{\"n\":6}}".to_vec())
        .await;
    expect_nack(c, NackCode::Malformed, None, 6, "a binary frame").await;
    assert_eq!(t.h.version(&t.g).await, before, "nothing changed");
    assert!(t
        .bob
        .drain(Duration::from_millis(200))
        .await
        .iter()
        .all(|m| !matches!(m, ServerMsg::Step(_))));
    t.h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_above_16_kib_is_refused_and_the_connection_goes_on() {
    let mut t = table("basic").await;
    let big = format!(
        "{{\"t\":\"ping\",\"d\":{{\"n\":1,\"pad\":\"{}\"}}}}",
        "x".repeat(17 * 1024)
    );
    refused_raw(&mut t.ann, &big, NackCode::TooLarge, None, 7).await;
    t.h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn acts_the_game_may_not_take_are_refused_and_change_nothing() {
    let mut t = table("basic").await;
    let g = t.g.0.clone();
    let h0 = t.first.hash.clone().expect("hash");
    let a0 = t.first.legal[0].clone();
    let before = t.h.version(&t.g).await;
    let c = &mut t.ann;
    // No such game: not an id at all, and an id nobody stored.
    refused_raw(
        c,
        &act("nope", 0, &a0, 11, &h0),
        NackCode::NotFound,
        Some(11),
        1,
    )
    .await;
    let ghost = "01ARZ3NDEKTSV4RRFFQ69G5FAV";
    refused_raw(
        c,
        &act(ghost, 0, &a0, 12, &h0),
        NackCode::NotFound,
        Some(12),
        2,
    )
    .await;
    // A refused subscription has no ack id: it names the game instead.
    let sub = json!({"t": "sub", "d": {"g": ghost}}).to_string();
    c.send_text(&sub).await;
    let nack = c.next_nack().await;
    assert_eq!(nack.code, NackCode::NotFound, "{nack:?}");
    assert_eq!(nack.id, None, "{nack:?}");
    assert_eq!(
        nack.g.as_ref().map(|g| g.0.as_str()),
        Some(ghost),
        "{nack:?}"
    );
    c.ping(21).await;
    // Not an action of this game, and an action not legal now.
    refused_raw(
        c,
        &act(&g, 0, "zz9?", 13, &h0),
        NackCode::Parse,
        Some(13),
        3,
    )
    .await;
    let illegal = parseable_but_illegal();
    refused_raw(
        c,
        &act(&g, 0, &illegal, 14, &h0),
        NackCode::Illegal,
        Some(14),
        4,
    )
    .await;
    // Bob acts out of turn.
    let b = &mut t.bob;
    refused_raw(b, &act(&g, 0, &a0, 15, &h0), NackCode::Turn, Some(15), 5).await;
    // A signed-in user with no seat, and an anonymous connection.
    let (_, token) = t.h.user("cy").await;
    let mut cy = t.h.client(Some(&token)).await;
    refused_raw(
        &mut cy,
        &act(&g, 0, &a0, 16, &h0),
        NackCode::NotSeated,
        Some(16),
        6,
    )
    .await;
    let mut nobody = t.h.client(None).await;
    refused_raw(
        &mut nobody,
        &act(&g, 0, &a0, 17, &h0),
        NackCode::NotSeated,
        Some(17),
        7,
    )
    .await;
    assert_eq!(t.h.version(&t.g).await, before, "nothing changed");
    assert!(t.h.log(&t.g).await.is_empty());
    // Everyone's connection still works for real play.
    let id = t.ann.act(&t.g, 0, &a0, &h0).await;
    t.ann
        .until(|m| matches!(m, ServerMsg::Ack(a) if a.id == id).then_some(()))
        .await;
    t.h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_act_after_the_end_is_refused_as_over() {
    // A two-ply cap ends the game after one decision each.
    let mut t = table("basic ply_cap=2").await;
    let mut p = t.first.clone();
    let mut bob = t.bob.picture(&t.g).await;
    let id = t
        .ann
        .act(&t.g, 0, &p.legal[0], p.hash.as_ref().unwrap())
        .await;
    t.ann
        .until(|m| matches!(m, ServerMsg::Ack(a) if a.id == id).then_some(()))
        .await;
    while bob.ply < 1 {
        let m = t.bob.recv().await;
        bob.take(&m);
    }
    let id = t
        .bob
        .act(&t.g, 1, &bob.legal[0], bob.hash.as_ref().unwrap())
        .await;
    t.bob
        .until(|m| matches!(m, ServerMsg::Ack(a) if a.id == id).then_some(()))
        .await;
    while !p.ended {
        let m = t.ann.recv().await;
        p.take(&m);
    }
    let before = t.h.version(&t.g).await;
    let legal = AnyGame::new(GameId::MurusGallicus, "basic", Some(2))
        .unwrap()
        .legal_actions();
    let text = act(&t.g.0, p.ply, &legal[0], 21, p.hash.as_ref().unwrap());
    refused_raw(&mut t.ann, &text, NackCode::Over, Some(21), 1).await;
    assert_eq!(t.h.version(&t.g).await, before, "nothing changed");
    let _ = &t.tokens;
    t.h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_frames_is_slowed_but_every_one_is_answered() {
    let config = muster_server::GameConfig {
        frames_per_second: 250.0,
        frame_burst: 50.0,
        ..quick()
    };
    let h = Harness::start(config).await;
    let mut c = h.client(None).await;
    let began = Instant::now();
    for n in 0..500u32 {
        c.send(&muster_wire::ClientMsg::Ping(muster_wire::Ping { n }))
            .await;
    }
    let mut answered = Vec::new();
    while answered.len() < 500 {
        match c.recv().await {
            ServerMsg::Pong(p) => answered.push(p.n),
            other => panic!("only pongs: {other:?}"),
        }
    }
    let took = began.elapsed();
    assert_eq!(
        answered,
        (0..500).collect::<Vec<_>>(),
        "every ping, in order"
    );
    // 450 frames past the burst at 250 a second: at least 1.8 s.
    assert!(took >= Duration::from_millis(1700), "slowed: {took:?}");
    // The server still serves others.
    let mut other = h.client(None).await;
    other.ping(1).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_flood_of_binary_frames_is_slowed_too() {
    let config = muster_server::GameConfig {
        frames_per_second: 250.0,
        frame_burst: 50.0,
        ..quick()
    };
    let h = Harness::start(config).await;
    let mut c = h.client(None).await;
    let began = Instant::now();
    for _ in 0..500 {
        c.send_binary(vec![0; 16]).await;
    }
    for _ in 0..500 {
        let nack = c.next_nack().await;
        assert_eq!(nack.code, NackCode::Malformed);
    }
    let took = began.elapsed();
    assert!(took >= Duration::from_millis(1700), "slowed: {took:?}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_spectator_sees_the_game_without_a_seat_or_legal_moves() {
    let mut t = table("basic").await;
    let mut watcher = t.h.client(None).await;
    watcher.sub(&t.g, None).await;
    let (_, token) = t.h.user("dee").await;
    let mut signed = t.h.client(Some(&token)).await;
    signed.sub(&t.g, None).await;
    let full = watcher.next_full().await;
    assert!(full.me.is_none() && full.legal.is_none(), "{full:?}");
    let raw: Value = serde_json::from_str(watcher.transcript.first().unwrap()).unwrap();
    assert!(raw["d"].get("me").is_none() && raw["d"].get("legal").is_none());
    let full = signed.next_full().await;
    assert!(
        full.me.is_none() && full.legal.is_none(),
        "a user without a seat watches"
    );
    // The crowd: two watchers, both seats online.
    let crowd = signed
        .until(|m| match m {
            ServerMsg::Crowd(c) if c.watchers == 2 => Some(c.clone()),
            _ => None,
        })
        .await;
    assert_eq!(crowd.online.len(), 2);
    // Four plies; the watcher gets each step, never with legal moves.
    let mut pics = [t.first.clone(), t.bob.picture(&t.g).await];
    for ply in 0..4u32 {
        let s = (ply % 2) as usize;
        let c = if s == 0 { &mut t.ann } else { &mut t.bob };
        let a = pics[s].legal[0].clone();
        let id = c.act(&t.g, ply, &a, pics[s].hash.as_ref().unwrap()).await;
        c.until(|m| matches!(m, ServerMsg::Ack(x) if x.id == id).then_some(()))
            .await;
        for (c, p) in [&mut t.ann, &mut t.bob].into_iter().zip(pics.iter_mut()) {
            while p.ply <= ply {
                let m = c.recv().await;
                p.take(&m);
            }
        }
    }
    let mut seen = Picture::default();
    for text in watcher.transcript.clone() {
        let msg = ServerMsg::from_json(&text).unwrap();
        seen.take(&msg);
    }
    while seen.ply < 4 {
        let m = watcher.recv().await;
        seen.take(&m);
    }
    let mut steps = 0;
    for text in &watcher.transcript {
        let raw: Value = serde_json::from_str(text).unwrap();
        if raw["t"] == "step" {
            steps += 1;
            assert!(
                raw["d"].get("legal").is_none(),
                "no legal for a watcher: {text}"
            );
            assert!(raw["d"]["a"].is_string(), "public moves are shown");
        }
    }
    assert_eq!(steps, 4);
    assert_eq!(seen.moves, pics[0].moves, "the watcher follows the game");
    // A watcher who leaves is no longer counted.
    drop(signed.drop_socket().await);
    watcher
        .until(|m| match m {
            ServerMsg::Crowd(c) if c.watchers == 1 => Some(()),
            _ => None,
        })
        .await;
    // A watcher may not ask for legal moves.
    let ask = json!({"t": "legal", "d": {"g": t.g.0, "ply": 4, "prefix": []}}).to_string();
    refused_raw(&mut watcher, &ask, NackCode::Turn, None, 9).await;
    t.h.stop().await;
}
