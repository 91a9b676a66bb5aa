//! Local answers to "does this edit keep V3 and V4?" (mutou §3.5) for the edits that can break
//! them, erase (D2 (6)) and unsplice (D2 (8)), read off the current glued map without
//! rebuilding the caches.
//!
//! Both rest on one fact: if a connected graph loses some links, all of whose ends lie in a set
//! X, it stays connected exactly when X stays in one piece (any old path can take a detour
//! around each lost link). So each check searches only until it has met all of X.
//!
//! The other edits cannot break V3 or V4: insert, remove, split, merge and scribe keep every
//! vertex and edge that joined two tessels (a merge's erased corners and edges lie between
//! `keep` and `gone` only; a split's two parts share the new edge and both keep the mark), and
//! a splice only adds joins. A connected surface with a stand that is not all of it always has
//! a stand tessel touching an outsider, so V4's "touches the rest" follows from V3.

use super::derive::{find, union};
use super::error::SurfaceError;
use super::ids::{TesselId, VertexId};
use super::map::Surface;

/// Search state of one tessel in [`Surface::reaches_all`].
#[derive(Clone, Copy, PartialEq, Eq)]
enum Mark {
    Unseen,
    Wanted,
    Seen,
}

impl Surface {
    /// Whether every tessel of `targets` can be reached from `targets[0]`, where
    /// `next(from, out)` pushes the tessels one link away from `from`; `Err` names one that
    /// cannot. Stops as soon as all targets are met.
    fn reaches_all(
        &self,
        targets: &[TesselId],
        mut next: impl FnMut(TesselId, &mut Vec<TesselId>),
    ) -> Result<(), TesselId> {
        let Some(&start) = targets.first() else {
            return Ok(());
        };
        let mut mark = vec![Mark::Unseen; self.cache.tessel_ids];
        let mut left = 0usize;
        for &t in targets {
            if mark[t.index()] == Mark::Unseen {
                mark[t.index()] = Mark::Wanted;
                left += 1;
            }
        }
        mark[start.index()] = Mark::Seen;
        left -= 1;
        let (mut stack, mut near) = (vec![start], Vec::new());
        while left > 0 {
            let Some(from) = stack.pop() else { break };
            near.clear();
            next(from, &mut near);
            for &to in &near {
                if mark[to.index()] != Mark::Seen {
                    left -= usize::from(mark[to.index()] == Mark::Wanted);
                    mark[to.index()] = Mark::Seen;
                    stack.push(to);
                }
            }
        }
        match targets.iter().find(|t| mark[t.index()] != Mark::Seen) {
            Some(&cut) => Err(cut),
            None => Ok(()),
        }
    }

    /// mutou D2 (6), V3: the others stay connected through shared vertices once `t` goes
    /// (its touching neighbours stay in one piece). The caller has checked that `t` is not
    /// the last tessel.
    pub(super) fn erase_keeps_touching(&self, t: TesselId) -> Result<(), SurfaceError> {
        let near = self.touching(t);
        let next = |s: TesselId, out: &mut Vec<TesselId>| {
            out.extend(self.touching(s).iter().filter(|&&n| n != t));
        };
        self.reaches_all(near, next)
            .map_err(|cut| SurfaceError::Disconnected {
                tessel: cut,
                other: near[0],
            })
    }

    /// mutou D2 (6), V4: `t`'s stand stays edge-connected once `t` goes (its stand
    /// neighbours stay in one piece).
    pub(super) fn erase_keeps_stand(&self, t: TesselId) -> Result<(), SurfaceError> {
        let Some(seat) = self.stand_mark(t) else {
            return Ok(());
        };
        let member = |s: &&TesselId| **s != t && self.stand_mark(**s) == Some(seat);
        let near: Vec<TesselId> = self.walker(t).iter().filter(member).copied().collect();
        let next = |s: TesselId, out: &mut Vec<TesselId>| {
            out.extend(self.walker(s).iter().filter(member));
        };
        self.reaches_all(&near, next)
            .map_err(|cut| SurfaceError::StandSplit {
                seat,
                tessel: cut,
                other: near[0],
            })
    }

