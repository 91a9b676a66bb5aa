//! Showing an AI think: a progress line redrawn in place while it searches (on stderr, and only
//! on a terminal), and a one-line summary of its decision.
//!
//! The contract of [`Line`]: whatever the search reported, the line is gone from the screen when
//! [`Line::finish`] returns, so that the move or hint printed next starts on a clean line. Call
//! `finish` before printing anything that follows a search; dropping the line clears it too, as
//! a safety net for early returns.

use std::io::Write;

use muster_search::{Observer, Progress, Thought};

/// Erases the current terminal line and puts the cursor at its start.
pub const CLEAR: &str = "\r\x1b[2K";

/// A progress line redrawn in place on `out`.
pub struct Line<'a, E: Write> {
    what: &'static str,
    out: &'a mut E,
    /// Whether to draw at all (stderr is a terminal).
    enabled: bool,
    /// Whether something is on screen that must be cleared.
    shown: bool,
}

impl<'a, E: Write> Line<'a, E> {
    /// A line labelled `what` (`thinking`, `hint`) drawn on `out` when `enabled`.
    pub fn new(what: &'static str, out: &'a mut E, enabled: bool) -> Self {
        Line {
            what,
            out,
            enabled,
            shown: false,
        }
    }

    /// Clears the line if anything was drawn. After this, nothing of it is on screen.
    pub fn finish(mut self) {
        self.clear();
    }

    fn clear(&mut self) {
        if self.shown {
            // Nothing sensible can be done if the progress stream is gone.
            let _ = write!(self.out, "{CLEAR}");
            let _ = self.out.flush();
            self.shown = false;
        }
    }
}

impl<E: Write> Observer for Line<'_, E> {
    fn progress(&mut self, progress: &Progress) {
        if !self.enabled {
            return;
        }
        let best = progress.best.as_deref().unwrap_or("?");
        let text = format!(
            "  {}… {:.1} s, {} nodes, depth {}, best {best} ({:.0}%)",
            self.what,
            progress.elapsed.as_secs_f64(),
            progress.nodes,
            progress.depth,
            progress.value * 100.0
        );
        let _ = write!(self.out, "{CLEAR}{text}");
        let _ = self.out.flush();
        self.shown = true;
    }
}

impl<E: Write> Drop for Line<'_, E> {
    fn drop(&mut self) {
        self.clear();
    }
}

/// ` (+0.40; alpha-beta depth 6, 20000 positions, 0.12 s)`, or empty for a random choice.
pub fn summary(thought: &Thought) -> String {
    if thought.method == "random" {
        return String::new();
    }
    let unit = if thought.method == "mcts" {
        "iterations"
    } else {
        "positions"
    };
    format!(
        "  ({}; {} depth {}, {} {unit}, {:.2} s)",
        thought.evaluation(),
        thought.method,
        thought.depth,
        thought.nodes,
        thought.elapsed.as_secs_f64()
    )
}

#[cfg(test)]
mod tests {
    use std::time::Duration;

    use super::*;

    fn report(line: &mut impl Observer) {
        line.progress(&Progress {
            nodes: 1200,
            elapsed: Duration::from_millis(300),
            depth: 4,
            best: Some("d1-d3".to_owned()),
            value: 0.5,
            values: vec![0.5, 0.5],
        });
    }

    #[test]
    fn a_finished_line_leaves_the_screen_clean() {
        let mut screen = Vec::new();
        let mut line = Line::new("thinking", &mut screen, true);
        report(&mut line);
        report(&mut line);
        line.finish();
        let screen = String::from_utf8(screen).expect("UTF-8");
        assert!(screen.starts_with(CLEAR), "{screen:?}");
        assert!(screen.contains("thinking… 0.3 s, 1200 nodes, depth 4, best d1-d3 (50%)"));
        assert!(
            screen.ends_with(CLEAR),
            "the last thing drawn is the clearing: {screen:?}"
        );
        assert_eq!(screen.matches(CLEAR).count(), 3, "{screen:?}");
    }

    #[test]
    fn a_line_is_cleared_once_even_when_also_dropped() {
        let mut screen = Vec::new();
        {
            let mut line = Line::new("hint", &mut screen, true);
            report(&mut line);
        }
        let screen = String::from_utf8(screen).expect("UTF-8");
        assert!(screen.ends_with(CLEAR), "{screen:?}");
        assert_eq!(screen.matches(CLEAR).count(), 2, "{screen:?}");
    }

    #[test]
    fn nothing_is_drawn_or_cleared_off_a_terminal_or_without_progress() {
        let mut screen = Vec::new();
        let mut line = Line::new("thinking", &mut screen, false);
        report(&mut line);
        line.finish();
        assert!(screen.is_empty());
        let mut screen = Vec::new();
        Line::new("thinking", &mut screen, true).finish();
        assert!(
            screen.is_empty(),
            "a search that reported nothing leaves nothing"
        );
    }
}
