//! Percentiles of latencies.

use std::time::Duration;

/// The `p`-th percentile (0 < p ≤ 100) of `sorted` by the nearest rank; `None` when empty.
pub fn percentile(sorted: &[Duration], p: f64) -> Option<Duration> {
    if sorted.is_empty() {
        return None;
    }
    let rank = ((p / 100.0) * sorted.len() as f64).ceil() as usize;
    sorted.get(rank.clamp(1, sorted.len()) - 1).copied()
}

/// `p50 … p95 … p99 … max …` in milliseconds, with the sample count.
pub fn summary(samples: &mut [Duration]) -> String {
    samples.sort_unstable();
    let ms = |d: Option<Duration>| match d {
        Some(d) => format!("{:.1}", d.as_secs_f64() * 1000.0),
        None => "-".to_owned(),
    };
    format!(
        "p50 {:>7} ms  p95 {:>7} ms  p99 {:>7} ms  max {:>7} ms  ({} samples)",
        ms(percentile(samples, 50.0)),
        ms(percentile(samples, 95.0)),
        ms(percentile(samples, 99.0)),
        ms(samples.last().copied()),
        samples.len()
    )
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn percentiles_are_nearest_ranks() {
        let ms: Vec<Duration> = (1..=100).map(Duration::from_millis).collect();
        assert_eq!(percentile(&ms, 50.0), Some(Duration::from_millis(50)));
        assert_eq!(percentile(&ms, 99.0), Some(Duration::from_millis(99)));
        assert_eq!(percentile(&ms, 100.0), Some(Duration::from_millis(100)));
        assert_eq!(percentile(&ms[..1], 95.0), Some(Duration::from_millis(1)));
        assert_eq!(percentile(&[], 50.0), None);
    }
}
