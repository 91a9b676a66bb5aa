//! Cells, colours, directions and the bitboard layer.
//!
//! A board is at most 8 × 8, so every set of cells is one `u64` with bit `rank * 8 + file`. The
//! same shifts serve the 8 × 7 and the 8 × 8 board; a board mask removes what falls off the top.
//! A stack is one colour with a height of 1 (wall), 2 (tower) or 3 (catapult), stored as
//! [`Stones`]: one occupancy set per colour and two height layers shared by both colours (two
//! colours never share a cell, murus-gallicus §2.2).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize, Serializer};

use crate::error::ParseError;

/// A side. Light (the Romans) is seat 0, moves first and has its home row on rank 1; Dark (the
/// Gauls) is seat 1 with its home row on the top rank.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Colour {
    /// The Romans: seat 0, home row rank 1, moves first.
    Light,
    /// The Gauls: seat 1, home row on the top rank (7, or 8 on the 8 × 8 board).
    Dark,
}

impl Colour {
    /// The other side.
    #[inline]
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Light => Colour::Dark,
            Colour::Dark => Colour::Light,
        }
    }

    /// 0 for Light, 1 for Dark: the seat number and the index into per-colour tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour sitting at seat `index` (0 or 1).
    pub fn from_index(index: usize) -> Option<Colour> {
        match index {
            0 => Some(Colour::Light),
            1 => Some(Colour::Dark),
            _ => None,
        }
    }

    /// The rank step (+1 or −1) that points toward the opponent's home row.
    #[inline]
    pub(crate) fn forward(self) -> i8 {
        match self {
            Colour::Light => 1,
            Colour::Dark => -1,
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Light => "Light",
            Colour::Dark => "Dark",
        })
    }
}

/// A cell of the board: `rank_index * 8 + file_index`, both counted from 0 (a1 is 0, h1 is 7,
/// a2 is 8). Cells of rank 8 exist as values but lie off the 8 × 7 board.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Cell(pub(crate) u8);

impl Cell {
    /// The cell at `file` (0 = a) and `rank` (0 = rank 1), if both are below 8.
    #[inline]
    pub fn new(file: u8, rank: u8) -> Option<Cell> {
        (file < 8 && rank < 8).then_some(Cell(rank * 8 + file))
    }

    /// The cell with this index (`rank * 8 + file`), if below 64.
    #[inline]
    pub fn from_index(index: u8) -> Option<Cell> {
        (index < 64).then_some(Cell(index))
    }

    /// The index `rank * 8 + file`, also the cell's bit in a bitboard.
    #[inline]
    pub fn index(self) -> u8 {
        self.0
    }

    /// The file index, 0 for file a.
    #[inline]
    pub fn file(self) -> u8 {
        self.0 % 8
    }

    /// The rank index, 0 for rank 1.
    #[inline]
    pub fn rank(self) -> u8 {
        self.0 / 8
    }

    /// The cell's bit.
    #[inline]
    pub(crate) fn bit(self) -> u64 {
        1u64 << self.0
    }

    /// The cell `steps` steps away in direction (`dx`, `dy`), if it is among the 64 cell values.
    pub(crate) fn offset(self, dx: i8, dy: i8, steps: i8) -> Option<Cell> {
        let file = self.file() as i8 + dx * steps;
        let rank = self.rank() as i8 + dy * steps;
        if (0..8).contains(&file) && (0..8).contains(&rank) {
            Cell::new(file as u8, rank as u8)
        } else {
            None
        }
    }

    /// The unit direction and distance from `self` to `other` when both lie on one orthogonal or
    /// diagonal line and differ; `None` otherwise.
    pub(crate) fn line_to(self, other: Cell) -> Option<(i8, i8, u8)> {
        let dx = other.file() as i8 - self.file() as i8;
        let dy = other.rank() as i8 - self.rank() as i8;
        let along_line = dx == 0 || dy == 0 || dx.abs() == dy.abs();
        if (dx, dy) == (0, 0) || !along_line {
            return None;
        }
        Some((dx.signum(), dy.signum(), dx.abs().max(dy.abs()) as u8))
    }
}

impl fmt::Display for Cell {
    /// `a1` … `h8`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}{}", char::from(b'a' + self.file()), self.rank() + 1)
    }
}

impl FromStr for Cell {
    type Err = ParseError;

    /// Reads `a1` … `h8` (lower-case file letter, rank digit).
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.as_bytes() {
            &[f @ b'a'..=b'h', r @ b'1'..=b'8'] => Ok(Cell((r - b'1') * 8 + (f - b'a'))),
            _ => Err(ParseError::new(s, "expected a cell from a1 to h8")),
        }
    }
}

impl Serialize for Cell {
    /// A cell serializes as its name, e.g. `"c7"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// One of the 8 king directions as a file step and a rank step.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) struct Dir {
    pub dx: i8,
    pub dy: i8,
}

/// The 8 king directions: N, NE, E, SE, S, SW, W, NW.
pub(crate) const DIRS: [Dir; 8] = [
    Dir { dx: 0, dy: 1 },
    Dir { dx: 1, dy: 1 },
    Dir { dx: 1, dy: 0 },
    Dir { dx: 1, dy: -1 },
    Dir { dx: 0, dy: -1 },
    Dir { dx: -1, dy: -1 },
    Dir { dx: -1, dy: 0 },
    Dir { dx: -1, dy: 1 },
];

