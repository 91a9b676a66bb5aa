//! AI seats (docs/server-design.md §2.9): a search runs on tokio's blocking pool behind a
//! semaphore, so games never wait for one another's searches; its answer comes back to the actor as
//! a command and goes through the same path as a person's decision.

use std::sync::atomic::{AtomicU64, Ordering};
use std::sync::{Arc, Mutex};
use std::time::Duration;

use muster_rules::{AnyGame, Seat};
use muster_search::{Engine, StopFlag};
use tokio::sync::{mpsc, Semaphore};
use tokio::time::Instant;

use super::Command;

/// A finished search.
#[derive(Debug)]
pub(crate) struct AiDone {
    /// The seat it decided for.
    pub seat: Seat,
    /// The ply it was asked at.
    pub ply: i64,
    /// The engine, handed back to the actor for the next decision.
    pub engine: Engine,
    /// The action, or why there is none.
    pub result: Result<String, String>,
    /// How long it thought.
    pub think_ms: i64,
}

/// One search to run.
pub(super) struct AiJob {
    pub seat: Seat,
    pub ply: i64,
    pub game: AnyGame,
    pub engine: Engine,
    pub cap: Duration,
    pub min_delay: Duration,
    pub stop: StopFlag,
}

/// The searches of every game: a limit on how many run at once, and their stop flags.
#[derive(Debug)]
pub(super) struct AiPool {
    permits: Arc<Semaphore>,
    running: Arc<Mutex<Vec<(u64, StopFlag)>>>,
    next: AtomicU64,
}

impl AiPool {
    /// A pool running at most `permits` searches at once.
    pub fn new(permits: usize) -> AiPool {
        AiPool {
            permits: Arc::new(Semaphore::new(permits.max(1))),
            running: Arc::new(Mutex::new(Vec::new())),
            next: AtomicU64::new(0),
        }
    }

    /// Starts a search; its answer goes to `reply` as [`Command::AiDone`].
    pub fn think(&self, job: AiJob, reply: mpsc::Sender<Command>) {
        let key = self.next.fetch_add(1, Ordering::Relaxed);
        if let Ok(mut running) = self.running.lock() {
            running.push((key, job.stop.clone()));
        }
        let permits = Arc::clone(&self.permits);
        let running = Arc::clone(&self.running);
        tokio::spawn(async move {
            let asked = Instant::now();
            let AiJob {
                seat,
                ply,
                game,
                mut engine,
                cap,
                min_delay,
                stop,
            } = job;
            let Ok(permit) = permits.acquire_owned().await else {
                return;
            };
            let searched = tokio::task::spawn_blocking(move || {
                let began = std::time::Instant::now();
                let thought = engine.think_capped(&game, cap, &stop, &mut ());
                let result = thought.map(|t| t.thought.action).map_err(|e| e.to_string());
                (engine, result, began.elapsed())
            })
            .await;
            drop(permit);
            if let Ok(mut list) = running.lock() {
                list.retain(|(k, _)| *k != key);
            }
            let Ok((engine, result, took)) = searched else {
                return; // the search panicked: the actor sees no answer and asks again on load
            };
            tokio::time::sleep_until(asked + min_delay).await;
            let done = AiDone {
                seat,
                ply,
                engine,
                result,
                think_ms: i64::try_from(took.as_millis()).unwrap_or(i64::MAX),
            };
            let _ = reply.send(Command::AiDone(Box::new(done))).await;
        });
    }

    /// Asks every running search to stop.
    pub fn stop_all(&self) {
        if let Ok(running) = self.running.lock() {
            for (_, stop) in running.iter() {
                stop.stop();
            }
        }
    }
}
