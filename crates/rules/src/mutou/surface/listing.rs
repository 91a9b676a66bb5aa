//! `edits`: every alteration (mutou D2) that `apply` would accept, found without trial runs.
//!
//! Each candidate goes through the check `apply` runs first (`ops`, `local`); those checks
//! are exact (a passed check always validates), so no candidate is cloned and applied. Work
//! is shared where candidates repeat it: erase reads V3 and V4 off the cut vertices of the
//! touching graph and of the stands (`links`, one search for all tessels, where `apply`
//! searches from the one tessel; most tessels settle V3 at their own corners first),
//! unsplice reads V3 off the bridges among the splices (`bridges`, one pass for all splices)
//! and V4 off the bridges of the stands (`links`), splice each periphery edge's use once
//! (V1 as intersections of the tessel sets at the rim corners), merge each pair once, with
//! the kept tessel's corners and shared edges read once for all its neighbours. What depends
//! only on the map near a tessel, edge or vertex is kept with the caches and follows each
//! edit (`derive`): each tessel's splits, which edges may take a vertex and which vertices
//! may go, the base map's pieces for `bridges`. Edits go straight to the caller
//! (`each_edit`), so nothing is collected or sorted but the merges turned round.

use std::cell::OnceCell;

use super::edit::Edit;
use super::ids::{EdgeId, TesselId, VertexId};
use super::links::{CornerMarks, LowLinks};
use super::map::Surface;
use super::scratch;

impl Surface {
    /// Fills `out` (after clearing it) with every edit `apply` would accept whose affected
    /// tessels are allowed: tessel edits need the tessel allowed, edge edits a tessel beside
    /// the edge, vertex edits a tessel at the vertex, merge and splice both sides. The list
    /// is ascending in `Edit`'s order (by kind as declared, then by ids).
    pub fn edits(&self, allowed: impl Fn(TesselId) -> bool, out: &mut Vec<Edit>) {
        out.clear();
        self.each_edit(allowed, |edit| out.push(edit));
    }

    /// Hands `sink` each edit [`Surface::edits`] lists, in its order, without collecting them.
    pub fn each_edit(&self, allowed: impl Fn(TesselId) -> bool, sink: impl FnMut(Edit)) {
        self.each_edit_but(allowed, |_| true, sink);
    }

