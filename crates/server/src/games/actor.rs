//! The actor of one game: its loop, and the commit path of a decision (docs/server-design.md §2.2).

use std::sync::Arc;

use muster_rules::{Actor, AnyGame, Seat};
use muster_search::{levels, Engine, StopFlag};
use muster_store::SeatKind;
use muster_wire::server::LegalReply;
use muster_wire::server::{Ack, Nack};
use muster_wire::{AckId, NackCode, Ply, ServerMsg, Version, ViewHash};
use tokio::sync::mpsc;

use super::ai::{AiDone, AiJob};
use super::chance;
use super::legal::legal;
use super::load::{Entry, Live, Subscriber, Thinking};
use super::render::{view_hash, viewer_for};
use super::{Command, Conn, Games};
use crate::time::now_ms;

/// A refusal: its code, its reason, and the rule it cites.
#[derive(Debug)]
pub(super) struct Refusal {
    pub code: NackCode,
    pub reason: String,
    pub rule: Option<String>,
}

impl Refusal {
    pub(super) fn new(code: NackCode, reason: impl Into<String>) -> Refusal {
        Refusal {
            code,
            reason: reason.into(),
            rule: None,
        }
    }
}

/// Runs a game's actor until it unloads.
pub(super) async fn run(
    games: Arc<Games>,
    mut live: Live,
    mut rx: mpsc::Receiver<Command>,
    me: mpsc::WeakSender<Command>,
) {
    live.schedule_ai(&games, &me);
    // Left: another node runs the game now. Idle: unloaded for want of anything to do (the
    // lease is given up). Otherwise the registry let go of the actor: the server is stopping.
    let (mut left, mut idle_out) = (false, false);
    loop {
        let idle = tokio::time::sleep(games.config.idle_unload);
        // A live game with a running clock stays loaded: its flag falls here. Correspondence
        // games unload; the sweeper wakes them at their deadline.
        let live_flag = live.flag_at().is_some() && live.rule.is_live();
        let quiet = live.subs.is_empty() && live.thinking.is_none() && !live_flag;
        let flag_at = live.flag_at();
        let flag = tokio::time::sleep_until(until(flag_at.unwrap_or(i64::MAX)));
        tokio::select! {
            command = rx.recv() => match command {
                Some(Command::Leave) => {
                    left = true;
                    break;
                }
                Some(command) => live.handle(&games, &me, command).await,
                None => break,
            },
            () = flag, if flag_at.is_some() => live.flag_due(&games, &me).await,
            () = idle, if quiet => {
                idle_out = true;
                break;
            }
        }
    }
    if let Some(thinking) = live.thinking.take() {
        thinking.stop.stop();
    }
    // Unregister first, so no new command reaches this queue; then pass on what is queued.
    games.unloaded(&live.id, &me).await;
    rx.close();
    if let Some(site) = games.site() {
        if left {
            // This node's own connections follow the game wherever it went; another node's
            // (stand-ins) are subscribed again by their node, which sees the lease move.
            for sub in std::mem::take(&mut live.subs) {
                if !site.conns.is_stand_in(sub.conn.id) {
                    let again = Command::Subscribe {
                        conn: sub.conn,
                        since: None,
                    };
                    let _ = games.send(&live.id, again).await;
                }
            }
        } else if idle_out {
            site.release(&live.id).await;
        }
    }
    while let Ok(command) = rx.try_recv() {
        let _ = games.send(&live.id, command).await;
    }
}

