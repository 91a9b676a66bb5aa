//! The position text and the diagram.
//!
//! A position is one line of three fields separated by ` | `:
//!
//! 1. the segment centres in placement order, `0,0 3,-1 1,2` (`-` for none);
//! 2. every cell that is not empty Virginity, `A0=VR1 B1=CP2 C3=W` (`-` for none); a cell may be
//!    named by coordinates on input (`-1,0=CR1`); a token is the layer letter `V`, `C` or `W`,
//!    then optionally a colour letter and a height;
//! 3. the phase (`layout`, `select`, `play`, `over`), the colour to move, and `key=value`
//!    fields: `seats=N`; in play `budget=A,C` (omitted: a fresh turn's budget; `-`: empty),
//!    `moved=N`, `passes=N`, `ply=N`, `osc=…` (cells of oscillating sections), `landed=…`
//!    (`one_move_per_piece`), and `trail=…` while a chain reaction waits for a choice (each step
//!    `cell:name=token,…` giving the cells the explosion wrote with their earlier tokens, steps
//!    joined by `/`). Zero and empty fields are left out.
//!
//! A text is read only when it describes a position play can reach in every respect the engine
//! relies on; see `validate.rs`.

use std::fmt::Write;
use std::sync::Arc;

use crate::error::PositionError;

use super::actions::{parse_cell, parse_hex};
use super::board::{Board, CellState, Layer};
use super::events::{seat_of_letter, LETTERS};
use super::geometry::{Cell, Geometry, Segment};
use super::resolve::{self, Trail};
use super::variant::MuVariant;
use super::{Mu, Pending, Phase};

/// A cell's token: `V`, `C`, `W`, then the colour letter and height when it holds men.
pub fn cell_token(s: CellState) -> String {
    match s.owner() {
        None => s.layer.letter().to_string(),
        Some(seat) => format!("{}{}{}", s.layer.letter(), LETTERS[seat.index()], s.height),
    }
}

fn read_token(token: &str, text: &str) -> Result<CellState, PositionError> {
    let bad = || {
        PositionError::new(
            text,
            "a cell token is V, C or W, then a colour letter and height",
        )
    };
    let mut chars = token.chars();
    let layer = match chars.next().map(|c| c.to_ascii_uppercase()) {
        Some('V') => Layer::Virgin,
        Some('C') => Layer::Common,
        Some('W') => Layer::Wall,
        _ => return Err(bad()),
    };
    let rest = chars.as_str();
    if rest.is_empty() {
        return Ok(CellState::empty(layer));
    }
    let mut chars = rest.chars();
    let letter = chars.next().ok_or_else(bad)?;
    let seat = seat_of_letter(letter).ok_or_else(|| {
        PositionError::new(text, format!("`{letter}` is no colour (R P G Y B O S T)"))
    })?;
    let height: u16 = chars.as_str().parse().map_err(|_| bad())?;
    if height == 0 {
        return Err(PositionError::new(text, "a stack holds at least one man"));
    }
    Ok(CellState::stack(layer, seat, height))
}

fn cell_list(cells: &[Cell]) -> String {
    let names: Vec<String> = cells.iter().map(Cell::to_string).collect();
    names.join(",")
}

fn segment_list(set: u64) -> String {
    let names: Vec<String> = (0..64u8)
        .filter(|i| set & (1 << i) != 0)
        .map(|i| Segment(i).to_string())
        .collect();
    if names.is_empty() {
        "-".to_owned()
    } else {
        names.join(",")
    }
}

