//! Controls outside the rules (docs/server-design.md §2.5), by concern: resigning (and Mur's
//! resignation of a set) and aborting here; draw offers, takebacks by consent and rematches
//! (`offers.rs`); presence and the claims over a seat that has gone (`presence.rs`); the clocks'
//! events (`clocks.rs`); standing preferences (`prefs.rs`). Every control from a connection
//! passes one guard first ([`Live::control`]): the caller holds a seat, and the game is running
//! — or over, for a rematch.

mod clocks;
mod offers;
mod prefs;
mod presence;

use std::sync::Arc;

use muster_rules::record::{Departure, Ending, Retirement};
use muster_rules::{Actor, Seat};
use muster_wire::server::Termination;
use muster_wire::{Control, Ctl, NackCode};
use tokio::sync::mpsc;

use super::actor::Refusal;
use super::commit::{Note, Unit};
use super::load::Live;
use super::{Command, Conn, Games};
use crate::history::RetireData;
use crate::records::RETIRED_LEVEL;
use crate::time::now_ms;

pub(super) use offers::draws_offered;
pub(super) use prefs::SeatPrefs;

fn refused(reason: &str) -> Refusal {
    Refusal::new(NackCode::Refused, reason)
}

/// What a control needs of the game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Needs {
    /// A running game.
    Running,
    /// A game that is over (a rematch).
    Over,
    /// Either (a standing preference).
    Either,
}

impl Needs {
    fn of(k: Control) -> Needs {
        match k {
            Control::RematchOffer | Control::RematchYes | Control::RematchNo => Needs::Over,
            Control::AutoDeclineOn
            | Control::AutoDeclineOff
            | Control::ForcedPlayOn
            | Control::ForcedPlayOff => Needs::Either,
            _ => Needs::Running,
        }
    }
}

impl Live {
    /// Carries out a control and returns the first version it wrote (or, when it wrote
    /// nothing, the version after the last); the caller acks it, then broadcasts from it.
    pub(in crate::games) async fn control(
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
        self.guard(msg.k)?;
        let seat = self.acting_seat(&seats);
        let now = now_ms();
        match msg.k {
            Control::Resign => {
                self.depart(
                    games,
                    seat,
                    Departure::Resigned,
                    Termination::Resignation,
                    now,
                )
                .await
            }
            Control::ResignSet => self.resign_set(games, me, &seats, seat).await,
            Control::Abort => self.abort(games, now).await,
            Control::DrawOffer | Control::DrawYes | Control::DrawNo => {
                self.draw(games, seat, msg.k, now).await
            }
            Control::BackOffer | Control::BackYes | Control::BackNo => {
                self.takeback(games, seat, msg.k, now).await
            }
            Control::ClaimWin | Control::ClaimDraw => self.claim(games, &seats, msg.k, now).await,
            Control::RematchOffer | Control::RematchYes | Control::RematchNo => {
                self.rematch(games, seat, msg.k, now).await
            }
            Control::AutoDeclineOn
            | Control::AutoDeclineOff
            | Control::ForcedPlayOn
            | Control::ForcedPlayOff => {
                self.set_pref(games, conn, &seats, msg.k).await?;
                // Nothing was logged; a decision the preference now makes is played at once.
                self.play_preferred(games, now).await
            }
        }
    }

    /// The one check every control passes before it acts: the state of the game it needs.
    fn guard(&self, k: Control) -> Result<(), Refusal> {
        match (Needs::of(k), self.is_running()) {
            (Needs::Running, false) => Err(Refusal::new(NackCode::Over, "the game is over")),
            (Needs::Over, true) => Err(refused("a rematch is offered once the game is over")),
            _ => Ok(()),
        }
    }

    /// The seat a control acts for: the seat to act when the caller holds it, else its first.
    fn acting_seat(&self, seats: &[Seat]) -> Seat {
        match self.game.actor() {
            Actor::Seat(actor) if seats.contains(&actor) => actor,
            _ => seats[0],
        }
    }

    /// Mur's resignation of a set: the game's own resignation action, played on the caller's
    /// turn.
    async fn resign_set(
        &mut self,
        games: &Arc<Games>,
        me: &mpsc::WeakSender<Command>,
        seats: &[Seat],
        seat: Seat,
    ) -> Result<i64, Refusal> {
        let text = match (self.game.actor(), self.game.resignation()) {
            (Actor::Seat(actor), Some(text)) if seats.contains(&actor) => text,
            _ => {
                return Err(refused(
                    "a set is resigned only in Mur at set or match length, on your turn",
                ))
            }
        };
        self.decide(games, me, seat, &text, 0).await
    }

    /// Calls the game off, while some person has not made a decision yet.
    async fn abort(&mut self, games: &Arc<Games>, now: i64) -> Result<i64, Refusal> {
        if self.all_humans_started(None) {
            return Err(refused(
                "a game can be aborted only until every player has made a decision",
            ));
        }
        let unit = Unit::ending(self, Ending::Aborted, Termination::Aborted);
        self.commit_unit(games, unit, now).await
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
            Unit::ending(self, Ending::Forfeit { seat, how }, termination)
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
}
