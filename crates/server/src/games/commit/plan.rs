//! The plan of a commit (docs/server-design.md §2.2): every entry, seat change, status, clock
//! and end that one unit writes, decided from the game's row, its clock rule, its history and
//! the unit alone — no I/O, no clock read — so it is tested without a store or a socket. The
//! ratings an end moves are read and computed by the write, from [`Plan::rated_ranks`].

use muster_rules::record::{Ending, Endings};
use muster_rules::{Actor, Outcome, Visibility};
use muster_store::{Commit, Game, GameEnd, GameStatus, LogEntry, LogKind, SeatChange, SeatResult};
use muster_wire::server::Termination;

use super::{seat_of, Note, Unit};
use crate::clock::ClockRule;
use crate::history::{data, EndData, History, TakebackData};

/// What one unit writes.
#[derive(Debug)]
pub(in crate::games) struct Plan {
    /// The commit, its ratings still empty.
    pub commit: Commit,
    /// Whether the unit ends the game.
    pub ends: bool,
    /// How: by the rules unless the unit's finish says otherwise.
    pub termination: Termination,
    /// The ranks of a rated end, to rate it by.
    pub rated_ranks: Option<Vec<u8>>,
}

/// The plan of `unit` for the game `row` under `rule` with `history`, at `now`. An ending unit
/// stops the unit's clocks.
pub(in crate::games) fn plan(
    row: &Game,
    rule: ClockRule,
    history: &History,
    unit: &mut Unit,
    now: i64,
) -> Plan {
    let mut entries = decision_entries(row.ply, rule, unit, now);
    // The unit's notes and end stand at the ply after its decisions.
    let ply = row.ply + unit.steps.len() as i64;
    let hash = unit.position.position_hash() as i64;
    let mut endings = history.endings.clone();
    let seat_changes = note_entries(unit, ply, hash, now, &mut endings, &mut entries);
    if let Some(finish) = unit.finish {
        endings.ending = Some(finish.ending);
    }
    let ends = unit.position.outcome().is_some() || unit.finish.is_some();
    let termination = unit.finish.map_or(Termination::Normal, |f| f.termination);
    let (end, rated_ranks) = if ends {
        unit.clocks.stop(now);
        entries.push(end_entry(unit, ply, hash, now));
        let outcome = endings.outcome(unit.position.outcome(), unit.position.seats());
        let rated_ranks = outcome
            .as_ref()
            .filter(|_| row.rated)
            .map(|o| o.ranks.clone());
        (
            Some(game_end(outcome.as_ref(), termination, now)),
            rated_ranks,
        )
    } else {
        (None, None)
    };
    let status = match (ends, termination) {
        (false, _) => row.status,
        (true, Termination::Aborted) => GameStatus::Aborted,
        (true, _) => GameStatus::Over,
    };
    let commit = Commit {
        entries,
        ply: unit.rewind_to.unwrap_or(ply),
        status,
        clock_json: unit.clocks.to_json(),
        deadline_ms: unit.clocks.deadline_ms(rule),
        started_ms: (row.started_ms.is_none() && !unit.steps.is_empty()).then_some(now),
        now_ms: now,
        end,
        seat_changes,
        ratings: Vec::new(),
    };
    Plan {
        commit,
        ends,
        termination,
        rated_ranks,
    }
}

/// An `act` (or `chance`) entry per decision, from `ply` on, with the position hash after it
/// and, in a timed game, the deciding seat's time left.
fn decision_entries(ply: i64, rule: ClockRule, unit: &Unit, now: i64) -> Vec<LogEntry> {
    let mut entries = Vec::with_capacity(unit.steps.len() + unit.notes.len() + 1);
    for (i, (step, _, after)) in unit.steps.iter().enumerate() {
        entries.push(LogEntry {
            kind: if step.actor == Actor::Chance {
                LogKind::Chance
            } else {
                LogKind::Act
            },
            ply: ply + i as i64,
            seat: seat_of(step.actor).map(|s| i64::from(s.0)),
            action: Some(step.action.clone()),
            hidden: step.visibility != Visibility::Public,
            hash: after.position_hash() as i64,
            clock_ms: seat_of(step.actor)
                .filter(|_| rule != ClockRule::None)
                .map(|s| unit.clocks.remaining_ms(s)),
            think_ms: if i == 0 { unit.think_ms } else { 0 },
            data_json: "{}".to_owned(),
            created_ms: now,
        });
    }
    entries
}

