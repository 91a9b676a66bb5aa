//! What a position text must describe beyond its syntax: a position play can reach in every
//! respect the engine relies on. [`Mu::validate`] runs after the text is read; each refusal
//! names the field and quotes it.
//!
//! * Seats: at most the variant's `max_seats`.
//! * Men: at most two per cell of the board in all (seven per filled segment, and one sprout per
//!   cell that leaves Virginity), so that no stack or sum of stacks can overflow in play.
//! * Lay-out and selection (mu §2.2–2.3): only under `start=protocol`; every cell Virginity,
//!   every stack a single marker man on a segment's centre, owned by the seat that laid the
//!   segment out (segment `i` by seat `i mod seats`); during lay-out every segment still has its
//!   marker and the colour to move lays out the next; during selection every segment is laid out,
//!   every seat has a marker left and the colour to move has two or more. No play fields.
//! * Play (mu §2.8–2.11): the colour to move has men; fewer passes in a row than seats with men;
//!   a pending choice or removal follows a move of this turn; a one-move turn at rest has made
//!   none; `landed` only with `one_move_per_piece`, at most one per move; `osc` only where the
//!   variant freezes oscillating sections (a pending removal, or the end-of-turn trim), and only
//!   on Commonwealth or Wall cells; `trail` only while a choice is pending; the budget only on
//!   segments of the board.
//! * Over: nothing of a turn in progress.
//! * Then every invariant of the rules (§2.13) that the conformance battery checks.

use crate::error::PositionError;

use super::actions::parse_cell;
use super::board::Layer;
use super::variant::{Oscillation, Start, TrimTiming};
use super::{Mu, Pending, Phase};

impl Mu {
    /// Refuses a read position that play cannot reach; `state` is the text's state field.
    pub(super) fn validate(&self, state: &str) -> Result<(), PositionError> {
        let fail = |token: &str, reason: String| Err(PositionError::new(token, reason));
        if self.seats > self.variant.max_seats {
            let most = self.variant.max_seats;
            return fail(
                state,
                format!("this variant is played by at most {most} seats"),
            );
        }
        self.validate_men()?;
        match self.phase {
            Phase::Layout | Phase::Select => self.validate_opening(state)?,
            Phase::Play => self.validate_play(state)?,
            Phase::Over => {
                if self.moved != 0 || !self.osc.is_empty() || !self.landed.is_empty() {
                    return fail(state, "a finished game has no turn in progress".to_owned());
                }
            }
        }
        self.invariants().map_err(|problem| {
            let geometry = self.geometry();
            let token = problem
                .split([' ', ':'])
                .find(|word| parse_cell(geometry, word).is_ok())
                .unwrap_or(state);
            PositionError::new(token, format!("not a position of the rules: {problem}"))
        })
    }

    fn validate_men(&self) -> Result<(), PositionError> {
        let g = self.geometry();
        let most = 2 * g.cells();
        let total: usize = g
            .all_cells()
            .map(|c| usize::from(self.board.get(c).height))
            .sum();
        if total > most {
            let tallest = g
                .all_cells()
                .max_by_key(|&c| self.board.get(c).height)
                .map(|c| c.to_string())
                .unwrap_or_default();
            let reason = format!(
                "{total} men on a board of {} cells, which can hold at most {most} in play",
                g.cells()
            );
            return Err(PositionError::new(tallest, reason));
        }
        Ok(())
    }

    fn validate_opening(&self, state: &str) -> Result<(), PositionError> {
        let fail = |token: String, reason: &str| Err(PositionError::new(token, reason));
        if self.variant.start != Start::Protocol {
            return fail(
                state.to_owned(),
                "lay-out and selection are played only with start=protocol",
            );
        }
        let in_play = self.ply != 0 || self.moved != 0 || self.passes != 0;
        if in_play || !self.osc.is_empty() || !self.landed.is_empty() || !self.trail.is_empty() {
            return fail(state.to_owned(), "play fields before play has started");
        }
        let seats = self.seats;
        let segments = self.geometry().segments();
        let all = usize::from(seats) * usize::from(self.variant.segments);
        for cell in self.geometry().all_cells() {
            let s = self.board.get(cell);
            let segment = cell.segment();
            let placer = segment.0 % seats;
            let marker = cell == segment.centre() && s.height == 1 && s.owner == placer;
            if s.layer != Layer::Virgin || !(s.height == 0 || marker) {
                return fail(
                    cell.to_string(),
                    "before play the board holds only Virginity and each segment's marker man, \
                     of the seat that laid it out",
                );
            }
        }
        let marked = |seat: u8| self.marked_segments(crate::game::Seat(seat)).len();
        let total: usize = (0..seats).map(marked).sum();
        let layout_ok = segments < all
            && total == segments
            && usize::from(self.to_move.0) == segments % usize::from(seats);
        let select_ok =
            segments == all && (0..seats).all(|s| marked(s) >= 1) && marked(self.to_move.0) > 1;
        match self.phase {
            Phase::Layout if !layout_ok => fail(
                state.to_owned(),
                "during lay-out every segment keeps its marker and the seats lay out in turn, \
                 fewer than every seat's segments",
            ),
            Phase::Select if !select_ok => fail(
                state.to_owned(),
                "selection starts once every segment is laid out; every seat keeps a marker and \
                 the colour to move has two or more",
            ),
            _ => Ok(()),
        }
    }

