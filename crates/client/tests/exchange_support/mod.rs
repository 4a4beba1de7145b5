//! Helpers shared by the exchange tests against the sandbox.
#![allow(dead_code)]

use chrono::TimeZone;
use folio_client::exchange::{NewOrder, OrderSide, OrderType};
use folio_client::{ApiKey, BaseUrls, Client, Decimal};
use folio_sandbox::{Config, RunningServer};

pub async fn sandbox(frozen: bool) -> RunningServer {
    folio_sandbox::serve(Config {
        frozen_prices: frozen,
        now: Some(chrono::Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap()),
        ..Config::default()
    })
    .await
    .expect("sandbox starts")
}

pub fn client(server: &RunningServer, key: &str) -> Client {
    Client::new(BaseUrls::same_origin(&server.url()), ApiKey::new(key))
}

pub fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

pub fn limit_buy(pair: &str, qty: &str, price: Decimal) -> NewOrder {
    NewOrder {
        pair: pair.into(),
        side: OrderSide::Buy,
        order_type: OrderType::Limit,
        quantity: Some(d(qty)),
        amount: None,
        limit_price: Some(price),
        trigger_price: None,
        time_in_force: None,
        end_time: None,
    }
}

pub async fn balance(c: &Client, symbol: &str) -> (Decimal, Decimal) {
    let b = c.exchange().balances(Some(symbol)).await.unwrap();
    (b[0].available, b[0].locked)
}
