//! Surface alterations (mutou D2): the `Edit` type, its text form, `apply` and `edits`.

use std::fmt;
use std::str::FromStr;

use super::derive::Derived;
use super::error::SurfaceError;
use super::ids::{EdgeId, TesselId, VertexId};
use super::map::{Base, Surface};
use super::ops::{self, MergeRun};
use super::validity;

/// One alteration of the playing surface (mutou D2 (1)–(8)). Ids are glued ids as the
/// queries show them. Text form without spaces: `insert:e5`, `remove:v7`, `split:t3:v1:v5`,
/// `merge:t3:t4`, `scribe:e5:2`, `erase:t3`, `splice:e5:e9`, `unsplice:e5`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Edit {
    /// (1) A new vertex in the middle of an unspliced edge; both sides get a corner.
    InsertVertex {
        /// The edge; it keeps its id for the half at its tail, the other half is new.
        edge: EdgeId,
    },
    /// (2) Remove a vertex on exactly two edges; they become one (the smaller id stays).
    RemoveVertex {
        /// The vertex.
        vertex: VertexId,
    },
    /// (3) A new edge from corner `a` to corner `b` (not neighbours) splits the tessel: the
    /// part running counter-clockwise from `a` to `b` keeps the id, the other part is new.
    Split {
        /// The tessel.
        tessel: TesselId,
        /// First corner (the new edge's tail).
        a: VertexId,
        /// Second corner (the new edge's head).
        b: VertexId,
    },
    /// (4) Erase the whole shared boundary (one contiguous run) of two edge-neighbours.
    Merge {
        /// The tessel that grows (keeps a stand mark if either had one).
        keep: TesselId,
        /// The tessel that dies.
        gone: TesselId,
    },
    /// (5) A new tessel glued to a periphery edge, in the vacant space beyond it, with
    /// `corners` new vertices (1..=4: a tessel of 3–6 edges).
    Scribe {
        /// The periphery edge.
        edge: EdgeId,
        /// The number of new vertices.
        corners: u8,
    },
    /// (6) The tessel disappears, unless that breaks V3 or V4.
    Erase {
        /// The tessel.
        tessel: TesselId,
    },
    /// (7) Glue two periphery edges (smaller id first), orientation-reversing (mutou S7).
    Splice {
        /// The smaller edge id; the glued edge keeps it.
        a: EdgeId,
        /// The larger edge id.
        b: EdgeId,
    },
    /// (8) Undo the splice that made a glued edge.
    Unsplice {
        /// The glued edge (the splice's smaller edge).
        edge: EdgeId,
    },
}

/// What `apply` made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Applied {
    /// The new tessel: split's new part or the scribed tessel.
    pub created: Option<TesselId>,
}

impl fmt::Display for Edit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Edit::InsertVertex { edge } => write!(f, "insert:{edge}"),
            Edit::RemoveVertex { vertex } => write!(f, "remove:{vertex}"),
            Edit::Split { tessel, a, b } => write!(f, "split:{tessel}:{a}:{b}"),
            Edit::Merge { keep, gone } => write!(f, "merge:{keep}:{gone}"),
            Edit::Scribe { edge, corners } => write!(f, "scribe:{edge}:{corners}"),
            Edit::Erase { tessel } => write!(f, "erase:{tessel}"),
            Edit::Splice { a, b } => write!(f, "splice:{a}:{b}"),
            Edit::Unsplice { edge } => write!(f, "unsplice:{edge}"),
        }
    }
}

impl FromStr for Edit {
    type Err = SurfaceError;

