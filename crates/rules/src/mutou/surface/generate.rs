//! Square and hex board generators (mutou D6), the shared map builder, and tessel names.

use std::collections::HashMap;
use std::hash::Hash;

use super::draw::Geo;
use super::error::SurfaceError;
use super::ids::{EdgeId, TesselId, VertexId, ID_LIMIT};
use super::map::{Base, Place, Surface, TesselRec, Wrap};
use super::ops;
use super::voronoi::{self, Pt};
use super::MAX_CORNERS;

/// Builds a base map from polygons given as cycles of vertex keys (exact positions). Vertices
/// and edges get ids in the order they are first met; a segment shared by two polygons becomes
/// one edge, oriented as its first user runs it.
pub(super) struct Builder<K> {
    pub base: Base,
    /// The key of each vertex, by id.
    pub keys: Vec<K>,
    vertex_of: HashMap<K, VertexId>,
    edge_of: HashMap<(VertexId, VertexId), EdgeId>,
}

impl<K: Copy + Eq + Hash + std::fmt::Debug> Builder<K> {
    pub fn new() -> Self {
        Builder {
            base: Base::default(),
            keys: Vec::new(),
            vertex_of: HashMap::new(),
            edge_of: HashMap::new(),
        }
    }

    fn vertex(&mut self, key: K) -> Result<VertexId, SurfaceError> {
        if let Some(&v) = self.vertex_of.get(&key) {
            return Ok(v);
        }
        self.base.room(1, 0, 0)?;
        let v = self.base.new_vertex();
        self.vertex_of.insert(key, v);
        self.keys.push(key);
        Ok(v)
    }

    /// The edge between two vertices (made on first use, running `a`→`b`).
    pub fn edge(&self, a: K, b: K) -> Option<EdgeId> {
        let (a, b) = (*self.vertex_of.get(&a)?, *self.vertex_of.get(&b)?);
        self.edge_of.get(&(a.min(b), a.max(b))).copied()
    }

    /// Adds one tessel whose corners run counter-clockwise.
    pub fn add(&mut self, corners: &[K], place: Place) -> Result<TesselId, SurfaceError> {
        let verts = corners
            .iter()
            .map(|&k| self.vertex(k))
            .collect::<Result<Vec<_>, _>>()?;
        let mut edges = Vec::with_capacity(verts.len());
        for (i, &a) in verts.iter().enumerate() {
            let b = verts[(i + 1) % verts.len()];
            let key = (a.min(b), a.max(b));
            let e = match self.edge_of.get(&key) {
                Some(&e) => e,
                None => {
                    self.base.room(0, 1, 0)?;
                    let e = self.base.new_edge(a, b);
                    self.edge_of.insert(key, e);
                    e
                }
            };
            edges.push(e);
        }
        self.base.room(0, 0, 1)?;
        Ok(self.base.new_tessel(TesselRec {
            verts,
            edges,
            place,
            edited: false,
            mark: None,
        }))
    }

    /// The surface, drawn with each vertex at `place(key)` and straight edges.
    pub fn finish(self, place: impl Fn(K) -> Pt) -> Result<Surface, SurfaceError> {
        let geo = Geo::straight(
            self.keys.iter().map(|&k| place(k)).collect(),
            self.base.edges.len(),
        );
        Surface::from_base(self.base, geo)
    }

    /// Glues two edges given by their end keys (the generator's own splices).
    pub fn splice(&mut self, a: (K, K), b: (K, K)) {
        let ea = self.edge(a.0, a.1).expect("generator edge");
        let eb = self.edge(b.0, b.1).expect("generator edge");
        self.base.splices.push([ea.min(eb), ea.max(eb)]);
    }
}

/// Rejects an empty cell list, one too long for tessel ids, or a repeated cell.
fn check_cells(cells: &[(i16, i16)], kind: &str) -> Result<(), SurfaceError> {
    if cells.is_empty() {
        return Err(SurfaceError::Generate(format!("no {kind} cells given")));
    }
    if cells.len() > ID_LIMIT {
        return Err(SurfaceError::IdsExhausted("tessel"));
    }
    let mut seen = cells.to_vec();
    seen.sort_unstable();
    if let Some(w) = seen.windows(2).find(|w| w[0] == w[1]) {
        let (x, y) = w[0];
        return Err(SurfaceError::Generate(format!(
            "{kind} cell ({x},{y}) is listed twice"
        )));
    }
    Ok(())
}

/// Where a square board draws a grid corner: at its own coordinates (unit squares).
fn square_place((x, y): (i32, i32)) -> Pt {
    (f64::from(x), f64::from(y))
}

/// Where a hex board draws a corner given in the exact frame of `hex_corners`: undoing its
/// scaling, for hexagons of unit circumradius (centre of (q, r) at (√3·(q + r/2), 1.5·r)).
fn hex_place((x, y): (i32, i32)) -> Pt {
    (f64::from(x) * (3f64.sqrt() / 2.0), f64::from(y) / 2.0)
}

