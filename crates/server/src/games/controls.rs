//! Controls outside the rules (docs/server-design.md §2.5): resigning (and Mur's resignation of a
//! set), aborting, draw offers, takebacks by consent, claims over a seat that has gone, rematches —
//! and the clocks' flag.

use std::sync::Arc;

use muster_rules::record::{Departure, Ending, Retirement};
use muster_rules::{Actor, Seat};
use muster_store::{SeatKind, TakebackPolicy};
use muster_wire::server::{Gone, Notify, NotifyKind, OfferKind, Rewind, Termination};
use muster_wire::{Control, Ctl, Millis, NackCode, ServerMsg, Version};
use tokio::sync::mpsc;

use super::actor::Refusal;
use super::commit::{Finish, Note, Unit};
use super::create::{new_game, NewGameSpec, SeatPlan};
use super::load::{start_of, Entry, Live};
use super::{Command, Conn, Games};
use crate::accounts::prefs::{edit_prefs, PrefsEdit};
use crate::clock::{flag_grace_ms, ClockRule};
use crate::history::{OfferData, RetireData};
use crate::time::now_ms;

/// The AI level that plays on for a seat that retires.
pub(super) const RETIRED_LEVEL: u8 = 3;

fn refused(reason: &str) -> Refusal {
    Refusal::new(NackCode::Refused, reason)
}

/// Whether a draw may be offered in `game` played by `seats` seats: two seats, and a game
/// whose rules let its players agree to one ([`muster_rules::GameInfo::draw_by_agreement`]).
pub(super) fn draws_offered(game: &muster_rules::AnyGame, seats: usize) -> bool {
    seats == 2 && game.info().draw_by_agreement
}

/// The names of the games whose players may agree to a draw, for a refusal.
fn draw_games() -> String {
    muster_rules::GameId::ALL
        .iter()
        .filter(|id| id.info().is_ok_and(|info| info.draw_by_agreement))
        .map(|id| id.name())
        .collect::<Vec<_>>()
        .join(" and ")
}

impl Live {
    /// The grace after a deadline before a flag falls.
    pub(super) fn grace_ms(&self) -> i64 {
        flag_grace_ms(None)
    }

    /// When the running clock's flag falls (with the grace), if a clock runs for a person.
    pub(super) fn flag_at(&self) -> Option<i64> {
        if !self.is_running() {
            return None;
        }
        let running = self.clocks.running()?;
        // AI seats do not flag: their searches are capped by the clock instead.
        if self.row.seats.get(running.seat.index())?.kind != SeatKind::Human {
            return None;
        }
        Some(self.clocks.deadline_ms(self.rule)? + self.grace_ms() + 1)
    }

    /// The flag timer fired: the running seat loses on time if its time is really gone.
    pub(super) async fn flag_due(&mut self, games: &Arc<Games>, me: &mpsc::WeakSender<Command>) {
        let now = now_ms();
        let Some(seat) = self.clocks.flagged(self.rule, now, self.grace_ms()) else {
            return;
        };
        if let Ok(v) = self.time_out(games, seat, now).await {
            self.broadcast_from(v);
            self.schedule_ai(games, me);
        }
    }

    /// `seat` ran out of time at `now`.
    pub(super) async fn time_out(
        &mut self,
        games: &Arc<Games>,
        seat: Seat,
        now: i64,
    ) -> Result<i64, Refusal> {
        self.depart(
            games,
            seat,
            Departure::Timeout,
            Termination::TimeForfeit,
            now,
        )
        .await
    }