    /// Reads the text form written by `Display`.
    fn from_str(text: &str) -> Result<Edit, SurfaceError> {
        let bad = || SurfaceError::Parse {
            what: "an edit",
            text: text.to_string(),
        };
        let parts: Vec<&str> = text.split(':').collect();
        let t = |i: usize| TesselId::parse(parts[i]).ok_or_else(bad);
        let v = |i: usize| VertexId::parse(parts[i]).ok_or_else(bad);
        let e = |i: usize| EdgeId::parse(parts[i]).ok_or_else(bad);
        let edit = match (parts[0], parts.len()) {
            ("insert", 2) => Edit::InsertVertex { edge: e(1)? },
            ("remove", 2) => Edit::RemoveVertex { vertex: v(1)? },
            ("split", 4) => Edit::Split {
                tessel: t(1)?,
                a: v(2)?,
                b: v(3)?,
            },
            ("merge", 3) => Edit::Merge {
                keep: t(1)?,
                gone: t(2)?,
            },
            ("scribe", 3) => {
                let corners: u8 = parts[2].parse().map_err(|_| bad())?;
                if corners.to_string() != parts[2] {
                    return Err(bad());
                }
                Edit::Scribe { edge: e(1)?, corners }
            }
            ("erase", 2) => Edit::Erase { tessel: t(1)? },
            ("splice", 3) => Edit::Splice { a: e(1)?, b: e(2)? },
            ("unsplice", 2) => Edit::Unsplice { edge: e(1)? },
            _ => return Err(bad()),
        };
        Ok(edit)
    }
}

/// What a passed check hands to the effect.
enum Plan {
    Plain,
    Merge(MergeRun),
    Unsplice(usize),
}

impl Surface {
    /// Applies one edit: checks it, alters the map, rebuilds the caches and validates
    /// (V1–V4). On any failure the surface is unchanged and the error says why. No edit may
    /// leave a tessel with fewer than 3 or more than 19 vertices.
    pub fn apply(&mut self, edit: Edit) -> Result<Applied, SurfaceError> {
        let plan = self.check(edit)?;
        let (base, cache, created) = self.trial(edit, plan)?;
        self.base = base;
        self.cache = cache;
        self.log.push(edit);
        Ok(Applied { created })
    }

    /// The checks of `edit` that need no trial run.
    fn check(&self, edit: Edit) -> Result<Plan, SurfaceError> {
        match edit {
            Edit::InsertVertex { edge } => self.check_insert(edge)?,
            Edit::RemoveVertex { vertex } => self.check_remove(vertex)?,
            Edit::Split { tessel, a, b } => self.check_split(tessel, a, b)?,
            Edit::Merge { keep, gone } => return self.check_merge(keep, gone).map(Plan::Merge),
            Edit::Scribe { edge, corners } => self.check_scribe(edge, corners)?,
            Edit::Erase { tessel } => self.check_erase(tessel)?,
            Edit::Splice { a, b } => self.check_splice(a, b)?,
            Edit::Unsplice { edge } => return self.check_unsplice(edge).map(Plan::Unsplice),
        }
        Ok(Plan::Plain)
    }

    /// The altered base and caches, validated.
    fn trial(
        &self,
        edit: Edit,
        plan: Plan,
    ) -> Result<(Base, Derived, Option<TesselId>), SurfaceError> {
        let mut base = self.base.clone();
        let d = &self.cache;
        let mut created = None;
        match (edit, plan) {
            (Edit::InsertVertex { edge }, _) => ops::insert_vertex(&mut base, d, edge),
            (Edit::RemoveVertex { vertex }, _) => ops::remove_vertex(&mut base, d, vertex),
            (Edit::Split { tessel, a, b }, _) => {
                created = Some(ops::split(&mut base, tessel, a, b, true));
            }
            (Edit::Merge { keep, gone }, Plan::Merge(run)) => ops::merge(&mut base, keep, gone, run),
            (Edit::Scribe { edge, corners }, _) => {
                created = Some(ops::scribe(&mut base, d, edge, corners));
            }
            (Edit::Erase { tessel }, _) => ops::erase(&mut base, tessel),
            (Edit::Splice { a, b }, _) => base.splices.push([a, b]),
            (Edit::Unsplice { .. }, Plan::Unsplice(i)) => {
                base.splices.remove(i);
            }
            _ => unreachable!("check returns the plan of its edit"),
        }
        let cache = Derived::build(&base);
        validity::check(&base, &cache)?;
        Ok((base, cache, created))
    }

