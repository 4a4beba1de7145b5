//! Router-level tests of the legacy API: auth, sunset, paging and consistency with the
//! current API's portfolio and operations (same ledger).

use crate::app::app;
use crate::state::AppState;
pub(super) use crate::test_support::{dec, decimals};
use crate::Config;
use axum::body::{to_bytes, Body};
use axum::http::Request;
use axum::Router;
use chrono::{DateTime, TimeZone, Utc};
use serde_json::Value;
use std::collections::HashSet;
use tower::ServiceExt;

const KEY: &str = "folio-demo-balance";

pub(super) fn at(now: DateTime<Utc>, discrepancy: bool) -> Router {
    let config = Config {
        frozen_prices: true,
        now: Some(now),
        read_rate_limit: 100_000,
        legacy_discrepancy: discrepancy,
        ..Config::default()
    };
    app(AppState::new(&config), &config)
}

pub(super) fn router() -> Router {
    at(Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap(), false)
}

pub(super) async fn get(r: &Router, uri: &str, key: Option<(&str, &str)>) -> (u16, Value) {
    let mut req = Request::builder().uri(uri);
    if let Some((name, value)) = key {
        req = req.header(name, value);
    }
    let res = r
        .clone()
        .oneshot(req.body(Body::empty()).unwrap())
        .await
        .unwrap();
    let status = res.status().as_u16();
    let bytes = to_bytes(res.into_body(), usize::MAX).await.unwrap();
    (
        status,
        serde_json::from_slice(&bytes).unwrap_or(Value::Null),
    )
}

pub(super) async fn ok(r: &Router, uri: &str) -> Value {
    let key = if uri.starts_with("/public") {
        "folio-demo-full"
    } else {
        KEY
    };
    let (status, body) = get(r, uri, Some(("X-Api-Key", key))).await;
    assert_eq!(status, 200, "{uri}: {body}");
    body
}

/// Every item of a legacy list, following `meta.next_cursor` until there is no `next` link.
pub(super) async fn walk(r: &Router, path: &str, size: usize) -> Vec<Value> {
    let (mut items, mut cursor) = (Vec::new(), String::new());
    loop {
        let sep = if path.contains('?') { '&' } else { '?' };
        let page = ok(r, &format!("{path}{sep}page_size={size}&cursor={cursor}")).await;
        items.extend(page["data"].as_array().unwrap().iter().cloned());
        if page["links"].get("next").is_none() {
            return items;
        }
        cursor = page["meta"]["next_cursor"].as_str().unwrap().to_string();
    }
}

pub(super) const PATHS: [&str; 7] = [
    "/legacy/v1/wallets",
    "/legacy/v1/fiatwallets",
    "/legacy/v1/asset-wallets",
    "/legacy/v1/trades",
    "/legacy/v1/fiatwallets/transactions",
    "/legacy/v1/wallets/transactions",
    "/legacy/v1/assets/transactions/commodity",
];

#[tokio::test]
async fn every_endpoint_answers_with_a_key_in_any_case_and_401_without() {
    let r = router();
    for path in PATHS {
        assert_eq!(get(&r, path, None).await.0, 401, "{path}");
        let (status, body) = get(&r, path, Some(("x-api-key", "wrong"))).await;
        assert_eq!(
            (status, body["errors"][0]["code"].as_str()),
            (401, Some("unauthorized"))
        );
        assert_eq!(body["errors"][0]["status"], 401);
        assert_eq!(
            get(&r, path, Some(("X-API-KEY", KEY))).await.0,
            200,
            "{path}"
        );
        assert_eq!(
            get(&r, path, Some(("x-api-key", KEY))).await.0,
            200,
            "{path}"
        );
    }
    let (status, body) = get(&r, "/legacy/v1/ticker", Some(("X-Api-Key", KEY))).await;
    assert_eq!(
        (status, body["errors"][0]["code"].as_str()),
        (404, Some("not_found"))
    );
}

