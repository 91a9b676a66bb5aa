//! The live games: one actor task per loaded game (docs/server-design.md §2.2), found through
//! [`Games`].
//!
//! An actor owns the omniscient position, the folded log, the seats and the subscribers of its
//! game. Everything that changes a game goes through its actor's queue, so decisions are
//! ordered; a decision is acknowledged only after the store has committed it, and a failed
//! commit changes nothing. Each subscriber gets frames rendered for what its seat (or a
//! spectator) may see.

mod actor;
mod ai;
mod chance;
mod commit;
mod controls;
mod create;
mod extras;
mod legal;
mod load;
mod render;
mod turn_notice;

use std::collections::HashMap;
use std::future::Future;
use std::pin::Pin;
use std::sync::Arc;
use std::time::Duration;

use muster_store::{GameId, Store, UserId};
use muster_wire::{AckId, ClientMsg, NackCode, Ply, ViewHash};
use tokio::sync::{mpsc, Mutex};

pub use create::{new_game, NewGameSpec, SeatPlan};
pub(crate) use extras::{chat_history, post_chat};
pub use extras::{chat_text, CHAT_CHARS, CHAT_HISTORY};

use crate::Outbox;

/// Settings of the game actors.
#[derive(Clone, Debug)]
pub struct GameConfig {
    /// The least time an AI seat takes to answer, so its move can be seen.
    pub ai_min_delay: Duration,
    /// The longest an AI seat thinks in an untimed game.
    pub ai_cap: Duration,
    /// Searches that may run at once.
    pub ai_permits: usize,
    /// How long an actor with no subscribers and nothing to do stays loaded.
    pub idle_unload: Duration,
    /// How many recent entries an actor keeps to answer `sub{v}` without a `full`.
    pub ring: usize,
    /// How often the sweeper looks for correspondence games past their deadline.
    pub sweep_every: Duration,
    /// How long a seat of a live or untimed game must have been gone before the others may
    /// claim (docs/server-design.md §2.5: 30 s, or a tenth of the base time when that is longer).
    pub claim_after: Duration,
    /// Frames a connection may send per second on average; a faster sender is slowed down
    /// (its frames are read later), never dropped.
    pub frames_per_second: f64,
    /// Frames a connection may send at once before it is slowed down.
    pub frame_burst: f64,
    /// Whether the routes for browser tests exist (`POST /api/test/drop`); off by default,
    /// never on in production (`muster serve --test-hooks`).
    pub test_hooks: bool,
    /// How often `GET /api/stream` sends an empty line when it has nothing to say (15 s).
    pub stream_keepalive: Duration,
    /// How the server meets the network: allowed origins, timeouts, per-connection bounds.
    pub net: crate::net::NetConfig,
}

impl Default for GameConfig {
    fn default() -> Self {
        let cores = std::thread::available_parallelism().map_or(2, |n| n.get());
        GameConfig {
            ai_min_delay: Duration::from_millis(400),
            ai_cap: Duration::from_secs(10),
            ai_permits: cores.saturating_sub(1).max(1),
            idle_unload: Duration::from_secs(600),
            ring: 64,
            claim_after: Duration::from_secs(30),
            sweep_every: Duration::from_secs(30),
            frames_per_second: 50.0,
            frame_burst: 100.0,
            test_hooks: false,
            stream_keepalive: Duration::from_secs(15),
            net: crate::net::NetConfig::default(),
        }
    }
}

/// A client connection as the actors know it: where its frames go and who it is.
#[derive(Clone, Debug)]
pub struct Conn {
    /// A number unique among the server's connections.
    pub id: u64,
    /// The signed-in user, if any.
    pub user: Option<UserId>,
    /// Where frames for it go.
    pub out: Outbox,
}

