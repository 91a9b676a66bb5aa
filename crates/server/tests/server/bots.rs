//! Bots on the server: the user's event stream (`GET /api/stream`, NDJSON) with its snapshot,
//! live events, keep-alives and clean end; `GET /api/me/challenges`; declining a challenge;
//! and the limits a bot's token lives under (one move per turn, its own seat only, a revoked
//! token is worthless, the frame rate). The server runs in process on a real socket over a
//! SQLite file; bots are made over HTTP as a person would make them.

use std::time::{Duration, Instant};

use hyper::Method;
use muster_wire::server::{NotifyKind, Termination};
use muster_wire::{ClientMsg, Control, NackCode, ServerMsg, StreamEvent};
use serde_json::{json, Value};

use crate::kit::{self, casual, g_of, quick, Auth, EventStream, Harness};

/// A registered user `ada` and her bot `ada-bot`: (ada's token, the bot's token).
async fn ada_and_her_bot(l: &Harness) -> (String, String) {
    let ada = l.member("ada").await;
    let token = l.bot(&ada, "ada-bot").await;
    (ada, token)
}

fn challenge_id(event: &StreamEvent) -> Option<String> {
    match event {
        StreamEvent::Challenge { challenge } => Some(challenge.id.0.clone()),
        _ => None,
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stream_gives_a_snapshot_then_challenges_and_games_as_they_happen() {
    let l = Harness::start(quick()).await;
    let (ada, bot) = ada_and_her_bot(&l).await;
    let first = l.direct_challenge(&ada, "ada-bot").await;

    let mut events = EventStream::open(l.addr, &bot).await;
    assert_eq!(events.status, 200);
    assert_eq!(events.content_type, "application/x-ndjson");
    let snapshot = events.until_synced().await;
    assert_eq!(
        snapshot.iter().filter_map(challenge_id).collect::<Vec<_>>(),
        vec![first.clone()],
        "the pending challenge is in the snapshot: {snapshot:?}"
    );
    let mine = l.get("/api/me/challenges", Some(&bot)).await;
    assert_eq!(mine.status, 200, "{}", mine.body);
    assert_eq!(mine.json()["challenges"][0]["id"], first.as_str());
    let ada_awaited = l.get("/api/me/challenges", Some(&ada)).await.json();
    assert_eq!(
        ada_awaited["challenges"],
        json!([]),
        "a challenge does not await its creator"
    );

    // Live: a new challenge, then the first one joined and started.
    let second = l.direct_challenge(&ada, "ada-bot").await;
    let live = events.next().await;
    assert_eq!(challenge_id(&live), Some(second.clone()), "{live:?}");
    let mut ada_ws = l.client(Some(&ada)).await;
    let joined = l.join(&bot, &first).await;
    assert_eq!(joined.status, 200, "{}", joined.body);
    let g = g_of(&joined.json());
    let mut saw_gone = false;
    let mut saw_start = false;
    while !(saw_gone && saw_start) {
        match events.next().await {
            StreamEvent::ChallengeGone {
                id,
                status,
                g: game,
            } => {
                assert_eq!(id.0, first);
                assert_eq!(status, muster_wire::http::ChallengeStatus::Started);
                assert_eq!(game.as_ref(), Some(&g));
                saw_gone = true;
            }
            StreamEvent::GameStart {
                g: game,
                game: kind,
                seats,
                ..
            } => {
                assert_eq!(game, g);
                assert_eq!(kind, "murus-gallicus");
                assert_eq!(seats, vec![muster_rules::Seat(1)], "the bot holds seat 1");
                saw_start = true;
            }
            other => panic!("unexpected {other:?}"),
        }
    }
    // Ada's WebSocket is told too.
    let note = ada_ws
        .until(|m| match m {
            ServerMsg::Notify(n) if n.kind == NotifyKind::GameStarted => Some(n.clone()),
            _ => None,
        })
        .await;
    assert_eq!(note.g.as_ref(), Some(&g));

    // A stream opened now lists the running game and the second challenge.
    let mut again = EventStream::open(l.addr, &bot).await;
    let snapshot = again.until_synced().await;
    assert!(snapshot
        .iter()
        .any(|e| matches!(e, StreamEvent::GameStart { g: game, .. } if *game == g)));
    assert_eq!(
        snapshot.iter().filter_map(challenge_id).collect::<Vec<_>>(),
        vec![second]
    );

    // Ada resigns: the bot's streams are told the game ended.
    let mut ada_player = kit::Player::join(&l, Some(&ada), &g).await;
    let answer = ada_player.ctl(Control::Resign).await;
    assert!(matches!(answer, ServerMsg::Ack(_)), "{answer:?}");
    for stream in [&mut events, &mut again] {
        loop {
            if let StreamEvent::GameEnd {
                g: game,
                result,
                termination,
            } = stream.next().await
            {
                assert_eq!(game, g);
                assert_eq!(termination, Termination::Resignation);
                assert_eq!(result.as_deref(), Some("0-1"));
                break;
            }
        }
    }
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_named_user_declines_a_challenge_and_its_creator_is_told() {
    let l = Harness::start(quick()).await;
    let (ada, bot) = ada_and_her_bot(&l).await;
    let cy = l.guest("cy").await;
    let id = l.direct_challenge(&ada, "ada-bot").await;
    let mut ada_events = EventStream::open(l.addr, &ada).await;
    ada_events.until_synced().await;

    let path = format!("/api/challenges/{id}/decline");
    let stranger = l.post(&path, &cy, json!({})).await;
    assert_eq!(
        stranger.status, 404,
        "a direct challenge is hidden from others"
    );
    let creator = l.post(&path, &ada, json!({})).await;
    assert_eq!(creator.status, 409, "{}", creator.body);
    assert_eq!(creator.error().0, "refused");

    let declined = l.post(&path, &bot, json!({})).await;
    assert_eq!(declined.status, 204, "{}", declined.body);
    match ada_events.next().await {
        StreamEvent::ChallengeGone {
            id: gone,
            status,
            g,
        } => {
            assert_eq!(gone.0, id);
            assert_eq!(status, muster_wire::http::ChallengeStatus::Declined);
            assert_eq!(g, None);
        }
        other => panic!("expected challenge-gone, got {other:?}"),
    }
    let shown = l.get(&format!("/api/challenges/{id}"), Some(&ada)).await;
    assert_eq!(shown.json()["status"], "declined");
    let mine = l.get("/api/me/challenges", Some(&bot)).await.json();
    assert_eq!(mine["challenges"], json!([]));

    let again = l.post(&path, &bot, json!({})).await;
    assert_eq!(again.status, 409);
    assert_eq!(again.error().0, "refused");
    assert!(again.body.contains("declined"), "{}", again.body);
    let join = l.join(&bot, &id).await;
    assert_eq!(join.status, 409);
    assert_eq!(join.error().0, "refused");
    let unknown = l
        .post(
            "/api/challenges/01JD0000000000000000000000/decline",
            &bot,
            json!({}),
        )
        .await;
    assert_eq!(unknown.status, 404);
    let anonymous = l
        .send(Method::POST, &path, Auth::None, Some(json!({})))
        .await;
    assert_eq!(anonymous.status, 401);
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_stream_keeps_alive_and_ends_cleanly_when_the_server_stops() {
    let config = muster_server::GameConfig {
        stream_keepalive: Duration::from_millis(100),
        ..quick()
    };
    let h = Harness::start(config).await;
    let (_, token) = h.user("ada").await;
    let unauthorized = EventStream::open(h.addr, "0".repeat(64).as_str()).await;
    assert_eq!(unauthorized.status, 401);
    let mut events = EventStream::open(h.addr, &token).await;
    let snapshot = events.until_synced().await;
    assert_eq!(snapshot, vec![StreamEvent::Synced], "nothing pending");
    assert_eq!(events.line().await, Some(String::new()), "a keep-alive");
    let began = Instant::now();
    h.stop().await;
    while let Some(line) = events.line().await {
        assert_eq!(line, "", "only keep-alives until the end");
    }
    assert!(events.ended_cleanly, "the body ended without an error");
    assert!(began.elapsed() < Duration::from_secs(5));
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bot_moves_once_per_turn_and_never_for_another_seat() {
    let l = Harness::start(quick()).await;
    let (ada, bot) = ada_and_her_bot(&l).await;
    // The bot holds seat 0 of one game against ada; ada holds seat 0 of another against the AI.
    let g = l.direct_game(&bot, "ada", &ada).await;
    let other = l
        .challenge(
            &ada,
            casual(
                "murus-gallicus",
                "",
                json!([{"kind": "me"}, {"kind": "ai", "level": 1}]),
            ),
        )
        .await;
    let other_g = g_of(&other);

    let mut me = kit::Player::join(&l, Some(&bot), &g).await;
    assert!(me.pic.my_turn(), "the bot's seat opens");
    let (ply, hash) = (me.pic.ply, me.pic.hash.clone().unwrap());
    let legal = me.pic.legal.clone();
    let v = me.play(&legal[0]).await;

    // A second act on the same turn: refused, nothing played; the same act again is re-acked.
    let second = me.c.act(&g, ply, &legal[1], &hash).await;
    let nack = me.c.next_nack().await;
    assert_eq!(nack.id, Some(second));
    assert_eq!(nack.code, NackCode::Stale, "{nack:?}");
    let resend = me.c.act(&g, ply, &legal[0], &hash).await;
    let ack =
        me.c.until(|m| match m {
            ServerMsg::Ack(a) if a.id == resend => Some(a.clone()),
            _ => None,
        })
        .await;
    assert_eq!(
        ack.v.map(|v| v.0),
        Some(v),
        "the same decision, not played twice"
    );

    // Ada's turn now: the bot cannot act for her seat.
    me.drain(Duration::from_millis(200)).await;
    let hash = me.pic.hash.clone().unwrap();
    let turn = me.c.act(&g, me.pic.ply, "a1-a2", &hash).await;
    let nack = me.c.next_nack().await;
    assert_eq!(
        (nack.id, nack.code),
        (Some(turn), NackCode::Turn),
        "{nack:?}"
    );
    // Nor in a game where it holds no seat.
    let mut watcher = kit::Player::join(&l, Some(&bot), &other_g).await;
    let hash = watcher.pic.hash.clone().unwrap();
    let legal = watcher.pic.legal.clone();
    assert!(legal.is_empty(), "a watcher is offered no moves");
    let foreign = watcher
        .c
        .act(&other_g, watcher.pic.ply, "a1-a2", &hash)
        .await;
    let nack = watcher.c.next_nack().await;
    assert_eq!(
        (nack.id, nack.code),
        (Some(foreign), NackCode::NotSeated),
        "{nack:?}"
    );
    assert_eq!(l.version(&other_g).await, 0, "nothing was played");
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_revoked_bot_token_can_neither_stream_nor_act() {
    let l = Harness::start(quick()).await;
    let (ada, bot) = ada_and_her_bot(&l).await;
    let g = l.direct_game(&bot, "ada", &ada).await;
    let mut before = kit::Player::join(&l, Some(&bot), &g).await;
    assert!(before.pic.my_turn());

    let revoked = l
        .send(
            Method::DELETE,
            "/api/bots/ada-bot/token",
            Auth::Bearer(&ada),
            None,
        )
        .await;
    assert_eq!(revoked.status, 204, "{}", revoked.body);
    let events = EventStream::open(l.addr, &bot).await;
    assert_eq!(events.status, 401);
    let mine = l.get("/api/me/challenges", Some(&bot)).await;
    assert_eq!(mine.status, 401);
    // The socket it had is closed, and a new one with the revoked token is closed at once:
    // signed out (4001), never a silent spectator that could think it still plays.
    let (code, _) = before
        .c
        .closed(Duration::from_secs(1))
        .await
        .expect("closed");
    assert_eq!(code, muster_wire::close::SIGNED_OUT);
    let mut after = l.client(Some(&bot)).await;
    let (code, reason) = after.closed(Duration::from_secs(1)).await.expect("closed");
    assert_eq!(code, muster_wire::close::SIGNED_OUT, "{reason}");
    assert!(reason.contains("not known"), "{reason}");
    let _ = g;
    l.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_bots_flood_of_frames_is_slowed_like_anyone_elses() {
    let config = muster_server::GameConfig {
        frames_per_second: 200.0,
        frame_burst: 20.0,
        ..quick()
    };
    let l = Harness::start(config).await;
    let (_, bot) = ada_and_her_bot(&l).await;
    let mut ws = l.client(Some(&bot)).await;
    let began = Instant::now();
    for n in 0..220u32 {
        ws.send(&ClientMsg::Ping(muster_wire::Ping { n })).await;
    }
    let mut pongs = 0;
    while pongs < 220 {
        if let ServerMsg::Pong(_) = ws.recv().await {
            pongs += 1;
        }
    }
    // 200 frames past the burst at 200 a second: at least a second.
    assert!(
        began.elapsed() >= Duration::from_millis(900),
        "{:?}",
        began.elapsed()
    );
    let _: Value = json!(null);
    l.stop().await;
}
