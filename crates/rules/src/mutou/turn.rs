//! Turns (mutou S14–S16, D14–D16): rest, the units of the three categories (the area
//! alterations in `area.rs`), the extra-move fee, capture and change of allegiance,
//! elimination, and the end of a turn.

use super::actions::{MuTouAction, Take};
use super::events::{MuTouEvent, COLOURS};
use super::pieces::{Piece, Power, Shak, Shakken, MAX_SHAKKEN};
use super::state::{Category, End, Moved, MuTou, Pending, Phase, Turn, Unit};
use super::surface::{Graph, TesselId};
use super::variant::Form;
use crate::game::Events;

/// Sends an event, building it only when the sink keeps events.
macro_rules! emit {
    ($ev:expr, $event:expr) => {
        if $ev.wanted() {
            $ev.emit($event);
        }
    };
}
pub(super) use emit;

/// A seat index as the contract's [`Seat`](crate::game::Seat).
pub(super) fn seat_of(index: u8) -> crate::game::Seat {
    crate::game::Seat(index)
}

/// The colour name of a seat.
pub(super) fn colour(seat: u8) -> &'static str {
    COLOURS[usize::from(seat)]
}

impl MuTou {
    /// The mover's free decisions: rest, units, end, propose.
    pub(super) fn free_actions(&self, out: &mut Vec<MuTouAction>, with_area: bool) {
        let turn = &self.turn;
        if turn.category.is_none() {
            out.push(MuTouAction::Rest);
            if self.variant.form == Form::Cooperative && !turn.refused {
                out.push(MuTouAction::Propose);
            }
        }
        if self.units_left() > 0 {
            if self.may(Category::Move) {
                self.move_actions(out);
            }
            if self.may(Category::Alter) {
                self.alter_actions(out);
            }
            if with_area && self.may(Category::Area) {
                self.area_actions(out);
            }
        }
        if turn.category.is_some() {
            out.push(MuTouAction::End);
        }
    }

    /// Whether units of this category may be made now (S15: one category, unless mixing).
    pub(super) fn may(&self, c: Category) -> bool {
        self.variant.mixing || self.turn.category.is_none_or(|k| k == c)
    }

    /// The uses a piece may spend now and whether starting them costs a wafer (D14), or
    /// `None` if the piece cannot move (not the mover's, frozen, ended, or the fee unpaid).
    pub(super) fn allowance_now(&self, at: TesselId) -> Option<([u8; 5], bool)> {
        let piece = self.piece(at)?;
        let mover = self.turn.mover;
        if piece.owner != mover || self.turn.frozen.contains(&at) {
            return None;
        }
        let (left, fee) = match self.moved(at) {
            Some(m) if m.ended => return None,
            Some(m) if m.left.iter().any(|&n| n > 0) => (m.left, false),
            // D14: moving a piece again after it used every use refreshes it for a wafer.
            Some(_) => (Self::allowance(piece), true),
            // D14: the first piece moved is free, each further piece costs a wafer.
            None => (Self::allowance(piece), self.turn.started > 0),
        };
        let fee = fee && self.variant.fees;
        if fee && self.seat[usize::from(mover)].wafers == 0 {
            return None;
        }
        Some((left, fee))
    }

    fn move_actions(&self, out: &mut Vec<MuTouAction>) {
        let surface = self.surface();
        let units = self.units_left();
        for piece in self.pieces() {
            let at = piece.at;
            let Some((left, _)) = self.allowance_now(at) else {
                continue;
            };
            for power in Power::ALL {
                if left[power.index()] == 0 {
                    continue;
                }
                match power {
                    Power::Rand => out.push(MuTouAction::Rand(at)),
                    Power::Jagger => {
                        for &(to, cost) in surface.jagger(at) {
                            if u16::from(cost) <= units && cost <= left[power.index()] {
                                self.push_step(at, power, to, out);
                            }
                        }
                    }
                    Power::Walker | Power::Angler | Power::Blood => {
                        if power != Power::Angler {
                            for &to in surface.walker(at) {
                                self.push_step(at, power, to, out);
                            }
                        }
                        if power != Power::Walker {
                            for &to in surface.angler(at) {
                                self.push_step(at, power, to, out);
                            }
                        }
                    }
                }
            }
        }
    }

    /// A step to `to`: onto an empty tessel, or a capture and a change of allegiance onto an
    /// enemy; never onto one's own piece (D16).
    fn push_step(&self, from: TesselId, power: Power, to: TesselId, out: &mut Vec<MuTouAction>) {
        let step = |take| MuTouAction::Step {
            from,
            power,
            to,
            take,
        };
        match self.piece(to) {
            None => out.push(step(Take::None)),
            Some(p) if p.owner == self.turn.mover => {}
            Some(_) => {
                out.push(step(Take::Capture));
                out.push(step(Take::Convert));
            }
        }
    }

