//! The HTTP side: a session, challenges, game summaries and records.
//!
//! Each request is HTTP/1.1 on a fresh loopback-friendly TCP connection through hyper's
//! low-level client (no pool, no TLS): the client is for tests and load runs against a server
//! one can reach directly.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use http_body_util::{BodyExt, Full};
use hyper::body::Bytes;
use hyper::header::{AUTHORIZATION, CONTENT_TYPE, HOST, SET_COOKIE};
use hyper::{Method, Request};
use hyper_util::rt::TokioIo;
use muster_wire::http::{
    ApiError, ChallengeInfo, ChallengeRequest, GameSummary, JoinRequest, UserInfo,
};
use muster_wire::{ChallengeId, MatchId};
use serde::de::DeserializeOwned;
use serde::Deserialize;
use tokio::net::{lookup_host, TcpSocket, TcpStream};

use crate::error::{Error, Result};

/// The name of the session cookie the server sets.
pub const SESSION_COOKIE: &str = "muster_session";

/// How long one HTTP request may take, connection included.
pub const HTTP_TIMEOUT: Duration = Duration::from_secs(30);

/// A user's session with a server: its address and the bearer token every request carries.
///
/// Cloning is cheap; clones share nothing but the token's text.
#[derive(Clone, Debug)]
pub struct Client {
    /// `HOST:PORT`.
    authority: String,
    token: String,
    user: Option<UserInfo>,
    /// The local address connections are made from, when chosen.
    local: Option<IpAddr>,
}

/// `SessionResponse` as read here: the token may be in the body or only in the cookie.
#[derive(Deserialize)]
struct SessionBody {
    user: UserInfo,
    #[serde(default)]
    token: Option<String>,
}

/// What an HTTP exchange gave back.
struct Answer {
    status: u16,
    cookies: Vec<String>,
    body: Bytes,
}

impl Client {
    /// A new guest session on the server at `base_url` (`http://HOST:PORT`): `POST
    /// /api/session {"kind":"guest"}`. The token is the body's `token`, else the
    /// `muster_session` cookie.
    pub async fn guest(base_url: &str) -> Result<Client> {
        Client::guest_from(base_url, None).await
    }

    /// [`Client::guest`], with every connection of the session made from the local address
    /// `local` when given (see [`loopback_address`]).
    pub async fn guest_from(base_url: &str, local: Option<IpAddr>) -> Result<Client> {
        let authority = authority(base_url)?;
        let body = br#"{"kind":"guest"}"#;
        let to = Peer {
            authority: &authority,
            local,
        };
        let answer = request(to, None, Method::POST, "/api/session", Some(body)).await?;
        let what = "POST /api/session";
        check(what, answer.status, &answer.body)?;
        let session: SessionBody = read(what, &answer.body)?;
        let token = match session.token {
            Some(token) => token,
            None => answer
                .cookies
                .iter()
                .find_map(|c| cookie_value(c, SESSION_COOKIE))
                .ok_or(Error::NoToken)?,
        };
        Ok(Client {
            authority,
            token,
            user: Some(session.user),
            local,
        })
    }

    /// A session from a token already held.
    pub fn with_token(base_url: &str, token: impl Into<String>) -> Result<Client> {
        Ok(Client {
            authority: authority(base_url)?,
            token: token.into(),
            user: None,
            local: None,
        })
    }

    /// The same session, its connections made from the local address `local`.
    pub fn from_address(self, local: IpAddr) -> Client {
        Client {
            local: Some(local),
            ..self
        }
    }

    /// The local address connections are made from, when chosen.
    pub fn local_address(&self) -> Option<IpAddr> {
        self.local
    }

    /// Opens a TCP connection to the server (from the chosen local address, if any).
    pub(crate) async fn tcp(&self) -> Result<TcpStream> {
        Peer {
            authority: &self.authority,
            local: self.local,
        }
        .connect()
        .await
    }

    /// The bearer token.
    pub fn token(&self) -> &str {
        &self.token
    }

    /// The user, when the session was made here ([`Client::guest`]).
    pub fn user(&self) -> Option<&UserInfo> {
        self.user.as_ref()
    }

    /// `HOST:PORT` of the server.
    pub fn authority(&self) -> &str {
        &self.authority
    }

    /// `POST /api/challenges`. When no seat is open the game starts at once and `g` is set.
    pub async fn create_challenge(&self, challenge: &ChallengeRequest) -> Result<ChallengeInfo> {
        self.json(Method::POST, "/api/challenges", Some(to_body(challenge)?))
            .await
    }

    /// `POST /api/challenges/{id}/join`; `g` is set once the last open seat is taken.
    pub async fn join(&self, id: &ChallengeId, join: JoinRequest) -> Result<ChallengeInfo> {
        let path = format!("/api/challenges/{id}/join");
        self.json(Method::POST, &path, Some(to_body(&join)?)).await
    }

    /// `GET /api/challenges/{id}`.
    pub async fn challenge(&self, id: &ChallengeId) -> Result<ChallengeInfo> {
        self.json(Method::GET, &format!("/api/challenges/{id}"), None)
            .await
    }

