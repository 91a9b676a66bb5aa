//! The drawing of a surface: a position for every base vertex and the bend points of every
//! base edge, set by the generators and carried through every edit by [`Geo::follow`].
//!
//! The drawing is a plane embedding of the *base* map (splices are not drawn as gluing: the
//! two glued edges keep their own places, see `geometry`). It keeps this invariant: every live
//! tessel's outline is a simple counter-clockwise polygon of positive area, and two tessels
//! meet only along the edges and at the vertices they share. Each edit keeps it:
//!
//! 1. **insert** puts the new vertex on the edge's drawn line (the midpoint of a straight edge,
//!    else the middle point of the line), so nothing moves;
//! 2. **remove** keeps the removed vertex's place as a bend of the joined edge, so nothing
//!    moves;
//! 3. **split** draws the new edge as the straight chord when that chord runs inside the
//!    tessel, else as a polyline through the midpoints of the diagonals a triangulation of the
//!    tessel crosses between the two corners (always strictly inside);
//! 4. **merge**, 6. **erase**, 7. **splice** and 8. **unsplice** move nothing (a merged outline
//!    is the union of two polygons that share one run of edges, so it stays simple);
//! 5. **scribe** draws the regular polygon on the edge's chord, outside the tessel. Where that
//!    does not fit the vacant space (a crowded gap or hole, or an edge whose bends bulge
//!    outwards), it tries the polygon squeezed to the middle third of the chord with its
//!    height halved again and again, then, for a bent edge, thin strips along the edge's line
//!    (each bend moved out along its bisector), halving their width. Each try is kept only if
//!    it is simple and keeps every existing segment and point outside, so these all hold the
//!    invariant. As they flatten, their angles at the edge's ends close up, so one of them fits
//!    unless some other vertex or edge lies within about 2⁻²⁰ of the edge's length of its
//!    vacant side (after 20 halvings). Only then is the flattest try drawn anyway, and it may
//!    overlap: the one case this drawing cannot hold (it needs a gap narrower than about a
//!    millionth of the edge, which only a long run of flattened scribes into one gap makes).

use super::derive::Derived;
use super::edit::Edit;
use super::ids::{EdgeId, TesselId, VertexId};
use super::map::Base;
use super::plane::{add, apart, dot, len, locate, mid, scale, simple_ccw, sub, triangulate, Pt};

/// How many times a scribed polygon is halved in height before giving up on a fit.
const FLATTEN_STEPS: i32 = 20;

/// cos and sin of the exterior angle 2π/k of a regular k-gon, k = 3..=6, written out so that
/// no platform's `sin` and `cos` are involved.
const TURN: [(f64, f64); 4] = [
    (-0.5, 0.866_025_403_784_438_6),
    (0.0, 1.0),
    (0.309_016_994_374_947_45, 0.951_056_516_295_153_5),
    (0.5, 0.866_025_403_784_438_6),
];

/// Vertex positions and edge bends, indexed by base id (tombstones keep stale values).
#[derive(Clone, Debug, Default)]
pub(super) struct Geo {
    /// Position of each base vertex.
    pub at: Vec<Pt>,
    /// Interior bend points of each base edge, from its tail to its head (empty: straight).
    pub bends: Vec<Vec<Pt>>,
}

impl Geo {
    /// Straight edges between the given vertex positions, for a base with `edges` edges.
    pub fn straight(at: Vec<Pt>, edges: usize) -> Geo {
        Geo {
            at,
            bends: vec![Vec::new(); edges],
        }
    }

    /// The drawn line of live base edge `e` from its tail to its head.
    pub fn line(&self, base: &Base, e: EdgeId) -> Vec<Pt> {
        let [tail, head] = base.edges[e.index()].expect("live edge");
        let bends = &self.bends[e.index()];
        let mut line = Vec::with_capacity(bends.len() + 2);
        line.push(self.at[tail.index()]);
        line.extend_from_slice(bends);
        line.push(self.at[head.index()]);
        line
    }

    /// The drawn line of live base edge `e` starting at its end `from`.
    fn line_from(&self, base: &Base, e: EdgeId, from: VertexId) -> Vec<Pt> {
        let mut line = self.line(base, e);
        if base.edges[e.index()].expect("live edge")[0] != from {
            line.reverse();
        }
        line
    }

