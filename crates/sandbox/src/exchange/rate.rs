//! The exchange's rate limits (contract §3), in fixed one-minute windows since the server
//! started: 1,000 requests per account, 240 market-data requests and 300 order creations.
//! All demo keys share one account; requests without a valid key count per key or address.

use std::collections::HashMap;
use std::sync::Mutex;
use std::time::Instant;

/// Requests per minute per account.
pub const ACCOUNT_PER_MIN: u32 = 1_000;
/// Market-data requests per minute.
pub const MARKET_DATA_PER_MIN: u32 = 240;
/// Order creations per minute.
pub const ORDERS_PER_MIN: u32 = 300;

/// What a request counts against besides the account limit.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum Class {
    /// Only the account limit.
    Account,
    /// Market data (time, pairs, tickers, order book, candles, assets).
    MarketData,
    /// `POST /v1/account/orders`.
    OrderCreation,
}

/// Per-minute counters per (identity, class).
#[derive(Debug)]
pub struct ExchangeLimiter {
    origin: Instant,
    counts: Mutex<HashMap<(String, Class), (u64, u32)>>,
}

impl Default for ExchangeLimiter {
    fn default() -> Self {
        Self {
            origin: Instant::now(),
            counts: Mutex::new(HashMap::new()),
        }
    }
}

impl ExchangeLimiter {
    /// Counts one request; `Err(seconds to wait)` when a limit is exceeded.
    pub fn allow(&self, identity: &str, class: Class) -> Result<(), u64> {
        let elapsed = self.origin.elapsed().as_secs();
        let window = elapsed / 60;
        let wait = 60 - elapsed % 60;
        let mut counts = self.counts.lock().unwrap_or_else(|e| e.into_inner());
        let mut bump = |class: Class, limit: u32| {
            let entry = counts
                .entry((identity.to_string(), class))
                .or_insert((window, 0));
            if entry.0 != window {
                *entry = (window, 0);
            }
            entry.1 = entry.1.saturating_add(1);
            entry.1 <= limit
        };
        let account_ok = bump(Class::Account, ACCOUNT_PER_MIN);
        let class_ok = match class {
            Class::Account => true,
            Class::MarketData => bump(class, MARKET_DATA_PER_MIN),
            Class::OrderCreation => bump(class, ORDERS_PER_MIN),
        };
        if account_ok && class_ok {
            Ok(())
        } else {
            Err(wait)
        }
    }
}
