//! Voronoi sowing (mutou D6): each point's cell of one global Voronoi diagram, clipped to a
//! convex outline, then snapped to a combinatorial map.
//!
//! Each cell is the outline cut by the half-planes nearer its point than each other point
//! (nearest first, stopping once no farther point can cut). Cell corners computed from
//! different cells are then identified exactly: corners closer than `MERGE_EPS` × the outline's
//! diameter become one vertex (so 4 co-circular points meet at one vertex, and a tiny Voronoi
//! edge collapses), and a corner lying inside another cell's edge is inserted there, so the
//! map has no T-junctions. Points closer than 1e-4 × the diameter are refused as one point.

use std::collections::HashMap;

use super::error::SurfaceError;

/// A point of the plane.
pub(super) type Pt = (f64, f64);

/// Corners closer than this, relative to the outline's diameter, are one vertex.
const MERGE_EPS: f64 = 1e-7;

/// Signed distances within this, relative to the diameter, count as on a line.
const LINE_EPS: f64 = 1e-12;

/// The snapped cells: corner positions, and per point its counter-clockwise cycle of corners.
pub(super) struct Cells {
    pub corners: Vec<Pt>,
    pub cycles: Vec<Vec<usize>>,
}

fn sub(a: Pt, b: Pt) -> Pt {
    (a.0 - b.0, a.1 - b.1)
}

fn cross(a: Pt, b: Pt) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

fn dot(a: Pt, b: Pt) -> f64 {
    a.0 * b.0 + a.1 * b.1
}

fn dist(a: Pt, b: Pt) -> f64 {
    dot(sub(a, b), sub(a, b)).sqrt()
}

fn bad(reason: String) -> SurfaceError {
    SurfaceError::Generate(reason)
}

/// The outline counter-clockwise, checked to be a convex polygon.
pub(super) fn convex_outline(outline: &[Pt]) -> Result<Vec<Pt>, SurfaceError> {
    if outline.len() < 3 || outline.iter().any(|p| !p.0.is_finite() || !p.1.is_finite()) {
        return Err(bad(format!("outline {outline:?} is not a polygon")));
    }
    let n = outline.len();
    let area: f64 = (0..n)
        .map(|i| cross(outline[i], outline[(i + 1) % n]))
        .sum();
    let mut poly = outline.to_vec();
    if area < 0.0 {
        poly.reverse();
    }
    let scale = diameter(&poly);
    for i in 0..n {
        let (a, b, c) = (poly[i], poly[(i + 1) % n], poly[(i + 2) % n]);
        if cross(sub(b, a), sub(c, b)) < -LINE_EPS * scale * scale {
            return Err(bad(format!("outline {outline:?} is not convex at {b:?}")));
        }
    }
    if area.abs() <= LINE_EPS * scale * scale {
        return Err(bad(format!("outline {outline:?} has no area")));
    }
    Ok(poly)
}

/// The largest distance between two corners of a polygon.
pub(super) fn diameter(poly: &[Pt]) -> f64 {
    let mut d: f64 = 0.0;
    for (i, &a) in poly.iter().enumerate() {
        for &b in &poly[i + 1..] {
            d = d.max(dist(a, b));
        }
    }
    d
}

/// Whether `p` lies strictly inside the convex counter-clockwise polygon (by `tol`).
pub(super) fn inside(poly: &[Pt], p: Pt, tol: f64) -> bool {
    let n = poly.len();
    (0..n).all(|i| {
        let (a, b) = (poly[i], poly[(i + 1) % n]);
        cross(sub(b, a), sub(p, a)) > tol * dist(a, b)
    })
}