    /// `seat` leaves: in a game of two seats it loses; with more, it retires and an AI level
    /// plays on for it, ranked below every seat that stayed (docs/server-design.md §2.5).
    async fn depart(
        &mut self,
        games: &Arc<Games>,
        seat: Seat,
        how: Departure,
        termination: Termination,
        now: i64,
    ) -> Result<i64, Refusal> {
        if !self.is_running() {
            return Err(Refusal::new(NackCode::Over, "the game is over"));
        }
        let unit = if self.row.seats.len() <= 2 {
            let mut unit = Unit::notes(self, Vec::new());
            unit.finish = Some(Finish {
                ending: Ending::Forfeit { seat, how },
                termination,
            });
            unit
        } else {
            if self.history.endings.is_retired(seat) {
                return Err(refused("that seat has already retired"));
            }
            let retirement = Retirement {
                seat,
                after: self.history.played.len(),
                how,
            };
            Unit::notes(
                self,
                vec![Note::Retire {
                    data: RetireData {
                        retirement,
                        level: RETIRED_LEVEL,
                    },
                }],
            )
        };
        self.commit_unit(games, unit, now).await
    }

    /// After a restart: clocks that were running are paused at the last moment the server is
    /// known to have been up for this game (a clean stop paused them itself; after a crash,
    /// the game's last write), and run again from now — the downtime is never charged.
    pub(super) async fn boot(&mut self, games: &Arc<Games>) {
        if !self.is_running() || self.rule == ClockRule::None || self.clocks.running().is_none() {
            return;
        }
        let now = now_ms();
        let mut notes = Vec::new();
        let mut clocks = self.clocks.clone();
        if !clocks.paused() {
            clocks.pause(self.row.updated_ms.min(now));
            notes.push(Note::Pause);
        }
        clocks.resume(now);
        notes.push(Note::Resume);
        let mut unit = Unit::notes(self, notes);
        unit.clocks = clocks;
        if let Ok(v) = self.commit_unit(games, unit, now).await {
            self.broadcast_from(v);
        }
    }

    /// At a clean stop: the running clock is paused and the pause stored.
    pub(super) async fn pause(&mut self, games: &Arc<Games>) {
        if let Some(thinking) = self.thinking.take() {
            thinking.stop.stop();
        }
        if !self.is_running() || self.rule == ClockRule::None || self.clocks.running().is_none() {
            return;
        }
        let now = now_ms();
        let mut unit = Unit::notes(self, vec![Note::Pause]);
        unit.clocks.pause(now);
        let _ = self.commit_unit(games, unit, now).await;
    }

    /// The AI's thinking time: the server's cap, and in a live game at most a thirtieth of
    /// the seat's time left (never under 50 ms).
    pub(super) fn ai_cap(&self, cap: std::time::Duration) -> std::time::Duration {
        let Actor::Seat(seat) = self.game.actor() else {
            return cap;
        };
        match self.rule {
            ClockRule::Live { .. } if self.clocks.started() => {
                let left = self.clocks.remaining_at(seat, now_ms()).max(0) as u64;
                cap.min(std::time::Duration::from_millis((left / 30).max(50)))
            }
            _ => cap,
        }
    }

    /// A connection came or went: note since when each seat has been gone, and tell the others.
    pub(super) fn presence_changed(&mut self, seats: &[Seat], arrived: bool) {
        let now = now_ms();
        for &seat in seats {
            let held = self.subs.iter().any(|s| s.seats.contains(&seat));
            if arrived || held {
                self.gone_since.remove(&seat.0);
            } else if self
                .row
                .seats
                .get(seat.index())
                .is_some_and(|s| s.kind == SeatKind::Human)
            {
                self.gone_since.insert(seat.0, now);
                if self.is_running() && !matches!(self.rule, ClockRule::Corr { .. }) {
                    let msg = ServerMsg::Gone(Gone {
                        g: self.g.clone(),
                        seat,
                        in_ms: Millis(self.claim_after_ms() as u64),
                    });
                    for sub in &self.subs {
                        sub.conn.out.send(&msg);
                    }
                }
            }
        }
    }

    /// How long a seat must be gone before the others may claim: the configured time (30 s),
    /// or a tenth of the base time when that is longer.
    fn claim_after_ms(&self) -> i64 {
        match self.rule {
            ClockRule::Live { base_ms, .. } => self.claim_min_ms.max(base_ms / 10),
            _ => self.claim_min_ms,
        }
    }

