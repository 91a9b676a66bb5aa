//! The battery's checks of events and of who may see what (the contract's
//! [`Game::action_visibility`], [`Game::secrets_pending`] and [`GameEvent::audience`]).
//!
//! * Every event names its rule, `<game id>:<section>`, and its audience is everyone or a seat
//!   of the table.
//! * A game without hidden information has no secret action, no pending secret and no event
//!   for one seat only.
//! * A secret action is decided by a seat, and only while secrets are pending (checked on the
//!   action each step plays; the legal actions are listed only while secrets are pending).
//! * **Redaction.** Where the actor has secret choices, two different ones are applied from
//!   the same position; for every viewer other than the actor (every other seat and a
//!   spectator), the redacted steps must be equal: the action hidden, the same events told,
//!   and the same view after, with the same position text and the same hash. So a viewer
//!   learns of a secret decision only whose it was. At the reveal (the decision after which
//!   no secret is pending any more) the views may differ: that is what the reveal is for.
//!
//! The redaction here is the contract's own: [`Visibility::shows`] for the action and
//! [`Audience::includes`] for the events, the same predicates `AnyGame::redacted_step` uses.
//!
//! Serialising events to JSON and back is checked in `tests/events.rs`, where `serde_json` is
//! available; the rules crate itself writes no JSON.

use crate::game::{Actor, Audience, Game, GameEvent, Seat, Visibility};

/// How many secret alternatives, besides the first, are compared at a position.
const ALTERNATIVES: usize = 4;

/// Checks one step of a walk: `action`, played at `before`, may be secret only in a game with
/// hidden information, by a seat, while secrets are pending; and the events it reported, at
/// `after`, name their rules and audiences ([`check_events`]).
pub fn check_step<G: Game>(
    before: &G,
    action: G::Action,
    after: &G,
    events: &[G::Event],
) -> Result<(), String> {
    if before.action_visibility(action) == Visibility::Actor {
        let text = before.action_text(action);
        if !G::INFO.has_hidden_information {
            return Err(format!(
                "`{text}` is secret in a game of perfect information"
            ));
        }
        if !matches!(before.actor(), Actor::Seat(_)) {
            return Err(format!("`{text}` is secret but no seat decides"));
        }
        if !before.secrets_pending() {
            return Err(format!("`{text}` is secret but no secret is pending"));
        }
    }
    check_events(after, events)
}

/// Checks the events `game` reported for one action: rule names and audiences.
pub fn check_events<G: Game>(game: &G, events: &[G::Event]) -> Result<(), String> {
    let prefix = format!("{}:", G::INFO.id);
    for event in events {
        let rule = event.rule().0;
        if !rule.starts_with(&prefix) || rule.len() == prefix.len() {
            return Err(format!(
                "the event `{event}` names the rule `{rule}`, not `{prefix}<section>`"
            ));
        }
        match event.audience() {
            Audience::Everyone => {}
            Audience::Seat(seat) if !G::INFO.has_hidden_information => {
                return Err(format!(
                    "the event `{event}` is told to {seat} only in a game of perfect information"
                ))
            }
            Audience::Seat(seat) if seat.index() >= game.seats() => {
                return Err(format!(
                    "the event `{event}` is told to {seat}, but only {} seats play",
                    game.seats()
                ))
            }
            Audience::Seat(_) => {}
        }
    }
    Ok(())
}

/// The legal actions of `game` that are secret to their actor.
fn secret_actions<G: Game>(game: &G) -> Vec<G::Action> {
    let mut legal = Vec::new();
    game.legal_actions(&mut legal);
    legal.retain(|&a| game.action_visibility(a) == Visibility::Actor);
    legal
}

/// Checks, while secrets are pending at `game`, that no secret decision leaks to a viewer
/// other than its actor (see the module documentation). Secret actions are made only while
/// secrets are pending ([`check_step`] checks the action a walk plays), so the legal actions
/// are listed only then: the check costs nothing in the rest of a game.
pub fn check_position<G: Game>(game: &G) -> Result<(), String> {
    if !game.secrets_pending() {
        return Ok(());
    }
    if !G::INFO.has_hidden_information {
        return Err("a game of perfect information has a secret pending".to_owned());
    }
    let secret = secret_actions(game);
    let Some(&first) = secret.first() else {
        return Ok(());
    };
    let Actor::Seat(actor) = game.actor() else {
        return Err(format!(
            "`{}` is secret but no seat decides ({:?})",
            game.action_text(first),
            game.actor()
        ));
    };
    let stride = (secret.len() / ALTERNATIVES).max(1);
    let mine = Played::new(game, first)?;
    for &other in secret.iter().skip(1).step_by(stride).take(ALTERNATIVES) {
        let theirs = Played::new(game, other)?;
        if !mine.after.secrets_pending() || !theirs.after.secrets_pending() {
            continue; // the reveal
        }
        for viewer in viewers(game.seats()).filter(|&v| v != Some(actor)) {
            let (a, b) = (mine.redacted(actor, viewer), theirs.redacted(actor, viewer));
            if let Some(difference) = a.difference(&b) {
                return Err(format!(
                    "{} learns more than whose decision it was: after `{}` and after `{}` {difference}",
                    viewer_name(viewer),
                    game.action_text(first),
                    game.action_text(other),
                ));
            }
        }
    }
    Ok(())
}

