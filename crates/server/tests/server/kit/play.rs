//! Players: a client's picture of a game built only from the frames it received, a seat driven
//! step by step ([`Player`]), a seat that plays random legal moves and can lose its socket and
//! come back ([`RandomSeat`]), and [`play_seat`], which plays one to the end.

use std::net::SocketAddr;
use std::time::Duration;

use muster_wire::{Act, ClientMsg, MatchId, Ply, ServerMsg, ViewHash};
use rand::rngs::SmallRng;
use rand::{Rng, SeedableRng};

use super::{until, Client, Harness};

/// How long [`Player::until`] waits for the frame it awaits.
const AWAIT: Duration = Duration::from_secs(15);

/// One client's picture of a game, built only from the frames it received.
#[derive(Clone, Debug, Default)]
pub struct Picture {
    pub v: u32,
    pub ply: u32,
    pub me: Option<u8>,
    pub actor: Option<muster_wire::Actor>,
    pub hash: Option<ViewHash>,
    pub legal: Vec<String>,
    pub lazy: Vec<Vec<muster_view::TargetId>>,
    pub moves: Vec<Option<String>>,
    pub over: bool,
    pub ended: bool,
    pub position: String,
    /// The scene: a `full`'s, then each step's change applied to it.
    pub scene: Option<muster_view::Scene>,
}

impl Picture {
    /// Takes in a versioned frame; `false` when it does not follow (a gap).
    pub fn take(&mut self, msg: &ServerMsg) -> bool {
        match msg {
            ServerMsg::Full(f) => {
                self.v = f.v.0;
                self.ply = f.ply.0;
                self.me = f.me.map(|s| s.0);
                self.actor = Some(f.actor);
                self.hash = Some(f.hash.clone());
                self.set_legal(f.legal.as_ref());
                self.moves = f.moves.iter().map(|m| m.a.clone()).collect();
                self.over = f.actor == muster_wire::Actor::Over;
                self.ended = f.outcome.is_some();
                self.position = f.position.clone();
                assert_eq!(
                    f.board,
                    muster_view::BoardKey::of(&f.scene),
                    "a full names its board"
                );
                self.scene = Some(f.scene.clone());
                true
            }
            ServerMsg::Step(s) => {
                if s.v.0 <= self.v {
                    return true;
                }
                if s.v.0 != self.v + 1 {
                    return false;
                }
                self.v = s.v.0;
                self.ply = s.ply.0;
                // The next entry after the one held: its scene applies to the board held.
                if let Some(held) = &self.scene {
                    let made = s.scene.apply(held);
                    self.scene = Some(made.unwrap_or_else(|e| panic!("step {}: {e}", s.v.0)));
                }
                self.actor = Some(s.actor);
                self.hash = Some(s.hash.clone());
                self.set_legal(s.legal.as_ref());
                self.moves.push(s.a.clone());
                for r in &s.revealed {
                    if let Some(m) = self.moves.get_mut(r.ply.0 as usize) {
                        *m = Some(r.a.clone());
                    }
                }
                self.over = s.actor == muster_wire::Actor::Over;
                true
            }
            ServerMsg::End(e) => {
                if e.v.0 == self.v + 1 {
                    self.v = e.v.0;
                }
                self.ended = true;
                self.over = true;
                true
            }
            // Other versioned entries (offers, answers, seats, rewinds) only move the version.
            other => match other.version() {
                Some(v) if v.0 <= self.v => true,
                Some(v) if v.0 == self.v + 1 => {
                    self.v = v.0;
                    true
                }
                Some(_) => false,
                None => true,
            },
        }
    }

    pub fn set_legal(&mut self, legal: Option<&muster_wire::LegalMoves>) {
        self.legal = legal
            .map(|l| l.moves.iter().map(|m| m.a.clone()).collect())
            .unwrap_or_default();
        self.lazy = legal
            .map(|l| l.lazy.iter().map(|g| g.prefix.clone()).collect())
            .unwrap_or_default();
    }

    pub fn my_turn(&self) -> bool {
        matches!((self.actor, self.me), (Some(muster_wire::Actor::Seat(a)), Some(me)) if a.0 == me)
            && (!self.legal.is_empty() || !self.lazy.is_empty())
    }
}

