//! The exchange API (Bitpanda Fusion dialect) under `/exchange/v1`: camelCase JSON, PascalCase
//! order sides and types, kebab-case statuses, Unix seconds in queries and candles, ISO
//! timestamps with milliseconds elsewhere, `{data, meta:{limit, hasNextPage, nextCursor}}`
//! pages and `{"errors":[…]}` error bodies.
//!
//! Decisions (contract §3 fills the rest):
//! - **Market data** comes from the same price walk as the current API ([`pairs`]): 12 pairs
//!   in EUR, USD and CHF; the mid is the asset's price in the quote currency on the tick grid.
//! - **Account**: the exchange has its own account (balances, orders, trades), seeded
//!   deterministically from the seed ([`seed`]); it never touches the current API's wallets.
//!   All demo keys share it.
//! - **Scopes**: the exchange knows Read and Trade. `folio-demo-full` has Read + Trade,
//!   `folio-demo-read` Read only, `folio-demo-balance` neither. Every endpoint needs a key
//!   (401 without or with an unknown one); reads need Read, creating and canceling orders
//!   need Trade (403 otherwise). The scope check comes before any validation.
//! - **Orders** ([`engine`], [`place`]): `POST` answers the accepted order with
//!   `status: "new"` (201); execution happens right after, visible on the next read. Market
//!   orders fill at once against the book (IOC; FOK all or nothing); Limit orders take what
//!   crosses the book, then rest with funds locked and fill at their limit price when the walk
//!   crosses them; stop orders trigger on the mid. `amount` is accepted only for Market
//!   orders. GTD orders expire at `endTime`. Cancel answers `canceled` (or
//!   `filled-and-canceled` after a partial fill); 409 when the order is already closed.
//! - **Validation** (422 codes): `QUANTITY_XOR_AMOUNT`, `AMOUNT_NOT_SUPPORTED`,
//!   `INVALID_QUANTITY`, `INVALID_AMOUNT`, `INVALID_PRICE`, `LIMIT_PRICE_REQUIRED`,
//!   `TRIGGER_PRICE_REQUIRED`, `INVALID_TICK_SIZE`, `INVALID_SIZE_INCREMENT`,
//!   `INVALID_AMOUNT_INCREMENT`, `ABOVE_MAX_ORDER_SIZE`, `BELOW_MIN_ORDER_AMOUNT`,
//!   `ABOVE_MAX_ORDER_AMOUNT`, `INSUFFICIENT_BALANCE`, `INVALID_SIDE`, `INVALID_TYPE`,
//!   `INVALID_TIME_IN_FORCE`, `END_TIME_REQUIRED`, `END_TIME_NOT_ALLOWED`,
//!   `INVALID_END_TIME`; 404 `PAIR_NOT_FOUND`, `ORDER_NOT_FOUND`, `TRADE_NOT_FOUND`;
//!   409 `ORDER_NOT_CANCELLABLE`; 400 `INVALID_PARAMETER` / `INVALID_BODY`.
//! - **Rate limits** ([`rate`]): 1,000/min per account, 240/min market data, 300/min order
//!   creation; 429 `RATE_LIMITED` with `Retry-After`.

pub mod account_api;
pub mod engine;
pub mod errors;
pub mod market;
pub mod model;
pub mod orders_api;
pub mod paging;
pub mod pairs;
pub mod place;
pub mod rate;
pub mod seed;
pub mod submit;
pub mod wire;

use crate::current::auth::api_key;
use crate::keys::{find_key, Scope};
use crate::prices::PriceModel;
use crate::state::AppState;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, Method};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use chrono::{DateTime, Utc};
use errors::ExError;
use model::Account;
use std::net::SocketAddr;
use std::sync::{Arc, Mutex, MutexGuard};
use std::time::Duration;

/// The exchange's state inside [`AppState`].
#[derive(Debug)]
pub struct ExchangeState {
    account: Mutex<Account>,
    /// The seed (order book quantities, candle volumes).
    pub seed: u64,
    /// The price walk (shared with the ledger).
    pub prices: PriceModel,
    /// Per-minute rate limits.
    pub limiter: rate::ExchangeLimiter,
}

impl ExchangeState {
    /// The seeded exchange account at `start`.
    pub fn new(seed: u64, start: DateTime<Utc>, prices: PriceModel) -> Self {
        Self {
            account: Mutex::new(seed::seed_account(seed, start, &prices)),
            seed,
            prices,
            limiter: rate::ExchangeLimiter::default(),
        }
    }

