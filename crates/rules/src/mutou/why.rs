//! Why an action is refused: the rules error shown to people (the move generator still decides
//! legality; this only explains a refusal).

use super::actions::{MuTouAction, Take};
use super::pieces::{Power, MAX_SHAKKEN};
use super::state::{Category, MuTou, Pending, Phase};
use super::turn::colour;

impl MuTou {
    /// The reason `action` is not legal now (called only for actions that are not).
    pub(super) fn why_illegal(&self, action: MuTouAction) -> String {
        match self.phase {
            Phase::Over(_) => return "the game is over".into(),
            Phase::ChooseTier => return "the first player must choose the tier (tier:I, tier:II or tier:III)".into(),
            Phase::Claim(s) => return format!("{} must claim one of the unclaimed zones (claim:N)", colour(s)),
            Phase::SetOut(s) => return format!("{} is setting out: put a shak from the pool on one of its own bases with room (S23)", colour(s)),
            Phase::Play => {}
        }
        let mover = colour(self.turn.mover);
        match self.turn.pending {
            Pending::Free => self.why_free(action),
            Pending::Transfer { .. } => format!("{mover} may take shakken from the removed piece (take:X, one unit each, no blood) or stop (done)"),
            Pending::Window { seat, .. } => format!("{} decides whether to call a choice: call:open, call:matched or decline", colour(seat)),
            Pending::Roll { .. } => "the quandarinn are rolled now (chance)".into(),
            Pending::Rand { .. } => "a Rand move is under way: the prior player aims (gate:v<id>:ccw|cw), chance rolls, the mover picks among equally far tessels".into(),
            Pending::Heap { caller, left, .. } => match left {
                Some(_) => format!("{} hands out heaped shakken (give:<tessel>:<shak>) or stops (done)", colour(caller)),
                None => format!("{mover} hands out the rest of the heap (give:<tessel>:<shak>)"),
            },
            Pending::Insert { caller, .. } => format!("{} inserts area alterations near {mover}'s pieces, or stops (done)", colour(caller)),
            Pending::Proposal { seat } => format!("{} answers the proposal to stop: accept or refuse", colour(seat)),
        }
    }

    fn why_free(&self, action: MuTouAction) -> String {
        let units = self.units_left();
        let category = self.turn.category;
        match action {
            MuTouAction::Rest | MuTouAction::Propose if category.is_some() => {
                "only at the start of a turn".into()
            }
            MuTouAction::Propose => {
                "proposing to stop belongs to the cooperative form, once a turn".into()
            }
            MuTouAction::End => "nothing has been done this turn: rest instead (S14)".into(),
            MuTouAction::Step {
                from,
                power,
                to,
                take,
            } => self.why_step(from, power, to, take, units),
            MuTouAction::Rand(from) => self
                .why_piece(from, Power::Rand, units)
                .unwrap_or_else(|| "this piece cannot use a Rand shak now".into()),
            MuTouAction::Alter { from, to, .. } => {
                if category.is_some_and(|c| c != Category::Alter) && !self.variant.mixing {
                    return "one category a turn in the basic game (S15)".into();
                }
                match (self.piece(from), self.piece(to)) {
                    (Some(a), Some(b))
                        if a.owner == self.turn.mover && b.owner == self.turn.mover =>
                    {
                        if b.shakken.total() >= MAX_SHAKKEN {
                            format!("the piece on {} already holds ten shakken", self.name(to))
                        } else {
                            format!("not possible with {units} unit(s) left, or that shak cannot move (only one's own blood moves, D13)")
                        }
                    }
                    _ => "alterations move shakken between two of one's own pieces (D16)".into(),
                }
            }
            MuTouAction::Area { .. } => {
                if category.is_some_and(|c| c != Category::Area) && !self.variant.mixing {
                    "one category a turn in the basic game (S15)".into()
                } else {
                    "this alteration is not allowed here: only near one's pieces, erasing empty tessels, merging at most one occupied tessel, and keeping the surface valid (D2, V1-V5)".into()
                }
            }
            _ => format!(
                "it is {}'s turn to make a unit, end or rest",
                colour(self.turn.mover)
            ),
        }
    }

    fn why_step(
        &self,
        from: super::surface::TesselId,
        power: Power,
        to: super::surface::TesselId,
        take: Take,
        units: u16,
    ) -> String {
        if let Some(why) = self.why_piece(from, power, units) {
            return why;
        }
        match (self.piece(to), take) {
            (Some(p), _) if p.owner == self.turn.mover => {
                "a piece never steps onto one's own piece (D16)".into()
            }
            (Some(_), Take::None) => {
                "an enemy stands there: write x to capture or xa to change its allegiance".into()
            }
            (None, Take::Capture | Take::Convert) => "there is nothing to capture there".into(),
            _ => format!(
                "{} is not a {} step from {}",
                self.name(to),
                power.letter(),
                self.name(from)
            ),
        }
    }

    fn why_piece(
        &self,
        from: super::surface::TesselId,
        power: Power,
        units: u16,
    ) -> Option<String> {
        if self.turn.category.is_some_and(|c| c != Category::Move) && !self.variant.mixing {
            return Some("one category a turn in the basic game (S15)".into());
        }
        if units == 0 {
            return Some("no units are left this turn".into());
        }
        let Some(piece) = self.piece(from) else {
            return Some(format!("no piece stands on {}", self.name(from)));
        };
        if piece.owner != self.turn.mover {
            return Some(format!(
                "the piece on {} is not {}'s",
                self.name(from),
                colour(self.turn.mover)
            ));
        }
        let Some((left, _)) = self.allowance_now(from) else {
            return Some("this piece cannot move again this turn (it captured, changed sides, or the fee cannot be paid)".into());
        };
        (left[power.index()] == 0).then(|| {
            format!(
                "the piece has no {} use left in this allowance (S13)",
                power.letter()
            )
        })
    }
}
