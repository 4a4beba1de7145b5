//! The legacy API under `/legacy/v1`: seven read-only endpoints, each a view of the same
//! ledger the current API answers from (see `wallets`, `trades`, `transactions` for how
//! ledger records map to legacy items, and `paging` for the cursor rules).
//!
//! Every request passes the gate first: from 2027-02-01T00:00:00Z on the sandbox clock (the
//! legacy API is available until the end of 31 January 2027) every path under `/legacy`
//! answers 410 `api_decommissioned`; before that a missing or unknown key (header
//! `X-Api-Key`, any case) answers 401. Any demo key may read the legacy API. Errors are
//! `{"errors":[{"code","status","title"}]}`. Then the shared simulation applies with the current
//! API's part ([`crate::current::Budgets`]: its per-key budgets and, for simulated failures and
//! 429s, its error bodies).

pub mod json_blocks;
pub mod paging;
pub mod trades;
pub mod transactions;
pub mod wallets;

use crate::auth::{key_requirements, Denied, RequireScope};
use crate::clock::Clock;
use crate::current::Budgets;
use crate::ledger::{Ledger, SharedLedger};
use crate::query::Params;
use crate::simulation::{simulated, Simulation};
use axum::extract::{FromRef, Request, State};
use axum::http::StatusCode;
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::routing::get;
use axum::{Json, Router};
use chrono::{DateTime, TimeZone, Utc};
use paging::{Filters, Listed, Record, Style};
use serde_json::json;
use std::collections::HashMap;
use std::sync::{Arc, Mutex, RwLockReadGuard};

/// What the legacy API's handlers share: the ledger, the clock and the discrepancy switch.
#[derive(Debug)]
pub struct LegacyState {
    ledger: SharedLedger,
    /// The sandbox clock (the API is switched off at [`decommissioned_from`]).
    pub clock: Clock,
    /// Whether the legacy API deliberately disagrees with the ledger.
    pub discrepancy: bool,
    /// Each paged list as built for the ledger's number of operations: operations are only
    /// ever appended, so the list is rebuilt only after a new one (reading 50,000 records
    /// page by page must not rebuild them for every page).
    built: Mutex<HashMap<&'static str, Built>>,
}

/// A list as built, with the number of ledger operations it was built from.
type Built = (usize, Arc<Listed>);

impl LegacyState {
    /// The state over `ledger` at the times of `clock`.
    pub(crate) fn new(ledger: SharedLedger, clock: Clock, discrepancy: bool) -> Self {
        Self {
            ledger,
            clock,
            discrepancy,
            built: Mutex::new(HashMap::new()),
        }
    }

    /// The list `name` (built by `build` when the ledger has changed since last time).
    fn list(&self, name: &'static str, build: impl Fn(&Ledger) -> Vec<Record>) -> Arc<Listed> {
        let ledger = self.read();
        let version = ledger.operations.len();
        let mut built = self.built.lock().unwrap_or_else(|e| e.into_inner());
        match built.get(name) {
            Some((v, list)) if *v == version => list.clone(),
            _ => {
                let list = Arc::new(Listed::new(build(&ledger)));
                built.insert(name, (version, list.clone()));
                list
            }
        }
    }

    /// Read access to the ledger (a poisoned lock is still readable).
    pub fn read(&self) -> RwLockReadGuard<'_, Ledger> {
        crate::ledger::read(&self.ledger)
    }
}

/// The first instant the legacy API is gone (it serves through 31 January 2027, UTC).
pub fn decommissioned_from() -> DateTime<Utc> {
    Utc.with_ymd_and_hms(2027, 2, 1, 0, 0, 0)
        .single()
        .expect("valid instant")
}

/// Whether the legacy API is switched off at `now`.
pub fn is_decommissioned(now: DateTime<Utc>) -> bool {
    now >= decommissioned_from()
}

/// An error answer of the legacy API.
pub fn error(status: StatusCode, code: &str, title: &str) -> Response {
    let body = json!({"errors": [{"code": code, "status": status.as_u16(), "title": title}]});
    (status, Json(body)).into_response()
}

