//! The walker, touching and angler rows of every tessel, and how they follow one edit.
//!
//! After an edit only a few tessels change their cycle (in glued ids): the ones the edit
//! made, killed or altered (`update` names them, perhaps with a few whose cycle is the same
//! after all, which only costs their rows a fresh gathering). Their rows are gathered
//! afresh. Two tessels that both kept their cycle share an edge, or a vertex, exactly when
//! they did before, and the relations are symmetric, so a tessel that kept its cycle keeps
//! its old rows but for the changed tessels: those are taken out, and put back where the
//! changed tessel's fresh row names it. Only the tessels whose relation to a changed tessel
//! differs between its old and fresh rows are patched, in place; every other row stays as
//! it is. Test and debug builds compare the result with a rebuild from scratch
//! (`Surface::apply`).

use super::{Csr, Derived};
use crate::mutou::surface::ids::TesselId;
use crate::mutou::surface::MAX_CORNERS;

/// The three relations' rows, in tessel order.
struct Rows {
    walker: Csr<TesselId>,
    touching: Csr<TesselId>,
    angler: Csr<TesselId>,
}

impl Rows {
    fn with_capacity(rows: usize, corners: usize) -> Rows {
        Rows {
            walker: Csr::with_capacity(rows, corners),
            touching: Csr::with_capacity(rows, 3 * corners),
            angler: Csr::with_capacity(rows, corners),
        }
    }
}

/// Scratch space shared by the rows of one derivation.
struct Scratch {
    row: Vec<TesselId>,
    /// A bit per tessel id for the walker row being gathered, then one for the touching row:
    /// read off in order, a row comes out ascending and without repeats, unsorted.
    walker: Vec<u64>,
    touching: Vec<u64>,
}

impl Scratch {
    fn new(tessel_ids: usize) -> Scratch {
        Scratch {
            row: Vec::with_capacity(4 * MAX_CORNERS),
            walker: vec![0; tessel_ids.div_ceil(64)],
            touching: vec![0; tessel_ids.div_ceil(64)],
        }
    }
}

/// The tessels whose cycle (in glued ids) may have changed, ascending, and a flag per tessel
/// id. Tessels past the old map's last id are always among them; a tessel listed whose
/// cycle is the same after all only has its rows gathered afresh.
pub(in crate::mutou::surface) struct Changed {
    pub list: Vec<TesselId>,
    pub flag: Vec<bool>,
}

impl Changed {
    /// The tessels flagged in `flag`.
    pub fn from_flags(flag: Vec<bool>) -> Changed {
        let list = (0..flag.len())
            .filter(|&t| flag[t])
            .map(|t| TesselId(t as u16))
            .collect();
        Changed { list, flag }
    }
}

impl Derived {
    /// Walker, touching and angler rows for every tessel id, gathered afresh. Jagger rows
    /// are left untraced.
    pub(super) fn adjacency(&mut self, nt: usize) {
        let mut rows = Rows::with_capacity(nt, self.cyc_v.len());
        let mut scratch = Scratch::new(nt);
        (0..nt).for_each(|t| self.gather(TesselId(t as u16), &mut scratch, &mut rows));
        (self.walker, self.touching, self.angler) = (rows.walker, rows.touching, rows.angler);
        self.jagger = (0..nt).map(|_| std::sync::OnceLock::new()).collect();
    }

