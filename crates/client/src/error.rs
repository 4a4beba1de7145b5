//! One error type for every endpoint of the three APIs.
//!
//! The service answers errors in three JSON shapes (`{"error":{code,message}}`,
//! `{"errors":[{code,status,title,detail}]}`, `{"message":…}`) and gateways answer with HTML.
//! All of them map to an [`ApiError`] class that keeps the service's code and a short message,
//! never the raw body. The shapes themselves are read in `error/body.rs`; the sentences shown
//! to a person live in the app (`src/components/error_view/text.rs`), where they can be
//! translated.

use chrono::{DateTime, Utc};

mod body;

pub(crate) use body::is_key_refusal_code;
use body::{parse_error_body, retry_after_secs};

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
    /// For a 503: the seconds its `Retry-After` asks to wait (seconds, or an HTTP date turned
    /// into the seconds left), which a read honours before trying again. A 429 keeps its own
    /// in [`ApiError::RateLimited`].
    pub retry_after_secs: Option<u64>,
}

/// Every way a call can fail, in classes a person can act on.
#[derive(Debug, Clone, PartialEq, Eq)]
#[non_exhaustive]
pub enum ApiError {
    /// 401: the key is wrong, revoked or missing. A 401 whose code names the key as unknown,
    /// invalid or revoked (see [`ApiError::is_key_refusal`]) stays here even on a key that
    /// worked elsewhere.
    Unauthorized(ServiceError),
    /// 401 `missing_scope`, or 403: the key lacks a permission for this action. Also a 401
    /// without a key-refusal code on a key that worked elsewhere: then the key either lacks
    /// the permission or was revoked since (the service does not say which).
    MissingScope(ServiceError),
    /// 429: too many requests; `retry_after_secs` from the `Retry-After` header (seconds, or
    /// an HTTP date turned into the seconds left from now, never negative).
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
    /// No complete answer within the client's timeout ([`crate::READ_TIMEOUT`] for reads,
    /// [`crate::WRITE_TIMEOUT`] for writes, or what [`crate::Client::with_timeouts`] set); the
    /// request was aborted. Reads are not retried after a timeout; for a write the outcome is
    /// unknown ([`ApiError::write_outcome_unknown`]).
    TimedOut {
        /// The timeout that passed, in whole seconds (rounded up).
        after_secs: u64,
        /// Whether the request was a write (POST or DELETE).
        write: bool,
    },
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
    /// Not sent: the session this client belongs to has ended (the key was forgotten).
    SessionEnded,
}

impl ApiError {
    /// Classifies a non-2xx response from its status, `Retry-After` header and body.
    pub fn from_response(status: u16, retry_after: Option<&str>, body: &str) -> Self {
        Self::from_response_at(status, retry_after, body, Utc::now())
    }

    /// [`ApiError::from_response`] with the current time given (an HTTP-date `Retry-After`
    /// is counted from `now`).
    pub fn from_response_at(
        status: u16,
        retry_after: Option<&str>,
        body: &str,
        now: DateTime<Utc>,
    ) -> Self {
        let mut detail = parse_error_body(status, body);
        if status == 503 {
            detail.retry_after_secs = retry_after.and_then(|v| retry_after_secs(v, now));
        }
        match status {
            401 if detail.code.as_deref() == Some("missing_scope") => Self::MissingScope(detail),
            401 => Self::Unauthorized(detail),
            403 => Self::MissingScope(detail),
            429 => Self::RateLimited {
                retry_after_secs: retry_after.and_then(|v| retry_after_secs(v, now)),
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
            Self::TimedOut { .. }
            | Self::Network { .. }
            | Self::Decode { .. }
            | Self::SessionEnded => None,
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

    /// Whether the service's code says the key itself is unknown, invalid or revoked
    /// (`unauthorized`, `invalid_api_key`, the exchange's `UNAUTHORIZED`, …, any case).
    pub fn is_key_refusal(&self) -> bool {
        self.code().is_some_and(is_key_refusal_code)
    }

    /// Whether a read may be tried again automatically (429 and 503 only; never after a
    /// timeout).
    pub fn is_retryable_read(&self) -> bool {
        matches!(self, Self::RateLimited { .. })
            || matches!(self, Self::Server(d) if d.status == 503)
    }

    /// For a write (accept quote, stake, set limits): whether it may have happened even
    /// though no usable answer came back — no response at all, a write that timed out, a
    /// 5xx, or a 2xx body that could not be read. The app then says "outcome unknown, check
    /// Operations" instead of offering to send it again.
    pub fn write_outcome_unknown(&self) -> bool {
        matches!(
            self,
            Self::Network { .. }
                | Self::Decode { .. }
                | Self::Server(_)
                | Self::TimedOut { write: true, .. }
        )
    }

    /// Whether the request was aborted because its timeout passed.
    pub fn is_timeout(&self) -> bool {
        matches!(self, Self::TimedOut { .. })
    }
}

impl std::fmt::Display for ServiceError {
    /// `HTTP 422 quote_expired: Quote expired` (code and message when the service sent them).
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "HTTP {}", self.status)?;
        if let Some(code) = &self.code {
            write!(f, " {code}")?;
        }
        if let Some(scope) = &self.scope {
            write!(f, " (scope {scope})")?;
        }
        if let Some(message) = &self.message {
            write!(f, ": {message}")?;
        }
        Ok(())
    }
}

impl std::fmt::Display for ApiError {
    /// A short technical description (class, status, code); the plain-words sentence for a
    /// person is the app's to write.
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            Self::Unauthorized(d) => write!(f, "unauthorized ({d})"),
            Self::MissingScope(d) => write!(f, "missing scope ({d})"),
            Self::RateLimited {
                retry_after_secs: Some(secs),
                detail,
            } => write!(f, "rate limited, retry after {secs} s ({detail})"),
            Self::RateLimited { detail, .. } => write!(f, "rate limited ({detail})"),
            Self::BadRequest(d) => write!(f, "bad request ({d})"),
            Self::NotFound(d) => write!(f, "not found ({d})"),
            Self::Conflict(d) => write!(f, "conflict ({d})"),
            Self::Gone(d) => write!(f, "gone ({d})"),
            Self::Unprocessable(d) => write!(f, "unprocessable ({d})"),
            Self::Server(d) => write!(f, "server error ({d})"),
            Self::TimedOut { after_secs, write } => {
                let what = if *write { "write" } else { "read" };
                write!(f, "{what} timed out after {after_secs} s")
            }
            Self::Network { detail } => write!(f, "network error: {detail}"),
            Self::Decode { detail } => write!(f, "unreadable answer: {detail}"),
            Self::SessionEnded => write!(f, "not sent: the session ended"),
        }
    }
}

impl std::error::Error for ApiError {}

#[cfg(test)]
#[path = "error_tests.rs"]
mod tests;
