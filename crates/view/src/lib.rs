//! # muster-view
//!
//! What to draw for a position of a muster game, as one seat or a spectator sees it: a
//! [`Scene`] with the board's geometry (cells as polygons, circles or lines with coordinates and
//! [`TargetId`]s), the pieces on it, marks (last move, hot cells, traps, eyes, sections, markers),
//! one panel per seat and the legal first clicks. [`steps`] lists what an action does, event by
//! event, with the targets each touches, for animation. A scene is serde data, so a browser can
//! draw it without knowing any rule; [`svg::write`] draws it as a standalone SVG, the reference
//! rendering in which every clickable element carries its target id as `data-target`.
//!
//! The view reads the public accessors of `muster-rules` only and decides nothing itself.
//!
//! ```
//! use muster_rules::{AnyGame, GameId};
//!
//! let game = AnyGame::new(GameId::MurusGallicus, "basic", None)?;
//! let scene = muster_view::scene(&game, None)?;
//! assert_eq!(scene.cells.len(), 8 * 7);
//! assert_eq!(scene.pieces.len(), 16); // a tower on every home cell
//! assert!(scene.targets.iter().any(|t| t.as_str() == "d1"));
//! let svg = muster_view::svg::write(&scene);
//! assert!(svg.contains(r#"data-target="d1""#));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```

mod delta;
mod mu;
mod mur;
mod murus;
mod mutou;
pub mod palette;
mod paths;
mod scene;
mod steps;
pub mod svg;
mod target;

use muster_rules::{Actor, AnyGame, Seat};
use thiserror::Error;

pub use delta::{BoardKey, DeltaError, SceneDelta};
pub use paths::{first_clicks, touched};
pub use scene::polygon_contains;
pub use scene::{
    Blood, Button, Cell, Decor, DecorKind, Frame, Label, LabelKind, Mark, MarkKind, Panel, Piece,
    PieceKind, Scene, Shape, Stack, Surface, Tally, Xy,
};
pub use steps::{steps, steps_seen, Step};
pub use target::{Target, TargetId};

/// What can go wrong when building a scene.
#[derive(Clone, PartialEq, Eq, Debug, Error)]
pub enum ViewError {
    /// The viewer is not a seat of the game.
    #[error("seat {seat} is not a seat of this game, which has {seats} (seats count from 1)")]
    NoSuchSeat {
        /// The seat asked for, counted from 1.
        seat: usize,
        /// The game's seat count.
        seats: usize,
    },
    /// An action text cannot be read.
    #[error("cannot read action `{0}`: {1}")]
    Action(String, String),
}

/// The scene of `game` as `viewer` (a seat, or `None` for a spectator) may see it: the board
/// comes from the game's own `view`, so hidden parts stay hidden. The legal first clicks are
/// filled in when the viewer may see them (the actor itself, or a spectator).
pub fn scene(game: &AnyGame, viewer: Option<Seat>) -> Result<Scene, ViewError> {
    if let Some(seat) = viewer.filter(|s| s.index() >= game.seats()) {
        return Err(ViewError::NoSuchSeat {
            seat: seat.index() + 1,
            seats: game.seats(),
        });
    }
    let seen = game.view(viewer.map(Seat::index));
    let mut scene = match &seen {
        AnyGame::MurusGallicus(g) => murus::scene(g, viewer),
        AnyGame::Mur(g) => mur::scene(g),
        AnyGame::Mu(g) => mu::scene(g),
        AnyGame::MuTou(g) => mutou::scene(g, viewer),
    };
    scene.game = seen.id().id().to_owned();
    scene.variant = seen.variant_text();
    scene.viewer = viewer.map(|s| s.0);
    let outcome = seen.outcome();
    for panel in &mut scene.panels {
        let seat = Seat(panel.seat);
        panel.to_act = seen.actor() == Actor::Seat(seat);
        panel.rank = outcome
            .as_ref()
            .and_then(|o| o.ranks.get(seat.index()).copied());
    }
    if let Some(outcome) = &outcome {
        scene.status = format!("game over: {} ({})", outcome.reason, outcome.score_text());
    }
    if let Actor::Seat(actor) = seen.actor() {
        if viewer.is_none() || viewer == Some(actor) {
            scene.targets_for = Some(actor.0);
            for target in first_clicks(&seen)? {
                match target {
                    Target::Board(id) => scene.targets.push(id),
                    Target::Button(id) => {
                        let help = seen.button_help(&id.to_string());
                        scene.buttons.push(Button {
                            id,
                            help: help.map(|(text, _)| text.to_owned()),
                            rule: help.map(|(_, rule)| rule.to_string()),
                        });
                    }
                }
            }
        }
    }
    Ok(scene)
}

/// The scene of the position reached by playing `action` in `before`, with the cells the action
/// touched marked as the last move. A secret action (a MuTou put while setting out) is marked
/// only for the seat that made it: other viewers learn nothing of where it went. Fails, quoting
/// it, when the action cannot be read or is not legal.
pub fn scene_after(
    before: &AnyGame,
    action: &str,
    viewer: Option<Seat>,
) -> Result<Scene, ViewError> {
    let mut marked = touched(before, action)?;
    if let AnyGame::MuTou(g) = before {
        if g.secret_decider().is_some_and(|s| viewer != Some(Seat(s))) {
            marked.clear();
        }
    }
    let mut after = before.clone();
    after
        .apply(action)
        .map_err(|e| ViewError::Action(action.to_owned(), e.to_string()))?;
    Ok(scene(&after, viewer)?.with_last_move(marked))
}

/// An empty scene for a builder to fill (or to say that nothing can be drawn): no cells, no
/// seats, the given frame.
pub fn blank(frame: Frame) -> Scene {
    Scene {
        game: String::new(),
        variant: String::new(),
        viewer: None,
        frame,
        cells: Vec::new(),
        decor: Vec::new(),
        labels: Vec::new(),
        pieces: Vec::new(),
        marks: Vec::new(),
        panels: Vec::new(),
        targets_for: None,
        targets: Vec::new(),
        buttons: Vec::new(),
        status: String::new(),
    }
}

/// A panel with no tallies yet; [`scene`] fills in who acts and the ranks.
pub(crate) fn panel(seat: Seat, name: String, paint: palette::Paint, letter: char) -> Panel {
    Panel {
        seat: seat.0,
        name,
        colour: paint.fill.to_owned(),
        ink: paint.ink.to_owned(),
        letter,
        to_act: false,
        rank: None,
        tallies: Vec::new(),
    }
}

/// A tally.
pub(crate) fn tally(label: &str, value: impl Into<i64>) -> Tally {
    Tally {
        label: label.to_owned(),
        value: value.into(),
    }
}
