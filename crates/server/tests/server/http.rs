//! The HTTP application in process, over a real socket on 127.0.0.1, on a real SQLite file,
//! with the default settings; each server is stopped by its shutdown future and must have
//! served without error.

use muster_server::GameConfig;

use crate::kit::{Harness, Reply};

#[tokio::test]
async fn the_catalog_lists_the_four_games_with_their_options_and_the_ai_levels() {
    let h = Harness::start(GameConfig::default()).await;
    let Reply { status, body, .. } = h.get("/api/catalog", None).await;
    assert_eq!(status, 200, "{body}");
    let catalog: serde_json::Value = serde_json::from_str(&body).expect("JSON");
    let games = catalog["games"]["games"].as_array().expect("games");
    let ids: Vec<&str> = games
        .iter()
        .filter_map(|g| g["info"]["id"].as_str())
        .collect();
    assert_eq!(ids, ["murus-gallicus", "mur", "mu", "mutou"]);
    assert_eq!(catalog["ai_min"], 1);
    assert_eq!(catalog["ai_max"], 8);
    let mu = &games[2]["info"];
    assert_eq!(
        (mu["min_seats"].as_u64(), mu["max_seats"].as_u64()),
        (Some(2), Some(8))
    );
    h.stop().await;
}

#[tokio::test]
async fn the_start_page_is_the_browser_client_and_unknown_api_routes_answer_404() {
    let h = Harness::start(GameConfig::default()).await;
    // The client's page, or the page saying how to build it (`assets.rs` has more).
    let Reply {
        status, body: page, ..
    } = h.get("/", None).await;
    assert!(status == 200 || status == 503, "{status}");
    assert!(page.contains("<html"), "{page}");
    let Reply { status, body, .. } = h.get("/api/no-such-route", None).await;
    assert_eq!(status, 404);
    let error: serde_json::Value = serde_json::from_str(&body).expect("a JSON error");
    assert_eq!(error["code"], "not-found");
    assert!(
        error["reason"]
            .as_str()
            .is_some_and(|r| r.contains("/api/no-such-route")),
        "{body}"
    );
    h.stop().await;
}
