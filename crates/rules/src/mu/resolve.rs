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

use std::collections::HashSet;
use std::hash::{BuildHasherDefault, Hasher};

use super::board::{Board, CellState, Fingerprint, Layer, Totals};
use super::explode::{explode, Log};
use super::geometry::Cell;

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

/// A hasher for fingerprints, which are already uniformly spread: it folds the two halves.
#[derive(Default)]
struct FoldHasher(u64);

impl Hasher for FoldHasher {
    #[inline]
    fn write_u128(&mut self, i: u128) {
        self.0 ^= i as u64 ^ (i >> 64) as u64;
    }

    fn write(&mut self, bytes: &[u8]) {
        for &b in bytes {
            self.0 = (self.0 ^ u64::from(b)).wrapping_mul(0x0100_0000_01b3);
        }
    }

    #[inline]
    fn finish(&self) -> u64 {
        self.0
    }
}

/// A set of board fingerprints.
type FingerprintSet = HashSet<Fingerprint, BuildHasherDefault<FoldHasher>>;

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

/// How far [`choice_matters`] explores before it gives up and asks the player anyway.
pub const EXPLORATION_LIMIT: usize = 4096;

/// Whether different orders of the remaining explosions can end in different states (mu §2.8
/// "When to ask the player"). Explores every order depth-first with a visited set of exact
/// states. Conservative: a reachable cycle, or more than [`EXPLORATION_LIMIT`] states, counts
/// as "it matters" — asking when it does not is harmless, failing to ask when it does is not.
///
/// The depth-first walk keeps its path on the heap, not on the call stack: a path may be as
/// long as [`EXPLORATION_LIMIT`] explosions, which would overflow a thread's stack.
pub fn choice_matters(board: &Board, hot: &[Cell], frozen: &[Cell], trail: &Trail) -> bool {
    let mut on_path =
        FingerprintSet::with_capacity_and_hasher(trail.states().len() + 32, Default::default());
    on_path.extend(trail.states().iter().copied());
    let mut search = Search {
        board: board.clone(),
        frozen,
        on_path,
        visited: FingerprintSet::with_capacity_and_hasher(64, Default::default()),
        finals: FingerprintSet::with_capacity_and_hasher(4, Default::default()),
        log: Vec::new(),
        cells: Vec::new(),
        candidates: hot.to_vec(),
    };
    search.on_path.insert(board.fingerprint());
    search.explore().is_err()
}

struct Search<'a> {
    board: Board,
    frozen: &'a [Cell],
    on_path: FingerprintSet,
    visited: FingerprintSet,
    finals: FingerprintSet,
    log: Log,
    /// The hot cells, then the productive ones, of every frame on the path, one frame after
    /// the other (frames are left in the reverse order they are entered).
    cells: Vec<Cell>,
    /// The cells whose heat decides the next state entered.
    candidates: Vec<Cell>,
}

/// The exploration found that the order matters.
struct Matters;

/// One state on the depth-first path: where its hot cells and its productive ones (those still
/// to try) stand in [`Search::cells`], and how to leave it again.
struct Frame {
    /// `cells[hot..productive]` are the state's hot cells, sorted canonically.
    hot: usize,
    /// `cells[productive..end]` are its productive hot cells.
    productive: usize,
    end: usize,
    /// The next productive cell to try.
    next: usize,
    /// Where the log and the board's totals stood before the explosion being explored from
    /// here, to undo it.
    undo: Option<(usize, Totals)>,
    /// The state's fingerprint, taken off the path when the frame is left (`None`: the root,
    /// whose state stays on the path).
    fingerprint: Option<Fingerprint>,
}

impl Search<'_> {
    /// A state whose heat is judged from [`Search::candidates`]: `None` when it is final (no
    /// productive hot cell), a frame to explore otherwise. Its cells are those of
    /// [`hot_cells`], kept on [`Search::cells`].
    fn enter(&mut self) -> Result<Option<Frame>, Matters> {
        let hot = self.cells.len();
        for &c in &self.candidates {
            if self.board.is_hot(c) && !self.frozen.contains(&c) {
                self.cells.push(c);
            }
        }
        let geometry = self.board.geometry();
        self.cells[hot..].sort_unstable_by_key(|&c| geometry.rank(c));
        let mut kept = hot;
        for i in hot..self.cells.len() {
            if kept == hot || self.cells[i] != self.cells[kept - 1] {
                self.cells[kept] = self.cells[i];
                kept += 1;
            }
        }
        self.cells.truncate(kept);
        let productive = self.cells.len();
        for i in hot..productive {
            let c = self.cells[i];
            if self.board.is_productive(c) {
                self.cells.push(c);
            }
        }
        let end = self.cells.len();
        if end == productive {
            self.cells.truncate(hot);
            self.finals.insert(self.board.fingerprint());
            return if self.finals.len() > 1 {
                Err(Matters)
            } else {
                Ok(None)
            };
        }
        Ok(Some(Frame {
            hot,
            productive,
            end,
            next: productive,
            undo: None,
            fingerprint: None,
        }))
    }

    fn explore(&mut self) -> Result<(), Matters> {
        let mut path: Vec<Frame> = self.enter()?.into_iter().collect();
        while let Some(top) = path.last_mut() {
            if let Some((mark, totals)) = top.undo.take() {
                self.board.rewind(&mut self.log, mark, totals);
            }
            if top.next == top.end {
                if let Some(fp) = top.fingerprint {
                    self.on_path.remove(&fp);
                }
                self.cells.truncate(top.hot);
                path.pop();
                continue;
            }
            let x = self.cells[top.next];
            top.next += 1;
            top.undo = Some((self.log.len(), self.board.totals()));
            explode(
                &mut self.board,
                x,
                Some(&mut self.log),
                &mut crate::game::NoEvents,
            );
            let fp = self.board.fingerprint();
            if self.on_path.contains(&fp) {
                return Err(Matters);
            }
            if !self.visited.insert(fp) {
                continue;
            }
            if self.visited.len() > EXPLORATION_LIMIT {
                return Err(Matters);
            }
            self.candidates.clear();
            self.candidates
                .extend_from_slice(&self.cells[top.hot..top.productive]);
            touched(&self.board, x, &mut self.candidates);
            self.on_path.insert(fp);
            match self.enter()? {
                Some(frame) => path.push(Frame {
                    fingerprint: Some(fp),
                    ..frame
                }),
                None => {
                    self.on_path.remove(&fp);
                }
            }
        }
        Ok(())
    }
}
