//! The MuTou position: surface, pieces, wafers, the phase and the turn in progress.

use std::sync::Arc;

use super::actions::{CallMode, Spin};
use super::pieces::{Piece, Power, Shakken};
use super::surface::{Surface, TesselId, VertexId};
use super::variant::{MuTouVariant, Tier};

/// Where the game is (mutou D3).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Phase {
    /// The first player chooses the tier.
    ChooseTier,
    /// Cutting: this seat claims a zone (S22).
    Claim(u8),
    /// Setting out: this seat puts its shakken on its bases, in secret (S23).
    SetOut(u8),
    /// Turns.
    Play,
    /// The game is over.
    Over(End),
}

/// Why the game ended.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum End {
    /// One player (or none) still has a blood shak in play (S24).
    Survivor,
    /// Every active player accepted a proposal to stop (D19).
    Agreed,
    /// The turn cap was reached (not a rule).
    TurnCap,
}

/// The category of a turn's units (S15).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Category {
    /// Moving pieces.
    Move,
    /// Altering pieces.
    Alter,
    /// Altering the playing area.
    Area,
}

/// A piece's record within the current turn (D14).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub struct Moved {
    /// Where the piece stands now.
    pub at: TesselId,
    /// Uses left in the current allowance, by power (W, A, J, R, B).
    pub left: [u8; 5],
    /// A capture or change of allegiance ended its movement (D16).
    pub ended: bool,
}

/// The unit a call window follows (D8), naming what a choice would act on.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Unit {
    /// A piece moved (or was moved by Rand); it stands here now.
    Piece(TesselId),
    /// A shak moved between the pieces on these tessels.
    Alter(TesselId, TesselId),
    /// An alteration of the playing area.
    Area,
}

/// Why a piece is moving by Rand.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RandCause {
    /// The mover used a Rand shak.
    Shak,
    /// A choice: this many further Rand moves follow this one (S17).
    Choice(u8),
}

/// The stage of a Rand move (S11, D10).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum RandStage {
    /// The prior player picks the start vertex and direction.
    Gate,
    /// Chance: the prior player's roll counts round the tessel.
    Count(VertexId, Spin),
    /// Chance: the next player's roll gives the number of crossings through this gate.
    Steps(Gate),
    /// The mover picks among equally far destinations.
    Tie(Gate, u8),
}

/// Where a Rand count ended: the edge or vertex every walk must cross first (D10 (2)).
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Gate {
    /// An edge, given as the index of the edge in the tessel's boundary.
    Edge(u8),
    /// A vertex, given as its index in the tessel's boundary.
    Vertex(u8),
}

/// A decision owed by someone other than the mover, or a sub-step of the mover's turn.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug)]
pub enum Pending {
    /// The mover decides the next unit, or ends the turn.
    Free,
    /// The mover may take shakken from a removed piece onto `to` (S20), then the window.
    Transfer {
        /// The piece that stays in play.
        to: TesselId,
        /// What can still be taken (blood excluded, D13).
        from: Shakken,
        /// The unit whose call window follows (none after a change of allegiance: the piece
        /// that moved has left play).
        unit: Option<Unit>,
    },
    /// A call window (D8): `seat` decides whether to call.
    Window {
        /// The unit just completed.
        unit: Unit,
        /// The seat asked now.
        seat: u8,
    },
    /// Chance rolls the called choice.
    Roll {
        /// Who called.
        caller: u8,
        /// How.
        mode: CallMode,
        /// On what.
        unit: Unit,
    },
    /// A Rand move of the piece on `piece`.
    Rand {
        /// The moving piece's tessel.
        piece: TesselId,
        /// Why it moves.
        cause: RandCause,
        /// How far the move has got.
        stage: RandStage,
    },
    /// A heap after a choice on an alteration (S17): `caller` hands out up to `left`, then the
    /// mover hands out the rest.
    Heap {
        /// The two pieces' tessels.
        pieces: [TesselId; 2],
        /// The heaped shakken still to hand out.
        heap: Shakken,
        /// The caller.
        caller: u8,
        /// How many the caller may still hand out; `None` once the mover hands out.
        left: Option<u8>,
    },
    /// A choice on an area alteration: `caller` inserts up to `left` alterations (S17).
    Insert {
        /// The caller.
        caller: u8,
        /// How many more it may insert.
        left: u8,
    },
    /// A proposal to stop (D19): `seat` answers.
    Proposal {
        /// The seat asked now.
        seat: u8,
    },
}

