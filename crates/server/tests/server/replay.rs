//! `GET /api/games/{id}/frame?ply=N`: the frames of a finished game are the positions a local
//! replay reaches, drawn for a spectator, with each decision's action and steps; a running game
//! is refused (409), a bad ply is a 400 that quotes it, an unknown game a 404; a game that
//! ended with secrets pending keeps them.

use hyper::Method;
use muster_rules::record::Record;
use muster_rules::{Actor, AnyGame, GameId, Seat};
use muster_server::games::{new_game, SeatPlan};
use muster_store::{Commit, GameStatus};
use muster_wire::http::{ClockSpec, ReplayFrame};
use muster_wire::By;
use rand::rngs::SmallRng;
use rand::SeedableRng;
use serde_json::json;

use crate::kit::{self, casual, g_of, over_the_wire, play_seat, quick, Auth, Harness, Reply};

/// A finished Murus Gallicus game played at random (seeded): its start and its actions.
fn finished_murus(seed: u64) -> (AnyGame, Vec<String>) {
    let start = AnyGame::new(GameId::MurusGallicus, "basic ply_cap=60", None).expect("a game");
    let mut game = start.clone();
    let mut rng = SmallRng::seed_from_u64(seed);
    let mut actions = Vec::new();
    while let Some(action) = game.random_action(&mut rng) {
        game.apply(&action).expect("legal");
        actions.push(action);
    }
    assert_eq!(game.actor(), Actor::Over);
    (start, actions)
}

/// A finished Murus Gallicus game (`finished_murus(seed)`) imported by `token`: its id, start
/// and actions.
async fn import_finished(l: &Harness, token: &str, seed: u64) -> (String, AnyGame, Vec<String>) {
    let (start, actions) = finished_murus(seed);
    let record = AnyGame::export(&start, &actions, &[]).expect("a record");
    let imported = l
        .send_raw(
            Method::POST,
            "/api/games/import",
            Auth::Bearer(token),
            Some("text/plain"),
            record.to_text().into_bytes(),
        )
        .await;
    assert_eq!(imported.status, 201, "{}", imported.body);
    let g = imported.json()["g"].as_str().expect("an id").to_owned();
    (g, start, actions)
}

async fn frame(l: &Harness, g: &str, query: &str) -> Reply {
    l.get(&format!("/api/games/{g}/frame{query}"), None).await
}

#[tokio::test]
async fn the_frames_of_a_finished_game_are_its_positions_as_a_spectator_sees_them() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let (g, start, actions) = import_finished(&l, &ada, 5).await;

    let mut before = start.clone();
    for n in 0..=actions.len() {
        let reply = frame(&l, &g, &format!("?ply={n}")).await;
        assert_eq!(reply.status, 200, "frame {n}: {}", reply.body);
        let got: ReplayFrame = serde_json::from_str(&reply.body).expect("a frame");
        assert_eq!(got.g.0, g);
        assert_eq!(got.ply.0 as usize, n);
        assert_eq!(got.plies.0 as usize, actions.len());
        if n == 0 {
            assert_eq!(got.a, None);
            assert_eq!(got.by, None);
            assert!(got.anim.is_empty());
            assert_eq!(
                got.scene,
                over_the_wire(&muster_view::scene(&start, None).unwrap())
            );
            continue;
        }
        let action = &actions[n - 1];
        let Actor::Seat(seat) = before.actor() else {
            panic!("Murus Gallicus has no chance");
        };
        assert_eq!(got.a.as_deref(), Some(action.as_str()), "frame {n}");
        assert_eq!(got.by, Some(By::Seat(seat)));
        assert_eq!(
            got.anim,
            muster_view::steps_seen(&before, action, None).unwrap(),
            "frame {n}"
        );
        assert!(!got.anim.is_empty(), "every decision does something");
        assert_eq!(
            got.scene,
            over_the_wire(&muster_view::scene_after(&before, action, None).unwrap()),
            "frame {n}: the scene a live step shows a spectator"
        );
        before.apply(action).unwrap();
    }
    // Backwards, as a scrubber goes: the same frames.
    let again: ReplayFrame =
        serde_json::from_str(&frame(&l, &g, "?ply=1").await.body).expect("a frame");
    assert_eq!(again.a.as_deref(), Some(actions[0].as_str()));
    l.stop().await;
}

