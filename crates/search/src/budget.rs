//! How long a search may think: by time, by iterations (MCTS) or nodes (alpha-beta), by depth.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::Arc;
use std::time::{Duration, Instant};

/// A search budget. Every limit given applies; the search stops at the first one reached. A
/// budget with no limit at all is refused by the searches (it would never stop).
///
/// Under a budget without `time`, a search is reproducible: the same position, seed and budget
/// give the same answer on any machine.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Budget {
    /// Wall-clock time.
    pub time: Option<Duration>,
    /// MCTS iterations, or alpha-beta nodes (positions visited).
    pub nodes: Option<u64>,
    /// Alpha-beta: the deepest iteration; MCTS: ignored.
    pub depth: Option<u32>,
}

impl Budget {
    /// A budget of `n` iterations or nodes.
    pub fn nodes(n: u64) -> Budget {
        Budget {
            nodes: Some(n),
            ..Budget::default()
        }
    }

    /// A budget of `depth` plies of alpha-beta.
    pub fn depth(depth: u32) -> Budget {
        Budget {
            depth: Some(depth),
            ..Budget::default()
        }
    }

    /// A budget of wall-clock time.
    pub fn time(time: Duration) -> Budget {
        Budget {
            time: Some(time),
            ..Budget::default()
        }
    }

    /// Whether any limit is set.
    pub fn is_bounded(&self) -> bool {
        self.time.is_some() || self.nodes.is_some() || self.depth.is_some()
    }
}

/// A shared flag that asks a running search to stop as soon as it can (a person pressed a key,
/// a server's game was abandoned). Searches return their best answer so far.
#[derive(Clone, Debug, Default)]
pub struct StopFlag(Arc<AtomicBool>);

impl StopFlag {
    /// Asks the search to stop.
    pub fn stop(&self) {
        self.0.store(true, Ordering::Relaxed);
    }

    /// Whether a stop was asked.
    pub fn is_set(&self) -> bool {
        self.0.load(Ordering::Relaxed)
    }
}

/// The clock of one search: the start time and the deadline, checked cheaply.
#[derive(Clone, Debug)]
pub(crate) struct Clock {
    start: Instant,
    deadline: Option<Instant>,
    stop: StopFlag,
}

impl Clock {
    pub(crate) fn new(budget: &Budget, stop: &StopFlag) -> Clock {
        let start = Instant::now();
        Clock {
            start,
            deadline: budget.time.map(|t| start + t),
            stop: stop.clone(),
        }
    }

    /// Whether time is up or a stop was asked.
    pub(crate) fn expired(&self) -> bool {
        self.stop.is_set() || self.deadline.is_some_and(|d| Instant::now() >= d)
    }

    pub(crate) fn elapsed(&self) -> Duration {
        self.start.elapsed()
    }
}

/// What a search reports while it thinks, about ten times a second.
#[derive(Clone, Debug, PartialEq)]
pub struct Progress {
    /// Iterations (MCTS) or nodes (alpha-beta) so far.
    pub nodes: u64,
    /// Time spent so far.
    pub elapsed: Duration,
    /// The deepest iteration finished (alpha-beta) or the tree's depth (MCTS).
    pub depth: u32,
    /// The best action so far, in notation.
    pub best: Option<String>,
    /// Its value for the seat to move, as an expected utility from 0 (lost) to 1 (won).
    pub value: f64,
    /// The expected utility of every seat, indexed by seat (MCTS: the mean rewards of the best
    /// root child; alpha-beta, two seats: `value` for the mover and its complement for the
    /// other).
    pub values: Vec<f64>,
}

/// Receives progress reports. `()` ignores them.
pub trait Observer {
    /// One report.
    fn progress(&mut self, progress: &Progress);
}

impl Observer for () {
    fn progress(&mut self, _progress: &Progress) {}
}

impl<F: FnMut(&Progress)> Observer for F {
    fn progress(&mut self, progress: &Progress) {
        self(progress)
    }
}