    fn validate_play(&self, state: &str) -> Result<(), PositionError> {
        let fail = |reason: &str| Err(PositionError::new(state, reason));
        let men = self.board.men(usize::from(self.seats));
        let active = men.iter().filter(|&&m| m > 0).count();
        if men[self.to_move.index()] == 0 {
            return fail("the colour to move has no men: seats without men are skipped");
        }
        // §2.12: the passes are counted when a turn ends. Before the mover has moved they must
        // leave a seat with men that has not passed; once he has moved, his move may have taken
        // the last men of seats that passed before him (fewer seats with men than passes), and
        // the end of his turn clears the count.
        if self.moved == 0 && usize::from(self.passes) >= active {
            return fail("every seat with men has passed in succession: the game is over");
        }
        if usize::from(self.passes) >= usize::from(self.seats) {
            return fail("more passes in succession than there are seats");
        }
        if self.pending != Pending::Nothing && self.moved == 0 {
            return fail("an explosion or a removal is owed only after a move");
        }
        if !self.trail.is_empty() && self.pending != Pending::Choice {
            return fail("trail=… is kept only while a chain reaction waits for a choice");
        }
        if !self.variant.per_segment() && self.pending == Pending::Nothing && self.moved != 0 {
            return fail("a turn of one move ends with the move (moved=…)");
        }
        if usize::from(self.moved) > self.geometry().segments() {
            return fail("more moves this turn than segments (moved=…)");
        }
        let landed_ok = self.landed.is_empty()
            || (self.variant.one_move_per_piece && self.landed.len() <= usize::from(self.moved));
        if !landed_ok {
            return fail("landed=… lists where this turn's moves ended, under one_move_per_piece");
        }
        let frozen = match self.variant.oscillation {
            Oscillation::PlayerRemoval => self.pending == Pending::Removal,
            Oscillation::AutoTrim => self.variant.trim_timing == TrimTiming::EndOfTurn,
        };
        if !self.osc.is_empty() && !frozen {
            return fail("osc=… is kept only for a pending removal or an end-of-turn trim");
        }
        if let Some(&cell) = self
            .osc
            .iter()
            .find(|&&c| self.board.get(c).layer == Layer::Virgin)
        {
            return Err(PositionError::new(
                cell.to_string(),
                "an oscillating section is Commonwealth or Wall, not Virginity",
            ));
        }
        let on_board = (1u128 << self.geometry().segments()) - 1;
        if u128::from(self.budget) & !on_board != 0 {
            return fail("the budget names a segment that is not on the board");
        }
        Ok(())
    }
}

#[cfg(test)]
mod tests {
    use crate::game::Game;
    use crate::mu::{Mu, MuVariant};
    use crate::variant::Variant;

    /// The token of the refusal of `text` under `variant`.
    fn refused(variant: &str, text: &str) -> String {
        let variant = MuVariant::parse_text(variant).unwrap();
        match Mu::from_position(&variant, text) {
            Ok(_) => panic!("`{text}` was read"),
            Err(e) => {
                assert!(!e.reason.is_empty());
                e.token
            }
        }
    }

    const T3: &str = "0,0 3,-1 1,2";
    const T3_CELLS: &str = "A0=VR1 A1=VR1 C0=VP1 C1=VP1";

    #[test]
    fn the_start_of_every_preset_reads_back() {
        for preset in [
            "levis",
            "velox",
            "multi",
            "levis start=t3",
            "levis start=duel",
        ] {
            let variant = MuVariant::parse_text(preset).unwrap();
            let game = Mu::new(&variant, 2).unwrap();
            let again = Mu::from_position(&variant, &game.position_text());
            assert_eq!(again.as_ref(), Ok(&game), "{preset}");
        }
    }

