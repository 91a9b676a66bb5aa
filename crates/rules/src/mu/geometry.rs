//! Hex geometry (mu §2.1) and the segment lay-out test (mu §2.2).
//!
//! Cells are pointy-top hexes in axial coordinates. A board is the union of 7-cell rosettes
//! ("segments"); segment `i` owns the cells `7i .. 7i+7`: its centre first, then the centre's
//! neighbours in the direction order E, NE, NW, W, SW, SE. So a cell's index alone names it
//! (`B4` is index 7·1 + 4, the cell west of segment B's centre), and every cell keeps its segment
//! for the whole game, which the per-segment move budget needs.

use std::collections::HashMap;
use std::fmt;
use std::hash::BuildHasherDefault;
use std::sync::Arc;

use crate::hash::FixedHasher;

#[path = "placement.rs"]
mod placement;

/// The hex-to-cell index: a fixed, fast hash (the keys are small coordinates, not untrusted).
type HexIndex = HashMap<Hex, u16, BuildHasherDefault<FixedHasher>>;

/// The most segments a board may have (8 seats × 8 segments).
pub const MAX_SEGMENTS: usize = 64;

/// A hex in axial coordinates `(q, r)`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Hex {
    /// The column coordinate.
    pub q: i16,
    /// The row coordinate.
    pub r: i16,
}

impl Hex {
    /// The hex at `(q, r)`.
    pub const fn new(q: i16, r: i16) -> Self {
        Hex { q, r }
    }

    /// The neighbour in direction `dir`.
    #[inline]
    pub fn step(self, dir: Dir) -> Hex {
        let (dq, dr) = dir.offset();
        Hex::new(self.q + dq, self.r + dr)
    }

    /// The hex distance (mu §2.1).
    pub fn distance(self, other: Hex) -> i16 {
        let dq = self.q - other.q;
        let dr = self.r - other.r;
        (dq.abs() + dr.abs() + (dq + dr).abs()) / 2
    }

    /// The canonical order of cells: by row `r`, then by `q` (top to bottom, left to right).
    pub fn canonical_key(self) -> (i16, i16) {
        (self.r, self.q)
    }
}

impl fmt::Display for Hex {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{},{}", self.q, self.r)
    }
}

/// The six directions, in the order of mu §2.1.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Dir {
    /// `(+1, 0)`.
    E,
    /// `(+1, −1)`.
    NE,
    /// `(0, −1)`.
    NW,
    /// `(−1, 0)`.
    W,
    /// `(−1, +1)`.
    SW,
    /// `(0, +1)`.
    SE,
}

impl Dir {
    /// Every direction, in index order.
    pub const ALL: [Dir; 6] = [Dir::E, Dir::NE, Dir::NW, Dir::W, Dir::SW, Dir::SE];

    /// The axial offset.
    pub const fn offset(self) -> (i16, i16) {
        match self {
            Dir::E => (1, 0),
            Dir::NE => (1, -1),
            Dir::NW => (0, -1),
            Dir::W => (-1, 0),
            Dir::SW => (-1, 1),
            Dir::SE => (0, 1),
        }
    }

    /// The index 0..6.
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The notation: `e`, `ne`, `nw`, `w`, `sw`, `se`.
    pub const fn name(self) -> &'static str {
        match self {
            Dir::E => "e",
            Dir::NE => "ne",
            Dir::NW => "nw",
            Dir::W => "w",
            Dir::SW => "sw",
            Dir::SE => "se",
        }
    }

    /// Reads a direction name, any case.
    pub fn parse(text: &str) -> Option<Dir> {
        Dir::ALL
            .into_iter()
            .find(|d| d.name().eq_ignore_ascii_case(text))
    }
}

impl fmt::Display for Dir {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.name())
    }
}

/// A cell of the board: `7 × segment + position in the rosette`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(pub u16);

impl Cell {
    /// The index, for per-cell tables.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The segment the cell belongs to.
    #[inline]
    pub fn segment(self) -> Segment {
        Segment((self.0 / 7) as u8)
    }

    /// 0 for a centre, 1–6 for the rim in direction order.
    #[inline]
    pub fn position(self) -> u16 {
        self.0 % 7
    }
}

impl fmt::Display for Cell {
    /// The cell's name: its segment's letters and its position, e.g. `B4`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", self.segment(), self.position())
    }
}

/// A segment, numbered in the order segments were placed.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Segment(pub u8);

impl Segment {
    /// The index, for per-segment tables.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }

    /// The centre cell.
    #[inline]
    pub fn centre(self) -> Cell {
        Cell(u16::from(self.0) * 7)
    }

    /// The seven cells, centre first.
    pub fn cells(self) -> impl Iterator<Item = Cell> {
        let first = u16::from(self.0) * 7;
        (first..first + 7).map(Cell)
    }

