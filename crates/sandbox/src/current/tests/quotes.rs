//! Quotes through the router: create, accept, and every refusal.

use super::*;
use crate::fixed_catalogue::{catalogue, EUR_ID};
use crate::ledger::Unit;
pub(crate) use crate::test_support::dec;
use rust_decimal::Decimal;
use serde_json::json;
use std::time::Duration;

pub fn asset(symbol: &str) -> (usize, String) {
    let a = catalogue().asset_by_symbol(symbol).unwrap();
    (a.index, a.id.to_string())
}

pub fn main_of(s: &Sandbox, unit: Unit) -> Decimal {
    s.state.read().holdings.main[unit.slot()]
}

pub fn ops(s: &Sandbox) -> usize {
    s.state.read().operations.len()
}

pub async fn quote(s: &Sandbox, body: Value) -> Answer {
    s.post("/public/v1/quotes", Some(FULL), &body.to_string())
        .await
}

pub async fn accept(s: &Sandbox, quote: &Answer) -> Answer {
    let id = quote.json()["data"]["quote_id"]
        .as_str()
        .unwrap()
        .to_string();
    s.post(&format!("/public/v1/quotes/{id}/accept"), Some(FULL), "")
        .await
}

#[tokio::test]
async fn buy_by_notional_moves_the_ledger_once() {
    let s = sandbox();
    let (btc, btc_id) = asset("BTC");
    let eur_before = main_of(&s, Unit::Fiat(0));
    let btc_before = main_of(&s, Unit::Asset(btc));
    let q = quote(
        &s,
        json!({"asset_id": btc_id, "currency_id": EUR_ID, "side": "BUY", "notional": "100.00"}),
    )
    .await;
    assert_eq!(q.status, StatusCode::OK, "{}", q.text);
    let data = q.json()["data"].clone();
    assert_eq!(
        (data["status"].as_str(), data["side"].as_str()),
        (Some("OPEN"), Some("BUY"))
    );
    let figures = &data["quote"];
    assert_eq!(figures["notional"], "100.00");
    assert!(dec(&figures["price_with_premium"]) > dec(&figures["price"]));
    let quantity = dec(&figures["quantity"]);
    assert_eq!(quantity.scale(), 8);
    let expires =
        chrono::DateTime::parse_from_rfc3339(figures["expires_at"].as_str().unwrap()).unwrap();
    let ttl = expires.with_timezone(&Utc) - s.state.clock.now();
    assert!(ttl > chrono::Duration::seconds(25) && ttl <= chrono::Duration::seconds(30));

    let a = accept(&s, &q).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let d = a.json()["data"].clone();
    assert_eq!(d["status"], "FINISHED");
    assert_eq!(d["quoteId"], data["quote_id"]);
    let e = &d["execution"];
    assert_eq!(
        (&e["notional"], &e["quantity"]),
        (&figures["notional"], &figures["quantity"])
    );
    assert_eq!(
        (&e["fee"], &e["priceWithFee"]),
        (&figures["premium"], &figures["price_with_premium"])
    );
    assert!(e["executedAt"].is_string() && d["tax"]["pessimisticWithholding"] == false);
    assert!(d["tradingBudget"].is_null(), "no limits set");
    assert_eq!(main_of(&s, Unit::Fiat(0)), eur_before - Decimal::from(100));
    assert_eq!(main_of(&s, Unit::Asset(btc)), btc_before + quantity);

    let page = s
        .get("/public/v1/operations?page_size=1", Some(FULL))
        .await
        .json();
    let op = &page["data"][0];
    assert_eq!(op["operation_type"], "buy");
    let leg = op["transactions"]
        .as_array()
        .unwrap()
        .iter()
        .find(|l| l["asset_id"] == btc_id.as_str())
        .unwrap();
    assert_eq!(leg["trade"]["trade_id"], d["tradeId"]);
    assert_eq!(leg["flow"], "INCOMING");

    let count = ops(&s);
    let again = accept(&s, &q).await;
    assert_eq!(
        (again.status.as_u16(), again.code()),
        (422, "quote_already_accepted".into())
    );
    assert_eq!(ops(&s), count);
}

#[tokio::test]
async fn sell_by_quantity_and_every_refusal() {
    let s = sandbox();
    let (eth, eth_id) = asset("ETH");
    let bought = quote(
        &s,
        json!({"asset_id": eth_id, "side": "buy", "notional": 500}),
    )
    .await;
    assert_eq!(accept(&s, &bought).await.status, StatusCode::OK);
    let held = main_of(&s, Unit::Asset(eth));
    let eur = main_of(&s, Unit::Fiat(0));
    let q = quote(
        &s,
        json!({"assetId": eth_id, "side": "SELL", "quantity": held.to_string()}),
    )
    .await;
    let a = accept(&s, &q).await;
    assert_eq!(a.status, StatusCode::OK, "{}", a.text);
    let received = dec(&a.json()["data"]["execution"]["notional"]);
    assert_eq!(main_of(&s, Unit::Asset(eth)), Decimal::ZERO);
    assert_eq!(main_of(&s, Unit::Fiat(0)), eur + received);

    let count = ops(&s);
    let too_much = quote(
        &s,
        json!({"asset_id": eth_id, "side": "SELL", "quantity": "1"}),
    )
    .await;
    let a = accept(&s, &too_much).await;
    assert_eq!(
        (a.status.as_u16(), a.code()),
        (422, "insufficient_funds".into())
    );
    let rich = (main_of(&s, Unit::Fiat(0)) + Decimal::ONE)
        .round_dp(2)
        .to_string();
    let a = accept(
        &s,
        &quote(
            &s,
            json!({"asset_id": eth_id, "side": "BUY", "notional": rich}),
        )
        .await,
    )
    .await;
    assert_eq!(a.code(), "insufficient_funds");
    let stale = quote(
        &s,
        json!({"asset_id": eth_id, "side": "BUY", "notional": "10"}),
    )
    .await;
    s.state.clock.advance(Duration::from_secs(31));
    let a = accept(&s, &stale).await;
    assert_eq!((a.status.as_u16(), a.code()), (422, "quote_expired".into()));
    assert_eq!(ops(&s), count, "no refusal touched the ledger");

    let unknown = format!("/public/v1/quotes/{eth_id}/accept");
    assert_eq!(
        s.post(&unknown, Some(FULL), "").await.code(),
        "quote_not_found"
    );
    let bad = s.post("/public/v1/quotes/123/accept", Some(FULL), "").await;
    assert_eq!(
        (bad.status.as_u16(), bad.code()),
        (400, "invalid_parameter".into())
    );
    for body in [
        json!({"asset_id": eth_id, "side": "BUY", "quantity": "0.000000001"}),
        json!({"asset_id": eth_id, "side": "BUY", "notional": "1.001"}),
        json!({"asset_id": eth_id, "side": "BUY", "notional": "abc"}),
        json!({"asset_id": eth_id, "side": "BUY", "notional": "-5"}),
        json!({"asset_id": eth_id, "side": "HOLD", "notional": "5"}),
        json!({"asset_id": eth_id, "side": "BUY", "notional": "5", "currency_id": eth_id}),
        json!({"asset_id": EUR_ID, "side": "BUY", "notional": "5"}),
    ] {
        let a = quote(&s, body.clone()).await;
        assert_eq!(
            (a.status.as_u16(), a.code()),
            (400, "invalid_parameter".into()),
            "{body}"
        );
    }
}
