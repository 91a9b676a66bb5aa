//! # Mu (Christian Freeling, MindSports): multi-player Mu, Mu levis, Mu velox
//!
//! A territory game on a board the players build from 7-cell segments. Every cell starts under
//! a top layer, Virginity; explosions uncover the Commonwealth (the territory) and raise the Wall
//! between its sections. The project's rules specification is `mu` (cited below as §2.x, with
//! its readings A1–A19); the player-facing text is `docs/rules/mu.md`.
//!
//! ```
//! use muster_rules::mu::{Mu, MuVariant};
//! use muster_rules::{Game, Variant};
//!
//! // The specification's board T3 with Red on segment A and Purple on segment C (example E1).
//! let variant = MuVariant::parse_text("levis start=t3")?;
//! let mut game = Mu::new(&variant, 2)?;
//! let mut events = Vec::new();
//! game.apply(game.parse_action("A0 w 1")?, &mut events)?; // R2 on a capacity-3 cell: calm
//! game.apply(game.parse_action("pass")?, &mut events)?;
//! game.apply(game.parse_action("A3 sw 1")?, &mut events)?; // R3 on it: a chain reaction
//! assert_eq!(game.cell_text("A4"), "CR1"); // exploded, became Commonwealth, sprouted
//! assert_eq!(game.cell_text("A5"), "CR1");
//! assert!(events.iter().any(|e| e.to_string() == "A4 becomes Commonwealth: a new section"));
//! # Ok::<(), Box<dyn std::error::Error>>(())
//! ```
//!
//! ## The rules, as implemented
//!
//! * **Board** (§2.1–2.2). Pointy-top hexes in axial coordinates; segments are numbered (and
//!   lettered A, B, …) in placement order, and a cell is named by its segment and its place in the
//!   rosette: 0 the centre, 1–6 east, north-east, north-west, west, south-west, south-east. A new
//!   segment may not overlap the board and needs two of its cells next to it; the first goes at
//!   `0,0`.
//! * **Opening** (§2.2–2.3, A15). Seats lay out segments in turn, each with a marker man on its
//!   centre; then, in the same order, each clears one of its marked segments until every seat has
//!   one left, which is filled with seven single men. Seat 1 (Red) opens every phase. Options
//!   `start=random|t3|duel|arena` skip the protocol.
//! * **Layers** (§2.5). Capacity: V counts V neighbours, C counts V and C, W counts W. V and C
//!   cells are hot at or over capacity, W cells over it; an empty cell is never hot (A10).
//! * **Explosion** (§2.6). A V cell decides first: touching two sections it becomes W, else C
//!   (joining its section or starting one). Then one man to each target (capture by
//!   replacement), the overcapacity stays, a new C cell sprouts one man of the exploding colour.
//! * **Chain reactions** (§2.8). Compulsory; the mover orders them, asked only when the order can
//!   change the result, otherwise the canonical order (row, then column). C or W cells of
//!   capacity 0 are left while productive explosions remain.
//! * **Oscillation** (§2.8–2.9). A repeated exact state since the last irreversible explosion,
//!   or nothing but capacity-0 cells hot. Levis (`oscillation=removal`): the mover takes men off
//!   hot cells of the section one at a time (automatic with one such cell, or when none can hold
//!   a man). Multi (`oscillation=trim`): W cells trimmed to capacity, C cells to capacity − 1,
//!   right away (`trim_timing=after-move`) or at the end of the turn (`end-of-turn`).
//! * **Moves** (§2.10). The top k men of a stack move exactly k cells in a straight line, never
//!   over or onto Out of Bounds. From V or C: never onto W, over W only where it holds one's own
//!   stack. From W: anywhere. Landing merges or captures by replacement.
//! * **Turns** (§2.11). `turn=one-piece`: one move or a pass. `turn=per-segment`: one move from
//!   each segment occupied at the start of the turn, then `end` (the turn also ends by itself when
//!   no move is left); no move at all is a pass. Seats without men are skipped.
//! * **End** (§2.12). When every seat with men has passed in succession. A section with one
//!   colour is that colour's; with several, neutral; empty, it belongs to the only colour that
//!   can land a move in it (`access`). Enclosed Virginity counts with its section. Highest
//!   territory wins; equal territory shares the rank.

mod actions;
mod board;
mod count;
mod events;
mod explode;
mod fpset;
mod geometry;
mod marks;
mod movegen;
mod order;
mod play;
pub mod resolve;
mod score;
mod start;
mod targets;
mod text;
mod validate;
mod variant;
mod wire;

#[cfg(test)]
mod cross;
#[cfg(test)]
mod order_tests;
#[cfg(test)]
pub(crate) mod reference;
#[cfg(test)]
mod tests;

