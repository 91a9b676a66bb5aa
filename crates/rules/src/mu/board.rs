//! The layered board: every cell's layer and stack (mu §2.4), capacities and heat (mu §2.5), the
//! Commonwealth sections (mu §2.7) and an incremental 128-bit fingerprint of the whole board.
//!
//! Every write goes through [`Board::set`], which keeps the fingerprint up to date and can log
//! the old value, so a chain reaction can be undone step by step and a repeated state found in
//! time proportional to the cells it touched, never to the board's size.

use std::sync::Arc;

use crate::game::Seat;
use crate::hash::mix;

use super::geometry::{Cell, Dir, Geometry, MAX_SEGMENTS};

#[path = "around.rs"]
mod around;
use around::Around;

/// The layer a cell shows (mu §2.5). Cells only ever change from Virginity.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub enum Layer {
    /// The top layer, still covering the territory.
    #[default]
    Virgin,
    /// Revealed territory.
    Common,
    /// The separation between sections.
    Wall,
}

impl Layer {
    /// The letter used in position text: `V`, `C`, `W`.
    pub const fn letter(self) -> char {
        match self {
            Layer::Virgin => 'V',
            Layer::Common => 'C',
            Layer::Wall => 'W',
        }
    }

    /// The name shown to people.
    pub const fn name(self) -> &'static str {
        match self {
            Layer::Virgin => "Virginity",
            Layer::Common => "Commonwealth",
            Layer::Wall => "Wall",
        }
    }
}

/// No owner: the cell is empty.
pub const NOBODY: u8 = u8::MAX;

/// One cell: its layer and its single-coloured stack (mu §2.4).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct CellState {
    /// The layer.
    pub layer: Layer,
    /// The seat whose men stand here, or [`NOBODY`].
    pub owner: u8,
    /// How many men.
    pub height: u16,
}

impl Default for CellState {
    fn default() -> Self {
        CellState {
            layer: Layer::Virgin,
            owner: NOBODY,
            height: 0,
        }
    }
}

impl CellState {
    /// The owner, if the cell holds men.
    #[inline]
    pub fn owner(self) -> Option<Seat> {
        (self.height > 0).then_some(Seat(self.owner))
    }

    /// A cell of `layer` holding `height` men of `seat` (no owner when `height` is 0).
    pub fn stack(layer: Layer, seat: Seat, height: u16) -> CellState {
        CellState {
            layer,
            owner: if height == 0 { NOBODY } else { seat.0 },
            height,
        }
    }

    /// An empty cell of `layer`.
    pub fn empty(layer: Layer) -> CellState {
        CellState {
            layer,
            owner: NOBODY,
            height: 0,
        }
    }

    fn code(self) -> u64 {
        u64::from(self.layer as u8) << 24 | u64::from(self.owner) << 16 | u64::from(self.height)
    }
}

/// A 128-bit fingerprint of the board: two independent keyed hashes of every cell.
pub type Fingerprint = u128;

/// The fingerprint term of one cell; empty Virginity contributes nothing.
fn term(cell: Cell, state: CellState) -> Fingerprint {
    if state == CellState::default() {
        return 0;
    }
    let x = u64::from(cell.0) << 40 | state.code();
    let low = mix(x ^ 0x6d75_2d6c_6f77_0001);
    let high = mix(x.rotate_left(17) ^ 0x6d75_2d68_6967_6802);
    u128::from(high) << 64 | u128::from(low)
}

/// The fingerprint and the men per seat of a board at one moment (see [`Board::rewind`]).
#[derive(Clone, Copy, Debug)]
pub struct Totals {
    fingerprint: Fingerprint,
    men: [u32; MAX_SEATS],
}

/// The cells of one seat's stacks, in index order (see [`Board::stacks_of`]): a walk over the
/// set bits of the seat's cell set, word by word.
#[derive(Clone, Debug)]
pub struct StackCells<'a> {
    words: &'a [u64],
    /// The index of the word being read.
    word: usize,
    /// Its bits not yet returned.
    rest: u64,
}

impl Iterator for StackCells<'_> {
    type Item = Cell;

    #[inline]
    fn next(&mut self) -> Option<Cell> {
        while self.rest == 0 {
            self.word += 1;
            self.rest = *self.words.get(self.word)?;
        }
        let bit = self.rest.trailing_zeros() as usize;
        self.rest &= self.rest - 1;
        Some(Cell((self.word * 64 + bit) as u16))
    }
}