    /// The human seat, other than `mine`, gone longest and past the claim time.
    fn claimable(&self, mine: &[Seat]) -> Option<Seat> {
        let now = now_ms();
        self.gone_since
            .iter()
            .filter(|(seat, _)| !mine.contains(&Seat(**seat)))
            .filter(|(seat, _)| !self.history.endings.is_retired(Seat(**seat)))
            .filter(|(_, since)| now - **since >= self.claim_after_ms())
            .min_by_key(|(_, since)| **since)
            .map(|(seat, _)| Seat(*seat))
    }

    /// The seat a control acts for: the seat to act when the caller holds it, else its first.
    fn acting_seat(&self, seats: &[Seat]) -> Seat {
        match self.game.actor() {
            Actor::Seat(actor) if seats.contains(&actor) => actor,
            _ => seats[0],
        }
    }

    /// The standing offer of kind `k`, if any: who made it and who has said yes since.
    fn standing(&self, k: OfferKind) -> Option<(Seat, Vec<Seat>)> {
        let mut standing: Option<(Seat, Vec<Seat>)> = None;
        for note in &self.history.offers {
            if note.data.k != k {
                continue;
            }
            match note.data.yes {
                None => standing = Some((note.seat, Vec::new())),
                Some(false) => standing = None,
                Some(true) => {
                    if let Some((_, yes)) = standing.as_mut() {
                        yes.push(note.seat);
                    }
                }
            }
        }
        standing
    }

    /// The human seats other than `seat` that have not retired.
    fn other_humans(&self, seat: Seat) -> Vec<Seat> {
        self.row
            .seats
            .iter()
            .enumerate()
            .filter(|(i, s)| *i != seat.index() && s.kind == SeatKind::Human)
            .map(|(i, _)| Seat(i as u8))
            .filter(|s| !self.history.endings.is_retired(*s))
            .collect()
    }

    /// Carries out a control and returns the first version it wrote (or, when it wrote
    /// nothing, the version after the last); the caller acks it, then broadcasts from it.
    pub(super) async fn control(
        &mut self,
        games: &Arc<Games>,
        me: &mpsc::WeakSender<Command>,
        conn: &Conn,
        msg: Ctl,
    ) -> Result<i64, Refusal> {
        let seats = self.seats_of(conn.user.as_ref());
        if seats.is_empty() {
            return Err(Refusal::new(
                NackCode::NotSeated,
                "you hold no seat in this game",
            ));
        }
        let seat = self.acting_seat(&seats);
        let now = now_ms();
        let over = || Refusal::new(NackCode::Over, "the game is over");
        let v = match msg.k {
            Control::Resign => {
                self.depart(
                    games,
                    seat,
                    Departure::Resigned,
                    Termination::Resignation,
                    now,
                )
                .await?
            }
            Control::ResignSet => {
                if !self.is_running() {
                    return Err(over());
                }
                let text =
                    match (self.game.actor(), self.game.resignation()) {
                        (Actor::Seat(actor), Some(text)) if seats.contains(&actor) => text,
                        _ => return Err(refused(
                            "a set is resigned only in Mur at set or match length, on your turn",
                        )),
                    };
                self.decide(games, me, seat, &text, 0).await?
            }
            Control::Abort => {
                if !self.is_running() {
                    return Err(over());
                }
                if self.all_humans_started(None) {
                    return Err(refused(
                        "a game can be aborted only until every player has made a decision",
                    ));
                }
                let mut unit = Unit::notes(self, Vec::new());
                unit.finish = Some(Finish {
                    ending: Ending::Aborted,
                    termination: Termination::Aborted,
                });
                self.commit_unit(games, unit, now).await?
            }
            Control::DrawOffer | Control::DrawYes | Control::DrawNo => {
                self.draw(games, seat, msg.k, now).await?
            }
            Control::BackOffer | Control::BackYes | Control::BackNo => {
                self.takeback(games, seat, msg.k, now).await?
            }
            Control::ClaimWin | Control::ClaimDraw => {
                if !self.is_running() {
                    return Err(over());
                }
                if matches!(self.rule, ClockRule::Corr { .. }) {
                    return Err(refused(
                        "correspondence games are decided by their deadlines, not by claims",
                    ));
                }
                let Some(gone) = self.claimable(&seats) else {
                    return Err(refused("no opponent has been gone long enough to claim"));
                };
                if msg.k == Control::ClaimDraw {
                    if self.row.seats.len() != 2 {
                        return Err(refused("a draw can be claimed only in a game of two"));
                    }
                    let mut unit = Unit::notes(self, Vec::new());
                    unit.finish = Some(Finish {
                        ending: Ending::Agreed,
                        termination: Termination::Abandoned,
                    });
                    self.commit_unit(games, unit, now).await?
                } else {
                    self.depart(
                        games,
                        gone,
                        Departure::Abandoned,
                        Termination::Abandoned,
                        now,
                    )
                    .await?
                }
            }
            Control::RematchOffer | Control::RematchYes | Control::RematchNo => {
                self.rematch(games, seat, msg.k, now).await?
            }
            Control::AutoDeclineOn
            | Control::AutoDeclineOff
            | Control::ForcedPlayOn
            | Control::ForcedPlayOff => {
                self.set_pref(games, conn, &seats, msg.k).await?;
                // Nothing was logged; a decision the preference now makes is played at once.
                return self.play_preferred(games, now).await;
            }
        };
        Ok(v)
    }

