//! The territory count (§2.12, A8, A9).

use std::collections::HashMap;

use crate::game::{Outcome, Seat};

use super::board::{Board, Layer};
use super::events::colour;
use super::geometry::Cell;
use super::movegen::moves_from;
use super::variant::Access;
use super::Mu;

/// Who a Commonwealth section counts for.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum SectionOwner {
    /// Only this colour stands in it, or, empty, only this colour can land in it.
    Seat(Seat),
    /// Several colours stand in it, or, empty, several or none can land in it.
    Neutral,
}

/// One Commonwealth section as the count sees it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct SectionInfo {
    /// Its Commonwealth cells, in index order.
    pub cells: Vec<Cell>,
    /// Enclosed Virginity counted with it (A9).
    pub enclosed: Vec<Cell>,
    /// Who it counts for.
    pub owner: SectionOwner,
    /// Whether it is empty (decided by access).
    pub empty: bool,
}

impl SectionInfo {
    /// The territory it is worth: its cells and its enclosed Virginity.
    pub fn size(&self) -> usize {
        self.cells.len() + self.enclosed.len()
    }
}

impl Mu {
    /// Every Commonwealth section with its owner as the count would see it now (the live,
    /// provisional score; final at the end of the game).
    pub fn sections(&self) -> Vec<SectionInfo> {
        let board = &self.board;
        let mut by_label: HashMap<u32, usize> = HashMap::new();
        let mut sections: Vec<SectionInfo> = Vec::new();
        for cell in board.geometry().all_cells() {
            if board.get(cell).layer != Layer::Common {
                continue;
            }
            let label = board
                .section_label(cell)
                .expect("Commonwealth cells are labelled");
            let i = *by_label.entry(label).or_insert_with(|| {
                sections.push(SectionInfo {
                    cells: Vec::new(),
                    enclosed: Vec::new(),
                    owner: SectionOwner::Neutral,
                    empty: true,
                });
                sections.len() - 1
            });
            sections[i].cells.push(cell);
        }
        for fragment in virgin_fragments(board) {
            if let Some(label) = enclosing_section(board, &fragment) {
                sections[by_label[&label]].enclosed.extend(fragment);
            }
        }
        for section in &mut sections {
            // §2.12 rules 1–3 look at the pieces on the section's Commonwealth cells; enclosed
            // Virginity adds its size (rule 4) but not its pieces.
            let colours = colours_in(board, section.cells.iter());
            section.empty = colours.is_empty();
            section.owner = match colours.as_slice() {
                [only] => SectionOwner::Seat(*only),
                [] => self.access_owner(&section.cells),
                _ => SectionOwner::Neutral,
            };
        }
        sections
    }

    /// The result of a finished game: territory, highest first; a tie for first is a draw.
    pub(super) fn final_outcome(&self) -> Outcome {
        let scores = self.territory();
        let capped = self.variant.ply_cap.is_some_and(|cap| self.ply >= cap)
            && usize::from(self.passes) < usize::from(self.seats);
        let why = if capped {
            format!("ply cap of {} turns reached (not official)", self.ply)
        } else {
            "every player passed".to_owned()
        };
        let parts: Vec<String> = scores
            .iter()
            .enumerate()
            .map(|(i, s)| format!("{} {s}", colour(Seat(i as u8))))
            .collect();
        Outcome::from_scores(scores, format!("territory {}: {why}", parts.join(", ")))
    }

    /// A8: an empty section belongs to the only colour with a move landing in it.
    fn access_owner(&self, cells: &[Cell]) -> SectionOwner {
        let board = &self.board;
        let mut found: Vec<Seat> = Vec::new();
        for from in board.geometry().all_cells() {
            let s = board.get(from);
            let Some(seat) = s.owner() else { continue };
            if found.contains(&seat)
                || (self.variant.access == Access::WallOnly && s.layer != Layer::Wall)
            {
                continue;
            }
            let mut reaches = false;
            moves_from(board, from, |_, _, to| reaches |= cells.contains(&to));
            if reaches {
                found.push(seat);
            }
        }
        match found.as_slice() {
            [only] => SectionOwner::Seat(*only),
            _ => SectionOwner::Neutral,
        }
    }
}

fn colours_in<'a>(board: &Board, cells: impl Iterator<Item = &'a Cell>) -> Vec<Seat> {
    let mut colours: Vec<Seat> = Vec::new();
    for &cell in cells {
        if let Some(seat) = board.get(cell).owner() {
            if !colours.contains(&seat) {
                colours.push(seat);
            }
        }
    }
    colours
}

