//! What a game's actor answers besides decisions and controls: previews (try-before-submit on
//! the caller's own view, never stored) and the game's chat rooms, with their history.

use std::collections::HashMap;
use std::sync::Arc;

use muster_rules::{AnyEvent, Seat};
use muster_store::{ChatId, ChatLine, GameId, Store, UserId};
use muster_wire::server::{Chat, PreviewReply};
use muster_wire::{Millis, NackCode, PreviewAsk, Room, Say, ServerMsg};

use super::actor::Refusal;
use super::commit::refusal_of;
use super::load::Live;
use super::{Conn, Games};
use crate::time::now_ms;

/// The most actions one preview may try.
const PREVIEW_ACTIONS: usize = 16;
/// How many of a room's last lines a connection gets when it starts following the room.
pub const CHAT_HISTORY: u32 = 50;
/// The longest chat line, in characters.
pub const CHAT_CHARS: usize = 500;

/// A chat line as it may be stored and shown: trimmed, 1 to [`CHAT_CHARS`] characters, no
/// control characters.
pub fn chat_text(text: &str) -> Result<String, String> {
    let text = text.trim();
    if text.is_empty() {
        return Err("an empty line is not sent".to_owned());
    }
    if text.chars().count() > CHAT_CHARS {
        return Err(format!("a line holds at most {CHAT_CHARS} characters"));
    }
    if text.chars().any(char::is_control) {
        return Err("a line may not hold control characters".to_owned());
    }
    Ok(text.to_owned())
}

/// A chat line said by `user` in `room`: checked ([`chat_text`]), stored, and returned as the
/// `chat` frame to send. A refusal says why: `refused` for the text, `storage` for the store.
pub(crate) async fn post_chat(
    store: &dyn Store,
    room: &Room,
    game_id: Option<&GameId>,
    user: &UserId,
    text: &str,
) -> Result<ServerMsg, (NackCode, String)> {
    let text = chat_text(text).map_err(|e| (NackCode::Refused, e))?;
    let now = now_ms();
    let id = ChatId::generate();
    store
        .insert_chat(&ChatLine {
            id: id.clone(),
            room: room.to_string(),
            game_id: game_id.cloned(),
            user_id: user.clone(),
            text: text.clone(),
            created_ms: now,
        })
        .await
        .map_err(|e| (NackCode::Storage, format!("the line was not stored: {e}")))?;
    let from = store
        .user_by_id(user)
        .await
        .ok()
        .flatten()
        .map_or_else(|| "someone".to_owned(), |u| u.name);
    Ok(ServerMsg::Chat(Chat {
        id: id.as_str().to_owned(),
        room: room.clone(),
        from,
        text,
        at_ms: Millis(now.max(0) as u64),
    }))
}

/// The last [`CHAT_HISTORY`] lines of `room` as `chat` frames, oldest first, each with the name
/// its speaker has now. A store failure is logged and gives no lines: history is a courtesy,
/// and following the room goes on without it.
pub(crate) async fn chat_history(store: &dyn Store, room: &Room) -> Vec<ServerMsg> {
    let lines = match store.chat_lines(&room.to_string(), CHAT_HISTORY).await {
        Ok(lines) => lines,
        Err(e) => {
            eprintln!("muster serve: the history of room {room} could not be read: {e}");
            return Vec::new();
        }
    };
    let mut names: HashMap<UserId, String> = HashMap::new();
    let mut frames = Vec::with_capacity(lines.len());
    for line in lines {
        if !names.contains_key(&line.user_id) {
            let name = store
                .user_by_id(&line.user_id)
                .await
                .ok()
                .flatten()
                .map_or_else(|| "someone".to_owned(), |u| u.name);
            names.insert(line.user_id.clone(), name);
        }
        frames.push(ServerMsg::Chat(Chat {
            id: line.id.as_str().to_owned(),
            room: room.clone(),
            from: names.get(&line.user_id).cloned().unwrap_or_default(),
            text: line.text,
            at_ms: Millis(line.created_ms.max(0) as u64),
        }));
    }
    frames
}

