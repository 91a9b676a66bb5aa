//! What applying a MuTou action reports: one typed event per thing that happened, carrying what
//! a client needs to show it (which tessels, which piece and owner, which shak, the area edit,
//! the roll's faces, the Rand gate and landing, wafer movements, eliminations), with the rule
//! behind it and the sentence shown to people.
//!
//! On the wire an event is an object whose `type` names the variant; tessels are written as
//! [`Place`]s (`{"tessel": "t17", "name": "d4"}`), shakken, edits and ids in their notation.

use std::fmt::{self, Display};

use serde::{Deserialize, Serialize};

use super::actions::{CallMode, Spin};
use super::pieces::{Power, Shak, Shakken};
use super::state::MuTou;
use super::surface::{EdgeId, Edit, TesselId, VertexId};
use super::variant::Tier;
use crate::game::{Audience, GameEvent, RuleRef, Seat};

/// The kind of a MuTou event, for clients that animate or filter.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum EventKind {
    /// The tier was settled and the surface scribed.
    Scribed,
    /// A zone was claimed.
    Claimed,
    /// A shak was put on a base while setting out (shown only to its owner).
    Put,
    /// Every seat has set out; the pieces are revealed.
    Revealed,
    /// A turn began.
    TurnBegins,
    /// Wafers moved: rest, fees, calls, defeat, banking.
    Wafers,
    /// A piece moved.
    Moved,
    /// A piece was captured.
    Captured,
    /// A piece changed allegiance.
    Converted,
    /// A shak moved between pieces (alteration, transfer, heap).
    ShakMoved,
    /// The playing area was altered.
    AreaAltered,
    /// A call window: a call or a decline.
    Call,
    /// A quandar roll.
    Roll,
    /// A Rand move's gate, destinations or landing.
    Rand,
    /// A player was eliminated.
    Eliminated,
    /// A proposal to stop, or its answers.
    Proposal,
    /// A turn ended.
    TurnEnds,
    /// The game ended.
    GameOver,
}

/// A tessel as an event names it: its stable id, and its name on the surface when the event
/// happened (`d4`, `2,-1`, `t17`), the name a person reads and a click path targets.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Place {
    /// The tessel's id.
    pub tessel: TesselId,
    /// Its name on the surface.
    pub name: String,
}

impl Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.name)
    }
}

/// A piece as it was revealed when setting out ended (S23).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct RevealedPiece {
    /// Its allegiance.
    pub owner: Seat,
    /// Where it stands.
    pub at: Place,
    /// Its stack.
    pub shakken: Shakken,
}

/// Where a Rand count ended (D10 (2)): the edge or vertex of the piece's tessel every walk
/// crosses first.
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Crossing {
    /// An edge of the tessel.
    Edge(EdgeId),
    /// A corner vertex of the tessel.
    Vertex(VertexId),
}

impl Display for Crossing {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Crossing::Edge(e) => write!(f, "edge {e}"),
            Crossing::Vertex(v) => write!(f, "vertex {v}"),
        }
    }
}

/// Why a Rand move left its piece where it stood (D10).
#[derive(Clone, Copy, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub enum Stay {
    /// No tessel lies beyond the gate.
    NothingBeyond,
    /// The crossings reached no tessel the piece may land on.
    NoTessel {
        /// The crossings rolled.
        crossings: u8,
    },
}

