//! One explosion (§2.6), the resolution loop (§2.8) and the handling of oscillations (§2.9).
//!
//! A resolution "path" is one order of explosions. It carries its own history: the exact boards
//! seen since the last reset (the board at the reset included) and the cells fired since then.
//! Resets happen at the start, right after an irreversible explosion (a V cell exploded, or an
//! enemy stack of height > 1 was captured) and right after an oscillation is handled.

use std::collections::{BTreeSet, HashSet};

use super::{Board, Hex, Layer, Stack};

/// How an oscillation is ended (§2.9, A3).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Oscillation {
    /// Levis: the player takes men off hot cells of the oscillating sections.
    PlayerRemoval,
    /// Multi-player: every cell of the oscillating sections is trimmed to a stable height.
    AutoTrim,
}

/// Where one order of resolution stops.
#[derive(Clone, PartialEq, Eq, Hash, Debug, PartialOrd, Ord)]
pub enum Stop {
    /// No cell is hot: the move is settled.
    Rest(Board),
    /// PlayerRemoval only: an oscillation was detected on this board; the player must take one man
    /// off one of these cells (the hot cells of the oscillating sections, §2.9).
    Removal {
        /// The board at the moment the oscillation was detected.
        board: Board,
        /// The hot cells of the oscillating sections: the player's choices.
        cells: BTreeSet<Hex>,
    },
}

/// What one explosion did.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Explosion {
    /// The exploding cell.
    pub cell: Hex,
    /// The colour of the exploding stack (also the colour of every man it drops and sprouts).
    pub owner: u8,
    /// The layer of the cell before the explosion.
    pub old_layer: Layer,
    /// The layer of the cell after the explosion (differs only for a V cell).
    pub new_layer: Layer,
    /// The targets, one man each; their number is the capacity `k`.
    pub targets: Vec<Hex>,
    /// Enemy stacks captured by replacement on the targets, as they were before the capture.
    pub captured: Vec<(Hex, Stack)>,
    /// Whether a man sprouted on the cell (a V cell that became C).
    pub sprouted: bool,
    /// V cell exploded, or an enemy stack of height > 1 was captured.
    pub irreversible: bool,
}

/// Explodes `cell` (§2.6 steps 1–5) whether or not it is hot. Panics when the cell is off the
/// board, empty, or holds fewer men than its capacity (caller bugs: a hot cell always has enough).
pub fn explode(board: &mut Board, cell: Hex) -> Explosion {
    let Some(old_layer) = board.layer(cell) else {
        panic!("explode: {cell:?} is off the board");
    };
    let Some(stack) = board.stack(cell) else {
        panic!("explode: {cell:?} is empty");
    };
    let p = stack.owner;

    // Step 1: a V cell decides its new layer first, from the sections of its C neighbours.
    let new_layer = if old_layer == Layer::V {
        let mut sections: BTreeSet<BTreeSet<Hex>> = BTreeSet::new();
        for n in board.neighbours(cell) {
            if board.layer(n) == Some(Layer::C) {
                sections.insert(board.section_of(n));
            }
        }
        if sections.len() >= 2 {
            Layer::W
        } else {
            Layer::C
        }
    } else {
        old_layer
    };

    // Step 2: k = capacity = number of targets; k men leave, one to each target.
    let targets = board.targets(cell);
    let k = targets.len() as u32;
    assert!(
        stack.height >= k,
        "explode: {cell:?} holds {} men, capacity {k}",
        stack.height
    );
    let mut captured = Vec::new();
    for &t in &targets {
        let landed = match board.stack(t) {
            None => Stack {
                owner: p,
                height: 1,
            },
            Some(s) if s.owner == p => Stack {
                owner: p,
                height: s.height + 1,
            },
            Some(s) => {
                captured.push((t, s));
                Stack {
                    owner: p,
                    height: 1,
                }
            }
        };
        board.set_stack(t, Some(landed));
    }

    // Step 3: the overcapacity stays (step 5: an empty cell loses its owner, via set_stack).
    let mut left = stack.height - k;

    // Step 4: a V cell changes layer; a new C cell sprouts one man of the exploding colour.
    let mut sprouted = false;
    if old_layer == Layer::V {
        board.set_layer(cell, new_layer);
        if new_layer == Layer::C {
            left += 1;
            sprouted = true;
        }
    }
    board.set_stack(
        cell,
        Some(Stack {
            owner: p,
            height: left,
        }),
    );

    let irreversible = old_layer == Layer::V || captured.iter().any(|(_, s)| s.height > 1);
    Explosion {
        cell,
        owner: p,
        old_layer,
        new_layer,
        targets,
        captured,
        sprouted,
        irreversible,
    }
}

