//! Events and steps on the wire: [`AnyEvent`] carries a game's typed event ([`AnyEventData`])
//! with its sentence, its rule and its audience; [`AnyStep`] is one decision as it was played,
//! and [`RedactedStep`] the same decision as one viewer may be told of it.
//!
//! The wire form is serde's (the rules crate writes no JSON itself). An event is
//! `{"text", "rule", "audience", "data"}`, where `data` names the game and holds the typed
//! event, tagged by its variant: `{"game": "mur", "event": {"type": "Placed", "colour":
//! "Black", "point": "c2"}}`. (The game's tag sits beside the event, not inside it, so that it
//! never meets an event's own fields: Mur's game-end events have a field `game`.)
//!
//! **Rules on the way back.** A rule reference is a `&'static str` naming a section of the
//! rules specification. Reading an event back does not allocate one: the rule, the text and
//! the audience are recomputed from the typed data (they are functions of it), and a wire event
//! whose `rule`, `text` or `audience` disagree with its data is refused. So an event read back
//! is equal to the event sent, and a forged rule or sentence cannot get in.

use std::fmt;

use serde::{Deserialize, Deserializer, Serialize};

use super::{AnyError, AnyGame};
use crate::game::{Actor, Audience, Game, GameEvent, Seat, Visibility};
use crate::mu::MuEvent;
use crate::mur::MurEvent;
use crate::murus_gallicus::MurusEvent;
use crate::mutou::MuTouEvent;

/// A typed event of any game, tagged on the wire by the game's id beside the event:
/// `{"game": "mutou", "event": {...}}`.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[serde(tag = "game", content = "event")]
pub enum AnyEventData {
    /// A Murus Gallicus event.
    #[serde(rename = "murus-gallicus")]
    MurusGallicus(MurusEvent),
    /// A Mur event.
    #[serde(rename = "mur")]
    Mur(MurEvent),
    /// A Mu event.
    #[serde(rename = "mu")]
    Mu(MuEvent),
    /// A MuTou event.
    #[serde(rename = "mutou")]
    MuTou(MuTouEvent),
}

/// Runs `$body` with `$e` bound to the typed event inside an [`AnyEventData`].
macro_rules! each_event {
    ($data:expr, $e:ident => $body:expr) => {
        match $data {
            AnyEventData::MurusGallicus($e) => $body,
            AnyEventData::Mur($e) => $body,
            AnyEventData::Mu($e) => $body,
            AnyEventData::MuTou($e) => $body,
        }
    };
}

impl AnyEventData {
    /// The rule that caused the event, e.g. `mutou:S18`.
    pub fn rule(&self) -> &'static str {
        each_event!(self, e => e.rule().0)
    }

    /// Who may be told of the event.
    pub fn audience(&self) -> Audience {
        each_event!(self, e => e.audience())
    }
}

impl fmt::Display for AnyEventData {
    /// The sentence shown to people.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        each_event!(self, e => fmt::Display::fmt(e, f))
    }
}

macro_rules! event_from {
    ($($ty:ty => $variant:ident),*) => {
        $(impl From<$ty> for AnyEventData {
            fn from(event: $ty) -> Self {
                AnyEventData::$variant(event)
            }
        })*
    };
}

event_from!(MurusEvent => MurusGallicus, MurEvent => Mur, MuEvent => Mu, MuTouEvent => MuTou);

/// One event of any game: the typed data, and what follows from it for people and servers.
#[derive(Clone, PartialEq, Eq, Debug, Serialize)]
pub struct AnyEvent {
    /// What happened, in words.
    pub text: String,
    /// The rule reference, e.g. `murus-gallicus:2.2 sacrifice`.
    pub rule: &'static str,
    /// Who may be told of it.
    pub audience: Audience,
    /// The game's typed event.
    pub data: AnyEventData,
}

impl AnyEvent {
    /// The event for typed data: its text, rule and audience follow from it.
    pub fn new(data: AnyEventData) -> AnyEvent {
        AnyEvent {
            text: data.to_string(),
            rule: data.rule(),
            audience: data.audience(),
            data,
        }
    }
}

impl From<AnyEventData> for AnyEvent {
    fn from(data: AnyEventData) -> Self {
        AnyEvent::new(data)
    }
}

