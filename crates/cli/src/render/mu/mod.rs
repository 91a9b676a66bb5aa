//! Mu on a terminal: the hex board row by row, each cell's contents above its name, and a panel
//! with the phase, the seats, what the mover owes and the Commonwealth sections.
//!
//! ```text
//!                      .     .       Play, turn 4
//!                      B3    B2                men  territory (so far)
//!      [.R1]  .R1   .     .     .    R Red       9         21
//!       A3    A2    B4    B0    B1   P Purple    7          0  to move
//!   [aR1]  .R2   .R1   .     .
//!    A4    A0    A1    B5    B6      Purple moves one piece (e.g. C0-e-1) or passes
//!       aR1   .R2   .P1   .P1
//!       A5    A6    C3    C2         Moves this turn: 0   Passes in a row: 0 of 2
//!                .P1   .P1   .P1     Sections:
//!                C4    C0    C1        a: 2 cells + 19 enclosed = 21, Red (A4 A5)
//!                   .P1   .P1
//!                   C5    C6
//!   .  Virginity   a b …  Commonwealth, by section   #  Wall   R2  two Red men   !  hot
//!   [x]  last action   A0  centre of segment A; A1-A6 lie E NE NW W SW SE of it
//! ```
//!
//! (The specification's example E1 on board T3, after `A0-w-1 pass A3-sw-1`.)
//!
//! Rows are the hex rows `r`, and a cell stands at column 3·(2q + r), so every row is shifted
//! half a cell from the one above (pointy-top hexes). A cell's contents are its layer (`.`
//! Virginity, a lower-case letter naming its Commonwealth section, `#` Wall), then the colour
//! letter and the height of its stack, then `!` when it is hot. Under it stands its name: the
//! segment letters and the place in the rosette (0 the centre, 1–6 east, north-east, north-west,
//! west, south-west, south-east). Segment centres carry a `+` while the mover may still move
//! from that segment this turn (per-segment turns), and during the lay-out every legal centre
//! for the next segment is drawn as `+` over its coordinates. The cells the last action touched
//! are bracketed in plain text and shown in reverse video with colours.

use std::collections::HashMap;

use muster_rules::mu::{letter, SectionInfo};
use muster_rules::mu::{Cell, Hex, Layer, Mu, MuAction, Phase};
use muster_rules::Game;

mod panel;

use self::panel::{legend, panel};
use super::canvas::Canvas;
use super::{visible_width, Fit, Paint, Style};

/// Terminal lines per hex row: the contents, then the names.
const LINES: usize = 2;
/// The margin left of the drawing.
const LEFT: &str = "  ";
/// Columns between the board and a panel beside it.
const GAP: usize = 3;
/// The widest the panel's long lines are wrapped to.
const PANEL_WIDTH: usize = 50;
/// The panel goes beside the board only with at least this many columns.
const MIN_PANEL: usize = 38;
/// The widest the legend is wrapped to.
const LEGEND_WIDTH: usize = 88;
/// Section cells listed by name before the list is cut short.
const LISTED_CELLS: usize = 8;
/// Columns a cell's text may take right of its column in the compact layout (`aR1!`, a name
/// in brackets, a centre's `+`), so that a band of the board is cut between cells.
const CELL_SPAN: usize = 5;

/// How cells are spaced and marked.
#[derive(Clone, Copy, PartialEq, Eq)]
enum Shape {
    /// Neighbours six columns apart; the last action's cells bracketed around their contents.
    Full,
    /// Neighbours four columns apart; the last action's cells bracketed around their names.
    Compact,
}

impl Shape {
    /// Columns per step of `2q + r` (neighbours in a row are two steps apart).
    fn unit(self) -> usize {
        match self {
            Shape::Full => 3,
            Shape::Compact => 2,
        }
    }
}

/// Draws the position, marking the cells touched by `last` (an action in notation): the full
/// layout (the panel beside the board when there is room, under it otherwise) when it fits
/// `fit`; otherwise the compact layout, with the panel beside or under the board and a board
/// wider than the terminal cut into bands of columns drawn one under the other. Every layout
/// shows every cell with its name and contents and the whole panel.
pub fn draw(game: &Mu, last: Option<&str>, style: Style, fit: Fit) -> String {
    let full = compose(game, last, style, Shape::Full, fit.width);
    if fit.holds(&full) {
        return full;
    }
    compose(game, last, style, Shape::Compact, fit.width)
}

