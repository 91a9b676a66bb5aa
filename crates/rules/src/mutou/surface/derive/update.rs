//! The caches after one edit, brought up from the caches before it, in place: only the rows
//! and entries the edit touched are written.
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
//! and debug builds compare every result with the full build (`Surface::apply`).

use std::sync::Arc;

use super::adjacency::{merge_into, Changed};
use super::splits::split_pairs;
use super::{base_consistency, Csr, Derived};
use crate::mutou::surface::ids::{EdgeId, TesselId, VertexId};
use crate::mutou::surface::map::Base;
use crate::mutou::surface::scratch;
use crate::mutou::surface::MAX_CORNERS;

/// What the caches said about the changed tessels before the edit, kept while they are
/// overwritten (row k for the changed tessel k; empty for a new one).
struct Before {
    cyc_v: Csr<VertexId>,
    cyc_e: Csr<EdgeId>,
    walker: Csr<TesselId>,
    touching: Csr<TesselId>,
}

impl Before {
    fn of(d: &Derived, changed: &Changed) -> Before {
        let mut before = Before {
            cyc_v: Csr::with_capacity(changed.list.len(), 8 * changed.list.len()),
            cyc_e: Csr::with_capacity(changed.list.len(), 8 * changed.list.len()),
            walker: Csr::with_capacity(changed.list.len(), 8 * changed.list.len()),
            touching: Csr::with_capacity(changed.list.len(), 32 * changed.list.len()),
        };
        for t in changed.list.iter().map(|t| t.index()) {
            before.cyc_v.push_row(d.cyc_v.row(t));
            before.cyc_e.push_row(d.cyc_e.row(t));
            before.walker.push_row(d.walker.row(t));
            before.touching.push_row(d.touching.row(t));
        }
        before
    }
}

impl Derived {
    /// Brings the caches of `old_base` up to `base`, made from it by one edit (see the module
    /// docs); builds them afresh when that finds a fault.
    pub(in crate::mutou::surface) fn follow_edit(&mut self, base: &Base, old_base: &Base) {
        if self.update(base, old_base).is_none() {
            *self = Derived::build(base);
        }
    }

    /// [`Derived::follow_edit`]; `None` when the full build must decide, the caches then
    /// half written.
    fn update(&mut self, base: &Base, old_base: &Base) -> Option<()> {
        let shrank = base.tessels.len() < self.tessel_ids
            || base.vertices.len() < self.glued_vertex.len()
            || base.edges.len() < self.glued_edge.len();
        if self.fault.is_some() || shrank {
            return None;
        }
        let (old_ne, old_nv) = (self.glued_edge.len(), self.glued_vertex.len());
        let old_nt = self.tessel_ids;
        let mut flag = records_changed(base, old_base);
        if base.splices == old_base.splices && spliced_runs_kept(base, old_base, self, &flag) {
            self.extend_glue(base);
        } else {
            let mut glued = Derived::default();
            match flag.contains(&true) {
                true => glued.glue(base),
                false if Derived::spliced_once_more(base, old_base) => {
                    glued = self.glue_spliced(base);
                }
                // Unsplice: the tessels are the old ones, so a spliced edge's users are those
                // of its old glued edge.
                false => glued.glue_with(base, |e| self.old_run(base, e)),
            }
            glued.moved_by_glue(self, &mut flag);
            self.take_glue(glued);
        }
        let changed = Changed::from_flags(flag);
        let before = Before::of(self, &changed);
        self.tessel_ids = base.tessels.len();
        self.follow_cycles(base, &changed);
        // Only a tessel made or killed changes the live list.
        let born_or_died = |t: &TesselId| base.rec(*t).is_some() != old_base.rec(*t).is_some();
        if changed.list.iter().any(born_or_died) {
            self.follow_live(base, &changed);
        }
        let near = self.edges_near(&before, &changed, old_ne);
        let old_ends: Vec<_> = (near.iter())
            .map(|e| self.ends.get(e.index()).copied().flatten())
            .collect();
        self.follow_edge_uses(base, &changed, &near)?;
        let mut rows = self.follow_at_vertex(&before, &changed);
        rows.extend(self.follow_vertex_edges(&near, &old_ends));
        self.follow_verdicts(&near, rows, old_nv);
        self.follow_pieces(base, &changed.list, old_nt);
        self.follow_adjacency(&changed, &before.walker, &before.touching);
        self.jagger.iter_mut().for_each(|row| drop(row.take()));
        (self.jagger).resize_with(self.tessel_ids, std::sync::OnceLock::new);
        Some(())
    }