/// What a connection asks of a game's actor.
#[derive(Debug)]
pub(crate) enum Command {
    /// Follow the game: answer a `full`, or the entries after `since`.
    Subscribe { conn: Conn, since: Option<i64> },
    /// Stop following the game.
    Unsubscribe { conn: u64 },
    /// Make a decision for the seat the connection's user holds.
    Act {
        conn: Conn,
        ply: Ply,
        action: String,
        ack: AckId,
        hash: ViewHash,
    },
    /// A control outside the rules.
    Control { conn: Conn, msg: muster_wire::Ctl },
    /// The legal moves under a click prefix.
    Legal {
        conn: Conn,
        msg: muster_wire::LegalAsk,
    },
    /// Try actions on the caller's view.
    Preview {
        conn: Conn,
        msg: muster_wire::PreviewAsk,
    },
    /// Say something in the game's players' or watchers' room.
    Say { conn: Conn, msg: muster_wire::Say },
    /// A search finished.
    AiDone(Box<ai::AiDone>),
    /// The server started again: clocks stopped by a restart run on, the downtime credited.
    Boot,
    /// The server is stopping: pause the clocks, then answer.
    Pause(tokio::sync::oneshot::Sender<()>),
    /// Another node runs the game now (this node lost its lease): stop at once, and pass what
    /// is queued on to the new owner.
    Leave,
}

/// Where a game's commands go.
enum Route {
    /// To its actor on this node.
    Here(mpsc::Sender<Command>),
    /// To the node that runs it.
    There(String),
}

/// The registry of loaded games: it loads a game's actor on first use and reloads it when it
/// has unloaded itself.
pub struct Games {
    store: Arc<dyn Store>,
    config: GameConfig,
    ai: ai::AiPool,
    actors: Mutex<HashMap<GameId, mpsc::Sender<Command>>>,
    notices: Arc<crate::net::notices::Notices>,
    /// The site this node belongs to, when it is one of several (docs/server-design.md §2.10).
    site: Option<Arc<crate::site::Site>>,
}

/// Why a command could not reach a game.
#[derive(Debug, thiserror::Error)]
pub enum GameError {
    /// No such game.
    #[error("no game `{0}`")]
    NotFound(String),
    /// The store failed.
    #[error("the store failed: {0}")]
    Store(#[from] muster_store::Error),
    /// The frame is not about a game (the connection answers those itself).
    #[error("this frame is not about a game")]
    NotAGameFrame,
    /// The stored game cannot be loaded.
    #[error("game `{id}` cannot be loaded: {why}")]
    Damaged {
        /// The game.
        id: String,
        /// What is wrong.
        why: String,
    },
}

impl GameError {
    /// The refusal code a client is told.
    pub fn code(&self) -> NackCode {
        match self {
            GameError::NotFound(_) => NackCode::NotFound,
            GameError::Store(_) | GameError::Damaged { .. } => NackCode::Storage,
            GameError::NotAGameFrame => NackCode::Unknown,
        }
    }
}

impl Games {
    /// The registry over `store`; with `site`, one node of several on one database.
    pub fn new(
        store: Arc<dyn Store>,
        config: GameConfig,
        site: Option<Arc<crate::site::Site>>,
    ) -> Arc<Games> {
        let ai = ai::AiPool::new(config.ai_permits);
        let inbox = crate::inbox::Inbox::new(Arc::clone(&store));
        let notices = crate::net::notices::Notices::with_inbox(inbox);
        if let Some(site) = &site {
            notices.echo_to(site.notes());
        }
        Arc::new(Games {
            store,
            config,
            ai,
            actors: Mutex::new(HashMap::new()),
            notices,
            site,
        })
    }

    /// The site this node belongs to, if it is one of several.
    pub fn site(&self) -> Option<&Arc<crate::site::Site>> {
        self.site.as_ref()
    }

    /// Who listens for which user's events (games started and ended, and turns, are told here),
    /// and where the notifications are stored.
    pub fn notices(&self) -> &Arc<crate::net::notices::Notices> {
        &self.notices
    }

    /// The settings.
    pub fn config(&self) -> &GameConfig {
        &self.config
    }

    /// Hands a frame of a connection to the actor of its game, loading it when needed (on a
    /// site of several nodes: to the node that runs the game).
    pub async fn dispatch(self: &Arc<Self>, conn: &Conn, msg: ClientMsg) -> Result<(), GameError> {
        self.dispatch_hop(conn, msg, 0).await
    }

