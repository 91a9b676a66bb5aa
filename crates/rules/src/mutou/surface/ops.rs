//! The surface alterations of mutou D2: for each, a check that refuses exactly what `apply`
//! refuses (without changing anything) and the effect on the base map.
//!
//! Edits 1–6 refuse to touch a spliced edge or a vertex made by a splice, so their effects
//! work on base ids (equal to glued ids there) and unsplicing stays exact.

use super::derive::Derived;
use super::error::SurfaceError;
use super::ids::{EdgeId, TesselId, VertexId};
use super::map::{Base, Place, Surface, TesselRec};
use super::{MAX_CORNERS, MIN_EDIT_CORNERS};

/// Where the shared boundary of a merge lies in `keep`'s cycle.
#[derive(Clone, Copy, Debug)]
pub(super) struct MergeRun {
    /// Index in `keep`'s cycle of the run's first edge.
    pub start: usize,
    /// Number of edges in the run.
    pub len: usize,
}

impl Surface {
    fn live_rec(&self, t: TesselId) -> Result<&TesselRec, SurfaceError> {
        self.base.rec(t).ok_or(SurfaceError::NoTessel(t))
    }

    fn live_edge(&self, e: EdgeId) -> Result<(), SurfaceError> {
        match self.cache.ends.get(e.index()) {
            Some(Some(_)) => Ok(()),
            _ => Err(SurfaceError::NoEdge(e)),
        }
    }

    fn unspliced(&self, e: EdgeId) -> Result<(), SurfaceError> {
        match self.cache.splice_of.get(e.index()).copied().flatten() {
            Some(i) => Err(SurfaceError::SplicedEdge {
                edge: e,
                glued: self.base.splices[i][0],
            }),
            None => Ok(()),
        }
    }

    /// A live glued vertex that no splice made.
    fn plain_vertex(&self, v: VertexId) -> Result<(), SurfaceError> {
        if self.tessels_at(v).is_empty() {
            let absorbed = self.base.vertices.get(v.index()) == Some(&true);
            return Err(match absorbed {
                true => SurfaceError::SplicedVertex { vertex: v },
                false => SurfaceError::NoVertex(v),
            });
        }
        match self.cache.spliced_vertex[v.index()] {
            true => Err(SurfaceError::SplicedVertex { vertex: v }),
            false => Ok(()),
        }
    }

    fn sides_of(&self, e: EdgeId) -> impl Iterator<Item = TesselId> {
        let (l, r) = self.edge_sides(e);
        l.into_iter().chain(r)
    }

    /// The single user of a periphery edge and how it runs it: (tessel, from, to).
    pub(super) fn periphery_use(
        &self,
        e: EdgeId,
    ) -> Result<(TesselId, VertexId, VertexId), SurfaceError> {
        self.live_edge(e)?;
        let (tail, head) = self.edge_ends(e).expect("live edge");
        match self.edge_sides(e) {
            (Some(t), None) => Ok((t, tail, head)),
            (None, Some(t)) => Ok((t, head, tail)),
            (l, r) => Err(SurfaceError::NotPeriphery {
                edge: e,
                sides: usize::from(l.is_some()) + usize::from(r.is_some()),
            }),
        }
    }

    /// (1) Insert a vertex in the middle of an edge.
    pub(super) fn check_insert(&self, e: EdgeId) -> Result<(), SurfaceError> {
        self.live_edge(e)?;
        self.unspliced(e)?;
        for t in self.sides_of(e) {
            let count = self.vertices(t).len() + 1;
            if count > MAX_CORNERS {
                return Err(SurfaceError::TooManyVertices { tessel: t, count });
            }
        }
        self.base.room(1, 1, 0)
    }

    /// (2) Remove a vertex that lies on exactly two edges.
    pub(super) fn check_remove(&self, v: VertexId) -> Result<(), SurfaceError> {
        self.plain_vertex(v)?;
        let edges = self.edges_at(v);
        if edges.len() != 2 {
            return Err(SurfaceError::NotDegreeTwo {
                vertex: v,
                edges: edges.len(),
            });
        }
        for &e in edges {
            self.unspliced(e)?;
        }
        for &t in self.tessels_at(v) {
            let count = self.vertices(t).len() - 1;
            if count < MIN_EDIT_CORNERS {
                return Err(SurfaceError::TooFewVertices { tessel: t, count });
            }
        }
        Ok(())
    }

