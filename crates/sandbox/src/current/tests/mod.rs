//! Router-level tests through `tower::ServiceExt::oneshot`.

mod access;
mod data;
mod infra;
mod limits_earn;
mod quotes;

use crate::app::app;
use crate::state::AppState;
use crate::Config;
use axum::body::{to_bytes, Body};
use axum::http::{HeaderMap, Request, StatusCode};
use axum::Router;
use chrono::{DateTime, TimeZone, Utc};
use serde_json::Value;
use tower::ServiceExt;

pub const FULL: &str = "folio-demo-full";
pub const READ: &str = "folio-demo-read";
pub const BALANCE: &str = "folio-demo-balance";

pub fn now() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2026, 5, 4, 9, 15, 27).unwrap()
}

pub fn config() -> Config {
    Config {
        frozen_prices: true,
        now: Some(now()),
        read_rate_limit: 10_000,
        write_rate_limit: 10_000,
        ..Config::default()
    }
}

pub struct Sandbox {
    pub state: AppState,
    pub router: Router,
}

pub fn sandbox_with(config: Config) -> Sandbox {
    let state = AppState::new(&config);
    let router = app(state.clone(), &config);
    Sandbox { state, router }
}

pub fn sandbox() -> Sandbox {
    sandbox_with(config())
}

pub struct Answer {
    pub status: StatusCode,
    pub headers: HeaderMap,
    pub text: String,
}

impl Answer {
    pub fn json(&self) -> Value {
        serde_json::from_str(&self.text).unwrap_or_else(|e| panic!("{e}: {}", self.text))
    }

    pub fn code(&self) -> String {
        self.json()["error"]["code"]
            .as_str()
            .unwrap_or_default()
            .to_string()
    }
}

impl Sandbox {
    pub async fn send(
        &self,
        method: &str,
        uri: &str,
        key: Option<&str>,
        body: Option<&str>,
    ) -> Answer {
        let mut req = Request::builder().method(method).uri(uri);
        if let Some(k) = key {
            req = req.header("X-API-KEY", k);
        }
        if body.is_some() {
            req = req.header("content-type", "application/json");
        }
        let req = req
            .body(Body::from(body.unwrap_or("").to_string()))
            .unwrap();
        let res = self.router.clone().oneshot(req).await.unwrap();
        let status = res.status();
        let headers = res.headers().clone();
        let bytes = to_bytes(res.into_body(), usize::MAX).await.unwrap();
        Answer {
            status,
            headers,
            text: String::from_utf8_lossy(&bytes).into_owned(),
        }
    }

    pub async fn get(&self, uri: &str, key: Option<&str>) -> Answer {
        self.send("GET", uri, key, None).await
    }

    pub async fn post(&self, uri: &str, key: Option<&str>, body: &str) -> Answer {
        self.send("POST", uri, key, Some(body)).await
    }
}