    /// The bit of this segment in a 64-bit segment set.
    #[inline]
    pub fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// Reads segment letters (`A` … `Z`, `AA` … `BL`), any case.
    pub fn parse(text: &str) -> Option<Segment> {
        let upper = text.to_ascii_uppercase();
        let bytes = upper.as_bytes();
        let letter = |b: u8| b.is_ascii_uppercase().then(|| usize::from(b - b'A'));
        let index = match bytes {
            [a] => letter(*a)?,
            [a, b] => 26 * (letter(*a)? + 1) + letter(*b)?,
            _ => return None,
        };
        (index < MAX_SEGMENTS).then_some(Segment(index as u8))
    }
}

impl fmt::Display for Segment {
    /// `A` … `Z`, then `AA`, `AB`, … like spreadsheet columns.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let i = self.index();
        let letter = |n: usize| char::from(b'A' + n as u8);
        if i < 26 {
            write!(f, "{}", letter(i))
        } else {
            write!(f, "{}{}", letter(i / 26 - 1), letter(i % 26))
        }
    }
}

/// No neighbour in this direction: the cell there is Out of Bounds.
pub const NONE: u16 = u16::MAX;

/// The fixed shape of a board: the segment centres and, derived from them, every cell's hex and
/// neighbours. Shared between positions through an `Arc`; compared by its centres.
#[derive(Clone)]
pub struct Geometry {
    centres: Vec<Hex>,
    hexes: Vec<Hex>,
    neighbours: Vec<[u16; 6]>,
    /// Each cell's place in the canonical order (row, then column).
    rank: Vec<u16>,
    index: HexIndex,
    /// Where the next segment may go, in canonical order ([`Geometry::legal_centres`]).
    legal: Vec<Hex>,
    /// The rays ([`Geometry::ray`]), one after another, each ended by `NONE`.
    rays: Vec<u16>,
    /// Where the ray of cell `c` in direction `d` starts in `rays`: entry `6 c + d`.
    ray_start: Vec<u32>,
}

impl Default for Geometry {
    /// The board before any segment: the first one goes on 0,0 (mu §2.2).
    fn default() -> Self {
        Geometry {
            centres: Vec::new(),
            hexes: Vec::new(),
            neighbours: Vec::new(),
            rank: Vec::new(),
            index: HexIndex::default(),
            legal: vec![Hex::new(0, 0)],
            rays: Vec::new(),
            ray_start: Vec::new(),
        }
    }
}

impl fmt::Debug for Geometry {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let centres: Vec<String> = self.centres.iter().map(ToString::to_string).collect();
        write!(f, "Geometry[{}]", centres.join(" "))
    }
}

impl PartialEq for Geometry {
    fn eq(&self, other: &Self) -> bool {
        self.centres == other.centres
    }
}

impl Eq for Geometry {}

impl Geometry {
    /// The board made of the rosettes centred on `centres`, in that order. Fails (naming the
    /// centre) when two rosettes overlap or there are too many; the placement rule itself is
    /// checked by [`Geometry::placement_error`].
    pub fn new(centres: &[Hex]) -> Result<Geometry, String> {
        if centres.len() > MAX_SEGMENTS {
            return Err(format!(
                "{} segments (at most {MAX_SEGMENTS})",
                centres.len()
            ));
        }
        let mut hexes = Vec::with_capacity(centres.len() * 7);
        let mut index = HexIndex::with_capacity_and_hasher(centres.len() * 7, Default::default());
        for &centre in centres {
            for hex in rosette(centre) {
                if index.insert(hex, hexes.len() as u16).is_some() {
                    return Err(format!("the segment at {centre} overlaps another at {hex}"));
                }
                hexes.push(hex);
            }
        }
        let neighbours = hexes
            .iter()
            .map(|&h| Dir::ALL.map(|d| index.get(&h.step(d)).copied().unwrap_or(NONE)))
            .collect();
        let mut order: Vec<usize> = (0..hexes.len()).collect();
        order.sort_by_key(|&i| hexes[i].canonical_key());
        let mut rank = vec![0; hexes.len()];
        for (place, &i) in order.iter().enumerate() {
            rank[i] = place as u16;
        }
        let mut geometry = Geometry {
            centres: centres.to_vec(),
            hexes,
            neighbours,
            rank,
            index,
            legal: Vec::new(),
            rays: Vec::new(),
            ray_start: Vec::new(),
        };
        geometry.legal = geometry.find_legal_centres();
        geometry.trace_rays();
        Ok(geometry)
    }

    /// The centres in placement order.
    pub fn centres(&self) -> &[Hex] {
        &self.centres
    }

    /// How many segments.
    pub fn segments(&self) -> usize {
        self.centres.len()
    }

    /// How many cells.
    pub fn cells(&self) -> usize {
        self.hexes.len()
    }