    async fn draw(
        &mut self,
        games: &Arc<Games>,
        seat: Seat,
        k: Control,
        now: i64,
    ) -> Result<i64, Refusal> {
        if !self.is_running() {
            return Err(Refusal::new(NackCode::Over, "the game is over"));
        }
        if !draws_offered(&self.game, self.row.seats.len()) {
            return Err(refused(&format!(
                "draws are offered only in two-seat games of {} (the other games end by their own count)",
                draw_games()
            )));
        }
        let standing = self.standing(OfferKind::Draw);
        let unit = match k {
            Control::DrawOffer => {
                if self.other_humans(seat).is_empty() {
                    return Err(refused("the AI plays on: it does not take draws"));
                }
                if standing.is_some() {
                    return Err(refused("a draw offer is already standing"));
                }
                Unit::notes(self, vec![offer(seat, OfferKind::Draw, None)])
            }
            Control::DrawYes | Control::DrawNo => {
                match standing {
                    Some((by, _)) if by != seat => {}
                    _ => {
                        return Err(refused(
                            "there is no draw offer of the other seat to answer",
                        ))
                    }
                }
                let yes = k == Control::DrawYes;
                let mut unit = Unit::notes(self, vec![offer(seat, OfferKind::Draw, Some(yes))]);
                if yes {
                    unit.finish = Some(Finish {
                        ending: Ending::Agreed,
                        termination: Termination::Agreement,
                    });
                }
                unit
            }
            _ => return Err(refused("not a draw control")),
        };
        self.commit_unit(games, unit, now).await
    }

    /// Where a takeback asked by `seat` goes back to: the start of its last run of decisions.
    fn takeback_target(&self, seat: Seat) -> Option<usize> {
        let played = &self.history.played;
        let last = played.iter().rposition(|p| p.seat == Some(seat))?;
        let mut start = last;
        while start > 0 && played[start - 1].seat == Some(seat) {
            start -= 1;
        }
        Some(start)
    }

