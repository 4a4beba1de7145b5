//! Cursor paging of orders and trades, newest first.
//!
//! The cursor is opaque: it encodes the sequence number of the last record returned, and the
//! next page starts strictly below it. Records created while a client pages never shift the
//! pages, so every record present at the start is seen exactly once. The last page has
//! `hasNextPage: false` and an empty `nextCursor`.

use super::errors::ExError;
use crate::query::Params;
use chrono::{DateTime, Utc};
use serde_json::{json, Value};

const MASK: u64 = 0x3c5a_e11f_0d9b_7a21;

/// Reads `limit` (1..=`max`, default `default`); 400 otherwise.
pub fn limit(params: &Params, default: usize, max: usize) -> Result<usize, ExError> {
    match params.get("limit") {
        None | Some("") => Ok(default),
        Some(s) => s
            .trim()
            .parse::<usize>()
            .ok()
            .filter(|n| (1..=max).contains(n))
            .ok_or_else(|| ExError::invalid(format!("limit must be between 1 and {max}"))),
    }
}

/// Reads `cursor`: the sequence number below which the page starts (None = from the top).
pub fn cursor(params: &Params) -> Result<Option<u64>, ExError> {
    match params.get("cursor").map(str::trim) {
        None | Some("") => Ok(None),
        Some(c) => u64::from_str_radix(c, 16)
            .ok()
            .filter(|_| c.len() == 16)
            .map(|raw| Some(raw ^ MASK))
            .ok_or_else(|| ExError::invalid("cursor is not valid")),
    }
}

/// Reads a Unix-seconds parameter (`startTime`, `endTime`, `from`, `to`).
pub fn unix(params: &Params, name: &str) -> Result<Option<DateTime<Utc>>, ExError> {
    match params.get(name).map(str::trim) {
        None | Some("") => Ok(None),
        Some(s) => s
            .parse::<i64>()
            .ok()
            .and_then(|secs| DateTime::from_timestamp(secs, 0))
            .map(Some)
            .ok_or_else(|| ExError::invalid(format!("{name} must be Unix seconds"))),
    }
}

/// Cuts one page out of `items` (already filtered, newest first, with their sequence
/// numbers) and renders `{data, meta}`.
pub fn page<T>(
    items: Vec<(u64, T)>,
    after: Option<u64>,
    limit: usize,
    render: impl Fn(&T) -> Value,
) -> Value {
    let rest: Vec<(u64, T)> = items
        .into_iter()
        .filter(|(seq, _)| after.is_none_or(|a| *seq < a))
        .collect();
    let has_next = rest.len() > limit;
    let shown = &rest[..rest.len().min(limit)];
    let next = match shown.last() {
        Some((seq, _)) if has_next => format!("{:016x}", seq ^ MASK),
        _ => String::new(),
    };
    json!({
        "data": shown.iter().map(|(_, t)| render(t)).collect::<Vec<_>>(),
        "meta": {"limit": limit, "hasNextPage": has_next, "nextCursor": next},
    })
}
