//! Mur on a terminal: the three rings drawn as concentric squares, the four diameters as the
//! lines through the centre, every empty point labelled with its name, and a panel with the
//! tallies and what the side to move must do.
//!
//! ```text
//!    h                    a                    b
//!       B-----------------W-----------------B      Game 1 of 6, set 1 of 2
//!       | \               |               / |      Black: 3 on the board, 4 off, 1 ship trap
//!       |   \             |             /   |      White: 1 on the board, 6 off, 0 ship traps, to move
//!       |    h2----------[B]---------b2     |      Games won in this set: Black 0, White 0
//!       |     | \         |         / |     |      Sets won: Black 0, White 0
//!       |     |   \       |       /   |     |
//!       |     |    h1----a1----b1     |     |      White must withdraw a3 (trapped)
//!       |     |     | \   |   / |     |     |
//!       |     |     |   \ | /   |     |     |
//!    g g3----g2----g1-----K----c1----c2----c3  c
//! ```
//!
//! Black ships are `B`, White ships `W`, the kraken `K`. The points the last action named are
//! bracketed in plain text and shown in reverse video with colours.

use std::collections::BTreeSet;

use muster_rules::mur::{Action, Colour, Mur, Obligation, Piece, Point};
use muster_rules::Game;

use super::{visible_width, wrap_words, Fit, Paint, Style};

/// The outer ring's distance from the centre, in points.
const RINGS: usize = 3;
const LEFT: &str = "  ";
/// Columns between the board and the panel beside it.
const GAP: usize = 2;
/// The panel goes under the board when less than this is left beside it.
const MIN_PANEL: usize = 30;

/// The spacing of a layout: the full one (6 columns and 3 rows between neighbouring points) or
/// the compact one (4 and 2), which keeps every point, line, label and fact of the full one.
#[derive(Clone, Copy)]
struct Grid {
    /// Columns between neighbouring points along a row.
    ux: usize,
    /// Rows between neighbouring points along a column.
    uy: usize,
}

/// Room around the rings for the spoke letters.
const PAD_X: usize = 4;
const PAD_Y: usize = 1;
const FULL: Grid = Grid { ux: 6, uy: 3 };
const COMPACT: Grid = Grid { ux: 4, uy: 2 };

impl Grid {
    fn width(self) -> usize {
        2 * RINGS * self.ux + 2 * PAD_X + 1
    }

    fn height(self) -> usize {
        2 * RINGS * self.uy + 2 * PAD_Y + 1
    }
}

/// A character of the drawing with its paint.
#[derive(Clone)]
struct Glyph {
    text: String,
    paints: Vec<Paint>,
}

/// A grid of glyphs, one per terminal column.
struct Canvas {
    rows: Vec<Vec<Glyph>>,
}

impl Canvas {
    fn new(grid: Grid) -> Canvas {
        let blank = Glyph {
            text: " ".to_owned(),
            paints: Vec::new(),
        };
        Canvas {
            rows: vec![vec![blank; grid.width()]; grid.height()],
        }
    }

    fn put(&mut self, x: usize, y: usize, text: &str, paints: &[Paint]) {
        if let Some(cell) = self.rows.get_mut(y).and_then(|row| row.get_mut(x)) {
            *cell = Glyph {
                text: text.to_owned(),
                paints: paints.to_vec(),
            };
        }
    }

    /// A line from `a` to `b` (horizontal, vertical or diagonal), leaving the end points free
    /// for their labels.
    fn line(&mut self, a: (usize, usize), b: (usize, usize)) {
        let (dx, dy) = (b.0 as isize - a.0 as isize, b.1 as isize - a.1 as isize);
        if dy == 0 {
            let (from, to) = (a.0.min(b.0) + 1, a.0.max(b.0) - 1);
            for x in from..=to {
                self.put(x, a.1, "-", &[Paint::Dim]);
            }
            return;
        }
        let glyph = match (dx.signum(), dy.signum()) {
            (0, _) => "|",
            (1, 1) | (-1, -1) => "\\",
            _ => "/",
        };
        let steps = dy.unsigned_abs();
        for k in 1..steps {
            let x = a.0 as isize + dx * k as isize / steps as isize;
            let y = a.1 as isize + dy.signum() * k as isize;
            self.put(x as usize, y as usize, glyph, &[Paint::Dim]);
        }
    }

    fn render(&self, style: Style) -> Vec<String> {
        self.rows
            .iter()
            .map(|row| {
                let line: String = row
                    .iter()
                    .map(|g| style.paint(&g.text, &g.paints))
                    .collect();
                line.trim_end().to_owned()
            })
            .collect()
    }
}