    /// The outline of live tessel `t` counter-clockwise: each corner followed by the bends of
    /// the edge leaving it; and the index in the outline of each corner.
    pub fn ring(&self, base: &Base, t: TesselId) -> (Vec<Pt>, Vec<usize>) {
        let rec = base.rec(t).expect("live tessel");
        let n = rec.verts.len();
        let mut ring = Vec::with_capacity(n);
        let mut corners = Vec::with_capacity(n);
        for (i, &v) in rec.verts.iter().enumerate() {
            corners.push(ring.len());
            ring.push(self.at[v.index()]);
            let e = rec.edges[i];
            let bends = &self.bends[e.index()];
            let ends = base.edges[e.index()].expect("live edge");
            if ends == [v, rec.verts[(i + 1) % n]] {
                ring.extend(bends.iter().copied());
            } else {
                ring.extend(bends.iter().rev().copied());
            }
        }
        (ring, corners)
    }

    /// Carries the drawing through `edit`, which turned `old` (with caches `d`) into `new`,
    /// making `created` if it made a tessel. New ids are the next unused ones of `old`.
    pub fn follow(
        &mut self,
        edit: Edit,
        old: &Base,
        d: &Derived,
        new: &Base,
        created: Option<TesselId>,
    ) {
        let (nv, ne) = (old.vertices.len(), old.edges.len());
        self.at.resize(new.vertices.len(), (0.0, 0.0));
        self.bends.resize(new.edges.len(), Vec::new());
        match edit {
            Edit::InsertVertex { edge } => self.insert(old, edge, nv, ne),
            Edit::RemoveVertex { vertex } => self.remove(old, d, vertex),
            Edit::Split { tessel, a, b } => {
                let (ring, corners) = self.ring(old, tessel);
                let rec = old.rec(tessel).expect("live tessel");
                let at = |v: VertexId| corners[rec.verts.iter().position(|&c| c == v).unwrap()];
                self.bends[ne] = chord(&ring, at(a), at(b));
            }
            Edit::Scribe { edge, corners } => {
                let made = created.expect("scribe makes a tessel");
                let rec = new.rec(made).expect("the scribed tessel");
                let (y, x) = (rec.verts[0], rec.verts[1]);
                self.scribe(old, edge, x, y, usize::from(corners), nv, ne);
            }
            Edit::Merge { .. }
            | Edit::Erase { .. }
            | Edit::Splice { .. }
            | Edit::Unsplice { .. } => {}
        }
    }

    /// (1): vertex `nv` goes in the middle of `e`'s line; `e` keeps the half at its tail and
    /// the new edge `ne` takes the other.
    fn insert(&mut self, old: &Base, e: EdgeId, nv: usize, ne: usize) {
        let line = self.line(old, e);
        let m = line.len();
        let (point, first, second) = if m % 2 == 1 {
            let j = m / 2;
            (line[j], &line[1..j], &line[j + 1..m - 1])
        } else {
            let s = (m - 2) / 2;
            (mid(line[s], line[s + 1]), &line[1..=s], &line[s + 1..m - 1])
        };
        self.at[nv] = point;
        self.bends[ne] = second.to_vec();
        self.bends[e.index()] = first.to_vec();
    }

    /// (2): the kept edge runs through the removed vertex's place and the dropped edge's line.
    fn remove(&mut self, old: &Base, d: &Derived, v: VertexId) {
        let pair = d.vertex_edges.row(v.index());
        let (keep, drop) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
        let [kt, kh] = old.edges[keep.index()].expect("live edge");
        let near = if kt == v { kh } else { kt };
        let mut path = self.line_from(old, keep, near);
        path.extend_from_slice(&self.line_from(old, drop, v)[1..]);
        // The kept edge keeps its orientation, with `v` replaced by the far end.
        if kt == v {
            path.reverse();
        }
        self.bends[keep.index()] = path[1..path.len() - 1].to_vec();
    }

    /// (5): the new vertices `nv..` and edges `ne..` of the tessel scribed beyond periphery
    /// edge `e`, whose user runs it from `x` to `y`.
    #[allow(clippy::too_many_arguments)]
    fn scribe(
        &mut self,
        old: &Base,
        e: EdgeId,
        x: VertexId,
        y: VertexId,
        corners: usize,
        nv: usize,
        ne: usize,
    ) {
        let l = self.line_from(old, e, x);
        let room = Room::around(self, old, e, x, y);
        let mut last = None;
        let mut fitted = None;
        for chain in candidates(&l, corners) {
            if room.fits(&l, &chain) {
                fitted = Some(chain);
                break;
            }
            last = Some(chain);
        }
        let chain = fitted.or(last).expect("at least one candidate");
        let (verts, bends) = pick_corners(&chain, corners);
        for (i, p) in verts.into_iter().enumerate() {
            self.at[nv + i] = p;
        }
        for (i, b) in bends.into_iter().enumerate() {
            self.bends[ne + i] = b;
        }
    }
}

