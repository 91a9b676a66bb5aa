//! The position: [`Mur`], its public view, and the [`Game`] implementation.

use super::actions::Action;
use super::board::{Board, Colour, Piece, Point, SHIPS_PER_COLOUR};
use super::events::MurEvent;
use super::movegen::MAX_ACTIONS;
use super::variant::{Edition, Length, MurVariant, RepeatScope};
use crate::error::{IllegalAction, ParseError, PositionError, SetupError};
use crate::game::{Actor, Events, Game, GameInfo, Outcome, Seat, TurnInfo};
use crate::hash::mix;
use crate::target::{Label, Target};

/// What the side to move must do this turn (mur §1.6), in priority order.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Obligation {
    /// Nothing forced: place or move.
    None,
    /// Withdraw all of his trapped ships, in one action.
    TrapWithdrawal,
    /// Withdraw one ship of his choice: the opponent's last play repeated a position.
    RepeatWithdrawal,
    /// No place or move is legal: withdraw one ship of his choice.
    Stagnation,
}

/// How the configured length of play ended; stored once play is over.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub(crate) enum Ending {
    /// The last game ended by this colour's kraken trap.
    Kraken(Colour),
    /// The last game ended by this colour's third ship trap (or more).
    ShipTraps(Colour),
    /// The last game was drawn by the ply cap.
    Capped,
    /// This colour resigned the last set.
    Resigned(Colour),
}

/// The boards that decide future repeats (mur §1.8), as [`Board::key`]s.
///
/// With `repeat_scope=last_cycle` only the three boards before the current one matter (a play
/// repeats when its result equals the board four plies before it): `recent[..len]`, newest first.
/// With `whole_game`, `all` holds every earlier board of the current game, oldest first, and
/// `recent` stays empty. Both are cleared when a game starts.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Default)]
pub(crate) struct History {
    pub recent: [u64; 3],
    pub len: u8,
    pub all: Vec<u64>,
}

impl History {
    /// Records `key` as the board just left behind.
    #[inline]
    pub fn push(&mut self, scope: RepeatScope, key: u64) {
        match scope {
            RepeatScope::LastCycle => {
                self.recent = [key, self.recent[0], self.recent[1]];
                self.len = (self.len + 1).min(3);
            }
            RepeatScope::WholeGame => self.all.push(key),
        }
    }

    /// Whether `key`, the board after a play, repeats an earlier board with the same side to
    /// move: four plies back (`last_cycle`), or any even number of plies back (`whole_game`).
    /// Call before pushing the board the play left.
    #[inline]
    pub fn repeats(&self, scope: RepeatScope, key: u64) -> bool {
        match scope {
            RepeatScope::LastCycle => self.len == 3 && self.recent[2] == key,
            // `all` ends with the board at ply n - 1 while the play makes ply n + 1.
            RepeatScope::WholeGame => self.all.iter().rev().step_by(2).any(|&k| k == key),
        }
    }

    /// The boards held, oldest first.
    pub fn boards(&self) -> impl Iterator<Item = u64> + '_ {
        let recent = self.recent[..usize::from(self.len)].iter().rev();
        self.all.iter().chain(recent).copied()
    }
}

/// A Mur position under one variant: the board, the side to move, the obligations, the tallies
/// of the game, the set and the match, and the history the repeat rule needs.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Mur {
    pub(crate) board: Board,
    pub(crate) side: Colour,
    /// Ship traps scored in the current game, per colour.
    pub(crate) traps: [u8; 2],
    /// Which colours owe a repeat withdrawal on their next turn (it lapses if that turn is a trap
    /// withdrawal, or if they have no ship on the board).
    pub(crate) repeat_due: [bool; 2],
    /// The game in the set, 1..=6.
    pub(crate) game: u8,
    /// The set, 1..=2.
    pub(crate) set: u8,
    /// Games won in the current set, per colour.
    pub(crate) set_games: [u8; 2],
    /// Ship traps scored in the current set, per colour (the set's tie-break).
    pub(crate) set_traps: [u8; 2],
    /// Sets won, per seat.
    pub(crate) sets_won: [u8; 2],
    /// Games won in the match, per seat (the match's tie-break).
    pub(crate) match_games: [u8; 2],
    /// Plies played in the current game; counted only when the variant has a ply cap.
    pub(crate) ply: u32,
    pub(crate) history: History,
    /// Set once the configured length of play is over.
    pub(crate) ending: Option<Ending>,
    pub(crate) variant: MurVariant,
}

