//! What an action does, step by step, for animation: each event the rules report, in order,
//! with the targets it touches (a Murus Gallicus tower's three cells, a Mur knock's start and
//! landing point, a Mu explosion's cell and the cells its men reach).
//!
//! The events are the games' own typed events; this file only names the cells each carries.
//! MuTou's events do not carry their places yet: each event that happens somewhere on the
//! board (a put, a move, a capture, a change of allegiance, a shak moved, an area alteration,
//! a Rand landing) touches the places the action touched (see [`crate::touched`]), the others
//! none.

use muster_rules::mu::MuEvent;
use muster_rules::mur::MurEvent;
use muster_rules::murus_gallicus::MurusEvent;
use muster_rules::mutou::{Crossing, MuTouEvent, Place};
use muster_rules::{AnyGame, Audience, Game, GameEvent, Seat};
use serde::{Deserialize, Serialize};

use crate::target::TargetId;
use crate::ViewError;

/// One event of an action, with the targets it touches.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS), ts(rename = "ViewStep"))]
pub struct Step {
    /// What happened, in words.
    pub text: String,
    /// The rule behind it, e.g. `mu:2.6 explosion`.
    pub rule: String,
    /// The cells or points it touches, in the order a client animates them (where a piece
    /// leaves before where it arrives); empty for an event of no place (a pass, a turn's end).
    pub targets: Vec<TargetId>,
    /// Who may be told of it: everyone, or one seat (a MuTou put while setting out).
    #[cfg_attr(feature = "ts", ts(type = "\"Everyone\" | { Seat: number }"))]
    pub audience: Audience,
}

/// The steps of playing `action` in `before` that `viewer` (`None`: a spectator) may be told
/// of: [`steps`] without the events whose audience leaves the viewer out, so a secret decision
/// shows another seat nothing of where it went.
pub fn steps_seen(
    before: &AnyGame,
    action: &str,
    viewer: Option<Seat>,
) -> Result<Vec<Step>, ViewError> {
    let mut all = steps(before, action)?;
    all.retain(|s| s.audience.includes(viewer));
    Ok(all)
}

/// The steps of playing `action` in `before`, in the order the rules report them. The steps of
/// a secret action (a MuTou put while setting out) name where it went: show them to its actor
/// only. Fails, quoting it, when the action cannot be read or is not legal.
pub fn steps(before: &AnyGame, action: &str) -> Result<Vec<Step>, ViewError> {
    let refused = |e: String| ViewError::Action(action.to_owned(), e);
    match before {
        AnyGame::MurusGallicus(g) => {
            let events = play(g, action).map_err(refused)?;
            Ok(events.iter().map(|e| step(e, murus(e))).collect())
        }
        AnyGame::Mur(g) => {
            let events = play(g, action).map_err(refused)?;
            Ok(events.iter().map(|e| step(e, mur(e))).collect())
        }
        AnyGame::Mu(g) => {
            let events = play(g, action).map_err(refused)?;
            Ok(events.iter().map(|e| step(e, mu(e))).collect())
        }
        AnyGame::MuTou(g) => {
            let events = play(g, action).map_err(refused)?;
            // Only an area alteration needs what the whole action changed (a second play).
            let altered = events
                .iter()
                .any(|e| matches!(e, MuTouEvent::AreaAltered { .. }));
            let places = if altered {
                crate::paths::touched(before, action)?
            } else {
                Vec::new()
            };
            Ok(events.iter().map(|e| step(e, mutou(e, &places))).collect())
        }
    }
}

/// Plays `action` on a copy of `game` and returns its events.
fn play<G: Game>(game: &G, action: &str) -> Result<Vec<G::Event>, String> {
    let parsed = game.parse_action(action).map_err(|e| e.to_string())?;
    let mut copy = game.clone();
    let mut events = Vec::new();
    copy.apply(parsed, &mut events).map_err(|e| e.to_string())?;
    Ok(events)
}

fn step<E: GameEvent>(event: &E, targets: Vec<TargetId>) -> Step {
    Step {
        text: event.to_string(),
        rule: event.rule().0.to_owned(),
        targets,
        audience: event.audience(),
    }
}

