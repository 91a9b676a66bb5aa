//! What applying an action reports, step by step, each with the rule behind it.

use std::fmt;

use serde::{Deserialize, Serialize};

use super::board::{Colour, Piece, Point, Points};
use super::geometry::Direction;
use crate::game::{GameEvent, RuleRef, Seat};

/// Why ships were withdrawn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Withdrawal {
    /// The ships were trapped (mur §1.6 obligation 1).
    Trap,
    /// The opponent's last play repeated a position (mur §1.8).
    Repeat,
    /// No place or move was legal (mur §1.8 stagnation).
    Stagnation,
}

/// How a game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum GameEnd {
    /// `winner` trapped the kraken.
    Kraken {
        /// Who scored the kraken trap.
        winner: Colour,
    },
    /// `winner` reached three (or more) ship traps.
    ShipTraps {
        /// Who reached them.
        winner: Colour,
        /// The tally reached: 3, or 4 after a double trap.
        tally: u8,
    },
    /// The project's ply cap: drawn, counting for nobody.
    Capped {
        /// The cap.
        plies: u32,
    },
}

/// One thing that happened while an action was applied. On the wire it is an object whose
/// `type` names the variant, points written by name (`"c2"`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum MurEvent {
    /// A ship was placed from off the board.
    Placed {
        /// Whose ship.
        colour: Colour,
        /// Where.
        point: Point,
    },
    /// A ship moved exactly its order.
    Moved {
        /// Whose ship.
        colour: Colour,
        /// Its order (group size), the distance.
        order: u8,
        /// Where it stood.
        from: Point,
        /// The direction.
        direction: Direction,
        /// Where it landed.
        to: Point,
    },
    /// The piece on the landing point was knocked on along the path to the first empty point.
    Knocked {
        /// The knocked piece.
        piece: Piece,
        /// Where it stood (the mover's landing point).
        from: Point,
        /// Where it came to rest.
        to: Point,
        /// Whether the mover had bounced, so the knock went the second direction.
        second_direction: bool,
    },
    /// A ship was trapped; its owner must withdraw it.
    ShipTrapped {
        /// The trapped ship's point.
        point: Point,
        /// The trapped ship's colour.
        colour: Colour,
        /// Who scores the trap (nobody for one's own ship in a mixed-traps position).
        scored_by: Option<Colour>,
    },
    /// The kraken was trapped.
    KrakenTrapped {
        /// The kraken's point.
        point: Point,
        /// Who scores it.
        scored_by: Colour,
    },
    /// Ships went off the board.
    Withdrew {
        /// Whose ships.
        colour: Colour,
        /// From where.
        points: Points,
        /// Why.
        why: Withdrawal,
    },
    /// The play repeated an earlier position; the opponent must withdraw a ship.
    Repeated {
        /// Who repeated.
        colour: Colour,
    },
    /// A repeat withdrawal was owed but lapsed: the player had no ship on the board, or a trap
    /// withdrawal took the turn it was owed for.
    RepeatLapsed {
        /// Who owed it.
        colour: Colour,
        /// True when a trap withdrawal took the turn; false when no ship was on the board.
        by_trap_withdrawal: bool,
    },
    /// A game ended.
    GameEnded {
        /// The set (1 or 2).
        set: u8,
        /// The game in the set (1..=6).
        game: u8,
        /// How.
        end: GameEnd,
    },
    /// The board was made ready for the next game: trapped ships off, the kraken to the centre.
    CleanedUp {
        /// Black ships taken off the board.
        black: Points,
        /// White ships taken off the board.
        white: Points,
        /// Where the kraken stood before going to the centre.
        kraken_from: Point,
    },
    /// A game began.
    GameStarted {
        /// The set.
        set: u8,
        /// The game in the set.
        game: u8,
        /// The colour that opens it.
        first: Colour,
    },
    /// A player resigned the set.
    Resigned {
        /// The colour that resigned.
        colour: Colour,
        /// The set.
        set: u8,
    },
    /// A set was decided.
    SetEnded {
        /// The set.
        set: u8,
        /// The seat that won it, or `None` when tied.
        winner: Option<Seat>,
    },
}

