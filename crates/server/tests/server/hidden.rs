//! Hidden information over real sockets (docs/server-design.md §2.8): three MuTou seats set out in
//! secret, watched by a spectator from the start and one who comes in the middle, while two seats
//! drop their sockets and come back. Every frame each of them receives is kept as the server sent
//! it; no one but a secret's owner may find it in their frames before the reveal, and everyone
//! finds every secret after it.

use std::collections::HashSet;

use muster_rules::{Actor, AnyGame, GameId};
use muster_wire::MatchId;
use serde_json::Value;

use crate::kit::{quick, Harness, RandomSeat};

/// Decisions played after the reveal before the seats stop.
const AFTER_REVEAL: u32 = 6;

/// A secret decision as the store keeps it.
struct Secret {
    seat: usize,
    ply: u32,
    action: String,
}

/// The true game, replayed from the store's log: each position (index = ply) and the secrets.
struct Truth {
    positions: Vec<AnyGame>,
    secrets: Vec<Secret>,
    /// The ply after which no secret is pending.
    reveal_ply: u32,
}

async fn truth(h: &Harness, g: &MatchId, seats: usize) -> Truth {
    let mut game = AnyGame::new(GameId::MuTou, "friendly", Some(seats)).expect("MuTou starts");
    let mut positions = vec![game.clone()];
    let mut secrets = Vec::new();
    let mut reveal_ply = None;
    for stored in h.log(g).await {
        let entry = stored.entry;
        let Some(action) = entry.action else {
            continue;
        };
        assert_eq!(
            entry.ply as usize + 1,
            positions.len(),
            "the log is in ply order"
        );
        if entry.hidden {
            secrets.push(Secret {
                seat: entry.seat.expect("a seat decides a secret") as usize,
                ply: entry.ply as u32,
                action: action.clone(),
            });
        }
        let pending = game.secrets_pending();
        game.apply(&action).expect("the stored action is legal");
        assert_eq!(game.position_hash() as i64, entry.hash, "stored hash");
        if pending && !game.secrets_pending() {
            reveal_ply = Some(entry.ply as u32 + 1);
        }
        positions.push(game.clone());
    }
    Truth {
        positions,
        secrets,
        reveal_ply: reveal_ply.expect("the setting-out ended"),
    }
}

/// How many decisions MuTou friendly's setting-out takes with `seats` seats.
fn setting_out_length(seats: usize) -> u32 {
    let mut game = AnyGame::new(GameId::MuTou, "friendly", Some(seats)).expect("MuTou starts");
    let mut rng = <rand::rngs::SmallRng as rand::SeedableRng>::seed_from_u64(3);
    let mut ply = 0;
    while game.secrets_pending() || ply == 0 {
        assert!(matches!(game.actor(), Actor::Seat(_)));
        let a = game.random_action(&mut rng).expect("a put");
        game.apply(&a).expect("legal");
        ply += 1;
    }
    ply
}

fn hex(hash: u64) -> String {
    format!("{hash:016x}")
}

