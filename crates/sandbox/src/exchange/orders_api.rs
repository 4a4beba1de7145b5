//! `GET/POST /v1/account/orders`, `GET/DELETE /v1/account/orders/{id}`.

use super::auth::{Read, RequireScope, Trade};
use super::errors::{ExError, ExResult};
use super::matching::close;
use super::model::{Order, Status};
use super::paging::{pair_filter, Window};
use super::place::parse;
use super::submit::place;
use super::wire;
use super::ExchangeState;
use crate::ids::Uuid;
use crate::query::Params;
use axum::extract::{Path, State};
use axum::http::StatusCode;
use axum::response::IntoResponse;
use axum::Json;
use serde_json::Value;
use std::sync::Arc;

/// Which statuses the `status` filter keeps.
fn status_filter(value: Option<&str>) -> Result<Option<Vec<Status>>, ExError> {
    let Some(v) = value.map(str::trim).filter(|v| !v.is_empty()) else {
        return Ok(None);
    };
    let all = Status::ALL;
    match v {
        "open" => Ok(Some(all.into_iter().filter(|s| s.is_open()).collect())),
        "closed" => Ok(Some(all.into_iter().filter(|s| !s.is_open()).collect())),
        exact => all
            .into_iter()
            .find(|s| s.as_str() == exact)
            .map(|s| Some(vec![s]))
            .ok_or_else(|| ExError::invalid(format!("Unknown status filter: {exact}"))),
    }
}

/// `GET /v1/account/orders?status=&pair=&startTime=&endTime=&limit=&cursor=`, newest first.
pub(crate) async fn list(
    State(s): State<Arc<ExchangeState>>,
    _: RequireScope<Read>,
    params: Params,
) -> ExResult {
    let statuses = status_filter(params.get("status"))?;
    let pairs = pair_filter(&params)?;
    let window = Window::parse(&params, 25, 100)?;
    let acc = s.settled(s.clock.now());
    let items: Vec<(u64, &Order)> = acc
        .orders
        .iter()
        .rev()
        .filter(|o| statuses.as_ref().is_none_or(|st| st.contains(&o.status)))
        .filter(|o| pairs.is_empty() || pairs.contains(&o.pair))
        .filter(|o| window.contains(o.created_at))
        .map(|o| (o.seq, o))
        .collect();
    Ok(Json(window.page(items, |o| wire::order(o))).into_response())
}

/// `POST /v1/account/orders`: 201 with the accepted order (`status: new`).
pub(crate) async fn create(
    State(s): State<Arc<ExchangeState>>,
    _: RequireScope<Trade>,
    body: String,
) -> ExResult {
    let body: Value = serde_json::from_str(&body)
        .ok()
        .filter(Value::is_object)
        .ok_or_else(|| {
            ExError::new(
                StatusCode::BAD_REQUEST,
                "INVALID_BODY",
                "The body must be a JSON object",
            )
        })?;
    let now = s.clock.now();
    let request = parse(&body, now)?;
    let mut acc = s.settled(now);
    let order = place(&request, &mut acc, &s.prices, now)?;
    Ok((StatusCode::CREATED, Json(wire::order(&order))).into_response())
}

fn find(orders: &[Order], id: &str) -> Result<usize, ExError> {
    let missing = || ExError::not_found("ORDER_NOT_FOUND", "No such order");
    let id = Uuid::parse(id).ok_or_else(missing)?;
    orders.iter().position(|o| o.id == id).ok_or_else(missing)
}

/// `GET /v1/account/orders/{id}`.
pub(crate) async fn get_one(
    State(s): State<Arc<ExchangeState>>,
    _: RequireScope<Read>,
    Path(id): Path<String>,
) -> ExResult {
    let acc = s.settled(s.clock.now());
    let idx = find(&acc.orders, &id)?;
    Ok(Json(wire::order(&acc.orders[idx])).into_response())
}

/// `DELETE /v1/account/orders/{id}`: the order, `canceled` (`filled-and-canceled` after a
/// partial fill), funds released; 409 when already closed.
pub(crate) async fn cancel(
    State(s): State<Arc<ExchangeState>>,
    _: RequireScope<Trade>,
    Path(id): Path<String>,
) -> ExResult {
    let now = s.clock.now();
    let mut acc = s.settled(now);
    let idx = find(&acc.orders, &id)?;
    let status = acc.orders[idx].status;
    if !status.is_open() {
        return Err(ExError::new(
            StatusCode::CONFLICT,
            "ORDER_NOT_CANCELLABLE",
            format!("The order is already {}", status.as_str()),
        ));
    }
    close(&mut acc, idx, now, false);
    Ok(Json(wire::order(&acc.orders[idx])).into_response())
}
