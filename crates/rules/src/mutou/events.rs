//! What applying a MuTou action reports.

use std::fmt::{self, Display};

use serde::Serialize;

use crate::game::{GameEvent, RuleRef};

/// The kind of a MuTou event, for clients that animate or filter.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
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

/// One thing that happened, in words, with the rule that caused it.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct MuTouEvent {
    /// What kind of thing happened.
    pub kind: EventKind,
    /// The rule (mutou S- or D-number).
    pub rule: &'static str,
    /// The sentence shown to people.
    pub text: String,
}

impl MuTouEvent {
    /// An event.
    pub fn new(kind: EventKind, rule: &'static str, text: impl Into<String>) -> Self {
        MuTouEvent {
            kind,
            rule,
            text: text.into(),
        }
    }
}

impl Display for MuTouEvent {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.text)
    }
}

impl GameEvent for MuTouEvent {
    fn rule(&self) -> RuleRef {
        RuleRef(self.rule)
    }
}

/// The colour names of the seats, in turn order (noejj colours).
pub const COLOURS: [&str; 10] = [
    "Red", "Blue", "Green", "Yellow", "Purple", "Orange", "Silver", "Teal", "Black", "White",
];
