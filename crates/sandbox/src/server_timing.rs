//! The sandbox's own time on each answer, as a `Server-Timing` header (`sandbox;dur=<ms>`):
//! from the request reaching the routes to the answer leaving them (simulated latency and
//! faults included, compression not). `cargo xtask bench operations` reads it from the
//! browser's resource timings, so a slow page can be told apart from a slow app.

use axum::extract::Request;
use axum::http::{HeaderName, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

/// Adds `Server-Timing: sandbox;dur=<milliseconds, three decimals>` to every answer.
pub(crate) async fn server_timing(req: Request, next: Next) -> Response {
    let started = std::time::Instant::now();
    let mut response = next.run(req).await;
    let micros = started.elapsed().as_micros();
    let value = format!("sandbox;dur={}.{:03}", micros / 1000, micros % 1000);
    if let Ok(value) = HeaderValue::from_str(&value) {
        response
            .headers_mut()
            .insert(HeaderName::from_static("server-timing"), value);
    }
    response
}

#[cfg(test)]
mod tests {
    use super::*;
    use axum::body::Body;
    use axum::routing::get;
    use axum::Router;
    use tower::ServiceExt;

    #[tokio::test]
    async fn every_answer_says_how_long_the_sandbox_took() {
        let app = Router::new()
            .route(
                "/slow",
                get(|| async {
                    tokio::time::sleep(std::time::Duration::from_millis(20)).await;
                    "ok"
                }),
            )
            .layer(axum::middleware::from_fn(server_timing));
        let response = app
            .oneshot(Request::get("/slow").body(Body::empty()).unwrap())
            .await
            .unwrap();
        let header = response.headers()["server-timing"].to_str().unwrap();
        let whole_ms: u64 = header
            .strip_prefix("sandbox;dur=")
            .and_then(|d| d.split('.').next())
            .and_then(|d| d.parse().ok())
            .unwrap_or(0);
        assert!(whole_ms >= 20, "{header}");
    }
}
