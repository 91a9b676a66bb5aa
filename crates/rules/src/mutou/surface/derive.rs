//! The glued map (base + splices) and the adjacency caches: built from scratch for a new
//! surface, brought up from the old caches after an edit (`update`; the walker, touching
//! and angler rows in `adjacency`).
//!
//! Jagger rows are the exception: tracing every tessel's runs cost more than all the other
//! caches together, and a position asks for few of them (only where a piece with a Jagger
//! shak stands), so each row is traced on its first query and kept in a `OnceLock` beside
//! the other caches. A rebuild starts every row empty again, so a row always belongs to
//! the caches it was traced from.
//!
//! The build never panics on an invalid base: the first V2 fault it meets is recorded in
//! `fault` for the validator to report.

use std::sync::OnceLock;

mod adjacency;
mod csr;
mod pieces;
mod splice;
mod splits;
mod update;
mod verdicts;

pub(super) use csr::Csr;

use super::error::SurfaceError;
use super::ids::{EdgeId, TesselId, VertexId};
use super::map::Base;
use super::MAX_CORNERS;

/// Everything the queries read, derived from the base.
#[derive(Clone, Debug, Default)]
pub(super) struct Derived {
    /// The number of tessel ids allocated (live or not).
    pub tessel_ids: usize,
    pub live: Vec<TesselId>,
    /// Base vertex → glued vertex (the smallest base id of its class).
    pub glued_vertex: Vec<VertexId>,
    /// Base edge → glued edge (a spliced pair takes the smaller id).
    pub glued_edge: Vec<EdgeId>,
    /// Base edge → index of the splice that glued it.
    pub splice_of: Vec<Option<usize>>,
    /// Splice index → the base corners it glues, `[x, y, u, w]`: its first edge used x→y,
    /// its second u→w, glued so that x≡w and y≡u (`None` if an edge has no user).
    pub splice_ends: Vec<Option<[VertexId; 4]>>,
    /// Glued vertex → whether a splice made it (its class has two or more base vertices).
    pub spliced_vertex: Vec<bool>,
    /// Glued vertex → the base vertices of its class, ascending (empty for other ids).
    pub class: Csr<VertexId>,
    /// Glued vertex → the indices of the splices with a corner in its class (`splice_ends`
    /// x or y glued to it), ascending.
    pub class_splices: Csr<u32>,
    pub cyc_v: Csr<VertexId>,
    pub cyc_e: Csr<EdgeId>,
    /// Tessel → the corner pairs a split of it may join (see `splits`).
    pub splits: Csr<(VertexId, VertexId)>,
    /// Glued edge → glued (tail, head); `None` if not a live glued edge.
    pub ends: Vec<Option<[VertexId; 2]>>,
    /// Glued edge → (tessel using it tail→head, tessel using it head→tail).
    pub sides: Vec<(Option<TesselId>, Option<TesselId>)>,
    pub at_vertex: Csr<TesselId>,
    pub vertex_edges: Csr<EdgeId>,
    /// Glued edge → whether a vertex may be inserted in it, room for the ids aside
    /// (see `verdicts`).
    pub insertable: Vec<bool>,
    /// Glued vertex → whether it may be removed (see `verdicts`).
    pub removable: Vec<bool>,
    /// Tessel → its piece of the base map, named by the piece's smallest tessel id (see
    /// `pieces`).
    pub piece: Vec<u32>,
    pub periphery: Vec<EdgeId>,
    pub walker: Csr<TesselId>,
    pub angler: Csr<TesselId>,
    pub touching: Csr<TesselId>,
    /// Tessel → its jagger row, traced on first use (see the module docs).
    pub jagger: Vec<OnceLock<JaggerRow>>,
    /// The first V2 fault met while deriving uses.
    pub fault: Option<SurfaceError>,
}

impl Derived {
    /// Derives the glued map and all caches from `base`.
    pub fn build(base: &Base) -> Derived {
        Derived::derive(base)
    }

    fn derive(base: &Base) -> Derived {
        let mut d = Derived {
            tessel_ids: base.tessels.len(),
            live: live_tessels(base),
            ..Derived::default()
        };
        d.glue(base);
        d.map_cycles(base);
        d.map_splits();
        d.edge_uses(base);
        d.incidence(base);
        d.map_verdicts();
        d.map_pieces(base);
        d.adjacency(base.tessels.len());
        d
    }