/// An entry per note, appended to `entries`; a retirement joins `endings` and becomes a seat
/// change, returned.
fn note_entries(
    unit: &Unit,
    ply: i64,
    hash: i64,
    now: i64,
    endings: &mut Endings,
    entries: &mut Vec<LogEntry>,
) -> Vec<SeatChange> {
    let mut seat_changes = Vec::new();
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
    seat_changes
}

/// The `end` entry: the seat that forfeited, if one did, and the ending outside the rules.
fn end_entry(unit: &Unit, ply: i64, hash: i64, now: i64) -> LogEntry {
    let ending = unit.finish.map(|f| f.ending);
    LogEntry {
        kind: LogKind::End,
        ply,
        seat: match ending {
            Some(Ending::Forfeit { seat, .. }) => Some(i64::from(seat.0)),
            _ => None,
        },
        action: None,
        hidden: false,
        hash,
        clock_ms: None,
        think_ms: 0,
        data_json: data(&EndData { ending }),
        created_ms: now,
    }
}

/// The stored end: the result (`*` without one, as for an abort) and every seat's score and
/// rank.
fn game_end(outcome: Option<&Outcome>, termination: Termination, now: i64) -> GameEnd {
    GameEnd {
        result: outcome.map_or_else(|| "*".to_owned(), Outcome::score_text),
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
    }
}

#[cfg(test)]
mod tests {
    use std::sync::Arc;

    use muster_rules::record::{Departure, Retirement};
    use muster_rules::{AnyGame, GameId as RulesGame, Seat};
    use muster_store::{ClockKind, Game, GameId, TakebackPolicy};

    use super::super::{Finish, Note, Unit};
    use super::*;
    use crate::clock::Clocks;
    use crate::history::RetireData;

    const NOW: i64 = 1_000;

    /// A running, untimed game of `game` at its start, as the store reads it.
    fn row(game: &AnyGame, rated: bool) -> Game {
        Game {
            id: GameId::generate(),
            game: game.id().id().to_owned(),
            variant: game.variant_text(),
            rules_version: "1".to_owned(),
            status: GameStatus::Running,
            start_text: None,
            chance_seed: 7,
            ply: 0,
            version: 0,
            clock_kind: ClockKind::None,
            base_ms: 0,
            inc_ms: 0,
            corr_ms: 0,
            clock_json: "{}".to_owned(),
            deadline_ms: None,
            rated,
            takeback: TakebackPolicy::Casual,
            result: None,
            termination: None,
            challenge_id: None,
            created_ms: 0,
            started_ms: None,
            ended_ms: None,
            updated_ms: 0,
            seats: Vec::new(),
        }
    }

    fn start(game: RulesGame, variant: &str, seats: usize) -> AnyGame {
        AnyGame::new(game, variant, Some(seats)).expect("a start")
    }

    /// A unit of notes only at `game`.
    fn notes(game: &AnyGame, notes: Vec<Note>, finish: Option<Finish>) -> Unit {
        Unit {
            steps: Vec::new(),
            position: Arc::new(game.clone()),
            notes,
            clocks: Clocks::new(ClockRule::None, game.seats()),
            think_ms: 0,
            finish,
            rewind_to: None,
        }
    }

