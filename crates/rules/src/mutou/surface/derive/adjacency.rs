//! The walker, touching and angler rows of every tessel, and how they follow one edit.
//!
//! After an edit only a few tessels change their cycle (in glued ids): the ones the edit
//! made, killed or altered (`update` names them, perhaps with a few whose cycle is the same
//! after all, which only costs their rows a fresh gathering). Two tessels that both kept their cycle share an edge, or a
//! vertex, exactly when they did before, so a tessel that kept its cycle keeps its old rows
//! but for the changed tessels, which are taken out and put back where they share an edge or
//! a vertex with it now. Only the changed tessels' own rows are gathered afresh. A tessel
//! beside no changed tessel (now or before) keeps its rows as they were, copied in runs.
//! Tests compare the result with a rebuild from scratch after random edits
//! (`Surface::caches_match_rebuild`).

use super::{Csr, Derived};
use crate::mutou::surface::ids::TesselId;
use crate::mutou::surface::MAX_CORNERS;

/// How a tessel's rows are made from the old caches.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Redo {
    /// Beside no changed tessel: the old rows.
    Copy,
    /// Its cycle is unchanged but a changed tessel is beside it, now or before: the old
    /// rows without the changed tessels, plus those beside it now.
    Patch,
    /// Its cycle changed (or it is new): gathered afresh.
    Gather,
}

/// Scratch space shared by the rows of one derivation.
struct Scratch {
    row: Vec<TesselId>,
    extra: Vec<TesselId>,
    /// `stamp[s]` is 2t + 1 once s is in t's gathered walker row, 2t + 2 in its touching
    /// row, so a row is gathered without repeats and only needs sorting.
    stamp: Vec<u32>,
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
    /// Walker, touching and angler rows for every tessel id; with `old`, the caches of the
    /// map this one was made from by one edit and the tessels whose cycle that edit may have
    /// changed, rows are copied or patched where they can be (see the module docs). Jagger
    /// rows are left untraced.
    pub(super) fn adjacency(&mut self, nt: usize, old: Option<(&Derived, &Changed)>) {
        let corners = self.cyc_v.items.len();
        self.walker = Csr::with_capacity(nt, corners);
        self.touching = Csr::with_capacity(nt, 3 * corners);
        self.angler = Csr::with_capacity(nt, corners);
        let mut scratch = Scratch {
            row: Vec::with_capacity(4 * MAX_CORNERS),
            extra: Vec::with_capacity(4 * MAX_CORNERS),
            stamp: vec![0; nt],
        };
        match old {
            None => (0..nt).for_each(|t| self.gather(TesselId(t as u16), &mut scratch)),
            Some((old, changed)) => self.follow(old, changed, &mut scratch),
        }
        self.jagger = (0..nt).map(|_| std::sync::OnceLock::new()).collect();
    }

    /// The rows of every tessel id after one edit of `old`'s map.
    fn follow(&mut self, old: &Derived, changed: &Changed, scratch: &mut Scratch) {
        let nt = self.tessel_ids;
        let redo = self.rows_to_redo(old, changed);
        let mut t = 0;
        while t < nt {
            match redo[t] {
                Redo::Copy => {
                    // Tessels past old's last id are changed, so a run stays within old's.
                    let run = redo[t..].iter().take_while(|&&r| r == Redo::Copy).count();
                    self.walker.extend_rows(&old.walker, t..t + run);
                    self.touching.extend_rows(&old.touching, t..t + run);
                    self.angler.extend_rows(&old.angler, t..t + run);
                    t += run;
                    continue;
                }
                Redo::Patch => self.patch(TesselId(t as u16), old, changed, scratch),
                Redo::Gather => self.gather(TesselId(t as u16), scratch),
            }
            t += 1;
        }
    }

