//! Legal decisions: placements, clearings, moves (§2.10) within the turn budget (§2.11),
//! explosion choices and removals.

use crate::game::Seat;

use super::actions::MuAction;
use super::board::{Board, Layer};
use super::events::colour;
use super::geometry::{Cell, Dir, NONE};
use super::resolve;
use super::{Mu, Pending, Phase};

/// Calls `visit(dir, men, landing)` for every legal move of the stack on `from` (§2.10): exactly
/// `men` cells in a straight line, never over or onto Out of Bounds; from V or C never onto the
/// Wall and over it only where it holds the mover's own stack; from the Wall, anywhere.
pub fn moves_from(board: &Board, from: Cell, mut visit: impl FnMut(Dir, u8, Cell)) {
    walk(board, from, |dir, men, to| {
        visit(dir, men, to);
        true
    });
}

/// Whether the stack on `from` has a legal move.
fn has_move_from(board: &Board, from: Cell) -> bool {
    !walk(board, from, |_, _, _| false)
}

/// The walk behind [`moves_from`], stopped as soon as `visit` returns false. Returns whether it
/// ran to the end.
#[inline]
fn walk(board: &Board, from: Cell, mut visit: impl FnMut(Dir, u8, Cell) -> bool) -> bool {
    let cells = board.cells();
    let table = board.geometry().neighbour_table();
    let s = cells[from.index()];
    if s.height == 0 {
        return true;
    }
    let height = s.height.min(u16::from(u8::MAX)) as u8;
    let from_wall = s.layer == Layer::Wall;
    for dir in Dir::ALL {
        let mut at = from.index();
        for men in 1..=height {
            let next = table[at][dir.index()];
            if next == NONE {
                break;
            }
            at = usize::from(next);
            let here = cells[at];
            if !from_wall && here.layer == Layer::Wall {
                // A bridge of one's own colour may be crossed, never landed on.
                if here.height > 0 && here.owner == s.owner {
                    continue;
                }
                break;
            }
            if !visit(dir, men, Cell(next)) {
                return false;
            }
        }
    }
    true
}

impl Mu {
    /// The stacks the mover may move this turn (owner, budget, `one_move_per_piece`), in cell
    /// order.
    fn movable(&self) -> impl Iterator<Item = Cell> + '_ {
        let per_segment = self.variant.per_segment();
        let landed = &self.landed[..];
        self.board.stacks_of(self.to_move).filter(move |cell| {
            (!per_segment || self.budget & cell.segment().bit() != 0)
                && (landed.is_empty() || !landed.contains(cell))
        })
    }

    /// Appends every legal move of the mover to `out`, in the order of [`Mu::each_move`]. A
    /// single man on a Virgin or Commonwealth cell, the commonest piece, is handled without
    /// the general walk: it may step onto any neighbour on the board except the Wall.
    fn push_moves(&self, out: &mut Vec<MuAction>) {
        let cells = self.board.cells();
        let table = self.board.geometry().neighbour_table();
        for from in self.movable() {
            let s = cells[from.index()];
            if s.height != 1 || s.layer == Layer::Wall {
                moves_from(&self.board, from, |dir, men, _| {
                    out.push(MuAction::Move { from, dir, men });
                });
                continue;
            }
            // Six slots written in place, the closed steps overwritten, the rest cut off:
            // no branch per step.
            let base = out.len();
            out.resize(base + 6, MuAction::Pass);
            let slots = &mut out[base..];
            let mut k = 0;
            for (dir, &n) in Dir::ALL.into_iter().zip(&table[from.index()]) {
                slots[k] = MuAction::Move { from, dir, men: 1 };
                // Out of Bounds (`NONE`) is past the end of the cells.
                let open = cells
                    .get(usize::from(n))
                    .is_some_and(|c| c.layer != Layer::Wall);
                k += usize::from(open);
            }
            out.truncate(base + k);
        }
    }

    /// Calls `visit` for every legal move of the mover, stacks in cell order.
    fn each_move(&self, mut visit: impl FnMut(MuAction)) {
        for cell in self.movable() {
            moves_from(&self.board, cell, |dir, men, _| {
                visit(MuAction::Move {
                    from: cell,
                    dir,
                    men,
                })
            });
        }
    }

    /// Whether the mover has a legal move left this turn.
    pub(super) fn has_move(&self) -> bool {
        self.movable().any(|cell| has_move_from(&self.board, cell))
    }

    /// Every legal action, in a fixed order.
    pub(super) fn generate(&self, out: &mut Vec<MuAction>) {
        match self.phase {
            Phase::Over => {}
            Phase::Layout => out.extend(
                self.geometry()
                    .legal_centres()
                    .into_iter()
                    .map(MuAction::Place),
            ),
            Phase::Select => out.extend(
                self.marked_segments(self.to_move)
                    .into_iter()
                    .map(MuAction::Clear),
            ),
            Phase::Play => match self.pending {
                Pending::Choice => out.extend(
                    resolve::all_hot_cells(&self.board, &self.osc)
                        .into_iter()
                        .filter(|&c| self.board.is_productive(c))
                        .map(MuAction::Explode),
                ),
                Pending::Removal => out.extend(
                    self.osc
                        .iter()
                        .copied()
                        .filter(|&c| self.board.is_hot(c))
                        .map(MuAction::Remove),
                ),
                Pending::Nothing => {
                    self.push_moves(out);
                    out.push(if self.moved == 0 {
                        MuAction::Pass
                    } else {
                        MuAction::End
                    });
                }
            },
        }
    }

    /// The number of legal actions, without building them for moves.
    pub(super) fn count(&self) -> usize {
        if self.phase == Phase::Play && self.pending == Pending::Nothing {
            let mut n = 1;
            self.each_move(|_| n += 1);
            return n;
        }
        let mut out = Vec::new();
        self.generate(&mut out);
        out.len()
    }

    /// Why a move is illegal, or `None`.
    pub(super) fn move_error(&self, from: Cell, dir: Dir, men: u8) -> Option<String> {
        let s = self.board.get(from);
        let who = colour(self.to_move);
        if s.owner() != Some(self.to_move) {
            return Some(format!("{from} holds no {who} stack"));
        }
        if u16::from(men) > s.height {
            return Some(format!("{from} holds only {} men", s.height));
        }
        if self.variant.per_segment() && self.budget & from.segment().bit() == 0 {
            return Some(format!(
                "a move from segment {} was made this turn, or it was not occupied at its start",
                from.segment()
            ));
        }
        if self.landed.contains(&from) {
            return Some(format!(
                "a move of this turn ended on {from} (one_move_per_piece)"
            ));
        }
        let mut legal = false;
        moves_from(&self.board, from, |d, m, _| legal |= d == dir && m == men);
        (!legal).then(|| path_error(&self.board, from, dir, men, self.to_move))
    }
}

/// Why the path of a move is blocked.
fn path_error(board: &Board, from: Cell, dir: Dir, men: u8, seat: Seat) -> String {
    let from_wall = board.get(from).layer == Layer::Wall;
    let mut at = from;
    for step in 1..=men {
        match board.step(at, dir) {
            None => return format!("the path leaves the board after {} cells", step - 1),
            Some(next) => at = next,
        }
        let here = board.get(at);
        if !from_wall && here.layer == Layer::Wall {
            if step == men {
                return format!("a piece off the Wall cannot land on the Wall at {at}");
            }
            if here.owner() != Some(seat) {
                return format!("the Wall at {at} holds no {} bridge", colour(seat));
            }
        }
    }
    "the move is not legal".to_owned()
}
