//! Session tokens: 32 random bytes from the operating system, handed to the client as 64
//! lower-case hex digits and stored only as their SHA-256 ([`TokenHash`]). The client sends the
//! token back in the cookie [`COOKIE`] or as `Authorization: Bearer <token>`.

use axum::http::header::{AUTHORIZATION, COOKIE as COOKIE_HEADER};
use axum::http::{HeaderMap, HeaderValue};
use muster_store::TokenHash;
use sha2::{Digest, Sha256};

/// The name of the session cookie.
pub const COOKIE: &str = "muster_session";

/// How long a session lasts since it was last used: 30 days, in milliseconds.
pub const SESSION_TTL_MS: i64 = 30 * 24 * 60 * 60 * 1000;

/// A session's expiry is moved at most this often (one minute), so that a busy client does not
/// write to the store on every request.
pub const TOUCH_EVERY_MS: i64 = 60 * 1000;

/// The expiry of a bot's API token: the last millisecond of the year 9999 (it does not expire).
pub const NEVER_MS: i64 = 253_402_300_799_999;

/// The length of a token in hex digits.
const TOKEN_HEX: usize = 64;

/// A fresh token (64 lower-case hex digits); fails only when the operating system has no
/// randomness to give.
pub fn new_token() -> Result<String, getrandom::Error> {
    let mut bytes = [0u8; TOKEN_HEX / 2];
    getrandom::fill(&mut bytes)?;
    Ok(hex(&bytes))
}

/// The hash the store keeps for `token`: SHA-256 in lower-case hex.
pub fn hash_token(token: &str) -> TokenHash {
    let digest = hex(&Sha256::digest(token.as_bytes()));
    // 64 lower-case hex digits always have the form of a token hash.
    TokenHash::from_hex(&digest).expect("a SHA-256 in hex is a token hash")
}

fn hex(bytes: &[u8]) -> String {
    const DIGITS: &[u8; 16] = b"0123456789abcdef";
    let mut text = String::with_capacity(bytes.len() * 2);
    for byte in bytes {
        text.push(char::from(DIGITS[usize::from(byte >> 4)]));
        text.push(char::from(DIGITS[usize::from(byte & 0x0f)]));
    }
    text
}

/// Whether `text` has the form of a token this server hands out.
fn is_token(text: &str) -> bool {
    text.len() == TOKEN_HEX
        && text
            .bytes()
            .all(|b| b.is_ascii_digit() || (b'a'..=b'f').contains(&b))
}

/// The token in `Authorization: Bearer …`, if that header is there and well formed.
pub fn bearer_token(headers: &HeaderMap) -> Option<&str> {
    let value = headers.get(AUTHORIZATION)?.to_str().ok()?;
    let (scheme, token) = value.trim().split_once(' ')?;
    let token = token.trim();
    (scheme.eq_ignore_ascii_case("bearer") && is_token(token)).then_some(token)
}

/// The token in the cookie [`COOKIE`], if one is sent and well formed.
pub fn cookie_token(headers: &HeaderMap) -> Option<&str> {
    headers
        .get_all(COOKIE_HEADER)
        .iter()
        .filter_map(|value| value.to_str().ok())
        .flat_map(|value| value.split(';'))
        .filter_map(|pair| pair.trim().split_once('='))
        .find(|(name, value)| *name == COOKIE && is_token(value))
        .map(|(_, value)| value)
}

/// The token a request presents: the bearer token if there is one, else the cookie's.
pub fn presented_token(headers: &HeaderMap) -> Option<&str> {
    bearer_token(headers).or_else(|| cookie_token(headers))
}

/// The `Set-Cookie` value that hands `token` to a browser for [`SESSION_TTL_MS`]: `HttpOnly`
/// (no script reads it), `SameSite=Lax` (not sent with another site's sub-requests or posts),
/// `Path=/`, and `Secure` (sent over HTTPS only) when `secure`, i.e. when the server's public
/// address is `https://` (`muster serve --public-url`).
pub fn session_cookie(token: &str, secure: bool) -> HeaderValue {
    let max_age = SESSION_TTL_MS / 1000;
    let text = format!(
        "{COOKIE}={token}; HttpOnly; SameSite=Lax; Path=/; Max-Age={max_age}{}",
        secure_flag(secure)
    );
    // The token is hex, so the value is plain ASCII.
    HeaderValue::from_str(&text).unwrap_or_else(|_| clear_cookie(secure))
}

/// The `Set-Cookie` value that makes a browser forget its session.
pub fn clear_cookie(secure: bool) -> HeaderValue {
    let text = format!(
        "{COOKIE}=; HttpOnly; SameSite=Lax; Path=/; Max-Age=0{}",
        secure_flag(secure)
    );
    HeaderValue::from_str(&text).unwrap_or_else(|_| HeaderValue::from_static(""))
}

fn secure_flag(secure: bool) -> &'static str {
    if secure {
        "; Secure"
    } else {
        ""
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn tokens_are_64_hex_digits_and_differ() {
        let a = new_token().unwrap();
        let b = new_token().unwrap();
        assert!(is_token(&a) && is_token(&b), "{a} {b}");
        assert_ne!(a, b);
    }

    #[test]
    fn the_hash_is_sha256_in_hex() {
        assert_eq!(
            hash_token("abc").as_str(),
            "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad"
        );
    }

    #[test]
    fn a_token_is_read_from_the_bearer_header_first_then_the_cookie() {
        let token = "0123456789abcdef".repeat(4);
        let other = "f".repeat(64);
        let mut headers = HeaderMap::new();
        headers.insert(
            COOKIE_HEADER,
            HeaderValue::from_str(&format!("theme=dark; muster_session={token}")).unwrap(),
        );
        assert_eq!(presented_token(&headers), Some(token.as_str()));
        headers.insert(
            AUTHORIZATION,
            HeaderValue::from_str(&format!("Bearer {other}")).unwrap(),
        );
        assert_eq!(presented_token(&headers), Some(other.as_str()));
        headers.insert(AUTHORIZATION, HeaderValue::from_static("Basic abc"));
        assert_eq!(presented_token(&headers), Some(token.as_str()));
    }

    #[test]
    fn a_malformed_token_counts_as_none() {
        let mut headers = HeaderMap::new();
        headers.insert(
            COOKIE_HEADER,
            HeaderValue::from_static("muster_session=XYZ"),
        );
        headers.insert(AUTHORIZATION, HeaderValue::from_static("Bearer short"));
        assert_eq!(presented_token(&headers), None);
    }
}
