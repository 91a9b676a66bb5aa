//! A user's event stream, `GET /api/stream` (newline-delimited JSON), and the challenge calls
//! a bot needs: the challenges that await it and declining one.

use std::time::Duration;

use http_body_util::{BodyExt, Empty};
use hyper::body::{Bytes, Incoming};
use hyper::header::{AUTHORIZATION, HOST};
use hyper::{Method, Request};
use hyper_util::rt::TokioIo;
use muster_wire::http::{ChallengeInfo, ChallengesResponse};
use muster_wire::{ChallengeId, StreamEvent};

use crate::error::{Error, Result};
use crate::http::Client;

/// The longest line the stream may send; a longer one is an error, not a memory hog.
pub const MAX_LINE: usize = 1 << 20;

/// How long opening the stream may take.
pub const OPEN_TIMEOUT: Duration = Duration::from_secs(30);

/// An open `GET /api/stream`: events as they come.
pub struct Events {
    body: Incoming,
    buffer: Vec<u8>,
    ended: bool,
    /// The `signed-out` line came: nothing follows it.
    signed_out: bool,
    _driver: DriverGuard,
}

/// Aborts the connection's task when the stream is dropped.
struct DriverGuard(tokio::task::JoinHandle<()>);

impl Drop for DriverGuard {
    fn drop(&mut self) {
        self.0.abort();
    }
}

impl Client {
    /// Opens the user's event stream: first the snapshot (a `challenge` per challenge that
    /// awaits the user, a `game-start` per running game), then `synced`, then live events.
    pub async fn events(&self) -> Result<Events> {
        let what = "GET /api/stream".to_owned();
        let opening = async {
            let stream = self.tcp().await?;
            let http = |source| Error::Http {
                what: what.clone(),
                source,
            };
            let (mut sender, connection) =
                hyper::client::conn::http1::handshake(TokioIo::new(stream))
                    .await
                    .map_err(http)?;
            let driver = DriverGuard(tokio::spawn(async move {
                let _ = connection.await;
            }));
            let request = Request::builder()
                .method(Method::GET)
                .uri("/api/stream")
                .header(HOST, self.authority())
                .header(AUTHORIZATION, format!("Bearer {}", self.token()))
                .body(Empty::<Bytes>::new())
                .map_err(|e| Error::Unreadable {
                    what: what.clone(),
                    reason: e.to_string(),
                })?;
            let response = sender.send_request(request).await.map_err(http)?;
            Ok::<_, Error>((response, driver))
        };
        let (response, driver) =
            tokio::time::timeout(OPEN_TIMEOUT, opening)
                .await
                .map_err(|_| Error::Timeout {
                    what: what.clone(),
                    after: OPEN_TIMEOUT,
                })??;
        let status = response.status().as_u16();
        if !(200..300).contains(&status) {
            let body = response
                .into_body()
                .collect()
                .await
                .map(|b| b.to_bytes())
                .unwrap_or_default();
            crate::http::check(&what, status, &body)?;
            unreachable!("check fails for a status outside 2xx");
        }
        Ok(Events {
            body: response.into_body(),
            buffer: Vec::new(),
            ended: false,
            signed_out: false,
            _driver: driver,
        })
    }

    /// `GET /api/me/challenges`: the open challenges that name the user and await them.
    pub async fn my_challenges(&self) -> Result<Vec<ChallengeInfo>> {
        let list: ChallengesResponse = self.json(Method::GET, "/api/me/challenges", None).await?;
        Ok(list.challenges)
    }

    /// `POST /api/challenges/{id}/decline`.
    pub async fn decline(&self, id: &ChallengeId) -> Result<()> {
        let path = format!("/api/challenges/{id}/decline");
        self.empty(Method::POST, &path, Some(b"{}".to_vec())).await
    }
}

impl Events {
    /// The next event, skipping keep-alive lines; `Ok(None)` when the server ended the stream
    /// (it stops). An unreadable line is an error naming it.
    ///
    /// The `signed-out` line (the credentials were ended: a logout, a revoked bot token, a
    /// password change) is never returned as an event: it is [`Error::SignedOut`] with the
    /// server's reason, and the stream ends there (every later call is `Ok(None)`). Do not open
    /// the stream again with the same token.
    pub async fn next(&mut self) -> Result<Option<StreamEvent>> {
        loop {
            if self.signed_out {
                return Ok(None);
            }
            let Some(line) = self.line().await? else {
                return Ok(None);
            };
            match StreamEvent::from_line(&line) {
                Ok(Some(StreamEvent::SignedOut { reason })) => {
                    self.signed_out = true;
                    return Err(Error::SignedOut { reason });
                }
                Ok(Some(event)) => return Ok(Some(event)),
                Ok(None) => continue,
                Err(e) => {
                    return Err(Error::Unreadable {
                        what: format!("the stream's line {}", muster_wire::quote(&line)),
                        reason: e.to_string(),
                    })
                }
            }
        }
    }

    async fn line(&mut self) -> Result<Option<String>> {
        loop {
            if let Some(end) = self.buffer.iter().position(|&b| b == b'\n') {
                let line: Vec<u8> = self.buffer.drain(..=end).collect();
                return Ok(Some(String::from_utf8_lossy(&line[..end]).into_owned()));
            }
            if self.buffer.len() > MAX_LINE {
                return Err(Error::Protocol(format!(
                    "a line of the stream longer than {MAX_LINE} bytes"
                )));
            }
            if self.ended {
                return Ok(None);
            }
            match self.body.frame().await {
                Some(Ok(frame)) => {
                    if let Ok(data) = frame.into_data() {
                        self.buffer.extend_from_slice(&data);
                    }
                }
                Some(Err(source)) => {
                    return Err(Error::Http {
                        what: "GET /api/stream".to_owned(),
                        source,
                    })
                }
                None => self.ended = true,
            }
        }
    }
}
