//! Target ids: the names of the things a person clicks, shared with the rules' click paths.
//!
//! A target id is a string. A cell, point or tessel is named exactly as the game's action
//! notation names it (Murus Gallicus `d4`, Mur `b3` and the centre `C`, Mu `A3`, MuTou `d4`,
//! `2,-1` or `t17`); MuTou vertices and edges are `vertex:v3` and `edge:e40`, the notation's ids
//! qualified by their kind, since `e4` and `v3` are also tessels of a square board; a button is its word (`pass`,
//! `end`, `call`); a place that is not yet a named cell (where a Mu segment may be laid
//! out) is named by its axial coordinates `q,r`. Every game's naming lives in this file only, so
//! that it can be kept equal to the click paths of the rules crate.

use std::fmt;

use muster_rules::mu::{Cell as MuCell, Hex};
use muster_rules::mur::Point;
use muster_rules::murus_gallicus::Cell as MgCell;
use muster_rules::mutou::surface::{EdgeId, TesselId, VertexId};
use muster_rules::mutou::MuTou;
use serde::{Deserialize, Serialize};

/// The id of a clickable thing: a cell, point, tessel or button.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[serde(transparent)]
pub struct TargetId(String);

impl TargetId {
    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A Murus Gallicus cell: file letter and rank number, `d4`.
    pub fn murus_cell(cell: MgCell) -> TargetId {
        TargetId(cell.to_string())
    }

    /// A Mur point as its notation writes it: `C`, `b3`.
    pub fn mur_point(point: Point) -> TargetId {
        TargetId(point.to_string())
    }

    /// A Mu cell as its notation writes it: segment letters and rosette place, `A3`.
    pub fn mu_cell(cell: MuCell) -> TargetId {
        TargetId(cell.to_string())
    }

    /// A MuTou tessel as its notation writes it: `d4` on square boards, `2,-1` on hex boards,
    /// `t17` on sown boards and for tessels made by edits.
    pub fn mutou_tessel(game: &MuTou, tessel: TesselId) -> TargetId {
        TargetId(game.name(tessel))
    }

    /// A MuTou vertex: `vertex:v3`, the notation's `v3` qualified by its kind, because a
    /// square board's file `v` names tessels `v1`, `v2` … too.
    pub fn mutou_vertex(vertex: VertexId) -> TargetId {
        TargetId(format!("vertex:{vertex}"))
    }

    /// A MuTou edge: `edge:e40`, the notation's `e40` qualified by its kind, because a square
    /// board's file `e` names tessels `e1`, `e2` … too.
    pub fn mutou_edge(edge: EdgeId) -> TargetId {
        TargetId(format!("edge:{edge}"))
    }

    /// A place that is not a named cell: its axial coordinates, `q,r` (a Mu lay-out centre).
    pub fn place(hex: Hex) -> TargetId {
        TargetId(format!("{},{}", hex.q, hex.r))
    }

    /// A button: its word, `pass`, `end`.
    pub fn button(word: &str) -> TargetId {
        TargetId(word.to_owned())
    }
}

impl fmt::Display for TargetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// The first thing a person clicks to make an action: a place on the board or a button.
#[derive(Clone, PartialEq, Eq, Hash, Debug)]
pub enum Target {
    /// A cell, point or tessel (or a place where one may be laid out).
    Board(TargetId),
    /// A button.
    Button(TargetId),
}