/// Every viewer: a spectator, then each seat.
fn viewers(seats: usize) -> impl Iterator<Item = Option<Seat>> {
    std::iter::once(None).chain((0..seats).map(|s| Some(Seat(s as u8))))
}

fn viewer_name(viewer: Option<Seat>) -> String {
    viewer.map_or_else(|| "a spectator".to_owned(), |s| s.to_string())
}

/// One action applied from the position under test, with its events.
struct Played<G: Game> {
    text: String,
    visibility: Visibility,
    after: G,
    events: Vec<G::Event>,
}

impl<G: Game> Played<G> {
    fn new(game: &G, action: G::Action) -> Result<Self, String> {
        let mut after = game.clone();
        let mut events = Vec::new();
        after
            .apply(action, &mut events)
            .map_err(|e| format!("a legal secret action is refused: {e}"))?;
        Ok(Played {
            text: game.action_text(action),
            visibility: game.action_visibility(action),
            after,
            events,
        })
    }

    /// What `viewer` is told of the step.
    fn redacted(&self, actor: Seat, viewer: Option<Seat>) -> Told<G> {
        let view = self.after.view(viewer);
        Told {
            action: self
                .visibility
                .shows(Actor::Seat(actor), viewer)
                .then(|| self.text.clone()),
            events: self
                .events
                .iter()
                .filter(|e| e.audience().includes(viewer))
                .cloned()
                .collect(),
            text: view.position_text(),
            hash: view.position_hash(),
            view,
        }
    }
}

/// A redacted step, with the view's text and hash.
struct Told<G: Game> {
    action: Option<String>,
    events: Vec<G::Event>,
    view: G,
    text: String,
    hash: u64,
}

impl<G: Game> Told<G> {
    /// How two redacted steps differ, in words; `None` when they are equal.
    fn difference(&self, other: &Told<G>) -> Option<String> {
        if self.action.is_some() || other.action.is_some() {
            return Some(format!(
                "the action is shown ({:?}, {:?})",
                self.action, other.action
            ));
        }
        if self.events != other.events {
            let words = |e: &[G::Event]| e.iter().map(|e| e.to_string()).collect::<Vec<_>>();
            return Some(format!(
                "the events differ: {:?} and {:?}",
                words(&self.events),
                words(&other.events)
            ));
        }
        if self.text != other.text {
            return Some(format!(
                "the views differ: `{}` and `{}`",
                self.text, other.text
            ));
        }
        if self.hash != other.hash {
            return Some("the views' hashes differ".to_owned());
        }
        if self.view != other.view {
            return Some("the views differ (their texts agree)".to_owned());
        }
        None
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::mutou::{MuTou, MuTouVariant};

    fn secret_pair() -> (MuTou, Played<MuTou>, Played<MuTou>) {
        let game = MuTou::new(&MuTouVariant::default(), 2).expect("a game");
        let secret = secret_actions(&game);
        assert!(secret.len() > 1, "several secret puts to choose from");
        let a = Played::new(&game, secret[0]).expect("applies");
        let b = Played::new(&game, secret[secret.len() - 1]).expect("applies");
        (game, a, b)
    }

    #[test]
    fn the_actor_is_told_its_own_secret_decision() {
        let (_, a, b) = secret_pair();
        let difference = a
            .redacted(Seat(0), Some(Seat(0)))
            .difference(&b.redacted(Seat(0), Some(Seat(0))));
        assert!(
            difference
                .as_deref()
                .is_some_and(|d| d.contains("action is shown")),
            "{difference:?}"
        );
    }

    #[test]
    fn the_other_seat_and_a_spectator_are_told_only_whose_decision_it_was() {
        let (game, a, b) = secret_pair();
        assert_ne!(a.after, b.after, "the two decisions differ");
        for viewer in [None, Some(Seat(1))] {
            let (ta, tb) = (a.redacted(Seat(0), viewer), b.redacted(Seat(0), viewer));
            assert_eq!(ta.difference(&tb), None);
            assert!(ta.action.is_none() && ta.events.is_empty());
        }
        assert_eq!(check_position(&game), Ok(()));
    }

    #[test]
    fn a_view_that_showed_the_secret_would_be_caught() {
        let (_, a, b) = secret_pair();
        // Unmasked positions stand in for a view that leaks: the check must see the difference.
        let leak = |p: &Played<MuTou>| Told::<MuTou> {
            action: None,
            events: Vec::new(),
            text: p.after.position_text(),
            hash: p.after.position_hash(),
            view: p.after.clone(),
        };
        let difference = leak(&a).difference(&leak(&b));
        assert!(
            difference
                .as_deref()
                .is_some_and(|d| d.contains("views differ")),
            "{difference:?}"
        );
    }

    #[test]
    fn an_event_must_name_a_rule_of_its_own_game() {
        let game = MuTou::new(&MuTouVariant::default(), 2).expect("a game");
        let event = crate::mutou::MuTouEvent::TurnEnds { seat: Seat(0) };
        assert_eq!(check_events(&game, std::slice::from_ref(&event)), Ok(()));
        let stranger = crate::mutou::MuTouEvent::Put {
            seat: Seat(5),
            base: crate::mutou::Place {
                tessel: crate::mutou::surface::TesselId(2),
                name: "c1".to_owned(),
            },
            shak: crate::mutou::Shak::Walker,
        };
        let refused = check_events(&game, &[stranger]);
        assert!(refused.is_err_and(|e| e.contains("only 2 seats")));
    }
}