#[tokio::test]
async fn after_the_sunset_every_legacy_path_answers_410() {
    let last_minute = at(Utc.with_ymd_and_hms(2027, 1, 31, 23, 59, 0).unwrap(), false);
    assert_eq!(
        get(&last_minute, PATHS[0], Some(("X-Api-Key", KEY)))
            .await
            .0,
        200
    );
    let gone = at(Utc.with_ymd_and_hms(2027, 2, 1, 0, 0, 0).unwrap(), false);
    for path in PATHS.iter().chain(&["/legacy/v1/unknown", "/legacy"]) {
        for key in [None, Some(("X-Api-Key", KEY))] {
            let (status, body) = get(&gone, path, key).await;
            assert_eq!(status, 410, "{path}");
            assert_eq!(body["errors"][0]["code"], "api_decommissioned");
            assert_eq!(body["errors"][0]["status"], 410);
        }
    }
    let current = ok(&gone, "/public/v1/portfolio").await;
    assert!(!current["data"].as_array().unwrap().is_empty());
}

#[tokio::test]
async fn items_have_the_spec_shapes() {
    let r = router();
    let wallet = &ok(&r, PATHS[0]).await["data"][0];
    assert_eq!(wallet["type"], "wallet");
    assert_eq!(wallet["attributes"]["cryptocoin_id"], "1");
    assert_eq!(decimals(&wallet["attributes"]["balance"]), 8);
    let grouped = ok(&r, PATHS[2]).await;
    assert_eq!(grouped["data"]["type"], "data");
    let metal = &grouped["data"]["attributes"]["commodity"]["metal"];
    assert_eq!(metal["type"], "collection");
    assert_eq!(metal["attributes"]["wallets"].as_array().unwrap().len(), 4);
    assert!(grouped["last_user_action"]["unix"].is_string());
    let trades = ok(&r, PATHS[3]).await;
    assert_eq!(trades["meta"]["page_size"], 25);
    assert_eq!(trades["data"].as_array().unwrap().len(), 25);
    let t = &trades["data"][0]["attributes"];
    assert!(t["time"]["date_iso8601"]
        .as_str()
        .unwrap()
        .ends_with("+00:00"));
    assert!(t["is_swap"].is_boolean() && t["fiat_id"].is_string());
    let fiat = ok(&r, &format!("{}?page_size=2", PATHS[4])).await;
    assert!(fiat["links"]["next"]
        .as_str()
        .unwrap()
        .starts_with("?next_cursor="));
    let crypto = ok(&r, &format!("{}?cursor=", PATHS[5])).await;
    assert_eq!(crypto["meta"]["cursor"], "");
    let commodity = walk(&r, PATHS[6], 500).await;
    let with_trade = commodity
        .iter()
        .find(|c| c["attributes"]["trade"]["type"] == "trade");
    assert!(with_trade.is_some(), "a metal trade embeds its trade");
    assert!(commodity
        .iter()
        .all(|c| c["attributes"]["is_metal_storage_fee"] == false));
}

#[tokio::test]
async fn paging_reaches_every_item_once_with_filters() {
    let r = router();
    for path in &PATHS[3..] {
        let all = walk(&r, path, 500).await;
        let total = ok(&r, path).await["meta"]["total_count"].as_u64().unwrap() as usize;
        assert_eq!(all.len(), total, "{path}");
        let small = walk(&r, path, 7).await;
        assert_eq!(small, all, "{path}");
        let ids: HashSet<_> = all.iter().map(|i| i["id"].as_str().unwrap()).collect();
        assert_eq!(ids.len(), all.len());
    }
    let sells = walk(&r, "/legacy/v1/trades?type=sell", 10).await;
    assert!(!sells.is_empty() && sells.iter().all(|t| t["attributes"]["type"] == "sell"));
    let pending = walk(&r, "/legacy/v1/fiatwallets/transactions?status=pending", 10).await;
    assert_eq!(pending.len(), 1);
    let transfers = walk(
        &r,
        "/legacy/v1/wallets/transactions?type=transfer&status=finished",
        10,
    )
    .await;
    assert!(transfers
        .iter()
        .all(|t| t["attributes"]["type"] == "transfer"));
}
