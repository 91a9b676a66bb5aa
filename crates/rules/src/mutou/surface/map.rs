//! The stored map (the base), the `Surface` type and its queries.
//!
//! Every query answers on the glued map (base + splices) from caches rebuilt after each edit,
//! so queries return slices and never allocate (but for a jagger row's first query, which
//! traces and keeps it: see `derive`).

use std::hash::{Hash, Hasher};
use std::sync::Arc;

use super::derive::Derived;
use super::draw::Geo;
use super::edit::Edit;
use super::error::SurfaceError;
use super::ids::{EdgeId, TesselId, VertexId, ID_LIMIT};

/// Where a tessel came from, for renderers and names.
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum Origin {
    /// A unit square of a square board, at grid position (x, y) as given to the generator.
    Square {
        /// Grid column.
        x: i16,
        /// Grid row.
        y: i16,
    },
    /// A hexagon of a hex board at axial position (q, r) (pointy-top; see `hex_cells`).
    Hex {
        /// Axial column (east).
        q: i16,
        /// Axial row (60° from east).
        r: i16,
    },
    /// A sown cell around the point (x, y).
    Sown {
        /// Point abscissa.
        x: f64,
        /// Point ordinate.
        y: f64,
    },
    /// A tessel made by an edit (split's new part, scribe).
    Scribed,
}

/// Remote splices added by the square generator.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Wrap {
    /// No splices.
    None,
    /// West edges of column 0 spliced to east edges of the last column, row by row.
    Cylinder,
    /// The cylinder, plus south edges of row 0 spliced to north edges of the last row.
    Torus,
}

/// The adjacency a distance is measured in.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Graph {
    /// Walker steps: tessels sharing an edge.
    Edge,
    /// Touching steps: tessels sharing a vertex.
    Vertex,
}

/// `Origin` in a hashable form (sown coordinates kept as bits).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(super) enum Place {
    Square(i16, i16),
    Hex(i16, i16),
    Sown(u64, u64),
    Scribed,
}

impl Place {
    pub(super) fn sown(x: f64, y: f64) -> Place {
        Place::Sown(x.to_bits(), y.to_bits())
    }

    fn origin(self) -> Origin {
        match self {
            Place::Square(x, y) => Origin::Square { x, y },
            Place::Hex(q, r) => Origin::Hex { q, r },
            Place::Sown(x, y) => Origin::Sown {
                x: f64::from_bits(x),
                y: f64::from_bits(y),
            },
            Place::Scribed => Origin::Scribed,
        }
    }
}

/// One stored tessel: a counter-clockwise cycle where `edges[i]` joins `verts[i]` to
/// `verts[i + 1 mod k]` (base ids).
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub(super) struct TesselRec {
    pub verts: Vec<VertexId>,
    pub edges: Vec<EdgeId>,
    pub place: Place,
    pub edited: bool,
    pub mark: Option<u8>,
}

/// The stored map: tessels, edges (tail, head) and vertices by id, with tombstones, plus the
/// splices (pairs of base edges, smaller first) and the naming frame of square boards.
///
/// Tessel records are shared between copies (`Arc`), so copying a base before an edit costs
/// no allocation per tessel; `rec_mut` copies one record on write. Comparison and hashing
/// see through the sharing.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub(super) struct Base {
    pub tessels: Vec<Option<Arc<TesselRec>>>,
    pub edges: Vec<Option<[VertexId; 2]>>,
    pub vertices: Vec<bool>,
    pub splices: Vec<[EdgeId; 2]>,
    /// Grid position named `a1`, if square cells are named algebraically.
    pub algebraic: Option<(i16, i16)>,
}