    /// The units a step costs: 1, or the traced edges of a Jagger run (D9).
    pub(super) fn step_cost(&self, from: TesselId, power: Power, to: TesselId) -> u8 {
        if power != Power::Jagger {
            return 1;
        }
        self.surface()
            .jagger(from)
            .iter()
            .find(|(t, _)| *t == to)
            .map_or(1, |&(_, c)| c)
    }

    fn alter_actions(&self, out: &mut Vec<MuTouAction>) {
        let mover = self.turn.mover;
        let units = self.units_left();
        let mut dist = Vec::new();
        // D16: a piece converted this turn does not act, in alterations either.
        let own: Vec<&Piece> = self
            .pieces()
            .filter(|p| p.owner == mover && !self.turn.frozen.contains(&p.at))
            .collect();
        let places: Vec<TesselId> = own.iter().map(|p| p.at).collect();
        for from in &own {
            // D13: only one's own blood moves, and only onto one's own pieces.
            let kinds: Vec<Shak> = from
                .shakken
                .kinds()
                .filter(|s| !matches!(s, Shak::Blood(o) if *o != mover))
                .collect();
            if kinds.is_empty() {
                continue;
            }
            // Only costs up to the units left matter.
            (self.surface()).distances_to(from.at, Graph::Vertex, units, &places, &mut dist);
            for to in &own {
                let cost = dist[usize::from(to.at.0)];
                if to.at == from.at || to.shakken.total() >= MAX_SHAKKEN || cost > units {
                    continue;
                }
                for &shak in &kinds {
                    out.push(MuTouAction::Alter {
                        from: from.at,
                        shak,
                        to: to.at,
                    });
                }
            }
        }
    }

    /// Applies a free decision of the mover.
    pub(super) fn play_free(&mut self, action: MuTouAction, ev: &mut impl Events<MuTouEvent>) {
        match action {
            MuTouAction::Rest => self.rest(ev),
            MuTouAction::End => self.end_turn(ev),
            MuTouAction::Propose => {
                let seat = self.next_active(self.turn.mover);
                emit!(
                    ev,
                    MuTouEvent::Proposed {
                        seat: seat_of(self.turn.mover)
                    }
                );
                self.turn.pending = Pending::Proposal { seat };
            }
            MuTouAction::Step {
                from,
                power,
                to,
                take,
            } => self.step(from, power, to, take, ev),
            MuTouAction::Rand(at) => {
                self.spend_use(at, Power::Rand, 1, ev);
                self.turn.pending = Pending::Rand {
                    piece: at,
                    cause: super::state::RandCause::Shak,
                    stage: super::state::RandStage::Gate,
                };
            }
            MuTouAction::Alter { from, shak, to } => self.alter(from, shak, to, ev),
            MuTouAction::Area { edit, to_new } => {
                self.turn.spent += 1;
                self.turn.category.get_or_insert(Category::Area);
                self.edit_area(edit, to_new, ev);
                self.open_window(Unit::Area, ev);
            }
            _ => unreachable!("not a free decision: {action:?}"),
        }
    }

    /// S14: rest, earn a wafer, and pass the turn.
    fn rest(&mut self, ev: &mut impl Events<MuTouEvent>) {
        let mover = self.turn.mover;
        emit!(
            ev,
            MuTouEvent::Rested {
                seat: seat_of(mover)
            }
        );
        self.earn(mover, ev);
        self.end_turn(ev);
    }

    /// D15: an entitlement to a wafer, paid from the supply or banked.
    pub(super) fn earn(&mut self, who: u8, ev: &mut impl Events<MuTouEvent>) {
        let s = usize::from(who);
        if self.supply == 0 {
            // Banked entitlements can grow without bound in a long game; the counter stops at
            // its largest value rather than overflow.
            self.seat[s].banked = self.seat[s].banked.saturating_add(1);
            emit!(ev, MuTouEvent::Banked { seat: seat_of(who) });
            return;
        }
        self.supply -= 1;
        self.seat[s].wafers += 1;
        let mut paid = 1;
        if self.seat[s].banked > 0 && self.supply > 0 {
            self.supply -= 1;
            self.seat[s].wafers += 1;
            self.seat[s].banked -= 1;
            paid = 2;
        }
        emit!(
            ev,
            MuTouEvent::Earned {
                seat: seat_of(who),
                paid,
                wafers: self.seat[s].wafers,
            }
        );
    }

