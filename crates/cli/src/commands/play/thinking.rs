//! Showing an AI think: a progress line on stderr while it searches (only on a terminal), and a
//! one-line summary of its decision.

use std::io::{self, IsTerminal, Write};

use muster_search::{Observer, Progress, Thought};

/// A progress line redrawn in place on stderr, cleared when dropped.
pub struct Line {
    what: &'static str,
    shown: bool,
    terminal: bool,
}

impl Line {
    /// A line labelled `what` (`thinking`, `hint`).
    pub fn new(what: &'static str) -> Line {
        Line {
            what,
            shown: false,
            terminal: io::stderr().is_terminal(),
        }
    }
}

impl Observer for Line {
    fn progress(&mut self, progress: &Progress) {
        if !self.terminal {
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
        // Nothing sensible can be done if stderr is gone.
        let _ = write!(io::stderr(), "\r\x1b[2K{text}");
        let _ = io::stderr().flush();
        self.shown = true;
    }
}

impl Drop for Line {
    fn drop(&mut self) {
        if self.shown {
            let _ = write!(io::stderr(), "\r\x1b[2K");
            let _ = io::stderr().flush();
        }
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
