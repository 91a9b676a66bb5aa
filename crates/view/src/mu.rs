//! Mu: pointy-top hexagons from 7-cell segments in axial coordinates, three layers, stacks of
//! men, and during the lay-out the places where the next segment may go.

use std::collections::HashSet;

use muster_rules::mu::{
    letter, Cell as MuCell, Dir, Hex, Layer, Mu, MuAction, Pending, Phase, SectionOwner,
};
use muster_rules::{Game, Seat};

use crate::scene::{
    Cell, Decor, DecorKind, Frame, Mark, MarkKind, Piece, PieceKind, Scene, Shape, Surface, Xy,
};
use crate::target::TargetId;
use crate::{blank, palette, panel, tally};

/// The circumradius of a hexagon, in drawing units.
const HEX: f64 = 26.0;
/// Room around the outermost hexagons.
const MARGIN: f64 = 12.0;

/// The centre of a hex: `x = √3·(q + r/2)`, `y = 1.5·r`, times the radius.
fn centre(hex: Hex) -> Xy {
    let (q, r) = (f64::from(hex.q), f64::from(hex.r));
    Xy::new(HEX * 3f64.sqrt() * (q + r / 2.0), HEX * 1.5 * r)
}

/// The corner of a hexagon centred on `c` at `degrees` (clockwise from east, y down).
fn corner(c: Xy, degrees: f64) -> Xy {
    let a = degrees.to_radians();
    Xy::new(c.x + HEX * a.cos(), c.y + HEX * a.sin())
}

/// The hexagon of `hex`, corners clockwise from the upper right.
fn hexagon(hex: Hex) -> Shape {
    let c = centre(hex);
    Shape::Polygon {
        points: (0..6)
            .map(|k| corner(c, -30.0 + 60.0 * f64::from(k)))
            .collect(),
    }
}

/// The side of `hex` that faces its neighbour in `dir`.
fn side(hex: Hex, dir: Dir) -> Shape {
    let c = centre(hex);
    let towards = -60.0 * dir.index() as f64;
    Shape::Polyline {
        points: vec![corner(c, towards - 30.0), corner(c, towards + 30.0)],
    }
}

pub(crate) fn scene(game: &Mu) -> Scene {
    let geometry = game.geometry();
    let on_board: HashSet<Hex> = geometry.all_cells().map(|c| geometry.hex(c)).collect();
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    let ghosts: Vec<Hex> = legal
        .iter()
        .filter_map(|a| match a {
            MuAction::Place(hex) => Some(*hex),
            _ => None,
        })
        .collect();
    let mut off_board: Vec<Hex> = Vec::new();
    for &hex in &on_board {
        for dir in Dir::ALL {
            let next = hex.step(dir);
            if !on_board.contains(&next) && !off_board.contains(&next) {
                off_board.push(next);
            }
        }
    }
    off_board.sort_by_key(|h| h.canonical_key());
    let drawn = on_board.iter().chain(&off_board).chain(&ghosts);
    let mut scene = blank(frame(drawn.copied()));
    for &hex in &off_board {
        scene.decor.push(Decor {
            kind: DecorKind::OutOfBounds,
            shape: hexagon(hex),
        });
    }
    for cell in geometry.all_cells() {
        add_cell(&mut scene, game, cell);
        let hex = geometry.hex(cell);
        for dir in Dir::ALL {
            let same_segment = geometry
                .neighbour(cell, dir)
                .is_some_and(|n| n.segment() == cell.segment());
            if !same_segment {
                scene.decor.push(Decor {
                    kind: DecorKind::SegmentOutline,
                    shape: side(hex, dir),
                });
            }
        }
    }
    for &hex in &ghosts {
        scene.cells.push(Cell {
            id: TargetId::place(hex),
            shape: hexagon(hex),
            centre: centre(hex),
            size: HEX * 0.7,
            surface: Surface::Ghost,
            label: Some(TargetId::place(hex).to_string()),
            title: format!("{hex}: the centre of a new segment"),
        });
    }
    add_marks(&mut scene, game);
    let territory = game.territory();
    for i in 0..game.seats() {
        let seat = Seat(i as u8);
        let mut p = panel(seat, game.seat_name(seat), palette::seat(i), letter(seat));
        let men: u32 = geometry
            .all_cells()
            .map(|c| game.cell(c))
            .filter(|s| s.owner() == Some(seat))
            .map(|s| u32::from(s.height))
            .sum();
        p.tallies.push(tally("men", men));
        p.tallies
            .push(tally("territory", territory.get(i).copied().unwrap_or(0)));
        scene.panels.push(p);
    }
    scene.status = status(game);
    scene
}

