//! Serves the web app's `dist/` folder with SPA fallback to `index.html`, as a static host
//! would: the build's precompressed `.br` / `.gz` copy when the browser accepts it, and the
//! Cache-Control of `deploy/nginx.conf` and `deploy/Caddyfile`: the build's hashed files
//! (their names change with their content) are kept for a year, everything else is
//! revalidated on every load. So a warm load in `bench paint` costs what it costs a visitor
//! of a deployed Folio (no round trip to revalidate a section's pack).

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{IntoResponse, Response};
use axum::Router;
use std::path::Path;
use tower_http::services::{ServeDir, ServeFile};

/// `Cache-Control` of a hashed build file (nginx.conf's and the Caddyfile's).
const KEPT: &str = "public, max-age=31536000, immutable";

/// Whether `path` names a hashed build file: `-<8 to 16 hex digits>` (Trunk writes its hash
/// without leading zeros), optionally `_bg`, then `.js`, `.wasm` or `.css`; the pattern of
/// the deployment's configurations.
fn hashed(path: &str) -> bool {
    let Some((stem, extension)) = path.rsplit_once('.') else {
        return false;
    };
    if !["js", "wasm", "css"].contains(&extension) {
        return false;
    }
    let stem = stem.strip_suffix("_bg").unwrap_or(stem);
    let Some((_, hash)) = stem.rsplit_once('-') else {
        return false;
    };
    (8..=16).contains(&hash.len())
        && hash
            .bytes()
            .all(|b| b.is_ascii_hexdigit() && !b.is_ascii_uppercase())
}

async fn cache_control(req: Request, next: Next) -> Response {
    let path = req.uri().path().to_string();
    let mut response = next.run(req).await;
    let html = response
        .headers()
        .get(header::CONTENT_TYPE)
        .and_then(|v| v.to_str().ok())
        .is_some_and(|v| v.starts_with("text/html"));
    // A 304 carries it too: it replaces the headers of the browser's cached copy.
    let kept = response.status().is_success() || response.status() == StatusCode::NOT_MODIFIED;
    let value = if hashed(&path) && !html && kept {
        KEPT
    } else {
        "no-cache"
    };
    response
        .headers_mut()
        .insert(header::CACHE_CONTROL, HeaderValue::from_static(value));
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
                .layer(middleware::from_fn(cache_control))
        }
        None => Router::new().fallback(missing),
    }
}

#[cfg(test)]
mod tests {
    use super::hashed;

    #[test]
    fn hashed_build_files_are_told_apart_from_the_rest() {
        for kept in [
            "/folio-30a68b7511e960ed.js",
            "/folio-30a68b7511e960ed_bg.wasm",
            "/folio-67d0c1eb70ba47e1.css",
            "/folio-0a68b751.js",
            "/split_portfolio-pack-325bc696d55af6cb.wasm",
            "/chunk_100-c9a2246099a30146.wasm",
        ] {
            assert!(hashed(kept), "{kept}");
        }
        for revalidated in [
            "/",
            "/index.html",
            "/sw.js",
            "/register-sw.js",
            "/build.json",
            "/manifest.webmanifest",
            "/icons/icon-192.png",
            "/folio-30a68b7.js",
            "/folio-30A68B7511E960ED.js",
            "/folio-30a68b7511e960ed0.js",
            "/locales/de.txt",
        ] {
            assert!(!hashed(revalidated), "{revalidated}");
        }
    }
}
