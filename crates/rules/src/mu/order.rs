//! Whether the order of a chain reaction's explosions matters (mu §2.8 "When to ask the
//! player"): every order is explored on the board itself, and undone afterwards.

use super::board::{Board, Fingerprint, Totals};
use super::explode::{explode, Log};
use super::fpset::FingerprintSet;
use super::geometry::Cell;
use super::resolve::{touched, Trail};

/// How far [`choice_matters`] explores before it gives up and asks the player anyway.
pub const EXPLORATION_LIMIT: usize = 4096;

/// Whether different orders of the remaining explosions can end in different states (mu §2.8
/// "When to ask the player"). Explores every order depth-first with a visited set of exact
/// states. Conservative: a reachable cycle, or more than [`EXPLORATION_LIMIT`] states, counts
/// as "it matters" — asking when it does not is harmless, failing to ask when it does is not.
///
/// The answer is a property of the graph of states reachable from the board, whatever order
/// the walk takes: yes exactly when that graph holds a cycle (or returns to a state of the
/// trail), has more than one final state, or has more than [`EXPLORATION_LIMIT`] states besides
/// the board's own. So before the full walk, one quick dive that always fires the last
/// productive cell (the walk's own first dive fires the first) may already find a cycle, a
/// second final state or too long a chain, and answer without the walk.
///
/// The depth-first walk keeps its path on the heap, not on the call stack: a path may be as
/// long as [`EXPLORATION_LIMIT`] explosions, which would overflow a thread's stack.
pub fn choice_matters(board: &Board, hot: &[Cell], frozen: &[Cell], trail: &Trail) -> bool {
    choice_matters_in_place(&mut board.clone(), hot, frozen, trail)
}

/// [`choice_matters`] explored on `board` itself, which is left exactly as it was found (its
/// cells, totals and section labels), so nothing needs to be copied.
pub fn choice_matters_in_place(
    board: &mut Board,
    hot: &[Cell],
    frozen: &[Cell],
    trail: &Trail,
) -> bool {
    judge_order_in_place(board, hot, frozen, trail).matters
}

/// What [`judge_order_in_place`] found, and what finding it took.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Judgement {
    /// Whether the order matters ([`choice_matters`]).
    pub matters: bool,
    /// The explosions the exploration set off (and undid): its cost, which in a crowded
    /// position can reach many times that of the move itself.
    pub explosions: u32,
}

/// [`choice_matters_in_place`], telling also how many explosions the exploration took.
pub fn judge_order_in_place(
    board: &mut Board,
    hot: &[Cell],
    frozen: &[Cell],
    trail: &Trail,
) -> Judgement {
    #[cfg(test)]
    let before = board.clone();
    let judgement = search_orders(board, hot, frozen, trail, true);
    #[cfg(test)]
    check_against_the_walk_alone(&before, board, hot, frozen, trail, judgement.matters);
    judgement
}

/// Checks (in tests) that the board was left as it was found, and that the full walk alone,
/// without the dive first, gives the same answer.
#[cfg(test)]
fn check_against_the_walk_alone(
    before: &Board,
    after: &Board,
    hot: &[Cell],
    frozen: &[Cell],
    trail: &Trail,
    matters: bool,
) {
    assert!(
        after.same_in_every_field(before),
        "the search changed the board"
    );
    let walk_alone = search_orders(&mut before.clone(), hot, frozen, trail, false);
    assert_eq!(walk_alone.matters, matters, "the dive changed the answer");
}

/// The search behind [`choice_matters_in_place`], with or without the dive first.
fn search_orders(
    board: &mut Board,
    hot: &[Cell],
    frozen: &[Cell],
    trail: &Trail,
    dive_first: bool,
) -> Judgement {
    let totals = board.totals();
    let labels = board.labels_issued();
    let mut on_path = FingerprintSet::default();
    for &s in trail.states() {
        on_path.insert(s);
    }
    on_path.insert(board.fingerprint());
    let mut search = Search {
        board,
        frozen,
        on_path,
        visited: FingerprintSet::default(),
        finals: FingerprintSet::default(),
        log: Vec::new(),
        cells: Vec::new(),
        candidates: hot.to_vec(),
        explosions: 0,
    };
    let found = if dive_first {
        search.dive_last().and_then(|()| search.explore())
    } else {
        search.explore()
    };
    let matters = found.is_err();
    let explosions = search.explosions;
    let mut log = std::mem::take(&mut search.log);
    board.rewind(&mut log, 0, totals);
    board.take_back_labels(labels);
    Judgement {
        matters,
        explosions,
    }
}

struct Search<'a> {
    board: &'a mut Board,
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
    /// The explosions set off so far.
    explosions: u32,
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
    /// [`hot_cells`](super::resolve::hot_cells), kept on [`Search::cells`].
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

    /// Fires the last productive hot cell, again and again, until the board is final, and
    /// undoes it all. A final state reached joins [`Search::finals`]; a state seen before on
    /// the way (or on the trail), a second final state or a dive longer than
    /// [`EXPLORATION_LIMIT`] means the order matters (see [`choice_matters`]).
    fn dive_last(&mut self) -> Result<(), Matters> {
        let start = (
            self.log.len(),
            self.board.totals(),
            self.board.labels_issued(),
        );
        let root_candidates = self.candidates.clone();
        let mut path = Vec::new();
        let mut result = Ok(());
        loop {
            let frame = match self.enter() {
                Ok(Some(frame)) => frame,
                Ok(None) => break,
                Err(matters) => {
                    result = Err(matters);
                    break;
                }
            };
            let x = self.cells[frame.end - 1];
            self.explosions += 1;
            explode(
                self.board,
                x,
                Some(&mut self.log),
                &mut crate::game::NoEvents,
            );
            let fp = self.board.fingerprint();
            if path.len() >= EXPLORATION_LIMIT || !self.on_path.insert(fp) {
                result = Err(Matters);
                break;
            }
            path.push(fp);
            self.candidates.clear();
            self.candidates
                .extend_from_slice(&self.cells[frame.hot..frame.productive]);
            touched(self.board, x, &mut self.candidates);
            self.cells.truncate(frame.hot);
        }
        for fp in path {
            self.on_path.remove(fp);
        }
        self.cells.clear();
        self.candidates = root_candidates;
        let (mark, totals, labels) = start;
        self.board.rewind(&mut self.log, mark, totals);
        self.board.take_back_labels(labels);
        result
    }

    fn explore(&mut self) -> Result<(), Matters> {
        let mut path: Vec<Frame> = self.enter()?.into_iter().collect();
        while let Some(top) = path.last_mut() {
            if let Some((mark, totals)) = top.undo.take() {
                self.board.rewind(&mut self.log, mark, totals);
            }
            if top.next == top.end {
                if let Some(fp) = top.fingerprint {
                    self.on_path.remove(fp);
                }
                self.cells.truncate(top.hot);
                path.pop();
                continue;
            }
            let x = self.cells[top.next];
            top.next += 1;
            top.undo = Some((self.log.len(), self.board.totals()));
            self.explosions += 1;
            explode(
                self.board,
                x,
                Some(&mut self.log),
                &mut crate::game::NoEvents,
            );
            let fp = self.board.fingerprint();
            if self.on_path.contains(fp) {
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
            touched(self.board, x, &mut self.candidates);
            self.on_path.insert(fp);
            match self.enter()? {
                Some(frame) => path.push(Frame {
                    fingerprint: Some(fp),
                    ..frame
                }),
                None => {
                    self.on_path.remove(fp);
                }
            }
        }
        Ok(())
    }
}
