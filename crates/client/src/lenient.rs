//! Lenient field decoding shared by the three APIs (`#[serde(deserialize_with = …)]`): a
//! field sent in another form than expected (a number as text, a malformed timestamp) becomes
//! `None`, never a failed record.

use chrono::{DateTime, Utc};
use rust_decimal::Decimal;
use serde::{Deserialize, Deserializer};
use serde_json::Value;

/// Reads an optional JSON value of any shape and keeps what `read` makes of it.
fn read_with<'de, D: Deserializer<'de>, T>(
    d: D,
    read: impl FnOnce(Value) -> Option<T>,
) -> Result<Option<T>, D::Error> {
    Ok(Option::<Value>::deserialize(d)?.and_then(read))
}

/// An optional RFC 3339 timestamp; absent, null or malformed become `None`.
pub(crate) fn timestamp<'de, D: Deserializer<'de>>(
    d: D,
) -> Result<Option<DateTime<Utc>>, D::Error> {
    read_with(d, |v| match v {
        Value::String(s) => crate::date_text::read_timestamp(&s).map(|t| t.with_timezone(&Utc)),
        _ => None,
    })
}

/// An integer sent as a number or a numeric string.
pub(crate) fn integer<'de, D: Deserializer<'de>>(d: D) -> Result<Option<i64>, D::Error> {
    read_with(d, |v| match v {
        Value::Number(n) => n.as_i64(),
        Value::String(s) => s.trim().parse().ok(),
        _ => None,
    })
}

/// A decimal sent as a string (plain or scientific notation); anything else is `None`.
pub(crate) fn decimal<'de, D: Deserializer<'de>>(d: D) -> Result<Option<Decimal>, D::Error> {
    read_with(d, |v| match v {
        Value::String(s) => {
            let s = s.trim();
            s.parse().ok().or_else(|| Decimal::from_scientific(s).ok())
        }
        _ => None,
    })
}

/// An id sent as a string or a number (`"1"` or `1`), as text.
pub(crate) fn id<'de, D: Deserializer<'de>>(d: D) -> Result<Option<String>, D::Error> {
    read_with(d, |v| match v {
        Value::String(s) => Some(s),
        Value::Number(n) => Some(n.to_string()),
        _ => None,
    })
}
