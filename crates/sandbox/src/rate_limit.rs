//! Fixed-window rate limiting per key (or per client address without a key).
//!
//! Reads (GET/HEAD) and writes are counted separately; the window is the current second
//! since the server started. The request that exceeds the limit gets 429 and `Retry-After: 1`.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Request counters per (identity, is_write).
#[derive(Debug)]
pub struct RateLimiter {
    read_limit: u32,
    write_limit: u32,
    origin: Instant,
    counts: Mutex<HashMap<(String, bool), (u64, u32)>>,
}

impl RateLimiter {
    /// A limiter allowing `read_limit` reads and `write_limit` writes per second.
    pub fn new(read_limit: u32, write_limit: u32) -> Self {
        Self {
            read_limit,
            write_limit,
            origin: Instant::now(),
            counts: Mutex::new(HashMap::new()),
        }
    }

    /// Counts one request; false when it exceeds the limit of the current window.
    pub fn allow(&self, identity: &str, write: bool) -> bool {
        let window = self.origin.elapsed().as_secs();
        let limit = if write {
            self.write_limit
        } else {
            self.read_limit
        };
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let entry = counts
            .entry((identity.to_string(), write))
            .or_insert((window, 0));
        if entry.0 != window {
            *entry = (window, 0);
        }
        entry.1 = entry.1.saturating_add(1);
        entry.1 <= limit
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn limits_per_identity_and_class() {
        let r = RateLimiter::new(3, 1);
        if r.origin.elapsed().as_millis() > 800 {
            return; // too close to a window edge to be meaningful
        }
        assert!((0..3).all(|_| r.allow("a", false)));
        assert!(!r.allow("a", false));
        assert!(r.allow("b", false));
        assert!(r.allow("a", true));
        assert!(!r.allow("a", true));
    }
}