    /// How base edge `e` is run by its first user (by tessel id) among the sides of its
    /// glued edge in these (old) caches, when the tessels are those of `base`.
    pub(super) fn old_run(&self, base: &Base, e: EdgeId) -> Option<[VertexId; 2]> {
        let (l, r) = self
            .sides
            .get(self.glued_edge.get(e.index())?.index())
            .copied()?;
        let mut users = [l, r];
        users.sort_unstable();
        users.into_iter().flatten().find_map(|t| {
            let rec = base.rec(t)?;
            let i = rec.edges.iter().position(|&x| x == e)?;
            Some([rec.verts[i], rec.verts[(i + 1) % rec.verts.len()]])
        })
    }

    /// The old gluing, extended by the ids made since (each its own class, unspliced).
    fn extend_glue(&mut self, base: &Base) {
        let (nv, ne) = (base.vertices.len(), base.edges.len());
        let (old_nv, old_ne) = (self.glued_vertex.len(), self.glued_edge.len());
        (self.glued_vertex).extend((old_nv..nv).map(|v| VertexId(v as u16)));
        (self.glued_edge).extend((old_ne..ne).map(|e| EdgeId(e as u16)));
        self.splice_of.resize(ne, None);
        self.spliced_vertex.resize(nv, false);
        for v in old_nv..nv {
            self.class.push_row(&[VertexId(v as u16)]);
            self.class_splices.push_row(&[]);
        }
    }

