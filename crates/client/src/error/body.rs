//! Reading the service's error bodies and the `Retry-After` header.

use chrono::{DateTime, Datelike, Utc};
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
/// `Wed, 21 Oct 2026 07:28:00 GMT`, 29 characters, the weekday the date's own). The obsolete
/// RFC 850 and asctime forms are not read (the wait then falls back to the default).
/// Hand-written: chrono's RFC 2822 parser would put its general date parser into the code
/// every page loads. What this reads, chrono's `DateTime::parse_from_rfc2822` reads as the
/// same instant (the oracle test below); chrono also reads forms this one refuses.
fn http_date(value: &str) -> Option<DateTime<Utc>> {
    const WEEKDAYS: [&str; 7] = ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"];
    const MONTHS: [&str; 12] = [
        "Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec",
    ];
    let part = |from: usize, to: usize| value.get(from..to);
    let number = |from: usize, to: usize| -> Option<u32> {
        let digits = part(from, to)?;
        digits
            .bytes()
            .all(|b| b.is_ascii_digit())
            .then(|| digits.parse().ok())?
    };
    let separators = [
        (3, ", "),
        (7, " "),
        (11, " "),
        (16, " "),
        (19, ":"),
        (22, ":"),
    ];
    if value.len() != 29
        || part(25, 29)? != " GMT"
        || separators
            .iter()
            .any(|&(at, sep)| part(at, at.saturating_add(sep.len())) != Some(sep))
    {
        return None;
    }
    let weekday = WEEKDAYS.iter().position(|d| Some(*d) == part(0, 3))?;
    let month = MONTHS.iter().position(|m| Some(*m) == part(8, 11))?;
    let date = chrono::NaiveDate::from_ymd_opt(
        i32::try_from(number(12, 16)?).ok()?,
        u32::try_from(month).ok()?.saturating_add(1),
        number(5, 7)?,
    )?;
    if usize::try_from(date.weekday().num_days_from_monday()).ok()? != weekday {
        return None;
    }
    let time = date.and_hms_opt(number(17, 19)?, number(20, 22)?, number(23, 25)?)?;
    Some(time.and_utc())
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::{Duration, TimeZone};

    /// chrono as the oracle: every date of a table, written as an IMF-fixdate by chrono's
    /// formatter, is read as chrono's `parse_from_rfc2822` reads it (the same instant); and
    /// every one-character change of such a date is either refused or read as chrono reads it.
    #[test]
    fn http_dates_are_read_as_chrono_reads_them() {
        let theirs = |text: &str| {
            DateTime::parse_from_rfc2822(text)
                .ok()
                .map(|t| t.with_timezone(&Utc))
        };
        let mut dates = vec![
            Utc.with_ymd_and_hms(2026, 10, 21, 7, 28, 0).unwrap(),
            Utc.with_ymd_and_hms(1970, 1, 1, 0, 0, 0).unwrap(),
            Utc.with_ymd_and_hms(2000, 2, 29, 23, 59, 59).unwrap(),
            Utc.with_ymd_and_hms(2024, 12, 31, 12, 0, 9).unwrap(),
            Utc.with_ymd_and_hms(9999, 12, 31, 23, 59, 59).unwrap(),
        ];
        // A fixed sequence of instants from 1970 to about 2100, a few hours and days apart.
        let mut t = Utc.with_ymd_and_hms(1970, 1, 1, 0, 0, 0).unwrap();
        for i in 0..4_000i64 {
            t += Duration::seconds(11 * 86_400 + 3_607 * (i % 24) + 59 * (i % 61));
            dates.push(t);
        }
        for date in dates {
            let text = date.format("%a, %d %b %Y %H:%M:%S GMT").to_string();
            assert_eq!(http_date(&text), Some(date), "{text}");
            assert_eq!(theirs(&text), Some(date), "{text}");
        }
        let base = "Wed, 21 Oct 2026 07:28:00 GMT";
        let mut samples: Vec<String> = [
            "Thu, 21 Oct 2026 07:28:00 GMT",
            "Wed, 21 Oct 2026 07:28:60 GMT",
            "Wed, 21 Oct 2026 07:28:00 +0000",
            "Wed, 21 Oct 2026 07:28:00 UTC",
            "Wed, 21 Oct 2026 07:28 GMT",
            "Wed, 1 Oct 2026 07:28:00 GMT",
            "21 Oct 2026 07:28:00 GMT",
            "Wednesday, 21-Oct-26 07:28:00 GMT",
            "Wed Oct 21 07:28:00 2026",
            "Wed, 21 Oct 2026 07:28:00 GMT ",
            "",
        ]
        .iter()
        .map(|s| (*s).to_string())
        .collect();
        for i in 0..base.len() {
            for c in ['0', '1', '3', '9', ' ', ':', ',', 'x', 'T', 'M'] {
                let mut s = base.to_string();
                s.replace_range(i..=i, &c.to_string());
                samples.push(s);
            }
        }
        for text in samples {
            if let Some(ours) = http_date(&text) {
                assert_eq!(Some(ours), theirs(&text), "{text:?}");
            }
        }
    }
}