impl Base {
    /// Refuses an edit that would allocate more ids than a `u16` holds.
    pub fn room(&self, verts: usize, edges: usize, tessels: usize) -> Result<(), SurfaceError> {
        let full = |len: usize, more: usize| len + more > ID_LIMIT;
        if full(self.vertices.len(), verts) {
            return Err(SurfaceError::IdsExhausted("vertex"));
        }
        if full(self.edges.len(), edges) {
            return Err(SurfaceError::IdsExhausted("edge"));
        }
        if full(self.tessels.len(), tessels) {
            return Err(SurfaceError::IdsExhausted("tessel"));
        }
        Ok(())
    }

    /// A new vertex (next unused id). Callers check `room` first.
    pub fn new_vertex(&mut self) -> VertexId {
        let id = VertexId(self.vertices.len() as u16);
        self.vertices.push(true);
        id
    }

    /// A new edge from `tail` to `head` (next unused id). Callers check `room` first.
    pub fn new_edge(&mut self, tail: VertexId, head: VertexId) -> EdgeId {
        let id = EdgeId(self.edges.len() as u16);
        self.edges.push(Some([tail, head]));
        id
    }

    /// A new tessel (next unused id). Callers check `room` first.
    pub fn new_tessel(&mut self, rec: TesselRec) -> TesselId {
        let id = TesselId(self.tessels.len() as u16);
        self.tessels.push(Some(Arc::new(rec)));
        id
    }

    /// The live tessel record, if any.
    pub fn rec(&self, t: TesselId) -> Option<&TesselRec> {
        self.tessels.get(t.index()).and_then(Option::as_deref)
    }

    /// The live tessel record, mutably (unshared first if a copy shares it). Panics on a
    /// dead id (callers checked liveness).
    pub fn rec_mut(&mut self, t: TesselId) -> &mut TesselRec {
        let rec = self.tessels[t.index()].as_mut();
        Arc::make_mut(rec.expect("edit on a live tessel"))
    }
}

/// The playing surface: a combinatorial map with remote splices, stand marks and the log of
/// the edits applied since generation.
///
/// Equality and hashing cover the base map, splices, stand marks, origins and the edit log
/// (not the derived caches), so two surfaces are equal exactly when they were built the same
/// way. The drawing (vertex positions, see `geometry`) is left out of both: it follows from
/// the generator and the edit log.
#[derive(Clone, Debug)]
pub struct Surface {
    pub(super) base: Base,
    pub(super) log: Vec<Edit>,
    pub(super) cache: Derived,
    pub(super) geo: Geo,
}

impl PartialEq for Surface {
    fn eq(&self, other: &Self) -> bool {
        self.base == other.base && self.log == other.log
    }
}

impl Eq for Surface {}

impl Hash for Surface {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.base.hash(state);
        self.log.hash(state);
    }
}

impl Surface {
    /// Builds the caches of `base` and validates it (V1–V4); `geo` is its drawing.
    pub(super) fn from_base(base: Base, geo: Geo) -> Result<Surface, SurfaceError> {
        let cache = Derived::build(&base);
        let surface = Surface {
            base,
            log: Vec::new(),
            cache,
            geo,
        };
        surface.validate()?;
        Ok(surface)
    }

    /// Live tessel ids, ascending.
    pub fn tessels(&self) -> &[TesselId] {
        &self.cache.live
    }

    /// The number of live tessels.
    pub fn len(&self) -> usize {
        self.cache.live.len()
    }

    /// Whether there are no live tessels (never true of a valid surface).
    pub fn is_empty(&self) -> bool {
        self.cache.live.is_empty()
    }

    /// Whether `t` is a live tessel.
    pub fn is_live(&self, t: TesselId) -> bool {
        self.base.rec(t).is_some()
    }

    /// The largest tessel id allocated so far (live or erased); every live id is at most this.
    /// Tables indexed by tessel id need `max_tessel_id().index() + 1` entries.
    pub fn max_tessel_id(&self) -> TesselId {
        TesselId(self.base.tessels.len().saturating_sub(1) as u16)
    }

