//! Target ids: the names of the things a person clicks, the rules' click-path ids.
//!
//! A target id is a string, written by the rules crate's [`muster_rules::Target::id`] so that a
//! drawing and the click paths can never disagree: a cell or point as the game's notation names
//! it (Murus Gallicus `d4`, Mur `b3` and the centre `C`, Mu `A3`); a MuTou tessel always `t<id>`
//! (its id is kept for the whole game, while its notation name — `d4` on a square board, `2,-1`
//! on a hex board — is drawn as its label), a MuTou vertex `v<id>` and edge `e<id>`; a button is its
//! word (`pass`, `end`, `call`); a place that is not yet a cell (where a Mu segment may be laid
//! out) is named by its axial coordinates `q,r`.

use std::fmt;

use muster_rules::mu::{Cell as MuCell, Hex};
use muster_rules::mur::Point;
use muster_rules::murus_gallicus::Cell as MgCell;
use muster_rules::mutou::surface::{EdgeId, TesselId, VertexId};
use muster_rules::mutou::MuTou;
use muster_rules::Target as RulesTarget;
use serde::{Deserialize, Serialize};

/// The id of a clickable thing: a cell, point, tessel or button.
#[derive(Clone, PartialEq, Eq, Hash, PartialOrd, Ord, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct TargetId(String);

impl TargetId {
    /// The id as text.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// A Murus Gallicus cell: file letter and rank number, `d4`.
    pub fn murus_cell(cell: MgCell) -> TargetId {
        TargetId::of(&RulesTarget::square(cell))
    }

    /// A Mur point as its notation writes it: `C`, `b3`.
    pub fn mur_point(point: Point) -> TargetId {
        TargetId::of(&RulesTarget::point(point))
    }

    /// A Mu cell as its notation writes it: segment letters and rosette place, `A3`.
    pub fn mu_cell(cell: MuCell) -> TargetId {
        TargetId::of(&RulesTarget::hex(cell))
    }

    /// A MuTou tessel: `t17`, whatever the board calls it (see [`TargetId::mutou_name`]).
    pub fn mutou_tessel(tessel: TesselId) -> TargetId {
        TargetId::of(&RulesTarget::tessel(tessel))
    }

    /// A MuTou tessel's name as the notation writes it, for its label: `d4` on square boards,
    /// `2,-1` on hex boards, `t17` on sown boards and for tessels made by edits.
    pub fn mutou_name(game: &MuTou, tessel: TesselId) -> String {
        game.name(tessel)
    }

    /// A MuTou vertex: `v3`.
    pub fn mutou_vertex(vertex: VertexId) -> TargetId {
        TargetId::of(&RulesTarget::Vertex(vertex))
    }

    /// A MuTou edge: `e40`.
    pub fn mutou_edge(edge: EdgeId) -> TargetId {
        TargetId::of(&RulesTarget::Edge(edge))
    }

    /// The id of a target of the rules' click paths.
    pub fn of(target: &RulesTarget) -> TargetId {
        TargetId(target.id())
    }

    /// A place that is not a named cell: its axial coordinates, `q,r` (a Mu lay-out centre).
    pub fn place(hex: Hex) -> TargetId {
        TargetId::of(&RulesTarget::Cell(muster_rules::target::Cell::Place(hex)))
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
