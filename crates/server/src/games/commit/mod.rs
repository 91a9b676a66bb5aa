//! The commit path (docs/server-design.md §2.2): everything one action changes — the decisions with
//! the chance draws that follow them, notes such as offers, retirements and the end, the clocks,
//! the seats and the ratings — is written in one transaction, and only after it is committed does
//! the actor's state change. A failed commit changes nothing.

use std::sync::Arc;

use muster_rules::record::Ending;
use muster_rules::{Actor, AnyGame, AnyStep, Seat};
use muster_store::{RatingUpdate, SeatKind};
use muster_wire::server::{RatingChange, Termination};
use muster_wire::NackCode;

mod plan;
mod take_in;

use plan::Plan;

use super::actor::Refusal;
use super::chance;
use super::load::Live;
use super::Games;
use crate::clock::{Clocks, DecisionFacts};
use crate::history::{OfferData, RetireData};
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

    /// A unit that changes no position and ends the game outside its rules.
    pub fn ending(live: &Live, ending: Ending, termination: Termination) -> Unit {
        Unit {
            finish: Some(Finish {
                ending,
                termination,
            }),
            ..Unit::notes(live, Vec::new())
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

    /// Commits a unit and, once it is committed, takes it in: the [`plan::plan`] of what it
    /// writes (no I/O), the ratings it moves, the write, then the actor's state. A failed write
    /// changes nothing. Returns the first new version.
    pub(super) async fn commit_unit(
        &mut self,
        games: &Arc<Games>,
        mut unit: Unit,
        now: i64,
    ) -> Result<i64, Refusal> {
        let mut plan = plan::plan(&self.row, self.rule, &self.history, &mut unit, now);
        let (version, ratings) = self.write(games, &mut plan).await?;
        Ok(self.take_in(games, unit, plan, version, ratings, now))
    }

    /// Rates the planned end, if it is rated, and writes the plan; a rating that moved between
    /// its read and the commit (another rated game of a player ended meanwhile) is read and
    /// rated again, up to [`RATE_AGAIN`] times. Returns the version written and the ratings'
    /// changes as the wire tells them.
    async fn write(
        &self,
        games: &Arc<Games>,
        plan: &mut Plan,
    ) -> Result<(i64, Vec<RatingChange>), Refusal> {
        let mut changes = Vec::new();
        if let Some(ranks) = &plan.rated_ranks {
            (plan.commit.ratings, changes) = self.rate(games, ranks).await?;
        }
        let mut rated_again = 0;
        loop {
            let stored = games
                .store
                .commit(&self.id, self.row.version, &plan.commit)
                .await;
            match (stored, &plan.rated_ranks) {
                // The commit wrote nothing: rate from the new ratings.
                (Err(muster_store::Error::RatingMoved { .. }), Some(ranks))
                    if rated_again < RATE_AGAIN =>
                {
                    rated_again += 1;
                    (plan.commit.ratings, changes) = self.rate(games, ranks).await?;
                }
                (stored, _) => {
                    let version = stored.map_err(|e| {
                        Refusal::new(
                            NackCode::Storage,
                            format!(
                                "it could not be stored ({e}); nothing changed — send it again"
                            ),
                        )
                    })?;
                    return Ok((version, changes));
                }
            }
        }
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
