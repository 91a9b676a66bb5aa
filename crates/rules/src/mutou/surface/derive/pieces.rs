//! The base map's pieces: tessels joined through shared base corners, splices ignored. Undoing
//! a splice breaks V3 exactly when the splice is a bridge between pieces (`bridges`), and the
//! pieces change only when a tessel goes: a split's new part shares the chord's corners with
//! the old one, a scribed tessel its edge's, inserting or removing a vertex keeps every
//! tessel's other corners, and splices do not count. So they are found afresh only when an
//! edit kills a tessel (merge, erase); a new tessel takes the piece of an old one at a corner
//! no splice made.

use super::{find, union, Derived};
use crate::mutou::surface::ids::TesselId;
use crate::mutou::surface::map::Base;

/// No tessel: the piece of a dead id.
pub(super) const NO_PIECE: u32 = u32::MAX;

impl Derived {
    /// Each tessel's piece, named by its smallest tessel id (`NO_PIECE` for a dead id).
    pub(super) fn map_pieces(&mut self, base: &Base) {
        let mut parent: Vec<usize> = (0..base.vertices.len()).collect();
        for rec in base.tessels.iter().flatten() {
            if let Some(first) = rec.verts.first() {
                rec.verts[1..]
                    .iter()
                    .for_each(|v| union(&mut parent, first.index(), v.index()));
            }
        }
        let mut least = vec![NO_PIECE; parent.len()];
        let mut root = vec![usize::MAX; base.tessels.len()];
        for (t, rec) in base.tessels.iter().enumerate() {
            if let Some(first) = rec.as_ref().and_then(|r| r.verts.first()) {
                let r = find(&mut parent, first.index());
                least[r] = least[r].min(t as u32);
                root[t] = r;
            }
        }
        self.piece = (base.tessels.iter().enumerate())
            .map(|(t, rec)| match (rec, root[t]) {
                (None, _) => NO_PIECE,
                // A tessel without corners (an invalid map) is a piece of its own.
                (Some(_), usize::MAX) => t as u32,
                (Some(_), r) => least[r],
            })
            .collect();
    }

    /// The pieces after an edit that made the tessels `changed` (ascending, those from
    /// `old_nt` on new): found afresh if one of them died, else the new ones join the piece
    /// of an old tessel at one of their corners that no splice made.
    pub(super) fn follow_pieces(&mut self, base: &Base, changed: &[TesselId], old_nt: usize) {
        let died = (changed.iter()).any(|t| t.index() < old_nt && base.rec(*t).is_none());
        if died {
            return self.map_pieces(base);
        }
        self.piece.resize(base.tessels.len(), NO_PIECE);
        for &t in changed.iter().filter(|t| t.index() >= old_nt) {
            let corners = self.cyc_v.row(t.index()).iter();
            let plain = corners.filter(|v| !self.spliced_vertex[v.index()]);
            let old = plain.flat_map(|v| self.at_vertex.row(v.index()));
            match old
                .filter(|s| s.index() < old_nt)
                .map(|s| self.piece[s.index()])
                .min()
            {
                Some(piece) => self.piece[t.index()] = piece,
                None => return self.map_pieces(base),
            }
        }
    }
}
