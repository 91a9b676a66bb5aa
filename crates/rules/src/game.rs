//! The contract every game implements.
//!
//! One trait, [`Game`], carries all four games without special cases in the layers above:
//!
//! * **Seats.** A game has 2..=10 seats, numbered from 0 in turn order ([`Seat`]). Who decides next
//!   is [`Game::actor`]: a seat, the chance actor, or nobody because the game is over.
//! * **Atomic decisions.** An action ([`Game::Action`]) is one decision. A turn made of several
//!   decisions (a Mu move followed by an explosion order, a Mur double withdrawal, MuTou unit moves
//!   within a wafer budget) is simply the same actor deciding several times in a row. Forced
//!   decisions are ordinary actions that happen to be the only legal one; a decision that cannot
//!   change the result is resolved by the game itself and reported through events.
//! * **Setup phases** (Mu segment lay-out and selection, MuTou scribing and setting out) are played
//!   as decisions like any other.
//! * **Chance** is an explicit actor. When [`Game::actor`] is [`Actor::Chance`],
//!   [`Game::chance_outcomes`] lists the possible actions with integer weights, and the caller (a
//!   server, a search, a test with a seeded generator) picks one and applies it. The rules never
//!   draw random numbers of their own.
//! * **Hidden information.** [`Game::view`] returns the position as one seat (or a spectator) may
//!   see it. Games of perfect information return a copy. [`Game::action_visibility`] says who
//!   may see an action before it is applied, [`GameEvent::audience`] who may be told of an
//!   event, and [`Game::secrets_pending`] whether secrets wait to be revealed.
//! * **Scores.** [`Game::outcome`] gives per-seat scores and ranks, so draws, territory counts and
//!   match tallies fit the same shape as a plain win.
//! * **Events.** Applying an action reports what happened, step by step, as the game's own event
//!   type; each event names the rule that caused it ([`RuleRef`]).
//! * **Variants** are typed options with named presets ([`Variant`]).
//! * **Text.** Actions and positions have text forms. Parsing text is a separate step from checking
//!   legality: [`Game::parse_action`] fails only on syntax ([`ParseError`]); [`Game::apply`] fails
//!   only on rules ([`IllegalAction`]).
//! * **Hashing.** [`Game::position_hash`] is a 64-bit hash of everything that decides the future of
//!   the game, for transposition tables and repetition rules.
//! * **Click paths and turns.** [`Game::action_targets`] gives the board elements a person clicks
//!   to make an action ([`crate::target`]); [`Game::turn`] says which seat's turn a decision
//!   belongs to, so that a turn of many decisions can be told from the next one.
//!
//! The move generator is the single source of truth: [`Game::check`] is, by default, a membership
//! test against [`Game::legal_actions`], and the conformance battery verifies that every game's
//! checked and unchecked paths agree.

use std::fmt::{self, Debug, Display};
use std::hash::Hash;

use serde::de::DeserializeOwned;
use serde::{Deserialize, Serialize};

use crate::error::{IllegalAction, ParseError, PositionError, SetupError};
use crate::target::{Label, Target};
use crate::variant::Variant;

/// A seat at the table, numbered from 0 in turn order. Seat 0 moves first unless a game says
/// otherwise.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
pub struct Seat(pub u8);

impl Seat {
    /// The seat's index, for indexing per-seat tables.
    #[inline]
    pub fn index(self) -> usize {
        usize::from(self.0)
    }
}

impl Display for Seat {
    /// Seats are shown to people counted from 1.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "seat {}", self.0 + 1)
    }
}

/// Who makes the next decision.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Actor {
    /// A player decides.
    Seat(Seat),
    /// Chance decides: see [`Game::chance_outcomes`].
    Chance,
    /// The game is over: [`Game::outcome`] is `Some` and there are no legal actions.
    Over,
}

/// Which turn a decision belongs to ([`Game::turn`]).
///
/// A turn is one seat's go: one action in Murus Gallicus and Mur (a Mur double withdrawal is one
/// action), several in Mu (moves, explosion orders, `end`) and in MuTou (units, with other
/// seats' call windows, Rand aims and chance rolls inside the mover's turn). Setup phases count
/// too: a Mu lay-out placement, a MuTou tier choice, a claim, one seat's whole setting-out.
/// Two consecutive decisions belong to the same turn exactly when their `TurnInfo`s are equal.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub struct TurnInfo {
    /// The turn's number as far as the position counts turns; it never decreases along play.
    /// Where a position does not count every turn (Mur counts games, not plies), consecutive
    /// turns share a number and are told apart by their movers.
    pub number: u32,
    /// Whose turn it is; `None` once the game is over.
    pub mover: Option<Seat>,
}