    /// The account with every open order brought up to `now`.
    pub fn settled(&self, now: DateTime<Utc>) -> MutexGuard<'_, Account> {
        let mut acc = self.account.lock().unwrap_or_else(|e| e.into_inner());
        engine::settle(&mut acc, &self.prices, now);
        acc
    }
}

/// An exchange scope.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum ExScope {
    /// Market data, account, orders and trades (reads).
    Read,
    /// Creating and canceling orders.
    Trade,
}

/// Checks the key: 401 without a valid key, 403 without the scope.
pub fn authorize(headers: &HeaderMap, need: ExScope) -> Result<(), ExError> {
    let key = api_key(headers).ok_or_else(|| ExError::unauthorized("An API key is required"))?;
    let key = find_key(key).ok_or_else(|| ExError::unauthorized("Unknown API key"))?;
    let ok = match need {
        ExScope::Read => key.has(Scope::TradeRead),
        ExScope::Trade => key.has(Scope::TradeWrite),
    };
    match (ok, need) {
        (true, _) => Ok(()),
        (false, ExScope::Read) => Err(ExError::forbidden("Read")),
        (false, ExScope::Trade) => Err(ExError::forbidden("Trade")),
    }
}

/// 404 for any path no endpoint claims.
pub async fn not_found() -> Response {
    ExError::not_found("NOT_FOUND", "No such endpoint").into_response()
}

async fn method_not_allowed() -> Response {
    ExError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        "METHOD_NOT_ALLOWED",
        "Method not allowed on this endpoint",
    )
    .into_response()
}

fn class_of(method: &Method, path: &str) -> rate::Class {
    const MARKET: [&str; 6] = [
        "/time",
        "/pairs",
        "/tickers",
        "/orderbook",
        "/candles",
        "/assets",
    ];
    let rest = path
        .trim_start_matches("/exchange")
        .trim_start_matches("/v1");
    if MARKET.iter().any(|m| rest.starts_with(m)) {
        rate::Class::MarketData
    } else if method == Method::POST && rest.trim_end_matches('/') == "/account/orders" {
        rate::Class::OrderCreation
    } else {
        rate::Class::Account
    }
}

/// Latency, configured random failures and the exchange rate limits.
async fn middleware_fn(State(state): State<Arc<AppState>>, req: Request, next: Next) -> Response {
    if state.latency_ms > 0 {
        tokio::time::sleep(Duration::from_millis(state.latency_ms)).await;
    }
    if state.fail_rate_percent > 0 {
        let mut rng = state.fail_rng.lock().unwrap_or_else(|e| e.into_inner());
        if rng.chance(u64::from(state.fail_rate_percent)) {
            return ExError::new(
                axum::http::StatusCode::INTERNAL_SERVER_ERROR,
                "INTERNAL_ERROR",
                "Simulated failure",
            )
            .into_response();
        }
    }
    let identity = match api_key(req.headers()) {
        Some(k) if find_key(k).is_some() => "account".to_string(),
        Some(k) => format!("key:{k}"),
        None => req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(|| "anonymous".to_string(), |c| format!("ip:{}", c.0.ip())),
    };
    let class = class_of(req.method(), req.uri().path());
    if let Err(wait) = state.exchange.limiter.allow(&identity, class) {
        return ExError::rate_limited(wait).into_response();
    }
    next.run(req).await
}

/// The `/exchange` router (mount it with `nest("/exchange", …)`).
pub fn router(state: Arc<AppState>) -> Router {
    let v1 = Router::new()
        .route("/v1/time", get(market::time))
        .route("/v1/pairs", get(market::pairs_list))
        .route("/v1/tickers", get(market::tickers))
        .route("/v1/orderbook/{pair}", get(market::order_book))
        .route("/v1/candles/{pair}", get(market::candles))
        .route("/v1/assets", get(market::assets))
        .route("/v1/account", get(account_api::account))
        .route("/v1/account/balances", get(account_api::balances))
        .route(
            "/v1/account/orders",
            get(orders_api::list).post(orders_api::create),
        )
        .route(
            "/v1/account/orders/{id}",
            get(orders_api::get_one).delete(orders_api::cancel),
        )
        .route("/v1/account/trades", get(account_api::trades))
        .route("/v1/account/trades/{id}", get(account_api::trade))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed);
    v1.layer(middleware::from_fn_with_state(state.clone(), middleware_fn))
        .with_state(state)
}

#[cfg(test)]
mod tests;
