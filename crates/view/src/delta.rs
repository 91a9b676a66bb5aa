//! A scene told as what changed since the one before it: the board (frame, cells, decor,
//! labels) goes out once and then only where it changed, while pieces, marks, panels, targets,
//! buttons and status always come whole.
//!
//! A [`BoardKey`] names a scene's board: a 64-bit hash of its game, variant, frame, cells,
//! decor and labels, the same on every platform and in every process. A [`SceneDelta`] names
//! the board it applies to (`base`) and the one it makes (`board`); [`SceneDelta::apply`]
//! refuses a scene whose board is not the base, so a client that holds another board (it
//! missed an entry, or its copy went astray) learns it at once and asks for the whole game.

use serde::{Deserialize, Serialize};

use crate::scene::{Button, Cell, Decor, Frame, Label, Mark, Panel, Piece, Scene, Shape, Xy};
use crate::target::TargetId;

/// The name of a scene's board: 16 lower-case hex digits of a 64-bit hash of its game, variant,
/// frame, cells, decor and labels, the same on every platform. Text, because a browser's
/// numbers hold only 53 bits.
#[derive(Clone, PartialEq, Eq, Hash, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
#[serde(transparent)]
pub struct BoardKey(pub String);

impl BoardKey {
    /// The key of `scene`'s board.
    pub fn of(scene: &Scene) -> BoardKey {
        let mut h = Fold::default();
        h.text(&scene.game);
        h.text(&scene.variant);
        h.frame(&scene.frame);
        h.count(scene.cells.len());
        for cell in &scene.cells {
            h.cell(cell);
        }
        h.count(scene.decor.len());
        for decor in &scene.decor {
            h.word(decor.kind as u64);
            h.shape(&decor.shape);
        }
        h.count(scene.labels.len());
        for label in &scene.labels {
            h.word(label.kind as u64);
            h.xy(label.at);
            h.text(&label.text);
        }
        BoardKey(format!("{:016x}", h.finish()))
    }
}

/// A scene as the change from the scene before it (see the module's documentation).
#[derive(Clone, PartialEq, Debug, Serialize, Deserialize)]
#[cfg_attr(feature = "ts", derive(ts_rs::TS))]
pub struct SceneDelta {
    /// The board of the scene this applies to.
    pub base: BoardKey,
    /// The board of the scene it makes.
    pub board: BoardKey,
    /// Whose view this is: a seat, or `None` for a spectator.
    pub viewer: Option<u8>,
    /// The rectangle holding the board, when it changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub frame: Option<Frame>,
    /// Every cell, in order, when the cells' ids changed (a MuTou area alteration, a Mu
    /// segment laid out).
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub cells: Option<Vec<Cell>>,
    /// The cells that changed, each replacing the cell of its id, when the ids did not (a Mu
    /// cell's surface and title follow its men).
    #[serde(default, skip_serializing_if = "Vec::is_empty")]
    #[cfg_attr(feature = "ts", ts(as = "Option<Vec<Cell>>", optional))]
    pub changed: Vec<Cell>,
    /// The decoration, when it changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub decor: Option<Vec<Decor>>,
    /// The labels, when they changed.
    #[serde(default, skip_serializing_if = "Option::is_none")]
    #[cfg_attr(feature = "ts", ts(optional))]
    pub labels: Option<Vec<Label>>,
    /// The pieces.
    pub pieces: Vec<Piece>,
    /// The marks.
    pub marks: Vec<Mark>,
    /// One panel per seat, in seat order.
    pub panels: Vec<Panel>,
    /// As [`Scene::targets_for`].
    pub targets_for: Option<u8>,
    /// As [`Scene::targets`].
    pub targets: Vec<TargetId>,
    /// As [`Scene::buttons`].
    pub buttons: Vec<Button>,
    /// As [`Scene::status`].
    pub status: String,
}

