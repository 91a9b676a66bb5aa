//! Click paths: the board elements a person clicks, in order, to make one action.
//!
//! Every legal action has a *path* of [`Target`]s ([`crate::Game::action_targets`]): a Murus
//! Gallicus tower move is its cell and its far cell, a Mur placement the point, a MuTou area
//! edit a tool button and the vertices, edges or tessels it names. Two actions share a path only
//! where a [`Label`] tells them apart (a Murus Gallicus one- or two-stone sacrifice on the same
//! catapult); a user interface then asks which one is meant.
//!
//! A target has a typed form, for code, and a string form, [`Target::id`], for the wire and for
//! the board drawings, whose clickable elements carry the same ids. This file is the one place
//! where ids are written:
//!
//! | target | id | example |
//! |---|---|---|
//! | a Murus Gallicus cell | its notation | `d4` |
//! | a Mur point | its notation | `b3`, `C` |
//! | a Mu cell | its notation | `A3` |
//! | a place on the Mu lay-out where a segment may go | axial coordinates `q,r` | `3,-1` |
//! | a MuTou tessel | `t<id>` (read on every board, whatever its names) | `t17` |
//! | a MuTou vertex, edge | `v<id>`, `e<id>` | `v12`, `e40` |
//! | a button | its word | `pass`, `end`, `call` |

use std::borrow::Cow;
use std::fmt;

use serde::{Serialize, Serializer};

use crate::mu;
use crate::mur;
use crate::murus_gallicus;
use crate::mutou::surface::{EdgeId, TesselId, VertexId};

/// What tells apart two actions with the same click path, in words (`one stone`, `2 men`).
pub type Label = Cow<'static, str>;

/// A place on a board that can be clicked.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Cell {
    /// A cell of the Murus Gallicus board.
    Square(murus_gallicus::Cell),
    /// A point of the Mur board.
    Point(mur::Point),
    /// A cell of the Mu board.
    Hex(mu::Cell),
    /// A place of the Mu lay-out where a segment may be centred: not (yet) a cell.
    Place(mu::Hex),
    /// A tessel of the MuTou surface.
    Tessel(TesselId),
}

/// One step of a click path.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Debug)]
pub enum Target {
    /// A cell, point, tessel or lay-out place.
    Cell(Cell),
    /// A MuTou vertex.
    Vertex(VertexId),
    /// A MuTou edge.
    Edge(EdgeId),
    /// A button outside the board, named by its word (`pass`, `end`, `decline`).
    Button(&'static str),
}

impl Target {
    /// The button of the default path ([`crate::Game::action_targets`]), for games that give
    /// no paths of their own: one button, the action told apart by its label.
    pub const ACT: Target = Target::Button("act");

    /// A Murus Gallicus cell.
    pub fn square(cell: murus_gallicus::Cell) -> Target {
        Target::Cell(Cell::Square(cell))
    }

    /// A Mur point.
    pub fn point(point: mur::Point) -> Target {
        Target::Cell(Cell::Point(point))
    }

    /// A Mu cell.
    pub fn hex(cell: mu::Cell) -> Target {
        Target::Cell(Cell::Hex(cell))
    }

    /// A MuTou tessel.
    pub fn tessel(tessel: TesselId) -> Target {
        Target::Cell(Cell::Tessel(tessel))
    }

    /// The string form, as in the table of the module documentation.
    pub fn id(&self) -> String {
        self.to_string()
    }
}

impl fmt::Display for Target {
    /// Writes [`Target::id`].
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Target::Cell(Cell::Square(cell)) => write!(f, "{cell}"),
            Target::Cell(Cell::Point(point)) => write!(f, "{point}"),
            Target::Cell(Cell::Hex(cell)) => write!(f, "{cell}"),
            Target::Cell(Cell::Place(hex)) => write!(f, "{},{}", hex.q, hex.r),
            Target::Cell(Cell::Tessel(t)) => write!(f, "t{}", t.0),
            Target::Vertex(v) => write!(f, "v{}", v.0),
            Target::Edge(e) => write!(f, "e{}", e.0),
            Target::Button(word) => f.write_str(word),
        }
    }
}

impl Serialize for Target {
    /// A target is serialised as its id.
    fn serialize<S: Serializer>(&self, serializer: S) -> Result<S::Ok, S::Error> {
        serializer.collect_str(self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_kind_of_target_is_written_as_the_boards_name_it() {
        let d4: murus_gallicus::Cell = "d4".parse().unwrap();
        let b3: mur::Point = "b3".parse().unwrap();
        let centre: mur::Point = "C".parse().unwrap();
        let cases = [
            (Target::square(d4), "d4"),
            (Target::point(b3), "b3"),
            (Target::point(centre), "C"),
            (Target::hex(mu::Cell(3)), "A3"),
            (Target::Cell(Cell::Place(mu::Hex::new(3, -1))), "3,-1"),
            (Target::tessel(TesselId(17)), "t17"),
            (Target::Vertex(VertexId(12)), "v12"),
            (Target::Edge(EdgeId(40)), "e40"),
            (Target::Button("pass"), "pass"),
        ];
        for (target, id) in cases {
            assert_eq!(target.id(), id);
            assert_eq!(serde_json::to_string(&target).unwrap(), format!("\"{id}\""));
        }
    }
}