/// Facts about a game that do not depend on the position (serialisable for a lobby, see
/// [`any::catalog`](crate::any::catalog())).
#[derive(Clone, Copy, Debug, Serialize)]
pub struct GameInfo {
    /// The id used on the command line and in records, e.g. `murus-gallicus`.
    pub id: &'static str,
    /// The name shown to people.
    pub name: &'static str,
    /// Who designed the game, and when.
    pub designer: &'static str,
    /// The fewest seats the game can be played with.
    pub min_seats: usize,
    /// The most seats the game can be played with.
    pub max_seats: usize,
    /// The seat count used when a caller does not choose one.
    pub default_seats: usize,
    /// The version of this implementation's rules. It rises whenever a change could make an old
    /// record replay differently; records carry it, and replay refuses versions it does not know.
    pub rules_version: u32,
    /// Whether the chance actor can ever appear.
    pub has_chance: bool,
    /// Whether any seat can ever be shown less than the whole position.
    pub has_hidden_information: bool,
    /// Whether the players of a two-seat game may end it drawn by agreement, which a platform
    /// offers as a draw offer: in duels that can stay undecided (Murus Gallicus, Mur). Mu and
    /// MuTou end only by their own count.
    pub draw_by_agreement: bool,
    /// The action by which a seat turns down what another seat offers it, if the game has
    /// one (MuTou's `decline` of a call, S17 and D8 of its rules): a player may ask a platform to play it
    /// for them whenever it is legal.
    pub decline: Option<&'static str>,
}

impl GameInfo {
    /// Whether the game can be played by `seats` seats; the error names the range.
    pub fn check_seats(&self, seats: usize) -> Result<(), SetupError> {
        if (self.min_seats..=self.max_seats).contains(&seats) {
            Ok(())
        } else {
            Err(SetupError::Seats {
                game: self.id,
                min: self.min_seats,
                max: self.max_seats,
                asked: seats,
            })
        }
    }
}

/// A reference into the project's rules specification, e.g. `murus-gallicus:2.2 sacrifice`.
///
/// User interfaces show it to explain why something happened.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize)]
pub struct RuleRef(pub &'static str);

impl Display for RuleRef {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.0)
    }
}

/// One thing that happened while an action was applied.
///
/// Events travel: they serialise and read back to an equal event (the conformance battery and
/// `tests/events.rs` check it), so a server can send them and a client can animate them.
pub trait GameEvent:
    Clone + PartialEq + Debug + Display + Serialize + DeserializeOwned + Send + Sync + 'static
{
    /// The rule that caused this event.
    fn rule(&self) -> RuleRef;

    /// Who may be told of this event. The default is everyone; an event that shows a secret
    /// (a piece put in secret) names the one seat that may see it.
    fn audience(&self) -> Audience {
        Audience::Everyone
    }
}

/// Who may see an action, judged before it is applied ([`Game::action_visibility`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Visibility {
    /// Every seat and every spectator may see the action.
    Public,
    /// Only the seat that decides may see it; the others learn only whose decision it was.
    Actor,
}

impl Visibility {
    /// Whether `viewer` (`None`: a spectator) may see an action of this visibility made by
    /// `actor`.
    pub fn shows(self, actor: Actor, viewer: Option<Seat>) -> bool {
        match self {
            Visibility::Public => true,
            Visibility::Actor => matches!((actor, viewer), (Actor::Seat(a), Some(v)) if a == v),
        }
    }
}

/// Who may be told of an event ([`GameEvent::audience`]).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
pub enum Audience {
    /// Every seat and every spectator.
    Everyone,
    /// This seat only.
    Seat(Seat),
}

impl Audience {
    /// Whether `viewer` (`None`: a spectator) may be told.
    pub fn includes(self, viewer: Option<Seat>) -> bool {
        match self {
            Audience::Everyone => true,
            Audience::Seat(seat) => viewer == Some(seat),
        }
    }
}

/// A sink for events. `Vec<E>` collects them; [`NoEvents`] drops them at no cost.
pub trait Events<E> {
    /// Receives one event.
    fn emit(&mut self, event: E);
    /// Whether events are kept at all. Games may skip building events when this is false.
    fn wanted(&self) -> bool {
        true
    }
}

