//! Many nodes, one site (docs/server-design.md §2.10): every `muster serve` on one PostgreSQL
//! database is a node of one site.
//!
//! - **Who runs a game.** A node runs a game's actor only while it holds the game's lease in
//!   the database ([`Site::owner`]); it renews its leases every [`SiteSetup::renew`] and stops
//!   at once the actors whose lease it could not renew. A lease left to lapse (its node was
//!   killed, or stopped cleanly and let it go) is adopted by the first node to notice, which
//!   loads the game from the store as after a restart. The version guard of every commit
//!   fences the writes of a node that has not yet noticed it lost a lease.
//! - **Frames reach the owner.** A connection's frame about a game another node runs is
//!   forwarded to that node ([`relay`]); there the frame is handled for a stand-in connection
//!   of the same user, whose outgoing frames come back the same way. A connection follows its
//!   game through every change of owner: its node checks the owners of the games it follows
//!   elsewhere at each renewal and subscribes it again where the game went ([`conns`]).
//! - **What every node hears** — the lobby's changes, its chat, the users' notices and the
//!   sign-ins that end — goes out as a note on the site's channel ([`notes`]).
//!
//! The bus is PostgreSQL's own `LISTEN`/`NOTIFY` with a table for bodies (`muster_store::Bus`).

pub(crate) mod conns;
pub(crate) mod notes;
pub(crate) mod relay;
mod run;

use std::collections::HashMap;
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use muster_store::{Bus, GameId, Lease, LeaseTaken, Store};

pub(crate) use run::{following, run};

/// The channel every node listens on for the site's notes.
pub const SITE_CHANNEL: &str = "muster_site";

/// How a node joins a site.
#[derive(Clone, Debug)]
pub struct SiteSetup {
    /// The site's bus (the database's).
    pub bus: Arc<dyn Bus>,
    /// The node's name: 1 to 40 ASCII letters, digits and `_`; a random `n<hex>` without one.
    pub node: Option<String>,
    /// How long a lease lasts unless renewed (10 s).
    pub lease: Duration,
    /// How often the node renews its leases, adopts lapsed ones and checks the owners of the
    /// games its connections follow elsewhere (3 s).
    pub renew: Duration,
}

impl SiteSetup {
    /// The setup with the default timings over `bus`.
    pub fn new(bus: Arc<dyn Bus>, node: Option<String>) -> SiteSetup {
        SiteSetup {
            bus,
            node,
            lease: Duration::from_secs(10),
            renew: Duration::from_secs(3),
        }
    }
}

/// Whether `name` may name a node: 1 to 40 ASCII letters, digits and underscores.
pub fn good_node_name(name: &str) -> bool {
    (1..=40).contains(&name.len()) && name.bytes().all(|b| b.is_ascii_alphanumeric() || b == b'_')
}

/// Who runs a game, as far as this node can tell.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum Owner {
    /// This node holds the lease; `taken_over` when it was just taken from a node whose lease
    /// had lapsed (the game must be booted as after a crash).
    Here { taken_over: bool },
    /// Another node holds it.
    There(String),
}

/// This node of the site.
pub struct Site {
    node: String,
    channel: String,
    bus: Arc<dyn Bus>,
    store: Arc<dyn Store>,
    lease_ms: i64,
    renew: Duration,
    /// The leases of other nodes seen lately: frames go there without asking the database
    /// again until the lease's end.
    elsewhere: Mutex<HashMap<GameId, Lease>>,
    /// Until when every lease this node holds is known to be its own (the last renewal that
    /// answered, plus the lease's length).
    held_until: AtomicI64,
    pub(crate) relay: relay::Relays,
    pub(crate) conns: conns::Conns,
    /// The site's notes to publish, in order, and their publisher's end until it starts.
    notes: tokio::sync::mpsc::UnboundedSender<notes::Note>,
    notes_rx: Mutex<Option<tokio::sync::mpsc::UnboundedReceiver<notes::Note>>>,
}

impl std::fmt::Debug for Site {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.debug_struct("Site").field("node", &self.node).finish()
    }
}

impl Site {
    /// This node over `store`, joining the site by `setup`.
    pub fn new(store: Arc<dyn Store>, setup: SiteSetup) -> Result<Arc<Site>, String> {
        let name = match setup.node {
            Some(name) if good_node_name(&name) => name,
            Some(name) => {
                return Err(format!(
                    "bad node name {name:?}: expected 1 to 40 ASCII letters, digits and underscores"
                ))
            }
            None => "n".to_owned(),
        };
        // Each start of a node is a new incarnation: a node started again under its name
        // must not take for its own the leases, the posts or the connections of its former
        // life (its connections' numbers start again from 1).
        let life = muster_store::random_id()[..10].to_ascii_lowercase();
        let node = format!("{name}_{life}");
        let channel = channel_of(&node);
        let bus = setup.bus;
        let (notes, notes_rx) = tokio::sync::mpsc::unbounded_channel();
        Ok(Arc::new(Site {
            relay: relay::Relays::new(Arc::clone(&bus), node.clone()),
            conns: conns::Conns::default(),
            node,
            channel,
            bus,
            store,
            lease_ms: i64::try_from(setup.lease.as_millis()).unwrap_or(i64::MAX),
            renew: setup.renew,
            elsewhere: Mutex::new(HashMap::new()),
            held_until: AtomicI64::new(i64::MAX),
            notes,
            notes_rx: Mutex::new(Some(notes_rx)),
        }))
    }

