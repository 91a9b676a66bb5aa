//! Movement and capture (§2.10) and the end-of-game count (§2.12 with A8, A9).

use std::collections::BTreeSet;

use super::{step, Board, Hex, Layer, Stack};

/// The cells a piece passes through moving `k` cells from `from` in direction `dir`, the
/// landing cell last (whether on the board or not).
pub fn move_path(from: Hex, dir: usize, k: u32) -> Vec<Hex> {
    let mut cells = Vec::new();
    let mut cell = from;
    for _ in 0..k {
        cell = step(cell, dir);
        cells.push(cell);
    }
    cells
}

/// Whether `mover` may move `k` men from `from` in direction `dir` (§2.10), ignoring any turn
/// budget.
pub fn is_legal_move(board: &Board, mover: u8, mv: (Hex, usize, u32)) -> bool {
    let (from, dir, k) = mv;
    let Some(from_layer) = board.layer(from) else {
        return false;
    };
    let Some(stack) = board.stack(from) else {
        return false;
    };
    if stack.owner != mover || dir >= 6 || k == 0 || k > stack.height {
        return false;
    }
    let path = move_path(from, dir, k);
    for (i, &cell) in path.iter().enumerate() {
        let Some(layer) = board.layer(cell) else {
            return false; // Out of Bounds: neither entered nor crossed.
        };
        if from_layer != Layer::W && layer == Layer::W {
            let landing = i + 1 == path.len();
            if landing {
                return false; // A V- or C-origin piece never lands on the Wall.
            }
            if board.stack(cell).map(|s| s.owner) != Some(mover) {
                return false; // A Wall cell is crossed only as a bridge of the mover's colour.
            }
        }
    }
    true
}

/// Every legal move (from, dir index 0..5, k) of `mover` (§2.10), ignoring any turn budget.
pub fn legal_moves(board: &Board, mover: u8) -> BTreeSet<(Hex, usize, u32)> {
    let mut moves = BTreeSet::new();
    for &from in board.cells.keys() {
        let Some(stack) = board.stack(from) else {
            continue;
        };
        if stack.owner != mover {
            continue;
        }
        for dir in 0..6 {
            for k in 1..=stack.height {
                if is_legal_move(board, mover, (from, dir, k)) {
                    moves.insert((from, dir, k));
                }
            }
        }
    }
    moves
}

/// The board right after the move lands (captures and merging done), BEFORE any explosion.
/// Panics when `from` holds fewer than `k` men or the landing cell is off the board (caller bugs);
/// the other movement rules are not checked here (see [`is_legal_move`]).
pub fn apply_move(board: &Board, mv: (Hex, usize, u32)) -> Board {
    let (from, dir, k) = mv;
    let Some(stack) = board.stack(from) else {
        panic!("apply_move: {from:?} is empty");
    };
    assert!(
        k >= 1 && k <= stack.height,
        "apply_move: k = {k} from a stack of {}",
        stack.height
    );
    let mover = stack.owner;
    let landing = step_n(from, dir, k);
    let mut next = board.clone();
    next.set_stack(
        from,
        Some(Stack {
            owner: mover,
            height: stack.height - k,
        }),
    );
    let landed = match next.stack(landing) {
        Some(s) if s.owner == mover => Stack {
            owner: mover,
            height: s.height + k,
        },
        // Empty, or an enemy stack captured by replacement whatever its size.
        _ => Stack {
            owner: mover,
            height: k,
        },
    };
    next.set_stack(landing, Some(landed));
    next
}

/// The cell `k` steps from `from` in direction `dir`.
pub fn step_n(from: Hex, dir: usize, k: u32) -> Hex {
    let mut cell = from;
    for _ in 0..k {
        cell = step(cell, dir);
    }
    cell
}

/// Which stacks count for the access test of an empty section (A8).
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub enum Access {
    /// Any stack with a legal move landing in the section.
    AnyMove,
    /// Only stacks standing on Wall cells with a legal move landing in the section.
    WallOnly,
}

/// The colours that can reach `section` by one legal move (§2.12 step 3, A8).
pub fn access_colours(board: &Board, section: &BTreeSet<Hex>, access: Access) -> BTreeSet<u8> {
    let owners: BTreeSet<u8> = board
        .cells
        .keys()
        .filter_map(|&c| board.stack(c).map(|s| s.owner))
        .collect();
    let mut colours = BTreeSet::new();
    for p in owners {
        for (from, dir, k) in legal_moves(board, p) {
            if access == Access::WallOnly && board.layer(from) != Some(Layer::W) {
                continue;
            }
            if section.contains(&step_n(from, dir, k)) {
                colours.insert(p);
            }
        }
    }
    colours
}

/// The owner of a C section at the end of the game (§2.12 steps 1–3); `None` = neutral.
pub fn section_owner(board: &Board, section: &BTreeSet<Hex>, access: Access) -> Option<u8> {
    let present: BTreeSet<u8> = section
        .iter()
        .filter_map(|&c| board.stack(c).map(|s| s.owner))
        .collect();
    let deciding = if present.is_empty() {
        access_colours(board, section, access)
    } else {
        present
    };
    if deciding.len() == 1 {
        deciding.first().copied()
    } else {
        None
    }
}

/// Each C section with its size including the enclosed Virginity fragments (A9): a connected
/// group of V cells whose on-board non-V neighbours are all C cells of one section S (at least
/// one such neighbour) adds its size to S.
pub fn section_sizes(board: &Board) -> Vec<(BTreeSet<Hex>, u32)> {
    let mut sections: Vec<(BTreeSet<Hex>, u32)> = board
        .commonwealth_sections()
        .into_iter()
        .map(|s| {
            let n = s.len() as u32;
            (s, n)
        })
        .collect();
    for fragment in board.components(Layer::V) {
        let mut touched: BTreeSet<usize> = BTreeSet::new();
        let mut touches_wall = false;
        for &c in &fragment {
            for n in board.neighbours(c) {
                match board.layer(n) {
                    Some(Layer::C) => {
                        if let Some(i) = sections.iter().position(|(s, _)| s.contains(&n)) {
                            touched.insert(i);
                        }
                    }
                    Some(Layer::W) => touches_wall = true,
                    _ => {}
                }
            }
        }
        if !touches_wall && touched.len() == 1 {
            if let Some(&i) = touched.first() {
                sections[i].1 += fragment.len() as u32;
            }
        }
    }
    sections
}

/// Territory per seat at the end of the game (§2.12 with A8, A9), for `seats` seats.
/// Panics if a stack belongs to a seat ≥ `seats` (a caller bug).
pub fn scores(board: &Board, seats: usize, access: Access) -> Vec<u32> {
    let mut out = vec![0; seats];
    for (section, size) in section_sizes(board) {
        if let Some(p) = section_owner(board, &section, access) {
            out[p as usize] += size;
        }
    }
    out
}
