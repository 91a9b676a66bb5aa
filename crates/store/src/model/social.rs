//! Chat lines and notifications.

use crate::ids::{ChatId, GameId, NotificationId, UserId};

/// One line said in a chat room.
#[derive(Clone, Debug, PartialEq)]
pub struct ChatLine {
    /// Its id.
    pub id: ChatId,
    /// The room (`lobby`, `g:<id>:players`, `g:<id>:watchers`).
    pub room: String,
    /// The game of a game room.
    pub game_id: Option<GameId>,
    /// Who said it.
    pub user_id: UserId,
    /// What was said.
    pub text: String,
    /// When.
    pub created_ms: i64,
}

/// Something to tell a user (your turn, a challenge, a game's end).
#[derive(Clone, Debug, PartialEq)]
pub struct Notification {
    /// Its id.
    pub id: NotificationId,
    /// Whom to tell.
    pub user_id: UserId,
    /// What kind of news (`turn`, `challenge`, `end`, …).
    pub kind: String,
    /// The game it is about, if any.
    pub game_id: Option<GameId>,
    /// The details as JSON text.
    pub payload_json: String,
    /// When.
    pub created_ms: i64,
    /// When the user read it.
    pub read_ms: Option<i64>,
    /// When it went out by e-mail.
    pub mailed_ms: Option<i64>,
}

/// One change to the notifications, for [`crate::Store::change_notifications`].
#[derive(Clone, Debug, PartialEq)]
pub enum NotificationChange {
    /// Store a notification ([`crate::Store::insert_notification`]).
    Insert(Notification),
    /// Store a notification in place of the user's unread ones of its kind and game
    /// ([`crate::Store::replace_notification`]).
    Replace(Notification),
    /// Delete a user's unread notifications of a kind about a game
    /// ([`crate::Store::drop_unread_game_notifications`]).
    Settle {
        /// Whose.
        user_id: UserId,
        /// Of what kind.
        kind: String,
        /// About which game.
        game_id: GameId,
    },
}
