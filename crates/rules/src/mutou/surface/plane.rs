//! Plane geometry for drawing a surface: points, segments, rings (closed polylines) and the
//! triangulation of a ring.
//!
//! Only `+ − × ÷`, `sqrt` and comparisons are used (all correctly rounded by IEEE 754), so
//! the same inputs give bit-identical outputs on every platform: coordinates follow from the
//! edit log alone.

/// A point of the drawing plane.
pub(super) type Pt = (f64, f64);

/// Distances at or below this count as touching (boards measure 1 to a few hundred units).
pub(super) const EPS: f64 = 1e-9;

pub(super) fn sub(a: Pt, b: Pt) -> Pt {
    (a.0 - b.0, a.1 - b.1)
}

pub(super) fn add(a: Pt, b: Pt) -> Pt {
    (a.0 + b.0, a.1 + b.1)
}

pub(super) fn scale(a: Pt, k: f64) -> Pt {
    (a.0 * k, a.1 * k)
}

pub(super) fn cross(a: Pt, b: Pt) -> f64 {
    a.0 * b.1 - a.1 * b.0
}

pub(super) fn dot(a: Pt, b: Pt) -> f64 {
    a.0 * b.0 + a.1 * b.1
}

pub(super) fn len(a: Pt) -> f64 {
    dot(a, a).sqrt()
}

pub(super) fn mid(a: Pt, b: Pt) -> Pt {
    ((a.0 + b.0) / 2.0, (a.1 + b.1) / 2.0)
}

/// Twice the signed area of the triangle a, b, c (positive counter-clockwise).
pub(super) fn orient(a: Pt, b: Pt, c: Pt) -> f64 {
    cross(sub(b, a), sub(c, a))
}

/// Twice the signed area of a ring (positive counter-clockwise).
pub(super) fn area2(ring: &[Pt]) -> f64 {
    let n = ring.len();
    (0..n).map(|i| cross(ring[i], ring[(i + 1) % n])).sum()
}

/// The distance from `p` to the segment a–b.
pub(super) fn point_segment(p: Pt, a: Pt, b: Pt) -> f64 {
    let ab = sub(b, a);
    let l2 = dot(ab, ab);
    if l2 == 0.0 {
        return len(sub(p, a));
    }
    let t = (dot(sub(p, a), ab) / l2).clamp(0.0, 1.0);
    len(sub(p, add(a, scale(ab, t))))
}

/// Whether the segments a–b and c–d cross at a point interior to both (strict orientation
/// signs on both sides).
fn proper_cross(a: Pt, b: Pt, c: Pt, d: Pt) -> bool {
    let (o1, o2) = (orient(a, b, c), orient(a, b, d));
    let (o3, o4) = (orient(c, d, a), orient(c, d, b));
    o1 * o2 < 0.0 && o3 * o4 < 0.0
}

/// The distance between the segments a–b and c–d (0 when they cross).
pub(super) fn segment_segment(a: Pt, b: Pt, c: Pt, d: Pt) -> f64 {
    if proper_cross(a, b, c, d) {
        return 0.0;
    }
    point_segment(a, c, d)
        .min(point_segment(b, c, d))
        .min(point_segment(c, a, b))
        .min(point_segment(d, a, b))
}

/// Whether the boxes around segments a–b and c–d lie more than a thousand times [`EPS`]
/// apart along an axis: then the segments are farther apart than [`EPS`], and so far that
/// rounding cannot bring `segment_segment` down to it (a quick answer for most pairs).
fn boxes_far(a: Pt, b: Pt, c: Pt, d: Pt) -> bool {
    let far = |p: f64, q: f64, r: f64, s: f64| {
        p.max(q) + 1e3 * EPS < r.min(s) || r.max(s) + 1e3 * EPS < p.min(q)
    };
    far(a.0, b.0, c.0, d.0) || far(a.1, b.1, c.1, d.1)
}