/// The wire form of an [`AnyEvent`] as read, before it is checked against its data.
#[derive(Deserialize)]
struct WireEvent {
    text: String,
    rule: String,
    audience: Audience,
    data: AnyEventData,
}

impl<'de> Deserialize<'de> for AnyEvent {
    /// Reads an event and checks that its text, rule and audience are those of its data (see
    /// the module documentation); the error quotes the field that disagrees.
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<Self, D::Error> {
        use serde::de::Error;
        let wire = WireEvent::deserialize(d)?;
        let event = AnyEvent::new(wire.data);
        if wire.rule != event.rule {
            return Err(D::Error::custom(format!(
                "the rule `{}` is not the event's rule `{}`",
                wire.rule, event.rule
            )));
        }
        if wire.text != event.text {
            return Err(D::Error::custom(format!(
                "the text `{}` is not the event's text `{}`",
                wire.text, event.text
            )));
        }
        if wire.audience != event.audience {
            return Err(D::Error::custom(format!(
                "the audience {:?} is not the event's audience {:?}",
                wire.audience, event.audience
            )));
        }
        Ok(event)
    }
}

/// Wraps a game's typed events.
pub(super) fn wrap<E>(events: Vec<E>) -> Vec<AnyEvent>
where
    E: GameEvent,
    AnyEventData: From<E>,
{
    events
        .into_iter()
        .map(|e| AnyEvent::new(AnyEventData::from(e)))
        .collect()
}

/// One decision as it was played: who made it, its text, who may see it (judged before it was
/// applied), and everything that happened.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct AnyStep {
    /// Who decided.
    pub actor: Actor,
    /// The action in notation.
    pub action: String,
    /// Who may see the action.
    pub visibility: Visibility,
    /// What happened, every event whatever its audience.
    pub events: Vec<AnyEvent>,
}

/// One decision as a viewer may be told of it: whose decision it was, the action's text unless
/// it is secret from the viewer, the events the viewer may be told of, and the position after
/// the decision as the viewer may see it.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct RedactedStep {
    /// Who decided (always told).
    pub actor: Actor,
    /// The action in notation, or `None` when it is secret from this viewer.
    pub action: Option<String>,
    /// The events whose audience includes the viewer, in order.
    pub events: Vec<AnyEvent>,
    /// The position after the decision, as the viewer may see it ([`AnyGame::view`]).
    pub view: AnyGame,
}

impl AnyGame {
    /// Who may see an action, given in notation, if it were applied now. Reading the text can
    /// fail; whether the action is legal is not asked.
    pub fn action_visibility(&self, text: &str) -> Result<Visibility, AnyError> {
        each_game!(self, g => Ok(g.action_visibility(g.parse_action(text)?)))
    }

    /// Whether a seat holds secrets not yet revealed (see [`Game::secrets_pending`]); the
    /// change from `true` to `false` is the reveal.
    pub fn secrets_pending(&self) -> bool {
        each_game!(self, g => g.secrets_pending())
    }

    /// Reads, checks and applies one action like [`AnyGame::apply`], and returns the step:
    /// the actor and the visibility are judged before the action is applied. On error nothing
    /// changes.
    pub fn apply_step(&mut self, text: &str) -> Result<AnyStep, AnyError> {
        let actor = self.actor();
        let visibility = self.action_visibility(text)?;
        let action = self.normalize_action(text)?;
        let events = self.apply(&action)?;
        Ok(AnyStep {
            actor,
            action,
            visibility,
            events,
        })
    }

    /// The step as `viewer` (`None`: a spectator) may be told of it, `self` being the position
    /// after it: the action's text only if its visibility shows it to the viewer, the events
    /// whose audience includes the viewer, and the viewer's view of `self`.
    pub fn redacted_step(&self, step: &AnyStep, viewer: Option<Seat>) -> RedactedStep {
        RedactedStep {
            actor: step.actor,
            action: step
                .visibility
                .shows(step.actor, viewer)
                .then(|| step.action.clone()),
            events: step
                .events
                .iter()
                .filter(|e| e.audience.includes(viewer))
                .cloned()
                .collect(),
            view: self.view(viewer.map(Seat::index)),
        }
    }
}
