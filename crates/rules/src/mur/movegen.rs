//! Places and moves (mur §1.5–1.8): what each one does, and the one judgement that decides
//! whether it is legal, shared by the generator and by [`crate::game::Game::check`].
//!
//! A candidate place or move is first carried out on a copy of the board, seen from the mover
//! (his ships, the opponent's, the kraken's point), then judged on the result: traps, the
//! kraken, eyes and the self-trap rule are all set operations on the board after the play. What
//! every candidate of a turn shares (the orders, the opponent's enclosure, the mover's eyes) is
//! computed once per turn. Nothing here allocates.

use super::actions::{Action, ActionKind};
use super::board::{bits, enclosed_by, neighbours, Board, Colour, Point, Points, ALL};
use super::geometry::{walk, Direction, Walk};
use super::position::{Mur, Obligation};
use super::variant::MurVariant;

/// The order the kraken always has (mur §1.4: delta).
pub(crate) const KRAKEN_ORDER: u8 = 4;

/// Why a place or move is illegal. Small and `Copy`, so the generator can use it freely; the
/// words are made by [`super::legality`].
#[derive(Clone, Copy, PartialEq, Eq, Debug)]
pub(crate) enum Refusal {
    /// A place with no ship off the board.
    NoShipOffBoard,
    /// A place on an occupied point.
    Occupied(Point),
    /// A move from a point without one of the mover's ships.
    NoOwnShip(Point),
    /// A direction that does not exist from that point.
    NoSuchDirection(Point, Direction),
    /// `blocked_paths`: the move passes over these occupied points.
    Blocked(Points),
    /// The move ends on its own start (mur §1.8 no-sustain, M15).
    BackToStart(Point),
    /// The landing point holds a piece of equal or higher order (mur §1.5).
    TooWeak {
        mover_order: u8,
        target: Point,
        target_order: u8,
    },
    /// The knock pushes a ship of the mover's colour into the vacated start (no-sustain, M8).
    KnockSustains { target: Point, start: Point },
    /// The mover's ship on this point ends trapped without justification (mur §1.7 rule 2).
    SelfTrap(Point),
    /// A ship (or the kraken, `kraken: true`) lands in an opposing eye without trapping an
    /// opposing ship (mur §1.7 rule 3).
    OpposingEye { point: Point, kraken: bool },
    /// G1: the mover's ship fills his own eye without trapping an opposing ship.
    OwnEye(Point),
}

/// Room for every action one turn can offer, and for every candidate place and move the
/// generator writes: at most 24 empty points, and 8 directions from the centre plus 4 from each
/// of the six other ships (56 in all).
pub(crate) const MAX_ACTIONS: usize = 64;

/// What a legal place or move does.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Effect {
    /// The board after the play.
    pub after: Board,
    /// Where the placed ship or the mover ends.
    pub landing: u8,
    /// The knocked piece's start (the landing point) and resting point, if a knock happened.
    pub knocked_to: Option<u8>,
    /// Whether the mover bounced before landing (a knock then goes the second direction).
    pub bounced: bool,
    /// The opponent's ships trapped after the play: the mover scores one per ship.
    pub trapped_theirs: u32,
    /// The mover's own ships trapped after the play (a mixed-traps position).
    pub trapped_mine: u32,
    /// Who scores a kraken trap this play completed.
    pub kraken: Option<Colour>,
}

/// The facts about a position that every candidate of one turn shares.
pub(crate) struct Context {
    pub me: Colour,
    pub board: Board,
    /// The order (group size) of the piece on each point; 0 when empty, 4 for the kraken.
    pub order: [u8; 25],
    pub(super) kraken_was_trapped: bool,
    pub(super) variant: MurVariant,
    /// The mover's ships and the opponent's, before the play.
    pub(super) mine: u32,
    pub(super) theirs: u32,
    /// The points empty before the play.
    pub(super) empty: u32,
    /// Where a ship of the mover would be trapped by the opponent's ships as they stand
    /// (`enclosed_by(theirs)`): the same for every play that leaves the opponent's ships alone.
    pub(super) their_enclosure: u32,
    /// The mover's own eyes before the play: empty points whose neighbours are all his ships.
    /// Only G1 restricts them, so only a G1 context finds them (none otherwise).
    pub(super) own_eyes: u32,
}

/// A board seen from the mover's side: his ships, the opponent's ships, the kraken's point.
#[derive(Clone, Copy)]
struct Sides {
    mine: u32,
    theirs: u32,
    kraken: u8,
}

/// What the judgement of a play finds when it is legal: the traps and the kraken credit.
#[derive(Clone, Copy)]
struct Verdict {
    trapped_theirs: u32,
    trapped_mine: u32,
    kraken: Option<Colour>,
}

