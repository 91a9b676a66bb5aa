//! Click paths and turns (see [`crate::target`] and [`crate::game::TurnInfo`]).
//!
//! A person clicks the acting stack, then where the action goes:
//!
//! * a tower move `d4-d6`: `d4`, then the far cell `d6` (the near cell is implied, §2.2);
//! * a sacrifice `d4xe5` or `d4*e5`: `d4`, then the enemy stack `e5`. Against a catapult a tower
//!   may give one stone or both (§2.3), two actions on one path, labelled `one stone` and
//!   `both stones`;
//! * a catapult shot `d4-d6` or `d4xd6`: `d4`, then the cell the stone lands on (§2.3);
//! * the opening redistribution `a1-b2,e2`: `a1`, then the two cells, the smaller first (the
//!   order in which the notation writes them).
//!
//! One action is one turn (§2.1): the turn number is the ply count plus one.

use super::actions::{Action, ActionForm};
use super::position::MurusGallicus;
use crate::game::{Game, Seat, TurnInfo};
use crate::target::{Cell, Label, Target};

impl MurusGallicus {
    /// The click path of `action` and its label ([`Game::action_targets`]).
    pub(super) fn targets_of(&self, action: Action, out: &mut Vec<Target>) -> Option<Label> {
        out.clear();
        out.push(Target::square(action.from()));
        out.push(Target::square(action.to()));
        if let Some(second) = action.second() {
            out.push(Target::square(second));
        }
        let from_tower = self.stack(action.from()).is_some_and(|(_, h)| h == 2);
        let onto_catapult = self.stack(action.to()).is_some_and(|(_, h)| h == 3);
        match action.form() {
            ActionForm::Star => Some(Label::Borrowed("both stones")),
            ActionForm::Cross if from_tower && onto_catapult => Some(Label::Borrowed("one stone")),
            _ => None,
        }
    }

    /// Whether `target` is a cell of this board ([`Game::target_exists`]).
    pub(super) fn has_target(&self, target: &Target) -> bool {
        match target {
            Target::Cell(Cell::Square(cell)) => self.on_board(*cell),
            _ => false,
        }
    }

    /// The turn: one per ply ([`Game::turn`]).
    pub(super) fn turn_info(&self) -> TurnInfo {
        let over = self.outcome().is_some();
        TurnInfo {
            number: self.ply().saturating_add(1),
            mover: (!over).then_some(Seat(self.to_move().index() as u8)),
        }
    }
}
