//! The connections that cross nodes.
//!
//! - **Stand-ins** live on the node that runs a game, one for each connection of another node
//!   that sent it a frame: a [`Conn`] of the same user whose outbox is pumped back to the
//!   connection's node. The games treat it as any connection.
//! - **Follows elsewhere** live on the connection's own node: which games each of its
//!   connections reaches through another node, and whether it is subscribed there, so frames
//!   coming back find their socket, the other node hears when the connection is gone, and the
//!   connection is subscribed again wherever its game goes.

use std::collections::{HashMap, HashSet};
use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex, MutexGuard};

use muster_store::{GameId, UserId};

use super::relay::Relay;
use super::Site;
use crate::games::Conn;
use crate::Outbox;

/// Stand-ins' ids count down from the top, apart from the connections' own.
static NEXT_STAND_IN: AtomicU64 = AtomicU64::new(u64::MAX);

/// A connection of another node, here.
struct StandIn {
    conn: Conn,
    games: HashSet<GameId>,
    pump: tokio::task::JoinHandle<()>,
}

/// One of this node's connections, following games another node runs.
struct Away {
    conn: Conn,
    /// Each game, with the node its frames go to and whether the connection subscribed.
    games: HashMap<GameId, Follow>,
}

#[derive(Clone, Debug)]
struct Follow {
    node: String,
    subscribed: bool,
}

/// The stand-ins and the follows elsewhere of one node.
#[derive(Default)]
pub(crate) struct Conns {
    stand_ins: Mutex<HashMap<(String, u64), StandIn>>,
    away: Mutex<HashMap<u64, Away>>,
}

/// What a frame forwarded elsewhere does to the connection's follow of its game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Following {
    /// `sub`: followed there.
    Subscribe,
    /// `unsub`: no longer followed.
    Unsubscribe,
    /// Anything else: the follow stays as it was.
    Same,
}

fn lock<T>(m: &Mutex<T>) -> MutexGuard<'_, T> {
    m.lock().unwrap_or_else(|p| p.into_inner())
}

impl Conns {
    /// The stand-in of connection `conn` of node `from` signed in as `user`, made on first use:
    /// what the games send it goes back to `from`.
    pub(crate) fn stand_in(
        &self,
        site: &Arc<Site>,
        from: &str,
        conn: u64,
        user: Option<UserId>,
        budget: usize,
    ) -> Conn {
        let mut stand_ins = lock(&self.stand_ins);
        if let Some(s) = stand_ins.get(&(from.to_owned(), conn)) {
            // A node's connections are numbered once per life of the node, so one number is
            // one user; a frame that says otherwise gets a stand-in of its own user, and the
            // one it would have shared stops speaking for anybody.
            if s.conn.user == user {
                return s.conn.clone();
            }
            eprintln!(
                "muster serve: connection {conn} of node {from} changed users; its stand-in is dropped"
            );
            if let Some(old) = stand_ins.remove(&(from.to_owned(), conn)) {
                old.pump.abort();
            }
        }
        let (out, mut reader) = Outbox::new(budget);
        let overflow = reader.overflow();
        let stand_in = Conn {
            id: NEXT_STAND_IN.fetch_sub(1, Ordering::Relaxed),
            user,
            out,
        };
        let (site2, node) = (Arc::clone(site), from.to_owned());
        let pump = tokio::spawn(async move {
            loop {
                tokio::select! {
                    text = reader.recv() => match text {
                        Some(text) => site2.relay.send(&node, Relay::Out { frames: vec![(conn, text.to_string())] }),
                        None => break,
                    },
                    () = overflow.overflowed() => {
                        site2.relay.send(&node, Relay::TooSlow { conn });
                        break;
                    }
                }
            }
        });
        stand_ins.insert(
            (from.to_owned(), conn),
            StandIn {
                conn: stand_in.clone(),
                games: HashSet::new(),
                pump,
            },
        );
        stand_in
    }

    /// The stand-in of (`from`, `conn`) sent a frame about game `g`.
    pub(crate) fn stand_in_reached(&self, from: &str, conn: u64, g: &GameId) {
        if let Some(s) = lock(&self.stand_ins).get_mut(&(from.to_owned(), conn)) {
            s.games.insert(g.clone());
        }
    }

    /// Connection `conn` of node `from` is gone: its stand-in's id and the games it reached.
    pub(crate) fn stand_in_gone(&self, from: &str, conn: u64) -> Option<(u64, Vec<GameId>)> {
        let s = lock(&self.stand_ins).remove(&(from.to_owned(), conn))?;
        s.pump.abort();
        Some((s.conn.id, s.games.into_iter().collect()))
    }

    /// The stand-ins of the nodes not among `alive` (they stopped without saying their
    /// connections were gone): removed, each as its id and the games it reached.
    pub(crate) fn stand_ins_of_nodes_not_in(&self, alive: &[String]) -> Vec<(u64, Vec<GameId>)> {
        let mut stand_ins = lock(&self.stand_ins);
        let dead: Vec<(String, u64)> = stand_ins
            .keys()
            .filter(|(node, _)| !alive.contains(node))
            .cloned()
            .collect();
        dead.into_iter()
            .filter_map(|key| stand_ins.remove(&key))
            .map(|s| {
                s.pump.abort();
                (s.conn.id, s.games.into_iter().collect())
            })
            .collect()
    }

    /// Whether connection `id` is a stand-in for another node's.
    pub(crate) fn is_stand_in(&self, id: u64) -> bool {
        lock(&self.stand_ins).values().any(|s| s.conn.id == id)
    }

