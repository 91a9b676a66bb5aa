//! A map of any MuTou surface, for sown (Voronoi) boards above all: each tessel's name over its
//! mark, placed by its point, then every tessel's neighbours (the map shows no borders).

use muster_rules::mutou::surface::{Origin, Surface, TesselId};
use muster_rules::mutou::MuTou;

use super::super::canvas::Canvas;
use super::{listing, neighbours, starred_mark, Paint, Style};

/// Columns per unit of height: terminal cells are about twice as tall as wide, and a little
/// more squeezing keeps a map within a screen.
const SQUEEZE: f64 = 2.5;
/// How far (in columns) a label may be pushed from its place to find room.
const REACH: i64 = 12;

/// The map, then `neighbours (walker | angler):` with one entry per tessel.
pub fn draw(game: &MuTou, surface: &Surface, style: Style, room: usize) -> Vec<String> {
    let tessels = surface.tessels();
    let points = positions(surface);
    let span = tessels
        .iter()
        .map(|&t| {
            game.name(t)
                .len()
                .max(starred_mark(game, surface, t).0.len())
        })
        .max()
        .unwrap_or(1);
    let (min_x, max_x) = bounds(points.iter().map(|p| p.0));
    let (_, max_y) = bounds(points.iter().map(|p| p.1));
    let columns = room.saturating_sub(span + 1).max(1) as f64;
    let sx = columns / (max_x - min_x).max(1.0);
    let sy = sx / SQUEEZE;
    let mut canvas = Canvas::new(0);
    let mut order: Vec<usize> = (0..tessels.len()).collect();
    order.sort_by(|&a, &b| {
        let (pa, pb) = (points[a], points[b]);
        (pb.1, pa.0)
            .partial_cmp(&(pa.1, pb.0))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    for i in order {
        let t = tessels[i];
        let (x, y) = points[i];
        let x = ((x - min_x) * sx).round() as i64;
        let y = ((max_y - y) * sy).round() as i64;
        let (cx, cy) = free_spot(&canvas, x, y, span, room);
        let (text, paints) = starred_mark(game, surface, t);
        canvas.put(cx, cy, &game.name(t), &[Paint::Dim]);
        canvas.put(cx, cy + 1, &text, &paints);
    }
    let mut lines = canvas.render(style);
    lines.push("neighbours (walker, then | angler):".to_owned());
    let entries: Vec<String> = tessels
        .iter()
        .map(|&t| format!("{}: {}", game.name(t), neighbours(game, surface, t)))
        .collect();
    lines.extend(listing(&entries, room));
    lines
}

fn bounds(values: impl Iterator<Item = f64>) -> (f64, f64) {
    values.fold((f64::INFINITY, f64::NEG_INFINITY), |(lo, hi), v| {
        (lo.min(v), hi.max(v))
    })
}

/// The nearest place to (`x`, `y`) where a label `span` wide and two lines tall, with a free
/// column on each side, fits within `room` columns; below everything when none is near.
fn free_spot(canvas: &Canvas, x: i64, y: i64, span: usize, room: usize) -> (usize, usize) {
    let fits = |cx: i64, cy: i64| {
        let right = cx + span as i64;
        cx >= 0
            && cy >= 0
            && right <= room as i64
            && (cx - 1..=right)
                .all(|px| px < 0 || (cy..cy + 2).all(|py| canvas.is_free(px as usize, py as usize)))
    };
    let mut tries: Vec<(i64, i64)> = Vec::new();
    for dy in -3..=3i64 {
        for dx in -REACH..=REACH {
            tries.push((dx, dy));
        }
    }
    // Nearest first, a line counting as much as SQUEEZE columns.
    tries.sort_by(|a, b| {
        let d = |(dx, dy): (i64, i64)| dx.abs() as f64 + SQUEEZE * dy.abs() as f64;
        d(*a)
            .partial_cmp(&d(*b))
            .unwrap_or(std::cmp::Ordering::Equal)
    });
    for (dx, dy) in tries {
        if fits(x + dx, y + dy) {
            return ((x + dx) as usize, (y + dy) as usize);
        }
    }
    let mut below = usize::try_from(y.max(0)).unwrap_or(0);
    loop {
        for cx in 0..room.saturating_sub(span) {
            if fits(cx as i64, below as i64) {
                return (cx, below);
            }
        }
        below += 1;
    }
}

/// Where each live tessel stands: its sown point, a square's or hexagon's centre, and for a
/// tessel made by an alteration the mean of its placed walker neighbours (the origin when it
/// has none).
fn positions(surface: &Surface) -> Vec<(f64, f64)> {
    let tessels = surface.tessels();
    let mut at: Vec<Option<(f64, f64)>> = tessels
        .iter()
        .map(|&t| match surface.origin(t) {
            Origin::Sown { x, y } => Some((x, y)),
            Origin::Square { x, y } => Some((f64::from(x) + 0.5, f64::from(y) + 0.5)),
            Origin::Hex { q, r } => {
                let (q, r) = (f64::from(q), f64::from(r));
                Some((3f64.sqrt() * (q + r / 2.0), 1.5 * r))
            }
            Origin::Scribed => None,
        })
        .collect();
    let index = |t: TesselId| tessels.binary_search(&t).ok();
    for _ in 0..tessels.len() {
        let mut changed = false;
        for i in 0..tessels.len() {
            if at[i].is_some() {
                continue;
            }
            let placed: Vec<(f64, f64)> = surface
                .walker(tessels[i])
                .iter()
                .filter_map(|&u| index(u).and_then(|j| at[j]))
                .collect();
            if !placed.is_empty() {
                let n = placed.len() as f64;
                let x = placed.iter().map(|p| p.0).sum::<f64>() / n;
                let y = placed.iter().map(|p| p.1).sum::<f64>() / n;
                at[i] = Some((x, y));
                changed = true;
            }
        }
        if !changed {
            break;
        }
    }
    at.into_iter().map(|p| p.unwrap_or((0.0, 0.0))).collect()
}
