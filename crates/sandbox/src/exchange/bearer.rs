//! `--exchange-bearer-only`: the exchange API takes the key only as
//! `Authorization: Bearer <key>` (the scheme of the exchange's own developer page) and
//! treats `x-api-key` as no key at all (401), so the client's fallback from `x-api-key` to
//! Bearer can be tested. The key is moved into `x-api-key` for the handlers, which check
//! it as usual.

use axum::extract::Request;
use axum::http::{header, HeaderValue};
use axum::middleware::Next;
use axum::response::Response;

/// The key of an `Authorization: Bearer <key>` header, if sent and not blank.
pub(crate) fn bearer_key(headers: &axum::http::HeaderMap) -> Option<&str> {
    headers
        .get(header::AUTHORIZATION)
        .and_then(|v| v.to_str().ok())
        .and_then(|v| v.strip_prefix("Bearer "))
        .map(str::trim)
        .filter(|k| !k.is_empty())
}

/// The middleware: only a Bearer key reaches the handlers.
pub(crate) async fn bearer_only(mut req: Request, next: Next) -> Response {
    let key = bearer_key(req.headers()).and_then(|k| HeaderValue::from_str(k).ok());
    let headers = req.headers_mut();
    headers.remove("x-api-key");
    if let Some(key) = key {
        headers.insert("x-api-key", key);
    }
    next.run(req).await
}
