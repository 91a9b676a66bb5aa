//! Independent reference model of Mu (Christian Freeling), written from the rules specification
//! alone (`shared/rules/mu.md`, §2.1–§2.13 and §3) so that the engine can be cross-checked
//! against it action by action. It shares no code with the engine.
//!
//! It is kept deliberately plain and slow: whole-board copies, sections recomputed by flood fill
//! every time they are needed, exact boards as the oscillation fingerprint and exhaustive search
//! over explosion orders.
//!
//! Layout: this file (hex geometry, the board, layers, capacity, "hot", sections and segment
//! placement), `resolve` (one explosion, the resolution loop with oscillation handling,
//! [`all_stops`] and [`canonical_stop`]), `play` (movement and scoring), `tests` and `tests_play`.

use std::collections::{BTreeMap, BTreeSet};

pub mod play;
pub mod resolve;
#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_play;

pub use play::{apply_move, legal_moves, scores, Access};
pub use resolve::{
    all_stops, all_stops_within, canonical_run, canonical_stop, explode, remove_man, Explosion,
    Oscillation, Run, Stop,
};

/// A cell in axial coordinates `(q, r)`, pointy-top hexes (§2.1).
pub type Hex = (i32, i32);

/// The six directions E, NE, NW, W, SW, SE, indexed 0..5 (§2.1).
pub const DIRS: [Hex; 6] = [(1, 0), (1, -1), (0, -1), (-1, 0), (-1, 1), (0, 1)];

/// The layer a cell shows (§2.5): Virginity, Commonwealth or Wall.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Layer {
    /// Virginity, the top layer.
    V,
    /// Commonwealth, the revealed territory.
    C,
    /// Wall.
    W,
}

/// A single-coloured stack of men (§2.4). A stack always holds at least one man.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Stack {
    /// The seat owning every man of the stack, 0..=7.
    pub owner: u8,
    /// The number of men, at least 1.
    pub height: u32,
}

/// The board: every on-board cell with its layer and its stack, if any.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub struct Board {
    /// The on-board cells. A cell not in the map is Out of Bounds.
    pub cells: BTreeMap<Hex, (Layer, Option<Stack>)>,
}

/// The cell one step from `cell` in direction `dir` (0..5).
pub fn step(cell: Hex, dir: usize) -> Hex {
    (cell.0 + DIRS[dir].0, cell.1 + DIRS[dir].1)
}

/// The six lattice neighbours of `cell`, on the board or not.
pub fn lattice_neighbours(cell: Hex) -> Vec<Hex> {
    (0..6).map(|d| step(cell, d)).collect()
}

