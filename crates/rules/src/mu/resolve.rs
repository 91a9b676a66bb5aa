//! Chain reactions (mu §2.8) and oscillation (mu §2.9).
//!
//! After a move lands, every hot cell must explode. The mover chooses the order, but muster asks
//! only when different orders can end differently ([`choice_matters`]); otherwise it explodes
//! the canonical cell (smallest row, then smallest column) and reports each step.
//!
//! An oscillation is found by an exact repeated state, never by counting men. The [`Trail`]
//! keeps the fingerprint of every state since the last irreversible explosion (a Virgin cell
//! changing layer, or a capture of more than one man) together with a log of the writes, so a
//! fingerprint hit is confirmed by comparing the cells written since, and the cost stays
//! proportional to the cells the chain touched.

use super::board::{Board, CellState, Fingerprint, Layer};
use super::explode::{explode, Log};
use super::geometry::Cell;

pub use super::order::{
    choice_matters, choice_matters_in_place, judge_order_in_place, Judgement, EXPLORATION_LIMIT,
};

/// The explosions since the last irreversible one (or since the move, or since an oscillation
/// was handled), with the states they passed through.
#[derive(Clone, Debug, Default)]
pub struct Trail {
    /// `states[j]` is the fingerprint of the state before step `j`; the last is the current one.
    states: Vec<Fingerprint>,
    /// The cell fired at each step.
    fired: Vec<Cell>,
    /// The writes of all steps, with old values.
    log: Log,
    /// Where each step's writes start in `log`.
    marks: Vec<usize>,
}

impl PartialEq for Trail {
    fn eq(&self, other: &Self) -> bool {
        self.fired == other.fired && self.log == other.log && self.marks == other.marks
    }
}

impl Eq for Trail {}

impl std::hash::Hash for Trail {
    fn hash<H: std::hash::Hasher>(&self, state: &mut H) {
        self.fired.hash(state);
        self.log.hash(state);
        self.marks.hash(state);
    }
}

impl Trail {
    /// Starts afresh from the current state.
    pub fn reset(&mut self, current: Fingerprint) {
        self.states.clear();
        self.states.push(current);
        self.fired.clear();
        self.log.clear();
        self.marks.clear();
    }

    /// Forgets everything (the board is at rest).
    pub fn clear(&mut self) {
        self.states.clear();
        self.fired.clear();
        self.log.clear();
        self.marks.clear();
    }

    /// Whether no explosion is remembered.
    pub fn is_empty(&self) -> bool {
        self.fired.is_empty()
    }

    /// The fingerprints of the remembered states, the current one last.
    pub fn states(&self) -> &[Fingerprint] {
        &self.states
    }

    /// The remembered steps: each fired cell with the old values of the cells it wrote.
    pub fn steps(&self) -> impl Iterator<Item = (Cell, &[(Cell, CellState)])> {
        self.fired.iter().enumerate().map(move |(j, &cell)| {
            let end = self.marks.get(j + 1).copied().unwrap_or(self.log.len());
            (cell, &self.log[self.marks[j]..end])
        })
    }

    /// Rebuilds a trail from its steps, given the board as it is now: the earlier states'
    /// fingerprints are found by undoing the steps on a copy.
    pub fn rebuild(board: &Board, steps: Vec<(Cell, Vec<(Cell, CellState)>)>) -> Trail {
        let mut trail = Trail::default();
        for (cell, writes) in steps {
            trail.fired.push(cell);
            trail.marks.push(trail.log.len());
            trail.log.extend(writes);
        }
        let mut scratch = board.clone();
        let mut states = vec![scratch.fingerprint()];
        for j in (0..trail.fired.len()).rev() {
            let end = trail.marks.get(j + 1).copied().unwrap_or(trail.log.len());
            for &(cell, old) in trail.log[trail.marks[j]..end].iter().rev() {
                scratch.set(cell, old, None);
            }
            states.push(scratch.fingerprint());
        }
        states.reverse();
        trail.states = states;
        trail
    }

