//! A reader of `GET /api/stream`: one HTTP/1 request whose body is read line by line as it
//! arrives.

use std::net::SocketAddr;
use std::time::Duration;

use http_body_util::{BodyExt, Empty};
use hyper::body::{Bytes, Incoming};
use hyper::Request;
use hyper_util::rt::TokioIo;
use muster_wire::StreamEvent;

pub struct EventStream {
    pub status: u16,
    pub content_type: String,
    body: Incoming,
    buffer: Vec<u8>,
    done: bool,
    /// Set when the body ended without an error.
    pub ended_cleanly: bool,
}

impl EventStream {
    /// Opens the stream with a bearer token.
    pub async fn open(addr: SocketAddr, token: &str) -> EventStream {
        let stream = tokio::net::TcpStream::connect(addr).await.expect("connect");
        let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
            .await
            .expect("handshake");
        tokio::spawn(connection);
        let request = Request::builder()
            .method("GET")
            .uri("/api/stream")
            .header("host", addr.to_string())
            .header("authorization", format!("Bearer {token}"))
            .body(Empty::<Bytes>::new())
            .expect("request");
        let response = sender.send_request(request).await.expect("response");
        let status = response.status().as_u16();
        let content_type = response
            .headers()
            .get("content-type")
            .and_then(|v| v.to_str().ok())
            .unwrap_or("")
            .to_owned();
        EventStream {
            status,
            content_type,
            body: response.into_body(),
            buffer: Vec::new(),
            done: false,
            ended_cleanly: false,
        }
    }

    /// The next line (without its newline), within 10 s; `None` at the end of the body.
    pub async fn line(&mut self) -> Option<String> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                return Some(String::from_utf8_lossy(&line[..end]).into_owned());
            }
            if self.done {
                return None;
            }
            let frame = tokio::time::timeout(Duration::from_secs(10), self.body.frame())
                .await
                .expect("a line within 10 s");
            match frame {
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        self.buffer.extend_from_slice(&data);
                    }
                }
                Some(Err(_)) => self.done = true,
                None => {
                    self.done = true;
                    self.ended_cleanly = true;
                }
            }
        }
    }

    /// The next event, skipping keep-alives.
    pub async fn next(&mut self) -> StreamEvent {
        loop {
            let line = self.line().await.expect("the stream goes on");
            match StreamEvent::from_line(&line) {
                Ok(Some(event)) => return event,
                Ok(None) => continue,
                Err(e) => panic!("a line that is no event ({e}): {line}"),
            }
        }
    }

    /// The events up to and including `synced`.
    pub async fn until_synced(&mut self) -> Vec<StreamEvent> {
        let mut events = Vec::new();
        loop {
            let event = self.next().await;
            let last = event == StreamEvent::Synced;
            events.push(event);
            if last {
                return events;
            }
        }
    }
}
