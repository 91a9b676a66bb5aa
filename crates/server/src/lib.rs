//! muster-server: the game server.
//!
//! The HTTP application and the WebSocket `/ws` over a [`Store`]: accounts, the lobby's
//! challenges, games played by one actor per game whose decisions are acknowledged only once
//! committed, clocks, AI seats, spectators, chat, ratings and records (docs/architecture.md §9,
//! docs/protocol.md); and the browser client built from `web/` ([`assets`]).
//!
//! [`app`] builds the router from a state, so tests run it in process on a real socket;
//! [`serve`] runs it on a bound listener until the shutdown future completes.

use std::future::Future;
use std::sync::Arc;

use axum::extract::{DefaultBodyLimit, State};
use axum::http::{StatusCode, Uri};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use muster_store::Store;
use muster_wire::http::{ApiError, CatalogResponse};
use muster_wire::NackCode;

pub mod accounts;
pub mod api;
pub mod assets;
pub mod clock;
mod convert;
pub mod games;
pub mod history;
pub mod inbox;
pub mod lobby;
pub mod net;
pub mod ratings;
pub mod records;
pub mod site;
mod test_hooks;
pub mod time;

pub use games::{GameConfig, Games};
pub use net::outbox::Outbox;
use net::{hub, lobby_feed, stream, ws};
use tokio::net::TcpListener;

/// What every request handler shares.
pub struct ServerState {
    /// The durable store.
    pub store: Arc<dyn Store>,
    /// The live games.
    pub games: Arc<Games>,
    /// The catalog, built once (it does not change while the server runs).
    catalog: CatalogResponse,
    /// The lobby's room and feed.
    pub hub: hub::Hub,
    /// The sign-ins that connections watch, so that ending one closes them.
    pub sign_ins: accounts::SignIns,
    /// Set when the server stops: connections close with a reason.
    shutdown: tokio::sync::watch::Sender<bool>,
    /// The WebSockets the test hook may cut (registered only with `test_hooks` on).
    drops: test_hooks::Drops,
}

impl ServerState {
    /// A state over `store` with the default game settings.
    pub fn new(store: Arc<dyn Store>) -> Arc<ServerState> {
        ServerState::with_config(store, GameConfig::default())
    }

    /// A state over `store` with these game settings.
    pub fn with_config(store: Arc<dyn Store>, config: GameConfig) -> Arc<ServerState> {
        ServerState::build(store, config, None)
    }

    /// A state over `store` with these game settings, as one node of the site `setup` joins
    /// (docs/server-design.md §2.10); `Err` names a bad node name.
    pub fn on_site(
        store: Arc<dyn Store>,
        config: GameConfig,
        setup: site::SiteSetup,
    ) -> Result<Arc<ServerState>, String> {
        let site = site::Site::new(Arc::clone(&store), setup)?;
        Ok(ServerState::build(store, config, Some(site)))
    }

    fn build(
        store: Arc<dyn Store>,
        config: GameConfig,
        site: Option<Arc<site::Site>>,
    ) -> Arc<ServerState> {
        let hub = hub::Hub::new();
        if let Some(site) = &site {
            hub.echo_to(site.notes());
        }
        Arc::new(ServerState {
            games: Games::new(Arc::clone(&store), config, site),
            store,
            catalog: CatalogResponse::new(),
            hub,
            sign_ins: accounts::SignIns::default(),
            shutdown: tokio::sync::watch::Sender::new(false),
            drops: test_hooks::Drops::default(),
        })
    }

    /// Ends the sign-in of `token_hash` on every node: its connections close with `reason`.
    /// Call it after the session is deleted from the store.
    pub fn end_sign_in(&self, token_hash: &muster_store::TokenHash, reason: &str) {
        self.sign_ins.end(token_hash, reason);
        if let Some(site) = self.games.site() {
            site.publish(site::notes::Note::SignedOut {
                token_hash: token_hash.as_str().to_owned(),
                reason: reason.to_owned(),
            });
        }
    }

    /// Closes every WebSocket with a reason and stops the searches (the store stays open).
    pub async fn stop(&self) {
        self.shutdown.send_replace(true);
        self.games.stop_all().await;
    }
}

