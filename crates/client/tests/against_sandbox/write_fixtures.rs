//! The write endpoints' responses decode in both casings, keep decimals exact and tolerate
//! missing fields and unknown enum values.

use crate::support::*;

use folio_client::current::{
    AcceptedQuote, EarnActionResult, EarnActionStatus, Quote, QuoteStatus, Side, TradingLimits,
};
use folio_client::decode::Envelope;
use folio_client::{ApiError, QuoteId, TradeId};

/// The spec's accept-quote sample shape (camelCase).
const ACCEPT_CAMEL: &str = r#"{"data":{"quoteId":"q1","tradeId":"t1","status":"FINISHED","side":"BUY",
 "assetId":"btc","currencyId":"eur","execution":{"price":"60000.00","priceWithFee":"60894.00","fee":"1.49",
 "quantity":"0.00164220","notional":"100.00","executedAt":"2026-05-04T09:15:27.412Z","toEuroRate":"1"},
 "tax":{"taxAmount":"0.00","pessimisticWithholding":false},
 "tradingBudget":{"buyBudgetRemaining":900.5,"sellBudgetRemaining":1000,"limitCurrencyId":"eur"}}}"#;

const ACCEPT_SNAKE: &str = r#"{"data":{"quote_id":"q1","trade_id":"t1","status":"FINISHED","side":"BUY",
 "asset_id":"btc","currency_id":"eur","execution":{"price":"60000.00","price_with_fee":"60894.00","fee":"1.49",
 "quantity":"0.00164220","notional":"100.00","executed_at":"2026-05-04T09:15:27.412Z","to_euro_rate":"1"},
 "tax":{"tax_amount":"0.00","pessimistic_withholding":false},
 "trading_budget":{"buy_budget_remaining":900.5,"sell_budget_remaining":1000,"limit_currency_id":"eur"}}}"#;

#[test]
fn accept_quote_response_in_both_casings() {
    let camel: Envelope<AcceptedQuote> = decode(ACCEPT_CAMEL).unwrap();
    let snake: Envelope<AcceptedQuote> = decode(ACCEPT_SNAKE).unwrap();
    assert_eq!(camel.data, snake.data);
    let a = camel.data;
    assert_eq!(a.trade_id, Some(TradeId::new("t1")));
    assert_eq!(
        (a.status, a.side),
        (Some(QuoteStatus::Finished), Some(Side::Buy))
    );
    let e = a.execution.unwrap();
    assert_eq!(e.quantity.unwrap().to_string(), "0.00164220", "scale kept");
    assert_eq!(
        (e.price_with_fee, e.fee),
        (Some(dec("60894.00")), Some(dec("1.49")))
    );
    assert!(e.executed_at.is_some());
    assert_eq!(a.tax.unwrap().pessimistic_withholding, Some(false));
    let b = a.trading_budget.unwrap();
    assert_eq!(b.buy_budget_remaining, Some(dec("900.5")));
    assert_eq!(b.sell_budget_remaining, Some(dec("1000")));
}

#[test]
fn accept_quote_minimal_and_unknown_values() {
    let a: Envelope<AcceptedQuote> = decode(
        r#"{"data":{"tradeId":"t9","status":"SETTLING","side":"SWAP","tradingBudget":null,"execution":{"executedAt":"soon"}}}"#,
    )
    .unwrap();
    assert_eq!(a.data.status, Some(QuoteStatus::Other("SETTLING".into())));
    assert_eq!(a.data.side, Some(Side::Other("SWAP".into())));
    assert_eq!(a.data.trading_budget, None);
    assert_eq!(
        a.data.execution.unwrap().executed_at,
        None,
        "malformed time tolerated"
    );
    let e =
        decode::<Envelope<AcceptedQuote>>(r#"{"data":{"execution":{"price":"x"}}}"#).unwrap_err();
    assert!(matches!(e, ApiError::Decode { .. }), "{e:?}");
}

const QUOTE_SNAKE: &str = r#"{"data":{"quote_id":"q1","status":"OPEN","side":"SELL","asset_id":"btc","currency_id":"eur",
 "quote":{"price":"60000.00","price_with_premium":"59106.00","premium":"0.89","quantity":"0.00100000","notional":"59.11",
 "expires_at":"2026-05-04T09:15:57.412Z","to_euro_rate":"1"}}}"#;

#[test]
fn create_quote_response_in_both_casings() {
    let snake: Envelope<Quote> = decode(QUOTE_SNAKE).unwrap();
    let camel_text = QUOTE_SNAKE
        .replace("quote_id", "quoteId")
        .replace("asset_id", "assetId")
        .replace("currency_id", "currencyId")
        .replace("price_with_premium", "priceWithPremium")
        .replace("expires_at", "expiresAt")
        .replace("to_euro_rate", "toEuroRate");
    let camel: Envelope<Quote> = decode(&camel_text).unwrap();
    assert_eq!(snake.data, camel.data);
    let q = snake.data;
    assert_eq!(q.quote_id, QuoteId::new("q1"));
    assert_eq!(q.status, Some(QuoteStatus::Open));
    let figures = q.quote.clone().unwrap();
    assert_eq!(figures.quantity.unwrap().scale(), 8);
    let expires = figures.expires_at.unwrap();
    let now = expires - chrono::Duration::seconds(12);
    assert_eq!(q.time_left(now), Some(chrono::Duration::seconds(12)));
    assert!(!q.is_expired(now) && q.is_expired(expires + chrono::Duration::milliseconds(1)));
    assert_eq!(
        q.time_left(expires + chrono::Duration::seconds(5)),
        Some(chrono::Duration::zero())
    );
    assert!(
        decode::<Envelope<Quote>>(r#"{"data":{"status":"OPEN"}}"#).is_err(),
        "an id is required"
    );
}

#[test]
fn earn_action_and_limits_responses_in_both_casings() {
    let snake: Envelope<EarnActionResult> = decode(
        r#"{"data":{"status":"INITIATED","config_id":"c1","asset_id":"eth","wallet_id":"w1","asset_amount":"0.50000000","operation_id":"o1"}}"#,
    )
    .unwrap();
    let camel: Envelope<EarnActionResult> = decode(
        r#"{"data":{"status":"INITIATED","configId":"c1","assetId":"eth","walletId":"w1","assetAmount":"0.50000000","operationId":"o1"}}"#,
    )
    .unwrap();
    assert_eq!(snake.data, camel.data);
    assert_eq!(snake.data.status, Some(EarnActionStatus::Initiated));
    assert_eq!(snake.data.asset_amount.unwrap().to_string(), "0.50000000");
    let bare: Envelope<EarnActionResult> = decode(r#"{"data":{"status":"QUEUED"}}"#).unwrap();
    assert_eq!(
        bare.data.status,
        Some(EarnActionStatus::Other("QUEUED".into()))
    );

    let snake: Envelope<TradingLimits> = decode(
        r#"{"data":{"buy_limit":1000,"sell_limit":0,"currency_id":"eur","buy_budget_remaining":250.75,"sell_budget_remaining":0,"resets_at":"2026-05-05T00:00:00.000Z"}}"#,
    )
    .unwrap();
    let camel: Envelope<TradingLimits> = decode(
        r#"{"data":{"buyLimit":1000,"sellLimit":0,"currencyId":"eur","buyBudgetRemaining":250.75,"sellBudgetRemaining":0,"resetsAt":"2026-05-05T00:00:00.000Z"}}"#,
    )
    .unwrap();
    assert_eq!(snake.data, camel.data);
    assert_eq!(snake.data.used_share(&Side::Buy), Some(dec("0.74925")));
}
