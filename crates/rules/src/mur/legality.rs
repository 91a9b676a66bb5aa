//! Why an action is illegal: [`Mur::explain`], behind [`crate::game::Game::check`].
//!
//! Places and moves are judged by the same code the generator uses ([`Context`]), so an action
//! passes here exactly when the generator lists it (the tests check this on random games); this
//! file only puts the refusal into words, naming the points and the rule.

use super::actions::{Action, ActionKind};
use super::board::{Piece, Point, Points};
use super::geometry::Direction;
use super::movegen::{Context, Refusal};
use super::position::{Mur, Obligation};
use super::variant::Length;
use crate::error::ParseError;
use crate::game::Game;

/// The Greek name of an order, with its article: `an alpha`, `a beta`, … (mur §1.4).
fn order_name(order: u8) -> &'static str {
    match order {
        1 => "an alpha",
        2 => "a beta",
        3 => "a gamma",
        4 => "a delta",
        5 => "an epsilon",
        6 => "a zeta",
        _ => "an eta",
    }
}

/// The points of a withdrawal as notation, `^a3^c3`.
fn withdrawal_text(points: Points) -> String {
    Action::withdraw(points).to_string()
}

impl Mur {
    /// `Ok` when `action` is legal now, otherwise the reason, naming points and the rule.
    pub(crate) fn explain(&self, action: Action) -> Result<(), String> {
        if let Some(outcome) = self.outcome() {
            return Err(format!("play is over ({})", outcome.reason));
        }
        if action.kind() == ActionKind::Resign {
            return match self.variant.length {
                Length::Game => Err("players may only resign a whole set, and a single game \
                                     (length=game) has no set to resign (mur §1.9)"
                    .to_owned()),
                _ => Ok(()),
            };
        }
        let me = self.side;
        match self.obligation() {
            Obligation::TrapWithdrawal => {
                let trapped = Points(self.board.trapped(me));
                match action.kind() {
                    ActionKind::Withdraw(points) if points == trapped => Ok(()),
                    _ => Err(format!(
                        "{me} must withdraw {trapped} first, all in one action: {} (mur §1.6)",
                        withdrawal_text(trapped)
                    )),
                }
            }
            Obligation::RepeatWithdrawal => self.explain_withdrawal(action, "repeat"),
            Obligation::Stagnation => self.explain_withdrawal(action, "stagnation"),
            Obligation::None => self.explain_play(action),
        }
    }

    /// A turn that must withdraw one ship of the mover's choice.
    fn explain_withdrawal(&self, action: Action, why: &str) -> Result<(), String> {
        let me = self.side;
        let mine = Points(self.board.ships[me.index()]);
        let duty = match why {
            "repeat" => format!(
                "{me} must withdraw one of his ships: {} repeated a position (mur §1.8)",
                me.opponent()
            ),
            _ => format!(
                "{me} has no legal place or move, so he must withdraw one of his ships (mur §1.8 \
                 stagnation)"
            ),
        };
        match action.kind() {
            ActionKind::Withdraw(points) if points.len() == 1 && mine.0 & points.0 != 0 => Ok(()),
            ActionKind::Withdraw(points) if points.len() > 1 => {
                Err(format!("{duty}; one ship only"))
            }
            ActionKind::Withdraw(points) => Err(format!("{duty}, and {points} is not one of them")),
            _ => Err(duty),
        }
    }

    /// A turn with no obligation: a place or a move.
    fn explain_play(&self, action: Action) -> Result<(), String> {
        let context = Context::new(self);
        let result = match action.kind() {
            ActionKind::Place(p) => context.place(p),
            ActionKind::Move(from, dir) => context.step(from, dir),
            _ => {
                return Err(format!(
                    "{} has nothing to withdraw: withdrawals are for trapped ships, after a \
                     repeat, or on stagnation (mur §1.6)",
                    self.side
                ))
            }
        };
        result
            .map(|_| ())
            .map_err(|refusal| self.refusal_text(action, &context, refusal))
    }

    /// What a piece on `p` is, for people: `a White pair (order 2)`, `the kraken (order 4)`.
    fn describe_piece(&self, context: &Context, p: Point) -> String {
        let order = context.order[usize::from(p.0)];
        match self.board.piece(p) {
            Some(Piece::Ship(c)) => match order {
                1 => format!("a {c} alpha (order 1)"),
                2 => format!("a {c} pair (order 2)"),
                n => format!("a {c} {} of a group of {n} (order {n})", self.ship_word()),
            },
            Some(Piece::Kraken) => format!("the {} (order 4)", self.kraken_word()),
            None => "nothing".to_owned(),
        }
    }

