//! The commit path (docs/server-design.md §2.2): everything one action changes — the decisions with
//! the chance draws that follow them, notes such as offers, retirements and the end, the clocks,
//! the seats and the ratings — is written in one transaction, and only after it is committed does
//! the actor's state change. A failed commit changes nothing.

use std::sync::Arc;

use muster_rules::record::Ending;
use muster_rules::{Actor, AnyGame, AnyStep, Seat, Visibility};
use muster_store::{
    Commit, GameEnd, GameStatus, LogEntry, LogKind, RatingUpdate, SeatChange, SeatKind, SeatResult,
};
use muster_wire::server::{
    Answer, End, Offer, RatingChange, SeatChange as WireSeatChange, SeatEntry, Termination,
};
use muster_wire::{NackCode, Ply, ServerMsg, Version};

use super::actor::Refusal;
use super::chance;
use super::load::{Entry, Live};
use super::Games;
use crate::clock::{Clocks, DecisionFacts};
use crate::history::{data, EndData, OfferData, OfferNote, Played, RetireData, TakebackData};
use crate::ratings;

/// A log entry that is not a decision.
#[derive(Clone, Debug)]
pub(super) enum Note {
    /// A seat offers something.
    Offer { seat: Seat, data: OfferData },
    /// A seat answers an offer.
    Answer { seat: Seat, data: OfferData },
    /// A seat of a game of three or more leaves; an AI level plays on for it.
    Retire { data: RetireData },
    /// The game goes back to `to_ply`.
    Takeback { seat: Seat, to_ply: i64 },
    /// The server stopped / started again.
    Pause,
    /// See [`Note::Pause`].
    Resume,
}

/// The most decisions one unit plays after the one asked for (chance draws and decisions made
/// by preference): a bound, never reached in play, on a loop the rules could not end.
const MAX_FOLLOW_UPS: usize = 4096;
/// How many times the end of a rated game is rated again when a player's rating moved between
/// its read and the commit (another of their rated games in the pool ended meanwhile).
const RATE_AGAIN: usize = 8;

/// How a game ends outside its rules, with the words stored for it.
#[derive(Clone, Copy, Debug)]
pub(super) struct Finish {
    pub ending: Ending,
    pub termination: Termination,
}

/// Everything one transaction changes.
pub(super) struct Unit {
    /// The decisions, each with the positions before and after it.
    pub steps: Vec<(AnyStep, Arc<AnyGame>, Arc<AnyGame>)>,
    /// The position after them.
    pub position: Arc<AnyGame>,
    /// Entries after the decisions.
    pub notes: Vec<Note>,
    /// The clocks after it all.
    pub clocks: Clocks,
    /// How long the first decision was thought over.
    pub think_ms: i64,
    /// An ending outside the rules, if the game ends so.
    pub finish: Option<Finish>,
    /// A takeback: the ply the game returns to (`position` is the position there).
    pub rewind_to: Option<i64>,
}

impl Unit {
    /// A unit that changes no position.
    pub fn notes(live: &Live, notes: Vec<Note>) -> Unit {
        Unit {
            steps: Vec::new(),
            position: Arc::clone(&live.game),
            notes,
            clocks: live.clocks.clone(),
            think_ms: 0,
            finish: None,
            rewind_to: None,
        }
    }
}

