//! Which pages may act with a visitor's cookie, and the security headers of every answer.
//!
//! A browser sends its cookie with requests that another site's page makes, so a request that
//! changes something (`POST`, `PUT`, `PATCH`, `DELETE`) or opens a WebSocket with the cookie
//! must come from this server's own origin (the scheme and the `Host` the request names, or
//! `--public-url`'s) or from one named by `--allow-origin`. Requests that carry a bearer token
//! are not checked: a page cannot make a browser add one. Requests with no `Origin` header at
//! all come from programs, not pages, and pass; `Origin: null` (a sandboxed or local page)
//! does not.

use std::sync::Arc;

use axum::extract::{Request, State};
use axum::http::header::{
    CONTENT_SECURITY_POLICY, HOST, ORIGIN, REFERRER_POLICY, X_CONTENT_TYPE_OPTIONS, X_FRAME_OPTIONS,
};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};
use axum::Json;
use muster_wire::http::ApiError;
use muster_wire::NackCode;

use crate::accounts::tokens::{bearer_token, cookie_token};
use crate::ServerState;

/// The Content-Security-Policy of every answer: scripts only from this server, no frames
/// around its pages, no plugins; styles may be inline (the board sets colours per piece).
pub const CSP: &str = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'; \
img-src 'self' data:; connect-src 'self'; font-src 'self'; object-src 'none'; base-uri 'none'; \
form-action 'self'; frame-ancestors 'none'";

/// An origin as browsers write it: `scheme://host[:port]`, lower case, without the scheme's
/// default port. `None` for anything else (a path, a query, another scheme, `null`).
pub fn normalize(text: &str) -> Option<String> {
    let text = text.trim().trim_end_matches('/');
    let (scheme, authority) = text.split_once("://")?;
    let scheme = scheme.to_ascii_lowercase();
    let default_port = match scheme.as_str() {
        "http" => ":80",
        "https" => ":443",
        _ => return None,
    };
    let ok = !authority.is_empty()
        && authority
            .chars()
            .all(|c| c.is_ascii_alphanumeric() || "-.:[]_".contains(c));
    if !ok {
        return None;
    }
    let authority = authority.to_ascii_lowercase();
    let authority = authority.strip_suffix(default_port).unwrap_or(&authority);
    Some(format!("{scheme}://{authority}"))
}

/// Reads an `--allow-origin` or `--public-url` value: its origin, or a message quoting it.
pub fn parse_origin(text: &str) -> Result<String, String> {
    let origin_part = match text.split_once("://") {
        Some((scheme, rest)) => {
            let authority = rest.split('/').next().unwrap_or_default();
            let path = &rest[authority.len()..];
            if !path.is_empty() && path != "/" {
                return Err(format!(
                    "`{text}` has a path; an origin is scheme://host[:port]"
                ));
            }
            format!("{scheme}://{authority}")
        }
        None => String::new(),
    };
    normalize(&origin_part)
        .ok_or_else(|| format!("`{text}` is not an origin: write http(s)://host[:port]"))
}

/// Whether a request with these headers comes from a page this server trusts (see the module
/// documentation).
pub fn allowed(state: &ServerState, headers: &HeaderMap) -> bool {
    let Some(origin) = headers.get(ORIGIN) else {
        return true;
    };
    let Some(origin) = origin.to_str().ok().and_then(normalize) else {
        return false;
    };
    let net = &state.games.config().net;
    let named = net
        .public_url
        .as_deref()
        .and_then(|url| parse_origin(url).ok())
        .into_iter()
        .chain(net.allow_origins.iter().filter_map(|o| normalize(o)));
    for trusted in named {
        if trusted == origin {
            return true;
        }
    }
    // The server's own origin: the host the request was sent to, by either scheme.
    let Some(host) = headers.get(HOST).and_then(|h| h.to_str().ok()) else {
        return false;
    };
    let scheme = origin.split("://").next().unwrap_or_default();
    normalize(&format!("{scheme}://{host}")).as_deref() == Some(origin.as_str())
}

/// Whether a request relies on the browser's cookie (it has one and no bearer token).
fn by_cookie(headers: &HeaderMap) -> bool {
    bearer_token(headers).is_none() && cookie_token(headers).is_some()
}

fn refusal(why: &str) -> Response {
    let body = ApiError {
        code: NackCode::Forbidden,
        reason: why.to_owned(),
    };
    (StatusCode::FORBIDDEN, Json(body)).into_response()
}

/// The refusal (403) of a cookie-authenticated WebSocket upgrade from a page of another
/// origin; `None` when the upgrade may go on.
pub fn refuse_upgrade(state: &ServerState, headers: &HeaderMap) -> Option<Response> {
    (by_cookie(headers) && !allowed(state, headers)).then(|| {
        refusal(
            "a WebSocket with this server's cookie must be opened by its own pages \
             (or an origin named by --allow-origin)",
        )
    })
}

/// Middleware: refuses a state-changing request without a bearer token from a page of
/// another origin (403), and adds the security headers to every answer.
pub async fn guard(
    State(state): State<Arc<ServerState>>,
    request: Request,
    next: Next,
) -> Response {
    let changes = !matches!(
        *request.method(),
        Method::GET | Method::HEAD | Method::OPTIONS
    );
    let headers = request.headers();
    let mut response = if changes && bearer_token(headers).is_none() && !allowed(&state, headers) {
        refusal(
            "a request that changes something must come from this server's own pages \
             (or an origin named by --allow-origin), or carry a bearer token",
        )
    } else {
        next.run(request).await
    };
    let headers = response.headers_mut();
    headers.insert(CONTENT_SECURITY_POLICY, HeaderValue::from_static(CSP));
    headers.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    headers.insert(REFERRER_POLICY, HeaderValue::from_static("same-origin"));
    headers.insert(X_FRAME_OPTIONS, HeaderValue::from_static("DENY"));
    response
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn origins_are_compared_as_browsers_write_them() {
        assert_eq!(
            normalize("HTTP://Example.COM:80").as_deref(),
            Some("http://example.com")
        );
        assert_eq!(
            normalize("https://example.com:443/").as_deref(),
            Some("https://example.com")
        );
        assert_eq!(
            normalize("http://127.0.0.1:8080").as_deref(),
            Some("http://127.0.0.1:8080")
        );
        for bad in [
            "null",
            "",
            "file://x",
            "http://",
            "http://a b",
            "http://x/y?z",
        ] {
            assert_eq!(normalize(bad), None, "{bad}");
        }
    }

    #[test]
    fn an_allowed_origin_is_scheme_host_and_port_only() {
        assert_eq!(
            parse_origin("https://play.example/").as_deref(),
            Ok("https://play.example")
        );
        let err = parse_origin("https://play.example/lobby").unwrap_err();
        assert!(err.contains("`https://play.example/lobby`"), "{err}");
        assert!(parse_origin("play.example").is_err());
        assert!(parse_origin("ftp://play.example").is_err());
    }
}
