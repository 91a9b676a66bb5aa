//! Where the next segment may go (mu §2.2): the single test with its reasons, and the list of
//! legal centres, found from the centres when a board is built and kept up to date as segments
//! are added.

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
    /// [`Geometry::placement_error`] accepts. Kept with the board: found when it is built
    /// from its centres, and brought up to date by each segment added.
    pub fn legal_centres(&self) -> &[Hex] {
        &self.legal
    }

    /// [`Geometry::legal_centres`] found from the centres alone. A legal rosette touches the
    /// board without overlapping it, so its centre is exactly three steps from some centre
    /// (see [`Geometry::may_hold_rosette`]): only those hexes are judged.
    pub(super) fn find_legal_centres(&self) -> Vec<Hex> {
        if self.centres.is_empty() {
            return vec![Hex::new(0, 0)];
        }
        if self.centres.len() >= MAX_SEGMENTS {
            return Vec::new();
        }
        let mut out: Vec<Hex> = self.centres.iter().flat_map(|&c| ring_3(c)).collect();
        out.sort_by_key(|h| h.canonical_key());
        out.dedup();
        out.retain(|&h| self.may_hold_rosette(h));
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
        for candidate in ring_3(centre) {
            if self.may_hold_rosette(candidate) {
                self.legal.push(candidate);
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

/// The eighteen hexes exactly three steps from `centre`.
fn ring_3(centre: Hex) -> impl Iterator<Item = Hex> {
    (-3..=3i16)
        .flat_map(move |dq| (-3..=3i16).map(move |dr| Hex::new(centre.q + dq, centre.r + dr)))
        .filter(move |h| h.distance(centre) == 3)
}
