//! Connections are bounded: a client that sends its headers too slowly, stalls in the middle
//! of a request, or keeps a connection idle is cut off; a WebSocket that does not read its
//! frames is closed with 1008 "too slow"; one socket follows a bounded number of games.

use std::net::SocketAddr;
use std::time::{Duration, Instant};

use muster_server::games::SeatPlan;
use muster_server::net::NetConfig;
use muster_server::GameConfig;
use muster_wire::{close, ClientMsg, NackCode, ServerMsg, Sub};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;

use crate::kit::{quick, until, Client, Harness};

fn tight(net: NetConfig) -> GameConfig {
    GameConfig { net, ..quick() }
}

/// Waits until the server closes `tcp` (end of stream or a reset), reading and dropping
/// whatever it sends first; how long that took, or `None` past `limit`.
async fn closed_within(tcp: &mut TcpStream, limit: Duration) -> Option<Duration> {
    let began = Instant::now();
    let mut sink = vec![0u8; 4096];
    let reading = async {
        loop {
            match tcp.read(&mut sink).await {
                Ok(0) | Err(_) => return,
                Ok(_) => continue,
            }
        }
    };
    until(limit, reading).await?;
    Some(began.elapsed())
}

async fn connect(addr: SocketAddr) -> TcpStream {
    TcpStream::connect(addr).await.expect("connect")
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn slowloris_connections_are_closed_after_the_header_timeout() {
    let h = Harness::start(tight(NetConfig {
        header_timeout: Duration::from_millis(500),
        ..NetConfig::default()
    }))
    .await;
    let mut held = Vec::new();
    for _ in 0..40 {
        let mut tcp = connect(h.addr).await;
        tcp.write_all(b"GET / HTTP/1.1\r\nHost: x\r\nX-Slow: ")
            .await
            .expect("partial headers");
        held.push(tcp);
    }
    for tcp in &mut held {
        // Another byte now and then does not keep a connection whose headers never end.
        let _ = tcp.write_all(b"a").await;
    }
    for (i, tcp) in held.iter_mut().enumerate() {
        let took = closed_within(tcp, Duration::from_secs(5)).await;
        assert!(
            took.is_some(),
            "slow connection {i} was still open after 5 s"
        );
    }
    // The server still serves.
    let status = h.get("/api/catalog", None).await.status;
    assert_eq!(status, 200);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_request_that_stalls_in_its_body_is_cut_after_the_idle_timeout() {
    let h = Harness::start(tight(NetConfig {
        idle_timeout: Duration::from_millis(500),
        ..NetConfig::default()
    }))
    .await;
    let mut tcp = connect(h.addr).await;
    tcp.write_all(
        b"POST /api/session HTTP/1.1\r\nHost: x\r\nContent-Type: application/json\r\n\
          Content-Length: 100\r\n\r\n{\"kind\":",
    )
    .await
    .expect("a partial request");
    let took = closed_within(&mut tcp, Duration::from_secs(5)).await;
    assert!(
        took.is_some(),
        "the stalled request was still open after 5 s"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_kept_alive_connection_waits_no_longer_than_the_header_timeout() {
    let h = Harness::start(tight(NetConfig {
        header_timeout: Duration::from_millis(500),
        ..NetConfig::default()
    }))
    .await;
    let mut tcp = connect(h.addr).await;
    tcp.write_all(b"GET /api/catalog HTTP/1.1\r\nHost: x\r\n\r\n")
        .await
        .expect("a request");
    let took = closed_within(&mut tcp, Duration::from_secs(5)).await;
    assert!(
        took.is_some(),
        "the idle kept-alive connection was still open after 5 s"
    );
    h.stop().await;
}

/// How many times the socket that does not read subscribes.
const SUBS: usize = 1000;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_socket_that_does_not_read_is_closed_as_too_slow() {
    let h = Harness::start(tight(NetConfig {
        outbox_budget: 64 * 1024,
        ..NetConfig::default()
    }))
    .await;
    let g = h
        .game(
            "mutou",
            "",
            vec![SeatPlan::Ai(1), SeatPlan::Ai(1), SeatPlan::Ai(1)],
        )
        .await;
    let mut c = Client::connect_with_small_buffer(h.addr).await;
    // Each `sub` is answered with a whole `full`; the client reads none of them.
    for _ in 0..SUBS {
        c.send(&ClientMsg::Sub(Sub {
            g: g.clone(),
            v: None,
        }))
        .await;
    }
    if let Some((code, reason)) = c.closed(Duration::from_secs(20)).await {
        assert_eq!(code, close::POLICY, "{reason}");
        assert!(reason.contains("too slow"), "{reason}");
    }
    // Else the writer was dropped before its close frame got through the full socket.
    eprintln!(
        "too slow: {} frames read before the end",
        c.transcript.len()
    );
    let fulls = c
        .transcript
        .iter()
        .filter(|t| t.contains("\"t\":\"full\""))
        .count();
    assert!(
        fulls < SUBS,
        "every full was delivered ({fulls}): the socket was never cut"
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn one_socket_follows_a_bounded_number_of_games() {
    let h = Harness::start(tight(NetConfig {
        max_followed: 3,
        ..NetConfig::default()
    }))
    .await;
    let mut games = Vec::new();
    for _ in 0..4 {
        games.push(
            h.game("murus-gallicus", "", vec![SeatPlan::Ai(1), SeatPlan::Ai(1)])
                .await,
        );
    }
    let mut c = h.client(None).await;
    for g in &games {
        c.sub(g, None).await;
    }
    let refused = c.next_nack().await;
    assert_eq!(refused.code, NackCode::Refused);
    assert!(
        refused.reason.contains("at most 3 games"),
        "{}",
        refused.reason
    );
    // Following one again is no new game.
    c.sub(&games[0], None).await;
    c.until(|m| match m {
        ServerMsg::Full(full) if full.g == games[0] => Some(()),
        ServerMsg::Nack(nack) => panic!("refused again: {nack:?}"),
        _ => None,
    })
    .await;
    h.stop().await;
}
