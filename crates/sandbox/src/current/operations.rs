//! `GET /v1/operations` (scope Transaction): the unified timeline, newest first.
//!
//! Filters: `from` / `to` (ISO 8601 instants or dates, inclusive, on the operation's time);
//! `asset_id` and `currency_id` (repeatable or comma-separated): an operation matches when
//! any of its legs involves any of the given assets or currencies.
//!
//! Operations marked `legacy_only` (older than this API's history of the account) are never
//! listed here; the legacy API lists them.

use super::auth::{RequireScope, Transaction};
use super::errors::{ApiError, ApiResult};
use super::json_blocks::{fixed, money, money_dp, time};
use super::paging::paginate;
use super::CurrentState;
use crate::ids::Uuid;
use crate::ledger::{Leg, LegState, Operation, Trade, Unit};
use crate::query::Params;
use axum::extract::State;
use axum::response::IntoResponse;
use axum::Json;
use chrono::{DateTime, NaiveDate, Utc};
use serde_json::{json, Value};
use std::sync::Arc;

fn instant(name: &str, s: &str, end_of_day: bool) -> Result<DateTime<Utc>, ApiError> {
    if let Ok(t) = DateTime::parse_from_rfc3339(s) {
        return Ok(t.with_timezone(&Utc));
    }
    let date = NaiveDate::parse_from_str(s, "%Y-%m-%d")
        .map_err(|_| ApiError::invalid(format!("{name} must be an ISO 8601 date or instant")))?;
    let t = if end_of_day {
        date.and_hms_milli_opt(23, 59, 59, 999)
    } else {
        date.and_hms_opt(0, 0, 0)
    };
    Ok(t.expect("valid time of day").and_utc())
}

fn ids(params: &Params, name: &str) -> Result<Vec<Uuid>, ApiError> {
    params
        .all(name)
        .into_iter()
        .map(|s| Uuid::parse(s).ok_or_else(|| ApiError::invalid(format!("{name} must be a uuid"))))
        .collect()
}

fn trade_json(t: &Trade) -> Value {
    json!({
        "trade_id": t.id.to_string(),
        "fee": money(t.fee_unit, t.fee),
        "fee_percentage": fixed(t.fee_percentage, 2),
        "rate": t.rate.to_string(),
        "rate_with_fee": t.rate_with_fee.to_string(),
        "to_eur_rate": t.to_eur_rate.to_string(),
    })
}

/// One transaction leg as JSON.
pub fn leg_json(leg: &Leg) -> Value {
    let (key, id) = match leg.unit {
        Unit::Asset(_) => ("asset_id", leg.unit.id()),
        Unit::Fiat(_) => ("currency_id", leg.unit.id()),
    };
    let balance_after = if leg.state == LegState::Cancelled {
        money_dp(leg.unit, leg.balance_after, 0)
    } else {
        money(leg.unit, leg.balance_after)
    };
    let mut v = json!({
        "transaction_id": leg.id.to_string(),
        key: id.to_string(),
        "wallet_id": leg.wallet_id.to_string(),
        "asset_amount": money(leg.unit, leg.amount),
        "fee_amount": money(leg.unit, leg.fee),
        "transaction_type": leg.tx_type,
        "flow": leg.flow.name(),
        "order_id": leg.order_id.map(|o| o.to_string()),
        "asset_balance_after": balance_after,
        "compensates": leg.compensates.map(|c| c.0.to_string()),
        "compensates_info": leg.compensates.map(|(_, op, tx)| json!({
            "operation_type": op, "transaction_type": tx,
        })),
        "trade": leg.trade.as_ref().map(trade_json),
    });
    if let Some(t) = leg.credited_at {
        v["credited_at"] = time(t);
    }
    v
}

/// One operation as JSON.
pub fn operation_json(op: &Operation) -> Value {
    json!({
        "operation_id": op.id.to_string(),
        "operation_type": op.op_type,
        "transactions": op.legs.iter().map(leg_json).collect::<Vec<_>>(),
    })
}

/// `GET /v1/operations`.
pub(crate) async fn operations(
    State(state): State<Arc<CurrentState>>,
    _: RequireScope<Transaction>,
    params: Params,
) -> ApiResult {
    let from = params
        .get("from")
        .filter(|s| !s.is_empty())
        .map(|s| instant("from", s, false))
        .transpose()?;
    let to = params
        .get("to")
        .filter(|s| !s.is_empty())
        .map(|s| instant("to", s, true))
        .transpose()?;
    let mut wanted = ids(&params, "asset_id")?;
    wanted.extend(ids(&params, "currency_id")?);
    let ledger = state.read();
    let matching: Vec<&Operation> = ledger
        .operations
        .iter()
        .rev()
        .filter(|op| !op.legacy_only)
        .filter(|op| from.is_none_or(|f| op.time >= f) && to.is_none_or(|t| op.time <= t))
        .filter(|op| wanted.is_empty() || op.legs.iter().any(|l| wanted.contains(&l.unit.id())))
        .collect();
    let page = paginate(&matching, &params)?;
    Ok(Json(page.to_json(|op| operation_json(op))).into_response())
}