/// The turn in progress.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct Turn {
    /// Whose turn it is.
    pub mover: u8,
    /// Turns begun since play started, this one included.
    pub number: u32,
    /// U: the mover's wafers when the turn began (S15).
    pub budget: u16,
    /// Units spent.
    pub spent: u16,
    /// The category of the units so far; `None` before the first.
    pub category: Option<Category>,
    /// How many pieces have started moving this turn (D14: all but the first cost a wafer).
    pub started: u8,
    /// Pieces moved this turn.
    pub moved: Vec<Moved>,
    /// Pieces whose allegiance changed this turn: they do not act (D16).
    pub frozen: Vec<TesselId>,
    /// A proposal to stop was refused this turn.
    pub refused: bool,
    /// What is being decided.
    pub pending: Pending,
}

impl Turn {
    /// A fresh turn: nothing spent, nothing moved, the mover to decide.
    pub(super) fn new(mover: u8, number: u32, budget: u16) -> Turn {
        Turn {
            mover,
            number,
            budget,
            spent: 0,
            category: None,
            started: 0,
            moved: Vec::new(),
            frozen: Vec::new(),
            refused: false,
            pending: Pending::Free,
        }
    }
}

/// One seat's holdings.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Default)]
pub struct SeatState {
    /// Wafers on the power piece.
    pub wafers: u16,
    /// Banked entitlements (S16, D15).
    pub banked: u16,
    /// The zone claimed (S22).
    pub zone: Option<u8>,
    /// Shakken still to set out (S23).
    pub pool: Shakken,
    /// The order in which the seat was eliminated (1 = first out).
    pub out: Option<u8>,
}

/// A MuTou position.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct MuTou {
    pub(super) variant: MuTouVariant,
    pub(super) tier: Option<Tier>,
    pub(super) surface: Option<Arc<Surface>>,
    pub(super) zones: Arc<Vec<Vec<TesselId>>>,
    pub(super) stands: Arc<Vec<Vec<TesselId>>>,
    /// The piece on each tessel, indexed by tessel id.
    pub(super) cells: Vec<Option<Piece>>,
    pub(super) seat: Vec<SeatState>,
    /// Wafers in the supply (S4).
    pub(super) supply: u16,
    pub(super) phase: Phase,
    pub(super) turn: Turn,
}

impl MuTou {
    /// Hashes everything but the variant, with the surface by its edit log (the rest of it
    /// follows from the variant, the seats and the tier).
    pub(super) fn hash_fields<H: std::hash::Hasher>(&self, state: &mut H) {
        use std::hash::Hash;
        self.tier.hash(state);
        if let Some(s) = &self.surface {
            s.edit_log().hash(state);
        }
        self.cells.hash(state);
        self.seat.hash(state);
        self.supply.hash(state);
        self.phase.hash(state);
        self.turn.hash(state);
    }
}

impl MuTou {
    /// The surface. Panics only before the tier is chosen, when there is none.
    pub fn surface(&self) -> &Surface {
        self.surface
            .as_deref()
            .expect("the surface exists once the tier is settled")
    }

    /// The surface, if the tier is settled.
    pub fn surface_opt(&self) -> Option<&Surface> {
        self.surface.as_deref()
    }

    /// The tier, once settled.
    pub fn tier(&self) -> Option<Tier> {
        self.tier
    }

    /// The phase.
    pub fn phase(&self) -> Phase {
        self.phase
    }

    /// The turn in progress (meaningful in play).
    pub fn turn(&self) -> &Turn {
        &self.turn
    }

