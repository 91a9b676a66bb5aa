//! Move geometry (mur §1.5): directions, ring walks, diameter walks with the bounce, and the path
//! a knocked piece continues along.
//!
//! Everything here depends only on the start point, the direction and the distance, so it is
//! computed once, at compile time, into [`WALKS`].

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::Point;

/// The direction of a move (mur §1.12 notation in brackets).
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub enum Direction {
    /// Along the ring, clockwise (`+`): spoke `a` toward `b`.
    Clockwise,
    /// Along the ring, counter-clockwise (`-`).
    Anticlockwise,
    /// Along the spoke's diameter toward the centre and through it (`i`).
    Inward,
    /// Along the spoke's diameter away from the centre (`o`); not from ring 3.
    Outward,
    /// From the centre out along spoke 0 (`a`) … 7 (`h`); written as the spoke letter.
    Spoke(u8),
}

impl Direction {
    /// The notation character: `+`, `-`, `i`, `o`, or the spoke letter.
    pub fn symbol(self) -> char {
        match self {
            Direction::Clockwise => '+',
            Direction::Anticlockwise => '-',
            Direction::Inward => 'i',
            Direction::Outward => 'o',
            Direction::Spoke(s) => char::from(b'a' + s),
        }
    }

    /// The direction written as `symbol`.
    pub fn from_symbol(symbol: char) -> Option<Direction> {
        Some(match symbol {
            '+' => Direction::Clockwise,
            '-' => Direction::Anticlockwise,
            'i' => Direction::Inward,
            'o' => Direction::Outward,
            'a'..='h' => Direction::Spoke(symbol as u8 - b'a'),
            _ => return None,
        })
    }

    /// The slot of this direction in [`WALKS`] for a move from `from`, or `None` when no move
    /// goes this way from there: ring directions need a ring point, spokes need the centre, and
    /// nothing moves outward from ring 3 (mur §1.5).
    #[inline]
    pub(crate) fn slot(self, from: Point) -> Option<usize> {
        match (from.ring(), self) {
            (0, Direction::Spoke(s)) if s < 8 => Some(usize::from(s)),
            (0, _) | (_, Direction::Spoke(_)) | (3, Direction::Outward) => None,
            (_, Direction::Clockwise) => Some(0),
            (_, Direction::Anticlockwise) => Some(1),
            (_, Direction::Inward) => Some(2),
            (_, Direction::Outward) => Some(3),
        }
    }

    /// The directions a move from `from` can take, in generation order.
    pub fn from_point(from: Point) -> &'static [Direction] {
        const CENTRE: [Direction; 8] = [
            Direction::Spoke(0),
            Direction::Spoke(1),
            Direction::Spoke(2),
            Direction::Spoke(3),
            Direction::Spoke(4),
            Direction::Spoke(5),
            Direction::Spoke(6),
            Direction::Spoke(7),
        ];
        const INNER: [Direction; 4] = [
            Direction::Clockwise,
            Direction::Anticlockwise,
            Direction::Inward,
            Direction::Outward,
        ];
        match from.ring() {
            0 => &CENTRE,
            3 => &INNER[..3],
            _ => &INNER,
        }
    }

    /// The number of direction slots a move from point index `from` has: 8 from the centre, 3
    /// on ring 3 (no outward move), 4 elsewhere. Slots `0..n` are the directions of
    /// [`Direction::from_point`], in the same order.
    #[inline(always)]
    pub(crate) fn slot_count(from: u8) -> usize {
        match from {
            0 => 8,
            17.. => 3,
            _ => 4,
        }
    }

    /// The direction of slot `slot` from point index `from`: the inverse of [`Direction::slot`].
    #[inline(always)]
    pub(crate) fn of_slot(from: u8, slot: usize) -> Direction {
        const RING: [Direction; 4] = [
            Direction::Clockwise,
            Direction::Anticlockwise,
            Direction::Inward,
            Direction::Outward,
        ];
        if from == 0 {
            Direction::Spoke(slot as u8)
        } else {
            RING[slot & 3]
        }
    }
}

impl fmt::Display for Direction {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(match self {
            Direction::Clockwise => "clockwise",
            Direction::Anticlockwise => "counter-clockwise",
            Direction::Inward => "inward",
            Direction::Outward => "outward",
            Direction::Spoke(_) => "out along the spoke",
        })
    }
}

/// The longest path a knocked piece can need: on a diameter the reflecting walk returns to any
/// point within 12 steps, and the mover's vacated start always lies on the path.
pub(crate) const KNOCK_PATH: usize = 12;

/// One move's geometry: from a point, in one direction slot, over one distance.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Walk {
    /// Where the mover lands.
    pub land: u8,
    /// The points passed over before landing (the start included when a bounce crosses it).
    pub via: u32,
    /// Whether the walk bounced at ring 3, so that a knock goes the second direction.
    pub bounced: bool,
    /// The points a piece knocked off `land` passes through, in order, continuing the mover's
    /// last direction (and bouncing like it). It rests on the first empty one.
    pub knock: [u8; KNOCK_PATH],
}