    /// `GET /api/games/{id}`.
    pub async fn game_summary(&self, g: &MatchId) -> Result<GameSummary> {
        self.json(Method::GET, &format!("/api/games/{g}"), None)
            .await
    }

    /// `GET /api/games/{id}/record`: the game's record as text.
    pub async fn record(&self, g: &MatchId) -> Result<String> {
        let path = format!("/api/games/{g}/record");
        let what = format!("GET {path}");
        let answer = request(self.peer(), Some(&self.token), Method::GET, &path, None).await?;
        check(&what, answer.status, &answer.body)?;
        String::from_utf8(answer.body.to_vec()).map_err(|e| Error::Unreadable {
            what,
            reason: e.to_string(),
        })
    }

    fn peer(&self) -> Peer<'_> {
        Peer {
            authority: &self.authority,
            local: self.local,
        }
    }

    /// A request whose answer has no body worth reading (204).
    pub(crate) async fn empty(
        &self,
        method: Method,
        path: &str,
        body: Option<Vec<u8>>,
    ) -> Result<()> {
        self.checked(method, path, body).await.map(|_| ())
    }

    pub(crate) async fn json<T: DeserializeOwned>(
        &self,
        method: Method,
        path: &str,
        body: Option<Vec<u8>>,
    ) -> Result<T> {
        let what = format!("{method} {path}");
        let body = self.checked(method, path, body).await?;
        read(&what, &body)
    }

    /// Sends a request with the session's token; the answer's body once its status is a
    /// success (else the server's refusal as an error).
    async fn checked(&self, method: Method, path: &str, body: Option<Vec<u8>>) -> Result<Bytes> {
        let what = format!("{method} {path}");
        let answer = request(
            self.peer(),
            Some(&self.token),
            method,
            path,
            body.as_deref(),
        )
        .await?;
        check(&what, answer.status, &answer.body)?;
        Ok(answer.body)
    }
}

/// The `n`-th address of the loopback network 127.0.0.0/8 after 127.0.0.1 (127.1.0.1,
/// 127.1.0.2, …), for up to 16 million clients. A server that limits each client address (the
/// number of sessions one address may open) sees clients made from different ones as different
/// clients; on Linux every such address reaches a server listening on 127.0.0.1.
pub fn loopback_address(n: u32) -> IpAddr {
    let n = n % (1 << 24);
    let [_, a, b, c] = (n + (1 << 16) + 1).min((1 << 24) - 2).to_be_bytes();
    IpAddr::V4(Ipv4Addr::new(127, a, b, c))
}

/// Where a connection goes, and from where.
#[derive(Clone, Copy)]
struct Peer<'a> {
    authority: &'a str,
    local: Option<IpAddr>,
}

impl Peer<'_> {
    async fn connect(self) -> Result<TcpStream> {
        let io = |source| Error::Io {
            what: format!("connect to {}", self.authority),
            source,
        };
        let Some(local) = self.local else {
            return TcpStream::connect(self.authority).await.map_err(io);
        };
        let mut last = None;
        for addr in lookup_host(self.authority).await.map_err(io)? {
            let socket = match addr {
                SocketAddr::V4(_) => TcpSocket::new_v4(),
                SocketAddr::V6(_) => TcpSocket::new_v6(),
            }
            .map_err(io)?;
            socket.bind(SocketAddr::new(local, 0)).map_err(io)?;
            match socket.connect(addr).await {
                Ok(stream) => return Ok(stream),
                Err(e) => last = Some(e),
            }
        }
        Err(io(last.unwrap_or_else(|| {
            std::io::Error::new(std::io::ErrorKind::NotFound, "no address")
        })))
    }
}

/// `HOST:PORT` of `http://HOST:PORT` (a trailing slash allowed; `HOST:PORT` alone too).
pub(crate) fn authority(base_url: &str) -> Result<String> {
    let rest = base_url.strip_prefix("http://").unwrap_or(base_url);
    let rest = rest.strip_suffix('/').unwrap_or(rest);
    let ok = !rest.is_empty()
        && !rest.contains('/')
        && !base_url.starts_with("https://")
        && rest
            .rsplit_once(':')
            .is_some_and(|(host, port)| !host.is_empty() && port.parse::<u16>().is_ok());
    if ok {
        Ok(rest.to_owned())
    } else {
        Err(Error::BadUrl(base_url.to_owned()))
    }
}

/// The value of cookie `name` in a `Set-Cookie` header.
fn cookie_value(header: &str, name: &str) -> Option<String> {
    let first = header.split(';').next()?.trim();
    let (key, value) = first.split_once('=')?;
    (key.trim() == name && !value.is_empty()).then(|| value.trim().to_owned())
}

fn to_body<T: serde::Serialize>(value: &T) -> Result<Vec<u8>> {
    serde_json::to_vec(value).map_err(|e| Error::Unreadable {
        what: "a request body".to_owned(),
        reason: e.to_string(),
    })
}

fn read<T: DeserializeOwned>(what: &str, body: &[u8]) -> Result<T> {
    serde_json::from_slice(body).map_err(|e| Error::Unreadable {
        what: format!("the answer to {what}"),
        reason: e.to_string(),
    })
}

