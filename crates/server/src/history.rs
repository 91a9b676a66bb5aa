//! A game's log as the server writes it (`game_log`, docs/server-design.md §2.4), and its fold into
//! the decisions that stand.
//!
//! What each kind of entry holds:
//!
//! | kind | `ply` | `seat` | `action` | `data_json` |
//! |---|---|---|---|---|
//! | `act` | the ply it was played at | the seat | the canonical action text | `{}` |
//! | `chance` | the ply | none | the outcome drawn | `{}` |
//! | `offer` / `answer` | the live ply | the seat | none | [`OfferData`] |
//! | `takeback` | the live ply | the seat that asked | none | [`TakebackData`] |
//! | `retire` | the number of decisions played | the seat | none | [`RetireData`] |
//! | `pause` / `resume` | the live ply | none | none | `{}` (the server stopped / started) |
//! | `end` | the live ply | the seat that left, if one did | none | [`EndData`] |
//!
//! `hidden` is 1 when the action was secret from someone when it was played; `hash` is the
//! omniscient position hash after the entry (never sent to a client, docs/server-design.md §2.8).
//! A `takeback` cancels the `act`/`chance` entries from its `to_ply` on: they stay in the log
//! for audit, but no longer stand.

use muster_rules::record::{Ending, Endings, Retirement};
use muster_rules::Seat;
use muster_store::{LogKind, StoredEntry};
use muster_wire::server::OfferKind;
use serde::{Deserialize, Serialize};

/// `data_json` of a `takeback` entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct TakebackData {
    /// The ply the game returns to: decisions from this ply on no longer stand.
    pub to_ply: i64,
}

/// `data_json` of a `retire` entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RetireData {
    /// How the seat left.
    pub retirement: Retirement,
    /// The AI level that plays the seat on.
    pub level: u8,
}

/// `data_json` of an `end` entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct EndData {
    /// How the game ended outside its rules; `None` when the rules ended it.
    pub ending: Option<Ending>,
}

/// `data_json` of an `offer` or `answer` entry.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct OfferData {
    /// What is offered.
    pub k: OfferKind,
    /// The answer (`answer` entries only).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub yes: Option<bool>,
}

/// One decision that stands.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Played {
    /// The version of its entry.
    pub v: i64,
    /// The ply it was played at (its index among the decisions).
    pub ply: i64,
    /// The seat that decided, `None` for chance.
    pub seat: Option<Seat>,
    /// The action in notation.
    pub action: String,
    /// Secret from someone when it was played.
    pub hidden: bool,
    /// The omniscient hash after it.
    pub hash: i64,
}

/// A standing offer or answer, as logged.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub struct OfferNote {
    /// The version of its entry.
    pub v: i64,
    /// The ply it was made at.
    pub ply: i64,
    /// Who made it.
    pub seat: Seat,
    /// What it offers or answers.
    pub data: OfferData,
}

/// A log folded: the decisions that stand, what ended it or who left, and the offers.
#[derive(Clone, PartialEq, Debug, Default)]
pub struct History {
    /// The decisions that stand, in order (`played[i].ply == i`).
    pub played: Vec<Played>,
    /// The ending outside the rules and the retirements.
    pub endings: Endings,
    /// The AI level now playing each retired seat.
    pub retired_levels: Vec<(Seat, u8)>,
    /// Whether an `end` entry closed the game.
    pub ended: bool,
    /// Offers and answers made since the last decision, in order.
    pub offers: Vec<OfferNote>,
    /// The `pause` and `resume` entries: (is a pause, time).
    pub pauses: Vec<(bool, i64)>,
    /// The version of the last entry.
    pub version: i64,
}

/// A log that does not fold: the server wrote something it cannot read back.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
#[error("game log entry v{v}: {why}")]
pub struct HistoryError {
    /// The entry.
    pub v: i64,
    /// What is wrong with it.
    pub why: String,
}

impl History {
    /// The actions that stand, in notation.
    pub fn actions(&self) -> Vec<String> {
        self.played.iter().map(|p| p.action.clone()).collect()
    }
}

/// Folds a game's log, read in version order from version 1.
pub fn fold(entries: &[StoredEntry]) -> Result<History, HistoryError> {
    let mut history = History::default();
    for stored in entries {
        let v = stored.v;
        let e = &stored.entry;
        let bad = |why: String| HistoryError { v, why };
        if v != history.version + 1 {
            return Err(bad(format!("follows version {}", history.version)));
        }
        history.version = v;
        let seat = e
            .seat
            .map(|s| {
                u8::try_from(s)
                    .map(Seat)
                    .map_err(|_| bad(format!("seat {s} is out of range")))
            })
            .transpose()?;
        match e.kind {
            LogKind::Act | LogKind::Chance => {
                if e.ply != history.played.len() as i64 {
                    return Err(bad(format!(
                        "a decision at ply {} where {} stand",
                        e.ply,
                        history.played.len()
                    )));
                }
                let action = e
                    .action
                    .clone()
                    .ok_or_else(|| bad("a decision without an action".into()))?;
                if (e.kind == LogKind::Act) != seat.is_some() {
                    return Err(bad("a decision whose seat does not fit its kind".into()));
                }
                history.played.push(Played {
                    v,
                    ply: e.ply,
                    seat,
                    action,
                    hidden: e.hidden,
                    hash: e.hash,
                });
                history.offers.clear();
            }
            LogKind::Takeback => {
                let data: TakebackData = read(&e.data_json).map_err(bad)?;
                let to = usize::try_from(data.to_ply)
                    .ok()
                    .filter(|&to| to <= history.played.len())
                    .ok_or_else(|| bad(format!("a takeback to ply {}", data.to_ply)))?;
                history.played.truncate(to);
                history.offers.clear();
            }
            LogKind::Retire => {
                let data: RetireData = read(&e.data_json).map_err(bad)?;
                history.endings.retired.push(data.retirement);
                history
                    .retired_levels
                    .push((data.retirement.seat, data.level));
            }
            LogKind::End => {
                let data: EndData = read(&e.data_json).map_err(bad)?;
                history.endings.ending = data.ending;
                history.ended = true;
            }
            LogKind::Offer | LogKind::Answer => {
                let data: OfferData = read(&e.data_json).map_err(bad)?;
                let seat = seat.ok_or_else(|| bad("an offer without a seat".into()))?;
                history.offers.push(OfferNote {
                    v,
                    ply: e.ply,
                    seat,
                    data,
                });
            }
            LogKind::Pause => history.pauses.push((true, e.created_ms)),
            LogKind::Resume => history.pauses.push((false, e.created_ms)),
        }
    }
    Ok(history)
}

fn read<T: for<'de> Deserialize<'de>>(json: &str) -> Result<T, String> {
    serde_json::from_str(json).map_err(|e| format!("unreadable data `{json}`: {e}"))
}

/// `data_json` for a value.
pub fn data<T: Serialize>(value: &T) -> String {
    serde_json::to_string(value).unwrap_or_else(|_| "{}".to_owned())
}
