//! The exchange client against the in-process sandbox: market data, placing, filling and
//! canceling orders, paging exactly once, validation codes, scopes, and writes sent once.

use crate::support::*;

use std::collections::HashSet;
use std::time::Duration;

use folio_client::exchange::{
    CandleInterval, CandlesQuery, NewOrder, OrderStatus, OrderType, OrdersQuery, StatusFilter,
    TradesQuery,
};
use folio_client::{ApiError, Decimal, TradeId};

#[tokio::test]
async fn market_data_reads() {
    let server = exchange_sandbox(true).await;
    let c = client(&server, "folio-demo-read");
    let time = c.exchange().time().await.unwrap();
    assert_eq!(
        time.epoch_ms.unwrap() / 1000,
        server.ledger().now().timestamp()
    );
    let pairs = c.exchange().pairs(None).await.unwrap();
    assert!(pairs.len() >= 8);
    assert_eq!(
        c.exchange().pairs(Some("ETH-CHF")).await.unwrap()[0]
            .quote_asset
            .as_deref(),
        Some("CHF")
    );
    let tickers = c.exchange().tickers(&["BTC-EUR", "ETH-USD"]).await.unwrap();
    assert_eq!(tickers.len(), 2);
    let book = c.exchange().order_book("BTC-EUR", Some(10)).await.unwrap();
    assert_eq!((book.bids.len(), book.asks.len()), (10, 10));
    assert_eq!(
        book.asks[9].total_quantity.unwrap(),
        folio_client::checked::sum(book.asks.iter().map(|l| l.quantity)).unwrap()
    );
    for interval in CandleInterval::KNOWN {
        let q = CandlesQuery {
            interval: interval.clone(),
            from: None,
            to: None,
            limit: Some(12),
        };
        let candles = c.exchange().candles("ETH-EUR", &q).await.unwrap();
        assert_eq!(candles.len(), 12, "{interval}");
        assert!(candles
            .iter()
            .all(|k| k.low <= k.high && k.volume.is_some()));
        assert_eq!(
            candles[1].timestamp.unwrap() - candles[0].timestamp.unwrap(),
            interval.seconds().unwrap()
        );
    }
    let assets = c.exchange().assets(None).await.unwrap();
    assert!(assets
        .iter()
        .any(|a| a.symbol == "USD" && a.asset_type.as_deref() == Some("fiat")));
    let account = c.exchange().account().await.unwrap();
    assert!(account.traded_volume30d.unwrap() > Decimal::ZERO && account.next_tier.is_some());
    let e = c.exchange().order_book("BTC-GBP", None).await.unwrap_err();
    assert!(matches!(e, ApiError::NotFound(_)) && e.code() == Some("PAIR_NOT_FOUND"));
    server.shutdown().await;
}

