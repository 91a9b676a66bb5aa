//! The splits each tessel's own cycle allows (mutou D2 (3)), kept with the caches so that a
//! listing reads them instead of judging every pair of corners of every tessel again: they
//! change only with the tessel's cycle or with a splice at one of its corners.

use super::{Csr, Derived};
use crate::mutou::surface::ids::VertexId;

impl Derived {
    /// The splits row of every tessel id (after the cycles and `spliced_vertex`).
    pub(super) fn map_splits(&mut self) {
        let rows = self.cyc_v.rows();
        self.splits = Csr::with_capacity(rows, 4 * self.cyc_v.items.len());
        let mut keys = Vec::new();
        for t in 0..rows {
            push_splits(
                &self.cyc_v,
                &self.spliced_vertex,
                t,
                &mut self.splits,
                &mut keys,
            );
        }
    }
}

/// Appends to `splits` tessel `t`'s row: each ordered pair (a, b) of its corners (in `cycles`)
/// that a split may join, ascending by a then b: neither made by a splice (`spliced`), and
/// not neighbours in the cycle (nor the same corner). Room for the new ids is the caller's.
pub(super) fn push_splits(
    cycles: &Csr<VertexId>,
    spliced: &[bool],
    t: usize,
    splits: &mut Csr<(VertexId, VertexId)>,
    keys: &mut Vec<u32>,
) {
    let vs = cycles.row(t);
    let n = vs.len();
    // A corner as one key, its id above its position, so one sort orders them by id.
    keys.clear();
    keys.extend(
        vs.iter()
            .enumerate()
            .map(|(i, v)| u32::from(v.0) << 16 | i as u32),
    );
    keys.sort_unstable();
    let corner = |key: u32| (VertexId((key >> 16) as u16), (key & 0xffff) as usize);
    let plain = |v: VertexId| !spliced[v.index()];
    let pairs = keys.iter().map(|&a| corner(a)).filter(|&(a, _)| plain(a));
    let pairs = pairs.flat_map(|(a, ia)| keys.iter().map(move |&b| (a, ia, corner(b))));
    splits.push_row_from(pairs.filter_map(|(a, ia, (b, ib))| {
        let gap = if ib >= ia { ib - ia } else { ib + n - ia };
        (plain(b) && gap > 1 && gap != n - 1).then_some((a, b))
    }));
}