/// The snapped Voronoi cells of `points` inside the convex `outline`.
pub(super) fn cells(outline: &[Pt], points: &[Pt]) -> Result<Cells, SurfaceError> {
    let poly = convex_outline(outline)?;
    let scale = diameter(&poly);
    let eps = MERGE_EPS * scale;
    check_points(&poly, points, eps)?;
    let raw: Vec<Vec<Pt>> = (0..points.len())
        .map(|i| clip_cell(&poly, points, i, scale))
        .collect();
    let mut all: Vec<Pt> = Vec::new();
    let mut cycles: Vec<Vec<usize>> = Vec::new();
    for cell in &raw {
        cycles.push((all.len()..all.len() + cell.len()).collect());
        all.extend_from_slice(cell);
    }
    let (corners, label) = cluster(&all, eps);
    for (i, cycle) in cycles.iter_mut().enumerate() {
        cycle.iter_mut().for_each(|c| *c = label[*c]);
        cycle.dedup();
        while cycle.len() > 1 && cycle.first() == cycle.last() {
            cycle.pop();
        }
        if cycle.len() < 3 {
            return Err(bad(format!(
                "the cell of point {i} {:?} vanishes",
                points[i]
            )));
        }
    }
    let mut cells = Cells { corners, cycles };
    fill_t_junctions(&mut cells, &poly, eps)?;
    Ok(cells)
}

/// Points must be finite, strictly inside the outline and apart from each other.
fn check_points(poly: &[Pt], points: &[Pt], eps: f64) -> Result<(), SurfaceError> {
    if points.is_empty() {
        return Err(bad("no points to sow".to_string()));
    }
    for (i, &p) in points.iter().enumerate() {
        if !p.0.is_finite() || !p.1.is_finite() || !inside(poly, p, eps) {
            return Err(bad(format!("point {i} {p:?} is not inside the outline")));
        }
        if let Some(j) = points[..i].iter().position(|&q| dist(p, q) <= 1e3 * eps) {
            return Err(bad(format!("points {j} and {i} at {p:?} coincide")));
        }
    }
    Ok(())
}

/// The outline cut down to the part nearer point `i` than any other point.
fn clip_cell(poly: &[Pt], points: &[Pt], i: usize, scale: f64) -> Vec<Pt> {
    let p = points[i];
    let mut order: Vec<usize> = (0..points.len()).filter(|&j| j != i).collect();
    order.sort_by(|&a, &b| {
        dist(p, points[a])
            .total_cmp(&dist(p, points[b]))
            .then(a.cmp(&b))
    });
    let mut cell = poly.to_vec();
    for j in order {
        let q = points[j];
        let reach = cell.iter().map(|&c| dist(p, c)).fold(0.0, f64::max);
        // A point farther than twice the cell's reach cannot cut it, nor can any after it.
        if dist(p, q) > 2.0 * reach + LINE_EPS * scale {
            break;
        }
        let normal = sub(q, p);
        let mid = ((p.0 + q.0) / 2.0, (p.1 + q.1) / 2.0);
        cell = clip(
            &cell,
            normal,
            mid,
            LINE_EPS * scale * dot(normal, normal).sqrt(),
        );
    }
    cell
}

/// Keeps the part of a convex polygon where `normal · (x − mid) ≤ 0` (Sutherland–Hodgman).
fn clip(cell: &[Pt], normal: Pt, mid: Pt, tol: f64) -> Vec<Pt> {
    let side = |x: Pt| {
        let s = dot(normal, sub(x, mid));
        if s.abs() <= tol {
            0.0
        } else {
            s
        }
    };
    let mut out = Vec::with_capacity(cell.len() + 1);
    for (k, &a) in cell.iter().enumerate() {
        let b = cell[(k + 1) % cell.len()];
        let (sa, sb) = (side(a), side(b));
        if sa <= 0.0 {
            out.push(a);
        }
        if (sa < 0.0 && sb > 0.0) || (sa > 0.0 && sb < 0.0) {
            let t = sa / (sa - sb);
            out.push((a.0 + t * (b.0 - a.0), a.1 + t * (b.1 - a.1)));
        }
    }
    out
}

