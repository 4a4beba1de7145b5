//! Assembles the whole HTTP surface: request log → CORS (optional) → compression →
//! injected faults → routes (`/sandbox/info`, `/public`, `/legacy`, `/exchange`, static files;
//! each API wrapped in the shared simulation, see [`crate::simulation`]).

use crate::auth::api_key;
use crate::exchange::bearer::{self, bearer_key};
use crate::request_log::{RecordedRequest, RequestLog};
use crate::server_timing::server_timing;
use crate::simulation::inject_faults;
use crate::state::AppState;
use crate::{current, exchange, info, legacy, static_files, Config};
use axum::extract::{Request, State};
use axum::http::{header, HeaderName, HeaderValue, Method};
use axum::middleware::{self, Next};
use axum::response::Response;
use axum::routing::{any, get};
use axum::Router;
use std::sync::Arc;
use tower_http::compression::CompressionLayer;
use tower_http::cors::{AllowOrigin, CorsLayer};

async fn log_requests(State(log): State<Arc<RequestLog>>, req: Request, next: Next) -> Response {
    let method = req.method().to_string();
    let path = req.uri().path().to_string();
    let query = req.uri().query().map(str::to_string);
    let bearer = bearer_key(req.headers()).map(str::to_string);
    let api_key = api_key(req.headers()).map(str::to_string);
    let response = next.run(req).await;
    log.push(RecordedRequest {
        method,
        path,
        query,
        bearer: bearer.is_some() && api_key.is_none(),
        api_key: api_key.or(bearer),
        status: response.status().as_u16(),
    });
    response
}

fn cors(origin: &str) -> CorsLayer {
    let origin = HeaderValue::from_str(origin).unwrap_or(HeaderValue::from_static("null"));
    CorsLayer::new()
        .allow_origin(AllowOrigin::exact(origin))
        .allow_headers([
            HeaderName::from_static("x-api-key"),
            header::AUTHORIZATION,
            header::CONTENT_TYPE,
        ])
        .allow_methods([Method::GET, Method::POST, Method::DELETE])
        .expose_headers([header::RETRY_AFTER])
}

/// The complete router for `state`, serving `config.dist` and answering CORS for
/// `config.cors_origin`.
pub(crate) fn app(state: AppState, config: &Config) -> Router {
    let mut exchange_api = exchange::router(&state);
    if config.exchange_bearer_only {
        exchange_api = exchange_api.layer(middleware::from_fn(bearer::bearer_only));
    }
    let mut app = Router::new()
        .route("/sandbox/info", get(info::info))
        .nest("/legacy", legacy::router(&state))
        .route("/exchange", any(exchange::not_found))
        .nest("/exchange", exchange_api)
        .route("/public", any(current::not_found))
        .nest("/public", current::router(&state))
        .with_state(state.clone())
        .merge(static_files::router(config.dist.as_deref()))
        .layer(middleware::from_fn(server_timing))
        .layer(middleware::from_fn_with_state(
            state.faults.clone(),
            inject_faults,
        ))
        .layer(CompressionLayer::new());
    if let Some(origin) = config.cors_origin.as_deref() {
        app = app.layer(cors(origin));
    }
    app.layer(middleware::from_fn_with_state(state.log, log_requests))
}