fn murus(event: &MurusEvent) -> Vec<TargetId> {
    let cells = match event {
        MurusEvent::TowerMoved {
            from, near, far, ..
        } => vec![*from, *near, *far],
        MurusEvent::Sacrificed { from, target, .. } | MurusEvent::Fired { from, target, .. } => {
            vec![*from, *target]
        }
        MurusEvent::Redistributed { from, cells, .. } => vec![*from, cells[0], cells[1]],
        MurusEvent::Invaded { cell, .. } | MurusEvent::Breakthrough { cell, .. } => vec![*cell],
        _ => Vec::new(),
    };
    cells.into_iter().map(TargetId::murus_cell).collect()
}

fn mur(event: &MurEvent) -> Vec<TargetId> {
    let points = match event {
        MurEvent::Placed { point, .. }
        | MurEvent::ShipTrapped { point, .. }
        | MurEvent::KrakenTrapped { point, .. } => vec![*point],
        MurEvent::Moved { from, to, .. } | MurEvent::Knocked { from, to, .. } => vec![*from, *to],
        MurEvent::Withdrew { points, .. } => points.iter().collect(),
        MurEvent::CleanedUp {
            black,
            white,
            kraken_from,
        } => {
            // The ships that go off, then the kraken's way back to the centre.
            let mut all: Vec<_> = black.iter().chain(white.iter()).collect();
            for p in [*kraken_from, muster_rules::mur::Point::CENTRE] {
                if !all.contains(&p) {
                    all.push(p);
                }
            }
            all
        }
        _ => Vec::new(),
    };
    points.into_iter().map(TargetId::mur_point).collect()
}

fn mu(event: &MuEvent) -> Vec<TargetId> {
    let cells = match event {
        // A segment's marker man stands on its centre.
        MuEvent::Placed { segment, .. } | MuEvent::Cleared { segment, .. } => {
            vec![segment.centre()]
        }
        MuEvent::Filled { segment, .. } => segment.cells().collect(),
        MuEvent::Moved { from, to, .. } => vec![*from, *to],
        MuEvent::Captured { cell, .. }
        | MuEvent::BecameCommonwealth { cell, .. }
        | MuEvent::BecameWall { cell }
        | MuEvent::Sprouted { cell, .. }
        | MuEvent::Removed { cell, .. }
        | MuEvent::Trimmed { cell, .. } => vec![*cell],
        MuEvent::Exploded { cell, targets, .. } => std::iter::once(*cell)
            .chain(targets.iter().copied())
            .collect(),
        MuEvent::Oscillation { cells } => cells.clone(),
        _ => Vec::new(),
    };
    cells.into_iter().map(TargetId::mu_cell).collect()
}

/// The tessels, vertices and edges a MuTou event names. An area alteration names its edit in
/// ids, and what it changed is read by comparing the surfaces before and after (`places`: what
/// the whole action touched), so it takes those.
fn mutou(event: &MuTouEvent, places: &[TargetId]) -> Vec<TargetId> {
    use MuTouEvent as E;
    let t = |p: &Place| TargetId::mutou_tessel(p.tessel);
    match event {
        E::Put { base, .. } => vec![t(base)],
        E::Revealed { pieces } => pieces.iter().map(|p| t(&p.at)).collect(),
        E::Moved { from, to, .. }
        | E::Altered { from, to, .. }
        | E::RandLanded { from, to, .. } => vec![t(from), t(to)],
        E::Converted { at, gone, .. } => vec![t(gone), t(at)],
        E::Captured { at, .. } => vec![t(at)],
        E::Taken { onto: to, .. } | E::Handed { to, .. } => vec![t(to)],
        E::Heaped { pieces, .. } => pieces.iter().map(t).collect(),
        E::RandAimed { piece, vertex, .. } => vec![t(piece), TargetId::mutou_vertex(*vertex)],
        E::RandCounted { piece, gate, .. } => vec![
            t(piece),
            match gate {
                Crossing::Edge(e) => TargetId::mutou_edge(*e),
                Crossing::Vertex(v) => TargetId::mutou_vertex(*v),
            },
        ],
        E::RandStayed { piece, .. } => vec![t(piece)],
        E::AreaAltered { .. } => places.to_vec(),
        _ => Vec::new(),
    }
}
