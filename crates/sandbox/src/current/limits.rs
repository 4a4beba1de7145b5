//! `GET /v1/trading-limits` (any valid key) and `POST /v1/trading-limits` (Trade (Write)).
//!
//! Limits are per key and permanent: the first valid POST sets them, later ones answer 409
//! `limits_already_set`. Both answer `{buy_limit, sell_limit, currency_id,
//! buy_budget_remaining, sell_budget_remaining, resets_at}` (limits and budgets as JSON
//! numbers); GET answers `{"data": null}` for a key without limits.

use super::auth::{AnyKey, RequireScope, TradeWrite};
use super::errors::{ApiError, ApiResult};
use super::json_blocks::{number, time};
use super::writes::{JsonBody, Spelling};
use super::CurrentState;
use crate::fixed_catalogue::catalogue;
use crate::ledger::quotes::MAX_AMOUNT;
use crate::ledger::TradingLimit;
use axum::body::Bytes;
use axum::extract::State;
use axum::response::IntoResponse;
use axum::Json;
use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde_json::{json, Value};
use std::sync::Arc;

fn limits_json(l: &TradingLimit, now: DateTime<Utc>) -> Value {
    let b = l.budget(now);
    json!({
        "buy_limit": number(l.buy_limit),
        "sell_limit": number(l.sell_limit),
        "currency_id": catalogue().currencies[l.currency].id.to_string(),
        "buy_budget_remaining": number(b.buy_remaining),
        "sell_budget_remaining": number(b.sell_remaining),
        "resets_at": time(b.resets_at),
    })
}

/// `GET /v1/trading-limits`: the caller's limits, or `{"data": null}` when none are set.
pub(crate) async fn get_limits(
    State(state): State<Arc<CurrentState>>,
    RequireScope(key): RequireScope<AnyKey>,
) -> ApiResult {
    let ledger = state.read();
    let now = state.clock.now();
    let data = ledger
        .trading_limits
        .get(key.key)
        .map_or(Value::Null, |l| limits_json(l, now));
    Ok(Json(json!({ "data": data })).into_response())
}

fn limit(body: &JsonBody, names: &[&str]) -> Result<Decimal, ApiError> {
    let d = body.required(names, Spelling::Number)?;
    if d < Decimal::ZERO || d > MAX_AMOUNT {
        return Err(ApiError::invalid(format!(
            "{} must be a number ≥ 0",
            names[0]
        )));
    }
    Ok(d)
}

/// `POST /v1/trading-limits`: body `{buy_limit, sell_limit, currency_id}` (numbers ≥ 0, all
/// required); a key that has limits → 409.
pub(crate) async fn set_limits(
    State(state): State<Arc<CurrentState>>,
    RequireScope(key): RequireScope<TradeWrite>,
    body: Bytes,
) -> ApiResult {
    let body = JsonBody::parse(&body)?;
    let buy = limit(&body, &["buy_limit", "buyLimit"])?;
    let sell = limit(&body, &["sell_limit", "sellLimit"])?;
    let currency = body
        .uuid(&["currency_id", "currencyId"])?
        .and_then(|id| catalogue().currency(id))
        .ok_or_else(|| ApiError::invalid("currency_id must be a known currency"))?
        .index;
    let mut ledger = state.write();
    let now = state.clock.now();
    let set = ledger.set_limits(key.key, TradingLimit::new(buy, sell, currency))?;
    Ok(Json(json!({ "data": limits_json(set, now) })).into_response())
}