    async fn takeback(
        &mut self,
        games: &Arc<Games>,
        seat: Seat,
        k: Control,
        now: i64,
    ) -> Result<i64, Refusal> {
        if !self.is_running() {
            return Err(Refusal::new(NackCode::Over, "the game is over"));
        }
        let standing = self.standing(OfferKind::Back);
        match k {
            Control::BackOffer => {
                let allowed = match self.row.takeback {
                    TakebackPolicy::Always => true,
                    TakebackPolicy::Never => false,
                    TakebackPolicy::Casual => !self.row.rated,
                };
                if !allowed {
                    return Err(refused("this game allows no takebacks"));
                }
                if standing.is_some() {
                    return Err(refused("a takeback request is already standing"));
                }
                let to = self
                    .takeback_target(seat)
                    .ok_or_else(|| refused("you have no decision to take back"))?;
                let crosses_chance = self.history.played[to..].iter().any(|p| p.seat.is_none());
                let crosses_reveal = {
                    let mut game = start_of(&self.row).map_err(|e| refused(&e.to_string()))?;
                    for p in &self.history.played[..to] {
                        let _ = game.apply_trusted(&p.action);
                    }
                    game.secrets_pending() && !self.game.secrets_pending()
                };
                if crosses_chance || crosses_reveal {
                    return Err(refused(
                        "a takeback never goes back across a chance draw or a reveal",
                    ));
                }
                if self.other_humans(seat).is_empty() {
                    // Against the AI a takeback is free.
                    return self.take_back(games, seat, to, now).await;
                }
                let unit = Unit::notes(self, vec![offer(seat, OfferKind::Back, None)]);
                self.commit_unit(games, unit, now).await
            }
            Control::BackYes | Control::BackNo => {
                let (by, mut said_yes) = match standing {
                    Some((by, yes)) if by != seat && !yes.contains(&seat) => (by, yes),
                    _ => return Err(refused("there is no takeback request to answer")),
                };
                let yes = k == Control::BackYes;
                if !yes {
                    let unit = Unit::notes(self, vec![offer(seat, OfferKind::Back, Some(false))]);
                    return self.commit_unit(games, unit, now).await;
                }
                said_yes.push(seat);
                let everyone = self.other_humans(by).iter().all(|s| said_yes.contains(s));
                if !everyone {
                    let unit = Unit::notes(self, vec![offer(seat, OfferKind::Back, Some(true))]);
                    return self.commit_unit(games, unit, now).await;
                }
                let to = self
                    .takeback_target(by)
                    .ok_or_else(|| refused("nothing to take back"))?;
                self.take_back(games, by, to, now).await
            }
            _ => Err(refused("not a takeback control")),
        }
    }

    /// Returns the game to decision `to` for `seat`: logged, then the position is replayed and
    /// every subscriber gets a `rewind` and a `full`.
    async fn take_back(
        &mut self,
        games: &Arc<Games>,
        seat: Seat,
        to: usize,
        now: i64,
    ) -> Result<i64, Refusal> {
        let mut position = start_of(&self.row).map_err(|e| refused(&e.to_string()))?;
        for p in &self.history.played[..to] {
            position
                .apply_trusted(&p.action)
                .map_err(|e| refused(&e.to_string()))?;
        }
        let mut unit = Unit::notes(
            self,
            vec![Note::Takeback {
                seat,
                to_ply: to as i64,
            }],
        );
        let actor_after = match position.actor() {
            Actor::Seat(s) => Some(s),
            _ => None,
        };
        unit.clocks
            .takeback(self.rule, actor_after, position.turn().mover, now);
        unit.position = Arc::new(position);
        unit.rewind_to = Some(to as i64);
        if let Some(thinking) = self.thinking.take() {
            thinking.stop.stop();
        }
        let v = self.commit_unit(games, unit, now).await?;
        self.history.played.truncate(to);
        self.turns.truncate(to);
        self.history.offers.clear();
        self.engines.clear();
        let rewind = ServerMsg::Rewind(Rewind {
            g: self.g.clone(),
            v: Version(v as u32),
            to_ply: muster_wire::Ply(to as u32),
        });
        // The takeback entry itself is rendered as the rewind.
        if let Some(last) = self.ring.back_mut() {
            if last.v() == v {
                *last = Arc::new(Entry::Public {
                    v,
                    msg: Box::new(rewind),
                });
            }
        }
        Ok(v)
    }

