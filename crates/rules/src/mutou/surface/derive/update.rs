//! The caches after one edit, brought up from the caches before it.
//!
//! An edit replaces the records of a few tessels (`altered` copies a record on write, so
//! they are exactly the records the new base no longer shares with the old one) and, for
//! splice and unsplice, the gluing. Everything follows from those tessels, "the changed
//! tessels":
//! - the gluing is the old one extended by the new ids when the splices are the same and
//!   the changed tessels run the same spliced edges the same way before and after (edits
//!   1–6 never touch a spliced edge, see `ops`); otherwise it is derived afresh, and every
//!   tessel with a corner or an edge whose glued id moved counts as changed too;
//! - only a changed tessel's cycle changes;
//! - the ends and sides of a glued edge change only for the edges of a changed tessel's
//!   cycles (old or new, "the edges near the edit"), the tessels at a glued vertex only for
//!   the corners of those cycles, the edges at a glued vertex only for the ends (old or new)
//!   of the edges near the edit; the periphery and the live tessels only there too;
//! - the adjacency rows follow as `adjacency` describes.
//!
//! The result equals `Derived::build` of the new base. A V2 fault at a changed tessel or at
//! an edge near the edit (never after an edit `apply` accepts), or one in the old caches,
//! hands the work to the full build, so the fault reported is always the one it finds. Test
//! and debug builds compare every result with the full build (`Derived::build_after`).

use std::sync::Arc;

use super::adjacency::{merge_into, Changed};
use super::splits::push_splits;
use super::{base_consistency, Csr, Derived};
use crate::mutou::surface::ids::{EdgeId, TesselId, VertexId};
use crate::mutou::surface::map::Base;

impl Derived {
    /// The caches of `base`, made from `old_base` by one edit, brought up from `old` (the
    /// caches of `old_base`); `None` when the full build must decide (see the module docs).
    pub(super) fn follow_edit(base: &Base, old_base: &Base, old: &Derived) -> Option<Derived> {
        let shrank = base.tessels.len() < old.tessel_ids
            || base.vertices.len() < old.glued_vertex.len()
            || base.edges.len() < old.glued_edge.len();
        if old.fault.is_some() || shrank {
            return None;
        }
        let mut d = Derived {
            tessel_ids: base.tessels.len(),
            ..Derived::default()
        };
        let mut flag = records_changed(base, old_base);
        if base.splices == old_base.splices && spliced_runs_kept(base, old_base, old, &flag) {
            d.extend_glue(base, old);
        } else {
            d.glue(base);
            d.moved_by_glue(old, &mut flag);
        }
        let changed = Changed::from_flags(flag);
        d.follow_cycles(base, old, &changed);
        d.follow_live(base, old, &changed);
        let near = d.edges_near(old, &changed);
        d.follow_edge_uses(base, old, &changed, &near)?;
        let mut rows = d.follow_at_vertex(old, &changed);
        rows.extend(d.follow_vertex_edges(old, &near));
        d.follow_verdicts(old, &near, rows);
        d.adjacency(d.tessel_ids, Some((old, &changed)));
        Some(d)
    }

    /// The old gluing, extended by the ids made since (each its own class, unspliced).
    fn extend_glue(&mut self, base: &Base, old: &Derived) {
        let (nv, ne) = (base.vertices.len(), base.edges.len());
        let (old_nv, old_ne) = (old.glued_vertex.len(), old.glued_edge.len());
        self.glued_vertex.reserve(nv);
        self.glued_vertex.extend_from_slice(&old.glued_vertex);
        (self.glued_vertex).extend((old_nv..nv).map(|v| VertexId(v as u16)));
        self.glued_edge.reserve(ne);
        self.glued_edge.extend_from_slice(&old.glued_edge);
        (self.glued_edge).extend((old_ne..ne).map(|e| EdgeId(e as u16)));
        self.splice_of = old.splice_of.clone();
        self.splice_of.resize(ne, None);
        self.splice_ends = old.splice_ends.clone();
        self.spliced_vertex = old.spliced_vertex.clone();
        self.spliced_vertex.resize(nv, false);
        self.class = old.class.clone();
        for v in old_nv..nv {
            self.class.push_row(&[VertexId(v as u16)]);
        }
        self.class_splices = old.class_splices.clone();
        for _ in old_nv..nv {
            self.class_splices.push_row(&[]);
        }
    }

