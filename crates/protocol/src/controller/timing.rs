//! The time an engine is allowed, measured one way for every command: on the monotonic clock,
//! from the moment the command was written to the engine to the moment its answer was read
//! (docs/engine-protocol.md §7).

use std::time::{Duration, Instant};

use super::EngineFailure;

/// How long past its limit an engine's `bestmove` is still taken: a tenth of the limit, at
/// least 200 ms (starting a process, a busy machine and the pipes take some time).
pub fn grace(limit: Duration) -> Duration {
    (limit / 10).max(Duration::from_millis(200))
}

/// How long after a deadline the controller still waits for answers read before it (the
/// thread reading the engine's output hands them over); an answer is judged by the moment it
/// was read, not by when it is handed over.
pub(crate) const HANDOVER: Duration = Duration::from_millis(50);

/// How long after `stop` a late engine's `bestmove` is waited for before it is reported late
/// (its answer is not used either way; waiting keeps the session in step for the log).
pub(crate) const AFTER_STOP: Duration = Duration::from_millis(100);

/// When the answer to one command is due: `limit` plus `grace` after the command was written.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Deadline {
    sent: Instant,
    limit: Duration,
    grace: Duration,
}

impl Deadline {
    /// The deadline of a command written at `sent`, with `limit` and `grace`.
    pub fn new(sent: Instant, limit: Duration, grace: Duration) -> Deadline {
        Deadline { sent, limit, grace }
    }

    /// The last moment an answer is in time: `sent + limit + grace`.
    pub fn due(&self) -> Instant {
        self.sent + self.limit + self.grace
    }

    /// How long until the controller stops waiting: the deadline and the [`HANDOVER`].
    pub(crate) fn wait_until(&self) -> Instant {
        self.due() + HANDOVER
    }

    /// Judges an answer read at `read`: the time it took when that is at most `limit + grace`,
    /// else [`EngineFailure::Late`]. The boundary belongs to the engine: an answer read exactly
    /// at the deadline is in time.
    pub fn judge(&self, read: Instant) -> Result<Duration, EngineFailure> {
        let took = read.saturating_duration_since(self.sent);
        if took <= self.limit + self.grace {
            Ok(took)
        } else {
            Err(self.late(took))
        }
    }

    /// The failure of an engine that had not answered after `took`.
    pub fn late(&self, took: Duration) -> EngineFailure {
        EngineFailure::Late {
            limit: self.limit,
            grace: self.grace,
            took,
        }
    }

    /// The failure of an engine that had not answered when the controller stopped waiting.
    pub(crate) fn expired(&self) -> EngineFailure {
        self.late(self.sent.elapsed())
    }
}

/// A duration in seconds for messages: `10.4 s`, `0.25 s`.
pub(crate) fn seconds(d: Duration) -> String {
    let s = d.as_secs_f64();
    if s >= 10.0 {
        format!("{s:.1} s")
    } else {
        let text = format!("{s:.3}");
        format!("{} s", text.trim_end_matches('0').trim_end_matches('.'))
    }
}

/// The limit in a `Late` message: `10 s`, or `1 s and a grace of 0.2 s`.
pub(crate) fn limit_words(limit: Duration, grace: Duration) -> String {
    if grace.is_zero() {
        seconds(limit)
    } else {
        format!("{} and a grace of {}", seconds(limit), seconds(grace))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn ms(n: u64) -> Duration {
        Duration::from_millis(n)
    }

    #[test]
    fn the_grace_is_a_tenth_and_at_least_200_ms() {
        assert_eq!(grace(Duration::from_secs(10)), Duration::from_secs(1));
        assert_eq!(grace(ms(1_000)), ms(200));
        assert_eq!(grace(ms(100)), ms(200));
        assert_eq!(grace(ms(2_000)), ms(200));
        assert_eq!(grace(ms(2_010)), ms(201));
    }

    #[test]
    fn an_answer_within_the_limit_and_the_grace_is_in_time_and_one_later_is_late() {
        let sent = Instant::now();
        let deadline = Deadline::new(sent, ms(1_000), grace(ms(1_000)));
        assert_eq!(deadline.due(), sent + ms(1_200));
        for in_time in [0, 1, 999, 1_000, 1_199, 1_200] {
            assert_eq!(deadline.judge(sent + ms(in_time)).unwrap(), ms(in_time));
        }
    }

    #[test]
    fn an_answer_past_the_deadline_is_late_by_the_same_clock() {
        let sent = Instant::now();
        let deadline = Deadline::new(sent, ms(1_000), grace(ms(1_000)));
        for late in [1_201, 1_246, 1_250, 5_000] {
            match deadline.judge(sent + ms(late)) {
                Err(EngineFailure::Late { limit, grace, took }) => {
                    assert_eq!((limit, grace, took), (ms(1_000), ms(200), ms(late)));
                }
                other => panic!("{late} ms: {other:?}"),
            }
        }
        let just = deadline.judge(sent + ms(1_200) + Duration::from_nanos(1));
        assert!(matches!(just, Err(EngineFailure::Late { .. })), "{just:?}");
        // An answer read before the command was written (an old line) took no time.
        let before = sent.checked_sub(ms(5)).unwrap_or(sent);
        assert_eq!(deadline.judge(before).unwrap(), ms(0));
    }

    #[test]
    fn late_messages_name_the_limit_and_the_grace() {
        let deadline = Deadline::new(Instant::now(), ms(1_000), ms(200));
        assert_eq!(
            deadline.late(ms(1_250)).to_string(),
            "late, no answer in 1.25 s (limit 1 s and a grace of 0.2 s)"
        );
        let deadline = Deadline::new(Instant::now(), Duration::from_secs(10), Duration::ZERO);
        assert_eq!(
            deadline.late(ms(10_400)).to_string(),
            "late, no answer in 10.4 s (limit 10.0 s)"
        );
        assert_eq!(seconds(ms(250)), "0.25 s");
        assert_eq!(seconds(Duration::from_secs(10)), "10.0 s");
    }
}
