//! Actions and their notation (mur §1.12).
//!
//! | text       | action                                                        |
//! |------------|---------------------------------------------------------------|
//! | `*b3`      | place an off-board ship on b3                                 |
//! | `c2+`      | move the ship on c2 clockwise (`-` counter-clockwise)         |
//! | `a2i`      | move the ship on a2 inward, through the centre if it gets there (`o` outward) |
//! | `Cd`       | move the ship on the centre out along spoke d                 |
//! | `^a3`      | withdraw the ship on a3                                       |
//! | `^a3^c3`   | withdraw both trapped ships of a double trap, one action      |
//! | `resign`   | resign the set                                                |
//!
//! A bare point (`b3`) is no action by itself; [`super::Mur`]'s `parse_action` reads it as the
//! placement `*b3` where the position leaves no doubt (the mover may place and the point is
//! empty), and otherwise the error suggests the forms it could stand for.
//!
//! The distance of a move is the ship's order, so the direction alone picks the move and the
//! landing point is not written. Parsers accept and ignore the annotations of §1.12 after the
//! action: a landing point `=d2`, a knock note in braces `{W:d2>g2}`, and trap notes `#a3`, in
//! that order (`c2+=d2{W:d2>g2}#g2`). A withdrawal is written with its points in index order
//! and read in any order.
//!
//! An [`Action`] is syntax only. Whether it is legal, and what a move does, depends on the
//! position: see [`crate::game::Game::check`].

use std::fmt;
use std::str::FromStr;

use super::board::{Point, Points};
use super::geometry::Direction;
use crate::error::ParseError;

/// What an action does, as written.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum ActionKind {
    /// Place an off-board ship on an empty point (`*b3`).
    Place(Point),
    /// Move the ship on a point in a direction (`c2+`, `a2i`, `Cd`).
    Move(Point, Direction),
    /// Withdraw the ships on these points (`^a3`, `^a3^c3`); never empty.
    Withdraw(Points),
    /// Resign the set (`resign`).
    Resign,
}

/// One action as written. Eight bytes, `Copy`; ordered by kind, then points.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Action {
    kind: ActionKind,
}

impl Action {
    /// Resigning the set.
    pub const RESIGN: Action = Action {
        kind: ActionKind::Resign,
    };

    /// `*p`: place a ship on `p`.
    #[inline]
    pub fn place(p: Point) -> Action {
        Action {
            kind: ActionKind::Place(p),
        }
    }

    /// `<from><dir>`: move the ship on `from` in `dir`.
    #[inline]
    pub fn step(from: Point, dir: Direction) -> Action {
        Action {
            kind: ActionKind::Move(from, dir),
        }
    }

    /// `^p^q…`: withdraw the ships on `points`, which must not be empty.
    #[inline]
    pub fn withdraw(points: Points) -> Action {
        debug_assert!(!points.is_empty(), "a withdrawal names at least one point");
        Action {
            kind: ActionKind::Withdraw(points),
        }
    }

    /// What the action does, as written.
    #[inline]
    pub fn kind(&self) -> ActionKind {
        self.kind
    }

    /// The points the action names, for highlighting: the placing point, the moving ship's
    /// point, or the withdrawn points. Where a move lands depends on the position; see
    /// [`super::Mur::landing`].
    pub fn points(&self) -> impl Iterator<Item = Point> {
        let set = match self.kind {
            ActionKind::Place(p) | ActionKind::Move(p, _) => Points::single(p),
            ActionKind::Withdraw(set) => set,
            ActionKind::Resign => Points::EMPTY,
        };
        set.iter()
    }
}

impl fmt::Display for Action {
    /// The notation of mur §1.12, without annotations.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.kind {
            ActionKind::Place(p) => write!(f, "*{p}"),
            ActionKind::Move(p, dir) => write!(f, "{p}{}", dir.symbol()),
            ActionKind::Withdraw(set) => set.iter().try_for_each(|p| write!(f, "^{p}")),
            ActionKind::Resign => f.write_str("resign"),
        }
    }
}

impl FromStr for Action {
    type Err = ParseError;

