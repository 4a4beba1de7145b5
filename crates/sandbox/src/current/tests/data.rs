//! Response bodies against the ledger.

use super::*;
use crate::fixed_catalogue::{catalogue, EUR_ID};
use crate::ledger::LedgerView;
use crate::test_support::{dec, decimals};
use rust_decimal::Decimal;
use std::collections::HashSet;

fn view(s: &Sandbox) -> LedgerView {
    LedgerView::new(s.state.ledger.clone(), s.state.clock.clone())
}

#[tokio::test]
async fn portfolio_matches_the_ledger_in_any_valuation_currency() {
    let s = sandbox();
    for symbol in ["EUR", "USD"] {
        let cur = catalogue().currency_by_symbol(symbol).unwrap();
        let a = s
            .get(
                &format!("/public/v1/portfolio?equivalent_currency_id={}", cur.id),
                Some(BALANCE),
            )
            .await;
        let data = a.json()["data"].as_array().unwrap().clone();
        let want = view(&s).portfolio(symbol);
        assert_eq!(data.len(), want.len());
        let mut total = Decimal::ZERO;
        for (got, want) in data.iter().zip(&want) {
            let id_key = if want.is_fiat {
                "currency_id"
            } else {
                "asset_id"
            };
            assert_eq!(got[id_key], want.id.as_str());
            assert_eq!(dec(&got["balance"]["value"]), want.balance);
            assert_eq!(got["balance"][id_key], want.id.as_str());
            assert_eq!(dec(&got["available_balance"]["value"]), want.available);
            if want.is_fiat {
                assert!(got.get("currency_balance").is_none());
                assert_eq!(decimals(&got["balance"]["value"]), 2);
            } else {
                assert_eq!(Some(dec(&got["currency_balance"]["value"])), want.value);
                assert_eq!(got["currency_balance"]["currency_id"], cur.id.to_string());
                let invested = dec(&got["invested_amount"]["value"]);
                assert_eq!(
                    dec(&got["total_return"]["value"]),
                    want.value.unwrap() - invested
                );
                total += want.value.unwrap();
            }
        }
        assert!(total < view(&s).portfolio_total(symbol));
    }
    let btc = s.get("/public/v1/portfolio", Some(FULL)).await.json()["data"][0].clone();
    assert_eq!(decimals(&btc["balance"]["value"]), 8);
    let bad = s
        .get(
            "/public/v1/portfolio?equivalent_currency_id=nope",
            Some(FULL),
        )
        .await;
    assert_eq!(bad.code(), "invalid_parameter");
}

#[tokio::test]
async fn portfolio_history_timeframes() {
    let s = sandbox();
    for tf in ["DAY", "WEEK", "MONTH", "SIX_MONTH", "YEAR"] {
        let a = s
            .get(
                &format!("/public/v1/portfolio-history?timeframe={tf}"),
                Some(BALANCE),
            )
            .await;
        let data = &a.json()["data"];
        let points = data["datapoints"].as_array().unwrap();
        assert!(points.len() > 100, "{tf}");
        let last = points.last().unwrap();
        assert!(
            last["time"]
                .as_str()
                .unwrap()
                .starts_with("2026-05-04T09:1"),
            "ends now"
        );
        assert_eq!(last["value"]["currency_id"], EUR_ID);
        let first = dec(&points[0]["value"]["value"]);
        let lastv = dec(&last["value"]["value"]);
        let pct = ((lastv - first) / first * Decimal::ONE_HUNDRED).round_dp(2);
        assert_eq!(dec(&data["return_percentage"]), pct);
        let t = points[0]["time"].as_str().unwrap();
        assert!(t.ends_with('Z') && t.len() == 24, "{t}");
    }
    for bad in ["", "?timeframe=day", "?timeframe=HOUR"] {
        let a = s
            .get(&format!("/public/v1/portfolio-history{bad}"), Some(FULL))
            .await;
        assert_eq!(
            (a.status.as_u16(), a.code()),
            (400, "invalid_parameter".into())
        );
    }
}

async fn walk(s: &Sandbox, query: &str) -> Vec<Value> {
    let mut out = Vec::new();
    let mut cursor = String::new();
    loop {
        let a = s
            .get(
                &format!("/public/v1/operations?{query}&cursor={cursor}"),
                Some(READ),
            )
            .await;
        let body = a.json();
        out.extend(body["data"].as_array().unwrap().iter().cloned());
        assert!(body["next_cursor"].is_string());
        if !body["has_next_page"].as_bool().unwrap() {
            return out;
        }
        cursor = body["next_cursor"].as_str().unwrap().to_string();
    }
}

