//! Trading limits and earn actions through the router.

use super::quotes::{accept, asset, main_of, ops, quote};
use super::*;
use crate::fixed_catalogue::{catalogue, EUR_ID};
use crate::ledger::Unit;
use rust_decimal::Decimal;
use serde_json::json;
use std::str::FromStr;
use std::time::Duration;

#[tokio::test]
async fn limits_are_consumed_by_trades_and_reset_at_midnight() {
    let s = sandbox();
    let path = "/public/v1/trading-limits";
    for bad in [
        json!({"buy_limit": -1, "sell_limit": 0, "currency_id": EUR_ID}),
        json!({"buy_limit": "100", "sell_limit": 0, "currency_id": EUR_ID}),
        json!({"buy_limit": 100, "currency_id": EUR_ID}),
        json!({"buy_limit": 100, "sell_limit": 0}),
    ] {
        let a = s.post(path, Some(FULL), &bad.to_string()).await;
        assert_eq!(
            (a.status.as_u16(), a.code()),
            (400, "invalid_parameter".into()),
            "{bad}"
        );
    }
    let body = json!({"buy_limit": 150, "sell_limit": 0, "currency_id": EUR_ID}).to_string();
    let set = s.post(path, Some(FULL), &body).await.json()["data"].clone();
    assert_eq!(
        (
            set["buy_limit"].to_string(),
            set["buy_budget_remaining"].to_string()
        ),
        ("150".into(), "150".into())
    );
    let (_, btc_id) = asset("BTC");
    let a = accept(
        &s,
        &quote(
            &s,
            json!({"asset_id": btc_id, "side": "BUY", "notional": "100"}),
        )
        .await,
    )
    .await;
    let budget = &a.json()["data"]["tradingBudget"];
    assert_eq!(budget["buyBudgetRemaining"].to_string(), "50");
    assert_eq!(budget["sellBudgetRemaining"].to_string(), "0");
    assert_eq!(budget["limitCurrencyId"], EUR_ID);
    let count = ops(&s);
    let a = accept(
        &s,
        &quote(
            &s,
            json!({"asset_id": btc_id, "side": "BUY", "notional": "60"}),
        )
        .await,
    )
    .await;
    assert_eq!(
        (a.status.as_u16(), a.code()),
        (422, "trading_limit_exceeded".into())
    );
    let a = accept(
        &s,
        &quote(
            &s,
            json!({"asset_id": btc_id, "side": "SELL", "quantity": "0.0001"}),
        )
        .await,
    )
    .await;
    assert_eq!(a.code(), "trading_limit_exceeded");
    assert_eq!(ops(&s), count);
    let got = s.get(path, Some(FULL)).await.json()["data"].clone();
    assert_eq!(got["buy_budget_remaining"].to_string(), "50");
    let resets = chrono::DateTime::parse_from_rfc3339(got["resets_at"].as_str().unwrap()).unwrap();
    assert_eq!(
        resets.with_timezone(&Utc),
        crate::ledger::limits::next_reset(s.state.clock.now())
    );
    let wait = resets.with_timezone(&Utc) - s.state.clock.now();
    s.state
        .clock
        .advance(wait.to_std().unwrap() + Duration::from_secs(1));
    let after = s.get(path, Some(FULL)).await.json()["data"].clone();
    assert_eq!(after["buy_budget_remaining"].to_string(), "150");
    assert_eq!(
        s.get(path, Some(READ)).await.text,
        r#"{"data":null}"#,
        "limits are per key"
    );
}

#[tokio::test]
async fn stake_and_unstake_move_available_and_staked() {
    let s = sandbox();
    let (eth, eth_id) = asset("ETH");
    let cfg = |symbol: &str, kind: &str| {
        let a = catalogue().asset_by_symbol(symbol).unwrap().index;
        let l = s.state.read();
        l.earn_configs
            .iter()
            .find(|c| c.asset == a && c.kind == kind)
            .unwrap()
            .id
            .to_string()
    };
    let flexible = cfg("ETH", "FLEXIBLE");
    assert_eq!(
        accept(
            &s,
            &quote(
                &s,
                json!({"asset_id": eth_id, "side": "BUY", "notional": "300"})
            )
            .await
        )
        .await
        .status,
        StatusCode::OK
    );
    let unit = Unit::Asset(eth);
    let (main, staked) = (
        main_of(&s, unit),
        s.state.read().holdings.staked[unit.slot()],
    );
    let amount = Decimal::from_str("0.01234567").unwrap();
    let body = format!(r#"{{"config_id":"{flexible}","asset_amount":0.01234567}}"#);
    let a = s
        .post("/public/v1/earn/actions/stake", Some(FULL), &body)
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let d = a.json()["data"].clone();
    assert_eq!(
        (d["status"].as_str(), d["asset_amount"].as_str()),
        (Some("INITIATED"), Some("0.01234567"))
    );
    assert_eq!(main_of(&s, unit), main - amount);
    assert_eq!(s.state.read().holdings.staked[unit.slot()], staked + amount);
    assert_eq!(s.state.read().operations.last().unwrap().op_type, "stake");
    let a = s
        .post("/public/v1/earn/actions/UnStake", Some(FULL), &body)
        .await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    assert_eq!(main_of(&s, unit), main);
    assert_eq!(s.state.read().operations.last().unwrap().op_type, "unstake");

    let count = ops(&s);
    let too_much = |n: Decimal| format!(r#"{{"config_id":"{flexible}","asset_amount":{n}}}"#);
    let a = s
        .post(
            "/public/v1/earn/actions/unstake",
            Some(FULL),
            &too_much(staked + amount),
        )
        .await;
    assert_eq!(
        (a.status.as_u16(), a.code()),
        (422, "insufficient_funds".into())
    );
    let a = s
        .post(
            "/public/v1/earn/actions/stake",
            Some(FULL),
            &too_much(main + Decimal::ONE),
        )
        .await;
    assert_eq!(a.code(), "insufficient_funds");
    for (symbol, kind, code) in [
        ("AVAX", "LOCKED", "earn_config_disabled"),
        ("DOT", "LOCKED", "earn_config_sold_out"),
    ] {
        let body = format!(
            r#"{{"config_id":"{}","asset_amount":1}}"#,
            cfg(symbol, kind)
        );
        let a = s
            .post("/public/v1/earn/actions/stake", Some(FULL), &body)
            .await;
        assert_eq!((a.status.as_u16(), a.code()), (422, code.into()));
    }
    let other_wallet = s
        .state
        .read()
        .wallet_id(Unit::Asset(0), crate::ledger::WalletKind::Main);
    for bad in [
        format!(r#"{{"config_id":"{flexible}","asset_amount":"0.1"}}"#),
        format!(r#"{{"config_id":"{flexible}","asset_amount":0}}"#),
        format!(r#"{{"config_id":"{flexible}","asset_amount":0.000000001}}"#),
        format!(r#"{{"config_id":"{flexible}","asset_amount":0.1,"wallet_id":"{other_wallet}"}}"#),
        format!(r#"{{"config_id":"{eth_id}","asset_amount":0.1}}"#),
    ] {
        let a = s
            .post("/public/v1/earn/actions/stake", Some(FULL), &bad)
            .await;
        assert_eq!(
            (a.status.as_u16(), a.code()),
            (400, "invalid_parameter".into()),
            "{bad}"
        );
    }
    assert_eq!(ops(&s), count);
}
