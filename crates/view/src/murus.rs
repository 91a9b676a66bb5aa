//! Murus Gallicus: a grid of 8 files and 7 (or 8) ranks, stacks of one to three stones.

use muster_rules::murus_gallicus::{Cell as MgCell, Colour, MurusGallicus};
use muster_rules::{Game, Seat};

use crate::scene::{
    Cell, Frame, Label, LabelKind, Mark, MarkKind, Piece, PieceKind, Scene, Shape, Surface, Xy,
};
use crate::target::TargetId;
use crate::{blank, palette, panel, tally};

/// The side of a square, in drawing units.
const SQUARE: f64 = 60.0;
/// Room for the coordinates around the grid.
const MARGIN: f64 = 28.0;

/// The scene of `game`; the board is turned so that the viewer's home row is at the bottom
/// (Dark sees rank 1 at the top).
pub(crate) fn scene(game: &MurusGallicus, viewer: Option<Seat>) -> Scene {
    let rows = game.rows();
    let flipped = viewer == Some(Seat(1));
    // The top-left corner of a square.
    let corner = |file: u8, rank: u8| -> Xy {
        let (column, row) = if flipped {
            (7 - file, rank)
        } else {
            (file, rows - 1 - rank)
        };
        Xy::new(f64::from(column) * SQUARE, f64::from(row) * SQUARE)
    };
    // The file letters go under the grid, or over it when the board is turned.
    let mut scene = blank(Frame {
        x: -MARGIN,
        y: if flipped { -MARGIN } else { -MARGIN / 2.0 },
        width: 8.0 * SQUARE + 1.5 * MARGIN,
        height: f64::from(rows) * SQUARE + 1.5 * MARGIN,
    });
    for rank in 0..rows {
        for file in 0..8 {
            let Some(cell) = MgCell::new(file, rank) else {
                continue;
            };
            let c = corner(file, rank);
            let id = TargetId::murus_cell(cell);
            let stack = game.stack(cell);
            let what = match stack {
                None => "empty".to_owned(),
                Some((colour, height)) => format!("{colour} {}", kind(height).1),
            };
            scene.cells.push(Cell {
                title: format!("{id}: {what}"),
                id: id.clone(),
                shape: Shape::Polygon {
                    points: vec![
                        c,
                        Xy::new(c.x + SQUARE, c.y),
                        Xy::new(c.x + SQUARE, c.y + SQUARE),
                        Xy::new(c.x, c.y + SQUARE),
                    ],
                },
                centre: Xy::new(c.x + SQUARE / 2.0, c.y + SQUARE / 2.0),
                size: SQUARE * 0.42,
                surface: if (file + rank) % 2 == 0 {
                    Surface::Dark
                } else {
                    Surface::Light
                },
                label: None,
            });
            if let Some((colour, height)) = stack {
                scene.pieces.push(Piece {
                    at: id,
                    owner: Some(colour.index() as u8),
                    kind: kind(height).0,
                    height: u16::from(height),
                    stack: None,
                });
            }
        }
    }
    for file in 0..8u8 {
        let c = corner(file, 0);
        let y = if flipped {
            -MARGIN / 2.0
        } else {
            f64::from(rows) * SQUARE + MARGIN / 2.0
        };
        scene.labels.push(coordinate(
            Xy::new(c.x + SQUARE / 2.0, y),
            char::from(b'a' + file).to_string(),
        ));
    }
    for rank in 0..rows {
        let c = corner(0, rank);
        scene.labels.push(coordinate(
            Xy::new(-MARGIN / 2.0, c.y + SQUARE / 2.0),
            (rank + 1).to_string(),
        ));
    }
    for colour in [Colour::Light, Colour::Dark] {
        let seat = Some(colour.index() as u8);
        let invaders = game.invaders(colour);
        if !invaders.is_empty() {
            scene.marks.push(Mark {
                kind: MarkKind::Invader,
                seat,
                targets: invaders.into_iter().map(TargetId::murus_cell).collect(),
            });
        }
        let (paint, letter) = match colour {
            Colour::Light => (palette::LIGHT, 'L'),
            Colour::Dark => (palette::DARK, 'D'),
        };
        let seat = Seat(colour.index() as u8);
        let mut p = panel(seat, game.seat_name(seat), paint, letter);
        p.tallies.push(tally("stones", game.stone_count(colour)));
        scene.panels.push(p);
    }
    scene.status = format!("{} to move, ply {}", game.to_move(), game.ply());
    scene
}

/// The piece kind and its word for a stack of `height` stones.
fn kind(height: u8) -> (PieceKind, &'static str) {
    match height {
        1 => (PieceKind::Wall, "wall"),
        2 => (PieceKind::Tower, "tower"),
        _ => (PieceKind::Catapult, "catapult"),
    }
}

fn coordinate(at: Xy, text: String) -> Label {
    Label {
        kind: LabelKind::Coordinate,
        at,
        text,
    }
}