    /// (3) Split a tessel by a new edge between two non-adjacent corners.
    pub(super) fn check_split(
        &self,
        t: TesselId,
        a: VertexId,
        b: VertexId,
    ) -> Result<(), SurfaceError> {
        self.live_rec(t)?;
        let vs = self.vertices(t);
        let at = |v: VertexId| {
            let pos = vs.iter().position(|&c| c == v);
            pos.ok_or(SurfaceError::NotACorner {
                tessel: t,
                vertex: v,
            })
        };
        self.check_split_at(t, at(a)?, at(b)?)
    }

    /// The checks of (3) for the corners at positions `ia` and `ib` of live tessel `t`'s
    /// cycle.
    pub(super) fn check_split_at(
        &self,
        t: TesselId,
        ia: usize,
        ib: usize,
    ) -> Result<(), SurfaceError> {
        let vs = self.vertices(t);
        let (n, a, b) = (vs.len(), vs[ia], vs[ib]);
        let gap = (ib + n - ia) % n;
        if gap <= 1 || gap == n - 1 {
            return Err(SurfaceError::AdjacentCorners { tessel: t, a, b });
        }
        for v in [a, b] {
            if self.cache.spliced_vertex[v.index()] {
                return Err(SurfaceError::SplicedVertex { vertex: v });
            }
        }
        self.base.room(0, 1, 1)
    }

    /// (4) Merge two tessels by erasing their whole shared boundary, which must be one run.
    pub(super) fn check_merge(
        &self,
        keep: TesselId,
        gone: TesselId,
    ) -> Result<MergeRun, SurfaceError> {
        let shared = self.shared_edges(keep, gone);
        self.check_merge_with(keep, gone, shared, |v| self.vertices(keep).contains(&v))
    }

    /// [`Surface::check_merge`], given the edges of `keep` shared with `gone` (as
    /// [`Surface::shared_edges`] gives them) and `of_keep(v)`, whether `v` is a corner of
    /// `keep` (a listing reads both off `keep` once for all its neighbours).
    pub(super) fn check_merge_with(
        &self,
        keep: TesselId,
        gone: TesselId,
        shared: u32,
        of_keep: impl Fn(VertexId) -> bool,
    ) -> Result<MergeRun, SurfaceError> {
        if keep == gone {
            return Err(SurfaceError::SameTessel(keep));
        }
        let (mk, mg) = (self.live_rec(keep)?.mark, self.live_rec(gone)?.mark);
        if let (Some(seat), Some(other)) = (mk, mg) {
            if seat != other {
                return Err(SurfaceError::StandClash {
                    keep,
                    gone,
                    seat,
                    other,
                });
            }
        }
        // mutou D2 (4): the whole shared boundary goes, and it must be one run, else the
        // merged tessel would not be a disc.
        let run = self.shared_run(keep, gone, shared)?;
        let (vk, ek) = (self.vertices(keep), self.edges(keep));
        let n = vk.len();
        for j in 0..run.len {
            self.unspliced(ek[(run.start + j) % n])?;
        }
        for j in 1..run.len {
            let vertex = vk[(run.start + j) % n];
            if self.cache.spliced_vertex[vertex.index()] {
                return Err(SurfaceError::SplicedVertex { vertex });
            }
            let edges = self.edges_at(vertex).len();
            if edges != 2 {
                return Err(SurfaceError::MergeThroughVertex {
                    keep,
                    gone,
                    vertex,
                    edges,
                });
            }
        }
        let count = n + self.vertices(gone).len() - 2 * run.len;
        if count > MAX_CORNERS {
            return Err(SurfaceError::TooManyVertices {
                tessel: keep,
                count,
            });
        }
        if count < MIN_EDIT_CORNERS {
            return Err(SurfaceError::TooFewVertices {
                tessel: keep,
                count,
            });
        }
        // The merged cycle must not pass a vertex twice (the two touch elsewhere too). The
        // run's len + 1 corners are corners of both (V1, V2); any other shared corner is off
        // the run, and the search below names the first.
        let shared = self.vertices(gone).iter().filter(|&&v| of_keep(v)).count();
        if shared == run.len + 1 {
            return Ok(run);
        }
        // A corner of `keep` lies on the run when it is at most `len` steps past its start.
        let off_run = |v: &VertexId| match vk.iter().position(|c| c == v) {
            Some(j) => (j + n - run.start) % n > run.len,
            None => false,
        };
        if let Some(&vertex) = self.vertices(gone).iter().find(|v| off_run(v)) {
            return Err(SurfaceError::RepeatedVertex {
                tessel: keep,
                vertex,
            });
        }
        Ok(run)
    }

