//! `edits`: every alteration (mutou D2) that `apply` would accept, found without trial runs.
//!
//! Each candidate goes through the check `apply` runs first (`ops`, `local`); those checks
//! are exact (a passed check always validates), so no candidate is cloned and applied. Work
//! is shared where candidates repeat it: erase reads V3 and V4 off the cut vertices of the
//! touching graph and of the stands (`links`, one search for all tessels, where `apply`
//! searches from the one tessel; most tessels settle V3 at their own corners first),
//! unsplice reads V3 off the bridges among the splices (`bridges`, one pass for all splices)
//! and V4 off the bridges of the stands (`links`), split takes each tessel's corner
//! positions once, splice each periphery edge's use once, merge each pair once.

use std::cell::OnceCell;

use super::edit::Edit;
use super::ids::{EdgeId, TesselId, VertexId};
use super::links::{CornerMarks, LowLinks};
use super::map::Surface;
use super::MAX_CORNERS;

impl Surface {
    /// Fills `out` (after clearing it) with every edit `apply` would accept whose affected
    /// tessels are allowed: tessel edits need the tessel allowed, edge edits a tessel beside
    /// the edge, vertex edits a tessel at the vertex, merge and splice both sides. The list
    /// is ascending in `Edit`'s order (by kind as declared, then by ids).
    pub fn edits(&self, allowed: impl Fn(TesselId) -> bool, out: &mut Vec<Edit>) {
        out.clear();
        self.vertex_edits(&allowed, out);
        self.split_edits(&allowed, out);
        self.merge_edits(&allowed, out);
        let beside = |e: EdgeId| {
            let (l, r) = self.edge_sides(e);
            l.is_some_and(&allowed) || r.is_some_and(&allowed)
        };
        for &edge in self.periphery_edges().iter().filter(|&&e| beside(e)) {
            for corners in 1..=4 {
                if self.check_scribe(edge, corners).is_ok() {
                    out.push(Edit::Scribe { edge, corners });
                }
            }
        }
        self.erase_edits(&allowed, out);
        self.splice_edits(&allowed, out);
    }

    /// Whether [`Surface::edits`] with the same `allowed` would list `edit`: the same region
    /// rule and the same checks as `apply`, without a trial run (for checking one edit without
    /// listing them all).
    pub fn allows(&self, edit: Edit, allowed: impl Fn(TesselId) -> bool) -> bool {
        let live = |t: TesselId| self.is_live(t) && allowed(t);
        let beside = |e: EdgeId| {
            let (l, r) = self.edge_sides(e);
            l.is_some_and(&allowed) || r.is_some_and(&allowed)
        };
        let near = match edit {
            Edit::InsertVertex { edge } | Edit::Unsplice { edge } => beside(edge),
            Edit::Scribe { edge, corners } => beside(edge) && (1..=4).contains(&corners),
            Edit::RemoveVertex { vertex } => self.tessels_at(vertex).iter().any(|&t| allowed(t)),
            Edit::Split { tessel, .. } | Edit::Erase { tessel } => live(tessel),
            Edit::Merge { keep, gone } => live(keep) && live(gone),
            Edit::Splice { a, b } => {
                let side = |e: EdgeId| {
                    let (l, r) = self.edge_sides(e);
                    l.or(r).is_some_and(&allowed)
                };
                side(a) && side(b)
            }
        };
        near && self.check(edit).is_ok()
    }

    /// Insert-vertex and remove-vertex candidates.
    fn vertex_edits(&self, allowed: &impl Fn(TesselId) -> bool, out: &mut Vec<Edit>) {
        let d = &self.cache;
        for edge in (0..d.ends.len()).map(|e| EdgeId(e as u16)) {
            let (l, r) = self.edge_sides(edge);
            let near = l.is_some_and(allowed) || r.is_some_and(allowed);
            if near && self.check_insert(edge).is_ok() {
                out.push(Edit::InsertVertex { edge });
            }
        }
        for vertex in (0..self.base.vertices.len()).map(|v| VertexId(v as u16)) {
            let near = self.tessels_at(vertex).iter().any(|&t| allowed(t));
            if near && self.check_remove(vertex).is_ok() {
                out.push(Edit::RemoveVertex { vertex });
            }
        }
    }

