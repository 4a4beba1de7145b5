//! Lenient timestamp decoding: a malformed timestamp becomes `None`, never a failed page.

use chrono::{DateTime, Utc};
use serde::{Deserialize, Deserializer};

/// Deserializes an optional ISO-8601 timestamp, tolerating absent, null or malformed values.
pub(crate) fn lenient<'de, D: Deserializer<'de>>(d: D) -> Result<Option<DateTime<Utc>>, D::Error> {
    let raw = Option::<serde_json::Value>::deserialize(d)?;
    Ok(raw.and_then(|v| match v {
        serde_json::Value::String(s) => DateTime::parse_from_rfc3339(&s)
            .ok()
            .map(|t| t.with_timezone(&Utc)),
        _ => None,
    }))
}
