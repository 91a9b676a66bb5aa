//! Standing preferences of a seat's user: forced play and MuTou's auto-decline, stored with the
//! user and played by the server whenever they decide for the seat to act.

use std::sync::Arc;

use muster_rules::{Actor, Seat};
use muster_store::SeatKind;
use muster_wire::{Control, NackCode};

use super::super::actor::Refusal;
use super::super::load::Live;
use super::super::{Conn, Games};
use super::refused;
use crate::accounts::prefs::{edit_prefs, PrefsEdit};

/// A seat's standing preferences (kept in its user's `prefs_json`).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub(in crate::games) struct SeatPrefs {
    /// Let the server play a lone legal decision for the seat.
    pub forced_play: bool,
    /// Decline MuTou's calls automatically.
    pub auto_decline: bool,
}

impl SeatPrefs {
    /// The preferences in a user's `prefs_json` (unknown keys and bad JSON read as none set).
    pub(in crate::games) fn read(prefs_json: &str) -> SeatPrefs {
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
    pub(super) async fn play_preferred(
        &mut self,
        games: &Arc<Games>,
        now: i64,
    ) -> Result<i64, Refusal> {
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
    pub(in crate::games) fn played_for(
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
