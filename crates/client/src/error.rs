//! One error type for every endpoint of the three APIs.
//!
//! The service answers errors in three JSON shapes (`{"error":{code,message}}`,
//! `{"errors":[{code,status,title,detail}]}`, `{"message":…}`) and gateways answer with HTML.
//! All of them map to an [`ApiError`] class that keeps the service's code and a short message,
//! never the raw body.

use serde::Deserialize;

use crate::decode::normalize_keys;

/// What the service said about a failed request, reduced to safe, short text.
#[derive(Debug, Clone, PartialEq, Eq, Default)]
pub struct ServiceError {
    /// HTTP status.
    pub status: u16,
    /// The service's machine-readable code (`quote_expired`, `missing_scope`, …), if any.
    pub code: Option<String>,
    /// The service's message or title, if it was short plain text.
    pub message: Option<String>,
    /// The scope named by a `missing_scope` answer.
    pub scope: Option<String>,
}

/// Every way a call can fail, in classes a person can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ApiError {
    /// 401: the key is wrong, revoked or missing.
    Unauthorized(ServiceError),
    /// 401 `missing_scope` (or 401 on a key that worked elsewhere), or 403: the key lacks a
    /// permission for this action.
    MissingScope(ServiceError),
    /// 429: too many requests; `retry_after_secs` from the `Retry-After` header.
    RateLimited {
        /// Seconds the service asked us to wait, if it said.
        retry_after_secs: Option<u64>,
        /// The body's code and message.
        detail: ServiceError,
    },
    /// 400: a parameter was rejected.
    BadRequest(ServiceError),
    /// 404: the resource does not exist.
    NotFound(ServiceError),
    /// 409: the request conflicts with the current state (e.g. limits already set).
    Conflict(ServiceError),
    /// 410: the API is gone (the legacy API after its sunset).
    Gone(ServiceError),
    /// 422: the request was understood but refused (expired quote, insufficient funds, …).
    Unprocessable(ServiceError),
    /// 5xx or any other unexpected status.
    Server(ServiceError),
    /// The request did not complete: offline, DNS, CORS, refused redirect, aborted.
    Network {
        /// A short technical description (never contains the key).
        detail: String,
    },
    /// The service answered 2xx with a body this client cannot read.
    Decode {
        /// What did not fit.
        detail: String,
    },
}

impl ApiError {
    /// Classifies a non-2xx response from its status, `Retry-After` header and body.
    pub fn from_response(status: u16, retry_after: Option<&str>, body: &str) -> Self {
        let detail = parse_error_body(status, body);
        match status {
            401 if detail.code.as_deref() == Some("missing_scope") => Self::MissingScope(detail),
            401 => Self::Unauthorized(detail),
            403 => Self::MissingScope(detail),
            429 => Self::RateLimited {
                retry_after_secs: retry_after.and_then(|v| v.trim().parse().ok()),
                detail,
            },
            400 => Self::BadRequest(detail),
            404 => Self::NotFound(detail),
            409 => Self::Conflict(detail),
            410 => Self::Gone(detail),
            422 => Self::Unprocessable(detail),
            _ => Self::Server(detail),
        }
    }

    /// The service's details, when the service answered.
    pub fn service(&self) -> Option<&ServiceError> {
        match self {
            Self::Unauthorized(d)
            | Self::MissingScope(d)
            | Self::BadRequest(d)
            | Self::NotFound(d)
            | Self::Conflict(d)
            | Self::Gone(d)
            | Self::Unprocessable(d)
            | Self::Server(d)
            | Self::RateLimited { detail: d, .. } => Some(d),
            Self::Network { .. } | Self::Decode { .. } => None,
        }
    }

    /// The service's error code (`quote_expired`, …), if it sent one.
    pub fn code(&self) -> Option<&str> {
        self.service().and_then(|d| d.code.as_deref())
    }

    /// The HTTP status, when the service answered.
    pub fn status(&self) -> Option<u16> {
        self.service().map(|d| d.status)
    }

    /// Whether a read may be tried again automatically (429 and 503 only).
    pub fn is_retryable_read(&self) -> bool {
        matches!(self, Self::RateLimited { .. })
            || matches!(self, Self::Server(d) if d.status == 503)
    }

    /// For a write (accept quote, stake, set limits): whether it may have happened even
    /// though no usable answer came back — no response at all, a 5xx, or a 2xx body that
    /// could not be read. The app then says "outcome unknown, check Operations" instead of
    /// offering to send it again.
    pub fn write_outcome_unknown(&self) -> bool {
        matches!(
            self,
            Self::Network { .. } | Self::Decode { .. } | Self::Server(_)
        )
    }

