//! The MuTou playing surface (mutou S5–S10, D2, D5, D6, D9, §3.5 V1–V4).
//!
//! A surface is a combinatorial map: each tessel is a cycle of corners (vertices and edges,
//! counter-clockwise), edges have their own ids, and ids are never reused. Remote splices
//! (mutou S7) are kept as an overlay on the stored *base* map: each splice glues two base
//! periphery edges in the orientation-reversing way, and every query answers on the resulting
//! *glued* map. The surface also keeps its edit log, so that a position can be written as
//! "generator + edits" and rebuilt by replaying them.
//!
//! The caches (`derive`) follow each edit in place: only the rows and entries at the
//! tessels the edit changed are written (`derive/update`, and for the adjacency rows
//! `derive/adjacency`). The jagger rows are traced on their first query and kept until the
//! next edit (every edit starts them empty), so a position pays only for the rows its
//! Jagger pieces ask for. Test and debug builds compare the caches after every edit with a
//! rebuild from scratch (`Surface::apply`), and tests do so after random plies
//! (`Surface::caches_match_rebuild`).
//!
//! Files: `ids` (identifiers), `map` (stored data, `Surface`, queries), `derive` (the glued
//! map and adjacency caches), `validity` (V1–V4), `ops` (the check and effect of each
//! edit), `local` (the V3/V4 checks of erase and unsplice, without rebuilding), `apart` (the
//! search behind unsplice's V3 check), `bridges` (unsplice's V3 check for all splices at
//! once, for `edits`), `links` (cut vertices and bridges of the touching and stand graphs, for
//! `edits`), `edit` (the
//! [`Edit`] type, its text form and `apply`), `listing` (`edits`), `generate` (square
//! and hex boards, names), `voronoi` (sowing geometry), `layout` (the set layouts of mutou
//! D5/D6), `plane` (points, segments, rings, triangulation), `draw` (the drawing: vertex
//! places and edge bends, carried through each edit), `geometry` (the read-only drawing a
//! renderer uses: [`TesselShape`], [`VertexMark`], [`EdgeLine`], [`SpliceMarks`]), `tests`.

mod apart;
mod bridges;
mod derive;
mod draw;
mod edit;
mod error;
mod generate;
mod geometry;
mod ids;
mod layout;
mod links;
mod listing;
mod local;
mod map;
mod ops;
mod plane;
mod scratch;
mod validity;
mod voronoi;

#[cfg(test)]
mod tests;

pub use edit::{Applied, Edit};
pub use error::SurfaceError;
pub use geometry::{Corner, EdgeLine, Point, SpliceMarks, TesselShape, VertexMark};
pub use ids::{EdgeId, TesselId, VertexId};
pub use layout::{layout, Board, Layout, SOWN_AREA_PER_SHAK, SOWN_D_MIN, SOWN_MAX_THROWS};
pub use map::{Graph, Origin, Surface, Wrap};

/// The most vertices (and edges) one tessel may have (mutou S5, C5, V1).
pub const MAX_CORNERS: usize = 19;

/// The fewest vertices an edit may leave a tessel with, so tessels stay simple polygons
/// (the validator itself accepts 1 to [`MAX_CORNERS`]).
pub const MIN_EDIT_CORNERS: usize = 3;