impl Live {
    async fn handle(
        &mut self,
        games: &Arc<Games>,
        me: &mpsc::WeakSender<Command>,
        command: Command,
    ) {
        match command {
            Command::Subscribe { conn, since } => self.subscribe(games, conn, since),
            Command::Unsubscribe { conn } => {
                let gone: Vec<Seat> = self
                    .subs
                    .iter()
                    .filter(|s| s.conn.id == conn)
                    .flat_map(|s| s.seats.iter().copied())
                    .collect();
                let before = self.subs.len();
                self.subs.retain(|s| s.conn.id != conn);
                if self.subs.len() != before {
                    self.presence_changed(&gone, false);
                    self.crowd();
                }
            }
            Command::Act {
                conn,
                ply,
                action,
                ack,
                hash,
            } => {
                let outcome = self.act(games, me, &conn, ply, &action, ack, &hash).await;
                if let Err(refusal) = outcome {
                    nack(&conn, Some(ack), refusal);
                }
            }
            Command::Control { conn, msg } => {
                let id = msg.id;
                match self.control(games, me, &conn, msg).await {
                    Ok(v) => {
                        // A control that wrote nothing (a preference) is acked without a version.
                        let written = v <= self.row.version;
                        conn.out.send(&ServerMsg::Ack(Ack {
                            id,
                            v: written.then_some(Version(v as u32)),
                        }));
                        self.broadcast_from(v);
                        self.schedule_ai(games, me);
                    }
                    Err(refusal) => nack(&conn, Some(id), refusal),
                }
            }
            Command::Legal { conn, msg } => {
                let seats = self.seats_of(conn.user.as_ref());
                let reply = match self.game.actor() {
                    Actor::Seat(actor) if seats.contains(&actor) && self.is_running() => {
                        if msg.ply.0 as i64 != self.row.ply {
                            Err(Refusal::new(NackCode::Stale, "the game has moved on"))
                        } else {
                            let view = self.game.view(Some(actor.index()));
                            Ok(ServerMsg::Legal(LegalReply {
                                g: self.g.clone(),
                                ply: msg.ply,
                                legal: legal(&view, &msg.prefix),
                                prefix: msg.prefix,
                            }))
                        }
                    }
                    _ => Err(Refusal::new(
                        NackCode::Turn,
                        "you have no decision to make here",
                    )),
                };
                match reply {
                    Ok(msg) => conn.out.send(&msg),
                    Err(refusal) => nack(&conn, None, refusal),
                }
            }
            Command::Preview { conn, msg } => match self.preview(&conn, &msg) {
                Ok(reply) => conn.out.send(&reply),
                Err(refusal) => nack(&conn, Some(msg.id), refusal),
            },
            Command::Say { conn, msg } => {
                if let Err(refusal) = self.say(games, &conn, &msg).await {
                    nack(&conn, Some(msg.id), refusal);
                }
            }
            Command::AiDone(done) => self.ai_done(games, me, *done).await,
            Command::Boot => self.boot(games).await,
            Command::Pause(done) => {
                self.pause(games).await;
                let _ = done.send(());
            }
            // Taken by the loop itself.
            Command::Leave => {}
        }
    }

    fn subscribe(&mut self, games: &Arc<Games>, conn: Conn, since: Option<i64>) {
        let seats = self.seats_of(conn.user.as_ref());
        // A connection that already follows the game has heard its chat live.
        let following = self.subs.iter().any(|s| s.conn.id == conn.id);
        self.subs.retain(|s| s.conn.id != conn.id);
        let caught_up = match since {
            Some(v) if v == self.row.version => true,
            Some(v) if v >= 0 && v < self.row.version => {
                // The entries after `v`, when the ring still holds them all and each renders.
                let missing: Vec<_> = self.ring.iter().filter(|e| e.v() > v).collect();
                let complete = missing.first().is_some_and(|e| e.v() == v + 1)
                    && missing.len() as i64 == self.row.version - v;
                let frames: Option<Vec<ServerMsg>> = complete
                    .then(|| missing.iter().map(|e| self.entry_for(e, &seats)).collect())
                    .flatten();
                match frames {
                    Some(frames) => {
                        for frame in &frames {
                            conn.out.send(frame);
                        }
                        true
                    }
                    None => false,
                }
            }
            _ => false,
        };
        if !caught_up {
            conn.out.send(&self.full(&seats));
        }
        if !following {
            self.send_chat_history(games, &conn, !seats.is_empty());
        }
        self.presence_changed(&seats, true);
        self.subs.push(Subscriber { conn, seats });
        self.crowd();
    }

    /// Tells every subscriber who is here.
    fn crowd(&self) {
        let mut online: Vec<Seat> = self
            .subs
            .iter()
            .flat_map(|s| s.seats.iter().copied())
            .collect();
        online.sort();
        online.dedup();
        let watchers = self.subs.iter().filter(|s| s.seats.is_empty()).count();
        let msg = ServerMsg::Crowd(muster_wire::server::Crowd {
            g: self.g.clone(),
            online,
            watchers: u32::try_from(watchers).unwrap_or(u32::MAX),
        });
        for sub in &self.subs {
            sub.conn.out.send(&msg);
        }
    }