/// Groups positions closer than `eps` (transitively). Returns one position per group (its
/// first member's) and each input's group, numbered in order of first appearance.
fn cluster(all: &[Pt], eps: f64) -> (Vec<Pt>, Vec<usize>) {
    let key = |p: Pt| ((p.0 / eps).floor() as i64, (p.1 / eps).floor() as i64);
    let mut grid: HashMap<(i64, i64), Vec<usize>> = HashMap::new();
    let mut parent: Vec<usize> = (0..all.len()).collect();
    for (i, &p) in all.iter().enumerate() {
        let (kx, ky) = key(p);
        for dx in -1..=1 {
            for dy in -1..=1 {
                for &j in grid.get(&(kx + dx, ky + dy)).map_or(&[][..], Vec::as_slice) {
                    if dist(p, all[j]) <= eps {
                        let (ri, rj) = (root(&mut parent, i), root(&mut parent, j));
                        parent[ri.max(rj)] = ri.min(rj);
                    }
                }
            }
        }
        grid.entry((kx, ky)).or_default().push(i);
    }
    let mut number: HashMap<usize, usize> = HashMap::new();
    let mut corners = Vec::new();
    let mut label = Vec::with_capacity(all.len());
    for i in 0..all.len() {
        let r = root(&mut parent, i);
        let id = *number.entry(r).or_insert_with(|| {
            corners.push(all[r]);
            corners.len() - 1
        });
        label.push(id);
    }
    (corners, label)
}

fn root(parent: &mut [usize], mut i: usize) -> usize {
    while parent[i] != i {
        parent[i] = parent[parent[i]];
        i = parent[i];
    }
    i
}

/// Inserts into each cell edge that only one cell uses, away from the outline, the corners
/// of other cells lying on it; an edge left without a partner is an error.
fn fill_t_junctions(cells: &mut Cells, poly: &[Pt], eps: f64) -> Result<(), SurfaceError> {
    let on_rim = |p: Pt| !inside(poly, p, 4.0 * eps);
    for _ in 0..4 {
        let lonely = lonely_edges(cells, on_rim);
        if lonely.is_empty() {
            return Ok(());
        }
        for (cell, a, b) in lonely {
            let (pa, pb) = (cells.corners[a], cells.corners[b]);
            let len2 = dot(sub(pb, pa), sub(pb, pa));
            let mut on: Vec<(f64, usize)> = (0..cells.corners.len())
                .filter(|&c| c != a && c != b)
                .filter_map(|c| {
                    let pc = cells.corners[c];
                    let t = dot(sub(pc, pa), sub(pb, pa)) / len2;
                    let off = cross(sub(pb, pa), sub(pc, pa)).abs() / len2.sqrt();
                    (t > 0.0 && t < 1.0 && off <= 4.0 * eps).then_some((t, c))
                })
                .collect();
            on.sort_by(|x, y| x.0.total_cmp(&y.0));
            let cycle = &mut cells.cycles[cell];
            let at = cycle.iter().position(|&c| c == a).expect("edge start") + 1;
            cycle.splice(at..at, on.into_iter().map(|(_, c)| c));
        }
    }
    match lonely_edges(cells, on_rim).first() {
        Some(&(cell, a, _)) => Err(bad(format!(
            "the cell of point {cell} has an unmatched edge at {:?}",
            cells.corners[a]
        ))),
        None => Ok(()),
    }
}

/// The edges (from, to) of a cycle.
fn cycle_edges(cycle: &[usize]) -> impl Iterator<Item = (usize, usize)> + '_ {
    let n = cycle.len();
    (0..n).map(move |i| (cycle[i], cycle[(i + 1) % n]))
}

/// Cell edges (cell, from, to) used by one cell only that do not lie on the outline.
fn lonely_edges(cells: &Cells, on_rim: impl Fn(Pt) -> bool) -> Vec<(usize, usize, usize)> {
    let mut uses: HashMap<(usize, usize), usize> = HashMap::new();
    for cycle in &cells.cycles {
        for (a, b) in cycle_edges(cycle) {
            *uses.entry((a.min(b), a.max(b))).or_default() += 1;
        }
    }
    let mut out = Vec::new();
    for (cell, cycle) in cells.cycles.iter().enumerate() {
        for (a, b) in cycle_edges(cycle) {
            let (pa, pb) = (cells.corners[a], cells.corners[b]);
            let mid = ((pa.0 + pb.0) / 2.0, (pa.1 + pb.1) / 2.0);
            if uses[&(a.min(b), a.max(b))] == 1 && !on_rim(mid) {
                out.push((cell, a, b));
            }
        }
    }
    out
}