    /// [`Games::dispatch`] of a frame forwarded `hops` times already.
    pub(crate) async fn dispatch_hop(
        self: &Arc<Self>,
        conn: &Conn,
        msg: ClientMsg,
        hops: u8,
    ) -> Result<(), GameError> {
        let (g, command) = match msg {
            ClientMsg::Sub(m) => (
                m.g,
                Command::Subscribe {
                    conn: conn.clone(),
                    since: m.v.map(|v| v.0 as i64),
                },
            ),
            ClientMsg::Unsub(m) => (m.g, Command::Unsubscribe { conn: conn.id }),
            ClientMsg::Act(m) => (
                m.g,
                Command::Act {
                    conn: conn.clone(),
                    ply: m.ply,
                    action: m.a,
                    ack: m.id,
                    hash: m.h,
                },
            ),
            ClientMsg::Ctl(m) => (
                m.g.clone(),
                Command::Control {
                    conn: conn.clone(),
                    msg: m,
                },
            ),
            ClientMsg::Legal(m) => (
                m.g.clone(),
                Command::Legal {
                    conn: conn.clone(),
                    msg: m,
                },
            ),
            ClientMsg::Preview(m) => (
                m.g.clone(),
                Command::Preview {
                    conn: conn.clone(),
                    msg: m,
                },
            ),
            ClientMsg::Say(m) => match &m.room {
                muster_wire::Room::Players(g) | muster_wire::Room::Watchers(g) => (
                    g.clone(),
                    Command::Say {
                        conn: conn.clone(),
                        msg: m,
                    },
                ),
                muster_wire::Room::Lobby => return Err(GameError::NotAGameFrame),
            },
            _ => return Err(GameError::NotAGameFrame),
        };
        let id = GameId::parse(&g.0).ok_or_else(|| GameError::NotFound(g.0.clone()))?;
        self.send_hop(&id, command, hops).await
    }

