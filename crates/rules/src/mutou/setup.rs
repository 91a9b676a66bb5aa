//! Setting up (mutou D3): the tier, the scribed surface and its zones, cutting (S22), and the
//! secret setting-out of shakken (S23).

use std::sync::Arc;

use super::actions::MuTouAction;
use super::events::{MuTouEvent, RevealedPiece};
use super::pieces::{Piece, Shakken, MAX_SHAKKEN};
use super::state::{MuTou, Phase, SeatState, Turn};
use super::surface::{layout, Board, TesselId, Wrap as SurfaceWrap};
use super::turn::{emit, seat_of};
use super::variant::{BoardKind, MuTouVariant, Tier, TierRule, Wrap};
use crate::error::SetupError;
use crate::game::Events;

impl MuTou {
    /// A game before any decision: the tier is settled (or to be chosen by seat 1).
    pub(super) fn start(variant: &MuTouVariant, seats: usize) -> Result<MuTou, SetupError> {
        let mut game = MuTou {
            variant: *variant,
            tier: None,
            surface: None,
            zones: Arc::new(Vec::new()),
            stands: Arc::new(Vec::new()),
            cells: Vec::new(),
            seat: vec![SeatState::default(); seats],
            supply: 0,
            phase: Phase::ChooseTier,
            turn: Turn::new(0, 0, 0),
        };
        if let TierRule::Fixed(tier) = variant.tier {
            game.settle_tier(tier, &mut crate::game::NoEvents)?;
        }
        Ok(game)
    }

    /// Scribes the surface for a tier and hands out wafers and shakken (D4, D5, D6).
    pub(super) fn settle_tier(
        &mut self,
        tier: Tier,
        ev: &mut impl Events<MuTouEvent>,
    ) -> Result<(), SetupError> {
        let seats = self.seat.len();
        let board = match self.variant.board {
            BoardKind::Square => Board::Square(match self.variant.wrap {
                Wrap::None => SurfaceWrap::None,
                Wrap::Cylinder => SurfaceWrap::Cylinder,
                Wrap::Torus => SurfaceWrap::Torus,
            }),
            BoardKind::Hex => Board::Hex,
            BoardKind::Sown => Board::Sown,
        };
        let made = layout(
            board,
            seats,
            tier.bases(),
            tier.shak_total(),
            self.variant.seed,
        )
        .map_err(|e| SetupError::Variant(e.to_string()))?;
        self.tier = Some(tier);
        self.cells = vec![None; usize::from(made.surface.max_tessel_id().0) + 1];
        self.surface = Some(Arc::new(made.surface));
        self.zones = Arc::new(made.zones);
        self.stands = Arc::new(made.stands);
        // D4: total supply = players × (start wafers + 2); each player holds the start wafers.
        self.supply = 2 * seats as u16;
        for (i, s) in self.seat.iter_mut().enumerate() {
            s.wafers = tier.wafers();
            s.pool = Shakken::supply(tier.shakken(), i as u8);
        }
        emit!(ev, MuTouEvent::Scribed { tier });
        if self.variant.board == BoardKind::Sown {
            self.phase = Phase::Claim(1);
        } else {
            for (i, s) in self.seat.iter_mut().enumerate() {
                s.zone = Some(i as u8);
            }
            self.place_bases();
        }
        Ok(())
    }

    /// Bases go on their seats' stands; setting out begins with seat 1.
    fn place_bases(&mut self) {
        for seat in 0..self.seat_count() {
            let zone = self.seat[usize::from(seat)]
                .zone
                .expect("every seat has a zone");
            for &at in &self.stands.clone()[usize::from(zone)] {
                *self.cell_mut(at) = Some(Piece {
                    owner: seat,
                    at,
                    shakken: Shakken::default(),
                });
            }
        }
        self.phase = Phase::SetOut(0);
    }

    /// The setup decisions of the current phase.
    pub(super) fn setup_actions(&self, out: &mut Vec<MuTouAction>) {
        match self.phase {
            Phase::ChooseTier => out.extend(Tier::ALL.map(MuTouAction::Tier)),
            Phase::Claim(_) => {
                let taken: Vec<u8> = self.seat.iter().filter_map(|s| s.zone).collect();
                out.extend(
                    (0..self.zones.len() as u8)
                        .filter(|z| !taken.contains(z))
                        .map(MuTouAction::Claim),
                );
            }
            Phase::SetOut(seat) => {
                let pool = self.seat[usize::from(seat)].pool;
                for p in self.pieces() {
                    if p.owner == seat && p.shakken.total() < MAX_SHAKKEN {
                        out.extend(pool.kinds().map(|s| MuTouAction::Put(p.at, s)));
                    }
                }
            }
            _ => {}
        }
    }