    /// Union-find of base vertices through the splices, and the glued edge ids.
    fn glue(&mut self, base: &Base) {
        // How the (single) user of each edge traverses it, in base ids.
        let mut trav: Vec<Option<[VertexId; 2]>> = vec![None; base.edges.len()];
        for rec in base.tessels.iter().flatten() {
            let k = rec.verts.len();
            for (i, e) in rec.edges.iter().enumerate() {
                let slot = &mut trav[e.index()];
                if slot.is_none() {
                    *slot = Some([rec.verts[i], rec.verts[(i + 1) % k]]);
                }
            }
        }
        self.glue_with(base, |e| trav[e.index()]);
    }

    /// [`Derived::glue`], given how the first user (by tessel id) of each spliced edge runs
    /// it (`None` if no tessel uses it); asked only about spliced edges.
    fn glue_with(&mut self, base: &Base, run: impl Fn(EdgeId) -> Option<[VertexId; 2]>) {
        let nv = base.vertices.len();
        let ne = base.edges.len();
        let mut parent: Vec<usize> = (0..nv).collect();
        self.glued_edge = (0..ne).map(|e| EdgeId(e as u16)).collect();
        self.splice_of = vec![None; ne];
        for (idx, &[a, b]) in base.splices.iter().enumerate() {
            self.glued_edge[b.index()] = a;
            self.splice_of[a.index()] = Some(idx);
            self.splice_of[b.index()] = Some(idx);
            // Edge a used as x→y, edge b used as u→w: glue x≡w and y≡u (orientation-reversing).
            let ends = match (run(a), run(b)) {
                (Some([x, y]), Some([u, w])) => Some([x, y, u, w]),
                _ => None,
            };
            if let Some([x, y, u, w]) = ends {
                union(&mut parent, x.index(), w.index());
                union(&mut parent, y.index(), u.index());
            }
            self.splice_ends.push(ends);
        }
        let mut size = vec![0usize; nv];
        self.glued_vertex = (0..nv)
            .map(|v| {
                let root = find(&mut parent, v);
                size[root] += 1;
                VertexId(root as u16)
            })
            .collect();
        self.spliced_vertex = size.iter().map(|&s| s >= 2).collect();
        let pairs: Vec<(usize, VertexId)> = (0..nv)
            .map(|v| (self.glued_vertex[v].index(), VertexId(v as u16)))
            .collect();
        self.class = Csr::from_ordered_pairs(nv, &pairs);
        let mut spliced: Vec<(usize, u32)> = Vec::with_capacity(2 * base.splices.len());
        for (idx, ends) in self.splice_ends.iter().enumerate() {
            if let Some([x, y, _, _]) = *ends {
                spliced.push((self.glued_vertex[x.index()].index(), idx as u32));
                spliced.push((self.glued_vertex[y.index()].index(), idx as u32));
            }
        }
        self.class_splices = Csr::from_ordered_pairs(nv, &spliced);
    }

    /// Each tessel's cycle in glued ids (dead tessels get empty rows).
    fn map_cycles(&mut self, base: &Base) {
        let corners = base.tessels.iter().flatten().map(|r| r.verts.len()).sum();
        self.cyc_v = Csr::with_capacity(base.tessels.len(), corners);
        self.cyc_e = Csr::with_capacity(base.tessels.len(), corners);
        for slot in &base.tessels {
            match slot {
                Some(rec) => {
                    let glued_vertex = &self.glued_vertex;
                    let glued_edge = &self.glued_edge;
                    (self.cyc_v).push_row_from(rec.verts.iter().map(|v| glued_vertex[v.index()]));
                    (self.cyc_e).push_row_from(rec.edges.iter().map(|e| glued_edge[e.index()]));
                }
                None => {
                    self.cyc_v.push_row(&[]);
                    self.cyc_e.push_row(&[]);
                }
            }
        }
    }

