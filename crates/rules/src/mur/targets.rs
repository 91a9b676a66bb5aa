//! Click paths and turns (see [`crate::target`] and [`crate::game::TurnInfo`]).
//!
//! * a placement `*b3`: the empty point `b3`;
//! * a move `c2+`: the ship's point `c2`, then the point it lands on. Where two directions from
//!   one point land on the same point (an order-4 ship going either way round a ring, §1.5),
//!   both moves have that path and are labelled with their direction (`clockwise`, `inward`);
//! * a withdrawal `^a3` or a double withdrawal `^a3^c3`: the ship or ships, in index order;
//! * resigning the set: the button `resign`.
//!
//! One action is one turn (§1.6), a double withdrawal included. The position counts the games
//! of a match but not the plies of a game (outside a ply cap), so the turn number is the
//! game's number in the match, and the turns of one game are told apart by their movers, who
//! alternate.

use super::actions::{Action, ActionKind};
use super::geometry::Direction;
use super::position::Mur;
use super::variant::MurVariant;
use crate::game::TurnInfo;
use crate::target::{Cell, Label, Target};

impl Mur {
    /// The click path of `action` and its label ([`crate::Game::action_targets`]).
    pub(super) fn targets_of(&self, action: Action, out: &mut Vec<Target>) -> Option<Label> {
        out.clear();
        match action.kind() {
            ActionKind::Place(p) => out.push(Target::point(p)),
            ActionKind::Withdraw(points) => out.extend(points.iter().map(Target::point)),
            ActionKind::Resign => out.push(Target::Button("resign")),
            ActionKind::Move(from, dir) => {
                out.push(Target::point(from));
                let landing = self.landing(action)?;
                out.push(Target::point(landing));
                let shared = Direction::from_point(from).iter().any(|&other| {
                    other != dir && self.landing(Action::step(from, other)) == Some(landing)
                });
                return shared.then_some(Label::Borrowed(direction_word(dir)));
            }
        }
        None
    }

    /// Whether `target` is a point of the board or the resign button ([`crate::Game::target_exists`]).
    pub(super) fn has_target(&self, target: &Target) -> bool {
        matches!(
            target,
            Target::Cell(Cell::Point(_)) | Target::Button("resign")
        )
    }

    /// The turn ([`crate::Game::turn`]): the game's number in the match, and the side to move.
    pub(super) fn turn_info(&self) -> TurnInfo {
        let sets_before = u32::from(self.set_number().saturating_sub(1));
        let number =
            sets_before * u32::from(MurVariant::GAMES_PER_SET) + u32::from(self.game_number());
        TurnInfo {
            number,
            mover: (!self.is_over()).then(|| self.seat_of(self.to_move())),
        }
    }
}

/// The label of a move by its direction.
fn direction_word(dir: Direction) -> &'static str {
    match dir {
        Direction::Clockwise => "clockwise",
        Direction::Anticlockwise => "counter-clockwise",
        Direction::Inward => "inward",
        Direction::Outward => "outward",
        Direction::Spoke(_) => "along the spoke",
    }
}
