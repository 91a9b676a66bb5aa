//! Murus Gallicus on a terminal: an 8-column grid with the top rank first, files on top and
//! bottom, ranks on both sides, and a legend.
//!
//! ```text
//!        a  b  c  d  e  f  g  h
//!     7  t  t  t  t  t  t  t  t  7   Dark: 16 stones
//!     6  .  .  .  .  .  .  .  .  6
//!     5  .  .  .  .  .  .  .  .  5
//!     4  .  .  .  .  .  .  .  .  4
//!     3  .  .  . [W] .  .  .  .  3
//!     2  .  .  .  W  .  .  .  .  2
//!     1  T  T  T [.] T  T  T  T  1   Light: 16 stones
//!        a  b  c  d  e  f  g  h
//!     Light: W wall  T tower   Dark: w t   [ ] last move
//! ```
//!
//! Light's stones are upper case and Dark's lower case: `W` wall (one stone), `T` tower (two),
//! `C` catapult (three, Advanced only). The cells the last action touched are bracketed in plain
//! text and shown in reverse video with colours.

use std::collections::BTreeSet;
use std::fmt::Write as _;

use muster_rules::murus_gallicus::{Action, Cell, Colour, MurusGallicus};
use muster_rules::Game;

use super::{Paint, Style};

/// The margin left of the rank numbers.
const MARGIN: &str = "    ";

/// Draws the position, marking the cells of `last`.
pub fn draw(game: &MurusGallicus, last: Option<&str>, style: Style) -> String {
    let marked = marked_cells(last);
    let rows = game.rows();
    let mut out = String::new();
    write_files(&mut out, style);
    for rank in (0..rows).rev() {
        let label = style.paint(&format!("{:>2}", rank + 1), &[Paint::Dim]);
        let _ = write!(out, "{MARGIN}{label} ");
        for file in 0..8 {
            let cell = Cell::new(file, rank);
            let is_marked = cell.is_some_and(|c| marked.contains(&c));
            out.push_str(&draw_cell(game, cell, is_marked, style));
        }
        let label = style.paint(&(rank + 1).to_string(), &[Paint::Dim]);
        let _ = write!(out, " {label}");
        if let Some(colour) = side_of_row(rank, rows) {
            let _ = write!(out, "   {}", side_note(game, colour, style));
        }
        out.push('\n');
    }
    write_files(&mut out, style);
    let _ = writeln!(out, "{MARGIN}{}", legend(game.variant().advanced(), style));
    out
}

/// The cells the action touches, when it can be read.
fn marked_cells(last: Option<&str>) -> BTreeSet<Cell> {
    last.and_then(|text| text.parse::<Action>().ok())
        .map(|action| action.cells().collect())
        .unwrap_or_default()
}

fn write_files(out: &mut String, style: Style) {
    let files: String = ('a'..='h').map(|f| format!(" {f} ")).collect();
    let _ = writeln!(
        out,
        "{MARGIN}   {}",
        style.paint(files.trim_end(), &[Paint::Dim])
    );
}

/// One cell, three characters wide: ` T `, `[T]` when marked in plain text.
fn draw_cell(game: &MurusGallicus, cell: Option<Cell>, marked: bool, style: Style) -> String {
    let stack = cell.and_then(|c| game.stack(c));
    let (symbol, paint) = match stack {
        Some((colour, height)) => (symbol(colour, height), piece_paint(colour)),
        None => ('.', Paint::Dim),
    };
    match (marked, style.colour) {
        (false, _) => format!(" {} ", style.paint(&symbol.to_string(), &[paint])),
        (true, true) => style.paint(&format!(" {symbol} "), &[paint, Paint::Highlight]),
        (true, false) => format!("[{symbol}]"),
    }
}

/// `W`/`T`/`C` for Light, `w`/`t`/`c` for Dark; `?` for a height the rules do not have.
fn symbol(colour: Colour, height: u8) -> char {
    let upper = match height {
        1 => 'W',
        2 => 'T',
        3 => 'C',
        _ => '?',
    };
    match colour {
        Colour::Light => upper,
        Colour::Dark => upper.to_ascii_lowercase(),
    }
}

fn piece_paint(colour: Colour) -> Paint {
    match colour {
        Colour::Light => Paint::First,
        Colour::Dark => Paint::Second,
    }
}

/// Dark's home row is the top one, Light's the bottom one.
fn side_of_row(rank: u8, rows: u8) -> Option<Colour> {
    if rank + 1 == rows {
        Some(Colour::Dark)
    } else if rank == 0 {
        Some(Colour::Light)
    } else {
        None
    }
}

/// `Dark: 16 stones`, with `, to move` for the side to move while the game runs.
fn side_note(game: &MurusGallicus, colour: Colour, style: Style) -> String {
    let stones = stone_count(game, colour);
    let name = style.paint(&colour.to_string(), &[piece_paint(colour)]);
    let plural = if stones == 1 { "" } else { "s" };
    let to_move = if game.outcome().is_none() && game.to_move() == colour {
        ", to move"
    } else {
        ""
    };
    format!("{name}: {stones} stone{plural}{to_move}")
}

fn stone_count(game: &MurusGallicus, colour: Colour) -> u32 {
    let cells =
        (0..game.rows()).flat_map(|rank| (0..8).filter_map(move |file| Cell::new(file, rank)));
    cells
        .filter_map(|cell| game.stack(cell))
        .filter(|&(c, _)| c == colour)
        .map(|(_, height)| u32::from(height))
        .sum()
}

/// `Light: W wall  T tower   Dark: w t   [ ] last move` (with catapults in Advanced).
fn legend(advanced: bool, style: Style) -> String {
    let light = style.paint("Light", &[Paint::First]);
    let dark = style.paint("Dark", &[Paint::Second]);
    let (upper, lower) = if advanced {
        ("W wall  T tower  C catapult", "w t c")
    } else {
        ("W wall  T tower", "w t")
    };
    let marker = if style.colour {
        style.paint(" x ", &[Paint::Highlight])
    } else {
        "[x]".to_owned()
    };
    format!("{light}: {upper}   {dark}: {lower}   {marker} last move")
}
