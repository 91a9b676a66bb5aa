//! [`RandomSeat`]: a seat that plays random legal moves one frame at a time, and can stop at a ply,
//! lose its socket and come back.

use std::net::SocketAddr;

use muster_wire::{Act, ClientMsg, MatchId, Ply, ServerMsg};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::{Client, Picture};

/// A seat played by random legal choices, one frame at a time, that can stop acting at a ply,
/// drop its socket and come back.
pub struct RandomSeat {
    pub client: Client,
    pub g: MatchId,
    pub picture: Picture,
    /// Every frame of earlier connections, then of this one (see [`RandomSeat::transcript`]).
    pub earlier: Vec<String>,
    /// The act sent and not yet answered.
    pub pending: Option<Act>,
    /// Every act this player had acked: (version, ply, action).
    pub acked: Vec<(u32, u32, String)>,
    /// The player makes no decision at or after this ply.
    pub stop_at: u32,
    rng: SmallRng,
    awaited: u32,
}

impl RandomSeat {
    /// Subscribes `client` to `g`.
    pub async fn join(mut client: Client, g: &MatchId, seed: u64) -> RandomSeat {
        client.sub(g, None).await;
        RandomSeat {
            client,
            g: g.clone(),
            picture: Picture::default(),
            earlier: Vec::new(),
            pending: None,
            acked: Vec::new(),
            stop_at: u32::MAX,
            rng: SmallRng::seed_from_u64(seed),
            awaited: 0,
        }
    }

    /// Every frame this seat received, over all its connections.
    pub fn transcript(&self) -> Vec<String> {
        let mut all = self.earlier.clone();
        all.extend(self.client.transcript.iter().cloned());
        all
    }

    /// Nothing is in flight and the picture has caught up with the last ack.
    pub fn settled(&self) -> bool {
        self.pending.is_none() && self.picture.v >= self.awaited
    }

    /// Reads one frame, takes it in, and decides when it is this seat's turn.
    pub async fn step(&mut self) -> ServerMsg {
        let msg = self.client.recv().await;
        if !self.picture.take(&msg) {
            self.client.sub(&self.g, Some(self.picture.v)).await;
            return msg;
        }
        match &msg {
            ServerMsg::Legal(reply) if reply.ply.0 == self.picture.ply => {
                self.picture.set_legal(Some(&reply.legal));
            }
            ServerMsg::Ack(a) if self.pending.as_ref().is_some_and(|p| p.id == a.id) => {
                let act = self.pending.take().expect("pending");
                let v = a.v.map_or(0, |v| v.0);
                self.acked.push((v, act.ply.0, act.a));
                self.awaited = v;
            }
            ServerMsg::Nack(n) => panic!("refused: {n:?}"),
            _ => {}
        }
        self.decide().await;
        msg
    }

    async fn decide(&mut self) {
        if !self.settled() {
            return;
        }
        let p = &mut self.picture;
        if !p.my_turn() || p.ended || p.ply >= self.stop_at {
            return;
        }
        let open = p.legal.is_empty() || self.rng.random_range(0..4) == 0;
        if open && !p.lazy.is_empty() {
            let prefix = p.lazy[self.rng.random_range(0..p.lazy.len())].clone();
            p.lazy.clear();
            p.legal.clear();
            let ask = ClientMsg::Legal(muster_wire::LegalAsk {
                g: self.g.clone(),
                ply: Ply(p.ply),
                prefix,
            });
            self.client.send(&ask).await;
            return;
        }
        let a = p.legal[self.rng.random_range(0..p.legal.len())].clone();
        let act = Act {
            g: self.g.clone(),
            ply: Ply(p.ply),
            a,
            id: self.client.ack_id(),
            h: p.hash.clone().expect("a hash"),
        };
        self.client.send(&ClientMsg::Act(act.clone())).await;
        self.pending = Some(act);
    }

    /// Plays until `done` holds of a settled picture, or the game is over.
    pub async fn play_until(&mut self, done: impl Fn(&Picture) -> bool) {
        while !(self.settled() && (done(&self.picture) || self.picture.ended)) {
            self.step().await;
        }
    }

    /// Drops the socket (an act may be in flight), connects again as `token`, subscribes from
    /// the last version it applied, and resends the unanswered act, if any.
    pub async fn reconnect(&mut self, addr: SocketAddr, token: &str) {
        let fresh = Client::connect(addr, Some(token)).await;
        let old = std::mem::replace(&mut self.client, fresh);
        self.earlier.extend(old.drop_socket().await);
        self.client.next_ack = 1000;
        self.client.sub(&self.g, Some(self.picture.v)).await;
        if let Some(act) = &self.pending {
            self.client.send(&ClientMsg::Act(act.clone())).await;
        }
    }
}