/// Checks one viewer's transcript; `viewer` is a seat or `None` for a spectator.
fn check_transcript(name: &str, viewer: Option<usize>, frames: &[String], truth: &Truth) {
    let others: Vec<&Secret> = truth
        .secrets
        .iter()
        .filter(|s| Some(s.seat) != viewer)
        .collect();
    let hidden_plies: HashSet<u32> = others.iter().map(|s| s.ply).collect();
    // Omniscient hashes of positions this viewer does not see whole.
    let omniscient: Vec<String> = truth
        .positions
        .iter()
        .filter(|p| p.view(viewer).position_text() != p.position_text())
        .map(|p| hex(p.position_hash()))
        .collect();
    assert!(
        !omniscient.is_empty() || others.is_empty(),
        "{name}: secrets were kept"
    );
    let mut revealed: HashSet<(u32, String)> = HashSet::new();
    let mut after_reveal = false;
    for text in frames {
        let frame: Value = serde_json::from_str(text).expect("JSON");
        let t = frame["t"].as_str().unwrap_or_default();
        let d = &frame["d"];
        let is_reveal = t == "step" && d["revealed"].as_array().is_some_and(|r| !r.is_empty());
        let fresh_after = t == "full" && d["ply"].as_u64().unwrap_or(0) >= truth.reveal_ply as u64;
        if is_reveal || fresh_after {
            after_reveal = true;
        }
        if after_reveal {
            collect_revealed(t, d, &mut revealed);
            continue;
        }
        for secret in &others {
            assert!(
                !text.contains(&secret.action),
                "{name} sees {}'s secret `{}` (ply {}) before the reveal in {text}",
                secret.seat,
                secret.action,
                secret.ply
            );
        }
        for hash in &omniscient {
            assert!(
                !text.contains(hash.as_str()),
                "{name} is sent an omniscient hash {hash} in {text}"
            );
        }
        match t {
            "full" => {
                check_position(name, viewer, d["position"].as_str().unwrap_or_default());
                check_scene(name, viewer, &d["scene"]);
                for m in d["moves"].as_array().into_iter().flatten() {
                    let ply = m["ply"].as_u64().unwrap_or(0) as u32;
                    if hidden_plies.contains(&ply) {
                        assert!(m["a"].is_null(), "{name}: move {ply} is shown: {m}");
                    }
                }
                check_hash(name, viewer, d, truth);
            }
            "step" => {
                check_scene(name, viewer, &d["scene"]);
                let before = d["ply"].as_u64().unwrap_or(0) as u32 - 1;
                if hidden_plies.contains(&before) {
                    assert!(d["a"].is_null(), "{name}: step {before} is shown: {text}");
                }
                for event in d["events"].as_array().into_iter().flatten() {
                    let audience = &event["audience"];
                    let allowed = audience == "Everyone"
                        || viewer.is_some_and(|w| audience["Seat"] == w as u64);
                    assert!(allowed, "{name} is told of an event not for it: {event}");
                }
                check_hash(name, viewer, d, truth);
            }
            _ => {}
        }
    }
    assert!(after_reveal, "{name} saw the reveal");
    for secret in &truth.secrets {
        assert!(
            revealed.contains(&(secret.ply, secret.action.clone())) || Some(secret.seat) == viewer,
            "{name} was never shown secret `{}` (ply {}) after the reveal",
            secret.action,
            secret.ply
        );
    }
}

/// The secret decisions a frame after the reveal makes known.
fn collect_revealed(t: &str, d: &Value, into: &mut HashSet<(u32, String)>) {
    let list = match t {
        "step" => d["revealed"].as_array(),
        "full" => d["moves"].as_array(),
        _ => None,
    };
    for m in list.into_iter().flatten() {
        if let (Some(ply), Some(a)) = (m["ply"].as_u64(), m["a"].as_str()) {
            into.insert((ply as u32, a.to_owned()));
        }
    }
}

/// A frame's hash is the hash of the viewer's own view of the true position at its ply.
fn check_hash(name: &str, viewer: Option<usize>, d: &Value, truth: &Truth) {
    let ply = d["ply"].as_u64().unwrap_or(0) as usize;
    let position = truth.positions.get(ply).expect("a ply the log has");
    let expected = hex(position.view(viewer).position_hash());
    assert_eq!(
        d["hash"].as_str(),
        Some(expected.as_str()),
        "{name}: hash at ply {ply}"
    );
}

/// In a position text, the pieces of other seats are bare and their pools full.
fn check_position(name: &str, viewer: Option<usize>, position: &str) {
    for word in position.split_whitespace() {
        if let Some(pieces) = word.strip_prefix("pieces=") {
            for piece in pieces.split(',') {
                let mut parts = piece.split(':');
                let (_, owner, stack) = (parts.next(), parts.next(), parts.next());
                let owner: usize = owner.and_then(|o| o.parse().ok()).unwrap_or(0);
                if Some(owner.wrapping_sub(1)) != viewer {
                    assert_eq!(stack, Some("-"), "{name} sees a stack {piece} of {owner}");
                }
            }
        }
        if let Some(pools) = word.strip_prefix("pools=") {
            for (seat, pool) in pools.split(',').enumerate() {
                if Some(seat) != viewer {
                    assert_eq!(pool.len(), "WWWWAAAJJRB1".len(), "{name}: pool {seat}");
                }
            }
        }
    }
}

