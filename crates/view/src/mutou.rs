//! MuTou: every live tessel of the square, hex or sown surface as a polygon from the rules'
//! drawing (through every area alteration), the edges and vertices as clickable lines and dots,
//! remote splices as marker pairs, stacks of shakken, zones and stands, and the seats' wafers.
//!
//! The rules draw the surface with `y` up in board units; this file scales it so that a tessel
//! of average area is about [`UNIT`] drawing units across, and turns it `y` down.

use muster_rules::mutou::surface::{EdgeLine, Point, TesselId};
use muster_rules::mutou::{CallMode, Category, MuTou, Pending, Phase, RandStage, Shak, Unit};
use muster_rules::mutou::{Piece as MuPiece, MAX_SEATS};
use muster_rules::{Game, Seat};

use crate::scene::{
    polygon_contains, Blood, Cell, Decor, DecorKind, Frame, Label, LabelKind, Mark, MarkKind,
    Piece, PieceKind, Scene, Shape, Stack, Surface, Xy,
};
use crate::target::TargetId;
use crate::{blank, palette, panel, tally};

/// The side of a square of a tessel's average area, in drawing units.
const UNIT: f64 = 56.0;
/// Room around the surface.
const MARGIN: f64 = 18.0;
/// The radius of a vertex's dot.
const VERTEX: f64 = 3.0;

/// From the rules' plane (y up, board units) to drawing units (y down).
struct Plane {
    left: f64,
    top: f64,
    scale: f64,
}

impl Plane {
    fn at(&self, p: Point) -> Xy {
        Xy::new(
            MARGIN + (p.x - self.left) * self.scale,
            MARGIN + (self.top - p.y) * self.scale,
        )
    }

    fn line(&self, points: &[Point]) -> Vec<Xy> {
        points.iter().map(|&p| self.at(p)).collect()
    }
}

/// The area of a closed outline (positive when counter-clockwise with y up).
fn area(points: &[Point]) -> f64 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            a.x * b.y - b.x * a.y
        })
        .sum::<f64>()
        / 2.0
}

pub(crate) fn scene(game: &MuTou, viewer: Option<Seat>) -> Scene {
    let mut scene = match game.surface_opt() {
        Some(_) => board(game, viewer),
        // Before the tier is chosen there is no surface yet: only the panels and buttons.
        None => blank(Frame {
            x: 0.0,
            y: 0.0,
            width: 420.0,
            height: 16.0,
        }),
    };
    for i in 0..game.seats() {
        let seat = Seat(i as u8);
        let (paint, letter) = palette::mutou_seat(i);
        let state = game.seat_state(seat.0);
        let mut p = panel(seat, game.seat_name(seat), paint, letter);
        // Only the counts that say something now, so that a panel stays one short line.
        p.tallies.push(tally("wafers", state.wafers));
        if state.banked > 0 {
            p.tallies.push(tally("banked", state.banked));
        }
        let pool = state.pool.total();
        if pool > 0 {
            p.tallies.push(tally("to set out", pool));
        }
        if matches!(game.phase(), Phase::Play | Phase::Over(_)) {
            let pieces = game.pieces().filter(|piece| piece.owner == seat.0).count();
            p.tallies.push(tally("pieces", pieces as i64));
        }
        if let Some(order) = state.out {
            p.tallies.push(tally("out as", order));
        }
        scene.panels.push(p);
    }
    scene.status = status(game);
    scene
}