impl Live {
    /// Whether every human seat has made a decision (the clocks and the abort window wait for
    /// it, docs/server-design.md §2.5), counting `also` as one that has.
    pub(super) fn all_humans_started(&self, also: Option<Seat>) -> bool {
        self.row
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == SeatKind::Human)
            .all(|(i, _)| {
                let seat = Seat(i as u8);
                also == Some(seat) || self.history.played.iter().any(|p| p.seat == Some(seat))
            })
    }

    /// Plays `action` for `seat` and the chance draws after it: the unit to commit, without
    /// committing it. A late decision comes back as the seat's flag.
    pub(super) fn play_unit(
        &self,
        seat: Seat,
        action: &str,
        think_ms: i64,
        now: i64,
    ) -> Result<Result<Unit, Seat>, Refusal> {
        if self.game.actor() != Actor::Seat(seat) {
            return Err(Refusal::new(NackCode::Turn, "that seat is not to act"));
        }
        let mut position = (*self.game).clone();
        let mut clocks = self.clocks.clone();
        let mut steps = Vec::new();
        let mut before = Arc::clone(&self.game);
        let mut decided_by = Some(seat);
        let mut text = action.to_owned();
        loop {
            let step = position.apply_step(&text).map_err(|e| refusal_of(&e))?;
            let after = Arc::new(position.clone());
            let facts = DecisionFacts {
                decided_by,
                mover_before: before.turn().mover,
                mover_after: after.turn().mover,
                actor_after: match after.actor() {
                    Actor::Seat(s) => Some(s),
                    _ => None,
                },
                all_humans_started: self.all_humans_started(Some(seat)),
            };
            if clocks
                .on_decision(self.rule, facts, now, self.grace_ms())
                .is_err()
            {
                return Ok(Err(seat));
            }
            steps.push((step, Arc::clone(&before), Arc::clone(&after)));
            before = after;
            // What follows in the same unit (docs/server-design.md §2.2, step 3): chance draws,
            // and the decisions a seat's standing preferences make for it. Both take no one's time.
            text = match position.actor() {
                Actor::Chance => {
                    let ply = self.row.ply + steps.len() as i64;
                    chance::draw(&position, self.row.chance_seed, ply).ok_or_else(|| {
                        Refusal::new(NackCode::Storage, "chance has nothing to draw")
                    })?
                }
                Actor::Seat(next) => match self.played_for(&position, next) {
                    Some(text) if steps.len() < MAX_FOLLOW_UPS => text,
                    _ => break,
                },
                Actor::Over => break,
            };
            decided_by = None;
        }
        Ok(Ok(Unit {
            steps,
            position: before,
            notes: Vec::new(),
            clocks,
            think_ms,
            finish: None,
            rewind_to: None,
        }))
    }

    /// Commits a unit and, once it is committed, takes it in. Returns the first new version.
    pub(super) async fn commit_unit(
        &mut self,
        games: &Arc<Games>,
        mut unit: Unit,
        now: i64,
    ) -> Result<i64, Refusal> {
        let mut entries = Vec::new();
        let mut ply = self.row.ply;
        for (i, (step, _, after)) in unit.steps.iter().enumerate() {
            entries.push(LogEntry {
                kind: if step.actor == Actor::Chance {
                    LogKind::Chance
                } else {
                    LogKind::Act
                },
                ply,
                seat: seat_of(step.actor).map(|s| i64::from(s.0)),
                action: Some(step.action.clone()),
                hidden: step.visibility != Visibility::Public,
                hash: after.position_hash() as i64,
                clock_ms: seat_of(step.actor)
                    .filter(|_| self.rule != crate::clock::ClockRule::None)
                    .map(|s| unit.clocks.remaining_ms(s)),
                think_ms: if i == 0 { unit.think_ms } else { 0 },
                data_json: "{}".to_owned(),
                created_ms: now,
            });
            ply += 1;
        }
        let hash = unit.position.position_hash() as i64;
        let mut seat_changes = Vec::new();
        let mut endings = self.history.endings.clone();
        for note in &unit.notes {
            let (kind, seat, data_json) = match note {
                Note::Offer { seat, data: d } => (LogKind::Offer, Some(*seat), data(d)),
                Note::Answer { seat, data: d } => (LogKind::Answer, Some(*seat), data(d)),
                Note::Retire { data: d } => {
                    endings.retired.push(d.retirement);
                    seat_changes.push(SeatChange::Retire {
                        seat: i64::from(d.retirement.seat.0),
                        ply,
                        why: d.retirement.how.word().to_owned(),
                        ai_level: i64::from(d.level),
                    });
                    (LogKind::Retire, Some(d.retirement.seat), data(d))
                }
                Note::Takeback { seat, to_ply } => (
                    LogKind::Takeback,
                    Some(*seat),
                    data(&TakebackData { to_ply: *to_ply }),
                ),
                Note::Pause => (LogKind::Pause, None, "{}".to_owned()),
                Note::Resume => (LogKind::Resume, None, "{}".to_owned()),
            };
            entries.push(LogEntry {
                kind,
                ply,
                seat: seat.map(|s| i64::from(s.0)),
                action: None,
                hidden: false,
                hash,
                clock_ms: None,
                think_ms: 0,
                data_json,
                created_ms: now,
            });
        }
        // The end: by the rules, or by an ending outside them.
        if let Some(finish) = unit.finish {
            endings.ending = Some(finish.ending);
        }
        let seats = unit.position.seats();
        let rules_over = unit.position.outcome().is_some();
        let ends = rules_over || unit.finish.is_some();
        let mut end = None;
        let mut ratings = Vec::new();
        let mut wire_ratings = Vec::new();
        // The ranks a rated end was rated by, to rate again if a rating moves meanwhile.
        let mut rated_ranks = None;
        let termination = unit.finish.map_or(Termination::Normal, |f| f.termination);
        if ends {
            unit.clocks.stop(now);
            let forfeit_seat = match unit.finish.map(|f| f.ending) {
                Some(Ending::Forfeit { seat, .. }) => Some(i64::from(seat.0)),
                _ => None,
            };
            entries.push(LogEntry {
                kind: LogKind::End,
                ply,
                seat: forfeit_seat,
                action: None,
                hidden: false,
                hash,
                clock_ms: None,
                think_ms: 0,
                data_json: data(&EndData {
                    ending: unit.finish.map(|f| f.ending),
                }),
                created_ms: now,
            });
            let outcome = endings.outcome(unit.position.outcome(), seats);
            if let Some(outcome) = &outcome {
                if self.row.rated {
                    (ratings, wire_ratings) = self.rate(games, &outcome.ranks).await?;
                    rated_ranks = Some(outcome.ranks.clone());
                }
            }
            end = Some(GameEnd {
                result: outcome
                    .as_ref()
                    .map_or_else(|| "*".to_owned(), |o| o.score_text()),
                termination: crate::convert::store_termination(termination),
                ended_ms: now,
                seats: outcome
                    .iter()
                    .flat_map(|o| {
                        o.scores
                            .iter()
                            .zip(&o.ranks)
                            .enumerate()
                            .map(|(i, (&score, &rank))| SeatResult {
                                seat: i as i64,
                                score: f64::from(score),
                                rank: i64::from(rank),
                            })
                    })
                    .collect(),
            });
        }
        let status = match (ends, termination) {
            (false, _) => self.row.status,
            (true, Termination::Aborted) => GameStatus::Aborted,
            (true, _) => GameStatus::Over,
        };
        let mut commit = Commit {
            entries,
            ply: unit.rewind_to.unwrap_or(ply),
            status,
            clock_json: unit.clocks.to_json(),
            deadline_ms: unit.clocks.deadline_ms(self.rule),
            started_ms: (self.row.started_ms.is_none() && !unit.steps.is_empty()).then_some(now),
            now_ms: now,
            end,
            seat_changes,
            ratings,
        };
        let mut rated_again = 0;
        let version = loop {
            let stored = games
                .store
                .commit(&self.id, self.row.version, &commit)
                .await;
            match (stored, &rated_ranks) {
                // Another rated game of a player in the pool ended between the read of the
                // ratings and this commit, which wrote nothing: rate from the new ratings.
                (Err(muster_store::Error::RatingMoved { .. }), Some(ranks))
                    if rated_again < RATE_AGAIN =>
                {
                    rated_again += 1;
                    (commit.ratings, wire_ratings) = self.rate(games, ranks).await?;
                }
                (stored, _) => {
                    break stored.map_err(|e| {
                        Refusal::new(
                            NackCode::Storage,
                            format!(
                                "it could not be stored ({e}); nothing changed — send it again"
                            ),
                        )
                    })?
                }
            }
        };
        // Committed: take it in.
        let mover = unit
            .steps
            .first()
            .and_then(|(step, _, _)| seat_of(step.actor));
        let decided = !unit.steps.is_empty();
        let first_v = self.row.version + 1;
        let mut v = first_v;
        let secrets_before = self.game.secrets_pending();
        let mut step_ply = self.row.ply;
        for (step, before, after) in unit.steps {
            self.turns.push(before.turn().number);
            self.history.played.push(Played {
                v,
                ply: step_ply,
                seat: seat_of(step.actor),
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
                ply: step_ply,
                step,
                before,
                after,
                revealed,
            });
            self.history.offers.clear();
            v += 1;
            step_ply += 1;
        }
        self.game = unit.position;
        for note in unit.notes {
            let msg = match note {
                Note::Offer { seat, data: d } | Note::Answer { seat, data: d } => {
                    self.history.offers.push(OfferNote {
                        v,
                        ply,
                        seat,
                        data: d,
                    });
                    match d.yes {
                        None => Some(ServerMsg::Offer(Offer {
                            g: self.g.clone(),
                            v: Version(v as u32),
                            k: d.k,
                            by: seat,
                            ply: Ply(ply as u32),
                        })),
                        Some(yes) => Some(ServerMsg::Answer(Answer {
                            g: self.g.clone(),
                            v: Version(v as u32),
                            k: d.k,
                            by: seat,
                            ply: Ply(ply as u32),
                            yes,
                        })),
                    }
                }
                Note::Retire { data: d } => {
                    let seat = d.retirement.seat;
                    self.history.endings.retired.push(d.retirement);
                    self.history.retired_levels.push((seat, d.level));
                    if let Some(row) = self.row.seats.get_mut(seat.index()) {
                        row.kind = SeatKind::Ai;
                        row.ai_level = Some(i64::from(d.level));
                        row.retired_ply = Some(ply);
                        row.retired_why = Some(d.retirement.how.word().to_owned());
                    }
                    if let Some(name) = self.names.get_mut(seat.index()) {
                        *name = format!("{name} (retired; AI level {})", d.level);
                    }
                    Some(ServerMsg::Seat(SeatEntry {
                        g: self.g.clone(),
                        v: Version(v as u32),
                        seat,
                        change: WireSeatChange::Retired,
                    }))
                }
                Note::Takeback { .. } | Note::Pause | Note::Resume => None,
            };
            self.push_ring(match msg {
                Some(msg) => Entry::Public {
                    v,
                    msg: Box::new(msg),
                },
                None => Entry::Other { v },
            });
            v += 1;
        }
        if let Some(finish) = unit.finish {
            self.history.endings.ending = Some(finish.ending);
        }
        if ends {
            self.history.ended = true;
            self.row.termination = Some(crate::convert::store_termination(termination));
            self.row.ended_ms = Some(now);
            if let Some(end) = &commit.end {
                self.row.result = Some(end.result.clone());
            }
            let outcome = self.outcome();
            let msg = ServerMsg::End(End {
                g: self.g.clone(),
                v: Version(v as u32),
                outcome: outcome.map(Into::into).unwrap_or(muster_wire::Outcome {
                    scores: Vec::new(),
                    ranks: Vec::new(),
                    reason: "aborted: no result".to_owned(),
                }),
                termination,
                ratings: wire_ratings,
            });
            self.push_ring(Entry::Public {
                v,
                msg: Box::new(msg),
            });
            if let Some(thinking) = self.thinking.take() {
                thinking.stop.stop();
            }
            let event = muster_wire::StreamEvent::GameEnd {
                g: self.g.clone(),
                result: (termination != Termination::Aborted)
                    .then(|| self.row.result.clone())
                    .flatten(),
                termination,
            };
            let mut told: Vec<&muster_store::UserId> = Vec::new();
            for user in self.row.seats.iter().filter_map(|s| s.user_id.as_ref()) {
                if !told.contains(&user) {
                    told.push(user);
                    games.notices().tell(user, &event);
                }
            }
        }
        self.clocks = unit.clocks;
        self.row.version = version;
        self.history.version = version;
        self.row.ply = unit.rewind_to.unwrap_or(step_ply);
        self.row.status = status;
        self.row.clock_json = commit.clock_json;
        self.row.deadline_ms = commit.deadline_ms;
        if commit.started_ms.is_some() {
            self.row.started_ms = commit.started_ms;
        }
        if decided && !ends {
            self.tell_turn(games, mover);
        }
        Ok(first_v)
    }

    /// The rating updates of a rated game that ends with `ranks` (every seat human: rated games
    /// admit no AI seat).
    async fn rate(
        &self,
        games: &Arc<Games>,
        ranks: &[u8],
    ) -> Result<(Vec<RatingUpdate>, Vec<RatingChange>), Refusal> {
        let seats = self.row.seats.len();
        let pool = ratings::pool(&self.row.game, seats, self.row.clock_kind);
        let mut users = Vec::with_capacity(seats);
        let mut before = Vec::with_capacity(seats);
        for seat in &self.row.seats {
            let Some(user) = seat.user_id.clone() else {
                return Ok((Vec::new(), Vec::new())); // a seat without a person: not rated
            };
            let stored = games.store.rating(&user, &pool).await.map_err(|e| {
                Refusal::new(NackCode::Storage, format!("ratings could not be read: {e}"))
            })?;
            before.push(
                stored.map_or_else(ratings::Rating::initial, |r| ratings::Rating {
                    rating: r.rating,
                    rd: r.rd,
                    vol: r.vol,
                    games: u32::try_from(r.games).unwrap_or(u32::MAX),
                }),
            );
            users.push(user);
        }
        let Ok(after) = ratings::rate(&before, ranks) else {
            return Ok((Vec::new(), Vec::new()));
        };
        let mut updates = Vec::new();
        let mut changes = Vec::new();
        for (i, user) in users.into_iter().enumerate() {
            updates.push(RatingUpdate {
                user_id: user,
                pool: pool.clone(),
                seat: i as i64,
                rating_before: before[i].rating,
                rd_before: before[i].rd,
                rating_after: after[i].rating,
                rd_after: after[i].rd,
                vol: after[i].vol,
                games: i64::from(after[i].games),
            });
            changes.push(RatingChange {
                seat: Seat(i as u8),
                before: before[i].rating,
                after: after[i].rating,
            });
        }
        Ok((updates, changes))
    }
}

fn seat_of(actor: Actor) -> Option<Seat> {
    match actor {
        Actor::Seat(s) => Some(s),
        _ => None,
    }
}

/// The refusal for a rules error: unreadable text or an illegal action, with the rule's words.
pub(super) fn refusal_of(error: &muster_rules::AnyError) -> Refusal {
    let code = if matches!(error, muster_rules::AnyError::Parse(_)) {
        NackCode::Parse
    } else {
        NackCode::Illegal
    };
    Refusal::new(code, error.to_string())
}
