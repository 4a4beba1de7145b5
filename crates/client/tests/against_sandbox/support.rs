//! The setup every module shares: an in-process sandbox in the shape a topic needs, a client
//! of it, and the sandbox's own figures as witness.

use std::str::FromStr;

use chrono::{DateTime, TimeZone, Utc};
use folio_client::current::{Operation, OperationsQuery, QuoteAmount, QuoteRequest, Side};
use folio_client::exchange::{NewOrder, OrderDraft, OrderSide, OrderType};
use folio_client::{ApiKey, AssetId, BaseUrls, Client, CurrencyId, Decimal, TradeId};
use folio_sandbox::{Config, RunningServer};

/// The demo key with every scope.
pub const FULL: &str = "folio-demo-full";

/// The sandbox clock of the legacy and exchange tests: 2026-05-04 09:15:27 UTC.
pub fn demo_now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap()
}

async fn serve(config: Config) -> RunningServer {
    folio_sandbox::serve(config).await.expect("sandbox starts")
}

/// A sandbox with frozen prices.
pub async fn sandbox() -> RunningServer {
    serve(Config {
        frozen_prices: true,
        ..Config::default()
    })
    .await
}

/// A sandbox with frozen prices and no practical write rate limit.
pub async fn write_sandbox() -> RunningServer {
    serve(Config {
        frozen_prices: true,
        write_rate_limit: 1_000,
        ..Config::default()
    })
    .await
}

fn legacy_config(discrepancy: bool, now: Option<DateTime<Utc>>) -> Config {
    Config {
        frozen_prices: true,
        now: Some(now.unwrap_or_else(demo_now)),
        read_rate_limit: 100_000,
        legacy_discrepancy: discrepancy,
        ..Config::default()
    }
}

/// A sandbox for the legacy API: frozen prices, no practical read limit, the clock at `now`
/// (else [`demo_now`]), and with `discrepancy` the two deliberate legacy differences. Its
/// history holds the tax cases, so the legacy API also lists a 2020 BTC buy the current API
/// does not (`folio_sandbox::tax_cases::BTC_LEGACY_BUY`).
pub async fn legacy_sandbox(discrepancy: bool, now: Option<DateTime<Utc>>) -> RunningServer {
    serve(legacy_config(discrepancy, now)).await
}

/// [`legacy_sandbox`] at [`demo_now`] without the tax cases: both APIs list the same
/// operations (with `discrepancy`, but for the two deliberate differences).
pub async fn legacy_sandbox_without_tax_cases(discrepancy: bool) -> RunningServer {
    serve(Config {
        tax_cases: false,
        ..legacy_config(discrepancy, None)
    })
    .await
}

/// A sandbox for the exchange API, the clock at [`demo_now`], prices frozen or walking.
pub async fn exchange_sandbox(frozen: bool) -> RunningServer {
    serve(Config {
        frozen_prices: frozen,
        now: Some(demo_now()),
        ..Config::default()
    })
    .await
}

/// A client of `server` with `key`.
pub fn client(server: &RunningServer, key: &str) -> Client {
    Client::new(BaseUrls::same_origin(&server.url()), ApiKey::new(key))
}

/// A decimal from text.
pub fn dec(s: &str) -> Decimal {
    Decimal::from_str(s).unwrap()
}

/// The id of the asset with `symbol`.
pub fn asset(server: &RunningServer, symbol: &str) -> AssetId {
    let (id, _, _) = server
        .ledger()
        .assets()
        .into_iter()
        .find(|a| a.1 == symbol)
        .unwrap();
    AssetId::new(id)
}

/// A quote request in EUR.
pub fn request(asset_id: &AssetId, side: Side, amount: QuoteAmount) -> QuoteRequest {
    QuoteRequest {
        asset_id: asset_id.clone(),
        currency_id: CurrencyId::eur(),
        side,
        amount,
    }
}

/// (balance, available) of a symbol in the sandbox's own figures.
pub fn holding(server: &RunningServer, symbol: &str) -> (Decimal, Decimal) {
    let p = server.ledger().portfolio("EUR");
    p.iter()
        .find(|p| p.symbol == symbol)
        .map_or((Decimal::ZERO, Decimal::ZERO), |p| (p.balance, p.available))
}

/// The recent operation whose leg carries `trade`, if any.
pub async fn operation_with_trade(c: &Client, trade: &TradeId) -> Option<Operation> {
    let query = OperationsQuery {
        page_size: Some(10),
        ..OperationsQuery::default()
    };
    let page = c.current().operations(&query).await.unwrap();
    page.data.into_iter().find(|op| {
        op.transactions
            .iter()
            .any(|t| t.trade.as_ref().and_then(|d| d.trade_id.as_ref()) == Some(trade))
    })
}

/// How many accept requests the sandbox has logged.
pub fn accept_requests(server: &RunningServer) -> usize {
    server
        .requests()
        .iter()
        .filter(|r| r.path.ends_with("/accept"))
        .count()
}

/// The order form holding a limit buy of `qty` at `price` (`mid`: the current mid, if known).
pub fn limit_buy_draft(qty: &str, price: Decimal, mid: Option<Decimal>) -> OrderDraft {
    OrderDraft {
        side: OrderSide::Buy,
        order_type: OrderType::Limit,
        quantity: Some(dec(qty)),
        amount: None,
        limit_price: Some(price),
        trigger_price: None,
        time_in_force: None,
        end_time: None,
        market_price: mid,
    }
}

/// A limit buy of `qty` at `price` on `pair`.
pub fn limit_buy(pair: &str, qty: &str, price: Decimal) -> NewOrder {
    limit_buy_draft(qty, price, None).to_new_order(pair)
}

/// (available, locked) of `symbol` on the exchange.
pub async fn balance(c: &Client, symbol: &str) -> (Decimal, Decimal) {
    let b = c.exchange().balances(Some(symbol)).await.unwrap();
    (b[0].available, b[0].locked)
}

/// The client's `decode`, checked against `serde_json::from_value` on every body
/// (`folio_client::decode::oracle_decode`).
pub use folio_client::decode::oracle_decode as decode;
