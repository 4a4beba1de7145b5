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

use super::report::{ledger_of, micros_since, now_ms};
use crate::data::ledger::read_ledger;

/// Everything a report is made from.
#[derive(Debug, Clone, Default)]
pub struct InsightsData {
    /// The ledger made of the operations, catalogue and legacy trades read
    /// (`report::ledger_of`), once per load.
    pub ledger: Arc<Vec<Entry>>,
    /// The wasm work that took, in microseconds.
    pub ledger_micros: u64,
    /// Today's EUR price per asset id (positions with a balance).
    pub prices: HashMap<String, Decimal>,
    /// The portfolio's EUR value today (assets and fiat), when every position had one.
    pub portfolio_value: Option<Decimal>,
    /// The service's return over the last year, in percent, as it reports it.
    pub service_return_year: Option<Decimal>,
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
/// required: without prices or the service's return those figures say "not known".
pub async fn load(
    client: Client,
    keyless: Client,
    with_legacy: bool,
    progress: &dyn Fn(usize),
) -> Result<InsightsData, ApiError> {
    let sources = read_ledger(&client, &keyless, with_legacy, progress).await?;
    let positions = client.current().portfolio(None).await;
    let (prices, portfolio_value) = match &positions {
        Ok(listed) => prices_and_value(&listed.items),
        Err(_) => (HashMap::new(), None),
    };
    let service_return_year = client
        .current()
        .portfolio_history(Timeframe::Year, None)
        .await
        .ok()
        .and_then(|h| h.return_percentage);
    let started = now_ms();
    let ledger = Arc::new(ledger_of(&sources));
    let ledger_micros = micros_since(started);
    Ok(InsightsData {
        ledger,
        ledger_micros,
        prices,
        portfolio_value,
        service_return_year,
    })
}