impl Mu {
    pub(super) fn write_position(&self) -> String {
        let g = self.geometry();
        let centres: Vec<String> = g.centres().iter().map(ToString::to_string).collect();
        let cells: Vec<String> = g
            .all_cells()
            .filter(|&c| self.board.get(c) != CellState::default())
            .map(|c| format!("{c}={}", cell_token(self.board.get(c))))
            .collect();
        let dash = |v: Vec<String>| {
            if v.is_empty() {
                "-".to_owned()
            } else {
                v.join(" ")
            }
        };
        let phase = match self.phase {
            Phase::Layout => "layout",
            Phase::Select => "select",
            Phase::Play => "play",
            Phase::Over => "over",
        };
        let mut state = format!(
            "{phase} {} seats={}",
            LETTERS[self.to_move.index()],
            self.seats
        );
        if self.phase == Phase::Play {
            if self.variant.per_segment() && self.budget != self.occupied_segments(self.to_move) {
                let _ = write!(state, " budget={}", segment_list(self.budget));
            }
            let numbers = [
                ("moved", u32::from(self.moved)),
                ("passes", u32::from(self.passes)),
            ];
            for (key, n) in numbers {
                if n > 0 {
                    let _ = write!(state, " {key}={n}");
                }
            }
        }
        if self.ply > 0 {
            let _ = write!(state, " ply={}", self.ply);
        }
        if self.phase == Phase::Over && self.passes > 0 {
            let _ = write!(state, " passes={}", self.passes);
        }
        for (key, list) in [("osc", &self.osc), ("landed", &self.landed)] {
            if !list.is_empty() {
                let _ = write!(state, " {key}={}", cell_list(list));
            }
        }
        if !self.trail.is_empty() {
            let steps: Vec<String> = self
                .trail
                .steps()
                .map(|(fired, writes)| {
                    let w: Vec<String> = writes
                        .iter()
                        .map(|&(c, old)| format!("{c}={}", cell_token(old)))
                        .collect();
                    format!("{fired}:{}", w.join(","))
                })
                .collect();
            let _ = write!(state, " trail={}", steps.join("/"));
        }
        format!("{} | {} | {state}", dash(centres), dash(cells))
    }

    /// Reads a position text, refusing any text that describes no position play can reach.
    pub(super) fn read_position(variant: &MuVariant, text: &str) -> Result<Mu, PositionError> {
        let game = Mu::read_unvalidated(variant, text)?;
        let state = text.rsplit('|').next().unwrap_or(text).trim();
        game.validate(state)?;
        Ok(game)
    }

    /// Reads a position text without asking whether play can reach it, only that the engine can
    /// hold it. The rulebook tests draw boards to show one rule at a time this way; everything
    /// else reads through [`Mu::read_position`].
    pub(super) fn read_unvalidated(variant: &MuVariant, text: &str) -> Result<Mu, PositionError> {
        let fields: Vec<&str> = text.split('|').map(str::trim).collect();
        let [centres, cells, state] = fields[..] else {
            return Err(PositionError::new(
                text,
                "a position has three fields separated by `|`",
            ));
        };
        let geometry = Arc::new(read_centres(centres)?);
        let mut board = Board::new(geometry.clone());
        let mut written = vec![false; geometry.cells()];
        if cells != "-" {
            for entry in cells.split_whitespace() {
                let (name, token) = entry
                    .rsplit_once('=')
                    .ok_or_else(|| PositionError::new(entry, "a cell is written name=token"))?;
                let cell =
                    parse_cell(&geometry, name).map_err(|e| PositionError::new(entry, e.reason))?;
                if std::mem::replace(&mut written[cell.index()], true) {
                    return Err(PositionError::new(
                        entry,
                        format!("{cell} is written twice"),
                    ));
                }
                board.set(cell, read_token(token, entry)?, None);
            }
        }
        board.relabel_sections();
        let game = read_state(variant, board, state)?;
        game.check_consistency()?;
        Ok(game)
    }

    /// Refuses positions no game could reach in a way that would break the engine.
    fn check_consistency(&self) -> Result<(), PositionError> {
        let seats = usize::from(self.seats);
        for cell in self.geometry().all_cells() {
            if let Some(seat) = self.board.get(cell).owner() {
                if seat.index() >= seats {
                    return Err(PositionError::new(
                        cell.to_string(),
                        format!("a stack of seat {} in a {seats}-seat game", seat.0 + 1),
                    ));
                }
            }
        }
        if self.pending == Pending::Choice
            && !resolve::all_hot_cells(&self.board, &self.osc)
                .iter()
                .any(|&c| self.board.is_productive(c))
        {
            return Err(PositionError::new(
                cell_list(&resolve::all_hot_cells(&self.board, &self.osc)),
                "only cells of capacity 0 are hot: write osc=… for the oscillating section",
            ));
        }
        Ok(())
    }

