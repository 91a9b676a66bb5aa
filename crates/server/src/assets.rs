//! The browser client: the bundle that Vite builds into `web/dist/` (`scripts/web.sh`, or the
//! server crate's build script), served by a small handler.
//!
//! Release builds embed the bundle in the binary; debug builds read it from `web/dist/` on disk
//! at each request (rust-embed's behaviour), so a rebuilt client shows without recompiling. A
//! build without the bundle still compiles: every page then answers [`MISSING`] (503).
//!
//! - `/assets/<file>`: a file of the bundle with its content type and
//!   [`IMMUTABLE`] caching (Vite names them by their content's hash); 404 when missing.
//! - `/` and every client route (any other `GET` that accepts `text/html` and is not under
//!   `/api/`, `/ws` or `/assets/`): `index.html`, `Cache-Control: no-cache`. The client routes
//!   itself (`/g/{id}`, `/replay/{id}`, `/u/{name}`, `/rules/{game}`, `/games`, `/play`, …).
//! - A file at the bundle's top level other than `index.html` (`/favicon.ico`, from
//!   `web/public/`) is served as itself, `Cache-Control: no-cache`.
//! - Text assets (`js`, `css`, `svg`, `json`) go out gzipped to a request that accepts gzip,
//!   compressed once per content and kept; every such answer says `Vary: Accept-Encoding`.

use std::collections::HashMap;
use std::io::Write;
use std::sync::{Arc, Mutex, OnceLock};

use axum::http::header::{
    ACCEPT, ACCEPT_ENCODING, CACHE_CONTROL, CONTENT_ENCODING, CONTENT_TYPE, ETAG, IF_NONE_MATCH,
    VARY, X_CONTENT_TYPE_OPTIONS,
};
use axum::http::{HeaderMap, HeaderValue, Method, StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use rust_embed::Embed;

/// The built client. The folder is relative to this crate's manifest; `allow_missing` lets the
/// crate compile before the client was ever built.
#[derive(Embed)]
#[folder = "../../web/dist/"]
#[allow_missing = true]
struct Bundle;

/// The caching of `/assets/…`: their names change with their content.
pub const IMMUTABLE: &str = "public, max-age=31536000, immutable";

/// The caching of `index.html` and the other unhashed files: revalidate every time.
pub const NO_CACHE: &str = "no-cache";

/// The page every client route answers when the bundle was not built (with status 503).
pub const MISSING: &str = "<!doctype html>
<html lang=\"en\"><head><meta charset=\"utf-8\"><title>muster: the browser client is not built</title>
<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\"></head>
<body style=\"font-family: sans-serif; max-width: 40em; margin: 3em auto; line-height: 1.5\">
<h1>muster</h1>
<p>This server plays Murus Gallicus, Mur, Mu and MuTou, but its <strong>browser client was not
built</strong>: <code>web/dist/</code> was missing when the server was compiled.</p>
<p>Build it with <code>scripts/web.sh</code> (it needs Node.js 20 or later and npm), then build
and start the server again: <code>cargo run --release -p muster-cli -- serve</code>. That command
also builds the client by itself when npm is installed.</p>
<p>Meanwhile the server answers its API, for example the games, their presets and options:
<a href=\"/api/catalog\">/api/catalog</a> (JSON).</p>
</body></html>
";

/// Whether the bundle is there (its `index.html`).
pub fn bundled() -> bool {
    Bundle::get("index.html").is_some()
}

/// The `Content-Type` of a bundle file, by its extension; `application/octet-stream` for an
/// extension not in the table.
pub fn content_type(path: &str) -> &'static str {
    let extension = path.rsplit_once('.').map_or("", |(_, e)| e);
    match extension.to_ascii_lowercase().as_str() {
        "js" | "mjs" => "text/javascript; charset=utf-8",
        "css" => "text/css; charset=utf-8",
        "html" => "text/html; charset=utf-8",
        "svg" => "image/svg+xml",
        "png" => "image/png",
        "ico" => "image/x-icon",
        "woff2" => "font/woff2",
        "json" | "map" => "application/json",
        "webmanifest" => "application/manifest+json",
        "txt" => "text/plain; charset=utf-8",
        _ => "application/octet-stream",
    }
}

/// Whether files with this name are worth compressing.
fn compressible(path: &str) -> bool {
    let extension = path.rsplit_once('.').map_or("", |(_, e)| e);
    matches!(
        extension.to_ascii_lowercase().as_str(),
        "js" | "mjs" | "css" | "svg" | "json" | "map"
    )
}

/// `GET /`: the client's page.
pub(crate) async fn page(headers: HeaderMap) -> Response {
    index(&headers)
}

