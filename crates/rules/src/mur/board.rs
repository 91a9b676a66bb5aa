//! Points, colours, pieces and the board graph (mur §1.2–1.3).
//!
//! The board has 25 points: the centre `C` and three rings of 8 points on the 8 spokes `a`–`h`,
//! which run clockwise from north. A point is one index: `C` is 0 and the point of spoke `s`
//! (`a` = 0) on ring `r` (1 innermost) is `1 + 8·(r − 1) + s`. Every set of points is one `u32`
//! with bit `index` ([`Points`]); the neighbour relation is a handful of shifts on such sets
//! ([`spread`]).

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize, Serializer};

use crate::error::ParseError;

/// The number of points on the board.
pub const POINT_COUNT: usize = 25;

/// Every point of the board as a set.
pub(crate) const ALL: u32 = (1 << POINT_COUNT) - 1;

/// The ships each colour owns (mur §1.3).
pub const SHIPS_PER_COLOUR: u8 = 7;

/// A side. Black is seat 0 and opens game 1 of a set; White is seat 1 (with
/// `swap_colours_between_sets=on` the seats exchange colours in set 2).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Colour {
    /// The first player's colour: opens the odd games of each set.
    Black,
    /// The second player's colour: opens the even games.
    White,
}

impl Colour {
    /// Both colours, Black first.
    pub const BOTH: [Colour; 2] = [Colour::Black, Colour::White];

    /// The other side.
    #[inline]
    pub fn opponent(self) -> Colour {
        match self {
            Colour::Black => Colour::White,
            Colour::White => Colour::Black,
        }
    }

    /// 0 for Black, 1 for White: the index into per-colour tables.
    #[inline]
    pub fn index(self) -> usize {
        self as usize
    }

    /// The colour with this index (0 or 1).
    pub fn from_index(index: usize) -> Option<Colour> {
        match index {
            0 => Some(Colour::Black),
            1 => Some(Colour::White),
            _ => None,
        }
    }

    /// `B` or `W`, the letter of the position text.
    pub fn letter(self) -> char {
        match self {
            Colour::Black => 'B',
            Colour::White => 'W',
        }
    }
}

impl fmt::Display for Colour {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Colour::Black => "Black",
            Colour::White => "White",
        })
    }
}

/// What can stand on a point: a ship of one colour, or the neutral kraken (the classic edition's
/// "Mur stone").
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Piece {
    /// A ship (a stone in the classic edition).
    Ship(Colour),
    /// The neutral piece: never moved directly, always of order 4 (mur §1.4).
    Kraken,
}

impl Piece {
    /// `B`, `W` or `K`, the letter of the position text and the diagram.
    pub fn letter(self) -> char {
        match self {
            Piece::Ship(c) => c.letter(),
            Piece::Kraken => 'K',
        }
    }
}

/// A point of the board: `C` (index 0) or spoke letter + ring number, `a1` … `h3`.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Point(pub(crate) u8);

impl Point {
    /// The centre, the safe spot.
    pub const CENTRE: Point = Point(0);

    /// The point of `spoke` (0 = `a` … 7 = `h`) on `ring` (1..=3), if both are in range.
    #[inline]
    pub fn new(spoke: u8, ring: u8) -> Option<Point> {
        (spoke < 8 && (1..=3).contains(&ring)).then_some(Point(1 + 8 * (ring - 1) + spoke))
    }

    /// The point with this index (0..25), if any.
    #[inline]
    pub fn from_index(index: u8) -> Option<Point> {
        (usize::from(index) < POINT_COUNT).then_some(Point(index))
    }

    /// The index: 0 for `C`, `1 + 8·(ring − 1) + spoke` otherwise.
    #[inline]
    pub fn index(self) -> u8 {
        self.0
    }

    /// The ring, 1 (innermost) to 3; 0 for the centre.
    #[inline]
    pub fn ring(self) -> u8 {
        if self.0 == 0 {
            0
        } else {
            (self.0 - 1) / 8 + 1
        }
    }

    /// The spoke, 0 (`a`, north) to 7 (`h`, north-west); `None` for the centre.
    #[inline]
    pub fn spoke(self) -> Option<u8> {
        (self.0 != 0).then(|| (self.0 - 1) % 8)
    }

