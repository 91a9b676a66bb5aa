//! `GET` and `PUT /api/me/prefs`: the user's settings ([`Prefs`]), kept in their `prefs_json`
//! beside the standing preferences of play (`forced_play`, `auto_decline`, set by `ctl`), which
//! a `PUT` leaves as they are. Guests keep settings too; bots have none — a bot's `prefs_json`
//! holds its owner and token hash, which this route must neither show nor overwrite (403).

use std::sync::Arc;

use axum::extract::State;
use axum::Json;
use muster_store::{PrefsSwap, Store, User, UserId};
use muster_wire::http::{PaletteChoice, Prefs, ThemeChoice};
use muster_wire::NackCode;
use serde::de::DeserializeOwned;
use serde_json::{Map, Value};

use super::api::{ApiFailure, ApiJson};
use super::identity::Identity;
use crate::ServerState;

/// The settings a user's stored `prefs_json` holds: each field that is missing, or whose stored
/// value is not an allowed one, reads as its default (older or damaged text never fails).
pub fn stored_prefs(prefs_json: &str) -> Prefs {
    let value: Value = serde_json::from_str(prefs_json).unwrap_or_default();
    let defaults = Prefs::default();
    let field = |key: &str| value.get(key).cloned();
    fn read<T: DeserializeOwned>(value: Option<Value>) -> Option<T> {
        value.and_then(|v| serde_json::from_value(v).ok())
    }
    Prefs {
        anim_speed: read::<f64>(field("anim_speed"))
            .filter(|s| Prefs::ANIM_SPEEDS.contains(s))
            .unwrap_or(defaults.anim_speed),
        confirm_moves: read(field("confirm_moves")).unwrap_or(defaults.confirm_moves),
        coords: read(field("coords")).unwrap_or(defaults.coords),
        palette: read::<PaletteChoice>(field("palette")).unwrap_or(defaults.palette),
        theme: read::<ThemeChoice>(field("theme")).unwrap_or(defaults.theme),
    }
}

/// `prefs_json` with the settings `prefs` written in and every other key kept (text that is
/// not a JSON object is replaced).
pub fn with_prefs(prefs_json: &str, prefs: &Prefs) -> String {
    let mut map = match serde_json::from_str::<Value>(prefs_json) {
        Ok(Value::Object(map)) => map,
        _ => Map::new(),
    };
    if let Ok(Value::Object(settings)) = serde_json::to_value(prefs) {
        map.extend(settings);
    }
    Value::Object(map).to_string()
}

/// How many times [`edit_prefs`] reads and writes again when another writer changed the text
/// in between.
const EDIT_TRIES: usize = 8;

/// What [`edit_prefs`] did.
#[derive(Clone, Debug, PartialEq, Eq)]
pub(crate) enum PrefsEdit {
    /// The edited text, as stored.
    Written(String),
    /// There is no such user.
    NoUser,
    /// Other writers changed the text each of [`EDIT_TRIES`] times; nothing was written.
    Contended,
}

/// Applies `edit` to a user's stored `prefs_json` as one compare-and-set: read, edit, write
/// only if the text is still what was read, else again. So the settings page and a game's
/// standing preferences (`ctl`), which edit different keys of the same text, never undo each
/// other's edit.
pub(crate) async fn edit_prefs(
    store: &dyn Store,
    id: &UserId,
    edit: impl Fn(&str) -> String,
) -> Result<PrefsEdit, muster_store::Error> {
    for _ in 0..EDIT_TRIES {
        let Some(user) = store.user_by_id(id).await? else {
            return Ok(PrefsEdit::NoUser);
        };
        let edited = edit(&user.prefs_json);
        match store.swap_user_prefs(id, &user.prefs_json, &edited).await? {
            PrefsSwap::Written => return Ok(PrefsEdit::Written(edited)),
            PrefsSwap::NoUser => return Ok(PrefsEdit::NoUser),
            PrefsSwap::Changed => continue,
        }
    }
    Ok(PrefsEdit::Contended)
}

fn no_bots(user: &User) -> Result<(), ApiFailure> {
    if user.is_bot {
        return Err(ApiFailure::new(
            NackCode::Forbidden,
            "a bot has no settings: its owner runs it",
        ));
    }
    Ok(())
}

/// `GET /api/me/prefs`: the caller's settings (the defaults when none are stored); 403 for a
/// bot.
pub(super) async fn get_prefs(identity: Identity) -> Result<Json<Prefs>, ApiFailure> {
    no_bots(&identity.user)?;
    Ok(Json(stored_prefs(&identity.user.prefs_json)))
}

/// `PUT /api/me/prefs`: stores the caller's settings and answers them as stored; 400
/// `invalid` quoting a value the page cannot show (an `anim_speed` other than 0.5, 1, 2, 4),
/// 400 `malformed` for an unknown field or a word that is no choice; 403 for a bot.
pub(super) async fn put_prefs(
    State(state): State<Arc<ServerState>>,
    identity: Identity,
    ApiJson(prefs): ApiJson<Prefs>,
) -> Result<Json<Prefs>, ApiFailure> {
    no_bots(&identity.user)?;
    prefs
        .check()
        .map_err(|why| ApiFailure::new(NackCode::Invalid, why))?;
    let edited = edit_prefs(state.store.as_ref(), &identity.user.id, |stored| {
        with_prefs(stored, &prefs)
    })
    .await
    .map_err(|e| ApiFailure::storage(&e))?;
    match edited {
        PrefsEdit::Written(_) => {}
        PrefsEdit::NoUser => {
            return Err(ApiFailure::new(
                NackCode::Unauthorized,
                "the account is gone: sign in again",
            ))
        }
        PrefsEdit::Contended => {
            return Err(ApiFailure::new(
                NackCode::Storage,
                "the settings kept changing while they were stored; nothing was changed; try again",
            ))
        }
    }
    Ok(Json(prefs))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn settings_are_written_beside_the_standing_preferences_of_play() {
        let stored = r#"{"forced_play":true,"auto_decline":false}"#;
        let prefs = Prefs {
            theme: ThemeChoice::Dark,
            ..Prefs::default()
        };
        let written = with_prefs(stored, &prefs);
        let value: Value = serde_json::from_str(&written).unwrap();
        assert_eq!(value["forced_play"], Value::Bool(true));
        assert_eq!(value["theme"], Value::String("dark".into()));
        assert_eq!(stored_prefs(&written), prefs);
    }

    #[test]
    fn stored_settings_that_do_not_read_fall_back_to_their_defaults_one_by_one() {
        assert_eq!(stored_prefs("not json"), Prefs::default());
        assert_eq!(stored_prefs("[1, 2]"), Prefs::default());
        let read = stored_prefs(r#"{"anim_speed": 3, "coords": false, "theme": "sepia"}"#);
        assert_eq!(
            read,
            Prefs {
                coords: false,
                ..Prefs::default()
            }
        );
    }
}