/// In a scene, the pieces of other seats are drawn bare.
fn check_scene(name: &str, viewer: Option<usize>, scene: &Value) {
    for piece in scene["pieces"].as_array().into_iter().flatten() {
        let owner = piece["owner"].as_u64().map(|o| o as usize);
        if owner.is_some() && owner != viewer {
            let stack = &piece["stack"];
            assert!(
                stack["text"] == "-" && piece["height"] == 0,
                "{name}'s scene shows another seat's stack: {piece}"
            );
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn mutou_secrets_reach_only_their_owner_until_the_reveal() {
    let h = Harness::start(quick()).await;
    let (plans, tokens) = h.humans(&["red", "blue", "green"]).await;
    let g = h.game("mutou", "friendly", plans).await;
    let stop = setting_out_length(3) + AFTER_REVEAL;
    let (ply_tx, ply_rx) = tokio::sync::watch::channel(0u32);

    // Red plays straight through.
    let red = RandomSeat::join(h.client(Some(&tokens[0])).await, &g, 11).await;
    // Blue drops its socket in the middle of its own setting-out, an act in flight.
    let blue = RandomSeat::join(h.client(Some(&tokens[1])).await, &g, 12).await;
    // Green drops its socket while Red sets out, and subscribes from its last version.
    let green = RandomSeat::join(h.client(Some(&tokens[2])).await, &g, 13).await;
    let watcher = RandomSeat::join(h.client(None).await, &g, 14).await;
    let addr = h.addr;

    let red = tokio::spawn(async move {
        let mut p = red;
        p.stop_at = stop;
        p.play_until(|pic| pic.ply >= stop).await;
        p
    });
    let blue_token = tokens[1].clone();
    let blue = tokio::spawn(async move {
        let mut p = blue;
        p.stop_at = stop;
        while !(p.pending.is_some() && p.picture.ply >= 15) {
            p.step().await;
        }
        p.reconnect(addr, &blue_token).await;
        p.play_until(|pic| pic.ply >= stop).await;
        p
    });
    let green_token = tokens[2].clone();
    let green = tokio::spawn(async move {
        let mut p = green;
        p.stop_at = stop;
        p.play_until(|pic| pic.ply >= 5).await;
        p.reconnect(addr, &green_token).await;
        p.play_until(|pic| pic.ply >= stop).await;
        p
    });
    let watcher = tokio::spawn(async move {
        let mut p = watcher;
        while p.picture.ply < stop {
            p.step().await;
            let _ = ply_tx.send(p.picture.ply);
        }
        p
    });
    let mut rx = ply_rx;
    rx.wait_for(|&ply| ply >= 16)
        .await
        .expect("the watcher runs");
    let late = RandomSeat::join(h.client(None).await, &g, 15).await;
    let late = tokio::spawn(async move {
        let mut p = late;
        p.play_until(|pic| pic.ply >= stop).await;
        p
    });

    let red = red.await.expect("red");
    let blue = blue.await.expect("blue");
    let green = green.await.expect("green");
    let watcher = watcher.await.expect("watcher");
    let late = late.await.expect("late watcher");

    let truth = truth(&h, &g, 3).await;
    assert_eq!(
        truth.secrets.len() as u32,
        truth.reveal_ply,
        "every put is secret"
    );
    let seats = [&red, &blue, &green];
    for (i, p) in seats.iter().enumerate() {
        let frames = p.transcript();
        // The owner does see its own secrets: the search below would find a leak.
        for secret in truth.secrets.iter().filter(|s| s.seat == i) {
            let quoted = format!("\"a\":\"{}\"", secret.action);
            assert!(
                frames.iter().any(|f| f.contains(&quoted)),
                "seat {i} sees its own"
            );
        }
        check_transcript(&format!("seat {i}"), Some(i), &frames, &truth);
    }
    check_transcript("the watcher", None, &watcher.transcript(), &truth);
    check_transcript("the late watcher", None, &late.transcript(), &truth);

    // Blue's act resent after its reconnect is stored once.
    let log = h.log(&g).await;
    for (v, ply, a) in &blue.acked {
        let rows: Vec<_> = log
            .iter()
            .filter(|e| e.entry.ply == i64::from(*ply) && e.entry.action.is_some())
            .collect();
        assert_eq!(rows.len(), 1, "one row at ply {ply}");
        assert_eq!(rows[0].v, i64::from(*v));
        assert_eq!(rows[0].entry.action.as_deref(), Some(a.as_str()));
    }
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_ai_seats_secrets_stay_hidden_from_the_others() {
    let h = Harness::start(quick()).await;
    let (mut plans, tokens) = h.humans(&["ruby"]).await;
    plans.push(muster_server::games::SeatPlan::Ai(1));
    let g = h.game("mutou", "friendly", plans).await;
    let stop = setting_out_length(2) + 2;
    let mut ruby = RandomSeat::join(h.client(Some(&tokens[0])).await, &g, 31).await;
    let mut watcher = RandomSeat::join(h.client(None).await, &g, 32).await;
    ruby.stop_at = stop;
    let watching = tokio::spawn(async move {
        watcher.play_until(|pic| pic.ply >= stop).await;
        watcher
    });
    ruby.play_until(|pic| pic.ply >= stop).await;
    let watcher = watching.await.expect("the watcher follows");
    let truth = truth(&h, &g, 2).await;
    assert!(truth.secrets.iter().any(|s| s.seat == 1), "the AI set out");
    check_transcript("ruby", Some(0), &ruby.transcript(), &truth);
    check_transcript("the watcher", None, &watcher.transcript(), &truth);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn resending_guesses_at_anothers_secret_tells_nothing() {
    let h = Harness::start(quick()).await;
    let (plans, tokens) = h.humans(&["sam", "tia"]).await;
    let g = h.game("mutou", "friendly", plans).await;
    let mut sam = RandomSeat::join(h.client(Some(&tokens[0])).await, &g, 33).await;
    sam.stop_at = 3;
    sam.play_until(|pic| pic.ply >= 3).await;
    let mut tia = h.client(Some(&tokens[1])).await;
    tia.sub(&g, None).await;
    let full = tia.next_full().await;
    assert_eq!(full.ply.0, 3);
    // Tia "resends" every put Sam could have made at ply 0: whichever Sam made, the answers
    // must not differ.
    let start = AnyGame::new(GameId::MuTou, "friendly", Some(2)).expect("MuTou");
    let mut answers = HashSet::new();
    for guess in start.legal_actions() {
        let id = tia.act(&g, 0, &guess, &full.hash).await;
        let answer = tia
            .until(|m| match m {
                muster_wire::ServerMsg::Ack(a) if a.id == id => Some(format!("ack {:?}", a.v)),
                muster_wire::ServerMsg::Nack(n) if n.id == Some(id) => {
                    Some(format!("nack {:?} {}", n.code, n.reason))
                }
                _ => None,
            })
            .await;
        assert!(answer.starts_with("nack"), "{guess}: {answer}");
        answers.insert(answer);
    }
    assert_eq!(answers.len(), 1, "one answer for every guess: {answers:?}");
    // Whatever came with the answers (a fresh picture, say) is masked.
    let truth_now = h.log(&g).await;
    for text in &tia.transcript {
        for secret in truth_now.iter().filter_map(|e| e.entry.action.as_ref()) {
            assert!(
                !text.contains(secret.as_str()),
                "tia sees `{secret}` in {text}"
            );
        }
        let frame: Value = serde_json::from_str(text).expect("JSON");
        if frame["t"] == "full" {
            check_position(
                "tia",
                Some(1),
                frame["d"]["position"].as_str().unwrap_or(""),
            );
            check_scene("tia", Some(1), &frame["d"]["scene"]);
        }
    }
    // Sam's own resend is acked again.
    let (v, ply, a) = sam.acked[0].clone();
    let hash = sam.picture.hash.clone().expect("hash");
    let id = sam.client.act(&g, ply, &a, &hash).await;
    let again = sam
        .client
        .until(|m| match m {
            muster_wire::ServerMsg::Ack(x) if x.id == id => Some(x.v.map(|v| v.0)),
            muster_wire::ServerMsg::Nack(n) => panic!("{n:?}"),
            _ => None,
        })
        .await;
    assert_eq!(again, Some(v));
    h.stop().await;
}
