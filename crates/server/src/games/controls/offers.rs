//! Offers between the seats: draws, takebacks by consent, rematches. An offer stands until
//! the next decision is played; a `no` from another seat declines it.

use std::sync::Arc;

use muster_rules::record::Ending;
use muster_rules::{Actor, Seat};
use muster_store::{SeatKind, TakebackPolicy};
use muster_wire::server::{Notify, NotifyKind, OfferKind, Rewind, Termination};
use muster_wire::{Control, NackCode, ServerMsg, Version};

use super::super::actor::Refusal;
use super::super::commit::{Finish, Note, Unit};
use super::super::create::{new_game, NewGameSpec, SeatPlan};
use super::super::load::{start_of, Entry, Live};
use super::super::Games;
use super::refused;
use crate::history::OfferData;
use crate::records::RETIRED_LEVEL;

/// Whether a draw may be offered in `game` played by `seats` seats: two seats, and a game
/// whose rules let its players agree to one ([`muster_rules::GameInfo::draw_by_agreement`]).
pub(in crate::games) fn draws_offered(game: &muster_rules::AnyGame, seats: usize) -> bool {
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

    pub(super) async fn draw(
        &mut self,
        games: &Arc<Games>,
        seat: Seat,
        k: Control,
        now: i64,
    ) -> Result<i64, Refusal> {
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

    pub(super) async fn takeback(
        &mut self,
        games: &Arc<Games>,
        seat: Seat,
        k: Control,
        now: i64,
    ) -> Result<i64, Refusal> {
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

    pub(super) async fn rematch(
        &mut self,
        games: &Arc<Games>,
        seat: Seat,
        k: Control,
        now: i64,
    ) -> Result<i64, Refusal> {
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