/// One thing that happened while a MuTou action was applied.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "type")]
pub enum MuTouEvent {
    /// The tier was settled and the surface scribed; every seat holds its shakken and wafers
    /// (D4).
    Scribed {
        /// The tier.
        tier: Tier,
    },
    /// A zone was claimed when cutting (S22).
    Claimed {
        /// Who has it.
        seat: Seat,
        /// The zone, counted from 0 (`claim:N` counts from 1).
        zone: u8,
        /// The last zone goes to the first player without a choice.
        assigned: bool,
    },
    /// A shak was put on a base while setting out (S23); only its owner may be told.
    Put {
        /// Whose base.
        seat: Seat,
        /// The base.
        base: Place,
        /// The shak.
        shak: Shak,
    },
    /// Every seat has set out: the pieces are revealed (S23).
    Revealed {
        /// Every piece with its stack, by tessel id.
        pieces: Vec<RevealedPiece>,
    },
    /// A turn began (S15).
    TurnBegins {
        /// The mover.
        seat: Seat,
        /// The turn number, from 1.
        number: u32,
        /// U: the mover's wafers, the units the turn may spend.
        wafers: u16,
    },
    /// The mover rests (S14).
    Rested {
        /// The mover.
        seat: Seat,
    },
    /// An entitlement found the supply empty and was banked (D15).
    Banked {
        /// Whose entitlement.
        seat: Seat,
    },
    /// Wafers came from the supply (D15): one, or two when a banked entitlement is paid too.
    Earned {
        /// Who gains them.
        seat: Seat,
        /// How many.
        paid: u8,
        /// The seat's wafers afterwards.
        wafers: u16,
    },
    /// The mover paid a wafer to the supply to move another piece (D14).
    FeePaid {
        /// The mover.
        seat: Seat,
    },
    /// A piece used a shak to move (S8–S12).
    Moved {
        /// The mover.
        seat: Seat,
        /// Where the piece stood.
        from: Place,
        /// The power used.
        power: Power,
        /// Where it went.
        to: Place,
        /// The units the step cost (a Jagger run's length, else 1).
        units: u8,
    },
    /// A piece was captured (S18).
    Captured {
        /// Its allegiance.
        victim: Seat,
        /// Where it stood.
        at: Place,
        /// Its stack, gone from play with it.
        shakken: Shakken,
    },
    /// A piece changed allegiance; the mover's piece left play as the trade (S19).
    Converted {
        /// The allegiance it had.
        was: Seat,
        /// The allegiance it has now (the mover's).
        now: Seat,
        /// The converted piece's tessel.
        at: Place,
        /// Where the mover's piece stood before leaving play.
        gone: Place,
    },
    /// The mover took a shak from the removed piece onto the one that stays (S20).
    Taken {
        /// The shak.
        shak: Shak,
        /// The piece that received it.
        onto: Place,
    },
    /// An alteration of pieces: a shak moved between two of the mover's pieces (S15b).
    Altered {
        /// The shak.
        shak: Shak,
        /// The giving piece.
        from: Place,
        /// The receiving piece.
        to: Place,
        /// The units it cost (the touching distance).
        units: u16,
    },
    /// A choice on an alteration heaped both pieces' shakken (S17).
    Heaped {
        /// The two pieces.
        pieces: [Place; 2],
        /// The heap to hand out.
        heap: Shakken,
    },
    /// A heaped shak was handed to a piece (S17).
    Handed {
        /// Who handed it (the caller, then the mover).
        seat: Seat,
        /// The shak.
        shak: Shak,
        /// The receiving piece.
        to: Place,
    },
    /// The playing area was altered (S15c, D2), as a unit or as an inserted alteration (S17).
    AreaAltered {
        /// The edit on the surface, in ids.
        edit: Edit,
        /// For a split of an occupied tessel: the occupant went to the new part.
        to_new: bool,
        /// The alteration in notation, tessels by name (`split:d4:v3:v7`).
        notation: String,
        /// The tessel the edit made (a split's new part, a scribed tessel).
        created: Option<TesselId>,
        /// A piece the edit moved (`[from, to]`): a split's occupant, or a merged-away one.
        relocated: Option<[TesselId; 2]>,
    },
    /// A seat called a choice and paid the mover a wafer (S17).
    Called {
        /// The caller.
        seat: Seat,
        /// How the quandarinn are rolled.
        mode: CallMode,
        /// The mover, paid.
        mover: Seat,
    },
    /// A called choice's roll (D7): one face, or two matched faces whose difference counts.
    Rolled {
        /// The faces shown: one for an open toss, the caller's and the called player's for
        /// matched quandarinn.
        faces: Vec<u8>,
        /// The total.
        total: u8,
    },
    /// The prior player aimed a Rand count (D10).
    RandAimed {
        /// The prior player.
        seat: Seat,
        /// The moving piece.
        piece: Place,
        /// The corner the count starts at.
        vertex: VertexId,
        /// The direction of the count.
        spin: Spin,
    },
    /// The count ended on the gate every walk crosses first (S11, D10).
    RandCounted {
        /// The moving piece.
        piece: Place,
        /// The count rolled.
        count: u8,
        /// Where it ended.
        gate: Crossing,
    },
    /// The Rand move left the piece where it stood (D10).
    RandStayed {
        /// The piece.
        piece: Place,
        /// Why.
        why: Stay,
    },
    /// The piece went by Rand to one of the farthest tessels the crossings reach (S11).
    RandLanded {
        /// Where it stood.
        from: Place,
        /// Where it went.
        to: Place,
        /// The crossings rolled.
        crossings: u8,
        /// Every equally farthest tessel, among which `to` was the one or was picked.
        farthest: Vec<Place>,
    },
    /// A seat lost its last blood shak in play and is out (S12, D13, D18).
    Eliminated {
        /// The seat.
        seat: Seat,
        /// Its wafers, handed on.
        wafers: u16,
        /// Who receives them: the eliminating mover, or `None` for the supply.
        to: Option<Seat>,
    },
    /// The mover proposed to stop (D19).
    Proposed {
        /// The mover.
        seat: Seat,
    },
    /// A seat accepted the proposal (D19).
    Accepted {
        /// The seat.
        seat: Seat,
    },
    /// A seat refused the proposal; play goes on (D19).
    Refused {
        /// The seat.
        seat: Seat,
    },
    /// The mover's turn ended (S14).
    TurnEnds {
        /// The mover.
        seat: Seat,
    },
    /// The game ended (S24).
    GameOver {
        /// Why, in words.
        reason: String,
    },
}

