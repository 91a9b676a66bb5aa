//! Legal decisions: placements, clearings, moves (§2.10) within the turn budget (§2.11),
//! explosion choices and removals.

use crate::game::Seat;

use super::actions::MuAction;
use super::board::{Board, CellState, Layer};
use super::events::colour;
use super::geometry::{Cell, Dir, NONE};
use super::resolve;
use super::{Mu, Pending, Phase};

/// Calls `visit(dir, men, landing)` for every legal move of the stack on `from` (§2.10): exactly
/// `men` cells in a straight line, never over or onto Out of Bounds; from V or C never onto the
/// Wall and over it only where it holds the mover's own stack; from the Wall, anywhere.
pub fn moves_from(board: &Board, from: Cell, mut visit: impl FnMut(Dir, u8, Cell)) {
    walk(board, from, |dir, men, to| {
        visit(dir, men, to);
        true
    });
}

/// Whether the stack on `from` has a legal move.
fn has_move_from(board: &Board, from: Cell) -> bool {
    !walk(board, from, |_, _, _| false)
}

/// The walk behind [`moves_from`], stopped as soon as `visit` returns false. Returns whether it
/// ran to the end.
#[inline]
fn walk(board: &Board, from: Cell, mut visit: impl FnMut(Dir, u8, Cell) -> bool) -> bool {
    let cells = board.cells();
    let table = board.geometry().neighbour_table();
    let s = cells[from.index()];
    if s.height == 0 {
        return true;
    }
    let height = s.height.min(u16::from(u8::MAX)) as u8;
    let from_wall = s.layer == Layer::Wall;
    for dir in Dir::ALL {
        let mut at = from.index();
        for men in 1..=height {
            let next = table[at][dir.index()];
            if next == NONE {
                break;
            }
            at = usize::from(next);
            let here = cells[at];
            if !from_wall && here.layer == Layer::Wall {
                // A bridge of one's own colour may be crossed, never landed on.
                if here.height > 0 && here.owner == s.owner {
                    continue;
                }
                break;
            }
            if !visit(dir, men, Cell(next)) {
                return false;
            }
        }
    }
    true
}

/// Whether the stack `s` is a single man off the Wall: it moves one cell, onto any neighbour on
/// the board except the Wall (mu §2.10), its cell's open steps ([`Board::open_steps`]).
#[inline]
fn steps_one_cell(s: CellState) -> bool {
    s.height == 1 && s.layer != Layer::Wall
}

/// How many moves the stack `s` on `from`, which is off the Wall, has in direction
/// `Dir::ALL[d]` (mu §2.10): each cell of the runs ([`Board::run`]) within its height, where a
/// run that ends at a bridge of the mover's own (a Wall cell holding its men) goes on past it;
/// the bridge is crossed and counts towards the distance, but is never landed on. The same
/// count as [`walk`] in that direction, found run by run instead of cell by cell.
#[inline]
fn moves_in_direction(board: &Board, from: Cell, s: CellState, d: usize) -> usize {
    let height = usize::from(s.height.min(u16::from(u8::MAX)));
    let (mut at, mut used, mut count) = (from, 0, 0);
    loop {
        let run = usize::from(board.run(at, d));
        let left = height - used;
        if left <= run {
            return count + left;
        }
        count += run;
        let Some(wall) = board.run_end(at, d) else {
            return count;
        };
        let w = board.get(wall);
        if w.height == 0 || w.owner != s.owner {
            return count;
        }
        used += run + 1;
        at = wall;
    }
}

