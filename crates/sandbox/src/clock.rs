//! The sandbox clock: starts at the configured instant and advances in real time.

use chrono::{DateTime, Duration, DurationRound, Utc};
use std::time::Instant;

/// A clock that started at `start` when the sandbox started.
#[derive(Debug, Clone, Copy)]
pub struct Clock {
    start: DateTime<Utc>,
    origin: Instant,
}

impl Clock {
    /// A clock reading `start` now (truncated to milliseconds).
    pub fn new(start: DateTime<Utc>) -> Self {
        Self {
            start: truncate(start),
            origin: Instant::now(),
        }
    }

    /// The instant the sandbox started at (the end of the generated history).
    pub fn start(&self) -> DateTime<Utc> {
        self.start
    }

    /// The current sandbox time (milliseconds precision).
    pub fn now(&self) -> DateTime<Utc> {
        let elapsed = Duration::from_std(self.origin.elapsed()).unwrap_or_default();
        truncate(self.start + elapsed)
    }
}

fn truncate(t: DateTime<Utc>) -> DateTime<Utc> {
    t.duration_trunc(Duration::milliseconds(1)).unwrap_or(t)
}

/// Formats an instant as ISO 8601 UTC with milliseconds (`2026-05-04T09:15:27.412Z`).
pub fn iso(t: DateTime<Utc>) -> String {
    t.format("%Y-%m-%dT%H:%M:%S%.3fZ").to_string()
}
