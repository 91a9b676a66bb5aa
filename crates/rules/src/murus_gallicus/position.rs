//! The position: [`MurusGallicus`], its status, and the [`Game`] implementation.
//!
//! The status of a game (going on, won, drawn) is never stored: it is a function of the stones,
//! the side to move, the ply count and the variant, so that the position text determines it and
//! equal positions have equal futures. Every part of it is a handful of bitboard operations.

use super::actions::{Action, ActionForm};
use super::board::{Cell, Colour, Stones};
use super::events::MurusEvent;
use super::movegen::{Mover, Opening};
use super::variant::MurusVariant;
use crate::error::{IllegalAction, ParseError, PositionError, SetupError};
use crate::game::{Actor, Events, Game, GameInfo, Outcome, Seat, TurnInfo};
use crate::hash::mix;
use crate::target::{Label, Target};

/// A Murus Gallicus position under one variant: the stones, the side to move and the number of
/// plies played.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub struct MurusGallicus {
    pub(crate) stones: Stones,
    pub(crate) ply: u32,
    pub(crate) side: Colour,
    pub(crate) variant: MurusVariant,
}

/// Why a game is over.
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Verdict {
    /// `winner` holds `cell` on the opponent's home row (murus-gallicus §2.2, §2.3).
    Breakthrough {
        winner: Colour,
        cell: Cell,
        delayed: bool,
    },
    /// The side to move has no legal action and loses (§2.2).
    Stalemate { loser: Colour },
    /// The project's ply cap (§2.5 B7).
    PlyCap { plies: u32 },
}

/// All 8 files of rank index `rank`.
#[inline(always)]
fn rank_mask(rank: u8) -> u64 {
    0xFFu64 << (8 * u32::from(rank))
}

impl MurusGallicus {
    /// The colour and height (1 wall, 2 tower, 3 catapult) of the stack on `cell`, or `None`
    /// when it is empty or off the board.
    pub fn stack(&self, cell: Cell) -> Option<(Colour, u8)> {
        self.stones.stack(cell)
    }

    /// The number of rows: 7, or 8 on the 8 × 8 board.
    #[inline]
    pub fn rows(&self) -> u8 {
        self.variant.board.rows()
    }

    /// The side to move (also the side that would have moved, once the game is over).
    #[inline]
    pub fn to_move(&self) -> Colour {
        self.side
    }

    /// The number of plies played so far (the position text's last field).
    #[inline]
    pub fn ply(&self) -> u32 {
        self.ply
    }

    /// The number of stones `colour` has on the board.
    pub fn stone_count(&self, colour: Colour) -> u32 {
        self.stones.stone_count(colour)
    }

    /// Whether `cell` lies on this position's board.
    #[inline]
    pub fn on_board(&self, cell: Cell) -> bool {
        cell.rank() < self.rows()
    }

    /// The cells of the board.
    #[inline(always)]
    pub(crate) fn board_mask(&self) -> u64 {
        u64::MAX >> (8 * (8 - u32::from(self.rows())))
    }

    /// The rank index of `colour`'s home row.
    #[inline(always)]
    pub(crate) fn home_rank(&self, colour: Colour) -> u8 {
        match colour {
            Colour::Light => 0,
            Colour::Dark => self.rows() - 1,
        }
    }

    /// The rank index of `colour`'s second row (where the opening redistribution lands).
    #[inline(always)]
    pub(crate) fn second_rank(&self, colour: Colour) -> u8 {
        match colour {
            Colour::Light => 1,
            Colour::Dark => self.rows() - 2,
        }
    }

    /// Whether the opening redistribution is the only kind of action (plies 0 and 1).
    #[inline(always)]
    pub(crate) fn in_opening(&self) -> bool {
        self.variant.opening_redistribution && self.ply < 2
    }

    #[inline(always)]
    pub(crate) fn mover(&self) -> Mover {
        Mover {
            me: self.side,
            advanced: self.variant.advanced(),
            board: self.board_mask(),
        }
    }

    #[inline(always)]
    pub(crate) fn opening(&self) -> Opening {
        let me = self.side;
        Opening {
            sources: self.stones.towers(me) & rank_mask(self.home_rank(me)),
            free: !self.stones.occupied() & rank_mask(self.second_rank(me)),
        }
    }

    /// The first cell of `colour`'s home row held by his opponent, if any.
    #[inline(always)]
    fn invader_of(&self, colour: Colour) -> Option<Cell> {
        let invaders =
            self.stones.occ[colour.opponent().index()] & rank_mask(self.home_rank(colour));
        (invaders != 0).then(|| Cell(invaders.trailing_zeros() as u8))
    }

    /// A breakthrough that ends the game now. Immediate rules: the side that just moved holds a
    /// cell of the mover's home row (and, in a position text only, the mover holding the far row
    /// wins too). Delayed rules (§2.3): the side to move, at the start of his turn, still holds a
    /// cell of the opponent's home row; checked before stalemate.
    #[inline]
    fn breakthrough(&self) -> Option<Verdict> {
        if self.variant.escape {
            return None;
        }
        let me = self.side;
        let delayed = !self.variant.breakthrough_is_immediate();
        if !delayed {
            if let Some(cell) = self.invader_of(me) {
                return Some(Verdict::Breakthrough {
                    winner: me.opponent(),
                    cell,
                    delayed,
                });
            }
        }
        let cell = self.invader_of(me.opponent())?;
        Some(Verdict::Breakthrough {
            winner: me,
            cell,
            delayed,
        })
    }