    /// Found by the battery (multi, three seats): the mover's move took the last men of the seats
    /// that had passed before him; the pass count waits for the end of his turn.
    const TAKEN_AFTER_A_PASS: &str = "0,0 3,-1 -1,-2 -3,1 6,-3 -1,3 4,-4 -6,2 -2,-4 -9,3 -8,5 2,2 \
        -11,7 1,-5 -14,9 -15,12 0,-7 3,-8 -2,-8 -11,2 1,-10 | C4=VG1 E5=VG1 L2=VG1 Q3=VG1 | \
        play G seats=3 budget=C,E,Q moved=1 passes=1 ply=309";

    #[test]
    fn a_pass_before_a_move_that_takes_the_passers_last_men_is_not_the_end_yet() {
        let variant = MuVariant::parse_text("multi").unwrap();
        let mut game = Mu::from_position(&variant, TAKEN_AFTER_A_PASS).unwrap();
        assert_eq!(game.outcome(), None);
        crate::conformance::walk_from(game.clone(), 1, 200).unwrap();
        // The mover ends his turn; he alone has men, and his turn was not a pass.
        let end = game.parse_action("end").unwrap();
        game.apply(end, &mut crate::game::NoEvents).unwrap();
        assert_eq!(game.passes(), 0);
    }

    #[test]
    fn passes_that_already_end_the_game_or_outnumber_the_seats_are_refused() {
        let variant = MuVariant::parse_text("multi").unwrap();
        let reason = |text: &str| Mu::from_position(&variant, text).unwrap_err().reason;
        // Before the mover has moved, one pass with one seat left holding men is a finished game.
        let before_a_move = TAKEN_AFTER_A_PASS.replace("moved=1 ", "");
        assert!(reason(&before_a_move).contains("passed in succession"));
        let too_many = TAKEN_AFTER_A_PASS.replace("passes=1", "passes=3");
        assert!(reason(&too_many).contains("more passes"));
    }

    #[test]
    fn a_cell_or_a_state_field_written_twice_is_refused() {
        let text = format!("{T3} | {T3_CELLS} A0=VR1 | play R seats=2");
        assert_eq!(refused("levis start=t3", &text), "A0=VR1");
        let text = format!("{T3} | {T3_CELLS} | play R seats=2 seats=2");
        assert_eq!(refused("levis start=t3", &text), "seats=2");
    }

    #[test]
    fn more_seats_than_the_variant_allows_are_refused() {
        let text = format!("{T3} | {T3_CELLS} | play R seats=3");
        assert_eq!(refused("velox start=t3", &text), "play R seats=3");
    }

    #[test]
    fn more_men_than_a_board_can_hold_are_refused_at_the_tallest_stack() {
        let text = format!("{T3} | A0=CR65535 C0=VP1 | play R seats=2");
        assert_eq!(refused("levis start=t3", &text), "A0");
    }

    #[test]
    fn the_opening_phases_are_refused_without_the_protocol_or_with_play_fields() {
        let text = format!("{T3} | A0=VR1 B0=VP1 C0=VR1 | select P seats=2");
        assert_eq!(refused("levis start=t3", &text), "select P seats=2");
        let text = "0,0 | A0=VR1 | layout P seats=2 ply=3";
        assert_eq!(refused("levis", text), "layout P seats=2 ply=3");
        let text = "0,0 | A0=VP1 | layout P seats=2";
        assert_eq!(refused("levis", text), "A0", "segment A is laid out by Red");
    }

    #[test]
    fn a_turn_in_play_must_agree_with_the_board_and_the_variant() {
        for (state, why) in [
            ("play R seats=2 passes=2", "both seats have passed"),
            (
                "play R seats=2 moved=1",
                "a one-move turn ends with its move",
            ),
            (
                "play R seats=2 landed=A0",
                "landed=… needs one_move_per_piece",
            ),
            (
                "play R seats=2 budget=A",
                "budget=… needs per-segment turns",
            ),
            ("over R seats=2 moved=1", "a finished game has no turn"),
        ] {
            let text = format!("{T3} | {T3_CELLS} | {state}");
            let variant = MuVariant::parse_text("levis start=t3").unwrap();
            assert!(Mu::from_position(&variant, &text).is_err(), "{why}");
        }
        let text = format!("{T3} | C0=VP1 | play R seats=2");
        assert_eq!(refused("levis start=t3", &text), "play R seats=2");
    }
}
