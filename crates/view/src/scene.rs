//! The scene: everything a client needs to draw one position without knowing the rules.
//!
//! Coordinates are abstract drawing units with `y` growing downwards, as in SVG; [`Frame`] is the
//! rectangle that holds the board. Every clickable place is a [`Cell`] with a [`TargetId`]; pieces
//! and marks refer to cells by that id, never by coordinates, so a client can look a piece's
//! place up, animate it, or highlight a target without any geometry of its own.

use serde::{Deserialize, Serialize};

use crate::target::TargetId;

/// A point in drawing units (`y` grows downwards).
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Xy {
    /// Rightwards.
    pub x: f64,
    /// Downwards.
    pub y: f64,
}

impl Xy {
    /// The point (`x`, `y`), rounded to hundredths of a unit: finer than any screen shows, and
    /// it keeps scenes short and the same on every platform.
    pub fn new(x: f64, y: f64) -> Xy {
        let round = |v: f64| {
            let r = (v * 100.0).round() / 100.0;
            // No negative zero.
            r + 0.0
        };
        Xy {
            x: round(x),
            y: round(y),
        }
    }
}

/// The rectangle that holds the board, in drawing units.
#[derive(Clone, Copy, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Frame {
    /// Left edge.
    pub x: f64,
    /// Top edge.
    pub y: f64,
    /// Width.
    pub width: f64,
    /// Height.
    pub height: f64,
}

/// A shape: any polygon (squares, hexagons, the irregular tessels of a sown surface), a circle
/// (a point of a round board) or an open line.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(tag = "shape", rename_all = "kebab-case")]
pub enum Shape {
    /// A closed polygon through these corners, in order.
    Polygon {
        /// The corners (at least three).
        points: Vec<Xy>,
    },
    /// A circle.
    Circle {
        /// Its centre.
        centre: Xy,
        /// Its radius.
        radius: f64,
    },
    /// An open line through these points, in order.
    Polyline {
        /// The points (at least two).
        points: Vec<Xy>,
    },
}

impl Shape {
    /// Whether `p` lies inside: a polygon by the even-odd rule, a circle on or within its rim;
    /// an open line holds nothing.
    pub fn contains(&self, p: Xy) -> bool {
        match self {
            Shape::Circle { centre, radius } => {
                (p.x - centre.x).powi(2) + (p.y - centre.y).powi(2) <= radius * radius
            }
            Shape::Polygon { points } => polygon_contains(points, p),
            Shape::Polyline { .. } => false,
        }
    }
}

/// Whether `p` lies inside the closed outline through `points` (even-odd rule).
pub fn polygon_contains(points: &[Xy], p: Xy) -> bool {
    let mut crossings = 0;
    for (i, a) in points.iter().enumerate() {
        let b = points[(i + 1) % points.len()];
        if (a.y > p.y) != (b.y > p.y) {
            let x = a.x + (p.y - a.y) / (b.y - a.y) * (b.x - a.x);
            if p.x < x {
                crossings += 1;
            }
        }
    }
    crossings % 2 == 1
}

/// What a cell is, for its fill: the surface a client paints before any piece or mark.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum Surface {
    /// A light square of a chequered board.
    Light,
    /// A dark square of a chequered board.
    Dark,
    /// A point of a round board.
    Point,
    /// Mu's top layer, Virginity.
    Virgin,
    /// Mu's revealed territory, the Commonwealth.
    Commonwealth,
    /// Mu's Wall between sections.
    Wall,
    /// A place that is not on the board yet but may be chosen (a Mu segment centre during the
    /// lay-out).
    Ghost,
    /// A MuTou tessel.
    Tessel,
    /// A MuTou edge, drawn as a line between two tessels or on the periphery.
    Edge,
    /// A MuTou vertex, a corner of tessels.
    Vertex,
}

/// One clickable place of the board: a cell, a point or a tessel.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Cell {
    /// Its target id, unique in the scene.
    pub id: TargetId,
    /// Its outline.
    pub shape: Shape,
    /// Where a piece on it is drawn.
    pub centre: Xy,
    /// The radius of the largest piece that fits comfortably around `centre`.
    pub size: f64,
    /// Its surface.
    pub surface: Surface,
    /// A short text drawn on the cell (its name where the board has no coordinate labels).
    pub label: Option<String>,
    /// A longer description (name, layer, capacity …), shown on hover.
    pub title: String,
}

