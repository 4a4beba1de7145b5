//! Cursor paging of orders and trades, newest first.
//!
//! The cursor is opaque: it encodes the sequence number of the last record returned, and the
//! next page starts strictly below it. Records created while a client pages never shift the
//! pages, so every record present at the start is seen exactly once. The last page has
//! `hasNextPage: false` and an empty `nextCursor`.

use super::errors::ExError;
use super::pairs::find_pair;
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

/// The `pair` filter (repeatable): the pairs' indices (empty = every pair); 404
/// `PAIR_NOT_FOUND` for an unknown one.
pub fn pair_filter(params: &Params) -> Result<Vec<usize>, ExError> {
    params
        .all("pair")
        .into_iter()
        .map(str::trim)
        .filter(|n| !n.is_empty())
        .map(|name| {
            find_pair(name)
                .map(|p| p.index)
                .ok_or_else(|| ExError::unknown_pair(name))
        })
        .collect()
}

/// The time window and page of an account list: `startTime`, `endTime`, `limit`, `cursor`.
#[derive(Debug, Clone, Copy)]
pub struct Window {
    start: Option<DateTime<Utc>>,
    end: Option<DateTime<Utc>>,
    limit: usize,
    after: Option<u64>,
}

impl Window {
    /// Reads the window; `limit` is 1..=`max`, `default` when absent.
    pub fn parse(params: &Params, default: usize, max: usize) -> Result<Self, ExError> {
        Ok(Self {
            start: unix(params, "startTime")?,
            end: unix(params, "endTime")?,
            limit: limit(params, default, max)?,
            after: cursor(params)?,
        })
    }

    /// Whether a record made at `at` falls in the window (`endTime` counts whole seconds).
    pub fn contains(&self, at: DateTime<Utc>) -> bool {
        self.start.is_none_or(|s| at >= s)
            && self.end.is_none_or(|e| at.timestamp() <= e.timestamp())
    }

    /// The page of `items` (filtered, newest first, with their sequence numbers).
    pub fn page<T>(&self, items: Vec<(u64, T)>, render: impl Fn(&T) -> Value) -> Value {
        page(items, self.after, self.limit, render)
    }
}