/// `Ok` for a 2xx status, else the error with the `ApiError` body read when it is one.
pub(crate) fn check(what: &str, status: u16, body: &[u8]) -> Result<()> {
    if (200..300).contains(&status) {
        return Ok(());
    }
    let (code, reason) = match serde_json::from_slice::<ApiError>(body) {
        Ok(e) => (Some(e.code), e.reason),
        Err(_) => (
            None,
            String::from_utf8_lossy(body).chars().take(200).collect(),
        ),
    };
    Err(Error::Status {
        what: what.to_owned(),
        status,
        code,
        reason,
    })
}

async fn request(
    to: Peer<'_>,
    token: Option<&str>,
    method: Method,
    path: &str,
    body: Option<&[u8]>,
) -> Result<Answer> {
    let what = format!("{method} {path}");
    tokio::time::timeout(HTTP_TIMEOUT, exchange(to, token, method, path, body))
        .await
        .map_err(|_| Error::Timeout {
            what: what.clone(),
            after: HTTP_TIMEOUT,
        })?
}

async fn exchange(
    to: Peer<'_>,
    token: Option<&str>,
    method: Method,
    path: &str,
    body: Option<&[u8]>,
) -> Result<Answer> {
    let what = format!("{method} {path}");
    let authority = to.authority;
    let stream = to.connect().await?;
    let http = |source| Error::Http {
        what: what.clone(),
        source,
    };
    let (mut sender, connection) = hyper::client::conn::http1::handshake(TokioIo::new(stream))
        .await
        .map_err(http)?;
    // The connection ends with the exchange; its own error shows in the request's.
    let driver = tokio::spawn(async move {
        let _ = connection.await;
    });
    let mut builder = Request::builder()
        .method(method)
        .uri(path)
        .header(HOST, authority);
    if let Some(token) = token {
        builder = builder.header(AUTHORIZATION, format!("Bearer {token}"));
    }
    if body.is_some() {
        builder = builder.header(CONTENT_TYPE, "application/json");
    }
    let request = builder
        .body(Full::new(Bytes::copy_from_slice(body.unwrap_or_default())))
        .map_err(|e| Error::Unreadable {
            what: what.clone(),
            reason: e.to_string(),
        })?;
    let response = sender.send_request(request).await.map_err(http)?;
    let status = response.status().as_u16();
    let cookies = response
        .headers()
        .get_all(SET_COOKIE)
        .iter()
        .filter_map(|v| v.to_str().ok().map(str::to_owned))
        .collect();
    let body = response
        .into_body()
        .collect()
        .await
        .map_err(http)?
        .to_bytes();
    driver.abort();
    Ok(Answer {
        status,
        cookies,
        body,
    })
}

#[cfg(test)]
mod tests {
    use muster_wire::NackCode;

    use super::*;

    #[test]
    fn a_base_url_is_http_host_and_port() {
        assert_eq!(
            authority("http://127.0.0.1:8080").ok(),
            Some("127.0.0.1:8080".into())
        );
        assert_eq!(
            authority("http://localhost:80/").ok(),
            Some("localhost:80".into())
        );
        assert_eq!(authority("127.0.0.1:9").ok(), Some("127.0.0.1:9".into()));
        for bad in [
            "https://a:1",
            "http://a",
            "http://a:1/x",
            "http://:1",
            "",
            "a:port",
        ] {
            assert!(authority(bad).is_err(), "{bad}");
        }
    }

    #[test]
    fn loopback_addresses_are_distinct_and_never_127_0_0_1() {
        assert_eq!(loopback_address(0).to_string(), "127.1.0.1");
        assert_eq!(loopback_address(255).to_string(), "127.1.1.0");
        let some: std::collections::HashSet<IpAddr> = (0..5000).map(loopback_address).collect();
        assert_eq!(some.len(), 5000);
        assert!(!some.contains(&IpAddr::V4(Ipv4Addr::LOCALHOST)));
        assert!(loopback_address(u32::MAX).is_loopback());
    }

    #[test]
    fn the_session_cookie_is_read_from_set_cookie() {
        let header = "muster_session=abc123; Path=/; HttpOnly; SameSite=Lax";
        assert_eq!(cookie_value(header, SESSION_COOKIE), Some("abc123".into()));
        assert_eq!(cookie_value("other=1; Path=/", SESSION_COOKIE), None);
        assert_eq!(
            cookie_value("muster_session=; Max-Age=0", SESSION_COOKIE),
            None
        );
    }

    #[test]
    fn an_error_status_quotes_the_api_error() {
        let body = br#"{"code":"not-found","reason":"no game x"}"#;
        match check("GET /api/games/x", 404, body) {
            Err(Error::Status {
                status,
                code,
                reason,
                ..
            }) => {
                assert_eq!(status, 404);
                assert_eq!(code, Some(NackCode::NotFound));
                assert_eq!(reason, "no game x");
            }
            other => panic!("{other:?}"),
        }
        assert!(check("x", 204, b"").is_ok());
    }
}
