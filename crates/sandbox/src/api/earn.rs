//! `GET /v1/earn/configs` (Earn (Read)) and the validation of `POST /v1/earn/actions/{action}`
//! (Earn (Write)); executing actions comes later (a valid request answers 501).

use super::auth::{authorize, Need};
use super::errors::{ApiError, ApiResult};
use super::format::number;
use super::paging::paginate;
use super::query::Params;
use super::writes::{json_body, positive_number, uuid_field};
use crate::catalogue::catalogue;
use crate::ids::Uuid;
use crate::keys::Scope;
use crate::ledger::earn::EarnConfig;
use crate::state::AppState;
use axum::body::Bytes;
use axum::extract::{Path, RawQuery, State};
use axum::http::HeaderMap;
use axum::response::IntoResponse;
use axum::Json;
use serde_json::{json, Value};
use std::sync::Arc;

fn config_json(c: &EarnConfig) -> Value {
    json!({
        "id": c.id.to_string(),
        "asset_id": catalogue().assets[c.asset].id.to_string(),
        "annual_percentage_rate": number(c.apr),
        "type": c.kind,
        "mode": c.mode,
        "enabled": c.enabled,
        "soldout": c.soldout,
    })
}

/// `GET /v1/earn/configs`: filters `assetId` (or `asset_id`), `type`, `mode`; paginated.
pub async fn configs(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    RawQuery(query): RawQuery,
) -> ApiResult {
    authorize(&headers, Need::Scope(Scope::EarnRead))?;
    let params = Params::parse(query.as_deref());
    let asset = match params
        .get_any(&["assetId", "asset_id"])
        .filter(|s| !s.is_empty())
    {
        Some(s) => Some(Uuid::parse(s).ok_or_else(|| ApiError::invalid("assetId must be a uuid"))?),
        None => None,
    };
    let same =
        |f: Option<&str>, v: &str| f.is_none_or(|f| f.is_empty() || f.eq_ignore_ascii_case(v));
    let ledger = state.read();
    let matching: Vec<&EarnConfig> = ledger
        .earn_configs
        .iter()
        .filter(|c| asset.is_none_or(|a| catalogue().assets[c.asset].id == a))
        .filter(|c| same(params.get("type"), c.kind) && same(params.get("mode"), c.mode))
        .collect();
    let page = paginate(&matching, &params)?;
    Ok(Json(page.to_json(|c| config_json(c))).into_response())
}

/// `POST /v1/earn/actions/{action}`: scope check, then `action` (stake/unstake, any case) and
/// body `{config_id, wallet_id?, asset_amount > 0}` validation; valid requests answer 501.
pub async fn action(
    State(state): State<Arc<AppState>>,
    headers: HeaderMap,
    Path(action): Path<String>,
    body: Bytes,
) -> ApiResult {
    authorize(&headers, Need::Scope(Scope::EarnWrite))?;
    let action = action.to_ascii_lowercase();
    if action != "stake" && action != "unstake" {
        return Err(ApiError::invalid("action must be stake or unstake"));
    }
    let body = json_body(&body)?;
    let config_id = uuid_field(&body, &["config_id", "configId"])?
        .ok_or_else(|| ApiError::invalid("config_id is required"))?;
    uuid_field(&body, &["wallet_id", "walletId"])?;
    positive_number(&body, &["asset_amount", "assetAmount"])?;
    if !state.read().earn_configs.iter().any(|c| c.id == config_id) {
        return Err(ApiError::invalid("config_id is not a known earn config"));
    }
    Err(ApiError::not_implemented())
}