    /// How each tessel's rows follow from `old`'s. A changed tessel can change a side or a
    /// tessel list only at its own corners and edges (old or new), so the tessels to patch
    /// are those beside a side or at a list that did change.
    fn rows_to_redo(&self, old: &Derived, changed: &Changed) -> Vec<Redo> {
        let mut redo = vec![Redo::Copy; self.tessel_ids];
        let mut patch = |s: TesselId| {
            if redo[s.index()] == Redo::Copy {
                redo[s.index()] = Redo::Patch;
            }
        };
        for &t in &changed.list {
            let t = t.index();
            for &v in self.cyc_v.row(t).iter().chain(old.cyc_v.row(t)) {
                let now = self.at_vertex.row(v.index());
                if now != old.at_vertex.row(v.index()) {
                    now.iter().for_each(|&s| patch(s));
                }
            }
            for &e in self.cyc_e.row(t).iter().chain(old.cyc_e.row(t)) {
                let now = self.sides.get(e.index()).copied().unwrap_or((None, None));
                if old.sides.get(e.index()).is_none_or(|&was| was != now) {
                    now.0.into_iter().chain(now.1).for_each(&mut patch);
                }
            }
        }
        for &t in &changed.list {
            redo[t.index()] = Redo::Gather;
        }
        redo
    }

    /// Appends `t`'s rows: its old ones without the changed tessels, plus the changed
    /// tessels beside it now (`t` itself unchanged).
    fn patch(&mut self, t: TesselId, old: &Derived, changed: &Changed, scratch: &mut Scratch) {
        let Scratch { row, extra, .. } = scratch;
        let unchanged = |s: &&TesselId| !changed.flag[s.index()];
        // Walker: a changed tessel on a side of one of t's edges.
        extra.clear();
        for &g in self.cyc_e.row(t.index()) {
            let (l, r) = self.sides[g.index()];
            for s in l.into_iter().chain(r) {
                if s != t && changed.flag[s.index()] {
                    extra.push(s);
                }
            }
        }
        extra.sort_unstable();
        extra.dedup();
        merge_into(
            row,
            old.walker.row(t.index()).iter().filter(unchanged),
            extra,
        );
        self.walker.push_row(row);
        // Touching: a changed tessel with a corner of t's among its own.
        let corners = self.cyc_v.row(t.index());
        extra.clear();
        for &s in &changed.list {
            if self
                .cyc_v
                .row(s.index())
                .iter()
                .any(|v| corners.contains(v))
            {
                extra.push(s);
            }
        }
        merge_into(
            row,
            old.touching.row(t.index()).iter().filter(unchanged),
            extra,
        );
        self.touching.push_row(row);
        let walker = self.walker.row(t.index());
        row.retain(|s| walker.binary_search(s).is_err());
        self.angler.push_row(row);
    }

    /// Appends `t`'s walker, touching and angler rows, gathered afresh.
    fn gather(&mut self, t: TesselId, scratch: &mut Scratch) {
        let Scratch { row, stamp, .. } = scratch;
        let mut gather = |row: &mut Vec<TesselId>, mark: u32, s: TesselId| {
            if stamp[s.index()] != mark {
                stamp[s.index()] = mark;
                row.push(s);
            }
        };
        let mark = 2 * u32::from(t.0) + 1;
        row.clear();
        for &g in self.cyc_e.row(t.index()) {
            let (l, r) = self.sides[g.index()];
            for s in l.into_iter().chain(r).filter(|&s| s != t) {
                gather(row, mark, s);
            }
        }
        row.sort_unstable();
        self.walker.push_row(row);
        row.clear();
        for &v in self.cyc_v.row(t.index()) {
            for &s in self.at_vertex.row(v.index()).iter().filter(|&&s| s != t) {
                gather(row, mark + 1, s);
            }
        }
        row.sort_unstable();
        self.touching.push_row(row);
        let walker = self.walker.row(t.index());
        row.retain(|s| walker.binary_search(s).is_err());
        self.angler.push_row(row);
    }
}

/// Fills `out` with the ascending merge of `kept` and `extra` (both ascending, disjoint).
pub(super) fn merge_into<'a, T: Copy + Ord + 'a>(
    out: &mut Vec<T>,
    kept: impl Iterator<Item = &'a T>,
    extra: &[T],
) {
    out.clear();
    let mut extra = extra.iter().copied().peekable();
    for &s in kept {
        while let Some(x) = extra.next_if(|&x| x < s) {
            out.push(x);
        }
        out.push(s);
    }
    out.extend(extra);
}