    /// Reads the notation of mur §1.12 (surrounding white space ignored), with optional
    /// annotations. Refuses anything else, naming the text; legality is not checked here.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let s = text.trim();
        let fail = |reason: &str| ParseError::new(text, reason);
        if s == "resign" {
            return Ok(Action::RESIGN);
        }
        let (core, notes) = split_before(s, &['=', '{', '#']);
        check_annotations(text, notes)?;
        if let Some(rest) = core.strip_prefix('*') {
            return Ok(Action::place(point(text, rest)?));
        }
        if core.starts_with('^') {
            return withdrawal(text, core);
        }
        if let Ok(p) = core.parse::<Point>() {
            return Err(ParseError::new(
                text,
                format!(
                    "`{p}` names a point but no action: a placement is written `*{p}`, a \
                     withdrawal `^{p}`, a move the point and its direction (`c2+`, `a2i`, `Cd`)"
                ),
            ));
        }
        let mut chars = core.chars();
        let Some(symbol) = chars.next_back() else {
            return Err(fail(
                "expected an action such as *b3, c2+, a2i, Ca, ^a3 or resign",
            ));
        };
        let from = point(text, chars.as_str())?;
        let dir = Direction::from_symbol(symbol).ok_or_else(|| {
            ParseError::new(
                text,
                format!("`{symbol}` is not a direction: expected +, -, i, o or a spoke letter a-h"),
            )
        })?;
        match (from == Point::CENTRE, dir) {
            (true, Direction::Spoke(_))
            | (false, Direction::Clockwise)
            | (false, Direction::Anticlockwise)
            | (false, Direction::Inward)
            | (false, Direction::Outward) => Ok(Action::step(from, dir)),
            (true, _) => Err(fail("a move from the centre names its spoke: Ca … Ch")),
            (false, _) => Err(fail(
                "a spoke letter is the direction of a move from the centre only; \
                 from a ring point write +, -, i or o",
            )),
        }
    }
}

/// Reads `^p^q…` into one withdrawal, refusing a point named twice.
fn withdrawal(text: &str, core: &str) -> Result<Action, ParseError> {
    let mut set = Points::EMPTY;
    for part in core.split('^').skip(1) {
        let p = point(text, part)?;
        if set.contains(p) {
            return Err(ParseError::new(text, format!("{p} is withdrawn twice")));
        }
        set = Points(set.0 | p.bit());
    }
    if set.is_empty() {
        return Err(ParseError::new(text, "a withdrawal names a point: ^a3"));
    }
    Ok(Action::withdraw(set))
}

/// Reads one point of `text`, blaming the part in the error.
fn point(text: &str, part: &str) -> Result<Point, ParseError> {
    part.parse::<Point>().map_err(|_| {
        ParseError::new(
            text,
            format!("`{part}` is not a point: expected C or a1 … h3"),
        )
    })
}

/// Splits `text` before the first of `stops`, or at its end; both parts are whole characters.
fn split_before<'t>(text: &'t str, stops: &[char]) -> (&'t str, &'t str) {
    let at = text.find(stops).unwrap_or(text.len());
    text.split_at(at)
}

/// Checks the optional annotations `=p`, `{…}` and `#p…`, in that order; they are ignored.
fn check_annotations(text: &str, notes: &str) -> Result<(), ParseError> {
    let mut rest = notes;
    if let Some(after) = rest.strip_prefix('=') {
        let (landing, tail) = split_before(after, &['{', '#']);
        point(text, landing)?;
        rest = tail;
    }
    if let Some(after) = rest.strip_prefix('{') {
        let (_, tail) = after
            .split_once('}')
            .ok_or_else(|| ParseError::new(text, "a knock note `{…}` is not closed"))?;
        rest = tail;
    }
    while let Some(after) = rest.strip_prefix('#') {
        let (trapped, tail) = split_before(after, &['#']);
        point(text, trapped)?;
        rest = tail;
    }
    if rest.is_empty() {
        Ok(())
    } else {
        Err(ParseError::new(
            text,
            format!(
                "cannot read `{rest}`: annotations are =point, {{…}} and #point, in that order"
            ),
        ))
    }
}
