//! Which targets an action involves: the first click of every legal action (the scene's
//! `targets` and `buttons`), read from the rules' click paths ([`AnyGame::legal_moves`]), and
//! the cells the last action touched.

use muster_rules::mu::{Mu, MuAction, MuEvent};
use muster_rules::mur::Mur;
use muster_rules::murus_gallicus::MurusGallicus;
use muster_rules::mutou::surface::Edit;
use muster_rules::mutou::{MuTou, MuTouAction};
use muster_rules::{AnyGame, Game, Target as RulesTarget};

use crate::target::{Target, TargetId};
use crate::ViewError;

/// The first click of every legal action of the position — the first target of its click path
/// in the rules crate — each once, in the order of the legal actions. Empty when nobody may act.
pub fn first_clicks(game: &AnyGame) -> Result<Vec<Target>, ViewError> {
    let mut out: Vec<Target> = Vec::new();
    for legal in game.legal_moves() {
        let Some(first) = legal.path.first() else {
            continue;
        };
        let id = TargetId::of(first);
        let target = match first {
            RulesTarget::Button(_) => Target::Button(id),
            _ => Target::Board(id),
        };
        if !out.contains(&target) {
            out.push(target);
        }
    }
    Ok(out)
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
    let tessel = |t| TargetId::mutou_tessel(t);
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
            push(TargetId::mutou_tessel(t));
        }
    }
    out
}