/// `GET /assets/{*file}`: a hashed file of the bundle, cached for a year; 404 when missing.
pub(crate) async fn asset(uri: Uri, headers: HeaderMap) -> Response {
    // The raw path, not percent-decoded: the bundle's names are plain, and `%2e%2e` finds
    // nothing rather than a parent folder.
    let path = uri.path().trim_start_matches('/');
    match file(path, IMMUTABLE, &headers) {
        Some(response) => response,
        None => (
            StatusCode::NOT_FOUND,
            [(CACHE_CONTROL, HeaderValue::from_static(NO_CACHE))],
            format!("no such asset: {}\n", uri.path()),
        )
            .into_response(),
    }
}

/// Any other path: `/api/…` answers the JSON 404 of the API; a `GET` (or `HEAD`) for a file
/// at the bundle's top level gets the file; a `GET` that accepts HTML gets the client's page
/// (the client routes itself); anything else 404 in words.
pub(crate) async fn fallback(method: Method, uri: Uri, headers: HeaderMap) -> Response {
    let path = uri.path();
    let reserved = path == "/api"
        || path.starts_with("/api/")
        || path == "/ws"
        || path.starts_with("/assets/");
    if reserved || (method != Method::GET && method != Method::HEAD) {
        return crate::not_found(uri).await;
    }
    let name = path.trim_start_matches('/');
    if !name.is_empty() && !name.contains('/') && name != "index.html" {
        if let Some(response) = file(name, NO_CACHE, &headers) {
            return response;
        }
    }
    let html = headers
        .get(ACCEPT)
        .and_then(|v| v.to_str().ok())
        .is_none_or(|accept| accepts(accept, &["text/html", "text/*", "*/*"]));
    if html {
        index(&headers)
    } else {
        crate::not_found(uri).await
    }
}

/// `index.html` with no caching, or [`MISSING`] (503) without the bundle.
fn index(headers: &HeaderMap) -> Response {
    match file("index.html", NO_CACHE, headers) {
        Some(response) => response,
        None => (
            StatusCode::SERVICE_UNAVAILABLE,
            [
                (
                    CONTENT_TYPE,
                    HeaderValue::from_static(content_type("x.html")),
                ),
                (CACHE_CONTROL, HeaderValue::from_static(NO_CACHE)),
            ],
            MISSING,
        )
            .into_response(),
    }
}

/// The bundle's file at `path` (relative, `/`-separated) answered with `cache`, gzipped when
/// worth it and accepted, 304 when the request already holds it; `None` when there is no such
/// file or the path climbs out (`..`).
fn file(path: &str, cache: &'static str, headers: &HeaderMap) -> Option<Response> {
    if path
        .split(['/', '\\'])
        .any(|part| part.is_empty() || part == "." || part == "..")
    {
        return None;
    }
    let found = Bundle::get(path)?;
    let hash = found.metadata.sha256_hash();
    let zipped = if compressible(path) && accepts_gzip(headers) {
        gzipped(hash, &found.data)
    } else {
        None
    };
    let tag = etag(&hash, zipped.is_some());
    let mut response = if fresh(headers, &tag) {
        StatusCode::NOT_MODIFIED.into_response()
    } else {
        match &zipped {
            Some(bytes) => bytes.as_ref().clone().into_response(),
            None => found.data.into_response(),
        }
    };
    let out = response.headers_mut();
    out.insert(CONTENT_TYPE, HeaderValue::from_static(content_type(path)));
    out.insert(CACHE_CONTROL, HeaderValue::from_static(cache));
    out.insert(X_CONTENT_TYPE_OPTIONS, HeaderValue::from_static("nosniff"));
    if let Ok(value) = HeaderValue::from_str(&tag) {
        out.insert(ETAG, value);
    }
    if compressible(path) {
        out.insert(VARY, HeaderValue::from_static("accept-encoding"));
    }
    if zipped.is_some() {
        out.insert(CONTENT_ENCODING, HeaderValue::from_static("gzip"));
    }
    Some(response)
}

/// A strong entity tag from the content's hash (and its encoding).
fn etag(hash: &[u8; 32], gzip: bool) -> String {
    let hex: String = hash[..12].iter().map(|b| format!("{b:02x}")).collect();
    if gzip {
        format!("\"{hex}-gz\"")
    } else {
        format!("\"{hex}\"")
    }
}

/// Whether `If-None-Match` names `tag` (or `*`).
fn fresh(headers: &HeaderMap, tag: &str) -> bool {
    headers
        .get_all(IF_NONE_MATCH)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .flat_map(|v| v.split(','))
        .map(|t| t.trim().trim_start_matches("W/"))
        .any(|t| t == tag || t == "*")
}