    /// Charges the fee if one is due, refreshes or starts the piece's allowance, and spends
    /// `cost` uses of `power` and `cost` units.
    fn spend_use(
        &mut self,
        at: TesselId,
        power: Power,
        cost: u8,
        ev: &mut impl Events<MuTouEvent>,
    ) {
        let (mut left, fee) = self.allowance_now(at).expect("a movable piece");
        let mover = self.turn.mover;
        if fee {
            self.seat[usize::from(mover)].wafers -= 1;
            self.supply += 1;
            emit!(
                ev,
                MuTouEvent::FeePaid {
                    seat: seat_of(mover)
                }
            );
        }
        left[power.index()] -= cost;
        match self.turn.moved.iter_mut().find(|m| m.at == at) {
            Some(m) => m.left = left,
            None => {
                self.turn.started += 1;
                self.turn.moved.push(Moved {
                    at,
                    left,
                    ended: false,
                });
            }
        }
        self.turn.spent += u16::from(cost);
        self.turn.category.get_or_insert(Category::Move);
    }

    fn step(
        &mut self,
        from: TesselId,
        power: Power,
        to: TesselId,
        take: Take,
        ev: &mut impl Events<MuTouEvent>,
    ) {
        let cost = self.step_cost(from, power, to);
        self.spend_use(from, power, cost, ev);
        let mover = self.turn.mover;
        emit!(
            ev,
            MuTouEvent::Moved {
                seat: seat_of(mover),
                from: self.place(from),
                power,
                to: self.place(to),
                units: cost,
            }
        );
        match take {
            Take::None => {
                self.relocate(from, to);
                self.open_window(Unit::Piece(to), ev);
            }
            Take::Capture => {
                let removed = self.capture(from, to, ev);
                self.after_removal(to, removed, Some(Unit::Piece(to)), ev);
            }
            Take::Convert => {
                // S19: the target changes allegiance; the moving piece leaves play as a trade.
                let gone = self.lift(from);
                let target = self.cell_mut(to).as_mut().expect("a target");
                let was = target.owner;
                target.owner = mover;
                self.turn.frozen.push(to);
                emit!(
                    ev,
                    MuTouEvent::Converted {
                        was: seat_of(was),
                        now: seat_of(mover),
                        at: self.place(to),
                        gone: self.place(from),
                    }
                );
                self.after_removal(to, gone.shakken, None, ev);
            }
        }
    }

    /// S18: the piece on `from` captures the piece on `to`; returns the captured stack. The
    /// capture ends the piece's movement (D16).
    pub(super) fn capture(
        &mut self,
        from: TesselId,
        to: TesselId,
        ev: &mut impl Events<MuTouEvent>,
    ) -> Shakken {
        let victim = self.lift(to);
        self.relocate(from, to);
        if let Some(m) = self.turn.moved.iter_mut().find(|m| m.at == to) {
            m.ended = true;
        }
        emit!(
            ev,
            MuTouEvent::Captured {
                victim: seat_of(victim.owner),
                at: self.place(to),
                shakken: victim.shakken,
            }
        );
        victim.shakken
    }

    /// After a capture or change of allegiance: eliminations, then the S20 transfer, then the
    /// call window on `unit`.
    pub(super) fn after_removal(
        &mut self,
        survivor: TesselId,
        removed: Shakken,
        unit: Option<Unit>,
        ev: &mut impl Events<MuTouEvent>,
    ) {
        self.settle_survival(ev);
        if !matches!(self.phase, Phase::Play) || !self.is_active(self.turn.mover) {
            if matches!(self.phase, Phase::Play) {
                self.end_turn(ev);
            }
            return;
        }
        // D13: blood is never transferred.
        let mut from = removed;
        from.blood = Default::default();
        let pending = Pending::Transfer {
            to: survivor,
            from,
            unit,
        };
        self.turn.pending = pending;
        if !self.can_take_any() {
            self.close_transfer(ev);
        }
    }

    /// Whether any shak can be taken in the transfer pending now.
    pub(super) fn can_take_any(&self) -> bool {
        let Pending::Transfer { to, from, .. } = self.turn.pending else {
            return false;
        };
        self.units_left() > 0
            && !from.is_empty()
            && self
                .piece(to)
                .is_some_and(|p| p.shakken.total() < MAX_SHAKKEN)
    }

    /// S20: take one shak onto the piece that stays, for one unit.
    pub(super) fn take(&mut self, shak: Shak, ev: &mut impl Events<MuTouEvent>) {
        let Pending::Transfer { to, mut from, unit } = self.turn.pending else {
            unreachable!("take outside a transfer");
        };
        from.remove(shak);
        self.cell_mut(to)
            .as_mut()
            .expect("survivor")
            .shakken
            .add(shak);
        self.turn.spent += 1;
        emit!(
            ev,
            MuTouEvent::Taken {
                shak,
                onto: self.place(to),
            }
        );
        self.turn.pending = Pending::Transfer { to, from, unit };
        if !self.can_take_any() {
            self.close_transfer(ev);
        }
    }

