//! What Insights reads: the account's ledger (`data::ledger`), today's EUR prices and the
//! portfolio's value (one `GET /v1/portfolio` valued in EUR: a position's EUR value over its
//! balance is its price), and the service's own one-year return (`GET /v1/portfolio-history`).
//! Nothing is kept beyond the page; nothing keyed is cached.

use std::collections::HashMap;
use std::sync::Arc;

use folio_client::current::Timeframe;
use folio_client::{ApiError, Client};
use rust_decimal::Decimal;

use folio_export::tax::entry::Entry;

use crate::data::ledger::read_and_make_ledger;

/// Everything a report is made from.
#[derive(Debug, Clone, Default)]
pub struct InsightsData {
    /// The ledger made of the operations, catalogue and legacy trades read, once per load
    /// (page by page as the operations arrived).
    pub ledger: Arc<Vec<Entry>>,
    /// No two entries of the ledger share an id (its selection showed it as it was made).
    pub one_per_id: bool,
    /// The wasm work finishing it after the last answer, in microseconds.
    pub ledger_micros: u64,
    /// The wasm work on the pages while the next one was on its way, in microseconds.
    pub reading_micros: u64,
    /// Today's EUR price per asset id (positions with a balance).
    pub prices: HashMap<String, Decimal>,
    /// The portfolio's EUR value today (assets and fiat), when every position had one.
    pub portfolio_value: Option<Decimal>,
    /// The service's return over the last year, in percent, as it reports it.
    pub service_return_year: Option<Decimal>,
}

/// Pages whose entries are reported on (and the report thrown away) while the next ones
/// arrive: the 5th to the 20th. A ledger of four pages or fewer is reported on in a few
/// milliseconds anyway; warming up for it only added work while the page starts (Lighthouse
/// mobile counted it as blocking time).
const WARM_UP_PAGES: std::ops::RangeInclusive<usize> = 5..=20;

/// Reports on one page's entries under both rule sets, for the work alone: V8 compiles a
/// wasm function when it is first called and optimises it after enough calls, and only at
/// its next call, so the report made after the last answer would otherwise run its first
/// (long) calls unoptimised. Done on the first pages, while the next ones are on their way
/// (measured by `cargo xtask bench insights`).
fn warm_up(page: &[Entry]) {
    let page = page.to_vec();
    leptos::task::spawn_local(async move { super::report_part::warm_up(&page) });
}

/// Today's prices and the total value from the portfolio's positions (EUR valuation).
fn prices_and_value(
    positions: &[folio_client::current::PortfolioPosition],
) -> (HashMap<String, Decimal>, Option<Decimal>) {
    let mut prices = HashMap::new();
    let mut total = Some(Decimal::ZERO);
    for p in positions {
        let value = p.currency_balance.as_ref().map(|m| m.value);
        total = match (total, value) {
            (Some(t), Some(v)) => t.checked_add(v),
            _ => None,
        };
        let (Some(id), Some(value), Some(balance)) =
            (&p.asset_id, value, p.balance.as_ref().map(|m| m.value))
        else {
            continue;
        };
        if let Some(price) = value.checked_div(balance) {
            prices.insert(id.to_string(), price);
        }
    }
    (prices, total)
}

/// Reads everything; `progress` hears the operations read so far. Only the ledger is
/// required: without prices or the service's return those figures say "not known". The
/// portfolio and its history are read while the ledger is (they do not depend on it).
pub async fn load(
    client: Client,
    keyless: Client,
    with_legacy: bool,
    progress: &dyn Fn(usize),
) -> Result<InsightsData, ApiError> {
    let today = async {
        let positions = client.current().portfolio(None).await;
        let history = client
            .current()
            .portfolio_history(Timeframe::Year, None)
            .await;
        (positions, history)
    };
    let pages = std::cell::Cell::new(0usize);
    let warm_up = |page: &[Entry]| {
        pages.set(pages.get().saturating_add(1));
        if WARM_UP_PAGES.contains(&pages.get()) {
            warm_up(page);
        }
    };
    let ledger = read_and_make_ledger(&client, &keyless, with_legacy, progress, &warm_up);
    let (made, (positions, history)) = futures::future::join(ledger, today).await;
    let made = made?;
    let (prices, portfolio_value) = match &positions {
        Ok(listed) => prices_and_value(&listed.items),
        Err(_) => (HashMap::new(), None),
    };
    Ok(InsightsData {
        ledger: Arc::new(made.entries),
        one_per_id: made.one_per_id,
        ledger_micros: made.micros_after,
        reading_micros: made.micros_while_reading,
        prices,
        portfolio_value,
        service_return_year: history.ok().and_then(|h| h.return_percentage),
    })
}
