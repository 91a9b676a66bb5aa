//! A seat played to the end with random legal moves, the way a careful browser would: every
//! act carries the ply and the last view hash, one act is in flight at a time, it counts only
//! once acked, and after a lost connection the player reconnects, subscribes from its last
//! version and resends the unacked act (which the server acks again rather than playing it
//! twice, docs/server-design.md §2.6).

use std::collections::HashMap;
use std::ops::RangeInclusive;
use std::sync::{Arc, Mutex};
use std::time::{Duration, Instant};

use muster_wire::{AckId, Act, ClientMsg, LegalMoves, MatchId, NackCode, Ply, ServerMsg, Version};
use rand::Rng;

use crate::conn::Connection;
use crate::error::{Error, Result};
use crate::view::{Applied, GameView};

/// When each decision of a game was first sent, shared with whoever measures how long it takes
/// to reach others (the load tool's spectators).
pub type SentLog = Arc<Mutex<HashMap<(MatchId, Ply), Instant>>>;

/// How [`play_random_with`] plays.
#[derive(Clone, Debug)]
pub struct PlayOptions {
    /// How long to think before each decision, drawn uniformly.
    pub think: RangeInclusive<Duration>,
    /// How often to try to reconnect after the connection is lost.
    pub reconnect_every: Duration,
    /// How long to keep trying before giving up.
    pub reconnect_within: Duration,
    /// When to stop: no act is started after this instant (the one in flight is awaited), and
    /// the player returns with `finished: false`.
    pub stop_at: Option<Instant>,
    /// Where to note when each act was first sent.
    pub sent: Option<SentLog>,
    /// After this long without a frame the player asks again, as a browser does when it
    /// wakes: `sub{g, v: last}`, and the unacked act resent. A lost entry shows as a gap only
    /// when a later one comes, so a silent game needs this to mend.
    pub resubscribe_after: Duration,
    /// After this long without a frame the player gives up.
    pub silence_limit: Duration,
}

impl Default for PlayOptions {
    fn default() -> Self {
        PlayOptions {
            think: Duration::ZERO..=Duration::ZERO,
            reconnect_every: Duration::from_millis(200),
            reconnect_within: Duration::from_secs(30),
            stop_at: None,
            sent: None,
            resubscribe_after: Duration::from_millis(1500),
            silence_limit: crate::conn::RECV_TIMEOUT,
        }
    }
}

/// A decision the server acknowledged.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct AckedAct {
    /// The ply it was made on.
    pub ply: Ply,
    /// Its text.
    pub a: String,
    /// The entry it became, as the ack said.
    pub v: Option<Version>,
    /// From its first sending to its ack.
    pub latency: Duration,
    /// Whether it was sent again (after a reconnection, a silence or a `storage` refusal)
    /// before the ack came.
    pub resent: bool,
}

/// What a player did.
#[derive(Clone, Debug)]
pub struct PlayReport {
    /// Every acknowledged decision, in the order of the acks.
    pub acked: Vec<AckedAct>,
    /// Acts refused as `stale` or `turn` (the picture was old; play went on from the entries).
    pub stale: u32,
    /// Acts refused as `storage` and resent.
    pub storage: u32,
    /// How many times the connection was opened again.
    pub reconnects: u32,
    /// Whether the game ended (rather than the player stopping at `stop_at`).
    pub finished: bool,
    /// The picture at the end.
    pub view: GameView,
}

/// Plays the seat of `conn`'s user in game `g` to its end, choosing uniformly among
/// `legal.moves[].a` after a think time drawn from `think`. See [`play_random_with`].
pub async fn play_random<R: Rng>(
    conn: &mut Connection,
    g: &MatchId,
    rng: &mut R,
    think: RangeInclusive<Duration>,
) -> Result<PlayReport> {
    let options = PlayOptions {
        think,
        ..PlayOptions::default()
    };
    play_random_with(conn, g, rng, &options).await
}

/// An act sent and not yet answered.
struct Pending {
    act: Act,
    /// Every ack id it was sent under: an ack of any of them acknowledges it.
    ids: Vec<AckId>,
    first_sent: Instant,
    resent: bool,
}

/// Plays as [`play_random`] does, with every option.
///
/// Errors: a `nack` other than `stale`, `turn` or `storage`; an act still unacked when the
/// game ends ([`Error::LostAck`]); nothing from the server for the connection's timeout; a
/// connection that cannot be opened again within `reconnect_within`; a close that does not
/// invite a reconnect ([`Error::SignedOut`] for 4001, [`Error::Closed`] for 1002, 1008,
/// 1009, …: the player reconnects only when [`Error::is_disconnect`]).
pub async fn play_random_with<R: Rng>(
    conn: &mut Connection,
    g: &MatchId,
    rng: &mut R,
    options: &PlayOptions,
) -> Result<PlayReport> {
    let mut player = Player {
        conn,
        options,
        view: GameView::new(g.clone()),
        next_id: 0,
        pending: None,
        acted_at: None,
        fetched: None,
        report_acked: Vec::new(),
        stale: 0,
        storage: 0,
        reconnects: 0,
    };
    let finished = player.run(rng).await?;
    Ok(PlayReport {
        acked: player.report_acked,
        stale: player.stale,
        storage: player.storage,
        reconnects: player.reconnects,
        finished,
        view: player.view,
    })
}