    /// Glued endpoints and the two sides of every glued edge; records V2 faults.
    fn edge_uses(&mut self, base: &Base) {
        let ne = base.edges.len();
        self.ends = vec![None; ne];
        for (e, ends) in base.edges.iter().enumerate() {
            if let Some([tail, head]) = ends {
                if self.glued_edge[e] == EdgeId(e as u16) {
                    self.ends[e] = Some([
                        self.glued_vertex[tail.index()],
                        self.glued_vertex[head.index()],
                    ]);
                }
            }
        }
        let mut sides = vec![(None, None); ne];
        let mut faults = Vec::new();
        for &t in &self.live {
            base_consistency(base, t, &mut faults);
            let vs = self.cyc_v.row(t.index());
            let es = self.cyc_e.row(t.index());
            for (i, &g) in es.iter().enumerate() {
                let (p, q) = (vs[i], vs[(i + 1) % vs.len()]);
                let forward = match self.ends[g.index()] {
                    Some([a, b]) if [a, b] == [p, q] => true,
                    Some([a, b]) if [b, a] == [p, q] => false,
                    _ => {
                        faults.push(SurfaceError::BrokenEdge {
                            tessel: t,
                            edge: g,
                            from: p,
                            to: q,
                        });
                        continue;
                    }
                };
                let side: &mut (Option<TesselId>, Option<TesselId>) = &mut sides[g.index()];
                let slot = if forward { &mut side.0 } else { &mut side.1 };
                match *slot {
                    Some(other) => faults.push(SurfaceError::Orientation {
                        edge: g,
                        tessel: other,
                        other: t,
                    }),
                    None => *slot = Some(t),
                }
            }
        }
        self.sides = sides;
        self.fault = faults.into_iter().next();
    }

    /// Tessels and edges at each glued vertex; the periphery.
    fn incidence(&mut self, base: &Base) {
        let nv = base.vertices.len();
        let mut pairs: Vec<(usize, TesselId)> = Vec::with_capacity(self.cyc_v.len());
        for &t in &self.live {
            pairs.extend(self.cyc_v.row(t.index()).iter().map(|v| (v.index(), t)));
        }
        self.at_vertex = Csr::from_ordered_pairs(nv, &pairs);
        let mut pairs: Vec<(usize, EdgeId)> = Vec::with_capacity(2 * self.ends.len());
        for (e, ends) in self.ends.iter().enumerate() {
            if let Some([a, b]) = ends {
                pairs.push((a.index(), EdgeId(e as u16)));
                pairs.push((b.index(), EdgeId(e as u16)));
            }
        }
        self.vertex_edges = Csr::from_ordered_pairs(nv, &pairs);
        self.periphery = (0..self.ends.len())
            .filter(|&e| {
                let (l, r) = self.sides[e];
                self.ends[e].is_some() && (l.is_some() != r.is_some())
            })
            .map(|e| EdgeId(e as u16))
            .collect();
    }

    /// `t`'s jagger row (see [`Derived::jagger_from`]), traced now if not yet; empty for an
    /// id past the last.
    pub fn jagger_row(&self, t: TesselId) -> &[(TesselId, u8)] {
        let Some(cell) = self.jagger.get(t.index()) else {
            return &[];
        };
        cell.get_or_init(|| {
            let mut found: Vec<(TesselId, u8)> = Vec::new();
            self.jagger_from(t, &mut found);
            found.sort_unstable();
            found.dedup_by_key(|d| d.0);
            found.into_boxed_slice()
        })
    }

    /// Jagger moves of `t` (mutou S10, D9): from a corner v of T, a run of k ≥ 1 edges along
    /// one boundary between the same two tessels A and B (neither T), through no corner of T,
    /// ends at w; destinations contain w, are neither A nor B and share no vertex with T.
    fn jagger_from(&self, t: TesselId, found: &mut Vec<(TesselId, u8)>) {
        let corners = self.cyc_v.row(t.index());
        let near = self.touching.row(t.index());
        for &v in corners {
            for &first in self.vertex_edges.row(v.index()) {
                // Between two tessels A ≠ B, neither T: periphery edges do not count.
                let (Some(a), Some(b)) = self.sides[first.index()] else {
                    continue;
                };
                if a == b || a == t || b == t {
                    continue;
                }
                let (mut from, mut edge) = (v, first);
                // mutou D9: a run of k edges along one boundary costs k.
                for cost in 1..=MAX_CORNERS as u8 {
                    let w = self.other_end(edge, from);
                    if corners.contains(&w) {
                        break;
                    }
                    for &d in self.at_vertex.row(w.index()) {
                        if d != a && d != b && d != t && near.binary_search(&d).is_err() {
                            found.push((d, cost));
                        }
                    }
                    match self.next_on_boundary(w, edge, a, b) {
                        Some(next) => (from, edge) = (w, next),
                        None => break,
                    }
                }
            }
        }
    }

