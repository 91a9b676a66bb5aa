//! The room a drawing has: the terminal's width and, when known, its height.

use std::io::{self, IsTerminal};

/// The columns (and rows, when known) a board should fit in.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Fit {
    /// Columns per line.
    pub width: usize,
    /// Lines on the screen; `None` when unknown (output to a pipe or file), which never forces
    /// a compact layout.
    pub height: Option<usize>,
}

/// Lines a screen needs besides the board while playing: the blank line before it, whose turn
/// it is, and the prompt.
pub const RESERVED_LINES: usize = 3;

/// The width assumed when nothing tells it.
pub const DEFAULT_WIDTH: usize = 80;

impl Fit {
    /// The terminal's room: the `COLUMNS` and `LINES` environment variables when set to a
    /// positive number, otherwise the size of the terminal standard output is (when it is
    /// one), otherwise 80 columns and no height.
    pub fn terminal() -> Fit {
        let size = io::stdout()
            .is_terminal()
            .then(terminal_size::terminal_size)
            .flatten();
        let width = env_number("COLUMNS")
            .or(size.map(|(w, _)| usize::from(w.0)))
            .unwrap_or(DEFAULT_WIDTH);
        let height = env_number("LINES").or(size.map(|(_, h)| usize::from(h.0)));
        Fit { width, height }
    }

    /// Whether a board drawing (with ANSI codes) fits: every line's visible width within the
    /// width, and, when the height is known, its lines plus [`RESERVED_LINES`] within it.
    pub fn holds(self, board: &str) -> bool {
        self.is_wide_enough(board) && self.is_tall_enough(board)
    }

    /// Whether every line's visible width is within the width.
    pub fn is_wide_enough(self, board: &str) -> bool {
        board.lines().all(|l| super::visible_width(l) <= self.width)
    }

    /// Whether the board and [`RESERVED_LINES`] fit the height (always, when it is unknown).
    pub fn is_tall_enough(self, board: &str) -> bool {
        self.height
            .is_none_or(|h| board.lines().count() + RESERVED_LINES <= h)
    }
}

fn env_number(key: &str) -> Option<usize> {
    std::env::var(key)
        .ok()
        .and_then(|v| v.trim().parse().ok())
        .filter(|&n| n > 0)
}
