//! The current public API under `/public/v1`, plus its API-only middleware (latency,
//! random failures, rate limits). Unknown paths under `/public` answer 404 `not_found`.

pub mod auth;
pub mod catalogue;
pub mod earn;
pub mod errors;
pub mod format;
pub mod limits;
pub mod operations;
pub mod paging;
pub mod portfolio;
pub mod query;
pub mod quotes;
pub mod writes;

use crate::state::AppState;
use auth::api_key;
use axum::extract::{ConnectInfo, Request, State};
use axum::http::Method;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::{get, post};
use axum::Router;
use errors::ApiError;
use std::net::SocketAddr;
use std::sync::Arc;
use std::time::Duration;

/// 404 `not_found` for any path no endpoint claims.
pub async fn not_found() -> Response {
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

/// Latency, configured random failures and the per-key rate limit, in that order.
pub async fn api_middleware(
    State(state): State<Arc<AppState>>,
    req: Request,
    next: Next,
) -> Response {
    if state.latency_ms > 0 {
        tokio::time::sleep(Duration::from_millis(state.latency_ms)).await;
    }
    if state.fail_rate_percent > 0 {
        let fail = state
            .fail_rng
            .lock()
            .unwrap_or_else(|e| e.into_inner())
            .chance(u64::from(state.fail_rate_percent));
        if fail {
            return ApiError::internal("Simulated failure").into_response();
        }
    }
    let identity = match api_key(req.headers()) {
        Some(k) => format!("key:{k}"),
        None => req
            .extensions()
            .get::<ConnectInfo<SocketAddr>>()
            .map_or_else(|| "anonymous".to_string(), |c| format!("ip:{}", c.0.ip())),
    };
    let write = !matches!(*req.method(), Method::GET | Method::HEAD);
    if !state.rate.allow(&identity, write) {
        return ApiError::rate_limited(1).into_response();
    }
    next.run(req).await
}

/// The `/public` router (mount it with `nest("/public", …)`).
pub fn router(state: Arc<AppState>) -> Router {
    let v1 = Router::new()
        .route("/v1/portfolio", get(portfolio::portfolio))
        .route("/v1/portfolio-history", get(portfolio::portfolio_history))
        .route("/v1/operations", get(operations::operations))
        .route("/v1/assets", get(catalogue::assets))
        .route("/v1/currencies", get(catalogue::currencies))
        .route("/v1/tickers/{asset_id}", get(catalogue::ticker))
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
    v1.layer(middleware::from_fn_with_state(
        state.clone(),
        api_middleware,
    ))
    .with_state(state)
}

#[cfg(test)]
mod tests;
