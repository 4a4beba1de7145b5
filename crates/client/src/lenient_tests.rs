//! Fixture tests: every list type reads record by record — one bad record is skipped and
//! counted, the others are returned — in either spelling of the field names.

use serde_json::json;

use crate::current::{Operation, Page, PortfolioHistory, PortfolioPosition};
use crate::decode::{oracle_decode as decode, Envelope};
use crate::exchange::{Balance, Candle, ExchangePage, Order, OrderBook, Pair, Trade};
use crate::legacy::{LegacyPage, LegacyTrade};
use crate::Listed;

#[test]
fn an_order_with_an_empty_quantity_is_skipped() {
    let body = json!({
        "data": [
            {"id": "o1", "pair": "BTC-EUR", "quantity": "0.5"},
            {"id": "o2", "pair": "BTC-EUR", "quantity": ""},
            {"id": "o3", "pair": "BTC-EUR", "limitPrice": "60000.5"}
        ],
        "meta": {"limit": 3, "hasNextPage": true, "nextCursor": "o3"}
    });
    let page: ExchangePage<Order> = decode(&body.to_string()).unwrap();
    let ids: Vec<&str> = page.data.iter().map(|o| o.id.as_str()).collect();
    assert_eq!(ids, ["o1", "o3"]);
    assert_eq!(page.skipped, 1);
    assert_eq!(page.next_cursor(), Some("o3"));
}

#[test]
fn an_exchange_trade_page_keeps_the_readable_trades() {
    let body = json!({"data": [
        {"id": "t1", "price": "1", "quantity": "2"},
        {"id": "t2", "price": ["x"]}
    ]});
    let page: ExchangePage<Trade> = decode(&body.to_string()).unwrap();
    assert_eq!((page.data.len(), page.skipped), (1, 1));
}

#[test]
fn an_operation_with_a_wrong_typed_field_is_skipped() {
    let body = json!({
        "data": [
            {"operation_id": "a", "operation_type": "buy", "transactions": []},
            {"operation_id": "b", "operation_type": "buy", "transactions": {"not": "a list"}},
            {"operationId": "c", "operationType": "deposit", "transactions": []}
        ],
        "has_next_page": false
    });
    let page: Page<Operation> = decode(&body.to_string()).unwrap();
    assert_eq!(page.data.len(), 2);
    assert_eq!(page.skipped, 1);
}

#[test]
fn plain_lists_count_what_they_skip() {
    let positions = json!({"data": [
        {"asset_id": "btc", "balance": {"value": "1", "asset_id": "btc"}},
        {"asset_id": "eth", "balance": {"value": "one"}},
        {"currencyId": "eur", "balance": {"value": "5", "currencyId": "eur"}}
    ]});
    let list: Envelope<Listed<PortfolioPosition>> = decode(&positions.to_string()).unwrap();
    assert_eq!((list.data.len(), list.data.skipped), (2, 1));

    let balances = json!([
        {"symbol": "BTC", "available": "1", "locked": "0"},
        {"symbol": "EUR", "available": ""},
        {"available": "3"}
    ]);
    let list: Listed<Balance> = decode(&balances.to_string()).unwrap();
    assert_eq!((list.len(), list.skipped), (1, 2));

    let pairs = json!([{"pair": "BTC-EUR", "tickSize": "1"}, {"pair": "ETH-EUR", "tickSize": {}}]);
    let list: Listed<Pair> = decode(&pairs.to_string()).unwrap();
    assert_eq!((list.len(), list.skipped), (1, 1));

    let candles = json!([{"timestamp": 1, "open": "1"}, "junk"]);
    let list: Listed<Candle> = decode(&candles.to_string()).unwrap();
    assert_eq!((list.len(), list.skipped), (1, 1));
}

#[test]
fn nested_lists_count_what_they_skip() {
    let book = json!({"pair": "BTC-EUR", "bids": [
        {"price": "100", "quantity": "1"}, {"price": "", "quantity": "1"}
    ], "asks": [{"price": "101", "quantity": "2", "totalQuantity": "2"}, "junk"]});
    let book: OrderBook = decode(&book.to_string()).unwrap();
    assert_eq!((book.bids.len(), book.asks.len(), book.skipped), (1, 1, 2));

    let history = json!({"datapoints": [
        {"time": "2026-05-04T09:15:27.412Z", "value": {"value": "10"}},
        {"time": "2026-05-05T09:15:27.412Z", "value": {"value": false}}
    ], "return_percentage": "1.5"});
    let history: PortfolioHistory = decode(&history.to_string()).unwrap();
    assert_eq!((history.datapoints.len(), history.skipped), (1, 1));
}

#[test]
fn a_legacy_trade_with_a_wrong_typed_amount_is_skipped() {
    let body = json!({
        "data": [
            {"type": "trade", "id": "1", "attributes": {"type": "buy", "amount_fiat": "10.00"}},
            {"type": "trade", "id": "2", "attributes": {"type": "buy", "amount_fiat": {"x": 1}}},
            {"type": "trade", "id": "3"}
        ],
        "meta": {"total_count": 3, "page_size": 25},
        "links": {}
    });
    let page: LegacyPage<LegacyTrade> = decode(&body.to_string()).unwrap();
    assert_eq!(page.data.len(), 1);
    assert_eq!(page.skipped, 2);
}