/// The HTTP application.
///
/// - The browser client ([`assets`]): `GET /` and every client route (any `GET` that accepts
///   HTML outside `/api/`, `/ws` and `/assets/`) answer its `index.html` (`no-cache`), or a 503
///   page naming `scripts/web.sh` when the client was not built; `/assets/<file>` its hashed
///   files, cached for a year, gzipped when accepted.
/// - `GET /api/catalog` (games, presets, option domains, seat ranges, AI levels, clock kinds),
///   the account routes ([`accounts::routes`]), the lobby's ([`lobby::routes`]), the games'
///   ([`api::routes`]), the user's notification list under `/api/me/notifications`
///   ([`inbox::routes`]), the user's event stream `GET /api/stream` ([`stream`]) and the
///   WebSocket `GET /ws`, which also carries the user's events as `notify` frames.
/// - With [`GameConfig::test_hooks`] only: `POST /api/test/drop`, which cuts the caller's
///   WebSockets without a close frame and answers `{"dropped": N}`.
///
/// Any other `/api/…` path answers 404 with an [`ApiError`] body, anything else 404 in words.
/// Request bodies are read up to [`accounts::MAX_BODY`] bytes. Every answer carries the
/// security headers, and a request that changes something with the browser's cookie must come
/// from an allowed origin ([`net::origin`]).
pub fn app(state: Arc<ServerState>) -> Router {
    let mut router = Router::new()
        .route("/", get(assets::page))
        .route("/assets/{*file}", get(assets::asset))
        .route("/api/catalog", get(catalog))
        .route("/ws", get(ws::upgrade))
        .merge(accounts::routes(
            state.games.config().net.sessions_per_minute,
        ))
        .merge(lobby::routes().layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            lobby_feed::after_writes,
        )))
        .merge(api::routes())
        .merge(inbox::routes())
        .merge(stream::routes());
    if state.games.config().test_hooks {
        router = router.merge(test_hooks::routes());
    }
    router
        .fallback(assets::fallback)
        .layer(DefaultBodyLimit::max(accounts::MAX_BODY))
        .layer(axum::middleware::from_fn_with_state(
            Arc::clone(&state),
            net::origin::guard,
        ))
        .with_state(state)
}

/// Serves `app(state)` on `listener` until `shutdown` completes, with the bounds of
/// [`net::NetConfig`] (header and idle timeouts); requests under way are finished first. The
/// caller closes the store afterwards.
pub async fn serve(
    listener: TcpListener,
    state: Arc<ServerState>,
    shutdown: impl Future<Output = ()> + Send + 'static,
) -> std::io::Result<()> {
    // Running games come back: clocks credited for the downtime, AI seats thinking again.
    if let Err(e) = state.games.boot().await {
        eprintln!("muster serve: the running games could not be listed: {e}");
    }
    let sweeper = tokio::spawn(Arc::clone(&state.games).sweep_forever());
    let node = state
        .games
        .site()
        .map(|site| tokio::spawn(site::run(Arc::clone(&state), Arc::clone(site))));
    let stopping = Arc::clone(&state);
    let net = state.games.config().net.clone();
    let router = app(state);
    net::listen::serve(listener, router, &net, async move {
        shutdown.await;
        sweeper.abort();
        if let Some(node) = node {
            node.abort();
        }
        stopping.stop().await;
    })
    .await
}

/// Completes on SIGINT (Ctrl-C) or, on Unix, SIGTERM.
pub async fn shutdown_signal() {
    let interrupt = async {
        // If the handler cannot be installed, only SIGTERM stops the server.
        if tokio::signal::ctrl_c().await.is_err() {
            std::future::pending::<()>().await;
        }
    };
    #[cfg(unix)]
    let terminate = async {
        match tokio::signal::unix::signal(tokio::signal::unix::SignalKind::terminate()) {
            Ok(mut signal) => {
                signal.recv().await;
            }
            Err(_) => std::future::pending::<()>().await,
        }
    };
    #[cfg(not(unix))]
    let terminate = std::future::pending::<()>();
    tokio::select! {
        () = interrupt => {}
        () = terminate => {}
    }
}

async fn catalog(State(state): State<Arc<ServerState>>) -> Json<CatalogResponse> {
    Json(state.catalog.clone())
}

/// 404: a JSON [`ApiError`] under `/api/`, words elsewhere.
pub(crate) async fn not_found(uri: Uri) -> Response {
    let path = uri.path();
    if path.starts_with("/api/") || path == "/api" {
        let body = ApiError {
            code: NackCode::NotFound,
            reason: format!("no such API route: `{}`", muster_wire::quote(path)),
        };
        (StatusCode::NOT_FOUND, Json(body)).into_response()
    } else {
        (StatusCode::NOT_FOUND, format!("no such page: {path}\n")).into_response()
    }
}
