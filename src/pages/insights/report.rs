//! Computing a report from what was read: the ledger (`folio_export::tax::select` over every
//! day), then `folio_insights::report` under the chosen rules, timed with `performance.now()`
//! (the figure `cargo xtask bench insights` reads from the page).

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{NaiveDate, Utc};
use folio_export::tax::select::select;
use folio_export::tax::{DateRange, TaxInput};
use folio_insights::{report as insights_report, InsightsInput, Report, RuleSet};
use rust_decimal::Decimal;

use super::load::InsightsData;
use crate::data::ledger::LedgerSources;

/// A computed report and what it took.
#[derive(Debug, Clone)]
pub struct Computed {
    /// The report.
    pub report: Arc<Report>,
    /// The rules it was computed under.
    pub rules: RuleSet,
    /// Ledger entries it was made from.
    pub entries: usize,
    /// Wasm work from the data to the report, in whole microseconds.
    pub micros: u64,
    /// The service's own one-year return (percent), shown beside the money-weighted one.
    pub service_return_year: Option<Decimal>,
}

impl PartialEq for Computed {
    fn eq(&self, other: &Self) -> bool {
        Arc::ptr_eq(&self.report, &other.report)
    }
}

impl Computed {
    /// The years with activity, latest first.
    pub fn years(&self) -> Vec<i32> {
        let mut years: Vec<i32> = self.report.years.iter().map(|y| y.year).collect();
        years.sort_unstable_by(|a, b| b.cmp(a));
        years.dedup();
        years
    }
}

/// Milliseconds since the page started, with microsecond resolution where the browser gives
/// it (`None` outside a browser).
fn now_ms() -> Option<f64> {
    web_sys::window()?.performance().map(|p| p.now())
}

/// The report of `sources` (with today's `prices` and `value`) under `rules` with the costs
/// the person `entered`, as of `today`; the page and the e2e test's native check both use it.
pub fn report_of(
    sources: &LedgerSources,
    prices: &HashMap<String, Decimal>,
    value: Option<Decimal>,
    rules: RuleSet,
    entered: &HashMap<String, Decimal>,
    today: NaiveDate,
) -> Report {
    let units = sources.units();
    let input = TaxInput::new(&sources.operations, &units, DateRange::all_days())
        .with_legacy_trades(&sources.legacy_trades);
    let ledger = select(&input);
    insights_report(&InsightsInput {
        entries: &ledger.entries,
        rules,
        prices_eur: prices,
        entered_costs: entered,
        today,
        portfolio_value_eur: value,
    })
}

/// The report of `data` under `rules` with the costs the person `entered`, timed.
pub fn compute(
    data: &InsightsData,
    rules: RuleSet,
    entered: &HashMap<String, Decimal>,
) -> Computed {
    let started = now_ms();
    let report = report_of(
        &data.sources,
        &data.prices,
        data.portfolio_value,
        rules,
        entered,
        Utc::now().date_naive(),
    );
    // Timing only (not money): whole microseconds of the elapsed milliseconds.
    let micros = match (started, now_ms()) {
        (Some(a), Some(b)) if b >= a => ((b - a) * 1000.0).round() as u64,
        _ => 0,
    };
    Computed {
        entries: report.entries,
        report: Arc::new(report),
        rules,
        micros,
        service_return_year: data.service_return_year,
    }
}
