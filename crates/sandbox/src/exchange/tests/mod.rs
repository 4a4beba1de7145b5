//! Router-level tests of the exchange API through `tower::ServiceExt::oneshot`.

mod market;
mod orders;
mod paging;

use crate::app::app;
use crate::state::AppState;
use crate::Config;
use axum::body::{to_bytes, Body};
use axum::http::{Request, StatusCode};
use axum::Router;
use chrono::{TimeZone, Utc};
use rust_decimal::Decimal;
use serde_json::{json, Value};
use tower::ServiceExt;

pub const FULL: &str = "folio-demo-full";
pub const READ: &str = "folio-demo-read";
pub const BALANCE: &str = "folio-demo-balance";

pub struct Ex {
    pub state: AppState,
    router: Router,
}

/// A sandbox at a fixed instant; prices move with the clock unless `frozen`.
pub fn ex(frozen: bool) -> Ex {
    let config = Config {
        frozen_prices: frozen,
        now: Some(Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap()),
        ..Config::default()
    };
    let state = AppState::new(&config);
    let router = app(state.clone(), &config);
    Ex { state, router }
}

pub(crate) use crate::test_support::dec;

impl Ex {
    pub async fn send(
        &self,
        method: &str,
        path: &str,
        key: Option<&str>,
        body: Option<Value>,
    ) -> (StatusCode, Value) {
        let mut req = Request::builder()
            .method(method)
            .uri(format!("/exchange/v1{path}"));
        if let Some(k) = key {
            req = req.header("x-api-key", k);
        }
        let body = body.map(|b| b.to_string()).unwrap_or_default();
        let req = req
            .header("content-type", "application/json")
            .body(Body::from(body))
            .unwrap();
        let res = self.router.clone().oneshot(req).await.unwrap();
        let status = res.status();
        let bytes = to_bytes(res.into_body(), usize::MAX).await.unwrap();
        (
            status,
            serde_json::from_slice(&bytes).unwrap_or(Value::Null),
        )
    }

    pub async fn get(&self, path: &str) -> Value {
        let (status, body) = self.send("GET", path, Some(FULL), None).await;
        assert_eq!(status, StatusCode::OK, "{path}: {body}");
        body
    }

    pub async fn order(&self, body: Value) -> (StatusCode, Value) {
        self.send("POST", "/account/orders", Some(FULL), Some(body))
            .await
    }

    pub async fn mid(&self, pair: &str) -> Decimal {
        dec(&self.get(&format!("/tickers?pair={pair}")).await[0]["price"])
    }

    pub async fn balance(&self, symbol: &str) -> (Decimal, Decimal) {
        let b = self
            .get(&format!("/account/balances?currency={symbol}"))
            .await;
        (dec(&b[0]["available"]), dec(&b[0]["locked"]))
    }

    pub fn advance(&self, secs: u64) {
        self.state
            .clock
            .advance(std::time::Duration::from_secs(secs));
    }
}

pub fn code(body: &Value) -> &str {
    body["errors"][0]["code"].as_str().unwrap_or("")
}

pub fn limit_buy(pair: &str, qty: &str, price: Decimal) -> Value {
    json!({"pair": pair, "side": "Buy", "type": "Limit", "quantity": qty, "limitPrice": price.to_string()})
}