    /// The words for a refusal of `action`.
    fn refusal_text(&self, action: Action, context: &Context, refusal: Refusal) -> String {
        let me = self.side;
        let them = me.opponent();
        let ship = self.ship_word();
        let verb = match action.kind() {
            ActionKind::Place(p) => format!("placing on {p}"),
            _ => format!("the move {action}"),
        };
        match refusal {
            Refusal::NoShipOffBoard => format!("{me} has no {ship} off the board to place"),
            Refusal::Occupied(p) => format!(
                "{p} is not empty: it holds {}",
                self.describe_piece(context, p)
            ),
            Refusal::NoOwnShip(p) => match self.board.piece(p) {
                None => format!("{p} is empty: {me} has no {ship} there to move"),
                Some(_) => format!(
                    "{p} holds {}, not one of {me}'s {ship}s",
                    self.describe_piece(context, p)
                ),
            },
            Refusal::NoSuchDirection(p, dir) => match (p.ring(), dir) {
                (0, _) => format!("from C a {ship} moves along a spoke, written Ca … Ch"),
                (_, Direction::Spoke(_)) => {
                    format!("a spoke letter is a direction from C only; from {p} use +, -, i or o")
                }
                _ => format!("{p} is on the outer ring: there is no outward move from it"),
            },
            Refusal::Blocked(points) => format!(
                "{verb} passes over {points}, and with blocked_paths=on a moving {ship} may not \
                 pass over occupied points (mur §1.10 A2)"
            ),
            Refusal::BackToStart(p) => format!(
                "{verb} bounces back onto its own start {p}, leaving the position unchanged \
                 (mur §1.8 no-sustain)"
            ),
            Refusal::TooWeak {
                mover_order,
                target,
                ..
            } => format!(
                "{target} holds {}; {} cannot knock it: a knock needs a higher order, a smaller \
                 number (mur §1.5)",
                self.describe_piece(context, target),
                order_name(mover_order)
            ),
            Refusal::KnockSustains { target, start } => format!(
                "{verb} knocks {me}'s own {ship} from {target} into the vacated {start}, leaving \
                 the position unchanged (mur §1.8 no-sustain)"
            ),
            Refusal::SelfTrap(p) if self.variant.g1() => format!(
                "{verb} leaves {me}'s {ship} on {p} trapped: a self-trap (mur §1.7 rule 2, G1)"
            ),
            Refusal::SelfTrap(p) => format!(
                "{verb} leaves {me}'s {ship} on {p} trapped without trapping a {them} {ship}: a \
                 self-trap (mur §1.7 rule 2)"
            ),
            Refusal::OpposingEye { point, kraken } => {
                let what = if kraken {
                    format!("puts the {} into", self.kraken_word())
                } else {
                    "fills".to_owned()
                };
                let at = match action.kind() {
                    ActionKind::Place(p) if p == point => String::new(),
                    _ => format!(" on {point}"),
                };
                format!(
                    "{verb} {what} a {them} eye{at} without trapping a {them} {ship} (mur §1.7 \
                     rule 3)"
                )
            }
            Refusal::OwnEye(p) => format!(
                "{verb} fills {me}'s own eye on {p} without trapping a {them} {ship}, which the \
                 G1 rules forbid (mur §1.7 rule 4)"
            ),
        }
    }
}

impl Mur {
    /// Reads a bare point `a1` as the placement `*a1` where nothing else can be meant: the
    /// placement is legal, so no withdrawal is owed and the point is empty. Anywhere else the
    /// syntax error of `text` stands, with a suggestion of the form the point may stand for.
    pub(crate) fn read_bare_point(
        &self,
        text: &str,
        error: ParseError,
    ) -> Result<Action, ParseError> {
        let Ok(p) = text.trim().parse::<Point>() else {
            return Err(error);
        };
        let place = Action::place(p);
        let withdraw = Action::withdraw(Points::single(p));
        let hint = match (self.explain(place), self.explain(withdraw)) {
            (Ok(()), _) => return Ok(place),
            (Err(_), Ok(())) => {
                format!("did you mean `{withdraw}`? A withdrawal is written with ^")
            }
            (Err(why), Err(_)) => {
                format!("did you mean `{place}`? A placement is written with * ({why})")
            }
        };
        Err(ParseError::new(error.text, hint))
    }
}
