//! Frames as one viewer may see them (docs/server-design.md §2.8): the position, the scene, the
//! action texts and the events of a viewer's own view; legal moves only for the seat that acts;
//! hashes only of views, never of the omniscient position.

use muster_rules::{Actor, AnyGame, Seat};
use muster_store::{GameStatus, SeatKind, UserId};
use muster_view::{BoardKey, Frame, Scene, SceneDelta};
use muster_wire::server::{Full, SeatInfo, Step};
use muster_wire::{AiLevel, By, LegalMoves, MoveEntry, Ply, ServerMsg, Version, ViewHash};

use super::legal::legal;
use super::load::{Entry, Live};

/// Whose view a subscriber holding `seats` gets of `game`: the seat to act when it holds it (a
/// hot seat sees each of its seats' views in turn), else its first seat; a spectator's when it
/// holds none.
pub(super) fn viewer_for(seats: &[Seat], game: &AnyGame) -> Option<Seat> {
    match game.actor() {
        Actor::Seat(actor) if seats.contains(&actor) => Some(actor),
        _ => seats.first().copied(),
    }
}

/// The hash a viewer is told: of its own view.
pub(super) fn view_hash(game: &AnyGame, viewer: Option<Seat>) -> ViewHash {
    ViewHash::from_u64(game.view(viewer.map(Seat::index)).position_hash())
}

/// The scene of `game` as `viewer` sees it. The view crate fails only for a seat out of range
/// (the spectator's scene is drawn then); should even that fail, an empty board says why.
fn scene_of(game: &AnyGame, viewer: Option<Seat>) -> Scene {
    match muster_view::scene(game, viewer).or_else(|_| muster_view::scene(game, None)) {
        Ok(scene) => scene,
        Err(e) => {
            let mut scene = muster_view::blank(Frame {
                x: 0.0,
                y: 0.0,
                width: 1.0,
                height: 1.0,
            });
            scene.game = game.id().id().to_owned();
            scene.variant = game.variant_text();
            scene.status = format!("this board cannot be drawn: {e}");
            scene
        }
    }
}

impl Live {
    /// Whether `viewer` may read the action of a decision made by `by` that was `hidden`.
    fn shows(&self, hidden: bool, by: Option<Seat>, viewer: Option<Seat>) -> bool {
        !hidden || !self.game.secrets_pending() || (by.is_some() && by == viewer)
    }

    /// The legal moves for a subscriber holding `seats`, if one of them acts.
    pub(super) fn legal_for(&self, game: &AnyGame, seats: &[Seat]) -> Option<LegalMoves> {
        match game.actor() {
            Actor::Seat(actor) if seats.contains(&actor) => {
                Some(legal(&game.view(Some(actor.index())), &[]))
            }
            _ => None,
        }
    }

    /// The seats as everyone may see them.
    fn seat_infos(&self, scene: &Scene) -> Vec<SeatInfo> {
        let online: Vec<Seat> = self
            .subs
            .iter()
            .flat_map(|s| s.seats.iter().copied())
            .collect();
        self.row
            .seats
            .iter()
            .enumerate()
            .map(|(i, s)| {
                let seat = Seat(i as u8);
                SeatInfo {
                    seat,
                    name: self.names.get(i).cloned().unwrap_or_default(),
                    // The rules' name of the seat now, as the wire promises (not the hex fill).
                    colour: scene
                        .panels
                        .get(i)
                        .map(|p| p.name.clone())
                        .unwrap_or_default(),
                    kind: crate::convert::wire_seat_kind(s.kind),
                    user: s.user_id.as_ref().map(|u| u.as_str().to_owned()),
                    level: s
                        .ai_level
                        .and_then(|l| u8::try_from(l).ok())
                        .and_then(AiLevel::new),
                    online: s.kind == SeatKind::Ai || online.contains(&seat),
                    retired: s.retired_ply.map(|p| Ply(p as u32)),
                }
            })
            .collect()
    }

    /// The whole game as a subscriber holding `seats` may see it.
    pub(super) fn full(&self, seats: &[Seat]) -> ServerMsg {
        let game = &*self.game;
        let viewer = viewer_for(seats, game);
        let view = game.view(viewer.map(Seat::index));
        let moves = self
            .history
            .played
            .iter()
            .map(|p| MoveEntry {
                ply: Ply(p.ply as u32),
                by: p.seat.map_or(By::Chance, By::Seat),
                a: self
                    .shows(p.hidden, p.seat, viewer)
                    .then(|| p.action.clone()),
                turn: self.turns.get(p.ply as usize).copied().unwrap_or(0),
            })
            .collect();
        let scene = scene_of(game, viewer);
        ServerMsg::Full(Full {
            g: self.g.clone(),
            v: Version(self.row.version as u32),
            ply: Ply(self.row.ply as u32),
            game: self.row.game.clone(),
            variant: self.row.variant.clone(),
            rules_version: self.row.rules_version.parse().unwrap_or(0),
            seats: self.seat_infos(&scene),
            me: viewer,
            status: crate::convert::wire_game_status(self.row.status),
            actor: self.actor().into(),
            clock: self.clock_now(),
            position: view.position_text(),
            board: BoardKey::of(&scene),
            scene,
            moves,
            legal: if self.is_running() {
                self.legal_for(game, seats)
            } else {
                None
            },
            offers: self.standing_offers(),
            draw_offers: super::controls::draws_offered(game, self.row.seats.len()),
            set_resignation: self.start.resignation().is_some(),
            outcome: self.outcome().map(Into::into),
            hash: view_hash(game, viewer),
        })
    }

