//! Error bodies of the exchange API: `{"errors":[{"code","status","title","detail"}]}`.
//!
//! Codes are UPPER_SNAKE_CASE. Statuses: 400 malformed request, 401 no or unknown key,
//! 403 key without the needed exchange scope, 404 unknown order, trade or pair, 409 order not
//! cancellable, 422 refused order (see [`crate::exchange`] for the list), 429 rate limit.

use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// An error answer of the exchange API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ExError {
    /// HTTP status.
    pub status: StatusCode,
    /// Machine-readable code (`BELOW_MIN_ORDER_AMOUNT`).
    pub code: &'static str,
    /// Human-readable explanation.
    pub detail: String,
    /// `Retry-After` seconds (429 only).
    pub retry_after: Option<u64>,
}

impl ExError {
    /// An error with this status, code and detail.
    pub fn new(status: StatusCode, code: &'static str, detail: impl Into<String>) -> Self {
        Self {
            status,
            code,
            detail: detail.into(),
            retry_after: None,
        }
    }

    /// 400 `INVALID_PARAMETER`.
    pub fn invalid(detail: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "INVALID_PARAMETER", detail)
    }

    /// 401 `UNAUTHORIZED`.
    pub fn unauthorized(detail: &str) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "UNAUTHORIZED", detail)
    }

    /// 403 `FORBIDDEN`: the key lacks the exchange scope `scope`.
    pub fn forbidden(scope: &str) -> Self {
        Self::new(
            StatusCode::FORBIDDEN,
            "FORBIDDEN",
            format!("The API key lacks the exchange scope {scope}"),
        )
    }

    /// 404 with a specific code.
    pub fn not_found(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, code, detail)
    }

    /// 404 `PAIR_NOT_FOUND`.
    pub fn unknown_pair(pair: &str) -> Self {
        Self::not_found("PAIR_NOT_FOUND", format!("No such pair: {pair}"))
    }

    /// 422: the order is refused with `code`.
    pub fn refused(code: &'static str, detail: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, detail)
    }

    /// 429 `RATE_LIMITED` with `Retry-After`.
    pub fn rate_limited(retry_after: u64) -> Self {
        let mut e = Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "RATE_LIMITED",
            "Too many requests, slow down",
        );
        e.retry_after = Some(retry_after.max(1));
        e
    }

    fn title(&self) -> &'static str {
        self.status.canonical_reason().unwrap_or("Error")
    }
}

impl IntoResponse for ExError {
    fn into_response(self) -> Response {
        let body = json!({ "errors": [{
            "code": self.code,
            "status": self.status.as_u16().to_string(),
            "title": self.title(),
            "detail": self.detail,
        }]});
        let mut response = (self.status, Json(body)).into_response();
        if let Some(secs) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

/// The result type of exchange handlers.
pub type ExResult = Result<Response, ExError>;