    #[allow(clippy::too_many_arguments)]
    async fn act(
        &mut self,
        games: &Arc<Games>,
        me: &mpsc::WeakSender<Command>,
        conn: &Conn,
        ply: Ply,
        action: &str,
        ack: AckId,
        hash: &ViewHash,
    ) -> Result<(), Refusal> {
        let seats = self.seats_of(conn.user.as_ref());
        if seats.is_empty() {
            return Err(Refusal::new(
                NackCode::NotSeated,
                "you hold no seat in this game",
            ));
        }
        let ply = i64::from(ply.0);
        // A resend of a decision already stored at `ply`: acknowledge it again.
        if ply < self.row.ply {
            if let Some(done) = self.history.played.get(ply as usize) {
                let same = done.seat.is_some_and(|s| seats.contains(&s))
                    && self
                        .game_at(ply)
                        .and_then(|g| g.normalize_action(action).ok())
                        == Some(done.action.clone());
                if same {
                    conn.out.send(&ServerMsg::Ack(Ack {
                        id: ack,
                        v: Some(Version(done.v as u32)),
                    }));
                    return Ok(());
                }
            }
            conn.out.send(&self.full(&seats));
            return Err(Refusal::new(
                NackCode::Stale,
                format!(
                    "ply {ply} has been played; the game is at ply {}; a fresh picture was sent",
                    self.row.ply
                ),
            ));
        }
        if !self.is_running() {
            return Err(Refusal::new(NackCode::Over, "the game is over"));
        }
        let actor = match self.game.actor() {
            Actor::Seat(actor) if seats.contains(&actor) => actor,
            Actor::Seat(actor) => {
                return Err(Refusal::new(
                    NackCode::Turn,
                    format!("it is {}'s decision, not yours", self.game.seat_name(actor)),
                ))
            }
            _ => return Err(Refusal::new(NackCode::Turn, "no seat is to act")),
        };
        if ply != self.row.ply || *hash != view_hash(&self.game, viewer_for(&seats, &self.game)) {
            conn.out.send(&self.full(&seats));
            return Err(Refusal::new(
                NackCode::Stale,
                format!(
                    "your picture of the game is out of date (you sent ply {ply}, the game is at ply {}); a fresh one was sent",
                    self.row.ply
                ),
            ));
        }
        let v = self.decide(games, me, actor, action, 0).await?;
        conn.out.send(&ServerMsg::Ack(Ack {
            id: ack,
            v: Some(Version(v as u32)),
        }));
        self.broadcast_from(v);
        self.schedule_ai(games, me);
        Ok(())
    }

    /// The position before decision `ply`, replayed from the start (only for resends, rare).
    fn game_at(&self, ply: i64) -> Option<AnyGame> {
        let mut game = self.start.clone();
        for p in self.history.played.iter().take(ply as usize) {
            game.apply_trusted(&p.action).ok()?;
        }
        Some(game)
    }

    /// Plays `action` for `seat`, then any chance draws that follow, and commits them in one
    /// transaction; only after the commit does the actor's state change. Returns the version of
    /// the seat's decision. A decision that comes after the seat's time ran out is not played:
    /// the seat loses on time instead, and the refusal says so.
    pub(super) async fn decide(
        &mut self,
        games: &Arc<Games>,
        _me: &mpsc::WeakSender<Command>,
        seat: Seat,
        action: &str,
        think_ms: i64,
    ) -> Result<i64, Refusal> {
        let now = now_ms();
        match self.play_unit(seat, action, think_ms, now)? {
            Ok(unit) => self.commit_unit(games, unit, now).await,
            Err(late) => {
                let v = self.time_out(games, late, now).await?;
                self.broadcast_from(v);
                Err(Refusal::new(
                    NackCode::Over,
                    "your time ran out before this decision arrived",
                ))
            }
        }
    }

    pub(super) fn push_ring(&mut self, entry: Entry) {
        self.ring.push_back(Arc::new(entry));
        while self.ring.len() > self.ring_cap.max(1) {
            self.ring.pop_front();
        }
    }

    /// Sends every subscriber the entries from version `from` on, rendered for it. A rewind
    /// (a takeback) is followed by a `full`.
    pub(super) fn broadcast_from(&self, from: i64) {
        let entries: Vec<&Arc<Entry>> = self.ring.iter().filter(|e| e.v() >= from).collect();
        let rewound = entries.iter().any(|e| match e.as_ref() {
            Entry::Public { msg, .. } => matches!(msg.as_ref(), ServerMsg::Rewind(_)),
            _ => false,
        });
        let mut cache: Vec<(Vec<Seat>, Vec<Arc<str>>)> = Vec::new();
        for sub in &self.subs {
            let key = sub.seats.clone();
            let frames = match cache.iter().find(|(k, _)| *k == key) {
                Some((_, frames)) => frames.clone(),
                None => {
                    let mut frames: Vec<Arc<str>> = Vec::new();
                    for entry in &entries {
                        match entry.as_ref() {
                            Entry::Public { msg, .. } => frames.push(Arc::from(msg.to_json())),
                            other => {
                                if let Some(msg) = self.entry_for(other, &key) {
                                    frames.push(Arc::from(msg.to_json()));
                                }
                            }
                        }
                    }
                    if rewound {
                        frames.push(Arc::from(self.full(&key).to_json()));
                    }
                    cache.push((key, frames.clone()));
                    frames
                }
            };
            for frame in frames {
                sub.conn.out.send_text(frame);
            }
        }
    }