#[tokio::test]
async fn the_frames_of_a_game_played_to_its_end_follow_its_record() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let made = l
        .challenge(
            &ada,
            casual(
                "mu",
                "levis,ply_cap=12",
                json!([{"kind": "me"}, {"kind": "open"}]),
            ),
        )
        .await;
    let g = g_of(&l.join(&bob, made["id"].as_str().unwrap()).await.json());
    let one = tokio::spawn(play_seat(l.client(Some(&ada)).await, g.clone(), 1));
    let two = tokio::spawn(play_seat(l.client(Some(&bob)).await, g.clone(), 2));
    one.await.expect("ada played");
    two.await.expect("bob played");
    let text = l
        .get(&format!("/api/games/{}/record", g.0), None)
        .await
        .body;
    let replay = AnyGame::replay(&Record::parse(&text).expect("a record")).expect("it replays");
    assert!(replay.outcome.is_some(), "the game is over");

    let mut before = replay.start.clone();
    for n in 0..=replay.actions.len() {
        let reply = frame(&l, &g.0, &format!("?ply={n}")).await;
        assert_eq!(reply.status, 200, "frame {n}: {}", reply.body);
        let got: ReplayFrame = serde_json::from_str(&reply.body).expect("a frame");
        assert_eq!(got.plies.0 as usize, replay.actions.len());
        if n == 0 {
            assert_eq!(
                got.scene,
                over_the_wire(&muster_view::scene(&before, None).unwrap())
            );
            continue;
        }
        let action = &replay.actions[n - 1];
        assert_eq!(got.a.as_deref(), Some(action.as_str()), "frame {n}");
        assert_eq!(
            got.scene,
            over_the_wire(&muster_view::scene_after(&before, action, None).unwrap()),
            "frame {n}"
        );
        before.apply(action).unwrap();
    }
    assert_eq!(before, replay.end);
    l.stop().await;
}

#[tokio::test]
async fn a_bad_ply_or_an_unknown_game_is_refused_with_the_text_quoted() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let (g, _, actions) = import_finished(&l, &ada, 8).await;
    let past = actions.len() + 1;
    for (query, quoted) in [
        ("?ply=abc", "`abc`".to_owned()),
        ("?ply=-1", "`-1`".to_owned()),
        ("?ply=", "``".to_owned()),
        ("", "?ply=N".to_owned()),
        (&format!("?ply={past}") as &str, format!("ply {past}")),
    ] {
        let reply = frame(&l, &g, query).await;
        assert_eq!(reply.status, 400, "{query}: {}", reply.body);
        let (_, reason) = reply.error();
        assert!(reason.contains(&quoted), "{query}: {reason}");
    }
    let last = frame(&l, &g, &format!("?ply={}", actions.len())).await;
    assert_eq!(last.status, 200, "the last frame is the end: {}", last.body);
    let unknown = frame(&l, "g-nosuchgame", "?ply=0").await;
    assert_eq!(unknown.status, 404, "{}", unknown.body);
    assert!(unknown.error().1.contains("`g-nosuchgame`"));
    l.stop().await;
}

#[tokio::test]
async fn a_running_game_has_no_replay_until_it_ends() {
    let l = Harness::start(quick()).await;
    let ada = l.guest("ada").await;
    let bob = l.guest("bob").await;
    let made = l
        .challenge(
            &ada,
            casual("mutou", "", json!([{"kind": "me"}, {"kind": "open"}])),
        )
        .await;
    let g = g_of(&l.join(&bob, made["id"].as_str().unwrap()).await.json());
    for token in [None, Some(ada.as_str())] {
        let reply = l
            .get(&format!("/api/games/{}/frame?ply=0", g.0), token)
            .await;
        assert_eq!(reply.status, 409, "{}", reply.body);
        let (code, reason) = reply.error();
        assert_eq!(code, "refused");
        assert!(reason.contains("when the game ends"), "{reason}");
    }
    l.stop().await;
}

#[tokio::test]
async fn a_game_aborted_during_a_secret_setting_out_keeps_its_secrets() {
    let l = Harness::start(quick()).await;
    // A MuTou game stored as aborted after seat 1 set out a few shakken in secret.
    let spec = kit::spec(
        "mutou",
        "",
        vec![SeatPlan::Open, SeatPlan::Open],
        ClockSpec::None,
        false,
    );
    let mut new = new_game(&spec, 1).expect("a game");
    new.status = GameStatus::Aborted;
    l.store.create_game(&new).await.expect("stored");
    let (game, entries, actions) = kit::secret::seat_zero_puts(&new.variant, 5, 3);
    let commit = Commit {
        ply: actions.len() as i64,
        entries,
        status: GameStatus::Aborted,
        now_ms: 1,
        ..Commit::default()
    };
    l.store
        .commit(&new.id, 0, &commit)
        .await
        .expect("committed");

    let g = new.id.as_str();
    let spectator = over_the_wire(&muster_view::scene(&game, None).unwrap());
    for n in 1..=actions.len() {
        let reply = frame(&l, g, &format!("?ply={n}")).await;
        assert_eq!(reply.status, 200, "{}", reply.body);
        let got: ReplayFrame = serde_json::from_str(&reply.body).expect("a frame");
        assert_eq!(got.a, None, "a secret put stays secret");
        assert_eq!(got.by, Some(By::Seat(Seat(0))));
        assert!(got.anim.is_empty(), "{:?}", got.anim);
        if n == actions.len() {
            assert_eq!(got.scene, spectator, "the spectator's view, nothing more");
        }
        for action in &actions {
            assert!(
                !reply.body.contains(&format!("\"{action}\"")),
                "`{action}` leaks in frame {n}"
            );
        }
    }
    l.stop().await;
}