    /// One seat's holdings.
    pub fn seat_state(&self, seat: u8) -> &SeatState {
        &self.seat[usize::from(seat)]
    }

    /// Wafers in the supply.
    pub fn supply(&self) -> u16 {
        self.supply
    }

    /// The zones (tessels per zone) and stands (per zone).
    pub fn zones(&self) -> (&[Vec<TesselId>], &[Vec<TesselId>]) {
        (&self.zones, &self.stands)
    }

    /// The piece on a tessel.
    pub fn piece(&self, t: TesselId) -> Option<&Piece> {
        self.cells.get(usize::from(t.0)).and_then(Option::as_ref)
    }

    /// Every piece, by tessel id.
    pub fn pieces(&self) -> impl Iterator<Item = &Piece> + '_ {
        self.cells.iter().flatten()
    }

    /// The tessel name on the surface (`t<id>` before there is one).
    pub fn name(&self, t: TesselId) -> String {
        match &self.surface {
            Some(s) if s.is_live(t) => s.name(t),
            _ => format!("t{}", t.0),
        }
    }

    /// Whether a seat is still in the game.
    pub fn is_active(&self, seat: u8) -> bool {
        self.seat[usize::from(seat)].out.is_none()
    }

    /// How many seats are still in.
    pub fn active_count(&self) -> usize {
        self.seat.iter().filter(|s| s.out.is_none()).count()
    }

    /// The number of seats.
    pub fn seat_count(&self) -> u8 {
        self.seat.len() as u8
    }

    /// The nearest active seat after `seat` in turn order (D12); `seat` itself if alone.
    pub fn next_active(&self, seat: u8) -> u8 {
        let n = self.seat_count();
        (1..=n)
            .map(|k| (seat + k) % n)
            .find(|&s| self.is_active(s))
            .unwrap_or(seat)
    }

    /// The nearest active seat before `seat` in turn order (D12).
    pub fn prior_active(&self, seat: u8) -> u8 {
        let n = self.seat_count();
        (1..=n)
            .map(|k| (seat + n - k) % n)
            .find(|&s| self.is_active(s))
            .unwrap_or(seat)
    }

    /// How many of a seat's own-allegiance pieces carry its own blood (D13).
    pub fn survival(&self, seat: u8) -> usize {
        self.pieces()
            .filter(|p| p.owner == seat && p.gives_survival())
            .count()
    }

    /// The record of a piece moved this turn.
    pub fn moved(&self, at: TesselId) -> Option<&Moved> {
        self.turn.moved.iter().find(|m| m.at == at)
    }

    /// The units left this turn.
    pub fn units_left(&self) -> u16 {
        self.turn.budget.saturating_sub(self.turn.spent)
    }

    pub(super) fn cell_mut(&mut self, t: TesselId) -> &mut Option<Piece> {
        let i = usize::from(t.0);
        if self.cells.len() <= i {
            self.cells.resize(i + 1, None);
        }
        &mut self.cells[i]
    }

    /// Moves the piece on `from` to the empty tessel `to`, with its turn records.
    pub(super) fn relocate(&mut self, from: TesselId, to: TesselId) {
        if from == to {
            return;
        }
        let mut piece = self.cell_mut(from).take().expect("a piece to move");
        piece.at = to;
        *self.cell_mut(to) = Some(piece);
        for m in &mut self.turn.moved {
            if m.at == from {
                m.at = to;
            }
        }
        for f in &mut self.turn.frozen {
            if *f == from {
                *f = to;
            }
        }
    }

    /// Takes the piece on `at` off the board, with its turn records.
    pub(super) fn lift(&mut self, at: TesselId) -> Piece {
        self.turn.moved.retain(|m| m.at != at);
        self.turn.frozen.retain(|f| *f != at);
        self.cell_mut(at).take().expect("a piece to lift")
    }

    /// The uses a piece's stack gives in one allowance, by power.
    pub(super) fn allowance(piece: &Piece) -> [u8; 5] {
        Power::ALL.map(|p| piece.shakken.uses(p))
    }
}