pub use actions::{parse_hex, MuAction};
pub use board::{CellState, Layer};
pub use events::{colour, letter, MuEvent, RemovalKind, COLOURS, LETTERS};
pub use geometry::{Cell, Dir, Geometry, Hex, Segment};
pub use score::{SectionInfo, SectionOwner};
pub use start::named_board_centres;
pub use variant::{Access, MuVariant, Order, Oscillation, Start, TrimTiming, TurnBudget};

use board::Board;
use resolve::Trail;

use crate::error::{IllegalAction, ParseError, PositionError, SetupError};
use crate::game::{Actor, Events, Game, GameInfo, Outcome, RuleRef, Seat, TurnInfo};
use crate::target::{Label, Target};

/// The phase of a game of Mu.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// Laying out segments (§2.2).
    Layout,
    /// Clearing marked segments (§2.3).
    Select,
    /// Moving.
    Play,
    /// Finished.
    Over,
}

/// A decision the mover owes inside a move.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Pending {
    /// Nothing: the board is at rest.
    Nothing,
    /// Which hot cell explodes next (the order can change the result).
    Choice,
    /// Which hot cell of an oscillating section loses a man.
    Removal,
}

/// A position of Mu.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Mu {
    variant: MuVariant,
    seats: u8,
    board: Board,
    phase: Phase,
    to_move: Seat,
    /// The segments still usable this turn (per-segment turns).
    budget: u64,
    /// Moves made this turn.
    moved: u8,
    /// Consecutive turns without a move.
    passes: u8,
    /// Turns of play so far (for the non-official cap).
    ply: u32,
    pending: Pending,
    /// Cells of oscillating sections: waiting for a removal, or frozen until the end-of-turn trim.
    osc: Vec<Cell>,
    trail: Trail,
    /// Where moves of this turn ended (`one_move_per_piece`).
    landed: Vec<Cell>,
    /// What the last action cost to play (see [`Mu::work`]); not part of the position.
    work: Work,
}

/// The explosions an action set off, fired or explored (see [`Mu::work`]). Not part of the
/// position: any two are equal and none is hashed, so two positions reached at different
/// costs are the same position.
#[derive(Clone, Copy, Debug, Default)]
struct Work(u32);

impl PartialEq for Work {
    fn eq(&self, _: &Self) -> bool {
        true
    }
}

impl Eq for Work {}

impl std::hash::Hash for Work {
    fn hash<H: std::hash::Hasher>(&self, _: &mut H) {}
}

impl Mu {
    /// What the last action played cost: the explosions it set off, those fired on the board
    /// and those the judgement of their order explored and undid (mu §2.8 "When to ask the
    /// player", which may explore thousands of states). 0 for an action that set none off, and
    /// for a position read from text. A search may count it in its budget, so that a move
    /// whose chain reaction is costly to judge weighs as what it costs. Not part of the
    /// position: it is neither compared nor hashed.
    pub fn work(&self) -> u32 {
        self.work.0
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The decision owed inside the current move, if any.
    pub fn pending(&self) -> Pending {
        self.pending
    }

    /// The board's shape.
    pub fn geometry(&self) -> &Geometry {
        self.board.geometry()
    }

    /// One cell's layer and stack.
    pub fn cell(&self, cell: Cell) -> CellState {
        self.board.get(cell)
    }

    /// A cell's capacity (§2.5).
    pub fn capacity(&self, cell: Cell) -> u16 {
        self.board.capacity(cell)
    }

    /// Whether a cell is hot (§2.5).
    pub fn is_hot(&self, cell: Cell) -> bool {
        self.board.is_hot(cell)
    }

    /// The cell's token in position text (`V`, `CR2`, `WP1`), looked up by name or coordinates;
    /// `?` for a name that is not on the board.
    pub fn cell_text(&self, name: &str) -> String {
        match actions::parse_cell(self.geometry(), name) {
            Ok(cell) => text::cell_token(self.board.get(cell)),
            Err(_) => "?".to_owned(),
        }
    }

    /// The segments the mover may still move from this turn (per-segment turns), as a bit set.
    pub fn budget(&self) -> u64 {
        self.budget
    }

    /// Moves made this turn.
    pub fn moves_this_turn(&self) -> u8 {
        self.moved
    }

    /// Consecutive turns without a move.
    pub fn passes(&self) -> u8 {
        self.passes
    }

    /// Turns of play so far.
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// Cells of sections in oscillation (waiting for a removal or for the end-of-turn trim).
    pub fn oscillating(&self) -> &[Cell] {
        &self.osc
    }

    /// The seat to move (also while the game is being set up).
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The Commonwealth section label of a cell (equal labels: the same section).
    pub fn section_of(&self, cell: Cell) -> Option<u32> {
        if self.board.get(cell).layer == Layer::Common {
            self.board.section_label(cell)
        } else {
            None
        }
    }

    /// The hot cell the canonical order would explode next (for "resolve for me").
    pub fn canonical_explosion(&self) -> Option<Cell> {
        if self.pending != Pending::Choice {
            return None;
        }
        resolve::all_hot_cells(&self.board, &self.osc)
            .into_iter()
            .find(|&c| self.board.is_productive(c))
    }
}

impl Game for Mu {
    type Action = MuAction;
    type Variant = MuVariant;
    type Event = MuEvent;