/// The group of `ships` that holds point index `p` (a point of `ships`): the points reached
/// from it through adjacent ships (mur §1.4), and how many they are (its order). Each ship of
/// the group is visited once, its neighbours read from the table.
#[inline]
fn group_of(ships: u32, p: u8) -> (u32, u8) {
    let mut group: u32 = 1 << p;
    let mut unvisited = group;
    let mut size = 0;
    while unvisited != 0 {
        let q = unvisited.trailing_zeros() as u8;
        let joined = neighbours(q) & ships & !group;
        group |= joined;
        unvisited = (unvisited & (unvisited - 1)) | joined;
        size += 1;
    }
    (group, size)
}

/// The size of every group of `ships`, written into `order`.
#[inline]
fn write_orders(ships: u32, order: &mut [u8; 25]) {
    let mut rest = ships;
    while rest != 0 {
        let (group, size) = group_of(ships, rest.trailing_zeros() as u8);
        for p in bits(group) {
            order[usize::from(p)] = size;
        }
        rest &= !group;
    }
}

impl Context {
    /// The context of the side to move in `game`.
    #[inline]
    pub fn new(game: &Mur) -> Context {
        let mut context = Context::without_orders(game);
        let board = game.board;
        write_orders(board.ships[0], &mut context.order);
        write_orders(board.ships[1], &mut context.order);
        context.order[usize::from(board.kraken)] = KRAKEN_ORDER;
        context
    }

    /// The context for carrying out `action` by the side to move in `game`: like
    /// [`Context::new`], except that `order` holds only the orders a place or move of this action
    /// reads, those of its start point and of its landing point (0 elsewhere).
    #[inline]
    pub fn for_action(game: &Mur, action: Action) -> Context {
        let mut context = Context::without_orders(game);
        if let ActionKind::Move(from, dir) = action.kind() {
            if let (true, Some(slot)) = (context.mine & from.bit() != 0, dir.slot(from)) {
                let order = group_of(context.mine, from.0).1;
                context.order[usize::from(from.0)] = order;
                let land = walk(from.0, slot, order).land;
                context.order[usize::from(land)] = context.order_at(land);
            }
        }
        context
    }

    /// The order of the piece on point index `p`, from the board.
    #[inline]
    fn order_at(&self, p: u8) -> u8 {
        let board = &self.board;
        if p == board.kraken {
            KRAKEN_ORDER
        } else if let Some(&ships) = board.ships.iter().find(|&&s| s & 1 << p != 0) {
            group_of(ships, p).1
        } else {
            0
        }
    }

    /// The context with every order 0.
    #[inline]
    fn without_orders(game: &Mur) -> Context {
        let board = game.board;
        let me = game.side;
        let mine = board.ships[me.index()];
        let theirs = board.ships[me.opponent().index()];
        let empty = ALL & !board.occupied();
        Context {
            me,
            board,
            order: [0; 25],
            kraken_was_trapped: board.kraken_trapped(game.variant.single_colour_kraken()),
            variant: game.variant,
            mine,
            theirs,
            empty,
            their_enclosure: enclosed_by(theirs),
            own_eyes: if game.variant.g1() {
                empty & enclosed_by(mine)
            } else {
                0
            },
        }
    }

    /// Whether the mover has a ship off the board.
    #[inline(always)]
    pub(super) fn can_place(&self) -> bool {
        self.mine.count_ones() < 7
    }

    /// Placing a ship on `p`.
    #[inline(always)]
    pub fn place(&self, p: Point) -> Result<Effect, Refusal> {
        if !self.can_place() {
            return Err(Refusal::NoShipOffBoard);
        }
        if self.empty & p.bit() == 0 {
            return Err(Refusal::Occupied(p));
        }
        let after = Sides {
            mine: self.mine | p.bit(),
            theirs: self.theirs,
            kraken: self.board.kraken,
        };
        self.judge(after, p.0, p.bit(), self.their_enclosure, None, false)
    }

    /// Moving the ship on `from` in `dir`, exactly its order (mur §1.5).
    #[inline]
    pub fn step(&self, from: Point, dir: Direction) -> Result<Effect, Refusal> {
        if self.mine & from.bit() == 0 {
            return Err(Refusal::NoOwnShip(from));
        }
        let slot = dir.slot(from).ok_or(Refusal::NoSuchDirection(from, dir))?;
        self.step_slot(from.0, slot)
    }

