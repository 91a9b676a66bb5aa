//! The actor of one game: its loop, and the commit path of a decision (web.md §2.2).

use std::sync::Arc;

use muster_rules::{Actor, AnyGame, Seat, Visibility};
use muster_search::{levels, Engine, StopFlag};
use muster_store::{Commit, GameEnd, GameStatus, LogEntry, LogKind, SeatKind, SeatResult};
use muster_wire::server::LegalReply;
use muster_wire::server::{Ack, Nack};
use muster_wire::{AckId, NackCode, Ply, ServerMsg, Version, ViewHash};
use tokio::sync::mpsc;

use super::ai::{AiDone, AiJob};
use super::chance;
use super::legal::legal;
use super::load::{Entry, Live, Subscriber, Thinking};
use super::render::view_hash;
use super::{Command, Conn, Games};
use crate::history::{data, EndData, Played};
use crate::time::now_ms;

/// A refusal: its code, its reason, and the rule it cites.
#[derive(Debug)]
pub(super) struct Refusal {
    pub code: NackCode,
    pub reason: String,
    pub rule: Option<String>,
}

impl Refusal {
    fn new(code: NackCode, reason: impl Into<String>) -> Refusal {
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
    loop {
        let idle = tokio::time::sleep(games.config.idle_unload);
        let quiet = live.subs.is_empty() && live.thinking.is_none();
        tokio::select! {
            command = rx.recv() => match command {
                Some(command) => live.handle(&games, &me, command).await,
                None => break,
            },
            () = idle, if quiet => break,
        }
    }
    if let Some(thinking) = live.thinking.take() {
        thinking.stop.stop();
    }
    // Unregister first, so no new command reaches this queue; then pass on what is queued.
    games.unloaded(&live.id, &me).await;
    rx.close();
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
            Command::Subscribe { conn, since } => self.subscribe(conn, since),
            Command::Unsubscribe { conn } => {
                let before = self.subs.len();
                self.subs.retain(|s| s.conn.id != conn);
                if self.subs.len() != before {
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
                let refusal = Refusal::new(
                    NackCode::Refused,
                    format!(
                        "`{}` is not served yet",
                        serde_json::to_string(&msg.k).unwrap_or_default()
                    ),
                );
                nack(&conn, Some(msg.id), refusal);
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
            Command::AiDone(done) => self.ai_done(games, me, *done).await,
        }
    }

    fn subscribe(&mut self, conn: Conn, since: Option<i64>) {
        let seats = self.seats_of(conn.user.as_ref());
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
        if ply != self.row.ply || *hash != view_hash(&self.game, seats.first().copied()) {
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
    /// transaction. Only after the commit does the actor's state change. Returns the version of
    /// the seat's decision; the new entries are in the ring.
    async fn decide(
        &mut self,
        games: &Arc<Games>,
        me: &mpsc::WeakSender<Command>,
        seat: Seat,
        action: &str,
        think_ms: i64,
    ) -> Result<i64, Refusal> {
        if self.game.actor() != Actor::Seat(seat) {
            return Err(Refusal::new(NackCode::Turn, "that seat is not to act"));
        }
        let now = now_ms();
        let mut steps = Vec::new();
        let mut position = (*self.game).clone();
        let step = position.apply_step(action).map_err(|e| refusal_of(&e))?;
        let mut before = Arc::clone(&self.game);
        let mut after = Arc::new(position.clone());
        steps.push((step, Arc::clone(&before), Arc::clone(&after)));
        let mut ply = self.row.ply;
        while position.actor() == Actor::Chance {
            let drawn = chance::draw(&position, self.row.chance_seed, ply + steps.len() as i64)
                .ok_or_else(|| Refusal::new(NackCode::Storage, "chance has nothing to draw"))?;
            let step = position.apply_step(&drawn).map_err(|e| refusal_of(&e))?;
            before = after;
            after = Arc::new(position.clone());
            steps.push((step, Arc::clone(&before), Arc::clone(&after)));
        }
        let secrets_before = self.game.secrets_pending();
        let mut entries = Vec::new();
        for (i, (step, _, after)) in steps.iter().enumerate() {
            entries.push(LogEntry {
                kind: if step.actor == Actor::Chance {
                    LogKind::Chance
                } else {
                    LogKind::Act
                },
                ply: ply + i as i64,
                seat: match step.actor {
                    Actor::Seat(s) => Some(i64::from(s.0)),
                    _ => None,
                },
                action: Some(step.action.clone()),
                hidden: step.visibility != Visibility::Public,
                hash: after.position_hash() as i64,
                clock_ms: None,
                think_ms: if i == 0 { think_ms } else { 0 },
                data_json: "{}".to_owned(),
                created_ms: now,
            });
        }
        let new_ply = ply + steps.len() as i64;
        let end = position.outcome().map(|rules| {
            let outcome = self
                .history
                .endings
                .outcome(Some(rules.clone()), position.seats())
                .unwrap_or(rules);
            entries.push(LogEntry {
                kind: LogKind::End,
                ply: new_ply,
                seat: None,
                action: None,
                hidden: false,
                hash: position.position_hash() as i64,
                clock_ms: None,
                think_ms: 0,
                data_json: data(&EndData { ending: None }),
                created_ms: now,
            });
            GameEnd {
                result: outcome.score_text(),
                termination: "normal".to_owned(),
                ended_ms: now,
                seats: outcome
                    .scores
                    .iter()
                    .zip(&outcome.ranks)
                    .enumerate()
                    .map(|(i, (&score, &rank))| SeatResult {
                        seat: i as i64,
                        score: f64::from(score),
                        rank: i64::from(rank),
                    })
                    .collect(),
            }
        });
        let status = if end.is_some() {
            GameStatus::Over
        } else {
            GameStatus::Running
        };
        let commit = Commit {
            entries,
            ply: new_ply,
            status,
            clock_json: self.row.clock_json.clone(),
            deadline_ms: None,
            started_ms: self.row.started_ms.is_none().then_some(now),
            now_ms: now,
            end,
            ..Commit::default()
        };
        let first_v = self.row.version + 1;
        let version = match games
            .store
            .commit(&self.id, self.row.version, &commit)
            .await
        {
            Ok(v) => v,
            Err(e) => {
                return Err(Refusal::new(
                    NackCode::Storage,
                    format!(
                        "the decision could not be stored ({e}); nothing changed — send it again"
                    ),
                ))
            }
        };
        // Committed: now the state changes.
        let mut v = first_v;
        for (step, before, after) in steps {
            self.turns.push(before.turn().number);
            self.history.played.push(Played {
                v,
                ply,
                seat: match step.actor {
                    Actor::Seat(s) => Some(s),
                    _ => None,
                },
                action: step.action.clone(),
                hidden: step.visibility != Visibility::Public,
                hash: after.position_hash() as i64,
            });
            // The step that ends the secrets reveals every secret decision, itself included.
            let revealed = if secrets_before && !after.secrets_pending() {
                self.history
                    .played
                    .iter()
                    .filter(|p| p.hidden)
                    .map(|p| (p.ply, p.action.clone()))
                    .collect()
            } else {
                Vec::new()
            };
            for engine in self.engines.values_mut() {
                engine.observe(&before, &step.action);
            }
            self.push_ring(Entry::Step {
                v,
                ply,
                step,
                before,
                after,
                revealed,
            });
            v += 1;
            ply += 1;
        }
        self.history.offers.clear();
        self.game = Arc::new(position);
        if let Some(end) = &commit.end {
            self.push_ring(Entry::Other { v });
            self.history.ended = true;
            self.row.result = Some(end.result.clone());
            self.row.termination = Some(end.termination.clone());
            self.row.ended_ms = Some(now);
        }
        self.row.version = version;
        self.row.ply = new_ply;
        self.row.status = status;
        self.history.version = version;
        if self.row.started_ms.is_none() {
            self.row.started_ms = Some(now);
        }
        self.schedule_ai(games, me);
        Ok(first_v)
    }

    fn push_ring(&mut self, entry: Entry) {
        self.ring.push_back(Arc::new(entry));
        while self.ring.len() > self.ring_cap() {
            self.ring.pop_front();
        }
    }

    fn ring_cap(&self) -> usize {
        64
    }

    /// Sends every subscriber the entries from version `from` on, rendered for it; the end of
    /// the game as an `end` frame.
    fn broadcast_from(&self, from: i64) {
        let entries: Vec<&Arc<Entry>> = self.ring.iter().filter(|e| e.v() >= from).collect();
        let mut cache: Vec<(Vec<Seat>, Vec<Arc<str>>)> = Vec::new();
        for sub in &self.subs {
            let key = sub.seats.clone();
            let frames = match cache.iter().find(|(k, _)| *k == key) {
                Some((_, frames)) => frames.clone(),
                None => {
                    let mut frames: Vec<Arc<str>> = entries
                        .iter()
                        .filter_map(|e| self.entry_for(e, &key))
                        .map(|m| Arc::from(m.to_json()))
                        .collect();
                    if let Some(end) = entries
                        .iter()
                        .find(|e| matches!(e.as_ref(), Entry::Other { .. }))
                    {
                        frames.push(Arc::from(self.end_frame(end.v()).to_json()));
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

    /// The `end` frame at version `v`.
    fn end_frame(&self, v: i64) -> ServerMsg {
        let outcome = self
            .outcome()
            .map(Into::into)
            .unwrap_or(muster_wire::Outcome {
                scores: Vec::new(),
                ranks: Vec::new(),
                reason: "aborted".to_owned(),
            });
        ServerMsg::End(muster_wire::server::End {
            g: self.g.clone(),
            v: Version(v as u32),
            outcome,
            termination: muster_wire::server::Termination::Normal,
            ratings: Vec::new(),
        })
    }

    /// Starts a search when an AI seat is to act and none runs.
    fn schedule_ai(&mut self, games: &Arc<Games>, me: &mpsc::WeakSender<Command>) {
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
                cap: games.config.ai_cap,
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
        let Some(action) = action else {
            return;
        };
        match self
            .decide(games, me, done.seat, &action, done.think_ms)
            .await
        {
            Ok(v) => self.broadcast_from(v),
            Err(_) => {
                // A failed commit: think again after a pause.
                tokio::time::sleep(std::time::Duration::from_millis(200)).await;
                self.schedule_ai(games, me);
            }
        }
    }
}

/// The refusal for a rules error: unreadable text or an illegal action, with the rule's words.
fn refusal_of(error: &muster_rules::AnyError) -> Refusal {
    let code = if matches!(error, muster_rules::AnyError::Parse(_)) {
        NackCode::Parse
    } else {
        NackCode::Illegal
    };
    Refusal::new(code, error.to_string())
}

fn nack(conn: &Conn, id: Option<AckId>, refusal: Refusal) {
    conn.out.send(&ServerMsg::Nack(Nack {
        id,
        code: refusal.code,
        reason: refusal.reason,
        rule: refusal.rule,
    }));
}