    /// Bit i: edge i of `keep` lies between `keep` and `gone` (V1: at most 19 edges).
    pub(super) fn shared_edges(&self, keep: TesselId, gone: TesselId) -> u32 {
        let mut shared = 0u32;
        for (i, &e) in self.edges(keep).iter().enumerate() {
            let pair = self.edge_sides(e);
            if pair == (Some(keep), Some(gone)) || pair == (Some(gone), Some(keep)) {
                shared |= 1 << i;
            }
        }
        shared
    }

    /// The edges of `keep` shared with `gone` (`shared`, as [`Surface::shared_edges`] gives
    /// them), as one cyclic run.
    fn shared_run(
        &self,
        keep: TesselId,
        gone: TesselId,
        shared: u32,
    ) -> Result<MergeRun, SurfaceError> {
        let n = self.edges(keep).len();
        if shared == 0 {
            return Err(SurfaceError::NotNeighbours { keep, gone });
        }
        // A piece starts at a shared edge after one that is not shared (none if the whole
        // cycle is shared: no disc is left either).
        let after = (shared << 1 | shared >> (n - 1)) & ((1 << n) - 1);
        let starts = shared & !after;
        if starts.count_ones() != 1 {
            let pieces = starts.count_ones() as usize;
            return Err(SurfaceError::BoundaryPieces { keep, gone, pieces });
        }
        Ok(MergeRun {
            start: starts.trailing_zeros() as usize,
            len: shared.count_ones() as usize,
        })
    }

    /// (5) Scribe a new tessel with `corners` new vertices beyond a periphery edge.
    pub(super) fn check_scribe(&self, e: EdgeId, corners: u8) -> Result<(), SurfaceError> {
        if !(1..=4).contains(&corners) {
            return Err(SurfaceError::Corners { edge: e, corners });
        }
        let (_, from, to) = self.periphery_use(e)?;
        for v in [from, to] {
            if self.cache.spliced_vertex[v.index()] {
                return Err(SurfaceError::SplicedVertex { vertex: v });
            }
        }
        let c = usize::from(corners);
        self.base.room(c, c + 1, 1)
    }

    /// (6) Erase a tessel, unless that breaks V3 (vertex-connected) or V4 (stands).
    pub(super) fn check_erase(&self, t: TesselId) -> Result<(), SurfaceError> {
        self.check_erase_here(t)?;
        // mutou D2 (6): only if the surface stays vertex-connected and no stand is cut off.
        self.erase_keeps_touching(t)?;
        self.erase_keeps_stand(t)
    }

    /// The checks of (6) that look only at `t`: live, no spliced edge, not the last tessel.
    pub(super) fn check_erase_here(&self, t: TesselId) -> Result<(), SurfaceError> {
        let rec = self.live_rec(t)?;
        for &e in &rec.edges {
            self.unspliced(e)?;
        }
        match self.len() {
            1 => Err(SurfaceError::LastTessel(t)),
            _ => Ok(()),
        }
    }

    /// (7) Splice two periphery edges (smaller id first) if no tessel would then pass one
    /// glued vertex twice (V1); V2–V4 cannot break by gluing.
    pub(super) fn check_splice(&self, a: EdgeId, b: EdgeId) -> Result<(), SurfaceError> {
        if a >= b {
            return Err(SurfaceError::SpliceOrder { a, b });
        }
        let (_, x, y) = self.periphery_use(a)?;
        let (_, u, w) = self.periphery_use(b)?;
        self.check_glue([x, y, u, w])
    }

