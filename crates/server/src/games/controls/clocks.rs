//! The clocks' events: the flag, a restart's and a clean stop's pauses, the AI's thinking time.

use std::sync::Arc;

use muster_rules::record::Departure;
use muster_rules::{Actor, Seat};
use muster_store::SeatKind;
use muster_wire::server::Termination;
use tokio::sync::mpsc;

use super::super::actor::Refusal;
use super::super::commit::{Note, Unit};
use super::super::load::Live;
use super::super::{Command, Games};
use crate::clock::{flag_grace_ms, ClockRule};
use crate::time::now_ms;

impl Live {
    /// The grace after a deadline before a flag falls.
    pub(in crate::games) fn grace_ms(&self) -> i64 {
        flag_grace_ms(None)
    }

    /// When the running clock's flag falls (with the grace), if a clock runs for a person.
    pub(in crate::games) fn flag_at(&self) -> Option<i64> {
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
    pub(in crate::games) async fn flag_due(
        &mut self,
        games: &Arc<Games>,
        me: &mpsc::WeakSender<Command>,
    ) {
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
    pub(in crate::games) async fn time_out(
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

    /// After a restart: clocks that were running are paused at the last moment the server is
    /// known to have been up for this game (a clean stop paused them itself; after a crash,
    /// the game's last write), and run again from now — the downtime is never charged.
    pub(in crate::games) async fn boot(&mut self, games: &Arc<Games>) {
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
    pub(in crate::games) async fn pause(&mut self, games: &Arc<Games>) {
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
    pub(in crate::games) fn ai_cap(&self, cap: std::time::Duration) -> std::time::Duration {
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
}