    /// The rows after one edit, in place (see the module docs): `walker` and `touching`
    /// hold the changed tessels' rows before it (row k for the changed tessel k).
    pub(super) fn follow_adjacency(
        &mut self,
        changed: &Changed,
        walker: &Csr<TesselId>,
        touching: &Csr<TesselId>,
    ) {
        let nt = self.tessel_ids;
        let mut scratch = Scratch::new(nt);
        let mut fresh = Rows::with_capacity(changed.list.len(), 4 * MAX_CORNERS);
        for &c in &changed.list {
            self.gather(c, &mut scratch, &mut fresh);
        }
        // Where an unchanged tessel t comes to be beside a changed tessel c, or stops being
        // so (the relations are symmetric), as (t, c) keys.
        let mut walker_diff = Diff::default();
        let mut touching_diff = Diff::default();
        for (k, &c) in changed.list.iter().enumerate() {
            let unchanged = |t: TesselId| !changed.flag[t.index()];
            walker_diff.add(walker.row(k), fresh.walker.row(k), c, unchanged);
            touching_diff.add(touching.row(k), fresh.touching.row(k), c, unchanged);
        }
        let keys = walker_diff.gone.len() + walker_diff.came.len();
        let mut patch: Vec<u32> =
            Vec::with_capacity(keys + touching_diff.gone.len() + touching_diff.came.len());
        for diff in [&mut walker_diff, &mut touching_diff] {
            diff.gone.sort_unstable();
            diff.came.sort_unstable();
            patch.extend(diff.gone.iter().chain(&diff.came).map(|&key| key >> 16));
        }
        patch.sort_unstable();
        patch.dedup();
        for rows in [&mut self.walker, &mut self.touching, &mut self.angler] {
            rows.grow_to(nt);
        }
        for (k, &c) in changed.list.iter().enumerate() {
            self.walker.set_row(c.index(), fresh.walker.row(k));
            self.touching.set_row(c.index(), fresh.touching.row(k));
            self.angler.set_row(c.index(), fresh.angler.row(k));
        }
        let (mut walker_at, mut touching_at) = ([0, 0], [0, 0]);
        let row = &mut scratch.row;
        for t in patch.into_iter().map(|t| t as usize) {
            if walker_diff.apply(row, self.walker.row(t), t, &mut walker_at) {
                self.walker.set_row(t, row);
            }
            if touching_diff.apply(row, self.touching.row(t), t, &mut touching_at) {
                self.touching.set_row(t, row);
            } else {
                row.clear();
                row.extend_from_slice(self.touching.row(t));
            }
            drop_listed(row, self.walker.row(t));
            self.angler.set_row(t, row);
        }
    }

    /// Appends `t`'s walker, touching and angler rows to `rows`, gathered afresh.
    fn gather(&self, t: TesselId, scratch: &mut Scratch, rows: &mut Rows) {
        let Scratch {
            row,
            walker,
            touching,
        } = scratch;
        // The words that hold bits lie between the least and the most tessel met.
        let (mut least, mut most) = (usize::MAX, 0);
        let mut put = |bits: &mut [u64], s: TesselId| {
            bits[s.index() / 64] |= 1 << (s.index() % 64);
            (least, most) = (least.min(s.index() / 64), most.max(s.index() / 64));
        };
        for &g in self.cyc_e.row(t.index()) {
            let (l, r) = self.sides[g.index()];
            for s in l.into_iter().chain(r).filter(|&s| s != t) {
                put(walker, s);
            }
        }
        for &v in self.cyc_v.row(t.index()) {
            for &s in self.at_vertex.row(v.index()).iter().filter(|&&s| s != t) {
                put(touching, s);
            }
        }
        let (least, words) = match least {
            usize::MAX => (0, 0..0),
            least => (least, least..most + 1),
        };
        read_off(row, &walker[words.clone()], 64 * least);
        rows.walker.push_row(row);
        read_off(row, &touching[words.clone()], 64 * least);
        rows.touching.push_row(row);
        // Angler: touching but not walker.
        for k in words.clone() {
            touching[k] &= !walker[k];
        }
        read_off(row, &touching[words.clone()], 64 * least);
        rows.angler.push_row(row);
        walker[words.clone()].fill(0);
        touching[words].fill(0);
    }
}

/// Fills `row` with the tessels whose bits are set in `bits`, ascending; bit 0 of the first
/// word is tessel `first`.
fn read_off(row: &mut Vec<TesselId>, bits: &[u64], first: usize) {
    row.clear();
    for (k, &word) in bits.iter().enumerate() {
        let mut word = word;
        while word != 0 {
            row.push(TesselId(
                (first + 64 * k + word.trailing_zeros() as usize) as u16,
            ));
            word &= word - 1;
        }
    }
}