    /// mutou D2 (8): undoing splice `i` keeps V3 (the tessels at its two glued vertices,
    /// which may come apart, stay in one piece) and V4 (if its two sides share no other edge
    /// and belong to one stand, they stay edge-connected inside it).
    pub(super) fn unsplice_keeps_valid(&self, i: usize) -> Result<(), SurfaceError> {
        self.unsplice_keeps_connected(i)?;
        self.unsplice_keeps_stand(i)
    }

    /// mutou D2 (8), V3 alone: undoing splice `i` leaves the tessels at its two glued
    /// vertices in one piece (`bridges` answers the same for every splice at once).
    pub(super) fn unsplice_keeps_connected(&self, i: usize) -> Result<(), SurfaceError> {
        let g = self.base.splices[i][0];
        let Some((p, q)) = self.edge_ends(g) else {
            return Ok(());
        };
        match self.unglued(i, p, q) {
            Some(apart) => self.unsplice_keeps_touching(p, q, &apart),
            None => Ok(()),
        }
    }

    /// mutou D2 (8), V4 alone: if the two sides of splice `i` share no other edge and belong
    /// to one stand, they stay edge-connected inside it once the splice is undone.
    pub(super) fn unsplice_keeps_stand(&self, i: usize) -> Result<(), SurfaceError> {
        let Some((a, b, seat)) = self.unsplice_stand_link(i) else {
            return Ok(());
        };
        let lost = |x: TesselId, y: TesselId| (x == a && y == b) || (x == b && y == a);
        let next = |x: TesselId, out: &mut Vec<TesselId>| {
            let kept = |y: &&TesselId| self.stand_mark(**y) == Some(seat) && !lost(x, **y);
            out.extend(self.walker(x).iter().filter(kept));
        };
        self.reaches_all(&[a, b], next)
            .map_err(|cut| SurfaceError::StandSplit {
                seat,
                tessel: cut,
                other: a,
            })
    }

    /// The link of `seat`'s stand that undoing splice `i` would cut, as `(a, b, seat)`: when
    /// the splice's two sides belong to one stand and share no other edge. `None` when the
    /// unsplice cannot touch V4.
    pub(super) fn unsplice_stand_link(&self, i: usize) -> Option<(TesselId, TesselId, u8)> {
        let g = self.base.splices[i][0];
        self.edge_ends(g)?;
        let (Some(a), Some(b)) = self.edge_sides(g) else {
            return None;
        };
        let seat = match (self.stand_mark(a), self.stand_mark(b)) {
            (Some(x), Some(y)) if x == y => x,
            _ => return None,
        };
        let still_walker = self.edges(a).iter().any(|&e| {
            let (l, r) = self.edge_sides(e);
            e != g && (l == Some(b) || r == Some(b))
        });
        (!still_walker).then_some((a, b, seat))
    }

    /// V3 once splice `i` is undone: the tessels at glued vertices `p` and `q` (listed in
    /// `apart` with the class each lands in) stay connected, where two tessels touch at `p`
    /// or `q` only if they land in the same class.
    fn unsplice_keeps_touching(
        &self,
        p: VertexId,
        q: VertexId,
        apart: &[Landing],
    ) -> Result<(), SurfaceError> {
        if self.apart_joined(p, q, apart) {
            return Ok(());
        }
        let next =
            |s: TesselId, out: &mut Vec<TesselId>| self.unspliced_touching(p, q, apart, s, out);
        let near: Vec<TesselId> = apart.iter().map(|l| l.tessel).collect();
        self.reaches_all(&near, next)
            .map_err(|cut| SurfaceError::Disconnected {
                tessel: cut,
                other: near[0],
            })
    }

