//! Folio's Insights, computed in the browser for the tab only: the lots an account's
//! operations built, what each sale gained or lost and how it is taxed under Austrian or
//! German rules, income from rewards and dividends, the tax the service already withheld,
//! the fees paid, the lots still open (and the day each becomes tax-free) and the
//! money-weighted return. **Estimates, not tax advice**: docs/insights.md gives every rule,
//! its source and the date it took effect, and what Folio assumes where the data is silent.
//!
//! Input: the ledger `folio_export::tax::select` makes of the current API's operations and
//! the legacy API's trades (cancelled and compensated operations left out, legacy trades
//! de-duplicated). [`report`] removes duplicate entries (by id) and sorts by time, so the
//! order pages arrived in never changes a figure. Money is exact (`rust_decimal`) and every
//! operation on it is checked: a figure that would overflow becomes unknown, never a panic.
#![cfg_attr(not(test), deny(clippy::arithmetic_side_effects))]

pub mod csv;
mod engine;
mod eur;
pub mod holding;
mod irr;
mod lots;
mod model;
mod prices;
mod rules;
mod years;

#[cfg(test)]
mod tests;

use std::collections::HashMap;

use chrono::NaiveDate;
use folio_export::tax::entry::{sort_ledger, Entry};
use rust_decimal::Decimal;
use rustc_hash::FxHashSet;

pub use irr::money_weighted_return;
pub use model::{
    AssetRef, AustriaYear, Basis, Disposal, Flag, GainRow, GermanyYear, IncomeKind, IncomeRow,
    LotUse, OpenLot, Regime, Report, YearTotals,
};
pub use rules::{basis, neuvermoegen_from};
pub use years::{other_income_limit, over_freigrenze, private_sales_limit, saver_allowance};

use engine::Walker;
use prices::ReferencePrices;

/// Whose rules estimate the figures.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum RuleSet {
    /// Austria: moving average, Neuvermögen at 27.5 %, Altvermögen tax-free after a year.
    Austria,
    /// Germany: FIFO, tax-free after a year, yearly Freigrenzen.
    Germany,
}

impl RuleSet {
    /// A short code (`at`, `de`) for URLs and file names.
    pub fn slug(self) -> &'static str {
        match self {
            RuleSet::Austria => "at",
            RuleSet::Germany => "de",
        }
    }
}

/// What a report is made from.
#[derive(Debug, Clone, Copy)]
pub struct InsightsInput<'a> {
    /// The ledger (`folio_export::tax::select` over every day).
    pub entries: &'a [Entry],
    /// The rules.
    pub rules: RuleSet,
    /// Today's EUR price per asset id.
    pub prices_eur: &'a HashMap<String, Decimal>,
    /// Costs (EUR, the whole quantity) the person entered for assets that came in without
    /// one, by operation id.
    pub entered_costs: &'a HashMap<String, Decimal>,
    /// Today (for open lots and the money-weighted return).
    pub today: NaiveDate,
    /// The account's EUR value today (the money-weighted return's last flow).
    pub portfolio_value_eur: Option<Decimal>,
}

/// The report of `input`.
pub fn report(input: &InsightsInput<'_>) -> Report {
    let mut seen = FxHashSet::default();
    seen.reserve(input.entries.len());
    let mut entries: Vec<&Entry> = input
        .entries
        .iter()
        .filter(|e| seen.insert(e.id.as_str()))
        .collect();
    sort_ledger(&mut entries);
    let prices = ReferencePrices::from_entries(&entries);
    let mut walker = Walker::new(input.rules, &prices, input.entered_costs);
    for &entry in &entries {
        walker.add(entry);
    }
    let walk = walker.finish();
    let money_weighted_return = input
        .portfolio_value_eur
        .and_then(|value| money_weighted_return(&walk.cash_flows, value, input.today));
    Report {
        years: years::totals(&walk, input.rules),
        gains: years::gains(&walk.disposals),
        income: years::income(&walk.payments),
        open_lots: open_lots(&walk, input),
        money_weighted_return,
        cash_flows: walk.cash_flows.len().saturating_add(1),
        entries: entries.len(),
        disposals: walk.disposals,
        flags: walk.flags,
    }
}

/// The lots still held, with today's value and (by holding) the day they become tax-free.
fn open_lots(walk: &engine::Walk, input: &InsightsInput<'_>) -> Vec<OpenLot> {
    let mut out = Vec::new();
    let mut assets: Vec<_> = walk.holdings.iter().collect();
    folio_client::sorting::sort_by(&mut assets, |a, b| {
        a.0.symbol.cmp(&b.0.symbol).then(a.0.id.cmp(&b.0.id))
    });
    for (asset, holding) in assets {
        let price = input.prices_eur.get(&*asset.id).copied();
        let lot = |acquired: Option<NaiveDate>, quantity: Decimal, cost: Option<Decimal>| {
            let value = price.and_then(|p| p.checked_mul(quantity));
            let by_holding = asset.regime != Regime::Security && acquired.is_some();
            OpenLot {
                asset: asset.clone(),
                acquired,
                quantity,
                cost,
                value,
                unrealised: value.zip(cost).and_then(|(v, c)| v.checked_sub(c)),
                tax_free_from: acquired
                    .filter(|_| by_holding)
                    .and_then(holding::tax_free_from),
            }
        };
        for l in &holding.lots {
            out.push(lot(Some(l.acquired), l.quantity, l.cost));
        }
        if holding.pool.quantity > Decimal::ZERO {
            out.push(lot(None, holding.pool.quantity, holding.pool.cost));
        }
    }
    out
}