    /// Starts a search when an AI seat is to act and none runs.
    pub(super) fn schedule_ai(&mut self, games: &Arc<Games>, me: &mpsc::WeakSender<Command>) {
        if !self.is_running() || self.thinking.is_some() {
            return;
        }
        let Actor::Seat(seat) = self.game.actor() else {
            return;
        };
        let Some(row) = self.row.seats.get(seat.index()) else {
            return;
        };
        if row.kind != SeatKind::Ai {
            return;
        }
        let Some(reply) = me.upgrade() else {
            return;
        };
        let level = row.ai_level.and_then(|l| u8::try_from(l).ok()).unwrap_or(3);
        let game_id = self.game.id();
        let engine = match self.engines.remove(&seat.0) {
            Some(engine) => engine,
            None => {
                let Some(level) = levels::level(game_id, level) else {
                    return;
                };
                Engine::new(game_id, level.recipe, row.ai_seed as u64, 1)
            }
        };
        let stop = StopFlag::default();
        self.thinking = Some(Thinking {
            seat,
            ply: self.row.ply,
            stop: stop.clone(),
        });
        games.ai.think(
            AiJob {
                seat,
                ply: self.row.ply,
                game: (*self.game).clone(),
                engine,
                cap: self.ai_cap(games.config.ai_cap),
                min_delay: games.config.ai_min_delay,
                stop,
            },
            reply,
        );
    }

    async fn ai_done(&mut self, games: &Arc<Games>, me: &mpsc::WeakSender<Command>, done: AiDone) {
        let current = self
            .thinking
            .as_ref()
            .is_some_and(|t| t.seat == done.seat && t.ply == done.ply);
        self.engines.insert(done.seat.0, done.engine);
        if !current {
            return;
        }
        self.thinking = None;
        let still_to_act = self.is_running()
            && self.row.ply == done.ply
            && self.game.actor() == Actor::Seat(done.seat);
        if !still_to_act {
            self.schedule_ai(games, me);
            return;
        }
        // A search that fails (it never should) must not stall the game: a legal action drawn
        // from the seat's seed and the ply is played instead.
        let action = match done.result {
            Ok(action) => Some(action),
            Err(_) => chance::draw(
                &self.game,
                self.row.seats[done.seat.index()].ai_seed,
                done.ply,
            ),
        };
        let Some(mut action) = action else {
            return;
        };
        for attempt in 0..3 {
            match self
                .decide(games, me, done.seat, &action, done.think_ms)
                .await
            {
                Ok(v) => {
                    self.broadcast_from(v);
                    self.schedule_ai(games, me);
                    return;
                }
                Err(refusal) if matches!(refusal.code, NackCode::Parse | NackCode::Illegal) => {
                    // The search's answer does not apply (it never should): play a drawn
                    // legal action instead, so the game goes on.
                    // Logged without the action or the rules' words: either may name a
                    // secret decision.
                    eprintln!(
                        "muster serve: game {}: an AI decision was refused ({:?}); a legal action is drawn instead",
                        self.id, refusal.code
                    );
                    let ai_seed = self.row.seats[done.seat.index()].ai_seed;
                    match chance::draw(&self.game, ai_seed ^ attempt, done.ply) {
                        Some(drawn) => action = drawn,
                        None => return,
                    }
                }
                Err(_) => {
                    // A failed commit (or the game moved on): think again after a pause.
                    tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                    self.schedule_ai(games, me);
                    return;
                }
            }
        }
    }
}

pub(super) fn nack(conn: &Conn, id: Option<AckId>, refusal: Refusal) {
    conn.out.send(&ServerMsg::Nack(Nack {
        id,
        g: None,
        code: refusal.code,
        reason: refusal.reason,
        rule: refusal.rule,
    }));
}

/// The instant of a time in ms since the epoch (now, if it has passed).
fn until(at_ms: i64) -> tokio::time::Instant {
    let wait = at_ms.saturating_sub(now_ms()).clamp(0, 86_400_000); // at most a day ahead: the loop comes round long before
    tokio::time::Instant::now() + std::time::Duration::from_millis(wait as u64)
}