    /// The diagram: the board row by row with each cell's token (`.` empty Virginity), then the
    /// same grid with the cell names.
    pub(super) fn draw(&self) -> String {
        let g = self.geometry();
        if g.segments() == 0 {
            return "(no segment laid out yet)\n".to_owned();
        }
        let token = |c: Cell| {
            let s = self.board.get(c);
            let mut t = match (s.layer, s.owner()) {
                (Layer::Virgin, None) => ".".to_owned(),
                _ => cell_token(s),
            };
            if self.board.is_hot(c) {
                t.push('!');
            }
            t
        };
        let mut out = grid(g, token);
        out.push('\n');
        out.push_str(&grid(g, |c| c.to_string()));
        out
    }
}

/// Lays out a hex grid: row r, column 2q + r, four characters per column step of two.
pub fn grid(g: &Geometry, label: impl Fn(Cell) -> String) -> String {
    let hexes: Vec<_> = g.all_cells().map(|c| (c, g.hex(c))).collect();
    let x = |h: super::geometry::Hex| i32::from(2 * h.q + h.r);
    let min_x = hexes.iter().map(|&(_, h)| x(h)).min().unwrap_or(0);
    let min_r = hexes.iter().map(|&(_, h)| h.r).min().unwrap_or(0);
    let max_r = hexes.iter().map(|&(_, h)| h.r).max().unwrap_or(0);
    let mut out = String::new();
    for r in min_r..=max_r {
        let mut row: Vec<(i32, Cell)> = hexes
            .iter()
            .filter(|&&(_, h)| h.r == r)
            .map(|&(c, h)| (x(h), c))
            .collect();
        row.sort();
        let mut line = format!("{r:>4} ");
        for (col, cell) in row {
            let at = 5 + 3 * (col - min_x) as usize;
            while line.len() < at {
                line.push(' ');
            }
            line.push_str(&label(cell));
        }
        out.push_str(line.trim_end());
        out.push('\n');
    }
    out
}

fn read_centres(text: &str) -> Result<Geometry, PositionError> {
    let mut centres = Vec::new();
    if text != "-" {
        for token in text.split_whitespace() {
            let hex = parse_hex(token)
                .ok_or_else(|| PositionError::new(token, "a segment centre is written q,r"))?;
            let partial = Geometry::new(&centres).map_err(|e| PositionError::new(token, e))?;
            if let Some(why) = partial.placement_error(hex) {
                return Err(PositionError::new(token, format!("segment {token}: {why}")));
            }
            centres.push(hex);
        }
    }
    Geometry::new(&centres).map_err(|e| PositionError::new(text, e))
}

