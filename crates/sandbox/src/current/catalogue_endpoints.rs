//! `GET /v1/assets`, `GET /v1/currencies`, `GET /v1/tickers/{assetId}` (Trade (Read); these
//! also answer without a key, but a key that is sent is checked).

use super::auth::{OptionalTradeRead, RequireScope};
use super::errors::{ApiError, ApiResult};
use super::json_blocks::fixed;
use super::paging::paginate;
use super::CurrentState;
use crate::fixed_catalogue::{catalogue, Asset};
use crate::ids::Uuid;
use crate::query::Params;
use axum::extract::{Path, State};
use axum::response::IntoResponse;
use axum::Json;
use serde_json::{json, Value};
use std::sync::Arc;

fn asset_json(a: &Asset) -> Value {
    json!({
        "id": a.id.to_string(),
        "name": a.name,
        "symbol": a.symbol,
        "isin": a.isin,
        "type": a.kind.type_name(),
        "group": a.kind.group_name(),
    })
}

fn eq(filter: Option<&str>, value: &str) -> bool {
    filter.is_none_or(|f| f.is_empty() || f.eq_ignore_ascii_case(value))
}

/// `GET /v1/assets`: filters `id` (repeatable), `symbol` (case-insensitive exact), `type`,
/// `group`, `isin`; paginated.
pub(crate) async fn assets(_: RequireScope<OptionalTradeRead>, params: Params) -> ApiResult {
    let ids: Vec<&str> = params.all("id");
    let matching: Vec<&Asset> = catalogue()
        .assets
        .iter()
        .filter(|a| ids.is_empty() || ids.iter().any(|i| Uuid::parse(i) == Some(a.id)))
        .filter(|a| eq(params.get("symbol"), a.symbol))
        .filter(|a| eq(params.get("type"), a.kind.type_name()))
        .filter(|a| eq(params.get("group"), a.kind.group_name()))
        .filter(|a| eq(params.get("isin"), a.isin.unwrap_or("\u{0}")))
        .collect();
    let page = paginate(&matching, &params)?;
    Ok(Json(page.to_json(|a| asset_json(a))).into_response())
}

/// `GET /v1/currencies`: every fiat currency (EUR first); filter `id` (repeatable).
pub(crate) async fn currencies(_: RequireScope<OptionalTradeRead>, params: Params) -> ApiResult {
    let ids: Vec<&str> = params.all("id");
    let data: Vec<Value> = catalogue()
        .currencies
        .iter()
        .filter(|c| ids.is_empty() || ids.iter().any(|i| Uuid::parse(i) == Some(c.id)))
        .map(|c| json!({ "id": c.id.to_string(), "symbol": c.symbol, "name": c.name }))
        .collect();
    Ok(Json(json!({ "data": data })).into_response())
}

/// `GET /v1/tickers/{assetId}`: the current EUR price; unknown asset → 404 `not_found`.
pub(crate) async fn ticker(
    State(state): State<Arc<CurrentState>>,
    _: RequireScope<OptionalTradeRead>,
    Path(asset_id): Path<String>,
) -> ApiResult {
    let asset = Uuid::parse(&asset_id)
        .and_then(|id| catalogue().asset(id))
        .ok_or_else(|| ApiError::not_found("Unknown asset"))?;
    let price = state.read().prices.price_eur(asset, state.clock.now());
    Ok(Json(json!({ "data": {
        "asset_id": asset.id.to_string(),
        "price": fixed(price, asset.price_scale),
        "currency_id": catalogue().eur().id.to_string(),
    }}))
    .into_response())
}