/// How one relation's rows of unchanged tessels change: (t, c) keys, t above c, of changed
/// tessels c that t is no longer beside (`gone`) or is now beside (`came`).
#[derive(Default)]
struct Diff {
    gone: Vec<u32>,
    came: Vec<u32>,
}

impl Diff {
    /// Adds the difference between changed tessel `c`'s old and fresh rows (both ascending),
    /// for the tessels `unchanged` accepts.
    fn add(
        &mut self,
        old: &[TesselId],
        fresh: &[TesselId],
        c: TesselId,
        unchanged: impl Fn(TesselId) -> bool,
    ) {
        let key = |t: TesselId| u32::from(t.0) << 16 | u32::from(c.0);
        let (mut i, mut j) = (0, 0);
        loop {
            let (a, b) = (old.get(i).copied(), fresh.get(j).copied());
            match (a, b) {
                (None, None) => break,
                (Some(a), Some(b)) if a == b => (i, j) = (i + 1, j + 1),
                (Some(a), b) if b.is_none_or(|b| a < b) => {
                    if unchanged(a) {
                        self.gone.push(key(a));
                    }
                    i += 1;
                }
                (_, b) => {
                    let b = b.expect("the fresh row goes on");
                    if unchanged(b) {
                        self.came.push(key(b));
                    }
                    j += 1;
                }
            }
        }
    }

    /// Fills `out` with unchanged tessel `t`'s row: its `old` row without the tessels it is
    /// no longer beside, with those it is now beside. `at` holds where `t`'s keys start in
    /// `gone` and `came` (the lists ascending, tessels taken in ascending order). False, and
    /// `out` left as it was, when `t` has no keys here (its row stays `old`).
    fn apply(
        &self,
        out: &mut Vec<TesselId>,
        old: &[TesselId],
        t: usize,
        at: &mut [usize; 2],
    ) -> bool {
        let of_t = |keys: &[u32], at: &mut usize| {
            let from = *at;
            while keys.get(*at).is_some_and(|&k| (k >> 16) as usize == t) {
                *at += 1;
            }
            (from, *at)
        };
        let (gone_from, gone_to) = of_t(&self.gone, &mut at[0]);
        let (came_from, came_to) = of_t(&self.came, &mut at[1]);
        let (gone, came) = (
            &self.gone[gone_from..gone_to],
            &self.came[came_from..came_to],
        );
        if gone.is_empty() && came.is_empty() {
            return false;
        }
        out.clear();
        // A key's low half is the changed tessel: the keys of `t` ascend with it.
        let tessel = |key: u32| TesselId(key as u16);
        let (mut g, mut c) = (0, 0);
        for &s in old {
            while c < came.len() && tessel(came[c]) < s {
                out.push(tessel(came[c]));
                c += 1;
            }
            if g < gone.len() && tessel(gone[g]) == s {
                g += 1;
            } else {
                out.push(s);
            }
        }
        out.extend(came[c..].iter().map(|&k| tessel(k)));
        true
    }
}

/// Drops from ascending `row` the tessels `listed` (ascending) holds, in one pass of both.
fn drop_listed(row: &mut Vec<TesselId>, listed: &[TesselId]) {
    let mut at = 0;
    row.retain(|s| {
        while listed.get(at).is_some_and(|l| l < s) {
            at += 1;
        }
        listed.get(at) != Some(s)
    });
}

/// Fills `out` with the ascending merge of `kept` and `extra` (both ascending, disjoint).
pub(super) fn merge_into<'a, T: Copy + Ord + 'a>(
    out: &mut Vec<T>,
    kept: impl Iterator<Item = &'a T>,
    extra: &[T],
) {
    out.clear();
    out.reserve(kept.size_hint().1.unwrap_or(0) + extra.len());
    let mut extra = extra.iter().copied().peekable();
    for &s in kept {
        while let Some(x) = extra.next_if(|&x| x < s) {
            out.push(x);
        }
        out.push(s);
    }
    out.extend(extra);
}
