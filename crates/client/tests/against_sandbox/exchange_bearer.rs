//! An exchange that takes the key only as `Authorization: Bearer` (the sandbox's
//! `--exchange-bearer-only`): the first read is refused with `x-api-key`, tried once with
//! Bearer, and from then on every request — the order placed and canceled included — goes
//! with Bearer, each write exactly once.

use crate::support::*;

use folio_client::exchange::OrderStatus;
use folio_sandbox::{serve, Config};

#[tokio::test]
async fn a_bearer_only_exchange_is_read_and_traded_with_each_write_sent_once() {
    let server = serve(Config {
        frozen_prices: true,
        now: Some(demo_now()),
        exchange_bearer_only: true,
        ..Config::default()
    })
    .await
    .unwrap();
    let c = client(&server, "folio-demo-full");
    let mid = c.exchange().tickers(&["BTC-EUR"]).await.unwrap()[0]
        .price
        .unwrap();
    let before = balance(&c, "EUR").await;
    server.clear_requests();
    let order = c
        .exchange()
        .place_order(&limit_buy("BTC-EUR", "0.01", (mid * dec("0.5")).floor()))
        .await
        .unwrap();
    assert_eq!(order.status, Some(OrderStatus::New));
    let canceled = c.exchange().cancel_order(&order.id).await.unwrap();
    assert_eq!(canceled.status, Some(OrderStatus::Canceled));
    assert_eq!(balance(&c, "EUR").await, before);
    let writes: Vec<_> = server
        .requests()
        .into_iter()
        .filter(|r| r.method == "POST" || r.method == "DELETE")
        .collect();
    assert_eq!(writes.len(), 2, "one POST, one DELETE: {writes:?}");
    assert!(
        writes.iter().all(|w| w.bearer && w.status < 300),
        "{writes:?}"
    );
    // The current API is not touched by the exchange's scheme.
    assert!(c.current().trading_limits().await.is_ok());
    let last = server.requests().pop().unwrap();
    assert!(!last.bearer && last.api_key.is_some(), "{last:?}");
    server.shutdown().await;
}

#[tokio::test]
async fn a_wrong_key_is_refused_both_ways_and_reported_as_refused() {
    let server = serve(Config {
        exchange_bearer_only: true,
        ..Config::default()
    })
    .await
    .unwrap();
    let c = client(&server, "not-a-demo-key");
    let refused = c.exchange().account().await.unwrap_err();
    assert_eq!(refused.status(), Some(401));
    let tries: Vec<bool> = server.requests().iter().map(|r| r.bearer).collect();
    assert_eq!(tries, vec![false, true], "x-api-key, then Bearer once");
    server.shutdown().await;
}
