//! `POST /v1/quotes` and `POST /v1/quotes/{id}/accept` (both Trade (Write)).
//!
//! Create: body `{asset_id, currency_id? (default EUR), side: BUY|SELL, quantity | notional}`
//! (exactly one amount, > 0, decimal strings or numbers; camelCase names accepted) → the
//! quote in snake_case with `status: "OPEN"`. Pricing: `ledger::quotes`.
//! Accept: no body → the spec's camelCase accept-quote response with `status: "FINISHED"`;
//! malformed id 400, unknown 404 `quote_not_found`, 422 `quote_already_accepted`,
//! `quote_expired`, `insufficient_funds`, `trading_limit_exceeded` (see `ledger::trading`).

use super::auth::{RequireScope, TradeWrite};
use super::errors::{ApiError, ApiResult};
use super::json_blocks::{fixed, number, time};
use super::writes::{JsonBody, Spelling};
use super::CurrentState;
use crate::fixed_catalogue::catalogue;
use crate::ids::Uuid;
use crate::ledger::quotes::{Amount, Quote, Side};
use crate::ledger::trading::Execution;
use axum::body::Bytes;
use axum::extract::{Path, State};
use axum::response::IntoResponse;
use axum::Json;
use serde_json::{json, Value};
use std::sync::Arc;

/// The figures of a quote, at the asset's and currency's scales.
struct Figures {
    price: String,
    price_with_premium: String,
    premium: String,
    quantity: String,
    notional: String,
}

fn figures(q: &Quote) -> Figures {
    let a = &catalogue().assets[q.asset];
    Figures {
        price: fixed(q.price, a.price_scale),
        price_with_premium: fixed(q.price_with_premium, a.price_scale),
        premium: fixed(q.pricing.premium, 2),
        quantity: fixed(q.pricing.quantity, a.kind.precision()),
        notional: fixed(q.pricing.notional, 2),
    }
}

/// A quote as the create response's `data` (snake_case).
pub fn quote_json(q: &Quote) -> Value {
    let f = figures(q);
    json!({
        "quote_id": q.id.to_string(),
        "status": if q.trade_id.is_some() { "FINISHED" } else { "OPEN" },
        "side": q.side.name(),
        "asset_id": catalogue().assets[q.asset].id.to_string(),
        "currency_id": catalogue().currencies[q.currency].id.to_string(),
        "quote": {
            "price": f.price,
            "price_with_premium": f.price_with_premium,
            "premium": f.premium,
            "quantity": f.quantity,
            "notional": f.notional,
            "expires_at": time(q.expires_at),
            "to_euro_rate": q.to_euro_rate.to_string(),
        },
    })
}

/// An execution as the accept response's `data` (camelCase, as the spec shows it).
pub fn accept_json(e: &Execution) -> Value {
    let q = &e.quote;
    let f = figures(q);
    let budget = e.budget.as_ref().map(|b| {
        json!({
            "buyBudgetRemaining": number(b.buy_remaining),
            "sellBudgetRemaining": number(b.sell_remaining),
            "limitCurrencyId": catalogue().currencies[b.currency].id.to_string(),
        })
    });
    json!({
        "quoteId": q.id.to_string(),
        "tradeId": q.trade_id.map(|t| t.to_string()),
        "status": "FINISHED",
        "side": q.side.name(),
        "assetId": catalogue().assets[q.asset].id.to_string(),
        "currencyId": catalogue().currencies[q.currency].id.to_string(),
        "execution": {
            "price": f.price,
            "priceWithFee": f.price_with_premium,
            "fee": f.premium,
            "quantity": f.quantity,
            "notional": f.notional,
            "executedAt": q.executed_at.map(time),
            "toEuroRate": q.to_euro_rate.to_string(),
        },
        "tax": { "taxAmount": "0.00", "pessimisticWithholding": false },
        "tradingBudget": budget,
    })
}

/// `POST /v1/quotes`.
pub(crate) async fn create_quote(
    State(state): State<Arc<CurrentState>>,
    _: RequireScope<TradeWrite>,
    body: Bytes,
) -> ApiResult {
    let body = JsonBody::parse(&body)?;
    let asset = body
        .uuid(&["asset_id", "assetId"])?
        .ok_or_else(|| ApiError::invalid("asset_id is required"))?;
    let asset = catalogue()
        .asset(asset)
        .ok_or_else(|| ApiError::invalid("asset_id is not a known asset"))?
        .index;
    let currency = match body.uuid(&["currency_id", "currencyId"])? {
        None => catalogue().eur().index,
        Some(c) => {
            catalogue()
                .currency(c)
                .ok_or_else(|| ApiError::invalid("currency_id is not a known currency"))?
                .index
        }
    };
    let side = body
        .get(&["side"])
        .and_then(Value::as_str)
        .and_then(Side::parse)
        .ok_or_else(|| ApiError::invalid("side must be BUY or SELL"))?;
    let quantity = body.positive(&["quantity"], Spelling::StringOrNumber)?;
    let notional = body.positive(&["notional"], Spelling::StringOrNumber)?;
    let amount = match (quantity, notional) {
        (Some(q), None) => Amount::Quantity(q),
        (None, Some(n)) => Amount::Notional(n),
        _ => {
            return Err(ApiError::invalid(
                "send exactly one of quantity and notional",
            ))
        }
    };
    let mut ledger = state.write();
    let now = state.clock.now();
    let quote = ledger.create_quote(side, asset, currency, amount, now, state.quote_ttl)?;
    Ok(Json(json!({ "data": quote_json(quote) })).into_response())
}

/// `POST /v1/quotes/{id}/accept`.
pub(crate) async fn accept_quote(
    State(state): State<Arc<CurrentState>>,
    RequireScope(key): RequireScope<TradeWrite>,
    Path(id): Path<String>,
) -> ApiResult {
    let id = Uuid::parse(&id).ok_or_else(|| ApiError::invalid("The quote id must be a uuid"))?;
    let mut ledger = state.write();
    let now = state.clock.now();
    let execution = ledger.accept_quote(id, key.key, now)?;
    Ok(Json(json!({ "data": accept_json(&execution) })).into_response())
}
