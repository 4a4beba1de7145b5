//! The exchange's rate limits (contract §3), in fixed one-minute windows since the server
//! started: 1,000 requests per account, 240 market-data requests and 300 order creations.
//! All demo keys share one account; requests without a valid key count per key or address.

use crate::rate_limit::FixedWindows;

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
pub struct ExchangeLimiter(FixedWindows<(String, Class)>);

impl Default for ExchangeLimiter {
    fn default() -> Self {
        Self(FixedWindows::new(60))
    }
}

impl ExchangeLimiter {
    /// Counts one request; `Err(seconds to wait)` when a limit is exceeded.
    pub fn allow(&self, identity: &str, class: Class) -> Result<(), u64> {
        let key = |class: Class| (identity.to_string(), class);
        let account = (key(Class::Account), ACCOUNT_PER_MIN);
        let own = match class {
            Class::Account => None,
            Class::MarketData => Some((key(class), MARKET_DATA_PER_MIN)),
            Class::OrderCreation => Some((key(class), ORDERS_PER_MIN)),
        };
        self.0.count([account].into_iter().chain(own))
    }
}
