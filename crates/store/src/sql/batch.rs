//! Group commit on SQLite: the commits of moves that arrive while the writer is busy are written
//! in one transaction, each inside its own savepoint, so one `fsync` makes a whole batch durable.
//!
//! Each commit keeps its own guard and its own outcome: a stale or refused commit is rolled
//! back to its savepoint and answered alone, the others go on. Every caller is answered only
//! after the batch's `COMMIT` (a failed `COMMIT` fails every commit in it, and nothing of them
//! was written). With one commit waiting, a batch is that one commit.

use std::sync::Arc;

use sqlx::Executor;
use tokio::sync::{mpsc, oneshot, OnceCell};

use super::commit::commit_in;
use super::SqlStore;
use crate::error::{Error, Result};
use crate::ids::GameId;
use crate::model::Commit;

/// The most commits written in one transaction.
const BATCH: usize = 64;

/// One commit waiting for the writer.
pub(super) struct Job {
    id: GameId,
    expected: i64,
    commit: Commit,
    reply: oneshot::Sender<Result<i64>>,
}

/// The queue to the writer task, started on the first commit (so it runs with the store's
/// commit hook, which is set after opening).
pub(super) type Queue = Arc<OnceCell<mpsc::Sender<Job>>>;

/// Commits through the writer task.
pub(super) async fn commit(
    store: &SqlStore,
    id: &GameId,
    expected: i64,
    commit: &Commit,
) -> Result<i64> {
    let queue = store
        .batcher
        .get_or_init(|| async {
            let (tx, rx) = mpsc::channel(4 * BATCH);
            // The task's store has a queue of its own (never used), so it does not keep its
            // own channel open: it ends when the last store sharing this queue is dropped.
            let mut worker = store.clone();
            worker.batcher = Arc::new(OnceCell::new());
            tokio::spawn(write_batches(worker, rx));
            tx
        })
        .await;
    let (reply, answer) = oneshot::channel();
    let job = Job {
        id: id.clone(),
        expected,
        commit: commit.clone(),
        reply,
    };
    let gone = || Error::Batch("the store's writer has stopped".to_owned());
    queue.send(job).await.map_err(|_| gone())?;
    answer.await.map_err(|_| gone())?
}

async fn write_batches(store: SqlStore, mut rx: mpsc::Receiver<Job>) {
    while let Some(first) = rx.recv().await {
        let mut jobs = vec![first];
        while jobs.len() < BATCH {
            match rx.try_recv() {
                Ok(job) => jobs.push(job),
                Err(_) => break,
            }
        }
        write_batch(&store, jobs).await;
    }
}

async fn write_batch(store: &SqlStore, jobs: Vec<Job>) {
    let mut tx = match store.begin().await {
        Ok(tx) => tx,
        Err(e) => {
            let why = e.to_string();
            for job in jobs {
                let _ = job.reply.send(Err(Error::Batch(why.clone())));
            }
            return;
        }
    };
    let mut outcomes = Vec::with_capacity(jobs.len());
    for job in &jobs {
        outcomes.push(one(store, &mut tx, job).await);
    }
    // Every commit that went through waits for the batch's COMMIT.
    let committed = tx.commit().await.map_err(|e| e.to_string());
    for (job, outcome) in jobs.into_iter().zip(outcomes) {
        let answer = match (&committed, outcome) {
            (Ok(()), outcome) => outcome,
            (Err(why), Ok(_)) => Err(Error::Batch(why.clone())),
            (Err(_), Err(e)) => Err(e),
        };
        let _ = job.reply.send(answer);
    }
}

/// One commit inside the batch, in a savepoint: kept when it and the commit hook succeed,
/// rolled back alone otherwise.
async fn one(
    store: &SqlStore,
    tx: &mut sqlx::Transaction<'static, sqlx::Any>,
    job: &Job,
) -> Result<i64> {
    tx.execute("SAVEPOINT one_commit").await?;
    let mut outcome = commit_in(tx, &job.id, job.expected, &job.commit).await;
    if outcome.is_ok() {
        if let Some(hook) = &store.hook {
            if let Err(e) = hook() {
                outcome = Err(e);
            }
        }
    }
    if outcome.is_err() {
        tx.execute("ROLLBACK TO SAVEPOINT one_commit").await?;
    }
    tx.execute("RELEASE SAVEPOINT one_commit").await?;
    outcome
}