    async fn rematch(
        &mut self,
        games: &Arc<Games>,
        seat: Seat,
        k: Control,
        now: i64,
    ) -> Result<i64, Refusal> {
        if self.is_running() {
            return Err(refused("a rematch is offered once the game is over"));
        }
        let standing = self.standing(OfferKind::Rematch);
        let (offer_note, start) = match k {
            Control::RematchOffer => {
                if standing.is_some() {
                    return Err(refused("a rematch offer is already standing"));
                }
                let alone = self.other_humans(seat).is_empty();
                (offer(seat, OfferKind::Rematch, None), alone)
            }
            Control::RematchYes | Control::RematchNo => {
                let (by, mut yes) = match standing {
                    Some((by, yes)) if by != seat && !yes.contains(&seat) => (by, yes),
                    _ => return Err(refused("there is no rematch offer to answer")),
                };
                let agreed = k == Control::RematchYes;
                if agreed {
                    yes.push(seat);
                }
                let everyone = agreed && self.other_humans(by).iter().all(|s| yes.contains(s));
                (offer(seat, OfferKind::Rematch, Some(agreed)), everyone)
            }
            _ => return Err(refused("not a rematch control")),
        };
        let v = self
            .commit_unit(games, Unit::notes(self, vec![offer_note]), now)
            .await?;
        if start {
            let g = self.start_rematch(games, now).await?;
            let msg = ServerMsg::Notify(Notify {
                kind: NotifyKind::GameStarted,
                g: Some(muster_wire::MatchId(g.as_str().to_owned())),
                text: "the rematch has started".to_owned(),
            });
            for sub in &self.subs {
                sub.conn.out.send(&msg);
            }
        }
        Ok(v)
    }

    /// A new game like this one, its seats turned by one.
    async fn start_rematch(
        &self,
        games: &Arc<Games>,
        now: i64,
    ) -> Result<muster_store::GameId, Refusal> {
        let mut plans: Vec<SeatPlan> = self
            .row
            .seats
            .iter()
            .map(|s| match (s.kind, &s.user_id, s.retired_ply) {
                (SeatKind::Human, Some(user), _) => SeatPlan::Human(user.clone()),
                // A retired person comes back to the rematch as a person.
                (_, Some(user), Some(_)) => SeatPlan::Human(user.clone()),
                (_, _, _) => SeatPlan::Ai(
                    s.ai_level
                        .and_then(|l| u8::try_from(l).ok())
                        .unwrap_or(RETIRED_LEVEL),
                ),
            })
            .collect();
        plans.rotate_left(1);
        let row = &self.row;
        let clock = crate::convert::clock_of(row.clock_kind, row.base_ms, row.inc_ms, row.corr_ms);
        let spec = NewGameSpec {
            game: self.row.game.clone(),
            variant: self.row.variant.clone(),
            seats: plans,
            clock,
            rated: self.row.rated,
            takeback: self.row.takeback,
            challenge_id: None,
        };
        let new = new_game(&spec, now).map_err(|e| refused(&e))?;
        games.store.create_game(&new).await.map_err(|e| {
            Refusal::new(
                NackCode::Storage,
                format!("the rematch could not be stored: {e}"),
            )
        })?;
        let id = new.id.clone();
        let users: Vec<Option<muster_store::UserId>> = spec
            .seats
            .iter()
            .map(|p| match p {
                SeatPlan::Human(user) => Some(user.clone()),
                _ => None,
            })
            .collect();
        let _ = games.wake(&id).await;
        games
            .notices()
            .game_started(id.as_str(), &new.game, &new.variant, &users);
        Ok(id)
    }
}

fn offer(seat: Seat, k: OfferKind, yes: Option<bool>) -> Note {
    let data = OfferData { k, yes };
    match yes {
        None => Note::Offer { seat, data },
        Some(_) => Note::Answer { seat, data },
    }
}

/// A seat's standing preferences (kept in its user's `prefs_json`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(super) struct SeatPrefs {
    /// Let the server play a lone legal decision for the seat.
    pub forced_play: bool,
    /// Decline MuTou's calls automatically.
    pub auto_decline: bool,
}

impl SeatPrefs {
    /// The preferences in a user's `prefs_json` (unknown keys and bad JSON read as none set).
    pub(super) fn read(prefs_json: &str) -> SeatPrefs {
        let value: serde_json::Value = serde_json::from_str(prefs_json).unwrap_or_default();
        let flag = |key: &str| value.get(key).and_then(serde_json::Value::as_bool) == Some(true);
        SeatPrefs {
            forced_play: flag("forced_play"),
            auto_decline: flag("auto_decline"),
        }
    }

