//! A node's own tasks: the listener that takes what other nodes post to it and hears the
//! site's notes, and the tick that renews its leases, adopts lapsed ones and follows the games
//! its connections reach elsewhere.

use std::sync::Arc;
use std::time::Duration;

use muster_store::{GameId, Heard, UserId};
use muster_wire::server::Nack;
use muster_wire::{ClientMsg, ServerMsg};

use super::conns::Following;
use super::notes;
use super::relay::Relay;
use super::{Site, SITE_CHANNEL};
use crate::ServerState;

/// The most forwards a frame takes before it is refused (a game changing hands under it).
const MAX_HOPS: u8 = 3;

/// Bodies nobody took for this long are forgotten (their node stopped).
const FORGET_AFTER_MS: i64 = 60_000;

/// Runs the node's tasks until aborted.
pub(crate) async fn run(state: Arc<ServerState>, site: Arc<Site>) {
    if let Some(rx) = site.take_notes() {
        tokio::spawn(notes::publish(Arc::clone(&site), rx));
    }
    let ticking = tokio::spawn(tick(Arc::clone(&state), Arc::clone(&site)));
    listen(&state, &site).await;
    ticking.abort();
}

/// Takes what is posted to this node, and hears the site's notes.
async fn listen(state: &Arc<ServerState>, site: &Arc<Site>) {
    let channels = [site.channel.as_str(), SITE_CHANNEL];
    let mut listener = loop {
        match site.bus.listen(&channels).await {
            Ok(listener) => break listener,
            Err(e) => {
                eprintln!(
                    "muster serve: node {}: cannot listen on the bus ({e}); trying again",
                    site.node
                );
                tokio::time::sleep(Duration::from_secs(1)).await;
            }
        }
    };
    // Posted before the listener was there.
    take(state, site, None).await;
    loop {
        match listener.next().await {
            Ok(Heard::Note { channel, payload }) if channel == SITE_CHANNEL => {
                notes::heard(state, site, &payload).await;
            }
            Ok(Heard::Note { payload, .. }) => {
                if payload.starts_with('[') {
                    // A batch small enough to come in the note itself.
                    match serde_json::from_str::<Vec<Relay>>(&payload) {
                        Ok(relays) => {
                            for relay in relays {
                                handle(state, site, relay).await;
                            }
                        }
                        Err(e) => eprintln!(
                            "muster serve: node {}: a note could not be read ({e})",
                            site.node
                        ),
                    }
                } else {
                    // Bodies stored up to this id.
                    take(state, site, payload.parse().ok()).await;
                }
            }
            Ok(Heard::Lost) => {
                take(state, site, None).await;
                notes::lobby_changed(state).await;
            }
            Err(e) => {
                eprintln!("muster serve: node {}: the bus failed ({e})", site.node);
                tokio::time::sleep(Duration::from_millis(500)).await;
                take(state, site, None).await;
            }
        }
    }
}

/// Takes and handles, in order, what is posted to this node up to id `up_to` (everything with
/// `None`).
async fn take(state: &Arc<ServerState>, site: &Arc<Site>, up_to: Option<i64>) {
    let bodies = match site.bus.collect(&site.node, up_to).await {
        Ok(bodies) => bodies,
        Err(e) => {
            eprintln!("muster serve: node {}: posts not taken ({e})", site.node);
            return;
        }
    };
    for body in bodies {
        match serde_json::from_str::<Relay>(&body) {
            Ok(relay) => handle(state, site, relay).await,
            Err(e) => eprintln!(
                "muster serve: node {}: a post could not be read ({e})",
                site.node
            ),
        }
    }
}

async fn handle(state: &Arc<ServerState>, site: &Arc<Site>, relay: Relay) {
    match relay {
        Relay::Frame {
            from,
            conn,
            user,
            frame,
            hops,
        } => {
            let user = user.as_deref().and_then(UserId::parse);
            let budget = state.games.config().net.outbox_budget;
            let stand_in = site.conns.stand_in(site, &from, conn, user, budget);
            let msg = match ClientMsg::decode(&frame) {
                Ok(msg) => msg,
                Err(error) => {
                    stand_in.out.send(&ServerMsg::Nack(error.nack()));
                    return;
                }
            };
            if let Some(g) = game_of(&msg) {
                site.conns.stand_in_reached(&from, conn, &g);
            }
            if hops > MAX_HOPS {
                stand_in.out.send(&ServerMsg::Nack(Nack {
                    id: None,
                    g: None,
                    code: muster_wire::NackCode::Storage,
                    reason: "the game changed hands while this frame chased it: send it again"
                        .to_owned(),
                    rule: None,
                }));
                return;
            }
            crate::net::ws::dispatch_or_nack(state, &stand_in, msg, hops).await;
        }
        Relay::Gone { from, conn } => {
            if let Some((id, games)) = site.conns.stand_in_gone(&from, conn) {
                state.games.disconnect(id, &games).await;
            }
        }
        Relay::Out { frames } => {
            for (conn, text) in frames {
                if let Some(out) = site.conns.outbox(conn) {
                    out.send_text(Arc::from(text));
                }
            }
        }
        Relay::TooSlow { conn } => {
            if let Some(out) = site.conns.outbox(conn) {
                out.cut();
            }
        }
    }
}

