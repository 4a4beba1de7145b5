//! Serves the web app's `dist/` folder with SPA fallback to `index.html`, as a static host
//! would: the build's precompressed `.br` / `.gz` copy when the browser accepts it, and the
//! Cache-Control of `deploy/nginx.conf` and `deploy/Caddyfile`: the build's hashed files
//! (their names change with their content) are kept for a year, everything else is
//! revalidated on every load. So a warm load in `bench paint` costs what it costs a visitor
//! of a deployed Folio (no round trip to revalidate a section's pack).
//!
//! The page itself (`/`, `/index.html` and every route) is the build's `index.html` with the
//! loopback origins added to its CSP's `connect-src` ([`LOOPBACK`]): the demo and the tests
//! call sandboxes on other loopback ports (a custom profile, a host without CORS), which a
//! deployed Folio never needs, so the build's own policy does not allow them.

use axum::extract::Request;
use axum::http::{header, HeaderValue, StatusCode};
use axum::middleware::{self, Next};
use axum::response::{Html, IntoResponse, Response};
use axum::routing::get;
use axum::Router;
use std::path::{Path, PathBuf};
use tower_http::compression::CompressionLayer;
use tower_http::services::ServeDir;

/// What the sandbox adds to the page's `connect-src`: any port of this machine, for the demo
/// and the tests only (never part of the build's own CSP).
pub const LOOPBACK: &str = "http://127.0.0.1:* http://localhost:*";

/// `page` with [`LOOPBACK`] added at the end of its CSP's `connect-src` (the page as it is
/// when it has no such directive).
pub fn with_loopback(page: &str) -> String {
    let Some(csp) = page.find("http-equiv=\"Content-Security-Policy\"") else {
        return page.to_string();
    };
    let Some(directive) = page[csp..].find("connect-src ").map(|at| csp + at) else {
        return page.to_string();
    };
    let Some(end) = page[directive..].find([';', '"']).map(|at| directive + at) else {
        return page.to_string();
    };
    format!("{} {LOOPBACK}{}", &page[..end], &page[end..])
}

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

/// The build's page with the loopback origins in its CSP, read at each request (a new build
/// is seen at once), compressed as the browser accepts.
fn demo_page(dist: &Path) -> axum::routing::MethodRouter {
    let index = dist.join("index.html");
    get(move || page(index.clone())).layer(CompressionLayer::new())
}

async fn page(index: PathBuf) -> Response {
    match std::fs::read_to_string(&index) {
        Ok(page) => Html(with_loopback(&page)).into_response(),
        Err(_) => missing().await,
    }
}

/// A router answering every path from `dist` (or 404 text when there is no `dist`).
pub fn router(dist: Option<&Path>) -> Router {
    match dist.filter(|d| d.join("index.html").is_file()) {
        Some(dist) => {
            let serve = ServeDir::new(dist)
                .precompressed_br()
                .precompressed_gzip()
                .fallback(demo_page(dist));
            Router::new()
                .route("/", demo_page(dist))
                .route("/index.html", demo_page(dist))
                .fallback_service(serve)
                .layer(middleware::from_fn(cache_control))
        }
        None => Router::new().fallback(missing),
    }
}

#[cfg(test)]
mod tests {
    use super::{hashed, with_loopback, LOOPBACK};

    #[test]
    fn the_demo_page_adds_loopback_to_connect_src_only() {
        let page = r#"<meta
      http-equiv="Content-Security-Policy"
      content="default-src 'self'; connect-src 'self' https://api.bitpanda.com; object-src 'none'"
    /><p>connect-src stays</p>"#;
        assert_eq!(
            with_loopback(page),
            page.replace(
                "https://api.bitpanda.com;",
                &format!("https://api.bitpanda.com {LOOPBACK};")
            )
        );
        let last = r#"<meta http-equiv="Content-Security-Policy" content="connect-src 'self'">"#;
        assert_eq!(
            with_loopback(last),
            format!(
                r#"<meta http-equiv="Content-Security-Policy" content="connect-src 'self' {LOOPBACK}">"#
            )
        );
        let none = "<title>Folio</title><p>connect-src </p>";
        assert_eq!(with_loopback(none), none);
    }

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
