//! The sandbox clock: starts at the configured instant and advances in real time; tests can
//! move it forward (quote expiry, the daily budget reset) with [`Clock::advance`].

use chrono::{DateTime, Duration, DurationRound, Utc};
use std::sync::atomic::{AtomicI64, Ordering};
use std::sync::Arc;
use std::time::Instant;

/// A clock that started at `start` when the sandbox started, plus a shared manual offset.
#[derive(Debug, Clone)]
pub struct Clock {
    start: DateTime<Utc>,
    origin: Instant,
    offset_ms: Arc<AtomicI64>,
}

impl Clock {
    /// A clock reading `start` now (truncated to milliseconds).
    pub fn new(start: DateTime<Utc>) -> Self {
        Self {
            start: truncate(start),
            origin: Instant::now(),
            offset_ms: Arc::new(AtomicI64::new(0)),
        }
    }

    /// The instant the sandbox started at (the end of the generated history).
    pub fn start(&self) -> DateTime<Utc> {
        self.start
    }

    /// The current sandbox time (milliseconds precision).
    pub fn now(&self) -> DateTime<Utc> {
        let elapsed = Duration::from_std(self.origin.elapsed()).unwrap_or_default();
        let offset = Duration::milliseconds(self.offset_ms.load(Ordering::SeqCst));
        truncate(self.start + elapsed + offset)
    }

    /// Moves this clock (and every clone of it) forward by `by`.
    pub fn advance(&self, by: std::time::Duration) {
        let ms = i64::try_from(by.as_millis()).unwrap_or(i64::MAX);
        self.offset_ms.fetch_add(ms, Ordering::SeqCst);
    }
}

fn truncate(t: DateTime<Utc>) -> DateTime<Utc> {
    t.duration_trunc(Duration::milliseconds(1)).unwrap_or(t)
}

/// Formats an instant as ISO 8601 UTC with milliseconds (`2026-05-04T09:15:27.412Z`).
pub fn iso(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn advancing_moves_every_clone() {
        let start = DateTime::parse_from_rfc3339("2026-05-04T09:15:27.412Z")
            .unwrap()
            .with_timezone(&Utc);
        let clock = Clock::new(start);
        let twin = clock.clone();
        clock.advance(std::time::Duration::from_secs(31));
        assert!(twin.now() >= start + Duration::seconds(31));
        assert!(twin.now() < start + Duration::seconds(40));
    }
}