/// The surface, its pieces and marks. Needs the surface.
fn board(game: &MuTou, viewer: Option<Seat>) -> Scene {
    let map = game.surface();
    let shapes = map.shapes();
    let total: f64 = shapes.iter().map(|s| area(&s.outline).abs()).sum();
    let mean = (total / shapes.len().max(1) as f64).max(f64::EPSILON);
    let (lo, hi) = map.bounds();
    let plane = Plane {
        left: lo.x,
        top: hi.y,
        scale: UNIT / mean.sqrt(),
    };
    let mut scene = blank(Frame {
        x: 0.0,
        y: 0.0,
        width: (hi.x - lo.x).max(0.0) * plane.scale + 2.0 * MARGIN,
        height: (hi.y - lo.y).max(0.0) * plane.scale + 2.0 * MARGIN,
    });
    for shape in &shapes {
        let points = plane.line(&shape.outline);
        let (centre, room) = pole(&points);
        let id = TargetId::mutou_tessel(shape.tessel);
        let name = TargetId::mutou_name(game, shape.tessel);
        let mut title = format!("{name}: a tessel of {} corners", shape.corners.len());
        if let Some(piece) = game.piece(shape.tessel) {
            title.push_str(&format!(
                ", {}'s piece {}",
                game.seat_name(Seat(piece.owner)),
                piece.shakken
            ));
        }
        scene.cells.push(Cell {
            id: id.clone(),
            shape: Shape::Polygon { points },
            centre,
            size: room * 0.6,
            surface: Surface::Tessel,
            label: Some(name),
            title,
        });
    }
    for line in map.edge_lines() {
        if line.base != line.edge {
            // The second edge of a splice: drawn as a splice edge below, clickable once.
            continue;
        }
        let points = plane.line(&line.line);
        let id = TargetId::mutou_edge(line.edge);
        let sides: Vec<String> = {
            let (a, b) = map.edge_sides(line.edge);
            [a, b].into_iter().flatten().map(|t| game.name(t)).collect()
        };
        scene.cells.push(Cell {
            id: id.clone(),
            centre: halfway(&points),
            shape: Shape::Polyline { points },
            size: VERTEX,
            surface: Surface::Edge,
            label: None,
            title: format!("{id}: an edge of {}", sides.join(" and ")),
        });
    }
    for mark in map.vertex_marks() {
        if mark.base != mark.vertex {
            continue;
        }
        let id = TargetId::mutou_vertex(mark.vertex);
        let at = plane.at(mark.at);
        scene.cells.push(Cell {
            id: id.clone(),
            shape: Shape::Circle {
                centre: at,
                radius: VERTEX,
            },
            centre: at,
            size: VERTEX,
            surface: Surface::Vertex,
            label: None,
            title: format!(
                "{id}: a corner of {} tessels",
                map.tessels_at(mark.vertex).len()
            ),
        });
    }
    for (k, splice) in map.splice_marks().iter().enumerate() {
        for end in &splice.ends {
            splice_end(&mut scene, &plane, end, k);
        }
    }
    let secret = game.secret_decider();
    for piece in game.pieces() {
        let hidden = secret.is_some() && viewer != Some(Seat(piece.owner));
        scene.pieces.push(stack(piece, hidden));
    }
    add_marks(&mut scene, game);
    scene
}

/// One drawn edge of a splice: the line and its marker, `s<k + 1>` at both ends.
fn splice_end(scene: &mut Scene, plane: &Plane, end: &EdgeLine, k: usize) {
    let points = plane.line(&end.line);
    scene.labels.push(Label {
        kind: LabelKind::Splice,
        at: halfway(&points),
        text: format!("s{}", k + 1),
    });
    scene.decor.push(Decor {
        kind: DecorKind::SpliceEdge,
        shape: Shape::Polyline { points },
    });
}

fn stack(piece: &MuPiece, hidden: bool) -> Piece {
    let s = &piece.shakken;
    let blood = (0..MAX_SEATS as u8)
        .map(|seat| Blood {
            seat,
            count: s.count(Shak::Blood(seat)),
        })
        .filter(|b| b.count > 0)
        .collect();
    Piece {
        at: TargetId::mutou_tessel(piece.at),
        owner: Some(piece.owner),
        kind: PieceKind::Stack,
        height: u16::from(s.total()),
        stack: Some(Stack {
            walker: s.count(Shak::Walker),
            angler: s.count(Shak::Angler),
            jagger: s.count(Shak::Jagger),
            rand: s.count(Shak::Rand),
            blood,
            hidden,
            text: s.to_string(),
        }),
    }
}