/// The hex distance between two cells (§2.1).
pub fn distance(a: Hex, b: Hex) -> i32 {
    let dq = a.0 - b.0;
    let dr = a.1 - b.1;
    (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
}

/// The 7 cells of the rosette (segment) centred on `centre` (§2.1).
pub fn rosette(centre: Hex) -> Vec<Hex> {
    let mut cells = vec![centre];
    cells.extend(lattice_neighbours(centre));
    cells
}

impl Board {
    /// The board made of the 7-cell rosettes centred on `centres`, every cell empty Virginity.
    pub fn from_centres(centres: &[Hex]) -> Board {
        let mut cells = BTreeMap::new();
        for &c in centres {
            for cell in rosette(c) {
                cells.insert(cell, (Layer::V, None));
            }
        }
        Board { cells }
    }

    /// Whether `cell` is on the board.
    pub fn on_board(&self, cell: Hex) -> bool {
        self.cells.contains_key(&cell)
    }

    /// The layer of an on-board cell (`None` when the cell is Out of Bounds).
    pub fn layer(&self, cell: Hex) -> Option<Layer> {
        self.cells.get(&cell).map(|&(layer, _)| layer)
    }

    /// The stack on a cell (`None` when empty or Out of Bounds).
    pub fn stack(&self, cell: Hex) -> Option<Stack> {
        self.cells.get(&cell).and_then(|&(_, stack)| stack)
    }

    /// The number of men on a cell (0 when empty or Out of Bounds).
    pub fn height(&self, cell: Hex) -> u32 {
        self.stack(cell).map_or(0, |s| s.height)
    }

    /// Sets the layer of an on-board cell. Panics on an Out-of-Bounds cell (a caller bug).
    pub fn set_layer(&mut self, cell: Hex, layer: Layer) {
        match self.cells.get_mut(&cell) {
            Some(entry) => entry.0 = layer,
            None => panic!("set_layer on Out-of-Bounds cell {cell:?}"),
        }
    }

    /// Puts a stack on an on-board cell; a height of 0 (or `None`) leaves the cell empty
    /// without an owner. Panics on an Out-of-Bounds cell (a caller bug).
    pub fn set_stack(&mut self, cell: Hex, stack: Option<Stack>) {
        let stack = stack.filter(|s| s.height > 0);
        match self.cells.get_mut(&cell) {
            Some(entry) => entry.1 = stack,
            None => panic!("set_stack on Out-of-Bounds cell {cell:?}"),
        }
    }

    /// The on-board neighbours `N(x)` of a cell.
    pub fn neighbours(&self, cell: Hex) -> Vec<Hex> {
        lattice_neighbours(cell)
            .into_iter()
            .filter(|n| self.on_board(*n))
            .collect()
    }

    /// The explosion targets of a cell (§2.5): V neighbours of a V cell, V and C neighbours of a
    /// C cell, W neighbours of a W cell. Empty for an Out-of-Bounds cell.
    pub fn targets(&self, cell: Hex) -> Vec<Hex> {
        let Some(layer) = self.layer(cell) else {
            return Vec::new();
        };
        self.neighbours(cell)
            .into_iter()
            .filter(|&n| {
                let nl = self.layer(n);
                match layer {
                    Layer::V => nl == Some(Layer::V),
                    Layer::C => nl == Some(Layer::V) || nl == Some(Layer::C),
                    Layer::W => nl == Some(Layer::W),
                }
            })
            .collect()
    }

    /// The capacity of a cell (§2.5): the number of its explosion targets. 0 when Out of Bounds.
    pub fn capacity(&self, cell: Hex) -> u32 {
        self.targets(cell).len() as u32
    }

    /// Whether a cell must explode (§2.5): V/C with h ≥ 1 and h ≥ cap, W with h > cap.
    /// Empty cells are never hot (A10).
    pub fn is_hot(&self, cell: Hex) -> bool {
        let h = self.height(cell);
        if h == 0 {
            return false;
        }
        let cap = self.capacity(cell);
        match self.layer(cell) {
            Some(Layer::V) | Some(Layer::C) => h >= cap,
            Some(Layer::W) => h > cap,
            None => false,
        }
    }

    /// Every hot cell.
    pub fn hot_cells(&self) -> BTreeSet<Hex> {
        self.cells
            .keys()
            .copied()
            .filter(|&c| self.is_hot(c))
            .collect()
    }

    /// The connected component of cells of layer `layer` containing `cell` (empty when the cell
    /// is not of that layer).
    pub fn component(&self, cell: Hex, layer: Layer) -> BTreeSet<Hex> {
        let mut found = BTreeSet::new();
        if self.layer(cell) != Some(layer) {
            return found;
        }
        let mut todo = vec![cell];
        found.insert(cell);
        while let Some(c) = todo.pop() {
            for n in self.neighbours(c) {
                if self.layer(n) == Some(layer) && found.insert(n) {
                    todo.push(n);
                }
            }
        }
        found
    }

    /// All connected components of cells of layer `layer`, ordered by their smallest cell.
    pub fn components(&self, layer: Layer) -> Vec<BTreeSet<Hex>> {
        let mut done: BTreeSet<Hex> = BTreeSet::new();
        let mut out = Vec::new();
        for (&cell, &(l, _)) in &self.cells {
            if l == layer && !done.contains(&cell) {
                let comp = self.component(cell, layer);
                done.extend(comp.iter().copied());
                out.push(comp);
            }
        }
        out
    }

    /// C sections: connected components of C cells, each as a sorted set (§2.7).
    pub fn commonwealth_sections(&self) -> Vec<BTreeSet<Hex>> {
        self.components(Layer::C)
    }

    /// Wall sections: connected components of W cells, each as a sorted set (§2.7).
    pub fn wall_sections(&self) -> Vec<BTreeSet<Hex>> {
        self.components(Layer::W)
    }

    /// The section (C or W component) a cell belongs to; empty for a V or Out-of-Bounds cell.
    pub fn section_of(&self, cell: Hex) -> BTreeSet<Hex> {
        match self.layer(cell) {
            Some(Layer::C) => self.component(cell, Layer::C),
            Some(Layer::W) => self.component(cell, Layer::W),
            _ => BTreeSet::new(),
        }
    }

    /// Total number of men on the board.
    pub fn total_men(&self) -> u32 {
        self.cells.keys().map(|&c| self.height(c)).sum()
    }
}

/// The legal centres for the next segment given the centres placed so far (§2.2, A16):
/// with none placed, exactly {(0,0)} (the first segment is put at the origin by convention).
///
/// A centre is legal when its rosette overlaps no existing cell and at least two cells of the
/// new rosette are adjacent to cells already on the board.
pub fn legal_placements(centres: &[Hex]) -> BTreeSet<Hex> {
    let mut legal = BTreeSet::new();
    if centres.is_empty() {
        legal.insert((0, 0));
        return legal;
    }
    let board = Board::from_centres(centres);
    // A rosette that touches the board has its centre within distance 3 of some board cell;
    // look a little further to be safe.
    let mut candidates = BTreeSet::new();
    for &cell in board.cells.keys() {
        for dq in -4..=4 {
            for dr in -4..=4 {
                let c = (cell.0 + dq, cell.1 + dr);
                if distance(c, cell) <= 4 {
                    candidates.insert(c);
                }
            }
        }
    }
    for c in candidates {
        let new_cells = rosette(c);
        if new_cells.iter().any(|&x| board.on_board(x)) {
            continue;
        }
        let touching = new_cells
            .iter()
            .filter(|&&x| lattice_neighbours(x).iter().any(|&n| board.on_board(n)))
            .count();
        if touching >= 2 {
            legal.insert(c);
        }
    }
    legal
}
