//! WebSocket close codes as RFC 6455 means them: a frame the server reads but will not take
//! gets `nack{too-large}`, a frame too large to read closes with 1009, bad UTF-8 with 1007, a
//! protocol error (an unmasked client frame, an unknown opcode) with 1002 — and 1012 only
//! when the server stops.

use std::time::Duration;

use muster_wire::{close, ClientMsg, NackCode, Ping, ServerMsg, MAX_FRAME};
use tokio::io::{AsyncReadExt, AsyncWriteExt};
use tokio::net::TcpStream;
use tokio_tungstenite::tungstenite::protocol::frame::coding::{Data, OpCode};
use tokio_tungstenite::tungstenite::protocol::frame::Frame;
use tokio_tungstenite::tungstenite::Message;

use crate::kit::{quick, until, Client, Harness};

/// A `say` frame in the lobby padded to `len` bytes.
fn frame_of(len: usize) -> String {
    let head = r#"{"t":"say","d":{"id":1,"room":"lobby","text":""#;
    let tail = r#""}}"#;
    let pad = "x".repeat(len - head.len() - tail.len());
    format!("{head}{pad}{tail}")
}

/// Whether the socket still answers a ping.
async fn still_open(c: &mut Client) -> bool {
    c.send(&ClientMsg::Ping(Ping { n: 7 })).await;
    loop {
        match c.try_recv(Duration::from_secs(5)).await {
            Some(ServerMsg::Pong(p)) => return p.n == 7,
            Some(_) => continue,
            None => return false,
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_frame_above_the_cap_but_readable_gets_too_large_and_the_socket_stays() {
    let h = Harness::start(quick()).await;
    let mut c = h.client(None).await;
    c.send_text(&frame_of(MAX_FRAME + 4096)).await;
    match c.recv().await {
        ServerMsg::Nack(nack) => {
            assert_eq!(nack.code, NackCode::TooLarge);
            assert_eq!(
                nack.id, None,
                "the frame was not parsed, so it has no ack id"
            );
        }
        other => panic!("expected nack{{too-large}}, got {other:?}"),
    }
    assert!(still_open(&mut c).await);
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_hundred_kib_frame_closes_with_1009_not_1012() {
    let h = Harness::start(quick()).await;
    let mut c = h.client(None).await;
    c.send_text(&frame_of(100 * 1024)).await;
    let (code, reason) = c
        .closed(Duration::from_secs(5))
        .await
        .expect("a close frame");
    assert_eq!(code, close::TOO_BIG, "{reason}");
    assert!(reason.contains("64 KiB"), "{reason}");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_text_frame_that_is_not_utf8_closes_with_1007() {
    let h = Harness::start(quick()).await;
    let mut c = h.client(None).await;
    let bad = Frame::message(vec![b'{', 0xff, 0xfe, b'}'], OpCode::Data(Data::Text), true);
    assert!(c.send_raw(Message::Frame(bad)).await);
    let (code, reason) = c
        .closed(Duration::from_secs(5))
        .await
        .expect("a close frame");
    assert_eq!(code, close::BAD_DATA, "{reason}");
    h.stop().await;
}

/// Opens a WebSocket by hand on a raw TCP stream, so that frames a client library refuses to
/// send can be sent.
async fn raw_socket(h: &Harness) -> TcpStream {
    let mut tcp = TcpStream::connect(h.addr).await.expect("connect");
    let hello = format!(
        "GET /ws HTTP/1.1\r\nHost: {}\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\
         Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Version: 13\r\n\r\n",
        h.addr
    );
    tcp.write_all(hello.as_bytes()).await.expect("write");
    let mut head = Vec::new();
    while !head.ends_with(b"\r\n\r\n") {
        let mut byte = [0u8; 1];
        tcp.read_exact(&mut byte)
            .await
            .expect("the upgrade's answer");
        head.push(byte[0]);
    }
    let head = String::from_utf8_lossy(&head);
    assert!(head.starts_with("HTTP/1.1 101"), "{head}");
    tcp
}

/// Reads one server frame from a raw socket: its opcode and payload, or `None` when the
/// socket fails or ends.
async fn raw_frame(tcp: &mut TcpStream) -> Option<(u8, Vec<u8>)> {
    let mut head = [0u8; 2];
    tcp.read_exact(&mut head).await.ok()?;
    let len = match head[1] & 0x7f {
        126 => {
            let mut n = [0u8; 2];
            tcp.read_exact(&mut n).await.ok()?;
            usize::from(u16::from_be_bytes(n))
        }
        127 => {
            let mut n = [0u8; 8];
            tcp.read_exact(&mut n).await.ok()?;
            usize::try_from(u64::from_be_bytes(n)).ok()?
        }
        n => usize::from(n),
    };
    let mut payload = vec![0u8; len];
    tcp.read_exact(&mut payload).await.ok()?;
    Some((head[0] & 0x0f, payload))
}

/// Reads server frames from a raw socket until a close frame, within 5 s: its code.
async fn raw_close_code(tcp: &mut TcpStream) -> Option<u16> {
    let reading = async {
        loop {
            if let (0x8, payload) = raw_frame(tcp).await? {
                return payload.get(..2).map(|c| u16::from_be_bytes([c[0], c[1]]));
            }
        }
    };
    until(Duration::from_secs(5), reading).await.flatten()
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn an_unmasked_frame_or_an_unknown_opcode_closes_with_1002() {
    let h = Harness::start(quick()).await;
    let mut unmasked = raw_socket(&h).await;
    // FIN + text, no mask bit, two bytes.
    unmasked
        .write_all(&[0x81, 0x02, b'{', b'}'])
        .await
        .expect("write");
    assert_eq!(
        raw_close_code(&mut unmasked).await,
        Some(close::PROTOCOL_ERROR)
    );

    let mut unknown = raw_socket(&h).await;
    // FIN + reserved opcode 3, masked, empty.
    unknown
        .write_all(&[0x83, 0x80, 1, 2, 3, 4])
        .await
        .expect("write");
    assert_eq!(
        raw_close_code(&mut unknown).await,
        Some(close::PROTOCOL_ERROR)
    );
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn only_a_stopping_server_closes_with_1012() {
    let h = Harness::start(quick()).await;
    let mut c = h.client(None).await;
    assert!(still_open(&mut c).await);
    let stopping = tokio::spawn(h.stop());
    let (code, _) = c
        .closed(Duration::from_secs(5))
        .await
        .expect("a close frame");
    assert_eq!(code, close::RESTART);
    stopping.await.expect("stopped");
}