    /// [`Surface::each_edit`], leaving out the erases of tessels `empty` refuses and the
    /// merges of two such tessels (the game's occupancy refuses them, mutou D2), whose checks
    /// are then skipped.
    pub fn each_edit_but(
        &self,
        allowed: impl Fn(TesselId) -> bool,
        empty: impl Fn(TesselId) -> bool,
        mut sink: impl FnMut(Edit),
    ) {
        let out = &mut sink;
        self.vertex_edits(&allowed, out);
        self.split_edits(&allowed, out);
        self.merge_edits(&allowed, &empty, out);
        let beside = |e: EdgeId| {
            let (l, r) = self.edge_sides(e);
            l.is_some_and(&allowed) || r.is_some_and(&allowed)
        };
        for &edge in self.periphery_edges().iter().filter(|&&e| beside(e)) {
            for corners in 1..=4 {
                if self.check_scribe(edge, corners).is_ok() {
                    out(Edit::Scribe { edge, corners });
                }
            }
        }
        // The stands' links, searched at most once for erase and unsplice together.
        let stands: OnceCell<LowLinks> = OnceCell::new();
        self.erase_edits(&|t| allowed(t) && empty(t), &stands, out);
        self.splice_edits(&allowed, &stands, out);
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

    /// Insert-vertex and remove-vertex candidates: the flags the caches keep (`verdicts`),
    /// and room for a new vertex and edge for an insert (test builds compare every flag with
    /// `check_insert` and `check_remove`).
    fn vertex_edits(&self, allowed: &impl Fn(TesselId) -> bool, out: &mut impl FnMut(Edit)) {
        let d = &self.cache;
        let room = self.base.room(1, 1, 0).is_ok();
        for edge in (0..d.ends.len()).map(|e| EdgeId(e as u16)) {
            let inserts = room && d.insertable[edge.index()];
            #[cfg(test)]
            assert_eq!(inserts, self.check_insert(edge).is_ok(), "insert {edge}");
            if inserts {
                let (l, r) = self.edge_sides(edge);
                if l.is_some_and(allowed) || r.is_some_and(allowed) {
                    out(Edit::InsertVertex { edge });
                }
            }
        }
        for vertex in (0..self.base.vertices.len()).map(|v| VertexId(v as u16)) {
            let removes = d.removable[vertex.index()];
            #[cfg(test)]
            assert_eq!(
                removes,
                self.check_remove(vertex).is_ok(),
                "remove {vertex}"
            );
            if removes && self.tessels_at(vertex).iter().any(|&t| allowed(t)) {
                out(Edit::RemoveVertex { vertex });
            }
        }
    }

    /// Split candidates: each allowed tessel's pairs of corners as the caches keep them
    /// (`derive/splits`: ascending by corner ids, neither corner made by a splice, not
    /// neighbours), when there is room for the new ids (the same for every split). Test
    /// builds judge every pair of corners with `check_split_at` and compare.
    fn split_edits(&self, allowed: &impl Fn(TesselId) -> bool, out: &mut impl FnMut(Edit)) {
        if self.base.room(0, 1, 1).is_err() {
            return;
        }
        for &tessel in self.tessels().iter().filter(|&&t| allowed(t)) {
            let pairs = self.cache.splits.row(tessel.index());
            #[cfg(test)]
            assert_eq!(pairs, self.splits_by_check(tessel), "splits of {tessel}");
            for &(a, b) in pairs {
                out(Edit::Split { tessel, a, b });
            }
        }
    }

    /// Test builds: the splits of `tessel` that `check_split_at` passes, ascending.
    #[cfg(test)]
    fn splits_by_check(&self, tessel: TesselId) -> Vec<(VertexId, VertexId)> {
        let vs = self.vertices(tessel);
        let mut found = Vec::new();
        for (ia, &a) in vs.iter().enumerate() {
            for (ib, &b) in vs.iter().enumerate() {
                if self.check_split_at(tessel, ia, ib).is_ok() {
                    found.push((a, b));
                }
            }
        }
        found.sort_unstable();
        found
    }

    /// Merge candidates: each allowed tessel with each allowed edge-neighbour. The check is
    /// the same both ways round on a valid map (the same shared run, corners and marks; the
    /// run is one piece in one cycle exactly when in the other, as V1 lets neither cycle pass
    /// a corner twice), so each pair is checked once, when its smaller tessel is `keep`, and
    /// listed both ways: turned round when the larger one's turn comes, before its own pairs
    /// (its walker row ascends, so both parts come out ascending).
    fn merge_edits(
        &self,
        allowed: &impl Fn(TesselId) -> bool,
        empty: &impl Fn(TesselId) -> bool,
        out: &mut impl FnMut(Edit),
    ) {
        let nt = self.cache.tessel_ids;
        // corner[v] == keep + 1: v is a corner of `keep`, the tessel whose pairs are checked.
        let mut corner = vec![0u32; self.base.vertices.len()];
        // shared[s]: the edges of `keep` beside tessel s, as `shared_edges` gives them on a
        // valid map (bit i for edge i), read off `keep`'s edges once for all its neighbours;
        // merged[t]: bit j for the smaller walker(t)[j] that merges with t (a walker row has
        // at most `MAX_CORNERS` tessels).
        let (mut shared, mut merged) = (vec![0u32; nt], vec![0u32; nt]);
        for &keep in self.tessels().iter().filter(|&&t| allowed(t)) {
            let walker = self.walker(keep);
            let mut turned = merged[keep.index()];
            while turned != 0 {
                let gone = walker[turned.trailing_zeros() as usize];
                turned &= turned - 1;
                out(Edit::Merge { keep, gone });
            }
            let keep_empty = empty(keep);
            let above = walker.partition_point(|&t| t <= keep);
            let mut candidates = (walker[above..].iter())
                .filter(|&&t| allowed(t) && (keep_empty || empty(t)))
                .peekable();
            if candidates.peek().is_none() {
                continue;
            }
            let mark = u32::from(keep.0) + 1;
            (self.vertices(keep).iter()).for_each(|v| corner[v.index()] = mark);
            let of_keep = |v: VertexId| corner[v.index()] == mark;
            for (i, &e) in self.edges(keep).iter().enumerate() {
                let (l, r) = self.cache.sides[e.index()];
                for s in [l, r].into_iter().flatten().filter(|&s| s != keep) {
                    shared[s.index()] |= 1 << i;
                }
            }
            for &gone in candidates {
                let edges = shared[gone.index()];
                let merges = self.check_merge_with(keep, gone, edges, of_keep).is_ok();
                #[cfg(test)]
                {
                    assert_eq!(edges, self.shared_edges(keep, gone), "{keep} beside {gone}");
                    let both = (self.check_merge(keep, gone), self.check_merge(gone, keep));
                    assert_eq!((merges, merges), (both.0.is_ok(), both.1.is_ok()));
                }
                if merges {
                    out(Edit::Merge { keep, gone });
                    let j = self.walker(gone).binary_search(&keep);
                    merged[gone.index()] |= 1 << j.expect("walker rows are symmetric");
                }
            }
            // The tessels beside `keep`'s edges are its walker row.
            walker.iter().for_each(|s| shared[s.index()] = 0);
        }
    }

    /// Erase candidates: the checks of `check_erase`, with V3 read off the cut vertices of
    /// the touching graph and V4 off those of the stands' walker graphs (the surface is
    /// connected and each stand edge-connected, so erasing `t` disconnects the others, or
    /// the rest of its stand, exactly when `t` is a cut vertex there). Most tessels show at
    /// their corners that they are no cut vertex of the touching graph
    /// (`corners_keep_touching`), so its search runs only for the others, and the stands'
    /// only for a stand tessel.
    fn erase_edits(
        &self,
        allowed: &impl Fn(TesselId) -> bool,
        stands: &OnceCell<LowLinks>,
        out: &mut impl FnMut(Edit),
    ) {
        let mut marks = CornerMarks::new(self.cache.tessel_ids);
        let mut touching: Option<LowLinks> = None;
        for &tessel in self.tessels().iter().filter(|&&t| allowed(t)) {
            if self.check_erase_here(tessel).is_err() {
                continue;
            }
            let keeps_touching = self.corners_keep_touching(tessel, &mut marks)
                || !touching.get_or_insert_with(|| self.touching_links()).cut[tessel.index()];
            let keeps_stand = self.stand_mark(tessel).is_none()
                || !stands.get_or_init(|| self.stand_links()).cut[tessel.index()];
            let keeps = keeps_touching && keeps_stand;
            #[cfg(test)]
            assert_eq!(
                keeps,
                self.erase_keeps_touching(tessel).is_ok() && self.erase_keeps_stand(tessel).is_ok(),
                "erase {tessel}"
            );
            if keeps {
                out(Edit::Erase { tessel });
            }
        }
    }

    /// Splice and unsplice candidates; `stands` holds the stands' links once searched.
    fn splice_edits(
        &self,
        allowed: &impl Fn(TesselId) -> bool,
        stands: &OnceCell<LowLinks>,
        out: &mut impl FnMut(Edit),
    ) {
        let side_ok = |e: &&EdgeId| {
            let (l, r) = self.edge_sides(**e);
            l.or(r).is_some_and(allowed)
        };
        // Each allowed periphery edge with the way its one user runs it.
        let mut rim: Vec<(EdgeId, VertexId, VertexId)> =
            Vec::with_capacity(self.periphery_edges().len());
        rim.extend(
            (self.periphery_edges().iter())
                .filter(side_ok)
                .filter_map(|&e| self.periphery_use(e).ok().map(|(_, x, y)| (e, x, y))),
        );
        self.splice_pairs(&rim, out);
        // Each glued edge with its splice's index (what `check_unsplice` looks up), read off
        // the edges in order: a splice's first edge is the one it glues to.
        let splices = &self.base.splices;
        let glued: Vec<(EdgeId, usize)> = (self.cache.splice_of.iter().enumerate())
            .filter_map(|(e, i)| {
                i.filter(|&i| splices[i][0].index() == e)
                    .map(|i| (splices[i][0], i))
            })
            .collect();
        // V3 for every splice at once (see `bridges`); V4 splice by splice, where it can break.
        let bridges = match glued.is_empty() {
            true => None,
            false => self.splice_bridges(),
        };
        // V4: the splice's sides would lose their last link inside one stand, and it is a
        // bridge of that stand's walker graph (searched only once a splice needs it).
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
                out(Edit::Unsplice { edge });
            }
        }
    }

    /// Splice candidates among the rim edges `rim` (allowed periphery edges, ascending, each
    /// with the way its one user runs it), ascending by pair.
    fn splice_pairs(&self, rim: &[(EdgeId, VertexId, VertexId)], out: &mut impl FnMut(Edit)) {
        // Each rim edge's partners as bit sets (`RimMasks`): a word of pairs at a time.
        let words = rim.len().div_ceil(64).max(1);
        let (nt, nv) = (self.cache.tessel_ids, self.base.vertices.len());
        // The tessel sets are zeroed whole; the vertex sets, many more and few of them set,
        // are cleared one by one after.
        let clean = |space: &mut [u64]| {
            scratch::with_clean_words(2 * nv * words, |clean| {
                let mut masks = RimMasks::new(self, rim, words, space, clean);
                for (i, &(a, _, _)) in rim.iter().enumerate() {
                    let partners = masks.partners(self, rim, i);
                    #[cfg(test)]
                    for (j, &(b, u, w)) in rim.iter().enumerate().skip(i + 1) {
                        let (x, y) = (rim[i].1, rim[i].2);
                        let listed = partners[j / 64] >> (j % 64) & 1 == 1;
                        let glues = self.check_glue([x, y, u, w]).is_ok();
                        assert_eq!(listed, glues, "splice {a}, {b}");
                    }
                    for (k, &word) in partners.iter().enumerate() {
                        let mut bits = word;
                        while bits != 0 {
                            let j = 64 * k + bits.trailing_zeros() as usize;
                            bits &= bits - 1;
                            out(Edit::Splice { a, b: rim[j].0 });
                        }
                    }
                }
                masks.clear(rim);
            })
        };
        scratch::with_zeroed_words((2 * nt + 2) * words, clean);
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

/// The rim edges `(edge, x, y)` (allowed periphery edges, each with the way its one user
/// runs it) as bit sets over their indices, so that each edge finds the later ones it may be
/// spliced to a word at a time. Gluing rim edge i to a later rim edge j (x, y and u, w) joins
/// x≡w and y≡u, which V1 refuses when a tessel holds both of a pair that is two vertices: when
/// the corners are all distinct, exactly when a tessel at x is at w or one at y is at u.
struct RimMasks<'a> {
    /// Words per set.
    words: usize,
    /// Per tessel id: the rim edges whose first corner it holds, then those whose second.
    at_first: &'a mut [u64],
    at_second: &'a mut [u64],
    /// Per vertex id: the rim edges whose first corner it is, then those whose second.
    is_first: &'a mut [u64],
    is_second: &'a mut [u64],
    /// The rim edges whose two corners are one vertex.
    looped: &'a mut [u64],
    /// Room for the answer of `partners`.
    out: &'a mut [u64],
}

