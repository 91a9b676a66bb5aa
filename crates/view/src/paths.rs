//! Which targets an action involves: the first click of every legal action (the scene's
//! `targets` and `buttons`) and the cells the last action touched.
//!
//! Until the rules crate gives every action its click path, this file derives the first click
//! from each game's public action accessors. It is the only place that does, so switching to the
//! rules' paths changes this file alone.

use muster_rules::mu::{Mu, MuAction, MuEvent};
use muster_rules::mur::{ActionKind, Mur};
use muster_rules::murus_gallicus::MurusGallicus;
use muster_rules::mutou::surface::Edit;
use muster_rules::mutou::{MuTou, MuTouAction};
use muster_rules::{AnyGame, Game};

use crate::target::{Target, TargetId};
use crate::ViewError;

/// The first click of every legal action of the position, each once, in the order of the legal
/// actions. Empty when nobody may act.
pub fn first_clicks(game: &AnyGame) -> Result<Vec<Target>, ViewError> {
    let mut out: Vec<Target> = Vec::new();
    let mut push = |t: Target| {
        if !out.contains(&t) {
            out.push(t);
        }
    };
    match game {
        AnyGame::MurusGallicus(g) => {
            let mut actions = Vec::new();
            g.legal_actions(&mut actions);
            for a in actions {
                push(Target::Board(TargetId::murus_cell(a.from())));
            }
        }
        AnyGame::Mur(g) => {
            let mut actions = Vec::new();
            g.legal_actions(&mut actions);
            for a in actions {
                push(mur_first(a.kind()));
            }
        }
        AnyGame::Mu(g) => {
            let mut actions = Vec::new();
            g.legal_actions(&mut actions);
            for a in actions {
                push(mu_first(a));
            }
        }
        AnyGame::MuTou(g) => {
            let mut actions = Vec::new();
            g.legal_actions(&mut actions);
            for a in actions {
                push(mutou_first(g, a));
            }
        }
    }
    Ok(out)
}

fn mur_first(kind: ActionKind) -> Target {
    match kind {
        ActionKind::Place(p) | ActionKind::Move(p, _) => Target::Board(TargetId::mur_point(p)),
        // A withdrawal of several trapped ships starts from the first of them (index order).
        ActionKind::Withdraw(points) => match points.first() {
            Some(p) => Target::Board(TargetId::mur_point(p)),
            None => Target::Button(TargetId::button("withdraw")),
        },
        ActionKind::Resign => Target::Button(TargetId::button("resign")),
    }
}

fn mu_first(action: MuAction) -> Target {
    match action {
        MuAction::Place(hex) => Target::Board(TargetId::place(hex)),
        // A seat clears a segment by clicking its marker man on the segment's centre.
        MuAction::Clear(segment) => Target::Board(TargetId::mu_cell(segment.centre())),
        MuAction::Move { from, .. } => Target::Board(TargetId::mu_cell(from)),
        MuAction::Explode(cell) | MuAction::Remove(cell) => Target::Board(TargetId::mu_cell(cell)),
        MuAction::End => Target::Button(TargetId::button("end")),
        MuAction::Pass => Target::Button(TargetId::button("pass")),
    }
}

/// The first click of a MuTou action: the tessel, vertex or edge it starts from, or a button.
/// Setting-up choices with no place of their own (the tier, a zone) are buttons named as the
/// notation writes them (`tier:II`, `claim:2`), as are the shak kinds taken after a removal
/// (`take:W`); a call is one `call` button whatever its mode (the mode is the second click).
fn mutou_first(g: &MuTou, action: MuTouAction) -> Target {
    use MuTouAction as A;
    let tessel = |t| Target::Board(TargetId::mutou_tessel(g, t));
    let button = |word: &str| Target::Button(TargetId::button(word));
    match action {
        A::Put(t, _)
        | A::Step { from: t, .. }
        | A::Rand(t)
        | A::Alter { from: t, .. }
        | A::Pick(t)
        | A::Give(t, _) => tessel(t),
        A::Area { edit, .. } => match edit {
            Edit::InsertVertex { edge }
            | Edit::Scribe { edge, .. }
            | Edit::Splice { a: edge, .. }
            | Edit::Unsplice { edge } => Target::Board(TargetId::mutou_edge(edge)),
            Edit::RemoveVertex { vertex } => Target::Board(TargetId::mutou_vertex(vertex)),
            Edit::Split { tessel: t, .. }
            | Edit::Merge { keep: t, .. }
            | Edit::Erase { tessel: t } => tessel(t),
        },
        A::Gate(v, _) => Target::Board(TargetId::mutou_vertex(v)),
        A::Call(_) => button("call"),
        A::Die(_) | A::Dice(..) => button("roll"),
        A::Tier(_) | A::Claim(_) | A::Take(_) => button(&g.action_text(action)),
        A::Rest => button("rest"),
        A::Done => button("done"),
        A::End => button("end"),
        A::Decline => button("decline"),
        A::Propose => button("propose"),
        A::Accept => button("accept"),
        A::Refuse => button("refuse"),
    }
}