/// No section: the cell is not Commonwealth.
const NO_SECTION: u32 = u32::MAX;

/// The cells of a board and what is derived from them.
///
/// Equality and hashing look at the geometry and the cells only: section labels are a cache of
/// the connected components, which the layers alone decide (sections never merge, mu §2.7).
#[derive(Clone)]
pub struct Board {
    geometry: Arc<Geometry>,
    cells: Vec<CellState>,
    section: Vec<u32>,
    next_section: u32,
    /// Every cell's capacity, open steps and runs, kept up to date by every write that
    /// changes a layer. One table, so a copy of the board (a search node) allocates once.
    around: Vec<Around>,
    /// The Wall cells, as a bit set like `stacks`, kept up to date with `around`.
    walls: [u64; WORDS],
    fingerprint: Fingerprint,
    /// Men on the board per seat, kept up to date by [`Board::set`].
    men: [u32; MAX_SEATS],
    /// The cells holding a stack, per seat, as bit sets (bit `i % 64` of word `i / 64` is cell
    /// `i`), kept up to date by [`Board::set`].
    stacks: [[u64; WORDS]; MAX_SEATS],
}

/// The most seats a game has.
const MAX_SEATS: usize = 8;
/// 64-bit words of a cell set: enough for the largest board.
const WORDS: usize = (MAX_SEGMENTS * 7).div_ceil(64);

impl std::fmt::Debug for Board {
    /// The geometry and the cells that are not empty Virginity, named.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{:?} {{", self.geometry)?;
        for cell in self.geometry.all_cells() {
            let s = self.get(cell);
            if s != CellState::default() {
                write!(f, " {cell}={:?}/{}/{}", s.layer, s.owner, s.height)?;
            }
        }
        f.write_str(" }")
    }
}

impl PartialEq for Board {
    fn eq(&self, other: &Self) -> bool {
        self.geometry == other.geometry && self.cells == other.cells
    }
}

impl Eq for Board {}

impl std::hash::Hash for Board {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.geometry.centres().hash(state);
        self.fingerprint.hash(state);
    }
}

impl Board {
    /// An all-Virginity, empty board on `geometry`.
    pub fn new(geometry: Arc<Geometry>) -> Board {
        let n = geometry.cells();
        let mut board = Board {
            geometry,
            cells: vec![CellState::default(); n],
            section: vec![NO_SECTION; n],
            next_section: 0,
            around: vec![Around::default(); n],
            walls: [0; WORDS],
            fingerprint: 0,
            men: [0; MAX_SEATS],
            stacks: [[0; WORDS]; MAX_SEATS],
        };
        board.recount_capacities();
        board
    }

    /// Whether the two boards agree in every field, caches included, and in the section
    /// label of every Commonwealth cell (for tests).
    #[cfg(test)]
    pub fn same_in_every_field(&self, other: &Board) -> bool {
        let labels_agree = (0..self.cells.len())
            .all(|i| self.cells[i].layer != Layer::Common || self.section[i] == other.section[i]);
        self == other
            && labels_agree
            && self.next_section == other.next_section
            && self.around == other.around
            && self.walls == other.walls
            && self.fingerprint == other.fingerprint
            && self.men == other.men
            && self.stacks == other.stacks
    }

    /// The board's shape.
    pub fn geometry(&self) -> &Arc<Geometry> {
        &self.geometry
    }

    /// Grows the board by one empty Virgin segment (lay-out phase).
    pub fn add_segment(&mut self, geometry: Arc<Geometry>) {
        let (before, n) = (self.cells.len(), geometry.cells());
        self.cells.resize(n, CellState::default());
        self.section.resize(n, NO_SECTION);
        self.geometry = geometry;
        self.count_new_cells(before);
    }

    /// One cell.
    #[inline]
    pub fn get(&self, cell: Cell) -> CellState {
        self.cells[cell.index()]
    }

    /// Every cell, in index order.
    pub fn cells(&self) -> &[CellState] {
        &self.cells
    }

    /// The fingerprint of the whole board.
    #[inline]
    pub fn fingerprint(&self) -> Fingerprint {
        self.fingerprint
    }

    /// The fingerprint computed from scratch (for tests and checks).
    pub fn fingerprint_from_scratch(&self) -> Fingerprint {
        self.geometry
            .all_cells()
            .fold(0, |acc, c| acc ^ term(c, self.get(c)))
    }