    /// Split candidates: each allowed tessel, each ordered pair of its corners (ascending
    /// by id, with their positions in the cycle). The checks of `check_split_at` are read off
    /// once per tessel (test builds compare every answer): room for the new ids (the same for
    /// every split), the corners a splice made, and the gap between two corners.
    fn split_edits(&self, allowed: &impl Fn(TesselId) -> bool, out: &mut Vec<Edit>) {
        let room = self.base.room(0, 1, 1).is_ok();
        let mut corners = [(VertexId(0), 0usize, false); MAX_CORNERS];
        for &tessel in self.tessels().iter().filter(|&&t| allowed(t)) {
            let vs = self.vertices(tessel);
            let n = vs.len();
            let corners = &mut corners[..n];
            for (i, (slot, &v)) in corners.iter_mut().zip(vs).enumerate() {
                *slot = (v, i, self.cache.spliced_vertex[v.index()]);
            }
            corners.sort_unstable();
            for &(a, ia, a_spliced) in corners.iter() {
                for &(b, ib, b_spliced) in corners.iter() {
                    let gap = (ib + n - ia) % n;
                    let splits = room && !a_spliced && !b_spliced && gap > 1 && gap != n - 1;
                    #[cfg(test)]
                    assert_eq!(
                        splits,
                        self.check_split_at(tessel, ia, ib).is_ok(),
                        "split {tessel} {a} {b}"
                    );
                    if splits {
                        out.push(Edit::Split { tessel, a, b });
                    }
                }
            }
        }
    }

    /// Merge candidates: each allowed tessel with each allowed edge-neighbour. The check is
    /// the same both ways round on a valid map (the same shared run, corners and marks; the
    /// run is one piece in one cycle exactly when in the other, as V1 lets neither cycle pass
    /// a corner twice), so each pair is checked once and listed both ways.
    fn merge_edits(&self, allowed: &impl Fn(TesselId) -> bool, out: &mut Vec<Edit>) {
        let first = out.len();
        for &keep in self.tessels().iter().filter(|&&t| allowed(t)) {
            for &gone in self
                .walker(keep)
                .iter()
                .filter(|&&t| t > keep && allowed(t))
            {
                let merges = self.check_merge(keep, gone).is_ok();
                #[cfg(test)]
                assert_eq!(
                    merges,
                    self.check_merge(gone, keep).is_ok(),
                    "merge {keep} {gone}"
                );
                if merges {
                    out.push(Edit::Merge { keep, gone });
                    out.push(Edit::Merge {
                        keep: gone,
                        gone: keep,
                    });
                }
            }
        }
        out[first..].sort_unstable();
    }

    /// Erase candidates: the checks of `check_erase`, with V3 read off the cut vertices of
    /// the touching graph and V4 off those of the stands' walker graphs (the surface is
    /// connected and each stand edge-connected, so erasing `t` disconnects the others, or
    /// the rest of its stand, exactly when `t` is a cut vertex there). Most tessels show at
    /// their corners that they are no cut vertex of the touching graph
    /// (`corners_keep_touching`), so its search runs only for the others, and the stands'
    /// only for a stand tessel.
    fn erase_edits(&self, allowed: &impl Fn(TesselId) -> bool, out: &mut Vec<Edit>) {
        let mut marks = CornerMarks::new(self.cache.tessel_ids);
        let mut touching: Option<LowLinks> = None;
        let mut stands: Option<LowLinks> = None;
        for &tessel in self.tessels().iter().filter(|&&t| allowed(t)) {
            if self.check_erase_here(tessel).is_err() {
                continue;
            }
            let keeps_touching = self.corners_keep_touching(tessel, &mut marks)
                || !touching.get_or_insert_with(|| self.touching_links()).cut[tessel.index()];
            let keeps_stand = self.stand_mark(tessel).is_none()
                || !stands.get_or_insert_with(|| self.stand_links()).cut[tessel.index()];
            let keeps = keeps_touching && keeps_stand;
            #[cfg(test)]
            assert_eq!(
                keeps,
                self.erase_keeps_touching(tessel).is_ok() && self.erase_keeps_stand(tessel).is_ok(),
                "erase {tessel}"
            );
            if keeps {
                out.push(Edit::Erase { tessel });
            }
        }
    }