    /// The ply cap, once reached.
    #[inline]
    fn capped(&self) -> Option<Verdict> {
        let plies = self.variant.ply_cap?;
        (self.ply >= plies).then_some(Verdict::PlyCap { plies })
    }

    /// The number of legal actions, ignoring whether the game has ended.
    #[inline]
    fn raw_count(&self) -> u32 {
        if self.in_opening() {
            self.opening().count()
        } else {
            self.mover().count(&self.stones)
        }
    }

    /// Whether the side to move has any legal action, ignoring whether the game has ended.
    #[inline]
    fn can_act(&self) -> bool {
        if self.in_opening() {
            self.opening().count() != 0
        } else {
            self.mover().any(&self.stones)
        }
    }

    /// Why the game is over, or `None` while it goes on. Order: breakthrough, stalemate, ply cap.
    pub(crate) fn verdict(&self) -> Option<Verdict> {
        if let Some(v) = self.breakthrough() {
            return Some(v);
        }
        if !self.can_act() {
            return Some(Verdict::Stalemate { loser: self.side });
        }
        self.capped()
    }

    /// Whether the game is over without looking at the moves (breakthrough or ply cap).
    #[inline]
    fn ended_without_moves(&self) -> bool {
        self.breakthrough().is_some() || self.capped().is_some()
    }

    /// The event for `action`, described before it changes the stones.
    fn describe(&self, action: Action) -> MurusEvent {
        let colour = self.side;
        let (from, target) = (action.from(), action.to());
        let from_height = self.stack(from).map_or(0, |(_, h)| h);
        let target_height = self.stack(target).map_or(0, |(_, h)| h);
        match action.form() {
            ActionForm::Dash if from_height == 3 => MurusEvent::Fired {
                colour,
                from,
                target,
                hit: false,
            },
            ActionForm::Dash => {
                let near = Cell((from.0 + target.0) / 2);
                MurusEvent::TowerMoved {
                    colour,
                    from,
                    near,
                    far: target,
                }
            }
            ActionForm::Cross if from_height == 3 => MurusEvent::Fired {
                colour,
                from,
                target,
                hit: true,
            },
            ActionForm::Cross => MurusEvent::Sacrificed {
                colour,
                from,
                target,
                stones: 1,
                target_height,
            },
            ActionForm::Star => MurusEvent::Sacrificed {
                colour,
                from,
                target,
                stones: 2,
                target_height,
            },
            ActionForm::Split => {
                let second = action.second().unwrap_or(target);
                MurusEvent::Redistributed {
                    colour,
                    from,
                    cells: [target, second],
                }
            }
        }
    }

    /// The events that close a turn: a game-ending verdict, or a pending delayed breakthrough.
    fn report_status(&self, events: &mut impl Events<MurusEvent>) {
        match self.verdict() {
            Some(Verdict::Breakthrough {
                winner,
                cell,
                delayed,
            }) => {
                events.emit(MurusEvent::Breakthrough {
                    colour: winner,
                    cell,
                    delayed,
                });
            }
            Some(Verdict::Stalemate { loser }) => {
                events.emit(MurusEvent::Stalemated { colour: loser })
            }
            Some(Verdict::PlyCap { plies }) => events.emit(MurusEvent::PlyCapReached { plies }),
            None => {
                let mover = self.side.opponent();
                if !self.variant.escape {
                    if let Some(cell) = self.invader_of(self.side) {
                        events.emit(MurusEvent::Invaded {
                            colour: mover,
                            cell,
                        });
                    }
                }
            }
        }
    }

    /// Applies `action` to the stones (no checks, no events) and passes the turn.
    #[inline]
    fn play_stones(&mut self, action: Action) {
        let me = self.side;
        let opp = me.opponent();
        let from = action.from().bit();
        let to = action.to().bit();
        let st = &mut self.stones;
        match action.form() {
            // murus-gallicus §2.3: a catapult's shot onto an empty cell becomes a wall.
            ActionForm::Dash if st.cat & from != 0 => {
                st.lose(me, from);
                st.gain(me, to);
            }
            ActionForm::Dash => {
                let near = Cell((action.from().0 + action.to().0) / 2).bit();
                st.lose(me, from);
                st.lose(me, from);
                st.gain(me, near | to);
            }
            // A sacrifice and a shot onto an enemy both cost each side's stack one stone.
            ActionForm::Cross => {
                st.lose(me, from);
                st.lose(opp, to);
            }
            ActionForm::Star => {
                st.lose(me, from);
                st.lose(me, from);
                st.lose(opp, to);
                st.lose(opp, to);
            }
            ActionForm::Split => {
                let second = action.second().map_or(0, Cell::bit);
                st.lose(me, from);
                st.lose(me, from);
                st.gain(me, to | second);
            }
        }
        self.side = opp;
        // A text may start the count anywhere up to `u32::MAX`; the count stops there rather than
        // overflow (a panic in debug builds, a silent wrap to 0 in release builds).
        self.ply = self.ply.saturating_add(1);
    }
}