    /// The check of (7) for a periphery edge used x→y glued to one used u→w: no tessel may
    /// then hold one glued vertex twice (V1).
    pub(super) fn check_glue(&self, items: [VertexId; 4]) -> Result<(), SurfaceError> {
        let [x, y, u, w] = items;
        if x != y && x != u && x != w && y != u && y != w && u != w {
            // Four distinct corners: the glue joins only x≡w and y≡u (the general case below
            // finds the same pairs in the same order).
            for (a, b) in [(x, w), (y, u)] {
                if let Some(t) = common(self.tessels_at(a), self.tessels_at(b)) {
                    let vertex = a.min(b);
                    return Err(SurfaceError::RepeatedVertex { tessel: t, vertex });
                }
            }
            return Ok(());
        }
        // The glue identifies x≡w and y≡u; group the (up to four) classes it joins.
        let mut group = [0usize, 1, 1, 0];
        for i in 0..4 {
            for j in 0..4 {
                if items[i] == items[j] && group[j] != group[i] {
                    let (from, to) = (group[j], group[i]);
                    group
                        .iter_mut()
                        .filter(|g| **g == from)
                        .for_each(|g| *g = to);
                }
            }
        }
        for i in 0..4 {
            for j in i + 1..4 {
                if group[i] == group[j] && items[i] != items[j] {
                    if let Some(t) = common(self.tessels_at(items[i]), self.tessels_at(items[j])) {
                        let vertex = items[i].min(items[j]);
                        return Err(SurfaceError::RepeatedVertex { tessel: t, vertex });
                    }
                }
            }
        }
        Ok(())
    }

    /// (8) Undo the splice that made glued edge `e`, unless that breaks V3 or V4.
    pub(super) fn check_unsplice(&self, e: EdgeId) -> Result<usize, SurfaceError> {
        let found = self.base.splices.iter().position(|s| s[0] == e);
        let i = found.ok_or(SurfaceError::NotSpliced { edge: e })?;
        self.unsplice_keeps_valid(i)?;
        Ok(i)
    }
}

/// The first element of two ascending slices that both hold.
fn common(a: &[TesselId], b: &[TesselId]) -> Option<TesselId> {
    a.iter().copied().find(|t| b.binary_search(t).is_ok())
}

/// Effect of (1): edge e = p→q becomes p→n and a new edge n→q follows it.
pub(super) fn insert_vertex(base: &mut Base, d: &Derived, e: EdgeId) {
    let [p, q] = base.edges[e.index()].expect("live edge");
    let n = base.new_vertex();
    let e2 = base.new_edge(n, q);
    base.edges[e.index()] = Some([p, n]);
    let (fwd, bwd) = d.sides[e.index()];
    if let Some(t) = fwd {
        let rec = base.rec_mut(t);
        let i = rec.edges.iter().position(|&x| x == e).expect("user of e");
        rec.verts.insert(i + 1, n);
        rec.edges.insert(i + 1, e2);
        rec.edited = true;
    }
    if let Some(t) = bwd {
        // This side runs q→p: now q→n along e2, then n→p along e.
        let rec = base.rec_mut(t);
        let i = rec.edges.iter().position(|&x| x == e).expect("user of e");
        rec.edges[i] = e2;
        rec.verts.insert(i + 1, n);
        rec.edges.insert(i + 1, e);
        rec.edited = true;
    }
}

/// Effect of (2): the two edges at v become one (the smaller id stays).
pub(super) fn remove_vertex(base: &mut Base, d: &Derived, v: VertexId) {
    let pair = d.vertex_edges.row(v.index());
    let (keep, drop) = (pair[0].min(pair[1]), pair[0].max(pair[1]));
    let [dt, dh] = base.edges[drop.index()].expect("live edge");
    let far = if dt == v { dh } else { dt };
    let ends = base.edges[keep.index()].as_mut().expect("live edge");
    ends.iter_mut().filter(|x| **x == v).for_each(|x| *x = far);
    base.edges[drop.index()] = None;
    base.vertices[v.index()] = false;
    for &t in d.at_vertex.row(v.index()) {
        let rec = base.rec_mut(t);
        let n = rec.verts.len();
        let i = rec.verts.iter().position(|&x| x == v).expect("corner v");
        rec.edges[(i + n - 1) % n] = keep;
        rec.verts.remove(i);
        rec.edges.remove(i);
        rec.edited = true;
    }
}