/// Plays one seat of game `g` to the end with random legal moves (seeded), checking each ack.
/// Returns the client's picture at the end and every frame it saw.
pub async fn play_seat(client: Client, g: MatchId, seed: u64) -> (Picture, Vec<ServerMsg>) {
    let mut seat = RandomSeat::join(client, &g, seed).await;
    let mut seen = Vec::new();
    while !(seat.settled() && seat.picture.ended) {
        seen.push(seat.step().await);
    }
    (seat.picture, seen)
}

/// One seat's client and its picture of one game, for tests that drive play step by step.
pub struct Player {
    pub c: Client,
    pub pic: Picture,
    pub g: MatchId,
    /// Every frame received, in order.
    pub seen: Vec<ServerMsg>,
}

impl Player {
    /// Connects with `token`, subscribes to `g` and reads the `full`.
    pub async fn join(h: &Harness, token: Option<&str>, g: &MatchId) -> Player {
        let mut p = Player {
            c: h.client(token).await,
            pic: Picture::default(),
            g: g.clone(),
            seen: Vec::new(),
        };
        p.c.sub(g, None).await;
        p.until(|m| matches!(m, ServerMsg::Full(_))).await;
        p
    }

    /// Reads frames (taking them into the picture) until one matches; panics after 15 s.
    pub async fn until(&mut self, pred: impl Fn(&ServerMsg) -> bool) -> ServerMsg {
        let awaited = async {
            loop {
                let msg = self.c.next_msg().await?;
                self.pic.take(&msg);
                self.seen.push(msg.clone());
                if pred(&msg) {
                    return Some(msg);
                }
            }
        };
        let found = until(AWAIT, awaited).await;
        found.flatten().unwrap_or_else(|| {
            panic!(
                "no awaited frame; saw {:?}",
                self.seen.iter().rev().take(3).collect::<Vec<_>>()
            )
        })
    }

    /// Reads whatever arrives within `wait`.
    pub async fn drain(&mut self, wait: Duration) {
        for msg in self.c.drain(wait).await {
            self.pic.take(&msg);
            self.seen.push(msg);
        }
    }

    /// Plays the first legal move (the picture must show this seat to act) and waits for its
    /// ack and its own step; returns the ack's version.
    pub async fn play_first(&mut self) -> u32 {
        assert!(self.pic.my_turn(), "not this seat's turn: {:?}", self.pic);
        let a = self.pic.legal[0].clone();
        self.play(&a).await
    }

    /// Plays `a` and waits for its ack and its own step.
    pub async fn play(&mut self, a: &str) -> u32 {
        let id = self.c.ack_id();
        self.c
            .send(&ClientMsg::Act(Act {
                g: self.g.clone(),
                ply: Ply(self.pic.ply),
                a: a.to_owned(),
                id,
                h: self.pic.hash.clone().expect("a hash"),
            }))
            .await;
        let ack = self
            .until(|m| {
                matches!(m, ServerMsg::Ack(a) if a.id == id)
                    || matches!(m, ServerMsg::Nack(n) if n.id == Some(id))
            })
            .await;
        let ServerMsg::Ack(ack) = ack else {
            panic!("refused: {ack:?}");
        };
        let v = ack.v.expect("a version").0;
        while self.pic.v < v {
            self.until(|_| true).await;
        }
        v
    }

    /// Sends a control and returns the ack or the nack.
    pub async fn ctl(&mut self, k: muster_wire::Control) -> ServerMsg {
        let id = self.c.ack_id();
        self.c
            .send(&ClientMsg::Ctl(muster_wire::Ctl {
                g: self.g.clone(),
                k,
                ply: Ply(self.pic.ply),
                id,
                h: self
                    .pic
                    .hash
                    .clone()
                    .unwrap_or(ViewHash("0000000000000000".to_owned())),
            }))
            .await;
        self.until(|m| {
            matches!(m, ServerMsg::Ack(a) if a.id == id)
                || matches!(m, ServerMsg::Nack(n) if n.id == Some(id))
        })
        .await
    }

    /// Waits until this seat is to act (reading the other seats' steps).
    pub async fn await_turn(&mut self) {
        while !self.pic.my_turn() {
            self.until(|_| true).await;
        }
    }
}

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
