//! A one-line progress bar on stderr, drawn only when stderr is a terminal:
//! `arena [#####---------------] 37/120  00:42 elapsed, ~01:10 left  status`.

use std::io::{self, IsTerminal, Write};
use std::time::{Duration, Instant};

/// Cells between the brackets of the bar.
const BAR_CELLS: u64 = 20;
/// The shortest time between two redraws caused by `set`.
const REDRAW_EVERY: Duration = Duration::from_millis(100);
/// The line width assumed when `COLUMNS` does not say.
const DEFAULT_WIDTH: usize = 80;

/// A progress bar for `total` steps, redrawn in place on stderr.
///
/// On a terminal, `set` redraws the line at most about ten times a second (and always when the
/// last step is reached), `println` prints a line above it, and `finish` draws it a last time and
/// moves to the next line. When stderr is not a terminal only `println` writes anything: its
/// lines go to stderr as they are. Write errors are ignored; progress is never worth failing
/// for.
pub struct ProgressBar {
    total: u64,
    label: String,
    out: Box<dyn Write + Send>,
    terminal: bool,
    width: usize,
    started: Instant,
    last_draw: Option<Instant>,
    done: u64,
    status: String,
    /// Whether the bar's line is on screen, so that a `println` must clear it first.
    shown: bool,
    finished: bool,
}

impl ProgressBar {
    /// A bar for `total` steps named `label`, starting its clock now; nothing is drawn until the
    /// first `set`. The line is kept within the width in `COLUMNS`, or 80 columns.
    pub fn new(total: u64, label: &str) -> Self {
        let width = std::env::var("COLUMNS")
            .ok()
            .and_then(|c| c.trim().parse().ok())
            .unwrap_or(DEFAULT_WIDTH);
        let terminal = io::stderr().is_terminal();
        Self::with_output(total, label, Box::new(io::stderr()), terminal, width)
    }

    fn with_output(
        total: u64,
        label: &str,
        out: Box<dyn Write + Send>,
        terminal: bool,
        width: usize,
    ) -> Self {
        ProgressBar {
            total,
            label: label.to_owned(),
            out,
            terminal,
            width,
            started: Instant::now(),
            last_draw: None,
            done: 0,
            status: String::new(),
            shown: false,
            finished: false,
        }
    }

    /// Records that `done` steps are complete and shows `status` after the times; redraws the
    /// line unless it was drawn less than a tenth of a second ago. Does nothing after `finish`.
    pub fn set(&mut self, done: u64, status: &str) {
        if self.finished {
            return;
        }
        self.done = done;
        status.clone_into(&mut self.status);
        let due = self
            .last_draw
            .is_none_or(|last| last.elapsed() >= REDRAW_EVERY);
        if due || done >= self.total {
            self.draw();
        }
    }

    /// Prints `line` and a newline above the bar, which is redrawn beneath it.
    pub fn println(&mut self, line: &str) {
        if self.shown {
            let _ = write!(self.out, "\r\x1b[K");
        }
        let _ = writeln!(self.out, "{line}");
        if self.shown {
            self.draw();
        } else {
            let _ = self.out.flush();
        }
    }

    /// Draws the bar a last time, with the steps reached, and ends its line. Later calls and
    /// `set` do nothing; `println` still prints.
    pub fn finish(&mut self) {
        if self.finished {
            return;
        }
        if self.terminal {
            self.draw();
            let _ = writeln!(self.out);
            let _ = self.out.flush();
        }
        self.shown = false;
        self.finished = true;
    }

    fn draw(&mut self) {
        if !self.terminal {
            return;
        }
        let line = render(
            &self.label,
            self.done,
            self.total,
            self.started.elapsed(),
            &self.status,
            self.width,
        );
        let _ = write!(self.out, "\r{line}\x1b[K");
        let _ = self.out.flush();
        self.shown = true;
        self.last_draw = Some(Instant::now());
    }
}

