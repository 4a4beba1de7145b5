//! Shared by the write tests: an in-process sandbox, clients and the sandbox's own figures.
#![allow(dead_code)]

use folio_client::current::{Operation, OperationsQuery, QuoteAmount, QuoteRequest, Side};
use folio_client::{ApiKey, AssetId, BaseUrls, Client, CurrencyId, Decimal, TradeId};
use folio_sandbox::{Config, RunningServer};
use std::str::FromStr;

/// The demo key with every scope.
pub const FULL: &str = "folio-demo-full";

/// A sandbox with frozen prices and no practical write rate limit.
pub async fn sandbox() -> RunningServer {
    folio_sandbox::serve(Config {
        frozen_prices: true,
        write_rate_limit: 1_000,
        ..Config::default()
    })
    .await
    .expect("sandbox starts")
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
