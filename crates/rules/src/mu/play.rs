//! Applying decisions: the opening protocol (§2.2–2.3), moves and their chain reactions
//! (§2.8–2.10), and the turn structure (§2.11–2.12).

use crate::game::{Events, Seat};

use super::actions::MuAction;
use super::board::{CellState, Layer};
use super::events::{colour, MuEvent, RemovalKind};
use super::geometry::{Cell, Dir, Hex, Segment};
use super::resolve::{
    self, fire, hot_cells_into, judge_order_in_place, sections_of, touched, Step,
};
use super::variant::{Order, Oscillation, TrimTiming};
use super::{Mu, Pending, Phase, Work};

#[cfg(test)]
thread_local! {
    /// How many times this thread found a chain's order settled and skipped the search (tests).
    pub(super) static SETTLED_SKIPS: std::cell::Cell<usize> = const { std::cell::Cell::new(0) };
}

impl Mu {
    /// Applies a legal action.
    pub(super) fn act(&mut self, action: MuAction, events: &mut impl Events<MuEvent>) {
        self.work = Work(0);
        match action {
            MuAction::Place(centre) => self.place(centre, events),
            MuAction::Clear(segment) => self.clear(segment, events),
            MuAction::Move { from, dir, men } => self.make_move(from, dir, men, events),
            MuAction::Explode(cell) => self.resume(Some(cell), events),
            MuAction::Remove(cell) => self.remove(cell, events),
            MuAction::End | MuAction::Pass => self.end_turn(events),
        }
    }

    /// §2.2: lay out a segment with the mover's marker man on its centre.
    fn place(&mut self, centre: Hex, events: &mut impl Events<MuEvent>) {
        let geometry = self.board.geometry().with_segment(centre);
        let segment = Segment((geometry.segments() - 1) as u8);
        self.board.add_segment(geometry);
        let marker = CellState::stack(Layer::Virgin, self.to_move, 1);
        self.board.set(segment.centre(), marker, None);
        events.emit(MuEvent::Placed {
            seat: self.to_move,
            segment,
            centre,
        });
        let all = usize::from(self.seats) * usize::from(self.variant.segments);
        if self.board.geometry().segments() < all {
            self.to_move = self.next_seat(self.to_move);
        } else {
            self.phase = Phase::Select;
            self.to_move = Seat(0);
            self.next_selector(true, events);
        }
    }

    /// §2.3: take the mover's marker off a segment.
    fn clear(&mut self, segment: Segment, events: &mut impl Events<MuEvent>) {
        self.board
            .set(segment.centre(), CellState::empty(Layer::Virgin), None);
        events.emit(MuEvent::Cleared {
            seat: self.to_move,
            segment,
        });
        self.next_selector(false, events);
    }

    /// The segments where `seat` still has its marker.
    pub(super) fn marked_segments(&self, seat: Seat) -> Vec<Segment> {
        (0..self.geometry().segments() as u8)
            .map(Segment)
            .filter(|s| self.board.get(s.centre()).owner() == Some(seat))
            .collect()
    }

    /// Hands the selection to the next seat with more than one marked segment (the current one
    /// first when `include_current`), or fills the last segments and starts play.
    fn next_selector(&mut self, include_current: bool, events: &mut impl Events<MuEvent>) {
        let seats = self.seats;
        let first = if include_current { 0 } else { 1 };
        for offset in first..=seats {
            let seat = Seat((self.to_move.0 + offset) % seats);
            if self.marked_segments(seat).len() > 1 {
                self.to_move = seat;
                return;
            }
        }
        for s in 0..seats {
            let seat = Seat(s);
            for segment in self.marked_segments(seat) {
                for cell in segment.cells() {
                    self.board
                        .set(cell, CellState::stack(Layer::Virgin, seat, 1), None);
                }
                events.emit(MuEvent::Filled { seat, segment });
            }
        }
        self.phase = Phase::Play;
        self.to_move = Seat(0);
        self.start_turn();
    }

    /// The next seat in turn order.
    fn next_seat(&self, seat: Seat) -> Seat {
        Seat((seat.0 + 1) % self.seats)
    }