/// The cells an action touches, read in the position `before` it is played: the cells a Murus
/// Gallicus action names and passes over; a Mur action's points and a move's landing point; a
/// Mu move's start and the cell the rules report it landed on, the cell that explodes or loses a man, or the centre of a
/// segment just laid out or cleared; the tessels, vertices and edges a MuTou action names, then
/// every tessel whose piece or outline it changed (found by comparing the position before and
/// after, so a Rand landing or a scribed tessel is marked too). Fails, quoting it, when the text cannot be read.
pub fn touched(before: &AnyGame, action: &str) -> Result<Vec<TargetId>, ViewError> {
    let bad = |e: muster_rules::ParseError| ViewError::Action(action.to_owned(), e.to_string());
    Ok(match before {
        AnyGame::MurusGallicus(g) => murus_touched(g, g.parse_action(action).map_err(bad)?),
        AnyGame::Mur(g) => mur_touched(g, g.parse_action(action).map_err(bad)?),
        AnyGame::Mu(g) => mu_touched(g, g.parse_action(action).map_err(bad)?),
        AnyGame::MuTou(g) => mutou_touched(g, g.parse_action(action).map_err(bad)?),
    })
}

fn murus_touched(_: &MurusGallicus, a: muster_rules::murus_gallicus::Action) -> Vec<TargetId> {
    a.cells().map(TargetId::murus_cell).collect()
}

fn mur_touched(g: &Mur, a: muster_rules::mur::Action) -> Vec<TargetId> {
    let mut out: Vec<TargetId> = a.points().map(TargetId::mur_point).collect();
    out.extend(g.landing(a).map(TargetId::mur_point));
    out
}

fn mu_touched(g: &Mu, a: MuAction) -> Vec<TargetId> {
    let geometry = g.geometry();
    match a {
        // The segment laid out next is numbered after those on the board.
        MuAction::Place(_) => {
            let next = muster_rules::mu::Segment(geometry.segments() as u8);
            vec![TargetId::mu_cell(next.centre())]
        }
        MuAction::Clear(segment) => vec![TargetId::mu_cell(segment.centre())],
        MuAction::Move { from, .. } => {
            // Where the men land, as the rules report it.
            let mut copy = g.clone();
            let mut events = Vec::new();
            let landing = match copy.apply(a, &mut events) {
                Ok(()) => events.iter().find_map(|e| match e {
                    MuEvent::Moved { to, .. } => Some(*to),
                    _ => None,
                }),
                Err(_) => None,
            };
            std::iter::once(from)
                .chain(landing)
                .map(TargetId::mu_cell)
                .collect()
        }
        MuAction::Explode(cell) | MuAction::Remove(cell) => vec![TargetId::mu_cell(cell)],
        MuAction::End | MuAction::Pass => Vec::new(),
    }
}

/// What a MuTou action names, then what it changed. An illegal action names its places only.
fn mutou_touched(g: &MuTou, a: MuTouAction) -> Vec<TargetId> {
    use MuTouAction as A;
    let mut out: Vec<TargetId> = Vec::new();
    let mut push = |t: TargetId| {
        if !out.contains(&t) {
            out.push(t);
        }
    };
    let tessel = |t| TargetId::mutou_tessel(g, t);
    match a {
        A::Put(t, _) | A::Rand(t) | A::Pick(t) | A::Give(t, _) => push(tessel(t)),
        A::Step { from, to, .. } | A::Alter { from, to, .. } => {
            push(tessel(from));
            push(tessel(to));
        }
        A::Area { edit, .. } => match edit {
            Edit::InsertVertex { edge } | Edit::Scribe { edge, .. } | Edit::Unsplice { edge } => {
                push(TargetId::mutou_edge(edge))
            }
            Edit::Splice { a, b } => {
                push(TargetId::mutou_edge(a));
                push(TargetId::mutou_edge(b));
            }
            Edit::RemoveVertex { vertex } => push(TargetId::mutou_vertex(vertex)),
            Edit::Split { tessel: t, .. } | Edit::Erase { tessel: t } => push(tessel(t)),
            Edit::Merge { keep, gone } => {
                push(tessel(keep));
                push(tessel(gone));
            }
        },
        A::Gate(v, _) => push(TargetId::mutou_vertex(v)),
        _ => {}
    }
    let mut after = g.clone();
    let mut events = Vec::new();
    if after.apply(a, &mut events).is_err() {
        return out;
    }
    let (Some(old), Some(new)) = (g.surface_opt(), after.surface_opt()) else {
        return out;
    };
    for &t in new.tessels() {
        let reshaped = !old.is_live(t) || old.vertices(t) != new.vertices(t);
        if reshaped || g.piece(t) != after.piece(t) {
            push(TargetId::mutou_tessel(&after, t));
        }
    }
    out
}