impl<E> Events<E> for Vec<E> {
    #[inline]
    fn emit(&mut self, event: E) {
        self.push(event);
    }
}

/// The event sink that keeps nothing; the fast path used by search and playouts.
#[derive(Clone, Copy, Debug, Default)]
pub struct NoEvents;

impl<E> Events<E> for NoEvents {
    #[inline(always)]
    fn emit(&mut self, _event: E) {}
    #[inline(always)]
    fn wanted(&self) -> bool {
        false
    }
}

/// The result of a finished game: a score and a rank for every seat.
///
/// Ranks start at 0 for the best; seats that share a rank are tied (a two-seat draw is ranks
/// `[0, 0]`). Scores are the game's own (1 and 0 for a win; territory in Mu; games won in Mur).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
pub struct Outcome {
    /// The score of each seat, indexed by seat.
    pub scores: Vec<i32>,
    /// The rank of each seat, indexed by seat; 0 is best, equal ranks are ties.
    pub ranks: Vec<u8>,
    /// Why the game ended, in words, e.g. `breakthrough at c7`.
    pub reason: String,
}

impl Outcome {
    /// A win for `winner`; every other seat shares the last rank. Scores are 1 and 0.
    pub fn win(seats: usize, winner: Seat, reason: impl Into<String>) -> Self {
        let scores = (0..seats).map(|s| i32::from(s == winner.index())).collect();
        let ranks = (0..seats).map(|s| u8::from(s != winner.index())).collect();
        Outcome {
            scores,
            ranks,
            reason: reason.into(),
        }
    }

    /// A draw: every seat scores 0 and shares the first rank.
    pub fn draw(seats: usize, reason: impl Into<String>) -> Self {
        Outcome {
            scores: vec![0; seats],
            ranks: vec![0; seats],
            reason: reason.into(),
        }
    }

    /// Ranks from scores, higher scores ranking better and equal scores tying.
    pub fn from_scores(scores: Vec<i32>, reason: impl Into<String>) -> Self {
        let ranks = scores
            .iter()
            .map(|&mine| {
                let better = scores.iter().filter(|&&other| other > mine).count();
                u8::try_from(better).unwrap_or(u8::MAX)
            })
            .collect();
        Outcome {
            scores,
            ranks,
            reason: reason.into(),
        }
    }

    /// A game lost by `loser` outside the rules (resigned, out of time, gone): every other seat
    /// shares the first rank and scores 1, the loser ranks after them and scores 0. With two
    /// seats this is [`Outcome::win`] for the other seat.
    pub fn forfeit(seats: usize, loser: Seat, reason: impl Into<String>) -> Self {
        Outcome {
            scores: (0..seats).map(|s| i32::from(s != loser.index())).collect(),
            ranks: (0..seats).map(|s| u8::from(s == loser.index())).collect(),
            reason: reason.into(),
        }
    }

    /// This outcome with the `retired` seats, each given with the number of actions played when
    /// it left, ranked below every seat still playing: the seats still playing keep their order
    /// among themselves; a seat that left later ranks above one that left earlier, and seats
    /// that left after the same number of actions share a rank. Scores are unchanged; the
    /// reason names the retired seats. Ranks follow the usual rule (a seat's rank is the number
    /// of seats ranked strictly better).
    pub fn with_retired(mut self, retired: &[(Seat, usize)]) -> Self {
        if retired.is_empty() {
            return self;
        }
        let left = |seat: usize| {
            retired
                .iter()
                .find(|(s, _)| s.index() == seat)
                .map(|&(_, a)| a)
        };
        // A key that orders every seat: still playing first by its old rank, then the retired
        // by how late they left.
        let key = |seat: usize| match left(seat) {
            None => (0, usize::from(self.ranks[seat])),
            Some(after) => (1, usize::MAX - after),
        };
        let keys: Vec<(u8, usize)> = (0..self.ranks.len()).map(key).collect();
        self.ranks = keys
            .iter()
            .map(|mine| {
                let better = keys.iter().filter(|other| *other < mine).count();
                u8::try_from(better).unwrap_or(u8::MAX)
            })
            .collect();
        let names: Vec<String> = retired.iter().map(|(s, _)| s.to_string()).collect();
        self.reason = format!("{}; retired: {}", self.reason, names.join(", "));
        self
    }

    /// The seats ranked first.
    pub fn winners(&self) -> Vec<Seat> {
        seats_where(&self.ranks, |r| r == 0)
    }

