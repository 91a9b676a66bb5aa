//! The browser client's routes: the page for every client route, the hashed assets, and the
//! API's JSON 404 kept apart. The bundle is whatever `web/dist/` holds when the tests run (a
//! debug build reads it from disk): with it the page is its `index.html`, without it the 503
//! page naming `scripts/web.sh`.

use std::io::Read;
use std::path::PathBuf;

use hyper::Method;

use crate::kit::{quick, Harness, Reply};

const HTML: (&str, &str) = ("accept", "text/html,application/xhtml+xml;q=0.9,*/*;q=0.8");

fn dist() -> PathBuf {
    PathBuf::from(env!("CARGO_MANIFEST_DIR")).join("../../web/dist")
}

/// `web/dist/index.html` if the client is built.
fn built_index() -> Option<String> {
    std::fs::read_to_string(dist().join("index.html")).ok()
}

/// Checks that `answer` is the client's page (or, without a bundle, the page saying so).
fn assert_client_page(answer: &Reply, path: &str) {
    assert_eq!(answer.header("cache-control"), "no-cache", "{path}");
    assert!(
        answer.header("content-type").starts_with("text/html"),
        "{path}: {}",
        answer.header("content-type")
    );
    match built_index() {
        Some(index) => {
            assert_eq!(answer.status, 200, "{path}");
            assert_eq!(answer.body, index, "{path}");
        }
        None => {
            assert_eq!(answer.status, 503, "{path}");
            assert!(answer.body.contains("scripts/web.sh"), "{path}");
        }
    }
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_start_page_and_every_client_route_answer_the_client_page() {
    let h = Harness::start(quick()).await;
    for path in [
        "/",
        "/g/abc",
        "/replay/abc",
        "/u/ann",
        "/rules/mu",
        "/games",
        "/play",
        "/somewhere/deep/inside?tab=2",
    ] {
        assert_client_page(&h.request(Method::GET, path, &[HTML]).await, path);
    }
    // No Accept header accepts anything; curl's `*/*` too.
    assert_client_page(&h.request(Method::GET, "/g/abc", &[]).await, "/g/abc");
    assert_client_page(
        &h.request(Method::GET, "/g/abc", &[("accept", "*/*")]).await,
        "/g/abc",
    );
    // HEAD has the page's headers and no body.
    let head = h.request(Method::HEAD, "/g/abc", &[HTML]).await;
    assert!(head.bytes.is_empty());
    assert_eq!(head.header("cache-control"), "no-cache");
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_api_keeps_its_json_404_and_other_requests_are_not_given_the_page() {
    let h = Harness::start(quick()).await;
    for (method, path) in [
        (Method::GET, "/api/nope"),
        (Method::GET, "/api"),
        (Method::POST, "/api/nope"),
        (Method::GET, "/api/games/x/y/z"),
    ] {
        let answer = h.request(method.clone(), path, &[HTML]).await;
        assert_eq!(answer.status, 404, "{method} {path}");
        let error = answer.json();
        assert_eq!(error["code"], "not-found", "{method} {path}");
        assert!(
            error["reason"].as_str().is_some_and(|r| r.contains(path)),
            "{}",
            answer.body
        );
    }
    // Not a page: a request that does not take HTML, or that is not a GET.
    let image = h
        .request(Method::GET, "/favicon-nope.ico", &[("accept", "image/*")])
        .await;
    assert_eq!(image.status, 404);
    assert!(image.body.contains("/favicon-nope.ico"));
    let post = h.request(Method::POST, "/g/abc", &[HTML]).await;
    assert_eq!(post.status, 404);
    // `/ws` without an upgrade is not the page.
    let ws = h.request(Method::GET, "/ws", &[HTML]).await;
    assert_ne!(ws.status, 200);
    assert!(!ws.header("content-type").starts_with("text/html"));
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_missing_asset_is_404_and_paths_cannot_climb_out_of_the_bundle() {
    let h = Harness::start(quick()).await;
    for path in [
        "/assets/nope.js",
        "/assets/",
        "/assets/..%2f..%2fCargo.toml",
        "/assets/%2e%2e/index.html",
        "/assets/../index.html",
        "/assets/nope.js?v=1",
    ] {
        let answer = h.request(Method::GET, path, &[HTML]).await;
        assert_eq!(answer.status, 404, "{path}: {}", answer.body);
        assert_ne!(Some(answer.body.clone()), built_index(), "{path}");
    }
    h.stop().await;
}

/// The files under `web/dist/assets/` with an extension of `ext`.
fn built_assets(ext: &str) -> Vec<String> {
    let Ok(entries) = std::fs::read_dir(dist().join("assets")) else {
        return Vec::new();
    };
    let mut names: Vec<String> = entries
        .flatten()
        .filter_map(|e| e.file_name().into_string().ok())
        .filter(|n| n.ends_with(ext))
        .collect();
    names.sort();
    names
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_built_script_is_served_typed_cached_for_a_year_and_gzipped_on_request() {
    let Some(name) = built_assets(".js").into_iter().next() else {
        eprintln!("web/dist has no script: run scripts/web.sh to test the assets themselves");
        return;
    };
    let on_disk = std::fs::read(dist().join("assets").join(&name)).expect("the script");
    let path = format!("/assets/{name}");
    let h = Harness::start(quick()).await;

    let plain = h.request(Method::GET, &path, &[]).await;
    assert_eq!(plain.status, 200);
    assert_eq!(plain.bytes, on_disk);
    assert_eq!(
        plain.header("content-type"),
        "text/javascript; charset=utf-8"
    );
    assert_eq!(
        plain.header("cache-control"),
        "public, max-age=31536000, immutable"
    );
    assert_eq!(plain.header("content-encoding"), "");
    assert_eq!(plain.header("vary"), "accept-encoding");

    let zipped = h
        .request(Method::GET, &path, &[("accept-encoding", "gzip, br")])
        .await;
    assert_eq!(zipped.status, 200);
    assert_eq!(zipped.header("content-encoding"), "gzip");
    assert_eq!(zipped.header("vary"), "accept-encoding");
    assert!(zipped.bytes.len() < on_disk.len());
    let mut unzipped = Vec::new();
    flate2::read::GzDecoder::new(zipped.bytes.as_slice())
        .read_to_end(&mut unzipped)
        .expect("gzip");
    assert_eq!(unzipped, on_disk);
    assert_ne!(plain.header("etag"), zipped.header("etag"));

    // Refused gzip is not sent gzipped.
    let refused = h
        .request(Method::GET, &path, &[("accept-encoding", "gzip;q=0")])
        .await;
    assert_eq!(refused.header("content-encoding"), "");
    assert_eq!(refused.bytes, on_disk);

    // A browser that holds it is told so.
    let tag = plain.header("etag").to_owned();
    assert!(tag.starts_with('"'), "{tag}");
    let again = h
        .request(Method::GET, &path, &[("if-none-match", &tag)])
        .await;
    assert_eq!(again.status, 304);
    assert!(again.bytes.is_empty());
    h.stop().await;
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_page_names_scripts_that_the_server_serves() {
    let Some(index) = built_index() else {
        eprintln!("web/dist is not built: run scripts/web.sh to test the page's scripts");
        return;
    };
    let h = Harness::start(quick()).await;
    let referenced: Vec<&str> = index
        .split("\"/assets/")
        .skip(1)
        .filter_map(|rest| rest.split('"').next())
        .collect();
    assert!(!referenced.is_empty(), "{index}");
    for file in referenced {
        let answer = h
            .request(Method::GET, &format!("/assets/{file}"), &[])
            .await;
        assert_eq!(answer.status, 200, "{file}");
    }
    h.stop().await;
}