/// The cells `c` of the 8 × 8 grid from which `k` steps in direction (`dx`, `dy`) stay on the
/// grid, as seen from the destination: bit `c` is set when `c - k·(dx, dy)` is a cell.
const fn arrival_mask(dx: i8, dy: i8, k: i8) -> u64 {
    let mut mask = 0;
    let mut index = 0;
    while index < 64 {
        let file = (index % 8) as i8 - dx * k;
        let rank = (index / 8) as i8 - dy * k;
        if file >= 0 && file < 8 && rank >= 0 && rank < 8 {
            mask |= 1 << index;
        }
        index += 1;
    }
    mask
}

/// [`arrival_mask`] for every direction (indexed by `(dy + 1) * 3 + dx + 1`) and 0..=3 steps.
const ARRIVALS: [[u64; 4]; 9] = {
    let mut table = [[0; 4]; 9];
    let mut i = 0;
    while i < 9 {
        let (dx, dy) = ((i % 3) as i8 - 1, (i / 3) as i8 - 1);
        let mut k = 0;
        while k < 4 {
            table[i][k] = arrival_mask(dx, dy, k as i8);
            k += 1;
        }
        i += 1;
    }
    table
};

/// Moves every cell of `bb` `k` (0..=3) steps in direction `d`, dropping cells that leave the
/// 8 × 8 grid; branch-free (a rotation and a mask). Cells pushed above the top rank of an 8 × 7
/// board must be masked by the caller (every caller intersects with a subset of the board).
#[inline(always)]
pub(crate) fn shift(bb: u64, d: Dir, k: u32) -> u64 {
    let amount = (i32::from(d.dy) * 8 + i32::from(d.dx)) * k as i32;
    let index = ((d.dy + 1) * 3 + d.dx + 1) as usize;
    bb.rotate_left(amount.rem_euclid(64) as u32) & ARRIVALS[index][k as usize]
}

/// The iterator over the cells of a bitboard, lowest index first.
#[inline]
pub(crate) fn cells_of(mut bb: u64) -> impl Iterator<Item = Cell> {
    std::iter::from_fn(move || {
        if bb == 0 {
            return None;
        }
        let index = bb.trailing_zeros() as u8;
        bb &= bb - 1;
        Some(Cell(index))
    })
}

/// The stones on the board: who holds each cell and how high the stack is.
///
/// Invariants: the two occupancy sets are disjoint, `tall ⊆ occ[0] ∪ occ[1]`, `cat ⊆ tall`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct Stones {
    /// Cells holding at least one stone, per colour.
    pub occ: [u64; 2],
    /// Cells holding 2 or 3 stones.
    pub tall: u64,
    /// Cells holding 3 stones (catapults).
    pub cat: u64,
}

impl Stones {
    /// Cells holding any stone.
    #[inline(always)]
    pub fn occupied(&self) -> u64 {
        self.occ[0] | self.occ[1]
    }

    /// Walls (height 1) of `c`.
    #[inline(always)]
    pub fn walls(&self, c: Colour) -> u64 {
        self.occ[c.index()] & !self.tall
    }

    /// Towers (height 2) of `c`.
    #[inline(always)]
    pub fn towers(&self, c: Colour) -> u64 {
        self.occ[c.index()] & self.tall & !self.cat
    }

    /// Catapults (height 3) of `c`.
    #[inline(always)]
    pub fn catapults(&self, c: Colour) -> u64 {
        self.occ[c.index()] & self.cat
    }

    /// Adds one stone of colour `c` on each cell of `bits` (empty → wall → tower → catapult).
    /// The cells must be empty or hold `c`'s stacks of height below 3.
    #[inline(always)]
    pub fn gain(&mut self, c: Colour, bits: u64) {
        let own = self.occ[c.index()];
        self.cat |= self.tall & bits;
        self.tall |= own & bits;
        self.occ[c.index()] = own | bits;
    }

    /// Removes one stone from each cell of `bits`, all held by colour `c`.
    #[inline(always)]
    pub fn lose(&mut self, c: Colour, bits: u64) {
        let own = self.occ[c.index()];
        self.occ[c.index()] = (own & !bits) | (self.tall & bits);
        self.tall = (self.tall & !bits) | (self.cat & bits);
        self.cat &= !bits;
    }

    /// The colour and height (1..=3) of the stack on `cell`, or `None` when it is empty.
    pub fn stack(&self, cell: Cell) -> Option<(Colour, u8)> {
        let bit = cell.bit();
        let colour = if self.occ[0] & bit != 0 {
            Colour::Light
        } else if self.occ[1] & bit != 0 {
            Colour::Dark
        } else {
            return None;
        };
        let height = 1 + u8::from(self.tall & bit != 0) + u8::from(self.cat & bit != 0);
        Some((colour, height))
    }

    /// Puts a stack of `height` (1..=3) stones of `colour` on an empty `cell`.
    pub fn place(&mut self, cell: Cell, colour: Colour, height: u8) {
        for _ in 0..height {
            self.gain(colour, cell.bit());
        }
    }

    /// The number of stones of colour `c`.
    pub fn stone_count(&self, c: Colour) -> u32 {
        let own = self.occ[c.index()];
        own.count_ones() + (own & self.tall).count_ones() + (own & self.cat).count_ones()
    }
}