    #[test]
    fn a_decision_is_planned_as_an_act_entry_with_the_hash_after_it() {
        let before = start(RulesGame::MurusGallicus, "basic", 2);
        let mut after = before.clone();
        let action = after.legal_actions()[0].clone();
        let step = after.apply_step(&action).expect("legal");
        let mut unit = Unit {
            steps: vec![(step, Arc::new(before.clone()), Arc::new(after.clone()))],
            position: Arc::new(after.clone()),
            notes: Vec::new(),
            clocks: Clocks::new(ClockRule::None, 2),
            think_ms: 1_234,
            finish: None,
            rewind_to: None,
        };
        let plan = plan(
            &row(&before, false),
            ClockRule::None,
            &History::default(),
            &mut unit,
            NOW,
        );
        let entries = &plan.commit.entries;
        assert_eq!(entries.len(), 1);
        assert_eq!(entries[0].kind, LogKind::Act);
        assert_eq!((entries[0].ply, entries[0].seat), (0, Some(0)));
        assert_eq!(entries[0].action.as_deref(), Some(action.as_str()));
        assert_eq!(entries[0].hash, after.position_hash() as i64);
        assert_eq!(entries[0].clock_ms, None, "an untimed game keeps no time");
        assert_eq!(entries[0].think_ms, 1_234);
        assert_eq!(plan.commit.ply, 1);
        assert_eq!(plan.commit.status, GameStatus::Running);
        assert_eq!(
            plan.commit.started_ms,
            Some(NOW),
            "the first decision starts the game"
        );
        assert!(!plan.ends && plan.commit.end.is_none() && plan.rated_ranks.is_none());
    }

    #[test]
    fn a_resignation_ends_the_game_with_the_resigning_seat_last_and_is_rated_if_the_game_is() {
        let game = start(RulesGame::MurusGallicus, "basic", 2);
        let finish = Finish {
            ending: Ending::Forfeit {
                seat: Seat(0),
                how: Departure::Resigned,
            },
            termination: Termination::Resignation,
        };
        let mut unit = notes(&game, Vec::new(), Some(finish));
        let plan = plan(
            &row(&game, true),
            ClockRule::None,
            &History::default(),
            &mut unit,
            NOW,
        );
        assert!(plan.ends);
        assert_eq!(plan.commit.status, GameStatus::Over);
        let end_entry = plan.commit.entries.last().expect("an end entry");
        assert_eq!((end_entry.kind, end_entry.seat), (LogKind::End, Some(0)));
        let end = plan.commit.end.expect("the end");
        assert_eq!(end.termination, muster_store::Termination::Resignation);
        let rank = |seat: i64| end.seats.iter().find(|s| s.seat == seat).map(|s| s.rank);
        assert!(rank(1) < rank(0), "{:?}", end.seats);
        assert_eq!(plan.rated_ranks, Some(vec![1, 0]));
        assert_eq!(plan.commit.started_ms, None, "no decision was played");
    }

    #[test]
    fn an_abort_has_no_result_and_is_never_rated() {
        let game = start(RulesGame::MurusGallicus, "basic", 2);
        let finish = Finish {
            ending: Ending::Aborted,
            termination: Termination::Aborted,
        };
        let mut unit = notes(&game, Vec::new(), Some(finish));
        let plan = plan(
            &row(&game, true),
            ClockRule::None,
            &History::default(),
            &mut unit,
            NOW,
        );
        assert_eq!(plan.commit.status, GameStatus::Aborted);
        let end = plan.commit.end.expect("the end");
        assert_eq!(end.result, "*");
        assert!(end.seats.is_empty());
        assert_eq!(plan.rated_ranks, None);
    }

    #[test]
    fn a_seat_that_retires_from_three_becomes_a_seat_change_and_the_game_goes_on() {
        let game = start(RulesGame::Mu, "multi", 3);
        let retirement = Retirement {
            seat: Seat(2),
            after: 0,
            how: Departure::Resigned,
        };
        let note = Note::Retire {
            data: RetireData {
                retirement,
                level: 3,
            },
        };
        let mut unit = notes(&game, vec![note], None);
        let mut row = row(&game, false);
        row.ply = 5;
        let plan = plan(&row, ClockRule::None, &History::default(), &mut unit, NOW);
        assert!(!plan.ends);
        assert_eq!(plan.commit.entries.len(), 1);
        assert_eq!(plan.commit.entries[0].kind, LogKind::Retire);
        assert_eq!(plan.commit.entries[0].ply, 5);
        match &plan.commit.seat_changes[..] {
            [SeatChange::Retire {
                seat: 2,
                ply: 5,
                ai_level: 3,
                ..
            }] => {}
            other => panic!("{other:?}"),
        }
    }
}
