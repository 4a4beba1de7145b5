//! Wire types decode the service's sample shapes in both casings, keep decimals exact,
//! tolerate missing optional fields and keep unknown enum values.

use crate::support::*;

use folio_client::current::{
    EarnConfig, Flow, Operation, OperationType, Page, PortfolioHistory, PortfolioPosition,
    Timeframe, TradingLimits,
};
use folio_client::decode::Envelope;
use folio_client::ApiError;

const POSITION_SNAKE: &str = r#"{"data":[{"asset_id":"a1","balance":{"value":"0.00197000","asset_id":"a1"},
 "available_balance":{"value":"0.00100000","asset_id":"a1"},"currency_balance":{"value":"123.45","currency_id":"eur"},
 "invested_amount":{"value":"100.00","currency_id":"eur"},"total_return":{"value":"23.45","currency_id":"eur"},
 "total_return_percent":"23.45"},{"currency_id":"eur","balance":{"value":"10.50","currency_id":"eur"}}]}"#;

const POSITION_CAMEL: &str = r#"{"data":[{"assetId":"a1","balance":{"value":"0.00197000","assetId":"a1"},
 "availableBalance":{"value":"0.00100000","assetId":"a1"},"currencyBalance":{"value":"123.45","currencyId":"eur"},
 "investedAmount":{"value":"100.00","currencyId":"eur"},"totalReturn":{"value":"23.45","currencyId":"eur"},
 "totalReturnPercent":"23.45"},{"currencyId":"eur","balance":{"value":"10.50","currencyId":"eur"}}]}"#;

#[test]
fn portfolio_parses_in_both_casings_identically() {
    let snake: Envelope<Vec<PortfolioPosition>> = decode(POSITION_SNAKE).unwrap();
    let camel: Envelope<Vec<PortfolioPosition>> = decode(POSITION_CAMEL).unwrap();
    assert_eq!(snake.data, camel.data);
    let btc = &snake.data[0];
    let balance = btc.balance.as_ref().unwrap();
    assert_eq!(balance.value, dec("0.00197000"));
    assert_eq!(
        balance.value.scale(),
        8,
        "the scale the service sent is kept"
    );
    assert!(!btc.is_fiat());
    assert!(snake.data[1].is_fiat());
    assert_eq!(snake.data[1].currency_balance, None);
}

const OPERATION_SNAKE: &str = r#"{"data":[{"operation_id":"op1","operation_type":"buy","transactions":[
 {"transaction_id":"t1","currency_id":"eur","wallet_id":"w1","asset_amount":{"value":"50.00","currency_id":"eur"},
  "fee_amount":{"value":"0.00","currency_id":"eur"},"transaction_type":"buy","flow":"OUTGOING",
  "credited_at":"2026-05-04T09:15:27.412Z","asset_balance_after":{"value":"950.00","currency_id":"eur"}},
 {"transaction_id":"t2","asset_id":"btc","asset_amount":{"value":"0.00082000","asset_id":"btc"},"flow":"INCOMING",
  "transaction_type":"buy","credited_at":"2026-05-04T09:15:27.412Z",
  "trade":{"trade_id":"tr1","fee":{"value":"0.75","currency_id":"eur"},"fee_percentage":"1.5","rate":"60000.00","rate_with_fee":"60900.00","to_eur_rate":"1"}}]},
 {"operation_id":"op2","operation_type":"card_cashback","transactions":[{"transaction_id":"t3","flow":"SIDEWAYS"}]},
 {"operation_id":"op3","operation_type":"deposit","transactions":[{"transaction_id":"t4","credited_at":null,
  "compensates":"t0","compensates_info":{"operation_type":"deposit","transaction_type":"deposit"}}]}],
 "self_cursor":"c0","next_cursor":"c1","has_next_page":false}"#;

#[test]
fn operations_page_with_unknown_type_pending_and_camel_twin() {
    let page: Page<Operation> = decode(OPERATION_SNAKE).unwrap();
    assert_eq!(page.data.len(), 3);
    assert_eq!(
        page.next(),
        None,
        "has_next_page=false wins over a present next_cursor"
    );
    assert_eq!(page.data[0].operation_type, Some(OperationType::Buy));
    let trade = page.data[0].transactions[1].trade.as_ref().unwrap();
    assert_eq!(trade.rate_with_fee, Some(dec("60900.00")));
    assert_eq!(
        page.data[1].operation_type,
        Some(OperationType::Other("card_cashback".into()))
    );
    assert_eq!(
        page.data[1].transactions[0].flow,
        Some(Flow::Other("SIDEWAYS".into()))
    );
    assert_eq!(page.data[2].transactions[0].credited_at, None);

    let camel = OPERATION_SNAKE
        .replace("operation_id", "operationId")
        .replace("operation_type", "operationType")
        .replace("transaction_id", "transactionId")
        .replace("asset_amount", "assetAmount")
        .replace("credited_at", "creditedAt")
        .replace("rate_with_fee", "rateWithFee")
        .replace("has_next_page", "hasNextPage")
        .replace("next_cursor", "nextCursor");
    let camel_page: Page<Operation> = decode(&camel).unwrap();
    assert_eq!(camel_page.data, page.data);
}

#[test]
fn history_and_limits_and_earn() {
    let h: Envelope<PortfolioHistory> = decode(
        r#"{"data":{"datapoints":[{"time":"2026-05-04T09:00:00.000Z","value":{"value":"1000.10","currency_id":"eur"}},{"time":"garbage"}],"return_percentage":"-1.25"}}"#,
    )
    .unwrap();
    assert_eq!(h.data.datapoints.len(), 2);
    assert_eq!(
        h.data.datapoints[1].time, None,
        "a malformed time is tolerated"
    );
    assert_eq!(h.data.return_percentage, Some(dec("-1.25")));

    let none: Envelope<Option<TradingLimits>> = decode(r#"{"data":null}"#).unwrap();
    assert!(none.data.is_none());
    let some: Envelope<Option<TradingLimits>> = decode(
        r#"{"data":{"buyLimit":1000,"sellLimit":500.5,"currencyId":"eur","buyBudgetRemaining":750,"resetsAt":"2026-05-05T00:00:00.000Z"}}"#,
    )
    .unwrap();
    assert_eq!(some.data.unwrap().sell_limit, Some(dec("500.5")));

    let earn: Page<EarnConfig> = decode(
        r#"{"data":[{"id":"c1","asset_id":"eth","annual_percentage_rate":0.0544,"type":"LOCKED","mode":"STAKING_EARN","enabled":true,"soldout":false},{"id":"c2","type":"WEEKLY"}],"has_next_page":true,"next_cursor":"n"}"#,
    )
    .unwrap();
    assert_eq!(earn.data[0].annual_percentage_rate, Some(dec("0.0544")));
    assert_eq!(earn.next(), Some("n"));
}

#[test]
fn timeframes_round_trip() {
    for t in Timeframe::ALL {
        assert_eq!(Timeframe::parse(t.as_str()), Some(t));
    }
    assert_eq!(Timeframe::parse("six_month"), Some(Timeframe::SixMonth));
    assert_eq!(Timeframe::parse("DECADE"), None);
}

#[test]
fn malformed_bodies_are_decode_errors_not_panics() {
    for body in [
        "",
        "<html>",
        "{\"data\":",
        "{\"data\":[{\"asset_id\":5}]}",
        "[1,2]",
        "null",
    ] {
        let r: Result<Envelope<Vec<PortfolioPosition>>, ApiError> = decode(body);
        assert!(matches!(r, Err(ApiError::Decode { .. })), "{body}");
    }
}
