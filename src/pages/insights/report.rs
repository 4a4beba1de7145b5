//! Computing a report from what was read: the ledger (`folio_export::tax::select` over every
//! day), then `folio_insights::report` under the chosen rules, timed with `performance.now()`
//! (the figure `cargo xtask bench insights` reads from the page).

use std::collections::HashMap;
use std::sync::Arc;

use chrono::{NaiveDate, Utc};
use folio_export::tax::entry::Entry;
use folio_export::tax::select::select;
use folio_export::tax::{DateRange, TaxInput};
use folio_insights::{report as insights_report, Entered, InsightsInput, Report, RuleSet};
use rust_decimal::Decimal;

use super::load::InsightsData;
use crate::data::ledger::LedgerSources;
use crate::data::stopwatch::{micros_since, now_ms};

/// A computed report and what it took.
#[derive(Debug, Clone)]
pub struct Computed {
    /// The report.
    pub report: Arc<Report>,
    /// The rules it was computed under.
    pub rules: RuleSet,
    /// Ledger entries it was made from.
    pub entries: usize,
    /// Wasm work from the ledger to the report, in whole microseconds.
    pub micros: u64,
    /// Wasm work finishing the ledger after the last answer (once per load), in
    /// microseconds.
    pub ledger_micros: u64,
    /// Wasm work making the ledger's entries while the pages arrived, in microseconds.
    pub reading_micros: u64,
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
        folio_client::sorting::sort_by(&mut years, |a, b| b.cmp(a));
        years.dedup();
        years
    }
}

/// The ledger of `sources`: `folio_export::tax::select` over every day (what the tax files
/// use) at once, with the operations none of whose legs could be read (Insights lists
/// them). The page makes the same ledger page by page while it reads
/// (`data::ledger::read_and_make_ledger`), once per load; the e2e test compares the two.
/// Also answers whether no two entries share an id (`Selection::one_per_id`).
pub fn ledger_of(sources: &LedgerSources) -> (Vec<Entry>, bool) {
    let units = sources.units();
    let input = TaxInput::new(&sources.operations, &units, DateRange::all_days())
        .with_legacy_trades(&sources.legacy_trades);
    let selection = select(&input);
    let mut entries = selection.entries;
    entries.extend(selection.without_legs);
    (entries, selection.one_per_id)
}

/// The report of `ledger` (`one_per_id`: no two entries share an id) with today's `prices`
/// and `value` under `rules` with the costs the person `entered`, as of `today`.
pub fn report_from(
    (ledger, one_per_id): (&[Entry], bool),
    prices: &HashMap<String, Decimal>,
    value: Option<Decimal>,
    rules: RuleSet,
    entered: &HashMap<String, Entered>,
    today: NaiveDate,
) -> Report {
    insights_report(&InsightsInput {
        entries: ledger,
        one_per_id,
        rules,
        prices_eur: prices,
        entered,
        today,
        portfolio_value_eur: value,
    })
}

/// [`ledger_of`] then [`report_from`]: what the e2e test computes natively.
pub fn report_of(
    sources: &LedgerSources,
    prices: &HashMap<String, Decimal>,
    value: Option<Decimal>,
    rules: RuleSet,
    entered: &HashMap<String, Entered>,
    today: NaiveDate,
) -> Report {
    let (ledger, one_per_id) = ledger_of(sources);
    report_from((&ledger, one_per_id), prices, value, rules, entered, today)
}

/// The report of `data` under `rules` with the costs the person `entered`, timed.
pub fn compute(
    data: &InsightsData,
    rules: RuleSet,
    entered: &HashMap<String, Entered>,
) -> Computed {
    let started = now_ms();
    let report = report_from(
        (&data.ledger, data.one_per_id),
        &data.prices,
        data.portfolio_value,
        rules,
        entered,
        folio_insights::days::tax_day(rules, Utc::now()),
    );
    Computed {
        entries: report.entries,
        report: Arc::new(report),
        rules,
        micros: micros_since(started),
        ledger_micros: data.ledger_micros,
        reading_micros: data.reading_micros,
        service_return_year: data.service_return_year,
    }
}