    /// Ends a transfer and opens the call window of its unit.
    pub(super) fn close_transfer(&mut self, ev: &mut impl Events<MuTouEvent>) {
        let Pending::Transfer { unit, .. } = self.turn.pending else {
            unreachable!("no transfer to close");
        };
        match unit {
            Some(unit) => self.open_window(unit, ev),
            None => self.resume(ev),
        }
    }

    fn alter(
        &mut self,
        from: TesselId,
        shak: Shak,
        to: TesselId,
        ev: &mut impl Events<MuTouEvent>,
    ) {
        let mut dist = Vec::new();
        self.surface().distances(from, Graph::Vertex, &mut dist);
        let cost = dist[usize::from(to.0)];
        self.cell_mut(from)
            .as_mut()
            .expect("giver")
            .shakken
            .remove(shak);
        self.cell_mut(to)
            .as_mut()
            .expect("receiver")
            .shakken
            .add(shak);
        self.turn.spent += cost;
        self.turn.category.get_or_insert(Category::Alter);
        emit!(
            ev,
            MuTouEvent::Altered {
                shak,
                from: self.place(from),
                to: self.place(to),
                units: cost,
            }
        );
        self.open_window(Unit::Alter(from, to), ev);
    }

    /// D13, D18: every seat without a blood piece of its own is out; its wafers go to the mover
    /// (or the supply when the mover put itself out), its pieces leave play.
    pub(super) fn settle_survival(&mut self, ev: &mut impl Events<MuTouEvent>) {
        let mover = self.turn.mover;
        // Others first, so that their wafers reach a mover who is still in; the mover last.
        let n = self.seat_count();
        for seat in (1..=n).map(|k| (mover + k) % n) {
            if self.is_active(seat) && self.survival(seat) == 0 {
                let by = (seat != mover).then_some(mover);
                self.eliminate(seat, by, ev);
            }
        }
        if self.active_count() <= 1 {
            self.finish(End::Survivor, ev);
        }
    }

    fn eliminate(&mut self, out: u8, by: Option<u8>, ev: &mut impl Events<MuTouEvent>) {
        let order = self.seat.iter().filter(|s| s.out.is_some()).count() as u8 + 1;
        let s = usize::from(out);
        let wafers = std::mem::take(&mut self.seat[s].wafers);
        self.seat[s].banked = 0;
        self.seat[s].out = Some(order);
        match by {
            Some(b) => self.seat[usize::from(b)].wafers += wafers,
            None => self.supply += wafers,
        }
        for cell in &mut self.cells {
            if cell.is_some_and(|p| p.owner == out) {
                *cell = None;
            }
        }
        emit!(
            ev,
            MuTouEvent::Eliminated {
                seat: seat_of(out),
                wafers,
                to: by.map(seat_of),
            }
        );
    }

    /// The game ends.
    pub(super) fn finish(&mut self, end: End, ev: &mut impl Events<MuTouEvent>) {
        self.phase = Phase::Over(end);
        self.turn.pending = Pending::Free;
        emit!(
            ev,
            MuTouEvent::GameOver {
                reason: self.end_reason(end)
            }
        );
    }

    /// Back to the mover after a sub-decision; the turn ends by itself once U is spent.
    pub(super) fn resume(&mut self, ev: &mut impl Events<MuTouEvent>) {
        self.turn.pending = Pending::Free;
        if self.units_left() == 0 && self.turn.category.is_some() {
            self.end_turn(ev);
        }
    }

    /// Passes the turn to the next active seat.
    pub(super) fn end_turn(&mut self, ev: &mut impl Events<MuTouEvent>) {
        if !matches!(self.phase, Phase::Play) {
            return;
        }
        emit!(
            ev,
            MuTouEvent::TurnEnds {
                seat: seat_of(self.turn.mover)
            }
        );
        let next = self.next_active(self.turn.mover);
        let number = self.turn.number.saturating_add(1);
        self.begin_turn(next, number, ev);
    }

    /// Starts turn `number` for `seat` (or ends the game at the turn cap).
    pub(super) fn begin_turn(&mut self, mover: u8, number: u32, ev: &mut impl Events<MuTouEvent>) {
        self.turn = Turn::new(mover, number, self.seat[usize::from(mover)].wafers);
        if self.variant.turn_cap.is_some_and(|cap| number > cap) {
            self.finish(End::TurnCap, ev);
            return;
        }
        emit!(
            ev,
            MuTouEvent::TurnBegins {
                seat: seat_of(mover),
                number,
                wafers: self.turn.budget,
            }
        );
    }
}