    /// `prefs_json` with these preferences written in, other keys kept.
    fn write(self, prefs_json: &str) -> String {
        let mut value: serde_json::Value = serde_json::from_str(prefs_json).unwrap_or_default();
        if !value.is_object() {
            value = serde_json::Value::Object(serde_json::Map::new());
        }
        if let Some(map) = value.as_object_mut() {
            map.insert("forced_play".into(), self.forced_play.into());
            map.insert("auto_decline".into(), self.auto_decline.into());
        }
        value.to_string()
    }
}

impl Live {
    /// Plays what the preferences of the seat to act decide for it now, if anything; the
    /// version to broadcast from.
    async fn play_preferred(&mut self, games: &Arc<Games>, now: i64) -> Result<i64, Refusal> {
        let next = self.row.version + 1;
        let Actor::Seat(seat) = self.game.actor() else {
            return Ok(next);
        };
        if !self.is_running() {
            return Ok(next);
        }
        let Some(text) = self.played_for(&self.game, seat) else {
            return Ok(next);
        };
        match self.play_unit(seat, &text, 0, now)? {
            Ok(unit) => self.commit_unit(games, unit, now).await,
            Err(_) => Ok(next),
        }
    }

    /// The decision the server makes for `seat` in `position` by the seat's preferences, if
    /// any: MuTou's `decline` under auto-decline, or the only legal action under forced play.
    pub(super) fn played_for(
        &self,
        position: &muster_rules::AnyGame,
        seat: Seat,
    ) -> Option<String> {
        let prefs = self.prefs.get(&seat.0).copied().unwrap_or_default();
        if !prefs.forced_play && !prefs.auto_decline {
            return None;
        }
        if self.row.seats.get(seat.index())?.kind != SeatKind::Human {
            return None;
        }
        let legal = position.legal_actions();
        if let Some(decline) = position.info().decline.filter(|_| prefs.auto_decline) {
            if legal.iter().any(|a| a == decline) {
                return Some(decline.to_owned());
            }
        }
        (prefs.forced_play && legal.len() == 1).then(|| legal[0].clone())
    }

    /// Sets a standing preference of the user holding `seats`: stored with the user, in force
    /// for every seat the user holds here at once.
    pub(super) async fn set_pref(
        &mut self,
        games: &Arc<Games>,
        conn: &Conn,
        seats: &[Seat],
        k: Control,
    ) -> Result<(), Refusal> {
        let Some(user_id) = conn.user.clone() else {
            return Err(Refusal::new(
                NackCode::NotSeated,
                "sign in to keep preferences",
            ));
        };
        let storage = |e: muster_store::Error| {
            Refusal::new(
                NackCode::Storage,
                format!("the preference was not stored: {e}"),
            )
        };
        let change: fn(&mut SeatPrefs) = match k {
            Control::ForcedPlayOn => |p| p.forced_play = true,
            Control::ForcedPlayOff => |p| p.forced_play = false,
            Control::AutoDeclineOn => |p| p.auto_decline = true,
            Control::AutoDeclineOff => |p| p.auto_decline = false,
            _ => return Err(refused("not a preference")),
        };
        let edited = edit_prefs(games.store.as_ref(), &user_id, |stored| {
            let mut prefs = SeatPrefs::read(stored);
            change(&mut prefs);
            prefs.write(stored)
        })
        .await
        .map_err(storage)?;
        let prefs = match edited {
            PrefsEdit::Written(stored) => SeatPrefs::read(&stored),
            PrefsEdit::NoUser => return Err(Refusal::new(NackCode::NotFound, "no such user")),
            PrefsEdit::Contended => return Err(Refusal::new(
                NackCode::Storage,
                "the preferences kept changing while they were stored; nothing was changed; resend",
            )),
        };
        for seat in seats {
            self.prefs.insert(seat.0, prefs);
        }
        Ok(())
    }
}