#[tokio::test]
async fn limit_order_locks_then_cancel_frees_and_cancel_is_sent_once() {
    let server = exchange_sandbox(true).await;
    let c = client(&server, "folio-demo-full");
    let mid = c.exchange().tickers(&["BTC-EUR"]).await.unwrap()[0]
        .price
        .unwrap();
    let price = (mid * dec("0.5")).floor();
    let before = balance(&c, "EUR").await;
    let order = c
        .exchange()
        .place_order(&limit_buy("BTC-EUR", "0.01", price))
        .await
        .unwrap();
    assert_eq!(order.status, Some(OrderStatus::New));
    let cost = (dec("0.01") * price).round_dp(2);
    assert_eq!(balance(&c, "EUR").await, (before.0 - cost, before.1 + cost));
    let open = c
        .exchange()
        .orders(&OrdersQuery {
            status: Some(StatusFilter::Open),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(open.data.iter().any(|o| o.id == order.id));
    server.clear_requests();
    let canceled = c.exchange().cancel_order(&order.id).await.unwrap();
    assert_eq!(canceled.status, Some(OrderStatus::Canceled));
    assert_eq!(balance(&c, "EUR").await, before);
    let again = c.exchange().cancel_order(&order.id).await.unwrap_err();
    assert!(matches!(again, ApiError::Conflict(_)), "{again:?}");
    let deletes = server
        .requests()
        .iter()
        .filter(|r| r.method == "DELETE")
        .count();
    assert_eq!(
        deletes, 2,
        "each cancel is one request, the 409 is not retried"
    );
    server.shutdown().await;
}

#[tokio::test]
async fn market_buy_fills_and_shows_in_trades_and_balances() {
    let server = exchange_sandbox(true).await;
    let c = client(&server, "folio-demo-full");
    let (eth_before, _) = balance(&c, "ETH").await;
    let order = NewOrder {
        order_type: OrderType::Market,
        limit_price: None,
        ..limit_buy("ETH-EUR", "0.25", Decimal::ZERO)
    };
    let placed = c.exchange().place_order(&order).await.unwrap();
    let filled = c.exchange().order(&placed.id).await.unwrap();
    assert_eq!(filled.status, Some(OrderStatus::Filled));
    assert_eq!(filled.filled_percentage, Some(dec("100.00")));
    let trades = c
        .exchange()
        .trades(&TradesQuery {
            order_id: Some(placed.id.clone()),
            ..Default::default()
        })
        .await
        .unwrap();
    let fee: Decimal = folio_client::checked::sum(
        trades
            .data
            .iter()
            .map(|t| t.fee.as_ref().unwrap().amount.unwrap()),
    )
    .unwrap();
    assert!(fee > Decimal::ZERO);
    assert_eq!(
        trades.data[0].fee.as_ref().unwrap().currency.as_deref(),
        Some("ETH")
    );
    assert_eq!(balance(&c, "ETH").await.0, eth_before + dec("0.25") - fee);
    let one = c.exchange().trade(&trades.data[0].id).await.unwrap();
    assert_eq!(one.order_id.as_ref(), Some(&placed.id));
    let missing = c.exchange().trade(&TradeId::new("nope")).await.unwrap_err();
    assert!(matches!(missing, ApiError::NotFound(_)));
    server.shutdown().await;
}

#[tokio::test]
async fn resting_limit_fills_partially_as_the_clock_moves() {
    let server = exchange_sandbox(false).await;
    let c = client(&server, "folio-demo-full");
    let mid = c.exchange().tickers(&["BTC-EUR"]).await.unwrap()[0]
        .price
        .unwrap();
    let placed = c
        .exchange()
        .place_order(&limit_buy("BTC-EUR", "0.05", (mid * dec("0.998")).floor()))
        .await
        .unwrap();
    let mut seen = Vec::new();
    for _ in 0..2_000 {
        let status = c
            .exchange()
            .order(&placed.id)
            .await
            .unwrap()
            .status
            .unwrap();
        if seen.last() != Some(&status) {
            seen.push(status.clone());
        }
        if status == OrderStatus::Filled {
            break;
        }
        server.advance_clock(Duration::from_secs(10));
    }
    assert!(seen.contains(&OrderStatus::PartiallyFilled), "{seen:?}");
    assert_eq!(seen.last(), Some(&OrderStatus::Filled));
    server.shutdown().await;
}

#[tokio::test]
async fn paging_reaches_every_order_exactly_once() {
    let server = exchange_sandbox(true).await;
    let c = client(&server, "folio-demo-read");
    let mut seen = Vec::new();
    let mut query = OrdersQuery {
        limit: Some(6),
        ..Default::default()
    };
    loop {
        let page = c.exchange().orders(&query).await.unwrap();
        seen.extend(page.data.iter().map(|o| o.id.clone()));
        match page.next_cursor() {
            Some(next) => query.cursor = Some(next.to_string()),
            None => break,
        }
    }
    let unique: HashSet<_> = seen.iter().collect();
    assert_eq!(unique.len(), seen.len());
    let all = c
        .exchange()
        .orders(&OrdersQuery {
            limit: Some(100),
            ..Default::default()
        })
        .await
        .unwrap();
    assert_eq!(seen.len(), all.data.len());
    let closed = c
        .exchange()
        .orders(&OrdersQuery {
            status: Some(StatusFilter::Closed),
            pairs: vec!["BTC-EUR".into()],
            limit: Some(100),
            ..Default::default()
        })
        .await
        .unwrap();
    assert!(closed
        .data
        .iter()
        .all(|o| o.pair.as_deref() == Some("BTC-EUR") && !o.status.as_ref().unwrap().is_open()));
    server.shutdown().await;
}
