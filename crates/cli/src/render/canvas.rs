//! A grid of painted characters that grows as it is written, for the board drawings.

use super::{Paint, Style};

/// A column of the drawing: one character and its paints.
#[derive(Clone, PartialEq)]
struct Glyph {
    ch: char,
    paints: Vec<Paint>,
}

const BLANK: Glyph = Glyph {
    ch: ' ',
    paints: Vec::new(),
};

/// Lines of glyphs that grow as they are written.
pub struct Canvas {
    rows: Vec<Vec<Glyph>>,
}

impl Canvas {
    /// A canvas of `height` empty lines (more are added when written to).
    pub fn new(height: usize) -> Canvas {
        Canvas {
            rows: vec![Vec::new(); height],
        }
    }

    /// Writes `text` from column `x` of line `y`; returns the column after it.
    pub fn put(&mut self, x: usize, y: usize, text: &str, paints: &[Paint]) -> usize {
        if self.rows.len() <= y {
            self.rows.resize(y + 1, Vec::new());
        }
        let row = &mut self.rows[y];
        let mut at = x;
        for ch in text.chars() {
            if row.len() <= at {
                row.resize(at + 1, BLANK);
            }
            row[at] = Glyph {
                ch,
                paints: paints.to_vec(),
            };
            at += 1;
        }
        at
    }

    /// Whether column `x` of line `y` is still blank.
    pub fn is_free(&self, x: usize, y: usize) -> bool {
        self.rows
            .get(y)
            .and_then(|row| row.get(x))
            .is_none_or(|g| g.ch == ' ')
    }

    /// Each line, painted in runs of equal paint, trailing blanks dropped.
    pub fn render(&self, style: Style) -> Vec<String> {
        self.rows
            .iter()
            .map(|row| {
                let end = row.iter().rposition(|g| g.ch != ' ').map_or(0, |i| i + 1);
                let mut line = String::new();
                let mut run = String::new();
                let mut paints: &[Paint] = &[];
                for glyph in &row[..end] {
                    if glyph.paints != paints && !run.is_empty() {
                        line.push_str(&style.paint(&run, paints));
                        run.clear();
                    }
                    paints = &glyph.paints;
                    run.push(glyph.ch);
                }
                line.push_str(&style.paint(&run, paints));
                line
            })
            .collect()
    }
}