impl GameEvent for MurEvent {
    fn rule(&self) -> RuleRef {
        RuleRef(match self {
            MurEvent::Placed { .. } => "mur:1.6 place",
            MurEvent::Moved { .. } => "mur:1.5 move",
            MurEvent::Knocked {
                second_direction: true,
                ..
            } => "mur:1.5 second-direction knock",
            MurEvent::Knocked { .. } => "mur:1.5 knock",
            MurEvent::ShipTrapped { .. } => "mur:1.7 trap",
            MurEvent::KrakenTrapped { .. } => "mur:1.7 kraken trap",
            MurEvent::Withdrew {
                why: Withdrawal::Trap,
                ..
            } => "mur:1.6 trap withdrawal",
            MurEvent::Withdrew {
                why: Withdrawal::Repeat,
                ..
            } => "mur:1.8 withdrawal on repeat",
            MurEvent::Withdrew { .. } => "mur:1.8 stagnation",
            MurEvent::Repeated { .. } => "mur:1.8 immediate repeat",
            MurEvent::RepeatLapsed { .. } => "mur:1.6 repeat duty lapses",
            MurEvent::GameEnded {
                end: GameEnd::Capped { .. },
                ..
            } => "mur:1.9 ply cap (not official)",
            MurEvent::GameEnded { .. } => "mur:1.9 game end",
            MurEvent::CleanedUp { .. } => "mur:1.9 clean-up",
            MurEvent::GameStarted { .. } => "mur:1.9 next game",
            MurEvent::Resigned { .. } => "mur:1.9 resignation",
            MurEvent::SetEnded { .. } => "mur:1.9 set",
        })
    }
}

impl fmt::Display for MurEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            MurEvent::Placed { colour, point } => write!(f, "{colour} places a ship on {point}"),
            MurEvent::Moved {
                colour,
                order,
                from,
                direction,
                to,
            } => write!(
                f,
                "{colour} ship of order {order} moves {direction} from {from} to {to}"
            ),
            MurEvent::Knocked {
                piece,
                from,
                to,
                second_direction,
            } => {
                let what = match piece {
                    Piece::Ship(c) => format!("the {c} ship"),
                    Piece::Kraken => "the kraken".to_owned(),
                };
                let how = if second_direction {
                    " in the second direction"
                } else {
                    ""
                };
                write!(f, "{what} is knocked from {from} to {to}{how}")
            }
            MurEvent::ShipTrapped {
                point,
                colour,
                scored_by,
            } => match scored_by {
                Some(by) => write!(f, "{colour} ship on {point} is trapped: {by} scores"),
                None => write!(
                    f,
                    "{colour} ship on {point} is trapped in a mixed-traps position"
                ),
            },
            MurEvent::KrakenTrapped { point, scored_by } => {
                write!(f, "the kraken on {point} is trapped by {scored_by}")
            }
            MurEvent::Withdrew {
                colour,
                points,
                why,
            } => {
                let why = match why {
                    Withdrawal::Trap => "trapped",
                    Withdrawal::Repeat => "owed for a repeat",
                    Withdrawal::Stagnation => "stagnation",
                };
                write!(f, "{colour} withdraws {points} ({why})")
            }
            MurEvent::Repeated { colour } => write!(
                f,
                "{colour} repeated a position: {} must withdraw a ship",
                colour.opponent()
            ),
            MurEvent::RepeatLapsed {
                colour,
                by_trap_withdrawal: true,
            } => write!(
                f,
                "{colour}'s repeat withdrawal lapses: the trap withdrawal took the turn"
            ),
            MurEvent::RepeatLapsed { colour, .. } => {
                write!(
                    f,
                    "{colour} owes a repeat withdrawal but has no ship on the board"
                )
            }
            MurEvent::GameEnded { set, game, end } => {
                write!(f, "game {game} of set {set} ends: ")?;
                match end {
                    GameEnd::Kraken { winner } => write!(f, "{winner} trapped the kraken"),
                    GameEnd::ShipTraps { winner, tally } => {
                        write!(f, "{winner} has {tally} ship traps")
                    }
                    GameEnd::Capped { plies } => {
                        write!(f, "drawn at the ply cap of {plies} (not an official rule)")
                    }
                }
            }
            MurEvent::CleanedUp {
                black,
                white,
                kraken_from,
            } => {
                write!(f, "clean-up: the kraken returns to C from {kraken_from}")?;
                for (colour, set) in [(Colour::Black, black), (Colour::White, white)] {
                    if !set.is_empty() {
                        write!(f, "; {colour} takes off {set}")?;
                    }
                }
                Ok(())
            }
            MurEvent::GameStarted { set, game, first } => {
                write!(f, "game {game} of set {set} begins: {first} to play")
            }
            MurEvent::Resigned { colour, set } => write!(f, "{colour} resigns set {set}"),
            MurEvent::SetEnded { set, winner } => match winner {
                Some(seat) => write!(f, "set {set} goes to {seat}"),
                None => write!(f, "set {set} is tied"),
            },
        }
    }
}
