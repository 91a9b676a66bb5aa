//! Which edges may take a new vertex and which vertices may go (mutou D2 (1) and (2)), kept
//! with the caches so that a listing reads a flag per edge and per vertex. Both depend only
//! on the caches at the edge or vertex (its sides' cycles, the tessels and edges at the
//! vertex and whether splices made them), so after an edit only the edges near it and the
//! vertices whose rows changed are judged again. `listing` compares them with the checks of
//! `ops` in test builds.

use super::Derived;
use crate::mutou::surface::ids::{EdgeId, VertexId};
use crate::mutou::surface::{MAX_CORNERS, MIN_EDIT_CORNERS};

impl Derived {
    /// Both flags for every glued edge and vertex (after the incidence caches).
    pub(super) fn map_verdicts(&mut self) {
        self.insertable = (0..self.ends.len())
            .map(|e| self.insertable_now(EdgeId(e as u16)))
            .collect();
        self.removable = (0..self.glued_vertex.len())
            .map(|v| self.removable_now(VertexId(v as u16)))
            .collect();
    }

    /// The flags, judged again at the edges `near` an edit and the vertices `rows` whose
    /// tessels or edges it changed (vertices from `old_nv` on are new).
    pub(super) fn follow_verdicts(&mut self, near: &[EdgeId], rows: Vec<VertexId>, old_nv: usize) {
        self.insertable.resize(self.ends.len(), false);
        for &e in near {
            self.insertable[e.index()] = self.insertable_now(e);
        }
        self.removable.resize(self.glued_vertex.len(), false);
        let new = (old_nv..self.glued_vertex.len()).map(|v| VertexId(v as u16));
        // `rows` names most vertices several times: judge each once.
        let mut judged = vec![false; self.glued_vertex.len()];
        for v in rows.into_iter().chain(new) {
            if !std::mem::replace(&mut judged[v.index()], true) {
                self.removable[v.index()] = self.removable_now(v);
            }
        }
    }

    /// `check_insert` without the room for new ids: a live glued edge that no splice made,
    /// each side below the most corners.
    fn insertable_now(&self, e: EdgeId) -> bool {
        let e = e.index();
        let (l, r) = self.sides[e];
        let room = |t: Option<_>| {
            t.is_none_or(|t: crate::mutou::surface::TesselId| {
                self.cyc_v.row(t.index()).len() < MAX_CORNERS
            })
        };
        self.ends[e].is_some() && self.splice_of[e].is_none() && room(l) && room(r)
    }

    /// `check_remove`: a vertex with tessels, not made by a splice, on exactly two edges that
    /// no splice made, each tessel at it above the fewest corners an edit may leave.
    fn removable_now(&self, v: VertexId) -> bool {
        let tessels = self.at_vertex.row(v.index());
        let edges = self.vertex_edges.row(v.index());
        !tessels.is_empty()
            && !self.spliced_vertex[v.index()]
            && edges.len() == 2
            && edges.iter().all(|e| self.splice_of[e.index()].is_none())
            && (tessels.iter()).all(|t| self.cyc_v.row(t.index()).len() > MIN_EDIT_CORNERS)
    }
}
