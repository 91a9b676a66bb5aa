//! The territory count in one pass (§2.12, A8, A9): the numbers [`Mu::sections`] adds up, without
//! building the section lists. A search's evaluation asks for the count at every leaf, so it
//! works on flat per-cell tables and never hashes.

use super::board::Layer;
use super::geometry::{Cell, NONE};
use super::movegen::moves_from;
use super::variant::Access;
use super::Mu;

/// A cell outside every Commonwealth section.
const OUTSIDE: u16 = u16::MAX;

/// What the count needs of one Commonwealth section.
#[derive(Clone, Copy)]
struct Tally {
    /// Its section label.
    label: u32,
    /// Its Commonwealth cells and the Virginity it encloses (A9).
    size: i32,
    /// The colours standing on its cells, one bit per seat.
    colours: u32,
    /// Empty: the colours with a move landing in it (A8), one bit per seat.
    reach: u32,
}

impl Tally {
    /// The seat it counts for (§2.12 rules 1–3, A8), if any.
    fn owner(&self) -> Option<usize> {
        let bits = if self.colours == 0 {
            self.reach
        } else {
            self.colours
        };
        (bits.count_ones() == 1).then_some(bits.trailing_zeros() as usize)
    }
}

impl Mu {
    /// Each seat's territory now: the live, provisional count (final at the end of the game).
    pub fn territory(&self) -> Vec<i32> {
        let mut scores = vec![0i32; usize::from(self.seats)];
        for tally in self.tallies() {
            if let Some(seat) = tally.owner() {
                scores[seat] += tally.size;
            }
        }
        scores
    }

    /// Every section's size and colours, with its reach when it is empty.
    fn tallies(&self) -> Vec<Tally> {
        let board = &self.board;
        let cells = board.cells();
        let mut section_of = vec![OUTSIDE; cells.len()];
        let mut tallies: Vec<Tally> = Vec::new();
        for (i, s) in cells.iter().enumerate() {
            if s.layer != Layer::Common {
                continue;
            }
            let label = board
                .section_label(Cell(i as u16))
                .expect("Commonwealth cells are labelled");
            let k = match tallies.iter().position(|t| t.label == label) {
                Some(k) => k,
                None => {
                    tallies.push(Tally {
                        label,
                        size: 0,
                        colours: 0,
                        reach: 0,
                    });
                    tallies.len() - 1
                }
            };
            section_of[i] = k as u16;
            tallies[k].size += 1;
            if s.height > 0 {
                tallies[k].colours |= 1 << s.owner;
            }
        }
        if tallies.is_empty() {
            return tallies;
        }
        self.add_enclosed(&section_of, &mut tallies);
        if tallies.iter().any(|t| t.colours == 0) {
            self.add_reach(&section_of, &mut tallies);
        }
        tallies
    }

    /// A9: each Virginity fragment whose every on-board non-Virgin neighbour is a Commonwealth
    /// cell of one section counts with that section (Out of Bounds may border it, the Wall may
    /// not).
    fn add_enclosed(&self, section_of: &[u16], tallies: &mut [Tally]) {
        let cells = self.board.cells();
        let table = self.board.geometry().neighbour_table();
        let mut seen = vec![false; cells.len()];
        let mut stack: Vec<usize> = Vec::new();
        for first in 0..cells.len() {
            if cells[first].layer != Layer::Virgin || seen[first] {
                continue;
            }
            seen[first] = true;
            stack.push(first);
            let (mut size, mut section, mut open) = (0i32, None, false);
            while let Some(at) = stack.pop() {
                size += 1;
                for &n in &table[at] {
                    if n == NONE {
                        continue;
                    }
                    let n = usize::from(n);
                    match cells[n].layer {
                        Layer::Virgin if !seen[n] => {
                            seen[n] = true;
                            stack.push(n);
                        }
                        Layer::Virgin => {}
                        Layer::Wall => open = true,
                        Layer::Common => match section {
                            None => section = Some(section_of[n]),
                            Some(k) if k != section_of[n] => open = true,
                            Some(_) => {}
                        },
                    }
                }
            }
            if let (false, Some(k)) = (open, section) {
                tallies[usize::from(k)].size += size;
            }
        }
    }

    /// A8: the colours with a move landing in each empty section (only moves from the Wall
    /// under the wall-only access rule).
    fn add_reach(&self, section_of: &[u16], tallies: &mut [Tally]) {
        let board = &self.board;
        let wall_only = self.variant.access == Access::WallOnly;
        for (i, s) in board.cells().iter().enumerate() {
            if s.height == 0 || (wall_only && s.layer != Layer::Wall) {
                continue;
            }
            let bit = 1u32 << s.owner;
            moves_from(board, Cell(i as u16), |_, _, to| {
                let k = section_of[to.index()];
                if k != OUTSIDE && tallies[usize::from(k)].colours == 0 {
                    tallies[usize::from(k)].reach |= bit;
                }
            });
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use crate::game::{Actor, Game};
    use crate::mu::{Mu, MuVariant, SectionOwner};
    use crate::variant::Variant;

    /// The count from the section lists, as the rules read out §2.12 section by section.
    fn from_sections(game: &Mu) -> Vec<i32> {
        let mut scores = vec![0i32; game.seats()];
        for section in game.sections() {
            if let SectionOwner::Seat(seat) = section.owner {
                scores[seat.index()] += section.size() as i32;
            }
        }
        scores
    }

    #[test]
    fn the_one_pass_count_matches_the_sections_in_random_games() {
        let mut rng = SmallRng::seed_from_u64(26);
        let (mut checked, mut empty, mut enclosed) = (0, 0, 0);
        for (variant, seats) in [
            ("levis", 2),
            ("velox", 2),
            ("levis start=duel", 2),
            ("levis access=wall-only", 2),
            ("multi", 3),
            ("multi", 4),
        ] {
            for _ in 0..6 {
                let rules = MuVariant::parse_text(variant).expect(variant);
                let mut game = Mu::new(&rules, seats).expect(variant);
                let mut legal = Vec::new();
                for _ in 0..1_500 {
                    if game.actor() == Actor::Over {
                        break;
                    }
                    assert_eq!(game.territory(), from_sections(&game), "{variant}");
                    let sections = game.sections();
                    empty += usize::from(sections.iter().any(|s| s.empty));
                    enclosed += usize::from(sections.iter().any(|s| !s.enclosed.is_empty()));
                    checked += 1;
                    game.legal_actions(&mut legal);
                    let action = legal[rng.random_range(0..legal.len())];
                    game.apply_unchecked(action);
                }
            }
        }
        // The games reach the cases A8 and A9 are about, not only the plain count.
        assert!(checked > 10_000, "only {checked} positions checked");
        assert!(
            empty > 100 && enclosed > 100,
            "{empty} with empty, {enclosed} with enclosed"
        );
    }
}