/// The four corners of the unit square at (x, y), counter-clockwise from bottom-left.
fn square_corners(x: i16, y: i16) -> [(i32, i32); 4] {
    let (x, y) = (i32::from(x), i32::from(y));
    [(x, y), (x + 1, y), (x + 1, y + 1), (x, y + 1)]
}

/// The six corners of the pointy-top hexagon at axial (q, r), counter-clockwise, in exact
/// integer coordinates: x scaled by 2/√3 and y by 2, so the centre is (2q + r, 3r).
fn hex_corners(q: i16, r: i16) -> [(i32, i32); 6] {
    let (cx, cy) = (2 * i32::from(q) + i32::from(r), 3 * i32::from(r));
    [(1, 1), (0, 2), (-1, 1), (-1, -1), (0, -2), (1, -1)].map(|(dx, dy)| (cx + dx, cy + dy))
}

impl Surface {
    /// Unit squares at the given grid positions; tessel id = index in `cells`. The cells
    /// must be vertex-connected (V3). Cells are named algebraically (`a1` = the bottom-left
    /// of the bounding box, files a..z, ranks 1..99) when the box fits.
    pub fn square_cells(cells: &[(i16, i16)]) -> Result<Surface, SurfaceError> {
        Self::square_builder(cells).and_then(|b| b.finish(square_place))
    }

    fn square_builder(cells: &[(i16, i16)]) -> Result<Builder<(i32, i32)>, SurfaceError> {
        check_cells(cells, "square")?;
        let mut b = Builder::new();
        for &(x, y) in cells {
            b.add(&square_corners(x, y), Place::Square(x, y))?;
        }
        let x0 = cells.iter().map(|c| c.0).min().unwrap_or(0);
        let y0 = cells.iter().map(|c| c.1).min().unwrap_or(0);
        let x1 = cells.iter().map(|c| c.0).max().unwrap_or(0);
        let y1 = cells.iter().map(|c| c.1).max().unwrap_or(0);
        if i32::from(x1) - i32::from(x0) < 26 && i32::from(y1) - i32::from(y0) < 99 {
            b.base.algebraic = Some((x0, y0));
        }
        Ok(b)
    }

    /// A `w`×`h` board of unit squares (tessel id `y*w + x`, `a1` bottom-left). A cylinder
    /// splices column 0's west edges to column w−1's east edges row by row; a torus also
    /// splices row 0's south edges to row h−1's north edges. Wrapping needs w (and h) ≥ 2.
    pub fn square(w: u16, h: u16, wrap: Wrap) -> Result<Surface, SurfaceError> {
        if w == 0 || h == 0 || w > i16::MAX as u16 || h > i16::MAX as u16 {
            return Err(SurfaceError::Generate(format!("a {w}x{h} square board")));
        }
        if usize::from(w) * usize::from(h) > ID_LIMIT {
            return Err(SurfaceError::IdsExhausted("tessel"));
        }
        let cells: Vec<(i16, i16)> = (0..h as i16)
            .flat_map(|y| (0..w as i16).map(move |x| (x, y)))
            .collect();
        let mut b = Self::square_builder(&cells)?;
        let (w, h) = (i32::from(w), i32::from(h));
        if wrap != Wrap::None {
            for y in 0..h {
                b.splice(((0, y), (0, y + 1)), ((w, y), (w, y + 1)));
            }
        }
        if wrap == Wrap::Torus {
            for x in 0..w {
                b.splice(((x, 0), (x + 1, 0)), ((x, h), (x + 1, h)));
            }
        }
        b.finish(square_place)
    }

    /// Hexagons at the given axial positions, pointy-top: q runs east and r at 60°
    /// (north-east), the centre of (q, r) is (√3·(q + r/2), 1.5·r) for unit circumradius.
    /// Tessel id = index in `cells`; names `q,r`. The cells must be vertex-connected (V3).
    pub fn hex_cells(cells: &[(i16, i16)]) -> Result<Surface, SurfaceError> {
        check_cells(cells, "hex")?;
        let mut b = Builder::new();
        for &(q, r) in cells {
            b.add(&hex_corners(q, r), Place::Hex(q, r))?;
        }
        b.finish(hex_place)
    }

    /// The hexagonal board of all cells within `radius` steps of `0,0` (radius 3: 37 cells),
    /// listed row by row from r = −radius up, q ascending.
    pub fn hexhex(radius: u16) -> Result<Surface, SurfaceError> {
        Surface::hex_cells(&hexhex_cells(radius)?)
    }

