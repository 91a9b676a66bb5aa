//! Playing-area alterations (mutou S15c, D2): which edits the mover may make (on tessels
//! holding their pieces or touching them, with the occupancy rules) and what one does to the
//! surface and the pieces on it.

use std::sync::Arc;

use super::actions::MuTouAction;
use super::events::MuTouEvent;
use super::state::MuTou;
use super::surface::{Edit, TesselId};
use super::turn::emit;
use crate::game::Events;

impl MuTou {
    /// Area alterations `seat` may make on behalf of the mover: on tessels holding the mover's
    /// pieces or touching them (S15c), with the occupancy rules of D2.
    pub(super) fn area_actions(&self, out: &mut Vec<MuTouAction>) {
        let allowed = self.area_region();
        let allowed = |t: TesselId| allowed.get(usize::from(t.0)) == Some(&true);
        // Occupied tessels are never erased, nor two merged (`occupancy_choices`).
        let empty = |t: TesselId| self.piece(t).is_none();
        self.surface().each_edit_but(allowed, empty, |edit| {
            let (plain, to_new) = self.occupancy_choices(edit);
            if plain {
                out.push(MuTouAction::Area {
                    edit,
                    to_new: false,
                });
            }
            if to_new {
                out.push(MuTouAction::Area { edit, to_new });
            }
        });
    }

    /// S15c: the tessels holding the mover's pieces or touching them, by tessel id.
    fn area_region(&self) -> Vec<bool> {
        let surface = self.surface();
        let mut allowed = vec![false; usize::from(surface.max_tessel_id().0) + 1];
        for p in self.pieces().filter(|p| p.owner == self.turn.mover) {
            allowed[usize::from(p.at.0)] = true;
            for &t in surface.touching(p.at) {
                allowed[usize::from(t.0)] = true;
            }
        }
        allowed
    }

    /// D2 and V5: erase only empty tessels, merge at most one occupied tessel, and say where a
    /// split tessel's occupant goes only when there is one.
    fn occupancy_allows(&self, edit: Edit, to_new: bool) -> bool {
        let (plain, new) = self.occupancy_choices(edit);
        if to_new {
            new
        } else {
            plain
        }
    }

    /// [`MuTou::occupancy_allows`] for `to_new` false and true, in one look at the occupants.
    fn occupancy_choices(&self, edit: Edit) -> (bool, bool) {
        let occupied = |t: TesselId| self.piece(t).is_some();
        match edit {
            Edit::Split { tessel, .. } => (true, occupied(tessel)),
            Edit::Erase { tessel } => (!occupied(tessel), false),
            Edit::Merge { keep, gone } => (!occupied(keep) || !occupied(gone), false),
            _ => (true, false),
        }
    }

    /// Whether an area alteration is legal in the region and occupancy now, checked without
    /// listing every alteration (the same answer as membership in [`MuTou::area_actions`]).
    pub(super) fn area_action_ok(&self, edit: Edit, to_new: bool) -> bool {
        let allowed = self.area_region();
        self.occupancy_allows(edit, to_new)
            && self
                .surface()
                .allows(edit, |t| allowed.get(usize::from(t.0)) == Some(&true))
    }

    /// Applies an area edit (already known to be legal) and moves occupants as D2 says.
    pub(super) fn edit_area(&mut self, edit: Edit, to_new: bool, ev: &mut impl Events<MuTouEvent>) {
        let notation = if ev.wanted() {
            super::actions::edit_text(edit, to_new, &|t| self.name(t))
        } else {
            String::new()
        };
        let surface = Arc::make_mut(self.surface.as_mut().expect("a surface"));
        let applied = surface.apply(edit).expect("a legal edit applies");
        let width = usize::from(surface.max_tessel_id().0) + 1;
        if self.cells.len() < width {
            self.cells.resize(width, None);
        }
        let relocated = match edit {
            Edit::Split { tessel, .. } if to_new => {
                let new = applied.created.expect("a split makes a tessel");
                self.relocate(tessel, new);
                Some([tessel, new])
            }
            Edit::Merge { keep, gone } if self.piece(gone).is_some() => {
                self.relocate(gone, keep);
                Some([gone, keep])
            }
            _ => None,
        };
        emit!(
            ev,
            MuTouEvent::AreaAltered {
                edit,
                to_new,
                notation,
                created: applied.created,
                relocated,
            }
        );
    }
}
