//! What applying an action reports, step by step, each with the rule behind it. A chain reaction
//! is reported one explosion at a time, in the order it happened, so a client can animate it.

use std::fmt;

use serde::{Deserialize, Serialize, Serializer};

use super::geometry::{Cell, Dir, Hex, Segment};
use crate::game::{GameEvent, RuleRef, Seat};

/// The colours of the seats, in seat order; seat 1 (Red) opens every phase.
pub const COLOURS: [&str; 8] = [
    "Red", "Purple", "Green", "Yellow", "Blue", "Orange", "Silver", "Teal",
];

/// The colour letters used in notation, in seat order.
pub const LETTERS: [char; 8] = ['R', 'P', 'G', 'Y', 'B', 'O', 'S', 'T'];

/// The colour name of a seat.
pub fn colour(seat: Seat) -> &'static str {
    COLOURS.get(seat.index()).copied().unwrap_or("?")
}

/// The colour letter of a seat, as in notation.
pub fn letter(seat: Seat) -> char {
    LETTERS.get(seat.index()).copied().unwrap_or('?')
}

/// The seat whose colour letter this is (any case).
pub fn seat_of_letter(letter: char) -> Option<Seat> {
    let upper = letter.to_ascii_uppercase();
    LETTERS
        .iter()
        .position(|&l| l == upper)
        .map(|i| Seat(i as u8))
}

impl Serialize for Cell {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for Segment {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for Hex {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

impl Serialize for Dir {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        s.collect_str(self)
    }
}

/// Why men were taken off an oscillating section (mu §2.9).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum RemovalKind {
    /// The mover chose this cell.
    Chosen,
    /// The only hot cell of the section: no real choice.
    OnlyChoice,
    /// Every hot cell of the section has capacity 0 and can hold nothing.
    CannotHold,
}

/// One thing that happened while an action was applied. On the wire it is an object whose
/// `type` names the variant, cells by name (`"B4"`), hexes as `"q,r"`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum MuEvent {
    /// A segment was laid out, with its owner's marker man on the centre.
    Placed {
        /// Who placed it.
        seat: Seat,
        /// Its letters.
        segment: Segment,
        /// Its centre.
        centre: Hex,
    },
    /// A marker man was taken off in the selection phase.
    Cleared {
        /// Whose marker.
        seat: Seat,
        /// The segment.
        segment: Segment,
    },
    /// The last marked segment was filled with seven single men.
    Filled {
        /// Whose segment.
        seat: Seat,
        /// The segment.
        segment: Segment,
    },
    /// A piece moved.
    Moved {
        /// Whose piece.
        seat: Seat,
        /// Where it stood.
        from: Cell,
        /// The direction.
        dir: Dir,
        /// How many men moved (and how far).
        men: u16,
        /// Where it landed.
        to: Cell,
    },
    /// A stack was captured by replacement.
    Captured {
        /// Who captured.
        by: Seat,
        /// The cell.
        cell: Cell,
        /// Whose stack was removed.
        victim: Seat,
        /// How many men it had.
        men: u16,
    },
    /// A hot cell exploded: one man to each target, the overcapacity left behind.
    Exploded {
        /// The cell.
        cell: Cell,
        /// Whose men.
        seat: Seat,
        /// Where the men went, in direction order.
        targets: Vec<Cell>,
        /// The men left on the cell (overcapacity).
        left: u16,
    },
    /// A Virgin cell became Commonwealth.
    BecameCommonwealth {
        /// The cell.
        cell: Cell,
        /// Whether it started a new section (otherwise it joined its neighbours' section).
        new_section: bool,
    },
    /// A Virgin cell touching two sections became Wall.
    BecameWall {
        /// The cell.
        cell: Cell,
    },
    /// A new Commonwealth cell sprouted one man.
    Sprouted {
        /// The cell.
        cell: Cell,
        /// Whose man.
        seat: Seat,
    },
    /// A repeated state: these cells' sections oscillate.
    Oscillation {
        /// Every cell of the oscillating sections.
        cells: Vec<Cell>,
    },
    /// One man (or, on a cell that can hold nothing, all of them) was taken off.
    Removed {
        /// The cell.
        cell: Cell,
        /// Whose men.
        seat: Seat,
        /// How many.
        men: u16,
        /// Why.
        kind: RemovalKind,
    },
    /// A cell of an oscillating section was trimmed to a stable height.
    Trimmed {
        /// The cell.
        cell: Cell,
        /// Whose men.
        seat: Seat,
        /// How many came off.
        men: u16,
    },
    /// The turn ended after moves.
    TurnEnded {
        /// Whose turn.
        seat: Seat,
        /// How many moves were made.
        moves: u8,
    },
    /// A turn without a move.
    Passed {
        /// Who passed.
        seat: Seat,
    },
    /// The game ended.
    GameOver {
        /// Why, in words.
        reason: String,
    },
}

