//! `GET /v1/trading-limits` (any valid key) and the validation of `POST /v1/trading-limits`
//! (Trade (Write)). Limits are stored per key in the ledger; none are set yet.

use super::auth::{authorize, Need};
use super::errors::{ApiError, ApiResult};
use super::format::number;
use super::writes::json_body;
use crate::catalogue::catalogue;
use crate::ids::Uuid;
use crate::keys::Scope;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::State;
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::Json;
use serde_json::{json, Value};
use std::sync::Arc;

/// `GET /v1/trading-limits`: the caller's limits, or `{"data": null}` when none are set.
pub async fn get_limits(State(state): State<Arc<AppState>>, headers: HeaderMap) -> ApiResult {
    let key = authorize(&headers, Need::AnyKey)?.expect("AnyKey yields a key");
    let ledger = state.read();
    let data = ledger.trading_limits.get(key.key).map_or(Value::Null, |l| {
        json!({
            "buy_limit": number(l.buy_limit),
            "sell_limit": number(l.sell_limit),
            "currency_id": catalogue().currencies[l.currency].id.to_string(),
        })
    });
    Ok(Json(json!({ "data": data })).into_response())
}

fn limit(body: &serde_json::Map<String, Value>, name: &str) -> Result<(), ApiError> {
    match body.get(name) {
        Some(Value::Number(n)) if !n.to_string().starts_with('-') => Ok(()),
        _ => Err(ApiError::invalid(format!("{name} must be a number ≥ 0"))),
    }
}

/// `POST /v1/trading-limits`: Trade (Write); body `{buy_limit, sell_limit, currency_id}`
/// (numbers ≥ 0, all required). Valid → 501 for now.
pub async fn set_limits(headers: HeaderMap, body: Bytes) -> ApiResult {
    authorize(&headers, Need::Scope(Scope::TradeWrite))?;
    let body = json_body(&body)?;
    limit(&body, "buy_limit")?;
    limit(&body, "sell_limit")?;
    body.get("currency_id")
        .and_then(Value::as_str)
        .and_then(Uuid::parse)
        .and_then(|id| catalogue().currency(id))
        .ok_or_else(|| ApiError::invalid("currency_id must be a known currency"))?;
    Err(ApiError::not_implemented())
}