    /// Applies a setup decision.
    pub(super) fn play_setup(&mut self, action: MuTouAction, ev: &mut impl Events<MuTouEvent>) {
        match (self.phase, action) {
            (Phase::ChooseTier, MuTouAction::Tier(tier)) => {
                // The layouts for every tier and seat count are tested to exist.
                self.settle_tier(tier, ev).expect("every tier has a layout");
            }
            (Phase::Claim(seat), MuTouAction::Claim(zone)) => {
                self.seat[usize::from(seat)].zone = Some(zone);
                emit!(
                    ev,
                    MuTouEvent::Claimed {
                        seat: seat_of(seat),
                        zone,
                        assigned: false,
                    }
                );
                if usize::from(seat) + 1 < self.seat.len() {
                    self.phase = Phase::Claim(seat + 1);
                } else {
                    // S22: the last zone goes to the first player, who is not given a choice.
                    let mut rest = Vec::new();
                    self.setup_actions(&mut rest);
                    let Some(MuTouAction::Claim(last)) = rest.first().copied() else {
                        unreachable!("one zone is left for the first player");
                    };
                    self.seat[0].zone = Some(last);
                    emit!(
                        ev,
                        MuTouEvent::Claimed {
                            seat: seat_of(0),
                            zone: last,
                            assigned: true,
                        }
                    );
                    self.place_bases();
                }
            }
            (Phase::SetOut(seat), MuTouAction::Put(at, shak)) => {
                self.seat[usize::from(seat)].pool.remove(shak);
                self.cell_mut(at)
                    .as_mut()
                    .expect("a base")
                    .shakken
                    .add(shak);
                emit!(
                    ev,
                    MuTouEvent::Put {
                        seat: seat_of(seat),
                        base: self.place(at),
                        shak,
                    }
                );
                if self.seat[usize::from(seat)].pool.is_empty() {
                    if usize::from(seat) + 1 < self.seat.len() {
                        self.phase = Phase::SetOut(seat + 1);
                    } else {
                        self.set_out_hidden_pools();
                        self.phase = Phase::Play;
                        emit!(
                            ev,
                            MuTouEvent::Revealed {
                                pieces: self.revealed_pieces()
                            }
                        );
                        self.begin_turn(0, 1, ev);
                    }
                }
            }
            _ => unreachable!("not a setup decision here: {action:?}"),
        }
    }

    /// Every piece with its stack, as the reveal shows them (S23).
    fn revealed_pieces(&self) -> Vec<RevealedPiece> {
        self.pieces()
            .map(|p| RevealedPiece {
                owner: seat_of(p.owner),
                at: self.place(p.at),
                shakken: p.shakken,
            })
            .collect()
    }

    /// At the reveal, sets out every pool still full: a seat whose setting out a view hides
    /// ([`MuTou::masked`] shows its pool full and its bases bare). A game played from its
    /// start never has one, since each seat sets out everything before the next begins (S23);
    /// a view played on, as a search plays on the view it is given, reaches the reveal without
    /// knowing what was hidden, so it guesses: each shak of the pool in the pool's order goes
    /// to the seat's base holding fewest (the first such base in tessel order). Without the
    /// guess play would begin with a seat's shakken off the board.
    fn set_out_hidden_pools(&mut self) {
        for seat in 0..self.seat_count() {
            let mut pool = self.seat[usize::from(seat)].pool;
            if pool.is_empty() {
                continue;
            }
            let bases: Vec<TesselId> = (self.pieces())
                .filter(|p| p.owner == seat)
                .map(|p| p.at)
                .collect();
            loop {
                let Some(shak) = pool.kinds().next() else {
                    break;
                };
                let lightest = bases
                    .iter()
                    .copied()
                    .filter(|&at| {
                        self.piece(at)
                            .is_some_and(|p| p.shakken.total() < MAX_SHAKKEN)
                    })
                    .min_by_key(|&at| self.piece(at).map_or(u8::MAX, |p| p.shakken.total()));
                let Some(at) = lightest else {
                    break;
                };
                pool.remove(shak);
                self.cell_mut(at)
                    .as_mut()
                    .expect("a base")
                    .shakken
                    .add(shak);
            }
            self.seat[usize::from(seat)].pool = pool;
        }
    }

    /// The position as `viewer` may see it: while setting out, other seats' stacks are hidden
    /// (their bases shown bare, their pools full) until everyone has committed (S23).
    pub(super) fn masked(&self, viewer: Option<u8>) -> MuTou {
        let mut view = self.clone();
        let Phase::SetOut(_) = self.phase else {
            return view;
        };
        let Some(tier) = self.tier else {
            return view;
        };
        for seat in 0..self.seat_count() {
            if Some(seat) == viewer {
                continue;
            }
            view.seat[usize::from(seat)].pool = Shakken::supply(tier.shakken(), seat);
            for cell in view.cells.iter_mut().flatten() {
                if cell.owner == seat {
                    cell.shakken = Shakken::default();
                }
            }
        }
        view
    }
}
