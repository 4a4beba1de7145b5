//! Wire fixtures in both casings (the API's camelCase and snake_case).

use super::*;
use crate::decode::oracle_decode as decode;
use rust_decimal::Decimal;

fn d(s: &str) -> Decimal {
    s.parse().unwrap()
}

const ORDER_CAMEL: &str = r#"{"id":"8a1c","pair":"BTC-EUR","side":"Buy","type":"StopLimit","status":"partially-filled",
 "pricedIn":"EUR","quantity":"0.50000","limitPrice":"60000","triggerPrice":"59000","filledQuantity":"0.10000",
 "filledAmount":"6000.00","filledPercentage":"20.00","filledAveragePrice":"60000.00",
 "fee":{"amount":"0.00015000","currency":"BTC"},"timeInForce":"GTD","createdAt":"2026-05-04T09:15:27.412Z",
 "updatedAt":"2026-05-04T09:15:27.412123Z","executedAt":"not a time","endTime":"2026-05-05T00:00:00.000Z"}"#;

#[test]
fn orders_parse_in_both_casings() {
    let snake = ORDER_CAMEL
        .replace("pricedIn", "priced_in")
        .replace("limitPrice", "limit_price")
        .replace("filledQuantity", "filled_quantity")
        .replace("timeInForce", "time_in_force")
        .replace("createdAt", "created_at");
    for text in [ORDER_CAMEL.to_string(), snake] {
        let o: Order = decode(&text).unwrap();
        assert_eq!(o.side, Some(OrderSide::Buy));
        assert_eq!(o.order_type, Some(OrderType::StopLimit));
        assert_eq!(o.status, Some(OrderStatus::PartiallyFilled));
        assert!(o.status.as_ref().unwrap().is_open());
        assert_eq!(o.limit_price, Some(d("60000")));
        assert_eq!(o.filled_quantity.unwrap().to_string(), "0.10000");
        assert_eq!(o.time_in_force, Some(TimeInForce::Gtd));
        assert_eq!(o.fee.as_ref().unwrap().currency.as_deref(), Some("BTC"));
        assert!(o.created_at.is_some() && o.updated_at.is_some());
        assert_eq!(o.executed_at, None);
    }
}

#[test]
fn unknown_enum_values_are_kept() {
    let o: Order = decode(
        r#"{"id":"x","side":"Short","type":"Iceberg","status":"expired","timeInForce":"DAY"}"#,
    )
    .unwrap();
    assert_eq!(o.status, Some(OrderStatus::Other("expired".into())));
    assert_eq!(o.order_type.unwrap().as_str(), "Iceberg");
    assert!(!o.side.unwrap().is_known());
}

#[test]
fn pages_follow_has_next_page() {
    for text in [
        r#"{"data":[{"id":"a"}],"meta":{"limit":1,"hasNextPage":true,"nextCursor":"c2"}}"#,
        r#"{"data":[{"id":"a"}],"meta":{"limit":1,"has_next_page":true,"next_cursor":"c2"}}"#,
    ] {
        let p: ExchangePage<Order> = decode(text).unwrap();
        assert_eq!(p.next_cursor(), Some("c2"));
    }
    let last: ExchangePage<Order> =
        decode(r#"{"data":[],"meta":{"limit":5,"hasNextPage":false,"nextCursor":"zz"}}"#).unwrap();
    assert_eq!(last.next_cursor(), None);
}

#[test]
fn trades_account_balances_and_market_data() {
    let t: Trade = decode(r#"{"id":"t1","orderId":"o1","pair":"ETH-EUR","side":"sell","price":"2900.1","quantity":"0.5000",
        "fee":{"amount":"2.18","currency":"EUR"},"totalAmount":"1450.05","executedAt":"2026-05-04T09:15:27.412Z"}"#).unwrap();
    assert_eq!(
        (t.side, t.total_amount),
        (Some(OrderSide::Sell), Some(d("1450.05")))
    );
    assert_eq!(t.order_id.unwrap().as_str(), "o1");
    for text in [
        r#"{"tradedVolume30d":"61234.50","currentTier":{"name":"Tier 1","fee":"0.15","feeMode":"percentage","requiredVolume30d":"0.00"},"nextTier":null}"#,
        r#"{"traded_volume30d":"61234.50","current_tier":{"name":"Tier 1","fee":"0.15","fee_mode":"percentage","required_volume30d":"0.00"}}"#,
    ] {
        let a: Account = decode(text).unwrap();
        assert_eq!(a.traded_volume30d, Some(d("61234.50")));
        assert_eq!(a.current_tier.unwrap().fee, Some(d("0.15")));
        assert_eq!(a.next_tier, None);
    }
    let b: Vec<Balance> =
        decode(r#"[{"symbol":"EUR","available":"10.00","locked":"5.50"}]"#).unwrap();
    assert_eq!(b[0].locked, d("5.50"));
    let p: Vec<Pair> = decode(r#"[{"pair":"BTC-EUR","baseAsset":"BTC","quoteAsset":"EUR","tickSize":"1","sizeIncrement":"0.00001",
        "amountIncrement":"0.01","maxOrderSize":"100","minOrderAmount":"10","maxOrderAmount":"500000"}]"#).unwrap();
    assert_eq!(p[0].size_increment, Some(d("0.00001")));
    let ob: OrderBook = decode(r#"{"pair":"BTC-EUR","timestamp":"2026-05-04T09:15:27.412Z","bids":[{"price":"1","quantity":"2","totalQuantity":"2"}],"asks":[]}"#).unwrap();
    assert_eq!(ob.bids[0].total_quantity, Some(d("2")));
    let time: ServerTime =
        decode(r#"{"epochMs":1777886127412,"iso":"2026-05-04T09:15:27.412Z"}"#).unwrap();
    assert_eq!(time.epoch_ms, Some(1_777_886_127_412));
}

#[test]
fn candle_numbers_are_exact() {
    let text = r#"[{"timestamp":1777885200,"open":58123.45,"high":58200.1,"low":0.1,"close":1e2,"volume":12.345678901234567}]"#;
    let c: Vec<Candle> = decode(&numbers::quote_numbers(text)).unwrap();
    assert_eq!(c[0].timestamp, Some(1_777_885_200));
    assert_eq!(c[0].open, Some(d("58123.45")));
    assert_eq!(c[0].low.unwrap().to_string(), "0.1");
    assert_eq!(c[0].close, Some(d("100")));
    assert_eq!(c[0].volume, Some(d("12.345678901234567")));
    let snake: Vec<Candle> = decode(r#"[{"timestamp":"1777885200","open":"1.5"}]"#).unwrap();
    assert_eq!(snake[0].open, Some(d("1.5")));
}

#[test]
fn status_filter_and_query_rendering() {
    let q = OrdersQuery {
        status: Some(StatusFilter::parse("filled-and-canceled")),
        pairs: vec!["BTC-EUR".into(), "ETH-EUR".into()],
        start_time: Some(1),
        limit: Some(5),
        cursor: Some("abc".into()),
        ..OrdersQuery::default()
    };
    assert_eq!(
        q.render(),
        "?status=filled-and-canceled&pair=BTC-EUR%2CETH-EUR&startTime=1&limit=5&cursor=abc"
    );
    assert_eq!(StatusFilter::parse("open"), StatusFilter::Open);
    let t = TradesQuery {
        order_id: Some("o1".into()),
        ..TradesQuery::default()
    };
    assert_eq!(t.render(), "?orderId=o1");
}