/// Zones (while they matter: until play starts), stands, and the pieces moved this turn.
fn add_marks(scene: &mut Scene, game: &MuTou) {
    let map = game.surface();
    let live = |ts: &[TesselId]| -> Vec<TargetId> {
        ts.iter()
            .filter(|&&t| map.is_live(t))
            .map(|&t| TargetId::mutou_tessel(t))
            .collect()
    };
    let claimer =
        |zone: u8| (0..game.seat_count()).find(|&s| game.seat_state(s).zone == Some(zone));
    let (zones, _) = game.zones();
    let setting_up = !matches!(game.phase(), Phase::Play | Phase::Over(_));
    if setting_up && zones.len() > 1 {
        for (z, tessels) in zones.iter().enumerate() {
            let targets = live(tessels);
            if let Some(first) = label_spot(scene, &targets) {
                scene.labels.push(Label {
                    kind: LabelKind::Zone,
                    at: first,
                    text: format!("zone {}", z + 1),
                });
            }
            scene.marks.push(Mark {
                kind: MarkKind::Zone,
                seat: claimer(z as u8),
                targets,
            });
        }
    }
    let mut stands: Vec<(u8, Vec<TargetId>)> = Vec::new();
    for &t in map.tessels() {
        if let Some(zone) = map.stand_mark(t) {
            let id = TargetId::mutou_tessel(t);
            match stands.iter_mut().find(|(z, _)| *z == zone) {
                Some((_, ids)) => ids.push(id),
                None => stands.push((zone, vec![id])),
            }
        }
    }
    for (zone, targets) in stands {
        scene.marks.push(Mark {
            kind: MarkKind::Stand,
            seat: claimer(zone),
            targets,
        });
    }
    if game.phase() == Phase::Play && !game.turn().moved.is_empty() {
        scene.marks.push(Mark {
            kind: MarkKind::Moved,
            seat: Some(game.turn().mover),
            targets: game
                .turn()
                .moved
                .iter()
                .map(|m| TargetId::mutou_tessel(m.at))
                .collect(),
        });
    }
}

/// Where a zone's number goes: the centre of its tessel nearest the middle of them all.
fn label_spot(scene: &Scene, targets: &[TargetId]) -> Option<Xy> {
    let centres: Vec<Xy> = targets
        .iter()
        .filter_map(|t| scene.cell(t))
        .map(|c| c.centre)
        .collect();
    let n = centres.len() as f64;
    let mx = centres.iter().map(|c| c.x).sum::<f64>() / n;
    let my = centres.iter().map(|c| c.y).sum::<f64>() / n;
    centres.into_iter().min_by(|a, b| {
        let d = |p: &Xy| (p.x - mx).powi(2) + (p.y - my).powi(2);
        d(a).total_cmp(&d(b))
    })
}

/// The point halfway along a line, by length.
fn halfway(points: &[Xy]) -> Xy {
    let length: f64 = points.windows(2).map(|w| distance(w[0], w[1])).sum();
    let mut left = length / 2.0;
    for w in points.windows(2) {
        let d = distance(w[0], w[1]);
        if d >= left && d > 0.0 {
            let f = left / d;
            return Xy::new(
                w[0].x + (w[1].x - w[0].x) * f,
                w[0].y + (w[1].y - w[0].y) * f,
            );
        }
        left -= d;
    }
    points.first().copied().unwrap_or(Xy::new(0.0, 0.0))
}

fn distance(a: Xy, b: Xy) -> f64 {
    ((a.x - b.x).powi(2) + (a.y - b.y).powi(2)).sqrt()
}

/// The distance from `p` to the outline.
fn to_outline(points: &[Xy], p: Xy) -> f64 {
    let n = points.len();
    (0..n)
        .map(|i| {
            let (a, b) = (points[i], points[(i + 1) % n]);
            let (dx, dy) = (b.x - a.x, b.y - a.y);
            let len = dx * dx + dy * dy;
            let t = if len > 0.0 {
                (((p.x - a.x) * dx + (p.y - a.y) * dy) / len).clamp(0.0, 1.0)
            } else {
                0.0
            };
            distance(p, Xy::new(a.x + dx * t, a.y + dy * t))
        })
        .fold(f64::INFINITY, f64::min)
}

