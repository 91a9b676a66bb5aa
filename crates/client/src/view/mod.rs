//! A client's picture of one game, kept from the versioned stream
//! (docs/server-design.md §2.3, §2.6).
//!
//! The rules of the stream: a `full` replaces everything and sets the version; any other
//! versioned entry is applied only when its version is `last + 1`; one at or below `last` is a
//! repeat and is ignored; one above `last + 1` means entries were lost, so nothing is applied
//! and the client subscribes again with `sub{g, v: last}` (the server answers with the missing
//! entries or a `full`). Before the first `full` the client holds nothing, so every entry but
//! a `full` is a gap.

use muster_rules::Seat;
use muster_wire::server::{GameStatus, Revealed};
use muster_wire::{
    Actor, By, ClientMsg, LegalMoves, MatchId, Outcome, Ply, ServerMsg, Sub, Version, ViewHash,
};

/// A decision as the stream told of it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Played {
    /// The ply it was made on (0 for the first decision).
    pub ply: Ply,
    /// Who made it.
    pub by: By,
    /// Its text, or `None` while it is secret from this viewer.
    pub a: Option<String>,
}

/// What [`GameView::apply`] did with a frame.
#[derive(Clone, PartialEq, Eq, Debug)]
pub enum Applied {
    /// The entry was the next one (or a `full`) and is now part of the view.
    Applied,
    /// A version this view already holds: ignored.
    Repeat,
    /// Entries are missing: nothing applied; send [`GameView::resubscribe`].
    Gap {
        /// The last version held (`None` before the first `full`).
        have: Option<Version>,
        /// The version received.
        got: Version,
    },
    /// Not an entry of this game's stream (another game, or an unversioned frame).
    Other,
}

/// One game as one viewer sees it.
#[derive(Clone, Debug)]
pub struct GameView {
    g: MatchId,
    v: Option<Version>,
    ply: Ply,
    actor: Actor,
    me: Option<Seat>,
    legal: Option<LegalMoves>,
    hash: ViewHash,
    moves: Vec<Played>,
    status: GameStatus,
    outcome: Option<Outcome>,
    gaps: u32,
    repeats: u32,
}

impl GameView {
    /// An empty view of game `g`, waiting for its `full`.
    pub fn new(g: MatchId) -> GameView {
        GameView {
            g,
            v: None,
            ply: Ply(0),
            actor: Actor::Over,
            me: None,
            legal: None,
            hash: ViewHash(String::new()),
            moves: Vec::new(),
            status: GameStatus::Filling,
            outcome: None,
            gaps: 0,
            repeats: 0,
        }
    }

    /// The game.
    pub fn g(&self) -> &MatchId {
        &self.g
    }

    /// The last version applied; `None` before the first `full`.
    pub fn version(&self) -> Option<Version> {
        self.v
    }

    /// Decisions played.
    pub fn ply(&self) -> Ply {
        self.ply
    }

    /// Who decides next.
    pub fn actor(&self) -> Actor {
        self.actor
    }

    /// The viewer's seat (`None` for a watcher).
    pub fn me(&self) -> Option<Seat> {
        self.me
    }

    /// The viewer's legal moves, when the viewer is to decide.
    pub fn legal(&self) -> Option<&LegalMoves> {
        self.legal.as_ref()
    }

    /// The hash of the last view received (sent back as an `act`'s `h`).
    pub fn hash(&self) -> &ViewHash {
        &self.hash
    }

    /// Every decision so far, in ply order.
    pub fn moves(&self) -> &[Played] {
        &self.moves
    }

    /// The game's status.
    pub fn status(&self) -> GameStatus {
        self.status
    }

    /// The result, once over.
    pub fn outcome(&self) -> Option<&Outcome> {
        self.outcome.as_ref()
    }

    /// Whether the game has ended (with a result or aborted).
    pub fn is_over(&self) -> bool {
        matches!(self.status, GameStatus::Over | GameStatus::Aborted)
            || matches!(self.actor, Actor::Over) && self.v.is_some()
    }

    /// Whether the viewer holds a seat and is to decide now.
    pub fn my_turn(&self) -> bool {
        matches!((self.actor, self.me), (Actor::Seat(a), Some(me)) if a == me) && !self.is_over()
    }

    /// How many gaps were met.
    pub fn gaps(&self) -> u32 {
        self.gaps
    }

    /// How many repeated entries were ignored.
    pub fn repeats(&self) -> u32 {
        self.repeats
    }

    /// The `sub` that repairs this view: from the last version held, or from scratch.
    pub fn resubscribe(&self) -> ClientMsg {
        ClientMsg::Sub(Sub {
            g: self.g.clone(),
            v: self.v,
        })
    }

    /// Forgets everything, so that the next `sub` asks for a `full` (after a `resync`).
    pub fn forget(&mut self) {
        *self = GameView {
            gaps: self.gaps,
            repeats: self.repeats,
            ..GameView::new(self.g.clone())
        };
    }

    /// Applies one frame by the rules of the stream (see the module's documentation).
    pub fn apply(&mut self, message: &ServerMsg) -> Applied {
        let (Some(v), Some(g)) = (message.version(), message.entry_game()) else {
            return Applied::Other;
        };
        if *g != self.g {
            return Applied::Other;
        }
        if let ServerMsg::Full(full) = message {
            self.v = Some(full.v);
            self.ply = full.ply;
            self.actor = full.actor;
            self.me = full.me;
            self.legal = full.legal.clone();
            self.hash = full.hash.clone();
            self.moves = full
                .moves
                .iter()
                .map(|m| Played {
                    ply: m.ply,
                    by: m.by,
                    a: m.a.clone(),
                })
                .collect();
            self.status = full.status;
            self.outcome = full.outcome.clone();
            return Applied::Applied;
        }
        let next = match self.v {
            Some(last) if v <= last => {
                self.repeats += 1;
                return Applied::Repeat;
            }
            Some(last) if v.0 == last.0 + 1 => v,
            have => {
                self.gaps += 1;
                return Applied::Gap { have, got: v };
            }
        };
        self.v = Some(next);
        match message {
            ServerMsg::Step(step) => {
                self.moves.push(Played {
                    ply: Ply(step.ply.0.saturating_sub(1)),
                    by: step.by,
                    a: step.a.clone(),
                });
                self.reveal(&step.revealed);
                self.ply = step.ply;
                self.actor = step.actor;
                if self.status == GameStatus::Filling {
                    self.status = GameStatus::Running;
                }
                self.legal = step.legal.clone();
                self.hash = step.hash.clone();
                if matches!(step.actor, Actor::Over) {
                    self.legal = None;
                }
            }
            ServerMsg::Rewind(rewind) => {
                self.moves.retain(|m| m.ply < rewind.to_ply);
                self.ply = rewind.to_ply;
                self.legal = None;
            }
            ServerMsg::End(end) => {
                self.status = GameStatus::Over;
                self.outcome = Some(end.outcome.clone());
                self.actor = Actor::Over;
                self.legal = None;
            }
            // `skip`, `offer`, `answer`, `seat`: the version counts, the picture is unchanged.
            _ => {}
        }
        Applied::Applied
    }
}

impl GameView {
    /// Fills in the text of secret decisions made public.
    fn reveal(&mut self, shown: &[Revealed]) {
        for shown in shown {
            if let Some(m) = self.moves.iter_mut().find(|m| m.ply == shown.ply) {
                m.a = Some(shown.a.clone());
            }
        }
    }
}

#[cfg(test)]
mod tests;
