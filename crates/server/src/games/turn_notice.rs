//! "Your turn" (docs/server-design.md §2.4): after a commit of decisions in a game without a live
//! clock — a correspondence game, or an untimed one — the person whose seat must act now is told,
//! with a `notify` frame of kind `your-turn` on their WebSockets and a stored notification that
//! replaces their unread turn in this game ([`crate::net::notices::Notices::tell_turn`]); the mover's
//! own unread turn there is marked read ([`crate::net::notices::Notices::turn_taken`]). Live games tell
//! no turns: their players are at the board.

use muster_rules::{Actor, GameId, Seat};
use muster_store::SeatKind;

use super::load::Live;
use super::Games;

impl Live {
    /// Tells the person to act now that it is their turn, after a commit whose first decision
    /// was `mover`'s (`None` for a chance draw). Nobody is told in a live game, in a game that
    /// is not running, when the seat to act is the AI's or open, or when its user made the
    /// decision themself (a hot-seat game, or a turn of several decisions).
    ///
    /// The mover's own unread turn in this game is marked read first: they took it.
    pub(super) fn tell_turn(&self, games: &Games, mover: Option<Seat>) {
        if self.rule.is_live() {
            return;
        }
        let mover_row = mover.and_then(|m| self.row.seats.get(m.index()));
        if let Some(user) = mover_row.and_then(|r| r.user_id.as_ref()) {
            games.notices().turn_taken(user, &self.g);
        }
        if !self.is_running() {
            return;
        }
        let Actor::Seat(seat) = self.game.actor() else {
            return;
        };
        let Some(row) = self.row.seats.get(seat.index()) else {
            return;
        };
        let Some(user) = row.user_id.as_ref().filter(|_| row.kind == SeatKind::Human) else {
            return;
        };
        if mover_row.and_then(|r| r.user_id.as_ref()) == Some(user) {
            return;
        }
        let game = GameId::parse(&self.row.game)
            .map_or_else(|_| self.row.game.clone(), |g| g.name().to_owned());
        let text = match mover.and_then(|m| self.names.get(m.index())) {
            Some(name) if !name.is_empty() => format!("{name} has played: your turn in {game}"),
            _ => format!("your turn in {game}"),
        };
        games.notices().tell_turn(user, &self.g, text);
    }
}
