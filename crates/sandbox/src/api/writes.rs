//! The write endpoints' key, scope and body checks (`POST /v1/quotes`,
//! `POST /v1/quotes/{id}/accept`). Execution comes later: a valid quote request answers 501.
//! Body fields are accepted in snake_case and camelCase.

use super::auth::{authorize, Need};
use super::errors::{ApiError, ApiResult};
use crate::catalogue::catalogue;
use crate::ids::Uuid;
use crate::keys::Scope;
use axum::body::Bytes;
use axum::extract::Path;
use axum::http::{HeaderMap, StatusCode};
use rust_decimal::Decimal;
use serde_json::{Map, Value};
use std::str::FromStr;

/// The body as a JSON object; anything else → 400 `invalid_parameter`.
pub fn json_body(body: &Bytes) -> Result<Map<String, Value>, ApiError> {
    match serde_json::from_slice::<Value>(body) {
        Ok(Value::Object(map)) => Ok(map),
        _ => Err(ApiError::invalid("The body must be a JSON object")),
    }
}

fn field<'a>(body: &'a Map<String, Value>, names: &[&str]) -> Option<&'a Value> {
    names
        .iter()
        .find_map(|n| body.get(*n))
        .filter(|v| !v.is_null())
}

/// An optional uuid string field; present but malformed → 400.
pub fn uuid_field(body: &Map<String, Value>, names: &[&str]) -> Result<Option<Uuid>, ApiError> {
    match field(body, names) {
        None => Ok(None),
        Some(v) => v
            .as_str()
            .and_then(Uuid::parse)
            .map(Some)
            .ok_or_else(|| ApiError::invalid(format!("{} must be a uuid", names[0]))),
    }
}

/// An optional decimal field (string or number); present but not a decimal > 0 → 400.
pub fn positive_decimal(
    body: &Map<String, Value>,
    names: &[&str],
) -> Result<Option<Decimal>, ApiError> {
    let Some(v) = field(body, names) else {
        return Ok(None);
    };
    let text = match v {
        Value::String(s) => s.trim().to_string(),
        Value::Number(n) => n.to_string(),
        _ => String::new(),
    };
    Decimal::from_str(&text)
        .or_else(|_| Decimal::from_scientific(&text))
        .ok()
        .filter(|d| *d > Decimal::ZERO)
        .map(Some)
        .ok_or_else(|| ApiError::invalid(format!("{} must be a decimal greater than 0", names[0])))
}

/// A required JSON number > 0 (as the spec types `asset_amount`; strings are tolerated).
pub fn positive_number(body: &Map<String, Value>, names: &[&str]) -> Result<Decimal, ApiError> {
    positive_decimal(body, names)?
        .ok_or_else(|| ApiError::invalid(format!("{} is required", names[0])))
}

/// `POST /v1/quotes`: Trade (Write); body `{asset_id, currency_id?, side: BUY|SELL,
/// quantity | notional}` (exactly one of the two, > 0). Valid → 501 for now.
pub async fn create_quote(headers: HeaderMap, body: Bytes) -> ApiResult {
    authorize(&headers, Need::Scope(Scope::TradeWrite))?;
    let body = json_body(&body)?;
    let asset = uuid_field(&body, &["asset_id", "assetId"])?
        .ok_or_else(|| ApiError::invalid("asset_id is required"))?;
    if catalogue().asset(asset).is_none() {
        return Err(ApiError::invalid("asset_id is not a known asset"));
    }
    if let Some(c) = uuid_field(&body, &["currency_id", "currencyId"])? {
        catalogue()
            .currency(c)
            .ok_or_else(|| ApiError::invalid("currency_id is not a known currency"))?;
    }
    match field(&body, &["side"]).and_then(Value::as_str) {
        Some(s) if s.eq_ignore_ascii_case("BUY") || s.eq_ignore_ascii_case("SELL") => {}
        _ => return Err(ApiError::invalid("side must be BUY or SELL")),
    }
    let quantity = positive_decimal(&body, &["quantity"])?;
    let notional = positive_decimal(&body, &["notional"])?;
    if quantity.is_some() == notional.is_some() {
        return Err(ApiError::invalid(
            "send exactly one of quantity and notional",
        ));
    }
    Err(ApiError::not_implemented())
}

/// `POST /v1/quotes/{id}/accept`: Trade (Write); malformed id → 400, unknown → 404
/// `quote_not_found` (no quotes exist yet).
pub async fn accept_quote(headers: HeaderMap, Path(id): Path<String>) -> ApiResult {
    authorize(&headers, Need::Scope(Scope::TradeWrite))?;
    Uuid::parse(&id).ok_or_else(|| ApiError::invalid("The quote id must be a uuid"))?;
    Err(ApiError::new(
        StatusCode::NOT_FOUND,
        "quote_not_found",
        "No such quote",
    ))
}
