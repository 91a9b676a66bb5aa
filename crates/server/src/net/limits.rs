//! Rate limits: token buckets, one per connection ([`TokenBucket`]) or one per key in a
//! bounded map ([`RateLimiter`], e.g. per client address).
//!
//! A bucket holds up to `capacity` tokens and gains `refill_per_sec` tokens a second; each
//! allowed event takes one. A refused event is told how long to wait for the next token.

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::{Duration, Instant};

/// The most keys a [`RateLimiter`] keeps unless told otherwise.
pub const DEFAULT_MAX_KEYS: usize = 10_000;

/// The slowest and fastest refill accepted, in tokens a second; other values are clamped.
const REFILL_RANGE: (f64, f64) = (1e-6, 1e9);

/// One token bucket. It starts full.
#[derive(Clone, Debug)]
pub struct TokenBucket {
    capacity: f64,
    refill_per_sec: f64,
    tokens: f64,
    updated: Instant,
}

impl TokenBucket {
    /// A full bucket of `capacity` tokens (at least 1) refilled at `refill_per_sec` (clamped to
    /// 10⁻⁶..10⁹; a NaN counts as the slowest).
    pub fn new(capacity: u32, refill_per_sec: f64) -> TokenBucket {
        TokenBucket::new_at(capacity, refill_per_sec, Instant::now())
    }

    /// [`TokenBucket::new`] as of `now`.
    pub fn new_at(capacity: u32, refill_per_sec: f64, now: Instant) -> TokenBucket {
        let capacity = f64::from(capacity.max(1));
        let refill_per_sec = if refill_per_sec.is_nan() {
            REFILL_RANGE.0
        } else {
            refill_per_sec.clamp(REFILL_RANGE.0, REFILL_RANGE.1)
        };
        TokenBucket {
            capacity,
            refill_per_sec,
            tokens: capacity,
            updated: now,
        }
    }

    /// Takes a token now: `Ok` if there was one, else how long until there is.
    pub fn try_take(&mut self) -> Result<(), Duration> {
        self.try_take_at(Instant::now())
    }

    /// Takes a token as of `now` (an instant before the last one counts as the last one).
    pub fn try_take_at(&mut self, now: Instant) -> Result<(), Duration> {
        self.refill(now);
        if self.tokens >= 1.0 {
            self.tokens -= 1.0;
            Ok(())
        } else {
            let wait = (1.0 - self.tokens) / self.refill_per_sec;
            Err(Duration::try_from_secs_f64(wait).unwrap_or(Duration::MAX))
        }
    }

    /// Whether the bucket is full as of `now` (an idle key that can be forgotten).
    fn is_full_at(&self, now: Instant) -> bool {
        let elapsed = now.saturating_duration_since(self.updated).as_secs_f64();
        self.tokens + elapsed * self.refill_per_sec >= self.capacity
    }

    fn refill(&mut self, now: Instant) {
        let elapsed = now.saturating_duration_since(self.updated).as_secs_f64();
        self.tokens = (self.tokens + elapsed * self.refill_per_sec).min(self.capacity);
        self.updated = self.updated.max(now);
    }
}

/// A token bucket per key, shared between tasks. Memory is bounded: when a new key would
/// exceed the limit, keys whose buckets have refilled are forgotten (they would start full
/// anyway); if that is not enough, the least recently used half goes.
#[derive(Debug)]
pub struct RateLimiter<K> {
    capacity: u32,
    refill_per_sec: f64,
    max_keys: usize,
    buckets: Mutex<HashMap<K, TokenBucket>>,
}

impl<K: Hash + Eq + Clone> RateLimiter<K> {
    /// A limiter whose keys each get `capacity` events at once and `refill_per_sec` a second
    /// after that, keeping at most [`DEFAULT_MAX_KEYS`] keys.
    pub fn new(capacity: u32, refill_per_sec: f64) -> RateLimiter<K> {
        RateLimiter {
            capacity,
            refill_per_sec,
            max_keys: DEFAULT_MAX_KEYS,
            buckets: Mutex::new(HashMap::new()),
        }
    }

    /// The same limiter keeping at most `max_keys` keys (at least 1).
    pub fn with_max_keys(mut self, max_keys: usize) -> RateLimiter<K> {
        self.max_keys = max_keys.max(1);
        self
    }

    /// Counts one event for `key`: `Ok` if allowed, else how long to wait before retrying.
    pub fn check(&self, key: &K) -> Result<(), Duration> {
        self.check_at(key, Instant::now())
    }