    fn action_targets(&self, action: MuAction, out: &mut Vec<Target>) -> Option<Label> {
        self.targets_of(action, out)
    }

    fn target_exists(&self, target: &Target) -> bool {
        self.has_target(target)
    }

    fn turn(&self) -> TurnInfo {
        self.turn_info()
    }

    const INFO: GameInfo = GameInfo {
        id: "mu",
        name: "Mu",
        designer: "Christian Freeling (MindSports); applet by Ed van Zon, 2012",
        min_seats: 2,
        max_seats: 8,
        default_seats: 2,
        rules_version: 1,
        has_chance: false,
        has_hidden_information: false,
        draw_by_agreement: false,
        decline: None,
    };

    fn new(variant: &MuVariant, seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        if seats > usize::from(variant.max_seats) {
            return Err(SetupError::Variant(format!(
                "this variant is played by at most {} seats, not {seats}",
                variant.max_seats
            )));
        }
        start::build(variant, seats)
    }

    fn variant(&self) -> &MuVariant {
        &self.variant
    }

    fn seats(&self) -> usize {
        usize::from(self.seats)
    }

    fn seat_name(&self, seat: Seat) -> String {
        colour(seat).to_owned()
    }

    fn actor(&self) -> Actor {
        match self.phase {
            Phase::Over => Actor::Over,
            _ => Actor::Seat(self.to_move),
        }
    }

    fn button_help(&self, word: &str) -> Option<(&'static str, RuleRef)> {
        (word == "pass").then_some((
            "pass: make no move this turn; when every seat passes in a row, the game ends",
            RuleRef("mu:2.11 pass"),
        ))
    }

    fn legal_actions(&self, out: &mut Vec<MuAction>) {
        out.clear();
        self.generate(out);
    }

    fn count_actions(&self) -> usize {
        self.count()
    }

    fn choose_action(
        &self,
        choose: impl FnOnce(usize) -> usize,
        buffer: &mut Vec<MuAction>,
    ) -> Option<MuAction> {
        self.pick(choose, buffer)
    }

    fn check(&self, action: MuAction) -> Result<(), IllegalAction> {
        self.why_illegal(action).map_or(Ok(()), |why| {
            Err(IllegalAction::new(action.to_string(), why))
        })
    }

    fn play(&mut self, action: MuAction, events: &mut impl Events<MuEvent>) {
        self.act(action, events);
    }

    fn outcome(&self) -> Option<Outcome> {
        (self.phase == Phase::Over).then(|| self.final_outcome())
    }

    fn position_hash(&self) -> u64 {
        self.hash_state(self.board.fingerprint())
    }

    fn hash_from_scratch(&self) -> u64 {
        self.hash_state(self.board.fingerprint_from_scratch())
    }

    fn check_invariants(&self) -> Result<(), String> {
        self.invariants()
    }

    fn parse_action(&self, text: &str) -> Result<MuAction, ParseError> {
        actions::parse_action(self.geometry(), text)
    }

    fn position_text(&self) -> String {
        self.write_position()
    }

    fn from_position(variant: &MuVariant, text: &str) -> Result<Self, PositionError> {
        Mu::read_position(variant, text)
    }

    fn diagram(&self) -> String {
        self.draw()
    }
}

impl Mu {
    fn hash_state(&self, fingerprint: u128) -> u64 {
        use crate::hash::mix;
        let mut h = mix(fingerprint as u64) ^ mix((fingerprint >> 64) as u64 ^ 0x5555);
        for &c in self.geometry().centres() {
            h = mix(h ^ (c.q as u16 as u64) << 16 ^ c.r as u16 as u64);
        }
        let phase = self.phase as u64;
        let pending = self.pending as u64;
        h = mix(h ^ phase << 8 ^ pending << 12 ^ u64::from(self.to_move.0) << 16);
        h = mix(h ^ self.budget);
        h = mix(h ^ u64::from(self.moved) << 8 ^ u64::from(self.passes) << 16);
        h = mix(h ^ u64::from(self.ply));
        for &c in self.osc.iter().chain(&self.landed) {
            h = mix(h ^ u64::from(c.0) ^ 0x0500_0000);
        }
        for &s in self.trail.states() {
            h = mix(h ^ s as u64);
        }
        h
    }
}
