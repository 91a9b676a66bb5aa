//! Places, moves and withdrawals, and the legality and scoring of a place or move
//! (spec §1.4–§1.8, G2 model rules 1–7 of §1.7, G1 behind `g1`).

use super::geometry::{
    count_ships, directions, eye_colour, group_sizes, kraken_surround_colour, kraken_trapped,
    order_of, point_name, ship_colour, trapped_ships, Board, Cell, Colour, NPOINTS,
};
use super::RefRules;

/// One legal play with its effect.
#[derive(Clone, Debug)]
pub(super) struct Candidate {
    /// The play in notation (§1.12).
    pub(super) action: String,
    /// The board after the play.
    pub(super) after: Board,
    /// Ship traps the mover scores with this play: |T_Q| (§1.7 rule 6).
    pub(super) ship_traps: u8,
    /// Who scores a kraken trap made by this play, if it makes one (§1.7, R-K1).
    pub(super) kraken_scorer: Option<Colour>,
}

/// A piece that arrived on a point during a place or move: the point and the piece. Used for the
/// eye rules (§1.7 rules 3–5), which talk about placing, moving or knocking a piece *into* an eye.
struct Entry {
    point: usize,
    piece: Cell,
}

/// The number of ships of `colour` off the board (§1.3: 7 minus ships on board).
pub(super) fn off_board(board: &Board, colour: Colour) -> usize {
    7 - count_ships(board, colour)
}

/// Every legal place and move of `mover` (§1.6 step 3), before the stagnation fallback.
pub(super) fn places_and_moves(board: &Board, mover: Colour, rules: &RefRules) -> Vec<Candidate> {
    let mut result = Vec::new();

    // Place (§1.6): an off-board ship onto any empty point.
    if off_board(board, mover) > 0 {
        for p in 0..NPOINTS {
            if board[p] != Cell::Empty {
                continue;
            }
            let mut after = *board;
            after[p] = mover.ship();
            let entries = [Entry {
                point: p,
                piece: mover.ship(),
            }];
            if let Some(c) = judge(
                board,
                &after,
                mover,
                &entries,
                rules,
                format!("*{}", point_name(p)),
            ) {
                result.push(c);
            }
        }
    }

    // Move (§1.4, §1.5): every ship of the mover in every direction, distance = order, where
    // orders are computed on the position before the play (§1.4).
    let sizes = group_sizes(board);
    for start in 0..NPOINTS {
        if board[start] != mover.ship() {
            continue;
        }
        let order = sizes[start];
        for (suffix, walker) in directions(start) {
            let action = format!("{}{}", point_name(start), suffix);
            if let Some((after, entries)) =
                simulate_move(board, &sizes, start, order, walker, rules)
            {
                if let Some(c) = judge(board, &after, mover, &entries, rules, action) {
                    result.push(c);
                }
            }
        }
    }
    result
}

/// Carry out the move of the ship on `start` (order `order`) along `walker`. Returns the board
/// after the move and the pieces that entered points, or `None` if the move is impossible
/// (blocked path, knock not allowed, or lands on its own start).
fn simulate_move(
    board: &Board,
    sizes: &[usize; NPOINTS],
    start: usize,
    order: usize,
    walker: super::geometry::Walker,
    rules: &RefRules,
) -> Option<(Board, Vec<Entry>)> {
    let mover_cell = board[start];
    // Walk exactly `order` steps (§1.5 exact distance), keeping the walker so that a knocked
    // piece can continue in the mover's *current* direction (second-direction knock).
    let mut w = walker;
    for step in 1..=order {
        w.step();
        let p = w.point();
        if step < order && rules.blocked_paths {
            // Option `blocked_paths` (A2): intermediate points must be empty. The mover's own
            // start counts as empty, since the mover has left it (choice; see report).
            if p != start && board[p] != Cell::Empty {
                return None;
            }
        }
        // R-M1 (default): the mover passes over occupied intermediate points.
    }
    let landing = w.point();

    // Landing on its own start after a bounce changes nothing: illegal (§1.5, §1.8 no-sustain).
    if landing == start {
        return None;
    }

    let mut after = *board;
    after[start] = Cell::Empty;
    let mut entries = Vec::new();

    if board[landing] == Cell::Empty {
        after[landing] = mover_cell;
        entries.push(Entry {
            point: landing,
            piece: mover_cell,
        });
        return Some((after, entries));
    }

    // Knock (§1.5): only by a strictly higher order (smaller number). Orders are those before
    // the play.
    let occupant_order = order_of(board, sizes, landing);
    if order >= occupant_order {
        return None;
    }
    let knocked = board[landing];
    after[landing] = mover_cell;
    // The landing point was occupied, so it is no eye; only the knocked piece can enter one.
    // The knocked piece continues in the mover's current direction to the first unoccupied
    // point, passing over occupied ones (no chain knocks), wrapping on rings and reflecting on
    // diameters. The walk ends at the latest on the mover's vacated start, which is on the track.
    loop {
        w.step();
        let p = w.point();
        if after[p] == Cell::Empty {
            after[p] = knocked;
            entries.push(Entry {
                point: p,
                piece: knocked,
            });
            break;
        }
    }
    Some((after, entries))
}