    /// Takes the gluing of `glued` (derived afresh).
    fn take_glue(&mut self, glued: Derived) {
        self.glued_vertex = glued.glued_vertex;
        self.glued_edge = glued.glued_edge;
        self.splice_of = glued.splice_of;
        self.splice_ends = glued.splice_ends;
        self.spliced_vertex = glued.spliced_vertex;
        self.class = glued.class;
        self.class_splices = glued.class_splices;
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

    /// Cycles and splits: the changed tessels' rows made afresh.
    fn follow_cycles(&mut self, base: &Base, changed: &Changed) {
        let nt = self.tessel_ids;
        self.cyc_v.grow_to(nt);
        self.cyc_e.grow_to(nt);
        self.splits.grow_to(nt);
        let mut corners = Vec::with_capacity(MAX_CORNERS);
        let mut edges = Vec::with_capacity(MAX_CORNERS);
        let mut keys = Vec::with_capacity(MAX_CORNERS);
        let mut splits = Vec::with_capacity(MAX_CORNERS * MAX_CORNERS);
        for &t in &changed.list {
            let t = t.index();
            corners.clear();
            edges.clear();
            if let Some(rec) = &base.tessels[t] {
                corners.extend(rec.verts.iter().map(|v| self.glued_vertex[v.index()]));
                edges.extend(rec.edges.iter().map(|e| self.glued_edge[e.index()]));
            }
            self.cyc_v.set_row(t, &corners);
            self.cyc_e.set_row(t, &edges);
            split_pairs(&corners, &self.spliced_vertex, &mut keys, &mut splits);
            self.splits.set_row(t, &splits);
        }
    }

    /// The live tessels: the old ones but for the changed tessels, plus those live now.
    fn follow_live(&mut self, base: &Base, changed: &Changed) {
        let live_now: Vec<TesselId> = (changed.list.iter())
            .filter(|t| base.rec(**t).is_some())
            .copied()
            .collect();
        let old = std::mem::take(&mut self.live);
        let kept = old.iter().filter(|t| !changed.flag[t.index()]);
        merge_into(&mut self.live, kept, &live_now);
    }

    /// The glued edges of the changed tessels' cycles, old and new, and every edge id made
    /// by the edit (past `old_ne`), ascending.
    fn edges_near(&self, before: &Before, changed: &Changed, old_ne: usize) -> Vec<EdgeId> {
        let mut near = Vec::with_capacity(64);
        // A bit per old edge, read off in order: cheaper than sorting them.
        scratch::with_zeroed_words(old_ne.div_ceil(64), |at| {
            for (k, t) in changed.list.iter().enumerate() {
                let edges = before.cyc_e.row(k).iter().chain(self.cyc_e.row(t.index()));
                for e in edges.map(|e| e.index()).filter(|&e| e < old_ne) {
                    at[e / 64] |= 1 << (e % 64);
                }
            }
            for (k, &word) in at.iter().enumerate() {
                let mut bits = word;
                while bits != 0 {
                    near.push(EdgeId((64 * k + bits.trailing_zeros() as usize) as u16));
                    bits &= bits - 1;
                }
            }
        });
        near.extend((old_ne..self.glued_edge.len()).map(|e| EdgeId(e as u16)));
        near
    }

    /// Ends, sides and the periphery, made afresh at the edges near the edit. `None` on a V2
    /// fault at a changed tessel or a tessel using an edge near the edit.
    fn follow_edge_uses(&mut self, base: &Base, changed: &Changed, near: &[EdgeId]) -> Option<()> {
        let ne = base.edges.len();
        self.ends.resize(ne, None);
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
            let (l, r) = self.sides[e];
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
        self.follow_periphery(near);
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
    fn follow_periphery(&mut self, near: &[EdgeId]) {
        let rim: Vec<EdgeId> = (near.iter())
            .filter(|g| {
                let (l, r) = self.sides[g.index()];
                self.ends[g.index()].is_some() && l.is_some() != r.is_some()
            })
            .copied()
            .collect();
        let old = std::mem::take(&mut self.periphery);
        // Both ascending: one pass leaves out the edges near the edit.
        let mut at = 0;
        let kept = old.iter().filter(|g| {
            while near.get(at).is_some_and(|n| n < g) {
                at += 1;
            }
            near.get(at) != Some(g)
        });
        merge_into(&mut self.periphery, kept, &rim);
    }

    /// The tessels at each glued vertex: each changed tessel leaves the rows of the corners
    /// it lost and joins those of the corners it gained. Returns the corners of the changed
    /// tessels, old and new (their rows or their tessels changed).
    fn follow_at_vertex(&mut self, before: &Before, changed: &Changed) -> Vec<VertexId> {
        self.at_vertex.grow_to(self.glued_vertex.len());
        let mut corners: Vec<VertexId> = Vec::with_capacity(4 * MAX_CORNERS);
        for (k, &t) in changed.list.iter().enumerate() {
            let (was, now) = (before.cyc_v.row(k), self.cyc_v.row(t.index()));
            for &v in was.iter().filter(|v| !now.contains(v)) {
                self.at_vertex.remove_sorted(v.index(), t);
            }
            for &v in now.iter().filter(|v| !was.contains(v)) {
                self.at_vertex.insert_sorted(v.index(), t);
            }
            corners.extend_from_slice(was);
            corners.extend_from_slice(now);
        }
        corners
    }

    /// The edges at each glued vertex: each edge near the edit leaves the rows of the ends
    /// it lost (`old_ends` held them) and joins those of the ends it gained. Returns the
    /// ends, old and new.
    fn follow_vertex_edges(
        &mut self,
        near: &[EdgeId],
        old_ends: &[Option<[VertexId; 2]>],
    ) -> Vec<VertexId> {
        self.vertex_edges.grow_to(self.glued_vertex.len());
        let mut ends: Vec<VertexId> = Vec::with_capacity(4 * near.len());
        for (&g, was) in near.iter().zip(old_ends) {
            let was: &[VertexId] = was.as_ref().map_or(&[], |e| e.as_slice());
            let now = self.ends[g.index()];
            let now: &[VertexId] = now.as_ref().map_or(&[], |e| e.as_slice());
            for &v in was.iter().filter(|v| !now.contains(v)) {
                self.vertex_edges.remove_sorted(v.index(), g);
            }
            for &v in now.iter().filter(|v| !was.contains(v)) {
                self.vertex_edges.insert_sorted(v.index(), g);
            }
            ends.extend_from_slice(was);
            ends.extend_from_slice(now);
        }
        ends
    }
}

/// A flag per tessel id of the new base: its record is not the old base's (new, gone or
/// replaced; `altered` copies a record on write, so an untouched one is shared).
fn records_changed(base: &Base, old_base: &Base) -> Vec<bool> {
    let mut flag = Vec::with_capacity(base.tessels.len());
    let kept = base.tessels.iter().zip(&old_base.tessels);
    flag.extend(kept.map(|(now, was)| match (was, now) {
        (Some(was), Some(now)) => !Arc::ptr_eq(was, now),
        (None, None) => false,
        _ => true,
    }));
    // Ids past the old base's are new.
    flag.resize(base.tessels.len(), true);
    flag
}

/// Whether the changed tessels run the same spliced edges (old ids), each the same way,
/// before and after the edit, so every spliced edge keeps its one user's run.
fn spliced_runs_kept(base: &Base, old_base: &Base, old: &Derived, flag: &[bool]) -> bool {
    let spliced = |e: EdgeId| old.splice_of.get(e.index()).is_some_and(Option::is_some);
    let runs = |b: &Base| {
        let mut found: Vec<(EdgeId, VertexId, VertexId)> = Vec::with_capacity(64);
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