    /// Begins a step that fires `cell`; its writes go to [`Trail::log_mut`].
    fn begin(&mut self, cell: Cell) {
        self.fired.push(cell);
        self.marks.push(self.log.len());
    }

    fn log_mut(&mut self) -> &mut Log {
        &mut self.log
    }

    /// After a reversible step: the index of the earlier identical state, if the board now
    /// repeats one, confirmed cell by cell; otherwise the state is remembered.
    fn repeat(&mut self, board: &Board) -> Option<usize> {
        let now = board.fingerprint();
        let hit = self
            .states
            .iter()
            .position(|&s| s == now)
            .filter(|&i| self.same_as_state(board, i));
        if hit.is_none() {
            self.states.push(now);
        }
        hit
    }

    /// Whether the board equals remembered state `i`: every cell written since then holds
    /// the value it had then (its first logged old value).
    fn same_as_state(&self, board: &Board, i: usize) -> bool {
        let mut checked: Vec<Cell> = Vec::new();
        self.log[self.marks[i]..].iter().all(|&(cell, old)| {
            if checked.contains(&cell) {
                return true;
            }
            checked.push(cell);
            board.get(cell) == old
        })
    }

    /// The cells fired since state `i` (the cycle).
    fn fired_since(&self, i: usize) -> Vec<Cell> {
        self.fired[i..].to_vec()
    }
}

/// What one explosion step led to.
pub enum Step {
    /// Nothing special: resolution goes on.
    Continue,
    /// The state repeats: these cells exploded inside the cycle.
    Cycle(Vec<Cell>),
}

/// Fires `x` on `board`, keeping the trail. The caller has checked that `x` is productive.
pub fn fire(
    board: &mut Board,
    trail: &mut Trail,
    x: Cell,
    events: &mut impl crate::game::Events<super::events::MuEvent>,
) -> Step {
    if trail.states.is_empty() {
        trail.reset(board.fingerprint());
    }
    trail.begin(x);
    let irreversible = explode(board, x, Some(trail.log_mut()), events);
    if irreversible {
        trail.reset(board.fingerprint());
        return Step::Continue;
    }
    match trail.repeat(board) {
        Some(i) => Step::Cycle(trail.fired_since(i)),
        None => Step::Continue,
    }
}

/// The hot cells among `candidates` that are not frozen, sorted canonically, without repeats.
pub fn hot_cells(board: &Board, candidates: &[Cell], frozen: &[Cell]) -> Vec<Cell> {
    let mut hot = Vec::new();
    hot_cells_into(board, candidates, frozen, &mut hot);
    hot
}

/// [`hot_cells`] written into `hot` (cleared first), to reuse its room.
pub fn hot_cells_into(board: &Board, candidates: &[Cell], frozen: &[Cell], hot: &mut Vec<Cell>) {
    hot.clear();
    hot.extend(
        candidates
            .iter()
            .copied()
            .filter(|&c| board.is_hot(c) && !frozen.contains(&c)),
    );
    let geometry = board.geometry();
    // Ranks are distinct per cell, so repeats of a cell end up side by side.
    hot.sort_unstable_by_key(|&c| geometry.rank(c));
    hot.dedup();
}

/// Every hot cell of the board that is not frozen, sorted canonically.
pub fn all_hot_cells(board: &Board, frozen: &[Cell]) -> Vec<Cell> {
    let all: Vec<Cell> = board.geometry().all_cells().collect();
    hot_cells(board, &all, frozen)
}

/// The cells whose heat can change when `x` explodes: `x` and its neighbours.
pub fn touched(board: &Board, x: Cell, out: &mut Vec<Cell>) {
    out.push(x);
    out.extend(board.geometry().neighbours(x));
}

/// The cells of the sections (Commonwealth or Wall components) containing `seeds`, sorted.
pub fn sections_of(board: &Board, seeds: &[Cell]) -> Vec<Cell> {
    let mut cells: Vec<Cell> = Vec::new();
    for &seed in seeds {
        if board.get(seed).layer == Layer::Virgin || cells.contains(&seed) {
            continue;
        }
        cells.extend(board.component(seed));
    }
    cells.sort();
    cells.dedup();
    cells
}