    /// Makes sure a game's actor runs (after creating a game, or at start for running games).
    pub fn wake<'a>(
        self: &'a Arc<Self>,
        id: &'a GameId,
    ) -> Pin<Box<dyn Future<Output = Result<(), GameError>> + Send + 'a>> {
        Box::pin(async move { self.route(id).await.map(drop) })
    }

    /// Tells every actor that a connection is gone.
    pub async fn disconnect(&self, conn: u64, games: &[GameId]) {
        // The registry's lock is not held while a busy actor's queue makes the send wait.
        let senders: Vec<mpsc::Sender<Command>> = {
            let actors = self.actors.lock().await;
            games
                .iter()
                .filter_map(|id| actors.get(id).cloned())
                .collect()
        };
        for tx in senders {
            let _ = tx.send(Command::Unsubscribe { conn }).await;
        }
        if let Some(site) = &self.site {
            let me = site.node().to_owned();
            for node in site.conns.local_gone(conn) {
                site.relay.send(
                    &node,
                    crate::site::relay::Relay::Gone {
                        from: me.clone(),
                        conn,
                    },
                );
            }
        }
    }

    /// The games whose actor runs on this node.
    pub(crate) async fn loaded(&self) -> Vec<GameId> {
        self.actors.lock().await.keys().cloned().collect()
    }

    /// Another node runs game `id` now: its actor here stops at once.
    pub(crate) async fn leave(&self, id: &GameId) {
        let tx = self.actors.lock().await.remove(id);
        if let Some(tx) = tx {
            // A full queue is waited on: the actor takes `Leave` after what is queued before it.
            let _ = tx.send(Command::Leave).await;
        }
    }

    /// Sends a command to a game's actor. (Boxed: an actor passes on what is queued when it
    /// unloads, and an unboxed future would contain itself.)
    fn send<'a>(
        self: &'a Arc<Self>,
        id: &'a GameId,
        command: Command,
    ) -> Pin<Box<dyn Future<Output = Result<(), GameError>> + Send + 'a>> {
        Box::pin(self.send_hop(id, command, 0))
    }

    async fn send_hop(
        self: &Arc<Self>,
        id: &GameId,
        command: Command,
        hops: u8,
    ) -> Result<(), GameError> {
        let mut command = command;
        for _ in 0..2 {
            let tx = match self.route(id).await? {
                Route::Here(tx) => tx,
                Route::There(node) => {
                    self.forward(&node, id, command, hops);
                    return Ok(());
                }
            };
            match tx.send(command).await {
                Ok(()) => return Ok(()),
                Err(mpsc::error::SendError(back)) => {
                    // The actor unloaded itself between the lookup and the send: load it again.
                    command = back;
                    let mut actors = self.actors.lock().await;
                    if actors.get(id).is_some_and(|t| t.same_channel(&tx)) {
                        actors.remove(id);
                    }
                }
            }
        }
        Err(GameError::Damaged {
            id: id.as_str().to_owned(),
            why: "its actor stopped twice while loading".to_owned(),
        })
    }

    /// Where game `id`'s commands go: its actor here, loaded when needed (on a site of several
    /// nodes, only while this node holds its lease), or the node that runs it.
    async fn route(self: &Arc<Self>, id: &GameId) -> Result<Route, GameError> {
        if let Some(tx) = self.registered(id).await {
            return Ok(Route::Here(tx));
        }
        let taken_over = match &self.site {
            None => false,
            Some(site) => match site.owner(id).await.map_err(|e| match e {
                muster_store::Error::NoGame(_) => GameError::NotFound(id.as_str().to_owned()),
                e => GameError::Store(e),
            })? {
                crate::site::Owner::Here { taken_over } => taken_over,
                crate::site::Owner::There(node) => return Ok(Route::There(node)),
            },
        };
        // Loading (a replay of the whole log) happens outside the registry's lock, so other
        // games' frames are not held up; two loads of one game may race, and the first to
        // register wins (the other's state is dropped unused).
        let live = load::load(self.store.as_ref(), id, &self.config).await?;
        // On a site, a game taken over from a node that stopped, or whose clocks a clean stop
        // paused, is booted as after a restart: its clocks run again, the downtime credited.
        let boot = self.site.is_some() && (taken_over || live.clocks.paused());
        let mut actors = self.actors.lock().await;
        if let Some(tx) = actors.get(id).filter(|tx| !tx.is_closed()) {
            return Ok(Route::Here(tx.clone()));
        }
        let (tx, rx) = mpsc::channel(1024);
        if boot {
            // First in the fresh queue.
            let _ = tx.try_send(Command::Boot);
        }
        actors.insert(id.clone(), tx.clone());
        if let Some(site) = &self.site {
            // This node's connections that followed the game on another node follow it here.
            let again = site.conns.came_home(id);
            if !again.is_empty() {
                let tx = tx.clone();
                tokio::spawn(async move {
                    for conn in again {
                        let _ = tx.send(Command::Subscribe { conn, since: None }).await;
                    }
                });
            }
        }
        let games = Arc::clone(self);
        tokio::spawn(actor::run(games, live, rx, tx.downgrade()));
        Ok(Route::Here(tx))
    }

    /// Forwards a command for game `id` to node `node`, as the frame it came from.
    fn forward(&self, node: &str, id: &GameId, command: Command, hops: u8) {
        let Some(site) = &self.site else {
            return;
        };
        let Some((conn, msg)) = frame_of(site, id, command) else {
            // Commands of the node itself (a boot, a finished search, a pause) are the
            // owner's own business.
            return;
        };
        site.conns
            .forwarded(&conn, id, node, crate::site::following(&msg));
        site.relay.send(
            node,
            crate::site::relay::Relay::Frame {
                from: site.node().to_owned(),
                conn: conn.id,
                user: conn.user.as_ref().map(|u| u.as_str().to_owned()),
                frame: msg.to_json(),
                hops: hops.saturating_add(1),
            },
        );
    }

    /// The running actor of a game, if one is registered.
    async fn registered(&self, id: &GameId) -> Option<mpsc::Sender<Command>> {
        let actors = self.actors.lock().await;
        actors.get(id).filter(|tx| !tx.is_closed()).cloned()
    }

    /// Forgets an actor that stopped (only if the registered one is that actor).
    async fn unloaded(&self, id: &GameId, tx: &mpsc::WeakSender<Command>) {
        let mut actors = self.actors.lock().await;
        if let (Some(current), Some(mine)) = (actors.get(id), tx.upgrade()) {
            if current.same_channel(&mine) {
                actors.remove(id);
            }
        }
    }

    /// At start: loads every running game, so its clocks are credited the downtime, its AI
    /// seats think and its flags are armed again (everything is rebuilt from the store).
    pub async fn boot(self: &Arc<Self>) -> Result<usize, GameError> {
        let running = self.store.running_games().await?;
        for id in &running {
            // A game that cannot be loaded must not stop the others from starting.
            if self.site.is_some() {
                // On a site, a game another node runs stays there, and loading one here
                // boots it when it needs it (`route`).
                let _ = self.wake(id).await;
            } else {
                let _ = self.send(id, Command::Boot).await;
            }
        }
        Ok(running.len())
    }

    /// Every `sweep_every` (30 s), wakes the games whose deadline has passed (correspondence
    /// games are not kept loaded; their actor flags the late seat as it loads). Runs until the
    /// task is aborted.
    pub async fn sweep_forever(self: Arc<Self>) {
        let mut tick =
            tokio::time::interval(self.config.sweep_every.max(Duration::from_millis(10)));
        loop {
            tick.tick().await;
            let now = crate::time::now_ms();
            if let Ok(due) = self.store.games_due(now, 500).await {
                for game in due {
                    let _ = self.wake(&game.id).await;
                }
            }
        }
    }

    /// At shutdown: stops every search, and has every loaded game pause its clocks (so the
    /// downtime is never charged), waiting at most a few seconds for them.
    pub async fn stop_all(&self) {
        self.ai.stop_all();
        let actors: Vec<mpsc::Sender<Command>> =
            self.actors.lock().await.values().cloned().collect();
        let mut waits = Vec::new();
        for tx in actors {
            let (done, wait) = tokio::sync::oneshot::channel();
            if tx.send(Command::Pause(done)).await.is_ok() {
                waits.push(wait);
            }
        }
        let all = futures_util::future::join_all(waits);
        let _ = tokio::time::timeout(Duration::from_secs(5), all).await;
        let ids: Vec<GameId> = self.actors.lock().await.drain().map(|(id, _)| id).collect();
        if let Some(site) = &self.site {
            // Paused, and let go: another node adopts them at its next renewal.
            site.lapse(&ids).await;
        }
    }
}

