//! The errors of the surface module. Each message quotes the input it refuses.

use super::ids::{EdgeId, TesselId, VertexId};

/// Why a surface could not be generated, edited, validated or read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum SurfaceError {
    /// V1: a tessel outside the validator's range of 1 to 19 vertices.
    #[error("{tessel} has {count} vertices (V1 allows 1 to 19)")]
    VertexCount {
        /// The tessel.
        tessel: TesselId,
        /// Its number of vertices.
        count: usize,
    },
    /// V1: a tessel whose cycle would pass one vertex twice.
    #[error("{tessel} would contain {vertex} twice (V1)")]
    RepeatedVertex {
        /// The tessel.
        tessel: TesselId,
        /// The repeated (glued) vertex.
        vertex: VertexId,
    },
    /// An edit would give a tessel more than 19 vertices.
    #[error("{tessel} would have {count} vertices (at most 19)")]
    TooManyVertices {
        /// The tessel.
        tessel: TesselId,
        /// The count it would reach.
        count: usize,
    },
    /// An edit would leave a tessel with fewer than 3 vertices.
    #[error("{tessel} would have {count} vertices (at least 3)")]
    TooFewVertices {
        /// The tessel.
        tessel: TesselId,
        /// The count it would reach.
        count: usize,
    },
    /// V2: two tessels use one edge in the same direction (the surface is not orientable).
    #[error("{edge} is used in the same direction by {tessel} and {other} (V2: not orientable)")]
    Orientation {
        /// The (glued) edge.
        edge: EdgeId,
        /// The first user.
        tessel: TesselId,
        /// The second user.
        other: TesselId,
    },
    /// V2: a tessel's cycle names an edge whose endpoints are not the corners beside it.
    #[error("{tessel} goes from {from} to {to} along {edge}, which does not join them (V2)")]
    BrokenEdge {
        /// The tessel.
        tessel: TesselId,
        /// The edge it names.
        edge: EdgeId,
        /// The corner before the edge.
        from: VertexId,
        /// The corner after the edge.
        to: VertexId,
    },
    /// V2: a live edge that no tessel uses.
    #[error("{edge} is used by no tessel (V2)")]
    UnusedEdge {
        /// The edge.
        edge: EdgeId,
    },
    /// V3: a surface without tessels.
    #[error("the surface would have no tessels (V3)")]
    Empty,
    /// V3: two tessels not connected through shared vertices.
    #[error("{tessel} is not connected to {other} through vertices (V3)")]
    Disconnected {
        /// A tessel cut off from `other`.
        tessel: TesselId,
        /// The first live tessel.
        other: TesselId,
    },
    /// V4: a stand that is not edge-connected.
    #[error(
        "the stand of seat {seat} is not edge-connected: {tessel} is cut off from {other} (V4)"
    )]
    StandSplit {
        /// The seat whose stand it is.
        seat: u8,
        /// A stand tessel cut off from `other`.
        tessel: TesselId,
        /// The stand's first tessel.
        other: TesselId,
    },
    /// V4: a stand that does not touch the rest of the surface through a vertex.
    #[error("the stand of seat {seat} touches no other tessel (V4)")]
    StandIsolated {
        /// The seat whose stand it is.
        seat: u8,
    },
    /// A tessel id that is not live.
    #[error("{0} is not a live tessel")]
    NoTessel(TesselId),
    /// A vertex id that is not a live (glued) vertex.
    #[error("{0} is not a live vertex")]
    NoVertex(VertexId),
    /// An edge id that is not a live (glued) edge.
    #[error("{0} is not a live edge")]
    NoEdge(EdgeId),
    /// Edits 1–6 do not touch spliced edges.
    #[error("{edge} is spliced (glued edge {glued}); unsplice {glued} first")]
    SplicedEdge {
        /// The edge named or touched by the edit.
        edge: EdgeId,
        /// The glued edge to unsplice.
        glued: EdgeId,
    },
    /// Edits 1–6 do not touch vertices made by a splice.
    #[error("{vertex} was made by a splice; unsplice first")]
    SplicedVertex {
        /// The vertex.
        vertex: VertexId,
    },
    /// Unsplice of an edge that no splice made.
    #[error("{edge} is not a spliced edge")]
    NotSpliced {
        /// The edge.
        edge: EdgeId,
    },
    /// Splice edits name the smaller edge first (one spelling per edit).
    #[error("splice {a} {b}: write the smaller edge first (splice:{b}:{a})")]
    SpliceOrder {
        /// The first edge as given.
        a: EdgeId,
        /// The second edge as given.
        b: EdgeId,
    },
    /// Scribe and splice need an edge with exactly one tessel beside it.
    #[error("{edge} is not a periphery edge ({sides} tessels beside it)")]
    NotPeriphery {
        /// The edge.
        edge: EdgeId,
        /// How many tessels lie beside it.
        sides: usize,
    },
    /// Remove-vertex needs a vertex on exactly two edges.
    #[error("{vertex} lies on {edges} edges (remove needs exactly 2)")]
    NotDegreeTwo {
        /// The vertex.
        vertex: VertexId,
        /// Its number of edges.
        edges: usize,
    },
    /// Split names a vertex that is not a corner of the tessel.
    #[error("{vertex} is not a corner of {tessel}")]
    NotACorner {
        /// The tessel.
        tessel: TesselId,
        /// The vertex.
        vertex: VertexId,
    },
    /// Split names two corners that are equal or neighbours along the boundary.
    #[error("{a} and {b} are not two non-adjacent corners of {tessel}")]
    AdjacentCorners {
        /// The tessel.
        tessel: TesselId,
        /// The first corner.
        a: VertexId,
        /// The second corner.
        b: VertexId,
    },
    /// Merge of a tessel with itself.
    #[error("cannot merge {0} with itself")]
    SameTessel(TesselId),
    /// Merge of two tessels that share no edge.
    #[error("{keep} and {gone} share no edge")]
    NotNeighbours {
        /// The tessel that would stay.
        keep: TesselId,
        /// The tessel that would go.
        gone: TesselId,
    },
    /// Merge where the shared boundary is not one run (the result would not be a disc).
    #[error("{keep} and {gone} share a boundary in {pieces} pieces (merge needs one run)")]
    BoundaryPieces {
        /// The tessel that would stay.
        keep: TesselId,
        /// The tessel that would go.
        gone: TesselId,
        /// The number of separate runs (0: the whole boundary is shared).
        pieces: usize,
    },
    /// Merge where an inner vertex of the shared boundary also lies on other edges.
    #[error("{vertex} inside the boundary of {keep} and {gone} lies on {edges} edges")]
    MergeThroughVertex {
        /// The tessel that would stay.
        keep: TesselId,
        /// The tessel that would go.
        gone: TesselId,
        /// The inner vertex.
        vertex: VertexId,
        /// Its number of edges.
        edges: usize,
    },
    /// Merge of tessels of two different stands.
    #[error("{keep} is in the stand of seat {seat} and {gone} in the stand of seat {other}")]
    StandClash {
        /// The tessel that would stay.
        keep: TesselId,
        /// The tessel that would go.
        gone: TesselId,
        /// The seat of `keep`'s stand.
        seat: u8,
        /// The seat of `gone`'s stand.
        other: u8,
    },
    /// Scribe with a corner count outside 1..=4.
    #[error("scribe on {edge} needs 1 to 4 new corners, not {corners}")]
    Corners {
        /// The edge.
        edge: EdgeId,
        /// The corner count given.
        corners: u8,
    },
    /// Erase of the only tessel.
    #[error("cannot erase {0}: it is the last tessel (V3)")]
    LastTessel(TesselId),
    /// The id space of one kind is used up.
    #[error("no {0} ids left (at most 65535)")]
    IdsExhausted(&'static str),
    /// Text that is not the notation of the expected item.
    #[error("cannot read `{text}` as {what}")]
    Parse {
        /// The kind of item expected.
        what: &'static str,
        /// The text.
        text: String,
    },
    /// A generator's input that describes no valid board.
    #[error("cannot generate the board: {0}")]
    Generate(String),
    /// A set layout that cannot be made with these numbers.
    #[error("no set layout: {0}")]
    Layout(String),
}
