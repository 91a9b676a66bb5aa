//! Click paths and turns (see [`crate::target`] and [`crate::game::TurnInfo`]).
//!
//! * laying out a segment `place:3,-1`: the place `3,-1` where its centre goes (§2.2);
//! * clearing a segment `clear:B`: the marker man on its centre `B0` (§2.3);
//! * a move `A3-sw-2`: the stack `A3`, then the cell the men land on. The distance is the number
//!   of men (§2.10), so each landing cell is one count; from a stack of several men the label
//!   says how many move (`1 man`, `2 men`);
//! * `explode:A3` and `remove:A3`: the hot cell (§2.8, §2.9); `end` and `pass`: buttons.
//!
//! Turns (§2.2, §2.3, §2.11): each lay-out placement and each clearing is a turn of its own; in
//! play a turn is the mover's moves, their chain reactions and explosion orders, up to `end` or
//! a pass (`turn=one-piece`: one move). The position counts turns of play (`ply`); under the
//! opening protocol the lay-out and clearing turns come first and are counted from the board.

use super::actions::MuAction;
use super::geometry::Hex;
use super::variant::Start;
use super::{Mu, Phase};
use crate::game::{Seat, TurnInfo};
use crate::target::{Cell, Label, Target};

impl Mu {
    /// The click path of `action` and its label ([`crate::Game::action_targets`]).
    pub(super) fn targets_of(&self, action: MuAction, out: &mut Vec<Target>) -> Option<Label> {
        out.clear();
        match action {
            MuAction::Place(hex) => out.push(Target::Cell(Cell::Place(hex))),
            MuAction::Clear(segment) => out.push(Target::hex(segment.centre())),
            MuAction::Explode(cell) | MuAction::Remove(cell) => out.push(Target::hex(cell)),
            MuAction::End => out.push(Target::Button("end")),
            MuAction::Pass => out.push(Target::Button("pass")),
            MuAction::Move { from, dir, men } => {
                out.push(Target::hex(from));
                let geometry = self.geometry();
                let mut hex = geometry.hex(from);
                for _ in 0..men {
                    hex = hex.step(dir);
                }
                // A legal move lands on the board (§2.10); the landing is the last target.
                if let Some(to) = geometry.cell_at(hex) {
                    out.push(Target::hex(to));
                }
                if self.cell(from).height > 1 {
                    return Some(match men {
                        1 => Label::Borrowed("1 man"),
                        n => Label::Owned(format!("{n} men")),
                    });
                }
            }
        }
        None
    }

    /// Whether `target` is a cell of the board, a place where a segment may be laid out, or
    /// one of the buttons `end` and `pass` ([`crate::Game::target_exists`]).
    pub(super) fn has_target(&self, target: &Target) -> bool {
        let geometry = self.geometry();
        match *target {
            Target::Cell(Cell::Hex(cell)) => cell.index() < geometry.cells(),
            Target::Cell(Cell::Place(hex)) => legal_centre(self, hex),
            Target::Button(word) => matches!(word, "end" | "pass"),
            _ => false,
        }
    }

    /// The turn ([`crate::Game::turn`]).
    pub(super) fn turn_info(&self) -> TurnInfo {
        let seats = u32::from(self.seats);
        let per_seat = u32::from(self.variant.segments);
        let protocol = self.variant.start == Start::Protocol;
        let layout_turns = if protocol { seats * per_seat } else { 0 };
        let select_turns = if protocol {
            seats * per_seat.saturating_sub(1)
        } else {
            0
        };
        let segments = self.geometry().segments() as u32;
        let number = match self.phase {
            Phase::Layout => segments + 1,
            Phase::Select => {
                let marked = (0..self.geometry().segments() as u8)
                    .filter(|&s| self.cell(super::Segment(s).centre()).owner().is_some())
                    .count() as u32;
                layout_turns + segments.saturating_sub(marked) + 1
            }
            Phase::Play | Phase::Over => (layout_turns + select_turns)
                .saturating_add(self.ply)
                .saturating_add(1),
        };
        let mover: Option<Seat> = (self.phase != Phase::Over).then_some(self.to_move);
        TurnInfo { number, mover }
    }
}

/// Whether a segment may be centred on `hex` now (§2.2).
fn legal_centre(game: &Mu, hex: Hex) -> bool {
    game.phase == Phase::Layout && game.geometry().placement_error(hex).is_none()
}