    /// Moving the mover's ship on point index `from` by direction slot `slot` (valid for that
    /// point), exactly its order (mur §1.5).
    #[inline(always)]
    pub(super) fn step_slot(&self, from: u8, slot: usize) -> Result<Effect, Refusal> {
        let order = self.order[usize::from(from)];
        let w = walk(from, slot, order);
        let start = 1 << from;
        let others = !self.empty & !start;
        if self.variant.blocked_paths && w.via & others != 0 {
            return Err(Refusal::Blocked(Points(w.via & others)));
        }
        if w.land == from {
            return Err(Refusal::BackToStart(Point(from)));
        }
        let land = 1 << w.land;
        if others & land == 0 {
            let after = Sides {
                mine: (self.mine & !start) | land,
                theirs: self.theirs,
                kraken: self.board.kraken,
            };
            return self.judge(after, w.land, land, self.their_enclosure, None, w.bounced);
        }
        self.knock(from, order, w)
    }

    /// Moving the mover's ship of order `order` on point index `from` along `w`, whose landing
    /// point is occupied and not `from`: a knock (mur §1.5), or a refusal.
    #[inline(always)]
    pub(super) fn knock(&self, from: u8, order: u8, w: &Walk) -> Result<Effect, Refusal> {
        let start = 1 << from;
        let land = 1 << w.land;
        let mut after = Sides {
            mine: (self.mine & !start) | land,
            theirs: self.theirs,
            kraken: self.board.kraken,
        };
        // mur §1.5: a knock needs a strictly higher order (a smaller number).
        let target_order = self.order[usize::from(w.land)];
        if order >= target_order {
            return Err(Refusal::TooWeak {
                mover_order: order,
                target: Point(w.land),
                target_order,
            });
        }
        // The knocked piece passes over occupied points to the first empty one; the mover's
        // start, now empty, lies on the path, so the walk always ends (no chain knocking).
        let empty = self.empty | start;
        let mut rest = from;
        for &q in w.knock.iter().rev() {
            rest = if empty & 1 << q != 0 { q } else { rest };
        }
        let mut mine_landed = land;
        let mut their_enclosure = self.their_enclosure;
        if w.land == after.kraken {
            after.kraken = rest;
        } else if self.mine & land != 0 {
            if rest == from {
                return Err(Refusal::KnockSustains {
                    target: Point(w.land),
                    start: Point(from),
                });
            }
            after.mine |= 1 << rest;
            mine_landed |= 1 << rest;
        } else {
            after.theirs = (after.theirs & !land) | 1 << rest;
            their_enclosure = enclosed_by(after.theirs);
        }
        self.judge(
            after,
            w.land,
            mine_landed,
            their_enclosure,
            Some(rest),
            w.bounced,
        )
    }

    /// Judges the board `after` a place or move (see [`Context::verdict`]) and describes the
    /// play when it is legal.
    #[inline(always)]
    fn judge(
        &self,
        after: Sides,
        landing: u8,
        mine_landed: u32,
        their_enclosure: u32,
        knocked_to: Option<u8>,
        bounced: bool,
    ) -> Result<Effect, Refusal> {
        let verdict = self.verdict(after, mine_landed, their_enclosure)?;
        let mut ships = [after.mine, after.theirs];
        if self.me == Colour::White {
            ships.swap(0, 1);
        }
        Ok(Effect {
            after: Board {
                ships,
                kraken: after.kraken,
            },
            landing,
            knocked_to,
            bounced,
            trapped_theirs: verdict.trapped_theirs,
            trapped_mine: verdict.trapped_mine,
            kraken: verdict.kraken,
        })
    }

    /// Judges the board `after` a place or move (mur §1.7): traps, the kraken, eyes and the
    /// self-trap rule. `mine_landed` holds the points where the mover's ships arrived;
    /// `their_enclosure` is `enclosed_by(after.theirs)`.
    #[inline(always)]
    fn verdict(
        &self,
        after: Sides,
        mine_landed: u32,
        their_enclosure: u32,
    ) -> Result<Verdict, Refusal> {
        let trapped_theirs = after.theirs & enclosed_by(after.mine);
        let trapped_mine = after.mine & their_enclosure;
        let kraken = self.kraken_credit(after);
        let verdict = Verdict {
            trapped_theirs,
            trapped_mine,
            kraken,
        };
        // Where the mover's ships arrived on points that were empty before the play: only
        // these can have entered an eye (an eye is an empty point, mur §1.7).
        let entered = mine_landed & self.empty;
        if trapped_theirs != 0 {
            // A trap of an opposing ship justifies every eye entry (a gouge). Under G1 it does
            // not justify any other ship of the mover's left trapped, the mover itself standing
            // where it knocked a piece off included: the seed allows a trapping knock only "as
            // long as the knocked ship does not come to rest upon an intersection which traps
            // one of player A's ships".
            return match lowest(trapped_mine & !entered) {
                Some(p) if self.variant.g1() && !self.kraken_excuses(kraken) => {
                    Err(Refusal::SelfTrap(p))
                }
                _ => Ok(verdict),
            };
        }
        // No opposing ship is trapped. mur §1.7 rule 3: no ship of the mover's enters an
        // opposing eye, and under G2 the kraken is not knocked into one either. An eye is an
        // *empty* point whose neighbours are all ships of one colour (§1.7), judged before the
        // play: a ship of his that arrived on a point empty before the play and is trapped now
        // entered one. A mover trapped on the point it knocked a piece off entered no eye (the
        // point was occupied); that is a self-trap, judged by rule 2 below.
        if let Some(p) = lowest(trapped_mine & entered) {
            return Err(Refusal::OpposingEye {
                point: p,
                kraken: false,
            });
        }
        let kraken_moved = after.kraken != self.board.kraken;
        if kraken_moved && !self.variant.g1() && neighbours(after.kraken) & !after.theirs == 0 {
            return Err(Refusal::OpposingEye {
                point: Point(after.kraken),
                kraken: true,
            });
        }
        if self.variant.g1() {
            // G1: nor into one of his own eyes, judged like any eye on the board before the play
            // (so a ship that steps into an eye it helped to close enters it).
            if let Some(p) = lowest(mine_landed & self.own_eyes) {
                return Err(Refusal::OwnEye(p));
            }
        }
        match lowest(trapped_mine) {
            Some(p) if !self.kraken_excuses(kraken) => Err(Refusal::SelfTrap(p)),
            _ => Ok(verdict),
        }
    }

