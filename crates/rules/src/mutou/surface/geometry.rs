//! What a drawing needs, read-only: each live tessel's outline, the vertices and edges with
//! their places, and the remote splices as marker pairs.
//!
//! Coordinates are `f64` pairs in board units: unit squares with corners on integer points
//! (the generator's grid positions), hexagons of unit circumradius centred at
//! (√3·(q + r/2), 1.5·r), and sown boards in the sowing plane (the real Voronoi corners). The
//! y axis points up (mathematical orientation): outlines run counter-clockwise, so a drawing
//! with y down (SVG) flips y. Edits place what they make deterministically (insert: on the
//! edge's line; remove: the vertex's place stays as a bend of the joined edge; split: a chord,
//! bent where needed to stay inside the tessel; scribe: a regular polygon outside the edge,
//! squeezed and flattened until it fits; merge, erase, splice, unsplice: nothing moves), so
//! every live outline stays a simple polygon of positive area and no two outlines overlap.
//! The one exception: a scribe beyond an edge whose vacant side has another vertex or edge
//! within about 2⁻²⁰ of the edge's length, where even the flattest try does not fit; it is
//! drawn anyway and may overlap.
//!
//! The drawing is a plane picture of the *base* map: an edge glued by a remote splice (mutou
//! S7) is drawn twice, once where each of its two base edges lies, and a vertex class a
//! splice made is drawn at each of its base vertices. [`Surface::splice_marks`] pairs them up
//! so that a renderer can put a matching marker at both ends.
//!
//! Coordinates are not part of a surface's equality or hash: replaying the same generator and
//! edit log gives bit-identical coordinates (only correctly rounded arithmetic is used).

use super::ids::{EdgeId, TesselId, VertexId};
use super::map::Surface;

/// A point of the drawing plane, in board units (y up).
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Point {
    /// Abscissa.
    pub x: f64,
    /// Ordinate (up).
    pub y: f64,
}

impl From<(f64, f64)> for Point {
    fn from((x, y): (f64, f64)) -> Point {
        Point { x, y }
    }
}

/// One corner of a tessel's outline.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Corner {
    /// The corner's (glued) vertex id, as the queries and click targets name it.
    pub vertex: VertexId,
    /// Its index in [`TesselShape::outline`].
    pub index: usize,
}

/// A live tessel as drawn.
#[derive(Clone, Debug, PartialEq)]
pub struct TesselShape {
    /// The tessel.
    pub tessel: TesselId,
    /// The closed outline, counter-clockwise: each corner followed by the bend points of the
    /// edge leaving it; the last point joins the first (it is not repeated).
    pub outline: Vec<Point>,
    /// The corners in [`Surface::vertices`] order, with their place in `outline`.
    pub corners: Vec<Corner>,
}

/// A drawn vertex. A vertex class made by a splice is drawn once per base vertex, each mark
/// carrying the same `vertex`.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct VertexMark {
    /// The glued id (the click target).
    pub vertex: VertexId,
    /// The base vertex drawn here (equal to `vertex` unless a splice glued it).
    pub base: VertexId,
    /// Where.
    pub at: Point,
}

/// A drawn edge: a polyline from its tail to its head (straight when it has two points).
#[derive(Clone, Debug, PartialEq)]
pub struct EdgeLine {
    /// The glued id (the click target).
    pub edge: EdgeId,
    /// The base edge drawn here (equal to `edge` unless it is a splice's second edge).
    pub base: EdgeId,
    /// The (glued) vertex at its tail, where `line` starts.
    pub tail: VertexId,
    /// The (glued) vertex at its head, where `line` ends.
    pub head: VertexId,
    /// The points from tail to head.
    pub line: Vec<Point>,
}

/// A remote splice (mutou S7) as a marker pair: the two base edges it glues, each drawn where
/// it lies. Both are named by the glued edge. The gluing reverses orientation: the first
/// line's tail meets the second line's head.
#[derive(Clone, Debug, PartialEq)]
pub struct SpliceMarks {
    /// The glued edge (the splice's smaller base edge).
    pub edge: EdgeId,
    /// The two base edges, smaller id first.
    pub ends: [EdgeLine; 2],
}

impl Surface {
    /// The outline of live tessel `t`; `None` for a dead id.
    pub fn shape(&self, t: TesselId) -> Option<TesselShape> {
        self.base.rec(t)?;
        let (ring, at) = self.geo.ring(&self.base, t);
        let corners = self
            .vertices(t)
            .iter()
            .zip(at)
            .map(|(&vertex, index)| Corner { vertex, index })
            .collect();
        Some(TesselShape {
            tessel: t,
            outline: ring.into_iter().map(Point::from).collect(),
            corners,
        })
    }

    /// The outlines of all live tessels, by ascending id.
    pub fn shapes(&self) -> Vec<TesselShape> {
        self.tessels()
            .iter()
            .filter_map(|&t| self.shape(t))
            .collect()
    }

    /// Every live base vertex with its glued id and place, by ascending base id.
    pub fn vertex_marks(&self) -> Vec<VertexMark> {
        let live = self.base.vertices.iter().enumerate().filter(|(_, &l)| l);
        live.map(|(i, _)| VertexMark {
            vertex: self.cache.glued_vertex[i],
            base: VertexId(i as u16),
            at: self.geo.at[i].into(),
        })
        .collect()
    }

    /// The line of one live base edge, named by its glued id; `None` for a dead id.
    pub fn edge_line(&self, base: EdgeId) -> Option<EdgeLine> {
        let [tail, head] = (*self.base.edges.get(base.index())?)?;
        let line = self.geo.line(&self.base, base);
        Some(EdgeLine {
            edge: self.cache.glued_edge[base.index()],
            base,
            tail: self.cache.glued_vertex[tail.index()],
            head: self.cache.glued_vertex[head.index()],
            line: line.into_iter().map(Point::from).collect(),
        })
    }

    /// Every live base edge as drawn, by ascending base id.
    pub fn edge_lines(&self) -> Vec<EdgeLine> {
        (0..self.base.edges.len())
            .filter_map(|e| self.edge_line(EdgeId(e as u16)))
            .collect()
    }

    /// The splices in force as marker pairs, in the order of [`Surface::splices`].
    pub fn splice_marks(&self) -> Vec<SpliceMarks> {
        self.base
            .splices
            .iter()
            .filter_map(|&[a, b]| {
                Some(SpliceMarks {
                    edge: a,
                    ends: [self.edge_line(a)?, self.edge_line(b)?],
                })
            })
            .collect()
    }

    /// The smallest box holding every live point of the drawing: (lower left, upper right).
    pub fn bounds(&self) -> (Point, Point) {
        let mut lo = (f64::INFINITY, f64::INFINITY);
        let mut hi = (f64::NEG_INFINITY, f64::NEG_INFINITY);
        for line in self.edge_lines() {
            for p in line.line {
                lo = (lo.0.min(p.x), lo.1.min(p.y));
                hi = (hi.0.max(p.x), hi.1.max(p.y));
            }
        }
        (lo.into(), hi.into())
    }
}