/// The frame a command of connection came from, to forward it to another node; `None` for the
/// node's own commands.
fn frame_of(site: &crate::site::Site, id: &GameId, command: Command) -> Option<(Conn, ClientMsg)> {
    let g = muster_wire::MatchId(id.as_str().to_owned());
    Some(match command {
        Command::Subscribe { conn, since } => (
            conn,
            ClientMsg::Sub(muster_wire::Sub {
                g,
                v: since
                    .and_then(|v| u32::try_from(v).ok())
                    .map(muster_wire::Version),
            }),
        ),
        Command::Unsubscribe { conn } => (
            site.conns.away_conn(conn)?,
            ClientMsg::Unsub(muster_wire::Unsub { g }),
        ),
        Command::Act {
            conn,
            ply,
            action,
            ack,
            hash,
        } => (
            conn,
            ClientMsg::Act(muster_wire::Act {
                g,
                ply,
                a: action,
                id: ack,
                h: hash,
            }),
        ),
        Command::Control { conn, msg } => (conn, ClientMsg::Ctl(msg)),
        Command::Legal { conn, msg } => (conn, ClientMsg::Legal(msg)),
        Command::Preview { conn, msg } => (conn, ClientMsg::Preview(msg)),
        Command::Say { conn, msg } => (conn, ClientMsg::Say(msg)),
        Command::AiDone(_) | Command::Boot | Command::Pause(_) | Command::Leave => return None,
    })
}
