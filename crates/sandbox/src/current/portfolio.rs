//! `GET /v1/portfolio` and `GET /v1/portfolio-history` (scope Balance).

use super::auth::{Balance, RequireScope};
use super::errors::{ApiError, ApiResult};
use super::json_blocks::{fixed, money, money_dp, time};
use super::CurrentState;
use crate::fixed_catalogue::{catalogue, Currency};
use crate::ids::Uuid;
use crate::ledger::history::Timeframe;
use crate::ledger::portfolio::Position;
use crate::ledger::Unit;
use crate::query::Params;
use axum::extract::State;
use axum::response::IntoResponse;
use axum::Json;
use serde_json::{json, Value};
use std::sync::Arc;

/// The valuation currency named by `equivalent_currency_id` (EUR when absent).
pub fn valuation(params: &Params) -> Result<&'static Currency, ApiError> {
    match params.get_any(&["equivalent_currency_id", "equivalentCurrencyId"]) {
        None | Some("") => Ok(catalogue().eur()),
        Some(id) => Uuid::parse(id)
            .and_then(|id| catalogue().currency(id))
            .ok_or_else(|| ApiError::invalid("equivalent_currency_id is not a known currency")),
    }
}

fn position_json(p: &Position, val: &Currency) -> Value {
    let mut v = json!({
        "balance": money(p.unit, p.balance),
        "available_balance": money(p.unit, p.available),
    });
    match p.unit {
        Unit::Fiat(_) => v["currency_id"] = json!(p.unit.id().to_string()),
        Unit::Asset(i) => {
            let vu = Unit::Fiat(val.index);
            v["asset_id"] = json!(p.unit.id().to_string());
            let opt = |d: Option<_>| d.map_or(Value::Null, |d| money(vu, d));
            v["currency_balance"] = opt(p.value);
            v["invested_amount"] = opt(p.invested);
            v["total_return"] = opt(p.total_return);
            v["average_buy_price"] = p.average_buy_price.map_or(Value::Null, |d| {
                money_dp(vu, d, catalogue().assets[i].price_scale.max(2))
            });
            if let Some(pct) = p.total_return_percent {
                v["total_return_percent"] = json!(fixed(pct, 2));
            }
        }
    }
    v
}

/// `GET /v1/portfolio`: non-zero positions valued in `equivalent_currency_id`.
pub(crate) async fn portfolio(
    State(state): State<Arc<CurrentState>>,
    _: RequireScope<Balance>,
    params: Params,
) -> ApiResult {
    let val = valuation(&params)?;
    let now = state.clock.now();
    let positions = state.read().positions(now, val);
    let data: Vec<Value> = positions.iter().map(|p| position_json(p, val)).collect();
    Ok(Json(json!({ "data": data })).into_response())
}

/// `GET /v1/portfolio-history`: the portfolio's value over a timeframe.
pub(crate) async fn portfolio_history(
    State(state): State<Arc<CurrentState>>,
    _: RequireScope<Balance>,
    params: Params,
) -> ApiResult {
    let tf = params
        .get("timeframe")
        .and_then(Timeframe::parse)
        .ok_or_else(|| {
            ApiError::invalid("timeframe must be DAY, WEEK, MONTH, SIX_MONTH or YEAR")
        })?;
    let val = valuation(&params)?;
    let now = state.clock.now();
    let history = state.read().history(tf, now, val);
    let unit = Unit::Fiat(val.index);
    let datapoints: Vec<Value> = history
        .points
        .iter()
        .map(|&(t, v)| json!({ "time": time(t), "value": money(unit, v) }))
        .collect();
    Ok(Json(json!({ "data": {
        "datapoints": datapoints,
        "return_percentage": fixed(history.return_percentage, 2),
    }}))
    .into_response())
}
