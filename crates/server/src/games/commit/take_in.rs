//! Taking a committed unit in: the actor's history, ring, position, seats, clocks and row move
//! to what was written, and the subscribers, engines and players are told.

use std::sync::Arc;

use muster_rules::{AnyGame, AnyStep, Visibility};
use muster_store::SeatKind;
use muster_wire::server::{
    Answer, End, Offer, RatingChange, SeatChange as WireSeatChange, SeatEntry, Termination,
};
use muster_wire::{Ply, ServerMsg, Version};

use super::super::load::{Entry, Live};
use super::super::Games;
use super::plan::Plan;
use super::{seat_of, Note, Unit};
use crate::history::{OfferNote, Played};

impl Live {
    /// Takes in `unit`, written as `plan` at `version` with the ratings' `ratings`; returns the
    /// first new version.
    pub(super) fn take_in(
        &mut self,
        games: &Arc<Games>,
        unit: Unit,
        plan: Plan,
        version: i64,
        ratings: Vec<RatingChange>,
        now: i64,
    ) -> i64 {
        let (ends, status) = (plan.ends, plan.commit.status);
        // The ply after the unit's decisions, where its notes stand.
        let ply = self.row.ply + unit.steps.len() as i64;
        let mover = unit
            .steps
            .first()
            .and_then(|(step, _, _)| seat_of(step.actor));
        let decided = !unit.steps.is_empty();
        let first_v = self.row.version + 1;
        let mut v = self.take_in_steps(unit.steps, first_v);
        self.game = unit.position;
        for note in unit.notes {
            self.take_in_note(note, v, ply);
            v += 1;
        }
        if let Some(finish) = unit.finish {
            self.history.endings.ending = Some(finish.ending);
        }
        if ends {
            self.take_in_end(games, &plan, ratings, v, now);
        }
        self.clocks = unit.clocks;
        self.row.version = version;
        self.history.version = version;
        self.row.ply = unit.rewind_to.unwrap_or(ply);
        self.row.status = status;
        self.row.clock_json = plan.commit.clock_json;
        self.row.deadline_ms = plan.commit.deadline_ms;
        if plan.commit.started_ms.is_some() {
            self.row.started_ms = plan.commit.started_ms;
        }
        if decided && !ends {
            self.tell_turn(games, mover);
        }
        first_v
    }

    /// The decisions into the history, the ring and the engines, from version `v`; returns
    /// the version after them.
    fn take_in_steps(
        &mut self,
        steps: Vec<(AnyStep, Arc<AnyGame>, Arc<AnyGame>)>,
        mut v: i64,
    ) -> i64 {
        let secrets_before = self.game.secrets_pending();
        for (step_ply, (step, before, after)) in (self.row.ply..).zip(steps) {
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
        }
        v
    }

    /// A note into the history and the ring, at version `v` and ply `ply`.
    fn take_in_note(&mut self, note: Note, v: i64, ply: i64) {
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
    }

    /// The end into the row and the ring, at version `v`; the players are told.
    fn take_in_end(
        &mut self,
        games: &Arc<Games>,
        plan: &Plan,
        ratings: Vec<RatingChange>,
        v: i64,
        now: i64,
    ) {
        let termination = plan.termination;
        self.history.ended = true;
        self.row.termination = Some(crate::convert::store_termination(termination));
        self.row.ended_ms = Some(now);
        if let Some(end) = &plan.commit.end {
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
            ratings,
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
}
