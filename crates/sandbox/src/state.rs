//! The server's state, assembled from the pieces each part needs: every API and layer takes
//! only its own sub-state through axum's `FromRef`, so none of them names [`AppState`].

use crate::clock::Clock;
use crate::current::{Budgets, CurrentState};
use crate::exchange::ExchangeState;
use crate::faults::FaultQueue;
use crate::ledger::generate::generate;
use crate::ledger::SharedLedger;
use crate::legacy::LegacyState;
use crate::price_walk::PriceModel;
use crate::rate_limit::RateLimiter;
use crate::request_log::RequestLog;
use crate::rng::{hash, Rng};
use crate::simulation::Simulation;
use crate::Config;
use axum::extract::FromRef;
use std::sync::{Arc, RwLock};

/// The longest quote lifetime honoured (one year).
const MAX_TTL_SECS: u64 = 365 * 86_400;

/// Everything the handlers and layers share, each piece behind its own `Arc`.
#[derive(Debug, Clone)]
pub(crate) struct AppState {
    /// The one ledger (the current and legacy APIs answer from it).
    pub(crate) ledger: SharedLedger,
    /// The sandbox clock.
    pub(crate) clock: Clock,
    /// The current API's handlers' state.
    pub(crate) current: Arc<CurrentState>,
    /// The legacy API's handlers' state.
    pub(crate) legacy: Arc<LegacyState>,
    /// The exchange API's account, prices and limits.
    pub(crate) exchange: Arc<ExchangeState>,
    /// Latency and random failures of all three APIs.
    pub(crate) simulation: Arc<Simulation>,
    /// Per-key budgets of the current and legacy APIs.
    pub(crate) budgets: Budgets,
    /// Queued one-shot faults.
    pub(crate) faults: Arc<FaultQueue>,
    /// Every request seen.
    pub(crate) log: Arc<RequestLog>,
}

impl AppState {
    /// Builds the state (and generates the ledger) for `config`.
    pub(crate) fn new(config: &Config) -> Self {
        let start = config.now.unwrap_or_else(chrono::Utc::now);
        let clock = Clock::new(start);
        let frozen = config.frozen_prices.then(|| clock.start());
        let prices = PriceModel::new(config.seed, frozen);
        let exchange = ExchangeState::new(config.seed, clock.clone(), prices.clone());
        let ledger = Arc::new(RwLock::new(generate(
            config.seed,
            config.operations,
            clock.start(),
            prices,
            config.tax_cases,
        )));
        let quote_ttl = chrono::Duration::seconds(config.quote_ttl_secs.min(MAX_TTL_SECS) as i64);
        let fail_rng = Rng::new(hash(&[config.seed, 0xfa11]));
        Self {
            current: Arc::new(CurrentState::new(ledger.clone(), clock.clone(), quote_ttl)),
            legacy: Arc::new(LegacyState::new(
                ledger.clone(),
                clock.clone(),
                config.legacy_discrepancy,
            )),
            exchange: Arc::new(exchange),
            simulation: Arc::new(Simulation::new(
                config.latency_ms,
                config.fail_rate_percent,
                fail_rng,
            )),
            budgets: Budgets(Arc::new(RateLimiter::new(
                config.read_rate_limit,
                config.write_rate_limit,
            ))),
            faults: Arc::default(),
            log: Arc::default(),
            ledger,
            clock,
        }
    }

    /// Read access to the ledger (a poisoned lock is still readable), for tests.
    #[cfg(test)]
    pub(crate) fn read(&self) -> std::sync::RwLockReadGuard<'_, crate::ledger::Ledger> {
        crate::ledger::read(&self.ledger)
    }
}

/// `FromRef` for the sub-states, each a clone of its field.
macro_rules! sub_states {
    ($($field:ident: $ty:ty),*) => {$(
        impl FromRef<AppState> for $ty {
            fn from_ref(state: &AppState) -> Self {
                state.$field.clone()
            }
        }
    )*};
}

sub_states!(
    current: Arc<CurrentState>,
    legacy: Arc<LegacyState>,
    exchange: Arc<ExchangeState>,
    simulation: Arc<Simulation>,
    budgets: Budgets,
    faults: Arc<FaultQueue>,
    log: Arc<RequestLog>
);
