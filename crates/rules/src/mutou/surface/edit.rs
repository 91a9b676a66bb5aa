//! Surface alterations (mutou D2): the `Edit` type, its text form, `apply` and `edits`.

use std::fmt;
use std::str::FromStr;

#[cfg(any(test, debug_assertions))]
use super::derive::Derived;
use super::error::SurfaceError;
use super::ids::{EdgeId, TesselId, VertexId};
use super::map::{Base, Surface};
use super::ops::{self, MergeRun};
#[cfg(any(test, debug_assertions))]
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
    /// Both parts keep the tessel's stand mark. Corners made by a splice are refused.
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
    /// `corners` new vertices (1..=4: a tessel of 3–6 edges). It has no stand mark. An edge
    /// ending at a vertex made by a splice is refused.
    Scribe {
        /// The periphery edge.
        edge: EdgeId,
        /// The number of new vertices.
        corners: u8,
    },
    /// (6) The tessel disappears, with its edges and vertices no other tessel uses, unless
    /// that breaks V3 or V4. A tessel with a spliced edge is refused.
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
                Edit::Scribe {
                    edge: e(1)?,
                    corners,
                }
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
pub(super) enum Plan {
    Plain,
    Merge(MergeRun),
    Unsplice(usize),
}

impl Surface {
    /// Applies one edit: checks it, alters the map and brings the caches up to date. On any
    /// failure the surface is unchanged and the error says why. No edit may leave a tessel
    /// with fewer than 3 or more than 19 vertices. The checks alone decide (`edits` relies
    /// on them, and `tests/exact.rs` shows that every edit they pass validates), so only
    /// debug and test builds validate the result (V1–V4) again, as a safety net.
    pub fn apply(&mut self, edit: Edit) -> Result<Applied, SurfaceError> {
        let plan = self.check(edit)?;
        let (base, created) = self.altered(edit, plan);
        // Test and debug builds: the result validates, and the caches brought up from the
        // old ones equal those built from scratch.
        #[cfg(any(test, debug_assertions))]
        let rebuilt = {
            let rebuilt = Derived::build(&base);
            validity::check(&base, &rebuilt)?;
            rebuilt
        };
        self.geo
            .follow(edit, &self.base, &self.cache, &base, created);
        self.cache.follow_edit(&base, &self.base);
        #[cfg(any(test, debug_assertions))]
        if let Err(field) = self.cache.fields_same_as(&rebuilt) {
            panic!("the caches after {edit}: {field}");
        }
        self.base = base;
        self.log.push(edit);
        Ok(Applied { created })
    }

    /// The checks of `edit` that need no trial run (exact: a passed check always validates).
    pub(super) fn check(&self, edit: Edit) -> Result<Plan, SurfaceError> {
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

    /// The altered base and caches rebuilt from scratch, validated (for tests that judge the
    /// checks by V1–V4 alone).
    #[cfg(test)]
    pub(super) fn trial(
        &self,
        edit: Edit,
        plan: Plan,
    ) -> Result<(Base, Derived, Option<TesselId>), SurfaceError> {
        let (base, created) = self.altered(edit, plan);
        let cache = Derived::build(&base);
        validity::check(&base, &cache)?;
        Ok((base, cache, created))
    }

    /// The base once `edit` (with the plan its check returned) is made, and the tessel it
    /// created, if any.
    fn altered(&self, edit: Edit, plan: Plan) -> (Base, Option<TesselId>) {
        let mut base = self.base.clone();
        let d = &self.cache;
        let mut created = None;
        match (edit, plan) {
            (Edit::InsertVertex { edge }, _) => ops::insert_vertex(&mut base, d, edge),
            (Edit::RemoveVertex { vertex }, _) => ops::remove_vertex(&mut base, d, vertex),
            (Edit::Split { tessel, a, b }, _) => {
                created = Some(ops::split(&mut base, tessel, a, b, true));
            }
            (Edit::Merge { keep, gone }, Plan::Merge(run)) => {
                ops::merge(&mut base, keep, gone, run)
            }
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
        (base, created)
    }
}
