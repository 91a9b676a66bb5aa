//! What every `/api` handler answers with on failure, and the JSON body extractor that
//! answers malformed bodies with an [`ApiError`] instead of axum's plain text.

use std::net::{IpAddr, Ipv4Addr, SocketAddr};
use std::time::Duration;

use axum::body::Bytes;
use axum::extract::{ConnectInfo, FromRequest, FromRequestParts, Request};
use axum::http::header::{CONTENT_TYPE, RETRY_AFTER};
use axum::http::request::Parts;
use axum::http::{HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use muster_wire::http::ApiError;
use muster_wire::NackCode;
use serde::de::DeserializeOwned;

/// The largest request body read under `/api`, in bytes (64 KiB).
pub const MAX_BODY: usize = 64 * 1024;

/// The HTTP status that goes with an error code.
pub fn status_for(code: NackCode) -> StatusCode {
    match code {
        NackCode::Parse | NackCode::Malformed | NackCode::Unknown | NackCode::Invalid => {
            StatusCode::BAD_REQUEST
        }
        NackCode::Unauthorized => StatusCode::UNAUTHORIZED,
        NackCode::Forbidden | NackCode::NotSeated => StatusCode::FORBIDDEN,
        NackCode::NotFound => StatusCode::NOT_FOUND,
        NackCode::Taken
        | NackCode::Stale
        | NackCode::Illegal
        | NackCode::Turn
        | NackCode::Over
        | NackCode::Refused => StatusCode::CONFLICT,
        NackCode::TooLarge => StatusCode::PAYLOAD_TOO_LARGE,
        NackCode::Rate => StatusCode::TOO_MANY_REQUESTS,
        NackCode::Storage => StatusCode::INTERNAL_SERVER_ERROR,
    }
}

/// A failed `/api` request: its status, its [`ApiError`] body and, for a rate refusal, when to
/// retry (sent as `Retry-After` in whole seconds, rounded up).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ApiFailure {
    /// The HTTP status.
    pub status: StatusCode,
    /// The body.
    pub error: ApiError,
    /// The wait before a retry is allowed.
    pub retry_after: Option<Duration>,
}

impl ApiFailure {
    /// A failure with `code`'s status ([`status_for`]).
    pub fn new(code: NackCode, reason: impl Into<String>) -> ApiFailure {
        ApiFailure {
            status: status_for(code),
            error: ApiError {
                code,
                reason: reason.into(),
            },
            retry_after: None,
        }
    }

    /// A 429 telling the client to wait `retry_after`.
    pub fn rate(retry_after: Duration) -> ApiFailure {
        let seconds = retry_after_secs(retry_after);
        ApiFailure {
            retry_after: Some(retry_after),
            ..ApiFailure::new(
                NackCode::Rate,
                format!("too many requests; retry in {seconds} s"),
            )
        }
    }

    /// A 500 for a store failure. The store's own words stay in the server: they may name
    /// tables and queries.
    pub fn storage(_error: &muster_store::Error) -> ApiFailure {
        ApiFailure::new(
            NackCode::Storage,
            "the store failed; nothing was changed; try again",
        )
    }
}

impl From<ApiError> for ApiFailure {
    fn from(error: ApiError) -> ApiFailure {
        ApiFailure {
            status: status_for(error.code),
            error,
            retry_after: None,
        }
    }
}

fn retry_after_secs(wait: Duration) -> u64 {
    wait.as_secs() + u64::from(wait.subsec_nanos() > 0)
}

impl IntoResponse for ApiFailure {
    fn into_response(self) -> Response {
        let mut response = (self.status, Json(self.error)).into_response();
        if let Some(wait) = self.retry_after {
            response
                .headers_mut()
                .insert(RETRY_AFTER, HeaderValue::from(retry_after_secs(wait)));
        }
        response
    }
}

/// A JSON request body read as `T`. Unlike axum's `Json`, every refusal is an [`ApiError`]:
/// 415 `malformed` without `Content-Type: application/json`, 413 `too-large` above
/// [`MAX_BODY`], 400 `malformed` quoting serde's account (the field, line and column) for
/// text that is not JSON, a missing or mistyped field, or an unknown one.
#[derive(Clone, Debug)]
pub struct ApiJson<T>(pub T);

impl<T: DeserializeOwned, S: Send + Sync> FromRequest<S> for ApiJson<T> {
    type Rejection = ApiFailure;

    async fn from_request(request: Request, state: &S) -> Result<Self, Self::Rejection> {
        let json = request
            .headers()
            .get(CONTENT_TYPE)
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.split(';').next())
            .is_some_and(|mime| mime.trim().eq_ignore_ascii_case("application/json"));
        if !json {
            let mut failure = ApiFailure::new(
                NackCode::Malformed,
                "the body must be JSON, sent with `Content-Type: application/json`",
            );
            failure.status = StatusCode::UNSUPPORTED_MEDIA_TYPE;
            return Err(failure);
        }
        let bytes = Bytes::from_request(request, state)
            .await
            .map_err(|rejection| {
                if rejection.status() == StatusCode::PAYLOAD_TOO_LARGE {
                    ApiFailure::new(
                        NackCode::TooLarge,
                        format!("the body is larger than {} KiB", MAX_BODY / 1024),
                    )
                } else {
                    ApiFailure::new(
                        NackCode::Malformed,
                        format!("the body could not be read: {}", rejection.body_text()),
                    )
                }
            })?;
        serde_json::from_slice(&bytes).map(ApiJson).map_err(|e| {
            ApiFailure::new(
                NackCode::Malformed,
                format!("bad JSON body: {}", bounded(&e.to_string())),
            )
        })
    }
}

/// At most [`REASON_LEN`] characters of `text`, with `…` when cut (serde quotes the values it
/// refuses, which may be long).
fn bounded(text: &str) -> String {
    match text.char_indices().nth(REASON_LEN) {
        Some((cut, _)) => format!("{}…", &text[..cut]),
        None => text.to_owned(),
    }
}

/// The longest account of a bad body, in characters.
const REASON_LEN: usize = 240;

/// The address of the client, for rate limits: the peer of the TCP connection when the server
/// runs with connection info ([`crate::serve`] does), else `0.0.0.0` (every client shares it).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct ClientIp(pub IpAddr);

impl<S: Send + Sync> FromRequestParts<S> for ClientIp {
    type Rejection = std::convert::Infallible;

    async fn from_request_parts(parts: &mut Parts, _state: &S) -> Result<Self, Self::Rejection> {
        let ip = parts
            .extensions
            .get::<ConnectInfo<SocketAddr>>()
            .map_or(IpAddr::V4(Ipv4Addr::UNSPECIFIED), |info| info.0.ip());
        Ok(ClientIp(ip))
    }
}
