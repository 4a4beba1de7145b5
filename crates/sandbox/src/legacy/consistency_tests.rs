//! The legacy views agree with the current API's portfolio and operations (same ledger; the
//! legacy API also lists the tax cases' legacy-only BTC buy), and the discrepancy option
//! breaks exactly one balance and one trade.

use super::tests::{at, dec, ok, router, walk, PATHS};
use crate::ledger::generate::tax_cases::ids::*;
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
    assert_eq!(trades, trade_ops + 1, "and the legacy-only BTC buy");
    let mut ids: HashSet<String> = walk(&r, PATHS[3], 500)
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
    assert!(ids.remove(BTC_LEGACY_BUY_TRADE));
    assert_eq!(ids, op_trade_ids);
}

#[tokio::test]
async fn the_discrepancy_option_changes_one_balance_and_drops_one_trade() {
    let now = Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap();
    let (good, _, good_trades, _) = both_sides(&at(now, false)).await;
    let (bad, _, bad_trades, trade_ops) = both_sides(&at(now, true)).await;
    assert_eq!(bad_trades + 1, good_trades);
    assert_eq!(good_trades, trade_ops + 1, "and the legacy-only BTC buy");
    let differing: Vec<_> = good
        .iter()
        .filter(|(s, b)| bad.get(*s) != Some(b))
        .collect();
    assert_eq!(differing.len(), 1);
    let (symbol, balance) = differing[0];
    assert_eq!(bad[symbol] - balance, super::wallets::DISCREPANCY);
}

/// The tax cases as each API sends them: the legacy-only buy in the legacy lists only, the
/// legs the current API sends for the unusual shapes.
#[tokio::test]
async fn the_tax_cases_as_each_api_sends_them() {
    let r = router();
    let ops = operations(&r).await;
    let op = |id: &str| ops.iter().find(|o| o["operation_id"] == id).cloned();
    assert!(op(BTC_LEGACY_DEPOSIT).is_none() && op(BTC_LEGACY_BUY).is_none());
    let legs = |id: &str| op(id).unwrap()["transactions"].as_array().unwrap().clone();
    let sell = legs(BTC_SELL);
    assert_eq!(sell.len(), 2);
    assert_eq!(sell[0]["asset_amount"]["value"], "0.10000000");
    assert_eq!(sell[1]["asset_amount"]["value"], "2800.00");
    // The legacy trade of the buy: numeric cryptocoin id (catalogue position + 1) and symbol.
    let trades = walk(&r, PATHS[3], 500).await;
    let buy = trades
        .iter()
        .find(|t| t["id"] == BTC_LEGACY_BUY_TRADE)
        .expect("the legacy-only trade");
    let a = &buy["attributes"];
    assert_eq!(
        (a["type"].as_str(), a["status"].as_str()),
        (Some("buy"), Some("finished"))
    );
    assert_eq!(
        (a["cryptocoin_id"].as_str(), a["cryptocoin_symbol"].as_str()),
        (Some("1"), Some("BTC"))
    );
    assert_eq!(dec(&a["amount_cryptocoin"]), Decimal::new(1, 1));
    assert_eq!(dec(&a["amount_fiat"]), Decimal::from(800));
    assert_eq!(
        a["time"]["date_iso8601"].as_str().unwrap().get(..10),
        Some("2020-06-01")
    );
    let fiat = walk(&r, PATHS[4], 500).await;
    let deposit_leg = BTC_LEGACY_DEPOSIT.replace("8000-000000000000", "8000-000000000001");
    assert!(fiat.iter().any(|t| t["id"] == deposit_leg.as_str()));
    // A sale from two wallets: two ATOM legs, one legacy trade of their sum.
    let atom = legs(ATOM_SELL_FROM_TWO_WALLETS);
    assert_eq!(atom.len(), 3);
    assert_ne!(atom[0]["wallet_id"], atom[1]["wallet_id"]);
    assert_eq!(atom[0]["asset_id"], atom[1]["asset_id"]);
    let trade_id = atom[0]["trade"]["trade_id"].as_str().unwrap();
    let legacy = trades.iter().find(|t| t["id"] == trade_id).unwrap();
    assert_eq!(
        dec(&legacy["attributes"]["amount_cryptocoin"]),
        "295.53".parse().unwrap()
    );
    assert_eq!(
        dec(&legacy["attributes"]["amount_fiat"]),
        Decimal::from(1_750)
    );
    // The tax credit: an incoming EUR leg of type tax.
    let avax = legs(AVAX_SELL_WITH_TAX_CREDIT);
    assert_eq!(avax.len(), 3);
    assert_eq!(
        (
            avax[2]["transaction_type"].as_str(),
            avax[2]["flow"].as_str()
        ),
        (Some("tax"), Some("INCOMING"))
    );
    assert_eq!(avax[2]["asset_amount"]["value"], "27.50");
    // The reward's fee leg in the asset; the dividend's one EUR leg.
    let reward = legs(XTZ_REWARD_WITH_FEE);
    assert_eq!(reward[1]["transaction_type"], "fee");
    assert_eq!(reward[1]["flow"], "OUTGOING");
    assert_eq!(reward[1]["asset_id"], reward[0]["asset_id"]);
    assert_eq!(reward[1]["fee_amount"]["value"], "1.00000000");
    let dividend = op(SIE_DIVIDEND).unwrap();
    assert_eq!(dividend["operation_type"], "dividend");
    let dividend = legs(SIE_DIVIDEND);
    assert_eq!(dividend.len(), 1);
    assert_eq!(dividend[0]["asset_amount"]["value"], "41.60");
    assert_eq!(dividend[0]["flow"], "INCOMING");
    let deposit = legs(LTC_DEPOSIT);
    assert_eq!(
        (deposit.len(), deposit[0]["transaction_type"].as_str()),
        (1, Some("deposit"))
    );
}
