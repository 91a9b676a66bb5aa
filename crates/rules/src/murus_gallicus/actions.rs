//! Actions and their notation (murus-gallicus §2.7, AbstractPlay's strings).
//!
//! An [`Action`] is syntactic: it records how the action is written, not what it does, so it can
//! be read without a position. What a written action means depends on the stack it starts from:
//!
//! | text        | form               | from a tower                      | from a catapult            |
//! |-------------|--------------------|-----------------------------------|----------------------------|
//! | `d4-d6`     | [`ActionForm::Dash`]  | tower move d4 → d5, d6         | fire onto an empty cell    |
//! | `d4xe5`     | [`ActionForm::Cross`] | sacrifice one stone (adjacent) | fire onto an enemy stack   |
//! | `d4*e5`     | [`ActionForm::Star`]  | double sacrifice on a catapult | —                          |
//! | `a1-b2,e2`  | [`ActionForm::Split`] | opening redistribution         | —                          |
//!
//! The two cells of a redistribution are an unordered pair: `a1-e2,b2` reads as `a1-b2,e2`, and
//! the smaller cell is always written first.

use std::fmt;
use std::str::FromStr;

use super::board::Cell;
use crate::error::ParseError;

/// How an action is written; see the module documentation.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum ActionForm {
    /// `from-to`: a tower move (to = the far cell) or a catapult firing onto an empty cell.
    Dash,
    /// `fromxto`: a sacrifice of one stone, or a catapult firing onto an enemy stack.
    Cross,
    /// `from*to`: a sacrifice of both tower stones against an adjacent catapult.
    Star,
    /// `from-to,second`: the opening redistribution of a home-row tower.
    Split,
}

/// One action as written. Four bytes, `Copy`; ordered by form, then cells.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub struct Action {
    form: ActionForm,
    from: Cell,
    to: Cell,
    /// The second target of a split; equal to `to` for every other form.
    second: Cell,
}

impl Action {
    /// `from-to`: a tower move to the far cell `to`, or a catapult fire onto an empty cell.
    #[inline]
    pub fn dash(from: Cell, to: Cell) -> Action {
        Action {
            form: ActionForm::Dash,
            from,
            to,
            second: to,
        }
    }

    /// `fromxto`: a one-stone sacrifice, or a catapult fire onto an enemy stack.
    #[inline]
    pub fn cross(from: Cell, to: Cell) -> Action {
        Action {
            form: ActionForm::Cross,
            from,
            to,
            second: to,
        }
    }

    /// `from*to`: a two-stone sacrifice against a catapult.
    #[inline]
    pub fn star(from: Cell, to: Cell) -> Action {
        Action {
            form: ActionForm::Star,
            from,
            to,
            second: to,
        }
    }

    /// `from-a,b`: the opening redistribution. The pair is unordered; the smaller cell is kept
    /// first, so `split(f, a, b) == split(f, b, a)`.
    #[inline]
    pub fn split(from: Cell, a: Cell, b: Cell) -> Action {
        Action {
            form: ActionForm::Split,
            from,
            to: a.min(b),
            second: a.max(b),
        }
    }

    /// How the action is written.
    #[inline]
    pub fn form(&self) -> ActionForm {
        self.form
    }

    /// The cell the acting stack stands on.
    #[inline]
    pub fn from(&self) -> Cell {
        self.from
    }

    /// The target: the far cell of a tower move, the sacrifice's or the shot's target, or the
    /// smaller of a split's two cells.
    #[inline]
    pub fn to(&self) -> Cell {
        self.to
    }

    /// The larger of a split's two cells; `None` for the other forms.
    #[inline]
    pub fn second(&self) -> Option<Cell> {
        (self.form == ActionForm::Split).then_some(self.second)
    }

    /// Every cell the action touches, for highlighting: the cells it names, plus the cells on
    /// the straight line between `from` and `to` (the near cell of a tower move, the cells a
    /// catapult's stone flies over). A split names three cells and nothing in between.
    pub fn cells(&self) -> impl Iterator<Item = Cell> {
        let mut buf = [self.from; 4];
        let mut len = 1;
        if self.form == ActionForm::Split {
            buf[1] = self.to;
            buf[2] = self.second;
            len = 3;
        } else {
            let line = self
                .from
                .line_to(self.to)
                .filter(|&(_, _, distance)| distance <= 3);
            if let Some((dx, dy, distance)) = line {
                for step in 1..distance as i8 {
                    if let Some(cell) = self.from.offset(dx, dy, step) {
                        buf[len] = cell;
                        len += 1;
                    }
                }
            }
            buf[len] = self.to;
            len += 1;
        }
        buf.into_iter().take(len)
    }
}

impl fmt::Display for Action {
    /// AbstractPlay notation: `d4-d6`, `d4xe5`, `d4*e5`, `a1-b2,e2`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let (from, to) = (self.from, self.to);
        match self.form {
            ActionForm::Dash => write!(f, "{from}-{to}"),
            ActionForm::Cross => write!(f, "{from}x{to}"),
            ActionForm::Star => write!(f, "{from}*{to}"),
            ActionForm::Split => write!(f, "{from}-{to},{}", self.second),
        }
    }
}

impl FromStr for Action {
    type Err = ParseError;

    /// Reads AbstractPlay notation (surrounding whitespace is ignored). Refuses unknown
    /// separators, cells outside a1–h8, an action from a cell to itself, and a split naming the
    /// same cell twice; whether the action is legal is a question for the position.
    fn from_str(text: &str) -> Result<Self, Self::Err> {
        let s = text.trim();
        let fail = |reason: String| ParseError::new(text, reason);
        let (from, rest) = s.split_at_checked(2).ok_or_else(|| {
            fail("expected an action such as d4-d6, d4xe5, d4*e5 or a1-b2,e2".into())
        })?;
        let from = cell(text, from)?;
        let mut chars = rest.chars();
        let separator = chars
            .next()
            .ok_or_else(|| fail("nothing follows the first cell".into()))?;
        let targets = chars.as_str();
        let action = match (separator, targets.split_once(',')) {
            ('-', Some((a, b))) => {
                let (a, b) = (cell(text, a)?, cell(text, b)?);
                if a == b {
                    return Err(fail(format!(
                        "a redistribution needs two different cells, not {a} twice"
                    )));
                }
                Action::split(from, a, b)
            }
            ('-', None) => Action::dash(from, cell(text, targets)?),
            ('x', None) => Action::cross(from, cell(text, targets)?),
            ('*', None) => Action::star(from, cell(text, targets)?),
            ('x' | '*', Some(_)) => {
                return Err(fail(
                    "only a redistribution (with -) names two targets".to_owned(),
                ))
            }
            (other, _) => {
                return Err(fail(format!(
                    "unknown separator `{other}`: expected -, x or *"
                )))
            }
        };
        if action.to == from || action.second == from {
            return Err(fail(format!("the action starts and ends on {from}")));
        }
        Ok(action)
    }
}

/// Reads one cell of `text`, blaming the cell text in the error.
fn cell(text: &str, part: &str) -> Result<Cell, ParseError> {
    part.parse::<Cell>()
        .map_err(|_| ParseError::new(text, format!("`{part}` is not a cell from a1 to h8")))
}