/// Whether segments a–b and c–d keep apart: farther than [`EPS`] if they share no endpoint;
/// if they share exactly one endpoint (bit-equal), the two other ends are each farther than
/// [`EPS`] from the other segment (they meet at that point only, not along a line).
pub(super) fn apart(a: Pt, b: Pt, c: Pt, d: Pt) -> bool {
    let shared = [(a, c), (a, d), (b, c), (b, d)]
        .iter()
        .filter(|(p, q)| p == q)
        .count();
    match shared {
        0 => boxes_far(a, b, c, d) || segment_segment(a, b, c, d) > EPS,
        1 => {
            let far_ab = if a == c || a == d { b } else { a };
            let far_cd = if c == a || c == b { d } else { c };
            point_segment(far_ab, c, d) > EPS && point_segment(far_cd, a, b) > EPS
        }
        _ => false,
    }
}

/// Where `p` lies against a ring: `Some(true)` strictly inside (farther than [`EPS`] from the
/// boundary), `Some(false)` strictly outside, `None` on or near the boundary.
pub(super) fn locate(ring: &[Pt], p: Pt) -> Option<bool> {
    let n = ring.len();
    let mut inside = false;
    for i in 0..n {
        let (a, b) = (ring[i], ring[(i + 1) % n]);
        if point_segment(p, a, b) <= EPS {
            return None;
        }
        if (a.1 > p.1) != (b.1 > p.1) {
            let x = a.0 + (p.1 - a.1) / (b.1 - a.1) * (b.0 - a.0);
            if p.0 < x {
                inside = !inside;
            }
        }
    }
    Some(inside)
}

/// Whether a ring is a simple polygon with positive (counter-clockwise) area: non-adjacent
/// sides keep apart, adjacent sides meet only at their common point.
pub(super) fn simple_ccw(ring: &[Pt]) -> bool {
    let n = ring.len();
    if n < 3 || area2(ring) <= EPS {
        return false;
    }
    let side = |i: usize| (ring[i % n], ring[(i + 1) % n]);
    for i in 0..n {
        let (a, b) = side(i);
        if len(sub(b, a)) <= EPS {
            return false;
        }
        for j in i + 1..n {
            let (c, d) = side(j);
            let adjacent = j == i + 1 || (i == 0 && j == n - 1);
            let ok = match adjacent {
                // They share one point by construction; only a fold back along a line fails.
                true => apart(a, b, c, d),
                false => segment_segment(a, b, c, d) > EPS,
            };
            if !ok {
                return false;
            }
        }
    }
    true
}

/// Triangulates a simple counter-clockwise ring by ear clipping: triangles as ring indices,
/// each counter-clockwise. Points on a straight run (180° corners) are never clipped as ears
/// while a proper ear remains. O(n³), fine for tessels of a few dozen points.
pub(super) fn triangulate(ring: &[Pt]) -> Vec<[usize; 3]> {
    let mut left: Vec<usize> = (0..ring.len()).collect();
    let mut out = Vec::with_capacity(ring.len().saturating_sub(2));
    while left.len() > 3 {
        let k = left.len();
        let corner = |i: usize| (left[(i + k - 1) % k], left[i], left[(i + 1) % k]);
        // A point is beyond a side when farther than EPS on its outer side.
        let beyond = |a: Pt, b: Pt, r: Pt| orient(a, b, r) < -EPS * len(sub(b, a));
        let is_ear = |i: usize| {
            let (p, c, q) = corner(i);
            let (a, b, d) = (ring[p], ring[c], ring[q]);
            // A proper corner (not a straight run), with no point in or on the triangle.
            orient(a, b, d) > EPS * len(sub(d, a))
                && left.iter().all(|&r| {
                    let x = ring[r];
                    r == p
                        || r == c
                        || r == q
                        || beyond(a, b, x)
                        || beyond(b, d, x)
                        || beyond(d, a, x)
                })
        };
        // Numerical trouble only (a valid ring always has an ear): clip the widest corner.
        let pick = (0..k).find(|&i| is_ear(i)).unwrap_or_else(|| {
            let widest = (0..k).max_by(|&i, &j| {
                let turn = |i: usize| {
                    let (p, c, q) = corner(i);
                    orient(ring[p], ring[c], ring[q])
                };
                turn(i).total_cmp(&turn(j))
            });
            widest.expect("more than three points")
        });
        let (p, c, q) = corner(pick);
        out.push([p, c, q]);
        left.remove(pick);
    }
    if left.len() == 3 {
        out.push([left[0], left[1], left[2]]);
    }
    out
}
