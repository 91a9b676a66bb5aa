//! The position text and the diagram.
//!
//! Position text, one line: the rows from the top rank down to rank 1 separated by `/`, each row
//! written from file a to file h with `W`/`T`/`C` for a Light wall, tower or catapult, lower case
//! for Dark, and a digit for a run of empty cells; then the side to move, `L` or `D`; then the
//! number of plies played. The start of the basic game is `tttttttt/8/8/8/8/8/TTTTTTTT L 0`.
//! Only the canonical text is accepted (runs of empty cells in one digit, no leading zeros, single
//! spaces), so reading a text and writing it back gives the same text.

use std::fmt::Write as _;

use super::board::{Cell, Colour, Stones};
use super::position::MurusGallicus;
use super::variant::MurusVariant;
use crate::error::PositionError;

/// The letter for a stack: `W`, `T`, `C`, lower case for Dark.
fn stack_letter(colour: Colour, height: u8) -> char {
    let upper = match height {
        1 => 'W',
        2 => 'T',
        _ => 'C',
    };
    match colour {
        Colour::Light => upper,
        Colour::Dark => upper.to_ascii_lowercase(),
    }
}

/// The stack for a letter, if it is one.
fn letter_stack(letter: char) -> Option<(Colour, u8)> {
    let colour = if letter.is_ascii_uppercase() {
        Colour::Light
    } else {
        Colour::Dark
    };
    let height = match letter.to_ascii_uppercase() {
        'W' => 1,
        'T' => 2,
        'C' => 3,
        _ => return None,
    };
    Some((colour, height))
}

impl MurusGallicus {
    /// The one-line position text (see the module documentation of this file).
    pub(crate) fn text(&self) -> String {
        let mut out = String::with_capacity(40);
        for rank in (0..self.rows()).rev() {
            let mut empty = 0;
            for file in 0..8 {
                match Cell::new(file, rank).and_then(|c| self.stack(c)) {
                    None => empty += 1,
                    Some((colour, height)) => {
                        if empty > 0 {
                            let _ = write!(out, "{empty}");
                            empty = 0;
                        }
                        out.push(stack_letter(colour, height));
                    }
                }
            }
            if empty > 0 {
                let _ = write!(out, "{empty}");
            }
            if rank > 0 {
                out.push('/');
            }
        }
        let side = if self.side == Colour::Light { 'L' } else { 'D' };
        let _ = write!(out, " {side} {}", self.ply);
        out
    }

    /// Reads a position text under `variant`; errors name the offending token.
    pub(crate) fn read_text(variant: &MurusVariant, text: &str) -> Result<Self, PositionError> {
        let fields: Vec<&str> = text.split(' ').collect();
        let [board, side, ply] = fields[..] else {
            return Err(PositionError::new(
                text,
                "expected three fields separated by single spaces: rows, side to move, ply count",
            ));
        };
        let stones = read_rows(variant, board)?;
        let side = match side {
            "L" => Colour::Light,
            "D" => Colour::Dark,
            _ => return Err(PositionError::new(side, "the side to move is L or D")),
        };
        let ply = match ply.parse::<u32>() {
            Ok(n) if n.to_string() == ply => n,
            _ => {
                return Err(PositionError::new(
                    ply,
                    "the ply count is a number such as 0 or 17",
                ))
            }
        };
        Ok(MurusGallicus {
            stones,
            ply,
            side,
            variant: *variant,
        })
    }

    /// A picture of the board with file letters and rank numbers, the top rank first, then a
    /// legend and the side to move.
    pub(crate) fn picture(&self) -> String {
        let files = "    a b c d e f g h\n";
        let mut out = String::from(files);
        for rank in (0..self.rows()).rev() {
            let _ = write!(out, "{:>2} ", rank + 1);
            for file in 0..8 {
                let cell = Cell::new(file, rank).and_then(|c| self.stack(c));
                let glyph = cell.map_or('.', |(colour, height)| stack_letter(colour, height));
                let _ = write!(out, " {glyph}");
            }
            let _ = writeln!(out, "  {}", rank + 1);
        }
        out.push_str(files);
        out.push_str("W/T/C: Light wall/tower/catapult; w/t/c: Dark\n");
        let _ = writeln!(out, "{} to move, ply {}", self.side, self.ply);
        out
    }
}

/// Reads the rows field into stones.
fn read_rows(variant: &MurusVariant, board: &str) -> Result<Stones, PositionError> {
    let rows: Vec<&str> = board.split('/').collect();
    let expected = variant.board.rows();
    if rows.len() != usize::from(expected) {
        let reason = format!(
            "the {} board has {expected} rows, this text has {}",
            variant.board.name(),
            rows.len()
        );
        return Err(PositionError::new(board, reason));
    }
    let mut stones = Stones::default();
    for (row, rank) in rows.iter().zip((0..expected).rev()) {
        read_row(variant, row, rank, &mut stones)?;
    }
    Ok(stones)
}

/// Reads one row (rank index `rank`) into `stones`.
fn read_row(
    variant: &MurusVariant,
    row: &str,
    rank: u8,
    stones: &mut Stones,
) -> Result<(), PositionError> {
    let fail = |reason: String| PositionError::new(row, format!("rank {}: {reason}", rank + 1));
    let mut file = 0u8;
    let mut after_digit = false;
    for ch in row.chars() {
        if let Some(run) = ch.to_digit(10) {
            if run == 0 || after_digit {
                return Err(fail(format!(
                    "`{ch}` breaks the rule of one digit 1-8 per run"
                )));
            }
            file += run as u8;
            after_digit = true;
        } else {
            let (colour, height) = letter_stack(ch)
                .ok_or_else(|| fail(format!("`{ch}` is not W, T, C, w, t, c or a digit")))?;
            if height == 3 && !variant.advanced() {
                return Err(fail(format!(
                    "`{ch}` is a catapult, and the basic game has none"
                )));
            }
            if let Some(cell) = Cell::new(file, rank) {
                stones.place(cell, colour, height);
            }
            file += 1;
            after_digit = false;
        }
        if file > 8 {
            return Err(fail("more than 8 cells".to_owned()));
        }
    }
    if file != 8 {
        return Err(fail(format!("{file} cells, not 8")));
    }
    Ok(())
}