    /// The unit step of spoke `spoke` (0 = a) on a map with north up: x grows east, y south.
    /// Spoke a points north and the letters run clockwise. For drawing boards.
    pub fn compass(spoke: u8) -> (i8, i8) {
        const STEPS: [(i8, i8); 8] = [
            (0, -1),
            (1, -1),
            (1, 0),
            (1, 1),
            (0, 1),
            (-1, 1),
            (-1, 0),
            (-1, -1),
        ];
        STEPS[usize::from(spoke % 8)]
    }

    /// Every point in index order: `C`, `a1`…`h1`, `a2`…`h2`, `a3`…`h3`.
    pub fn all() -> impl Iterator<Item = Point> {
        (0..POINT_COUNT as u8).map(Point)
    }

    /// The point's bit in a [`Points`] set.
    #[inline(always)]
    pub(crate) fn bit(self) -> u32 {
        1 << self.0
    }

    /// The points adjacent to this one (mur §1.2): 8 for `C`, 4 on rings 1 and 2, 3 on ring 3.
    #[inline(always)]
    pub fn neighbours(self) -> Points {
        Points(NEIGHBOURS[usize::from(self.0)])
    }
}

impl fmt::Display for Point {
    /// `C`, or the spoke letter and the ring number (`c2`).
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.spoke() {
            None => f.write_str("C"),
            Some(s) => write!(f, "{}{}", char::from(b'a' + s), self.ring()),
        }
    }
}

impl FromStr for Point {
    type Err = ParseError;

    /// Reads `C` or `a1` … `h3`.
    fn from_str(s: &str) -> Result<Self, Self::Err> {
        match s.as_bytes() {
            b"C" => Ok(Point::CENTRE),
            &[spoke @ b'a'..=b'h', ring @ b'1'..=b'3'] => {
                Ok(Point(1 + 8 * (ring - b'1') + (spoke - b'a')))
            }
            _ => Err(ParseError::new(s, "expected a point: C or a1 … h3")),
        }
    }
}

impl Serialize for Point {
    /// A point serializes as its name, e.g. `"c2"`.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

/// A set of points (bit `index` for each point).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Default)]
pub struct Points(pub(crate) u32);

impl Points {
    /// The empty set.
    pub const EMPTY: Points = Points(0);

    /// The set holding `point` only.
    #[inline]
    pub fn single(point: Point) -> Points {
        Points(point.bit())
    }

    /// The set of the given points.
    pub fn of(points: impl IntoIterator<Item = Point>) -> Points {
        Points(points.into_iter().fold(0, |m, p| m | p.bit()))
    }

    /// Whether `point` is in the set.
    #[inline]
    pub fn contains(self, point: Point) -> bool {
        self.0 & point.bit() != 0
    }

    /// The number of points.
    #[inline]
    pub fn len(self) -> usize {
        self.0.count_ones() as usize
    }

    /// Whether the set is empty.
    #[inline]
    pub fn is_empty(self) -> bool {
        self.0 == 0
    }

    /// The lowest-index point, if any.
    #[inline]
    pub fn first(self) -> Option<Point> {
        (self.0 != 0).then(|| Point(self.0.trailing_zeros() as u8))
    }

    /// The points in index order.
    #[inline]
    pub fn iter(self) -> impl Iterator<Item = Point> {
        bits(self.0).map(Point)
    }
}

impl Serialize for Points {
    /// A set serializes as the list of its point names.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_seq(self.iter().map(|p| p.to_string()))
    }
}

