//! Memory comes back after an abusive connection leaves: a socket that subscribes to a game
//! 1,200 times and never reads (an outside tester grew the server by ~33 MB this way, and it
//! stayed) is closed as too slow, and the process's resident memory stays near its baseline
//! before, during and after. Alone in its own test binary, so no other test's allocations
//! blur the measure: it reaches the suite's kit (`server/kit/`) by path.

// The kit serves the whole suite; this binary uses a little of it.
#[allow(dead_code, unused_imports)]
#[path = "server/kit/mod.rs"]
mod kit;

use std::time::Duration;

use kit::{quick, Harness};
use muster_server::games::SeatPlan;
use muster_wire::{ClientMsg, Sub};

/// The process's resident set size in KiB, from /proc (Linux).
fn rss_kib() -> Option<u64> {
    let status = std::fs::read_to_string("/proc/self/status").ok()?;
    let line = status.lines().find(|l| l.starts_with("VmRSS:"))?;
    line.split_whitespace().nth(1)?.parse().ok()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_subscribes_without_reading_leaves_memory_near_its_baseline() {
    let Some(_) = rss_kib() else {
        eprintln!("no /proc/self/status here: nothing to measure");
        return;
    };
    let h = Harness::start(quick()).await;
    let g = h
        .game(
            "mutou",
            "",
            vec![SeatPlan::Ai(1), SeatPlan::Ai(1), SeatPlan::Ai(1)],
        )
        .await;
    // Warm up: the game loaded, one honest subscriber served.
    let mut honest = h.client(None).await;
    honest.sub(&g, None).await;
    honest.next_full().await;
    let full_len = honest.transcript.last().map_or(0, String::len);
    drop(honest);
    tokio::time::sleep(Duration::from_millis(300)).await;
    let before = rss_kib().unwrap_or(0);

    let mut abuser = h.client(None).await;
    for _ in 0..1200 {
        abuser
            .send(&ClientMsg::Sub(Sub {
                g: g.clone(),
                v: None,
            }))
            .await;
    }
    tokio::time::sleep(Duration::from_secs(2)).await;
    let during = rss_kib().unwrap_or(0);
    let ended = abuser.closed(Duration::from_secs(20)).await;
    drop(abuser);
    tokio::time::sleep(Duration::from_secs(2)).await;
    let after = rss_kib().unwrap_or(0);
    eprintln!(
        "a full is {full_len} bytes; RSS before {before} KiB, during {during} KiB, after \
         {after} KiB; the socket ended with {ended:?}"
    );
    // Unbounded, 1,200 fulls would queue 1,200 × full_len bytes.
    let unbounded_kib = 1200 * full_len as u64 / 1024;
    assert!(
        unbounded_kib > 16 * 1024,
        "the test is too small to tell ({unbounded_kib} KiB)"
    );
    let grew = during.saturating_sub(before);
    assert!(
        grew < 16 * 1024,
        "grew {grew} KiB while the abuser was connected"
    );
    let kept = after.saturating_sub(before);
    assert!(kept < 16 * 1024, "kept {kept} KiB after the abuser left");
    h.stop().await;
}