/// The point at index `i` (0..7) of spoke `s`'s diameter:
/// `[(s+4)3, (s+4)2, (s+4)1, C, s1, s2, s3]` (mur §1.5).
const fn line_point(s: u8, i: i8) -> u8 {
    if i < 3 {
        1 + 8 * (2 - i as u8) + (s + 4) % 8
    } else if i == 3 {
        0
    } else {
        1 + 8 * (i as u8 - 4) + s
    }
}

/// One step of the reflecting walk on a diameter: flip first if the step would leave the line.
const fn reflect_step(index: i8, dir: i8) -> (i8, i8) {
    let dir = if index + dir < 0 || index + dir > 6 {
        -dir
    } else {
        dir
    };
    (index + dir, dir)
}

/// A walk along a diameter from line index `index`, direction `dir` (±1), over `distance`.
const fn diameter_walk(spoke: u8, mut index: i8, mut dir: i8, distance: u8) -> Walk {
    let first = dir;
    let mut via = 0;
    let mut step = 0;
    while step < distance {
        if step > 0 {
            via |= 1 << line_point(spoke, index);
        }
        (index, dir) = reflect_step(index, dir);
        step += 1;
    }
    let land = line_point(spoke, index);
    let mut knock = [0; KNOCK_PATH];
    let mut k = 0;
    let (mut i, mut d) = (index, dir);
    while k < KNOCK_PATH {
        (i, d) = reflect_step(i, d);
        knock[k] = line_point(spoke, i);
        k += 1;
    }
    Walk {
        land,
        via,
        bounced: dir != first,
        knock,
    }
}

/// The point `k` steps from spoke `spoke` around ring `ring` in `sense` (+1 clockwise).
const fn ring_point(spoke: u8, ring: u8, sense: i8, k: i32) -> u8 {
    let s = (spoke as i32 + sense as i32 * k).rem_euclid(8) as u8;
    1 + 8 * (ring - 1) + s
}

/// A walk around ring `ring` from spoke `spoke`, one spoke per step in `sense` (+1 clockwise).
const fn ring_walk(spoke: u8, ring: u8, sense: i8, distance: u8) -> Walk {
    let mut via = 0;
    let mut step = 1;
    while step < distance {
        via |= 1 << ring_point(spoke, ring, sense, step as i32);
        step += 1;
    }
    let mut knock = [0; KNOCK_PATH];
    let mut k = 0;
    while k < KNOCK_PATH {
        knock[k] = ring_point(spoke, ring, sense, distance as i32 + 1 + k as i32);
        k += 1;
    }
    Walk {
        land: ring_point(spoke, ring, sense, distance as i32),
        via,
        bounced: false,
        knock,
    }
}

/// The walk of a move from point index `p`, direction slot `slot`, over `distance` (1..=7).
const fn walk_of(p: u8, slot: u8, distance: u8) -> Walk {
    if p == 0 {
        return diameter_walk(slot, 3, 1, distance);
    }
    let (spoke, ring) = ((p - 1) % 8, (p - 1) / 8 + 1);
    match slot {
        0 => ring_walk(spoke, ring, 1, distance),
        1 => ring_walk(spoke, ring, -1, distance),
        2 => diameter_walk(spoke, 3 + ring as i8, -1, distance),
        _ => diameter_walk(spoke, 3 + ring as i8, 1, distance),
    }
}

/// Every walk: `WALKS[point][distance - 1][slot]`, so the walks of one ship (one point, one
/// order) lie together. Slots of a ring point: 0 `+`, 1 `-`, 2 `i`, 3 `o`; slots of the centre:
/// the spoke. Unused slots (4–7 of a ring point, `o` on ring 3) hold walks that are never looked
/// up.
pub(crate) static WALKS: [[[Walk; 8]; 7]; 25] = {
    let blank = Walk {
        land: 0,
        via: 0,
        bounced: false,
        knock: [0; KNOCK_PATH],
    };
    let mut table = [[[blank; 8]; 7]; 25];
    let mut p = 0;
    while p < 25 {
        let slots = if p == 0 { 8 } else { 4 };
        let mut slot = 0;
        while slot < slots {
            let mut d = 0;
            while d < 7 {
                table[p][d][slot] = walk_of(p as u8, slot as u8, d as u8 + 1);
                d += 1;
            }
            slot += 1;
        }
        p += 1;
    }
    table
};

/// The walk of a move, by point, slot and distance (1..=7).
#[inline(always)]
pub(crate) fn walk(from: u8, slot: usize, distance: u8) -> &'static Walk {
    &walks(from, distance)[slot]
}

/// The walks of every slot from point index `from` over `distance` (1..=7).
#[inline(always)]
pub(crate) fn walks(from: u8, distance: u8) -> &'static [Walk; 8] {
    &WALKS[usize::from(from)][usize::from(distance) - 1]
}