impl fmt::Display for Points {
    /// The point names in index order, separated by commas.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, p) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

/// The indices of the set bits of `mask`, lowest first.
#[inline(always)]
pub(crate) fn bits(mut mask: u32) -> impl Iterator<Item = u8> {
    std::iter::from_fn(move || {
        if mask == 0 {
            return None;
        }
        let index = mask.trailing_zeros() as u8;
        mask &= mask - 1;
        Some(index)
    })
}

/// Ring 1 as a set.
const RING1: u32 = 0xFF << 1;

/// The points adjacent to at least one point of `set` (mur §1.2: 48 edges). Ring edges are a
/// rotation by one inside each ring's byte, spoke edges a shift by one ring, and the centre
/// touches all of ring 1.
#[inline(always)]
pub(crate) const fn spread(set: u32) -> u32 {
    let rings = (set >> 1) & 0x00FF_FFFF;
    let clockwise = ((rings << 1) & 0x00FE_FEFE) | ((rings >> 7) & 0x0001_0101);
    let anticlockwise = ((rings >> 1) & 0x007F_7F7F) | ((rings << 7) & 0x0080_8080);
    let radial = ((rings << 8) & 0x00FF_FF00) | ((rings >> 8) & 0x0000_FFFF);
    let from_centre = if set & 1 != 0 { RING1 } else { 0 };
    let to_centre = (set & RING1 != 0) as u32;
    ((clockwise | anticlockwise | radial) << 1) | from_centre | to_centre
}

/// The points whose every neighbour lies in `set`: where a ship of the other colour is trapped
/// when `set` holds one colour's ships (mur §1.7), and where an eye is when the point is empty.
#[inline(always)]
pub(crate) fn enclosed_by(set: u32) -> u32 {
    ALL & !spread(ALL & !set)
}

/// The neighbour set of every point, built from [`spread`].
const NEIGHBOURS: [u32; POINT_COUNT] = {
    let mut table = [0; POINT_COUNT];
    let mut p = 0;
    while p < POINT_COUNT {
        table[p] = spread(1 << p);
        p += 1;
    }
    table
};

/// The neighbour set of the point with index `p`.
#[inline(always)]
pub(crate) fn neighbours(p: u8) -> u32 {
    NEIGHBOURS[usize::from(p)]
}

/// The pieces on the board: one set of ships per colour and the kraken's point.
///
/// Invariants: the two ship sets are disjoint, hold at most 7 points each, and neither holds the
/// kraken's point.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) struct Board {
    /// The points holding ships, per colour.
    pub ships: [u32; 2],
    /// The kraken's point index.
    pub kraken: u8,
}

impl Board {
    /// The empty board with the kraken on the centre (mur §1.9 set-up).
    pub const START: Board = Board {
        ships: [0, 0],
        kraken: 0,
    };

    /// The points holding a ship of either colour.
    #[inline(always)]
    pub fn all_ships(&self) -> u32 {
        self.ships[0] | self.ships[1]
    }

    /// The occupied points.
    #[inline(always)]
    pub fn occupied(&self) -> u32 {
        self.all_ships() | 1 << self.kraken
    }

    /// What stands on `p`.
    #[inline]
    pub fn piece(&self, p: Point) -> Option<Piece> {
        if p.0 == self.kraken {
            Some(Piece::Kraken)
        } else if self.ships[0] & p.bit() != 0 {
            Some(Piece::Ship(Colour::Black))
        } else if self.ships[1] & p.bit() != 0 {
            Some(Piece::Ship(Colour::White))
        } else {
            None
        }
    }

    /// The board as one word: Black's set, White's set shifted by 25, the kraken's index shifted
    /// by 50. Two boards are equal exactly when their keys are.
    #[inline(always)]
    pub fn key(&self) -> u64 {
        u64::from(self.ships[0]) | u64::from(self.ships[1]) << 25 | u64::from(self.kraken) << 50
    }

    /// The board of a key made by [`Board::key`].
    #[inline]
    pub fn from_key(key: u64) -> Board {
        Board {
            ships: [
                (key & u64::from(ALL)) as u32,
                ((key >> 25) & u64::from(ALL)) as u32,
            ],
            kraken: (key >> 50) as u8,
        }
    }

    /// Whether the kraken is trapped: every neighbour holds a ship (R-K1), or, with
    /// `single_colour`, every neighbour holds a ship of one colour (mur §1.7).
    #[inline(always)]
    pub fn kraken_trapped(&self, single_colour: bool) -> bool {
        let around = neighbours(self.kraken);
        if single_colour {
            around & !self.ships[0] == 0 || around & !self.ships[1] == 0
        } else {
            around & !self.all_ships() == 0
        }
    }

    /// The trapped ships of `colour`: alphas whose every neighbour holds an opposing ship
    /// (mur §1.7). A ship with an own neighbour is in a group and never trapped, and such a ship
    /// is exactly one with a neighbour outside the opposing set, so no group test is needed.
    #[inline(always)]
    pub fn trapped(&self, colour: Colour) -> u32 {
        self.ships[colour.index()] & enclosed_by(self.ships[colour.opponent().index()])
    }
}