/// The board in `shape`, the panel and the legend, for `width` columns.
fn compose(game: &Mu, last: Option<&str>, style: Style, shape: Shape, width: usize) -> String {
    let sections = game.sections();
    let letters = section_letters(&sections);
    let marked = marked_cells(game, last);
    let room = width.saturating_sub(LEFT.len()).max(MIN_PANEL);
    let board = board_lines(game, &letters, &marked, style, shape, None);
    let board_width = board.iter().map(|l| visible_width(l)).max().unwrap_or(0);
    let beside = room.saturating_sub(board_width + GAP).min(PANEL_WIDTH);
    let mut out = String::new();
    if beside >= MIN_PANEL {
        let panel = panel(game, &sections, style, beside);
        for i in 0..board.len().max(panel.len()) {
            let line = board.get(i).map_or("", String::as_str);
            let mut text = format!("{LEFT}{line}");
            if let Some(note) = panel.get(i).filter(|n| !n.is_empty()) {
                let pad = board_width - visible_width(line) + GAP;
                text.push_str(&" ".repeat(pad));
                text.push_str(note);
            }
            push_line(&mut out, &text);
        }
    } else {
        if board_width <= room || shape == Shape::Full {
            for line in &board {
                push_line(&mut out, &format!("{LEFT}{line}"));
            }
        } else {
            push_bands(&mut out, game, &letters, &marked, style, room);
        }
        out.push('\n');
        for line in panel(game, &sections, style, room) {
            push_line(&mut out, &format!("{LEFT}{line}"));
        }
    }
    for line in legend(game, style, shape, room.min(LEGEND_WIDTH)) {
        push_line(&mut out, &format!("{LEFT}{line}"));
    }
    out
}

/// A compact board wider than `room` columns, in bands of columns from west to east, each
/// holding the cells whose column falls in it.
fn push_bands(
    out: &mut String,
    game: &Mu,
    letters: &HashMap<Cell, char>,
    marked: &[Cell],
    style: Style,
    room: usize,
) {
    let step = room
        .saturating_sub(CELL_SPAN + 1)
        .max(Shape::Compact.unit() * 2);
    let mut start = 0;
    loop {
        let band = board_lines(
            game,
            letters,
            marked,
            style,
            Shape::Compact,
            Some((start, start + step)),
        );
        if band.iter().all(String::is_empty) {
            break;
        }
        if start > 0 {
            let note = "(the board goes on east: the next columns)";
            push_line(out, &format!("{LEFT}{}", style.paint(note, &[Paint::Dim])));
        }
        // Rows of the band with no cell are left out, except between rows that have cells.
        let first = band.iter().position(|l| !l.is_empty()).unwrap_or(0);
        let last = band.iter().rposition(|l| !l.is_empty()).unwrap_or(0);
        for line in &band[first..=last] {
            push_line(out, &format!("{LEFT}{line}"));
        }
        start += step;
    }
}

fn push_line(out: &mut String, line: &str) {
    out.push_str(line.trim_end());
    out.push('\n');
}

/// The letter shown for each Commonwealth cell: `a` for the first section (in cell order), `b`
/// for the next, …; `:` past `z`.
fn section_letters(sections: &[SectionInfo]) -> HashMap<Cell, char> {
    let mut letters = HashMap::new();
    for (i, section) in sections.iter().enumerate() {
        for &cell in &section.cells {
            letters.insert(cell, section_letter(i));
        }
    }
    letters
}

pub(super) fn section_letter(index: usize) -> char {
    u8::try_from(index)
        .ok()
        .filter(|&i| i < 26)
        .map_or(':', |i| char::from(b'a' + i))
}

/// The cells the action `last` touched: a move's start and landing cells, an exploding or
/// emptied cell, a new segment, a cleared centre. Nothing when it cannot be read.
fn marked_cells(game: &Mu, last: Option<&str>) -> Vec<Cell> {
    let Some(action) = last.and_then(|text| game.parse_action(text).ok()) else {
        return Vec::new();
    };
    let geometry = game.geometry();
    match action {
        MuAction::Place(centre) => geometry
            .cell_at(centre)
            .map(|c| c.segment().cells().collect())
            .unwrap_or_default(),
        MuAction::Clear(segment) => vec![segment.centre()],
        MuAction::Move { from, dir, men } => {
            let mut to = Some(from);
            for _ in 0..men {
                to = to.and_then(|c| geometry.neighbour(c, dir));
            }
            std::iter::once(from).chain(to).collect()
        }
        MuAction::Explode(cell) | MuAction::Remove(cell) => vec![cell],
        MuAction::End | MuAction::Pass => Vec::new(),
    }
}

