//! What applying an action reports.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Cell, Colour};
use crate::game::{GameEvent, RuleRef};

/// One thing that happened while an action was applied, with the rule behind it. On the wire
/// it is an object whose `type` names the variant, cells written by name (`"c7"`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum MurusEvent {
    /// A tower split over the two nearest cells in one direction.
    TowerMoved {
        /// Whose tower.
        colour: Colour,
        /// Where it stood.
        from: Cell,
        /// The nearer cell, which gained one stone.
        near: Cell,
        /// The farther cell, which gained one stone.
        far: Cell,
    },
    /// A tower gave up `stones` stones (1, or 2 against a catapult) to take as many from the
    /// adjacent enemy stack.
    Sacrificed {
        /// Whose tower.
        colour: Colour,
        /// The tower's cell.
        from: Cell,
        /// The enemy stack's cell.
        target: Cell,
        /// How many stones each side lost.
        stones: u8,
        /// The height of the enemy stack before: 1 (a wall) or 3 (a catapult).
        target_height: u8,
    },
    /// A catapult threw one stone, becoming a tower.
    Fired {
        /// Whose catapult.
        colour: Colour,
        /// The catapult's cell.
        from: Cell,
        /// Where the stone fell.
        target: Cell,
        /// Whether it hit an enemy stack (which lost a stone) rather than building a wall.
        hit: bool,
    },
    /// The opening redistribution: a home-row tower split onto two cells of the second row.
    Redistributed {
        /// Whose tower.
        colour: Colour,
        /// Where it stood.
        from: Cell,
        /// The two cells that each gained a wall.
        cells: [Cell; 2],
    },
    /// A stone stands on the opponent's home row but must survive the opponent's turn to win.
    Invaded {
        /// Whose stone.
        colour: Colour,
        /// Where it stands.
        cell: Cell,
    },
    /// The game ended with a breakthrough.
    Breakthrough {
        /// The winner.
        colour: Colour,
        /// The first cell (lowest index) of the opponent's home row his stones hold.
        cell: Cell,
        /// Whether the stone had to survive a turn first (Advanced).
        delayed: bool,
    },
    /// The game ended because the player to move has no legal action; he loses.
    Stalemated {
        /// The loser.
        colour: Colour,
    },
    /// The game was drawn by the project's ply cap.
    PlyCapReached {
        /// The cap.
        plies: u32,
    },
}

impl GameEvent for MurusEvent {
    fn rule(&self) -> RuleRef {
        RuleRef(match self {
            MurusEvent::TowerMoved { .. } => "murus-gallicus:2.2 tower move",
            MurusEvent::Sacrificed {
                target_height: 3, ..
            } => "murus-gallicus:2.3 sacrifice against a catapult",
            MurusEvent::Sacrificed { .. } => "murus-gallicus:2.2 sacrifice",
            MurusEvent::Fired { .. } => "murus-gallicus:2.3 catapult fire",
            MurusEvent::Redistributed { .. } => "murus-gallicus:2.4 opening redistribution",
            MurusEvent::Invaded { .. } => "murus-gallicus:2.3 delayed breakthrough",
            MurusEvent::Breakthrough { delayed: true, .. } => {
                "murus-gallicus:2.3 delayed breakthrough"
            }
            MurusEvent::Breakthrough { .. } => "murus-gallicus:2.2 breakthrough",
            MurusEvent::Stalemated { .. } => "murus-gallicus:2.2 stalemate",
            MurusEvent::PlyCapReached { .. } => "murus-gallicus:2.5 B7 ply cap (not official)",
        })
    }
}

impl fmt::Display for MurusEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MurusEvent::TowerMoved {
                colour,
                from,
                near,
                far,
            } => {
                write!(f, "{colour} tower on {from} splits onto {near} and {far}")
            }
            MurusEvent::Sacrificed {
                colour,
                from,
                target,
                stones,
                target_height,
            } => {
                let what = if target_height == 1 {
                    "wall"
                } else {
                    "catapult"
                };
                let plural = if stones == 1 { "" } else { "s" };
                write!(f, "{colour} tower on {from} sacrifices {stones} stone{plural} against the {what} on {target}")
            }
            MurusEvent::Fired {
                colour,
                from,
                target,
                hit,
            } => {
                let effect = if hit {
                    "hitting the enemy stack"
                } else {
                    "building a wall"
                };
                write!(
                    f,
                    "{colour} catapult on {from} fires onto {target}, {effect}"
                )
            }
            MurusEvent::Redistributed {
                colour,
                from,
                cells: [a, b],
            } => {
                write!(
                    f,
                    "{colour} opens by splitting the tower on {from} onto {a} and {b}"
                )
            }
            MurusEvent::Invaded { colour, cell } => {
                write!(
                    f,
                    "{colour} stands on the far row at {cell} and must survive one turn"
                )
            }
            MurusEvent::Breakthrough { colour, cell, .. } => {
                write!(f, "{colour} wins by breakthrough at {cell}")
            }
            MurusEvent::Stalemated { colour } => {
                write!(f, "{colour} has no legal action and loses")
            }
            MurusEvent::PlyCapReached { plies } => {
                write!(
                    f,
                    "the game is drawn: ply cap of {plies} reached (not an official rule)"
                )
            }
        }
    }
}
