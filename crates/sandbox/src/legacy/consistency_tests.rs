//! The legacy views agree with the current API's portfolio and operations (same ledger),
//! and the discrepancy option breaks exactly one balance and one trade.

use super::tests::{at, dec, ok, router, walk, PATHS};
use axum::Router;
use chrono::{TimeZone, Utc};
use rust_decimal::Decimal;
use serde_json::Value;
use std::collections::{BTreeMap, HashSet};

async fn operations(r: &Router) -> Vec<Value> {
    let (mut ops, mut cursor) = (Vec::new(), String::new());
    loop {
        let page = ok(
            r,
            &format!("/public/v1/operations?page_size=100&cursor={cursor}"),
        )
        .await;
        ops.extend(page["data"].as_array().unwrap().iter().cloned());
        if page["has_next_page"] != true {
            let mut seen = HashSet::new();
            ops.retain(|o| seen.insert(o["operation_id"].as_str().unwrap().to_string()));
            return ops;
        }
        cursor = page["next_cursor"].as_str().unwrap().to_string();
    }
}

/// Legacy balances by wallet id, and current portfolio balances by the same wallet id.
async fn both_sides(
    r: &Router,
) -> (
    BTreeMap<String, Decimal>,
    BTreeMap<String, Decimal>,
    usize,
    usize,
) {
    let mut legacy = BTreeMap::new();
    for w in ok(r, PATHS[0]).await["data"]
        .as_array()
        .unwrap()
        .iter()
        .chain(ok(r, PATHS[1]).await["data"].as_array().unwrap())
        .chain(
            ok(r, PATHS[2]).await["data"]["attributes"]["commodity"]["metal"]["attributes"]
                ["wallets"]
                .as_array()
                .unwrap(),
        )
    {
        let balance = dec(&w["attributes"]["balance"]);
        let symbol = w["attributes"]["cryptocoin_symbol"]
            .as_str()
            .or(w["attributes"]["fiat_symbol"].as_str());
        if !balance.is_zero() {
            legacy.insert(symbol.unwrap().to_string(), balance);
        }
    }
    let r2 = r.clone();
    let names: BTreeMap<String, String> = ok(&r2, "/public/v1/assets?page_size=100").await["data"]
        .as_array()
        .unwrap()
        .iter()
        .chain(
            ok(&r2, "/public/v1/currencies").await["data"]
                .as_array()
                .unwrap(),
        )
        .map(|a| {
            (
                a["id"].as_str().unwrap().to_string(),
                a["symbol"].as_str().unwrap().to_string(),
            )
        })
        .collect();
    let mut current = BTreeMap::new();
    for p in ok(r, "/public/v1/portfolio").await["data"]
        .as_array()
        .unwrap()
    {
        let id = p["asset_id"]
            .as_str()
            .or(p["currency_id"].as_str())
            .unwrap();
        current.insert(names[id].clone(), dec(&p["balance"]["value"]));
    }
    let trades = walk(r, PATHS[3], 500).await.len();
    let trade_ops = operations(r)
        .await
        .iter()
        .filter(|o| {
            ["buy", "sell", "savings_plan", "swap"].contains(&o["operation_type"].as_str().unwrap())
        })
        .count();
    (legacy, current, trades, trade_ops)
}

#[tokio::test]
async fn legacy_views_agree_with_the_current_api() {
    let r = router();
    let (legacy, mut current, trades, trade_ops) = both_sides(&r).await;
    let stocks_and_etfs = [
        "AAPL", "MSFT", "NVDA", "AMZN", "GOOGL", "TSLA", "SAP", "ASML", "SIE", "NESN", "EUNL",
        "VWCE", "SXR8", "XMME", "EXS1", "VEUR",
    ];
    current.retain(|symbol, _| !stocks_and_etfs.contains(&symbol.as_str()));
    assert_eq!(legacy, current);
    assert!(legacy.len() > 3);
    assert_eq!(trades, trade_ops);
    let ids: HashSet<String> = walk(&r, PATHS[3], 500)
        .await
        .iter()
        .map(|t| t["id"].as_str().unwrap().to_string())
        .collect();
    let op_trade_ids: HashSet<String> = operations(&r)
        .await
        .iter()
        .flat_map(|o| o["transactions"].as_array().unwrap().clone())
        .filter_map(|t| t["trade"]["trade_id"].as_str().map(str::to_string))
        .collect();
    assert_eq!(ids, op_trade_ids);
}

#[tokio::test]
async fn the_discrepancy_option_changes_one_balance_and_drops_one_trade() {
    let now = Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap();
    let (good, _, good_trades, _) = both_sides(&at(now, false)).await;
    let (bad, _, bad_trades, trade_ops) = both_sides(&at(now, true)).await;
    assert_eq!(bad_trades + 1, trade_ops);
    assert_eq!(good_trades, trade_ops);
    let differing: Vec<_> = good
        .iter()
        .filter(|(s, b)| bad.get(*s) != Some(b))
        .collect();
    assert_eq!(differing.len(), 1);
    let (symbol, balance) = differing[0];
    assert_eq!(bad[symbol] - balance, super::wallets::DISCREPANCY);
}
