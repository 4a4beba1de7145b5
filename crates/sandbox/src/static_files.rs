//! Serves the web app's `dist/` folder with SPA fallback to `index.html`, as a static host
//! would: the build's precompressed `.br` / `.gz` copy when the browser accepts it.
//! `index.html`, `sw.js` and `build.json` (and every HTML answer) carry
//! `Cache-Control: no-cache`.

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};

async fn no_cache(req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    let mut response = next.run(req).await;
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    if html
        || ["/sw.js", "/index.html", "/build.json"]
            .iter()
            .any(|p| path.ends_with(p))
    {
        response
            .headers_mut()
            .insert(header::CACHE_CONTROL, HeaderValue::from_static("no-cache"));
    }
    response
}

async fn missing() -> Response {
    (StatusCode::NOT_FOUND, "not found\n").into_response()
}

/// A router answering every path from `dist` (or 404 text when there is no `dist`).
pub fn router(dist: Option<&Path>) -> Router {
    match dist.filter(|d| d.join("index.html").is_file()) {
        Some(dist) => {
            let index = ServeFile::new(dist.join("index.html"))
                .precompressed_br()
                .precompressed_gzip();
            let serve = ServeDir::new(dist)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(index);
            Router::new()
                .fallback_service(serve)
                .layer(middleware::from_fn(no_cache))
        }
        None => Router::new().fallback(missing),
    }
}
