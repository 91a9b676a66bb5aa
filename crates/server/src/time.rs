//! Wall-clock time as the store keeps it: milliseconds since the Unix epoch.

use std::time::{SystemTime, UNIX_EPOCH};

/// Milliseconds since the Unix epoch; 0 for a clock set before 1970.
pub fn now_ms() -> i64 {
    SystemTime::now()
        .duration_since(UNIX_EPOCH)
        .map_or(0, |d| i64::try_from(d.as_millis()).unwrap_or(i64::MAX))
}

#[cfg(test)]
mod tests {
    use super::now_ms;

    #[test]
    fn now_is_after_2024_and_does_not_go_back() {
        let first = now_ms();
        assert!(first > 1_704_067_200_000, "{first}");
        assert!(now_ms() >= first);
    }
}
