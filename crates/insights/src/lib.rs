//! Folio's Insights, computed in the browser for the tab only: the lots an account's
//! operations built, what each sale gained or lost and how it is taxed under Austrian or
//! German rules, income from rewards and dividends, the tax the service already withheld,
//! the fees paid, the lots still open (and the day each becomes tax-free) and the
//! money-weighted return. **Estimates, not tax advice**: docs/insights.md gives every rule,
//! its source and the date it took effect, and what Folio assumes where the data is silent.
//!
//! Input: the ledger `folio_export::tax::select` makes of the current API's operations and
//! the legacy API's trades (cancelled and compensated operations left out, legacy trades
//! de-duplicated and matched to the current catalogue's assets), plus the operations none of
//! whose legs could be read. [`report`] removes duplicate entries (by id; not when told there
//! are none: [`InsightsInput::one_per_id`]) and sorts by time,
//! so the order pages arrived in never changes a figure. Days are calendar days where the
//! rules live (Europe/Vienna, Europe/Berlin: [`days`]), each rule applies from the day the
//! law set it, and every operation is either walked or listed as not understood. Money is
//! exact (`rust_decimal`) and every operation on it is checked: a figure that would
//! overflow becomes unknown, never a panic and never a smaller sum.
#![cfg_attr(not(test), deny(clippy::arithmetic_side_effects))]

pub mod csv;
pub mod days;
mod engine;
mod eur;
mod flags;
pub mod holding;
mod irr;
mod lots;
mod model;
mod prices;
mod rules;
pub mod savings_plans;
mod years;

#[cfg(test)]
mod tests;

use std::collections::HashMap;

use chrono::NaiveDate;
use folio_export::tax::entry::{sort_ledger, Entry, Kind};
use rust_decimal::Decimal;
use rustc_hash::FxHashSet;

pub use irr::money_weighted_return;
pub use model::{
    Acquired, AssetRef, AustriaYear, Basis, Disposal, Flag, GainRow, GermanyYear, IncomeKind,
    IncomeRow, LotUse, NotUnderstood, OpenLot, Regime, Report, Unclear, YearTotals,
};
pub use rules::{basis, neuvermoegen_from, new_rules_from};
pub use years::{
    other_income_limit, over_freigrenze, private_sales_limit, saver_allowance, speculation_limit,
};

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

/// What the person entered for an asset that came in from elsewhere (kept for the tab
/// only): its total EUR cost and the day they acquired it.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Entered {
    /// The total cost in EUR.
    pub cost: Option<Decimal>,
    /// The day it was acquired (in the rule set's calendar).
    pub acquired: Option<NaiveDate>,
}

/// What a report is made from.
#[derive(Debug, Clone, Copy)]
pub struct InsightsInput<'a> {
    /// The ledger (`folio_export::tax::select` over every day).
    pub entries: &'a [Entry],
    /// Each entry's id is known to appear once (`Selection::one_per_id`): the report then
    /// does not remove duplicates itself. `false` is always right (they are removed).
    pub one_per_id: bool,
    /// The rules.
    pub rules: RuleSet,
    /// Today's EUR price per asset id.
    pub prices_eur: &'a HashMap<String, Decimal>,
    /// What the person entered for assets that came in without a cost or acquisition
    /// day, by operation id.
    pub entered: &'a HashMap<String, Entered>,
    /// Today (for open lots and the money-weighted return).
    pub today: NaiveDate,
    /// The account's EUR value today (the money-weighted return's last flow).
    pub portfolio_value_eur: Option<Decimal>,
}

/// The report of `input`.
pub fn report(input: &InsightsInput<'_>) -> Report {
    let (entries, sales) = unique_entries(input.entries, input.one_per_id);
    let prices = ReferencePrices::new(&entries, input.rules);
    let mut walker = Walker::new(input.rules, prices, input.entered, sales);
    for &entry in &entries {
        walker.add(entry);
    }
    let walk = walker.finish();
    let money_weighted_return = input
        .portfolio_value_eur
        .filter(|_| walk.transfers_unvalued == 0)
        .and_then(|value| money_weighted_return(&walk.cash_flows, value, input.today));
    let sums = years::DisposalSums::of(&walk.disposals);
    Report {
        years: years::totals(&walk, &sums, input.rules),
        gains: sums.gains(),
        income: years::income(&walk.payments),
        open_lots: open_lots(&walk, input),
        money_weighted_return,
        cash_flows: walk.cash_flows.len().saturating_add(1),
        transfers_valued: walk.transfers_valued,
        entries: entries.len(),
        disposals: walk.disposals,
        flags: walk.flags,
        not_understood: walk.not_understood,
    }
}

/// Each entry of `ledger` once (by id: the first listed is kept; nothing is looked up when
/// the ledger is known to hold each id once), in ledger order, and how many of them are
/// sales or swaps (the walk makes room for that many disposals at once, rather than moving
/// them all each time the list grows).
fn unique_entries(ledger: &[Entry], one_per_id: bool) -> (Vec<&Entry>, usize) {
    let mut seen = FxHashSet::default();
    if !one_per_id {
        seen.reserve(ledger.len());
    }
    let mut entries = Vec::with_capacity(ledger.len());
    let mut sales = 0usize;
    for entry in ledger {
        if one_per_id || seen.insert(&entry.id) {
            if matches!(entry.kind, Kind::Sell | Kind::Swap) {
                sales = sales.saturating_add(1);
            }
            entries.push(entry);
        }
    }
    sort_ledger(&mut entries);
    (entries, sales)
}

/// The lots still held, with today's value and (by holding) the day they become tax-free.
fn open_lots(walk: &engine::Walk, input: &InsightsInput<'_>) -> Vec<OpenLot> {
    let mut out = Vec::new();
    let mut assets: Vec<_> = walk.holdings.iter().collect();
    assets.sort_by(|a, b| a.0.symbol.cmp(&b.0.symbol).then(a.0.id.cmp(&b.0.id)));
    for (asset, holding) in assets {
        let price = input.prices_eur.get(&*asset.id).copied();
        let by_holding = !asset.regime.is_security();
        let lot = |acquired: Acquired, quantity: Decimal, cost: Option<Decimal>| {
            let value = price.and_then(|p| p.checked_mul(quantity));
            let altvermoegen = (input.rules == RuleSet::Austria && asset.regime == Regime::Crypto)
                .then(|| acquired.day().map(|d| d < neuvermoegen_from()))
                .flatten();
            OpenLot {
                asset: asset.clone(),
                acquired,
                quantity,
                cost,
                value,
                unrealised: value.zip(cost).and_then(|(v, c)| v.checked_sub(c)),
                tax_free_from: acquired
                    .day()
                    .filter(|_| by_holding)
                    .and_then(holding::tax_free_from),
                altvermoegen: altvermoegen.or_else(|| {
                    (input.rules == RuleSet::Austria
                        && asset.regime == Regime::Crypto
                        && acquired == Acquired::Pool)
                        .then_some(false)
                }),
            }
        };
        for l in &holding.lots {
            out.push(lot(l.acquired, l.quantity, l.cost));
        }
        if holding.pool.quantity > Decimal::ZERO {
            out.push(lot(
                Acquired::Pool,
                holding.pool.quantity,
                holding.pool.cost,
            ));
        }
    }
    out
}
