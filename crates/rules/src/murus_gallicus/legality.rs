//! Why an action is illegal: [`MurusGallicus::explain`], behind [`crate::game::Game::check`].
//!
//! These rules restate the generator's set operations one action at a time, in words. The tests
//! check on random positions that an action passes here exactly when the generator lists it.

use super::actions::{Action, ActionForm};
use super::board::Cell;
use super::position::MurusGallicus;
use crate::game::Game;

/// What a stack is called.
fn kind(height: u8) -> &'static str {
    match height {
        1 => "wall",
        2 => "tower",
        _ => "catapult",
    }
}

impl MurusGallicus {
    /// `Ok` when `action` is legal now, otherwise the reason, naming cells and the rule.
    pub(crate) fn explain(&self, action: Action) -> Result<(), String> {
        if self.verdict().is_some() {
            let reason = self.outcome().map(|o| o.reason).unwrap_or_default();
            return Err(format!("the game is over ({reason})"));
        }
        for cell in [Some(action.from()), Some(action.to()), action.second()]
            .into_iter()
            .flatten()
        {
            if !self.on_board(cell) {
                return Err(format!(
                    "{cell} is off the {} board",
                    self.variant.board.name()
                ));
            }
        }
        let opening = self.in_opening();
        match (opening, action.form()) {
            (true, ActionForm::Split) => return self.explain_split(action),
            (true, _) => {
                return Err(format!(
                    "each player's first move must be an opening redistribution such as a1-b2,e2 \
                     (ply {})",
                    self.ply
                ))
            }
            (false, ActionForm::Split) => {
                return Err(
                    "a redistribution is only each player's first move, and only with \
                            opening=redistribution"
                        .to_owned(),
                )
            }
            (false, _) => {}
        }
        let me = self.side;
        match self.stack(action.from()) {
            None => Err(format!(
                "{me} has no tower on {}: the cell is empty",
                action.from()
            )),
            Some((colour, height)) if colour != me => Err(format!(
                "{me} has no tower on {}: it holds a {colour} {}",
                action.from(),
                kind(height)
            )),
            // murus-gallicus §2.2: walls never act.
            Some((_, 1)) => Err(format!(
                "walls never act, and {} holds a wall",
                action.from()
            )),
            Some((_, 2)) => match action.form() {
                ActionForm::Dash => self.explain_tower_move(action.from(), action.to()),
                _ => self.explain_sacrifice(action),
            },
            Some(_) => self.explain_fire(action),
        }
    }

    /// A tower drops one stone on each of the two nearest cells in one direction (§2.2, §2.3).
    fn explain_tower_move(&self, from: Cell, far: Cell) -> Result<(), String> {
        let Some((dx, dy, 2)) = from.line_to(far) else {
            return Err(format!(
                "a tower moves onto the two nearest cells in one straight line, so its far cell \
                 is two steps away; {far} is not two steps from {from} in a line"
            ));
        };
        for cell in [from.offset(dx, dy, 1), Some(far)].into_iter().flatten() {
            match self.stack(cell) {
                None => {}
                Some((colour, height)) if colour != self.side => {
                    return Err(format!("{cell} holds an enemy {}", kind(height)));
                }
                Some((_, 1)) => {}
                Some((_, 2)) if self.variant.advanced() => {}
                Some((_, 2)) => {
                    return Err(format!(
                        "{cell} holds a friendly tower, and stacks rise only to 2 in the basic game"
                    ));
                }
                Some(_) => {
                    return Err(format!(
                        "{cell} holds a friendly catapult, and no stack exceeds 3"
                    ));
                }
            }
        }
        Ok(())
    }

    /// A tower sacrifices against an adjacent enemy wall, or one or two stones against an
    /// adjacent enemy catapult; never against a tower (§2.2, §2.3, §2.5 B4).
    fn explain_sacrifice(&self, action: Action) -> Result<(), String> {
        let (from, target) = (action.from(), action.to());
        if !matches!(from.line_to(target), Some((_, _, 1))) {
            return Err(format!(
                "a tower sacrifices only against an adjacent piece; {target} is not next to {from}"
            ));
        }
        let double = action.form() == ActionForm::Star;
        match self.stack(target) {
            None => Err(format!("{target} is empty: there is nothing to sacrifice against")),
            Some((colour, _)) if colour == self.side => {
                Err(format!("{target} holds a friendly piece; sacrifices are against enemies"))
            }
            Some((_, 2)) => Err(format!("towers never sacrifice against towers, and {target} holds one")),
            Some((_, 1)) if double => Err(format!(
                "{target} holds a wall; only a catapult can be hit with both stones (write {from}x{target})"
            )),
            Some(_) => Ok(()),
        }
    }

    /// A catapult throws one stone 2 or 3 cells forward, diagonally forward or sideways, onto an
    /// empty cell (`-`) or an enemy stack (`x`); catapults neither move nor sacrifice (§2.3).
    fn explain_fire(&self, action: Action) -> Result<(), String> {
        let (from, target) = (action.from(), action.to());
        if action.form() == ActionForm::Star {
            return Err("catapults cannot sacrifice".to_owned());
        }
        let Some((_, dy, distance)) = from.line_to(target) else {
            return Err(format!(
                "a catapult fires along a straight line; {target} is not in line with {from}"
            ));
        };
        if distance == 1 {
            return Err(
                "catapults cannot move or sacrifice; they fire 2 or 3 cells away".to_owned(),
            );
        }
        if distance > 3 {
            return Err(format!(
                "a catapult fires 2 or 3 cells away; {target} is {distance} away"
            ));
        }
        // murus-gallicus §2.3: catapults never fire backward (straight or diagonally).
        if dy == -self.side.forward() {
            return Err("catapults never fire backward".to_owned());
        }
        self.explain_target(action)
    }

    /// The landing cell of a shot: never one's own stack; `-` for empty, `x` for an enemy.
    fn explain_target(&self, action: Action) -> Result<(), String> {
        let (from, target) = (action.from(), action.to());
        match (self.stack(target), action.form()) {
            (Some((colour, height)), _) if colour == self.side => Err(format!(
                "{target} holds a friendly {}; a catapult never fires on its own pieces",
                kind(height)
            )),
            (None, ActionForm::Cross) => Err(format!(
                "{target} is empty: a shot onto an empty cell is written {from}-{target}"
            )),
            (Some((_, height)), ActionForm::Dash) => Err(format!(
                "{target} holds an enemy {}: a shot onto it is written {from}x{target}",
                kind(height)
            )),
            _ => Ok(()),
        }
    }

    /// The opening redistribution: one home-row tower onto two distinct empty cells of the
    /// mover's second row (AbstractPlay house rule, §2.4).
    fn explain_split(&self, action: Action) -> Result<(), String> {
        let me = self.side;
        let from = action.from();
        let home = self.home_rank(me) + 1;
        let second = self.second_rank(me) + 1;
        if self.stack(from) != Some((me, 2)) {
            return Err(format!("{me} has no tower on {from} to redistribute"));
        }
        if from.rank() + 1 != home {
            return Err(format!("{from} is not on {me}'s home row (rank {home})"));
        }
        for cell in [Some(action.to()), action.second()].into_iter().flatten() {
            if cell.rank() + 1 != second {
                return Err(format!(
                    "{cell} is not on {me}'s second row (rank {second})"
                ));
            }
            if let Some((colour, height)) = self.stack(cell) {
                return Err(format!(
                    "{cell} is not empty: it holds a {colour} {}",
                    kind(height)
                ));
            }
        }
        Ok(())
    }
}