impl MuTouEvent {
    /// The kind of the event.
    pub fn kind(&self) -> EventKind {
        use MuTouEvent as E;
        match self {
            E::Scribed { .. } => EventKind::Scribed,
            E::Claimed { .. } => EventKind::Claimed,
            E::Put { .. } => EventKind::Put,
            E::Revealed { .. } => EventKind::Revealed,
            E::TurnBegins { .. } => EventKind::TurnBegins,
            E::Rested { .. } | E::Banked { .. } | E::Earned { .. } | E::FeePaid { .. } => {
                EventKind::Wafers
            }
            E::Moved { .. } => EventKind::Moved,
            E::Captured { .. } => EventKind::Captured,
            E::Converted { .. } => EventKind::Converted,
            E::Taken { .. } | E::Altered { .. } | E::Heaped { .. } | E::Handed { .. } => {
                EventKind::ShakMoved
            }
            E::AreaAltered { .. } => EventKind::AreaAltered,
            E::Called { .. } => EventKind::Call,
            E::Rolled { .. } => EventKind::Roll,
            E::RandAimed { .. }
            | E::RandCounted { .. }
            | E::RandStayed { .. }
            | E::RandLanded { .. } => EventKind::Rand,
            E::Eliminated { .. } => EventKind::Eliminated,
            E::Proposed { .. } | E::Accepted { .. } | E::Refused { .. } => EventKind::Proposal,
            E::TurnEnds { .. } => EventKind::TurnEnds,
            E::GameOver { .. } => EventKind::GameOver,
        }
    }
}

impl GameEvent for MuTouEvent {
    fn rule(&self) -> RuleRef {
        use MuTouEvent as E;
        RuleRef(match self {
            E::Scribed { .. } => "mutou:D4",
            E::Claimed { .. } => "mutou:S22",
            E::Put { .. } | E::Revealed { .. } => "mutou:S23",
            E::TurnBegins { .. } => "mutou:S15",
            E::Rested { .. } | E::TurnEnds { .. } => "mutou:S14",
            E::Banked { .. } | E::Earned { .. } => "mutou:D15",
            E::FeePaid { .. } => "mutou:D14",
            E::Moved { .. } => "mutou:S8-S12",
            E::Captured { .. } => "mutou:S18",
            E::Converted { .. } => "mutou:S19",
            E::Taken { .. } => "mutou:S20",
            E::Altered { .. } => "mutou:S15b",
            E::Heaped { .. } | E::Handed { .. } | E::Called { .. } => "mutou:S17",
            E::AreaAltered { .. } => "mutou:S15c",
            E::Rolled { .. } => "mutou:D7",
            E::RandAimed { .. } | E::RandStayed { .. } => "mutou:D10",
            E::RandCounted { .. } | E::RandLanded { .. } => "mutou:S11",
            E::Eliminated { .. } => "mutou:S12",
            E::Proposed { .. } | E::Accepted { .. } | E::Refused { .. } => "mutou:D19",
            E::GameOver { .. } => "mutou:S24",
        })
    }

    /// S23: a put is secret to its owner until everyone has set out; the rest is public.
    fn audience(&self) -> Audience {
        match self {
            MuTouEvent::Put { seat, .. } => Audience::Seat(*seat),
            _ => Audience::Everyone,
        }
    }
}

/// The colour name of a seat in events.
fn colour(seat: Seat) -> &'static str {
    COLOURS.get(seat.index()).copied().unwrap_or("?")
}

