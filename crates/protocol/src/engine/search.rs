//! A running `go`: the search on a thread of its own, which writes its own answer (`info` lines,
//! then `bestmove` or `error`), and the handle the loop keeps to stop it, silence it and join it.
//!
//! The order of answers never depends on which thread gets there first: the search thread
//! writes its answer and marks it written under one lock ([`Phase`]), and the loop, which reads
//! the commands, asks that lock before it answers anything while a search runs. After `stop`
//! the loop joins the thread — the `bestmove` is written by then — before it reads on, so
//! whatever follows `stop` is answered after the `bestmove`, in order.

use std::panic::AssertUnwindSafe;
use std::sync::{Arc, Condvar, Mutex, MutexGuard};
use std::thread::JoinHandle;
use std::time::{Duration, Instant};

use muster_rules::{Actor, AnyGame};
use muster_search::{Engine, Progress, SearchError, StopFlag, Thought};

use super::output::Output;
use super::think::{final_info, info_line, progress_values, Plan};

/// Where a search is, as the search thread and the loop both see it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Phase {
    /// Searching; the answer is written when the search ends (for `go infinite`, after `stop`).
    Running,
    /// A `go infinite` ended by itself (a proven result); its answer waits for `stop`.
    Holding,
    /// `stop` was read: the answer is written as soon as the search ends.
    Stopping,
    /// `quit` or the end of the session: the search ends without an answer.
    Silenced,
    /// The search ended by itself; its answer is being written.
    Ended,
    /// The answer is written (or silenced); the thread is ending.
    Answered,
}

/// The phase and its signal, shared by the loop and the search thread.
struct Shared {
    phase: Mutex<Phase>,
    changed: Condvar,
}

impl Shared {
    fn lock(&self) -> MutexGuard<'_, Phase> {
        self.phase.lock().unwrap_or_else(|e| e.into_inner())
    }

    /// Sets the phase to `to` unless the search is over, and wakes the thread.
    fn ask(&self, to: Phase) {
        let mut phase = self.lock();
        if !matches!(*phase, Phase::Ended | Phase::Answered) {
            *phase = to;
        }
        self.changed.notify_all();
    }
}

/// What the search thread gives back when it is joined.
pub(crate) struct Returned {
    /// The level whose engine searched.
    pub(crate) level: u8,
    /// The engine (`None` if the search panicked: the level's engine is made afresh).
    pub(crate) engine: Option<Engine>,
}

/// What one search is: the engine, the position and how to search it.
pub(crate) struct Job {
    /// The level whose engine searches.
    pub(crate) level: u8,
    /// That level's engine, lent by the session.
    pub(crate) engine: Engine,
    /// The position to decide in.
    pub(crate) game: AnyGame,
    /// The budget.
    pub(crate) plan: Plan,
    /// `go infinite`: the answer waits for `stop`.
    pub(crate) infinite: bool,
}

/// A running search. Dropping it silences the search and joins its thread.
pub(crate) struct Search {
    level: u8,
    stop: StopFlag,
    shared: Arc<Shared>,
    thread: Option<JoinHandle<Returned>>,
}

impl Search {
    /// Starts `job` on a thread of its own; its `info` lines and its answer go to `output`.
    /// (When no thread can be started, the job's engine is dropped: the session makes that
    /// level's engine afresh.)
    pub(crate) fn start(job: Job, output: Output) -> std::io::Result<Search> {
        let stop = StopFlag::default();
        let shared = Arc::new(Shared {
            phase: Mutex::new(Phase::Running),
            changed: Condvar::new(),
        });
        let level = job.level;
        let (thread_stop, thread_shared) = (stop.clone(), shared.clone());
        let thread = std::thread::Builder::new()
            .name("muster-engine-search".into())
            .spawn(move || run(job, &thread_stop, &thread_shared, &output))?;
        Ok(Search {
            level,
            stop,
            shared,
            thread: Some(thread),
        })
    }

