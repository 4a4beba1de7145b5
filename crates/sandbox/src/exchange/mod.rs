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
//! - **Orders** ([`matching`], [`place`]): `POST` answers the accepted order with
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
pub mod auth;
pub mod bearer;
pub mod errors;
pub mod market;
pub mod matching;
pub mod model;
pub mod orders_api;
pub mod paging;
pub mod pairs;
pub mod place;
pub mod rate;
pub mod seed;
pub mod submit;
pub mod wire;

use crate::auth::api_key;
use crate::clock::Clock;
use crate::keys::find_key;
use crate::price_walk::PriceModel;
use crate::simulation::{address, simulated, SimulatedApi, Simulation};
use axum::extract::{FromRef, Request};
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use chrono::{DateTime, Utc};
use errors::ExError;
use model::Account;
use std::sync::{Arc, Mutex, MutexGuard};

/// The exchange's own state: its account, the price walk, the clock and its rate limits.
#[derive(Debug)]
pub struct ExchangeState {
    account: Mutex<Account>,
    /// The seed (order book quantities, candle volumes).
    pub seed: u64,
    /// The price walk (shared with the ledger).
    pub prices: PriceModel,
    /// The sandbox clock.
    pub clock: Clock,
    /// Per-minute rate limits.
    pub limiter: rate::ExchangeLimiter,
}

impl ExchangeState {
    /// The seeded exchange account at the clock's start.
    pub fn new(seed: u64, clock: Clock, prices: PriceModel) -> Self {
        Self {
            account: Mutex::new(seed::seed_account(seed, clock.start(), &prices)),
            seed,
            prices,
            clock,
            limiter: rate::ExchangeLimiter::default(),
        }
    }

    /// The account with every open order brought up to `now`.
    pub fn settled(&self, now: DateTime<Utc>) -> MutexGuard<'_, Account> {
        let mut acc = self.account.lock().unwrap_or_else(|e| e.into_inner());
        matching::settle(&mut acc, &self.prices, now);
        acc
    }
}

/// The exchange's part of the simulation: its per-minute limits (all demo keys count as one
/// account) and its error bodies.
#[derive(Debug, Clone)]
struct Limits(Arc<ExchangeState>);

impl SimulatedApi for Limits {
    fn simulated_failure(&self) -> Response {
        ExError::new(
            axum::http::StatusCode::INTERNAL_SERVER_ERROR,
            "INTERNAL_ERROR",
            "Simulated failure",
        )
        .into_response()
    }

    fn rate_limit(&self, req: &Request) -> Option<Response> {
        let identity = match api_key(req.headers()) {
            Some(k) if find_key(k).is_some() => "account".to_string(),
            Some(k) => format!("key:{k}"),
            None => address(req),
        };
        let class = class_of(req.method(), req.uri().path());
        self.0
            .limiter
            .allow(&identity, class)
            .err()
            .map(|wait| ExError::rate_limited(wait).into_response())
    }
}

/// 404 for any path no endpoint claims.
pub(crate) async fn not_found() -> Response {
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

/// The `/exchange` router (mount it with `nest("/exchange", …)`), simulated with `state`'s
/// simulation settings and the exchange's limits.
pub(crate) fn router<S>(state: &S) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<ExchangeState>: FromRef<S>,
    Arc<Simulation>: FromRef<S>,
{
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
    simulated(v1, Arc::from_ref(state), Limits(Arc::from_ref(state)))
}

#[cfg(test)]
mod tests;
