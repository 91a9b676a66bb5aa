//! What the layers around a cell decide about it, kept per cell by [`Board`]: the capacity
//! (mu §2.5), the open steps of a single man and the runs a longer move may land on (mu
//! §2.10), and the set of Wall cells.
//!
//! Layers change only by writes ([`Board::set`], [`Board::rewind`]), and each write that
//! changes a layer calls [`Board::relayer`], which repairs exactly what that layer can alter.
//! [`Board::capacities_agree`] compares every kept value with one counted from the layers.

use super::{counts_for, Board, Layer, WORDS};
use crate::mu::geometry::{Cell, NONE};

/// What the layers of a cell and of the cells around it decide about it.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Default)]
pub(super) struct Around {
    /// The capacity (mu §2.5).
    pub(super) capacity: u8,
    /// Bit `d` is set when the neighbour in direction `Dir::ALL[d]` is on the board and not
    /// Wall: where a single man off the Wall may step (mu §2.10).
    pub(super) open_steps: u8,
    /// `run[d]`: how many cells in a row, starting with the neighbour in direction
    /// `Dir::ALL[d]`, are on the board and not Wall. A stack off the Wall may land on each of
    /// them (mu §2.10). A line crosses a segment in at most three cells, so on the largest
    /// board (64 segments) no run reaches 255, where it would saturate.
    pub(super) run: [u8; 6],
}

/// The direction opposite `Dir::ALL[d]`, by index (`ALL` lists the six directions around the
/// circle).
#[inline]
fn opposite(d: usize) -> usize {
    (d + 3) % 6
}

impl Board {
    /// Recomputes every cell's kept values and the Wall set from the layers (a new board).
    pub(super) fn recount_capacities(&mut self) {
        self.around.resize(self.cells.len(), Around::default());
        for i in 0..self.cells.len() {
            self.around[i] = self.count_around(Cell(i as u16));
        }
        self.walls = self.count_walls();
    }

    /// After the board grew by the cells from index `first` on, all of them empty Virginity:
    /// their own kept values, and those they alter around them — the capacities and open
    /// steps of their neighbours, and the runs that now continue into them. The Wall set is
    /// unchanged.
    pub(super) fn count_new_cells(&mut self, first: usize) {
        let n = self.cells.len();
        self.around.resize(n, Around::default());
        for i in first..n {
            self.around[i] = self.count_around(Cell(i as u16));
        }
        let geometry = std::sync::Arc::clone(&self.geometry);
        let table = geometry.neighbour_table();
        for (i, row) in table.iter().enumerate().skip(first) {
            for &m in row {
                if m != NONE && usize::from(m) < first {
                    self.recount_beside(Cell(m));
                }
            }
            for d in 0..6 {
                self.repair_runs(Cell(i as u16), d);
            }
        }
    }

    /// Repairs what a change of `cell`'s layer from `old` to its current layer can alter: its
    /// own capacity, its neighbours' capacities and open steps, the Wall set, and — when it
    /// became or stopped being Wall — the runs that reach it, in each direction back to the
    /// first Wall cell.
    pub(super) fn relayer(&mut self, cell: Cell, old: Layer) {
        let table = self.geometry.neighbour_table();
        let i = cell.index();
        self.around[i].capacity = self.count_capacity(cell);
        for n in table[i] {
            if n != NONE {
                self.recount_beside(Cell(n));
            }
        }
        let wall = self.cells[i].layer == Layer::Wall;
        if wall == (old == Layer::Wall) {
            return;
        }
        let (word, bit) = (i / 64, 1u64 << (i % 64));
        if wall {
            self.walls[word] |= bit;
        } else {
            self.walls[word] &= !bit;
        }
        for d in 0..6 {
            self.repair_runs(cell, d);
        }
    }

    /// Recounts the capacity and open steps of `cell`, next to a cell whose layer changed or
    /// which is new: its runs are repaired separately, along the lines.
    fn recount_beside(&mut self, cell: Cell) {
        self.around[cell.index()].capacity = self.count_capacity(cell);
        self.around[cell.index()].open_steps = self.count_open_steps(cell);
    }

