//! Listing the legal places and moves of a turn. Where a ship of the mover's may arrive
//! (mur §1.7) is found for every empty point at once: the legal places of the turn, and the
//! legal plain moves (those that knock nothing) of one ship, as a few set operations on the board
//! before the play; only knocks are judged one by one. [`Context::place`] and [`Context::step`]
//! judge one play and stay the reference: in test builds the listing checks every answer against
//! them.
//!
//! A place on an empty point `p`, or a move of the ship on `s` that lands on an empty point `p`,
//! leaves the mover's other ships (`stay`: all of them, or all but `s`) where they are, puts one
//! on `p` and changes nothing else. So each part of the judgement in `Context::verdict`
//! becomes a set of points `p`:
//!
//! * an opposing ship `q` is trapped after the play exactly when every neighbour of `q` but `p`
//!   holds a ship of `stay` (a *gouge*), or every neighbour does (then every `p` gouges);
//! * the arriving ship is trapped exactly when `p` lies in the opponent's enclosure, and then it
//!   entered an opposing eye, `p` having been empty;
//! * the kraken is trapped exactly when `p` is the one neighbour of the kraken left open by
//!   `stay` and the opposing ships (R-K1), or with `kraken_trap=single-colour` the one left open
//!   by `stay`; the opponent's ships stay put, so no such play completes a trap credited to him;
//! * the ships of `stay` trapped before the play stay trapped (none when a place or move is the
//!   obligation, mur §1.6).

use std::ops::ControlFlow;

use super::actions::Action;
use super::board::{bits, neighbours, Point, ALL};
use super::geometry::{walks, Direction};
use super::movegen::{Context, MAX_ACTIONS};

/// The only point of `set` when it has exactly one, else the empty set.
#[inline(always)]
fn only(set: u32) -> u32 {
    if set.is_power_of_two() {
        set
    } else {
        0
    }
}

/// The opposing ships with at most one neighbour free of the mover's ships: the only ones a
/// place or a plain move can trap (a move takes a ship of the mover's away, never adds one).
#[inline(always)]
pub(super) fn threatened(mine: u32, theirs: u32) -> u32 {
    let mut threatened = 0;
    for q in bits(theirs) {
        let free = neighbours(q) & !mine;
        threatened |= u32::from(free & free.wrapping_sub(1) == 0) << q;
    }
    threatened
}

/// The points where an arriving ship traps at least one of the `threatened` opposing ships
/// while the mover's ships `stay` stay put: every point when one is trapped by `stay` alone, else
/// the lone neighbour free of `stay` of each one that has one.
#[inline(always)]
fn gouges(threatened: u32, stay: u32) -> u32 {
    let mut gouges = 0;
    for q in bits(threatened) {
        let free = neighbours(q) & !stay;
        gouges |= if free == 0 { ALL } else { only(free) };
    }
    gouges
}

impl Context {
    /// The empty points where a ship of the mover's may arrive while his ships `stay` (a subset
    /// of his ships before the play) stay put and nothing else changes, `threatened` being
    /// [`threatened`] of the board before the play: with `stay` all of them,
    /// exactly the points where [`Context::place`] returns `Ok` (when he has a ship off the
    /// board); with `stay` all but the ship on `s`, exactly the empty landing points where a move
    /// of that ship returns `Ok` once its path and its start are found good.
    #[inline(always)]
    pub(super) fn legal_arrivals(&self, threatened: u32, stay: u32) -> u32 {
        let gouges = gouges(threatened, stay);
        let excused = if self.variant.kraken_self_trap {
            self.kraken_trapping_arrivals(stay)
        } else {
            0
        };
        // Ships of the mover's left trapped: a self-trap, which only the kraken excuses (A7).
        let unexcused = if stay & self.their_enclosure != 0 {
            !excused
        } else {
            0
        };
        // A gouge justifies every eye entry; under G1 not a ship of the mover's left trapped
        // elsewhere (see `Context::verdict`).
        let gouge_refused = if self.variant.g1() { unexcused } else { 0 };
        // Without one: no opposing eye (rule 3), under G1 no own eye as it was before the play,
        // and no self-trap (rule 2).
        let own_eyes = if self.variant.g1() { self.own_eyes } else { 0 };
        let plain_refused = self.their_enclosure | own_eyes | unexcused;
        self.empty & ((gouges & !gouge_refused) | (!gouges & !plain_refused))
    }