    /// Whether a kraken trap excuses trapping one's own ship (A7, option `kraken_self_trap`).
    #[inline(always)]
    fn kraken_excuses(&self, kraken: Option<Colour>) -> bool {
        kraken.is_some() && self.variant.kraken_self_trap
    }

    /// Who scores the kraken trap this play completes, if it completes one: the mover (R-K1),
    /// or with `kraken_trap=single-colour` the colour that surrounds it.
    #[inline(always)]
    fn kraken_credit(&self, after: Sides) -> Option<Colour> {
        if self.kraken_was_trapped {
            return None;
        }
        let around = neighbours(after.kraken);
        if !self.variant.single_colour_kraken() {
            return (around & !(after.mine | after.theirs) == 0).then_some(self.me);
        }
        // The two colours are disjoint and every point has a neighbour, so at most one colour
        // surrounds it.
        if around & !after.mine == 0 {
            Some(self.me)
        } else if around & !after.theirs == 0 {
            Some(self.me.opponent())
        } else {
            None
        }
    }
}

/// The lowest point of a set.
#[inline(always)]
fn lowest(set: u32) -> Option<Point> {
    (set != 0).then(|| Point(set.trailing_zeros() as u8))
}

impl Mur {
    /// The order of the piece on `p`: its group's size for a ship, 4 for the kraken, 0 when
    /// empty (mur §1.4).
    pub fn order(&self, p: Point) -> u8 {
        Context::new(self).order[usize::from(p.0)]
    }

    /// Where a move would land, by geometry alone (the ship's order and the bounce), whether or
    /// not it is legal; `None` for other actions, an empty start point or a direction that does
    /// not exist there. For highlighting.
    pub fn landing(&self, action: Action) -> Option<Point> {
        let ActionKind::Move(from, dir) = action.kind() else {
            return None;
        };
        let order = self.order(from);
        let slot = dir.slot(from)?;
        (order > 0 && self.board.kraken != from.0).then(|| Point(walk(from.0, slot, order).land))
    }

    /// The obligation of the side to move (mur §1.6), in priority order: trap withdrawal,
    /// repeat withdrawal (lapsing with no ship on the board), otherwise place or move, and
    /// stagnation when no place or move is legal.
    pub fn obligation(&self) -> Obligation {
        let me = self.side.index();
        if self.board.trapped(self.side) != 0 {
            Obligation::TrapWithdrawal
        } else if self.repeat_due[me] && self.board.ships[me] != 0 {
            Obligation::RepeatWithdrawal
        } else if Context::new(self).any_play() {
            Obligation::None
        } else {
            Obligation::Stagnation
        }
    }

    /// Writes every legal action of the side to move into `actions`, in a fixed order, and
    /// returns how many: the trap withdrawal alone; or one withdrawal per ship on the board
    /// (repeat duty, stagnation); or the places (by point) and then the moves (by point and
    /// direction).
    #[inline]
    pub(crate) fn write_actions(&self, actions: &mut [Action; MAX_ACTIONS]) -> usize {
        let me = self.side.index();
        let trapped = self.board.trapped(self.side);
        if trapped != 0 {
            actions[0] = Action::withdraw(Points(trapped));
            return 1;
        }
        let mine = self.board.ships[me];
        let mut n = 0;
        if !(self.repeat_due[me] && mine != 0) {
            n = Context::new(self).write_plays(actions);
        }
        if n == 0 {
            for p in bits(mine) {
                actions[n] = Action::withdraw(Points(1 << p));
                n += 1;
            }
        }
        n
    }
}