impl<'a> RimMasks<'a> {
    /// The sets of `rim`, `words` words each, laid out in `space` and `clean` (zeroed, long
    /// enough: the tessel sets and the rest in `space`, the vertex sets in `clean`).
    fn new(
        surface: &Surface,
        rim: &[(EdgeId, VertexId, VertexId)],
        words: usize,
        space: &'a mut [u64],
        clean: &'a mut [u64],
    ) -> RimMasks<'a> {
        let (nt, nv) = (surface.cache.tessel_ids, surface.base.vertices.len());
        let (at_first, space) = space.split_at_mut(nt * words);
        let (at_second, space) = space.split_at_mut(nt * words);
        let (is_first, is_second) = clean.split_at_mut(nv * words);
        let (looped, out) = space.split_at_mut(words);
        for (j, &(_, u, w)) in rim.iter().enumerate() {
            let (k, bit) = (j / 64, 1u64 << (j % 64));
            for t in surface.tessels_at(u) {
                at_first[t.index() * words + k] |= bit;
            }
            for t in surface.tessels_at(w) {
                at_second[t.index() * words + k] |= bit;
            }
            is_first[u.index() * words + k] |= bit;
            is_second[w.index() * words + k] |= bit;
            if u == w {
                looped[k] |= bit;
            }
        }
        RimMasks {
            words,
            at_first,
            at_second,
            is_first,
            is_second,
            looped,
            out: &mut out[..words],
        }
    }

    /// Zeroes the vertex sets again (the words of `rim`'s corners).
    fn clear(self, rim: &[(EdgeId, VertexId, VertexId)]) {
        let words = self.words;
        for &(_, u, w) in rim {
            self.is_first[u.index() * words..][..words].fill(0);
            self.is_second[w.index() * words..][..words].fill(0);
        }
    }

    /// The rim edges after `i` that rim edge `i` may be spliced to (the same answer as
    /// `check_glue`), as a set. Pairs whose corners are all distinct are read off the sets;
    /// the few that share a corner are judged one by one as `check_glue` would (edges
    /// meeting at one end leave one pair of vertices to check).
    fn partners(
        &mut self,
        surface: &Surface,
        rim: &[(EdgeId, VertexId, VertexId)],
        i: usize,
    ) -> &[u64] {
        let (_, x, y) = rim[i];
        let words = self.words;
        let set = |sets: &[u64], at: usize, k: usize| sets[at * words + k];
        let tessels = |v: VertexId| surface.tessels_at(v).iter().map(|t| t.index());
        for k in 0..words {
            // Partners whose second corner shares a tessel with x, or whose first one with y.
            let clash_x = tessels(x).fold(0, |m, t| m | set(self.at_second, t, k));
            let clash_y = tessels(y).fold(0, |m, t| m | set(self.at_first, t, k));
            let shared = match x == y {
                true => u64::MAX,
                false => {
                    let at = |v: VertexId| {
                        set(self.is_first, v.index(), k) | set(self.is_second, v.index(), k)
                    };
                    at(x) | at(y) | self.looped[k]
                }
            };
            // Only the rim edges after i, and none past the last.
            let first = 64 * k;
            let above = match (i + 1).checked_sub(first) {
                Some(n) if n >= 64 => 0,
                Some(n) => u64::MAX << n,
                None => u64::MAX,
            };
            let below = match rim.len() - first.min(rim.len()) {
                n if n >= 64 => u64::MAX,
                n => (1u64 << n) - 1,
            };
            let mut glues = !shared & !clash_x & !clash_y;
            let mut odd = shared & above & below;
            while odd != 0 {
                let j = 64 * k + odd.trailing_zeros() as usize;
                odd &= odd - 1;
                let (_, u, w) = rim[j];
                let apart = x != y && x != u && y != w && u != w;
                let bit = 1u64 << (j % 64);
                let ok = match (apart, x != w, y != u) {
                    (true, true, false) => clash_x & bit == 0,
                    (true, false, true) => clash_y & bit == 0,
                    _ => surface.check_glue([x, y, u, w]).is_ok(),
                };
                glues |= if ok { bit } else { 0 };
            }
            self.out[k] = glues & above & below;
        }
        self.out
    }
}