/// Where a point is drawn: the column of its label's last character, and its row.
fn place(grid: Grid, point: Point) -> (usize, usize) {
    let Grid { ux, uy } = grid;
    let centre = (PAD_X + RINGS * ux, PAD_Y + RINGS * uy);
    let Some(spoke) = point.spoke() else {
        return centre;
    };
    let (sx, sy) = Point::compass(spoke);
    let (sx, sy) = (isize::from(sx), isize::from(sy));
    let ring = point.ring() as isize;
    let x = centre.0 as isize + sx * ring * ux as isize;
    let y = centre.1 as isize + sy * ring * uy as isize;
    (x as usize, y as usize)
}

/// Every edge of the board: centre to ring 1, along each ring, and out along each spoke.
fn edges() -> Vec<(Point, Point)> {
    let mut edges = Vec::new();
    for spoke in 0..8u8 {
        let next = (spoke + 1) % 8;
        let at = |s, r| Point::new(s, r).expect("spokes 0..8 and rings 1..=3 exist");
        edges.push((Point::CENTRE, at(spoke, 1)));
        for ring in 1..=3 {
            edges.push((at(spoke, ring), at(next, ring)));
        }
        edges.push((at(spoke, 1), at(spoke, 2)));
        edges.push((at(spoke, 2), at(spoke, 3)));
    }
    edges
}

/// Draws the position, marking the points named by `last`: the full layout with the panel
/// beside it when that fits `fit`, otherwise the compact layout with the panel wrapped beside
/// it (or under it on a very narrow terminal).
pub fn draw(game: &Mur, last: Option<&str>, style: Style, fit: Fit) -> String {
    let full = layout(game, last, style, FULL, usize::MAX);
    if fit.holds(&full) {
        return full;
    }
    layout(game, last, style, COMPACT, fit.width)
}

/// The board drawn on `grid`, with the panel beside it when it fits in `width` columns.
fn layout(game: &Mur, last: Option<&str>, style: Style, grid: Grid, width: usize) -> String {
    let marked: BTreeSet<Point> = last
        .and_then(|text| text.parse::<Action>().ok())
        .map(|action| action.points().collect())
        .unwrap_or_default();
    let mut canvas = Canvas::new(grid);
    for (a, b) in edges() {
        canvas.line(place(grid, a), place(grid, b));
    }
    for point in Point::all() {
        draw_point(
            &mut canvas,
            grid,
            game,
            point,
            marked.contains(&point),
            style,
        );
    }
    for spoke in 0..8u8 {
        let (sx, sy) = Point::compass(spoke);
        let (sx, sy) = (isize::from(sx), isize::from(sy));
        let (x, y) = place(grid, Point::CENTRE);
        let x = x as isize + sx * (RINGS * grid.ux + 3) as isize;
        let y = y as isize + sy * (RINGS * grid.uy + 1) as isize;
        let letter = char::from(b'a' + spoke).to_string();
        canvas.put(x as usize, y as usize, &letter, &[Paint::Dim]);
    }
    let board = canvas.render(style);
    let beside = width.saturating_sub(LEFT.len() + grid.width() + GAP);
    let mut out = String::new();
    if beside >= MIN_PANEL {
        let panel = panel(game, style, beside);
        for (i, line) in board.iter().enumerate() {
            out.push_str(LEFT);
            out.push_str(line);
            let note = i.checked_sub(1).and_then(|k| panel.get(k));
            if let Some(note) = note.filter(|n| !n.is_empty()) {
                let visible = visible_width(line);
                out.push_str(&" ".repeat(grid.width().saturating_sub(visible) + GAP));
                out.push_str(note);
            }
            out.push('\n');
        }
    } else {
        for line in &board {
            out.push_str(&format!("{LEFT}{line}\n"));
        }
        let room = width.saturating_sub(LEFT.len()).max(MIN_PANEL);
        for line in panel(game, style, room) {
            out.push_str(format!("{LEFT}{line}").trim_end());
            out.push('\n');
        }
    }
    out.push_str(LEFT);
    out.push_str(&legend(game, style));
    out.push('\n');
    out
}

/// One point: its name when empty (ending on the point's column), its piece otherwise (on the
/// column itself, bracketed when marked in plain text).
fn draw_point(
    canvas: &mut Canvas,
    grid: Grid,
    game: &Mur,
    point: Point,
    marked: bool,
    style: Style,
) {
    let (x, y) = place(grid, point);
    let (text, paint) = match game.piece(point) {
        Some(Piece::Ship(Colour::Black)) => ("B".to_owned(), Paint::First),
        Some(Piece::Ship(Colour::White)) => ("W".to_owned(), Paint::Second),
        Some(Piece::Kraken) => ("K".to_owned(), Paint::Bold),
        None => (point.to_string(), Paint::Dim),
    };
    let mut paints = vec![paint];
    if marked && style.colour {
        paints.push(Paint::Highlight);
    }
    let start = x + 1 - text.chars().count();
    for (i, c) in text.chars().enumerate() {
        canvas.put(start + i, y, &c.to_string(), &paints);
    }
    if marked && !style.colour {
        canvas.put(start - 1, y, "[", &[]);
        canvas.put(x + 1, y, "]", &[]);
    }
}

