//! One game as the bot's seat sees it, kept from the versioned stream: the version, ply, view
//! hash and actor, and a copy of the seat's view as a position of the rules, so the engine can
//! be told the position. The server sends views only; the copy starts from a `full`'s position
//! text and follows every `step` whose action the seat may see. A decision hidden from the seat
//! (or anything the copy cannot follow) makes it stale: the bot then asks for a fresh `full`.

use muster_rules::{AnyGame, GameId, Seat};
use muster_wire::server::{Full, Step};
use muster_wire::{Actor, ClockState, ServerMsg, Version, ViewHash};

/// What a frame did to the picture.
#[derive(Debug, PartialEq, Eq)]
pub enum Taken {
    /// Taken in (or not about this game's stream).
    Fine,
    /// Entries are missing, or the copy of the view is stale: subscribe again (with `v`, or
    /// without for a `full`).
    Resubscribe(Option<Version>),
    /// The game ended.
    Ended,
    /// A `full` whose position does not read: the bot cannot follow this game.
    Unreadable(String),
}

/// The seat's picture of one game.
pub struct Picture {
    /// The last version taken in.
    pub v: Option<Version>,
    /// Decisions played.
    pub ply: u32,
    /// The view's hash, sent back with every `act`.
    pub hash: ViewHash,
    /// Who decides next.
    pub actor: Actor,
    /// The bot's seat.
    pub me: Option<Seat>,
    /// The clock, when the game has one.
    pub clock: Option<ClockState>,
    /// The game's start (the rules' start of its game, variant and seats).
    pub start: Option<AnyGame>,
    /// Every decision from the start, while the seat has seen them all.
    pub moves: Option<Vec<String>>,
    /// The seat's view now; `None` while stale.
    pub view: Option<AnyGame>,
}

impl Picture {
    /// An empty picture, waiting for its `full`.
    pub fn new() -> Picture {
        Picture {
            v: None,
            ply: 0,
            hash: ViewHash(String::new()),
            actor: Actor::Over,
            me: None,
            clock: None,
            start: None,
            moves: None,
            view: None,
        }
    }

    /// Whether the bot's seat is to decide and the picture can say where.
    pub fn my_turn(&self) -> bool {
        matches!((self.actor, self.me), (Actor::Seat(a), Some(me)) if a == me)
            && self.view.is_some()
    }

    /// Takes in one frame of the game's stream (the caller filters frames of other games).
    pub fn take(&mut self, msg: &ServerMsg) -> Taken {
        if let ServerMsg::Full(full) = msg {
            return match self.full(full) {
                Ok(()) => Taken::Fine,
                Err(why) => Taken::Unreadable(why),
            };
        }
        let Some(v) = msg.version() else {
            return Taken::Fine;
        };
        match self.v {
            Some(last) if v <= last => return Taken::Fine,
            Some(last) if v.0 == last.0 + 1 => {}
            have => return Taken::Resubscribe(have),
        }
        self.v = Some(v);
        match msg {
            ServerMsg::Step(step) => self.step(step),
            ServerMsg::End(_) => {
                self.actor = Actor::Over;
                return Taken::Ended;
            }
            // A decision the seat may not see: the copy can no longer follow.
            ServerMsg::Skip(_) => self.stale(),
            // A `full` follows a rewind.
            ServerMsg::Rewind(_) => self.stale(),
            _ => {}
        }
        if self.view.is_none() && !matches!(self.actor, Actor::Over) {
            return Taken::Resubscribe(None);
        }
        Taken::Fine
    }

    fn stale(&mut self) {
        self.view = None;
        self.moves = None;
    }

    /// Takes in a `full`; the error says why its position does not read.
    fn full(&mut self, full: &Full) -> Result<(), String> {
        self.v = Some(full.v);
        self.ply = full.ply.0;
        self.hash = full.hash.clone();
        self.actor = full.actor;
        self.me = full.me;
        self.clock = full.clock.clone();
        let id = GameId::parse(&full.game).map_err(|e| e.to_string())?;
        self.start = AnyGame::new(id, &full.variant, Some(full.seats.len())).ok();
        let view = AnyGame::from_position(id, &full.variant, &full.position);
        self.view = view.as_ref().ok().cloned();
        let moves: Option<Vec<String>> = full.moves.iter().map(|m| m.a.clone()).collect();
        // The moves are worth sending only when they lead from the start to this view.
        self.moves = match (&self.start, &self.view, moves) {
            (Some(start), Some(view), Some(moves)) => {
                let mut replay = start.clone();
                let fits = moves.iter().all(|a| replay.apply(a).is_ok())
                    && replay.view(full.me.map(|s| s.index())).position_text()
                        == view.position_text();
                fits.then_some(moves)
            }
            _ => None,
        };
        match view {
            Ok(_) => Ok(()),
            Err(e) => Err(format!(
                "the position `{}` does not read: {e}",
                full.position
            )),
        }
    }

    fn step(&mut self, step: &Step) {
        self.ply = step.ply.0;
        self.hash = step.hash.clone();
        self.actor = step.actor;
        self.clock = step.clock.clone();
        if !step.revealed.is_empty() {
            // Secrets made public: the next `full` carries them.
            self.stale();
            return;
        }
        match (&mut self.view, &step.a) {
            (Some(view), Some(a)) => {
                if view.apply(a).is_err() {
                    self.stale();
                } else if let Some(moves) = &mut self.moves {
                    moves.push(a.clone());
                }
            }
            _ => self.stale(),
        }
    }

    /// What the engine is told: the start and the moves when the seat has seen them all, else
    /// the view itself with no moves; and the position to decide in.
    pub fn for_engine(&self) -> Option<(AnyGame, Vec<String>, AnyGame)> {
        let view = self.view.clone()?;
        match (&self.start, &self.moves) {
            (Some(start), Some(moves)) => Some((start.clone(), moves.clone(), view)),
            _ => Some((view.clone(), Vec::new(), view)),
        }
    }
}

#[cfg(test)]
mod tests {
    use muster_rules::{AnyGame, GameId};

    #[test]
    fn a_seats_view_of_every_game_reads_back_as_a_position() {
        for game in ["murus-gallicus", "mur", "mu", "mutou"] {
            let id = GameId::parse(game).unwrap();
            let mut start = AnyGame::new(id, "", None).unwrap();
            for ply in 0..40 {
                for seat in 0..start.seats() {
                    let text = start.view(Some(seat)).position_text();
                    let read = AnyGame::from_position(id, &start.variant_text(), &text);
                    assert!(
                        read.is_ok(),
                        "{game} ply {ply} seat {seat}: {text}: {:?}",
                        read.err()
                    );
                }
                let legal = start.legal_actions();
                let Some(a) = legal.get(ply * 7 % legal.len().max(1)).cloned() else {
                    break;
                };
                start.apply(&a).unwrap();
            }
        }
    }
}