    /// §2.11: a fresh turn's budget.
    pub(super) fn start_turn(&mut self) {
        self.moved = 0;
        self.landed.clear();
        self.budget = if self.variant.per_segment() {
            self.occupied_segments(self.to_move)
        } else {
            0
        };
    }

    /// The segments holding at least one stack of `seat`, as a bit set.
    pub(super) fn occupied_segments(&self, seat: Seat) -> u64 {
        self.board
            .stacks_of(seat)
            .fold(0, |set, cell| set | cell.segment().bit())
    }

    /// §2.10: the piece moves, lands (merging or capturing), and the chain reaction follows.
    fn make_move(&mut self, from: Cell, dir: Dir, men: u8, events: &mut impl Events<MuEvent>) {
        let seat = self.to_move;
        let men = u16::from(men);
        let mut to = from;
        for _ in 0..men {
            to = self
                .board
                .step(to, dir)
                .expect("a legal move stays on the board");
        }
        let origin = self.board.get(from);
        let left = CellState::stack(origin.layer, seat, origin.height - men);
        self.board.set(from, left, None);
        let target = self.board.get(to);
        events.emit(MuEvent::Moved {
            seat,
            from,
            dir,
            men,
            to,
        });
        let height = match target.owner() {
            None => men,
            Some(owner) if owner == seat => target.height + men,
            Some(victim) => {
                events.emit(MuEvent::Captured {
                    by: seat,
                    cell: to,
                    victim,
                    men: target.height,
                });
                men
            }
        };
        self.board
            .set(to, CellState::stack(target.layer, seat, height), None);
        self.moved += 1;
        self.budget &= !from.segment().bit();
        if self.variant.one_move_per_piece {
            self.landed.push(to);
        }
        if !self.board.is_hot(to) || self.osc.contains(&to) {
            // A calm landing: what `run` does when it finds nothing hot, without its lists.
            self.trail.clear();
            self.pending = Pending::Nothing;
            self.settled(events);
            return;
        }
        self.trail.reset(self.board.fingerprint());
        self.run(vec![to], None, events);
    }

    /// Continues a paused chain reaction, exploding `first` (the mover's choice) first.
    fn resume(&mut self, first: Option<Cell>, events: &mut impl Events<MuEvent>) {
        let hot = resolve::all_hot_cells(&self.board, &self.osc);
        self.pending = Pending::Nothing;
        self.run(hot, first, events);
    }

    /// §2.9 (levis): the mover takes one man off a hot cell of the oscillating section.
    fn remove(&mut self, cell: Cell, events: &mut impl Events<MuEvent>) {
        self.take_men(cell, 1, RemovalKind::Chosen, events);
        self.osc.clear();
        self.trail.reset(self.board.fingerprint());
        self.resume(None, events);
    }

    fn take_men(
        &mut self,
        cell: Cell,
        men: u16,
        kind: RemovalKind,
        events: &mut impl Events<MuEvent>,
    ) {
        let s = self.board.get(cell);
        let seat = Seat(s.owner);
        let left = CellState::stack(s.layer, seat, s.height - men);
        self.board.set(cell, left, None);
        events.emit(MuEvent::Removed {
            cell,
            seat,
            men,
            kind,
        });
    }

    /// The resolution loop (§2.8): explode until rest, asking the mover only when the order
    /// matters, and handling oscillations as the variant says.
    fn run(
        &mut self,
        mut candidates: Vec<Cell>,
        mut first: Option<Cell>,
        events: &mut impl Events<MuEvent>,
    ) {
        let mut hot = Vec::new();
        // Whether a state of this chain has been found to end the same whatever the order.
        let mut order_settled = false;
        loop {
            hot_cells_into(&self.board, &candidates, &self.osc, &mut hot);
            if hot.is_empty() {
                self.trail.clear();
                self.pending = Pending::Nothing;
                self.settled(events);
                return;
            }
            let mut productive = hot.iter().copied().filter(|&c| self.board.is_productive(c));
            let (first_productive, several) = (productive.next(), productive.next().is_some());
            candidates.clear();
            candidates.extend_from_slice(&hot);
            let Some(canonical) = first_productive else {
                // §2.8, A12: only capacity-0 cells are hot; their sections oscillate.
                order_settled = false;
                if !self.oscillate(&hot, events) {
                    return;
                }
                continue;
            };
            let x = match first.take() {
                Some(chosen) => chosen,
                None => {
                    if several && self.must_choose(&hot, &mut order_settled) {
                        self.pending = Pending::Choice;
                        return;
                    }
                    canonical
                }
            };
            let step = fire(&mut self.board, &mut self.trail, x, events);
            self.work.0 = self.work.0.saturating_add(1);
            touched(&self.board, x, &mut candidates);
            if let Step::Cycle(cycle) = step {
                order_settled = false;
                if !self.oscillate(&cycle, events) {
                    return;
                }
            }
        }
    }