/// The productive hot cells: hot cells minus C/W cells of capacity 0 (whose "explosion" would
/// change nothing).
pub fn productive_hot_cells(board: &Board) -> BTreeSet<Hex> {
    board
        .hot_cells()
        .into_iter()
        .filter(|&c| board.layer(c) == Some(Layer::V) || board.capacity(c) > 0)
        .collect()
}

/// The union of the C/W sections containing any of `cells`.
pub fn sections_containing(board: &Board, cells: &BTreeSet<Hex>) -> BTreeSet<Hex> {
    let mut out = BTreeSet::new();
    for &c in cells {
        out.extend(board.section_of(c));
    }
    out
}

/// The board with one man taken off `cell` (the PlayerRemoval step of §2.9, also what the player
/// does after a [`Stop::Removal`]); an emptied cell loses its owner. Panics on an empty cell.
pub fn remove_man(board: &Board, cell: Hex) -> Board {
    let Some(s) = board.stack(cell) else {
        panic!("remove_man: {cell:?} is empty");
    };
    let mut next = board.clone();
    next.set_stack(
        cell,
        Some(Stack {
            owner: s.owner,
            height: s.height - 1,
        }),
    );
    next
}

/// One order of resolution in progress.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
struct Path {
    /// The current board.
    board: Board,
    /// Every board since the last reset, the board at the reset first.
    history: Vec<Board>,
    /// `trail[i]` is the cell fired between `history[i]` and the next board.
    trail: Vec<Hex>,
}

impl Path {
    fn new(board: Board) -> Path {
        Path {
            history: vec![board.clone()],
            board,
            trail: Vec::new(),
        }
    }

    fn reset(&mut self) {
        self.history = vec![self.board.clone()];
        self.trail.clear();
    }
}

/// An oscillation that was detected and handled (or that needs the player).
struct Oscillated {
    /// The cells of the oscillating sections.
    cells: BTreeSet<Hex>,
    /// `Some` when resolution stops here for the player (PlayerRemoval with a real choice).
    stop: Option<Stop>,
}

/// Handles an oscillation of the sections made of `cells` on the path's current board (§2.9).
fn handle_oscillation(path: &mut Path, cells: BTreeSet<Hex>, policy: Oscillation) -> Oscillated {
    let board = &mut path.board;
    match policy {
        Oscillation::AutoTrim => {
            for &c in &cells {
                let cap = board.capacity(c);
                let limit = match board.layer(c) {
                    Some(Layer::W) => cap,
                    Some(Layer::C) => cap.saturating_sub(1),
                    other => panic!("oscillating cell {c:?} has layer {other:?}"),
                };
                if let Some(s) = board.stack(c) {
                    if s.height > limit {
                        board.set_stack(
                            c,
                            Some(Stack {
                                owner: s.owner,
                                height: limit,
                            }),
                        );
                    }
                }
            }
        }
        Oscillation::PlayerRemoval => {
            let hot: BTreeSet<Hex> = cells.iter().copied().filter(|&c| board.is_hot(c)).collect();
            assert!(
                !hot.is_empty(),
                "oscillation without a hot cell in {cells:?}"
            );
            if hot.iter().all(|&c| board.capacity(c) == 0) {
                for &c in &hot {
                    board.set_stack(c, None);
                }
            } else if hot.len() == 1 {
                for &c in &hot {
                    *board = remove_man(board, c);
                }
            } else {
                let stop = Stop::Removal {
                    board: board.clone(),
                    cells: hot,
                };
                return Oscillated {
                    cells,
                    stop: Some(stop),
                };
            }
        }
    }
    path.reset();
    Oscillated { cells, stop: None }
}

/// What the loop does next on a path.
enum Phase {
    /// Nothing is hot, or the player must remove a man.
    Stopped(Stop),
    /// Hot cells but none productive: an oscillation was handled (or stopped for the player).
    Oscillated(Oscillated),
    /// The player picks the next explosion among these productive hot cells.
    Choose(BTreeSet<Hex>),
}

fn advance(path: &mut Path, policy: Oscillation) -> Phase {
    let hot = path.board.hot_cells();
    if hot.is_empty() {
        return Phase::Stopped(Stop::Rest(path.board.clone()));
    }
    let productive = productive_hot_cells(&path.board);
    if !productive.is_empty() {
        return Phase::Choose(productive);
    }
    let cells = sections_containing(&path.board, &hot);
    Phase::Oscillated(handle_oscillation(path, cells, policy))
}