/// Why a [`SceneDelta`] cannot be applied.
#[derive(Clone, PartialEq, Eq, Debug, thiserror::Error)]
pub enum DeltaError {
    /// The scene's board is not the delta's base.
    #[error("this change applies to board {base}, not to board {have}")]
    OtherBase {
        /// The base the delta names.
        base: String,
        /// The board of the scene it was given.
        have: String,
    },
    /// A changed cell names no cell of the scene.
    #[error("changed cell `{0}` is not a cell of the board")]
    NoSuchCell(String),
    /// The scene made is not the board the delta promised.
    #[error("the change made board {made}, not the board {promised} it names")]
    Broken {
        /// The board the delta names.
        promised: String,
        /// The board it made.
        made: String,
    },
}

impl SceneDelta {
    /// The change that turns `before` into `after`. Applied to `before` it makes a scene equal
    /// to `after`, game and variant included (they are part of the board).
    pub fn between(before: &Scene, after: &Scene) -> SceneDelta {
        // Game and variant never change within a game; a delta between two games sends all.
        if before.game != after.game || before.variant != after.variant {
            return SceneDelta::whole(after);
        }
        let mut delta = SceneDelta::without_board(after);
        delta.base = BoardKey::of(before);
        let same_ids = before.cells.len() == after.cells.len()
            && before
                .cells
                .iter()
                .zip(&after.cells)
                .all(|(b, a)| b.id == a.id);
        if same_ids {
            delta.changed = before
                .cells
                .iter()
                .zip(&after.cells)
                .filter(|(b, a)| b != a)
                .map(|(_, a)| a.clone())
                .collect();
        } else {
            delta.cells = Some(after.cells.clone());
        }
        delta.frame = (before.frame != after.frame).then_some(after.frame);
        delta.decor = (before.decor != after.decor).then(|| after.decor.clone());
        delta.labels = (before.labels != after.labels).then(|| after.labels.clone());
        delta
    }

    /// The change that makes `after` from any scene of the same game: every part of the board
    /// sent (such a delta applies whatever the board before it), `base` naming `after`'s own
    /// board.
    pub fn whole(after: &Scene) -> SceneDelta {
        let mut delta = SceneDelta::without_board(after);
        delta.frame = Some(after.frame);
        delta.cells = Some(after.cells.clone());
        delta.decor = Some(after.decor.clone());
        delta.labels = Some(after.labels.clone());
        delta
    }

    /// The parts of `after` that always come whole, with no part of the board; `base` and
    /// `board` both name `after`'s board.
    fn without_board(after: &Scene) -> SceneDelta {
        let board = BoardKey::of(after);
        SceneDelta {
            base: board.clone(),
            board,
            viewer: after.viewer,
            frame: None,
            cells: None,
            changed: Vec::new(),
            decor: None,
            labels: None,
            pieces: after.pieces.clone(),
            marks: after.marks.clone(),
            panels: after.panels.clone(),
            targets_for: after.targets_for,
            targets: after.targets.clone(),
            buttons: after.buttons.clone(),
            status: after.status.clone(),
        }
    }

    /// Whether the delta carries every part of the board, and so applies to any scene of its
    /// game whatever its board.
    pub fn is_whole(&self) -> bool {
        self.frame.is_some()
            && self.cells.is_some()
            && self.decor.is_some()
            && self.labels.is_some()
    }