    /// Flags the tessels with a base corner or edge whose glued id differs from `old`'s, and
    /// those at a glued vertex that a splice made or unmade (their splits change).
    fn moved_by_glue(&self, old: &Derived, flag: &mut [bool]) {
        let spliced = self.spliced_vertex.iter().zip(&old.spliced_vertex);
        for (v, _) in spliced.enumerate().filter(|(_, (now, was))| now != was) {
            old.at_vertex
                .row(v)
                .iter()
                .for_each(|t| flag[t.index()] = true);
        }
        let vertices = self.glued_vertex.iter().zip(&old.glued_vertex);
        for (_, &was) in vertices.filter(|(now, was)| now != was) {
            old.at_vertex
                .row(was.index())
                .iter()
                .for_each(|t| flag[t.index()] = true);
        }
        let edges = self.glued_edge.iter().zip(&old.glued_edge);
        for (_, &was) in edges.filter(|(now, was)| now != was) {
            let (l, r) = old.sides[was.index()];
            l.into_iter().chain(r).for_each(|t| flag[t.index()] = true);
        }
    }

    /// Cycles and splits: the old rows but for the changed tessels, whose rows are made
    /// afresh.
    fn follow_cycles(&mut self, base: &Base, old: &Derived, changed: &Changed) {
        let nt = self.tessel_ids;
        let corners = old.cyc_v.items.len() + 2 * crate::mutou::surface::MAX_CORNERS;
        self.cyc_v = Csr::with_capacity(nt, corners);
        self.cyc_e = Csr::with_capacity(nt, corners);
        self.splits = Csr::with_capacity(nt, old.splits.items.len() + 4 * corners);
        let mut keys = Vec::new();
        let mut t = 0;
        while t < nt {
            if !changed.flag[t] {
                // Tessels past old's last id are changed, so a run stays within old's.
                let run = changed.flag[t..].iter().take_while(|&&c| !c).count();
                self.cyc_v.extend_rows(&old.cyc_v, t..t + run);
                self.cyc_e.extend_rows(&old.cyc_e, t..t + run);
                self.splits.extend_rows(&old.splits, t..t + run);
                t += run;
                continue;
            }
            match &base.tessels[t] {
                Some(rec) => {
                    let (gv, ge) = (&self.glued_vertex, &self.glued_edge);
                    (self.cyc_v).push_row_from(rec.verts.iter().map(|v| gv[v.index()]));
                    (self.cyc_e).push_row_from(rec.edges.iter().map(|e| ge[e.index()]));
                }
                None => {
                    self.cyc_v.push_row(&[]);
                    self.cyc_e.push_row(&[]);
                }
            }
            push_splits(
                &self.cyc_v,
                &self.spliced_vertex,
                t,
                &mut self.splits,
                &mut keys,
            );
            t += 1;
        }
    }

    /// The live tessels: the old ones but for the changed tessels, plus those live now.
    fn follow_live(&mut self, base: &Base, old: &Derived, changed: &Changed) {
        let live_now: Vec<TesselId> = (changed.list.iter())
            .filter(|t| base.rec(**t).is_some())
            .copied()
            .collect();
        let kept = old.live.iter().filter(|t| !changed.flag[t.index()]);
        merge_into(&mut self.live, kept, &live_now);
    }

    /// The glued edges of the changed tessels' cycles, old and new, and every edge id made
    /// by the edit, ascending.
    fn edges_near(&self, old: &Derived, changed: &Changed) -> Vec<EdgeId> {
        let mut near: Vec<EdgeId> = (old.glued_edge.len()..self.glued_edge.len())
            .map(|e| EdgeId(e as u16))
            .collect();
        let mut at = vec![false; self.glued_edge.len()];
        for &t in &changed.list {
            let edges = old
                .cyc_e
                .row(t.index())
                .iter()
                .chain(self.cyc_e.row(t.index()));
            edges.for_each(|e| at[e.index()] = true);
        }
        // Read off in order: cheaper than sorting them.
        near.splice(
            0..0,
            (0..old.glued_edge.len())
                .filter(|&e| at[e])
                .map(|e| EdgeId(e as u16)),
        );
        near
    }