impl Display for MuTouEvent {
    /// The sentence shown to people.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        use MuTouEvent as E;
        match self {
            E::Scribed { tier } => write!(
                f,
                "tier {}: {} bases, {} shakken and {} wafers each",
                tier.name(),
                tier.bases(),
                tier.shak_total(),
                tier.wafers()
            ),
            E::Claimed {
                seat,
                zone,
                assigned: false,
            } => write!(f, "{} claims zone {}", colour(*seat), u16::from(*zone) + 1),
            E::Claimed { seat, zone, .. } => {
                write!(f, "zone {} goes to {}", u16::from(*zone) + 1, colour(*seat))
            }
            E::Put { seat, .. } => write!(f, "{} puts a shak on a base", colour(*seat)),
            E::Revealed { .. } => f.write_str("every player has set out: the pieces are revealed"),
            E::TurnBegins {
                seat,
                number,
                wafers,
            } => write!(
                f,
                "turn {number}: {} to play with {wafers} wafer(s)",
                colour(*seat)
            ),
            E::Rested { seat } => write!(f, "{} rests", colour(*seat)),
            E::Banked { seat } => write!(
                f,
                "the supply is empty: {} banks an entitlement",
                colour(*seat)
            ),
            E::Earned { seat, paid, wafers } => {
                write!(f, "{} gains {paid} wafer(s), now {wafers}", colour(*seat))
            }
            E::FeePaid { seat } => {
                write!(f, "{} pays a wafer for an extra move", colour(*seat))
            }
            E::Moved {
                seat,
                from,
                power,
                to,
                ..
            } => write!(
                f,
                "{} {from} moves {} to {to}",
                colour(*seat),
                power_words(*power)
            ),
            E::Captured { victim, at, .. } => {
                write!(f, "the {} piece on {at} is captured", colour(*victim))
            }
            E::Converted { was, now, at, .. } => write!(
                f,
                "the {} piece on {at} turns {}; the mover's piece leaves play",
                colour(*was),
                colour(*now)
            ),
            E::Taken { shak, onto } => write!(f, "a {shak} shak goes onto the piece on {onto}"),
            E::Altered {
                shak,
                from,
                to,
                units,
            } => write!(
                f,
                "a {shak} shak moves from {from} to {to} ({units} unit(s))"
            ),
            E::Heaped {
                pieces: [a, b],
                heap,
            } => write!(f, "the shakken of {a} and {b} are heaped ({heap})"),
            E::Handed { seat, shak, to } => {
                write!(f, "{} hands a {shak} shak to {to}", colour(*seat))
            }
            E::AreaAltered { notation, .. } => {
                write!(f, "the playing area is altered: {notation}")
            }
            E::Called { seat, mode, mover } => write!(
                f,
                "{} calls a choice ({}) and pays {} a wafer",
                colour(*seat),
                mode_words(*mode),
                colour(*mover)
            ),
            E::Rolled { total, .. } => write!(f, "the quandar total is {total}"),
            E::RandAimed {
                seat, vertex, spin, ..
            } => write!(
                f,
                "{} counts from {vertex} {}",
                colour(*seat),
                spin_words(*spin)
            ),
            E::RandCounted { count, gate, .. } => {
                write!(f, "the count of {count} ends on {gate}")
            }
            E::RandStayed {
                why: Stay::NothingBeyond,
                ..
            } => f.write_str("nothing lies beyond it: the piece stays"),
            E::RandStayed { .. } => f.write_str("no tessel to go to: the piece stays"),
            E::RandLanded { from, to, .. } => {
                write!(f, "the piece on {from} goes by Rand to {to}")
            }
            E::Eliminated { seat, wafers, to } => write!(
                f,
                "{} has no blood shak in play and is out; {wafers} wafer(s) go to {}",
                colour(*seat),
                to.map_or("the supply", colour)
            ),
            E::Proposed { seat } => write!(f, "{} proposes to stop", colour(*seat)),
            E::Accepted { seat } => write!(f, "{} accepts", colour(*seat)),
            E::Refused { seat } => write!(f, "{} refuses; play goes on", colour(*seat)),
            E::TurnEnds { seat } => write!(f, "{}'s turn ends", colour(*seat)),
            E::GameOver { reason } => write!(f, "the game is over: {reason}"),
        }
    }
}

/// How a power moves, in words.
fn power_words(power: Power) -> &'static str {
    match power {
        Power::Walker => "as a Walker",
        Power::Angler => "as an Angler",
        Power::Jagger => "as a Jagger",
        Power::Rand => "by Rand",
        Power::Blood => "by Blood",
    }
}

fn mode_words(mode: CallMode) -> &'static str {
    match mode {
        CallMode::Open => "an open toss",
        CallMode::Matched => "matched quandarinn",
    }
}

fn spin_words(spin: Spin) -> &'static str {
    match spin {
        Spin::Ccw => "counter-clockwise",
        Spin::Cw => "clockwise",
    }
}

impl MuTou {
    /// A tessel as events name it, by the surface as it is now.
    pub(super) fn place(&self, t: TesselId) -> Place {
        Place {
            tessel: t,
            name: self.name(t),
        }
    }
}

/// The colour names of the seats, in turn order (noejj colours).
pub const COLOURS: [&str; 10] = [
    "Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Silver", "Teal", "Black", "White",
];