impl Mur {
    /// The start of a match, set or game: the kraken on the centre, every ship off the board,
    /// Black to play.
    pub fn start(variant: &MurVariant) -> Mur {
        Mur {
            board: Board::START,
            side: Colour::Black,
            traps: [0; 2],
            repeat_due: [false; 2],
            game: 1,
            set: 1,
            set_games: [0; 2],
            set_traps: [0; 2],
            sets_won: [0; 2],
            match_games: [0; 2],
            ply: 0,
            history: History::default(),
            ending: None,
            variant: *variant,
        }
    }

    /// What stands on `p`.
    #[inline]
    pub fn piece(&self, p: Point) -> Option<Piece> {
        self.board.piece(p)
    }

    /// The side to move (in a finished match, the side that would have moved).
    #[inline]
    pub fn to_move(&self) -> Colour {
        self.side
    }

    /// The number of `c`'s ships not on the board.
    #[inline]
    pub fn off_board(&self, c: Colour) -> u8 {
        SHIPS_PER_COLOUR - self.board.ships[c.index()].count_ones() as u8
    }

    /// The ship traps `c` has scored in the current game.
    #[inline]
    pub fn trap_tally(&self, c: Colour) -> u8 {
        self.traps[c.index()]
    }

    /// The ship traps `c` has scored in the current set (the set's tie-break).
    #[inline]
    pub fn set_trap_tally(&self, c: Colour) -> u8 {
        self.set_traps[c.index()]
    }

    /// The game in the set, 1..=6.
    #[inline]
    pub fn game_number(&self) -> u8 {
        self.game
    }

    /// The set, 1 or 2.
    #[inline]
    pub fn set_number(&self) -> u8 {
        self.set
    }

    /// The games `c` has won in the current set.
    #[inline]
    pub fn games_won(&self, c: Colour) -> u8 {
        self.set_games[c.index()]
    }

    /// The sets won by the player who plays `c` in the current set.
    #[inline]
    pub fn sets_won(&self, c: Colour) -> u8 {
        self.sets_won[self.seat_of(c).index()]
    }

    /// The games won in the whole match by the player who plays `c` in the current set.
    #[inline]
    pub fn match_games_won(&self, c: Colour) -> u8 {
        self.match_games[self.seat_of(c).index()]
    }

    /// The number of plies played in the current game; counted only under a ply cap (0
    /// otherwise).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The seat playing `c` in the current set: Black is seat 0, except in set 2 with
    /// `swap_colours_between_sets=on`, where the players have exchanged colours.
    #[inline]
    pub fn seat_of(&self, c: Colour) -> Seat {
        let swapped = self.variant.swap_colours && self.set == 2;
        Seat((c.index() ^ usize::from(swapped)) as u8)
    }

    /// The colour `seat` plays in the current set.
    #[inline]
    pub fn colour_of(&self, seat: Seat) -> Colour {
        if self.seat_of(Colour::Black) == seat {
            Colour::Black
        } else {
            Colour::White
        }
    }

    /// Whether the configured length of play is over.
    #[inline]
    pub fn is_over(&self) -> bool {
        self.ending.is_some()
    }

    /// The word for a ship: `ship` (kraken edition) or `stone` (classic).
    pub fn ship_word(&self) -> &'static str {
        match self.variant.edition {
            Edition::Kraken => "ship",
            Edition::Classic => "stone",
        }
    }

    /// The word for the neutral piece: `kraken` or `Mur stone`.
    pub fn kraken_word(&self) -> &'static str {
        match self.variant.edition {
            Edition::Kraken => "kraken",
            Edition::Classic => "Mur stone",
        }
    }

    /// The colour that opens game `game` of a set: Black the odd games, White the even ones
    /// (mur §1.9).
    #[inline]
    pub(crate) fn opener(game: u8) -> Colour {
        if game % 2 == 1 {
            Colour::Black
        } else {
            Colour::White
        }
    }
}