    /// The corners of `t` counter-clockwise (glued ids); empty for a dead id.
    pub fn vertices(&self, t: TesselId) -> &[VertexId] {
        self.cache.cyc_v.row(t.index())
    }

    /// The edges of `t` (glued ids), where `edges(t)[i]` joins `vertices(t)[i]` to the next
    /// corner; empty for a dead id.
    pub fn edges(&self, t: TesselId) -> &[EdgeId] {
        self.cache.cyc_e.row(t.index())
    }

    /// Tessels sharing at least one edge with `t` (mutou S8), ascending, without `t`.
    pub fn walker(&self, t: TesselId) -> &[TesselId] {
        self.cache.walker.row(t.index())
    }

    /// Tessels sharing at least one vertex but no edge with `t` (mutou S9), ascending.
    pub fn angler(&self, t: TesselId) -> &[TesselId] {
        self.cache.angler.row(t.index())
    }

    /// Tessels sharing at least one vertex with `t` (walker ∪ angler), ascending, without `t`.
    pub fn touching(&self, t: TesselId) -> &[TesselId] {
        self.cache.touching.row(t.index())
    }

    /// Jagger destinations of `t` with their least cost in move units (mutou S10, D9),
    /// ascending by tessel. Occupancy is not considered.
    pub fn jagger(&self, t: TesselId) -> &[(TesselId, u8)] {
        self.cache.jagger_row(t)
    }

    /// The tessels beside a glued edge: (the one using it tail→head, the one using it
    /// head→tail). Both `None` for an id that is not a live glued edge.
    pub fn edge_sides(&self, e: EdgeId) -> (Option<TesselId>, Option<TesselId>) {
        self.cache
            .sides
            .get(e.index())
            .copied()
            .unwrap_or((None, None))
    }

    /// The glued endpoints (tail, head) of a live glued edge.
    pub fn edge_ends(&self, e: EdgeId) -> Option<(VertexId, VertexId)> {
        let ends = self.cache.ends.get(e.index()).copied().flatten()?;
        Some((ends[0], ends[1]))
    }

    /// Tessels having `v` (a glued vertex id) as a corner, ascending; empty for other ids.
    pub fn tessels_at(&self, v: VertexId) -> &[TesselId] {
        self.cache.at_vertex.row(v.index())
    }

    /// Glued edges having `v` as an endpoint, ascending.
    pub fn edges_at(&self, v: VertexId) -> &[EdgeId] {
        self.cache.vertex_edges.row(v.index())
    }

    /// Fills `out` (indexed by tessel id, length `max_tessel_id + 1`) with shortest-path
    /// lengths from `from` over walker (`Graph::Edge`) or touching (`Graph::Vertex`)
    /// adjacency; `u16::MAX` where unreachable (and everywhere if `from` is not live).
    pub fn distances(&self, from: TesselId, graph: Graph, out: &mut Vec<u16>) {
        out.clear();
        out.resize(self.base.tessels.len(), u16::MAX);
        if !self.is_live(from) {
            return;
        }
        out[from.index()] = 0;
        // Layer by layer, so no queue is allocated: edits are rare, boards small.
        let mut layer = 0u16;
        loop {
            let mut grew = false;
            for &t in &self.cache.live {
                if out[t.index()] != layer {
                    continue;
                }
                let next = match graph {
                    Graph::Edge => self.walker(t),
                    Graph::Vertex => self.touching(t),
                };
                for &n in next {
                    if out[n.index()] == u16::MAX {
                        out[n.index()] = layer + 1;
                        grew = true;
                    }
                }
            }
            if !grew {
                return;
            }
            layer += 1;
        }
    }

    /// [`Surface::distances`] up to `limit`: `out[t]` is the shortest-path length from `from`
    /// where it is at most `limit`, `u16::MAX` everywhere else. Searches only that far.
    pub fn distances_within(&self, from: TesselId, graph: Graph, limit: u16, out: &mut Vec<u16>) {
        self.distances_to(from, graph, limit, &[], out);
    }