    /// The points where an arriving ship completes a kraken trap while `stay` stay put: the lone
    /// neighbour of the kraken left open (see `Context::kraken_credit`; the credit is the
    /// mover's).
    #[inline(always)]
    fn kraken_trapping_arrivals(&self, stay: u32) -> u32 {
        if self.kraken_was_trapped {
            return 0;
        }
        let around = neighbours(self.board.kraken);
        let open = if self.variant.single_colour_kraken() {
            around & !stay
        } else {
            around & !(stay | self.theirs)
        };
        only(open)
    }

    /// The direction slots (bit `slot`) by which the mover's ship on point index `from` may
    /// legally move, `threatened` being [`threatened`] of the board before the play: the same
    /// answers as [`Context::step_slot`]. A plain move (one that lands on an empty point) is
    /// read off [`Context::legal_arrivals`] with every ship of his but that one staying put, and
    /// only a knock is judged on its own. A move back to its start lands on neither an empty
    /// point nor another piece, so it is never legal (mur §1.8, M15).
    #[inline(always)]
    pub(super) fn legal_slots(&self, threatened: u32, from: u8) -> u8 {
        let arrivals = self.legal_arrivals(threatened, self.mine & !(1 << from));
        let order = self.order[usize::from(from)];
        let others = !self.empty & !(1 << from);
        // A2 (`blocked_paths`): no move passes over another piece.
        let blocking = if self.variant.blocked_paths {
            others
        } else {
            0
        };
        let walks = &walks(from, order)[..Direction::slot_count(from)];
        // Plain moves without a branch per slot; the slots that would knock are judged after.
        let (mut slots, mut knocks) = (0, 0);
        for (slot, w) in walks.iter().enumerate() {
            let land = 1 << w.land;
            let open = u8::from(w.via & blocking == 0);
            slots |= (open & u8::from(arrivals & land != 0)) << slot;
            knocks |= (open & u8::from(others & land != 0)) << slot;
        }
        for slot in bits(u32::from(knocks)) {
            let legal = self.knock(from, order, &walks[usize::from(slot)]).is_ok();
            slots |= u8::from(legal) << slot;
        }
        slots
    }

    /// Calls `f` with every legal place, then every legal move, until `f` breaks.
    #[inline]
    pub fn for_each_play(&self, mut f: impl FnMut(Action) -> ControlFlow<()>) -> ControlFlow<()> {
        let threatened = threatened(self.mine, self.theirs);
        if self.can_place() {
            for p in bits(self.legal_arrivals(threatened, self.mine)) {
                f(Action::place(Point(p)))?;
            }
        }
        for from in bits(self.mine) {
            for slot in bits(u32::from(self.legal_slots(threatened, from))) {
                f(Action::step(
                    Point(from),
                    Direction::of_slot(from, usize::from(slot)),
                ))?;
            }
        }
        ControlFlow::Continue(())
    }

    /// Writes every legal place, then every legal move, into `plays`, in the order of
    /// [`Context::for_each_play`]; returns how many. Each move is written whether or not it is
    /// legal and kept by counting it, so the listing does not branch on the verdict. Test builds
    /// check every answer against [`Context::place`] and [`Context::step_slot`].
    #[inline]
    pub fn write_plays(&self, plays: &mut [Action; MAX_ACTIONS]) -> usize {
        let threatened = threatened(self.mine, self.theirs);
        let mut n = 0;
        if self.can_place() {
            let places = self.legal_arrivals(threatened, self.mine);
            #[cfg(test)]
            for p in 0..25 {
                assert_eq!(
                    places & 1 << p != 0,
                    self.place(Point(p)).is_ok(),
                    "place {p}"
                );
            }
            for p in bits(places) {
                plays[n] = Action::place(Point(p));
                n += 1;
            }
        }
        for from in bits(self.mine) {
            let slots = self.legal_slots(threatened, from);
            for slot in 0..Direction::slot_count(from) {
                plays[n] = Action::step(Point(from), Direction::of_slot(from, slot));
                let legal = slots & 1 << slot != 0;
                #[cfg(test)]
                assert_eq!(
                    legal,
                    self.step_slot(from, slot).is_ok(),
                    "move {from}/{slot}"
                );
                n += usize::from(legal);
            }
        }
        n
    }

    /// Whether any place or move is legal.
    #[inline]
    pub fn any_play(&self) -> bool {
        self.for_each_play(|_| ControlFlow::Break(())).is_break()
    }
}
