//! `GET /v1/account`, `/v1/account/balances`, `/v1/account/trades[/{id}]`.

use super::auth::{Read, RequireScope};
use super::errors::{ExError, ExResult};
use super::matching::{tier_index, traded_volume_30d, TIERS};
use super::model::Trade;
use super::paging::{pair_filter, Window};
use super::wire::{self, fixed};
use super::ExchangeState;
use crate::ids::Uuid;
use crate::query::Params;
use axum::extract::{Path, State};
use axum::response::IntoResponse;
use axum::Json;
use serde_json::{json, Value};
use std::sync::Arc;

fn tier(index: usize) -> Value {
    let (name, fee, required) = TIERS[index];
    json!({"name": name, "fee": fee, "feeMode": "percentage",
           "requiredVolume30d": fixed(required.into(), 2)})
}

/// `GET /v1/account`: 30-day volume (EUR) and the current and next fee tier.
pub(crate) async fn account(
    State(s): State<Arc<ExchangeState>>,
    _: RequireScope<Read>,
) -> ExResult {
    let now = s.clock.now();
    let acc = s.settled(now);
    let volume = traded_volume_30d(&acc, now);
    let i = tier_index(volume);
    let next = (i + 1 < TIERS.len()).then(|| tier(i + 1));
    Ok(
        Json(
            json!({"tradedVolume30d": fixed(volume, 2), "currentTier": tier(i), "nextTier": next}),
        )
        .into_response(),
    )
}

/// `GET /v1/account/balances?currency=`: `[{symbol, available, locked}]`.
pub(crate) async fn balances(
    State(s): State<Arc<ExchangeState>>,
    _: RequireScope<Read>,
    params: Params,
) -> ExResult {
    let wanted = params
        .get("currency")
        .map(str::trim)
        .filter(|c| !c.is_empty());
    let acc = s.settled(s.clock.now());
    let fiat = |sym: &str| {
        crate::fixed_catalogue::catalogue()
            .currency_by_symbol(sym)
            .is_some()
    };
    let list: Vec<Value> = acc
        .balances
        .iter()
        .filter(|(sym, _)| wanted.is_none_or(|w| w.eq_ignore_ascii_case(sym)))
        .map(|(sym, b)| {
            let scale = if fiat(sym) { 2 } else { 8 };
            json!({"symbol": sym, "available": fixed(b.available, scale), "locked": fixed(b.locked, scale)})
        })
        .collect();
    Ok(Json(list).into_response())
}

/// `GET /v1/account/trades?pair=&orderId=&startTime=&endTime=&limit=&cursor=`, newest first.
pub(crate) async fn trades(
    State(s): State<Arc<ExchangeState>>,
    _: RequireScope<Read>,
    params: Params,
) -> ExResult {
    let pairs = pair_filter(&params)?;
    let order = match params
        .get("orderId")
        .map(str::trim)
        .filter(|o| !o.is_empty())
    {
        Some(o) => {
            Some(Uuid::parse(o).ok_or_else(|| ExError::invalid("orderId is not an order id"))?)
        }
        None => None,
    };
    let window = Window::parse(&params, 100, 1_000)?;
    let acc = s.settled(s.clock.now());
    let items: Vec<(u64, &Trade)> = acc
        .trades
        .iter()
        .rev()
        .filter(|t| pairs.is_empty() || pairs.contains(&t.pair))
        .filter(|t| order.is_none_or(|o| t.order_id == o))
        .filter(|t| window.contains(t.executed_at))
        .map(|t| (t.seq, t))
        .collect();
    Ok(Json(window.page(items, |t| wire::trade(t))).into_response())
}

/// `GET /v1/account/trades/{id}`.
pub(crate) async fn trade(
    State(s): State<Arc<ExchangeState>>,
    _: RequireScope<Read>,
    Path(id): Path<String>,
) -> ExResult {
    let acc = s.settled(s.clock.now());
    let found = Uuid::parse(&id).and_then(|id| acc.trades.iter().find(|t| t.id == id));
    let t = found.ok_or_else(|| ExError::not_found("TRADE_NOT_FOUND", "No such trade"))?;
    Ok(Json(wire::trade(t)).into_response())
}