    /// One tessel per point (tessel id = point index): its Voronoi cell among all the
    /// points, clipped to the convex `outline` (either orientation) and snapped to a map with
    /// shared vertices identified exactly (see the `voronoi` module). Points must lie strictly
    /// inside the outline and apart. A cell with more than 19 vertices is split (mutou D6):
    /// 18 corners stay with the point's tessel and the rest becomes a further tessel (ids
    /// after the points, origin at the centroid of its corners), repeatedly.
    pub fn sown(outline: &[(f64, f64)], points: &[(f64, f64)]) -> Result<Surface, SurfaceError> {
        if points.len() > ID_LIMIT {
            return Err(SurfaceError::IdsExhausted("tessel"));
        }
        let cells = voronoi::cells(outline, points)?;
        let mut b = Builder::new();
        for (cycle, &(x, y)) in cells.cycles.iter().zip(points) {
            b.add(cycle, Place::sown(x, y))?;
        }
        let at: Vec<Pt> = b.keys.iter().map(|&k| cells.corners[k]).collect();
        let mut todo: Vec<TesselId> = (0..points.len()).map(|i| TesselId(i as u16)).collect();
        while let Some(t) = todo.pop() {
            let verts = b.base.rec(t).expect("sown tessel").verts.clone();
            if verts.len() <= MAX_CORNERS {
                continue;
            }
            b.base.room(0, 1, 1)?;
            let part = ops::split(&mut b.base, t, verts[0], verts[MAX_CORNERS - 2], false);
            let corners = &b.base.rec(part).expect("new part").verts;
            let k = corners.len() as f64;
            let x = corners.iter().map(|v| at[v.index()].0).sum::<f64>() / k;
            let y = corners.iter().map(|v| at[v.index()].1).sum::<f64>() / k;
            b.base.rec_mut(part).place = Place::sown(x, y);
            todo.push(part);
        }
        // The sown corners are the real Voronoi corners; the splits above are chords of
        // convex cells, so straight.
        b.finish(|k| cells.corners[k])
    }

    /// The name of `t`: algebraic (`d4`) for generated square cells, `q,r` for hex cells,
    /// `t<id>` otherwise (sown cells, tessels made by edits, and square cells on file `t`,
    /// whose algebraic name would read as an id).
    pub fn name(&self, t: TesselId) -> String {
        match (self.base.rec(t).map(|r| r.place), self.base.algebraic) {
            (Some(Place::Square(x, y)), Some((x0, y0))) => {
                let file = (b'a' + (x - x0) as u8) as char;
                match file {
                    't' => t.to_string(),
                    _ => format!("{file}{}", i32::from(y) - i32::from(y0) + 1),
                }
            }
            (Some(Place::Hex(q, r)), _) => format!("{q},{r}"),
            _ => t.to_string(),
        }
    }

    /// Reads a tessel name as `name` writes it; `t<id>` is accepted for any live tessel.
    pub fn parse_tessel(&self, text: &str) -> Option<TesselId> {
        if let Some(t) = TesselId::parse(text) {
            return self.is_live(t).then_some(t);
        }
        let place = if let Some((q, r)) = text.split_once(',') {
            Place::Hex(q.parse().ok()?, r.parse().ok()?)
        } else {
            let (x0, y0) = self.base.algebraic?;
            let mut chars = text.chars();
            let file = chars.next()?;
            let digits = chars.as_str();
            if !file.is_ascii_lowercase()
                || file == 't'
                || !digits.chars().all(|c| c.is_ascii_digit())
            {
                return None;
            }
            let rank: i16 = digits.parse().ok()?;
            if !(1..=99).contains(&rank) {
                return None;
            }
            let file = i16::from(file as u8 - b'a');
            Place::Square(x0 + file, y0 + rank - 1)
        };
        let t = self
            .tessels()
            .iter()
            .copied()
            .find(|&t| self.base.rec(t).is_some_and(|r| r.place == place))?;
        (self.name(t) == text).then_some(t)
    }

    /// Reads a vertex id `v3`; `None` unless it is a live glued vertex.
    pub fn parse_vertex(&self, text: &str) -> Option<VertexId> {
        let v = VertexId::parse(text)?;
        (!self.tessels_at(v).is_empty()).then_some(v)
    }

    /// Reads an edge id `e40`; `None` unless it is a live glued edge.
    pub fn parse_edge(&self, text: &str) -> Option<EdgeId> {
        let e = EdgeId::parse(text)?;
        self.edge_ends(e).map(|_| e)
    }
}

/// The cells of a hexhex board of the given radius, in id order.
pub(super) fn hexhex_cells(radius: u16) -> Result<Vec<(i16, i16)>, SurfaceError> {
    if radius > 140 {
        return Err(SurfaceError::Generate(format!(
            "hexhex radius {radius} (at most 140)"
        )));
    }
    let n = radius as i16;
    Ok((-n..=n)
        .flat_map(|r| {
            (-n..=n)
                .filter(move |q| (q + r).abs() <= n)
                .map(move |q| (q, r))
        })
        .collect())
}