/// The game a frame is about, if it is about one.
pub(crate) fn game_of(msg: &ClientMsg) -> Option<GameId> {
    let g = match msg {
        ClientMsg::Sub(m) => &m.g,
        ClientMsg::Unsub(m) => &m.g,
        ClientMsg::Act(m) => &m.g,
        ClientMsg::Ctl(m) => &m.g,
        ClientMsg::Legal(m) => &m.g,
        ClientMsg::Preview(m) => &m.g,
        ClientMsg::Say(m) => match &m.room {
            muster_wire::Room::Players(g) | muster_wire::Room::Watchers(g) => g,
            muster_wire::Room::Lobby => return None,
        },
        _ => return None,
    };
    GameId::parse(&g.0)
}

/// What a frame forwarded elsewhere does to its connection's follow.
pub(crate) fn following(msg: &ClientMsg) -> Following {
    match msg {
        ClientMsg::Sub(_) => Following::Subscribe,
        ClientMsg::Unsub(_) => Following::Unsubscribe,
        _ => Following::Same,
    }
}

/// Every `renew`: the leases renewed (the games whose lease went elsewhere stop here at
/// once), the lapsed ones adopted, the owners of the games followed elsewhere checked, and
/// now and then the posts nobody took forgotten.
async fn tick(state: Arc<ServerState>, site: Arc<Site>) {
    let mut every = tokio::time::interval(site.renew.max(Duration::from_millis(50)));
    every.set_missed_tick_behavior(tokio::time::MissedTickBehavior::Delay);
    let mut round: u64 = 0;
    loop {
        every.tick().await;
        round += 1;
        let now = crate::time::now_ms();
        if let Err(e) = site.bus.heartbeat(&site.node, now).await {
            eprintln!("muster serve: node {}: no heartbeat ({e})", site.node);
        }
        renew(&state, &site).await;
        for id in site.lapsed().await {
            let _ = state.games.wake(&id).await;
        }
        follow_owners(&state, &site).await;
        if round % 4 == 0 {
            forget_dead_nodes(&state, &site, now).await;
        }
        if round % 20 == 0 {
            let _ = site
                .bus
                .forget_posts(crate::time::now_ms() - FORGET_AFTER_MS)
                .await;
        }
    }
}

/// The stand-ins of nodes not heard of for three leases' time leave their games: a killed
/// node never says its connections are gone, and a stand-in left behind would keep its game
/// loaded and its user's seat present.
async fn forget_dead_nodes(state: &Arc<ServerState>, site: &Arc<Site>, now: i64) {
    let since = now.saturating_sub(site.lease_ms.saturating_mul(3));
    let Ok(alive) = site.bus.nodes_seen(since).await else {
        return;
    };
    for (id, games) in site.conns.stand_ins_of_nodes_not_in(&alive) {
        state.games.disconnect(id, &games).await;
    }
}

async fn renew(state: &Arc<ServerState>, site: &Arc<Site>) {
    let loaded = state.games.loaded().await;
    match site.renew(&loaded).await {
        Some(held) => {
            for id in loaded.iter().filter(|id| !held.contains(id)) {
                eprintln!(
                    "muster serve: node {}: game {id} is run by another node now; its actor stops here",
                    site.node
                );
                state.games.leave(id).await;
            }
        }
        None if crate::time::now_ms() > site.held_until() => {
            for id in &loaded {
                state.games.leave(id).await;
            }
        }
        None => {}
    }
}

/// Subscribes this node's connections again wherever their games went: a game whose lease
/// is no longer with the node they follow it at (it lapsed, or another node took it).
async fn follow_owners(state: &Arc<ServerState>, site: &Arc<Site>) {
    let now = crate::time::now_ms();
    for (g, node, conns) in site.conns.subscribed_elsewhere() {
        let current = match site.store.lease(&g).await {
            Ok(lease) => lease.is_some_and(|l| l.node == node && l.until_ms >= now),
            Err(_) => continue,
        };
        if current {
            continue;
        }
        site.forget_owner(&g);
        for conn in conns {
            let sub = ClientMsg::Sub(muster_wire::Sub {
                g: muster_wire::MatchId(g.as_str().to_owned()),
                v: None,
            });
            crate::net::ws::dispatch_or_nack(state, &conn, sub, 0).await;
        }
    }
}