    /// Whether every seat shares the first rank.
    pub fn is_draw(&self) -> bool {
        self.ranks.iter().all(|&r| r == 0)
    }

    /// The result for one seat as a number in `[0, 1]`: the share of the other seats it finished
    /// ahead of, a tie counting half. Two seats: 1 for a win, ½ for a draw, 0 for a loss.
    pub fn utility(&self, seat: Seat) -> f64 {
        let me = self.ranks[seat.index()];
        let others = self.ranks.len().saturating_sub(1).max(1);
        let beaten = self.ranks.iter().filter(|&&r| r > me).count();
        let tied = self.ranks.iter().filter(|&&r| r == me).count() - 1;
        (beaten as f64 + tied as f64 / 2.0) / others as f64
    }

    /// The scores joined by dashes, e.g. `1-0`; this is the `Result` header of a record.
    pub fn score_text(&self) -> String {
        let parts: Vec<String> = self.scores.iter().map(i32::to_string).collect();
        parts.join("-")
    }
}

fn seats_where(ranks: &[u8], keep: impl Fn(u8) -> bool) -> Vec<Seat> {
    (0u8..)
        .zip(ranks)
        .filter(|(_, &r)| keep(r))
        .map(|(s, _)| Seat(s))
        .collect()
}

impl Display for Outcome {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{} ({})", self.score_text(), self.reason)
    }
}