/// What a piece of decoration is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum DecorKind {
    /// A line pieces move along (Mur's rings and spokes).
    Track,
    /// The outline of one Mu segment.
    SegmentOutline,
    /// A place off the board next to it (Mu's Out of Bounds: lakes and creeks).
    OutOfBounds,
    /// A frame around the whole board.
    Border,
    /// One of the two edges a MuTou remote splice glues, each drawn where it lies; a pair of
    /// [`LabelKind::Splice`] labels with the same text says which two belong together.
    SpliceEdge,
}

/// Something drawn that is neither clickable nor a piece.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Decor {
    /// What it is.
    pub kind: DecorKind,
    /// Its shape.
    pub shape: Shape,
}

/// What a text label names.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum LabelKind {
    /// A file, rank or spoke coordinate at the edge of the board.
    Coordinate,
    /// The marker on one edge of a MuTou remote splice: both edges of a splice carry the same
    /// text (`s1`, `s2` …).
    Splice,
    /// The number of a MuTou zone (`zone 2`), while zones are claimed and stacks set out.
    Zone,
}

/// A text drawn on the board.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Label {
    /// What it names.
    pub kind: LabelKind,
    /// Where its centre goes.
    pub at: Xy,
    /// The text.
    pub text: String,
}

/// What a piece is.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum PieceKind {
    /// Murus Gallicus: one stone.
    Wall,
    /// Murus Gallicus: two stones.
    Tower,
    /// Murus Gallicus (Advanced): three stones.
    Catapult,
    /// Mur: a ship (a stone in the classic edition).
    Ship,
    /// Mur: the neutral kraken (the Mur stone).
    Kraken,
    /// Mu: a stack of men.
    Men,
    /// MuTou: a board piece, a base with a stack of shakken (its height) under its owner's
    /// noejj; [`Piece::stack`] says which.
    Stack,
}

/// How many of one seat's blood shakken a MuTou stack holds.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Blood {
    /// The seat whose blood it is (its original owner, 0-based).
    pub seat: u8,
    /// How many.
    pub count: u8,
}

/// The shakken of a MuTou stack.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Stack {
    /// Walker shakken.
    pub walker: u8,
    /// Angler shakken.
    pub angler: u8,
    /// Jagger shakken.
    pub jagger: u8,
    /// Rand shakken.
    pub rand: u8,
    /// Blood shakken by original owner, in seat order, only seats with some.
    pub blood: Vec<Blood>,
    /// The stack is hidden from this viewer (another seat's, while setting out): the counts are
    /// all zero and a client draws a `?`.
    pub hidden: bool,
    /// The stack as the notation writes it (`WWAJB1`, `-` for none).
    pub text: String,
}

/// A piece or stack on one cell.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Piece {
    /// The cell it stands on.
    pub at: TargetId,
    /// The seat it belongs to (an index into [`Scene::panels`]); `None` for a neutral piece.
    pub owner: Option<u8>,
    /// What it is.
    pub kind: PieceKind,
    /// How many stones, men or shakken it holds (a MuTou base may hold none yet).
    pub height: u16,
    /// A MuTou stack's shakken; `None` for the other games.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    pub stack: Option<Stack>,
}

/// What a mark shows.
#[derive(Clone, Copy, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(rename_all = "kebab-case")]
pub enum MarkKind {
    /// The cells the last action touched.
    LastMove,
    /// A stone on the opponent's home row (a Murus Gallicus breakthrough).
    Invader,
    /// A trapped ship (Mur), withdrawn before anything else.
    Trapped,
    /// A surrounded kraken (Mur).
    KrakenSurrounded,
    /// An eye of a colour (Mur): an empty point enclosed by that colour's ships.
    Eye,
    /// A hot cell (Mu): it explodes.
    Hot,
    /// The Commonwealth cells of one section (Mu), with its provisional owner.
    Section,
    /// Virginity enclosed by a section and counted with it (Mu).
    Enclosed,
    /// Cells of a section in oscillation (Mu).
    Oscillating,
    /// A segment centre carrying a seat's marker man during Mu's opening.
    Marker,
    /// The tessels of one MuTou zone, with the seat that claimed it (`None` before a claim).
    Zone,
    /// The tessels of one MuTou stand, where a seat's bases start.
    Stand,
    /// MuTou pieces moved this turn.
    Moved,
}