impl Mu {
    /// The stacks the mover may move this turn (owner, budget, `one_move_per_piece`), in cell
    /// order.
    fn movable(&self) -> impl Iterator<Item = Cell> + '_ {
        let per_segment = self.variant.per_segment();
        let landed = &self.landed[..];
        self.board.stacks_of(self.to_move).filter(move |cell| {
            (!per_segment || self.budget & cell.segment().bit() != 0)
                && (landed.is_empty() || !landed.contains(cell))
        })
    }

    /// Appends every legal move of the mover to `out`: stacks in cell order, each stack's moves
    /// in the order of [`moves_from`]. A single man on a Virgin or Commonwealth cell, the
    /// commonest piece, is handled without the general walk: it may step onto any neighbour on
    /// the board except the Wall, the cell's open steps ([`Board::open_steps`]).
    fn push_moves(&self, out: &mut Vec<MuAction>) {
        let cells = self.board.cells();
        for from in self.movable() {
            let s = cells[from.index()];
            if !steps_one_cell(s) {
                self.push_longer_moves(from, s, out);
                continue;
            }
            let mut open = self.board.open_steps(from);
            while open != 0 {
                let dir = Dir::ALL[open.trailing_zeros() as usize];
                out.push(MuAction::Move { from, dir, men: 1 });
                open &= open - 1;
            }
        }
    }

    /// Appends the moves of the stack `s` on `from`, which is not a single man off the Wall,
    /// in the order of [`moves_from`]. Off the Wall and with no bridge of its own to cross, the
    /// moves of a direction land 1, 2, … cells away, as many as [`moves_in_direction`] counts.
    fn push_longer_moves(&self, from: Cell, s: CellState, out: &mut Vec<MuAction>) {
        if s.layer == Layer::Wall || self.board.has_bridge(s.owner) {
            moves_from(&self.board, from, |dir, men, _| {
                out.push(MuAction::Move { from, dir, men });
            });
            return;
        }
        for (d, dir) in Dir::ALL.into_iter().enumerate() {
            let n = moves_in_direction(&self.board, from, s, d);
            out.extend((1..=n as u8).map(|men| MuAction::Move { from, dir, men }));
        }
    }

    /// The number of legal moves of the mover's stack on `from`, counted without listing them.
    #[inline(always)]
    fn move_count(&self, from: Cell) -> usize {
        let s = self.board.get(from);
        if steps_one_cell(s) {
            return self.board.open_steps(from).count_ones() as usize;
        }
        self.longer_move_count(from, s)
    }

    /// [`Mu::move_count`] of a stack that is not a single man off the Wall.
    #[inline(never)]
    fn longer_move_count(&self, from: Cell, s: CellState) -> usize {
        if s.layer == Layer::Wall {
            let mut n = 0;
            moves_from(&self.board, from, |_, _, _| n += 1);
            return n;
        }
        (0..6)
            .map(|d| moves_in_direction(&self.board, from, s, d))
            .sum()
    }

    /// Move `k` (from 0) of the mover's stack on `from`, in the order of [`moves_from`]; `None`
    /// when the stack has `k` moves or fewer.
    fn nth_move(&self, from: Cell, k: usize) -> Option<MuAction> {
        let s = self.board.get(from);
        if steps_one_cell(s) {
            let mut open = self.board.open_steps(from);
            for _ in 0..k {
                open &= open.wrapping_sub(1);
            }
            let dir = *Dir::ALL.get(open.trailing_zeros() as usize)?;
            return Some(MuAction::Move { from, dir, men: 1 });
        }
        let mut left = k;
        if s.layer != Layer::Wall && !self.board.has_bridge(s.owner) {
            // Without a bridge to cross, the moves of a direction land 1, 2, … cells away.
            for (d, dir) in Dir::ALL.into_iter().enumerate() {
                let n = moves_in_direction(&self.board, from, s, d);
                if left < n {
                    let men = u8::try_from(left + 1).ok()?;
                    return Some(MuAction::Move { from, dir, men });
                }
                left -= n;
            }
            return None;
        }
        let mut found = None;
        walk(&self.board, from, |dir, men, _| {
            if left == 0 {
                found = Some(MuAction::Move { from, dir, men });
            }
            left = left.wrapping_sub(1);
            found.is_none()
        });
        found
    }

    /// The legal action at index `choose(n)` of [`Mu::generate`]'s order, `n` being how many
    /// there are; `None` (without calling `choose`) when there are none. While moving, the
    /// moves are counted stack by stack and only the chosen one is built; elsewhere the actions
    /// are listed into `buffer`.
    pub(super) fn pick(
        &self,
        choose: impl FnOnce(usize) -> usize,
        buffer: &mut Vec<MuAction>,
    ) -> Option<MuAction> {
        // Enough for the stacks of nearly every position; a seat with more has the rest
        // counted twice.
        self.pick_remembering::<64>(choose, buffer)
    }

    /// [`Mu::pick`], remembering the move counts of the first `KEPT` stacks between its two
    /// passes and counting later ones again.
    fn pick_remembering<const KEPT: usize>(
        &self,
        choose: impl FnOnce(usize) -> usize,
        buffer: &mut Vec<MuAction>,
    ) -> Option<MuAction> {
        if self.phase != Phase::Play || self.pending != Pending::Nothing {
            buffer.clear();
            self.generate(buffer);
            return (!buffer.is_empty()).then(|| buffer[choose(buffer.len())]);
        }
        if self.variant.per_segment() || !self.landed.is_empty() {
            self.pick_move::<KEPT, _>(|| self.movable(), choose)
        } else {
            // Every stack of the mover may move: no filter to run.
            self.pick_move::<KEPT, _>(|| self.board.stacks_of(self.to_move), choose)
        }
    }

    /// The chosen move or closing action among the moves of `stacks()`, the movable stacks in
    /// cell order (see [`Mu::pick_remembering`]).
    #[inline(always)]
    fn pick_move<const KEPT: usize, I: Iterator<Item = Cell>>(
        &self,
        stacks: impl Fn() -> I,
        choose: impl FnOnce(usize) -> usize,
    ) -> Option<MuAction> {
        // A stack has at most 6 × 255 moves (`walk` caps the distance at 255).
        let mut counts = [(Cell(0), 0u16); KEPT];
        let mut kept = 0;
        let mut moves = 0;
        for from in stacks() {
            let n = self.move_count(from);
            if kept < KEPT {
                counts[kept] = (from, n as u16);
                kept += 1;
            }
            moves += n;
        }
        let mut i = choose(moves + 1);
        if i >= moves {
            return Some(self.closing_action());
        }
        for &(from, n) in &counts[..kept] {
            let n = usize::from(n);
            if i < n {
                return self.nth_move(from, i);
            }
            i -= n;
        }
        for from in stacks().skip(kept) {
            let n = self.move_count(from);
            if i < n {
                return self.nth_move(from, i);
            }
            i -= n;
        }
        None
    }

    /// The action that ends the mover's turn: a pass before any move, `End` after one.
    fn closing_action(&self) -> MuAction {
        if self.moved == 0 {
            MuAction::Pass
        } else {
            MuAction::End
        }
    }

    /// Whether the mover has a legal move left this turn.
    pub(super) fn has_move(&self) -> bool {
        self.movable().any(|cell| has_move_from(&self.board, cell))
    }

    /// Every legal action, in a fixed order.
    pub(super) fn generate(&self, out: &mut Vec<MuAction>) {
        match self.phase {
            Phase::Over => {}
            Phase::Layout => out.extend(
                self.geometry()
                    .legal_centres()
                    .iter()
                    .copied()
                    .map(MuAction::Place),
            ),
            Phase::Select => out.extend(
                self.marked_segments(self.to_move)
                    .into_iter()
                    .map(MuAction::Clear),
            ),
            Phase::Play => match self.pending {
                Pending::Choice => out.extend(
                    resolve::all_hot_cells(&self.board, &self.osc)
                        .into_iter()
                        .filter(|&c| self.board.is_productive(c))
                        .map(MuAction::Explode),
                ),
                Pending::Removal => out.extend(
                    self.osc
                        .iter()
                        .copied()
                        .filter(|&c| self.board.is_hot(c))
                        .map(MuAction::Remove),
                ),
                Pending::Nothing => {
                    self.push_moves(out);
                    out.push(self.closing_action());
                }
            },
        }
    }

    /// The number of legal actions, without building them for moves.
    pub(super) fn count(&self) -> usize {
        if self.phase == Phase::Play && self.pending == Pending::Nothing {
            return 1 + self
                .movable()
                .map(|from| self.move_count(from))
                .sum::<usize>();
        }
        let mut out = Vec::new();
        self.generate(&mut out);
        out.len()
    }

    /// Why a move is illegal, or `None`.
    pub(super) fn move_error(&self, from: Cell, dir: Dir, men: u8) -> Option<String> {
        let s = self.board.get(from);
        let who = colour(self.to_move);
        if s.owner() != Some(self.to_move) {
            return Some(format!("{from} holds no {who} stack"));
        }
        if u16::from(men) > s.height {
            return Some(format!("{from} holds only {} men", s.height));
        }
        if self.variant.per_segment() && self.budget & from.segment().bit() == 0 {
            return Some(format!(
                "a move from segment {} was made this turn, or it was not occupied at its start",
                from.segment()
            ));
        }
        if self.landed.contains(&from) {
            return Some(format!(
                "a move of this turn ended on {from} (one_move_per_piece)"
            ));
        }
        let mut legal = false;
        moves_from(&self.board, from, |d, m, _| legal |= d == dir && m == men);
        (!legal).then(|| path_error(&self.board, from, dir, men, self.to_move))
    }
}

