//! Terminal drawing: one file per game, and the small pieces they share (ANSI styling, word
//! wrapping, the terminal's size, escaping outside text).
//!
//! [`board`] draws any game for the terminal it runs in; [`board_in`] draws it for a given
//! [`Fit`]. Mur and Mu have a compact layout, chosen when the full one does not fit.

mod canvas;
mod mu;
mod mur;
mod murus_gallicus;
mod mutou;
mod safe;
mod terminal;

#[cfg(test)]
mod fit_tests;

use muster_rules::AnyGame;

pub use self::safe::safe;
pub use self::terminal::Fit;

/// How to draw: with ANSI colours or in plain text.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Style {
    /// Whether ANSI colour codes may be written.
    pub colour: bool,
}

/// ANSI styles used by the drawings.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Paint {
    /// The first seat's pieces.
    First,
    /// The second seat's pieces.
    Second,
    /// Empty cells, coordinates and other quiet text.
    Dim,
    /// Cells touched by the last move.
    Highlight,
    /// Headings and emphasis.
    Bold,
    /// The pieces of one seat, by seat index (games with up to 8 coloured seats, such as Mu:
    /// red, purple, green, yellow, blue, orange, silver, teal).
    Seat(u8),
    /// A cell that must explode, or anything else demanding attention now.
    Hot,
}

impl Paint {
    fn code(self) -> &'static str {
        match self {
            Paint::First => "1;33",
            Paint::Second => "1;36",
            Paint::Dim => "2",
            Paint::Highlight => "7",
            Paint::Bold => "1",
            Paint::Seat(0) => "1;31",
            Paint::Seat(1) => "1;35",
            Paint::Seat(2) => "1;32",
            Paint::Seat(3) => "1;33",
            Paint::Seat(4) => "1;34",
            Paint::Seat(5) => "1;38;5;208",
            Paint::Seat(6) => "1;37",
            Paint::Seat(_) => "1;36",
            Paint::Hot => "1;97;41",
        }
    }
}

impl Style {
    /// `text` wrapped in the ANSI codes of `paints` when colours are on; unchanged otherwise.
    pub fn paint(self, text: &str, paints: &[Paint]) -> String {
        if !self.colour || paints.is_empty() {
            return text.to_owned();
        }
        let codes: Vec<&str> = paints.iter().map(|p| p.code()).collect();
        format!("\x1b[{}m{text}\x1b[0m", codes.join(";"))
    }
}

/// The position drawn for the terminal standard output goes to (see [`Fit::terminal`]), with
/// the cells of `last` (the last action, in notation) marked. Ends with a newline.
pub fn board(game: &AnyGame, last: Option<&str>, style: Style) -> String {
    board_in(game, last, style, Fit::terminal())
}

/// The position drawn to fit `fit` where it can: each game's full layout when it fits,
/// otherwise a compact one that shows the same facts (see each game's module). Ends with a
/// newline.
pub fn board_in(game: &AnyGame, last: Option<&str>, style: Style, fit: Fit) -> String {
    if let Some(mur) = game.as_mur() {
        return mur::draw(mur, last, style, fit);
    }
    if let Some(mu) = game.as_mu() {
        return mu::draw(mu, last, style, fit);
    }
    if let Some(mutou) = game.as_mutou() {
        return mutou::draw(mutou, style, fit);
    }
    match game.as_murus_gallicus() {
        Some(mg) => murus_gallicus::draw(mg, last, style),
        None => {
            let mut text = game.diagram();
            if !text.ends_with('\n') {
                text.push('\n');
            }
            text
        }
    }
}

/// Splits `text` into lines of at most `width` characters at spaces (a longer word gets a line
/// of its own).
pub fn wrap_words(text: &str, width: usize) -> Vec<String> {
    let mut lines = Vec::new();
    let mut line = String::new();
    for word in text.split_whitespace() {
        if !line.is_empty() && line.chars().count() + 1 + word.chars().count() > width {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push(' ');
        }
        line.push_str(word);
    }
    if !line.is_empty() || lines.is_empty() {
        lines.push(line);
    }
    lines
}

/// The number of terminal columns a line takes: ANSI escape sequences (`ESC [ … final`) are
/// not counted, other characters by their display width (two for wide East Asian letters, none
/// for combining marks).
pub fn visible_width(line: &str) -> usize {
    use unicode_width::UnicodeWidthChar;
    let mut width = 0;
    let mut chars = line.chars().peekable();
    while let Some(c) = chars.next() {
        if c == '\x1b' {
            if chars.peek() == Some(&'[') {
                chars.next();
                // Parameters and intermediates, up to and including the final byte @ to ~.
                for d in chars.by_ref() {
                    if ('@'..='~').contains(&d) {
                        break;
                    }
                }
            }
            continue;
        }
        width += c.width().unwrap_or(0);
    }
    width
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn words_wrap_at_the_width() {
        assert_eq!(wrap_words("aa bb cc dd", 5), ["aa bb", "cc dd"]);
        assert_eq!(wrap_words("toolongword x", 4), ["toolongword", "x"]);
        assert_eq!(wrap_words("", 10), [""]);
    }

    #[test]
    fn visible_width_skips_escape_codes_and_counts_display_columns() {
        assert_eq!(visible_width("\x1b[1;33;7mT\x1b[0m"), 1);
        assert_eq!(visible_width("a…b"), 3);
        assert_eq!(visible_width("碁"), 2);
        assert_eq!(visible_width("\x1b[2J"), 0);
    }

    #[test]
    fn plain_style_adds_no_codes() {
        let plain = Style { colour: false };
        assert_eq!(plain.paint("T", &[Paint::First]), "T");
        let coloured = Style { colour: true };
        assert_eq!(
            coloured.paint("T", &[Paint::First, Paint::Highlight]),
            "\x1b[1;33;7mT\x1b[0m"
        );
    }
}