    /// After `cell`'s layer changed to or from Wall: the runs in direction `d` of the cells
    /// behind it, each one more than the run of the cell in front (or 0 in front of a Wall),
    /// up to and including the first Wall cell met (the runs behind a Wall do not reach
    /// `cell`).
    fn repair_runs(&mut self, cell: Cell, d: usize) {
        let table = self.geometry.neighbour_table();
        let mut front = cell.index();
        loop {
            let behind = table[front][opposite(d)];
            if behind == NONE {
                return;
            }
            let behind = usize::from(behind);
            self.around[behind].run[d] = if self.cells[front].layer == Layer::Wall {
                0
            } else {
                self.around[front].run[d].saturating_add(1)
            };
            if self.cells[behind].layer == Layer::Wall {
                return;
            }
            front = behind;
        }
    }

    /// A cell's kept values counted from the layers.
    fn count_around(&self, cell: Cell) -> Around {
        Around {
            capacity: self.count_capacity(cell),
            open_steps: self.count_open_steps(cell),
            run: std::array::from_fn(|d| self.count_run(cell, d)),
        }
    }

    /// A cell's run in direction `d`, found cell by cell.
    fn count_run(&self, cell: Cell, d: usize) -> u8 {
        let table = self.geometry.neighbour_table();
        let (mut at, mut run) = (cell.index(), 0u8);
        loop {
            let next = table[at][d];
            if next == NONE || self.cells[usize::from(next)].layer == Layer::Wall {
                return run;
            }
            run = run.saturating_add(1);
            at = usize::from(next);
        }
    }

    /// A cell's open steps found from its neighbours' layers (see [`Board::open_steps`]).
    fn count_open_steps(&self, cell: Cell) -> u8 {
        let around = self.geometry.neighbour_table()[cell.index()];
        let mut mask = 0;
        for (d, n) in around.into_iter().enumerate() {
            let open = n != NONE && self.cells[usize::from(n)].layer != Layer::Wall;
            mask |= u8::from(open) << d;
        }
        mask
    }

    /// A cell's capacity counted from its neighbours' layers (mu §2.5).
    fn count_capacity(&self, cell: Cell) -> u8 {
        let layer = self.cells[cell.index()].layer;
        self.geometry
            .neighbours(cell)
            .filter(|&n| counts_for(layer, self.cells[n.index()].layer))
            .count() as u8
    }

    /// The Wall cells found from the layers.
    fn count_walls(&self) -> [u64; WORDS] {
        let mut walls = [0; WORDS];
        for (i, s) in self.cells.iter().enumerate() {
            if s.layer == Layer::Wall {
                walls[i / 64] |= 1 << (i % 64);
            }
        }
        walls
    }

    /// The directions in which a single man on `cell` that is not on the Wall may step (mu
    /// §2.10): bit `d` (the index of `Dir::ALL[d]`) is set when that neighbour is on the board
    /// and not Wall.
    #[inline]
    pub fn open_steps(&self, cell: Cell) -> u8 {
        self.around[cell.index()].open_steps
    }

    /// How many cells in a row, starting with `cell`'s neighbour in direction `Dir::ALL[d]`,
    /// are on the board and not Wall (at most 255): a stack off the Wall may land on each of
    /// them, as far as its height allows (mu §2.10).
    #[inline]
    pub fn run(&self, cell: Cell, d: usize) -> u8 {
        self.around[cell.index()].run[d]
    }

    /// The cell just past [`Board::run`]`(cell, d)`: a Wall cell, or `None` where the run
    /// reaches the edge of the board.
    #[inline]
    pub fn run_end(&self, cell: Cell, d: usize) -> Option<Cell> {
        let run = usize::from(self.around[cell.index()].run[d]);
        let end = *self.geometry.ray(cell, d).get(run)?;
        (end != NONE).then_some(Cell(end))
    }

    /// Whether `seat` has a stack on the Wall: a bridge its other stacks may cross (mu §2.10).
    #[inline]
    pub fn has_bridge(&self, seat: u8) -> bool {
        let Some(stacks) = self.stacks.get(usize::from(seat)) else {
            return false;
        };
        let used = self.cells.len().div_ceil(64);
        (0..used).any(|w| stacks[w] & self.walls[w] != 0)
    }

    /// Whether every kept capacity, open-step set, run and Wall bit equals the one counted
    /// from the layers (for checks).
    pub fn capacities_agree(&self) -> bool {
        self.walls == self.count_walls()
            && self
                .geometry
                .all_cells()
                .all(|c| self.around[c.index()] == self.count_around(c))
    }
}