    /// A stream entry as a subscriber holding `seats` may see it.
    pub(super) fn entry_for(&self, entry: &Entry, seats: &[Seat]) -> Option<ServerMsg> {
        match entry {
            Entry::Step {
                v,
                ply,
                step,
                before,
                after,
                revealed,
            } => {
                let viewer = viewer_for(seats, after);
                let red = after.redacted_step(step, viewer);
                let scene = muster_view::scene_after(before, &step.action, viewer)
                    .unwrap_or_else(|_| scene_of(after, viewer));
                // The change from the scene this viewer held before: that of the position
                // before, seen by whom the subscriber saw it then (a hot seat's view turns).
                let held = scene_of(before, viewer_for(seats, before));
                let scene = SceneDelta::between(&held, &scene);
                // The targets of each event; an action the view cannot replay animates nothing.
                let anim =
                    muster_view::steps_seen(before, &step.action, viewer).unwrap_or_default();
                let by = match step.actor {
                    Actor::Seat(s) => By::Seat(s),
                    _ => By::Chance,
                };
                let last = self.ring.back().is_some_and(|e| e.v() == *v);
                Some(ServerMsg::Step(Step {
                    g: self.g.clone(),
                    v: Version(*v as u32),
                    ply: Ply(*ply as u32 + 1),
                    by,
                    a: red.action,
                    events: red.events,
                    anim,
                    actor: self.actor_of(after).into(),
                    clock: self.clock_now(),
                    scene,
                    // Only the newest step carries moves: older ones are history.
                    legal: if last && self.is_running() {
                        self.legal_for(after, seats)
                    } else {
                        None
                    },
                    hash: ViewHash::from_u64(red.view.position_hash()),
                    revealed: revealed
                        .iter()
                        .map(|(p, a)| muster_wire::server::Revealed {
                            ply: Ply(*p as u32),
                            a: a.clone(),
                        })
                        .collect(),
                }))
            }
            Entry::Public { msg, .. } => match msg.as_ref() {
                ServerMsg::Rewind(_) => None,
                msg => Some(msg.clone()),
            },
            Entry::Other { .. } => None,
        }
    }

    /// The clocks as they stand now, in a timed game.
    pub(super) fn clock_now(&self) -> Option<muster_wire::ClockState> {
        self.clocks.to_wire(self.rule, crate::time::now_ms())
    }

    /// The offers still standing: made since the last decision and not yet answered.
    pub(super) fn standing_offers(&self) -> Vec<muster_wire::server::StandingOffer> {
        let mut standing: Vec<muster_wire::server::StandingOffer> = Vec::new();
        for note in &self.history.offers {
            match note.data.yes {
                None => standing.push(muster_wire::server::StandingOffer {
                    k: note.data.k,
                    by: note.seat,
                    ply: Ply(note.ply as u32),
                }),
                Some(false) => standing.retain(|o| o.k != note.data.k),
                Some(true) => {}
            }
        }
        standing
    }

    /// Whether the game is being played.
    pub(super) fn is_running(&self) -> bool {
        self.row.status == GameStatus::Running
    }

    /// The actor, as the game's status says (nobody once the game is over or aborted).
    pub(super) fn actor(&self) -> Actor {
        self.actor_of(&self.game)
    }

    fn actor_of(&self, game: &AnyGame) -> Actor {
        if self.is_running() {
            game.actor()
        } else {
            Actor::Over
        }
    }

    /// The result: the rules' outcome with the endings outside the rules, a forfeit naming
    /// the seat by its colour and player (`Light (ann) resigned`).
    pub(super) fn outcome(&self) -> Option<muster_rules::Outcome> {
        self.history
            .endings
            .outcome_naming(self.game.outcome(), self.game.seats(), |seat| {
                let colour = self.game.seat_name(seat);
                match self.names.get(seat.index()).filter(|n| !n.is_empty()) {
                    Some(player) => format!("{colour} ({player})"),
                    None => colour,
                }
            })
    }

    /// The seats `user` holds.
    pub(super) fn seats_of(&self, user: Option<&UserId>) -> Vec<Seat> {
        let Some(user) = user else {
            return Vec::new();
        };
        self.row
            .seats
            .iter()
            .enumerate()
            .filter(|(_, s)| s.kind == SeatKind::Human && s.user_id.as_ref() == Some(user))
            .map(|(i, _)| Seat(i as u8))
            .collect()
    }
}