/// Why the path of a move is blocked.
fn path_error(board: &Board, from: Cell, dir: Dir, men: u8, seat: Seat) -> String {
    let from_wall = board.get(from).layer == Layer::Wall;
    let mut at = from;
    for step in 1..=men {
        match board.step(at, dir) {
            None => return format!("the path leaves the board after {} cells", step - 1),
            Some(next) => at = next,
        }
        let here = board.get(at);
        if !from_wall && here.layer == Layer::Wall {
            if step == men {
                return format!("a piece off the Wall cannot land on the Wall at {at}");
            }
            if here.owner() != Some(seat) {
                return format!("the Wall at {at} holds no {} bridge", colour(seat));
            }
        }
    }
    "the move is not legal".to_owned()
}

#[cfg(test)]
mod tests {
    use rand::rngs::SmallRng;
    use rand::{Rng, SeedableRng};

    use super::moves_from;
    use crate::game::Game;
    use crate::mu::board::Layer;
    use crate::mu::{Mu, MuAction, MuVariant, Pending, Phase};
    use crate::variant::Variant;

    /// Every index of every listing along random multi games, picked with room for only two
    /// stacks' counts, so most stacks are counted a second time.
    #[test]
    fn a_pick_that_forgets_most_counts_still_finds_the_listed_move() {
        let variant = MuVariant::parse_text("multi").expect("a variant");
        let mut rng = SmallRng::seed_from_u64(26);
        let (mut legal, mut buffer) = (Vec::new(), Vec::new());
        let (mut checked, mut crowded) = (0, 0);
        for seats in [2, 3, 4] {
            let mut game = Mu::new(&variant, seats).expect("a start");
            for _ in 0..1_500 {
                game.legal_actions(&mut legal);
                if legal.is_empty() {
                    break;
                }
                let moving = game.phase == Phase::Play && game.pending == Pending::Nothing;
                crowded += usize::from(moving && game.movable().count() > 2);
                for (i, &listed) in legal.iter().enumerate() {
                    let picked: Option<MuAction> =
                        game.pick_remembering::<2>(|n| n.min(i), &mut buffer);
                    assert_eq!(picked, Some(listed), "index {i} of {}", legal.len());
                    checked += 1;
                }
                game.apply_unchecked(legal[rng.random_range(0..legal.len())]);
            }
        }
        assert!(checked > 10_000, "only {checked} picks checked");
        assert!(
            crowded > 1_000,
            "only {crowded} positions with more than two stacks to move"
        );
    }