    /// Whether the mover must choose among the productive `hot` cells, several of them (§2.8):
    /// the variant lets the player order the explosions, and the order can change the result.
    ///
    /// `settled` says that an earlier state of the same chain, with no oscillation handled
    /// since, was found to end the same whatever the order; then so does this one, and it is
    /// not explored again. Every state reachable from this one was reachable from that one,
    /// and this one's trail holds only that one's trail and states reachable from it: the
    /// states reachable from here are no more, hold no cycle, end in at most one final state
    /// and return to no state of the trail (see [`resolve::choice_matters`]).
    fn must_choose(&mut self, hot: &[Cell], settled: &mut bool) -> bool {
        if self.variant.order != Order::Player {
            return false;
        }
        if *settled {
            #[cfg(test)]
            {
                assert!(
                    !resolve::choice_matters_in_place(&mut self.board, hot, &self.osc, &self.trail),
                    "a chain whose order was settled came to a state where the order matters"
                );
                SETTLED_SKIPS.with(|n| n.set(n.get() + 1));
            }
            return false;
        }
        let judgement = judge_order_in_place(&mut self.board, hot, &self.osc, &self.trail);
        self.work.0 = self.work.0.saturating_add(judgement.explosions);
        *settled = !judgement.matters;
        judgement.matters
    }

    /// Handles an oscillation of the sections of `seeds`. Returns false when the mover must now
    /// choose a removal.
    fn oscillate(&mut self, seeds: &[Cell], events: &mut impl Events<MuEvent>) -> bool {
        let cells = sections_of(&self.board, seeds);
        if events.wanted() {
            events.emit(MuEvent::Oscillation {
                cells: cells.clone(),
            });
        }
        match (self.variant.oscillation, self.variant.trim_timing) {
            (Oscillation::AutoTrim, TrimTiming::AfterMove) => self.trim(&cells, events),
            (Oscillation::AutoTrim, TrimTiming::EndOfTurn) => {
                self.osc.extend(&cells);
                self.osc.sort();
                self.osc.dedup();
            }
            (Oscillation::PlayerRemoval, _) => {
                let hot: Vec<Cell> = cells
                    .iter()
                    .copied()
                    .filter(|&c| self.board.is_hot(c))
                    .collect();
                if hot.iter().all(|&c| self.board.capacity(c) == 0) {
                    for c in hot {
                        let men = self.board.get(c).height;
                        self.take_men(c, men, RemovalKind::CannotHold, events);
                    }
                } else if hot.len() == 1 {
                    self.take_men(hot[0], 1, RemovalKind::OnlyChoice, events);
                } else {
                    self.osc = cells;
                    self.trail.clear();
                    self.pending = Pending::Removal;
                    return false;
                }
            }
        }
        self.trail.reset(self.board.fingerprint());
        true
    }

    /// §2.9 (multi): W cells cut to capacity, C cells to capacity − 1.
    fn trim(&mut self, cells: &[Cell], events: &mut impl Events<MuEvent>) {
        for &cell in cells {
            let s = self.board.get(cell);
            let cap = self.board.capacity(cell);
            let limit = match s.layer {
                Layer::Wall => cap,
                _ => cap.saturating_sub(1),
            };
            if s.height > limit {
                let seat = Seat(s.owner);
                self.board
                    .set(cell, CellState::stack(s.layer, seat, limit), None);
                events.emit(MuEvent::Trimmed {
                    cell,
                    seat,
                    men: s.height - limit,
                });
            }
        }
    }

