//! The hook of the browser tests' reconnect test: `POST /api/test/drop` cuts the caller's
//! WebSockets without a close frame, as a lost network would, and only the caller's; without
//! `test_hooks` the route does not exist.

use std::time::Duration;

use hyper::Method;
use muster_server::games::SeatPlan;
use muster_server::GameConfig;
use muster_wire::http::ClockSpec;
use muster_wire::ServerMsg;

use crate::kit::{quick, spec, Auth, Harness, Player, Reply};

fn hooked() -> GameConfig {
    GameConfig {
        test_hooks: true,
        ..quick()
    }
}

async fn drop_as(h: &Harness, token: &str) -> Reply {
    h.send(Method::POST, "/api/test/drop", Auth::Bearer(token), None)
        .await
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_drop_cuts_every_socket_of_the_caller_without_a_close_frame_and_no_other() {
    let h = Harness::start(hooked()).await;
    let (_, ann) = h.user("ann").await;
    let (_, bob) = h.user("bob").await;
    let mut ann_tabs = vec![h.client(Some(&ann)).await, h.client(Some(&ann)).await];
    let mut bob_tab = h.client(Some(&bob)).await;
    let mut watcher = h.client(None).await;
    // Each connection answers a ping: they are all up (and registered) before the drop.
    for (n, tab) in ann_tabs.iter_mut().enumerate() {
        tab.ping(n as u32).await;
    }
    bob_tab.ping(10).await;
    watcher.ping(11).await;

    let answer = drop_as(&h, &ann).await;
    assert_eq!(answer.status, 200, "{}", answer.body);
    assert_eq!(answer.json(), serde_json::json!({ "dropped": 2 }));
    for tab in &mut ann_tabs {
        assert_eq!(
            tab.ended(Duration::from_secs(5)).await,
            Some(false),
            "ann's socket ends without a close frame"
        );
    }
    bob_tab.ping(12).await;
    watcher.ping(13).await;

    // Nothing left to cut; a new socket of ann's is cut in its turn.
    assert_eq!(drop_as(&h, &ann).await.json()["dropped"], 0);
    let mut again = h.client(Some(&ann)).await;
    again.ping(14).await;
    assert_eq!(drop_as(&h, &ann).await.json()["dropped"], 1);
    assert_eq!(again.ended(Duration::from_secs(5)).await, Some(false));
    bob_tab.ping(15).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_cut_player_is_gone_to_the_others_as_after_a_lost_network() {
    let h = Harness::start(hooked()).await;
    let (a, ann) = h.user("ann").await;
    let (b, bob) = h.user("bob").await;
    let g = h
        .game_spec(spec(
            "murus-gallicus",
            "basic",
            vec![SeatPlan::Human(a), SeatPlan::Human(b)],
            ClockSpec::None,
            false,
        ))
        .await;
    let mut ann_seat = Player::join(&h, Some(&ann), &g).await;
    let mut bob_seat = Player::join(&h, Some(&bob), &g).await;
    assert_eq!(drop_as(&h, &ann).await.json()["dropped"], 1);
    assert_eq!(ann_seat.c.ended(Duration::from_secs(5)).await, Some(false));
    bob_seat.until(|m| matches!(m, ServerMsg::Gone(_))).await;
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_drop_needs_a_session() {
    let h = Harness::start(hooked()).await;
    let answer = h.request(Method::POST, "/api/test/drop", &[]).await;
    assert_eq!(answer.status, 401);
    assert_eq!(answer.json()["code"], "unauthorized");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn without_test_hooks_the_drop_route_does_not_exist() {
    let h = Harness::start(quick()).await;
    let (_, ann) = h.user("ann").await;
    let mut tab = h.client(Some(&ann)).await;
    tab.ping(1).await;
    let answer = drop_as(&h, &ann).await;
    assert_eq!(answer.status, 404, "{}", answer.body);
    assert_eq!(answer.json()["code"], "not-found");
    assert_eq!(tab.ended(Duration::from_millis(300)).await, None);
    tab.ping(2).await;
    h.stop().await;
}