    /// The node's name in the site: the name it was given (or `n`), `_`, and ten random
    /// characters that make each start of it a node of its own.
    pub fn node(&self) -> &str {
        &self.node
    }

    /// Who runs game `id`: a lease of another node seen lately and still current answers at
    /// once; otherwise the database is asked, and the lease taken when it is free or lapsed
    /// (`Error::NoGame` when there is no such game).
    pub(crate) async fn owner(&self, id: &GameId) -> Result<Owner, muster_store::Error> {
        let now = crate::time::now_ms();
        if let Some(lease) = self.cached(id).filter(|l| l.until_ms >= now) {
            return Ok(Owner::There(lease.node));
        }
        self.ask_owner(id).await
    }

    /// Who runs game `id`, asking the database (taking the lease when it is free or lapsed).
    pub(crate) async fn ask_owner(&self, id: &GameId) -> Result<Owner, muster_store::Error> {
        let now = crate::time::now_ms();
        let taken = self
            .store
            .take_lease(id, &self.node, now, self.lease_ms)
            .await?;
        let mut elsewhere = self.elsewhere();
        Ok(match taken {
            LeaseTaken::Held(_) => {
                elsewhere.remove(id);
                Owner::Here { taken_over: false }
            }
            LeaseTaken::TakenOver(_) => {
                elsewhere.remove(id);
                Owner::Here { taken_over: true }
            }
            LeaseTaken::Other(lease) => {
                let node = lease.node.clone();
                elsewhere.insert(id.clone(), lease);
                Owner::There(node)
            }
        })
    }

    /// Forgets the lease of another node seen for game `id`: the next frame asks the database.
    pub(crate) fn forget_owner(&self, id: &GameId) {
        self.elsewhere().remove(id);
    }

    /// Publishes `note` to the other nodes (after the ones published before it).
    pub(crate) fn publish(&self, note: notes::Note) {
        let _ = self.notes.send(note);
    }

    /// A sender of notes to publish, for the registries that tell users things.
    pub(crate) fn notes(&self) -> tokio::sync::mpsc::UnboundedSender<notes::Note> {
        self.notes.clone()
    }

    fn take_notes(&self) -> Option<tokio::sync::mpsc::UnboundedReceiver<notes::Note>> {
        self.notes_rx
            .lock()
            .unwrap_or_else(|p| p.into_inner())
            .take()
    }

    fn cached(&self, id: &GameId) -> Option<Lease> {
        self.elsewhere().get(id).cloned()
    }

    fn elsewhere(&self) -> std::sync::MutexGuard<'_, HashMap<GameId, Lease>> {
        self.elsewhere.lock().unwrap_or_else(|p| p.into_inner())
    }

    /// Gives up the lease of a game whose actor unloaded (nothing left to do: any node may
    /// take it when it is needed again).
    pub(crate) async fn release(&self, id: &GameId) {
        if let Err(e) = self.store.release_lease(id, &self.node).await {
            eprintln!(
                "muster serve: node {}: the lease of game {} could not be given up ({e}); it lapses by itself",
                self.node, id
            );
        }
    }

    /// Renews the leases of `ids`; returns the ones this node still holds, or `None` when the
    /// database did not answer (the leases stay this node's until [`Site::held_until`]).
    pub(crate) async fn renew(&self, ids: &[GameId]) -> Option<Vec<GameId>> {
        let now = crate::time::now_ms();
        match self
            .store
            .renew_leases(&self.node, ids, now.saturating_add(self.lease_ms))
            .await
        {
            Ok(held) => {
                // A lease is this node's until its end as renewed, less a margin for the
                // clocks of the nodes.
                let margin = self.lease_ms / 5;
                self.held_until.store(
                    now.saturating_add(self.lease_ms - margin),
                    Ordering::Release,
                );
                Some(held)
            }
            Err(e) => {
                eprintln!("muster serve: node {}: leases not renewed: {e}", self.node);
                None
            }
        }
    }

    /// Until when this node may act on the leases it holds without renewing them.
    pub(crate) fn held_until(&self) -> i64 {
        self.held_until.load(Ordering::Acquire)
    }

    /// Lets every lease in `ids` lapse now, so another node adopts the games at its next
    /// renewal (a clean stop: their clocks are paused, and the adopter runs them again).
    pub(crate) async fn lapse(&self, ids: &[GameId]) {
        if let Err(e) = self.store.renew_leases(&self.node, ids, 0).await {
            eprintln!(
                "muster serve: node {}: leases not given up at the stop ({e}); they lapse by themselves",
                self.node
            );
        }
    }

    /// The running games whose lease lapsed: for this node to adopt.
    pub(crate) async fn lapsed(&self) -> Vec<GameId> {
        self.store
            .lapsed_leases(crate::time::now_ms(), 100)
            .await
            .unwrap_or_default()
    }
}

/// The bus channel of node `node`.
pub(crate) fn channel_of(node: &str) -> String {
    format!("muster_node_{node}")
}