    /// Pushes the tessels touching `s` once the splice of `p` and `q` is undone: two tessels
    /// touch at `p` or `q` only if they land in the same class there (`apart` lists the
    /// tessels at either); a tessel at neither keeps its whole touching row.
    fn unspliced_touching(
        &self,
        p: VertexId,
        q: VertexId,
        apart: &[Landing],
        s: TesselId,
        out: &mut Vec<TesselId>,
    ) {
        let Some(mine) = apart.iter().find(|l| l.tessel == s) else {
            out.extend_from_slice(self.touching(s));
            return;
        };
        let class = |t: TesselId, v: VertexId| {
            let found = apart.iter().find(|l| l.tessel == t);
            found.and_then(|l| if v == p { l.at_p } else { l.at_q })
        };
        for &v in self.vertices(s) {
            let others = self.tessels_at(v).iter().filter(|&&n| n != s);
            if v == p || v == q {
                let own = if v == p { mine.at_p } else { mine.at_q };
                out.extend(others.filter(|&&n| class(n, v) == own));
            } else {
                out.extend(others);
            }
        }
    }

    /// The tessels at glued vertices `p` and `q` of splice `i`'s edge with the class of base
    /// vertices each would land in without the splice (the classes glued again through the
    /// other splices alone), or `None` if neither class comes apart.
    fn unglued(&self, i: usize, p: VertexId, q: VertexId) -> Option<Vec<Landing>> {
        let d = &self.cache;
        // The members of p's class, then those of q's (each row ascending), by local index.
        let (at_p, at_q) = match q != p {
            true => (d.class.row(p.index()), d.class.row(q.index())),
            false => (d.class.row(p.index()), &[][..]),
        };
        let members = at_p.len() + at_q.len();
        let local = |v: VertexId| match d.glued_vertex.get(v.index()) {
            Some(&c) if c == p => at_p.binary_search(&v).ok(),
            Some(&c) if c == q => at_q.binary_search(&v).ok().map(|k| at_p.len() + k),
            _ => None,
        };
        let mut parent: Vec<usize> = (0..members).collect();
        // Only splices with a corner in p's or q's class can join its members (a splice
        // listed in both rows is joined twice, which changes nothing).
        let near = d.class_splices.row(p.index()).iter();
        let near = near.chain(if q != p {
            d.class_splices.row(q.index())
        } else {
            &[]
        });
        for j in near.map(|&j| j as usize) {
            let Some([x, y, u, w]) = d.splice_ends[j] else {
                continue;
            };
            if j == i {
                continue;
            }
            for (s, t) in [(x, w), (y, u)] {
                // Of such a splice, only the pair glued at p or q joins members here.
                let glued = d.glued_vertex[s.index()];
                if glued != p && glued != q {
                    continue;
                }
                if let (Some(ls), Some(lt)) = (local(s), local(t)) {
                    union(&mut parent, ls, lt);
                }
            }
        }
        let roots: Vec<usize> = (0..members).map(|k| find(&mut parent, k)).collect();
        let whole = |of_c: &[usize]| of_c.iter().all(|&r| r == of_c[0]);
        if whole(&roots[..at_p.len()]) && whole(&roots[at_p.len()..]) {
            return None;
        }
        let class = |t: TesselId, glued: VertexId| {
            let at = self.vertices(t).iter().position(|&v| v == glued)?;
            let base = self.base.rec(t)?.verts[at];
            Some(roots[local(base)?])
        };
        // The tessels at p, then those at q but not at p (both rows ascending).
        let (near_p, near_q) = (self.tessels_at(p), self.tessels_at(q));
        let also_q = near_q.iter().filter(|t| near_p.binary_search(t).is_err());
        let apart = (near_p.iter().chain(also_q)).map(|&tessel| Landing {
            tessel,
            at_p: class(tessel, p),
            at_q: class(tessel, q),
        });
        Some(apart.collect())
    }
}

/// Where a tessel at a spliced edge's glued vertices lands when the splice is undone.
pub(super) struct Landing {
    pub tessel: TesselId,
    /// The class (a local index) of its corner at `p`, if it has one there.
    pub at_p: Option<usize>,
    /// The same at `q`.
    pub at_q: Option<usize>,
}
