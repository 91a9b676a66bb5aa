//! Which splices hold the surface together: undoing exactly those breaks V3 (mutou D2 (8)),
//! decided for all splices at once, for `listing`.
//!
//! The glued map's touching graph is connected exactly when the *base* map's pieces (tessels
//! joined through shared base corners, ignoring splices) are joined up by the splices: gluing
//! base corners x≡w and y≡u links the piece holding x and y (one tessel's edge) with the piece
//! holding u and w. So the splices are the links of a small graph on the base pieces, and
//! undoing splice `i` keeps V3 exactly when `i` is not a bridge of that graph. On a surface
//! whose base is in one piece (most of them) no splice is a bridge.
//!
//! `local`'s per-splice search (`unsplice_keeps_valid`) gives the same answer one splice at a
//! time; test builds compare the two on every listing.

use super::derive::{find, union};
use super::map::Surface;

impl Surface {
    /// For each splice (by index), whether undoing it would break V3: whether it is a bridge
    /// of the graph whose nodes are the base map's pieces and whose links are the splices.
    /// `None` when that graph does not describe the surface (a splice edge without a user, or
    /// the glued map not connected), where callers fall back to the per-splice check.
    pub(super) fn splice_bridges(&self) -> Option<Vec<bool>> {
        let d = &self.cache;
        // Base vertices joined through each live tessel's corners: the base pieces.
        let mut piece: Vec<usize> = (0..self.base.vertices.len()).collect();
        for rec in self.base.tessels.iter().flatten() {
            let first = rec.verts.first()?.index();
            for v in &rec.verts[1..] {
                union(&mut piece, first, v.index());
            }
        }
        // Each splice as a link between the pieces of its two edges (x on one, u on the other).
        let mut links: Vec<[usize; 2]> = Vec::with_capacity(d.splice_ends.len());
        for ends in &d.splice_ends {
            let [x, _, u, _] = (*ends)?;
            links.push([find(&mut piece, x.index()), find(&mut piece, u.index())]);
        }
        // The number of pieces: distinct roots of the tessels' first corners.
        let mut counted = vec![false; piece.len()];
        let mut pieces = 0;
        for rec in self.base.tessels.iter().flatten() {
            let root = find(&mut piece, rec.verts[0].index());
            pieces += usize::from(!std::mem::replace(&mut counted[root], true));
        }
        // A spanning forest of the links; only its links can be bridges.
        let mut joined: Vec<usize> = (0..piece.len()).collect();
        let mut tree = Vec::new();
        for (i, &[a, b]) in links.iter().enumerate() {
            if find(&mut joined, a) != find(&mut joined, b) {
                union(&mut joined, a, b);
                tree.push(i);
            }
        }
        if tree.len() + 1 != pieces {
            return None;
        }
        let mut bridge = vec![false; links.len()];
        for i in tree {
            // Splice `i` is a bridge when the other links leave its two pieces apart.
            joined.iter_mut().enumerate().for_each(|(k, j)| *j = k);
            for (_, &[a, b]) in links.iter().enumerate().filter(|&(j, _)| j != i) {
                union(&mut joined, a, b);
            }
            let [a, b] = links[i];
            bridge[i] = find(&mut joined, a) != find(&mut joined, b);
        }
        Some(bridge)
    }
}