struct Player<'a> {
    conn: &'a mut Connection,
    options: &'a PlayOptions,
    view: GameView,
    next_id: u32,
    pending: Option<Pending>,
    /// The ply of the last acked act: never act twice on one ply.
    acted_at: Option<Ply>,
    /// A group of moves asked for with `legal{prefix}` (the list was too long to send whole),
    /// and the ply it was asked on; `None` inside while the answer is awaited.
    fetched: Option<(Ply, Option<LegalMoves>)>,
    report_acked: Vec<AckedAct>,
    stale: u32,
    storage: u32,
    reconnects: u32,
}

impl Player<'_> {
    /// Plays until the game ends (`true`) or the stop time (`false`).
    async fn run<R: Rng>(&mut self, rng: &mut R) -> Result<bool> {
        let subscribe = self.view.resubscribe();
        self.send(subscribe).await?;
        let mut think_until: Option<Instant> = None;
        let mut silent_since = Instant::now();
        loop {
            if self.pending.is_none() {
                if self.view.is_over() {
                    return Ok(true);
                }
                if self.options.stop_at.is_some_and(|t| Instant::now() >= t) {
                    return Ok(false);
                }
                if self.may_act() {
                    let until = *think_until
                        .get_or_insert_with(|| Instant::now() + think(rng, &self.options.think));
                    if Instant::now() >= until {
                        think_until = None;
                        self.act(rng).await?;
                        continue;
                    }
                } else {
                    think_until = None;
                }
            }
            let now = Instant::now();
            let wait = match think_until {
                Some(until) if self.pending.is_none() => until.saturating_duration_since(now),
                _ => self.options.resubscribe_after,
            };
            let message = match self.conn.recv_within(wait).await {
                Ok(message) => {
                    silent_since = Instant::now();
                    message
                }
                Err(Error::Timeout { .. }) if think_until.is_some() && self.pending.is_none() => {
                    continue
                }
                Err(Error::Timeout { after, .. }) => {
                    if silent_since.elapsed() >= self.options.silence_limit {
                        return Err(match self.pending.is_some() {
                            true => self.lost(),
                            false => Error::Timeout {
                                what: "a frame from the server".to_owned(),
                                after: self.options.silence_limit.max(after),
                            },
                        });
                    }
                    let subscribe = self.view.resubscribe();
                    self.send(subscribe).await?;
                    self.resend().await?;
                    continue;
                }
                Err(e) if e.is_disconnect() => {
                    self.reconnect().await?;
                    continue;
                }
                Err(e) => return Err(e),
            };
            self.handle(message).await?;
        }
    }

    fn may_act(&self) -> bool {
        let asking = matches!(&self.fetched, Some((ply, None)) if *ply == self.view.ply());
        self.view.my_turn()
            && self
                .view
                .legal()
                .is_some_and(|l| !l.moves.is_empty() || !l.lazy.is_empty())
            && self.acted_at != Some(self.view.ply())
            && !asking
    }

    /// The moves to choose from now: a group fetched for this ply, else the view's list.
    fn choices(&self) -> Option<&LegalMoves> {
        match &self.fetched {
            Some((ply, Some(group))) if *ply == self.view.ply() => Some(group),
            _ => self.view.legal(),
        }
    }

    async fn act<R: Rng>(&mut self, rng: &mut R) -> Result<()> {
        let Some(legal) = self.choices() else {
            return Ok(());
        };
        // Every listed move and every group not sent (`lazy`) is one choice; a group chosen is
        // asked for with `legal{prefix}` and chosen from when it comes.
        let listed = legal.moves.len();
        let pick = rng.random_range(0..(listed + legal.lazy.len()).max(1));
        if pick >= listed {
            let Some(group) = legal.lazy.get(pick - listed) else {
                return Ok(());
            };
            let ask = ClientMsg::Legal(muster_wire::LegalAsk {
                g: self.view.g().clone(),
                ply: self.view.ply(),
                prefix: group.prefix.clone(),
            });
            self.fetched = Some((self.view.ply(), None));
            return self.send(ask).await;
        }
        let Some(choice) = legal.moves.get(pick).map(|m| m.a.clone()) else {
            return Ok(());
        };
        let act = Act {
            g: self.view.g().clone(),
            ply: self.view.ply(),
            a: choice,
            id: self.fresh_id(),
            h: self.view.hash().clone(),
        };
        let now = Instant::now();
        if let Some(sent) = &self.options.sent {
            if let Ok(mut sent) = sent.lock() {
                sent.entry((act.g.clone(), act.ply)).or_insert(now);
            }
        }
        self.pending = Some(Pending {
            ids: vec![act.id],
            act: act.clone(),
            first_sent: now,
            resent: false,
        });
        self.send(ClientMsg::Act(act)).await
    }

    fn fresh_id(&mut self) -> AckId {
        self.next_id += 1;
        AckId(self.next_id)
    }

    async fn handle(&mut self, message: ServerMsg) -> Result<()> {
        match message {
            ServerMsg::Ack(ack) => {
                if let Some(p) = self.pending.take_if(|p| p.ids.contains(&ack.id)) {
                    self.acted_at = Some(p.act.ply);
                    self.report_acked.push(AckedAct {
                        ply: p.act.ply,
                        a: p.act.a,
                        v: ack.v,
                        latency: p.first_sent.elapsed(),
                        resent: p.resent,
                    });
                }
            }
            ServerMsg::Nack(nack) => {
                let mine = self
                    .pending
                    .as_ref()
                    .is_some_and(|p| nack.id == Some(p.act.id));
                if !mine {
                    // A refusal without an ack id is of a `sub` or of a frame the server could
                    // not read. A store that failed is asked again; anything else is this
                    // client's own bug, never to be ignored.
                    match (nack.id, nack.code) {
                        (None, NackCode::Storage) => {
                            self.storage += 1;
                            tokio::time::sleep(Duration::from_millis(200)).await;
                            let subscribe = self.view.resubscribe();
                            self.send(subscribe).await?;
                        }
                        (None, _) => {
                            return Err(Error::Nacked {
                                what: "a frame".to_owned(),
                                nack,
                            })
                        }
                        // The answer to an act given up on (resent under a new id since).
                        (Some(_), _) => {}
                    }
                    return Ok(());
                }
                match nack.code {
                    NackCode::Stale | NackCode::Turn => {
                        self.stale += 1;
                        self.pending = None;
                    }
                    NackCode::Storage => {
                        self.storage += 1;
                        tokio::time::sleep(Duration::from_millis(50)).await;
                        self.resend().await?;
                    }
                    _ => {
                        let what = self
                            .pending
                            .take()
                            .map(|p| format!("act {:?} at ply {}", p.act.a, p.act.ply))
                            .unwrap_or_default();
                        return Err(Error::Nacked { what, nack });
                    }
                }
            }
            ServerMsg::Legal(reply) if reply.g == *self.view.g() => {
                if reply.ply == self.view.ply() {
                    self.fetched = Some((reply.ply, Some(reply.legal)));
                }
            }
            ServerMsg::Resync(resync) if resync.g.as_ref().is_none_or(|g| g == self.view.g()) => {
                self.view.forget();
                let subscribe = self.view.resubscribe();
                self.send(subscribe).await?;
            }
            other => {
                if let Applied::Gap { .. } = self.view.apply(&other) {
                    let subscribe = self.view.resubscribe();
                    self.send(subscribe).await?;
                }
            }
        }
        Ok(())
    }

    /// Sends the pending act, if any, again under a fresh ack id.
    async fn resend(&mut self) -> Result<()> {
        let id = self.fresh_id();
        let Some(p) = self.pending.as_mut() else {
            return Ok(());
        };
        p.act.id = id;
        p.ids.push(id);
        p.resent = true;
        let act = p.act.clone();
        self.send(ClientMsg::Act(act)).await
    }

    /// Sends a frame; a lost connection is reopened (which resubscribes and resends).
    async fn send(&mut self, message: ClientMsg) -> Result<()> {
        match self.conn.send(&message).await {
            Err(e) if e.is_disconnect() => self.reconnect().await,
            other => other,
        }
    }

    /// Opens the connection again, subscribes from the last version held, and resends the
    /// pending act, until it works or `reconnect_within` has passed.
    async fn reconnect(&mut self) -> Result<()> {
        let deadline = Instant::now() + self.options.reconnect_within;
        loop {
            self.reconnects += 1;
            let left = deadline.saturating_duration_since(Instant::now());
            self.conn
                .reconnect(self.options.reconnect_every, left)
                .await?;
            let mut frames = vec![self.view.resubscribe()];
            if let Some(p) = self.pending.as_mut() {
                p.resent = true;
                self.next_id += 1;
                p.act.id = AckId(self.next_id);
                p.ids.push(p.act.id);
                frames.push(ClientMsg::Act(p.act.clone()));
            }
            let mut sent = Ok(());
            for frame in &frames {
                sent = self.conn.send(frame).await;
                if sent.is_err() {
                    break;
                }
            }
            match sent {
                Ok(()) => return Ok(()),
                Err(e) if e.is_disconnect() && Instant::now() < deadline => continue,
                Err(e) => return Err(e),
            }
        }
    }

    fn lost(&mut self) -> Error {
        match self.pending.take() {
            Some(p) => Error::LostAck {
                ply: p.act.ply.0,
                a: p.act.a,
            },
            None => Error::Protocol("no pending act".to_owned()),
        }
    }
}

fn think<R: Rng>(rng: &mut R, range: &RangeInclusive<Duration>) -> Duration {
    let (low, high) = (
        range.start().as_millis() as u64,
        range.end().as_millis() as u64,
    );
    if high <= low {
        return Duration::from_millis(low);
    }
    Duration::from_millis(rng.random_range(low..=high))
}