    /// [`Surface::distances_within`], stopping early once every tessel of `wanted` (if any)
    /// has its length: `out` is then exact at `wanted`, and elsewhere either exact or
    /// `u16::MAX`. With `wanted` empty the search goes the whole way.
    pub fn distances_to(
        &self,
        from: TesselId,
        graph: Graph,
        limit: u16,
        wanted: &[TesselId],
        out: &mut Vec<u16>,
    ) {
        out.clear();
        out.resize(self.base.tessels.len(), u16::MAX);
        if !self.is_live(from) {
            return;
        }
        out[from.index()] = 0;
        // Room for every tessel at once, so the layers never grow.
        let (mut layer, mut next) = (
            Vec::with_capacity(self.len()),
            Vec::with_capacity(self.len()),
        );
        layer.push(from);
        for length in 1..=limit {
            for &t in &layer {
                let near = match graph {
                    Graph::Edge => self.walker(t),
                    Graph::Vertex => self.touching(t),
                };
                for &n in near {
                    if out[n.index()] == u16::MAX {
                        out[n.index()] = length;
                        next.push(n);
                    }
                }
            }
            let found = |t: &TesselId| out.get(t.index()).is_none_or(|&d| d != u16::MAX);
            if next.is_empty() || !wanted.is_empty() && wanted.iter().all(found) {
                return;
            }
            std::mem::swap(&mut layer, &mut next);
            next.clear();
        }
    }

    /// Glued edges with exactly one tessel beside them, ascending.
    pub fn periphery_edges(&self) -> &[EdgeId] {
        &self.cache.periphery
    }

    /// The splices in force, as pairs of base edges (smaller first); the glued edge takes the
    /// first id.
    pub fn splices(&self) -> &[[EdgeId; 2]] {
        &self.base.splices
    }

    /// The edits applied since generation, in order.
    pub fn edit_log(&self) -> &[Edit] {
        &self.log
    }

    /// Where `t` came from; `Origin::Scribed` for a dead id.
    pub fn origin(&self, t: TesselId) -> Origin {
        self.base
            .rec(t)
            .map_or(Origin::Scribed, |r| r.place.origin())
    }

    /// Whether `t`'s boundary changed since generation (always true for tessels made by
    /// edits; false for a dead id).
    pub fn edited(&self, t: TesselId) -> bool {
        self.base.rec(t).is_some_and(|r| r.edited)
    }

    /// The seat whose stand `t` belongs to, if any.
    pub fn stand_mark(&self, t: TesselId) -> Option<u8> {
        self.base.rec(t).and_then(|r| r.mark)
    }

    /// Whether the caches equal a rebuild from the base (`Err` names the first that does not),
    /// for tests that edits keep them right. Traces every jagger row on both sides.
    #[cfg(test)]
    pub(crate) fn caches_match_rebuild(&self) -> Result<(), String> {
        self.cache.same_as(&Derived::build(&self.base))
    }

    /// Makes `tessels` the stand of `seat` (clearing the seat's earlier marks), then
    /// validates (V4). On failure the surface is unchanged.
    pub fn mark_stand(&mut self, seat: u8, tessels: &[TesselId]) -> Result<(), SurfaceError> {
        let mut base = self.base.clone();
        for rec in base.tessels.iter_mut().flatten() {
            if rec.mark == Some(seat) {
                Arc::make_mut(rec).mark = None;
            }
        }
        for &t in tessels {
            match base.tessels.get_mut(t.index()).and_then(Option::as_mut) {
                Some(rec) => Arc::make_mut(rec).mark = Some(seat),
                None => return Err(SurfaceError::NoTessel(t)),
            }
        }
        // Marks are not part of the caches, so only the validity check is needed.
        super::validity::check(&base, &self.cache)?;
        self.base = base;
        Ok(())
    }
}