    /// The endpoint of `e` other than `v`.
    fn other_end(&self, e: EdgeId, v: VertexId) -> VertexId {
        match self.ends[e.index()] {
            Some([p, q]) if p == v => q,
            Some([p, _]) => p,
            None => v,
        }
    }

    /// The edge after `e` at `w` along the boundary between `a` and `b`, if it goes on.
    fn next_on_boundary(&self, w: VertexId, e: EdgeId, a: TesselId, b: TesselId) -> Option<EdgeId> {
        self.vertex_edges.row(w.index()).iter().copied().find(|&f| {
            let pair = self.sides[f.index()];
            f != e && (pair == (Some(a), Some(b)) || pair == (Some(b), Some(a)))
        })
    }
}

#[cfg(any(test, debug_assertions))]
impl Derived {
    /// `Ok` when every cache equals `other`'s (jagger rows traced on both sides), else the
    /// name of the first that differs.
    #[cfg(test)]
    pub fn same_as(&self, other: &Derived) -> Result<(), String> {
        self.fields_same_as(other)?;
        if self.jagger.len() != other.jagger.len() {
            return Err("jagger rows differ from a rebuild".to_string());
        }
        for t in (0..self.jagger.len()).map(|t| TesselId(t as u16)) {
            if self.jagger_row(t) != other.jagger_row(t) {
                return Err(format!("the jagger row of {t} differs from a rebuild"));
            }
        }
        Ok(())
    }

    /// `Ok` when every cache but the jagger rows equals `other`'s, else an error naming the
    /// first that differs.
    pub fn fields_same_as(&self, other: &Derived) -> Result<(), String> {
        macro_rules! compare {
            ($($field:ident),*) => {$(
                if self.$field != other.$field {
                    return Err(concat!(stringify!($field), " differs from a rebuild").into());
                }
            )*};
        }
        compare!(
            tessel_ids,
            live,
            glued_vertex,
            glued_edge,
            splice_of,
            splice_ends
        );
        compare!(
            spliced_vertex,
            class,
            class_splices,
            cyc_v,
            cyc_e,
            splits,
            ends,
            sides
        );
        compare!(
            at_vertex,
            vertex_edges,
            insertable,
            removable,
            piece,
            periphery,
            walker,
            angler,
            touching,
            fault
        );
        match self.jagger.len() == other.jagger.len() {
            true => Ok(()),
            false => Err("the number of jagger rows differs from a rebuild".into()),
        }
    }
}

/// Integrity of the stored cycle: each base edge joins the base corners beside it.
pub(super) fn base_consistency(base: &Base, t: TesselId, faults: &mut Vec<SurfaceError>) {
    let Some(rec) = base.rec(t) else { return };
    let k = rec.verts.len();
    for (i, &e) in rec.edges.iter().enumerate() {
        let (p, q) = (rec.verts[i], rec.verts[(i + 1) % k]);
        let ok = matches!(base.edges.get(e.index()), Some(Some(ends))
            if *ends == [p, q] || *ends == [q, p]);
        if !ok {
            faults.push(SurfaceError::BrokenEdge {
                tessel: t,
                edge: e,
                from: p,
                to: q,
            });
        }
    }
}

fn live_tessels(base: &Base) -> Vec<TesselId> {
    base.tessels
        .iter()
        .enumerate()
        .filter(|(_, t)| t.is_some())
        .map(|(i, _)| TesselId(i as u16))
        .collect()
}

/// The root of `v`'s class, halving paths on the way.
pub(super) fn find(parent: &mut [usize], mut v: usize) -> usize {
    while parent[v] != v {
        parent[v] = parent[parent[v]];
        v = parent[v];
    }
    v
}

/// One tessel's jagger row, as [`Derived::jagger_row`] gives it.
pub type JaggerRow = Box<[(TesselId, u8)]>;

/// Joins two classes; the smaller root stays root, so a root is its class's smallest id.
pub(super) fn union(parent: &mut [usize], a: usize, b: usize) {
    let (ra, rb) = (find(parent, a), find(parent, b));
    if ra < rb {
        parent[rb] = ra;
    } else {
        parent[ra] = rb;
    }
}
