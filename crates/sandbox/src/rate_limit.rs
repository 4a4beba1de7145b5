//! Fixed-window rate limiting: [`FixedWindows`] counts requests per key in windows of a fixed
//! length since the server started; [`RateLimiter`] is the current (and legacy) API's use of
//! it, per key (or per client address without a key).
//!
//! Reads (GET/HEAD) and writes are counted separately; the window is the current second
//! since the server started. The request that exceeds the limit gets 429 and `Retry-After: 1`.
//! The exchange's per-minute limits use the same counters (`exchange::rate`).

use std::collections::HashMap;
use std::hash::Hash;
use std::sync::Mutex;
use std::time::Instant;

/// Request counters per key, each in the current window of `window_secs` seconds.
#[derive(Debug)]
pub struct FixedWindows<K> {
    window_secs: u64,
    origin: Instant,
    counts: Mutex<HashMap<K, (u64, u32)>>,
}

impl<K: Eq + Hash> FixedWindows<K> {
    /// Counters in windows of `window_secs` seconds, starting now.
    pub fn new(window_secs: u64) -> Self {
        Self {
            window_secs,
            origin: Instant::now(),
            counts: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one request against every `(key, limit)` of `keys` (all of them, in one
    /// window); `Err(seconds until the window ends)` when any count exceeds its limit.
    pub fn count(&self, keys: impl IntoIterator<Item = (K, u32)>) -> Result<(), u64> {
        let elapsed = self.origin.elapsed().as_secs();
        let window = elapsed / self.window_secs;
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let mut within = true;
        for (key, limit) in keys {
            let entry = counts.entry(key).or_insert((window, 0));
            if entry.0 != window {
                *entry = (window, 0);
            }
            entry.1 = entry.1.saturating_add(1);
            within &= entry.1 <= limit;
        }
        if within {
            Ok(())
        } else {
            Err(self.window_secs - elapsed % self.window_secs)
        }
    }
}

/// Reads and writes per second, per (identity, is_write).
#[derive(Debug)]
pub struct RateLimiter {
    read_limit: u32,
    write_limit: u32,
    windows: FixedWindows<(String, bool)>,
}

impl RateLimiter {
    /// A limiter allowing `read_limit` reads and `write_limit` writes per second.
    pub fn new(read_limit: u32, write_limit: u32) -> Self {
        Self {
            read_limit,
            write_limit,
            windows: FixedWindows::new(1),
        }
    }

    /// Counts one request; false when it exceeds the limit of the current window.
    pub fn allow(&self, identity: &str, write: bool) -> bool {
        let limit = if write {
            self.write_limit
        } else {
            self.read_limit
        };
        self.windows
            .count([((identity.to_string(), write), limit)])
            .is_ok()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_per_identity_and_class() {
        let r = RateLimiter::new(3, 1);
        if r.windows.origin.elapsed().as_millis() > 800 {
            return; // too close to a window edge to be meaningful
        }
        assert!((0..3).all(|_| r.allow("a", false)));
        assert!(!r.allow("a", false));
        assert!(r.allow("b", false));
        assert!(r.allow("a", true));
        assert!(!r.allow("a", true));
    }
}
