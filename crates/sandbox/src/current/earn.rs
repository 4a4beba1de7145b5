//! `GET /v1/earn/configs` (Earn (Read)) and `POST /v1/earn/actions/{action}` (Earn (Write)).

use super::auth::{EarnRead, EarnWrite, RequireScope};
use super::errors::{ApiError, ApiResult};
use super::json_blocks::{fixed, number};
use super::paging::paginate;
use super::writes::{JsonBody, Spelling};
use super::CurrentState;
use crate::fixed_catalogue::catalogue;
use crate::ids::Uuid;
use crate::ledger::earn::EarnConfig;
use crate::ledger::staking::EarnAction;
use crate::ledger::Unit;
use crate::query::Params;
use axum::body::Bytes;
use axum::extract::{Path, State};
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
pub(crate) async fn configs(
    State(state): State<Arc<CurrentState>>,
    _: RequireScope<EarnRead>,
    params: Params,
) -> ApiResult {
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

/// `POST /v1/earn/actions/{action}`: Earn (Write); `action` stake/unstake (any case); body
/// `{config_id, wallet_id?, asset_amount}` (`asset_amount` a JSON number > 0). Executes at
/// once (see `ledger::staking`) and answers `{"data":{"status":"INITIATED", action,
/// config_id, asset_id, wallet_id, asset_amount, operation_id}}`.
pub(crate) async fn action(
    State(state): State<Arc<CurrentState>>,
    _: RequireScope<EarnWrite>,
    Path(action): Path<String>,
    body: Bytes,
) -> ApiResult {
    let action = EarnAction::parse(&action)
        .ok_or_else(|| ApiError::invalid("action must be stake or unstake"))?;
    let body = JsonBody::parse(&body)?;
    let config_id = body
        .uuid(&["config_id", "configId"])?
        .ok_or_else(|| ApiError::invalid("config_id is required"))?;
    let wallet = body.uuid(&["wallet_id", "walletId"])?;
    let amount = body
        .positive(&["asset_amount", "assetAmount"], Spelling::Number)?
        .ok_or_else(|| ApiError::invalid("asset_amount is required"))?;
    let mut ledger = state.write();
    let now = state.clock.now();
    let done = ledger.earn_action(action, config_id, wallet, amount, now)?;
    let unit = Unit::Asset(done.asset);
    let data = json!({
        "status": "INITIATED",
        "action": action.name().to_ascii_uppercase(),
        "config_id": config_id.to_string(),
        "asset_id": unit.id().to_string(),
        "wallet_id": done.wallet_id.to_string(),
        "asset_amount": fixed(done.amount, unit.precision()),
        "operation_id": done.operation_id.to_string(),
    });
    Ok(Json(json!({ "data": data })).into_response())
}