/// The frame around every hexagon drawn.
fn frame(hexes: impl Iterator<Item = Hex>) -> Frame {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for hex in hexes {
        let c = centre(hex);
        x0 = x0.min(c.x);
        y0 = y0.min(c.y);
        x1 = x1.max(c.x);
        y1 = y1.max(c.y);
    }
    if x0 > x1 {
        (x0, y0, x1, y1) = (0.0, 0.0, 0.0, 0.0);
    }
    let (half_width, half_height) = (HEX * 3f64.sqrt() / 2.0, HEX);
    Frame {
        x: x0 - half_width - MARGIN,
        y: y0 - half_height - MARGIN,
        width: x1 - x0 + 2.0 * (half_width + MARGIN),
        height: y1 - y0 + 2.0 * (half_height + MARGIN),
    }
}

fn add_cell(scene: &mut Scene, game: &Mu, cell: MuCell) {
    let hex = game.geometry().hex(cell);
    let state = game.cell(cell);
    let id = TargetId::mu_cell(cell);
    let mut title = format!(
        "{id}: {}, capacity {}",
        state.layer.name(),
        game.capacity(cell)
    );
    if let Some(owner) = state.owner() {
        title.push_str(&format!(", {} {}", state.height, game.seat_name(owner)));
    }
    if game.is_hot(cell) {
        title.push_str(", hot");
    }
    scene.cells.push(Cell {
        id: id.clone(),
        shape: hexagon(hex),
        centre: centre(hex),
        size: HEX * 0.62,
        surface: match state.layer {
            Layer::Virgin => Surface::Virgin,
            Layer::Common => Surface::Commonwealth,
            Layer::Wall => Surface::Wall,
        },
        label: Some(id.to_string()),
        title,
    });
    if let Some(owner) = state.owner() {
        scene.pieces.push(Piece {
            at: id,
            owner: Some(owner.0),
            kind: PieceKind::Men,
            height: state.height,
            stack: None,
        });
    }
}

fn add_marks(scene: &mut Scene, game: &Mu) {
    let geometry = game.geometry();
    let ids = |cells: &[MuCell]| cells.iter().map(|&c| TargetId::mu_cell(c)).collect();
    for section in game.sections() {
        let seat = match section.owner {
            SectionOwner::Seat(s) => Some(s.0),
            SectionOwner::Neutral => None,
        };
        scene.marks.push(Mark {
            kind: MarkKind::Section,
            seat,
            targets: ids(&section.cells),
        });
        if !section.enclosed.is_empty() {
            scene.marks.push(Mark {
                kind: MarkKind::Enclosed,
                seat,
                targets: ids(&section.enclosed),
            });
        }
    }
    let hot: Vec<MuCell> = geometry.all_cells().filter(|&c| game.is_hot(c)).collect();
    if !hot.is_empty() {
        scene.marks.push(Mark {
            kind: MarkKind::Hot,
            seat: None,
            targets: ids(&hot),
        });
    }
    if !game.oscillating().is_empty() {
        scene.marks.push(Mark {
            kind: MarkKind::Oscillating,
            seat: None,
            targets: ids(game.oscillating()),
        });
    }
    for i in 0..game.seats() {
        let seat = Seat(i as u8);
        let centres: Vec<MuCell> = game.markers(seat).iter().map(|s| s.centre()).collect();
        if !centres.is_empty() {
            scene.marks.push(Mark {
                kind: MarkKind::Marker,
                seat: Some(seat.0),
                targets: ids(&centres),
            });
        }
    }
}

fn status(game: &Mu) -> String {
    let who = game.seat_name(game.to_move());
    match (game.phase(), game.pending()) {
        (Phase::Over, _) => "game over".to_owned(),
        (Phase::Layout, _) => format!("{who} lays out a segment"),
        (Phase::Select, _) => format!("{who} clears a marked segment"),
        (Phase::Play, Pending::Choice) => format!("{who} chooses which hot cell explodes next"),
        (Phase::Play, Pending::Removal) => {
            format!("{who} takes a man off a hot cell of the oscillating section")
        }
        (Phase::Play, Pending::Nothing) => match game.moves_this_turn() {
            0 => format!("{who} to move"),
            n => format!("{who} to move ({n} moved this turn)"),
        },
    }
}