#[tokio::test]
async fn operations_page_to_the_end_newest_first() {
    let s = sandbox();
    let all = walk(&s, "page_size=40").await;
    let mut seen = HashSet::new();
    let unique: Vec<&Value> = all
        .iter()
        .filter(|o| seen.insert(o["operation_id"].clone()))
        .collect();
    assert!(all.len() > unique.len(), "pages overlap");
    assert_eq!(unique.len(), view(&s).operations_count());
    let times: Vec<&str> = unique
        .iter()
        .filter_map(|o| o["transactions"][0]["credited_at"].as_str())
        .collect();
    assert!(times.windows(2).all(|w| w[0] >= w[1]), "newest first");
    let newest = unique[0];
    assert!(
        newest["transactions"][0].get("credited_at").is_none(),
        "pending first"
    );
    let legs: Vec<&Value> = unique
        .iter()
        .flat_map(|o| o["transactions"].as_array().unwrap())
        .collect();
    assert!(legs
        .iter()
        .any(|l| l["asset_balance_after"]["value"] == "-1"));
    assert!(legs
        .iter()
        .any(|l| l["compensates_info"]["operation_type"] == "withdrawal"));
    assert!(legs.iter().any(|l| l["trade"]["trade_id"].is_string()));
    for l in legs {
        assert!(matches!(l["flow"].as_str(), Some("INCOMING" | "OUTGOING")));
        assert!(!dec(&l["asset_amount"]["value"]).is_sign_negative());
    }
}

#[tokio::test]
async fn operations_filters() {
    let s = sandbox();
    let btc = catalogue().asset_by_symbol("BTC").unwrap().id.to_string();
    let eth = catalogue().asset_by_symbol("ETH").unwrap().id.to_string();
    let btc_ops = walk(&s, &format!("page_size=100&asset_id={btc}")).await;
    let both = walk(&s, &format!("page_size=100&asset_id={btc}&asset_id={eth}")).await;
    assert!(!btc_ops.is_empty() && both.len() > btc_ops.len());
    assert!(btc_ops.iter().all(|o| o["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["asset_id"] == btc.as_str())));
    let usd = catalogue()
        .currency_by_symbol("USD")
        .unwrap()
        .id
        .to_string();
    let usd_ops = walk(&s, &format!("page_size=100&currency_id={usd}")).await;
    assert!(usd_ops.iter().all(|o| o["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .any(|l| l["currency_id"] == usd.as_str())));
    let recent = walk(&s, "page_size=100&from=2026-01-01T00:00:00Z&to=2026-03-31").await;
    assert!(!recent.is_empty());
    for o in &recent {
        let t = o["transactions"][0]["credited_at"].as_str().unwrap();
        assert!(("2026-01-01".."2026-04-01").contains(&t), "{t}");
    }
    for bad in [
        "from=yesterday",
        "asset_id=xyz",
        "page_size=0",
        "page_size=101",
    ] {
        let a = s
            .get(&format!("/public/v1/operations?{bad}"), Some(FULL))
            .await;
        assert_eq!(
            (a.status.as_u16(), a.code()),
            (400, "invalid_parameter".into()),
            "{bad}"
        );
    }
}

#[tokio::test]
async fn assets_currencies_tickers_and_earn_configs() {
    let s = sandbox();
    let page = s.get("/public/v1/assets", None).await.json();
    assert_eq!(page["data"].as_array().unwrap().len(), 25);
    assert_eq!(page["has_next_page"], true);
    let btc = &s.get("/public/v1/assets?symbol=btc", None).await.json()["data"][0];
    assert_eq!(
        (
            btc["symbol"].as_str(),
            btc["type"].as_str(),
            btc["group"].as_str()
        ),
        (Some("BTC"), Some("cryptocoin"), Some("crypto"))
    );
    let (a, b) = (&catalogue().assets[3].id, &catalogue().assets[20].id);
    let two = s
        .get(&format!("/public/v1/assets?id={a}&id={b}"), None)
        .await
        .json();
    assert_eq!(two["data"].as_array().unwrap().len(), 2);
    let metals = s
        .get("/public/v1/assets?type=metal&page_size=100", None)
        .await
        .json();
    assert_eq!(metals["data"].as_array().unwrap().len(), 4);
    let apple = s
        .get("/public/v1/assets?isin=US0378331005", None)
        .await
        .json();
    assert_eq!(apple["data"][0]["symbol"], "AAPL");
    let currencies = s.get("/public/v1/currencies", None).await.json();
    assert_eq!(currencies["data"][0]["id"], EUR_ID);
    assert!(currencies["data"].as_array().unwrap().len() >= 6);
    let ticker = s
        .get(
            &format!("/public/v1/tickers/{}", btc["id"].as_str().unwrap()),
            None,
        )
        .await
        .json();
    assert_eq!(
        Some(dec(&ticker["data"]["price"])),
        view(&s).price_eur("BTC")
    );
    assert_eq!(ticker["data"]["currency_id"], EUR_ID);
    for unknown in [EUR_ID, "nope"] {
        let a = s.get(&format!("/public/v1/tickers/{unknown}"), None).await;
        assert_eq!((a.status.as_u16(), a.code()), (404, "not_found".into()));
    }
    let configs = s.get("/public/v1/earn/configs", Some(READ)).await.json();
    let first = &configs["data"][0];
    assert!(first["annual_percentage_rate"].is_number());
    assert_eq!(first["annual_percentage_rate"].to_string(), "0.031");
    let locked = s
        .get("/public/v1/earn/configs?type=LOCKED", Some(READ))
        .await
        .json();
    assert!(locked["data"]
        .as_array()
        .unwrap()
        .iter()
        .all(|c| c["type"] == "LOCKED"));
    let eth = catalogue().asset_by_symbol("ETH").unwrap().id;
    let eth_configs = s
        .get(
            &format!("/public/v1/earn/configs?assetId={eth}"),
            Some(READ),
        )
        .await
        .json();
    assert_eq!(eth_configs["data"].as_array().unwrap().len(), 2);
}
