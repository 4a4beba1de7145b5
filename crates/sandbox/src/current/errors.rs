//! Error bodies of the current API: `{"error":{"code":"<snake_case>","message":"<text>"}}`.

use crate::ledger::Refusal;
use axum::http::{header, HeaderValue, StatusCode};
use axum::response::{IntoResponse, Response};
use axum::Json;
use serde_json::json;

/// An error answer of the current API.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct ApiError {
    /// HTTP status.
    pub status: StatusCode,
    /// Snake-case error code.
    pub code: &'static str,
    /// Human-readable text.
    pub message: String,
    /// The missing scope (only for `missing_scope`).
    pub scope: Option<&'static str>,
    /// `Retry-After` seconds (only for `rate_limited`).
    pub retry_after: Option<u32>,
}

impl ApiError {
    /// An error with this status, code and message.
    pub fn new(status: StatusCode, code: &'static str, message: impl Into<String>) -> Self {
        Self {
            status,
            code,
            message: message.into(),
            scope: None,
            retry_after: None,
        }
    }

    /// 401 `unauthorized`: no key or an unknown key.
    pub fn unauthorized(message: &str) -> Self {
        Self::new(StatusCode::UNAUTHORIZED, "unauthorized", message)
    }

    /// 401 `missing_scope`: the key is valid but lacks `scope`.
    pub fn missing_scope(scope: &'static str) -> Self {
        let mut e = Self::new(
            StatusCode::UNAUTHORIZED,
            "missing_scope",
            format!("The API key lacks the scope {scope}"),
        );
        e.scope = Some(scope);
        e
    }

    /// 400 `invalid_parameter`.
    pub fn invalid(message: impl Into<String>) -> Self {
        Self::new(StatusCode::BAD_REQUEST, "invalid_parameter", message)
    }

    /// 404 `not_found`.
    pub fn not_found(message: impl Into<String>) -> Self {
        Self::new(StatusCode::NOT_FOUND, "not_found", message)
    }

    /// 429 `rate_limited` with `Retry-After`.
    pub fn rate_limited(retry_after: u32) -> Self {
        let mut e = Self::new(
            StatusCode::TOO_MANY_REQUESTS,
            "rate_limited",
            "Too many requests, slow down",
        );
        e.retry_after = Some(retry_after);
        e
    }

    /// 500 `internal_error`.
    pub fn internal(message: impl Into<String>) -> Self {
        Self::new(StatusCode::INTERNAL_SERVER_ERROR, "internal_error", message)
    }

    /// 422 with this code: understood but refused.
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> Self {
        Self::new(StatusCode::UNPROCESSABLE_ENTITY, code, message)
    }
}

impl From<Refusal> for ApiError {
    fn from(r: Refusal) -> Self {
        match r {
            Refusal::Invalid(text) => Self::invalid(text),
            Refusal::QuoteNotFound => {
                Self::new(StatusCode::NOT_FOUND, "quote_not_found", "No such quote")
            }
            Refusal::QuoteExpired => Self::unprocessable("quote_expired", "The quote has expired"),
            Refusal::QuoteAlreadyAccepted => {
                Self::unprocessable("quote_already_accepted", "The quote was already accepted")
            }
            Refusal::InsufficientFunds(text) => Self::unprocessable("insufficient_funds", text),
            Refusal::TradingLimitExceeded => Self::unprocessable(
                "trading_limit_exceeded",
                "The trade exceeds the key's remaining daily budget",
            ),
            Refusal::LimitsAlreadySet => Self::new(
                StatusCode::CONFLICT,
                "limits_already_set",
                "Trading limits are already set for this key",
            ),
            Refusal::EarnConfigDisabled => {
                Self::unprocessable("earn_config_disabled", "This earn offer is disabled")
            }
            Refusal::EarnConfigSoldOut => {
                Self::unprocessable("earn_config_sold_out", "This earn offer is sold out")
            }
        }
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut error = json!({ "code": self.code, "message": self.message });
        if let Some(scope) = self.scope {
            error["scope"] = json!(scope);
        }
        let mut response = (self.status, Json(json!({ "error": error }))).into_response();
        if let Some(secs) = self.retry_after {
            response
                .headers_mut()
                .insert(header::RETRY_AFTER, HeaderValue::from(secs));
        }
        response
    }
}

/// The result type of API handlers.
pub type ApiResult = Result<Response, ApiError>;