    /// Whether the search is over by itself: its answer is written or being written, and
    /// [`Search::join`] returns as soon as it is. (A `go infinite` that ended by itself is not
    /// over: its answer waits for `stop`.)
    pub(crate) fn over(&self) -> bool {
        matches!(*self.shared.lock(), Phase::Ended | Phase::Answered)
    }

    /// `stop`: the search ends as soon as it can and writes its answer; returns once it is
    /// written and the thread joined.
    pub(crate) fn stop(mut self) -> Returned {
        self.shared.ask(Phase::Stopping);
        self.stop.stop();
        self.join_thread()
    }

    /// The search ends without an answer (`quit`; unless it is written already); returns once
    /// its thread is joined.
    pub(crate) fn silence(mut self) -> Returned {
        self.shared.ask(Phase::Silenced);
        self.stop.stop();
        self.join_thread()
    }

    /// Joins the thread of a search that is [over](Search::over), once its answer is written.
    pub(crate) fn join(mut self) -> Returned {
        self.join_thread()
    }

    fn join_thread(&mut self) -> Returned {
        let lost = Returned {
            level: self.level,
            engine: None,
        };
        match self.thread.take() {
            Some(thread) => thread.join().unwrap_or(lost),
            None => lost,
        }
    }
}

impl Drop for Search {
    fn drop(&mut self) {
        if self.thread.is_some() {
            self.shared.ask(Phase::Silenced);
            self.stop.stop();
            self.join_thread();
        }
    }
}

/// The search thread: thinks, then writes the answer when the phase allows it.
fn run(job: Job, stop: &StopFlag, shared: &Shared, output: &Output) -> Returned {
    let Job {
        level,
        mut engine,
        game,
        plan,
        infinite,
    } = job;
    let mut observer = reporter(&game, output);
    // A panic in a search is a bug, but it must not leave the session busy for ever.
    let searched = std::panic::catch_unwind(AssertUnwindSafe(|| {
        let result: Result<Thought, SearchError> = match plan {
            Plan::Level => engine.think(&game, None, stop, &mut observer),
            Plan::Replace(budget) => engine.think(&game, Some(budget), stop, &mut observer),
            Plan::Capped(cap) => engine
                .think_capped(&game, cap, stop, &mut observer)
                .map(|c| c.thought),
        };
        result
    }));
    {
        let mut phase = shared.lock();
        if *phase == Phase::Running {
            *phase = if infinite {
                Phase::Holding
            } else {
                Phase::Ended
            };
        }
    }
    let (engine, answer) = match searched {
        Ok(Ok(thought)) => (
            Some(engine),
            vec![
                final_info(&thought, &game),
                format!("bestmove {}", thought.action),
            ],
        ),
        Ok(Err(e)) => (Some(engine), vec![format!("error go: {e}")]),
        Err(_) => (
            None,
            vec!["error go: the search failed (a bug: see standard error)".to_owned()],
        ),
    };
    let mut phase = shared.lock();
    while *phase == Phase::Holding {
        phase = shared
            .changed
            .wait(phase)
            .unwrap_or_else(|e| e.into_inner());
    }
    if *phase != Phase::Silenced {
        output.lines(&answer);
    }
    *phase = Phase::Answered;
    Returned { level, engine }
}

/// The observer of a search: an `info` line about ten times a second.
fn reporter<'a>(game: &AnyGame, output: &'a Output) -> impl FnMut(&Progress) + 'a {
    let seats = game.seats();
    let mover = match game.actor() {
        Actor::Seat(seat) => seat.index(),
        _ => 0,
    };
    let mut last: Option<Instant> = None;
    move |progress: &Progress| {
        if last.is_some_and(|t| t.elapsed() < Duration::from_millis(90)) {
            return;
        }
        last = Some(Instant::now());
        let values = progress_values(progress, seats, mover);
        let pv: Vec<String> = progress.best.iter().cloned().collect();
        output.line(&info_line(
            progress.depth,
            progress.nodes,
            progress.elapsed,
            &values,
            None,
            &pv,
        ));
    }
}