    /// Fills `out` (after clearing it) with every edit `apply` would accept whose affected
    /// tessels are allowed: tessel edits need the tessel allowed, edge edits a tessel beside
    /// the edge, vertex edits a tessel at the vertex, merge and splice both sides. Order:
    /// by kind as in [`Edit`], then by ids ascending.
    pub fn edits(&self, allowed: impl Fn(TesselId) -> bool, out: &mut Vec<Edit>) {
        out.clear();
        let beside = |e: EdgeId| {
            let (l, r) = self.edge_sides(e);
            l.is_some_and(&allowed) || r.is_some_and(&allowed)
        };
        let glued_edges = (0..self.cache.ends.len())
            .filter(|&e| self.cache.ends[e].is_some())
            .map(|e| EdgeId(e as u16));
        for edge in glued_edges.filter(|&e| beside(e)) {
            if self.check_insert(edge).is_ok() {
                out.push(Edit::InsertVertex { edge });
            }
        }
        for vertex in (0..self.base.vertices.len()).map(|v| VertexId(v as u16)) {
            let near = self.tessels_at(vertex).iter().any(|&t| allowed(t));
            if near && self.check_remove(vertex).is_ok() {
                out.push(Edit::RemoveVertex { vertex });
            }
        }
        self.tessel_edits(&allowed, out);
        for &edge in self.periphery_edges().iter().filter(|&&e| beside(e)) {
            for corners in 1..=4 {
                if self.check_scribe(edge, corners).is_ok() {
                    out.push(Edit::Scribe { edge, corners });
                }
            }
        }
        for &tessel in self.tessels().iter().filter(|&&t| allowed(t)) {
            if self.check_erase(tessel).is_ok() {
                out.push(Edit::Erase { tessel });
            }
        }
        self.splice_edits(&allowed, out);
    }

    /// Split and merge candidates.
    fn tessel_edits(&self, allowed: &impl Fn(TesselId) -> bool, out: &mut Vec<Edit>) {
        for &tessel in self.tessels().iter().filter(|&&t| allowed(t)) {
            let mut corners = self.vertices(tessel).to_vec();
            corners.sort_unstable();
            for &a in &corners {
                for &b in &corners {
                    if self.check_split(tessel, a, b).is_ok() {
                        out.push(Edit::Split { tessel, a, b });
                    }
                }
            }
        }
        for &keep in self.tessels().iter().filter(|&&t| allowed(t)) {
            for &gone in self.walker(keep).iter().filter(|&&t| allowed(t)) {
                if self.check_merge(keep, gone).is_ok() {
                    out.push(Edit::Merge { keep, gone });
                }
            }
        }
    }

    /// Splice and unsplice candidates (unsplice by trial: it may break V3 or V4).
    fn splice_edits(&self, allowed: &impl Fn(TesselId) -> bool, out: &mut Vec<Edit>) {
        let side_ok = |e: EdgeId| {
            let (l, r) = self.edge_sides(e);
            l.or(r).is_some_and(allowed)
        };
        let rim = self.periphery_edges();
        for (i, &a) in rim.iter().enumerate() {
            for &b in &rim[i + 1..] {
                if side_ok(a) && side_ok(b) && self.check_splice(a, b).is_ok() {
                    out.push(Edit::Splice { a, b });
                }
            }
        }
        let mut glued: Vec<EdgeId> = self.base.splices.iter().map(|s| s[0]).collect();
        glued.sort_unstable();
        for edge in glued {
            let (l, r) = self.edge_sides(edge);
            if !(l.is_some_and(allowed) || r.is_some_and(allowed)) {
                continue;
            }
            let edit = Edit::Unsplice { edge };
            if let Ok(plan) = self.check(edit) {
                if self.trial(edit, plan).is_ok() {
                    out.push(edit);
                }
            }
        }
    }
}
