//! Shared server state: ledger, clock, faults, request log, rate limiter.

use crate::clock::Clock;
use crate::faults::FaultQueue;
use crate::ledger::generate::generate;
use crate::ledger::SharedLedger;
use crate::prices::PriceModel;
use crate::rate_limit::RateLimiter;
use crate::request_log::RequestLog;
use crate::rng::{hash, Rng};
use crate::Config;
use std::sync::{Arc, Mutex, RwLock};

/// The longest quote lifetime honoured (one year).
const MAX_TTL_SECS: u64 = 365 * 86_400;

/// Everything the handlers and middleware share.
#[derive(Debug)]
pub struct AppState {
    /// The one ledger.
    pub ledger: SharedLedger,
    /// The sandbox clock.
    pub clock: Clock,
    /// Delay before every API response, in ms.
    pub latency_ms: u64,
    /// Share of API requests answered with 500, in percent.
    pub fail_rate_percent: u8,
    /// Generator deciding which requests fail.
    pub fail_rng: Mutex<Rng>,
    /// Queued one-shot faults.
    pub faults: FaultQueue,
    /// Every request seen.
    pub log: RequestLog,
    /// Per-key request counters.
    pub rate: RateLimiter,
    /// How long a quote stays acceptable.
    pub quote_ttl: chrono::Duration,
    /// Whether the legacy API deliberately disagrees with the ledger.
    pub legacy_discrepancy: bool,
    /// The exchange API's account and limits.
    pub exchange: crate::exchange::ExchangeState,
}

impl AppState {
    /// Builds the state (and generates the ledger) for `config`.
    pub fn new(config: &Config) -> Arc<Self> {
        let start = config.now.unwrap_or_else(chrono::Utc::now);
        let clock = Clock::new(start);
        let frozen = config.frozen_prices.then(|| clock.start());
        let prices = PriceModel::new(config.seed, frozen);
        let exchange =
            crate::exchange::ExchangeState::new(config.seed, clock.start(), prices.clone());
        let ledger = generate(config.seed, config.operations, clock.start(), prices);
        Arc::new(Self {
            ledger: Arc::new(RwLock::new(ledger)),
            clock,
            latency_ms: config.latency_ms,
            fail_rate_percent: config.fail_rate_percent,
            fail_rng: Mutex::new(Rng::new(hash(&[config.seed, 0xfa11]))),
            faults: FaultQueue::default(),
            log: RequestLog::default(),
            rate: RateLimiter::new(config.read_rate_limit, config.write_rate_limit),
            quote_ttl: chrono::Duration::seconds(config.quote_ttl_secs.min(MAX_TTL_SECS) as i64),
            exchange,
            legacy_discrepancy: config.legacy_discrepancy,
        })
    }

    /// Read access to the ledger (a poisoned lock is still readable).
    pub fn read(&self) -> std::sync::RwLockReadGuard<'_, crate::ledger::Ledger> {
        self.ledger.read().unwrap_or_else(|e| e.into_inner())
    }

    /// Write access to the ledger (a poisoned lock is still writable).
    pub fn write(&self) -> std::sync::RwLockWriteGuard<'_, crate::ledger::Ledger> {
        self.ledger.write().unwrap_or_else(|e| e.into_inner())
    }
}