/// A mark on some cells.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Mark {
    /// What it shows.
    pub kind: MarkKind,
    /// The seat it belongs to, where it belongs to one (an eye's colour, a section's owner, a
    /// home row); `None` for a neutral section or a mark of nobody.
    pub seat: Option<u8>,
    /// The cells it covers.
    pub targets: Vec<TargetId>,
}

/// A number shown in a seat's panel.
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Tally {
    /// What it counts, in words (`stones`, `territory`, `ship traps`).
    pub label: String,
    /// The count.
    #[cfg_attr(feature = "ts", ts(type = "number"))]
    pub value: i64,
}

/// One seat's panel.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Panel {
    /// The seat (0-based).
    pub seat: u8,
    /// The rules' name for the seat now (`Light`, `Black`, `Red`).
    pub name: String,
    /// The fill colour of its pieces, `#rrggbb`.
    pub colour: String,
    /// The colour of text drawn on its pieces, `#rrggbb`.
    pub ink: String,
    /// The letter drawn on its pieces.
    pub letter: char,
    /// Whether it decides next.
    pub to_act: bool,
    /// Its rank when the game is over (0 best).
    pub rank: Option<u8>,
    /// Its counts.
    pub tallies: Vec<Tally>,
}

/// A button: a decision that is not a place on the board (`pass`, `end`).
#[derive(Clone, PartialEq, Eq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Button {
    /// Its target id, the word itself.
    pub id: TargetId,
    /// What pressing it does, in one line, where the rules say more than the word.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub help: Option<String>,
    /// The rule it comes from (`mutou:S15c`), with `help`.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub rule: Option<String>,
}

/// Everything needed to draw one position as one viewer sees it.
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct Scene {
    /// The game id (`murus-gallicus`, `mur`, `mu`).
    pub game: String,
    /// The variant text.
    pub variant: String,
    /// Whose view this is: a seat, or `None` for a spectator.
    pub viewer: Option<u8>,
    /// The rectangle holding the board.
    pub frame: Frame,
    /// The clickable places.
    pub cells: Vec<Cell>,
    /// Lines, outlines and off-board places, drawn under the cells.
    pub decor: Vec<Decor>,
    /// Coordinates around the board.
    pub labels: Vec<Label>,
    /// The pieces.
    pub pieces: Vec<Piece>,
    /// The marks.
    pub marks: Vec<Mark>,
    /// One panel per seat, in seat order.
    pub panels: Vec<Panel>,
    /// The seat whose legal actions `targets` and `buttons` start, when this viewer may see
    /// them: the actor, shown to the actor itself and to spectators.
    pub targets_for: Option<u8>,
    /// The cells a legal action of `targets_for` starts from, each once, in first-seen order.
    pub targets: Vec<TargetId>,
    /// The legal buttons of `targets_for`.
    pub buttons: Vec<Button>,
    /// The state in words: who decides next and what is owed, or the result.
    pub status: String,
}

impl Scene {
    /// The cell with this id, if the scene has one.
    pub fn cell(&self, id: &TargetId) -> Option<&Cell> {
        self.cells.iter().find(|c| &c.id == id)
    }

    /// Marks the cells the last action touched; ids that are not cells of this scene are left
    /// out (a piece taken off the board has no cell to mark).
    pub fn with_last_move(mut self, targets: Vec<TargetId>) -> Scene {
        let targets: Vec<TargetId> = targets
            .into_iter()
            .filter(|t| self.cell(t).is_some())
            .collect();
        if !targets.is_empty() {
            self.marks.insert(
                0,
                Mark {
                    kind: MarkKind::LastMove,
                    seat: None,
                    targets,
                },
            );
        }
        self
    }
}