impl GameEvent for MuEvent {
    fn rule(&self) -> RuleRef {
        RuleRef(match self {
            MuEvent::Placed { .. } => "mu:2.2 lay-out",
            MuEvent::Cleared { .. } => "mu:2.3 selection",
            MuEvent::Filled { .. } => "mu:2.3 initial position",
            MuEvent::Moved { .. } => "mu:2.10 movement",
            MuEvent::Captured { .. } => "mu:2.10 capture by replacement",
            MuEvent::Exploded { .. } => "mu:2.6 explosion",
            MuEvent::BecameCommonwealth { .. } => "mu:2.7 sections",
            MuEvent::BecameWall { .. } => "mu:2.6 wall",
            MuEvent::Sprouted { .. } => "mu:2.6 sprout",
            MuEvent::Oscillation { .. } => "mu:2.8 oscillation",
            MuEvent::Removed { .. } => "mu:2.9 removal",
            MuEvent::Trimmed { .. } => "mu:2.9 trim",
            MuEvent::TurnEnded { .. } => "mu:2.11 turn",
            MuEvent::Passed { .. } => "mu:2.11 pass",
            MuEvent::GameOver { .. } => "mu:2.12 end",
        })
    }
}

fn cells(list: &[Cell]) -> String {
    let names: Vec<String> = list.iter().map(Cell::to_string).collect();
    names.join(" ")
}

impl fmt::Display for MuEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            MuEvent::Placed {
                seat,
                segment,
                centre,
            } => write!(
                f,
                "{} lays out segment {segment} at {centre}",
                colour(*seat)
            ),
            MuEvent::Cleared { seat, segment } => {
                write!(f, "{} clears segment {segment}", colour(*seat))
            }
            MuEvent::Filled { seat, segment } => {
                write!(
                    f,
                    "{} starts on segment {segment}: seven men",
                    colour(*seat)
                )
            }
            MuEvent::Moved {
                seat,
                from,
                dir,
                men,
                to,
            } => write!(f, "{} moves {men} from {from} {dir} to {to}", colour(*seat)),
            MuEvent::Captured {
                by,
                cell,
                victim,
                men,
            } => write!(
                f,
                "{} captures {}'s {men} on {cell}",
                colour(*by),
                colour(*victim)
            ),
            MuEvent::Exploded {
                cell,
                seat,
                targets,
                left,
            } => {
                write!(f, "{cell} explodes: {} men to ", colour(*seat))?;
                if targets.is_empty() {
                    f.write_str("nowhere")?;
                } else {
                    f.write_str(&cells(targets))?;
                }
                if *left > 0 {
                    write!(f, ", {left} left behind")?;
                }
                Ok(())
            }
            MuEvent::BecameCommonwealth { cell, new_section } => {
                if *new_section {
                    write!(f, "{cell} becomes Commonwealth: a new section")
                } else {
                    write!(f, "{cell} becomes Commonwealth")
                }
            }
            MuEvent::BecameWall { cell } => write!(f, "{cell} becomes Wall"),
            MuEvent::Sprouted { cell, seat } => write!(f, "{cell} sprouts a {} man", colour(*seat)),
            MuEvent::Oscillation { cells: list } => {
                write!(f, "oscillation in the section of {}", cells(list))
            }
            MuEvent::Removed {
                cell,
                seat,
                men,
                kind,
            } => {
                let why = match kind {
                    RemovalKind::Chosen => "",
                    RemovalKind::OnlyChoice => " (the only hot cell)",
                    RemovalKind::CannotHold => " (it can hold nothing)",
                };
                write!(f, "{men} {} off {cell}{why}", man_word(*seat, *men))
            }
            MuEvent::Trimmed { cell, seat, men } => {
                write!(f, "{cell} trimmed: {men} {} off", man_word(*seat, *men))
            }
            MuEvent::TurnEnded { seat, moves } => {
                let s = if *moves == 1 { "" } else { "s" };
                write!(f, "{} ends the turn after {moves} move{s}", colour(*seat))
            }
            MuEvent::Passed { seat } => write!(f, "{} passes", colour(*seat)),
            MuEvent::GameOver { reason } => write!(f, "game over: {reason}"),
        }
    }
}

fn man_word(seat: Seat, men: u16) -> String {
    format!("{} {}", colour(seat), if men == 1 { "man" } else { "men" })
}
