//! Presence: who is connected, the `gone` countdowns, and the claims over a seat that has gone.

use std::sync::Arc;

use muster_rules::record::{Departure, Ending};
use muster_rules::Seat;
use muster_store::SeatKind;
use muster_wire::server::{Gone, Termination};
use muster_wire::{Control, Millis, ServerMsg};

use super::super::actor::Refusal;
use super::super::commit::Unit;
use super::super::load::Live;
use super::super::Games;
use super::refused;
use crate::clock::ClockRule;
use crate::time::now_ms;

impl Live {
    /// A connection came or went: note since when each seat has been gone, and tell the others.
    pub(in crate::games) fn presence_changed(&mut self, seats: &[Seat], arrived: bool) {
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

    /// A claim over a seat gone long enough: the win (the gone seat departs) or, with two
    /// seats, a draw.
    pub(super) async fn claim(
        &mut self,
        games: &Arc<Games>,
        seats: &[Seat],
        k: Control,
        now: i64,
    ) -> Result<i64, Refusal> {
        if matches!(self.rule, ClockRule::Corr { .. }) {
            return Err(refused(
                "correspondence games are decided by their deadlines, not by claims",
            ));
        }
        let Some(gone) = self.claimable(seats) else {
            return Err(refused("no opponent has been gone long enough to claim"));
        };
        if k == Control::ClaimDraw {
            if self.row.seats.len() != 2 {
                return Err(refused("a draw can be claimed only in a game of two"));
            }
            let unit = Unit::ending(self, Ending::Agreed, Termination::Abandoned);
            self.commit_unit(games, unit, now).await
        } else {
            self.depart(
                games,
                gone,
                Departure::Abandoned,
                Termination::Abandoned,
                now,
            )
            .await
        }
    }
}
