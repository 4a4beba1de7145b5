//! The current public API under `/public/v1`. Unknown paths under `/public` answer 404
//! `not_found`; every route runs inside the shared simulation ([`crate::simulation`]) with
//! this API's error bodies and per-key budgets ([`Budgets`], which the legacy API shares).

pub mod auth;
pub mod catalogue_endpoints;
pub mod earn;
pub mod errors;
pub mod json_blocks;
pub mod limits;
pub mod operations;
pub mod paging;
pub mod portfolio;
pub mod quotes;
pub mod writes;

use crate::auth::api_key;
use crate::clock::Clock;
use crate::ledger::{Ledger, SharedLedger};
use crate::rate_limit::RateLimiter;
use crate::simulation::{address, simulated, SimulatedApi, Simulation};
use axum::extract::{FromRef, Request};
use axum::http::Method;
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use errors::ApiError;
use std::sync::{Arc, RwLockReadGuard, RwLockWriteGuard};

/// What the current API's handlers share: the ledger, the clock and the quote lifetime.
#[derive(Debug)]
pub struct CurrentState {
    ledger: SharedLedger,
    /// The sandbox clock.
    pub clock: Clock,
    /// How long a quote stays acceptable.
    pub quote_ttl: chrono::Duration,
}

impl CurrentState {
    /// The state over `ledger` at the times of `clock`.
    pub(crate) fn new(ledger: SharedLedger, clock: Clock, quote_ttl: chrono::Duration) -> Self {
        Self {
            ledger,
            clock,
            quote_ttl,
        }
    }

    /// Read access to the ledger (a poisoned lock is still readable).
    pub fn read(&self) -> RwLockReadGuard<'_, Ledger> {
        crate::ledger::read(&self.ledger)
    }

    /// Write access to the ledger (a poisoned lock is still writable).
    pub fn write(&self) -> RwLockWriteGuard<'_, Ledger> {
        crate::ledger::write(&self.ledger)
    }
}

/// The current API's part of the simulation: per-key (or per-address) budgets of reads and
/// writes per second, and its error bodies. The legacy API shares both.
#[derive(Debug, Clone)]
pub(crate) struct Budgets(pub(crate) Arc<RateLimiter>);

impl SimulatedApi for Budgets {
    fn simulated_failure(&self) -> Response {
        ApiError::internal("Simulated failure").into_response()
    }

    fn rate_limit(&self, req: &Request) -> Option<Response> {
        let identity = match api_key(req.headers()) {
            Some(k) => format!("key:{k}"),
            None => address(req),
        };
        let write = !matches!(*req.method(), Method::GET | Method::HEAD);
        let allowed = self.0.allow(&identity, write);
        (!allowed).then(|| ApiError::rate_limited(1).into_response())
    }
}

/// 404 `not_found` for any path no endpoint claims.
pub(crate) async fn not_found() -> Response {
    ApiError::not_found("No such endpoint").into_response()
}

async fn method_not_allowed() -> Response {
    ApiError::new(
        axum::http::StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "Method not allowed on this endpoint",
    )
    .into_response()
}

/// The `/public` router (mount it with `nest("/public", …)`), simulated with `state`'s
/// simulation settings and budgets.
pub(crate) fn router<S>(state: &S) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<CurrentState>: FromRef<S>,
    Arc<Simulation>: FromRef<S>,
    Budgets: FromRef<S>,
{
    let v1 = Router::new()
        .route("/v1/portfolio", get(portfolio::portfolio))
        .route("/v1/portfolio-history", get(portfolio::portfolio_history))
        .route("/v1/operations", get(operations::operations))
        .route("/v1/assets", get(catalogue_endpoints::assets))
        .route("/v1/currencies", get(catalogue_endpoints::currencies))
        .route("/v1/tickers/{asset_id}", get(catalogue_endpoints::ticker))
        .route("/v1/earn/configs", get(earn::configs))
        .route("/v1/earn/actions/{action}", post(earn::action))
        .route(
            "/v1/trading-limits",
            get(limits::get_limits).post(limits::set_limits),
        )
        .route("/v1/quotes", post(quotes::create_quote))
        .route("/v1/quotes/{id}/accept", post(quotes::accept_quote))
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed);
    simulated(v1, Arc::from_ref(state), Budgets::from_ref(state))
}

#[cfg(test)]
mod tests;