impl Mur {
    /// Everything Eq compares except the variant (held fixed by callers), mixed into 64 bits.
    pub(crate) fn compute_hash(&self) -> u64 {
        let small = [
            self.traps[0],
            self.traps[1],
            u8::from(self.repeat_due[0]) | u8::from(self.repeat_due[1]) << 1,
            self.game,
            self.set,
            self.set_games[0],
            self.set_games[1],
            self.set_traps[0],
        ];
        let more = [
            self.set_traps[1],
            self.sets_won[0],
            self.sets_won[1],
            self.match_games[0],
            self.match_games[1],
            self.side as u8,
            self.history.len,
            ending_code(self.ending),
        ];
        let mut h = mix(self.board.key() ^ 0x9e37_79b9_7f4a_7c15);
        h = mix(h ^ u64::from_le_bytes(small));
        h = mix(h ^ u64::from_le_bytes(more));
        h = mix(h ^ u64::from(self.ply));
        for key in self.history.boards() {
            h = mix(h ^ key);
        }
        h
    }
}

/// A small code for the ending, for the hash.
fn ending_code(ending: Option<Ending>) -> u8 {
    match ending {
        None => 0,
        Some(Ending::Kraken(c)) => 1 + c as u8,
        Some(Ending::ShipTraps(c)) => 3 + c as u8,
        Some(Ending::Capped) => 5,
        Some(Ending::Resigned(c)) => 6 + c as u8,
    }
}

impl Game for Mur {
    type Action = Action;
    type Variant = MurVariant;
    type Event = MurEvent;

    fn action_targets(&self, action: Action, out: &mut Vec<Target>) -> Option<Label> {
        self.targets_of(action, out)
    }

    fn target_exists(&self, target: &Target) -> bool {
        self.has_target(target)
    }

    fn turn(&self) -> TurnInfo {
        self.turn_info()
    }

    const INFO: GameInfo = GameInfo {
        id: "mur",
        name: "Mur",
        designer: "Desmond R. Davies, 2021",
        min_seats: 2,
        max_seats: 2,
        default_seats: 2,
        rules_version: 1,
        has_chance: false,
        has_hidden_information: false,
        draw_by_agreement: true,
        decline: None,
    };

    /// The start: the kraken on the centre, 7 ships off the board each, Black to play.
    fn new(variant: &MurVariant, seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        Ok(Mur::start(variant))
    }

    fn variant(&self) -> &MurVariant {
        &self.variant
    }

    fn seats(&self) -> usize {
        2
    }

    /// The colour the seat plays in the current set (`Black` or `White`).
    fn seat_name(&self, seat: Seat) -> String {
        if seat.index() < 2 {
            self.colour_of(seat).to_string()
        } else {
            seat.to_string()
        }
    }

    #[inline]
    fn actor(&self) -> Actor {
        if self.is_over() {
            Actor::Over
        } else {
            Actor::Seat(self.seat_of(self.side))
        }
    }

    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if !self.is_over() {
            let mut actions = [Action::RESIGN; MAX_ACTIONS];
            let n = self.write_actions(&mut actions);
            out.extend_from_slice(&actions[..n]);
        }
    }

    fn count_actions(&self) -> usize {
        if self.is_over() {
            return 0;
        }
        self.write_actions(&mut [Action::RESIGN; MAX_ACTIONS])
    }

    /// Builds only the chosen action (see [`Mur::pick`]).
    fn choose_action(
        &self,
        choose: impl FnOnce(usize) -> usize,
        _buffer: &mut Vec<Action>,
    ) -> Option<Action> {
        if self.is_over() {
            return None;
        }
        self.pick(choose)
    }

    /// At `set` and `match` length, resigning the set; none at `game` length.
    fn resignation(&self) -> Option<Action> {
        (self.variant.length != Length::Game && !self.is_over()).then_some(Action::RESIGN)
    }

    /// Explains the refusal with the rule that forbids the action.
    fn check(&self, action: Action) -> Result<(), IllegalAction> {
        self.explain(action)
            .map_err(|reason| IllegalAction::new(action.to_string(), reason))
    }

    fn play(&mut self, action: Action, events: &mut impl Events<MurEvent>) {
        self.perform(action, events);
    }

    fn outcome(&self) -> Option<Outcome> {
        self.ending.map(|ending| self.outcome_of(ending))
    }

    fn position_hash(&self) -> u64 {
        self.compute_hash()
    }

    /// Reads the notation of mur §1.12; a bare point `a1` reads as the placement `*a1` where
    /// that is the only thing it can mean (see [`Mur::read_bare_point`]).
    fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        text.parse()
            .or_else(|error| self.read_bare_point(text, error))
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn from_position(variant: &MurVariant, text: &str) -> Result<Self, PositionError> {
        Self::read_text(variant, text)
    }

    fn diagram(&self) -> String {
        self.picture()
    }
}
