//! Choosing one legal action without listing them all (see
//! [`crate::game::Game::choose_action`]). The legal places and moves of a turn are found as sets
//! (see [`super::places`]): the points a ship may be placed on, and per ship of the mover the
//! direction slots it may move by. Counting them is a popcount per set, and only the action at
//! the chosen index of [`Mur::write_actions`]'s order is built, so random play draws the same
//! games as it would from the listing.

use super::actions::Action;
use super::board::{bits, Point, Points, SHIPS_PER_COLOUR};
use super::geometry::Direction;
use super::movegen::Context;
use super::places::threatened;
use super::position::Mur;

/// The legal places and moves of a turn, as sets, in the order [`Mur::write_actions`] lists
/// them: the places by point, then the moves by ship (in point order) and direction slot.
pub(crate) struct Plays {
    /// The points a ship may be placed on (none when the mover has no ship off the board).
    places: u32,
    /// The mover's ships in point order, each with the direction slots it may move by (bit
    /// `slot` set when the move of that slot is legal); `ships` of them are filled.
    moves: [(u8, u8); SHIPS_PER_COLOUR as usize],
    ships: usize,
}

/// The index of the `i`-th lowest point of `set`, which has more than `i` points.
#[inline(always)]
fn nth_bit(mut set: u32, i: usize) -> u8 {
    for _ in 0..i {
        set &= set - 1;
    }
    set.trailing_zeros() as u8
}

/// How many slots each set of direction slots holds, looked up rather than counted (the
/// baseline x86-64 target has no population count instruction).
const SLOT_COUNTS: [u8; 256] = {
    let mut counts = [0; 256];
    let mut set = 0;
    while set < 256 {
        counts[set] = (set as u8).count_ones() as u8;
        set += 1;
    }
    counts
};

/// How many slots `slots` holds.
#[inline(always)]
fn slot_count(slots: u8) -> usize {
    usize::from(SLOT_COUNTS[usize::from(slots)])
}

impl Plays {
    /// How many legal places and moves there are.
    #[inline]
    pub fn count(&self) -> usize {
        let moves: usize = self.moves[..self.ships]
            .iter()
            .map(|&(_, slots)| slot_count(slots))
            .sum();
        self.places.count_ones() as usize + moves
    }

    /// The place or move at index `i` of the listing, `i` being less than [`Plays::count`].
    #[inline]
    fn nth(&self, mut i: usize) -> Action {
        let places = self.places.count_ones() as usize;
        if i < places {
            return Action::place(Point(nth_bit(self.places, i)));
        }
        i -= places;
        for &(from, slots) in &self.moves[..self.ships] {
            let n = slot_count(slots);
            if i < n {
                let slot = nth_bit(u32::from(slots), i);
                return Action::step(Point(from), Direction::of_slot(from, usize::from(slot)));
            }
            i -= n;
        }
        unreachable!("a play index past the count")
    }
}

impl Context {
    /// The legal places and moves of the mover, as sets.
    #[inline]
    pub(super) fn plays(&self) -> Plays {
        let threatened = threatened(self.mine, self.theirs);
        let places = if self.can_place() {
            self.legal_arrivals(threatened, self.mine)
        } else {
            0
        };
        let mut plays = Plays {
            places,
            moves: [(0, 0); SHIPS_PER_COLOUR as usize],
            ships: 0,
        };
        for from in bits(self.mine) {
            plays.moves[plays.ships] = (from, self.legal_slots(threatened, from));
            plays.ships += 1;
        }
        plays
    }
}

impl Mur {
    /// The legal action at index `choose(n)` of [`Mur::write_actions`]'s listing of `n` actions,
    /// built alone; `None`, without calling `choose`, when there is none. The match must not be
    /// over.
    #[inline]
    pub(crate) fn pick(&self, choose: impl FnOnce(usize) -> usize) -> Option<Action> {
        let me = self.side.index();
        let trapped = self.board.trapped(self.side);
        if trapped != 0 {
            // mur §1.6: the trap withdrawal is the only action.
            choose(1);
            return Some(Action::withdraw(Points(trapped)));
        }
        let mine = self.board.ships[me];
        if !(self.repeat_due[me] && mine != 0) {
            let plays = Context::new(self).plays();
            let n = plays.count();
            if n > 0 {
                return Some(plays.nth(choose(n)));
            }
        }
        // A repeat withdrawal or stagnation: one ship of his choice.
        let n = mine.count_ones() as usize;
        (n > 0).then(|| Action::withdraw(Points(1 << nth_bit(mine, choose(n)))))
    }
}