    /// A sentence in plain words for the person using the app.
    pub fn user_message(&self) -> String {
        let known = self.code().and_then(message_for_code);
        if let Some(text) = known {
            return text.to_string();
        }
        match self {
            Self::Unauthorized(_) => {
                "The service did not accept this API key. Check that it is complete and has not been revoked.".into()
            }
            Self::MissingScope(d) => match &d.scope {
                Some(scope) => format!("This API key does not have the “{scope}” permission needed for this."),
                None => "This API key does not have the permission needed for this.".into(),
            },
            Self::RateLimited { retry_after_secs, .. } => match retry_after_secs {
                Some(s) => format!("Too many requests. The service asks to wait {s} s before trying again."),
                None => "Too many requests. Wait a moment and try again.".into(),
            },
            Self::BadRequest(d) => with_detail("The service rejected the request as invalid", d),
            Self::NotFound(_) => "The service could not find what was asked for.".into(),
            Self::Conflict(d) => with_detail("The request conflicts with the account's current state", d),
            Self::Gone(_) => "This API has been switched off by the service.".into(),
            Self::Unprocessable(d) => with_detail("The service refused the request", d),
            Self::Server(d) => format!(
                "The service had a problem (HTTP {}). Nothing is wrong on your side; try again shortly.",
                d.status
            ),
            Self::Network { .. } => {
                "Could not reach the service. Check your connection (and, for the live profile, the reverse proxy).".into()
            }
            Self::Decode { .. } => "The service answered in a form Folio cannot read.".into(),
        }
    }
}

impl std::fmt::Display for ApiError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        f.write_str(&self.user_message())
    }
}

impl std::error::Error for ApiError {}

fn with_detail(lead: &str, d: &ServiceError) -> String {
    match &d.message {
        Some(m) => format!("{lead}: {m}"),
        None => match &d.code {
            Some(c) => format!("{lead} ({c})."),
            None => format!("{lead}."),
        },
    }
}

/// Plain-words sentences for the service codes Folio knows.
fn message_for_code(code: &str) -> Option<&'static str> {
    Some(match code {
        "quote_expired" => "This quote has expired. Get a new quote to continue.",
        "quote_already_accepted" => "This quote was already accepted; the trade is in Operations.",
        "quote_not_found" => "This quote no longer exists. Get a new quote.",
        "insufficient_funds" => "There are not enough funds for this trade.",
        "trading_limit_exceeded" => "This trade would exceed the key's daily trading budget.",
        "limits_already_set" => {
            "Trading limits are already set for this key and cannot be changed."
        }
        "api_decommissioned" => {
            "The legacy API has been switched off. Use the current views instead."
        }
        "INSUFFICIENT_BALANCE" => {
            "There is not enough available balance for this order (open orders lock funds)."
        }
        "BELOW_MIN_ORDER_AMOUNT" => "The order is worth less than this pair's minimum order value.",
        "ABOVE_MAX_ORDER_AMOUNT" => "The order is worth more than this pair's maximum order value.",
        "ABOVE_MAX_ORDER_SIZE" => "The quantity is above this pair's maximum order size.",
        "INVALID_TICK_SIZE" => "The price must be a multiple of this pair's tick size.",
        "INVALID_SIZE_INCREMENT" => {
            "The quantity must be a multiple of this pair's size increment."
        }
        "ORDER_NOT_CANCELLABLE" => {
            "The order has already closed (filled, canceled or expired); nothing was canceled."
        }
        "ORDER_NOT_FOUND" => "The exchange has no such order.",
        "PAIR_NOT_FOUND" => "The exchange does not trade this pair.",
        _ => return None,
    })
}

#[derive(Deserialize, Default)]
struct Body {
    error: Option<ErrorItem>,
    errors: Option<Vec<ErrorItem>>,
    message: Option<serde_json::Value>,
    code: Option<serde_json::Value>,
}

#[derive(Deserialize, Default)]
struct ErrorItem {
    code: Option<serde_json::Value>,
    message: Option<String>,
    title: Option<String>,
    detail: Option<String>,
    scope: Option<String>,
}