/// The bends of a new edge from ring point `ia` to ring point `ib` strictly inside the ring
/// (split, mutou D2 (3)): none if the straight chord runs inside; else a path through the
/// midpoints of the diagonals of an ear-clipping triangulation crossed on the way, with bends
/// skipped where a straight shortcut stays inside and both parts stay simple.
pub(super) fn chord(ring: &[Pt], ia: usize, ib: usize) -> Vec<Pt> {
    let (a, b) = (ring[ia], ring[ib]);
    if inside(ring, a, b) {
        return Vec::new();
    }
    let mut path = vec![a];
    path.extend(sleeve(ring, ia, ib));
    path.push(b);
    let full = path[1..path.len() - 1].to_vec();
    // Greedy shortcuts: from each kept point, the farthest later point in straight sight.
    let mut kept = vec![a];
    let mut i = 0;
    while i + 1 < path.len() {
        let mut j = path.len() - 1;
        while j > i + 1 && !inside(ring, path[i], path[j]) {
            j -= 1;
        }
        kept.push(path[j]);
        i = j;
    }
    let short = kept[1..kept.len() - 1].to_vec();
    match short.len() < full.len() && parts_simple(ring, ia, ib, &short) {
        true => short,
        false => full,
    }
}

/// The midpoints of the triangulation's diagonals crossed between ring points `ia` and `ib`.
fn sleeve(ring: &[Pt], ia: usize, ib: usize) -> Vec<Pt> {
    let tris = triangulate(ring);
    let shared = |s: &[usize; 3], t: &[usize; 3]| -> Vec<usize> {
        s.iter().copied().filter(|i| t.contains(i)).collect()
    };
    // Breadth-first over triangles sharing a side, from those at `ia` to one at `ib`.
    let mut from: Vec<Option<usize>> = vec![None; tris.len()];
    let mut seen: Vec<bool> = tris.iter().map(|t| t.contains(&ia)).collect();
    let mut queue: Vec<usize> = (0..tris.len()).filter(|&i| seen[i]).collect();
    let mut head = 0;
    let mut goal = None;
    while head < queue.len() {
        let i = queue[head];
        head += 1;
        if tris[i].contains(&ib) {
            goal = Some(i);
            break;
        }
        for j in 0..tris.len() {
            if !seen[j] && shared(&tris[i], &tris[j]).len() == 2 {
                seen[j] = true;
                from[j] = Some(i);
                queue.push(j);
            }
        }
    }
    let mut bends = Vec::new();
    let mut at = goal.expect("a triangulation is connected");
    while let Some(prev) = from[at] {
        let side = shared(&tris[prev], &tris[at]);
        bends.push(mid(ring[side[0]], ring[side[1]]));
        at = prev;
    }
    bends.reverse();
    bends
}

/// Whether the segment p–q runs strictly inside the ring: apart from every side (meeting a
/// side only at a ring point it starts or ends on) with its midpoint inside.
fn inside(ring: &[Pt], p: Pt, q: Pt) -> bool {
    let n = ring.len();
    (0..n).all(|k| apart(p, q, ring[k], ring[(k + 1) % n])) && locate(ring, mid(p, q)) == Some(true)
}

/// Whether both parts of the ring cut by a chord from ring point `ia` to `ib` with these
/// bends are simple counter-clockwise polygons.
fn parts_simple(ring: &[Pt], ia: usize, ib: usize, bends: &[Pt]) -> bool {
    let n = ring.len();
    let arc = |from: usize, to: usize| (0..=(to + n - from) % n).map(move |j| ring[(from + j) % n]);
    let mut one: Vec<Pt> = arc(ia, ib).collect();
    one.extend(bends.iter().rev());
    let mut two: Vec<Pt> = arc(ib, ia).collect();
    two.extend(bends.iter());
    simple_ccw(&one) && simple_ccw(&two)
}

/// The drawing around a scribe: every live segment, and every live point that must stay out
/// of the new tessel (all but the edge's own ends and bends).
struct Room {
    segments: Vec<(Pt, Pt)>,
    points: Vec<Pt>,
}

impl Room {
    fn around(geo: &Geo, base: &Base, e: EdgeId, x: VertexId, y: VertexId) -> Room {
        let mut segments = Vec::new();
        let mut points = Vec::new();
        for (id, ends) in base.edges.iter().enumerate() {
            if ends.is_none() {
                continue;
            }
            let line = geo.line(base, EdgeId(id as u16));
            segments.extend(line.windows(2).map(|w| (w[0], w[1])));
            if id != e.index() {
                points.extend_from_slice(&line[1..line.len() - 1]);
            }
        }
        for (id, &live) in base.vertices.iter().enumerate() {
            if live && id != x.index() && id != y.index() {
                points.push(geo.at[id]);
            }
        }
        Room { segments, points }
    }