    /// Every cell, in index order.
    pub fn all_cells(&self) -> impl Iterator<Item = Cell> {
        (0..self.hexes.len() as u16).map(Cell)
    }

    /// The hex of a cell.
    #[inline]
    pub fn hex(&self, cell: Cell) -> Hex {
        self.hexes[cell.index()]
    }

    /// The cell's place in the canonical order ([`Hex::canonical_key`]): sorting cells by it
    /// sorts them canonically.
    #[inline]
    pub fn rank(&self, cell: Cell) -> u16 {
        self.rank[cell.index()]
    }

    /// The cell at a hex, if it is on the board.
    pub fn cell_at(&self, hex: Hex) -> Option<Cell> {
        self.index.get(&hex).map(|&i| Cell(i))
    }

    /// The neighbour of `cell` in `dir`, or `None` when that is Out of Bounds.
    #[inline]
    pub fn neighbour(&self, cell: Cell, dir: Dir) -> Option<Cell> {
        let n = self.neighbours[cell.index()][dir.index()];
        (n != NONE).then_some(Cell(n))
    }

    /// Every cell's neighbours by direction, [`NONE`] for Out of Bounds (for tight loops).
    #[inline]
    pub(super) fn neighbour_table(&self) -> &[[u16; 6]] {
        &self.neighbours
    }

    /// The on-board neighbours of `cell`, in direction order.
    #[inline]
    pub fn neighbours(&self, cell: Cell) -> impl Iterator<Item = Cell> + '_ {
        self.neighbours[cell.index()]
            .iter()
            .filter(|&&n| n != NONE)
            .map(|&n| Cell(n))
    }

    /// This board with one more segment. The caller has checked the placement. Built from this
    /// board's tables, extended by the new segment's seven cells: the same tables as
    /// [`Geometry::new`] on all the centres, without rebuilding them.
    pub fn with_segment(&self, centre: Hex) -> Arc<Geometry> {
        let mut grown = self.clone();
        grown.push_segment(centre);
        Arc::new(grown)
    }

    /// Appends the rosette centred on `centre`, which overlaps nothing, and updates the
    /// neighbours and canonical ranks.
    fn push_segment(&mut self, centre: Hex) {
        let first = self.hexes.len();
        self.centres.push(centre);
        for hex in rosette(centre) {
            let fresh = self.index.insert(hex, self.hexes.len() as u16).is_none();
            assert!(fresh, "a checked placement never overlaps");
            self.hexes.push(hex);
        }
        for i in first..self.hexes.len() {
            let hex = self.hexes[i];
            let row = Dir::ALL.map(|d| self.index.get(&hex.step(d)).copied().unwrap_or(NONE));
            self.neighbours.push(row);
            for (d, &n) in row.iter().enumerate() {
                if usize::from(n) < first {
                    // The direction back from the old neighbour is the opposite one.
                    self.neighbours[usize::from(n)][(d + 3) % 6] = i as u16;
                }
            }
        }
        let new_keys: Vec<(i16, i16)> = self.hexes[first..]
            .iter()
            .map(|h| h.canonical_key())
            .collect();
        let before = |key: (i16, i16)| new_keys.iter().filter(|&&k| k < key).count() as u16;
        for i in 0..first {
            self.rank[i] += before(self.hexes[i].canonical_key());
        }
        for i in first..self.hexes.len() {
            let key = self.hexes[i].canonical_key();
            let old_before = self.hexes[..first]
                .iter()
                .filter(|h| h.canonical_key() < key)
                .count() as u16;
            self.rank.push(old_before + before(key));
        }
        self.update_legal_centres(centre);
        self.trace_rays();
    }

    /// Traces every cell's ray in every direction (after the cells changed).
    fn trace_rays(&mut self) {
        self.rays.clear();
        self.ray_start.clear();
        for cell in 0..self.hexes.len() {
            for d in 0..6 {
                self.ray_start.push(self.rays.len() as u32);
                let mut at = cell;
                while self.neighbours[at][d] != NONE {
                    at = usize::from(self.neighbours[at][d]);
                    self.rays.push(at as u16);
                }
                self.rays.push(NONE);
            }
        }
    }

    /// The cells in a straight line from `cell` in direction `Dir::ALL[d]` up to the edge of
    /// the board, nearest first (`cell` itself not included), followed by `NONE`: entry
    /// `k - 1` is the cell `k` steps away.
    #[inline]
    pub(super) fn ray(&self, cell: Cell, d: usize) -> &[u16] {
        let start = self.ray_start[cell.index() * 6 + d] as usize;
        &self.rays[start..]
    }
}

/// The seven hexes of the rosette centred on `centre`, centre first.
pub fn rosette(centre: Hex) -> impl Iterator<Item = Hex> {
    std::iter::once(centre).chain(Dir::ALL.into_iter().map(move |d| centre.step(d)))
}

#[cfg(test)]
#[path = "geometry_tests.rs"]
mod tests;
