//! # MuTou ("Boiling Stone"), from the story by Dana W. Paxson (2007)
//!
//! A game that exists only as a description inside a work of fiction, with four lists lost. The
//! project's rules specification is `mutou` (cited below as S1–S25 for the stated rules and
//! D1–D21 for the documented defaults); the player-facing text is `docs/rules/mutou.md`.
//!
//! ## The rules, as implemented
//!
//! * **Surface** (S5–S7, D2, D6): a combinatorial map of tessels (cyclic vertex lists of 1–19
//!   edges), with remote splices; see [`surface`]. Set layouts (D5): 8×8 squares for two, a disc
//!   of squares for more, a hexhex board; or zones cut and sown (Voronoi) from the `seed`.
//! * **Set-up** (D3): the tier (D4, chosen by the first player with `tier=choose`), cutting
//!   (claiming zones, sown boards only, S22), and setting out: each seat in turn puts its
//!   shakken on its bases one by one, hidden from the others until all have finished (S23).
//! * **Pieces** (S3, S8–S13): up to ten shakken on a base; Walker crosses an edge, Angler a
//!   vertex without an edge, Jagger traces a run of edges between two other tessels (cost = the
//!   run's length, D9), Rand goes where the dice send it (S11, D10), Blood steps as a Walker or
//!   an Angler. A piece may use each power as often as it carries the shak (one allowance).
//! * **Turns** (S14–S16, D14): rest for a wafer, or spend up to U = the wafers at the start of
//!   the turn on units of one category (any mix with `mixing=on`): shak uses, alterations of
//!   pieces (cost = the touching distance), or area alterations (cost 1, near one's pieces).
//!   The first piece moved is free; each further piece, and refreshing a spent piece, costs a
//!   wafer (`fees`). The turn ends with `end`, or by itself once U is spent.
//! * **Capture and allegiance** (S18–S20, D16): stepping onto an enemy captures (`x`) or converts
//!   (`xa`, the mover's piece leaves play) and ends the piece's movement; then the mover may take
//!   shakken (not blood) from the removed piece for a unit each.
//! * **Choices** (S17, D7, D8): after each unit, the seats after the mover with a wafer are asked
//!   in turn whether to call (open toss or matched quandarinn; the caller pays the mover a wafer).
//!   The total moves the piece again by Rand that many times, lets the caller hand out a heap of
//!   the two altered pieces' shakken, or insert area alterations.
//! * **Wafers** (S4, S16, D15): a fixed supply; entitlements that find it empty are banked and
//!   paid two at a time later. Defeat hands the loser's wafers to the eliminator.
//! * **End** (S24, D13, D18, D19): a seat with no piece of its own allegiance carrying its own
//!   blood is out; the last seat in wins. `form=cooperative`: the game ends when every active
//!   seat accepts a proposal to stop.
//! * **Music** (S25, D11): [`MuTou::clock`] gives the beat clock's numbers to clients; the
//!   default is untimed.

mod actions;
mod area;
mod choice;
mod clock;
mod diagram;
mod events;
mod marks;
mod pieces;
mod read;
mod setup;
mod state;
pub mod surface;
mod targets;
mod text;
mod turn;
mod turn_info;
mod validate;
mod validate_play;
mod variant;
mod visibility;
mod why;
mod wire;

#[cfg(test)]
mod tests;
#[cfg(test)]
mod tests_caches;
#[cfg(test)]
mod tests_notation;
#[cfg(test)]
mod tests_text;
#[cfg(test)]
mod tests_turns;
#[cfg(test)]
mod tests_views;

pub use actions::{edit_text, parse_tessel, CallMode, MuTouAction, Spin, Take};
pub use clock::BeatClock;
pub use events::{Crossing, EventKind, MuTouEvent, Place, RevealedPiece, Stay, COLOURS};
pub use pieces::{Piece, Power, Shak, Shakken, MAX_SEATS, MAX_SHAKKEN};
pub use state::{
    Category, End, Gate, Moved, MuTou, Pending, Phase, RandCause, RandStage, SeatState, Turn, Unit,
};
pub use validate::Fault;
pub use variant::{BoardKind, ClockMode, Form, MuTouVariant, Tier, TierRule, Wrap};

use std::hash::{Hash, Hasher};

use crate::error::{IllegalAction, ParseError, PositionError, SetupError};
use crate::game::{Actor, Events, Game, GameInfo, Outcome, RuleRef, Seat, TurnInfo, Visibility};
use crate::target::{Label, Target};

