//! Catching up (docs/server-design.md §2.6, §5.4): `sub{v}` from any past version gives exactly the
//! entries after it; a version the actor no longer keeps, or one from the future, gives a `full`; a
//! subscription racing the moves never loses one.

use std::time::Duration;

use muster_server::GameConfig;
use muster_wire::{MatchId, ServerMsg};

use crate::kit::{quick, Harness, RandomSeat};

/// Plays `plies` decisions of a two-seat Murus Gallicus game; the game id.
async fn played(h: &Harness, plies: u32) -> MatchId {
    let (plans, tokens) = h.humans(&["ann", "bob"]).await;
    let g = h.game("murus-gallicus", "basic", plans).await;
    let mut seats = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let mut p = RandomSeat::join(h.client(Some(token)).await, &g, 40 + i as u64).await;
        p.stop_at = plies;
        seats.push(tokio::spawn(async move {
            p.play_until(|pic| pic.ply >= plies).await;
            p
        }));
    }
    for seat in seats {
        seat.await.expect("a seat plays");
    }
    g
}

/// The versioned frames a fresh watcher gets for `sub{v}`, until the stream is quiet.
async fn after(h: &Harness, g: &MatchId, v: Option<u32>) -> Vec<(String, u32)> {
    let mut c = h.client(None).await;
    c.sub(g, v).await;
    c.drain(Duration::from_millis(200))
        .await
        .iter()
        .filter_map(|m| {
            let kind = match m {
                ServerMsg::Full(_) => "full",
                ServerMsg::Step(_) => "step",
                ServerMsg::End(_) => "end",
                _ => return None,
            };
            Some((kind.to_owned(), m.version()?.0))
        })
        .collect()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sub_from_every_past_version_gives_exactly_the_missing_entries() {
    let h = Harness::start(quick()).await;
    let g = played(&h, 10).await;
    let now = h.version(&g).await as u32;
    assert!(now >= 10);
    for v in 0..now {
        let got = after(&h, &g, Some(v)).await;
        let want: Vec<(String, u32)> = (v + 1..=now).map(|w| ("step".to_owned(), w)).collect();
        assert_eq!(got, want, "sub from {v}");
    }
    assert!(
        after(&h, &g, Some(now)).await.is_empty(),
        "nothing is missing"
    );
    let future = after(&h, &g, Some(now + 5)).await;
    assert_eq!(
        future,
        vec![("full".to_owned(), now)],
        "a version from the future"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn sub_from_a_version_older_than_the_ring_gives_a_full() {
    let h = Harness::start(GameConfig { ring: 4, ..quick() }).await;
    let g = played(&h, 10).await;
    let now = h.version(&g).await as u32;
    assert_eq!(after(&h, &g, Some(1)).await, vec![("full".to_owned(), now)]);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn watchers_subscribing_while_moves_are_made_never_miss_one() {
    let h = Harness::start(quick()).await;
    let (plans, tokens) = h.humans(&["cat", "dan"]).await;
    let g = h.game("murus-gallicus", "basic", plans).await;
    const PLIES: u32 = 24;
    let mut seats = Vec::new();
    for (i, token) in tokens.iter().enumerate() {
        let mut p = RandomSeat::join(h.client(Some(token)).await, &g, 50 + i as u64).await;
        p.stop_at = PLIES;
        seats.push(tokio::spawn(async move {
            p.play_until(|pic| pic.ply >= PLIES).await;
        }));
    }
    let mut watchers = Vec::new();
    for i in 0..12u64 {
        let mut c = h.client(None).await;
        let g = g.clone();
        watchers.push(tokio::spawn(async move {
            tokio::time::sleep(Duration::from_millis(7 * i)).await;
            c.sub(&g, None).await;
            let mut last: Option<u32> = None;
            let mut ply = 0;
            while ply < PLIES {
                let msg = c.recv().await;
                match &msg {
                    ServerMsg::Full(f) => {
                        assert!(last.is_none(), "one full");
                        last = Some(f.v.0);
                        ply = f.ply.0;
                    }
                    ServerMsg::Step(s) => {
                        let v = last.expect("a full first");
                        assert_eq!(s.v.0, v + 1, "watcher {i}: no gap, no repeat");
                        last = Some(s.v.0);
                        ply = s.ply.0;
                    }
                    _ => {}
                }
            }
        }));
    }
    for seat in seats {
        seat.await.expect("a seat plays");
    }
    for w in watchers {
        w.await.expect("a watcher follows every move");
    }
    h.stop().await;
}