/// Fires `cell` on the path and checks for a repeated board.
fn fire(path: &mut Path, cell: Hex, policy: Oscillation) -> Option<Oscillated> {
    let explosion = explode(&mut path.board, cell);
    if explosion.irreversible {
        path.reset();
        return None;
    }
    path.trail.push(cell);
    if let Some(i) = path.history.iter().position(|b| *b == path.board) {
        let cycle: BTreeSet<Hex> = path.trail[i..].iter().copied().collect();
        let cells = sections_containing(&path.board, &cycle);
        return Some(handle_oscillation(path, cells, policy));
    }
    path.history.push(path.board.clone());
    None
}

/// Every distinct place where resolution can stop, over ALL orders of explosions the player may
/// choose (exhaustive search; each path keeps its own `seen` history as in the §2.8 pseudo-code).
///
/// The search is exponential in long chain reactions; see [`all_stops_within`] for a bounded
/// version.
pub fn all_stops(board: &Board, oscillation: Oscillation) -> BTreeSet<Stop> {
    match all_stops_within(board, oscillation, usize::MAX) {
        Some(stops) => stops,
        None => unreachable!("an unbounded search always finishes"),
    }
}

/// [`all_stops`], giving up (`None`) once more than `limit` search nodes (distinct partial
/// paths) have been expanded.
pub fn all_stops_within(
    board: &Board,
    oscillation: Oscillation,
    limit: usize,
) -> Option<BTreeSet<Stop>> {
    let mut stops = BTreeSet::new();
    let mut todo = vec![Path::new(board.clone())];
    // Identical paths (same board, history and trail) have identical futures.
    let mut visited: HashSet<Path> = HashSet::new();
    while let Some(mut path) = todo.pop() {
        if visited.contains(&path) {
            continue;
        }
        if visited.len() >= limit {
            return None;
        }
        visited.insert(path.clone());
        match advance(&mut path, oscillation) {
            Phase::Stopped(stop) => {
                stops.insert(stop);
            }
            Phase::Oscillated(o) => match o.stop {
                Some(stop) => {
                    stops.insert(stop);
                }
                None => todo.push(path),
            },
            Phase::Choose(cells) => {
                for cell in cells {
                    let mut next = path.clone();
                    match fire(&mut next, cell, oscillation) {
                        Some(Oscillated {
                            stop: Some(stop), ..
                        }) => {
                            stops.insert(stop);
                        }
                        _ => todo.push(next),
                    }
                }
            }
        }
    }
    Some(stops)
}

/// A canonical resolution with its log.
#[derive(Clone, PartialEq, Eq, Debug)]
pub struct Run {
    /// Where it stopped.
    pub stop: Stop,
    /// The cells fired, in order.
    pub explosions: Vec<Hex>,
    /// The cells of the oscillating sections, once per oscillation handled or stopped at.
    pub oscillations: Vec<BTreeSet<Hex>>,
}

/// Resolves with the canonical order: the next explosion is always the productive hot cell that
/// is smallest in the order (r, q). Returns the stop and what happened on the way.
pub fn canonical_run(board: &Board, oscillation: Oscillation) -> Run {
    let mut path = Path::new(board.clone());
    let mut explosions = Vec::new();
    let mut oscillations = Vec::new();
    loop {
        let happened = match advance(&mut path, oscillation) {
            Phase::Stopped(stop) => {
                return Run {
                    stop,
                    explosions,
                    oscillations,
                }
            }
            Phase::Oscillated(o) => Some(o),
            Phase::Choose(cells) => {
                let Some(&cell) = cells.iter().min_by_key(|&&(q, r)| (r, q)) else {
                    unreachable!("Phase::Choose always offers a cell");
                };
                explosions.push(cell);
                fire(&mut path, cell, oscillation)
            }
        };
        if let Some(o) = happened {
            oscillations.push(o.cells);
            if let Some(stop) = o.stop {
                return Run {
                    stop,
                    explosions,
                    oscillations,
                };
            }
        }
    }
}

/// The stop reached when the next explosion is always the productive hot cell that is smallest
/// in the order (r, q) — i.e. compare (r, q) tuples, smallest first.
pub fn canonical_stop(board: &Board, oscillation: Oscillation) -> Stop {
    canonical_run(board, oscillation).stop
}