impl MuTou {
    /// Who decides now, as a seat index (`None`: chance, or the game is over).
    fn deciding_seat(&self) -> Option<u8> {
        match self.phase {
            Phase::ChooseTier => Some(0),
            Phase::Claim(s) | Phase::SetOut(s) => Some(s),
            Phase::Over(_) => None,
            Phase::Play => match self.turn.pending {
                Pending::Free | Pending::Transfer { .. } => Some(self.turn.mover),
                Pending::Window { seat, .. } | Pending::Proposal { seat } => Some(seat),
                Pending::Roll { .. } => None,
                Pending::Rand { stage, .. } => self.rand_actor(stage),
                Pending::Heap { .. } => Some(self.heap_actor()),
                Pending::Insert { caller, .. } => Some(caller),
            },
        }
    }

    fn generate(&self, out: &mut Vec<MuTouAction>) {
        self.generate_with(out, true);
    }

    /// Clears `out` and fills it with the legal actions of the actor other than the area
    /// alterations (mutou D2), in the order `Game::legal_actions` lists them. Listing the
    /// alterations is most of a listing's cost, so a player that never makes one (the
    /// searches' knowledge drops them) lists the rest this way. Never empty while a seat is
    /// to act: the free decisions always offer `rest` or `end`, an insertion `done`.
    pub fn legal_actions_but_area(&self, out: &mut Vec<MuTouAction>) {
        out.clear();
        self.generate_with(out, false);
    }

    /// The legal actions, leaving out the area alterations when `with_area` is false.
    fn generate_with(&self, out: &mut Vec<MuTouAction>, with_area: bool) {
        match self.phase {
            Phase::Over(_) => {}
            Phase::ChooseTier | Phase::Claim(_) | Phase::SetOut(_) => self.setup_actions(out),
            Phase::Play => match self.turn.pending {
                Pending::Free => self.free_actions(out, with_area),
                Pending::Transfer { from, .. } => {
                    if self.can_take_any() {
                        out.extend(from.kinds().map(MuTouAction::Take));
                    }
                    out.push(MuTouAction::Done);
                }
                Pending::Window { .. } => out.extend([
                    MuTouAction::Call(CallMode::Open),
                    MuTouAction::Call(CallMode::Matched),
                    MuTouAction::Decline,
                ]),
                Pending::Roll { .. } => self.chance_actions(out),
                Pending::Rand { .. } => self.rand_actions(out),
                Pending::Heap { .. } => self.heap_actions(out),
                Pending::Insert { .. } => {
                    if with_area {
                        self.area_actions(out);
                    }
                    out.push(MuTouAction::Done);
                }
                Pending::Proposal { .. } => out.extend([MuTouAction::Accept, MuTouAction::Refuse]),
            },
        }
    }

    fn act(&mut self, action: MuTouAction, ev: &mut impl Events<MuTouEvent>) {
        match self.phase {
            Phase::Play => {}
            Phase::Over(_) => return,
            _ => return self.play_setup(action, ev),
        }
        match self.turn.pending {
            Pending::Free => self.play_free(action, ev),
            Pending::Transfer { .. } => match action {
                MuTouAction::Take(shak) => self.take(shak, ev),
                _ => self.close_transfer(ev),
            },
            Pending::Window { .. } => self.play_window(action, ev),
            Pending::Roll { .. } => self.play_roll(action, ev),
            Pending::Rand { .. } => self.play_rand(action, ev),
            Pending::Heap { .. } => self.play_heap(action, ev),
            Pending::Insert { .. } => self.play_insert(action, ev),
            Pending::Proposal { .. } => self.play_proposal(action, ev),
        }
    }

    /// Why the game ended, in words.
    pub(super) fn end_reason(&self, end: End) -> String {
        match end {
            End::Survivor => match (0..self.seat_count()).find(|&s| self.is_active(s)) {
                Some(s) => format!("{} is the last with a blood shak in play", turn::colour(s)),
                None => "no one has a blood shak in play".into(),
            },
            End::Agreed => "every player agreed to stop".into(),
            End::TurnCap => "the turn cap was reached".into(),
        }
    }

    fn final_outcome(&self, end: End) -> Outcome {
        let active = self.active_count();
        let later_out = |order: u8| {
            self.seat
                .iter()
                .filter(|s| s.out.is_some_and(|o| o > order))
                .count()
        };
        let ranks = self
            .seat
            .iter()
            .map(|s| match s.out {
                None => 0,
                Some(order) => (active + later_out(order)) as u8,
            })
            .collect();
        let scores = match end {
            End::Survivor => self
                .seat
                .iter()
                .map(|s| i32::from(s.out.is_none()))
                .collect(),
            End::Agreed | End::TurnCap => self.seat.iter().map(|s| i32::from(s.wafers)).collect(),
        };
        Outcome {
            scores,
            ranks,
            reason: self.end_reason(end),
        }
    }
}