/// Reads any of the service's error body shapes; HTML and other text give no message.
fn parse_error_body(status: u16, body: &str) -> ServiceError {
    let mut out = ServiceError {
        status,
        ..ServiceError::default()
    };
    let Ok(value) = serde_json::from_str::<serde_json::Value>(body) else {
        return out;
    };
    let Ok(parsed) = serde_json::from_value::<Body>(normalize_keys(value)) else {
        return out;
    };
    let item = parsed
        .error
        .or_else(|| parsed.errors.and_then(|v| v.into_iter().next()));
    match item {
        Some(item) => {
            out.code = item.code.as_ref().and_then(text_of);
            out.message = item
                .message
                .or(item.detail)
                .or(item.title)
                .and_then(|m| safe_text(&m));
            out.scope = item.scope.and_then(|s| safe_text(&s));
        }
        None => {
            out.code = parsed.code.as_ref().and_then(text_of);
            out.message = parsed
                .message
                .as_ref()
                .and_then(text_of)
                .and_then(|m| safe_text(&m));
        }
    }
    out
}

fn text_of(v: &serde_json::Value) -> Option<String> {
    match v {
        serde_json::Value::String(s) => safe_text(s),
        serde_json::Value::Number(n) => Some(n.to_string()),
        _ => None,
    }
}

/// Keeps a service message only when it is short plain text.
fn safe_text(text: &str) -> Option<String> {
    let t = text.trim();
    if t.is_empty() || t.contains('<') || t.contains('{') {
        return None;
    }
    Some(t.chars().take(200).collect())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn current_api_shape() {
        let e = ApiError::from_response(
            422,
            None,
            r#"{"error":{"code":"quote_expired","message":"Quote expired"}}"#,
        );
        assert_eq!(e.code(), Some("quote_expired"));
        assert!(matches!(e, ApiError::Unprocessable(_)));
        assert!(e.user_message().contains("expired"));
    }

    #[test]
    fn missing_scope_keeps_scope() {
        let e = ApiError::from_response(
            401,
            None,
            r#"{"error":{"code":"missing_scope","scope":"Balance"}}"#,
        );
        assert!(
            matches!(e, ApiError::MissingScope(ref d) if d.scope.as_deref() == Some("Balance"))
        );
        assert!(e.user_message().contains("Balance"));
    }

    #[test]
    fn legacy_and_exchange_shapes() {
        let e = ApiError::from_response(
            410,
            None,
            r#"{"errors":[{"code":"api_decommissioned","status":410,"title":"Gone"}]}"#,
        );
        assert_eq!(e.code(), Some("api_decommissioned"));
        let e = ApiError::from_response(
            422,
            None,
            r#"{"errors":[{"code":"BELOW_MIN","status":"422","title":"t","detail":"Amount below minimum"}]}"#,
        );
        assert_eq!(
            e.service().unwrap().message.as_deref(),
            Some("Amount below minimum")
        );
        let e = ApiError::from_response(400, None, r#"{"message":"bad pair"}"#);
        assert_eq!(e.service().unwrap().message.as_deref(), Some("bad pair"));
    }

    #[test]
    fn exchange_codes_read_in_plain_words() {
        let body = r#"{"errors":[{"code":"ORDER_NOT_CANCELLABLE","status":"409","title":"Conflict","detail":"order is filled"}]}"#;
        let e = ApiError::from_response(409, None, body);
        assert!(matches!(e, ApiError::Conflict(_)));
        assert!(
            e.user_message().contains("already closed"),
            "{}",
            e.user_message()
        );
        let body = r#"{"errors":[{"code":"INSUFFICIENT_BALANCE","status":"422"}]}"#;
        let e = ApiError::from_response(422, None, body);
        assert!(e
            .user_message()
            .starts_with("There is not enough available balance"));
    }

    #[test]
    fn html_body_never_leaks() {
        let e = ApiError::from_response(
            502,
            None,
            "<html><body><h1>502 Bad Gateway</h1></body></html>",
        );
        assert!(matches!(e, ApiError::Server(_)));
        let msg = e.user_message();
        assert!(!msg.contains('<'), "{msg}");
        assert!(msg.contains("502"));
    }

    #[test]
    fn rate_limit_reads_retry_after() {
        let e = ApiError::from_response(429, Some("3"), r#"{"error":{"code":"rate_limited"}}"#);
        assert!(matches!(
            e,
            ApiError::RateLimited {
                retry_after_secs: Some(3),
                ..
            }
        ));
        assert!(e.is_retryable_read());
        assert!(!ApiError::from_response(500, None, "").is_retryable_read());
        assert!(ApiError::from_response(503, None, "").is_retryable_read());
    }
}