/// Effect of (3): the part running counter-clockwise from a to b keeps the id; the new edge
/// runs a→b. Returns the new part. Also used by the sowing generator (D6).
pub(super) fn split(
    base: &mut Base,
    t: TesselId,
    a: VertexId,
    b: VertexId,
    edited: bool,
) -> TesselId {
    let rec = base.rec(t).expect("live tessel").clone();
    let n = rec.verts.len();
    let ia = rec.verts.iter().position(|&x| x == a).expect("corner a");
    let ib = rec.verts.iter().position(|&x| x == b).expect("corner b");
    let chord = base.new_edge(a, b);
    let arc = |from: usize, to: usize| (0..=(to + n - from) % n).map(move |j| (from + j) % n);
    let mut kept = TesselRec {
        verts: arc(ia, ib).map(|i| rec.verts[i]).collect(),
        edges: arc(ia, ib)
            .skip(1)
            .map(|i| rec.edges[(i + n - 1) % n])
            .collect(),
        edited,
        ..rec.clone()
    };
    kept.edges.push(chord);
    let mut other = TesselRec {
        verts: arc(ib, ia).map(|i| rec.verts[i]).collect(),
        edges: arc(ib, ia)
            .skip(1)
            .map(|i| rec.edges[(i + n - 1) % n])
            .collect(),
        place: Place::Scribed,
        edited,
        mark: rec.mark,
    };
    other.edges.push(chord);
    *base.rec_mut(t) = kept;
    base.new_tessel(other)
}

/// Effect of (4): `keep`'s cycle from the run's end round to its start, then `gone`'s.
pub(super) fn merge(base: &mut Base, keep: TesselId, gone: TesselId, run: MergeRun) {
    let k = base.rec(keep).expect("live keep").clone();
    let g = base.tessels[gone.index()].take().expect("live gone");
    let n = k.verts.len();
    let p = k.verts[run.start];
    let q = k.verts[(run.start + run.len) % n];
    for j in 0..run.len {
        base.edges[k.edges[(run.start + j) % n].index()] = None;
    }
    for j in 1..run.len {
        base.vertices[k.verts[(run.start + j) % n].index()] = false;
    }
    let m = g.verts.len();
    let gp = g
        .verts
        .iter()
        .position(|&x| x == p)
        .expect("run start in gone");
    let gq = g
        .verts
        .iter()
        .position(|&x| x == q)
        .expect("run end in gone");
    let from_k = (0..n - run.len).map(|j| (run.start + run.len + j) % n);
    let from_g = (0..(gq + m - gp) % m).map(|j| (gp + j) % m);
    let rec = base.rec_mut(keep);
    rec.verts = from_k.clone().map(|i| k.verts[i]).collect();
    rec.edges = from_k.map(|i| k.edges[i]).collect();
    rec.verts.extend(from_g.clone().map(|i| g.verts[i]));
    rec.edges.extend(from_g.map(|i| g.edges[i]));
    rec.mark = k.mark.or(g.mark);
    rec.edited = true;
}

/// Effect of (5): the new tessel runs the edge backwards, then out through new corners.
pub(super) fn scribe(base: &mut Base, d: &Derived, e: EdgeId, corners: u8) -> TesselId {
    let [tail, head] = base.edges[e.index()].expect("live edge");
    // The existing user runs x→y; the new tessel runs y→x, then x→n1→…→y.
    let (x, y) = match d.sides[e.index()] {
        (Some(_), None) => (tail, head),
        _ => (head, tail),
    };
    let mut verts = vec![y, x];
    let mut edges = vec![e];
    let mut last = x;
    for _ in 0..corners {
        let n = base.new_vertex();
        edges.push(base.new_edge(last, n));
        verts.push(n);
        last = n;
    }
    edges.push(base.new_edge(last, y));
    base.new_tessel(TesselRec {
        verts,
        edges,
        place: Place::Scribed,
        edited: true,
        mark: None,
    })
}

/// Effect of (6): the tessel goes, with its edges and vertices that no other tessel uses.
pub(super) fn erase(base: &mut Base, t: TesselId) {
    let rec = base.tessels[t.index()].take().expect("live tessel");
    let others = || base.tessels.iter().flatten();
    let dead_edges: Vec<EdgeId> = rec
        .edges
        .iter()
        .copied()
        .filter(|e| !others().any(|r| r.edges.contains(e)))
        .collect();
    let dead_verts: Vec<VertexId> = rec
        .verts
        .iter()
        .copied()
        .filter(|v| !others().any(|r| r.verts.contains(v)))
        .collect();
    for e in dead_edges {
        base.edges[e.index()] = None;
    }
    for v in dead_verts {
        base.vertices[v.index()] = false;
    }
}
