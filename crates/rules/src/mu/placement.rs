//! Where the next segment may go (mu §2.2): the single test, the bulk listing on a dense map of
//! the board's surroundings, and the list kept up to date as segments are added.

use super::{rosette, Dir, Geometry, Hex, MAX_SEGMENTS};

impl Geometry {
    /// Why a segment may not be centred on `centre` next, or `None` when it may (mu §2.2 rule 3,
    /// A16): it may not overlap the board, and at least two of its cells must touch the board.
    /// The first segment may go anywhere; muster puts it at `0,0`.
    pub fn placement_error(&self, centre: Hex) -> Option<String> {
        if self.centres.is_empty() {
            return (centre != Hex::new(0, 0))
                .then(|| "the first segment is placed at 0,0".to_owned());
        }
        if self.centres.len() >= MAX_SEGMENTS {
            return Some(format!("the board already has {MAX_SEGMENTS} segments"));
        }
        if let Some(hex) = rosette(centre).find(|h| self.index.contains_key(h)) {
            return Some(format!("it would overlap the board at {hex}"));
        }
        let touching = rosette(centre)
            .filter(|&h| {
                Dir::ALL
                    .iter()
                    .any(|&d| self.index.contains_key(&h.step(d)))
            })
            .count();
        match touching {
            0 => Some("it would not touch the board".to_owned()),
            1 => Some("only one of its cells would touch the board (two are needed)".to_owned()),
            _ => None,
        }
    }

    /// Every centre where the next segment may go, in canonical order (mu §2.2): the centres
    /// [`Geometry::placement_error`] accepts. Kept with the board: found in bulk when it is
    /// built from its centres, and brought up to date by each segment added.
    pub fn legal_centres(&self) -> &[Hex] {
        &self.legal
    }

    /// [`Geometry::legal_centres`] found in bulk on a dense map of the board's surroundings
    /// instead of one hash look-up per hex.
    pub(super) fn find_legal_centres(&self) -> Vec<Hex> {
        if self.centres.is_empty() {
            return vec![Hex::new(0, 0)];
        }
        if self.centres.len() >= MAX_SEGMENTS {
            return Vec::new();
        }
        let mut near = Surroundings::new(&self.hexes);
        let mut out = Vec::new();
        // A legal rosette touches the board without overlapping it, so its centre is exactly
        // two steps from some board cell.
        for &hex in &self.hexes {
            for (dq, dr) in RING_2 {
                let candidate = Hex::new(hex.q + dq, hex.r + dr);
                if near.first_visit(candidate) && near.may_hold_rosette(candidate) {
                    out.push(candidate);
                }
            }
        }
        out.sort_by_key(|h| h.canonical_key());
        out
    }

    /// The legal centres once the segment on `centre` has been pushed, from those before it.
    /// A rosette four or more steps from the new one neither overlaps nor touches it, so its
    /// verdict stands; one two steps away or less overlaps it; and one exactly three steps
    /// away is judged afresh.
    pub(super) fn update_legal_centres(&mut self, centre: Hex) {
        if self.centres.len() >= MAX_SEGMENTS {
            self.legal.clear();
            return;
        }
        self.legal.retain(|&c| c.distance(centre) >= 4);
        for dq in -3..=3i16 {
            for dr in -3..=3i16 {
                let candidate = Hex::new(centre.q + dq, centre.r + dr);
                if candidate.distance(centre) == 3 && self.may_hold_rosette(candidate) {
                    self.legal.push(candidate);
                }
            }
        }
        self.legal.sort_by_key(|h| h.canonical_key());
    }

    /// The placement rule of [`Geometry::placement_error`] on a board with a segment, judged
    /// from the centres alone. The board's hexes are those at most one step from a centre, so
    /// a rosette overlaps the board exactly when its centre is two steps or less from one,
    /// and one of its hexes touches the board exactly when it is two steps from one.
    fn may_hold_rosette(&self, centre: Hex) -> bool {
        let near = |h: Hex, steps: i16| self.centres.iter().any(|c| c.distance(h) <= steps);
        !near(centre, 2) && rosette(centre).filter(|&h| near(h, 2)).nth(1).is_some()
    }
}

/// The axial offsets of the twelve hexes at distance 2.
const RING_2: [(i16, i16); 12] = [
    (2, 0),
    (2, -1),
    (2, -2),
    (1, -2),
    (0, -2),
    (-1, -1),
    (-2, 0),
    (-2, 1),
    (-2, 2),
    (-1, 2),
    (0, 2),
    (1, 1),
];

/// A hex of the board.
const ON_BOARD: u8 = 1;
/// A hex next to a hex of the board (it may be on the board itself).
const TOUCHES: u8 = 2;
/// A candidate centre already looked at.
const VISITED: u8 = 4;

/// Flags of every hex within three steps of the board's bounding box: enough to judge any
/// rosette centred two steps from the board (the rosette reaches one step further).
struct Surroundings {
    q0: i16,
    r0: i16,
    width: usize,
    height: usize,
    flags: Vec<u8>,
}

impl Surroundings {
    fn new(hexes: &[Hex]) -> Surroundings {
        const MARGIN: i16 = 3;
        let (mut q0, mut q1, mut r0, mut r1) = (i16::MAX, i16::MIN, i16::MAX, i16::MIN);
        for h in hexes {
            (q0, q1, r0, r1) = (q0.min(h.q), q1.max(h.q), r0.min(h.r), r1.max(h.r));
        }
        let (q0, r0) = (q0 - MARGIN, r0 - MARGIN);
        let width = (q1 + MARGIN - q0 + 1) as usize;
        let height = (r1 + MARGIN - r0 + 1) as usize;
        let mut near = Surroundings {
            q0,
            r0,
            width,
            height,
            flags: vec![0; width * height],
        };
        for &h in hexes {
            near.mark(h, ON_BOARD);
            for d in Dir::ALL {
                near.mark(h.step(d), TOUCHES);
            }
        }
        near
    }

    /// The index of a hex inside the map.
    #[inline]
    fn slot(&self, h: Hex) -> Option<usize> {
        let q = usize::try_from(h.q - self.q0).ok()?;
        let r = usize::try_from(h.r - self.r0).ok()?;
        (q < self.width && r < self.height).then_some(r * self.width + q)
    }

    fn mark(&mut self, h: Hex, flag: u8) {
        if let Some(i) = self.slot(h) {
            self.flags[i] |= flag;
        }
    }

    #[inline]
    fn get(&self, h: Hex) -> u8 {
        self.slot(h).map_or(0, |i| self.flags[i])
    }

    /// Whether `centre` is looked at for the first time (and marks it).
    fn first_visit(&mut self, centre: Hex) -> bool {
        let Some(i) = self.slot(centre) else {
            return false;
        };
        let first = self.flags[i] & VISITED == 0;
        self.flags[i] |= VISITED;
        first
    }

    /// The placement rule of [`Geometry::placement_error`] for a board that has a segment: the
    /// rosette overlaps nothing and at least two of its hexes touch the board.
    fn may_hold_rosette(&self, centre: Hex) -> bool {
        let mut touching = 0;
        for h in rosette(centre) {
            let f = self.get(h);
            if f & ON_BOARD != 0 {
                return false;
            }
            touching += usize::from(f & TOUCHES != 0);
        }
        touching >= 2
    }
}