    /// The board is at rest after a move: the turn ends unless the mover has moves left.
    fn settled(&mut self, events: &mut impl Events<MuEvent>) {
        if self.phase != Phase::Play || self.moved == 0 {
            return;
        }
        if !self.variant.per_segment() || !self.has_move() {
            self.end_turn(events);
        }
    }

    /// §2.11–2.12: ends the turn (a pass when no move was made), then hands over or ends the game.
    fn end_turn(&mut self, events: &mut impl Events<MuEvent>) {
        let seat = self.to_move;
        if !self.osc.is_empty() {
            let frozen = std::mem::take(&mut self.osc);
            self.trim(&frozen, events);
        }
        if self.moved == 0 {
            self.passes = self.passes.saturating_add(1);
            events.emit(MuEvent::Passed { seat });
        } else {
            self.passes = 0;
            events.emit(MuEvent::TurnEnded {
                seat,
                moves: self.moved,
            });
        }
        // A text may start the count anywhere up to `u32::MAX`; the count stops there rather
        // than overflow (a panic in debug builds, a silent wrap to 0 in release builds).
        self.ply = self.ply.saturating_add(1);
        let mut men = [0u32; 8];
        let counts = self.board.men(usize::from(self.seats));
        men[..counts.len()].copy_from_slice(counts);
        let active = men.iter().filter(|&&m| m > 0).count();
        let capped = self.variant.ply_cap.is_some_and(|cap| self.ply >= cap);
        if active == 0 || usize::from(self.passes) >= active || capped {
            self.phase = Phase::Over;
            self.moved = 0;
            self.budget = 0;
            self.landed.clear();
            if events.wanted() {
                events.emit(MuEvent::GameOver {
                    reason: self.final_outcome().to_string(),
                });
            }
            return;
        }
        let mut next = self.next_seat(seat);
        while men[next.index()] == 0 {
            next = self.next_seat(next);
        }
        self.to_move = next;
        self.start_turn();
    }

    /// Why `action` is not legal now, or `None` when it is.
    pub(super) fn why_illegal(&self, action: MuAction) -> Option<String> {
        let who = colour(self.to_move);
        match (self.phase, action) {
            (Phase::Over, _) => Some("the game is over".to_owned()),
            (Phase::Layout, MuAction::Place(centre)) => self.geometry().placement_error(centre),
            (Phase::Layout, _) => Some(format!("{who} lays out a segment: place q,r")),
            (Phase::Select, MuAction::Clear(segment)) => {
                let marked = self.marked_segments(self.to_move);
                (!marked.contains(&segment))
                    .then(|| format!("{who} has no marker on segment {segment}"))
            }
            (Phase::Select, _) => Some(format!("{who} clears one of their segments: clear X")),
            (Phase::Play, action) => self.why_illegal_in_play(action),
        }
    }

    fn why_illegal_in_play(&self, action: MuAction) -> Option<String> {
        match (self.pending, action) {
            (Pending::Choice, MuAction::Explode(cell)) => {
                let ok = self.board.is_productive(cell) && !self.osc.contains(&cell);
                (!ok).then(|| format!("{cell} is not a hot cell that can explode"))
            }
            (Pending::Choice, _) => {
                Some("a chain reaction is under way: choose the next explosion".to_owned())
            }
            (Pending::Removal, MuAction::Remove(cell)) => {
                let ok = self.osc.contains(&cell) && self.board.is_hot(cell);
                (!ok).then(|| format!("{cell} is not a hot cell of the oscillating section"))
            }
            (Pending::Removal, _) => {
                Some("a section oscillates: remove a man from one of its hot cells".to_owned())
            }
            (Pending::Nothing, MuAction::Move { from, dir, men }) => {
                self.move_error(from, dir, men)
            }
            (Pending::Nothing, MuAction::Pass) => {
                (self.moved > 0).then(|| "moves were made this turn: end it with `end`".to_owned())
            }
            (Pending::Nothing, MuAction::End) => {
                (self.moved == 0).then(|| "no move was made: `pass` instead".to_owned())
            }
            (Pending::Nothing, _) => Some("not a move".to_owned()),
        }
    }
}