    /// Whether the tessel bounded by the edge's line `l` (x to y) and the new `chain` (x to
    /// y, outside) is simple and leaves every existing segment and point outside.
    fn fits(&self, l: &[Pt], chain: &[Pt]) -> bool {
        let mut ring: Vec<Pt> = l.iter().rev().copied().collect();
        ring.extend_from_slice(&chain[1..chain.len() - 1]);
        if !simple_ccw(&ring) {
            return false;
        }
        let clear = chain.windows(2).all(|w| {
            let (a, b) = (w[0], w[1]);
            self.segments.iter().all(|&(c, d)| apart(a, b, c, d))
        });
        clear && self.points.iter().all(|&p| locate(&ring, p) == Some(false))
    }
}

/// The chains (x, new points…, y) tried for a scribe with `corners` new vertices beyond the
/// line `l` (x to y), best first: the regular polygon on the chord x–y, flattened step by
/// step; then, for a bent line, thin strips along it.
fn candidates(l: &[Pt], corners: usize) -> Vec<Vec<Pt>> {
    let (x, y) = (l[0], l[l.len() - 1]);
    let u = sub(y, x);
    let l2 = dot(u, u);
    // The right-hand normal of x→y: the vacant side (the user runs x→y counter-clockwise).
    let w = (u.1, -u.0);
    let (cos, sin) = TURN[corners - 1];
    let mut regular = Vec::with_capacity(corners);
    let (mut at, mut dir) = (x, sub(x, y));
    for _ in 0..corners {
        dir = (cos * dir.0 - sin * dir.1, sin * dir.0 + cos * dir.1);
        at = add(at, dir);
        // Frame coordinates along the chord and out from it.
        regular.push((dot(sub(at, x), u) / l2, dot(sub(at, x), w) / l2));
    }
    let mut out = Vec::new();
    let mut f = 1.0;
    for step in 0..=FLATTEN_STEPS {
        // Flattened polygons are also squeezed to the middle third of the chord, so that
        // their angles at x and y close up as they flatten.
        let squeeze = |s: f64| match step {
            0 => s,
            _ => 0.5 + (s - 0.5) / 3.0,
        };
        let mut chain = vec![x];
        chain.extend(
            regular
                .iter()
                .map(|&(s, h)| add(x, add(scale(u, squeeze(s)), scale(w, h * f)))),
        );
        chain.push(y);
        out.push(chain);
        f /= 2.0;
    }
    if l.len() > 2 {
        let shortest = l
            .windows(2)
            .map(|s| len(sub(s[1], s[0])))
            .fold(f64::INFINITY, f64::min);
        let mut h = shortest / 2.0;
        for _ in 0..=FLATTEN_STEPS {
            out.push(strip(l, h));
            h /= 2.0;
        }
    }
    out
}

/// The chain x, (each bend of `l` moved `h` out along its bisector), y.
fn strip(l: &[Pt], h: f64) -> Vec<Pt> {
    let normal = |a: Pt, b: Pt| {
        let d = sub(b, a);
        let k = len(d);
        (d.1 / k, -d.0 / k)
    };
    let mut chain = vec![l[0]];
    for j in 1..l.len() - 1 {
        let (n1, n2) = (normal(l[j - 1], l[j]), normal(l[j], l[j + 1]));
        let sum = add(n1, n2);
        let k = len(sum);
        let out = if k > 1e-6 { scale(sum, 1.0 / k) } else { n1 };
        chain.push(add(l[j], scale(out, h)));
    }
    chain.push(l[l.len() - 1]);
    chain
}

/// Splits a chain x…y into `corners` new vertices and the bends of the `corners + 1` new
/// edges (x→n1, n1→n2, …, n_c→y), halving its segments until it has enough inner points.
fn pick_corners(chain: &[Pt], corners: usize) -> (Vec<Pt>, Vec<Vec<Pt>>) {
    let mut chain = chain.to_vec();
    while chain.len() - 2 < corners {
        let mut finer = vec![chain[0]];
        for s in chain.windows(2) {
            finer.push(mid(s[0], s[1]));
            finer.push(s[1]);
        }
        chain = finer;
    }
    let m = chain.len() - 2;
    let mut idx = vec![0];
    idx.extend((1..=corners).map(|j| j * (m + 1) / (corners + 1)));
    idx.push(m + 1);
    let verts = idx[1..=corners].iter().map(|&i| chain[i]).collect();
    let bends = idx
        .windows(2)
        .map(|w| chain[w[0] + 1..w[1]].to_vec())
        .collect();
    (verts, bends)
}