    /// Writes one cell, logging its old value when a log is given. A cell turning Commonwealth
    /// must be labelled with [`Board::label_section`] by the caller.
    #[inline]
    pub fn set(&mut self, cell: Cell, state: CellState, log: Option<&mut Vec<(Cell, CellState)>>) {
        let old = self.cells[cell.index()];
        if old == state {
            return;
        }
        if let Some(log) = log {
            log.push((cell, old));
        }
        self.fingerprint ^= term(cell, old) ^ term(cell, state);
        self.cells[cell.index()] = state;
        if old.layer != state.layer {
            self.relayer(cell, old.layer);
        }
        let (word, bit) = (cell.index() / 64, 1u64 << (cell.index() % 64));
        if old.height > 0 && usize::from(old.owner) < MAX_SEATS {
            self.men[usize::from(old.owner)] -= u32::from(old.height);
            self.stacks[usize::from(old.owner)][word] &= !bit;
        }
        if state.height > 0 && usize::from(state.owner) < MAX_SEATS {
            self.men[usize::from(state.owner)] += u32::from(state.height);
            self.stacks[usize::from(state.owner)][word] |= bit;
        }
    }

    /// What [`Board::set`] keeps up to date besides the cell, saved to be put back by
    /// [`Board::rewind`].
    #[inline]
    pub fn totals(&self) -> Totals {
        Totals {
            fingerprint: self.fingerprint,
            men: self.men,
        }
    }

    /// Undoes logged writes, newest first, down to `mark`, and puts back `totals`, which must
    /// have been saved when the log stood at `mark`. The same as undoing through
    /// [`Board::set`], without recomputing the fingerprint cell by cell.
    pub fn rewind(&mut self, log: &mut Vec<(Cell, CellState)>, mark: usize, totals: Totals) {
        for (cell, old) in log.drain(mark..).rev() {
            let now = self.cells[cell.index()];
            let (word, bit) = (cell.index() / 64, 1u64 << (cell.index() % 64));
            if now.height > 0 && usize::from(now.owner) < MAX_SEATS {
                self.stacks[usize::from(now.owner)][word] &= !bit;
            }
            if old.height > 0 && usize::from(old.owner) < MAX_SEATS {
                self.stacks[usize::from(old.owner)][word] |= bit;
            }
            self.cells[cell.index()] = old;
            if now.layer != old.layer {
                self.relayer(cell, now.layer);
            }
        }
        self.fingerprint = totals.fingerprint;
        self.men = totals.men;
    }