    /// Ends, sides and the periphery: the old ones but at the edges near the edit, where
    /// they are made afresh. `None` on a V2 fault at a changed tessel or a tessel using an
    /// edge near the edit.
    fn follow_edge_uses(
        &mut self,
        base: &Base,
        old: &Derived,
        changed: &Changed,
        near: &[EdgeId],
    ) -> Option<()> {
        let ne = base.edges.len();
        self.ends = old.ends.clone();
        self.ends.resize(ne, None);
        self.sides = old.sides.clone();
        self.sides.resize(ne, (None, None));
        let unchanged = |s: Option<TesselId>| s.filter(|s| !changed.flag[s.index()]);
        for &g in near {
            let e = g.index();
            self.ends[e] = match base.edges[e] {
                Some([tail, head]) if self.glued_edge[e] == g => Some([
                    self.glued_vertex[tail.index()],
                    self.glued_vertex[head.index()],
                ]),
                _ => None,
            };
            let (l, r) = old.sides.get(e).copied().unwrap_or((None, None));
            self.sides[e] = (unchanged(l), unchanged(r));
        }
        let mut faults = Vec::new();
        for &t in changed.list.iter().filter(|t| base.rec(**t).is_some()) {
            base_consistency(base, t, &mut faults);
            self.take_sides(t)?;
        }
        for &g in near {
            let (l, r) = self.sides[g.index()];
            for (s, forward) in [(unchanged(l), true), (unchanged(r), false)] {
                let Some(s) = s else { continue };
                base_consistency(base, s, &mut faults);
                self.uses_as(s, g, forward)?;
            }
        }
        if !faults.is_empty() {
            return None;
        }
        self.follow_periphery(old, near);
        Some(())
    }

    /// Puts changed tessel `t` on the sides of its edges; `None` on a V2 fault.
    fn take_sides(&mut self, t: TesselId) -> Option<()> {
        let vs = self.cyc_v.row(t.index());
        let es = self.cyc_e.row(t.index());
        for (i, &g) in es.iter().enumerate() {
            let (p, q) = (vs[i], vs[(i + 1) % vs.len()]);
            let side = &mut self.sides[g.index()];
            let slot = match self.ends[g.index()] {
                Some([a, b]) if [a, b] == [p, q] => &mut side.0,
                Some([a, b]) if [b, a] == [p, q] => &mut side.1,
                _ => return None,
            };
            if slot.replace(t).is_some() {
                return None;
            }
        }
        Some(())
    }

    /// Whether unchanged tessel `s` runs glued edge `g` tail→head (`forward`) or head→tail,
    /// as its side says; `None` if not.
    fn uses_as(&self, s: TesselId, g: EdgeId, forward: bool) -> Option<()> {
        let vs = self.cyc_v.row(s.index());
        let es = self.cyc_e.row(s.index());
        let i = es.iter().position(|&e| e == g)?;
        let (p, q) = (vs[i], vs[(i + 1) % vs.len()]);
        match self.ends[g.index()] {
            Some([a, b]) if forward && [a, b] == [p, q] => Some(()),
            Some([a, b]) if !forward && [b, a] == [p, q] => Some(()),
            _ => None,
        }
    }

    /// The periphery: the old one but at the edges near the edit, judged afresh.
    fn follow_periphery(&mut self, old: &Derived, near: &[EdgeId]) {
        let rim: Vec<EdgeId> = (near.iter())
            .filter(|g| {
                let (l, r) = self.sides[g.index()];
                self.ends[g.index()].is_some() && l.is_some() != r.is_some()
            })
            .copied()
            .collect();
        let kept = old
            .periphery
            .iter()
            .filter(|g| near.binary_search(g).is_err());
        merge_into(&mut self.periphery, kept, &rim);
    }

    /// The tessels at each glued vertex: the old rows but at the corners of the changed
    /// tessels (old or new), where the changed tessels are taken out and put back where
    /// they have the corner now. Returns those corners.
    fn follow_at_vertex(&mut self, old: &Derived, changed: &Changed) -> Vec<VertexId> {
        let mut now: Vec<(VertexId, TesselId)> = Vec::new();
        let mut rows: Vec<VertexId> = Vec::new();
        for &t in &changed.list {
            let corners = self.cyc_v.row(t.index());
            now.extend(corners.iter().map(|&v| (v, t)));
            rows.extend_from_slice(corners);
            rows.extend_from_slice(old.cyc_v.row(t.index()));
        }
        let keep = |t: &&TesselId| !changed.flag[t.index()];
        self.at_vertex = follow_rows(
            &old.at_vertex,
            self.glued_vertex.len(),
            &mut rows,
            now,
            keep,
        );
        rows
    }