/// Where hexes go: the smallest `2q + r` and the rows drawn.
struct Frame {
    min_x: i32,
    min_r: i32,
    rows: usize,
}

impl Frame {
    fn around(hexes: &[Hex]) -> Frame {
        let x = |h: &Hex| 2 * i32::from(h.q) + i32::from(h.r);
        let min_x = hexes.iter().map(x).min().unwrap_or(0);
        let min_r = hexes.iter().map(|h| i32::from(h.r)).min().unwrap_or(0);
        let max_r = hexes.iter().map(|h| i32::from(h.r)).max().unwrap_or(0);
        Frame {
            min_x,
            min_r,
            rows: usize::try_from(max_r - min_r + 1).unwrap_or(0),
        }
    }

    /// The column of a hex's contents and name in `shape` (one column is kept free on the
    /// left for a bracket).
    fn column(&self, hex: Hex, shape: Shape) -> usize {
        let x = 2 * i32::from(hex.q) + i32::from(hex.r);
        1 + shape.unit() * usize::try_from(x - self.min_x).unwrap_or(0)
    }

    /// The line of a hex's contents; its name is on the next line.
    fn line(&self, hex: Hex) -> usize {
        LINES * usize::try_from(i32::from(hex.r) - self.min_r).unwrap_or(0)
    }
}

/// The board in `shape`: every cell's contents over its name, and in the lay-out the legal
/// centres. With `band`, only the hexes whose column lies in that range, shifted to its start.
fn board_lines(
    game: &Mu,
    letters: &HashMap<Cell, char>,
    marked: &[Cell],
    style: Style,
    shape: Shape,
    band: Option<(usize, usize)>,
) -> Vec<String> {
    let geometry = game.geometry();
    let candidates = if game.phase() == Phase::Layout {
        geometry.legal_centres().to_vec()
    } else {
        Vec::new()
    };
    let mut hexes: Vec<Hex> = geometry.all_cells().map(|c| geometry.hex(c)).collect();
    hexes.extend(&candidates);
    let frame = Frame::around(&hexes);
    let mut canvas = Canvas::new(frame.rows * LINES);
    // The column of a hex in this band (shifted to the band's start), if it is in it.
    let (from, to) = band.unwrap_or((0, usize::MAX));
    let place = |hex: Hex| {
        let x = frame.column(hex, shape);
        let shifted = if band.is_some() { x + 1 } else { x };
        (from..to)
            .contains(&x)
            .then(|| (shifted - from, frame.line(hex)))
    };
    let budget = shown_budget(game);
    for cell in geometry.all_cells() {
        let hex = geometry.hex(cell);
        let Some((x, y)) = place(hex) else {
            continue;
        };
        let parts = contents(game, cell, letters);
        let is_marked = marked.contains(&cell);
        let mut at = x;
        for (text, mut paints) in parts {
            if is_marked && style.colour {
                paints.push(Paint::Highlight);
            }
            at = canvas.put(at, y, &text, &paints);
        }
        if is_marked && !style.colour && shape == Shape::Full {
            canvas.put(x - 1, y, "[", &[]);
            canvas.put(at, y, "]", &[]);
        }
        let centre = cell.position() == 0;
        let paint = if centre { Paint::Bold } else { Paint::Dim };
        let mut end = canvas.put(x, y + 1, &cell.to_string(), &[paint]);
        if is_marked && !style.colour && shape == Shape::Compact {
            // Two marked neighbours with three-letter names share the column between them.
            let open = if canvas.is_free(x - 1, y + 1) {
                "["
            } else {
                "|"
            };
            canvas.put(x - 1, y + 1, open, &[]);
            let close = if canvas.is_free(end, y + 1) { "]" } else { "|" };
            end = canvas.put(end, y + 1, close, &[]);
        }
        if centre && budget & cell.segment().bit() != 0 {
            canvas.put(end, y + 1, "+", &[Paint::Seat(game.to_move().0)]);
        }
    }
    for hex in candidates {
        let Some((x, y)) = place(hex) else {
            continue;
        };
        canvas.put(x, y, "+", &[Paint::Bold]);
        canvas.put(x, y + 1, &hex.to_string(), &[Paint::Dim]);
    }
    canvas.render(style)
}

