//! Read access to the live ledger: the lock helpers the handlers use, and [`LedgerView`], the
//! figures the API should be showing, for tests.

use super::history::{History, Timeframe};
use super::{Ledger, Unit};
use crate::clock::Clock;
use crate::fixed_catalogue::{catalogue, Currency};
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use std::sync::{Arc, RwLock, RwLockReadGuard, RwLockWriteGuard};

/// The ledger shared by the server's handlers.
pub type SharedLedger = Arc<RwLock<Ledger>>;

/// Read access to `ledger` (a poisoned lock is still readable).
pub(crate) fn read(ledger: &SharedLedger) -> RwLockReadGuard<'_, Ledger> {
    ledger.read().unwrap_or_else(|e| e.into_inner())
}

/// Write access to `ledger` (a poisoned lock is still writable).
pub(crate) fn write(ledger: &SharedLedger) -> RwLockWriteGuard<'_, Ledger> {
    ledger.write().unwrap_or_else(|e| e.into_inner())
}

/// One portfolio position as plain figures.
#[derive(Debug, Clone, PartialEq)]
pub struct PositionFigures {
    /// Asset or currency uuid.
    pub id: String,
    /// Symbol (`BTC`, `EUR`).
    pub symbol: String,
    /// Display name.
    pub name: String,
    /// Whether this is a fiat currency.
    pub is_fiat: bool,
    /// Balance incl. staked.
    pub balance: Decimal,
    /// Balance minus staked.
    pub available: Decimal,
    /// Value in the valuation currency, rounded to 2 dp (None for fiat).
    pub value: Option<Decimal>,
}

/// A cheap handle on the running sandbox's ledger and clock.
#[derive(Debug, Clone)]
pub struct LedgerView {
    ledger: SharedLedger,
    clock: Clock,
}

fn valuation(symbol: &str) -> &'static Currency {
    catalogue()
        .currency_by_symbol(symbol)
        .unwrap_or_else(|| panic!("unknown valuation currency {symbol}"))
}

impl LedgerView {
    /// A view of `ledger` read at the times of `clock`.
    pub fn new(ledger: SharedLedger, clock: Clock) -> Self {
        Self { ledger, clock }
    }

    /// Runs `f` with read access to the ledger.
    pub fn with<R>(&self, f: impl FnOnce(&Ledger) -> R) -> R {
        f(&read(&self.ledger))
    }

    /// The current sandbox time.
    pub fn now(&self) -> DateTime<Utc> {
        self.clock.now()
    }

    /// Non-zero positions valued in the currency with this symbol (panics on an unknown
    /// symbol). Values use the current sandbox time; freeze prices for exact comparisons.
    pub fn portfolio(&self, valuation_currency_symbol: &str) -> Vec<PositionFigures> {
        let val = valuation(valuation_currency_symbol);
        let now = self.now();
        self.with(|l| {
            l.positions(now, val)
                .into_iter()
                .map(|p| {
                    let (symbol, name) = match p.unit {
                        Unit::Asset(i) => {
                            (catalogue().assets[i].symbol, catalogue().assets[i].name)
                        }
                        Unit::Fiat(i) => (
                            catalogue().currencies[i].symbol,
                            catalogue().currencies[i].name,
                        ),
                    };
                    PositionFigures {
                        id: p.unit.id().to_string(),
                        symbol: symbol.to_string(),
                        name: name.to_string(),
                        is_fiat: matches!(p.unit, Unit::Fiat(_)),
                        balance: p.balance,
                        available: p.available,
                        value: p.value,
                    }
                })
                .collect()
        })
    }

    /// Σ asset values (each rounded to 2 dp) + Σ fiat balances converted to the valuation
    /// currency (each amount ÷ its units-per-EUR × the valuation's units-per-EUR, rounded
    /// to 2 dp; exact for the valuation currency itself).
    pub fn portfolio_total(&self, valuation_symbol: &str) -> Decimal {
        let val = valuation(valuation_symbol);
        let now = self.now();
        self.with(|l| l.total_value(now, val))
    }

    /// The portfolio history for a timeframe name (`DAY` … `YEAR`); None if unknown.
    pub fn history(&self, timeframe: &str, valuation_symbol: &str) -> Option<History> {
        let tf = Timeframe::parse(timeframe)?;
        let val = valuation(valuation_symbol);
        let now = self.now();
        Some(self.with(|l| l.history(tf, now, val)))
    }

    /// Number of operations the current API lists (`/v1/operations`): every operation of
    /// the ledger but the legacy-only ones (see [`LedgerView::legacy_only_count`]).
    pub fn operations_count(&self) -> usize {
        self.with(|l| l.operations.iter().filter(|op| !op.legacy_only).count())
    }

    /// Number of operations only the legacy API lists (the tax cases' 2020 deposit and buy;
    /// 0 without the tax cases). Balances include them.
    pub fn legacy_only_count(&self) -> usize {
        self.with(|l| l.operations.iter().filter(|op| op.legacy_only).count())
    }

    /// Currencies as (id, symbol, name), EUR first.
    pub fn currencies(&self) -> Vec<(String, String, String)> {
        catalogue()
            .currencies
            .iter()
            .map(|c| (c.id.to_string(), c.symbol.to_string(), c.name.to_string()))
            .collect()
    }

    /// Assets as (id, symbol, name), in catalogue order.
    pub fn assets(&self) -> Vec<(String, String, String)> {
        catalogue()
            .assets
            .iter()
            .map(|a| (a.id.to_string(), a.symbol.to_string(), a.name.to_string()))
            .collect()
    }

    /// The current EUR ticker price of the asset with this symbol.
    pub fn price_eur(&self, symbol: &str) -> Option<Decimal> {
        let asset = catalogue().asset_by_symbol(symbol)?;
        let now = self.now();
        Some(self.with(|l| l.prices.price_eur(asset, now)))
    }
}