    /// The edges at each glued vertex: the old rows but at the ends (old or new) of the
    /// edges near the edit, where those edges are taken out and put back where they end now.
    /// Returns those ends.
    fn follow_vertex_edges(&mut self, old: &Derived, near: &[EdgeId]) -> Vec<VertexId> {
        let mut now: Vec<(VertexId, EdgeId)> = Vec::new();
        let mut rows: Vec<VertexId> = Vec::new();
        for &g in near {
            if let Some([a, b]) = self.ends[g.index()] {
                now.extend([(a, g), (b, g)]);
                rows.extend([a, b]);
            }
            if let Some(&Some([a, b])) = old.ends.get(g.index()) {
                rows.extend([a, b]);
            }
        }
        let keep = |g: &&EdgeId| near.binary_search(g).is_err();
        self.vertex_edges = follow_rows(
            &old.vertex_edges,
            self.glued_vertex.len(),
            &mut rows,
            now,
            keep,
        );
        rows
    }
}

/// Rows `0..n` by glued vertex: `old`'s rows, but each row named in `rows` becomes its old
/// items that `keep` keeps merged with its items in `now` ((row, item) pairs in ascending
/// item order, each row named in `rows`; the two parts are disjoint). Leaves `rows`
/// ascending without repeats.
fn follow_rows<T: Copy + Ord>(
    old: &Csr<T>,
    n: usize,
    rows: &mut Vec<VertexId>,
    now: Vec<(VertexId, T)>,
    keep: impl Fn(&&T) -> bool,
) -> Csr<T> {
    // slot[v]: v's place among the rows named, read off in order (cheaper than sorting).
    let mut slot = vec![u32::MAX; n];
    rows.iter().for_each(|v| slot[v.index()] = 0);
    rows.clear();
    rows.extend((0..n).filter(|&v| slot[v] == 0).map(|v| VertexId(v as u16)));
    (rows.iter().enumerate()).for_each(|(k, v)| slot[v.index()] = k as u32);
    let now = Csr::from_ordered_pairs(rows.len(), &now_by_slot(&now, &slot));
    let mut out = Csr::with_capacity(n, old.items.len() + now.items.len());
    let mut next = 0;
    let mut row = Vec::new();
    for (k, &v) in rows.iter().enumerate() {
        out.copy_rows(old, next..v.index());
        merge_into(
            &mut row,
            old.row(v.index()).iter().filter(&keep),
            now.row(k),
        );
        out.push_row(&row);
        next = v.index() + 1;
    }
    out.copy_rows(old, next..n);
    out
}

/// `now`'s pairs with each row given as its slot.
fn now_by_slot<T: Copy>(now: &[(VertexId, T)], slot: &[u32]) -> Vec<(usize, T)> {
    now.iter()
        .map(|&(v, item)| (slot[v.index()] as usize, item))
        .collect()
}

/// A flag per tessel id of the new base: its record is not the old base's (new, gone or
/// replaced; `altered` copies a record on write, so an untouched one is shared).
fn records_changed(base: &Base, old_base: &Base) -> Vec<bool> {
    (base.tessels.iter().enumerate())
        .map(|(t, now)| match (old_base.tessels.get(t), now) {
            (Some(Some(was)), Some(now)) => !Arc::ptr_eq(was, now),
            (Some(None), None) => false,
            _ => true,
        })
        .collect()
}

/// Whether the changed tessels run the same spliced edges (old ids), each the same way,
/// before and after the edit, so every spliced edge keeps its one user's run.
fn spliced_runs_kept(base: &Base, old_base: &Base, old: &Derived, flag: &[bool]) -> bool {
    let spliced = |e: EdgeId| old.splice_of.get(e.index()).is_some_and(Option::is_some);
    let runs = |b: &Base| {
        let mut found: Vec<(EdgeId, VertexId, VertexId)> = Vec::new();
        for t in (0..flag.len()).filter(|&t| flag[t]) {
            let Some(rec) = b.tessels.get(t).and_then(Option::as_deref) else {
                continue;
            };
            let k = rec.verts.len();
            for (i, &e) in rec.edges.iter().enumerate().filter(|(_, e)| spliced(**e)) {
                found.push((e, rec.verts[i], rec.verts[(i + 1) % k]));
            }
        }
        found.sort_unstable();
        found
    };
    runs(old_base) == runs(base)
}
