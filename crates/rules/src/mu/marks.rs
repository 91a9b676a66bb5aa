//! Read-only marks for drawing a Mu board: the segments that still carry a seat's marker man
//! during the opening (mu §2.2–2.3). It calls the rules' own helper.

use super::geometry::Segment;
use super::Mu;
use crate::game::Seat;

impl Mu {
    /// The segments on whose centre `seat` still has its marker man (lay-out and selection,
    /// mu §2.2–2.3); empty once play has begun.
    pub fn markers(&self, seat: Seat) -> Vec<Segment> {
        match self.phase {
            super::Phase::Layout | super::Phase::Select => self.marked_segments(seat),
            super::Phase::Play | super::Phase::Over => Vec::new(),
        }
    }
}

#[cfg(test)]
mod tests {
    use crate::game::{Game, NoEvents, Seat};
    use crate::mu::{Mu, MuVariant, Segment};
    use crate::variant::Variant;

    #[test]
    fn a_laid_out_segment_carries_the_placing_seats_marker() {
        let variant = MuVariant::parse_text("").expect("default");
        let mut game = Mu::new(&variant, 2).expect("setup");
        assert!(game.markers(Seat(0)).is_empty());
        game.play(
            game.parse_action("place:0,0").expect("action"),
            &mut NoEvents,
        );
        assert_eq!(game.markers(Seat(0)), vec![Segment(0)]);
        assert!(game.markers(Seat(1)).is_empty());
    }
}