    /// Splice and unsplice candidates.
    fn splice_edits(&self, allowed: &impl Fn(TesselId) -> bool, out: &mut Vec<Edit>) {
        let side_ok = |e: &&EdgeId| {
            let (l, r) = self.edge_sides(**e);
            l.or(r).is_some_and(allowed)
        };
        // Each allowed periphery edge with the way its one user runs it.
        let rim: Vec<(EdgeId, VertexId, VertexId)> = self
            .periphery_edges()
            .iter()
            .filter(side_ok)
            .filter_map(|&e| self.periphery_use(e).ok().map(|(_, x, y)| (e, x, y)))
            .collect();
        // at_x[t] == i: tessel t has rim edge i's corner x (likewise y), so each pair's V1
        // check reads two rows instead of searching them (`check_glue` the same answer).
        let mut at_x = vec![usize::MAX; self.cache.tessel_ids];
        let mut at_y = vec![usize::MAX; self.cache.tessel_ids];
        for (i, &(a, x, y)) in rim.iter().enumerate() {
            self.tessels_at(x).iter().for_each(|t| at_x[t.index()] = i);
            self.tessels_at(y).iter().for_each(|t| at_y[t.index()] = i);
            for &(b, u, w) in &rim[i + 1..] {
                let distinct = x != y && x != u && x != w && y != u && y != w && u != w;
                let glues = match distinct {
                    // Gluing x≡w and y≡u: no tessel may hold both of a pair (V1).
                    true => {
                        let shared = |v: VertexId, at: &[usize]| {
                            self.tessels_at(v).iter().any(|t| at[t.index()] == i)
                        };
                        !shared(w, &at_x) && !shared(u, &at_y)
                    }
                    false => self.check_glue([x, y, u, w]).is_ok(),
                };
                #[cfg(test)]
                assert_eq!(
                    glues,
                    self.check_glue([x, y, u, w]).is_ok(),
                    "splice {a}, {b}"
                );
                if glues {
                    out.push(Edit::Splice { a, b });
                }
            }
        }
        // Each glued edge with its splice's index (what `check_unsplice` looks up).
        let mut glued: Vec<(EdgeId, usize)> = (self.base.splices.iter().enumerate())
            .map(|(i, s)| (s[0], i))
            .collect();
        glued.sort_unstable();
        // V3 for every splice at once (see `bridges`); V4 splice by splice, where it can break.
        let bridges = match glued.is_empty() {
            true => None,
            false => self.splice_bridges(),
        };
        // V4: the splice's sides would lose their last link inside one stand, and it is a
        // bridge of that stand's walker graph (searched only once a splice needs it).
        let stands: OnceCell<LowLinks> = OnceCell::new();
        let splits_stand = |i: usize| {
            let splits = match self.unsplice_stand_link(i) {
                Some((a, b, _)) => stands.get_or_init(|| self.stand_links()).is_bridge(a, b),
                None => false,
            };
            #[cfg(test)]
            assert_eq!(
                splits,
                self.unsplice_keeps_stand(i).is_err(),
                "unsplice {i}"
            );
            splits
        };
        #[cfg(test)]
        self.bridges_match_searches(bridges.as_deref());
        for (edge, i) in glued {
            let (l, r) = self.edge_sides(edge);
            let near = l.is_some_and(allowed) || r.is_some_and(allowed);
            let keeps_valid = || match &bridges {
                Some(bridges) => !bridges[i] && !splits_stand(i),
                None => self.unsplice_keeps_valid(i).is_ok(),
            };
            if near && keeps_valid() {
                out.push(Edit::Unsplice { edge });
            }
        }
    }

    /// Test builds: the bridges found at once agree with `local`'s search for each splice.
    #[cfg(test)]
    fn bridges_match_searches(&self, bridges: Option<&[bool]>) {
        let Some(bridges) = bridges else { return };
        for (i, &bridge) in bridges.iter().enumerate() {
            let search = self.unsplice_keeps_connected(i).is_err();
            assert_eq!(
                bridge, search,
                "splice {i}: bridge {bridge}, search {search}"
            );
        }
    }
}