impl Game for MurusGallicus {
    type Action = Action;
    type Variant = MurusVariant;
    type Event = MurusEvent;

    fn action_targets(&self, action: Action, out: &mut Vec<Target>) -> Option<Label> {
        self.targets_of(action, out)
    }

    fn target_exists(&self, target: &Target) -> bool {
        self.has_target(target)
    }

    fn turn(&self) -> TurnInfo {
        self.turn_info()
    }

    const INFO: GameInfo = GameInfo {
        id: "murus-gallicus",
        name: "Murus Gallicus",
        designer: "Phil Leduc, 2009",
        min_seats: 2,
        max_seats: 2,
        default_seats: 2,
        rules_version: 1,
        has_chance: false,
        has_hidden_information: false,
        draw_by_agreement: true,
        decline: None,
    };

    /// The start: a tower on every cell of each home row, Light to move, ply 0.
    fn new(variant: &MurusVariant, seats: usize) -> Result<Self, SetupError> {
        Self::INFO.check_seats(seats)?;
        let mut game = MurusGallicus {
            stones: Stones::default(),
            ply: 0,
            side: Colour::Light,
            variant: *variant,
        };
        let light = rank_mask(game.home_rank(Colour::Light));
        let dark = rank_mask(game.home_rank(Colour::Dark));
        game.stones = Stones {
            occ: [light, dark],
            tall: light | dark,
            cat: 0,
        };
        Ok(game)
    }

    fn variant(&self) -> &MurusVariant {
        &self.variant
    }

    fn seats(&self) -> usize {
        2
    }

    /// `Light` for seat 0, `Dark` for seat 1.
    fn seat_name(&self, seat: Seat) -> String {
        Colour::from_index(seat.index()).map_or_else(|| seat.to_string(), |c| c.to_string())
    }

    #[inline]
    fn actor(&self) -> Actor {
        if self.ended_without_moves() || !self.can_act() {
            Actor::Over
        } else {
            Actor::Seat(Seat(self.side.index() as u8))
        }
    }

    #[inline]
    fn legal_actions(&self, out: &mut Vec<Action>) {
        out.clear();
        if self.ended_without_moves() {
            return;
        }
        out.reserve(256);
        if self.in_opening() {
            self.opening().generate(out);
        } else {
            self.mover().generate(&self.stones, out);
        }
    }

    #[inline]
    fn count_actions(&self) -> usize {
        if self.ended_without_moves() {
            0
        } else {
            self.raw_count() as usize
        }
    }

    /// Explains the refusal with the rule that forbids the action.
    fn check(&self, action: Action) -> Result<(), IllegalAction> {
        self.explain(action)
            .map_err(|reason| IllegalAction::new(action.to_string(), reason))
    }

    fn play(&mut self, action: Action, events: &mut impl Events<MurusEvent>) {
        if !events.wanted() {
            self.play_stones(action);
            return;
        }
        let event = self.describe(action);
        self.play_stones(action);
        events.emit(event);
        self.report_status(events);
    }

    #[inline]
    fn apply_unchecked(&mut self, action: Action) {
        self.play_stones(action);
    }

    fn outcome(&self) -> Option<Outcome> {
        let outcome = match self.verdict()? {
            Verdict::Breakthrough { winner, cell, .. } => Outcome::win(
                2,
                Seat(winner.index() as u8),
                format!("breakthrough at {cell}"),
            ),
            Verdict::Stalemate { loser } => {
                let winner = Seat(loser.opponent().index() as u8);
                Outcome::win(2, winner, format!("{loser} is stalemated"))
            }
            Verdict::PlyCap { plies } => Outcome::draw(
                2,
                format!("ply cap of {plies} reached (not an official rule)"),
            ),
        };
        Some(outcome)
    }

    /// Mixes the four bitboards, the side to move and, where the variant makes it matter (a ply
    /// cap, or the opening plies of the redistribution rule), the ply count. O(1).
    #[inline]
    fn position_hash(&self) -> u64 {
        let ply_matters = self.variant.ply_cap.is_some() || self.in_opening();
        let ply = if ply_matters {
            u64::from(self.ply)
        } else {
            u64::MAX
        };
        let turn = (ply << 1) | self.side.index() as u64;
        let st = &self.stones;
        let h = mix(st.cat ^ mix(turn.wrapping_add(0x9e37_79b9_7f4a_7c15)));
        let h = mix(st.tall ^ h);
        let h = mix(st.occ[1] ^ h);
        mix(st.occ[0] ^ h)
    }

    fn parse_action(&self, text: &str) -> Result<Action, ParseError> {
        text.parse()
    }

    fn position_text(&self) -> String {
        self.text()
    }

    fn from_position(variant: &MurusVariant, text: &str) -> Result<Self, PositionError> {
        Self::read_text(variant, text)
    }

    fn diagram(&self) -> String {
        self.picture()
    }
}