/// How a panel line is painted once wrapped.
enum Ink {
    Plain,
    /// The colour's name at the start is painted in its colour.
    Side(Colour),
    /// Every line bold.
    Duty,
}

/// The lines beside the board, each wrapped to `width` columns (continued lines indented):
/// game and set, each side's ships and tallies, the obligation.
fn panel(game: &Mur, style: Style, width: usize) -> Vec<String> {
    let mut notes = vec![(
        format!(
            "Game {} of 6, set {} of 2",
            game.game_number(),
            game.set_number()
        ),
        Ink::Plain,
    )];
    for colour in [Colour::Black, Colour::White] {
        notes.push((side_line(game, colour), Ink::Side(colour)));
    }
    notes.push((
        format!(
            "Games won in this set: Black {}, White {}",
            game.games_won(Colour::Black),
            game.games_won(Colour::White)
        ),
        Ink::Plain,
    ));
    notes.push((
        format!(
            "Sets won: Black {}, White {}",
            game.sets_won(Colour::Black),
            game.sets_won(Colour::White)
        ),
        Ink::Plain,
    ));
    if let Some(duty) = duty(game) {
        notes.push((String::new(), Ink::Plain));
        notes.push((duty, Ink::Duty));
    }
    let mut lines = Vec::new();
    for (text, ink) in notes {
        for (k, line) in wrap_words(&text, width.saturating_sub(2))
            .into_iter()
            .enumerate()
        {
            let line = if k == 0 { line } else { format!("  {line}") };
            lines.push(match ink {
                Ink::Plain => line,
                Ink::Duty => style.paint(&line, &[Paint::Bold]),
                Ink::Side(colour) => match line.strip_prefix(colour_name(colour)) {
                    Some(rest) if k == 0 => {
                        let name = style.paint(colour_name(colour), &[colour_paint(colour)]);
                        format!("{name}{rest}")
                    }
                    _ => line,
                },
            });
        }
    }
    lines
}

/// `Black: 3 on the board, 4 off, 1 ship trap, to move`.
fn side_line(game: &Mur, colour: Colour) -> String {
    let off = game.off_board(colour);
    let on = 7u8.saturating_sub(off);
    let traps = game.trap_tally(colour);
    let word = game.ship_word();
    let trap_plural = if traps == 1 { "" } else { "s" };
    let to_move = if game.outcome().is_none() && game.to_move() == colour {
        ", to move"
    } else {
        ""
    };
    let name = colour_name(colour);
    format!("{name}: {on} on the board, {off} off, {traps} {word} trap{trap_plural}{to_move}")
}

/// What the side to move must do this turn, when it is more than an ordinary play.
fn duty(game: &Mur) -> Option<String> {
    if game.outcome().is_some() {
        return None;
    }
    let who = colour_name(game.to_move());
    let word = game.ship_word();
    match game.obligation() {
        Obligation::None => None,
        Obligation::TrapWithdrawal => {
            let mut actions = Vec::new();
            game.legal_actions(&mut actions);
            let points: Vec<String> = actions
                .first()
                .map(|a| a.points().map(|p| p.to_string()).collect())
                .unwrap_or_default();
            Some(format!(
                "{who} must withdraw {} (trapped)",
                points.join(" and ")
            ))
        }
        Obligation::RepeatWithdrawal => Some(format!(
            "{who} must withdraw a {word} (the position repeated)"
        )),
        Obligation::Stagnation => Some(format!(
            "{who} can neither place nor move: withdraw a {word}"
        )),
    }
}

fn colour_name(colour: Colour) -> &'static str {
    match colour {
        Colour::Black => "Black",
        Colour::White => "White",
    }
}

fn colour_paint(colour: Colour) -> Paint {
    match colour {
        Colour::Black => Paint::First,
        Colour::White => Paint::Second,
    }
}

/// `B Black ship  W White ship  K kraken  [x] last move`.
fn legend(game: &Mur, style: Style) -> String {
    let word = game.ship_word();
    let marker = if style.colour {
        style.paint(" x ", &[Paint::Highlight])
    } else {
        "[x]".to_owned()
    };
    format!(
        "{} Black {word}   {} White {word}   {} {}   {marker} last move",
        style.paint("B", &[Paint::First]),
        style.paint("W", &[Paint::Second]),
        style.paint("K", &[Paint::Bold]),
        game.kraken_word(),
    )
}