impl Hash for MuTou {
    fn hash<H: Hasher>(&self, state: &mut H) {
        self.hash_fields(state);
    }
}

impl Game for MuTou {
    type Action = MuTouAction;
    type Variant = MuTouVariant;
    type Event = MuTouEvent;

    fn action_targets(&self, action: MuTouAction, out: &mut Vec<Target>) -> Option<Label> {
        self.targets_of(action, out)
    }

    fn target_exists(&self, target: &Target) -> bool {
        self.has_target(target)
    }

    /// The trait's turn (the inherent [`MuTou::turn`] is the turn in progress in play).
    fn turn(&self) -> TurnInfo {
        self.turn_info()
    }

    const INFO: GameInfo = GameInfo {
        id: "mutou",
        name: "MuTou",
        designer: "Dana W. Paxson, in the story \"Boiling Stone\" (2007)",
        min_seats: 2,
        max_seats: 10,
        default_seats: 2,
        rules_version: 1,
        has_chance: true,
        has_hidden_information: true,
        draw_by_agreement: false,
        decline: Some("decline"),
    };

    fn new(variant: &MuTouVariant, seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        MuTou::start(variant, seats)
    }

    fn variant(&self) -> &MuTouVariant {
        &self.variant
    }

    fn button_help(&self, word: &str) -> Option<(&'static str, RuleRef)> {
        targets::button_help(word)
    }

    fn seats(&self) -> usize {
        self.seat.len()
    }

    fn seat_name(&self, seat: Seat) -> String {
        COLOURS[seat.index()].to_owned()
    }

    fn actor(&self) -> Actor {
        match (self.phase, self.deciding_seat()) {
            (Phase::Over(_), _) => Actor::Over,
            (_, Some(s)) => Actor::Seat(Seat(s)),
            (_, None) => Actor::Chance,
        }
    }

    fn legal_actions(&self, out: &mut Vec<MuTouAction>) {
        out.clear();
        self.generate(out);
    }

    fn chance_outcomes(&self, out: &mut Vec<(MuTouAction, u32)>) {
        out.clear();
        if self.actor() == Actor::Chance {
            let mut actions = Vec::new();
            self.generate(&mut actions);
            out.extend(actions.into_iter().map(|a| (a, 1)));
        }
    }

    fn check(&self, action: MuTouAction) -> Result<(), IllegalAction> {
        let mut legal = Vec::new();
        let ok = match action {
            // An area alteration is checked on its own; listing them all costs far more.
            MuTouAction::Area { edit, to_new } => {
                let free = self.turn.pending == Pending::Free
                    && self.units_left() > 0
                    && self.may(Category::Area);
                let insert = matches!(self.turn.pending, Pending::Insert { .. });
                matches!(self.phase, Phase::Play)
                    && (free || insert)
                    && self.area_action_ok(edit, to_new)
            }
            _ => {
                self.generate_with(&mut legal, false);
                legal.contains(&action)
            }
        };
        if ok {
            Ok(())
        } else {
            Err(IllegalAction::new(
                self.action_text(action),
                self.why_illegal(action),
            ))
        }
    }

    fn play(&mut self, action: MuTouAction, events: &mut impl Events<MuTouEvent>) {
        self.act(action, events);
    }

    fn action_visibility(&self, action: MuTouAction) -> Visibility {
        self.visibility(action)
    }

    fn secrets_pending(&self) -> bool {
        self.setting_out()
    }

    fn outcome(&self) -> Option<Outcome> {
        match self.phase {
            Phase::Over(end) => Some(self.final_outcome(end)),
            _ => None,
        }
    }

    fn position_hash(&self) -> u64 {
        // A fixed algorithm, not `DefaultHasher`: hashes are stored in records (§4 `Hashes`)
        // and must be the same in every build.
        let mut h = crate::hash::FixedHasher::default();
        self.hash_fields(&mut h);
        h.finish()
    }

    /// Every invariant of [`MuTou::validate`], the same checks the position reader makes.
    fn check_invariants(&self) -> Result<(), String> {
        self.validate().map_err(|f| f.to_string())
    }

    fn view(&self, viewer: Option<Seat>) -> Self {
        self.masked(viewer.map(|s| s.0))
    }

    fn parse_action(&self, text: &str) -> Result<MuTouAction, ParseError> {
        MuTouAction::parse(text, self.surface_opt())
    }

    fn action_text(&self, action: MuTouAction) -> String {
        action.text(&|t| self.name(t))
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn from_position(variant: &MuTouVariant, text: &str) -> Result<Self, PositionError> {
        MuTou::parse_text(variant, text)
    }

    fn diagram(&self) -> String {
        self.draw()
    }
}