fn read_state(variant: &MuVariant, board: Board, text: &str) -> Result<Mu, PositionError> {
    let mut words = text.split_whitespace();
    let phase = match words.next() {
        Some("layout") => Phase::Layout,
        Some("select") => Phase::Select,
        Some("play") => Phase::Play,
        Some("over") => Phase::Over,
        other => {
            return Err(PositionError::new(
                other.unwrap_or(text),
                "the state starts with layout, select, play or over",
            ))
        }
    };
    let colour = words.next().unwrap_or("");
    let to_move = colour
        .chars()
        .next()
        .filter(|_| colour.len() == 1)
        .and_then(seat_of_letter)
        .ok_or_else(|| {
            PositionError::new(colour, "the colour to move: R, P, G, Y, B, O, S or T")
        })?;
    let mut game = Mu::bare(variant, 2, board, phase);
    game.to_move = to_move;
    let mut budget = None;
    let mut trail = None;
    let mut keys_seen: Vec<&str> = Vec::new();
    for word in words {
        let (key, value) = word
            .split_once('=')
            .ok_or_else(|| PositionError::new(word, "state fields are key=value"))?;
        if keys_seen.contains(&key) {
            return Err(PositionError::new(
                word,
                format!("`{key}` is written twice"),
            ));
        }
        keys_seen.push(key);
        let number = || {
            value
                .parse::<u32>()
                .map_err(|_| PositionError::new(word, "expected a whole number"))
        };
        let small = |max: u32| {
            number().and_then(|n| {
                u8::try_from(n)
                    .ok()
                    .filter(|&n| u32::from(n) <= max)
                    .ok_or_else(|| PositionError::new(word, format!("at most {max}")))
            })
        };
        let geometry = game.board.geometry().clone();
        let cells = || read_cells(&geometry, value, word);
        match key {
            "seats" => game.seats = small(8)?,
            "budget" => budget = Some(read_segments(value, word)?),
            "moved" => game.moved = small(64)?,
            "passes" => game.passes = small(8)?,
            "ply" => game.ply = number()?,
            "osc" => game.osc = cells()?,
            "landed" => game.landed = cells()?,
            "trail" => trail = Some(value.to_owned()),
            _ => return Err(PositionError::new(word, "unknown state field")),
        }
    }
    if !(2..=8).contains(&game.seats) || game.to_move.0 >= game.seats {
        return Err(PositionError::new(
            text,
            "2 to 8 seats, and the colour to move among them",
        ));
    }
    game.osc.sort();
    game.osc.dedup();
    if phase != Phase::Play && (budget.is_some() || trail.is_some()) {
        return Err(PositionError::new(
            text,
            "budget=… and trail=… belong to a turn in play",
        ));
    }
    if budget.is_some() && !game.variant.per_segment() {
        return Err(PositionError::new(
            text,
            "budget=… belongs to per-segment turns",
        ));
    }
    if phase == Phase::Play {
        if game.variant.per_segment() {
            game.budget = budget.unwrap_or_else(|| game.occupied_segments(game.to_move));
        }
        game.pending = pending_of(&game);
        if let Some(steps) = trail {
            let steps = read_trail(&game.board, &steps)?;
            game.trail = Trail::rebuild(&game.board, steps);
        } else if game.pending == Pending::Choice {
            game.trail.reset(game.board.fingerprint());
        }
    }
    Ok(game)
}

/// What the mover owes, judged from the board: a removal when an oscillating section has hot
/// cells under `oscillation=removal`, a choice when other cells are hot.
fn pending_of(game: &Mu) -> Pending {
    use super::variant::Oscillation;
    let removal = game.variant.oscillation == Oscillation::PlayerRemoval
        && game.osc.iter().any(|&c| game.board.is_hot(c));
    if removal {
        Pending::Removal
    } else if resolve::all_hot_cells(&game.board, &game.osc).is_empty() {
        Pending::Nothing
    } else {
        Pending::Choice
    }
}

fn read_cells(geometry: &Geometry, value: &str, word: &str) -> Result<Vec<Cell>, PositionError> {
    if value == "-" || value.is_empty() {
        return Ok(Vec::new());
    }
    value
        .split(',')
        .map(|name| parse_cell(geometry, name).map_err(|e| PositionError::new(word, e.reason)))
        .collect()
}

fn read_segments(value: &str, word: &str) -> Result<u64, PositionError> {
    if value == "-" {
        return Ok(0);
    }
    value.split(',').try_fold(0u64, |set, name| {
        Segment::parse(name)
            .map(|s| set | s.bit())
            .ok_or_else(|| PositionError::new(word, format!("`{name}` is not a segment")))
    })
}

type Steps = Vec<(Cell, Vec<(Cell, CellState)>)>;

fn read_trail(board: &Board, value: &str) -> Result<Steps, PositionError> {
    let geometry = board.geometry();
    value
        .split('/')
        .map(|step| {
            let (fired, writes) = step
                .split_once(':')
                .ok_or_else(|| PositionError::new(step, "a trail step is cell:name=token,…"))?;
            let fired =
                parse_cell(geometry, fired).map_err(|e| PositionError::new(step, e.reason))?;
            let writes = writes
                .split(',')
                .filter(|w| !w.is_empty())
                .map(|w| {
                    let (name, token) = w
                        .split_once('=')
                        .ok_or_else(|| PositionError::new(w, "name=token"))?;
                    let cell =
                        parse_cell(geometry, name).map_err(|e| PositionError::new(w, e.reason))?;
                    Ok((cell, read_token(token, w)?))
                })
                .collect::<Result<Vec<_>, PositionError>>()?;
            Ok((fired, writes))
        })
        .collect()
}
