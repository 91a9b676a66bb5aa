//! Which targets an action involves: the first click of every legal action (the scene's
//! `targets` and `buttons`) and the cells the last action touched.
//!
//! Until the rules crate gives every action its click path, this file derives the first click
//! from each game's public action accessors. It is the only place that does, so switching to the
//! rules' paths changes this file alone.

use muster_rules::mu::{Mu, MuAction, MuEvent};
use muster_rules::mur::{ActionKind, Mur};
use muster_rules::murus_gallicus::MurusGallicus;
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
        AnyGame::MuTou(_) => return Err(ViewError::NotYet("mutou")),
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

/// The cells an action touches, read in the position `before` it is played: the cells a Murus
/// Gallicus action names and passes over; a Mur action's points and a move's landing point; a
/// Mu move's start and the cell the rules report it landed on, the cell that explodes or loses a man, or the centre of a
/// segment just laid out or cleared. Fails, quoting it, when the text cannot be read.
pub fn touched(before: &AnyGame, action: &str) -> Result<Vec<TargetId>, ViewError> {
    let bad = |e: muster_rules::ParseError| ViewError::Action(action.to_owned(), e.to_string());
    Ok(match before {
        AnyGame::MurusGallicus(g) => murus_touched(g, g.parse_action(action).map_err(bad)?),
        AnyGame::Mur(g) => mur_touched(g, g.parse_action(action).map_err(bad)?),
        AnyGame::Mu(g) => mu_touched(g, g.parse_action(action).map_err(bad)?),
        AnyGame::MuTou(_) => return Err(ViewError::NotYet("mutou")),
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