/// The point inside the outline farthest from it (searched on a grid, then refined), and that
/// distance: where a piece and a label of a tessel go, and how large they may be.
fn pole(points: &[Xy]) -> (Xy, f64) {
    let (mut x0, mut y0, mut x1, mut y1) = (f64::MAX, f64::MAX, f64::MIN, f64::MIN);
    for p in points {
        x0 = x0.min(p.x);
        y0 = y0.min(p.y);
        x1 = x1.max(p.x);
        y1 = y1.max(p.y);
    }
    let n = points.len().max(1) as f64;
    let mean = Xy::new(
        points.iter().map(|p| p.x).sum::<f64>() / n,
        points.iter().map(|p| p.y).sum::<f64>() / n,
    );
    let mut best = (mean, 0.0);
    // The mean of the corners, and the middle of each corner's triangle with its neighbours:
    // a simple polygon has an ear, whose middle lies inside, however thin the polygon is.
    let k = points.len();
    let ears = (0..k).map(|i| {
        let (a, b, c) = (points[(i + k - 1) % k], points[i], points[(i + 1) % k]);
        Xy::new((a.x + b.x + c.x) / 3.0, (a.y + b.y + c.y) / 3.0)
    });
    for p in std::iter::once(mean).chain(ears) {
        if polygon_contains(points, p) {
            let d = to_outline(points, p);
            if d > best.1 {
                best = (p, d);
            }
        }
    }
    let (mut cx, mut cy, mut w, mut h) = ((x0 + x1) / 2.0, (y0 + y1) / 2.0, x1 - x0, y1 - y0);
    const STEPS: usize = 12;
    for _ in 0..4 {
        for i in 0..=STEPS {
            for j in 0..=STEPS {
                let p = Xy::new(
                    cx - w / 2.0 + w * i as f64 / STEPS as f64,
                    cy - h / 2.0 + h * j as f64 / STEPS as f64,
                );
                if polygon_contains(points, p) {
                    let d = to_outline(points, p);
                    if d > best.1 {
                        best = (p, d);
                    }
                }
            }
        }
        // Refine around the best point so far.
        (cx, cy, w, h) = (best.0.x, best.0.y, w / 4.0, h / 4.0);
    }
    best
}

/// The state in words: the phase, who decides and what is pending.
fn status(game: &MuTou) -> String {
    let name = |s: u8| game.seat_name(Seat(s));
    let turn = game.turn();
    let mover = name(turn.mover);
    let at = |t: TesselId| game.name(t);
    // Who decides a sub-decision, as the rules say.
    let decider = match game.actor() {
        muster_rules::Actor::Seat(s) => game.seat_name(s),
        _ => "chance".to_owned(),
    };
    match game.phase() {
        Phase::Over(_) => "game over".to_owned(),
        Phase::ChooseTier => format!("{} chooses the tier", name(0)),
        Phase::Claim(s) => format!("{} claims a zone", name(s)),
        Phase::SetOut(s) => format!(
            "{} sets out shakken in secret ({} still to set out)",
            name(s),
            game.seat_state(s).pool.total()
        ),
        Phase::Play => match turn.pending {
            Pending::Free => {
                let category = match turn.category {
                    None => String::new(),
                    Some(Category::Move) => " moving pieces".to_owned(),
                    Some(Category::Alter) => " altering pieces".to_owned(),
                    Some(Category::Area) => " altering the area".to_owned(),
                };
                format!(
                    "{mover}'s turn {}: {} of {} units spent{category}",
                    turn.number, turn.spent, turn.budget
                )
            }
            Pending::Transfer { to, .. } => format!(
                "{mover} may take shakken from the removed piece onto {}",
                at(to)
            ),
            Pending::Window { unit, seat } => {
                let on = match unit {
                    Unit::Piece(t) => format!("move to {}", at(t)),
                    Unit::Alter(a, b) => format!("alteration of {} and {}", at(a), at(b)),
                    Unit::Area => "area alteration".to_owned(),
                };
                format!(
                    "{}: call a choice on {mover}'s {on}, or decline",
                    name(seat)
                )
            }
            Pending::Roll { caller, mode, .. } => match mode {
                CallMode::Open => format!("a quandar is tossed for {}'s call", name(caller)),
                CallMode::Matched => {
                    format!("matched quandarinn are rolled for {}'s call", name(caller))
                }
            },
            Pending::Rand { piece, stage, .. } => match stage {
                RandStage::Gate => {
                    format!("{decider} aims the Rand move of the piece on {}", at(piece))
                }
                RandStage::Count(..) => {
                    format!("a roll counts the Rand move round {}", at(piece))
                }
                RandStage::Steps(_) => {
                    format!("a roll says how far the piece on {} goes", at(piece))
                }
                RandStage::Tie(..) => {
                    format!("{mover} picks where the piece on {} lands", at(piece))
                }
            },
            Pending::Heap { .. } => format!("{decider} hands out the heaped shakken"),
            Pending::Insert { caller, left } => {
                format!("{} may insert up to {left} area alterations", name(caller))
            }
            Pending::Proposal { seat } => {
                format!("{} answers {mover}'s proposal to stop", name(seat))
            }
        },
    }
}