    /// The cells holding a stack of `seat`, in index order.
    pub fn stacks_of(&self, seat: Seat) -> StackCells<'_> {
        // Only the words that hold cells of this board.
        let used = self.cells.len().div_ceil(64);
        let words = self
            .stacks
            .get(seat.index())
            .map_or(&[][..], |w| &w[..used]);
        StackCells {
            words,
            word: 0,
            rest: words.first().copied().unwrap_or(0),
        }
    }

    /// [`Board::stacks_of`] found from the cells (for checks).
    pub fn stacks_of_from_scratch(&self, seat: Seat) -> Vec<Cell> {
        self.geometry
            .all_cells()
            .filter(|&c| self.get(c).owner() == Some(seat))
            .collect()
    }

    /// Capacity (mu §2.5): V counts Virgin neighbours, C counts Virgin and Commonwealth
    /// neighbours, W counts Wall neighbours. Out of Bounds never counts.
    #[inline]
    pub fn capacity(&self, cell: Cell) -> u16 {
        u16::from(self.around[cell.index()].capacity)
    }

    /// The explosion targets of `cell`: the neighbours its capacity counts, in direction order.
    pub fn targets(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        let layer = self.cells[cell.index()].layer;
        self.geometry
            .neighbours(cell)
            .filter(move |&n| counts_for(layer, self.cells[n.index()].layer))
    }

    /// Whether the cell must explode (mu §2.5, A10): V and C cells holding men at or over
    /// capacity, W cells over capacity. An empty cell is never hot.
    #[inline]
    pub fn is_hot(&self, cell: Cell) -> bool {
        let s = self.cells[cell.index()];
        if s.height == 0 {
            return false;
        }
        let cap = u16::from(self.around[cell.index()].capacity);
        match s.layer {
            Layer::Virgin | Layer::Common => s.height >= cap,
            Layer::Wall => s.height > cap,
        }
    }

    /// Whether an explosion of the cell would change anything: hot, and not a Commonwealth or
    /// Wall cell of capacity 0 (whose "explosion" distributes nothing, mu §2.5, A12).
    #[inline]
    pub fn is_productive(&self, cell: Cell) -> bool {
        self.is_hot(cell)
            && (self.cells[cell.index()].layer == Layer::Virgin || self.capacity(cell) > 0)
    }

    /// The section label of a Commonwealth cell (a cache: equal labels mean the same section).
    #[inline]
    pub fn section_label(&self, cell: Cell) -> Option<u32> {
        let s = self.section[cell.index()];
        (s != NO_SECTION).then_some(s)
    }

    /// The distinct sections among the Commonwealth neighbours of `cell`, at most two reported
    /// (that is all the Wall test needs, mu §2.6 step 1).
    pub fn neighbour_sections(&self, cell: Cell) -> (Option<u32>, bool) {
        let mut first = None;
        for n in self.geometry.neighbours(cell) {
            if self.cells[n.index()].layer != Layer::Common {
                continue;
            }
            let label = self.section[n.index()];
            match first {
                None => first = Some(label),
                Some(f) if f != label => return (first, true),
                Some(_) => {}
            }
        }
        (first, false)
    }

    /// Labels a cell that has just become Commonwealth: its neighbour's section or a new one.
    /// Returns whether a new section was created. Undoing the cell's change needs no undoing here:
    /// labels are only read on Commonwealth cells, and a spent label is never reused.
    pub fn label_section(&mut self, cell: Cell, joined: Option<u32>) -> bool {
        match joined {
            Some(label) => {
                self.section[cell.index()] = label;
                false
            }
            None => {
                self.section[cell.index()] = self.next_section;
                self.next_section += 1;
                true
            }
        }
    }

    /// How many section labels have been handed out (see [`Board::take_back_labels`]).
    pub fn labels_issued(&self) -> u32 {
        self.next_section
    }

    /// Takes back the labels handed out since [`Board::labels_issued`] returned `issued`, so
    /// that they are handed out again. Only for a caller that has undone every write since
    /// then: no Commonwealth cell may still carry one of those labels.
    pub fn take_back_labels(&mut self, issued: u32) {
        self.next_section = issued;
    }

    /// Recomputes every section label from the layers (after reading a position).
    pub fn relabel_sections(&mut self) {
        self.section.iter_mut().for_each(|s| *s = NO_SECTION);
        self.next_section = 0;
        for cell in self.geometry.clone().all_cells() {
            if self.get(cell).layer == Layer::Common && self.section[cell.index()] == NO_SECTION {
                let label = self.next_section;
                self.next_section += 1;
                for member in self.component(cell) {
                    self.section[member.index()] = label;
                }
            }
        }
    }

    /// The connected component of same-layer cells containing `cell` (its C or W section, or
    /// its Virginity fragment), in breadth-first order.
    pub fn component(&self, cell: Cell) -> Vec<Cell> {
        let layer = self.get(cell).layer;
        let mut seen = std::collections::HashSet::from([cell]);
        let mut out = vec![cell];
        let mut i = 0;
        while i < out.len() {
            let here = out[i];
            i += 1;
            for n in self.geometry.neighbours(here) {
                if self.get(n).layer == layer && seen.insert(n) {
                    out.push(n);
                }
            }
        }
        out
    }

    /// The neighbour of `cell` in direction `dir`, or `None` for Out of Bounds.
    #[inline]
    pub fn step(&self, cell: Cell, dir: Dir) -> Option<Cell> {
        self.geometry.neighbour(cell, dir)
    }

    /// How many men each of the first `seats` seats has on the board (kept up to date by every
    /// write, so this costs nothing on a large board).
    #[inline]
    pub fn men(&self, seats: usize) -> &[u32] {
        &self.men[..seats.min(MAX_SEATS)]
    }

    /// [`Board::men`] counted from the cells (for checks).
    pub fn men_from_scratch(&self, seats: usize) -> Vec<u32> {
        let mut men = vec![0u32; seats.min(MAX_SEATS)];
        for s in &self.cells {
            if s.height > 0 {
                if let Some(m) = men.get_mut(usize::from(s.owner)) {
                    *m += u32::from(s.height);
                }
            }
        }
        men
    }
}

/// Whether a neighbour of layer `other` counts towards the capacity of a cell of layer `own`.
#[inline]
fn counts_for(own: Layer, other: Layer) -> bool {
    match own {
        Layer::Virgin => other == Layer::Virgin,
        Layer::Common => other != Layer::Wall,
        Layer::Wall => other == Layer::Wall,
    }
}
