//! Reading the service's error bodies and the `Retry-After` header.

use chrono::{DateTime, Utc};
use serde::Deserialize;

use crate::decode::normalize_keys;
use crate::ServiceError;

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
pub(crate) fn parse_error_body(status: u16, body: &str) -> ServiceError {
    let mut out = ServiceError {
        status,
        ..ServiceError::default()
    };
    let Ok(value) = serde_json::from_str::<serde_json::Value>(body) else {
        return out;
    };
    let Ok(parsed) = crate::records::from_value::<Body>(normalize_keys(value)) else {
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

/// Codes (compared without regard to case) by which the service says the key itself is
/// unknown, invalid or revoked — as opposed to lacking a scope.
const KEY_REFUSAL_CODES: [&str; 16] = [
    "unauthorized",
    "unauthenticated",
    "authentication_failed",
    "authentication_error",
    "invalid_api_key",
    "invalid_apikey",
    "invalid_key",
    "api_key_invalid",
    "unknown_api_key",
    "unknown_key",
    "api_key_revoked",
    "revoked_api_key",
    "key_revoked",
    "invalid_credentials",
    "invalid_token",
    "expired_api_key",
];

/// Whether `code` says the key is unknown, invalid or revoked.
pub(crate) fn is_key_refusal_code(code: &str) -> bool {
    KEY_REFUSAL_CODES
        .iter()
        .any(|known| known.eq_ignore_ascii_case(code.trim()))
}

/// Seconds to wait from a `Retry-After` value: a number of seconds, or an HTTP date
/// (`Wed, 21 Oct 2026 07:28:00 GMT`) counted from `now` (a date in the past gives 0).
pub(crate) fn retry_after_secs(value: &str, now: DateTime<Utc>) -> Option<u64> {
    let value = value.trim();
    if let Ok(secs) = value.parse::<u64>() {
        return Some(secs);
    }
    let at = http_date(value)?;
    let left_ms = at.signed_duration_since(now).num_milliseconds();
    Some(u64::try_from(left_ms).map_or(0, |ms| ms.div_ceil(1000)))
}

/// An HTTP date in the form servers must send (RFC 9110 IMF-fixdate:
/// `Wed, 21 Oct 2026 07:28:00 GMT`). The obsolete RFC 850 and asctime forms are not read
/// (the wait then falls back to the default). Hand-written: chrono's RFC 2822 parser would
/// put its general date parser into the code every page loads.
fn http_date(value: &str) -> Option<DateTime<Utc>> {
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let (_weekday, rest) = value.split_once(", ")?;
    let mut parts = rest.split(' ');
    let day: u32 = parts.next()?.parse().ok()?;
    let month = parts.next()?;
    let month = MONTHS.iter().position(|m| *m == month)?;
    let year: i32 = parts.next()?.parse().ok()?;
    let mut clock = parts.next()?.split(':').map(|n| n.parse::<u32>().ok());
    let (hour, minute, second) = (clock.next()??, clock.next()??, clock.next()??);
    if parts.next()? != "GMT" || parts.next().is_some() || clock.next().is_some() {
        return None;
    }
    let month = u32::try_from(month).ok()? + 1;
    let date = chrono::NaiveDate::from_ymd_opt(year, month, day)?;
    Some(date.and_hms_opt(hour, minute, second)?.and_utc())
}