/// The segments marked `+` on the board: those the mover may still move from this turn, in
/// per-segment turns while the game runs.
pub(super) fn shown_budget(game: &Mu) -> u64 {
    if game.phase() == Phase::Play && game.variant().per_segment() {
        game.budget()
    } else {
        0
    }
}

/// A cell's contents in painted parts: layer, stack, heat.
fn contents(game: &Mu, cell: Cell, letters: &HashMap<Cell, char>) -> Vec<(String, Vec<Paint>)> {
    let state = game.cell(cell);
    let stack = state.owner();
    let layer = match state.layer {
        Layer::Virgin => (".".to_owned(), vec![Paint::Dim]),
        Layer::Common => {
            let letter = letters.get(&cell).copied().unwrap_or(':');
            (letter.to_string(), Vec::new())
        }
        Layer::Wall => ("#".to_owned(), vec![Paint::Bold]),
    };
    let mut parts = vec![layer];
    if let Some(seat) = stack {
        let text = format!("{}{}", letter(seat), state.height);
        parts.push((text, vec![Paint::Seat(seat.0)]));
    }
    if game.is_hot(cell) {
        parts.push(("!".to_owned(), vec![Paint::Hot]));
    }
    parts
}

#[cfg(test)]
mod tests {
    use super::*;
    use muster_rules::mu::MuVariant;
    use muster_rules::Variant;

    fn game(variant: &str, seats: usize) -> Mu {
        let variant = MuVariant::parse_text(variant).expect("a variant");
        Mu::new(&variant, seats).expect("a game")
    }

    fn play(game: &mut Mu, actions: &[&str]) {
        for text in actions {
            let action = game.parse_action(text).expect("an action");
            game.apply(action, &mut muster_rules::NoEvents)
                .expect("a legal action");
        }
    }

    const PLAIN: Style = Style { colour: false };
    /// Room for the full layout with the panel beside the board.
    const WIDE: Fit = Fit {
        width: 200,
        height: None,
    };

    #[test]
    fn every_cell_is_named_under_its_contents() {
        let g = game("levis start=t3", 2);
        let text = draw(&g, None, PLAIN, WIDE);
        for seg in ["A", "B", "C"] {
            for i in 0..7 {
                assert!(text.contains(&format!("{seg}{i}")), "{seg}{i}: {text}");
            }
        }
        let lines: Vec<&str> = text.lines().collect();
        // A3 (0,-1) holds a Red man: its contents stand right above its name.
        let names = lines.iter().position(|l| l.contains("A3")).unwrap();
        let column = lines[names].find("A3").unwrap();
        assert_eq!(&lines[names - 1][column..column + 3], ".R1", "{text}");
    }

    #[test]
    fn the_last_move_is_bracketed_and_hot_cells_flagged() {
        let mut g = game("levis start=t3", 2);
        play(&mut g, &["A0-w-1", "pass", "A3-sw-1"]);
        let text = draw(&g, Some("A3-sw-1"), PLAIN, WIDE);
        assert!(text.contains("[.R1]") && text.contains("[aR1]"), "{text}");
        assert!(
            text.contains("a: 2 cells") && text.contains("(A4 A5)"),
            "{text}"
        );
        assert!(!text.contains('\x1b'));
    }

    #[test]
    fn the_lay_out_shows_legal_centres_and_an_empty_board_says_where_to_start() {
        let g = game("levis segments=2", 2);
        let text = draw(&g, None, PLAIN, WIDE);
        assert!(
            text.contains("No segment yet") && text.contains("place:0,0"),
            "{text}"
        );
        assert!(text.contains("0,0"), "{text}");
        let mut g = g;
        play(&mut g, &["place:0,0"]);
        let text = draw(&g, Some("place:0,0"), PLAIN, WIDE);
        assert!(text.contains("12 legal centres"), "{text}");
        assert!(text.contains("3,-1") && text.contains("[.R1]"), "{text}");
    }

    #[test]
    fn colours_paint_seats_and_heat() {
        let mut g = game("levis start=t3", 2);
        play(&mut g, &["A0-w-1"]);
        let text = draw(&g, Some("A0-w-1"), Style { colour: true }, WIDE);
        assert!(text.contains("\x1b[1;35m"), "Purple is magenta: {text}");
        assert!(text.contains("\x1b[1;31;7m"), "Red, marked: {text}");
    }
}