/// The connected groups of Virgin cells.
fn virgin_fragments(board: &Board) -> Vec<Vec<Cell>> {
    let mut seen = vec![false; board.geometry().cells()];
    let mut out = Vec::new();
    for cell in board.geometry().all_cells() {
        if board.get(cell).layer == Layer::Virgin && !seen[cell.index()] {
            let fragment = board.component(cell);
            for c in &fragment {
                seen[c.index()] = true;
            }
            out.push(fragment);
        }
    }
    out
}

/// A9: the section enclosing a Virginity fragment — every on-board non-Virgin neighbour is a
/// Commonwealth cell of that one section (Out of Bounds may border it, the Wall may not).
fn enclosing_section(board: &Board, fragment: &[Cell]) -> Option<u32> {
    let mut section = None;
    for &cell in fragment {
        for n in board.geometry().neighbours(cell) {
            match board.get(n).layer {
                Layer::Virgin => {}
                Layer::Wall => return None,
                Layer::Common => {
                    let label = board.section_label(n);
                    if section.is_some() && section != label {
                        return None;
                    }
                    section = label;
                }
            }
        }
    }
    section
}

impl Mu {
    /// The test invariants of §2.13 that a single position can show, plus the engine's own
    /// bookkeeping. Used by the conformance battery after every action.
    pub(super) fn invariants(&self) -> Result<(), String> {
        use super::{Pending, Phase};
        let board = &self.board;
        let g = board.geometry();
        let mut labels_seen: std::collections::HashSet<u32> = std::collections::HashSet::new();
        let mut seen_common = vec![false; g.cells()];
        for cell in g.all_cells() {
            let s = board.get(cell);
            // §2.13 rule 4: a stack has an owner exactly when it has men.
            if (s.height == 0) != (s.owner == super::board::NOBODY) {
                return Err(format!("{cell}: owner and height disagree"));
            }
            match s.layer {
                Layer::Common => {
                    let label = board
                        .section_label(cell)
                        .ok_or(format!("{cell}: no section"))?;
                    // §2.13 rule 2: C cells of different sections are never adjacent.
                    for n in g.neighbours(cell) {
                        if board.get(n).layer == Layer::Common
                            && board.section_label(n) != Some(label)
                        {
                            return Err(format!(
                                "{cell} and {n} are adjacent C cells of two sections"
                            ));
                        }
                    }
                    // Adjacent cells share a label, so a component has one; a new component
                    // must bring a label no other component has.
                    if !seen_common[cell.index()] {
                        for member in board.component(cell) {
                            seen_common[member.index()] = true;
                        }
                        if !labels_seen.insert(label) {
                            return Err(format!("label of {cell} is shared by two sections"));
                        }
                    }
                }
                Layer::Wall => {
                    // §2.13 rule 2: a Wall cell touches two sections and at most 4 Wall cells.
                    let walls = board.capacity(cell);
                    let (_, several) = board.neighbour_sections(cell);
                    if walls > 4 || !several {
                        return Err(format!("{cell}: a Wall cell with {walls} Wall neighbours, two sections: {several}"));
                    }
                }
                Layer::Virgin => {}
            }
            // §2.13 rule 1: at rest, nothing is hot except a section left oscillating.
            let at_rest = self.phase == Phase::Play && self.pending == Pending::Nothing;
            if at_rest && board.is_hot(cell) && !self.osc.contains(&cell) {
                return Err(format!("{cell} is hot at rest"));
            }
        }
        if !board.capacities_agree() {
            return Err("the capacities kept per cell disagree with the layers".to_owned());
        }
        let seats = usize::from(self.seats);
        if board.men(seats) != board.men_from_scratch(seats).as_slice() {
            return Err("the men counted per seat disagree with the cells".to_owned());
        }
        for seat in (0..self.seats).map(crate::game::Seat) {
            if !board.stacks_of(seat).eq(board.stacks_of_from_scratch(seat)) {
                return Err(format!(
                    "the stacks of {} disagree with the cells",
                    colour(seat)
                ));
            }
        }
        let hot: Vec<Cell> = super::resolve::all_hot_cells(board, &self.osc);
        match self.pending {
            Pending::Choice if !hot.iter().any(|&c| board.is_productive(c)) => {
                Err("a choice is pending with no productive hot cell".to_owned())
            }
            Pending::Removal if !self.osc.iter().any(|&c| board.is_hot(c)) => {
                Err("a removal is pending with no hot oscillating cell".to_owned())
            }
            _ if self
                .trail
                .states()
                .last()
                .is_some_and(|&s| s != board.fingerprint()) =>
            {
                Err("the trail does not end at the current state".to_owned())
            }
            _ => Ok(()),
        }
    }
}