impl Live {
    /// Sends a new subscriber (a connection not yet following the game: one that follows it has
    /// heard the room live) the history of the one room of this game it hears live: the
    /// players' room to a seated connection, the watchers' room to any other (never the other
    /// room: the players' talk is hidden from the watchers). In the background, after what the
    /// actor has sent it so far (its `full`).
    pub(super) fn send_chat_history(&self, games: &Arc<Games>, conn: &Conn, seated: bool) {
        let room = if seated {
            Room::Players(self.g.clone())
        } else {
            Room::Watchers(self.g.clone())
        };
        let store = Arc::clone(&games.store);
        let out = conn.out.clone();
        tokio::spawn(async move {
            for frame in chat_history(store.as_ref(), &room).await {
                out.send(&frame);
            }
        });
    }

    /// Plays `msg.a` on the caller's own view and shows the result: the events the caller may
    /// see and the scene after. Nothing is stored; the game does not change.
    pub(super) fn preview(&self, conn: &Conn, msg: &PreviewAsk) -> Result<ServerMsg, Refusal> {
        if i64::from(msg.ply.0) != self.row.ply {
            return Err(Refusal::new(NackCode::Stale, "the game has moved on"));
        }
        if msg.a.is_empty() || msg.a.len() > PREVIEW_ACTIONS {
            return Err(Refusal::new(
                NackCode::Refused,
                format!("a preview tries 1 to {PREVIEW_ACTIONS} actions"),
            ));
        }
        let seats = self.seats_of(conn.user.as_ref());
        let viewer: Option<Seat> = super::render::viewer_for(&seats, &self.game);
        let mut game = self.game.view(viewer.map(Seat::index));
        let mut events: Vec<AnyEvent> = Vec::new();
        let mut scene = None;
        let mut anim = Vec::new();
        for action in &msg.a {
            let before = game.clone();
            anim.extend(muster_view::steps_seen(&before, action, viewer).unwrap_or_default());
            let step = game.apply_step(action).map_err(|e| refusal_of(&e))?;
            events.extend(
                step.events
                    .into_iter()
                    .filter(|e| e.audience.includes(viewer)),
            );
            scene = muster_view::scene_after(&before, &step.action, viewer).ok();
        }
        let scene = scene
            .or_else(|| muster_view::scene(&game, viewer).ok())
            .ok_or_else(|| Refusal::new(NackCode::Refused, "this position cannot be drawn"))?;
        Ok(ServerMsg::Preview(PreviewReply {
            g: self.g.clone(),
            id: msg.id,
            ply: msg.ply,
            events,
            anim,
            scene,
        }))
    }

    /// A line said in the game's players' or watchers' room: stored, then sent to the room —
    /// the players' room to the seated, the watchers' room to the spectators.
    pub(super) async fn say(
        &mut self,
        games: &Arc<Games>,
        conn: &Conn,
        msg: &Say,
    ) -> Result<(), Refusal> {
        let Some(user) = conn.user.clone() else {
            return Err(Refusal::new(
                NackCode::NotSeated,
                "sign in (a guest session will do) to chat",
            ));
        };
        let seated = !self.seats_of(Some(&user)).is_empty();
        let players = match &msg.room {
            Room::Players(_) if seated => true,
            Room::Watchers(_) if !seated => false,
            Room::Players(_) => {
                return Err(Refusal::new(
                    NackCode::NotSeated,
                    "the players' room is for the seated",
                ))
            }
            Room::Watchers(_) => {
                return Err(Refusal::new(
                    NackCode::Refused,
                    "players do not talk in the watchers' room while they play",
                ))
            }
            Room::Lobby => return Err(Refusal::new(NackCode::Refused, "not a room of this game")),
        };
        let line = post_chat(
            games.store.as_ref(),
            &msg.room,
            Some(&self.id),
            &user,
            &msg.text,
        )
        .await
        .map_err(|(code, reason)| Refusal::new(code, reason))?;
        for sub in &self.subs {
            if sub.seats.is_empty() != players {
                sub.conn.out.send(&line);
            }
        }
        Ok(())
    }
}