    /// The scene this change makes of `before`. Refused, with nothing changed, when `before`'s
    /// board is not the base (unless the delta [is whole](Self::is_whole)), a changed cell is
    /// not on the board, or the board made is not the one the delta names.
    pub fn apply(&self, before: &Scene) -> Result<Scene, DeltaError> {
        let have = BoardKey::of(before);
        if have != self.base && !self.is_whole() {
            return Err(DeltaError::OtherBase {
                base: self.base.0.clone(),
                have: have.0,
            });
        }
        let mut cells = match &self.cells {
            Some(cells) => cells.clone(),
            None => before.cells.clone(),
        };
        for cell in &self.changed {
            let slot = cells
                .iter_mut()
                .find(|c| c.id == cell.id)
                .ok_or_else(|| DeltaError::NoSuchCell(cell.id.to_string()))?;
            *slot = cell.clone();
        }
        let scene = Scene {
            game: before.game.clone(),
            variant: before.variant.clone(),
            viewer: self.viewer,
            frame: self.frame.unwrap_or(before.frame),
            cells,
            decor: self.decor.clone().unwrap_or_else(|| before.decor.clone()),
            labels: self.labels.clone().unwrap_or_else(|| before.labels.clone()),
            pieces: self.pieces.clone(),
            marks: self.marks.clone(),
            panels: self.panels.clone(),
            targets_for: self.targets_for,
            targets: self.targets.clone(),
            buttons: self.buttons.clone(),
            status: self.status.clone(),
        };
        let made = BoardKey::of(&scene);
        if made != self.board {
            return Err(DeltaError::Broken {
                promised: self.board.0.clone(),
                made: made.0,
            });
        }
        Ok(scene)
    }
}

/// A 64-bit hash of the parts of a board, a word at a time: each word folded in by a rotate and
/// a multiply, the total finished by SplitMix64's finaliser; lengths are written before every
/// list and text so that no two boards feed the same words. Not built to resist a chosen
/// board: boards come from the server's own rules.
struct Fold(u64);

impl Default for Fold {
    fn default() -> Fold {
        Fold(0xcbf2_9ce4_8422_2325)
    }
}

impl Fold {
    fn bytes(&mut self, bytes: &[u8]) {
        let mut chunks = bytes.chunks_exact(8);
        for chunk in &mut chunks {
            let mut word = [0u8; 8];
            word.copy_from_slice(chunk);
            self.word(u64::from_le_bytes(word));
        }
        let rest = chunks.remainder();
        if !rest.is_empty() {
            let mut word = [0u8; 8];
            word[..rest.len()].copy_from_slice(rest);
            self.word(u64::from_le_bytes(word));
        }
    }

    fn finish(&self) -> u64 {
        let x = self.0;
        let x = (x ^ (x >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
        let x = (x ^ (x >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
        x ^ (x >> 31)
    }

    fn word(&mut self, w: u64) {
        self.0 = (self.0.rotate_left(23) ^ w).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    }

    fn count(&mut self, n: usize) {
        self.word(n as u64);
    }

    fn text(&mut self, s: &str) {
        self.count(s.len());
        self.bytes(s.as_bytes());
    }

    /// A number by its bits, with negative zero read as zero (they compare equal).
    fn float(&mut self, v: f64) {
        self.word((v + 0.0).to_bits());
    }

    fn xy(&mut self, p: Xy) {
        self.float(p.x);
        self.float(p.y);
    }

    fn frame(&mut self, f: &Frame) {
        for v in [f.x, f.y, f.width, f.height] {
            self.float(v);
        }
    }

    fn points(&mut self, points: &[Xy]) {
        self.count(points.len());
        for &p in points {
            self.xy(p);
        }
    }

    fn shape(&mut self, shape: &Shape) {
        match shape {
            Shape::Polygon { points } => {
                self.word(1);
                self.points(points);
            }
            Shape::Circle { centre, radius } => {
                self.word(2);
                self.xy(*centre);
                self.float(*radius);
            }
            Shape::Polyline { points } => {
                self.word(3);
                self.points(points);
            }
        }
    }

    fn cell(&mut self, cell: &Cell) {
        self.text(cell.id.as_str());
        self.shape(&cell.shape);
        self.xy(cell.centre);
        self.float(cell.size);
        self.word(cell.surface as u64);
        match &cell.label {
            Some(label) => {
                self.word(1);
                self.text(label);
            }
            None => self.word(0),
        }
        self.text(&cell.title);
    }
}