    /// Every stack of every seat along random games, with and without bridges: counting run
    /// by run finds the moves the cell-by-cell walk finds, and move `k` is the walk's `k`th.
    #[test]
    fn counting_by_runs_finds_the_moves_a_walk_finds() {
        let mut rng = SmallRng::seed_from_u64(2610);
        let mut legal = Vec::new();
        let (mut stacks, mut crossing) = (0, 0);
        for (text, seats) in [("levis", 2), ("velox", 2), ("multi", 3)] {
            let variant = MuVariant::parse_text(text).expect("a variant");
            for _ in 0..6 {
                let mut game = Mu::new(&variant, seats).expect("a start");
                for _ in 0..2_000 {
                    game.legal_actions(&mut legal);
                    if legal.is_empty() {
                        break;
                    }
                    for cell in game.board.geometry().all_cells() {
                        let s = game.board.get(cell);
                        if s.height < 2 {
                            continue;
                        }
                        let mut walked = Vec::new();
                        moves_from(&game.board, cell, |dir, men, _| walked.push((dir, men)));
                        assert_eq!(game.move_count(cell), walked.len(), "{cell} in {game:?}");
                        for (k, &(dir, men)) in walked.iter().enumerate() {
                            let found = game.nth_move(cell, k);
                            let want = MuAction::Move {
                                from: cell,
                                dir,
                                men,
                            };
                            assert_eq!(found, Some(want), "move {k} of {cell}");
                        }
                        assert_eq!(game.nth_move(cell, walked.len()), None);
                        stacks += 1;
                        let own = s.owner;
                        crossing += usize::from(
                            s.layer != Layer::Wall
                                && game.board.has_bridge(own)
                                && walked.iter().any(|&(dir, men)| {
                                    let d = dir.index();
                                    usize::from(men) > usize::from(game.board.run(cell, d))
                                }),
                        );
                    }
                    game.apply_unchecked(legal[rng.random_range(0..legal.len())]);
                }
            }
        }
        assert!(stacks > 10_000, "only {stacks} stacks checked");
        assert!(
            crossing > 100,
            "only {crossing} stacks with a move over a bridge"
        );
    }
}