fn accepts_gzip(headers: &HeaderMap) -> bool {
    headers
        .get_all(ACCEPT_ENCODING)
        .iter()
        .filter_map(|v| v.to_str().ok())
        .any(|list| accepts(list, &["gzip", "*"]))
}

/// Whether an `Accept`-style list (`a;q=0.5, b`) accepts one of `wanted`, the most specific
/// first: the first of `wanted` it names decides by its weight (`q=0` refuses); without any,
/// the request does not accept.
pub fn accepts(list: &str, wanted: &[&str]) -> bool {
    let entries: Vec<(&str, bool)> = list
        .split(',')
        .map(|entry| {
            let mut parts = entry.split(';');
            let name = parts.next().unwrap_or("").trim();
            let refused = parts.any(|p| {
                let p = p.trim();
                p.strip_prefix("q=")
                    .or_else(|| p.strip_prefix("Q="))
                    .and_then(|q| q.trim().parse::<f32>().ok())
                    .is_some_and(|q| q <= 0.0)
            });
            (name, !refused)
        })
        .collect();
    for want in wanted {
        if let Some((_, ok)) = entries
            .iter()
            .find(|(name, _)| name.eq_ignore_ascii_case(want))
        {
            return *ok;
        }
    }
    false
}

/// Gzipped bytes of a content, by its hash: computed once, `None` when gzip does not make it
/// smaller.
type GzipCache = Mutex<HashMap<[u8; 32], Option<Arc<axum::body::Bytes>>>>;

fn gzipped(hash: [u8; 32], data: &[u8]) -> Option<Arc<axum::body::Bytes>> {
    static CACHE: OnceLock<GzipCache> = OnceLock::new();
    let cache = CACHE.get_or_init(GzipCache::default);
    if let Some(known) = cache.lock().ok()?.get(&hash) {
        return known.clone();
    }
    // Compressed outside the lock; two first requests at once both compress, harmlessly.
    let mut encoder = flate2::write::GzEncoder::new(Vec::new(), flate2::Compression::best());
    let zipped = encoder
        .write_all(data)
        .and_then(|()| encoder.finish())
        .ok()
        .filter(|z| z.len() < data.len())
        .map(|z| Arc::new(axum::body::Bytes::from(z)));
    cache.lock().ok()?.insert(hash, zipped.clone());
    zipped
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn accept_lists_are_read_with_their_weights() {
        let html = ["text/html", "text/*", "*/*"];
        assert!(accepts("text/html,application/xhtml+xml;q=0.9", &html));
        assert!(accepts("*/*", &html));
        assert!(!accepts("application/json", &html));
        assert!(!accepts("text/html;q=0, */*", &html));
        assert!(accepts("gzip, deflate, br", &["gzip", "*"]));
        assert!(accepts("br;q=1.0, *;q=0.1", &["gzip", "*"]));
        assert!(!accepts("gzip;q=0", &["gzip", "*"]));
        assert!(!accepts("identity", &["gzip", "*"]));
    }

    #[test]
    fn content_types_come_from_the_table_and_default_to_bytes() {
        assert_eq!(
            content_type("assets/index-Ab1.js"),
            "text/javascript; charset=utf-8"
        );
        assert_eq!(content_type("assets/a.CSS"), "text/css; charset=utf-8");
        assert_eq!(content_type("assets/font.woff2"), "font/woff2");
        assert_eq!(content_type("favicon.ico"), "image/x-icon");
        assert_eq!(content_type("assets/blob.bin"), "application/octet-stream");
        assert_eq!(
            content_type("assets/noextension"),
            "application/octet-stream"
        );
    }

    #[test]
    fn a_path_that_climbs_out_of_the_bundle_finds_nothing() {
        let none = HeaderMap::new();
        for path in [
            "../Cargo.toml",
            "assets/../../Cargo.toml",
            "assets//x.js",
            "./index.html",
        ] {
            assert!(file(path, NO_CACHE, &none).is_none(), "{path}");
        }
    }

    #[test]
    fn gzip_is_kept_once_per_content_and_only_when_smaller() {
        let text = "const a = 1;\n".repeat(200);
        let hash = [7u8; 32];
        let first = gzipped(hash, text.as_bytes()).expect("repetitive text shrinks");
        let again = gzipped(hash, b"ignored: the hash is known").expect("cached");
        assert!(Arc::ptr_eq(&first, &again));
        assert!(first.len() < text.len());
        assert!(gzipped([8u8; 32], b"x").is_none());
    }
}