/// The bar's line: `label [#####---------------] 37/120  00:42 elapsed, ~01:10 left  status`.
///
/// The bar has 20 cells, filled in proportion to `done / total` (full when `total` is 0). The
/// time left assumes the remaining steps take as long as the finished ones did on average, and
/// is `~--:--` before the first step. Times are `mm:ss`, or `h:mm:ss` from an hour on. An empty
/// label or status leaves no stray spaces. The line is cut to `width − 1` characters so that it
/// never wraps; a width of 0 means no limit.
pub fn render(
    label: &str,
    done: u64,
    total: u64,
    elapsed: Duration,
    status: &str,
    width: usize,
) -> String {
    let filled = (done.min(total) * BAR_CELLS)
        .checked_div(total)
        .unwrap_or(BAR_CELLS) as usize;
    let bar = format!(
        "[{}{}]",
        "#".repeat(filled),
        "-".repeat(BAR_CELLS as usize - filled)
    );
    let left = if done == 0 {
        "~--:--".to_owned()
    } else {
        let per_step = elapsed.as_secs_f64() / done as f64;
        let remaining = per_step * total.saturating_sub(done) as f64;
        format!("~{}", clock(Duration::from_secs_f64(remaining)))
    };
    let mut line = format!(
        "{label} {bar} {done}/{total}  {} elapsed, {left} left  {status}",
        clock(elapsed)
    );
    line = line.trim().to_owned();
    if width > 0 && line.chars().count() >= width {
        line = line.chars().take(width - 1).collect();
    }
    line
}

/// A duration as `mm:ss`, or `h:mm:ss` from an hour on, rounded to whole seconds.
fn clock(duration: Duration) -> String {
    let seconds = duration.as_secs_f64().round() as u64;
    let (h, m, s) = (seconds / 3600, seconds / 60 % 60, seconds % 60);
    if h > 0 {
        format!("{h}:{m:02}:{s:02}")
    } else {
        format!("{m:02}:{s:02}")
    }
}

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    /// A writer whose bytes the test can read back.
    #[derive(Clone, Default)]
    struct Capture(Arc<Mutex<Vec<u8>>>);

    impl Write for Capture {
        fn write(&mut self, bytes: &[u8]) -> io::Result<usize> {
            self.0.lock().unwrap().extend_from_slice(bytes);
            Ok(bytes.len())
        }

        fn flush(&mut self) -> io::Result<()> {
            Ok(())
        }
    }

    impl Capture {
        fn text(&self) -> String {
            String::from_utf8(self.0.lock().unwrap().clone()).unwrap()
        }
    }

    fn bar(terminal: bool) -> (ProgressBar, Capture) {
        let capture = Capture::default();
        let bar = ProgressBar::with_output(10, "arena", Box::new(capture.clone()), terminal, 0);
        (bar, capture)
    }

    #[test]
    fn the_line_shows_the_bar_counts_times_and_status() {
        let line = render(
            "arena",
            37,
            120,
            Duration::from_secs(42),
            "mcts-3 vs random",
            0,
        );
        assert_eq!(
            line,
            "arena [######--------------] 37/120  00:42 elapsed, ~01:34 left  mcts-3 vs random"
        );
    }

    #[test]
    fn before_the_first_step_the_time_left_is_unknown() {
        let line = render("", 0, 5, Duration::from_secs(3), "", 0);
        assert_eq!(
            line,
            "[--------------------] 0/5  00:03 elapsed, ~--:-- left"
        );
    }

    #[test]
    fn a_finished_run_has_a_full_bar_and_nothing_left() {
        let line = render("x", 8, 8, Duration::from_secs(3725), "", 0);
        assert_eq!(
            line,
            "x [####################] 8/8  1:02:05 elapsed, ~00:00 left"
        );
    }

    #[test]
    fn the_line_is_cut_to_fit_the_width() {
        let line = render("arena", 1, 2, Duration::from_secs(1), "a long status", 30);
        assert_eq!(line.chars().count(), 29);
        assert!(line.starts_with("arena [##########"));
    }

    #[test]
    fn off_a_terminal_only_printed_lines_appear() {
        let (mut bar, capture) = bar(false);
        bar.set(3, "busy");
        bar.println("game 3: 1-0");
        bar.set(10, "done");
        bar.finish();
        assert_eq!(capture.text(), "game 3: 1-0\n");
    }

    #[test]
    fn on_a_terminal_a_printed_line_clears_the_bar_and_redraws_it_below() {
        let (mut bar, capture) = bar(true);
        bar.set(3, "busy");
        bar.println("game 3: 1-0");
        let text = capture.text();
        let (before, after) = text.split_once("game 3: 1-0\n").unwrap();
        assert!(before.starts_with("\rarena [######") && before.ends_with("\r\x1b[K"));
        assert!(after.starts_with("\rarena [######") && after.ends_with("busy\x1b[K"));
    }

    #[test]
    fn finishing_draws_the_last_state_and_ends_the_line_once() {
        let (mut bar, capture) = bar(true);
        bar.set(10, "all played");
        bar.finish();
        bar.finish();
        bar.set(4, "late");
        let text = capture.text();
        assert!(text.ends_with("all played\x1b[K\n"), "{text:?}");
        assert_eq!(text.matches('\n').count(), 1);
        assert!(!text.contains("late"));
    }
}