/// The legacy API's answer to a refused caller (it knows no scopes).
fn deny(why: Denied) -> Response {
    let title = match why {
        Denied::UnknownKey => "Credentials or access token wrong",
        Denied::NoKey | Denied::MissingScope(_) => "An API key is required",
    };
    error(StatusCode::UNAUTHORIZED, "unauthorized", title)
}

key_requirements! {
    crate::keys::Api::Legacy;
    Response = deny;
    /// Any valid demo key (every legacy path).
    AnyKey => None;
}

/// 410 `api_decommissioned` on every path once the sandbox clock reaches the switch-off.
async fn sunset(State(state): State<Arc<LegacyState>>, req: Request, next: Next) -> Response {
    if is_decommissioned(state.clock.now()) {
        return error(
            StatusCode::GONE,
            "api_decommissioned",
            "The legacy API was switched off after 31 January 2027; use the current API",
        );
    }
    next.run(req).await
}

/// 401 on every path (unknown ones included) without a valid key.
async fn key_gate(_: RequireScope<AnyKey>, req: Request, next: Next) -> Response {
    next.run(req).await
}

async fn not_found() -> Response {
    error(StatusCode::NOT_FOUND, "not_found", "No such endpoint")
}

async fn method_not_allowed() -> Response {
    error(
        StatusCode::METHOD_NOT_ALLOWED,
        "method_not_allowed",
        "The legacy API is read-only",
    )
}

async fn wallets(State(s): State<Arc<LegacyState>>) -> Response {
    let data = wallets::crypto_wallets(&s.read(), s.discrepancy);
    Json(json!({ "data": data })).into_response()
}

async fn fiat_wallets(State(s): State<Arc<LegacyState>>) -> Response {
    Json(json!({ "data": wallets::fiat_wallets(&s.read()) })).into_response()
}

async fn asset_wallets(State(s): State<Arc<LegacyState>>) -> Response {
    Json(wallets::asset_wallets(&s.read(), s.discrepancy)).into_response()
}

async fn trades(State(s): State<Arc<LegacyState>>, params: Params) -> Response {
    let all = s.list("trades", |l| trades::trades(l, s.discrepancy));
    Json(all.page(&params, Style::default(), Filters::Type)).into_response()
}

async fn fiat_transactions(State(s): State<Arc<LegacyState>>, params: Params) -> Response {
    let all = s.list("fiat", transactions::fiat_transactions);
    Json(all.page(&params, Style::FIAT, Filters::TypeAndStatus)).into_response()
}

async fn crypto_transactions(State(s): State<Arc<LegacyState>>, params: Params) -> Response {
    let all = s.list("crypto", transactions::crypto_transactions);
    Json(all.page(&params, Style::CRYPTO, Filters::TypeAndStatus)).into_response()
}

async fn commodity_transactions(State(s): State<Arc<LegacyState>>, params: Params) -> Response {
    let all = s.list("commodity", transactions::commodity_transactions);
    Json(all.page(&params, Style::default(), Filters::None)).into_response()
}

/// The `/legacy` router (mount it with `nest("/legacy", …)`): sunset, key check, then the
/// shared simulation with the current API's budgets.
pub(crate) fn router<S>(state: &S) -> Router<S>
where
    S: Clone + Send + Sync + 'static,
    Arc<LegacyState>: FromRef<S>,
    Arc<Simulation>: FromRef<S>,
    Budgets: FromRef<S>,
{
    let v1 = Router::new()
        .route("/v1/wallets", get(wallets))
        .route("/v1/fiatwallets", get(fiat_wallets))
        .route("/v1/asset-wallets", get(asset_wallets))
        .route("/v1/trades", get(trades))
        .route("/v1/fiatwallets/transactions", get(fiat_transactions))
        .route("/v1/wallets/transactions", get(crypto_transactions))
        .route(
            "/v1/assets/transactions/commodity",
            get(commodity_transactions),
        )
        .fallback(not_found)
        .method_not_allowed_fallback(method_not_allowed);
    simulated(v1, Arc::from_ref(state), Budgets::from_ref(state))
        .layer(middleware::from_fn(key_gate))
        .layer(middleware::from_fn_with_state(
            Arc::<LegacyState>::from_ref(state),
            sunset,
        ))
}

#[cfg(test)]
mod consistency_tests;
#[cfg(test)]
mod tests;