    /// This node's connection `conn` sent a frame about game `g` to node `node`.
    pub(crate) fn forwarded(&self, conn: &Conn, g: &GameId, node: &str, following: Following) {
        let mut away = lock(&self.away);
        let entry = away.entry(conn.id).or_insert_with(|| Away {
            conn: conn.clone(),
            games: HashMap::new(),
        });
        let follow = entry.games.entry(g.clone()).or_insert_with(|| Follow {
            node: node.to_owned(),
            subscribed: false,
        });
        follow.node = node.to_owned();
        match following {
            Following::Subscribe => follow.subscribed = true,
            Following::Unsubscribe => follow.subscribed = false,
            Following::Same => {}
        }
    }

    /// The user of this node's connection `conn`, if it follows something elsewhere.
    pub(crate) fn away_conn(&self, conn: u64) -> Option<Conn> {
        lock(&self.away).get(&conn).map(|a| a.conn.clone())
    }

    /// Where frames for this node's connection `conn` go, if it follows something elsewhere.
    pub(crate) fn outbox(&self, conn: u64) -> Option<Outbox> {
        lock(&self.away).get(&conn).map(|a| a.conn.out.clone())
    }

    /// This node's connection `conn` is gone: the nodes it reached, to be told.
    pub(crate) fn local_gone(&self, conn: u64) -> Vec<String> {
        let Some(away) = lock(&self.away).remove(&conn) else {
            return Vec::new();
        };
        let mut nodes: Vec<String> = away.games.into_values().map(|f| f.node).collect();
        nodes.sort();
        nodes.dedup();
        nodes
    }

    /// Game `g` runs here now: the connections' follows of it elsewhere end, and the ones
    /// that were subscribed there are returned, to be subscribed here.
    pub(crate) fn came_home(&self, g: &GameId) -> Vec<Conn> {
        let mut subscribed = Vec::new();
        for away in lock(&self.away).values_mut() {
            if away.games.remove(g).is_some_and(|f| f.subscribed) {
                subscribed.push(away.conn.clone());
            }
        }
        subscribed
    }

    /// The games this node's connections are subscribed to elsewhere: each with the node it
    /// is followed at and the connections subscribed.
    pub(crate) fn subscribed_elsewhere(&self) -> Vec<(GameId, String, Vec<Conn>)> {
        let mut by_game: HashMap<(GameId, String), Vec<Conn>> = HashMap::new();
        for away in lock(&self.away).values() {
            for (g, follow) in &away.games {
                if follow.subscribed {
                    by_game
                        .entry((g.clone(), follow.node.clone()))
                        .or_default()
                        .push(away.conn.clone());
                }
            }
        }
        by_game
            .into_iter()
            .map(|((g, node), conns)| (g, node, conns))
            .collect()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn conn(id: u64, user: &str) -> Conn {
        let (out, _reader) = Outbox::new(1024);
        Conn {
            id,
            user: UserId::parse(user),
            out,
        }
    }

    fn game(id: &str) -> GameId {
        GameId::parse(id).expect("an id")
    }

    #[test]
    fn a_subscription_elsewhere_is_listed_until_it_is_dropped() {
        let conns = Conns::default();
        let (ann, bob) = (conn(1, "ann"), conn(2, "bob"));
        let g = game("G1");
        conns.forwarded(&ann, &g, "n_a", Following::Subscribe);
        conns.forwarded(&bob, &g, "n_a", Following::Same);
        let listed = conns.subscribed_elsewhere();
        assert_eq!(listed.len(), 1);
        assert_eq!((&listed[0].0, listed[0].1.as_str()), (&g, "n_a"));
        assert_eq!(
            listed[0].2.iter().map(|c| c.id).collect::<Vec<_>>(),
            vec![1],
            "a legal ask is no subscription"
        );
        conns.forwarded(&ann, &g, "n_a", Following::Unsubscribe);
        assert!(conns.subscribed_elsewhere().is_empty());
    }

    #[test]
    fn a_game_that_comes_home_brings_its_subscribers() {
        let conns = Conns::default();
        let (ann, bob) = (conn(1, "ann"), conn(2, "bob"));
        let (g, h) = (game("G1"), game("G2"));
        conns.forwarded(&ann, &g, "n_a", Following::Subscribe);
        conns.forwarded(&bob, &g, "n_a", Following::Same);
        conns.forwarded(&bob, &h, "n_b", Following::Subscribe);
        let home: Vec<u64> = conns.came_home(&g).iter().map(|c| c.id).collect();
        assert_eq!(home, vec![1], "only the subscribed follow it home");
        let left: Vec<GameId> = conns
            .subscribed_elsewhere()
            .into_iter()
            .map(|(g, ..)| g)
            .collect();
        assert_eq!(left, vec![h]);
    }

    #[test]
    fn a_connection_gone_names_each_node_it_reached_once() {
        let conns = Conns::default();
        let ann = conn(1, "ann");
        conns.forwarded(&ann, &game("G1"), "n_b", Following::Subscribe);
        conns.forwarded(&ann, &game("G2"), "n_a", Following::Subscribe);
        conns.forwarded(&ann, &game("G3"), "n_b", Following::Same);
        assert_eq!(conns.local_gone(1), vec!["n_a", "n_b"]);
        assert!(conns.local_gone(1).is_empty());
        assert!(conns.outbox(1).is_none());
    }
}
