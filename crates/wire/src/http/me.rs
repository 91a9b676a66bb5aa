//! Bodies of the signed-in user's own routes: their settings (`/api/me/prefs`), their bots
//! (`/api/me/bots`) and their notification list (`/api/me/notifications`).

use serde::{Deserialize, Serialize};

use crate::ids::{MatchId, Millis};
use crate::server::NotifyKind;

/// `GET` and `PUT /api/me/prefs`: the user's settings, kept with their account. Every field has
/// a default, so a body (or a stored setting) without it reads; `PUT` refuses unknown fields.
/// The server checks the values ([`Prefs::check`]).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(default, deny_unknown_fields)]
pub struct Prefs {
    /// How fast the board animates: one of [`Prefs::ANIM_SPEEDS`] (0.5, 1, 2, 4); 1 by default.
    pub anim_speed: f64,
    /// Ask before a move is sent; off by default.
    pub confirm_moves: bool,
    /// Coordinates on the board; on by default.
    pub coords: bool,
    /// The colours of the board's marks (targets, the path, warnings, the last move).
    pub palette: PaletteChoice,
    /// Light or dark pages, or as the system says.
    pub theme: ThemeChoice,
}

impl Default for Prefs {
    fn default() -> Self {
        Prefs {
            anim_speed: 1.0,
            confirm_moves: false,
            coords: true,
            palette: PaletteChoice::Standard,
            theme: ThemeChoice::System,
        }
    }
}

impl Prefs {
    /// The animation speeds a user may choose (the game page's choices).
    pub const ANIM_SPEEDS: [f64; 4] = [0.5, 1.0, 2.0, 4.0];

    /// Whether the values are allowed; the refusal quotes the bad value and the allowed ones.
    pub fn check(&self) -> Result<(), String> {
        if Self::ANIM_SPEEDS.contains(&self.anim_speed) {
            Ok(())
        } else {
            Err(format!(
                "anim_speed {} is not one of 0.5, 1, 2, 4",
                self.anim_speed
            ))
        }
    }
}

/// The colours of the board's marks: targets, the path chosen so far, warnings, what a
/// preview changes and the last move. (Pieces carry their seat's letter, in colours every
/// colour vision tells apart, whatever the choice.)
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum PaletteChoice {
    /// Green targets, blue path, red warnings.
    #[default]
    Standard,
    /// Okabe and Ito's blue, orange, vermilion and reddish purple: told apart with any colour
    /// vision.
    ColourBlind,
}

/// Light or dark pages.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum ThemeChoice {
    /// As the system (the browser) prefers.
    #[default]
    System,
    /// Light pages.
    Light,
    /// Dark pages.
    Dark,
}

/// `GET /api/me/bots`: the bots the user owns, newest first.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BotList {
    /// The bots.
    pub bots: Vec<BotInfo>,
}

/// One bot of the user's.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct BotInfo {
    /// Its name.
    pub name: String,
    /// When it was created.
    pub created_ms: Millis,
    /// Whether it has a token that works (false once revoked; a new one is made with
    /// `POST /api/bots/{name}/token`).
    pub token: bool,
}

/// `GET /api/me/notifications`: the user's notifications, newest first, and how many are
/// unread in all.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Inbox {
    /// How many of the user's notifications are unread, listed or not.
    pub unread: u32,
    /// The newest ones.
    pub items: Vec<InboxItem>,
}

/// One notification, in the words and with the game its `notify` frame had.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct InboxItem {
    /// Its id (opaque text).
    pub id: String,
    /// What about.
    pub kind: NotifyKind,
    /// The game, when it is about one.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub g: Option<MatchId>,
    /// In words.
    pub text: String,
    /// When it happened.
    pub at_ms: Millis,
    /// Whether the user has marked it read.
    pub read: bool,
}

/// `POST /api/me/notifications/read`: marks read every notification made at or before
/// `up_to_ms` (the `at_ms` of the newest one the user has seen).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(deny_unknown_fields)]
pub struct MarkRead {
    /// The newest notification time to mark read.
    pub up_to_ms: Millis,
}

/// The answer to `POST /api/me/notifications/read`: how many notifications are still unread.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct UnreadCount {
    /// Unread notifications left.
    pub unread: u32,
}
