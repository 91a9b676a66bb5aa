//! Which splices hold the surface together: undoing exactly those breaks V3 (mutou D2 (8)),
//! decided for all splices at once, for `listing`.
//!
//! The glued map's touching graph is connected exactly when the *base* map's pieces (tessels
//! joined through shared base corners, ignoring splices) are joined up by the splices: gluing
//! base corners x≡w and y≡u links the piece holding x and y (one tessel's edge) with the piece
//! holding u and w. So the splices are the links of a small graph on the base pieces, and
//! undoing splice `i` keeps V3 exactly when `i` is not a bridge of that graph. On a surface
//! whose base is in one piece (most of them) no splice is a bridge. The pieces are kept with
//! the caches (`derive/pieces`).
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
        // The base pieces are kept with the caches (`derive/pieces`), each named by its
        // smallest tessel id.
        if self.tessels().iter().any(|&t| self.vertices(t).is_empty()) {
            return None;
        }
        // Each splice as a link between the pieces of its two edges' users.
        let mut links: Vec<[usize; 2]> = Vec::with_capacity(d.splice_ends.len());
        for (ends, &[a, _]) in d.splice_ends.iter().zip(&self.base.splices) {
            (*ends)?;
            let (Some(l), Some(r)) = self.edge_sides(a) else {
                return None;
            };
            links.push([d.piece[l.index()] as usize, d.piece[r.index()] as usize]);
        }
        let pieces = (self.tessels().iter())
            .filter(|t| d.piece[t.index()] == u32::from(t.0))
            .count();
        // A spanning forest of the links; only its links can be bridges.
        let mut joined: Vec<usize> = (0..d.tessel_ids).collect();
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