    /// [`RateLimiter::check`] as of `now`.
    pub fn check_at(&self, key: &K, now: Instant) -> Result<(), Duration> {
        // A panic elsewhere while holding the lock leaves consistent buckets: keep using them.
        let mut buckets = self.buckets.lock().unwrap_or_else(|p| p.into_inner());
        if let Some(bucket) = buckets.get_mut(key) {
            return bucket.try_take_at(now);
        }
        if buckets.len() >= self.max_keys {
            prune(&mut buckets, self.max_keys, now);
        }
        let mut bucket = TokenBucket::new_at(self.capacity, self.refill_per_sec, now);
        let verdict = bucket.try_take_at(now);
        buckets.insert(key.clone(), bucket);
        verdict
    }

    /// How many keys are remembered.
    pub fn len(&self) -> usize {
        self.buckets.lock().unwrap_or_else(|p| p.into_inner()).len()
    }

    /// Whether no key is remembered.
    pub fn is_empty(&self) -> bool {
        self.len() == 0
    }
}

/// Makes room for one more key: drops full buckets, then if needed the older half.
fn prune<K: Hash + Eq>(buckets: &mut HashMap<K, TokenBucket>, max_keys: usize, now: Instant) {
    buckets.retain(|_, bucket| !bucket.is_full_at(now));
    if buckets.len() < max_keys {
        return;
    }
    let mut times: Vec<Instant> = buckets.values().map(|b| b.updated).collect();
    let middle = times.len() / 2;
    let (_, cut, _) = times.select_nth_unstable(middle);
    let cut = *cut;
    buckets.retain(|_, bucket| bucket.updated > cut);
}

#[cfg(test)]
mod tests {
    use super::*;

    fn secs(s: f64) -> Duration {
        Duration::from_secs_f64(s)
    }

    #[test]
    fn a_bucket_allows_its_capacity_at_once_then_one_per_refill() {
        let t0 = Instant::now();
        let mut bucket = TokenBucket::new_at(3, 2.0, t0);
        for _ in 0..3 {
            assert_eq!(bucket.try_take_at(t0), Ok(()));
        }
        let wait = bucket.try_take_at(t0).unwrap_err();
        assert!((wait.as_secs_f64() - 0.5).abs() < 1e-9, "{wait:?}");
        assert!(bucket.try_take_at(t0 + secs(0.25)).is_err());
        assert_eq!(bucket.try_take_at(t0 + secs(0.5)), Ok(()));
        // A long rest refills to the capacity, not beyond.
        let later = t0 + secs(100.0);
        for _ in 0..3 {
            assert_eq!(bucket.try_take_at(later), Ok(()));
        }
        assert!(bucket.try_take_at(later).is_err());
    }

    #[test]
    fn odd_parameters_are_clamped_rather_than_trusted() {
        let t0 = Instant::now();
        let mut bucket = TokenBucket::new_at(0, f64::NAN, t0);
        assert_eq!(bucket.try_take_at(t0), Ok(()));
        let wait = bucket.try_take_at(t0).unwrap_err();
        assert!(wait > secs(1000.0), "{wait:?}");
        let mut fast = TokenBucket::new_at(1, f64::INFINITY, t0);
        assert_eq!(fast.try_take_at(t0), Ok(()));
        assert!(fast.try_take_at(t0).unwrap_err() < secs(1e-6));
    }

    #[test]
    fn keys_have_separate_buckets() {
        let limiter = RateLimiter::new(2, 1.0);
        let t0 = Instant::now();
        assert!(limiter.check_at(&"a", t0).is_ok());
        assert!(limiter.check_at(&"a", t0).is_ok());
        assert!(limiter.check_at(&"a", t0).is_err());
        assert!(limiter.check_at(&"b", t0).is_ok());
        assert!(limiter.check_at(&"a", t0 + secs(1.0)).is_ok());
    }

    #[test]
    fn memory_stays_bounded_and_idle_keys_go_first() {
        let limiter = RateLimiter::new(1, 1.0).with_max_keys(100);
        let t0 = Instant::now();
        // A burst of distinct keys within one second: none has refilled, so old halves go.
        for key in 0..1000u32 {
            let _ = limiter.check_at(&key, t0 + secs(f64::from(key) * 1e-4));
            assert!(limiter.len() <= 100);
        }
        // After a rest every bucket is full again and is forgotten on the next new key, while
        // a busy key keeps its (empty) bucket.
        let rest = t0 + secs(10.0);
        assert!(limiter.check_at(&5000, rest).is_ok());
        assert!(limiter.check_at(&5000, rest).is_err());
        for key in 6000..6099u32 {
            let _ = limiter.check_at(&key, rest);
        }
        assert!(limiter.len() <= 100);
        assert!(
            limiter.check_at(&5000, rest).is_err(),
            "the busy key was kept"
        );
    }
}