/// Apply the legality and scoring rules of §1.7 (G2 model; G1 behind `rules.g1`) and no-sustain
/// (§1.8) to a place or move by `mover`. Returns the candidate if the play is legal.
fn judge(
    before: &Board,
    after: &Board,
    mover: Colour,
    entries: &[Entry],
    rules: &RefRules,
    action: String,
) -> Option<Candidate> {
    let opponent = mover.other();

    // No-sustain (§1.8): the position must change.
    if after == before {
        return None;
    }

    // Rule 1: T_Q, T_P and K on the position after the play. T_Q is "the Q ships trapped after
    // the play" as written; in reachable positions Q never has a trapped ship when P makes a
    // normal play, so this equals "newly trapped".
    let t_q = trapped_ships(after, opponent).len();
    let t_p = trapped_ships(after, mover).len();
    let kraken_new = kraken_trapped(after, rules.kraken_single_colour)
        && !kraken_trapped(before, rules.kraken_single_colour);
    let kraken_scorer = if !kraken_new {
        None
    } else if rules.kraken_single_colour {
        // Option single-colour (A3): the colour round the kraken scores it.
        kraken_surround_colour(after)
    } else {
        // R-K1: the player whose play completed the trap is credited.
        Some(mover)
    };

    // Rule 2 (self-trap): illegal if T_P is non-empty, unless T_Q is non-empty (mixed traps) or
    // (A7, option `kraken_self_trap`, default on) the play traps the kraken.
    if t_p > 0 && t_q == 0 && !(kraken_new && rules.kraken_self_trap) {
        return None;
    }

    for entry in entries {
        // Eye status is read on the board before the play. (For every piece that can enter an
        // empty point here, its neighbours are the same before and after the play, so the two
        // readings agree.)
        let eye = eye_colour(before, entry.point);
        let is_own_ship = entry.piece == mover.ship();

        // Rule 3 (G2 opposing-eye rule): P's ship, or the kraken, into a Q-eye is illegal unless
        // T_Q is non-empty. This applies on its own, so a kraken trap does NOT excuse it (see
        // the report: rule 3 and A7 disagree when a knocked own ship enters a Q-eye while the
        // mover traps the kraken).
        // The kraken part comes only from the newer /trap page (spec §1.1 "G2: … the kraken is
        // covered", A6); the seed's eye rule (G1) speaks of ships alone.
        let kraken_restricted = entry.piece == Cell::Kraken && !rules.g1;
        if (is_own_ship || kraken_restricted) && eye == Some(opponent) && t_q == 0 {
            return None;
        }

        if rules.g1 {
            // G1 (seed text): a P ship may enter no eye at all (own or opposing) unless the
            // play traps an opposing ship.
            if is_own_ship && eye.is_some() && t_q == 0 {
                return None;
            }
        }
    }

    // G1 (seed, "single action plays only"): a knock is acceptable "as long as the knocked ship
    // does not come to rest upon an intersection which traps one of player A's ships". So under
    // G1 a ship of the mover's trapped by the play, other than one that itself entered (a gouge),
    // makes the play illegal even when an opposing ship is trapped too; only a kraken trap (A7)
    // excuses it. Knocking a Q ship into a P-eye so that both sides are trapped is one case.
    if rules.g1 && !(kraken_new && rules.kraken_self_trap) {
        let entered: Vec<usize> = entries
            .iter()
            .filter(|e| e.piece == mover.ship())
            .map(|e| e.point)
            .collect();
        if trapped_ships(after, mover)
            .iter()
            .any(|p| !entered.contains(p))
        {
            return None;
        }
    }

    Some(Candidate {
        action,
        after: *after,
        ship_traps: t_q as u8,
        kraken_scorer,
    })
}

/// The withdrawal of all the given ships as one action (§1.6 step 1), listing them in point order.
pub(super) fn withdraw_all(board: &Board, points: &[usize]) -> Candidate {
    let mut after = *board;
    let mut action = String::new();
    let mut sorted = points.to_vec();
    sorted.sort();
    for p in sorted {
        after[p] = Cell::Empty;
        action.push('^');
        action.push_str(&point_name(p));
    }
    Candidate {
        action,
        after,
        ship_traps: 0,
        kraken_scorer: None,
    }
}

/// One withdrawal per on-board ship of `colour` (§1.6 steps 2 and 4).
pub(super) fn withdraw_any_one(board: &Board, colour: Colour) -> Vec<Candidate> {
    (0..NPOINTS)
        .filter(|&p| ship_colour(board[p]) == Some(colour))
        .map(|p| withdraw_all(board, &[p]))
        .collect()
}

/// The trapped ships of the side to move (§1.6 step 1).
pub(super) fn own_trapped(board: &Board, colour: Colour) -> Vec<usize> {
    trapped_ships(board, colour)
}
