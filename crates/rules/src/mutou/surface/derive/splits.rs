//! The splits each tessel's own cycle allows (mutou D2 (3)), kept with the caches so that a
//! listing reads them instead of judging every pair of corners of every tessel again: they
//! change only with the tessel's cycle or with a splice at one of its corners.

use super::{Csr, Derived};
use crate::mutou::surface::ids::VertexId;

impl Derived {
    /// The splits row of every tessel id (after the cycles and `spliced_vertex`).
    pub(super) fn map_splits(&mut self) {
        let rows = self.cyc_v.rows();
        self.splits = Csr::with_capacity(rows, 4 * self.cyc_v.len());
        let (mut keys, mut pairs) = (Vec::new(), Vec::new());
        for t in 0..rows {
            split_pairs(
                self.cyc_v.row(t),
                &self.spliced_vertex,
                &mut keys,
                &mut pairs,
            );
            self.splits.push_row(&pairs);
        }
    }
}

/// Fills `pairs` with the row of a tessel whose cycle is `corners`: each ordered pair (a, b)
/// of its corners that a split may join, ascending by a then b: neither made by a splice
/// (`spliced`), and not neighbours in the cycle (nor the same corner). Room for the new ids
/// is the caller's. `keys` is scratch space.
pub(super) fn split_pairs(
    corners: &[VertexId],
    spliced: &[bool],
    keys: &mut Vec<u32>,
    pairs: &mut Vec<(VertexId, VertexId)>,
) {
    let n = corners.len();
    // A corner as one key, its id above its position, so one sort orders them by id.
    keys.clear();
    keys.extend(
        corners
            .iter()
            .enumerate()
            .map(|(i, v)| u32::from(v.0) << 16 | i as u32),
    );
    keys.sort_unstable();
    let corner = |key: u32| (VertexId((key >> 16) as u16), (key & 0xffff) as usize);
    let plain = |v: VertexId| !spliced[v.index()];
    pairs.clear();
    for (a, ia) in keys.iter().map(|&k| corner(k)).filter(|&(a, _)| plain(a)) {
        for (b, ib) in keys.iter().map(|&k| corner(k)) {
            let gap = if ib >= ia { ib - ia } else { ib + n - ia };
            if plain(b) && gap > 1 && gap != n - 1 {
                pairs.push((a, b));
            }
        }
    }
}
