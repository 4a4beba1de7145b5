//! Assembles the whole HTTP surface: request log → CORS (optional) → compression →
//! injected faults → routes (`/sandbox/info`, `/public`, `/legacy`, `/exchange`, static files;
//! each API wrapped in the shared simulation, see [`crate::simulation`]).

use crate::auth::api_key;
use crate::request_log::{RecordedRequest, RequestLog};
use crate::simulation::inject_faults;
use crate::state::AppState;
use crate::{current, exchange, info, legacy, static_files};
use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue, Method};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{any, get};
use axum::Router;
use std::path::Path;
use std::sync::Arc;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};

async fn log_requests(State(log): State<Arc<RequestLog>>, req: Request, next: Next) -> Response {
    let method = req.method().to_string();
    let path = req.uri().path().to_string();
    let query = req.uri().query().map(str::to_string);
    let api_key = api_key(req.headers()).map(str::to_string);
    let response = next.run(req).await;
    log.push(RecordedRequest {
        method,
        path,
        query,
        api_key,
        status: response.status().as_u16(),
    });
    response
}

fn cors(origin: &str) -> CorsLayer {
    let origin = HeaderValue::from_str(origin).unwrap_or(HeaderValue::from_static("null"));
    CorsLayer::new()
        .allow_origin(AllowOrigin::exact(origin))
        .allow_headers([HeaderName::from_static("x-api-key"), header::CONTENT_TYPE])
        .allow_methods([Method::GET, Method::POST, Method::DELETE])
        .expose_headers([header::RETRY_AFTER])
}

/// The complete router for `state`, serving `dist` and answering CORS for `cors_origin`.
pub(crate) fn app(state: AppState, dist: Option<&Path>, cors_origin: Option<&str>) -> Router {
    let mut app = Router::new()
        .route("/sandbox/info", get(info::info))
        .nest("/legacy", legacy::router(&state))
        .route("/exchange", any(exchange::not_found))
        .nest("/exchange", exchange::router(&state))
        .route("/public", any(current::not_found))
        .nest("/public", current::router(&state))
        .with_state(state.clone())
        .merge(static_files::router(dist))
        .layer(middleware::from_fn_with_state(
            state.faults.clone(),
            inject_faults,
        ))
        .layer(CompressionLayer::new());
    if let Some(origin) = cors_origin {
        app = app.layer(cors(origin));
    }
    app.layer(middleware::from_fn_with_state(state.log, log_requests))
}