/// A game: the position, the rules that move it forward, and its text forms.
///
/// A value of a type implementing `Game` is one position of one game, together with its variant.
/// Everything is deterministic: the same position and the same actions always give the same
/// result.
pub trait Game: Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// One atomic decision. Small and `Copy`, so that search can store millions.
    type Action: Copy + Eq + Ord + Hash + Debug + Display + Send + Sync + 'static;
    /// The typed rules options, with named presets.
    type Variant: Variant;
    /// What applying an action reports.
    type Event: GameEvent;

    /// Facts about the game.
    const INFO: GameInfo;

    /// The start of a game. Fails when the variant cannot be played with `seats` seats.
    fn new(variant: &Self::Variant, seats: usize) -> Result<Self, SetupError>;

    /// The variant this position is played under.
    fn variant(&self) -> &Self::Variant;

    /// How many seats play, eliminated ones included.
    fn seats(&self) -> usize;

    /// The name of a seat as the rules call it (`Light`, `Black`, `Red`).
    fn seat_name(&self, seat: Seat) -> String;

    /// Who decides next. [`Actor::Over`] exactly when [`Game::outcome`] is `Some`.
    fn actor(&self) -> Actor;

    /// Clears `out` and fills it with every legal action of the actor, in a fixed order. Empty
    /// exactly when the game is over. When the actor is chance, these are the chance actions (the
    /// same ones [`Game::chance_outcomes`] lists).
    fn legal_actions(&self, out: &mut Vec<Self::Action>);

    /// The number of legal actions; games override it with something faster than generating them
    /// (perft counts leaves with it).
    fn count_actions(&self) -> usize {
        let mut out = Vec::new();
        self.legal_actions(&mut out);
        out.len()
    }

    /// The legal action at index `choose(n)` of [`Game::legal_actions`]'s order, where `n > 0`
    /// is the number of legal actions and `choose` returns less than `n`; `None`, without
    /// calling `choose`, when there are none. `buffer` is scratch space. Games override it to
    /// build only the chosen action; the answer is always the one listing gives, so random play
    /// draws the same games either way.
    fn choose_action(
        &self,
        choose: impl FnOnce(usize) -> usize,
        buffer: &mut Vec<Self::Action>,
    ) -> Option<Self::Action> {
        self.legal_actions(buffer);
        (!buffer.is_empty()).then(|| buffer[choose(buffer.len())])
    }

    /// What pressing the button `word` of a click path does (a [`crate::Target::Button`] that
    /// starts a path: MuTou's `split`, Mu's `pass`), in one line for a person, with the rule it
    /// comes from; `None` (the default) where the word explains itself.
    fn button_help(&self, word: &str) -> Option<(&'static str, RuleRef)> {
        let _ = word;
        None
    }

    /// The action by which the current actor resigns, where the rules provide one (Mur: resigning
    /// the whole set). It is deliberately **not** among [`Game::legal_actions`], so perft, random
    /// play and search never count or choose it, but [`Game::check`] accepts it and
    /// [`Game::apply`] plays it, and records carry it like any other action. `None` (the
    /// default) where the rules have no resignation; a resignation outside the rules is written
    /// in a record's `Ending` header instead ([`crate::record::ending`]).
    fn resignation(&self) -> Option<Self::Action> {
        None
    }

    /// Clears `out` and, when the actor is chance, fills it with the possible outcomes, each with a
    /// positive integer weight: its probability is the weight over the sum of weights.
    fn chance_outcomes(&self, out: &mut Vec<(Self::Action, u32)>) {
        out.clear();
    }

    /// Whether `action` may be applied now, with the reason when it may not. The default is a
    /// membership test against [`Game::legal_actions`]; games override it to explain the refusal.
    fn check(&self, action: Self::Action) -> Result<(), IllegalAction> {
        let mut legal = Vec::new();
        self.legal_actions(&mut legal);
        if legal.contains(&action) || self.resignation() == Some(action) {
            Ok(())
        } else if legal.is_empty() {
            Err(IllegalAction::new(
                self.action_text(action),
                "the game is over",
            ))
        } else {
            Err(IllegalAction::new(
                self.action_text(action),
                "not a legal action here",
            ))
        }
    }

    /// Applies an action already known to be legal, reporting events. Applying an illegal action
    /// through this door leaves the position unspecified (but never unsafe).
    fn play(&mut self, action: Self::Action, events: &mut impl Events<Self::Event>);

    /// Checks and applies an action, reporting events. On error the position is unchanged.
    fn apply(
        &mut self,
        action: Self::Action,
        events: &mut impl Events<Self::Event>,
    ) -> Result<(), IllegalAction> {
        self.check(action)?;
        self.play(action, events);
        Ok(())
    }

    /// The fast door for search: applies a legal action without checking and without events.
    #[inline]
    fn apply_unchecked(&mut self, action: Self::Action) {
        self.play(action, &mut NoEvents);
    }

    /// Who may see `action`, judged in this position, before it is applied. The default,
    /// for games of perfect information, is [`Visibility::Public`]. A secret action is shown
    /// only to its actor; its events that show the secret name that seat as their audience
    /// ([`GameEvent::audience`]), and [`Game::view`] hides what it changed from the others.
    fn action_visibility(&self, action: Self::Action) -> Visibility {
        let _ = action;
        Visibility::Public
    }

    /// Whether some seat holds a secret the others may not see yet (MuTou while setting out).
    /// Its falling edge, from `true` to `false`, is the reveal: from then on every view shows
    /// what the secret actions did. The default is `false`.
    fn secrets_pending(&self) -> bool {
        false
    }

    /// The result, once the game is over.
    fn outcome(&self) -> Option<Outcome>;

    /// A 64-bit hash of everything that decides the future of the game (not the variant, which a
    /// caller holds fixed). Equal positions hash equally.
    fn position_hash(&self) -> u64;

    /// The same hash computed without any incremental state; the conformance battery checks that
    /// the two agree.
    fn hash_from_scratch(&self) -> u64 {
        self.position_hash()
    }

    /// Checks the game's own invariants (the rules specification's test invariants), naming the
    /// first that fails. The conformance battery calls it after every action. The default checks
    /// nothing.
    fn check_invariants(&self) -> Result<(), String> {
        Ok(())
    }

    /// The position as `viewer` may see it (`None`: a spectator). Hidden parts are replaced by
    /// the game's placeholder. The default, for games of perfect information, is a copy.
    fn view(&self, viewer: Option<Seat>) -> Self {
        let _ = viewer;
        self.clone()
    }

    /// Reads one action in the game's notation. Only syntax is checked here; whether the action is
    /// legal is [`Game::check`]'s question. The position is given so that a notation may depend on
    /// it.
    fn parse_action(&self, text: &str) -> Result<Self::Action, ParseError>;

    /// Writes one action in the game's notation; [`Game::parse_action`] reads it back.
    fn action_text(&self, action: Self::Action) -> String {
        action.to_string()
    }

    /// The one-line position text; [`Game::from_position`] reads it back to an equal position.
    fn position_text(&self) -> String;

    /// Reads a position text under `variant`. Errors name the bad token.
    fn from_position(variant: &Self::Variant, text: &str) -> Result<Self, PositionError>;

    /// A multi-line picture of the position with coordinates, for terminals and documents.
    fn diagram(&self) -> String;

    /// Clears `out` and fills it with the click path of `action`, a legal action here: the board
    /// elements and buttons a person clicks, in order, to make it (see [`crate::target`]).
    /// Returns the label that tells the action apart from another legal action with the same
    /// path, if there can be one. The default, for a game without paths, is one button
    /// ([`Target::ACT`]) labelled with the action's text.
    fn action_targets(&self, action: Self::Action, out: &mut Vec<Target>) -> Option<Label> {
        out.clear();
        out.push(Target::ACT);
        Some(Label::Owned(self.action_text(action)))
    }

    /// Whether `target` names something that exists in this position (a cell of the board, a
    /// live vertex of the surface, a button). The default accepts buttons only, matching the
    /// default [`Game::action_targets`].
    fn target_exists(&self, target: &Target) -> bool {
        matches!(target, Target::Button(_))
    }

    /// The turn the next decision belongs to, and its mover.
    fn turn(&self) -> TurnInfo;
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_two_seat_win_is_worth_one_and_a_loss_nothing() {
        let o = Outcome::win(2, Seat(1), "stalemate");
        assert_eq!(o.scores, [0, 1]);
        assert_eq!(o.ranks, [1, 0]);
        assert_eq!(o.winners(), [Seat(1)]);
        assert_eq!((o.utility(Seat(0)), o.utility(Seat(1))), (0.0, 1.0));
        assert_eq!(o.to_string(), "0-1 (stalemate)");
        assert!(!o.is_draw());
    }

    #[test]
    fn a_draw_is_worth_half_to_each_seat() {
        let o = Outcome::draw(2, "ply cap");
        assert!(o.is_draw());
        assert_eq!(o.utility(Seat(0)), 0.5);
        assert_eq!(o.winners(), [Seat(0), Seat(1)]);
    }

    #[test]
    fn equal_scores_share_a_rank_and_higher_scores_rank_better() {
        let o = Outcome::from_scores(vec![12, 30, 12, 5], "territory");
        assert_eq!(o.ranks, [1, 0, 1, 3]);
        assert_eq!(o.winners(), [Seat(1)]);
        assert_eq!(o.utility(Seat(1)), 1.0);
        assert_eq!(o.utility(Seat(0)), 0.5, "beats one of three, ties one");
        assert_eq!(o.utility(Seat(3)), 0.0);
        assert_eq!(o.score_text(), "12-30-12-5");
    }

    #[test]
    fn a_forfeit_ranks_the_loser_after_every_other_seat() {
        let o = Outcome::forfeit(3, Seat(1), "seat 2 resigned");
        assert_eq!(o.scores, [1, 0, 1]);
        assert_eq!(o.ranks, [0, 1, 0]);
        assert_eq!(
            Outcome::forfeit(2, Seat(0), "r"),
            Outcome::win(2, Seat(1), "r")
        );
    }

    #[test]
    fn retired_seats_rank_below_the_seats_still_playing() {
        let o = Outcome::from_scores(vec![9, 7, 7, 3, 1], "territory").with_retired(&[
            (Seat(0), 30),
            (Seat(4), 50),
            (Seat(3), 50),
        ]);
        assert_eq!(o.scores, [9, 7, 7, 3, 1], "scores stand");
        assert_eq!(
            o.ranks,
            [4, 0, 0, 2, 2],
            "later retirements rank above earlier, equal ones tie"
        );
        assert_eq!(o.reason, "territory; retired: seat 1, seat 5, seat 4");
        let same = Outcome::draw(2, "ply cap").with_retired(&[]);
        assert_eq!(same, Outcome::draw(2, "ply cap"));
    }

    #[test]
    fn a_secret_action_is_shown_to_its_actor_alone() {
        let actor = Actor::Seat(Seat(1));
        assert!(Visibility::Actor.shows(actor, Some(Seat(1))));
        assert!(!Visibility::Actor.shows(actor, Some(Seat(0))));
        assert!(!Visibility::Actor.shows(actor, None), "not to a spectator");
        assert!(!Visibility::Actor.shows(Actor::Chance, None));
        assert!(Visibility::Public.shows(actor, None));
    }

    #[test]
    fn a_one_seat_event_is_told_to_that_seat_alone() {
        assert!(Audience::Seat(Seat(2)).includes(Some(Seat(2))));
        assert!(!Audience::Seat(Seat(2)).includes(Some(Seat(0))));
        assert!(!Audience::Seat(Seat(2)).includes(None));
        assert!(Audience::Everyone.includes(None));
    }

    #[test]
    fn seats_are_shown_counted_from_one() {
        assert_eq!(Seat(0).to_string(), "seat 1");
    }
}
