//! Mur: the centre and three rings of eight points on eight spokes, ships and the kraken.

use std::f64::consts::PI;

use muster_rules::mur::{Colour, Length, Mur, Obligation, Piece as MurPiece, Point};
use muster_rules::{Game, Seat};

use crate::scene::{
    Cell, Decor, DecorKind, Frame, Label, LabelKind, Mark, MarkKind, Piece, PieceKind, Scene,
    Shape, Surface, Xy,
};
use crate::target::TargetId;
use crate::{blank, palette, panel, tally};

/// The distance between rings, in drawing units.
const RING: f64 = 80.0;
/// The radius of a point.
const POINT: f64 = 18.0;
/// How far beyond an outer point's edge its spoke's letter stands.
const LETTER: f64 = 30.0;

/// Where a point lies: ring `r` at radius `r·RING`, spoke `s` at `s·45°` clockwise from north.
fn position(point: Point) -> Xy {
    match point.spoke() {
        None => Xy::new(0.0, 0.0),
        Some(spoke) => {
            let angle = f64::from(spoke) * PI / 4.0;
            let radius = f64::from(point.ring()) * RING;
            Xy::new(radius * angle.sin(), -radius * angle.cos())
        }
    }
}

pub(crate) fn scene(game: &Mur) -> Scene {
    // The spoke letters stand LETTER beyond the outer points, clear of those points' own
    // labels (drawn below and right of each point, where spoke d's letter would otherwise sit).
    let outer = 3.0 * RING + POINT + LETTER + 16.0;
    let mut scene = blank(Frame {
        x: -outer,
        y: -outer,
        width: 2.0 * outer,
        height: 2.0 * outer,
    });
    for ring in 1..=3 {
        scene.decor.push(Decor {
            kind: DecorKind::Track,
            shape: Shape::Circle {
                centre: Xy::new(0.0, 0.0),
                radius: f64::from(ring) * RING,
            },
        });
    }
    for spoke in 0..4 {
        let ends = [spoke, spoke + 4].map(|s| Point::new(s, 3).map(position));
        if let [Some(a), Some(b)] = ends {
            scene.decor.push(Decor {
                kind: DecorKind::Track,
                shape: Shape::Polyline { points: vec![a, b] },
            });
        }
    }
    for spoke in 0..8u8 {
        if let Some(p) = Point::new(spoke, 3) {
            let at = position(p);
            let scale = (3.0 * RING + POINT + LETTER) / (3.0 * RING);
            scene.labels.push(Label {
                kind: LabelKind::Coordinate,
                at: Xy::new(at.x * scale, at.y * scale),
                text: char::from(b'a' + spoke).to_string(),
            });
        }
    }
    for point in Point::all() {
        let id = TargetId::mur_point(point);
        let piece = game.piece(point);
        let what = match piece {
            None => "empty".to_owned(),
            Some(MurPiece::Kraken) => format!("the {}", game.kraken_word()),
            Some(MurPiece::Ship(c)) => {
                format!("{c} {} of order {}", game.ship_word(), game.order(point))
            }
        };
        let centre = position(point);
        scene.cells.push(Cell {
            id: id.clone(),
            shape: Shape::Circle {
                centre,
                radius: POINT,
            },
            centre,
            size: POINT * 0.8,
            surface: Surface::Point,
            label: Some(id.to_string()),
            title: format!("{id}: {what}"),
        });
        match piece {
            None => {}
            Some(MurPiece::Kraken) => scene.pieces.push(Piece {
                at: id,
                owner: None,
                kind: PieceKind::Kraken,
                height: 1,
                stack: None,
            }),
            Some(MurPiece::Ship(c)) => scene.pieces.push(Piece {
                at: id,
                owner: Some(game.seat_of(c).0),
                kind: PieceKind::Ship,
                height: 1,
                stack: None,
            }),
        }
    }
    for colour in [Colour::Black, Colour::White] {
        let seat = Some(game.seat_of(colour).0);
        let trapped = game.trapped_ships(colour);
        if !trapped.is_empty() {
            scene.marks.push(Mark {
                kind: MarkKind::Trapped,
                seat,
                targets: trapped.iter().map(TargetId::mur_point).collect(),
            });
        }
        let eyes = game.eyes(colour);
        if !eyes.is_empty() {
            scene.marks.push(Mark {
                kind: MarkKind::Eye,
                seat,
                targets: eyes.iter().map(TargetId::mur_point).collect(),
            });
        }
    }
    if game.kraken_surrounded() {
        scene.marks.push(Mark {
            kind: MarkKind::KrakenSurrounded,
            seat: None,
            targets: vec![TargetId::mur_point(game.kraken_point())],
        });
    }
    let length = game.variant().length;
    for seat in [Seat(0), Seat(1)] {
        let colour = game.colour_of(seat);
        let (paint, letter) = match colour {
            Colour::Black => (palette::DARK, 'B'),
            Colour::White => (palette::LIGHT, 'W'),
        };
        let mut p = panel(seat, game.seat_name(seat), paint, letter);
        p.tallies
            .push(tally("off the board", game.off_board(colour)));
        p.tallies.push(tally("ship traps", game.trap_tally(colour)));
        if length != Length::Game {
            p.tallies
                .push(tally("games in the set", game.games_won(colour)));
            p.tallies
                .push(tally("traps in the set", game.set_trap_tally(colour)));
        }
        if length == Length::Match {
            p.tallies.push(tally("sets", game.sets_won(colour)));
        }
        scene.panels.push(p);
    }
    let owed = match game.obligation() {
        Obligation::None => "",
        Obligation::TrapWithdrawal => ": withdraw the trapped ships",
        Obligation::RepeatWithdrawal => ": withdraw a ship (repeat)",
        Obligation::Stagnation => ": withdraw a ship (no place or move)",
    };
    scene.status = match length {
        Length::Game => format!("{} to move{owed}", game.to_move()),
        _ => format!(
            "{} to move{owed}; set {}, game {}",
            game.to_move(),
            game.set_number(),
            game.game_number()
        ),
    };
    scene
}
